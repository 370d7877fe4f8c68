"""Where the official solo opponent puts its units: starting workers, Expand, the neighbourhood
bonus and port claims (the rest of its rules are in :mod:`.automa`).

Expand (the support card supplies modules, criteria order and the pointer step):

1. Candidate spaces: free active land in its reach (:func:`.board.reach` at its shipping level)
   inside the support card's modules (round 5: every module) where some unit from its board
   suits the land and it can pay unit + land.
2. The criteria in the card's order (round 5: Settlements first, the rest in the card's
   order) each keep the candidates that meet it best; a criterion no candidate meets keeps them
   all.  Left-over ties: random.

   * ``St`` Settlements: best a space that joins two of its settlement groups that were not
     within shipping reach of each other (the joined group then counts more settlements than
     each part did); next best one that adds a new settlement (not next to any of its units).
   * ``$`` Min cost: the lowest printed land cost.
   * ``N`` Neighbourhood: the most goods it would buy through the neighbourhood bonus there.
   * ``P`` Port: a space that brings a port tile it has not claimed into reach.
3. The unit pointer moves on by the support card's step; the unit is the first in the cycle
   (sheep, cow, cheese dairy, bakery, field, distillery, worker) from the pointer that suits
   the space, is left on its board and is affordable; for "worker": an upgraded worker type
   first, else a random one of those that fit.  It pays unit + land.
4. Neighbourhood bonus: of the goods made by neighbouring rival farm units (no river between,
   never from workers) that it could buy, it buys one kind only, the one whose price marker
   is lowest (ties: random), by the good's bracket: upper none, middle up to 2, lower up to 4
   (never more than the table's per-good limit, 3, or 4 with 2 players) while merchants last;
   never a good it sold this round.  It pays nothing for the goods, gets none, and gains 3
   pounds per merchant placed; the price moves.
5. A port tile coming into reach is claimed at once for 10 pounds instead of its effect.

Readings where the notes are silent are marked ``Reading:`` in the docstrings.
"""
from __future__ import annotations

from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..core.i18n import msg, seat_ref
from . import economy as eco
from .board import Board, port_in_reach, reach, settlements
from .data import (AUTOMA_CYCLE, AUTOMA_DECK, GOOD_INDEX, TABLES, UNIT_TYPES, WORKERS, bracket)
from .expand import reach_of
from .hexgeom import distance
from .state import CaledoniaState
from .words import money, space_name, unit_a, where

_A = TABLES["automa"]
_NB = TABLES["neighbourhood"]
BRACKET_BUY = {"upper": 0, "middle": 2, "lower": 4}
MODULES = ("A", "B", "C", "D")


def _roll(state: CaledoniaState, n: int) -> int:
    state.reveals += 1
    return state.rng.below(n)


def _pick(state: CaledoniaState, items: Sequence[Any]) -> Any:
    """One of ``items`` at random (no draw when there is only one)."""
    items = list(items)
    return items[_roll(state, len(items))] if len(items) > 1 else items[0]


def _seat(state: CaledoniaState) -> int:
    assert state.automa is not None
    return state.automa.seat


# -- units ---------------------------------------------------------------------------------------
def worker_for(state: CaledoniaState, space: int) -> Optional[str]:
    """The worker it would place on ``space``: of the types that suit the land, are left on its
    board and that it can pay for, an upgraded type first, else a random one."""
    seat = _seat(state)
    p = state.players[seat]
    fits = [w for w in WORKERS if eco.units_left(state, seat, w) > 0 and eco.suits(state, seat, w, space)
            and p.money >= eco.expand_cost(state, seat, w, space)]
    if len(fits) > 1:
        upgraded = [w for w in fits if p.tech[WORKERS.index(w)]]
        if len(upgraded) == 1:
            return upgraded[0]
        return _pick(state, fits)
    return fits[0] if fits else None


def _farm_fits(state: CaledoniaState, unit: str, space: int) -> bool:
    seat = _seat(state)
    return (eco.units_left(state, seat, unit) > 0 and eco.suits(state, seat, unit, space)
            and state.players[seat].money >= eco.expand_cost(state, seat, unit, space))


def cheapest_by_land(state: CaledoniaState) -> Dict[str, int]:
    """For each land type, the cheapest unit cost among the units left on its board that go
    there (a space fits some unit when that plus the land cost is affordable)."""
    seat = _seat(state)
    best: Dict[str, int] = {}
    for u, t in UNIT_TYPES.items():
        if eco.units_left(state, seat, u) > 0:
            c = eco.unit_cost(state, seat, u)
            if c < best.get(t.land, 1 << 30):
                best[t.land] = c
    return best


