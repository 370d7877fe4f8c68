"""Clans of Caledonia: a fast strategy policy, the bots' rollout policy and prior.

It plays the common plan of the game (Board Game Arena's game help: workers and
upgrades in rounds 1-2, production in 3-4, contracts in 4-5) as one rule per kind of
decision, each move judged in victory points (VP) without looking ahead:

* a pound is worth ``mv[k]`` VP with ``k`` action phases still to come in which it can be
  spent (a pound left at the end: a tenth of a VP); a unit is worth what it will produce
  in the production phases left (income, or goods at what they sell for or score);
* the export box is the engine: take the contract whose rewards (imports at their value to
  this seat, hops, money, free land, bonus upgrades, the ranking) most exceed what it costs
  in goods this seat has or can make or buy in time; then buy or breed what it lacks and
  fulfil it as soon as possible;
* merchants, technology and shipping when they pay back in the rounds left;
* pass when nothing is worth more than ``pass_threshold``.

Every number it uses is a parameter (:data:`DEFAULTS`), tuned by self-play
(``python -m cairn train caledonia-policy``) into ``data/caledonia_policy.json``.
Nothing here copies the state or looks ahead: a decision costs about as much as listing
the legal moves, so rollouts to the end of a round stay cheap.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, Dict, List, Optional, Sequence

from ..caledonia import economy, scoring
from ..caledonia.data import (CONTRACTS, GOOD_INDEX, GOODS, PRICES, SCORING_KEY, STARTING_TILES,
                              TABLES, UNIT_TYPES)
from ..caledonia.expand import cheapest_expand_cost
from ..caledonia.production import worker_income
from ..caledonia.setup import current_setup_seat
from ..caledonia.state import ACTIONS, PRODUCTION
from ..core.rng import Rng

Move = Dict[str, Any]

ROUNDS = int(TABLES["rounds"])
_FINAL = TABLES["final"]
_SOLO = TABLES["solo"]
_COSTS = TABLES["costs"]
_I = GOOD_INDEX
_BASIC_VP, _PROC_VP = _FINAL["basic_vp"], _FINAL["processed_vp"]
_VP = tuple(_BASIC_VP if i < 3 else _PROC_VP for i in range(len(GOODS)))
_PRICE = tuple(tuple(PRICES[g]) for g in GOODS)
_WOOL, _MILK, _GRAIN, _BREAD, _CHEESE, _WHISKY = (_I[g] for g in ("wool", "milk", "grain", "bread",
                                                                   "cheese", "whisky"))
_MEAT = {"beef": "cow", "mutton": "sheep"}
_ANIMAL_GOOD = {"cow": _MILK, "sheep": _WOOL}
_INF = float("inf")

#: the parameters and their defaults (VP unless named)
DEFAULTS: Dict[str, Any] = {
    # VP per pound with k = 0..5 action phases still to come (0: the final scoring's 10 a VP)
    "mv": [0.1, 0.3, 0.36, 0.4, 0.42, 0.44],
    # a good in stock is worth this share of its sale price (or its final VP, if more)
    "sale": 0.85,
    # an import good, a hop, a free-land expand, a bonus upgrade, a fulfilled contract's
    # place in the ranking (beyond the solo thresholds, which are counted exactly)
    "import": 4.0, "hop": 1.0, "free_land": 4.0, "bonus_upgrade": 3.0, "count": 2.0,
    # VP of the action and the merchant a missing good or animal still costs
    "friction": 0.6,
    # take a contract only when its net worth exceeds this; a contract that cannot be
    # finished this round (and it is the last) is not taken
    "take_threshold": 1.0,
    # a merchant hired, per action phase still to come (after this one) ...
    "hire": [0.0, 0.0, 0.6, 0.9, 1.2, 1.4],
    # ... up to this many merchants in the pool and on the market, by round
    "pool_target": [4, 5, 6, 6, 5],
    # a shipping step, by the level reached (1 river, 2 loch-1, ... 5 loch-4)
    "ship": [0.0, 3.0, 3.5, 2.0, 1.0, 0.5],
    # a dairy/bakery/distillery's worth when nothing feeds it yet (share of a fed one)
    "unfed": 0.25,
    # an animal whose meat the open contract still needs
    "meat_need": 6.0,
    # sell goods only while money is below this many pounds (by round), and keep a
    # reserve for the contract being built
    "cash_floor": [20, 25, 25, 20, 10],
    # pass when no move is worth more than this
    "pass_threshold": 0.3,
    # the starting tiles: a clan's worth in pounds beyond its tile (index: data order)
    "clan": {"buchanan": 6, "campbell": 4, "cunningham": 2, "fergusson": 6, "macdonald": 2,
             "macewen": 3, "mackenzie": 3, "robertson": 4, "stewart": 7},
    # MacKenzie: keep whisky in the cellar while at least this many production phases are left
    "cellar_rounds": 2,
    # random moves in rollouts (per thousand decisions)
    "noise": 0,
    # keep the money the open contract's missing goods cost (share of it)
    "reserve": 1.0,
    # a processed good / wool kept for contracts: worth this much while contracts can
    # still be fulfilled (a delivered good brings about 4 VP of imports, hops and money)
    "use": [2.5, 0.0, 0.0, 3.0, 3.0, 3.0],
    # a round of waiting for the open contract's goods (the export box stays blocked)
    "delay": 2.0,
    # settlements: a new one's worth beyond the solo thresholds (or the ranking)
    "settle_each": 0.5,
    # grain, milk or wool beyond what contracts and factories use: sold above this many
    "surplus": 2,
}


def load_params(text: Optional[str] = None) -> Dict[str, Any]:
    """The tuned parameters (``data/caledonia_policy.json``) over :data:`DEFAULTS`."""
    params = json.loads(json.dumps(DEFAULTS))
    if text is None:
        try:
            text = (resources.files(__package__) / "data" / "caledonia_policy.json").read_text(encoding="utf-8")
        except (FileNotFoundError, OSError):
            return params
    data = json.loads(text)
    for k, v in data.get("params", {}).items():
        if k in params:
            params[k] = v
    return params


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
                 "made", "merchants")

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
        self.income_cum = sum(mv[max(0, k - 1 - j)] for j in range(self.prods))
        self.solo = state.n == 1
        self.imports = scoring.import_values(state, _own_imports(p) if self.solo else None)
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
        self.reserve = P["reserve"] * sum(max(0, n) * _PRICE[i][state.prices[i]] for i, n in urgent.items())
        self.animals_missing = {u: n - p.deployed[u] for u, n in animals.items() if n > p.deployed[u]}
        r = state.round
        self.tiles = [SCORING_KEY[t] for t in state.scoring[r - 1:]] if state.scoring else []

    # -- worths ------------------------------------------------------------------------------
    def price(self, i: int) -> int:
        return _PRICE[i][self.state.prices[i]]

    def good_worth(self, i: int, k: Optional[int] = None) -> float:
        """A good in stock with ``k`` action phases left to sell it or deliver it (default: now)."""
        k = self.k if k is None else k
        mv = self.P["mv"][k]
        use = self.P["use"][i] if k >= 1 else 0.0
        return max(float(_VP[i]), self.P["sale"] * self.price(i) * mv, use)

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
        done = len(self.p.fulfilled)
        if self.solo:
            before = max([vp for n, vp in _SOLO["contracts_vp"] if done >= n] or [0])
            after = max([vp for n, vp in _SOLO["contracts_vp"] if done + 1 >= n] or [0])
            return float(after - before) + self.P["count"] * 0.5
        return self.P["count"]

    def completion_cost(self, cid: int) -> float:
        """What ``cid`` consumes and still costs: goods in stock at their worth, goods the
        seat's own units will make before the last action phase at their worth plus a round
        of waiting, goods to buy at the market price and a merchant's action, animals at what
        they would still produce or what breeding them costs; ``_INF`` when it cannot be
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
                cost += have * self.good_worth(_ANIMAL_GOOD[u]) * min(self.prods, 3) * 0.5
                short = n - have
                if short:
                    if economy.units_left(self.state, self.seat, u) < short:
                        return _INF
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
            return _INF
        return cost + rounds * P["delay"]

    # -- units -----------------------------------------------------------------------------
    def unit_worth(self, unit: str) -> float:
        """One more ``unit`` on the map: what it will make in the production phases left."""
        p, P = self.p, self.P
        if not self.prods:
            return 0.0
        d = p.deployed
        k = self.k
        worth = 0.0
        t = UNIT_TYPES.get(unit)
        if unit in ("woodcutter", "miner", "fisherman"):
            before = worker_income(p)
            d[unit] += 1
            gain = worker_income(p) - before
            d[unit] -= 1
            worth = gain * self.income_cum + self._tile("workers", 2)
        else:
            rounds = range(self.prods)
            if unit == "sheep" or unit == "cow":
                i = _ANIMAL_GOOD[unit]
                worth = sum(self.good_worth(i, max(0, k - 1 - j)) for j in rounds)
                if unit == "cow" and d["dairy"] > d["cow"]:
                    worth += sum(self.good_worth(_CHEESE, max(0, k - 1 - j)) - self.good_worth(i, max(0, k - 1 - j))
                                 for j in rounds)
                if unit in self.animals_missing:
                    worth += P["meat_need"]
            elif unit == "field":
                worth = 2 * sum(self.good_worth(_GRAIN, max(0, k - 1 - j)) for j in rounds)
            elif t is not None and t.input:
                src, out = _I[t.input], _I[t.makes]
                uplift = sum(self.good_worth(out, max(0, k - 1 - j)) - self.good_worth(src, max(0, k - 1 - j))
                             for j in rounds)
                if t.input == "milk":
                    fed = d["cow"] > d["dairy"]
                else:
                    fed = 2 * d["field"] > d["distillery"] + d["bakery"]
                worth = max(0.0, uplift) * (1.0 if fed else P["unfed"])
            worth += self._tile("farm_units", 2 if unit == "field" else 1)
        return worth

    def to_buy_now(self) -> int:
        """Goods the open contract lacks that the seat's units will not make in time."""
        k = self.k
        return sum(max(0, n - self.made[i] * max(0, k - 1)) if k > 1 else n for i, n in self.missing.items())

    def consumed(self, i: int) -> int:
        """How much of good ``i`` the seat's factories take each production phase."""
        d = self.p.deployed
        if i == _MILK:
            return min(d["cow"], d["dairy"])
        if i == _GRAIN:
            return min(2 * d["field"], d["distillery"] + d["bakery"])
        return 0

    def settlement_gain(self) -> float:
        """What one more settlement (a unit with none of the seat's units next to it, in
        reach of the others) would add: the solo thresholds exactly, else ``settle_each``."""
        each = self.P["settle_each"]
        if not self.solo:
            return each * 2
        from ..caledonia.board import connected_settlements
        own = [s for s, (o, _u) in self.state.units.items() if o == self.seat]
        n = connected_settlements(economy.board_of(self.state), own, self.p.shipping)
        table = _SOLO["settlements_vp"]
        before = max([vp for t, vp in table if n >= t] or [0])
        after = max([vp for t, vp in table if n + 1 >= t] or [0])
        return float(after - before) + each

    def _tile(self, key: str, glory: int) -> float:
        return float(sum(glory for k in self.tiles if k == key))

    def cheapest(self, unit: str, free_land: bool = False) -> Optional[int]:
        return cheapest_expand_cost(self.state, self.seat, unit, free_land)


