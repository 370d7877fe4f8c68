"""What the bots know about Clans of Caledonia.

Two bots in one module's knowledge:

* **hard** plays rollout lookahead (:mod:`cairn.bots.lookahead`): the strategy policy's
  best moves (:mod:`cairn.bots.caledonia_policy`, the best of each kind of move first), each
  played out to where the next round begins by every seat as the policy plays (the solo
  opponent by its cards), the positions reached judged by the round-start value
  (:mod:`cairn.bots.caledonia_value`), exact at the end of the game; sub-decisions where the
  policy knows best (where a unit goes, what a bonus gives, processing) are the policy's.
* **easy** and **medium** (and ``hard0``, hard before the lookahead, kept for benchmarks) play
  the tree search over the points forecast below, with these candidates and rollouts.

The forecast per seat, in victory points (VP) at the end of the game:

* what the final scoring gives today for glory, hops, imports and the
  contract and settlement rankings (``scoring.final_scores``);
* money and goods at what they are worth *now*: a pound buys land, units and
  contract goods while action phases are left (about 0.4 VP), only a tenth of
  a VP once none is; a good is worth its final VP or three quarters of its
  sale price (the action, the merchant, the price it pushes down), whichever
  is more;
* the production still to come: each unit's income and goods in every
  production phase left, valued at the money value of the round after it,
  and the processing its factories will add (milk to cheese, grain to bread
  or whisky, as far as the seat's own farms feed them);
* each open contract: what fulfilling it pays (imports at today's rarity,
  hops, money, free land, bonus upgrades) less the goods and animals it will
  consume or that are still to buy, times the chance to finish it in time;
* the scoring tiles of the rounds not yet scored, at today's standings;
* the pass money a seat still to pass will receive; a unit being placed
  (an Expand whose space is still to choose) at its value less its cost.

At the end it is exactly ``rules.scores()``.  These are the hand forecast's parts
(:data:`FEATURES`); the bots weigh them, and a few counts more, by weights learned from
self-play per number of action phases left (``data/caledonia.json``, written by
``python -m cairn train caledonia``, :mod:`cairn.bots.train`); without that file every part
weighs 1.  The learned forecast at 300 iterations against the solo opponent at difficulty 3
(20 games): 118.6 points on average against the hand forecast's 110.
"""
from __future__ import annotations

from math import fsum   # the same sum on every Python (3.12 changed sum() of floats)
import json
from typing import Any, Dict, List, Optional

from ..caledonia import economy, scoring
from ..caledonia.board import connected_settlements
from ..caledonia.data import (BASIC, CONTRACTS, GOOD_INDEX, GOODS, PRICES, TABLES,
                              UNIT_TYPES)
from ..caledonia.expand import placements
from ..caledonia.production import worker_income
from ..caledonia.rounds import pass_money
from ..caledonia.state import ACTIONS, OVER, PRODUCTION
from ..core.rng import Rng
from . import caledonia_value
from .caledonia_policy import JUNK, Policy
from .knowledge import Knowledge, bundled

Move = Dict[str, Any]

ROUNDS = int(TABLES["rounds"])
#: VP per pound by the action phases still to come in which it may be spent
#: (none: the final scoring's 10 pounds a VP)
MONEY = (0.1, 0.2, 0.3, 0.38, 0.4, 0.4)
#: chance to fulfil an open contract with everything in hand / with goods to get
SURE, UNSURE, LATE = 0.9, 0.75, 0.5
FREE_LAND_VP = 3.0     # a free-land Expand: land saved and an Expand without the action
BONUS_UPGRADE_VP = 2.0
MERCHANT_VP = 0.3      # per merchant beyond the first two, per action phase left
SHIPPING_VP = 0.4      # per shipping step (reach, linking settlements), per action phase left
ACTION_FRICTION = 0.5  # VP of the action a missing good or animal still costs
SALE = 0.75            # share of the market price a good in stock is worth while it may be sold

