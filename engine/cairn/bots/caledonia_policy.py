"""Clans of Caledonia: a fast strategy policy, the bots' rollout policy and prior.

It plays the common plan of the game (Board Game Arena's game help: workers and
upgrades in rounds 1-2, production in 3-4, contracts in 4-5) as one rule per kind of
decision, each move judged in victory points (VP) without looking ahead, by what things
are worth to the seat (:mod:`cairn.bots.caledonia_worth`):

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

from math import fsum   # the same sum on every Python (3.12 changed sum() of floats)
import json
from typing import Any, Dict, List, Optional, Sequence

from ..caledonia import economy
from ..caledonia.data import GOOD_INDEX, STARTING_TILES, TABLES
from ..caledonia.setup import current_setup_seat
from ..caledonia.state import ACTIONS, PRODUCTION
from ..core.rng import Rng
from .caledonia_worth import (ANIMAL_GOOD, BREAD, CHEESE, GOOD_VP, GRAIN, INF, MILK, PRICE, ROUNDS, WHISKY,
                              WOOL, Context)
from .knowledge import bundled

_I = GOOD_INDEX
_COSTS = TABLES["costs"]

Move = Dict[str, Any]


#: a move the policy sees no use in: played only when nothing else is possible
JUNK = -100.0

#: the parameters and their defaults (VP unless named)


DEFAULTS: Dict[str, Any] = {
    # The starting point of the tuning (python -m cairn train caledonia-policy), set by hand
    # from earlier tuning runs of this policy; the shipped numbers are in data/.
    # VP per pound with k = 0..5 action phases still to come (0: the final scoring's 10 a VP):
    # early pounds are dear (a contract taken in round 1 pays, units pay back later)
    "mv": [0.1, 0.39, 0.37, 0.56, 0.74, 0.96],
    # a good in stock is worth this share of its sale price (or its final VP, if more)
    "sale": 0.67,
    # a hop, a free-land expand, a bonus upgrade, a fulfilled contract's step in the
    # ranking beyond what the ranking gives (the solo thresholds are counted exactly)
    "hop": 0.7, "free_land": 2.5, "bonus_upgrade": 3.0, "count": 5.0,
    # VP of the action and the merchant a missing good or animal still costs
    "friction": 0.84,
    # take a contract only when its net worth exceeds this; a contract that cannot be
    # finished this round (and it is the last) is not taken
    "take_threshold": 2.2,
    # a merchant hired, per action phase still to come (after this one) ...
    "hire": [0.0, 1.6, 2.5, 0.45, 2.5, -0.4],
    # ... up to this many merchants in the pool and on the market, by round
    "pool_target": [2, 6, 4, 5, 7],
    # a shipping step, by the level reached (1 river, 2 loch-1, ... 5 loch-4)
    "ship": [0.0, -1.7, 2.9, -2.0, 0.45, -1.8],
    # a dairy/bakery/distillery without its input (or an input without its factory): this
    # share of the pair it would make with the unit it lacks
    "unfed": 0.0,
    # an animal whose meat the open contract still needs
    "meat_need": 4.6,
    # sell goods only while money is below this many pounds (by round)
    "cash_floor": [25, 60, 0, 30, 14],
    # pass when no move is worth more than this
    "pass_threshold": -3.0,
    # the starting tiles: a clan's worth in pounds beyond its tile (index: data order)
    "clan": {"buchanan": 6, "campbell": 4, "cunningham": 2, "fergusson": 6, "macdonald": 2,
             "macewen": 3, "mackenzie": 3, "robertson": 4, "stewart": 7},
    # MacKenzie: keep whisky in the cellar while at least this many production phases are left
    "cellar_rounds": 2,
    # random moves in rollouts (per thousand decisions)
    "noise": 0,
    # keep this share of the money the open contract's missing goods cost
    "reserve": 0.0,
    # the share of the wool / bread / cheese / whisky in stock or to come that will go into
    # a contract (each worth the purchase it saves), by GOODS order
    "use": [0.64, 0.0, 0.0, 0.89, 0.85, 0.88],
    # a round of waiting for the open contract's goods (the export box stays blocked)
    "delay": 2.9,
    # settlements: a new one's worth beyond the ranking (the solo thresholds)
    "settle_each": 0.1,
    # grain, milk or wool beyond what contracts and factories use: sold above this many
    "surplus": 6,
}


def load_params(text: Optional[str] = None) -> Dict[str, Any]:
    """The tuned parameters (``data/caledonia_policy.json``) over :data:`DEFAULTS`."""
    params = json.loads(json.dumps(DEFAULTS))
    if text is None:
        text = bundled("caledonia_policy.json")
        if text is None:
            return params
    data = json.loads(text)
    for k, v in data.get("params", {}).items():
        if k in params:
            params[k] = v
    return params


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
        best, best_v = legal[0], -INF
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
        return fn(ctx, m) if fn is not None else JUNK

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
            if unit in ANIMAL_GOOD:
                v -= ctx.good_worth(ANIMAL_GOOD[unit]) * min(ctx.prods, 3) * 0.5
        return v

    def _m_take_contract(self, ctx: Context, m: Move) -> float:
        return self._take_worth(ctx, m["contract"], pay=True) - self.P["take_threshold"]

    def _take_worth(self, ctx: Context, cid: int, pay: bool) -> float:
        cost = ctx.completion_cost(cid)
        if cost == INF:
            return -INF
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
                return JUNK
            # buying what the open contract lacks: all of it when that finishes the contract
            # this round, else what the seat's units will not make in time
            coming = ctx.made[i] * max(0, ctx.k - 1)
            urgent = max(0, short - coming) if ctx.k > 1 and not ctx.finishable_now() else short
            return min(n, urgent) * (4.0 + ctx.P["friction"]) + max(0, n - urgent) * 0.2 \
                - n * price * ctx.mv * 0.2
        keep = ctx.need.get(i, 0)
        if ctx.p.goods[i] - n < keep or ctx.p.pool - n < ctx.to_buy_now():
            return JUNK   # the open contract's goods, or the merchants that must buy them
        floor = self.P["cash_floor"][min(ctx.state.round, ROUNDS) - 1]
        worth = ctx.good_worth(i)
        if ctx.p.goods[i] - n >= keep + ctx.consumed(i) + self.P["surplus"]:
            worth = float(GOOD_VP[i])   # more than contracts and factories will use: scores only
        gain = n * (price * ctx.mv - worth)
        if ctx.k <= 1:
            # the last round: sell what scores less than it sells for (10 pounds a VP)
            gain = n * (price * ctx.P["mv"][0] - GOOD_VP[i])
            return gain
        if ctx.p.money >= floor:
            gain -= n * 0.5
        return gain - n * ctx.P["friction"] * (1.0 if ctx.missing else 0.3)

    def _m_expand(self, ctx: Context, m: Move) -> float:
        unit = m["unit"]
        cost = ctx.cheapest(unit)
        if cost is None:
            return -INF
        v = ctx.unit_worth(unit) - cost * ctx.mv
        if unit not in ctx.animals_missing and not ctx.spendable(cost):
            v -= 3.0   # money for the open contract's goods comes first
        return v

    def _m_hire(self, ctx: Context, m: Move) -> float:
        p = ctx.p
        have = ctx.merchants
        target = self.P["pool_target"][min(ctx.state.round, ROUNDS) - 1]
        if have >= target or not ctx.spendable(_COSTS["hire"]) or (ctx.k <= 1 and p.pool >= ctx.to_buy_now()):
            return JUNK
        return self.P["hire"][max(0, ctx.k - 1)] + (0.5 if ctx.missing and p.pool == 0 else 0.0) \
            - _COSTS["hire"] * ctx.mv + ctx.tiles_ahead("upgrades", 1)

    def _m_technology(self, ctx: Context, m: Move) -> float:
        w = m["worker"]
        n = ctx.p.deployed[w]
        if not ctx.spendable(_COSTS["technology"]):
            return JUNK
        return 2 * n * ctx.income_cum - _COSTS["technology"] * ctx.mv + ctx.tiles_ahead("upgrades", 1)

    def _m_shipping(self, ctx: Context, m: Move) -> float:
        level = ctx.p.shipping + 1
        ship = self.P["ship"]
        if not ctx.spendable(_COSTS["shipping"]):
            return JUNK
        if ctx.k <= 1:   # the last round: only a scoring tile still pays for it
            return ctx.tiles_ahead("upgrades", 1) - _COSTS["shipping"] * ctx.mv
        return ship[min(level, len(ship) - 1)] * ctx.k / ROUNDS - _COSTS["shipping"] * ctx.mv \
            + ctx.tiles_ahead("upgrades", 1)

    def _m_port(self, ctx: Context, m: Move) -> float:
        tile = m["port"]
        P = self.P
        if tile == 1:
            return 10.0
        if tile == 2:
            return 2 * ctx.good_worth(WOOL) - 0.2
        if tile == 3:
            return ctx.good_worth(CHEESE) - 0.2
        if tile == 4:
            return 3.0 + P["bonus_upgrade"]
        if tile == 5:
            return 10 * ctx.mv
        if tile == 6:
            i = _I[m["good"]]
            if ctx.missing.get(i) and m["steps"] < 0:
                return 1.0
            return JUNK
        if tile == 8:
            return 5 * ctx.mv + 0.1
        if tile == 9:
            return 1.0 - 3 * ctx.mv
        return JUNK

    def _m_row(self, ctx: Context, m: Move) -> float:
        return JUNK

    def _m_uncask(self, ctx: Context, m: Move) -> float:
        spot = m.get("spot", 0)
        if spot >= 2 or ctx.k <= 1:
            return 1.0
        return JUNK

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
        return fsum(self._take_worth(ctx, c, pay=True) for c in ids) - self.P["take_threshold"]

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
            return m.get("grain", 0) * 9 * ctx.mv - m.get("grain", 0) * ctx.good_worth(GRAIN)
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
            # each factory's product against its input, at their worth after this production;
            # grain baked into bread is grain no distillery (the next step) can use
            g, n = m["good"], m["n"]
            w = ctx.good_worth
            if g == "bread":
                grain = ctx.p.goods[GRAIN]
                whisky = min(ctx.p.deployed["distillery"], grain - n)
                need = max(0, ctx.need.get(BREAD, 0) - ctx.p.goods[BREAD])
                return n * (w(BREAD) - w(GRAIN)) + whisky * (w(WHISKY) - w(GRAIN)) + min(n, need) * 2.0
            src = MILK if g == "cheese" else GRAIN
            out = _I[g]
            return n * (w(out) - w(src)) + 0.01 * n
        if t == "cellar":
            return float(m.get("whisky", 0)) if ctx.prods + 0 >= self.P["cellar_rounds"] else -m.get("whisky", 0)
        if t == "butter":
            milk = m.get("milk", 0)
            keep = ctx.need.get(MILK, 0)
            return milk * (8 * ctx.mv_next - ctx.good_worth(MILK)) - (1.0 if ctx.p.goods[MILK] - milk < keep else 0.0)
        return 0.0

    def _phase_clan_pick(self, ctx: Context, m: Move) -> float:
        tile = STARTING_TILES[m["tile"]]
        v = float(tile.money) + sum(n * PRICE[_I[g]][3] for g, n in tile.goods)
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
