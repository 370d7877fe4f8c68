"""Trading at the market: the Trade action and the neighbourhood bonus's purchases,
plus the small helpers every action module shares (the map of this game, free export
boxes, drawing contracts to choose from).

Rulebook, "1. Negociar": send merchants from your pool (not from your board) to the
buy or sell side of *one* good, one merchant per unit; pay or receive the current
price times the number of units, then move the price one step per unit (up when
buying, down when selling).  Example: two whisky at 10 cost 20 and the price then
stands at 12.  A player never has merchants on both sides of one good at once
("high-frequency trading was not common in 19th-century Scotland").
Clan Stewart gains 1 pound per trade, before paying for what it buys.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, List

from . import economy
from .board import Board
from .data import BASIC, GOOD_INDEX, GOODS, TABLES, UNIT_TYPES
from .state import CaledoniaState, Player

Move = Dict[str, Any]

_NB = TABLES["neighbourhood"]
_BASIC = frozenset(BASIC)
BUCHANAN = "buchanan"


# -- shared helpers -------------------------------------------------------------------
def board(state: CaledoniaState) -> Board:
    """The map of this game (looked up through ``economy.board_of``: one cached object)."""
    return economy.board_of(state)


def boxes(p: Player) -> int:
    """Export boxes: one, two for clan Buchanan."""
    return 2 if p.clan == BUCHANAN else 1


def free_boxes(p: Player) -> int:
    return boxes(p) - len(p.contracts)


def stewart_bonus(p: Player) -> int:
    """Clan Stewart: 1 pound each time it trades at the market (received before paying)."""
    return 1 if p.clan == "stewart" else 0


def draw_offer(state: CaledoniaState, seat: int, n: int, keep: int) -> None:
    """Draw up to ``n`` contracts from the pile and open a choice to keep 0..``keep`` of
    them (building bonus, port 8); nothing happens when the pile is empty."""
    drawn = []
    for _ in range(n):
        c = economy.draw_contract(state)
        if c is None:
            break
        drawn.append(c)
    if drawn:
        state.pending.append({"kind": "keep", "drawn": drawn, "max": keep})


# -- the Trade action -------------------------------------------------------------------
def max_buy(state: CaledoniaState, p: Player, good: str, money: int, discount: int = 0) -> int:
    """How many units of ``good`` ``p`` may buy now with ``money`` pounds: one merchant
    each, never while it has merchants on the sell side of this good."""
    i = GOOD_INDEX[good]
    if p.market[i] < 0 or p.pool <= 0:
        return 0
    each = economy.price(state, good) - discount
    return min(p.pool, money // each) if each > 0 else p.pool


def max_sell(p: Player, good: str) -> int:
    i = GOOD_INDEX[good]
    if p.market[i] > 0:
        return 0
    return min(p.pool, p.goods[i])


def trade_moves(state: CaledoniaState, seat: int, goods: Iterable[str] = GOODS,
                money_delta: int = 0) -> List[Move]:
    """Every Trade: for each good, buy 1..k or sell 1..k units.  ``money_delta``
    (negative) lets a caller ask what would be possible after paying something first."""
    p = state.players[seat]
    out: List[Move] = []
    if p.pool <= 0:
        return out
    money = p.money + money_delta + stewart_bonus(p)
    for g in goods:
        moves = _TRADE_MOVES[g]
        out += moves["buy"][:max_buy(state, p, g, money)]
        out += moves["sell"][:max_sell(p, g)]
    return out


# The trade moves, built once: legal lists share these dicts (never mutate a listed move).
_TRADE_MOVES = {g: {side: [{"type": "trade", "good": g, "side": side, "n": n} for n in range(1, 8)]
                    for side in ("buy", "sell")} for g in GOODS}


def can_trade(state: CaledoniaState, seat: int, good: str, money_delta: int = 0) -> bool:
    p = state.players[seat]
    if p.pool <= 0:
        return False
    money = p.money + money_delta + stewart_bonus(p)
    return max_buy(state, p, good, money) > 0 or max_sell(p, good) > 0


def apply_trade(state: CaledoniaState, seat: int, move: Move) -> None:
    p = state.players[seat]
    p.money += stewart_bonus(p)
    economy.trade(state, seat, move["good"], move["n"], move["side"] == "buy")


# -- the neighbourhood bonus's purchases ------------------------------------------------
def neighbourhood_cap(state: CaledoniaState) -> int:
    """Up to 3 units of each good per turn (4 with 2 seats)."""
    return _NB["max_per_good_two_players"] if state.n == 2 else _NB["max_per_good"]


def discount(good: str) -> int:
    """2 pounds off basic goods, 3 off processed goods."""
    return _NB["discount_basic"] if good in _BASIC else _NB["discount_processed"]


def neighbour_goods(state: CaledoniaState, b: Board, seat: int, space: int) -> List[str]:
    """Goods made by rival units neighbouring ``space`` (adjacent, no river between);
    workers (and fishermen) make none.  In market order."""
    units = state.units
    found = set()
    for nb in b.neighbours(space):
        u = units.get(nb)
        if u is not None and u[0] != seat:
            makes = UNIT_TYPES[u[1]].makes if u[1] in UNIT_TYPES else ""
            if makes:
                found.add(makes)
    return [g for g in GOODS if g in found]


def neighbour_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """Buy 1..k of each good still on offer (cap per turn, merchants, money), or stop."""
    p = state.players[seat]
    bought = state.turn.get("nb", {})
    cap = neighbourhood_cap(state)
    out: List[Move] = []
    for g in top["goods"]:
        money = p.money + (stewart_bonus(p) if g not in bought else 0)
        k = min(cap - bought.get(g, 0), max_buy(state, p, g, money, discount(g)))
        for n in range(1, k + 1):
            out.append({"type": "neighbour", "good": g, "n": n})
    out.append({"type": "done"})
    return out


def apply_neighbour(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    if move["type"] == "done":
        state.pending.pop()
        return
    p = state.players[seat]
    g, n = move["good"], move["n"]
    bought = state.turn.get("nb", {})
    if g not in bought:
        # Stewart: 1 pound per type of good bought through the bonus (rulebook example:
        # 3 milk and 3 whisky -> 2 pounds)
        p.money += stewart_bonus(p)
    # a new dict, never mutated in place: state copies share ``turn``'s values
    state.turn["nb"] = dict(bought, **{g: bought.get(g, 0) + n})
    economy.trade(state, seat, g, n, True, discount(g))
    top["goods"] = [x for x in top["goods"] if x != g]