_I = GOOD_INDEX
_FINAL = TABLES["final"]
_BASIC_VP = _FINAL["basic_vp"]
_PROCESSED_VP = _FINAL["processed_vp"]
_VP = tuple(_BASIC_VP if g in BASIC else _PROCESSED_VP for g in GOODS)
_PRICE = tuple(PRICES[g] for g in GOODS)
_MILK, _GRAIN, _WOOL = _I["milk"], _I["grain"], _I["wool"]
_CHEESE, _BREAD, _WHISKY = _I["cheese"], _I["bread"], _I["whisky"]
_MEAT_UNIT = {"beef": "cow", "mutton": "sheep"}
_UNIT_COST = {u: t.cost for u, t in UNIT_TYPES.items()}
_MERCHANTS = TABLES["merchants"]
_SETUP_PHASES = frozenset(("auction", "clan_pick", "start_workers"))

#: the forecast's parts per seat (:meth:`CaledoniaKnowledge.features`): the hand forecast is
#: the sum of the first eight; ``k`` (action phases left, the last) picks the learned weights
FEATURES = ("scored", "money", "goods", "production", "contracts_open", "tiles", "upgrades",
            "pending", "bias", "pounds", "units", "workers", "animals", "settlements", "income",
            "fulfilled", "contracts_held", "setup", "k")
HAND = tuple(range(8))
K = len(FEATURES) - 1


def action_phases_left(state: Any, passed: bool = False) -> int:
    """Action phases still to come in which a seat may spend (this one if it is
    under way and the seat has not passed)."""
    phase = state.phase
    if phase == OVER:
        return 0
    if phase in _SETUP_PHASES:
        return ROUNDS
    left = ROUNDS - state.round
    if phase == ACTIONS and not passed:
        left += 1
    return left


def productions_left(state: Any) -> List[int]:
    """The rounds whose production phase is still to come (incomes not paid yet)."""
    phase = state.phase
    if phase == OVER:
        return []
    if phase in _SETUP_PHASES:
        return list(range(1, ROUNDS + 1))
    first = state.round + (1 if phase == PRODUCTION else 0)
    return list(range(first, ROUNDS + 1))


def _good_value(i: int, pos: int, k: int) -> float:
    """A good in stock: its final VP, or what selling it would bring while it may still be
    sold (less a share for the action, the merchant and the price it pushes down)."""
    return max(float(_VP[i]), SALE * _PRICE[i][pos] * MONEY[k])


#: _VALUE[k][good][price position]: a good's worth with k action phases left
_VALUE = tuple(tuple(tuple(_good_value(i, pos, k) for pos in range(len(_PRICE[i])))
                     for i in range(len(GOODS))) for k in range(len(MONEY)))
_HIRED0 = _MERCHANTS["total"] - _MERCHANTS["pool"]


def good_value(state: Any, i: int, k: int) -> float:
    """Good ``i`` in stock at today's price, with ``k`` action phases left."""
    return _VALUE[k][i][state.prices[i]]


#: settlement counts by (seat's unit spaces, shipping): the final scoring's costliest part
_SETTLED: Dict[Any, int] = {}


def _settlements(state: Any) -> List[int]:
    """``scoring.settlement_counts``, remembered per seat's units and shipping level."""
    own: List[List[int]] = [[] for _ in state.players]
    for s, (o, _u) in state.units.items():
        own[o].append(s)
    out = []
    board = None
    for seat, p in enumerate(state.players):
        key = (state.sides, state.n, p.shipping, frozenset(own[seat]))
        n = _SETTLED.get(key)
        if n is None:
            if board is None:
                board = economy.board_of(state)
            n = connected_settlements(board, own[seat], p.shipping)
            if len(_SETTLED) > 20000:
                _SETTLED.clear()
            _SETTLED[key] = n
        out.append(n)
    return out


