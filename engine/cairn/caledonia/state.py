"""The Clans of Caledonia game state: mutable, cheap to ``copy()``, JSON by ``to_json()``.

One :class:`Player` per seat (an official solo opponent's seat too: it has
``automa`` set) and one :class:`CaledoniaState` for the table: map units,
market, export board, turn order, the turn in progress (``pending``), and the
hidden parts (contract draw pile, solo-opponent deck, the rng) that
``view()`` never shows.
"""
from __future__ import annotations

import copy as _copy
from typing import Any, Dict, List, Optional, Tuple

from ..core.rng import Rng
from .data import ALL_UNITS, GOODS, IMPORTS, START_PRICE

# Phases of the game (``state.phase``)
AUCTION = "auction"          # variant: bidding for the right to choose a clan
CLAN_PICK = "clan_pick"      # choosing (clan, starting tile) pairs in reverse turn order
START_WORKERS = "start_workers"  # placing the starting workers
ACTIONS = "actions"          # the action phase of a round
PRODUCTION = "production"    # per-player production choices (optional processing, clan effects)
OVER = "over"


class Player:
    """One seat's board and supply."""

    __slots__ = ("money", "goods", "glory", "clan", "start_tile", "shipping", "tech", "pool",
                 "track", "market", "contracts", "fulfilled", "ports_used", "passed", "cellar",
                 "deployed", "bid", "automa")

    def __init__(self) -> None:
        self.money = 0
        self.goods: List[int] = [0] * len(GOODS)          # stock, GOODS order
        self.glory = 0
        self.clan: Optional[str] = None
        self.start_tile: Optional[int] = None
        self.shipping = 0                                   # track position 0..5
        self.tech: List[bool] = [False, False]              # woodcutters, miners flipped
        self.pool = 2                                       # merchants ready to trade
        self.track = 5                                      # merchants still on the board to hire
        self.market: List[int] = [0] * len(GOODS)          # merchants placed this round: +buy / -sell
        self.contracts: List[int] = []                      # open (unfulfilled) contracts
        self.fulfilled: List[int] = []
        self.ports_used: List[int] = []                     # port tile ids marked with this player's marker
        self.passed = False
        self.cellar: List[int] = [0, 0, 0]                  # MacKenzie: whisky per cellar spot (left to right)
        self.deployed: Dict[str, int] = {u: 0 for u in ALL_UNITS}  # units on the map by kind
        self.bid = 0                                        # clan auction variant: VP bid (lost at the end)
        self.automa = False                                 # the official solo opponent's seat

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.money, p.glory, p.clan, p.start_tile = self.money, self.glory, self.clan, self.start_tile
        p.shipping, p.pool, p.track, p.passed = self.shipping, self.pool, self.track, self.passed
        p.goods, p.tech, p.market = self.goods[:], self.tech[:], self.market[:]
        p.contracts, p.fulfilled, p.ports_used = self.contracts[:], self.fulfilled[:], self.ports_used[:]
        p.cellar, p.deployed = self.cellar[:], dict(self.deployed)
        p.bid, p.automa = self.bid, self.automa
        return p

    def good(self, name: str) -> int:
        return self.goods[GOODS.index(name)]

    def to_json(self) -> Dict[str, Any]:
        return {
            "money": self.money, "goods": dict(zip(GOODS, self.goods)), "glory": self.glory,
            "clan": self.clan, "start_tile": self.start_tile, "shipping": self.shipping,
            "tech": {"woodcutter": self.tech[0], "miner": self.tech[1]},
            "merchants": {"pool": self.pool, "track": self.track,
                          "market": {g: n for g, n in zip(GOODS, self.market) if n}},
            "contracts": self.contracts[:], "fulfilled": self.fulfilled[:],
            "ports_used": self.ports_used[:], "passed": self.passed, "cellar": self.cellar[:],
            "deployed": {u: n for u, n in self.deployed.items() if n}, "bid": self.bid,
            "automa": self.automa,
        }


class AutomaState:
    """The official solo opponent's own bookkeeping (its seat's board is a :class:`Player`)."""

    __slots__ = ("seat", "difficulty", "pointer", "draw", "discard", "removed", "card", "support",
                 "last")

    def __init__(self, seat: int, difficulty: int) -> None:
        self.seat = seat
        self.difficulty = difficulty
        self.pointer = 0                 # index into data.AUTOMA_CYCLE
        self.draw: List[int] = []        # face-down pile (hidden order); top = last item
        self.discard: List[int] = []
        self.removed: List[int] = []     # skip cards 10-13 once drawn
        self.card: Optional[int] = None  # the card drawn this turn (public once drawn)
        self.support: Optional[int] = None
        self.last: Dict[str, Any] = {}   # what it did on its last turn (for the view and log)

    def copy(self) -> "AutomaState":
        a = AutomaState.__new__(AutomaState)
        a.seat, a.difficulty, a.pointer = self.seat, self.difficulty, self.pointer
        a.draw, a.discard, a.removed = self.draw[:], self.discard[:], self.removed[:]
        a.card, a.support, a.last = self.card, self.support, self.last  # replaced, never mutated in place
        return a

    def to_json(self, hidden: bool = False) -> Dict[str, Any]:
        d: Dict[str, Any] = {"seat": self.seat, "difficulty": self.difficulty,
                             "pointer": self.pointer, "discard": self.discard[:],
                             "removed": self.removed[:], "card": self.card,
                             "support": self.support, "last": _copy.deepcopy(self.last),
                             "draw_count": len(self.draw)}
        if hidden:
            d["draw"] = self.draw[:]
        return d


