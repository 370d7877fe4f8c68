"""Port bonuses: free actions before or after the main action (rulebook, "Ação Livre:
Utilizar um Porto", and the appendix's nine port tiles).

A player may use the port tile ``state.ports[i]`` (lying on ``board.ports[i]``) once per
game when one of its units neighbours the port spot or reaches it by shipping
(``board.port_in_reach``; a MacDonald fisherman on the spot counts).  Several ports may be
used in one turn.  The tiles (``data/ports.csv``):

1. In a turn you fulfil a contract that needs meat, it needs one animal fewer.  Read: used
   before the main action, which must then be that fulfilment.
2. Give 1 basic good, take any 3 basic goods.   3. Give 1 processed good, take any 2.
4. One bonus upgrade and 3 glory.   5. 10 pounds.
6. Move one good's price 3 steps up or down "before trading it": used before the main
   action, which must then be a Trade of that good (listed only if one is possible).
7. Swap up to 2 of your units on the map (not fields) for different units from your board
   (see :mod:`.expand`).  Read: at least one swap, at most two ("swap two units").
8. 5 pounds; with an empty export box also draw 3 contracts (Buchanan 6) and keep 0-1
   (Buchanan 0-2) paying the round's cost.
9. Pay 3 pounds, mark this tile, and use any other port in play, even one you have used
   (that one is not marked again).  Read: the other port needs no reach of its own.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from . import economy
from .contracts import fulfil_moves
from .data import BASIC, GOOD_INDEX, GOODS, PROCESSED, TABLES
from .expand import can_swap, reach_and_fishermen
from .state import CaledoniaState
from .trade import BUCHANAN, board, can_trade, draw_offer, free_boxes, trade_moves

Move = Dict[str, Any]

_P = TABLES["ports"]
BEFORE_MAIN_ONLY = frozenset((1, 6))


def usable_ports(state: CaledoniaState, seat: int, reached: Optional[Tuple[Set[int], List[int]]] = None) -> List[int]:
    """Port tiles in play ``seat`` has not marked and reaches now, in board order.
    ``reached``: ``expand.reach_and_fishermen(state, seat)`` when the caller has it."""
    if not state.ports:
        return []
    used = state.players[seat].ports_used
    todo = [(i, t) for i, t in enumerate(state.ports) if t not in used]
    if not todo:
        return []
    b = board(state)
    reach, fish = reached if reached is not None else reach_and_fishermen(state, seat)
    return [t for i, t in todo if b.ports[i] in reach or b.ports[i] in fish]


def tile_moves(state: CaledoniaState, seat: int, tile: int, before_main: bool,
               money_delta: int = 0) -> List[Move]:
    """The ways to use port tile ``tile`` now (empty when it would do nothing possible)."""
    p = state.players[seat]
    if tile == 1:
        if before_main and fulfil_moves(state, seat, fewer=1, meat_only=True):
            return [{"type": "port", "port": 1}]
        return []
    if tile in (2, 3):
        kinds = BASIC if tile == 2 else PROCESSED
        return [{"type": "port", "port": tile, "give": g} for g in kinds if p.goods[GOOD_INDEX[g]] > 0]
    if tile in (4, 5, 8):
        return [{"type": "port", "port": tile}]
    if tile == 6:
        if not before_main or p.pool <= 0:
            return []
        out: List[Move] = []
        steps = _P["price_steps"]
        for g in GOODS:
            i = GOOD_INDEX[g]
            old = state.prices[i]
            for d in (steps, -steps):
                economy.move_price(state, g, d)
                ok = can_trade(state, seat, g, money_delta)
                state.prices[i] = old
                if ok:
                    out.append({"type": "port", "port": 6, "good": g, "steps": d})
        return out
    if tile == 7:
        return [{"type": "port", "port": 7}] if can_swap(state, seat) else []
    if tile == 9:
        cost = _P["any_port_cost"]
        if p.money + money_delta < cost:
            return []
        for other in state.ports:
            if other != 9 and tile_moves(state, seat, other, before_main, money_delta - cost):
                return [{"type": "port", "port": 9}]
        return []
    raise ValueError(f"unknown port tile {tile!r}")


def port_moves(state: CaledoniaState, seat: int, before_main: bool,
               reached: Optional[Tuple[Set[int], List[int]]] = None) -> List[Move]:
    out: List[Move] = []
    for t in usable_ports(state, seat, reached):
        out += tile_moves(state, seat, t, before_main)
    return out


def port9_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """After paying for port 9: any other port tile in play, used or not."""
    out: List[Move] = []
    for t in state.ports:
        if t != 9:
            out += tile_moves(state, seat, t, top["before_main"])
    return out


def apply_port(state: CaledoniaState, seat: int, move: Move, via9: bool = False) -> None:
    p = state.players[seat]
    tile = move["port"]
    if not via9:
        p.ports_used.append(tile)
    if tile == 1:
        state.pending.append({"kind": "port1"})
    elif tile == 2 or tile == 3:
        p.goods[GOOD_INDEX[move["give"]]] -= 1
        n = _P["basic_exchange_gain" if tile == 2 else "processed_exchange_gain"]
        state.pending.append({"kind": "exchange", "left": n,
                              "goods": "basic" if tile == 2 else "processed"})
    elif tile == 4:
        p.glory += _P["upgrade_glory"]
        state.pending.append({"kind": "rewards", "contract": None, "free_land": 0, "upgrades": 1,
                              "brew": 0})
    elif tile == 5:
        p.money += _P["money"]
    elif tile == 6:
        economy.move_price(state, move["good"], move["steps"])
        state.pending.append({"kind": "port6", "good": move["good"]})
    elif tile == 7:
        state.pending.append({"kind": "swap", "old": [], "new": [], "done": []})
    elif tile == 8:
        p.money += _P["contracts_money"]
        room = free_boxes(p)
        if room > 0:
            buchanan = p.clan == BUCHANAN
            draw_offer(state, seat, _P["contracts_draw_buchanan" if buchanan else "contracts_draw"],
                       min(room, 2 if buchanan else 1))
    elif tile == 9:
        p.money -= _P["any_port_cost"]
        state.pending.append({"kind": "port9", "before_main": not state.turn.get("main")})
    else:
        raise ValueError(f"unknown port tile {tile!r}")


def apply_port9(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    state.pending.pop()
    apply_port(state, seat, move, via9=True)


# -- the pending steps some ports open ------------------------------------------------------
def exchange_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    kinds = BASIC if top["goods"] == "basic" else PROCESSED
    return [{"type": "gain", "good": g} for g in kinds]


def apply_exchange(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    state.players[seat].goods[GOOD_INDEX[move["good"]]] += 1
    top["left"] -= 1
    if top["left"] <= 0:
        state.pending.pop()


def port6_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """The main action after port 6: a Trade of the good whose price just moved."""
    return trade_moves(state, seat, (top["good"],))


def port1_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """The main action after port 1: fulfil a contract that needs meat, one animal fewer."""
    return fulfil_moves(state, seat, fewer=1, meat_only=True)
