"""The Hunters and Gatherers game state: flat lists, cheap to copy.

Board features live in two union-find forests over *nodes* (one node per
piece of a placed tile):

* ``parent``: forests, rivers and meadows (lakes stay alone); each root keeps
  ``opn`` (ports still open), ``nodes`` (tuple of its nodes) and ``occ``
  (tuple of nodes holding a tribe member);
* ``sparent``: hut river systems (rivers and lakes joined, ended only by
  springs and open edges); each root keeps ``sopen``, ``snodes``, ``shuts``.

Tuples are immutable, so ``copy()`` only copies the lists.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

from ..core.rng import Rng

PLACE, MEEPLE, OVER = "place", "meeple", "over"
CATEGORIES = ("rivers", "forests", "huts", "hunters")
MEMBERS, HUTS = 5, 2


class HuntersState:
    __slots__ = (
        "n", "rng", "reveals", "journal", "land", "bonus", "drawn", "drawn_bonus", "spots",
        "phase", "cur", "just", "in_bonus", "members", "huts", "score", "grid", "frontier",
        "pt", "prot", "px", "py", "pbase", "nkind", "ntile", "npiece", "parent", "opn",
        "nodes", "occ", "sparent", "sopen", "snodes", "shuts", "meeples", "discards",
        "turn",
    )

    def __init__(self, n: int, seed: int) -> None:
        self.n = n
        self.rng = Rng(seed)
        self.reveals = 0
        self.journal: List[Any] = []  # log lines as messages (core.i18n), drained into the history
        self.land: List[int] = []       # stack of template indices, drawn from the end
        self.bonus: List[int] = []
        self.drawn = -1                 # template index of the tile in hand, -1 if none
        self.drawn_bonus = False
        self.spots: List[Tuple[int, int, int]] = []  # legal (x, y, rot) for the drawn tile
        self.phase = PLACE
        self.cur = 0
        self.just = -1                  # placed index of the tile just placed
        self.in_bonus = False           # the bonus tile of this turn is being played
        self.members = [MEMBERS] * n
        self.huts = [HUTS] * n
        self.score = [[0, 0, 0, 0] for _ in range(n)]
        self.grid: Dict[Tuple[int, int], int] = {}
        # empty cells next to the board -> edge letters their neighbours demand
        # per direction N E S W ('.' = no neighbour)
        self.frontier: Dict[Tuple[int, int], str] = {}
        self.pt: List[int] = []
        self.prot: List[int] = []
        self.px: List[int] = []
        self.py: List[int] = []
        self.pbase: List[int] = []
        self.nkind: List[int] = []
        self.ntile: List[int] = []
        self.npiece: List[int] = []
        self.parent: List[int] = []
        self.opn: List[int] = []
        self.nodes: List[Tuple[int, ...]] = []
        self.occ: List[Tuple[int, ...]] = []
        self.sparent: List[int] = []
        self.sopen: List[int] = []
        self.snodes: List[Tuple[int, ...]] = []
        self.shuts: List[Tuple[int, ...]] = []
        self.meeples: Dict[int, Tuple[int, str]] = {}  # node -> (seat, role)
        self.discards: List[int] = []
        self.turn = 0

    def copy(self) -> "HuntersState":
        s = HuntersState.__new__(HuntersState)
        s.n, s.rng, s.reveals, s.journal = self.n, self.rng.copy(), self.reveals, list(self.journal)
        s.land, s.bonus = self.land[:], self.bonus[:]
        s.drawn, s.drawn_bonus, s.spots = self.drawn, self.drawn_bonus, self.spots[:]
        s.phase, s.cur, s.just, s.in_bonus = self.phase, self.cur, self.just, self.in_bonus
        s.members, s.huts = self.members[:], self.huts[:]
        s.score = [row[:] for row in self.score]
        s.grid, s.frontier = dict(self.grid), dict(self.frontier)
        s.pt, s.prot, s.px, s.py, s.pbase = self.pt[:], self.prot[:], self.px[:], self.py[:], self.pbase[:]
        s.nkind, s.ntile, s.npiece = self.nkind[:], self.ntile[:], self.npiece[:]
        s.parent, s.opn, s.nodes, s.occ = self.parent[:], self.opn[:], self.nodes[:], self.occ[:]
        s.sparent, s.sopen, s.snodes, s.shuts = self.sparent[:], self.sopen[:], self.snodes[:], self.shuts[:]
        s.meeples = dict(self.meeples)
        s.discards = self.discards[:]
        s.turn = self.turn
        return s

    def to_json(self) -> Dict[str, Any]:
        """Everything that defines the position (the stacks included: this is
        the state, not a player's view)."""
        return {
            "n": self.n, "rng": self.rng.state, "reveals": self.reveals, "turn": self.turn,
            "land": self.land[:], "bonus": self.bonus[:], "drawn": self.drawn,
            "drawn_bonus": self.drawn_bonus, "phase": self.phase, "cur": self.cur,
            "just": self.just, "in_bonus": self.in_bonus, "members": self.members[:],
            "huts": self.huts[:], "score": [row[:] for row in self.score],
            "placed": [[self.pt[i], self.px[i], self.py[i], self.prot[i]] for i in range(len(self.pt))],
            "meeples": sorted([k, v[0], v[1]] for k, v in self.meeples.items()),
            "discards": self.discards[:],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)
