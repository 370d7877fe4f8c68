"""The Expand action: a unit from your board onto an empty space you reach, its cost,
the neighbourhood bonus and the building bonus; and port 7's swap of units.

Rulebook, "3. Expandir":

* Place one unit from your board (sheep, cow, dairy, bakery, field, distillery,
  woodcutter, miner; MacDonald's workers may also be fishermen) on an empty space
  *neighbouring* one of your units (adjacent, no river between) or within reach of your
  shipping level (``board.reach``: river crossing, then 1..4 lochs; never jumping land).
* Pay the unit's cost plus the space's cost (``economy.expand_cost``: Campbell's factory
  discounts, MacDonald's 6-pound workers, Robertson's delta discount; a contract's
  free-land bonus skips the land cost).
* Terrain: grassland for farm units, forest for woodcutters, mountain for miners; a space
  showing several land types takes any of them.  Fishermen (MacDonald) go on empty lochs
  and port spots, never next to another fisherman, and pay no land cost.
* Neighbourhood bonus: after expanding next to a rival's non-worker unit, buy the goods
  it makes (see :mod:`.trade`), up to 3 per good per turn (4 with 2 seats), 2/3 pounds off.
  MacDonald gets it when placing a fisherman too (not when rowing).
* Building bonus: placing your 4th building of one kind (dairy, bakery, distillery) with an
  empty export box draws 3 contracts (Buchanan 6); keep 0-1 (Buchanan 0-2) paying the
  round's contract cost once; the rest go under the pile.  It is part of the Expand.

Readings: the contracts are drawn when the unit is placed, and the neighbourhood purchases
come first, then the choice of contracts (the rulebook's order of the two paragraphs).
Each good of the neighbourhood bonus is bought in one go (1..k units: one move), as in a
Trade.
"""
from __future__ import annotations

from typing import Any, Dict, FrozenSet, List, Optional, Set, Tuple

from . import board as boardmod
from . import economy
from .data import FACTORIES, FARM_UNITS, TABLES, UNIT_TYPES
from .state import CaledoniaState
from .trade import BUCHANAN, board, draw_offer, free_boxes, neighbour_goods

Move = Dict[str, Any]

_CLANS = TABLES["clans"]
_BB = TABLES["building_bonus"]
_LAND_UNITS = FARM_UNITS + ("woodcutter", "miner")
_MACDONALD_UNITS = _LAND_UNITS + ("fisherman",)
_WORKER_KINDS = ("woodcutter", "miner", "fisherman")
_INF = 10 ** 9


def unit_kinds(clan: Any) -> Tuple[str, ...]:
    """The kinds of unit a player may expand with (MacDonald adds fishermen)."""
    return _MACDONALD_UNITS if clan == "macdonald" else _LAND_UNITS


def own_and_fishermen(state: CaledoniaState, seat: int) -> Tuple[List[int], List[int]]:
    units = state.units
    own = [s for s, (o, _) in units.items() if o == seat]
    if not state.players[seat].deployed["fisherman"]:
        return own, []
    return own, [s for s in own if units[s][1] == "fisherman"]


def reach_of(state: CaledoniaState, seat: int) -> Set[int]:
    """Every active space ``seat`` may expand to, before emptiness and terrain."""
    return reach_and_fishermen(state, seat)[0]


def reach_and_fishermen(state: CaledoniaState, seat: int) -> Tuple[Set[int], List[int]]:
    """``reach_of`` and the seat's fishermen, computed once for callers needing both.
    Cached on the state until a unit is placed or removed or the shipping level changes
    (callers must not mutate the returned set)."""
    key = (state.units_version, len(state.units), state.players[seat].shipping, state.sides)
    hit = state._reach.get(seat)
    if hit is not None and hit[0] == key:
        return hit[1], hit[2]
    own, fish = own_and_fishermen(state, seat)
    reach = boardmod.reach(board(state), own, state.players[seat].shipping, fish)
    state._reach[seat] = (key, reach, fish)
    return reach, fish


def _fisherman_ok(state: CaledoniaState, b: Any, space: int, ignore: int = -1) -> bool:
    units = state.units
    for a in b.adjacent(space):
        if a != ignore:
            u = units.get(a)
            if u is not None and u[1] == "fisherman":
                return False
    return True


_Row = Tuple[bool, FrozenSet[str], int, bool, bool, bool, bool, bool]
_INFO: Dict[int, Tuple[Any, Tuple[_Row, ...]]] = {}


def _space_info(b: Any) -> Tuple[_Row, ...]:
    """Per space of board ``b``: (land?, land types, land cost, delta?, water a fisherman
    may use?, grassland?, forest?, mountain?).  Cached per board object (boards are built
    once per side choice)."""
    hit = _INFO.get(id(b))
    if hit is None or hit[0] is not b:
        rows = tuple((sp.kind == "land", sp.terrains, sp.cost, sp.delta,
                      sp.kind in ("loch", "port") and sp.active, "grassland" in sp.terrains,
                      "forest" in sp.terrains, "mountain" in sp.terrains) for sp in b.spaces)
        hit = (b, rows)
        _INFO[id(b)] = hit
    return hit[1]