def made_per_round(p: Any) -> List[int]:
    """Goods the seat's units make each production phase (GOODS order), factories fed
    first with cheese, then whisky, then bread."""
    d = p.deployed
    out = [0] * len(GOODS)
    milk, grain = d["cow"], 2 * d["field"]
    cheese = min(milk, d["dairy"])
    whisky = min(grain, d["distillery"])
    bread = min(grain - whisky, d["bakery"])
    out[_WOOL] = d["sheep"]
    out[_MILK] = milk - cheese
    out[_GRAIN] = grain - whisky - bread
    out[_CHEESE], out[_WHISKY], out[_BREAD] = cheese, whisky, bread
    return out


def _own_imports(p: Any) -> List[int]:
    counts = [0, 0, 0]
    order = ("cotton", "tobacco", "sugarcane")
    for cid in p.fulfilled:
        for g, n in CONTRACTS[cid].imports:
            counts[order.index(g)] += n
    return counts


class Policy:
    """The strategy policy with parameters ``P`` (:data:`DEFAULTS`, or tuned ones)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        self.P = params if params is not None else load_params()

    # -- the entry point ---------------------------------------------------------------------
    def choose(self, state: Any, legal: Sequence[Move], rng: Optional[Rng] = None) -> Move:
        """One of ``legal`` for the seat to move."""
        if len(legal) == 1:
            return legal[0]
        if rng is not None and self.P["noise"] and rng.below(1000) < self.P["noise"]:
            return legal[rng.below(len(legal))]
        scores = self.scores(state, legal)
        best, best_v = legal[0], -_INF
        for m, v in zip(legal, scores):
            if v > best_v:
                best, best_v = m, v
        return best

    def scores(self, state: Any, legal: Sequence[Move], seat: Optional[int] = None) -> List[float]:
        """Each legal move's worth in VP for the seat to move (the policy plays the best)."""
        if seat is None:
            seat = _seat_to_move(state)
        ctx = Context(state, seat, self.P)
        if state.phase == ACTIONS and state.pending:
            kind = state.pending[-1]["kind"]
            judge = getattr(self, "_pending_" + kind, None)
            if judge is not None:
                top = state.pending[-1]
                # MacKenzie's cellar may be opened at any time, in any sub-decision
                return [self._main(ctx, m) - 1.0 if m["type"] == "uncask" else judge(ctx, m, top)
                        for m in legal]
        elif state.phase != ACTIONS:
            judge = getattr(self, "_phase_" + state.phase, None)
            if judge is not None:
                return [judge(ctx, m) for m in legal]
            return [0.0] * len(legal)
        return [self._main(ctx, m) for m in legal]

    # -- the main decision of a turn --------------------------------------------------------
    def _main(self, ctx: Context, m: Move) -> float:
        t = m["type"]
        fn = getattr(self, "_m_" + t, None)
        return fn(ctx, m) if fn is not None else -1.0

    def _m_pass(self, ctx: Context, m: Move) -> float:
        return self.P["pass_threshold"]

    def _m_end_turn(self, ctx: Context, m: Move) -> float:
        return 0.0

    def _m_automa(self, ctx: Context, m: Move) -> float:
        return 0.0

    def _m_fulfil(self, ctx: Context, m: Move) -> float:
        cid = m["contract"]
        v = ctx.contract_worth(cid) + 20.0
        # the animals slaughtered: what they would still make
        for space in m.get("slaughter", ()):
            unit = ctx.state.units.get(space, (None, None))[1]
            if unit in _ANIMAL_GOOD:
                v -= ctx.good_worth(_ANIMAL_GOOD[unit]) * min(ctx.prods, 3) * 0.5
        return v

    def _m_take_contract(self, ctx: Context, m: Move) -> float:
        return self._take_worth(ctx, m["contract"], pay=True) - self.P["take_threshold"]

    def _take_worth(self, ctx: Context, cid: int, pay: bool) -> float:
        cost = ctx.completion_cost(cid)
        if cost == _INF:
            return -_INF
        v = ctx.contract_worth(cid) - cost
        if pay:
            v += economy.round_contract_cost(ctx.state) * ctx.mv
        return v

    def _m_trade(self, ctx: Context, m: Move) -> float:
        i = _I[m["good"]]
        n = m["n"]
        price = ctx.price(i)
        if m["side"] == "buy":
            short = ctx.missing.get(i, 0)
            if short <= 0 or n > short:
                return -1.0
            # buying what the open contract lacks and the seat's units will not make in time
            coming = ctx.made[i] * max(0, ctx.k - 1)
            urgent = max(0, short - coming) if ctx.k > 1 else short
            return min(n, urgent) * (4.0 + ctx.P["friction"]) + max(0, n - urgent) * 0.2 \
                - n * price * ctx.mv * 0.2
        keep = ctx.need.get(i, 0)
        if ctx.p.goods[i] - n < keep or ctx.p.pool - n < ctx.to_buy_now():
            return -1.0   # the open contract's goods, or the merchants that must buy them
        floor = self.P["cash_floor"][min(ctx.state.round, ROUNDS) - 1]
        worth = ctx.good_worth(i)
        if ctx.p.goods[i] - n >= keep + ctx.consumed(i) + self.P["surplus"]:
            worth = float(_VP[i])   # more than contracts and factories will use: scores only
        gain = n * (price * ctx.mv - worth)
        if ctx.k <= 1:
            # the last round: sell what scores less than it sells for (10 pounds a VP)
            gain = n * (price * ctx.P["mv"][0] - _VP[i])
            return gain
        if ctx.p.money >= floor:
            gain -= n * 0.5
        return gain - n * ctx.P["friction"] * (1.0 if ctx.missing else 0.3)

    def _m_expand(self, ctx: Context, m: Move) -> float:
        unit = m["unit"]
        cost = ctx.cheapest(unit)
        if cost is None:
            return -_INF
        v = ctx.unit_worth(unit) - cost * ctx.mv
        if unit not in ctx.animals_missing and not ctx.spendable(cost):
            v -= 3.0   # money for the open contract's goods comes first
        return v

    def _m_hire(self, ctx: Context, m: Move) -> float:
        p = ctx.p
        have = ctx.merchants
        target = self.P["pool_target"][min(ctx.state.round, ROUNDS) - 1]
        if have >= target or not ctx.spendable(_COSTS["hire"]) or (ctx.k <= 1 and p.pool >= ctx.to_buy_now()):
            return -1.0
        return self.P["hire"][max(0, ctx.k - 1)] + (0.5 if ctx.missing and p.pool == 0 else 0.0) \
            - _COSTS["hire"] * ctx.mv + ctx._tile("upgrades", 1)

    def _m_technology(self, ctx: Context, m: Move) -> float:
        w = m["worker"]
        n = ctx.p.deployed[w]
        if not ctx.spendable(_COSTS["technology"]):
            return -1.0
        return 2 * n * ctx.income_cum - _COSTS["technology"] * ctx.mv + ctx._tile("upgrades", 1)

    def _m_shipping(self, ctx: Context, m: Move) -> float:
        level = ctx.p.shipping + 1
        ship = self.P["ship"]
        if not ctx.spendable(_COSTS["shipping"]):
            return -1.0
        if ctx.k <= 1:   # the last round: only a scoring tile still pays for it
            return ctx._tile("upgrades", 1) - _COSTS["shipping"] * ctx.mv
        return ship[min(level, len(ship) - 1)] * ctx.k / ROUNDS - _COSTS["shipping"] * ctx.mv \
            + ctx._tile("upgrades", 1)

    def _m_port(self, ctx: Context, m: Move) -> float:
        tile = m["port"]
        P = self.P
        if tile == 1:
            return 10.0
        if tile == 2:
            return 2 * ctx.good_worth(_WOOL) - 0.2
        if tile == 3:
            return ctx.good_worth(_CHEESE) - 0.2
        if tile == 4:
            return 3.0 + P["bonus_upgrade"]
        if tile == 5:
            return 10 * ctx.mv
        if tile == 6:
            i = _I[m["good"]]
            if ctx.missing.get(i) and m["steps"] < 0:
                return 1.0
            return -1.0
        if tile == 8:
            return 5 * ctx.mv + 0.1
        if tile == 9:
            return 1.0 - 3 * ctx.mv
        return -1.0

    def _m_row(self, ctx: Context, m: Move) -> float:
        return -1.0

    def _m_uncask(self, ctx: Context, m: Move) -> float:
        spot = m.get("spot", 0)
        if spot >= 2 or ctx.k <= 1:
            return 1.0
        return -1.0

    # -- sub-decisions -------------------------------------------------------------------------
    def _pending_place(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        space = m["space"]
        unit = top["unit"]
        cost = economy.expand_cost(ctx.state, ctx.seat, unit, space, top.get("free_land", False))
        v = -cost * ctx.mv
        b = economy.board_of(ctx.state)
        units = ctx.state.units
        alone = True
        for s in b.neighbours(space):
            o = units.get(s)
            if o is not None and o[0] == ctx.seat:
                alone = False
                break
        if alone:
            v += ctx.settlement_gain()
        if "dear_land" in ctx.tiles and b.spaces[space].cost >= 5:
            v += 2.0 * ctx.tiles.count("dear_land")
        if "border_pairs" in ctx.tiles and space in b.border:
            v += 1.5 * ctx.tiles.count("border_pairs")
        return v - space * 1e-6

    def _pending_neighbour(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        if m["type"] == "done":
            return 0.0
        i = _I[m["good"]]
        short = ctx.missing.get(i, 0)
        return 1.0 * min(m["n"], short) - 0.1 * max(0, m["n"] - short) - (0.0 if short else 1.0)

    def _pending_keep(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        ids = m["contracts"]
        if not ids:
            return 0.0
        return sum(self._take_worth(ctx, c, pay=True) for c in ids) - self.P["take_threshold"]

    def _pending_rewards(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        t = m["type"]
        if t == "done":
            return 0.0
        if t == "expand":
            cost = ctx.cheapest(m["unit"], free_land=True)
            if cost is None:
                return -1.0
            return ctx.unit_worth(m["unit"]) - cost * ctx.mv + 0.5
        if t == "brew":
            return m.get("grain", 0) * 9 * ctx.mv - m.get("grain", 0) * ctx.good_worth(_GRAIN)
        if t == "bonus_upgrade":
            kind = m["kind"]
            if kind == "technology":
                return 2 * ctx.p.deployed[m["worker"]] * ctx.income_cum - 5 * ctx.mv + 0.2
            if kind == "hire":
                return self.P["hire"][max(0, ctx.k - 1)] + 0.3
            if kind == "shipping":
                level = ctx.p.shipping + 1
                ship = self.P["ship"]
                return ship[min(level, len(ship) - 1)] * ctx.k / ROUNDS + 0.2
            if kind == "recall":
                return 0.5 if ctx.missing else 0.1
        return 0.0

    def _pending_exchange(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        i = _I[m["good"]]
        return ctx.good_worth(i) + (3.0 if ctx.missing.get(i) else 0.0)

    def _pending_swap(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        return 1.0 if m["type"] == "done" else 0.0

    def _pending_buchanan_take(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        if m["type"] == "done":
            return 0.0
        return self._take_worth(ctx, m["contract"], pay=False) - self.P["take_threshold"]

    def _pending_fulfil_more(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        return 1.0 if m["type"] == "fulfil" else 0.0

    def _pending_port9(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        return self._m_port(ctx, m)

    def _pending_port6(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        return self._m_trade(ctx, m) + 0.01 * m.get("n", 0)

    def _pending_port1(self, ctx: Context, m: Move, top: Dict[str, Any]) -> float:
        return 1.0

    # -- other phases ------------------------------------------------------------------------------
    def _phase_production(self, ctx: Context, m: Move) -> float:
        t = m["type"]
        if t == "produce":
            g = m["good"]
            n = m["n"]
            if g == "bread":
                need = ctx.need.get(_BREAD, 0) - ctx.p.goods[_BREAD]
                return -abs(n - max(0, need)) if need > 0 else -n * 0.1
            return float(n)
        if t == "cellar":
            return float(m.get("whisky", 0)) if ctx.prods + 0 >= self.P["cellar_rounds"] else -m.get("whisky", 0)
        if t == "butter":
            milk = m.get("milk", 0)
            keep = ctx.need.get(_MILK, 0)
            return milk * (8 * ctx.mv_next - ctx.good_worth(_MILK)) - (1.0 if ctx.p.goods[_MILK] - milk < keep else 0.0)
        return 0.0

    def _phase_clan_pick(self, ctx: Context, m: Move) -> float:
        tile = STARTING_TILES[m["tile"]]
        v = float(tile.money) + sum(n * _PRICE[_I[g]][3] for g, n in tile.goods)
        return v + self.P["clan"].get(m.get("clan") or "", 0)

    def _phase_start_workers(self, ctx: Context, m: Move) -> float:
        unit = m["unit"]
        cost = economy.expand_cost(ctx.state, ctx.seat, unit, m["space"])
        return ctx.unit_worth(unit) - cost * ctx.mv - m["space"] * 1e-6

    def _phase_auction(self, ctx: Context, m: Move) -> float:
        return 1.0 if m["type"] == "bid_pass" else 0.0


def _seat_to_move(state: Any) -> int:
    if state.phase == ACTIONS:
        return state.cur
    if state.phase == PRODUCTION:
        return state.production[0]
    return current_setup_seat(state)