class CaledoniaKnowledge(Knowledge):
    scale = 15.0
    rollout_plies = 4     # the rest of the turn and the next seat's: then the forecast
    prior_depth = 2
    prior_weight = 3
    # the levels (see cairn.bots): easy judges a move one step ahead (an Expand is judged
    # with its unit placed on the cheapest space: see _pending_value)
    easy_noise = 1.0
    easy_follow = 0
    # medium 30 iterations of the tree search (beats easy in about 70% of games); the tree
    # search at 1000 within 0.9 s was hard until the lookahead (hard0 in benchmarks)
    medium_iterations = 30
    medium_seconds = 0.4
    # hard: rollouts of the rest of the round (about what Pyodide plays in its 0.8 s on a
    # laptop; at least 8 on a slow device); hard0: the tree search it played before
    hard_iterations = 64
    hard_seconds = 0.8
    hard_fewest = 8
    tree_iterations = 1000
    #: None: an open contract's chance is SURE with everything in hand, else UNSURE (LATE in
    #: the last action phase); a number: SURE times (floor + the share in hand of the rest).
    #: 0.4 against None at medium, 57 games: 54% of wins, 103 vs 99 points on average: kept off
    #: until a longer run shows it
    contract_floor: Any = None
    #: fulfil a contract whenever one can be (as the solo opponent does), and never sell
    #: goods an open contract still needs
    contract_focus = True
    #: learned weights per action phases left (None: the hand forecast); see :func:`load_weights`
    weights: Any = None
    #: with an open contract: only buy what it still lacks (or expand the animal its meat
    #: needs) while that is possible
    contract_drive = True

    # -- hard: rollout lookahead to the start of the next round (cairn.bots.lookahead) -------
    hard_search = "lookahead"
    #: candidates hard plays out: the strategy policy's best this many
    lookahead_width = 8

    #: decisions hard leaves to the strategy policy (no rollouts): where a unit goes, what a
    #: bonus or an exchange gives, the processing at production
    policy_decides = frozenset(("place", "neighbour", "exchange", "swap", "port1", "port6", "port9",
                                "fulfil_more"))

    def plan_candidates(self, rules: Any, state: Any, legal: List[Move]) -> List[Move]:
        """The strategy policy's best moves, best first (only its best where it decides):
        the best of each kind of move first (take a contract, buy, sell, expand, hire, pass,
        ...), so that the rollouts weigh different plans, then the next best."""
        if len(legal) <= 1:
            return legal
        scores = POLICY.scores(state, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        alone = state.phase == PRODUCTION or (state.pending and state.pending[-1]["kind"] in self.policy_decides)
        if alone:
            return [legal[order[0]]]
        width = self.lookahead_width
        kinds, first, rest = set(), [], []
        for i in order:
            m = legal[i]
            kind = (m["type"], m.get("side"))
            if kind in kinds or scores[i] <= JUNK:
                rest.append(i)
            else:
                kinds.add(kind)
                first.append(i)
        picked = sorted(first[:width], key=lambda i: -scores[i])
        return [legal[i] for i in (picked + rest)[:width]]

    def play_to_horizon(self, rules: Any, state: Any, rng: Rng, seat: int) -> None:
        """The rest of the round, every seat by the strategy policy (the solo opponent by
        its cards), to where the next round begins or the game ends."""
        r = state.round
        current, legal_moves, apply, choose = rules.current_player, rules.legal_moves, rules.apply, POLICY.choose
        while current(state) is not None and state.round == r:
            legal = legal_moves(state)
            apply(state, legal[0] if len(legal) == 1 else choose(state, legal, rng))

    def strategy_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """The strategy policy's move (what the lookahead plays its rounds out with)."""
        return POLICY.choose(state, legal, rng)

    def horizon_value(self, rules: Any, state: Any) -> List[float]:
        return caledonia_value.value(state)

    # -- the forecast ----------------------------------------------------------------------
    def evaluate(self, rules: Any, state: Any) -> List[float]:
        if state.phase == OVER:
            return [float(s["total"]) for s in rules.scores(state)]
        weights = self.weights
        out = []
        for seat, row in enumerate(self.features(state)):
            if isinstance(row, float):  # the solo opponent: its score today
                out.append(row)
            elif weights is None:
                out.append(fsum(row[i] for i in HAND))
            else:
                w = weights[int(row[K])]
                out.append(fsum(a * b for a, b in zip(w, row)))
        return out

    def features(self, state: Any) -> List[Any]:
        """Per seat, the forecast's parts (:data:`FEATURES`), or the solo opponent's score
        today (a float).  The hand forecast adds up the parts in :data:`HAND`; learned
        weights (``python -m cairn train caledonia``) weigh every part, per action phases left."""
        players = state.players
        settled = _settlements(state)
        rows = scoring.final_scores(state, settled)
        prods = productions_left(state)
        # in the setup the round is 1: every tile is still to come
        unscored = state.scoring[state.round - 1:] if state.scoring else ()
        prices = state.prices
        values = [[row[i][pos] for i, pos in enumerate(prices)] for row in _VALUE]
        imports = scoring.import_values(state)
        fulfilled = [len(p.fulfilled) for p in players]
        acting = state.phase == ACTIONS
        setup = 1.0 if state.phase in _SETUP_PHASES else 0.0
        out: List[Any] = []
        for seat, (p, row) in enumerate(zip(players, rows)):
            b = row["breakdown"]
            if p.automa:
                out.append(float(row["total"]))
                continue
            k = action_phases_left(state, p.passed)
            gv = values[k]
            money = p.money + scoring.cellar_pounds(p)
            goods = 0.0
            for i, n in enumerate(p.goods):
                if n:
                    goods += n * gv[i]
            open_value = 0.0
            if p.contracts:
                gain = _ranking_gain(state, seat, fulfilled)
                for cid in p.contracts:
                    open_value += _contract_value(state, p, cid, k, gv, imports, gain, self.contract_floor)
            tiles = 0.0
            for t in unscored:
                tiles += scoring.tile_glory(state, seat, t)
            upgrades = 0.0
            if k:
                hired = _HIRED0 - p.track
                upgrades = k * (MERCHANT_VP * hired + SHIPPING_VP * min(p.shipping, 3))
                if acting and not p.passed:
                    upgrades += pass_money(state, len(state.next_order)) * MONEY[k - 1]
            d = p.deployed
            units = sum(d.values())
            pending = 0.0
            if acting and state.pending and seat == state.cur:
                pending = _pending_value(state, seat, prods, values)
            out.append([
                float(b["glory"] + b["hops"] + b["imports"] + b["contracts"] + b["settlements"] + b.get("bid", 0)),
                money * MONEY[k], goods, _production_value(p, prods, values), open_value, tiles,
                upgrades, pending,
                # the learned weights' own parts (none in the hand forecast)
                1.0, float(money), float(units), float(d["woodcutter"] + d["miner"] + d["fisherman"]),
                float(d["sheep"] + d["cow"]), float(settled[seat]), float(worker_income(p)),
                float(fulfilled[seat]), float(len(p.contracts)), setup, float(k)])
        return out

    # -- which moves to search -------------------------------------------------------------
    def candidates(self, rules: Any, state: Any, legal: List[Move]) -> List[Move]:
        """Production: make as much cheese and whisky as possible (a processed good is worth
        more than its input both as VP and at the market); bread keeps every choice (its
        grain may be better spent on whisky).  Placing a unit: the ten cheapest spaces.
        Everything else is kept."""
        first = legal[0]
        t = first["type"]
        if t == "produce" and first["good"] != "bread":
            return [legal[-1]]
        if t == "place" and len(legal) > 10:
            return _cheapest_places(state, legal, 10)
        if self.contract_focus and state.phase == ACTIONS and not state.pending:
            return _contract_moves(state, legal, self.contract_drive)
        return legal

    # -- rollouts --------------------------------------------------------------------------
    def rollout_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """Fulfil a contract when possible; expand (cheap land) often; take a contract
        when the box is empty; sell goods when short of money; pass only when little
        else is worth doing; production at the most.  One move in ten at random."""
        if rng.below(10) == 0:
            return legal[rng.below(len(legal))]
        first = legal[0]["type"]
        if first == "produce":
            return legal[-1]
        if state.phase != ACTIONS:
            return legal[rng.below(len(legal))]
        if state.pending:
            kind = state.pending[-1]["kind"]
            if kind == "place":
                near = _cheapest_places(state, legal, 3)
                return near[rng.below(min(3, len(near)))]
            if kind == "neighbour":
                return legal[-1] if rng.below(2) else legal[rng.below(len(legal))]
            if kind == "rewards":
                useful = [m for m in legal if m["type"] != "done"]
                if useful:
                    return useful[rng.below(len(useful))]
            return legal[rng.below(len(legal))]
        by: Dict[str, List[Move]] = {}
        for m in legal:
            by.setdefault(m["type"], []).append(m)
        if "fulfil" in by:
            return by["fulfil"][0]
        p = state.players[state.cur]
        roll = rng.below(8)
        if "expand" in by and roll < 4:
            ms = by["expand"]
            return ms[rng.below(len(ms))]
        if "take_contract" in by and not p.contracts and roll < 6:
            ms = by["take_contract"]
            return ms[rng.below(len(ms))]
        if "trade" in by:
            sells = [m for m in by["trade"] if m["side"] == "sell"]
            if sells and p.money < 12:
                return sells[rng.below(len(sells))]
        if "end_turn" in by:
            return by["end_turn"][0]
        others = [m for m in legal if m["type"] not in ("pass", "port", "row", "uncask")]
        if not others or (p.money < 6 and rng.below(2)):
            return by["pass"][0] if "pass" in by else legal[rng.below(len(legal))]
        return others[rng.below(len(others))]


# -- helpers ---------------------------------------------------------------------------------
def _production_value(p: Any, prods: List[int], values: List[List[float]]) -> float:
    """Income, basic goods and processing of the production phases still to come."""
    if not prods:
        return 0.0
    d = p.deployed
    income = worker_income(p)
    cows, sheep, fields = d["cow"], d["sheep"], d["field"]
    dairies, stills, bakeries = d["dairy"], d["distillery"], d["bakery"]
    total = 0.0
    for r in prods:
        k = ROUNDS - r  # action phases after this production
        gv = values[k]
        v = income * MONEY[k] + sheep * gv[_WOOL] + cows * gv[_MILK] + 2 * fields * gv[_GRAIN]
        if dairies:
            v += min(dairies, cows) * max(0.0, gv[_CHEESE] - gv[_MILK])
        grain = 2 * fields
        if grain and (stills or bakeries):
            w = min(stills, grain)
            v += w * max(0.0, gv[_WHISKY] - gv[_GRAIN])
            v += min(bakeries, grain - w) * max(0.0, gv[_BREAD] - gv[_GRAIN])
        total += v
    return total


def _unit_value(state: Any, p: Any, unit: str, prods: List[int], values: List[List[float]]) -> float:
    """What one more ``unit`` on the map adds to the seat's production to come."""
    before = _production_value(p, prods, values)
    p.deployed[unit] += 1
    try:
        return _production_value(p, prods, values) - before
    finally:
        p.deployed[unit] -= 1


def _ranking_gain(state: Any, seat: int, counts: List[int]) -> float:
    """What one more fulfilled contract would add to ``seat``'s place in the contract
    ranking at today's standings (none in the solo mode and against the solo opponent:
    their rankings differ and the gain is small beside the rest)."""
    n = state.n
    if n < 2 or any(p.automa for p in state.players):
        return 0.0
    vps = _FINAL["contracts_small" if n == 2 else "contracts_large"]
    before = scoring.split_places(counts, vps)[seat]
    more = counts[:]
    more[seat] += 1
    return float(scoring.split_places(more, vps)[seat] - before)


def _contract_value(state: Any, p: Any, cid: int, k: int, gv: List[float],
                    imports: Dict[str, int], gain: float = 0.0, floor: Any = None) -> float:
    """An open contract: its rewards (and its step up the contract ranking) less what it
    consumes or still needs, times the chance to fulfil it in the action phases left
    (never below nothing: it may be left)."""
    if k <= 0:
        return 0.0
    c = CONTRACTS[cid]
    mv = MONEY[k]
    reward = gain + c.hops + c.money * mv + FREE_LAND_VP * c.free_land + BONUS_UPGRADE_VP * c.bonus_upgrade
    for g, n in c.imports:
        reward += n * imports[g]
    cost = 0.0
    missing = 0
    for g, n in c.needs:
        unit = _MEAT_UNIT.get(g)
        if unit is not None:
            have = min(n, p.deployed[unit])
            # an animal slaughtered: its goods to come are lost
            cost += have * gv[_MILK if unit == "cow" else _WOOL] * min(k, 3)
            cost += (n - have) * ((_UNIT_COST[unit] + 2) * mv + ACTION_FRICTION)
            missing += n - have
        else:
            i = _I[g]
            have = min(n, p.goods[i])
            cost += have * gv[i]
            cost += (n - have) * (_PRICE[i][state.prices[i]] * mv + ACTION_FRICTION)
            missing += n - have
    if floor is None:
        chance = SURE if not missing else (UNSURE if k >= 2 else LATE)
    else:  # the chance grows with every good and animal in hand
        needed = sum(n for _, n in c.needs)
        low = floor if k >= 2 else floor * LATE / UNSURE
        chance = SURE * (low + (1.0 - low) * (needed - missing) / needed) if needed else SURE
    value = chance * (reward - cost)
    return value if value > 0 else 0.0


def _pending_value(state: Any, seat: int, prods: List[int], values: List[List[float]]) -> float:
    """The open decision of the turn in progress, at what it will most likely give."""
    top = state.pending[-1]
    kind = top["kind"]
    p = state.players[seat]
    k = action_phases_left(state, p.passed)
    if kind == "place":
        unit = top["unit"]
        spaces = placements(state, seat, unit, top["free_land"])
        if not spaces:
            return 0.0
        cost = min(economy.expand_cost(state, seat, unit, s, top["free_land"]) for s in spaces)
        return _unit_value(state, p, unit, prods, values) - cost * MONEY[k]
    if kind == "rewards":
        return FREE_LAND_VP * top["free_land"] + BONUS_UPGRADE_VP * top["upgrades"]
    return 0.0


def contract_needs(p: Any) -> Dict[int, int]:
    """Goods (by index) the seat's open contracts need, meat excluded (it comes from animals)."""
    need: Dict[int, int] = {}
    for cid in p.contracts:
        for g, n in CONTRACTS[cid].needs:
            i = _I.get(g)
            if i is not None:
                need[i] = need.get(i, 0) + n
    return need


def _contract_moves(state: Any, legal: List[Move], drive: bool = False) -> List[Move]:
    """A top-level decision: only fulfilments when a contract can be fulfilled; else every
    move but selling goods an open contract needs (never empty).  ``drive``: with goods or
    animals still missing, only the purchases (no more than missing) and Expands that bring
    them, while any is possible."""
    fulfil = [m for m in legal if m["type"] == "fulfil"]
    if fulfil:
        return fulfil
    p = state.players[state.cur]
    if not p.contracts:
        return legal
    need = contract_needs(p)
    goods = p.goods
    if drive:
        missing = {i: n - goods[i] for i, n in need.items() if n > goods[i]}
        animals = set()
        for cid in p.contracts:
            for g, n in CONTRACTS[cid].needs:
                unit = _MEAT_UNIT.get(g)
                if unit is not None and p.deployed[unit] < n:
                    animals.add(unit)
        drive_moves = [m for m in legal
                       if (m["type"] == "trade" and m["side"] == "buy"
                           and m["n"] <= missing.get(_I[m["good"]], 0))
                       or (m["type"] == "expand" and m["unit"] in animals)]
        if drive_moves:
            return drive_moves
    keep = [m for m in legal if not (m["type"] == "trade" and m["side"] == "sell"
                                     and goods[_I[m["good"]]] - m["n"] < need.get(_I[m["good"]], 0))]
    return keep or legal


def _cheapest_places(state: Any, legal: List[Move], n: int) -> List[Move]:
    """The ``n`` place moves on the cheapest land (ties: the map's order)."""
    spaces = economy.board_of(state).spaces
    places = [m for m in legal if m["type"] == "place"]
    others = [m for m in legal if m["type"] != "place"]
    return sorted(places, key=lambda m: spaces[m["space"]].cost)[:n] + others


def load_weights(text: Optional[str] = None) -> Optional[List[List[float]]]:
    """The learned weights (``data/caledonia.json``, written by ``python -m cairn train
    caledonia``): one row of :data:`FEATURES` weights per action phases left (0-5); None
    when the file is missing or was trained on other features."""
    if text is None:
        text = bundled("caledonia.json")
        if text is None:
            return None
    data = json.loads(text)
    if data.get("features") != list(FEATURES):
        return None
    return [[float(x) for x in row] for row in data["weights"]]


KNOWLEDGE = CaledoniaKnowledge()
KNOWLEDGE.weights = load_weights()
POLICY = Policy()
