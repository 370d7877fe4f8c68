"""Bots play legal games through the public API, and the basic Glen More
bot beats the random one."""
from cairn import new_game
from cairn.bots import LEVELS, choose_move


def play_out(game):
    while not game.is_over:
        game.play(choose_move(game, game.seats[game.current_player].level))
    return [s["total"] for s in game.scores()]


def test_levels():
    assert {"random", "basic"} <= set(LEVELS)


def basic_wins_against_random(name, games, seed):
    """Games of basic vs random, seats alternating; how many basic wins."""
    wins = 0
    for k in range(games):
        seats = ["bot:basic", "bot:random"] if k % 2 == 0 else ["bot:random", "bot:basic"]
        totals = play_out(new_game(name, players=seats, seed=seed + k))
        basic = k % 2
        wins += totals[basic] > totals[1 - basic]
    return wins


def test_basic_glenmore_bot_beats_random():
    assert basic_wins_against_random("glenmore", 8, 100) >= 6


def test_bot_moves_are_reproducible():
    a = new_game("glenmore", players=["bot:basic", "bot:basic", "bot:random"], seed=5)
    b = new_game("glenmore", players=["bot:basic", "bot:basic", "bot:random"], seed=5)
    for _ in range(60):
        ma, mb = choose_move(a, a.seats[a.current_player].level), choose_move(b, b.seats[b.current_player].level)
        assert ma == mb
        a.play(ma)
        b.play(mb)


def test_basic_hunters_bot_beats_random():
    assert basic_wins_against_random("hunters", 4, 200) >= 3