def unit_order(pointer: int) -> List[str]:
    """The unit cycle starting at the pointer (``"worker"`` stands for both worker types)."""
    k = len(AUTOMA_CYCLE)
    return [AUTOMA_CYCLE[(pointer + i) % k] for i in range(k)]


def unit_for(state: CaledoniaState, space: int, pointer: int) -> Optional[str]:
    """The first unit in pointer order that suits ``space``, is left and affordable."""
    for kind in unit_order(pointer):
        if kind == "worker":
            w = worker_for(state, space)
            if w:
                return w
        elif _farm_fits(state, kind, space):
            return kind
    return None


# -- ports ---------------------------------------------------------------------------------------
def unclaimed_ports(state: CaledoniaState, board: Board) -> List[Tuple[int, int]]:
    """(port tile, port spot) pairs in play that it has not claimed yet (none without ports)."""
    p = state.players[_seat(state)]
    return [(tile, spot) for tile, spot in zip(state.ports, board.ports) if tile not in p.ports_used]


def claim_ports(state: CaledoniaState) -> List[int]:
    """Claim every unclaimed port tile within its reach: its marker goes on the tile and it gains
    10 pounds instead of the tile's effect.  Returns the tiles claimed."""
    board = eco.board_of(state)
    seat = _seat(state)
    p = state.players[seat]
    now = reach_of(state, seat)  # cached; it has no fishermen, so this is port_in_reach's reach
    got = []
    for tile, spot in unclaimed_ports(state, board):
        if spot in now:
            p.ports_used.append(tile)
            p.money += _A["port_claim_money"]
            got.append(tile)
    return got


def port_where(state: CaledoniaState, tile: int) -> Dict[str, Any]:
    """A port tile by the module it lies in, in players' words ("the port in the north-west"),
    as a message rendered late."""
    return msg("the port {where}", where=where(MODULES[state.ports.index(tile)]))


# -- the neighbourhood bonus -------------------------------------------------------------------
def neighbour_goods(state: CaledoniaState, board: Board, space: int) -> List[str]:
    """Goods made by rival farm units neighbouring ``space`` (no river between; workers make
    nothing), each once, in market order."""
    seat = _seat(state)
    goods = set()
    for t in board.neighbours(space):
        unit = state.units.get(t)
        if unit is None or unit[0] == seat:
            continue
        ut = UNIT_TYPES.get(unit[1])
        if ut is not None and not ut.worker:
            goods.add(ut.makes)
    return sorted(goods, key=GOOD_INDEX.__getitem__)


def buy_limit(state: CaledoniaState, good: str) -> int:
    """How many of ``good`` it buys through the bonus: by the good's current bracket (upper 0,
    middle 2, lower 4), never more than the per-good limit of the table (3; 4 with 2 players:
    Reading, the solo notes' "up to 4" is the 2-seat limit), none of a good it sold this round."""
    p = state.players[_seat(state)]
    i = GOOD_INDEX[good]
    if p.market[i] < 0:
        return 0
    cap = _NB["max_per_good_two_players"] if state.n == 2 else _NB["max_per_good"]
    return min(BRACKET_BUY[bracket(state.prices[i])], cap)


def buyable(state: CaledoniaState, board: Board, space: int) -> List[str]:
    """The neighbours' goods it could buy some of from ``space`` (see :func:`buy_limit`) whose
    price marker is the lowest among them: the kind it buys is one of these."""
    goods = [g for g in neighbour_goods(state, board, space) if buy_limit(state, g) > 0]
    if not goods:
        return []
    low = min(state.prices[GOOD_INDEX[g]] for g in goods)
    return [g for g in goods if state.prices[GOOD_INDEX[g]] == low]


def neighbourhood_count(state: CaledoniaState, board: Board, space: int) -> int:
    """Goods it would buy by expanding to ``space``: of the one kind it would buy (the
    cheapest; equal markers share a bracket, so the same count), limited by its merchants."""
    goods = buyable(state, board, space)
    if not goods:
        return 0
    return min(buy_limit(state, goods[0]), state.players[_seat(state)].pool)


def buy_neighbourhood(state: CaledoniaState, board: Board, space: int) -> List[List[Any]]:
    """Use the neighbourhood bonus after expanding to ``space``.  It buys one kind of good only:
    of those it could buy, the one whose price marker stands lowest (several at the same
    marker: one at random), as many as :func:`buy_limit` allows while merchants last.  Gains
    3 pounds per merchant; the price rises a step per good."""
    p = state.players[_seat(state)]
    goods = buyable(state, board, space)
    k = min(buy_limit(state, goods[0]), p.pool) if goods else 0
    if k <= 0:
        return []
    g = _pick(state, goods)
    p.pool -= k
    p.market[GOOD_INDEX[g]] += k
    eco.move_price(state, g, k)
    p.money += k * _A["neighbourhood_money"]
    return [[g, k]]


