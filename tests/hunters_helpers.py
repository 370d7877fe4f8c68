"""Hand-made Hunters and Gatherers boards for the worked-example tests."""
from cairn.hunters.board import mismatches, place_tile, put_meeple, spots_for
from cairn.hunters.rules import HuntersRules
from cairn.hunters.state import PLACE, HuntersState
from cairn.hunters.tiles import BY_ID

RULES = HuntersRules()
RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def tid(name):
    return BY_ID[name].index


def board(n, tiles):
    """A state with ``tiles`` = [(id, x, y, rot), ...] placed in order (each
    must match every neighbour already there) and empty stacks."""
    s = HuntersState(n, 0)
    for name, x, y, r in tiles:
        put(s, name, x, y, r)
    return s


def put(s, name, x, y, r):
    assert (x, y) not in s.grid
    assert not mismatches(s, tid(name), x, y, r), (name, x, y, r)
    return place_tile(s, tid(name), x, y, r)


def node(s, x, y, piece):
    return s.pbase[s.grid[(x, y)]] + piece


def member(s, x, y, piece, seat, role):
    put_meeple(s, node(s, x, y, piece), seat, role)


def deal(s, seat, drawn, land=(), bonus=()):
    """Make ``seat`` hold tile ``drawn`` to place, with the given stacks
    (drawn from the end)."""
    s.cur = seat
    s.drawn = tid(drawn)
    s.drawn_bonus = False
    s.spots = spots_for(s, s.drawn)
    s.phase = PLACE
    s.land = [tid(t) for t in land]
    s.bonus = [tid(t) for t in bonus]


def play(s, *moves):
    for m in moves:
        legal = RULES.legal_moves(s)
        assert m in legal, (m, RULES.why_illegal(s, m, legal))
        RULES.apply(s, m)


def place(x, y, rot):
    return {"type": "place", "x": x, "y": y, "rot": rot}


def meeple(piece, role):
    return {"type": "meeple", "piece": piece, "role": role}


SKIP = {"type": "skip"}


def breakdown(s, seat):
    return RULES.scores(s)[seat]["breakdown"]
