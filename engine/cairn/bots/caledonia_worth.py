"""Clans of Caledonia: what things are worth to a seat, in victory points (VP), as the
strategy policy (:mod:`cairn.bots.caledonia_policy`) judges them, with the numbers
(parameters) it is given.

* a pound is worth ``mv[k]`` VP with ``k`` action phases still to come in which it can be
  spent (a pound left at the end: a tenth of a VP);
* a good in stock: its final VP, what selling it brings, or the purchase it saves a
  contract, whichever is most;
* a unit: what it will make in the production phases left (income, goods, what it adds as a
  factory's input or as a factory), plus the scoring tiles it counts for;
* a contract: its rewards (imports at their value to this seat, hops, money, free land,
  bonus upgrades, its step in the contract ranking) and what it costs in goods the seat has,
  will make in time or must buy with the merchants it has; a settlement: its step in the
  settlement ranking.

All of it from what every seat sees: nothing hidden is read.
"""
from __future__ import annotations

from math import fsum   # the same sum on every Python (3.12 changed sum() of floats)
from typing import Any, Dict, List, Optional

from ..caledonia import economy, scoring
from ..caledonia.data import CONTRACTS, GOOD_INDEX, GOODS, PRICES, SCORING_KEY, TABLES, UNIT_TYPES
from ..caledonia.expand import cheapest_expand_cost
from ..caledonia.production import worker_income
from ..caledonia.scoring import ranking_vps
from ..caledonia.state import ACTIONS, PRODUCTION

ROUNDS = int(TABLES["rounds"])
_FINAL = TABLES["final"]
_SOLO = TABLES["solo"]
_COSTS = TABLES["costs"]
_I = GOOD_INDEX
_BASIC_VP, _PROC_VP = _FINAL["basic_vp"], _FINAL["processed_vp"]
GOOD_VP = tuple(_BASIC_VP if i < 3 else _PROC_VP for i in range(len(GOODS)))
PRICE = tuple(tuple(PRICES[g]) for g in GOODS)
WOOL, MILK, GRAIN, BREAD, CHEESE, WHISKY = (_I[g] for g in ("wool", "milk", "grain", "bread",
                                                                   "cheese", "whisky"))
_MEAT = {"beef": "cow", "mutton": "sheep"}
ANIMAL_GOOD = {"cow": MILK, "sheep": WOOL}
INF = float("inf")


def actions_left(state: Any) -> int:
    """Action phases still to come in which a pound can be spent, this one included."""
    if state.phase == ACTIONS:
        return ROUNDS - state.round + 1
    if state.phase == PRODUCTION:
        return ROUNDS - state.round
    if state.phase == "over":
        return 0
    return ROUNDS


