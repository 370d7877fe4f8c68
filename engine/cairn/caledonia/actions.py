"""The action phase from the seat to move's side: ``legal(state)`` and ``apply(state, move)``.

A turn (rulebook, "Fase 2: Ação") is one main action, with free actions around it:

* main actions: Trade, take a contract, Expand, upgrade shipping (4 pounds), upgrade
  technology (10 pounds; never MacDonald), hire a merchant (4 pounds), fulfil a contract.
  Passing is the eighth; the flow (``rounds``) offers it, never after the main action or
  with a sub-decision open.
* free actions: port bonuses before or after the main action (:mod:`.ports`), MacDonald
  rowing before it, MacKenzie taking whisky out of the cellar at any time (:mod:`.clans`).

Each move is one decision; a decision that needs more opens a sub-decision on
``state.pending`` (a stack: the top one is answered first).  ``state.turn`` keeps the
turn's flags: ``main`` (the main action is under way or done), ``rowed``, ``fulfilled``
(contracts fulfilled this action), ``nb`` (goods bought through the neighbourhood bonus
this turn, per good) and ``over``, set once the turn is complete.  Once the main action is
done and a port could still be used, ``{"type": "end_turn"}`` is offered instead of
ending the turn at once (a whisky in MacKenzie's cellar alone does not hold the turn open:
it may come out at any later time).

Moves (JSON dicts) and the sub-decisions (``state.pending[-1]["kind"]``) they open:

==============================================  ===========================================
top level, before the main action               opens
==============================================  ===========================================
trade {good, side: buy|sell, n}                 -
take_contract {contract}                        buchanan_take (Buchanan, a box left)
expand {unit}                                   place
shipping / technology {worker} / hire           -
fulfil {contract, slaughter: [spaces]}          rewards, fulfil_more (Buchanan)
port {port: k, ...}                             see :mod:`.ports`
row {from, to} (MacDonald)                      -
uncask {spot} (MacKenzie; at any time)          -
end_turn (after the main action, a port left)   -
==============================================  ===========================================

Sub-decisions and their moves: ``place`` -> place {space}, then ``neighbour`` ->
neighbour {good, n} / done and ``keep`` (building bonus) -> keep_contracts {contracts};
``rewards`` {contract, free_land, upgrades, brew} -> expand {unit} (free land) /
bonus_upgrade {kind: technology {worker} | shipping | hire | recall {good}} / brew {grain} /
done; ``buchanan_take`` -> take_contract / done; ``fulfil_more`` -> fulfil / done;
``port1`` -> fulfil (one animal fewer); ``port6`` {good} -> trade of that good;
``port9`` {before_main} -> port {port: k, ...}; ``exchange`` {left, goods} (ports 2, 3) ->
gain {good}; ``swap`` {old, new, done[, space]} (port 7) -> swap {space}, swap {unit}, done.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

from . import clans, contracts, expand, ports, trade
from .data import TABLES
from .state import CaledoniaState

Move = Dict[str, Any]

_COSTS = TABLES["costs"]
_SHIP_MAX = TABLES["shipping"]["max"]
WORKERS = ("woodcutter", "miner")

MAIN = frozenset(("trade", "take_contract", "expand", "shipping", "technology", "hire", "fulfil"))


# -- simple upgrades ------------------------------------------------------------------------
def upgrade_moves(state: CaledoniaState, seat: int) -> List[Move]:
    p = state.players[seat]
    out: List[Move] = []
    if p.shipping < _SHIP_MAX and p.money >= _COSTS["shipping"]:
        out.append({"type": "shipping"})
    if p.clan != "macdonald" and p.money >= _COSTS["technology"]:
        for i, w in enumerate(WORKERS):
            if not p.tech[i]:
                out.append({"type": "technology", "worker": w})
    if p.track > 0 and p.money >= _COSTS["hire"]:
        out.append({"type": "hire"})
    return out


def _apply_upgrade(state: CaledoniaState, seat: int, move: Move) -> None:
    p = state.players[seat]
    t = move["type"]
    if t == "shipping":
        p.money -= _COSTS["shipping"]
        p.shipping += 1
    elif t == "technology":
        p.money -= _COSTS["technology"]
        p.tech[WORKERS.index(move["worker"])] = True
    else:
        p.money -= _COSTS["hire"]
        p.track -= 1
        p.pool += 1


def main_moves(state: CaledoniaState, seat: int, reached: Any = None) -> List[Move]:
    return (trade.trade_moves(state, seat) + contracts.take_moves(state, seat)
            + expand.expand_moves(state, seat, reached=reached) + upgrade_moves(state, seat)
            + contracts.fulfil_moves(state, seat))


# -- sub-decisions ------------------------------------------------------------------------------
def _port6_apply(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    state.pending.pop()
    state.turn["main"] = True
    trade.apply_trade(state, seat, move)


def _port1_apply(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    state.pending.pop()
    state.turn["main"] = True
    contracts.apply_fulfil(state, seat, move)


Handler = Tuple[Callable[..., List[Move]], Callable[..., None]]
PENDING: Dict[str, Handler] = {
    "place": (expand.place_moves, expand.apply_place),
    "neighbour": (trade.neighbour_moves, trade.apply_neighbour),
    "keep": (contracts.keep_moves, contracts.apply_keep),
    "buchanan_take": (contracts.buchanan_take_moves, contracts.apply_buchanan_take),
    "fulfil_more": (contracts.fulfil_more_moves, contracts.apply_fulfil_more),
    "rewards": (contracts.reward_moves, contracts.apply_reward),
    "swap": (expand.swap_moves, expand.apply_swap),
    "exchange": (ports.exchange_moves, ports.apply_exchange),
    "port1": (ports.port1_moves, _port1_apply),
    "port6": (ports.port6_moves, _port6_apply),
    "port9": (ports.port9_moves, ports.apply_port9),
}
# sub-decisions closed by themselves once nothing but "done" (or nothing) is left
_OPTIONAL = frozenset(("neighbour", "buchanan_take", "fulfil_more", "rewards", "swap"))


def _pending_moves(state: CaledoniaState, seat: int) -> List[Move]:
    top = state.pending[-1]
    return PENDING[top["kind"]][0](state, seat, top)


def _settle(state: CaledoniaState, seat: int) -> None:
    """Close sub-decisions with nothing left to decide; end the turn when the main action
    is done and no free action that matters is left."""
    pending = state.pending
    while pending and pending[-1]["kind"] in _OPTIONAL:
        moves = _pending_moves(state, seat)
        if any(m["type"] != "done" for m in moves):
            return
        pending.pop()
    if pending or not state.turn.get("main"):
        return
    if not ports.port_moves(state, seat, before_main=False):
        state.turn["over"] = True


# -- the two entry points -------------------------------------------------------------------------
def legal(state: CaledoniaState) -> List[Move]:
    """Every move of the seat to move in the action phase (``pass`` excluded: the flow adds
    it), in a fixed order.  Exact: each move listed can be applied and the turn finished."""
    seat = state.cur
    if state.turn.get("over"):
        return []
    if state.pending:
        return _pending_moves(state, seat) + clans.uncask_moves(state, seat)
    if not state.turn.get("main"):
        rf = expand.reach_and_fishermen(state, seat)
        return (main_moves(state, seat, rf[0]) + ports.port_moves(state, seat, True, rf)
                + clans.row_moves(state, seat) + clans.uncask_moves(state, seat))
    return (ports.port_moves(state, seat, before_main=False) + clans.uncask_moves(state, seat)
            + [{"type": "end_turn"}])


def apply(state: CaledoniaState, move: Move) -> None:
    """Apply a move taken from :func:`legal` (unchecked: ``Game.play`` checks first)."""
    seat = state.cur
    t = move["type"]
    if t == "uncask":
        clans.apply_uncask(state, seat, move)
    elif state.pending:
        top = state.pending[-1]
        PENDING[top["kind"]][1](state, seat, top, move)
    elif t in MAIN:
        state.turn["main"] = True
        if t == "trade":
            trade.apply_trade(state, seat, move)
        elif t == "take_contract":
            contracts.apply_take(state, seat, move)
        elif t == "expand":
            expand.start_expand(state, seat, move["unit"])
        elif t == "fulfil":
            contracts.apply_fulfil(state, seat, move)
        else:
            _apply_upgrade(state, seat, move)
    elif t == "port":
        ports.apply_port(state, seat, move)
    elif t == "row":
        clans.apply_row(state, seat, move)
    elif t == "end_turn":
        state.turn["over"] = True
        return
    else:
        raise ValueError(f"a {t!r} move is not an action-phase move")
    _settle(state, seat)
