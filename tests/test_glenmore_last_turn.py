"""Glen More: the last clan member may become a chieftain only in the
player's certain last turn (rulebook: keep at least one clan member on the
display "at least until your last turn").  Each position is built by hand,
the rule is checked through the legal moves, and the claim is then played
out with many die rolls and random choices of the other players."""
import pytest

from cairn.core.rng import Rng
from cairn.glenmore.chain import is_last_turn

from glenmore_helpers import RULES, fresh, play

FOREST_ROAD = 8  # fits beside the start village, costs nothing
CHIEFTAIN = {"type": "move", "from": [0, 0], "to": "chieftain"}


def position(players, layout, left, seed=0):
    """A game whose chain is ``layout`` (14 entries: "F<seat>", "D" for the
    die, "T" a tile, "X" the forest with a road, None the empty space) with
    ``left`` tiles still in the stacks.  Seat 0 takes the forest, places it
    and activates the start village: one movement, one clan member."""
    s = fresh(players, seed=seed)
    pool = [t for st in s.stacks for t in st if t != FOREST_ROAD]
    s.chain = [None] * 14
    for space, what in enumerate(layout):
        if what == "D":
            s.chain[space] = ("die",)
        elif what == "X":
            s.chain[space] = ("tile", FOREST_ROAD)
        elif what == "T":
            s.chain[space] = ("tile", pool.pop())
        elif what is not None:
            s.chain[space] = ("fig", int(what[1:]))
    s.stacks = [[], [], [], pool[:left]]
    s.stack_index = 3
    s.current = 0
    s.rng = Rng(seed)
    play(s, {"type": "take", "space": layout.index("X")})
    play(s, {"type": "place", "at": [1, 0]})
    play(s, {"type": "activate", "tile": [0, 0]})
    play(s, {"type": "end_activation"})
    assert s.phase == "move" and s.players[0].clansmen_on_display() == 1
    return s


def seat0_plays_again(s, seed):
    """Play on at random; True if seat 0 is rearmost again before the end."""
    rng = Rng(seed)
    while s.current is not None:
        legal = RULES.legal_moves(s)
        RULES.apply(s, legal[rng.below(len(legal))])
        if s.current == 0 and s.phase == "take":
            return True
    return False


# 2 players: seat 0 jumps the die and seat 1; the die is then rearmost with
# 4 tiles before seat 1.  Seat 0's refill draws 1 tile; the die then draws
# 4 + 1 = 5 whatever it rolls.
TWO = ["F0", "D", "T", "T", "T", "T", "F1", "X", "T", "T", "T", "T", "T", None]
# 4 players: seat 0 jumps everyone; seat 1 is then rearmost.
FOUR = ["F0", "F1", "F2", "F3", "X", "T", "T", "T", "T", "T", "T", "T", "T", None]


@pytest.mark.parametrize("left", [2, 4, 6])
def test_two_players_the_die_moving_next_draws_the_last_tile(left):
    """1 tile for seat 0's refill, then the die's 5 draw the final tile:
    seat 0 never plays again, whatever the die rolls."""
    for seed in range(8):
        s = position(2, TWO, left, seed)
        assert is_last_turn(s)
        play(s, CHIEFTAIN)
        play(s, {"type": "end_turn"})
        assert s.phase == "over" and s.players[0].chieftains == 1


def test_two_players_one_tile_left_after_the_die_and_seat_one_rearmost():
    """1 + 5 draws leave one tile; seat 1 is rearmost and its turn draws it."""
    for seed in range(8):
        s = position(2, TWO, 7, seed)
        assert is_last_turn(s)
        play(s, CHIEFTAIN)
        play(s, {"type": "end_turn"})
        assert s.phase != "over" and s.current == 1
        assert not seat0_plays_again(s, seed)


def test_any_count_one_tile_left_and_the_mover_no_longer_rearmost():
    for players in (4, 5):
        layout = FOUR if players == 4 else ["F0", "F1", "F2", "F3", "F4", "X"] + ["T"] * 7 + [None]
        for seed in range(8):
            s = position(players, layout, 2, seed)
            assert is_last_turn(s)
            assert CHIEFTAIN in RULES.legal_moves(s)
            play(s, CHIEFTAIN)
            play(s, {"type": "end_turn"})
            assert s.current == 1
            assert not seat0_plays_again(s, seed)


def test_every_player_behind_the_mover_draws_at_least_one():
    """Seat 0 jumps all three others: 3 left after the refill, and each of
    seats 1-3 must pass seat 0 first, drawing at least one tile each."""
    for seed in range(8):
        s = position(4, FOUR, 4, seed)
        assert is_last_turn(s) and CHIEFTAIN in RULES.legal_moves(s)
        play(s, CHIEFTAIN)
        play(s, {"type": "end_turn"})
        assert not seat0_plays_again(s, seed)


def test_not_certainly_last_the_last_clan_member_stays():
    """Seat 0 passes only seat 1; two tiles are left after the refill.  Seat
    1's turn draws one (nothing lies between the empty space and seat 0), so
    seat 0 plays again: the last clan member must stay."""
    layout = ["F0", "F1", "X", "F2", "F3"] + ["T"] * 8 + [None]
    for seed in range(8):
        s = position(4, layout, 3, seed)
        assert not is_last_turn(s)
        legal = RULES.legal_moves(s)
        assert CHIEFTAIN not in legal and {"type": "move", "from": [0, 0], "to": [1, 0]} in legal
        play(s, {"type": "end_turn"})
        assert seat0_plays_again(s, seed)


def test_not_last_when_the_mover_is_rearmost_again():
    """One tile left after the refill, but seat 0 is still rearmost (4
    players) or the first figure the die passes (2 players): seat 0 plays
    again for certain, so the last clan member must stay."""
    behind = ["F0", "X", "F1", "F2", "F3"] + ["T"] * 8 + [None]
    s = position(4, behind, 2)
    assert not is_last_turn(s) and CHIEFTAIN not in RULES.legal_moves(s)
    play(s, {"type": "end_turn"})
    assert s.current == 0 and s.phase == "take"

    before_die = ["F0", "D", "T", "T", "T", "T", "X", "F1", "T", "T", "T", "T", "T", None]
    for seed in range(8):
        s = position(2, before_die, 7, seed)  # 1 + 5 draws, then seat 0 rearmost
        assert not is_last_turn(s) and CHIEFTAIN not in RULES.legal_moves(s)
        play(s, {"type": "end_turn"})
        assert s.current == 0 and s.phase == "take"