def _robertson(state: CaledoniaState, clan: Any) -> int:
    if clan != "robertson":
        return 0
    return _CLANS["robertson_discount_small" if economy.small_table(state) else "robertson_discount_large"]


def _free_reached(state: CaledoniaState, seat: int, reached: Optional[Set[int]] = None) -> List[int]:
    units, blocked = state.units, state.blocked
    if reached is None:
        reached = reach_of(state, seat)
    return [s for s in reached if s not in units and s not in blocked]


def placements(state: CaledoniaState, seat: int, unit: str, free_land: bool = False) -> List[int]:
    """The spaces ``unit`` may be placed on now: reached, empty, suited, affordable (cost as
    ``economy.expand_cost``), sorted."""
    p = state.players[seat]
    if economy.units_left(state, seat, unit) <= 0:
        return []
    b = board(state)
    rows = _space_info(b)
    delta = _robertson(state, p.clan)
    budget = p.money - economy.unit_cost(state, seat, unit)
    out: List[int] = []
    if unit == "fisherman":
        for s in _free_reached(state, seat):
            if rows[s][4] and _fisherman_ok(state, b, s) and budget >= 0:
                out.append(s)
    else:
        land = UNIT_TYPES[unit].land
        for s in _free_reached(state, seat):
            is_land, terrains, cost, is_delta = rows[s][:4]
            if is_land and land in terrains:
                if (0 if free_land else cost) - (delta if is_delta else 0) <= budget:
                    out.append(s)
    out.sort()
    return out


_BEST: Dict[int, Any] = {}


def _cheapest(state: CaledoniaState, p: Any, reached: Set[int], free_land: bool) -> Tuple[int, int, int, int]:
    """The cheapest land cost (after Robertson's discount) of a free reached grassland, forest
    and mountain space, and 0 if a free reached water space may take a fisherman (else _INF)."""
    b = board(state)
    rows = _space_info(b)
    delta = _robertson(state, p.clan)
    macdonald = p.clan == "macdonald"
    units, blocked = state.units, state.blocked
    bg = bf = bm = water = _INF
    for s in reached:
        if s in units or s in blocked:
            continue
        row = rows[s]
        if row[0]:
            c = 0 if free_land else row[2]
            if delta and row[3]:
                c -= delta
            if row[5] and c < bg:
                bg = c
            if row[6] and c < bf:
                bf = c
            if row[7] and c < bm:
                bm = c
        elif row[4] and macdonald and water and _fisherman_ok(state, b, s):
            water = 0
    return bg, bf, bm, water


def cheapest_land(state: CaledoniaState, seat: int, free_land: bool = False,
                  reached: Optional[Set[int]] = None) -> Tuple[int, int, int, int]:
    """The cheapest land cost ``seat`` would pay now for a grassland, forest and mountain
    space it reaches, and 0 if a fisherman could go on water (each ``_INF`` when none);
    remembered per reach and map."""
    p = state.players[seat]
    if reached is None:
        reached = reach_of(state, seat)
    key = (state.units_version, len(state.units), len(state.blocked), p.shipping, free_land, p.clan)
    hit = _BEST.get(id(reached))
    if hit is not None and hit[0] is reached and hit[1] == key:
        return hit[2]
    best = _cheapest(state, p, reached, free_land)
    if len(_BEST) > 256:
        _BEST.clear()
    _BEST[id(reached)] = (reached, key, best)
    return best


def cheapest_expand_cost(state: CaledoniaState, seat: int, unit: str, free_land: bool = False) -> Optional[int]:
    """What expanding with ``unit`` costs ``seat`` at the cheapest space it may take now
    (unit and land, as ``economy.expand_cost``), or None when it has no such space."""
    if economy.units_left(state, seat, unit) <= 0:
        return None
    bg, bf, bm, water = cheapest_land(state, seat, free_land)
    land = water if unit == "fisherman" else {"grassland": bg, "forest": bf, "mountain": bm}[_LAND_OF[unit]]
    if land == _INF:
        return None
    cost = max(0, economy.unit_cost(state, seat, unit) + land)
    return cost if cost <= state.players[seat].money else None


def expand_moves(state: CaledoniaState, seat: int, free_land: bool = False,
                 reached: Optional[Set[int]] = None) -> List[Move]:
    """``{"type": "expand", "unit": u}`` for every unit kind with at least one legal space
    (the cheapest suitable reached space per land type decides).  ``reached``: the seat's
    ``reach_of``, when the caller has it already."""
    p = state.players[seat]
    bg, bf, bm, water = cheapest_land(state, seat, free_land, reached)
    if bg == bf == bm == water == _INF:
        return []
    best = {"grassland": bg, "forest": bf, "mountain": bm}
    out: List[Move] = []
    money = p.money
    plain = p.clan not in ("campbell", "macdonald")  # the clans whose unit costs differ
    for u in unit_kinds(p.clan):
        c = water if u == "fisherman" else best[_LAND_OF[u]]
        if c == _INF or c + (_BASE_COST[u] if plain else economy.unit_cost(state, seat, u)) > money:
            continue
        if economy.units_left(state, seat, u) > 0:
            out.append(_EXPAND_MOVES[u])
    return out


