"""Legal move generation for Glen More (the hot path: keep it plain).

Every list is complete and exact: a move is listed only if the turn can
still be finished after it (a tile is takeable only if it can be paid,
buying and selling included, and placed; a converter option only if its
inputs can be handed in).  Selling never spoils a plan: selling a unit and
buying it back costs the same space, so sells are always listed.
"""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any, Dict, List, Optional, Tuple

from .board import legal_positions, neighbours8, reading_order, row_major, xy
from .chain import is_last_turn
from .market import can_afford, can_afford_distinct
from .state import GlenMoreState, Payment, Player, Pos
from .tiles import RESOURCES, TILES, Recipe, Tile

Move = Dict[str, Any]



def positions_for(p: Player, tile: Tile) -> List[Pos]:
    return legal_positions(p.display, tile.river, tile.road)


def clansman_sources(p: Player, tile: Optional[Tile]) -> List[Any]:
    """Where a clansman to pay Loch Ness's cost may come from: a chieftain, or
    a clan member on a tile if one stays on the display and the taken tile
    can still be placed afterwards."""
    out: List[Any] = []
    if p.chieftains and (tile is None or positions_for(p, tile)):
        out.append("chieftain")
    if p.clansmen_on_display() >= 2:
        for pos in reading_order(p.display):
            spot = p.display[pos]
            if not spot.clansmen:
                continue
            spot.clansmen -= 1
            ok = tile is None or bool(positions_for(p, tile))
            spot.clansmen += 1
            if ok:
                out.append(pos)
    return out


def can_take(state: GlenMoreState, p: Player, tile: Tile, fits: Optional[Dict[Any, bool]] = None,
             holdings: Optional[List[int]] = None) -> bool:
    """Can ``p`` pay for ``tile`` (buying and selling included) and place it?
    ``fits`` caches "has a legal position" per river/road kind; ``holdings``:
    ``p.holdings()`` if the caller has it."""
    if tile.cost_whisky > p.whisky:
        return False
    if holdings is None:
        holdings = p.holdings()
    if not can_afford_distinct(p.coins, holdings, state.market, tile.cost, tile.cost_distinct, ()):
        return False
    if tile.cost_clansman:
        return bool(clansman_sources(p, tile))
    if fits is None:
        return bool(positions_for(p, tile))
    key = (tile.river, tile.road)
    if key not in fits:
        fits[key] = bool(positions_for(p, tile))
    return fits[key]


def take_moves(state: GlenMoreState, p: Player) -> List[Move]:
    out = []
    chain = state.chain
    rear = chain.index(("fig", state.current))
    fits: Dict[Any, bool] = {}
    holdings = p.holdings()
    for step in range(1, 14):
        k = (rear + step) % 14
        e = chain[k]
        if e is not None and e[0] == "tile" and can_take(state, p, TILES[e[1]], fits, holdings):
            out.append({"type": "take", "space": k})
    return out


def pass_moves(state: GlenMoreState) -> List[Move]:
    """The rulebook does not say what happens when no tile on the chain can
    be paid for and placed.  substitute rule: the figure moves to the first
    tile ahead, which leaves the game unused, and the turn ends."""
    chain = state.chain
    rear = chain.index(("fig", state.current))
    for step in range(1, 14):
        k = (rear + step) % 14
        if chain[k] is not None and chain[k][0] == "tile":
            return [{"type": "pass", "space": k}]
    return []


def pay_moves(state: GlenMoreState, p: Player) -> List[Move]:
    pay = state.turn.pending
    assert pay is not None
    out: List[Move] = []
    holdings = p.holdings()
    spots = sorted(p.display.items(), key=lambda kv: row_major(kv[0]))
    for r in range(5):
        concrete = pay.res[r] > 0
        if not concrete and not (pay.distinct and r not in pay.used):
            continue
        name = RESOURCES[r]
        if concrete or _distinct_ok(state, p, pay, r, holdings, paid_from_stock=True):
            for pos, spot in spots:
                if spot.res[r]:
                    out.append({"type": "pay", "resource": name, "from": xy(pos)})
        f = state.market[r]
        if f < 3 and p.coins >= f + 1:
            if concrete or _distinct_ok(state, p, pay, r, holdings, paid_from_stock=False):
                out.append({"type": "buy", "resource": name})
    if pay.whisky and p.whisky:
        out.append({"type": "pay", "resource": "whisky"})
    if pay.clansman:
        tile = TILES[state.turn.taken] if pay.then[0] == "place" else None
        for src in clansman_sources(p, tile):
            out.append({"type": "pay", "resource": "clansman",
                        "from": src if src == "chieftain" else xy(src)})
    return out


