"""What the bots know about Glen More: a points forecast, which steps are
worth searching, and a rollout policy a little wiser than chance.

The forecast per seat: VP already scored, + coins (1 VP each at the end),
+ resources on tiles (they become VP or coins), + the scorings still to
come at today's standings (whisky, chieftains + bonnets, cards), + the
end-of-game cards at today's display, - 3 per tile above the fewest, +
the production a tile will still yield in the seat's turns left, + a
value per turn left.  Turns left depend on the chain: a figure far ahead
waits while those behind it take the tiles in between, so jumping ahead
costs turns (about one per tile skipped, shared among the other seats).

These are the forecast's parts (:func:`features`).  Easy, medium, ``hard0`` and every game of
three or more seats add them up by hand (:data:`HAND`); hard, in two-seat games, weighs them
per stage of the stacks by weights learned from ``hard0``'s games (``python -m cairn train
glenmore``, :mod:`cairn.bots.train_glenmore`; ``data/glenmore.json``), with a constant for
the points every seat still scores.  What it learned: a resource is worth 0.5-0.7 VP (0.9 by
hand); a tile above the fewest costs about 2 VP while the first stack lasts, 3 later; a clan
member on the display 0.5-1 VP until the last stack, then nothing.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.rng import Rng
from ..glenmore.chain import is_last_turn
from ..glenmore.scoring import chieftain_strength, difference_vp, final_card_vp
from ..glenmore.tiles import TILES
from .forecast import linear, load_table
from .knowledge import Knowledge

Move = Dict[str, Any]

RESOURCE_VALUE = 0.9
# what a tile will still give per remaining turn of its owner (a rough rate)
TILE_RATE = {"village": 0.25, "castle": 0.3, "start_village": 0.25, "tavern": 0.3,
             "distillery": 0.35, "loch": 0.1, "bridge": 0.1}
PRODUCER_RATE = 0.35
CONVERTER_RATE = 0.3
TURN_VALUE = 2.5  # what a turn is worth beyond the production it triggers
SPACES = 14


def _ahead(chain: List[Any], n: int) -> List[int]:
    """Per seat, the tiles on the chain between the rear and its figure."""
    out = [0] * n
    gap = next(i for i in range(SPACES) if chain[i] is None and chain[(i + 1) % SPACES] is not None)
    tiles = 0
    for step in range(1, SPACES):
        e = chain[(gap + step) % SPACES]
        if e is None:
            continue
        if e[0] == "tile":
            tiles += 1
        elif e[0] == "fig":
            out[e[1]] = tiles
    return out


def _tile_rate(tid: int) -> float:
    tile = TILES[tid]
    if tile.produces is not None:
        return PRODUCER_RATE
    rate = TILE_RATE.get(tile.kind)
    if rate is not None:
        return rate
    return CONVERTER_RATE if tile.recipes or tile.kind == "abbey" else 0.1


AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def _room(display: Dict[Any, Any]) -> bool:
    """Is some empty space next to a tile holding a clan member?"""
    for (x, y), spot in display.items():
        if spot.clansmen:
            for dx, dy in AROUND:
                if (x + dx, y + dy) not in display:
                    return True
    return False


#: the forecast's parts per seat (:func:`features`), in order
FEATURES = ("coins", "resources", "clansmen", "whisky_lead", "chieftain_lead", "card_lead", "final_cards",
            "extra_tiles", "production", "turns")
#: the hand forecast's weights of the parts
HAND = (1.0, RESOURCE_VALUE, 0.5, 1.0, 1.0, 1.0, 1.0, -3.0, 1.0, TURN_VALUE)


def tiles_left(state: Any) -> int:
    """Tiles still in the stacks (public: the stacks' sizes are on the table)."""
    return sum(len(s) for s in state.stacks[state.stack_index:])


def features(state: Any) -> List[List[float]]:
    """Per seat, the forecast's parts (:data:`FEATURES`): coins (1 VP each at the end),
    resources on tiles, clan members on the display, the scorings still to come at today's
    standings (whisky, chieftains and bonnets, cards: the difference to the lowest, as the
    scoring pays it, times the scorings left), the end-of-game cards at today's display, the
    tiles it will hold above the fewest at the end (-3 VP each), the production its tiles will
    still yield in its turns left, and its turns left.  The tile taken in the turn under way
    counts as placed."""
    players = state.players
    n = state.n
    ahead = _ahead(state.chain, n)
    stream = tiles_left(state) + 13 - n - (1 if state.uses_die else 0)
    share = n + (0.5 if state.uses_die else 0.0)
    scorings_left = 3 - state.scorings
    whisky = [p.whisky for p in players]
    chiefs = [chieftain_strength(p) for p in players]
    cards = [len(p.cards) for p in players]
    sizes = [len(p.display) for p in players]
    taken = state.turn.taken
    cur = state.current
    if taken is not None:
        sizes[cur] += 1
    turns = []
    for i, p in enumerate(players):
        t = max(0.0, (stream - ahead[i]) / share)
        if not _room(p.display):  # no clan member next to an empty space: no tile fits
            t *= 0.3
        turns.append(t)
    final_sizes = [sizes[i] + turns[i] for i in range(n)]
    fewest = min(final_sizes)
    lows = (min(whisky), min(chiefs), min(cards))
    out = []
    for i, p in enumerate(players):
        rate = 0.0
        for spot in p.display.values():
            rate += _tile_rate(spot.tile)
        if i == cur and taken is not None:
            rate += _tile_rate(taken)
        out.append([float(p.coins), float(sum(p.holdings())), float(p.clansmen_on_display()),
                    float(scorings_left * difference_vp(whisky[i] - lows[0])),
                    float(scorings_left * difference_vp(chiefs[i] - lows[1])),
                    float(scorings_left * difference_vp(cards[i] - lows[2])),
                    float(final_card_vp(p)), final_sizes[i] - fewest, rate * min(turns[i], 10.0), turns[i]])
    return out


def hand_value(x: List[float], left: int) -> float:
    """The hand forecast of one seat's parts ``x`` (beyond its VP scored)."""
    v = 0.0
    for a, b in zip(HAND, x):
        v += a * b
    return v


def load_weights(text: Optional[str] = None) -> Optional[Dict[Any, Any]]:
    """The learned weights (``data/glenmore.json``, written by ``python -m cairn train
    glenmore``): per stage of the stacks, a weight per part and a constant; None without the
    file or when it was trained on other parts."""
    return load_table(FEATURES, text, "glenmore.json")


LEARNED = load_weights()


class GlenMoreKnowledge(Knowledge):
    scale = 12.0
    # rollouts of 20 steps (two or three turns) then the forecast: 8 steps
    # cost 0.6 of the time but hard (100 iterations) scored 30 instead of 36
    # against random over the same 4 games
    rollout_plies = 20
    # a turn is many steps (take, pay, place, activate, move): easy judges a
    # step by where the rest of its own turn leads, not by the step alone
    easy_follow = 1
    # hard: 400 iterations (Pyodide does about 535 per second here, and the
    # search stops once the leading move cannot be caught): 100 beat medium's
    # 30 in only 58% of 30 games
    hard_iterations = 400
    tree_iterations = 400   # hard0 (benchmarks): hard as it was

    #: hard judges two-seat positions by learned weights (LEARNED); easy, medium, hard0 and
    #: every game of three or more seats by the hand forecast
    learned = False

    def evaluate(self, rules: Any, state: Any) -> List[float]:
        players = state.players
        if state.current is None:
            return [float(p.total_vp) for p in players]
        left = tiles_left(state)
        learned = LEARNED if self.learned and state.n == 2 else None
        out = []
        for i, x in enumerate(features(state)):
            v = float(players[i].total_vp)
            v += hand_value(x, left) if learned is None else linear(learned, x, left)
            out.append(v)
        pay = state.turn.pending
        if pay is not None:   # what the tile taken still costs, and a converter's payout
            cur = state.current
            out[cur] -= RESOURCE_VALUE * (sum(pay.res) + pay.distinct) + 2 * pay.whisky + pay.clansman
            if pay.then[0] == "act":
                out[cur] += pay.then[1] + 2 * pay.then[2]
        return out

    def candidates(self, rules: Any, state: Any, legal: List[Move]) -> List[Move]:
        """No selling but in the last turn (coins count, resources do not) or
        when nothing else is possible."""
        keep = [m for m in legal if m["type"] != "sell"]
        if not keep:
            return legal
        if any(m["type"] == "sell" for m in legal) and is_last_turn(state):
            keep += [m for m in legal if m["type"] == "sell"]
        return keep

    def rollout_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """Near tiles, own resources before buying, every activation worth
        having, chieftains from a third clan member on; 1 in 8 at random."""
        legal = self.candidates(rules, state, legal)
        if len(legal) == 1 or rng.below(8) == 0:
            return legal[rng.below(len(legal))]
        first = legal[0]["type"]
        if first == "take":
            return legal[rng.below(min(3, len(legal)))]
        if first in ("pay", "buy"):
            own = [m for m in legal if m["type"] == "pay"]
            pool = own or legal
            return pool[rng.below(len(pool))]
        phase = state.phase
        if phase == "activate":
            acts = [m for m in legal if m["type"] == "activate"]
            if acts:
                return acts[rng.below(len(acts))]
        if phase == "move":
            p = state.players[state.current]
            moves = [m for m in legal if m["type"] == "move"]
            chief = [m for m in moves if m["to"] == "chieftain"]
            if chief and p.clansmen_on_display() >= 3:
                return chief[rng.below(len(chief))]
            if moves and not _room(p.display):
                return moves[rng.below(len(moves))]
            ends = [m for m in legal if m["type"] == "end_turn"]
            if ends:
                return ends[0]
        return legal[rng.below(len(legal))]


KNOWLEDGE = GlenMoreKnowledge()
HARD = GlenMoreKnowledge()
HARD.learned = True
if LEARNED is not None:
    KNOWLEDGE.hard_variant = HARD