# -- settlements -----------------------------------------------------------------------------------
def settlement_groups(board: Board, own: Sequence[int], shipping: int) -> List[Tuple[int, FrozenSet[int]]]:
    """Its settlements joined into groups by shipping reach, as the final scoring links them:
    (number of settlements, units) per group."""
    groups = settlements(board, own)
    where = {s: i for i, g in enumerate(groups) for s in g}
    parent = list(range(len(groups)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, g in enumerate(groups):
        for s in reach(board, g, shipping):
            j = where.get(s)
            if j is not None:
                parent[find(i)] = find(j)
    out: Dict[int, List[Any]] = {}
    for i, g in enumerate(groups):
        rec = out.setdefault(find(i), [0, set()])
        rec[0] += 1
        rec[1].update(g)
    return [(k, frozenset(u)) for k, u in out.values()]


class _Settlements:
    """Scores spaces for the Settlements criterion against its settlement groups now."""

    def __init__(self, board: Board, own: List[int], shipping: int) -> None:
        self.board, self.shipping, self.own = board, shipping, set(own)
        self.before = settlement_groups(board, own, shipping)
        self.group_of = {u: i for i, (_, units) in enumerate(self.before) for u in units}
        self.settlement_of = {u: i for i, g in enumerate(settlements(board, own)) for u in g}
        self.group_reach = [reach(board, units, shipping) for _, units in self.before]

    def score(self, space: int) -> int:
        """2: it joins two or more groups that were apart, and the joined group counts more
        settlements than each did (Reading: a unit that only fuses two neighbouring settlements
        into one gains nothing); 1: it adds a new settlement (no unit of its own neighbours
        the space); 0: neither.

        Incremental: the new unit fuses the settlements it neighbours into one; its group is
        every old group of those settlements, of its units in the new unit's reach, and of
        groups reaching the new space (what the fused settlements reach was linked before)."""
        fused = {self.settlement_of[t] for t in self.board.neighbours(space) if t in self.own}
        joined = {self.group_of[t] for t in self.board.neighbours(space) if t in self.own}
        joined.update(self.group_of[t] for t in reach(self.board, [space], self.shipping)
                      if t in self.own)
        joined.update(i for i, r in enumerate(self.group_reach) if space in r)
        count = sum(self.before[j][0] for j in joined) - len(fused) + 1
        if len(joined) >= 2 and count > max(self.before[j][0] for j in joined):
            return 2
        return 0 if fused else 1


# -- Expand --------------------------------------------------------------------------------------
def candidates(state: CaledoniaState, board: Board, modules: Sequence[str]) -> List[int]:
    """Free active land in its reach inside ``modules`` where some unit suits and is affordable."""
    seat = _seat(state)
    p = state.players[seat]
    cheapest = cheapest_by_land(state)
    out = []
    for s in sorted(reach_of(state, seat)):
        sp = board.spaces[s]
        if (sp.kind == "land" and sp.module in modules and s not in state.units
                and s not in state.blocked
                and any(t in cheapest and cheapest[t] + sp.cost <= p.money for t in sp.terrains)):
            out.append(s)
    return out


def criteria_order(state: CaledoniaState, card_criteria: Sequence[str]) -> List[str]:
    """The support card's criteria; in round 5 Settlements comes first."""
    crit = list(card_criteria)
    if state.round >= TABLES["rounds"]:
        crit = ["St"] + [c for c in crit if c != "St"]
    return crit


def choose_space(state: CaledoniaState, board: Board, cands: List[int],
                 criteria: Sequence[str]) -> int:
    """Filter ``cands`` criterion by criterion (each keeps its best), then a random one."""
    seat = _seat(state)
    p = state.players[seat]
    left = list(cands)
    groups: Optional[_Settlements] = None
    unclaimed = [spot for _, spot in unclaimed_ports(state, board)]
    own = eco.own_spaces(state, seat)
    for c in criteria:
        if len(left) <= 1:
            break
        if c == "St":
            if groups is None:
                groups = _Settlements(board, own, p.shipping)
            value = {s: groups.score(s) for s in left}
        elif c == "$":
            value = {s: -board.spaces[s].cost for s in left}
        elif c == "N":
            value = {s: neighbourhood_count(state, board, s) for s in left}
        elif c == "P":
            now = reach_of(state, seat)
            value = {s: int(any(spot not in now and spot in reach(board, [s], p.shipping)
                                for spot in unclaimed)) for s in left}
        else:
            raise ValueError(f"unknown expand criterion {c!r}")
        best = max(value.values())
        left = [s for s in left if value[s] == best]
    return _pick(state, left)


def act_expand(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    """Expand by the support card (see the module docstring).  Impossible when no space in the
    card's modules can take an affordable unit.  Reading: the pointer moves on only when it
    expands, and it then stays on the preferred unit (pointer + step) whatever unit was placed."""
    a = state.automa
    assert a is not None and a.support is not None
    support = AUTOMA_DECK[a.support]
    board = eco.board_of(state)
    modules = MODULES if state.round >= TABLES["rounds"] else support.modules
    cands = candidates(state, board, modules)
    if not cands:
        return None
    crit = criteria_order(state, support.criteria)
    space = choose_space(state, board, cands, crit)
    pointer = (a.pointer + support.step) % len(AUTOMA_CYCLE)
    unit = unit_for(state, space, pointer)
    assert unit is not None, "a candidate space always takes some unit"
    a.pointer = pointer
    seat = a.seat
    p = state.players[seat]
    cost = eco.expand_cost(state, seat, unit, space)
    p.money -= cost
    eco.place_unit(state, seat, unit, space)
    money = p.money
    bought = buy_neighbourhood(state, board, space)
    out: Dict[str, Any] = {"action": "expand", "unit": unit, "space": space, "paid": cost,
                           "criteria": crit, "bought": bought, "bonus": p.money - money}
    out["ports"] = claim_ports(state)
    return out


# -- starting workers ------------------------------------------------------------------------------
def _central(board: Board) -> FrozenSet[int]:
    return frozenset(sp.id for sp in board.spaces if sp.central)


def start_candidates(state: CaledoniaState, board: Board, module: str) -> List[int]:
    """Free active land of ``module`` that takes a worker it can pay for."""
    return [sp.id for sp in board.spaces
            if sp.kind == "land" and sp.module == module and eco.free_space(state, sp.id)
            and worker_for_start(state, sp.id)]


def worker_for_start(state: CaledoniaState, space: int) -> bool:
    seat = _seat(state)
    p = state.players[seat]
    return any(eco.units_left(state, seat, w) > 0 and eco.suits(state, seat, w, space)
               and p.money >= eco.expand_cost(state, seat, w, space) for w in WORKERS)


def start_space(state: CaledoniaState, board: Board, module: str, by_port: bool) -> Optional[int]:
    """The space for its starting worker in ``module``: the nearest to the module's port spot
    (``by_port``) or to the central loch, counting hex steps (Reading: "nearest" is the hex
    distance to the port spot, or to the closest space of the central loch).  Ties: a 1-2
    pound space; (port case) one that brings a port tile into reach; the cheapest; random."""
    cands = start_candidates(state, board, module)
    if not cands:
        return None
    if by_port:
        target = [board.ports[MODULES.index(module)]]
    else:
        target = list(_central(board))
    sp = board.spaces

    def dist(s: int) -> int:
        return min(distance((sp[s].q, sp[s].r), (sp[t].q, sp[t].r)) for t in target)

    d = {s: dist(s) for s in cands}
    near = min(d.values())
    left = [s for s in cands if d[s] == near]
    cheap = [s for s in left if sp[s].cost <= 2]
    left = cheap or left
    if by_port and len(left) > 1:
        p = state.players[_seat(state)]
        spots = [spot for _, spot in unclaimed_ports(state, board)]
        porty = [s for s in left if any(port_in_reach(board, [s], p.shipping, t) for t in spots)]
        left = porty or left
    low = min(sp[s].cost for s in left)
    left = [s for s in left if sp[s].cost == low]
    return _pick(state, left)


def place_start_workers(state: CaledoniaState) -> None:
    """Before the humans place theirs, it places 4 workers, paying unit + land: one in each
    module A-D, two nearest the port tile and two nearest the central loch (which modules get
    which: random, Reading: each of the 6 splits equally likely).  Worker type: the ones that
    suit the land; both suit: random (no technology yet)."""
    board = eco.board_of(state)
    seat = _seat(state)
    p = state.players[seat]
    split = [True, True, False, False]
    state.rng.shuffle(split)
    state.reveals += 1
    lines = []
    for module, by_port in zip(MODULES, split):
        space = start_space(state, board, module, by_port)
        if space is None:
            continue
        w = worker_for(state, space)
        assert w is not None
        cost = eco.expand_cost(state, seat, w, space)
        p.money -= cost
        eco.place_unit(state, seat, w, space)
        lines.append((w, space, cost, by_port))

    for w, space, cost, by_port in lines:
        args = dict(seat=seat_ref(seat), unit=unit_a(w), space=space_name(state, space), money=money(cost))
        state.journal.append(msg("{seat} places {unit} on {space} (nearest the port) for {money}", **args) if by_port
                             else msg("{seat} places {unit} on {space} (nearest the central loch) for {money}", **args))
    if state.automa is not None:
        state.automa.last = {"action": "start_workers",
                             "placed": [{"unit": w, "space": s, "paid": c, "near": "port" if b else "loch"}
                                        for w, s, c, b in lines]}
