"""What a page shows for each legal move of Glen More (``Rules.labels``): the button's text
with what the move costs or gives, a short cost, a heading for a converter's alternatives and
a longer explanation, as messages rendered in the reader's language.  Prices and yields are
the rules' own: the market price the apply step charges, a tile's printed cost, the recipe
the activation pays out (:func:`.apply._recipe_for`)."""
from __future__ import annotations

from typing import Any, Dict, List

from ..core.i18n import Message, join, msg, name, nmsg
from .apply import _recipe_for
from .state import GlenMoreState
from .text import _listing, _tile_at, _where, goods
from .tiles import RES_INDEX, RESOURCES, TILES

Move = Dict[str, Any]


def coins(n: int) -> Message:
    return nmsg("{n} coin", "{n} coins", n)


def vp(n: int) -> Message:
    return msg("{n} VP", n=n)


def tile_cost(tid: int) -> Any:
    """What a tile costs to take, e.g. "1 wood and 1 stone" (None: nothing)."""
    t = TILES[tid]
    parts: List[Any] = [goods(n, RESOURCES[i]) for i, n in enumerate(t.cost) if n]
    if t.cost_whisky:
        parts.append(nmsg("{n} whisky", "{n} whisky", t.cost_whisky))
    if t.cost_clansman:
        parts.append(nmsg("{n} clan member", "{n} clan members", t.cost_clansman))
    if t.cost_distinct:
        parts.append(nmsg("{n} different resource", "{n} different resources", t.cost_distinct))
    return join(parts) if parts else None


def _activation(state: GlenMoreState, move: Move) -> Dict[str, Any]:
    p = state.players[state.current]
    tile = TILES[p.display[tuple(move["tile"])].tile]
    where = _tile_at(state, move["tile"])
    group = info = None
    if "gain" in move:
        label = msg("{tile}: take {goods}", tile=where, goods=goods(1, move["gain"]))
    elif "use" in move:
        counts = [0] * 5
        for r in move["use"]:
            counts[RES_INDEX[r]] += 1
        recipe = _recipe_for(tile, counts)
        gain = nmsg("{n} whisky", "{n} whisky", recipe.whisky) if recipe.whisky else vp(recipe.vp)
        give = _listing(move["use"])
        label = msg("{tile}: {goods} \u2192 {gain}", tile=where, goods=give, gain=gain)
        n, kinds = len(move["use"]), len(set(move["use"]))
        amount = (nmsg("Give {n} good", "Give {n} goods", n) if kinds < n or n == 1
                  else nmsg("Give {n} kind", "Give {n} kinds", n))
        group = msg("{amount} \u2192 {gain}", amount=amount, gain=gain)
        info = msg("Hand in {goods} for {gain}", goods=give, gain=gain)
    elif tile.produces is not None:
        label = msg("{tile}: take {goods}", tile=where, goods=goods(1, RESOURCES[tile.produces]))
    elif tile.kind == "tavern":
        label = msg("{tile}: {gain}", tile=where, gain=vp(int(tile.activation.split(":")[1])))
    elif tile.grey:
        label = msg("{tile}: 1 move for a clan member", tile=where)
    else:
        label = msg("Activate {tile}", tile=where)
    if move.get("loch_ness"):
        label = msg("Loch Ness: {action}", action=label)
    return {"label": label, "cost": None, "group": group, "info": info}


def label_of(state: GlenMoreState, move: Move) -> Dict[str, Any]:
    """``{label, cost, group, info}`` of one legal move (messages or None)."""
    k = move.get("type")
    cost = group = info = None
    if k == "take":
        tid = state.chain[move["space"]][1]
        cost = tile_cost(tid)
        tile = name(TILES[tid].name)
        label = msg("Take {tile} (costs {cost})", tile=tile, cost=cost) if cost else msg("Take {tile}", tile=tile)
    elif k == "pay":
        r = move["resource"]
        if r == "whisky":
            label = msg("Pay a whisky barrel")
        elif r == "clansman":
            label = msg("Pay a chieftain") if move["from"] == "chieftain" else \
                msg("Pay the clan member on {tile}", tile=_tile_at(state, move["from"]))
        else:
            label = msg("Pay {goods} from {tile}", goods=goods(1, r), tile=_tile_at(state, move["from"]))
    elif k == "buy":
        price = state.market[RES_INDEX[move["resource"]]] + 1
        cost = coins(price)
        label = msg("Buy {goods} for {price}", goods=goods(1, move["resource"]), price=cost)
        info = name("Buy a missing good from the market to pay with")
    elif k == "sell":
        price = state.market[RES_INDEX[move["resource"]]]
        cost = msg("+{coins}", coins=coins(price))
        label = msg("Sell {goods} for {price}", goods=goods(1, move["resource"]), price=coins(price))
    elif k == "place":
        label = msg("Place {tile} {where}", tile=name(TILES[state.turn.taken].name), where=_where(move["at"]))
    elif k == "gain":
        label = msg("Gain {goods}", goods=goods(1, move["resource"]))
    elif k == "activate":
        return _activation(state, move)
    elif k == "end_activation":
        label = msg("Done activating")
    elif k == "move":
        if move["to"] == "chieftain":
            label = msg("Make the clan member on {tile} a chieftain", tile=_tile_at(state, move["from"]))
        else:
            label = msg("Move a clan member from {source} to {target}",
                        source=_tile_at(state, move["from"]), target=_tile_at(state, move["to"]))
    elif k == "end_turn":
        label = msg("End turn")
    elif k == "pass":
        label = msg("Pass")
        info = name("No tile can be paid for and placed: your figure moves on and that tile leaves the game")
    else:
        label = str(k)
    return {"label": label, "cost": cost, "group": group, "info": info}


def labels(state: GlenMoreState, legal: List[Move]) -> List[Dict[str, Any]]:
    if state.current is None:
        return [{"label": str(m.get("type")), "cost": None, "group": None, "info": None} for m in legal]
    return [label_of(state, m) for m in legal]
