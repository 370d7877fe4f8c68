"""Small rule primitives shared by the player actions, the production phase and the
official solo opponent: prices, costs, placing and removing units, import tracks,
drawing contracts.  None of them checks legality beyond what it documents: the
callers (``legal_moves`` and the solo opponent's card rules) decide what is allowed.
"""
from __future__ import annotations

from typing import List, Optional

from .board import Board, build_board
from .data import (FACTORIES, GOOD_INDEX, IMPORTS, PRICE_MAX, PRICES, TABLES, UNIT_TYPES)
from .state import CaledoniaState

_COSTS = TABLES["costs"]
_CLANS = TABLES["clans"]
_IMPORTS = TABLES["imports"]


def board_of(state: CaledoniaState) -> Board:
    """The map of this game: its module sides at the table's seat count (solo opponent included)."""
    b = state._board
    if b is None or b.sides != state.sides:  # the seat count never changes
        b = state._board = build_board(state.sides, state.n)
    return b


def small_table(state: CaledoniaState) -> bool:
    """1-2 seats: the small map, the 1-2 player boards and the 1-2 player clan values."""
    return state.n <= 2


# -- the market ------------------------------------------------------------------
def price(state: CaledoniaState, good: str) -> int:
    """The good's current market price."""
    return PRICES[good][state.prices[GOOD_INDEX[good]]]


def move_price(state: CaledoniaState, good: str, steps: int) -> None:
    """Move a price marker ``steps`` up (positive) or down; it stops at the ends of the track."""
    i = GOOD_INDEX[good]
    state.prices[i] = max(0, min(PRICE_MAX, state.prices[i] + steps))


def trade(state: CaledoniaState, seat: int, good: str, n: int, buy: bool, discount: int = 0) -> int:
    """Send ``n`` merchants from ``seat``'s pool to the buy or sell side of ``good``: pay or
    receive the current price (less ``discount`` per unit when buying through the
    neighbourhood bonus) for all ``n`` units, then move the price ``n`` steps (up when
    buying, down when selling).  Returns the money the player gained (negative: paid).
    Stewart's +1 pound per trade is not included (the caller knows what counts as a trade)."""
    p = state.players[seat]
    i = GOOD_INDEX[good]
    each = price(state, good) - (discount if buy else 0)
    p.pool -= n
    if buy:
        p.market[i] += n
        p.goods[i] += n
        delta = -each * n
    else:
        p.market[i] -= n
        p.goods[i] -= n
        delta = each * n
    p.money += delta
    move_price(state, good, n if buy else -n)
    return delta


# -- costs and units on the map -----------------------------------------------------
def unit_cost(state: CaledoniaState, seat: int, unit: str) -> int:
    """The cost printed above the unit's column, with clan adjustments: every MacDonald
    worker costs 6; Campbell's 1st/2nd-3rd/4th factory of a kind costs 3/4/5 less."""
    p = state.players[seat]
    if p.clan == "macdonald" and unit in ("woodcutter", "miner", "fisherman"):
        return _COSTS["macdonald_worker"]
    cost = UNIT_TYPES[unit].cost
    if p.clan == "campbell" and unit in FACTORIES:
        k = p.deployed[unit]
        if k < 4:
            cost -= _CLANS["campbell_discount"][k]
    return cost


def land_cost(state: CaledoniaState, space: int) -> int:
    """The pounds printed on a map space (lochs and port spots cost nothing)."""
    return board_of(state).spaces[space].cost


def expand_cost(state: CaledoniaState, seat: int, unit: str, space: int, free_land: bool = False) -> int:
    """Unit cost + land cost (no land cost for a free-land contract bonus), less
    Robertson's delta discount (3 with 3-4 seats, 2 with 1-2; rulebook example:
    bakery 8 + land 1 - 3 = 6 with 4 players).  Never below 0."""
    b = board_of(state)
    cost = unit_cost(state, seat, unit) + (0 if free_land else b.spaces[space].cost)
    if state.players[seat].clan == "robertson" and space in b.deltas:
        cost -= _CLANS["robertson_discount_small" if small_table(state) else "robertson_discount_large"]
    return max(0, cost)


def free_space(state: CaledoniaState, space: int) -> bool:
    """An active space with no unit, no neutral worker and no cover."""
    return (space not in state.units and space not in state.blocked
            and board_of(state).spaces[space].active)


def suits(state: CaledoniaState, seat: int, unit: str, space: int) -> bool:
    """The space's land suits the unit (grassland for farm units, forest for woodcutters,
    mountain for miners; a space showing several land types takes any of them); a
    MacDonald fisherman goes on an empty loch or port spot never next to another fisherman."""
    b = board_of(state)
    sp = b.spaces[space]
    if unit == "fisherman":
        if sp.kind not in ("loch", "port"):
            return False
        return not any(state.units.get(a, (None, ""))[1] == "fisherman" for a in b.adjacent(space))
    return sp.kind == "land" and UNIT_TYPES[unit].land in sp.terrains


def place_unit(state: CaledoniaState, seat: int, unit: str, space: int) -> None:
    state.units[space] = (seat, unit)
    state.players[seat].deployed[unit] += 1
    state.units_version += 1


def remove_unit(state: CaledoniaState, space: int) -> str:
    """Take a unit off the map back to its owner's board (slaughter, port 7 swap)."""
    seat, unit = state.units.pop(space)
    state.players[seat].deployed[unit] -= 1
    state.units_version += 1
    return unit


def own_spaces(state: CaledoniaState, seat: int) -> List[int]:
    return [s for s, (o, _) in state.units.items() if o == seat]


def fishermen(state: CaledoniaState, seat: int) -> List[int]:
    return [s for s, (o, u) in state.units.items() if o == seat and u == "fisherman"]


def units_left(state: CaledoniaState, seat: int, unit: str) -> int:
    """Units of this kind still on the player's board.  Workers share 8 spots: 4
    woodcutters and 4 miners, except MacDonald's, which are any kind (8 in all)."""
    p = state.players[seat]
    d = p.deployed
    workers = d["woodcutter"] + d["miner"] + d["fisherman"]
    if unit in ("woodcutter", "miner", "fisherman"):
        if p.clan == "macdonald":
            return 8 - workers
        if unit == "fisherman":
            return 0
        return 4 - d[unit]
    return UNIT_TYPES[unit].count - d[unit]


# -- export board ----------------------------------------------------------------------
def advance_import(state: CaledoniaState, good: str, n: int) -> int:
    """Move the shared import track of ``good`` ``n`` steps; returns the pounds earned:
    1 for each marked step reached or passed."""
    i = IMPORTS.index(good)
    old = state.imports[i]
    state.imports[i] = new = old + n
    every = _IMPORTS["marked_every"]
    return new // every - old // every


def draw_contract(state: CaledoniaState) -> Optional[int]:
    """The top contract of the draw pile (hidden until drawn: bumps ``reveals``), or None."""
    if not state.deck:
        return None
    state.reveals += 1
    c = state.deck.pop()
    state.deck_known = min(state.deck_known, len(state.deck))
    return c


def bottom_of_deck(state: CaledoniaState, ids: List[int]) -> None:
    """Contracts not kept go to the bottom of the draw pile, in view of everyone: their
    order there is known (``deck_known``), and stays so when the rest is reshuffled."""
    state.deck[0:0] = list(ids)
    state.deck_known += len(ids)


def round_contract_cost(state: CaledoniaState) -> int:
    """Money gained (positive) or paid (negative) to take a contract this round."""
    return TABLES["contract_cost"][state.round - 1]
