"""The Glen More game state: chain, stacks, market, players' displays, and
the scratch data of the turn in progress.  Mutable, with a cheap ``copy()``.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from ..core.rng import Rng
from .tiles import RESOURCES

Pos = Tuple[int, int]

# chain entries: None (empty space), ("tile", id), ("fig", seat), ("die",)
Entry = Optional[Tuple[Any, ...]]


class Spot:
    """A tile in a player's display with the clan members and resources on it."""

    __slots__ = ("tile", "clansmen", "res")

    def __init__(self, tile: int, clansmen: int = 0, res: Optional[List[int]] = None) -> None:
        self.tile = tile
        self.clansmen = clansmen
        self.res = res if res is not None else [0, 0, 0, 0, 0]

    def copy(self) -> "Spot":
        return Spot(self.tile, self.clansmen, self.res[:])

    def __repr__(self) -> str:
        return f"Spot(tile={self.tile}, clansmen={self.clansmen}, res={self.res})"


class Player:
    __slots__ = ("coins", "whisky", "chieftains", "cards", "display", "vp")

    def __init__(self) -> None:
        self.coins = 6
        self.whisky = 0
        self.chieftains = 0
        self.cards: List[str] = []
        self.display: Dict[Pos, Spot] = {}
        # VP by category: tiles (brown tiles/taverns), whisky, chieftains, cards,
        # special (Iona/Morar/Duart), coins, tile_penalty
        self.vp: Dict[str, int] = {}

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.coins, p.whisky, p.chieftains = self.coins, self.whisky, self.chieftains
        p.cards = self.cards[:]
        p.display = {k: s.copy() for k, s in self.display.items()}
        p.vp = dict(self.vp)
        return p

    def holdings(self) -> List[int]:
        """Resources on all tiles, per kind (market order)."""
        h = [0, 0, 0, 0, 0]
        for s in self.display.values():
            r = s.res
            if r[0] or r[1] or r[2] or r[3] or r[4]:
                for i in range(5):
                    h[i] += r[i]
        return h

    def clansmen_on_display(self) -> int:
        return sum(s.clansmen for s in self.display.values())

    def add_vp(self, category: str, n: int) -> None:
        self.vp[category] = self.vp.get(category, 0) + n

    @property
    def total_vp(self) -> int:
        return sum(self.vp.values())


class Payment:
    """What is still owed: resources (market order), whisky, a clansman, and
    ``distinct`` more resources all of different kinds (not in ``used``)."""

    __slots__ = ("res", "whisky", "clansman", "distinct", "used", "then", "paid")

    def __init__(self, res: List[int], whisky: int = 0, clansman: int = 0, distinct: int = 0,
                 then: Tuple[Any, ...] = ("place",)) -> None:
        self.res = res
        self.whisky = whisky
        self.clansman = clansman
        self.distinct = distinct
        self.used: List[int] = []
        self.paid: List[str] = []  # what has been handed in so far, for display
        self.then = then  # ("place",) or ("act", pos, recipe_index)

    def done(self) -> bool:
        return not (any(self.res) or self.whisky or self.clansman or self.distinct)

    def copy(self) -> "Payment":
        p = Payment(self.res[:], self.whisky, self.clansman, self.distinct, self.then)
        p.used = self.used[:]
        p.paid = self.paid[:]
        return p

    def needs(self) -> List[str]:
        out = [RESOURCES[i] for i in range(5) for _ in range(self.res[i])]
        out += ["whisky"] * self.whisky + ["clansman"] * self.clansman
        out += ["any different"] * self.distinct
        return out


