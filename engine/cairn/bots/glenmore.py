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
"""
from __future__ import annotations

from typing import Any, Dict, List

from ..core.rng import Rng
from ..glenmore.chain import is_last_turn
from ..glenmore.scoring import chieftain_strength, difference_vp, final_card_vp
from ..glenmore.tiles import TILES
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

    def evaluate(self, rules: Any, state: Any) -> List[float]:
        players = state.players
        if state.current is None:
            return [float(p.total_vp) for p in players]
        n = state.n
        left = sum(len(s) for s in state.stacks[state.stack_index:])
        ahead = _ahead(state.chain, n)
        stream = left + 13 - n - (1 if state.uses_die else 0)
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
            v = float(p.total_vp + p.coins)
            v += RESOURCE_VALUE * sum(p.holdings())
            v += 0.5 * p.clansmen_on_display()
            v += scorings_left * (difference_vp(whisky[i] - lows[0]) + difference_vp(chiefs[i] - lows[1])
                                  + difference_vp(cards[i] - lows[2]))
            v += final_card_vp(p)
            v -= 3 * (final_sizes[i] - fewest)  # every turn left will add a tile
            rate = 0.0
            for spot in p.display.values():
                rate += _tile_rate(spot.tile)
            if i == cur and taken is not None:
                rate += _tile_rate(taken)
            v += rate * min(turns[i], 10.0) + TURN_VALUE * turns[i]
            if i == cur and state.turn.pending is not None:
                pay = state.turn.pending
                v -= RESOURCE_VALUE * (sum(pay.res) + pay.distinct) + 2 * pay.whisky + pay.clansman
                if pay.then[0] == "act":  # a converter pays out once the inputs are in
                    v += pay.then[1] + 2 * pay.then[2]
            out.append(v)
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
