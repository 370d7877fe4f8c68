"""What the bots know about Carcassonne: Hunters and Gatherers.

The forecast per seat is its points scored plus its parts (:func:`features`): huts and
hunters as if the game ended now (exact: the final scoring's own recount), the unfinished
forests and rivers it leads (by how many ports each still has open), its tribe members and
huts still in hand.  Two ways to add them up:

* the hand forecast (easy, medium, ``hard0`` and games of three or more seats): a share of
  each unfinished forest and river (gatherers and fishers score nothing if the game ends
  first, so the share shrinks as the stack runs down), a little for members and huts in hand;
* hard's, in two-seat games: weights per stage of the stack learned from medium's games
  (``python -m cairn train hunters``, :mod:`cairn.bots.train_hunters`; ``data/hunters.json``).
  A member or hut in hand is worth about ten points early on, not one or two, and a forest
  or river with many open ports little, so hard keeps its tribe for what pays.

The forecast is the search's inner loop (about half of hard's time), so it
reads the parts from per-tile tables made once (:data:`_TABLES`) instead
of going through the scoring module's general helpers; a test checks them
against those.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..core.rng import Rng
from ..hunters.board import find
from ..hunters.scoring import majority
from ..hunters.state import OVER
from ..hunters.tiles import FOREST, MEADOW, RIVER, TEMPLATES
from .forecast import linear, load_table
from .knowledge import Knowledge

Move = Dict[str, Any]

MEMBER_VALUE = 1.5
HUT_VALUE = 1.0


def _tables() -> Tuple[Tuple[Tuple[int, ...], ...], ...]:
    """Per template, per piece: a meadow's animals packed in one int (deer,
    tigers << 10, mammoths and aurochs << 20, fire << 30: a meadow's pieces
    sum into its counts), whether it holds the shrine, 2 per mushroom patch,
    the lake a river ends in (piece index, -1: none), fish."""
    meadow, shrine, mush, lake, fish = [], [], [], [], []
    for t in TEMPLATES:
        meadow.append(tuple(
            (p.animals.get("deer", 0) + (p.animals.get("tiger", 0) << 10)
             + ((p.animals.get("mammoth", 0) + p.animals.get("aurochs", 0)) << 20)
             + ((1 << 30) if p.fire else 0)) for p in t.pieces))
        shrine.append(tuple(p.shrine for p in t.pieces))
        mush.append(tuple(2 if p.mushrooms else 0 for p in t.pieces))
        lake.append(tuple(p.lake for p in t.pieces))
        fish.append(tuple(p.fish for p in t.pieces))
    return tuple(meadow), tuple(shrine), tuple(mush), tuple(lake), tuple(fish)


_TABLES = _tables()
_MASK = (1 << 10) - 1


#: the forecast's parts per seat (:func:`features`), in order
FEATURES = ("meadows_and_huts", "forests_closing", "forests_open", "forests_wide",
            "rivers_closing", "rivers_open", "rivers_wide", "members", "members_beyond_3", "huts")
N_FEATURES = len(FEATURES)


def features(s: Any) -> List[List[int]]:
    """Per seat, the forecast's parts (:data:`FEATURES`), all whole numbers: the huts and
    hunters as if the game ended now (the final scoring's recount); the value of the
    unfinished forests and rivers it leads (ties: every leader), by how many ports each
    still has open (0-2: closing, 3-4: open, 5 or more: wide); its tribe members in hand (up to 3, and beyond) and huts in hand."""
    n = s.n
    f = [[0] * N_FEATURES for _ in range(n)]
    meadow_t, shrine_t, mush_t, lake_t, fish_t = _TABLES
    pt, ntile, npiece, kinds = s.pt, s.ntile, s.npiece, s.nkind
    parent, sparent, meeples, opn = s.parent, s.sparent, s.meeples, s.opn
    groups: Dict[int, List[int]] = {}   # root -> the seats of its members
    systems: Dict[int, List[int]] = {}  # river system root -> the seats of its huts
    for node, (seat, role) in meeples.items():
        if role == "hut":
            into, r = systems, find(sparent, node)
        else:
            into, r = groups, find(parent, node)
        got = into.get(r)
        if got is None:
            into[r] = [seat]
        else:
            got.append(seat)
    # huts and hunters as if the game ended now (scoring.final_points)
    for r, seats in systems.items():
        value = 0
        for nd in s.snodes[r]:
            value += fish_t[pt[ntile[nd]]][npiece[nd]]
        for p in majority(seats):
            f[p][0] += value
    for r, seats in groups.items():
        kind = kinds[r]
        nodes = s.nodes[r]
        if kind == MEADOW:
            c = 0
            for nd in nodes:
                c += meadow_t[pt[ntile[nd]]][npiece[nd]]
            tigers = 0 if c >> 30 else (c >> 10) & _MASK
            deer = (c & _MASK) - tigers
            value = 2 * ((deer if deer > 0 else 0) + ((c >> 20) & _MASK))
            winners = None
            for nd in s.occ[r]:
                if shrine_t[pt[ntile[nd]]][npiece[nd]]:
                    winners = [meeples[nd][0]]
                    break
            if winners is None:
                winners = seats if len(seats) == 1 else majority(seats)
            for p in winners:
                f[p][0] += value
            continue
        if kind == FOREST:
            value = 2 * len({ntile[nd] for nd in nodes})
            for nd in nodes:
                value += mush_t[pt[ntile[nd]]][npiece[nd]]
            at = 1
        elif kind == RIVER:
            value = len({ntile[nd] for nd in nodes})
            lakes = set()
            for nd in nodes:
                t = ntile[nd]
                lake = lake_t[pt[t]][npiece[nd]]
                if lake >= 0:
                    lakes.add((t, lake))
            for t, lake in lakes:
                value += fish_t[pt[t]][lake]
            at = 4
        else:
            continue
        ports = opn[r]
        at += 0 if ports <= 2 else (1 if ports <= 4 else 2)   # closing, open, wide
        if len(seats) == 1:
            f[seats[0]][at] += value
            continue
        for p in majority(seats):
            f[p][at] += value
    members, huts = s.members, s.huts
    for p in range(n):
        m = members[p]
        f[p][7] = m if m < 3 else 3
        f[p][8] = m - 3 if m > 3 else 0
        f[p][9] = huts[p]
    return f


def hand_value(x: List[int], left: int) -> float:
    """The hand forecast of one seat's parts ``x`` (beyond its points scored) with ``left``
    land tiles in the stack: a share of the unfinished forests and rivers it leads, a little
    for members and huts in hand."""
    share = 0.75 if left > 30 else 0.3 + 0.015 * left
    led = x[1] + x[2] + x[3] + x[4] + x[5] + x[6]
    return x[0] + share * led + MEMBER_VALUE * x[7] + HUT_VALUE * x[9] * (left > 10)


def load_weights(text: Optional[str] = None) -> Optional[Dict[Any, Any]]:
    """The learned weights (``data/hunters.json``, written by ``python -m cairn train
    hunters``): per stage of the stack, a weight per part and a constant; None without
    the file or when it was trained on other parts."""
    return load_table(FEATURES, text, "hunters.json")


LEARNED = load_weights()


class HuntersKnowledge(Knowledge):
    scale = 15.0
    # no rollout: a leaf is judged by the forecast straight away.  Random
    # placements only blurred it: with 4 rollout steps hard (300 iterations)
    # beat medium (30) in 3 of 7 games, with none in 21 of 28
    rollout_plies = 0
    # hard: 300 iterations (at 100 it beat medium in 64.5% of 31 games); the
    # late game's large boards make an iteration dearer, so the clock may
    # cut the last decisions on a slow device
    hard_iterations = 300
    tree_iterations = 300   # hard0 (benchmarks): hard as it was
    # medium: 15 iterations.  Medium at 15 beat easy as often as at 30 (79% of 60
    # games against 77% of 200), and hard 300 beat medium 30 in only about 65%
    medium_iterations = 15
    # easy: 3 points of noise.  With 1 (and no rollout) medium beat easy in only
    # 55% of 73 games; with 3 in 75% of 40, and easy still plays every feature
    easy_noise = 3.0
    # hard judges two-seat positions by the learned weights (LEARNED); easy, medium, hard0
    # and every game of three or more seats by the hand forecast
    learned = False

    def evaluate(self, rules: Any, state: Any) -> List[float]:
        s = state
        out = [float(sum(row)) for row in s.score]
        if s.phase == OVER:
            return out
        f = features(s)
        left = len(s.land)
        learned = LEARNED if self.learned and s.n == 2 else None
        if learned is None:
            for p in range(s.n):
                out[p] += hand_value(f[p], left)
            return out
        for p in range(s.n):
            out[p] += linear(learned, f[p], left)
        return out

    def rollout_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """Place anywhere; put a member down on half of the tiles that allow it."""
        if legal[-1]["type"] == "skip" and rng.below(2):
            return legal[-1]
        return legal[rng.below(len(legal))]


KNOWLEDGE = HuntersKnowledge()
HARD = HuntersKnowledge()
HARD.learned = True
if LEARNED is not None:
    KNOWLEDGE.hard_variant = HARD