class Turn:
    """Scratch data of the turn in progress."""

    __slots__ = ("taken", "pending", "placed", "activatable", "activated", "loch_ness_used",
                 "oich", "movement", "gains")

    def __init__(self) -> None:
        self.taken: Optional[int] = None
        self.pending: Optional[Payment] = None
        self.placed: Optional[Pos] = None
        self.activatable: Set[Pos] = set()
        self.activated: Set[Pos] = set()
        self.loch_ness_used = False
        self.oich = False
        self.movement = 0
        self.gains: List[Pos] = []  # tiles that receive a chosen resource, in order

    def copy(self) -> "Turn":
        t = Turn.__new__(Turn)
        t.taken, t.placed = self.taken, self.placed
        t.pending = self.pending.copy() if self.pending else None
        t.activatable, t.activated = set(self.activatable), set(self.activated)
        t.loch_ness_used, t.oich, t.movement = self.loch_ness_used, self.oich, self.movement
        t.gains = self.gains[:]
        return t


class GlenMoreState:
    __slots__ = ("n", "rng", "reveals", "journal", "chain", "stacks", "stack_index", "market",
                 "players", "phase", "turn", "scorings", "die_roll", "uses_die", "current")

    def __init__(self, n: int, rng: Rng) -> None:
        self.n = n
        self.rng = rng
        self.reveals = 0
        self.journal: List[Any] = []
        self.chain: List[Entry] = [None] * 14
        self.stacks: List[List[int]] = [[], [], [], []]  # face down, drawn from the end
        self.stack_index = 0
        self.market = [0, 0, 0, 0, 0]  # filled spaces per row (0-3)
        self.players = [Player() for _ in range(n)]
        self.phase = "take"  # take | pay | place | gain | activate | move | over
        self.turn = Turn()
        self.scorings = 0
        self.die_roll: Optional[int] = None
        self.uses_die = n <= 3
        self.current: Optional[int] = 0  # seat to move; None when over

    def copy(self) -> "GlenMoreState":
        s = GlenMoreState.__new__(GlenMoreState)
        s.n, s.rng, s.reveals, s.journal = self.n, self.rng.copy(), self.reveals, []
        s.chain = self.chain[:]
        s.stacks = [st[:] for st in self.stacks]
        s.stack_index = self.stack_index
        s.market = self.market[:]
        s.players = [p.copy() for p in self.players]
        s.phase = self.phase
        s.turn = self.turn.copy()
        s.scorings, s.die_roll, s.uses_die = self.scorings, self.die_roll, self.uses_die
        s.current = self.current
        return s

    # -- the chain ------------------------------------------------------------
    def rear_index(self) -> int:
        """Chain space of the rearmost figure (or die): the one whose turn it is."""
        chain = self.chain
        for i in range(14):
            if chain[i] is None and chain[(i + 1) % 14] is not None:
                j = (i + 1) % 14
                while chain[j][0] == "tile":
                    j = (j + 1) % 14
                return j
        raise AssertionError("chain has no gap")

    def to_json(self) -> Dict[str, Any]:
        return {
            "n": self.n,
            "rng": self.rng.state,
            "reveals": self.reveals,
            "chain": [list(e) if e else None for e in self.chain],
            "stacks": [list(s) for s in self.stacks],
            "stack_index": self.stack_index,
            "market": list(self.market),
            "phase": self.phase,
            "current": self.current,
            "scorings": self.scorings,
            "die_roll": self.die_roll,
            "turn": {
                "taken": self.turn.taken,
                "pending": None if not self.turn.pending else {
                    "needs": self.turn.pending.needs(), "then": list(self.turn.pending.then)},
                "placed": self.turn.placed,
                "activatable": sorted(self.turn.activatable),
                "activated": sorted(self.turn.activated),
                "loch_ness_used": self.turn.loch_ness_used,
                "oich": self.turn.oich,
                "movement": self.turn.movement,
                "gains": list(self.turn.gains),
            },
            "players": [
                {
                    "coins": p.coins, "whisky": p.whisky, "chieftains": p.chieftains,
                    "cards": list(p.cards), "vp": dict(p.vp),
                    "display": [[list(k), s.tile, s.clansmen, list(s.res)]
                                for k, s in sorted(p.display.items())],
                }
                for p in self.players
            ],
        }
