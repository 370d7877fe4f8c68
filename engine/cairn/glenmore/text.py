"""Readable move descriptions (messages, rendered late in the reader's
language: see :mod:`cairn.core.i18n`) and reasons for refused moves (said
now, in the current language)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from .moves import positions_for
from .state import GlenMoreState
from .tiles import RES_INDEX, TILES
from ..core.i18n import second_person_file, Message, N_, _, join, msg, name, nmsg, render
from ..core.words import compass

# the player spoken to: "You buy 2 cheese" (data/you.toml)
second_person_file(__package__)

Move = Dict[str, Any]


def goods(n: int, resource: str) -> Message:
    """"2 wood", "1 sheep": a count of one resource, as a message."""
    if resource == "wood":
        return nmsg("{n} wood", "{n} wood", n)
    if resource == "stone":
        return nmsg("{n} stone", "{n} stone", n)
    if resource == "sheep":
        return nmsg("{n} sheep", "{n} sheep", n)
    if resource == "cattle":
        return nmsg("{n} cattle", "{n} cattle", n)
    if resource == "grain":
        return nmsg("{n} grain", "{n} grain", n)
    return name(resource)


#: what a pending payment may still need, as players say it (needs() of a Payment)
NEED_NAMES = {
    "wood": N_("wood"), "stone": N_("stone"), "sheep": N_("sheep"), "cattle": N_("cattle"),
    "grain": N_("grain"), "whisky": N_("whisky"), "clansman": N_("clan member"),
    "any different": N_("a different resource"),
}


def _where(xy: Any) -> Message:
    """A display position relative to the starting village at (0, 0)."""
    way = compass(int(xy[0]), int(xy[1]))
    return name("at the village") if way is None else msg("{way} of the village", way=way)


def _tile_at(state: GlenMoreState, xy: Any) -> Message:
    """"the Forest north of the village" for the current player's tile at xy."""
    if xy is None or not isinstance(xy, (list, tuple)) or len(xy) != 2:
        return "?"
    if xy[0] == 0 and xy[1] == 0:
        return name("the starting village")
    p = state.players[state.current]
    spot = p.display.get((xy[0], xy[1]))
    if not spot:
        return "?"
    return msg("{tile} {where}", tile=name(TILES[spot.tile].name), where=_where(xy))


def _listing(resources: Any) -> Message:
    """["wood", "wood", "stone"] -> "2 wood and 1 stone"."""
    counts: Dict[str, int] = {}
    for r in resources:
        counts[r] = counts.get(r, 0) + 1
    return join([goods(n, r) for r, n in counts.items()])


def describe_move(state: GlenMoreState, move: Move) -> Message:
    """The log line of ``move`` (said of the player who makes it: "takes Forest")."""
    k = move.get("type")
    if k == "take":
        e = state.chain[move["space"]]
        return msg("takes {tile}", tile=name(TILES[e[1]].name))
    if k == "pass":
        return msg("cannot take any tile and passes")
    if k == "pay":
        if move["resource"] == "whisky":
            return msg("pays a whisky barrel")
        if move["resource"] == "clansman":
            if move["from"] == "chieftain":
                return msg("pays a chieftain")
            return msg("pays the clan member on {tile}", tile=_tile_at(state, move["from"]))
        return msg("pays {goods} from {tile}", goods=goods(1, move["resource"]),
                   tile=_tile_at(state, move["from"]))
    if k == "buy":
        price = state.market[RES_INDEX[move["resource"]]] + 1
        return nmsg("buys {goods} for {n} coin", "buys {goods} for {n} coins", price,
                    goods=goods(1, move["resource"]))
    if k == "sell":
        price = state.market[RES_INDEX[move["resource"]]]
        return nmsg("sells {goods} for {n} coin", "sells {goods} for {n} coins", price,
                    goods=goods(1, move["resource"]))
    if k == "place":
        return msg("places {tile} {where}", tile=name(TILES[state.turn.taken].name), where=_where(move["at"]))
    if k == "gain":
        return msg("gains {goods}", goods=goods(1, move["resource"]))
    if k == "activate":
        tile = _tile_at(state, move["tile"])
        if move.get("loch_ness"):
            act = msg("activates {tile} through Loch Ness", tile=tile)
        else:
            act = msg("activates {tile}", tile=tile)
        if "gain" in move:
            return msg("{action} and takes {goods}", action=act, goods=goods(1, move["gain"]))
        if "use" in move:
            return msg("{action}, handing in {goods}", action=act, goods=_listing(move["use"]))
        return act
    if k == "end_activation":
        return msg("ends activations")
    if k == "move":
        if move["to"] == "chieftain":
            return msg("makes the clan member on {tile} a chieftain", tile=_tile_at(state, move["from"]))
        return msg("moves a clan member from {source} to {target}",
                   source=_tile_at(state, move["from"]), target=_tile_at(state, move["to"]))
    if k == "end_turn":
        return msg("ends the turn")
    return str(move)


def chance_counts(state: GlenMoreState) -> Any:
    """What :func:`revealed` compares: the reveals so far, the tiles left in the stacks."""
    return (state.reveals, sum(len(s) for s in state.stacks))


def revealed(counts: Any, state: GlenMoreState, move: Move) -> Message:
    """What a move that revealed hidden information revealed (why undo stops there): tiles
    drawn into the chain, the die rolled, or both."""
    reveals, left = counts
    drawn = left - sum(len(s) for s in state.stacks)
    rolled = state.reveals - reveals - drawn > 0
    if drawn and rolled:
        return msg("a new tile was drawn and the die was rolled")
    return msg("the die was rolled") if rolled else msg("a new tile was drawn")


def why_illegal(state: GlenMoreState, move: Move, legal: List[Move]) -> Optional[str]:
    """Why ``move`` is refused, in the current language (None: the generic reason)."""
    k = move.get("type")
    if state.current is None:
        return _("the game is over")
    if k == "take" and state.phase == "take":
        space = move.get("space")
        if not isinstance(space, int) or not 0 <= space < 14:
            return _("the space must be a number from 0 to 13")
        e = state.chain[space]
        if e is None or e[0] != "tile":
            return _("that space of the chain holds no tile")
        return _("you cannot both pay for and place {tile}").format(tile=_(TILES[e[1]].name))
    if k == "place" and state.phase == "place":
        tile = TILES[state.turn.taken]
        if not positions_for(state.players[state.current], tile):
            return _("{tile} fits nowhere").format(tile=_(tile.name))
        at = move.get("at")
        if isinstance(at, (list, tuple)) and len(at) == 2 and all(isinstance(c, int) for c in at):
            where = render(_where(at))
        else:
            where = _("there")
        return _("{tile} cannot go {where}: it must touch a tile edge to edge, have a clan member "
                 "on one of the 8 tiles around, and continue river and road").format(tile=_(tile.name), where=where)
    if k in ("pay", "buy") and state.phase == "pay":
        owed = ", ".join(_(NEED_NAMES.get(r, r)) for r in state.turn.pending.needs())
        return _("that does not pay what is owed ({owed})").format(owed=owed)
    if k == "buy":
        return _("buying is only allowed to pay a cost or a tile's need right now")
    if k == "sell":
        return _("you have no such resource there, or that market row holds no coins")
    return None
