"""Log lines and refusal reasons for Clans of Caledonia, in players' words: spaces by module,
land and price, contracts by what they ask, clans and ports by name; never internal ids."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from .data import CLANS, CONTRACTS, PORTS, STARTING_TILES
from .economy import board_of, price

Move = Dict[str, Any]

UNIT_NAMES = {"sheep": "a sheep", "cow": "a cow", "dairy": "a cheese dairy", "bakery": "a bakery",
              "field": "a grain field", "distillery": "a distillery", "woodcutter": "a woodcutter",
              "miner": "a miner", "fisherman": "a fisherman"}
NEED_NAMES = {"beef": "beef", "mutton": "mutton"}


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    irregular = {"sheep": "sheep", "wool": "wool", "milk": "milk", "grain": "grain", "bread": "bread",
                 "cheese": "cheese", "whisky": "whisky", "beef": "beef", "mutton": "mutton",
                 "cotton": "cotton", "tobacco": "tobacco", "sugarcane": "sugar cane", "hops": "hops"}
    return f"{n} {irregular.get(word, word + 's')}"


def space_name(state: Any, sid: int) -> str:
    """E.g. "the 3-pound forest space in the north-west" / "a loch in the south-east"."""
    board = board_of(state)
    sp = board.spaces[sid]
    where = {"A": "north-west", "B": "north-east", "C": "south-east", "D": "south-west"}.get(
        sp.module, "centre")
    if sp.kind == "land":
        land = "/".join(t for t in ("grassland", "forest", "mountain") if t in sp.terrains)
        return f"the {sp.cost}-pound {land} space in the {where}"
    if sp.kind == "port":
        return f"the port spot in the {where}"
    return f"a loch space in the {where}"


def contract_name(cid: int) -> str:
    """A contract by what it asks: "the contract for 1 bread, 1 cheese, 1 whisky"."""
    c = CONTRACTS[cid]
    return "the contract for " + ", ".join(plural(n, g) for g, n in c.needs)


def port_name(port: int) -> str:
    return f"the port bonus \u201c{PORTS[port]['summary'].rstrip('.')}\u201d"


def _seat(state: Any, seat: Optional[int] = None) -> str:
    return ""  # the history names the seat; lines read "takes ...", "passes"


def describe(state: Any, move: Move) -> str:
    kind = move.get("type")
    if kind == "pick":
        tile = STARTING_TILES[move["tile"]]
        goods = ", ".join(plural(n, g) for g, n in tile.goods)
        clan = f"Clan {CLANS[move['clan']]['name']} with " if move.get("clan") else ""
        return f"chooses {clan}a starting tile of \u00a3{tile.money}" + (f" and {goods}" if goods else "")
    if kind == "bid":
        return f"bids {move['vp']} VP for the first choice of clan"
    if kind == "bid_pass":
        return "drops out of the bidding"
    if kind == "start_worker":
        return f"places {UNIT_NAMES[move['unit']]} on {space_name(state, move['space'])}"
    if kind == "trade":
        good, n = move["good"], move["n"]
        verb = "buys" if move["side"] == "buy" else "sells"
        return f"{verb} {plural(n, good)} at \u00a3{price(state, good)} each"
    if kind == "take_contract":
        return f"takes {contract_name(move['contract'])}"
    if kind == "expand":
        return f"expands with {UNIT_NAMES.get(move['unit'], move['unit'])}"
    if kind == "place":
        return f"places it on {space_name(state, move['space'])}"
    if kind == "neighbour":
        return f"buys {plural(move['n'], move['good'])} through the neighbourhood bonus"
    if kind == "done":
        return "is done"
    if kind == "keep_contracts":
        ids = move.get("contracts") or []
        return "keeps " + (" and ".join(contract_name(c) for c in ids) if ids else "no contract")
    if kind == "shipping":
        return "upgrades shipping"
    if kind == "technology":
        return f"upgrades the {move['worker']}s' technology"
    if kind == "hire":
        return "hires a merchant"
    if kind == "fulfil":
        return f"fulfils {contract_name(move['contract'])}"
    if kind == "bonus_upgrade":
        what = move.get("kind")
        if what == "technology":
            return f"takes a bonus upgrade: the {move.get('worker')}s' technology for \u00a35"
        if what == "shipping":
            return "takes a bonus upgrade: a free shipping step"
        if what == "hire":
            return "takes a bonus upgrade: a free merchant"
        if what == "recall":
            return f"takes a bonus upgrade: a merchant back from the {move.get('good')} market"
        return "takes a bonus upgrade"
    if kind == "gain":
        return f"takes {move.get('good')}"
    if kind == "brew":
        return f"brews beer from {plural(move['grain'], 'grain')}"
    if kind == "port":
        line = f"uses {port_name(move['port'])}"
        if "give" in move:
            line += f", giving {move['give']}"
        if "good" in move and "steps" in move:
            line += f": {move['good']} {'up' if move['steps'] > 0 else 'down'} {abs(move['steps'])}"
        return line
    if kind == "swap":
        if "space" in move:
            return f"swaps the unit on {space_name(state, move['space'])}"
        return f"puts {UNIT_NAMES.get(move.get('unit'), 'a unit')} there instead"
    if kind == "row":
        return f"rows a fisherman to {space_name(state, move['to'])}"
    if kind == "uncask":
        return "takes whisky out of the cellar"
    if kind == "end_turn":
        return "ends the turn"
    if kind == "pass":
        return "passes"
    if kind == "automa":
        return "plays a card"
    if kind == "produce":
        made = {"bread": "bakeries", "cheese": "dairies", "whisky": "distilleries"}.get(move.get("good"), "")
        n = move.get("n", 0)
        return f"makes {plural(n, move.get('good', 'goods'))}" + (f" in the {made}" if n else "")
    if kind == "cellar":
        return "puts a fresh whisky in the cellar" if move.get("whisky") else "keeps the cellar as it is"
    if kind == "butter":
        k = move.get("milk", 0)
        return f"turns {plural(k, 'milk')} into butter for \u00a3{8 * k}" if k else "makes no butter"
    return kind.replace("_", " ") if isinstance(kind, str) else "moves"


def why_illegal(state: Any, move: Move, legal: List[Move]) -> str:
    """A specific reason for the commonest mistakes, or "" for the generic one."""
    from .economy import price as _price

    kind = move.get("type")
    seat = state.cur
    if seat is None or seat >= len(state.players):
        return ""
    p = state.players[seat]
    if kind == "trade" and move.get("good") in {"wool", "milk", "grain", "bread", "cheese", "whisky"}:
        n = move.get("n") if isinstance(move.get("n"), int) else 0
        if n > p.pool:
            return f"you have {plural(p.pool, 'merchant')} in your pool"
        if move.get("side") == "buy" and n * _price(state, move["good"]) > p.money:
            return "you cannot pay for that many"
    if state.phase == "production":
        from . import production

        reason = production.check(state, move) if hasattr(production, "check") else None
        if reason:
            return reason
    if kind == "pass" and state.turn.get("main"):
        return "you have already taken your action this turn"
    if kind in ("expand", "place") and not any(m["type"] == kind for m in legal):
        return "no space you can reach suits that unit, or you cannot pay for it"
    return ""