class Context:
    """What every rule of one decision needs, worked out once."""

    __slots__ = ("state", "seat", "p", "P", "k", "mv", "mv_next", "prods", "imports", "need",
                 "missing", "animals_missing", "contract", "solo", "income_cum", "tiles", "reserve",
                 "made", "merchants", "_ahead")

    def spendable(self, cost: float) -> bool:
        """Whether paying ``cost`` leaves the money the open contract's goods need."""
        return self.p.money - cost >= self.reserve

    def __init__(self, state: Any, seat: int, P: Dict[str, Any]) -> None:
        self.state, self.seat, self.P = state, seat, P
        p = self.p = state.players[seat]
        k = self.k = actions_left(state)
        mv = P["mv"]
        self.mv = mv[k]
        self.mv_next = mv[max(0, k - 1)]
        # production phases still to come: this round's too while its actions last
        self.prods = k if state.phase == ACTIONS else max(0, k)
        # a pound produced at the end of a round: spent in the action phases after it
        self.income_cum = fsum(mv[max(0, k - 1 - j)] for j in range(self.prods))
        self.solo = state.n == 1
        self.imports = scoring.import_values(state, own_imports(p) if self.solo else None)
        self.contract = p.contracts[0] if p.contracts else None
        need: Dict[int, int] = {}
        animals: Dict[str, int] = {}
        for cid in p.contracts:
            for g, n in CONTRACTS[cid].needs:
                u = _MEAT.get(g)
                if u is None:
                    need[_I[g]] = need.get(_I[g], 0) + n
                else:
                    animals[u] = animals.get(u, 0) + n
        self.need = need
        self.missing = {i: n - p.goods[i] for i, n in need.items() if n > p.goods[i]}
        self.made = made_per_round(p)
        # merchants this seat trades with each round (those on the market come back)
        self.merchants = p.pool + sum(abs(x) for x in p.market)
        urgent = {i: n - self.made[i] * max(0, k - 1) for i, n in self.missing.items()}
        self.reserve = P["reserve"] * fsum(max(0, n) * PRICE[i][state.prices[i]] for i, n in urgent.items())
        self.animals_missing = {u: n - p.deployed[u] for u, n in animals.items() if n > p.deployed[u]}
        r = state.round
        self.tiles = [SCORING_KEY[t] for t in state.scoring[r - 1:]] if state.scoring else []
        self._ahead: Optional[List[float]] = None

    # -- worths ------------------------------------------------------------------------------
    def price(self, i: int) -> int:
        return PRICE[i][self.state.prices[i]]

    def good_worth(self, i: int, k: Optional[int] = None) -> float:
        """A good in stock with ``k`` action phases left to sell it or deliver it (default:
        now): its final VP, what selling it brings, or the purchase it saves a contract (the
        price and a merchant's action) times the share ``use`` of such goods that go into one."""
        k = self.k if k is None else k
        mv = self.P["mv"][k]
        price = self.price(i)
        use = self.P["use"][i] * (price * mv + self.P["friction"]) if k >= 1 else 0.0
        return max(float(GOOD_VP[i]), self.P["sale"] * price * mv, use)

    def contract_worth(self, cid: int) -> float:
        """What fulfilling ``cid`` brings (rewards, the ranking), goods not counted."""
        c = CONTRACTS[cid]
        P = self.P
        v = c.hops * P["hop"] + c.money * self.mv + c.free_land * P["free_land"] + c.bonus_upgrade * P["bonus_upgrade"]
        for g, n in c.imports:
            v += n * self.imports[g]
        v += self._count_gain()
        return v

    def _count_gain(self) -> float:
        """One more fulfilled contract's step in the contract ranking (smoothed: the best
        VP per contract of the next one, two or three) plus ``count``."""
        counts = [len(p.fulfilled) for p in self.state.players]
        return ranking_step(self.state, self.seat, counts, "contracts") + self.P["count"]

    def completion_cost(self, cid: int) -> float:
        """What ``cid`` consumes and still costs: goods in stock at their worth, goods the
        seat's own units will make before the last action phase at their worth plus a round
        of waiting, goods to buy at the market price and a merchant's action, animals at what
        they would still produce or what breeding them costs; ``INF`` when it cannot be
        finished in the action phases left with the merchants this seat has."""
        p, P = self.p, self.P
        k = self.k
        cost = 0.0
        to_buy = 0
        wait = 0
        for g, n in CONTRACTS[cid].needs:
            u = _MEAT.get(g)
            if u is not None:
                have = min(n, p.deployed[u])
                cost += have * self.good_worth(ANIMAL_GOOD[u]) * min(self.prods, 3) * 0.5
                short = n - have
                if short:
                    if economy.units_left(self.state, self.seat, u) < short:
                        return INF
                    cost += short * ((UNIT_TYPES[u].cost + 2) * self.mv + P["friction"])
            else:
                i = _I[g]
                have = min(n, p.goods[i])
                cost += have * self.good_worth(i)
                short = n - have
                if short:
                    made = min(short, self.made[i] * max(0, k - 1))
                    if made:
                        cost += made * self.good_worth(i)
                        wait = max(wait, -(-made // max(1, self.made[i])))
                    short -= made
                    to_buy += short
                    cost += short * (self.price(i) * self.mv + P["friction"])
        rounds = max(wait, -(-to_buy // max(1, self.merchants)) - 1 if to_buy > p.pool else 0)
        if to_buy > p.pool + self.merchants * max(0, k - 1) or (rounds and rounds >= k):
            return INF
        return cost + rounds * P["delay"]

    # -- units -----------------------------------------------------------------------------
    def unit_worth(self, unit: str) -> float:
        """One more ``unit`` on the map: what it will make in the production phases left
        (its goods, or what it adds as a factory's input or as a factory; a factory with
        nothing to feed it, or an input with no factory, also counts the pair it would make
        with the unit it lacks, times ``unfed``), plus the scoring tiles it counts for."""
        p, P = self.p, self.P
        if not self.prods:
            return 0.0
        d = p.deployed
        if unit in ("woodcutter", "miner", "fisherman"):
            before = worker_income(p)
            d[unit] += 1
            gain = worker_income(p) - before
            d[unit] -= 1
            return gain * self.income_cum + self.tiles_ahead("workers", 2)
        worth = self._made_worth(d, unit)
        partner = _PARTNER.get(unit)
        if partner is not None:
            d[partner] += 1
            pair = self._made_worth(d, unit)
            d[partner] -= 1
            if pair > worth:
                worth += P["unfed"] * (pair - worth)
        if unit in self.animals_missing:
            worth += P["meat_need"]
        return worth + self.tiles_ahead("farm_units", 2 if unit == "field" else 1)

    def _made_worth(self, d: Dict[str, int], unit: str) -> float:
        """What deployed units ``d`` with one more ``unit`` make in the production phases
        left, beyond what ``d`` makes, each good at its worth after that production."""
        before = _made(d)
        d[unit] += 1
        after = _made(d)
        d[unit] -= 1
        ahead = self._ahead
        if ahead is None:
            ahead = self._ahead = self.goods_ahead()
        total = 0.0
        for i, w in enumerate(ahead):
            diff = after[i] - before[i]
            if diff:
                total += diff * w
        return total

    def goods_ahead(self) -> List[float]:
        """Per good, one more of it made in every production phase left, at its worth after
        each (the action phases left to sell or deliver it)."""
        k = self.k
        lefts = [max(0, k - 1 - j) for j in range(self.prods)]
        return [fsum(self.good_worth(i, left) for left in lefts) for i in range(len(GOODS))]

    def finishable_now(self) -> bool:
        """Can the merchants in hand and the money buy every good the open contract lacks
        (its animals are on the map)?"""
        if not self.missing or self.animals_missing:
            return False
        units = sum(self.missing.values())
        cost = sum(n * self.price(i) for i, n in self.missing.items())
        return units <= self.p.pool and cost <= self.p.money

    def to_buy_now(self) -> int:
        """Goods the open contract lacks that the seat's units will not make in time."""
        k = self.k
        return sum(max(0, n - self.made[i] * max(0, k - 1)) if k > 1 else n for i, n in self.missing.items())

    def consumed(self, i: int) -> int:
        """How much of good ``i`` the seat's factories take each production phase."""
        d = self.p.deployed
        if i == MILK:
            return min(d["cow"], d["dairy"])
        if i == GRAIN:
            return min(2 * d["field"], d["distillery"] + d["bakery"])
        return 0

    def settlement_gain(self) -> float:
        """What one more settlement (a unit with none of the seat's units next to it, in
        reach of the others) would add: its step in the settlement ranking (smoothed as the
        contracts') plus ``settle_each``."""
        return ranking_step(self.state, self.seat, settlement_counts(self.state), "settlements") \
            + self.P["settle_each"]

    def tiles_ahead(self, key: str, glory: int) -> float:
        """The glory one more thing a scoring tile counts (``key``, ``glory`` each) will earn
        on the tiles of this round and the rounds after."""
        return float(sum(glory for k in self.tiles if k == key))

    def cheapest(self, unit: str, free_land: bool = False) -> Optional[int]:
        return cheapest_expand_cost(self.state, self.seat, unit, free_land)


def ranking_step(state: Any, seat: int, counts: List[int], kind: str) -> float:
    """The VP the ``kind`` ranking gives ``seat`` per step up, the best of one, two or three
    more (so a seat two behind still sees what catching up is worth)."""
    before = ranking_vps(state, counts, kind)[seat]
    best = 0.0
    more = list(counts)
    for j in (1, 2, 3):
        more[seat] = counts[seat] + j
        best = max(best, (ranking_vps(state, more, kind)[seat] - before) / j)
    return best


_SETTLED: Dict[Any, List[int]] = {}


def settlement_counts(state: Any) -> List[int]:
    """Each seat's connected settlements (remembered per map and units)."""
    key = (state.sides, state.n, frozenset(state.units.items()), tuple(p.shipping for p in state.players))
    hit = _SETTLED.get(key)
    if hit is None:
        hit = scoring.settlement_counts(state)
        if len(_SETTLED) > 4096:
            _SETTLED.clear()
        _SETTLED[key] = hit
    return hit


#: the unit a factory needs to be fed, and the factory an input feeds
_PARTNER = {"dairy": "cow", "distillery": "field", "bakery": "field", "cow": "dairy", "field": "distillery"}


def made_per_round(p: Any) -> List[int]:
    """Goods the seat's units make each production phase (GOODS order), factories fed
    first with cheese, then whisky, then bread."""
    return _made(p.deployed)


def _made(d: Dict[str, int]) -> List[int]:
    out = [0] * len(GOODS)
    milk, grain = d["cow"], 2 * d["field"]
    cheese = min(milk, d["dairy"])
    whisky = min(grain, d["distillery"])
    bread = min(grain - whisky, d["bakery"])
    out[WOOL] = d["sheep"]
    out[MILK] = milk - cheese
    out[GRAIN] = grain - whisky - bread
    out[CHEESE], out[WHISKY], out[BREAD] = cheese, whisky, bread
    return out


def own_imports(p: Any) -> List[int]:
    counts = [0, 0, 0]
    order = ("cotton", "tobacco", "sugarcane")
    for cid in p.fulfilled:
        for g, n in CONTRACTS[cid].imports:
            counts[order.index(g)] += n
    return counts
