"""Readable move descriptions and reasons for refused moves."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from .moves import positions_for
from .state import GlenMoreState
from .tiles import RES_INDEX, TILES

Move = Dict[str, Any]


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _at(xy: Any) -> str:
    return f"({xy[0]},{xy[1]})"


def _tile_at(state: GlenMoreState, xy: Any) -> str:
    p = state.players[state.current]
    spot = p.display.get((xy[0], xy[1]))
    return TILES[spot.tile].name if spot else "?"


def describe_move(state: GlenMoreState, move: Move) -> str:
    k = move.get("type")
    if k == "take":
        e = state.chain[move["space"]]
        return f"takes {TILES[e[1]].name} (space {move['space']})"
    if k == "pass":
        return "cannot take any tile and passes"
    if k == "pay":
        if move["resource"] == "whisky":
            return "pays a whisky barrel"
        if move["resource"] == "clansman":
            src = "a chieftain" if move["from"] == "chieftain" else f"the clan member on {_at(move['from'])}"
            return f"pays {src}"
        return f"pays {move['resource']} from {_tile_at(state, move['from'])} {_at(move['from'])}"
    if k == "buy":
        return f"buys {move['resource']} for {_coins(state.market[RES_INDEX[move['resource']]] + 1)}"
    if k == "sell":
        return f"sells {move['resource']} for {_coins(state.market[RES_INDEX[move['resource']]])}"
    if k == "place":
        return f"places {TILES[state.turn.taken].name} at {_at(move['at'])}"
    if k == "gain":
        return f"gains {move['resource']}"
    if k == "activate":
        name = _tile_at(state, move["tile"])
        extra = ""
        if "gain" in move:
            extra = f": {move['gain']}"
        elif "use" in move:
            extra = ": hands in " + "+".join(move["use"])
        via = " with Loch Ness" if move.get("loch_ness") else ""
        return f"activates {name} {_at(move['tile'])}{via}{extra}"
    if k == "end_activation":
        return "ends activations"
    if k == "move":
        if move["to"] == "chieftain":
            return f"makes the clan member on {_at(move['from'])} a chieftain"
        return f"moves a clan member {_at(move['from'])} -> {_at(move['to'])}"
    if k == "end_turn":
        return "ends the turn"
    return str(move)


def why_illegal(state: GlenMoreState, move: Move, legal: List[Move]) -> Optional[str]:
    k = move.get("type")
    if state.current is None:
        return "the game is over"
    if k == "take" and state.phase == "take":
        space = move.get("space")
        if not isinstance(space, int) or not 0 <= space < 14:
            return "space must be 0-13"
        e = state.chain[space]
        if e is None or e[0] != "tile":
            return f"space {space} holds no tile"
        return f"you cannot both pay for and place {TILES[e[1]].name}"
    if k == "place" and state.phase == "place":
        tile = TILES[state.turn.taken]
        if not positions_for(state.players[state.current], tile):
            return f"{tile.name} fits nowhere"
        return (f"{tile.name} cannot go at {move.get('at')}: it must touch a tile edge to edge, "
                "have a clan member on one of the 8 tiles around, and continue river and road")
    if k in ("pay", "buy") and state.phase == "pay":
        return f"that does not pay what is owed ({', '.join(state.turn.pending.needs())})"
    if k == "buy":
        return "buying is only allowed to pay a cost or a tile's need right now"
    if k == "sell":
        return "you have no such resource there, or that market row holds no coins"
    return None
