"""Readable move descriptions and reasons for refused moves."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from .moves import positions_for
from .state import GlenMoreState
from .tiles import RES_INDEX, TILES
from ..core.words import relative_position

Move = Dict[str, Any]


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _where(xy: Any) -> str:
    """A display position relative to the starting village at (0, 0)."""
    return relative_position(int(xy[0]), int(xy[1]), "the village", "at the village")


def _tile_at(state: GlenMoreState, xy: Any) -> str:
    """"the Forest north of the village" for the current player's tile at xy."""
    if xy is None or not isinstance(xy, (list, tuple)) or len(xy) != 2:
        return "a tile"
    if xy[0] == 0 and xy[1] == 0:
        return "the village"
    p = state.players[state.current]
    spot = p.display.get((xy[0], xy[1]))
    name = TILES[spot.tile].name if spot else "the tile"
    return f"the {name} {_where(xy)}"


def _listing(resources: Any) -> str:
    """["wood", "wood", "stone"] -> "2 wood and 1 stone"."""
    counts: Dict[str, int] = {}
    for r in resources:
        counts[r] = counts.get(r, 0) + 1
    parts = [f"{n} {r}" for r, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_move(state: GlenMoreState, move: Move) -> str:
    k = move.get("type")
    if k == "take":
        e = state.chain[move["space"]]
        return f"takes {TILES[e[1]].name}"
    if k == "pass":
        return "cannot take any tile and passes"
    if k == "pay":
        if move["resource"] == "whisky":
            return "pays a whisky barrel"
        if move["resource"] == "clansman":
            src = "a chieftain" if move["from"] == "chieftain" else f"the clan member on {_tile_at(state, move['from'])}"
            return f"pays {src}"
        return f"pays 1 {move['resource']} from {_tile_at(state, move['from'])}"
    if k == "buy":
        return f"buys 1 {move['resource']} for {_coins(state.market[RES_INDEX[move['resource']]] + 1)}"
    if k == "sell":
        return f"sells 1 {move['resource']} for {_coins(state.market[RES_INDEX[move['resource']]])}"
    if k == "place":
        return f"places {TILES[state.turn.taken].name} {_where(move['at'])}"
    if k == "gain":
        return f"gains {move['resource']}"
    if k == "activate":
        name = _tile_at(state, move["tile"])
        extra = ""
        if "gain" in move:
            extra = f" and takes 1 {move['gain']}"
        elif "use" in move:
            extra = ", handing in " + _listing(move["use"])
        via = " through Loch Ness" if move.get("loch_ness") else ""
        return f"activates {name}{via}{extra}"
    if k == "end_activation":
        return "ends activations"
    if k == "move":
        if move["to"] == "chieftain":
            return f"makes the clan member on {_tile_at(state, move['from'])} a chieftain"
        return f"moves a clan member from {_tile_at(state, move['from'])} to {_tile_at(state, move['to'])}"
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
            return "that space of the chain holds no tile"
        return f"you cannot both pay for and place {TILES[e[1]].name}"
    if k == "place" and state.phase == "place":
        tile = TILES[state.turn.taken]
        if not positions_for(state.players[state.current], tile):
            return f"{tile.name} fits nowhere"
        at = move.get("at")
        where = _where(at) if isinstance(at, (list, tuple)) and len(at) == 2 else "there"
        return (f"{tile.name} cannot go {where}: it must touch a tile edge to edge, "
                "have a clan member on one of the 8 tiles around, and continue river and road")
    if k in ("pay", "buy") and state.phase == "pay":
        return f"that does not pay what is owed ({', '.join(state.turn.pending.needs())})"
    if k == "buy":
        return "buying is only allowed to pay a cost or a tile's need right now"
    if k == "sell":
        return "you have no such resource there, or that market row holds no coins"
    return None
