"""Clan abilities that are moves of their own in the action phase (appendix, "Clãs").

* MacDonald rows: once per turn, only before the main action, one fisherman moves to an
  adjacent empty loch space or port tile (the appendix: fishermen "may be placed on or
  moved to" empty lochs and port tiles), never next to another fisherman; no
  neighbourhood bonus.
* MacKenzie uncasks: at any time in its turn, whisky leaves the cellar for the stock; a
  barrel from the first spot pays nothing, from the second 7, from the third 15.
* MacEwen brews: right after fulfilling a contract with hops, discard up to one grain
  per hop (at most 3) for 9 pounds each, without the market (before or after the direct
  export bonuses: we offer it while the contract's rewards are open).

The other clans act through costs and limits elsewhere: Buchanan (:mod:`.contracts`,
:mod:`.expand`, :mod:`.ports`), Campbell and Robertson (``economy``), Stewart
(:mod:`.trade`), MacDonald's fishermen placement (:mod:`.expand`); Cunningham and
Fergusson do nothing in the action phase.
"""
from __future__ import annotations

from typing import Any, Dict, List

from . import economy
from .data import GOOD_INDEX, TABLES
from .state import CaledoniaState, Player
from .trade import board

Move = Dict[str, Any]

_CLANS = TABLES["clans"]
_GRAIN = GOOD_INDEX["grain"]
_WHISKY = GOOD_INDEX["whisky"]


# -- MacEwen -----------------------------------------------------------------------------
def brew_limit(p: Player, hops: int) -> int:
    """How much grain MacEwen may brew after a contract with ``hops`` hops (0 otherwise)."""
    if p.clan != "macewen" or hops <= 0:
        return 0
    return min(hops, _CLANS["macewen_max_grain"])


def brew_moves(state: CaledoniaState, seat: int, limit: int) -> List[Move]:
    p = state.players[seat]
    return [{"type": "brew", "grain": k} for k in range(1, min(limit, p.goods[_GRAIN]) + 1)]


def apply_brew(state: CaledoniaState, seat: int, move: Move) -> None:
    p = state.players[seat]
    k = move["grain"]
    p.goods[_GRAIN] -= k
    p.money += k * _CLANS["macewen_pounds_per_grain"]


# -- MacKenzie -----------------------------------------------------------------------------
def cellar_value(spot: int) -> int:
    """Pounds for a barrel taken out of cellar spot 0, 1, 2: 0, 7, 15."""
    return ([0] + list(_CLANS["mackenzie_cellar"]))[spot]


def uncask_moves(state: CaledoniaState, seat: int) -> List[Move]:
    p = state.players[seat]
    if p.clan != "mackenzie":
        return []
    return [{"type": "uncask", "spot": i} for i, n in enumerate(p.cellar) if n > 0]


def apply_uncask(state: CaledoniaState, seat: int, move: Move) -> None:
    p = state.players[seat]
    i = move["spot"]
    p.cellar[i] -= 1
    p.goods[_WHISKY] += 1
    p.money += cellar_value(i)


# -- MacDonald -----------------------------------------------------------------------------
def row_moves(state: CaledoniaState, seat: int) -> List[Move]:
    """Once per turn, before the main action: a fisherman to an adjacent empty loch space
    or active port spot that no other fisherman touches."""
    p = state.players[seat]
    if p.clan != "macdonald" or state.turn.get("rowed") or state.turn.get("main"):
        return []
    b = board(state)
    units, blocked = state.units, state.blocked
    out: List[Move] = []
    for f in sorted(s for s, (o, u) in units.items() if o == seat and u == "fisherman"):
        for a in sorted(b.adjacent(f)):
            sp = b.spaces[a]
            if sp.kind not in ("loch", "port") or not sp.active or a in units or a in blocked:
                continue
            if any(x != f and units.get(x, (0, ""))[1] == "fisherman" for x in b.adjacent(a)):
                continue
            out.append({"type": "row", "from": f, "to": a})
    return out


def apply_row(state: CaledoniaState, seat: int, move: Move) -> None:
    unit = economy.remove_unit(state, move["from"])
    economy.place_unit(state, seat, unit, move["to"])
    state.turn["rowed"] = True
