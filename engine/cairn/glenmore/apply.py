"""Applying Glen More moves (the unchecked fast path; ``Game.play`` checks
legality first)."""
from __future__ import annotations

from typing import Any, Dict

from .board import neighbourhood, row_major
from .chain import settle
from .state import GlenMoreState, Payment, Player, Spot, Turn
from .tiles import CARDS, RES_INDEX, TILES, Tile
from ..core.i18n import _, msg, name

Move = Dict[str, Any]


def _pos(xy: Any) -> Any:
    return (xy[0], xy[1])


def apply_move(state: GlenMoreState, move: Move) -> None:
    kind = move["type"]
    p = state.players[state.current]
    t = state.turn
    if kind == "sell":
        r = RES_INDEX[move["resource"]]
        p.display[_pos(move["from"])].res[r] -= 1
        p.coins += state.market[r]
        state.market[r] -= 1
    elif kind == "take":
        _take(state, p, move["space"])
    elif kind == "pass":
        chain = state.chain
        chain[chain.index(("fig", state.current))] = None
        lost = TILES[chain[move["space"]][1]]
        state.journal.append(msg("No tile can be taken: {tile} leaves the game", tile=name(lost.name)))
        chain[move["space"]] = ("fig", state.current)
        _end_turn(state)
    elif kind == "pay" or kind == "buy":
        _pay(state, p, move)
    elif kind == "place":
        _place(state, p, _pos(move["at"]))
    elif kind == "gain":
        target = t.gains.pop(0)
        p.display[target].res[RES_INDEX[move["resource"]]] += 1
        if not t.gains:
            state.phase = "activate"
    elif kind == "activate":
        _activate(state, p, move)
    elif kind == "end_activation":
        state.phase = "move"
    elif kind == "move":
        src = p.display[_pos(move["from"])]
        src.clansmen -= 1
        if move["to"] == "chieftain":
            p.chieftains += 1
        else:
            p.display[_pos(move["to"])].clansmen += 1
        t.movement -= 1
    elif kind == "end_turn":
        _end_turn(state)
    else:
        raise ValueError(_("unknown move type {kind}").format(kind=repr(kind)))


def _take(state: GlenMoreState, p: Player, space: int) -> None:
    chain = state.chain
    tile_id = chain[space][1]
    chain[chain.index(("fig", state.current))] = None
    chain[space] = ("fig", state.current)
    state.turn.taken = tile_id
    tile = TILES[tile_id]
    if tile.has_cost:
        state.turn.pending = Payment(list(tile.cost), tile.cost_whisky, tile.cost_clansman,
                                     tile.cost_distinct, ("place",))
        state.phase = "pay"
    else:
        state.phase = "place"


def _pay(state: GlenMoreState, p: Player, move: Move) -> None:
    pay = state.turn.pending
    what = move["resource"]
    pay.paid.append(what)
    if what == "whisky":
        p.whisky -= 1
        pay.whisky -= 1
    elif what == "clansman":
        if move["from"] == "chieftain":
            p.chieftains -= 1
        else:
            p.display[_pos(move["from"])].clansmen -= 1
        pay.clansman -= 1
    else:
        r = RES_INDEX[what]
        if move["type"] == "buy":
            price = state.market[r] + 1
            p.coins -= price
            state.market[r] += 1
        else:
            p.display[_pos(move["from"])].res[r] -= 1
        if pay.res[r]:
            pay.res[r] -= 1
        else:
            pay.distinct -= 1
            pay.used.append(r)
    if pay.done():
        state.turn.pending = None
        then = pay.then
        if then[0] == "place":
            state.phase = "place"
        else:  # ("act", vp, whisky)
            if then[1]:
                p.add_vp("tiles", then[1])
            p.whisky += then[2]
            state.phase = "activate"


def _place(state: GlenMoreState, p: Player, pos: Any) -> None:
    t = state.turn
    tile: Tile = TILES[t.taken]
    spot = Spot(tile.id, clansmen=1 if tile.grey else 0)
    p.display[pos] = spot
    t.placed = pos
    t.taken = None
    if tile.kind == "distillery":
        p.whisky += 1
    if tile.card:
        p.cards.append(tile.card)
        _card_effect(state, p, pos, CARDS[tile.card].effect)
    t.activatable = set(p.display) if t.oich else set(neighbourhood(p.display, pos))
    state.phase = "gain" if t.gains else "activate"


def _card_effect(state: GlenMoreState, p: Player, pos: Any, effect: str) -> None:
    what, _, arg = effect.partition(":")
    t = state.turn
    if what == "clansman":
        p.display[pos].clansmen += int(arg)
    elif what == "whisky":
        p.whisky += int(arg)
    elif what == "coins":
        p.coins += int(arg)
    elif what == "gain":
        t.gains = [pos] * int(arg)
    elif what == "fill_producers":
        for q, spot in sorted(p.display.items(), key=lambda kv: row_major(kv[0])):
            tile = TILES[spot.tile]
            if sum(spot.res):
                continue
            if tile.produces is not None:
                spot.res[tile.produces] += 1
            elif tile.kind == "abbey":
                t.gains.append(q)
    elif what == "activate_all":
        t.oich = True


def _activate(state: GlenMoreState, p: Player, move: Move) -> None:
    t = state.turn
    pos = _pos(move["tile"])
    t.activatable.discard(pos)
    t.activated.add(pos)
    if move.get("loch_ness"):
        t.loch_ness_used = True
    spot = p.display[pos]
    tile = TILES[spot.tile]
    if tile.produces is not None:
        spot.res[tile.produces] += 1
    elif tile.grey:
        t.movement += 1
    elif tile.kind == "abbey":
        spot.res[RES_INDEX[move["gain"]]] += 1
    elif tile.kind == "tavern":
        p.add_vp("tiles", int(tile.activation.split(":")[1]))
    else:
        counts = [0, 0, 0, 0, 0]
        for name in move["use"]:
            counts[RES_INDEX[name]] += 1
        recipe = _recipe_for(tile, counts)
        t.pending = Payment(counts, then=("act", recipe.vp, recipe.whisky))
        state.phase = "pay"


def _recipe_for(tile: Tile, counts: list) -> Any:
    n = sum(counts)
    for recipe in tile.recipes:
        if recipe.n_any:
            if recipe.n_any == n and (not recipe.distinct or max(counts) == 1):
                return recipe
        elif list(recipe.inputs) == counts:
            return recipe
    raise ValueError(_("{tile} has no recipe for {goods}").format(tile=_(tile.name), goods=counts))


def _end_turn(state: GlenMoreState) -> None:
    state.turn = Turn()
    state.phase = "take"
    settle(state)