class CaledoniaState:
    """Everything about one game.  ``units`` maps a map space id to ``(seat, unit)``;
    ``blocked`` maps a space id to ``"neutral"`` (solo mode's neutral workers) or
    ``"covered"`` (tighter-map variant).  ``pending`` is the stack of open
    sub-decisions of the turn in progress (dicts with a ``"kind"``); the rules
    modules own its contents."""

    def __init__(self, n: int, seed: int, options: Dict[str, Any]) -> None:
        self.n = n
        self.options: Dict[str, Any] = dict(options)   # plain-JSON copy of the options model
        self.rng = Rng(seed)
        self.reveals = 0
        self.journal: List[Any] = []  # log lines: messages (cairn.core.i18n)
        self.sides = "1111"                 # map module sides A, B, C, D
        self.phase = CLAN_PICK
        self.round = 1
        self.order: List[int] = list(range(n))   # turn order of this round
        self.next_order: List[int] = []          # pass order = next round's turn order
        self.cur = 0                             # seat to move
        self.prices: List[int] = [START_PRICE[g] for g in GOODS]
        self.deck: List[int] = []                # contract draw pile (hidden order); top = last item
        self.deck_known = 0                      # how many of deck's first items (its bottom) are in a known order
        self.slots: List[Optional[int]] = []     # export board boxes
        self.imports: List[int] = [0] * len(IMPORTS)  # shared import tracks
        self.scoring: List[int] = []             # scoring tile per round (empty: variant without)
        self.ports: List[int] = []               # port tile beside each factory, module order (empty: variant)
        self.units: Dict[int, Tuple[int, str]] = {}
        self.blocked: Dict[int, str] = {}
        self.players: List[Player] = [Player() for _ in range(n)]
        self.offers: List[List[Any]] = []        # [clan or None, starting tile] pairs still on offer
        self.pending: List[Dict[str, Any]] = []  # open sub-decisions of the turn in progress
        self.turn: Dict[str, Any] = {}           # flags of the turn in progress (main action done, rowed, ...)
        self.production: List[int] = []          # seats still to make their production choices
        self.summary: List[Dict[str, Any]] = []  # what the last production/scoring gave, for the view
        self.dice: List[Any] = []                # solo mode: the last market adjustment's dice
        self.automa: Optional[AutomaState] = None
        self.queue: List[int] = []               # setup: seats still to pick a clan / place a starting worker
        self.auction: Dict[str, Any] = {}        # clan auction variant: bidders, high bid, leader, to_bid
        self.final: Optional[List[Dict[str, Any]]] = None  # final score rows once over
        self._board: Any = None                    # cache of economy.board_of (not state: derived from sides, n)
        self.units_version = 0                     # bumped by every unit placed or removed (cache key)
        self._reach: Dict[int, Any] = {}           # cache of expand.reach_and_fishermen per seat
        self.quiet = False                         # a bot's copy: no journal lines for the solo opponent's turns
        self.moved = False                         # a move was made in the turn in progress (a new turn: not yet)

    # -- copies ------------------------------------------------------------
    def copy(self) -> "CaledoniaState":
        s = CaledoniaState.__new__(CaledoniaState)
        s.n, s.options, s.rng, s.reveals = self.n, self.options, self.rng.copy(), self.reveals
        s.journal = self.journal[:]
        s.sides, s.phase, s.round, s.cur = self.sides, self.phase, self.round, self.cur
        s.order, s.next_order = self.order[:], self.next_order[:]
        s.prices, s.deck, s.slots, s.imports = self.prices[:], self.deck[:], self.slots[:], self.imports[:]
        s.deck_known = self.deck_known
        s.scoring, s.ports = self.scoring, self.ports  # never mutated after setup
        s.units, s.blocked = dict(self.units), self.blocked
        s.players = [p.copy() for p in self.players]
        s.offers = [o[:] for o in self.offers]
        s.pending = _copy.deepcopy(self.pending) if self.pending else []
        s.turn = dict(self.turn)
        s.production = self.production[:]
        s.summary = self.summary  # replaced, never mutated in place
        s.dice = self.dice
        s.automa = self.automa.copy() if self.automa else None
        s.queue = self.queue[:]
        s.auction = _copy.deepcopy(self.auction) if self.auction else {}
        s.final = self.final
        s._board = self._board
        s.units_version = self.units_version
        s._reach = dict(self._reach)
        s.quiet = self.quiet
        s.moved = self.moved
        return s

    def to_json(self) -> Dict[str, Any]:
        """The whole state, hidden parts included (for debugging and golden files; never for a view)."""
        return {
            "n": self.n, "options": dict(self.options), "rng": self.rng.state, "reveals": self.reveals,
            "sides": self.sides, "phase": self.phase, "round": self.round, "cur": self.cur,
            "order": self.order[:], "next_order": self.next_order[:],
            "prices": dict(zip(GOODS, self.prices)), "deck": self.deck[:], "deck_known": self.deck_known, "slots": self.slots[:],
            "imports": dict(zip(IMPORTS, self.imports)), "scoring": self.scoring[:],
            "ports": self.ports[:],
            "units": {str(k): [s, u] for k, (s, u) in sorted(self.units.items())},
            "blocked": {str(k): v for k, v in sorted(self.blocked.items())},
            "players": [p.to_json() for p in self.players],
            "offers": [o[:] for o in self.offers], "pending": _copy.deepcopy(self.pending),
            "turn": dict(self.turn), "production": self.production[:], "summary": self.summary,
            "dice": self.dice,
            "automa": self.automa.to_json(hidden=True) if self.automa else None,
            "queue": self.queue[:], "auction": _copy.deepcopy(self.auction),
            "final": self.final,
        }