def _distinct_ok(state: GlenMoreState, p: Player, pay: Payment, r: int, holdings: List[int],
                 paid_from_stock: bool) -> bool:
    """Can the rest of a 'different resources' payment still be made after
    paying one ``r`` (from stock, or bought)?"""
    h = list(holdings)
    market = list(state.market)
    coins = p.coins
    if paid_from_stock:
        h[r] -= 1
    else:
        coins -= market[r] + 1
        market[r] += 1
    return can_afford_distinct(coins, h, market, pay.res, pay.distinct - 1, pay.used + [r])


def recipe_uses(recipe: Recipe) -> List[Tuple[int, ...]]:
    """Every concrete input combination (counts, market order) of a recipe."""
    if not recipe.n_any:
        return [recipe.inputs]
    picks = combinations(range(5), recipe.n_any) if recipe.distinct else \
        combinations_with_replacement(range(5), recipe.n_any)
    out = []
    for combo in picks:
        counts = [0, 0, 0, 0, 0]
        for r in combo:
            counts[r] += 1
        out.append(tuple(counts))
    return out


def use_names(counts: Tuple[int, ...]) -> List[str]:
    return [RESOURCES[r] for r in range(5) for _ in range(counts[r])]


def tile_activations(state: GlenMoreState, p: Player, pos: Pos, holdings: List[int],
                     loch_ness: bool) -> List[Move]:
    spot = p.display[pos]
    tile = TILES[spot.tile]
    base: Move = {"type": "activate", "tile": xy(pos)}
    if loch_ness:
        base["loch_ness"] = True
    if tile.produces is not None:
        return [base] if sum(spot.res) < 3 else []
    if tile.grey or tile.kind == "tavern":
        return [base]
    if tile.kind == "abbey":
        if sum(spot.res) >= 3:
            return []
        return [dict(base, gain=r) for r in RESOURCES]
    out = []
    for recipe in tile.recipes:
        for counts in recipe_uses(recipe):
            if can_afford(p.coins, holdings, state.market, counts):
                out.append(dict(base, use=use_names(counts)))
    return out


def activation_moves(state: GlenMoreState, p: Player) -> List[Move]:
    t = state.turn
    holdings = p.holdings()
    out: List[Move] = []
    order = reading_order(p.display)
    for pos in order:
        if pos in t.activatable:
            out += tile_activations(state, p, pos, holdings, False)
    if "loch_ness" in p.cards and not t.loch_ness_used and not t.oich:
        for pos in order:
            if pos not in t.activatable and pos not in t.activated:
                out += tile_activations(state, p, pos, holdings, True)
    out.append({"type": "end_activation"} if t.movement else {"type": "end_turn"})
    return out


def movement_moves(state: GlenMoreState, p: Player) -> List[Move]:
    out: List[Move] = []
    if state.turn.movement:
        can_leave = p.clansmen_on_display() >= 2 or is_last_turn(state)
        for pos in reading_order(p.display):
            if not p.display[pos].clansmen:
                continue
            for to in reading_order(neighbours8(p.display, pos)):
                out.append({"type": "move", "from": xy(pos), "to": xy(to)})
            if can_leave:
                out.append({"type": "move", "from": xy(pos), "to": "chieftain"})
    out.append({"type": "end_turn"})
    return out


def sell_moves(state: GlenMoreState, p: Player) -> List[Move]:
    out = []
    for pos in reading_order(p.display):
        res = p.display[pos].res
        for r in range(5):
            if res[r] and state.market[r]:
                out.append({"type": "sell", "resource": RESOURCES[r], "from": xy(pos)})
    return out


def legal_moves(state: GlenMoreState) -> List[Move]:
    if state.current is None:
        return []
    p = state.players[state.current]
    phase = state.phase
    if phase == "take":
        out = take_moves(state, p) or pass_moves(state)
    elif phase == "pay":
        out = pay_moves(state, p)
    elif phase == "place":
        out = [{"type": "place", "at": xy(q)} for q in positions_for(p, TILES[state.turn.taken])]
    elif phase == "gain":
        out = [{"type": "gain", "resource": r} for r in RESOURCES]
    elif phase == "activate":
        out = activation_moves(state, p)
    else:
        out = movement_moves(state, p)
    return out + sell_moves(state, p)