_LAND_OF = {u: t.land for u, t in UNIT_TYPES.items()}
_BASE_COST = {u: t.cost for u, t in UNIT_TYPES.items()}
# built once: legal lists share these dicts (never mutate a listed move)
_EXPAND_MOVES = {u: {"type": "expand", "unit": u} for u in _MACDONALD_UNITS}


def start_expand(state: CaledoniaState, seat: int, unit: str, free_land: bool = False) -> None:
    state.pending.append({"kind": "place", "unit": unit, "free_land": free_land})


def place_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    return [{"type": "place", "space": s}
            for s in placements(state, seat, top["unit"], top["free_land"])]


def apply_place(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    """Pay, place, then open the building bonus and (above it) the neighbourhood bonus."""
    state.pending.pop()
    unit, space = top["unit"], move["space"]
    p = state.players[seat]
    p.money -= economy.expand_cost(state, seat, unit, space, top["free_land"])
    economy.place_unit(state, seat, unit, space)
    building_bonus(state, seat, unit)
    b = board(state)
    goods = neighbour_goods(state, b, seat, space)
    if goods:
        state.pending.append({"kind": "neighbour", "space": space, "goods": goods})


def building_bonus(state: CaledoniaState, seat: int, unit: str) -> None:
    """The 4th building of a kind placed with an empty export box: draw 3 (Buchanan 6),
    keep 0-1 (Buchanan 0-2, and no more than its empty boxes; our reading of "an empty
    box" for a clan with two)."""
    p = state.players[seat]
    if unit not in FACTORIES or p.deployed[unit] != 4:
        return
    room = free_boxes(p)
    if room <= 0:
        return
    buchanan = p.clan == BUCHANAN
    draw_offer(state, seat, _BB["draw_buchanan" if buchanan else "draw"], min(room, 2 if buchanan else 1))


# -- port 7: swap two units -------------------------------------------------------------------
def _swap_units(state: CaledoniaState, seat: int, top: Dict[str, Any], space: int) -> List[str]:
    """Units from the board that may replace the unit on ``space`` (port 7): not a field,
    not the same kind as either old unit, suited to the land; the old unit goes back to
    the board first (so a MacDonald worker slot it frees may be used).  Pure: no state
    change."""
    owner, old = state.units[space]
    if old in ("field", "fisherman") or space in top["done"]:
        return []
    if old in top["new"]:
        return []   # the two new units must differ from the two old ones
    b = board(state)
    terrains = b.spaces[space].terrains
    olds = set(top["old"]) | {old}
    macdonald = state.players[seat].clan == "macdonald"
    out: List[str] = []
    for u in _LAND_UNITS:
        if u == "field" or u in olds or UNIT_TYPES[u].land not in terrains:
            continue
        left = economy.units_left(state, seat, u)
        if macdonald and old in _WORKER_KINDS and u in _WORKER_KINDS:
            left += 1   # the old worker's slot on the board is free again
        if left > 0:
            out.append(u)
    return out


def swap_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """Port 7, one decision at a time: a unit of yours on the map, then its replacement;
    after the first swap the player may stop."""
    if "space" in top:
        return [{"type": "swap", "unit": u} for u in _swap_units(state, seat, top, top["space"])]
    out: List[Move] = []
    for s in sorted(s for s, (o, _) in state.units.items() if o == seat):
        if _swap_units(state, seat, top, s):
            out.append({"type": "swap", "space": s})
    if top["done"] and out:
        out.append({"type": "done"})
    return out


def can_swap(state: CaledoniaState, seat: int) -> bool:
    top = {"kind": "swap", "old": [], "new": [], "done": []}
    return any(_swap_units(state, seat, top, s)
               for s, (o, _) in state.units.items() if o == seat)


def apply_swap(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    """Rulebook (appendix, port 7): no neighbourhood bonus during this swap; the building
    bonus may follow.  # erratum: a later publisher FAQ reportedly allows the neighbourhood
    bonus too; we follow the printed rulebook."""
    if move["type"] == "done":
        state.pending.pop()
        return
    if "space" not in move:
        space = top.pop("space")
        old = economy.remove_unit(state, space)
        economy.place_unit(state, seat, move["unit"], space)
        top["old"].append(old)
        top["new"].append(move["unit"])
        top["done"].append(space)
        if len(top["done"]) >= 2:
            state.pending.pop()
        building_bonus(state, seat, move["unit"])
    else:
        top["space"] = move["space"]
