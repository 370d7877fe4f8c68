"""Bots: every level plays legal moves without touching the game, never
peeks at hidden information, and is reproducible with ``iterations``.
Strength is a benchmark (``python -m cairn selfplay``), not a test."""
import random

import pytest

from cairn import GAMES, new_game
from cairn.bots import LEVELS, budget, choose_move
from cairn.bots.knowledge import knowledge_for
from cairn.core.rng import Rng, derive_seed

GAME_NAMES = sorted(GAMES)
SMALL = 12  # search iterations: enough to exercise the tree, fast enough for a test


def advanced(name, players, seed, plies):
    """A game ``plies`` random moves in (fewer if it ends first)."""
    g = new_game(name, players=players, seed=seed)
    r = random.Random(seed)
    for _ in range(plies):
        if g.is_over:
            break
        g.play(r.choice(g.legal_moves()))
    return g


def has_hook(name):
    rules = GAMES[name]
    try:
        rules.determinize(rules.setup(rules.min_players, 1, rules.Options()), 0, Rng(1))
    except NotImplementedError:
        return False
    return True


def test_levels():
    assert {"random", "easy", "medium", "hard"} <= set(LEVELS)


def test_basic_is_still_understood():
    g = new_game("glenmore", players=["bot:basic", "human"], seed=2)
    assert choose_move(g, "basic") == choose_move(g, "easy")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_has_the_hook(name):
    assert has_hook(name), f"{name} must implement Rules.determinize"


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_moves_are_legal_and_game_untouched(name, level):
    for players, plies in ((2, 7), (4, 40)):
        g = advanced(name, players, 11 + players, plies)
        before = g.state.to_json(), list(g.log), len(g.history)
        move = choose_move(g, level, seed=3, iterations=SMALL)
        assert move in g.legal_moves()
        assert (g.state.to_json(), list(g.log), len(g.history)) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_whole_game_between_levels(name):
    g = new_game(name, players=["bot:hard", "bot:random", "bot:medium"], seed=8)
    while not g.is_over:
        g.play(choose_move(g, g.seats[g.current_player].level, seed=1, iterations=2))
    assert g.winners()


def shuffle_hidden(rules, state, seed):
    """The same position with every hidden order (and the hidden rng)
    changed: a determinisation with another rng, taken as the truth."""
    return rules.determinize(state, 0, Rng(seed))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_determinize_depends_only_on_what_the_seat_sees(name):
    rules = GAMES[name]
    g = advanced(name, 3, 21, 25)
    state = g.state
    before = state.to_json()
    other = shuffle_hidden(rules, state, 99)
    assert other.to_json() != before  # the hidden part did change
    seat = g.current_player
    a = rules.determinize(state, seat, Rng(5)).to_json()
    b = rules.determinize(other, seat, Rng(5)).to_json()
    assert a == b
    assert state.to_json() == before
    assert rules.determinize(state, seat, Rng(6)).to_json() != a
    assert rules.view(other, seat) == rules.view(state, seat)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_peeking(name, level):
    """Two positions that differ only in hidden order: the same move, for
    several seeds, while the search does look at hidden draws."""
    rules = GAMES[name]
    for players, plies in ((2, 9), (3, 30)):
        g = advanced(name, players, 40 + plies, plies)
        twin = g.clone()
        twin.state = shuffle_hidden(rules, g.state, 1234)
        assert twin.state.to_json() != g.state.to_json()
        for seed in range(2):
            assert choose_move(g, level, seed=seed, iterations=20) == \
                choose_move(twin, level, seed=seed, iterations=20)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_reproducible_with_iterations(name, level):
    a = advanced(name, 2, 5, 3)
    b = advanced(name, 2, 5, 3)
    for _ in range(6):
        if a.is_over:
            break
        ma = choose_move(a, level, seed=7, iterations=10)
        assert ma == choose_move(b, level, seed=7, iterations=10)
        a.play(ma)
        b.play(ma)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_level_does_at_least_what_the_one_below_may_do_at_most(name):
    """Per game: medium searches, hard searches at least as many iterations
    as medium may at most and at least as long, and hard stays near 1 s.  A hard
    that plays rollouts of a whole round (lookahead) counts rollouts, not tree
    iterations: it does at least a few, and hard0 (the tree search it replaced)
    keeps the tree search's order (benchmarks measure hard's fewest against medium)."""
    know = knowledge_for(name)
    most, seconds, fewest = budget(know, "medium")
    h_most, h_seconds, h_fewest = budget(know, "hard")
    if know.hard_search == "lookahead":
        assert 1 <= fewest <= most and 4 <= h_fewest <= h_most
        t_most, _, t_fewest = budget(know, "hard0")
        assert most <= t_fewest <= t_most
    else:
        assert 1 <= fewest <= most <= h_fewest <= h_most
    assert 0 < seconds <= h_seconds <= 1.0
    assert know.easy_noise >= 0 and know.easy_follow >= 0


def test_easy_looks_through_its_own_turn():
    """Glen More's easy judges a step by the end of its turn (``easy_follow``):
    its first take is the one that plays best through its own turn, with no
    noise that is the same as choosing the take whose followed turn scores best."""
    from cairn.bots.search import follow_turn

    know = knowledge_for("glenmore")
    assert know.easy_follow >= 1
    g = new_game("glenmore", players=2, seed=9)
    rules, seat = g.rules, g.current_player
    old = know.easy_noise
    know.easy_noise = 0.0
    try:
        move = choose_move(g, "easy", seed=4)
    finally:
        know.easy_noise = old
    values = []
    world = rules.determinize(g.state, seat, Rng(derive_seed("bot", 4, "easy", seat, len(g.log))))
    for m in know.candidates(rules, g.state, g.legal_moves()):
        trial = rules.copy(world)
        rules.apply(trial, m)
        follow_turn(rules, know, trial, seat, know.easy_follow)
        values.append((know.greedy_value(rules, trial, seat), m))
    assert move in [m for v, m in values if v == max(v for v, _ in values)]


def test_a_game_without_knowledge_is_searched_generically():
    from cairn.bots.knowledge import GENERIC, knowledge_for

    assert knowledge_for("no-such-game") is GENERIC
    g = advanced("glenmore", 2, 3, 4)
    values = GENERIC.evaluate(g.rules, g.state)
    assert values == [float(s["total"]) for s in g.scores()]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_early_stop_changes_no_move(name, monkeypatch):
    """With ``iterations`` the search stops once no root move can overtake
    the leader: the move equals the one of the full count, and it does stop
    early somewhere (else the stop would be dead code)."""
    import cairn.bots.search as search
    full = []
    real = search._decided

    def spy(root, left, keys):
        out = real(root, left, keys)
        full.append(out)
        return out

    g = new_game(name, players=2, seed=4)
    for ply in range(14):
        if g.is_over:
            break
        if len(g.legal_moves()) > 1:
            monkeypatch.setattr(search, "_decided", spy)
            early = choose_move(g, "medium", seed=ply, iterations=60)
            monkeypatch.setattr(search, "_decided", lambda *a: False)
            assert early == choose_move(g, "medium", seed=ply, iterations=60)
        g.play(choose_move(g, "easy", seed=ply))
    assert any(full)
