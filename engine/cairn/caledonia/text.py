"""Log lines and refusal reasons for Clans of Caledonia, in players' words: spaces by module,
land and price, contracts by what they ask, clans and ports by name; never internal ids."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from .data import CLANS, CONTRACTS, PORTS, STARTING_TILES
from .economy import board_of, price, round_contract_cost

Move = Dict[str, Any]

UNIT_NAMES = {"sheep": "a sheep", "cow": "a cow", "dairy": "a cheese dairy", "bakery": "a bakery",
              "field": "a grain field", "distillery": "a distillery", "woodcutter": "a woodcutter",
              "miner": "a miner", "fisherman": "a fisherman"}
NEED_NAMES = {"beef": "beef", "mutton": "mutton"}


_SINGULAR = {"sugarcane": "sugar cane", "hops": "hop"}


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {_SINGULAR.get(word, word)}"
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
    """A contract by what it asks and gives: "the contract for 1 bread, 1 cheese, 1 whisky
    (3 tobacco, \u00a310, 2 bonus upgrades)" (two contracts may ask the same goods)."""
    c = CONTRACTS[cid]
    return "the contract for " + ", ".join(plural(n, g) for g, n in c.needs) + f" ({contract_gives(cid)})"


def contract_gives(cid: int) -> str:
    """What fulfilling a contract gives, in players' words."""
    c = CONTRACTS[cid]
    gives = [plural(n, g) for g, n in c.imports]
    if c.hops:
        gives.append(plural(c.hops, "hops"))
    if c.money:
        gives.append(f"\u00a3{c.money}")
    if c.free_land:
        gives.append(plural(c.free_land, "free-land expansion"))
    if c.bonus_upgrade:
        gives.append(plural(c.bonus_upgrade, "bonus upgrade"))
    return ", ".join(gives) or "nothing"


def port_name(port: int) -> str:
    return f"the port bonus \u201c{PORTS[port]['summary'].rstrip('.')}\u201d"


FIXED_LINES = {"done": "is done", "shipping": "upgrades shipping", "hire": "hires a merchant",
               "uncask": "takes whisky out of the cellar", "end_turn": "ends the turn",
               "pass": "passes", "automa": "plays a card"}
BONUS_UPGRADES = {"technology": "the {worker}s' technology for \u00a35",
                  "shipping": "a free shipping step", "hire": "a free merchant",
                  "recall": "a merchant back from the {good} market"}


def describe(state: Any, move: Move) -> str:
    kind = move.get("type")
    if kind in FIXED_LINES:
        return FIXED_LINES[kind]
    if kind == "pick":
        tile = STARTING_TILES[move["tile"]]
        goods = ", ".join(plural(n, g) for g, n in tile.goods)
        clan = f"Clan {CLANS[move['clan']]['name']} with " if move.get("clan") else ""
        return f"chooses {clan}a starting tile of \u00a3{tile.money}" + (f" and {goods}" if goods else "")
    if kind == "bid":
        first = not (getattr(state, "auction", None) or {}).get("won")
        return f"bids {move['vp']} VP for the {'first' if first else 'next'} choice of clan"
    if kind == "bid_pass":
        return "drops out of the bidding"
    if kind == "start_worker":
        return f"places {UNIT_NAMES[move['unit']]} on {space_name(state, move['space'])}"
    if kind == "trade":
        good, n = move["good"], move["n"]
        verb = "buys" if move["side"] == "buy" else "sells"
        return f"{verb} {plural(n, good)} at \u00a3{price(state, good)} each"
    if kind == "take_contract":
        line = f"takes {contract_name(move['contract'])}"
        if state.pending and state.pending[-1].get("kind") == "buchanan_take":
            return line + " as well (the round's cost is paid once)"
        cost = round_contract_cost(state)
        return line + (f", receiving \u00a3{cost}" if cost > 0 else f" for \u00a3{-cost}" if cost < 0 else "")
    if kind == "expand":
        return f"expands with {UNIT_NAMES.get(move['unit'], move['unit'])}"
    if kind == "place":
        return f"places it on {space_name(state, move['space'])}"
    if kind == "neighbour":
        return f"buys {plural(move['n'], move['good'])} through the neighbourhood bonus"
    if kind == "keep_contracts":
        ids = move.get("contracts") or []
        return "keeps " + (" and ".join(contract_name(c) for c in ids) if ids else "no contract")
    if kind == "technology":
        return f"upgrades the {move['worker']}s' technology"
    if kind == "fulfil":
        line = f"fulfils {contract_name(move['contract'])}"
        killed = [state.units[sp][1] for sp in move.get("slaughter") or [] if sp in state.units]
        if killed:
            animals = [plural(killed.count(u), u) for u in ("cow", "sheep") if u in killed]
            line += ", slaughtering " + " and ".join(animals)
        return line
    if kind == "bonus_upgrade":
        what = BONUS_UPGRADES.get(move.get("kind"))
        return "takes a bonus upgrade" + (": " + what.format(**move) if what else "")
    if kind == "gain":
        return f"takes 1 {move.get('good')}"
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
    """A specific reason for a refused move in players' words, or "" for the generic one.
    Only called on a refusal (never on the hot path), so it may recompute freely."""
    try:
        return _reason(state, move, legal)
    except Exception:  # a malformed move must still get the generic refusal, never a crash
        return ""


_GOODS = ("wool", "milk", "grain", "bread", "cheese", "whisky")
_PENDING = {"place": "placing the unit", "neighbour": "the neighbourhood bonus (buy or be done)",
            "keep": "choosing which drawn contracts to keep",
            "buchanan_take": "taking a second contract or being done",
            "fulfil_more": "fulfilling a second contract or being done",
            "rewards": "the contract's rewards (use them or be done)",
            "swap": "the port's swap", "exchange": "taking the port's goods",
            "port1": "fulfilling a meat contract with one animal fewer",
            "port6": "trading the good whose price you moved",
            "port9": "choosing the other port to use"}


def _int(v: Any) -> Optional[int]:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _reason(state: Any, move: Move, legal: List[Move]) -> str:
    kind = move.get("type")
    phase = state.phase
    if phase == "production":
        from . import production

        return production.check(state, move) or ""
    if phase in ("clan_pick", "auction", "start_workers"):
        return _setup_reason(state, move)
    if phase != "actions":
        return ""
    seat = state.cur
    p = state.players[seat]
    if p.automa:
        return "the solo opponent is to play: its only move is to play a card"
    kinds = {m["type"] for m in legal}
    if state.pending and kind not in kinds:
        top = state.pending[-1].get("kind", "")
        return f"first finish {_PENDING.get(top, 'the open decision')}"
    main = ("trade", "take_contract", "expand", "shipping", "technology", "hire", "fulfil")
    if kind in main and state.turn.get("main") and not state.pending:
        return "you have already taken your main action this turn"
    if kind == "pass":
        if state.turn.get("main"):
            return "you have already taken your action this turn"
        return "finish the open decision before passing" if state.pending else ""
    if kind == "end_turn" and not state.turn.get("main"):
        return "take your main action (or pass) first"
    if kind == "trade":
        return _trade_reason(state, p, move)
    if kind == "take_contract":
        from .trade import free_boxes
        from .economy import round_contract_cost

        if move.get("contract") not in [c for c in state.slots if c is not None]:
            return "that contract is not on the export board"
        if free_boxes(p) <= 0:
            return "your export box is full: fulfil your contract first"
        cost = round_contract_cost(state)
        if p.money + cost < 0:
            return f"taking a contract costs \u00a3{-cost} this round and you have \u00a3{p.money}"
    if kind == "fulfil":
        return _fulfil_reason(state, p, move)
    if kind == "expand" or kind == "place":
        return _expand_reason(state, seat, p, move)
    if kind == "shipping":
        if p.shipping >= 5:
            return "your shipping is at its last step already"
        return "an upgrade of shipping costs \u00a34" if p.money < 4 else ""
    if kind == "technology":
        if p.clan == "macdonald":
            return "Clan MacDonald cannot upgrade technology"
        w = move.get("worker")
        if w not in ("woodcutter", "miner"):
            return "the technology upgrade is for the woodcutters or the miners"
        if p.tech[0 if w == "woodcutter" else 1]:
            return f"the {w}s' technology is upgraded already"
        return "a technology upgrade costs \u00a310" if p.money < 10 else ""
    if kind == "hire":
        if p.track <= 0:
            return "you have no merchant left on your board to hire"
        return "hiring a merchant costs \u00a34" if p.money < 4 else ""
    if kind == "port":
        return _port_reason(state, seat, p, move)
    if kind == "row":
        if p.clan != "macdonald":
            return "only Clan MacDonald has fishermen to row"
        if state.turn.get("rowed"):
            return "you may row only once per turn"
        if state.turn.get("main"):
            return "rowing comes before the main action"
        return "a fisherman rows to an adjacent empty loch space or port tile, never next to another fisherman"
    if kind == "neighbour" and state.pending and state.pending[-1].get("kind") == "neighbour":
        return _neighbour_reason(state, p, move)
    if kind == "uncask" and p.clan != "mackenzie":
        return "only Clan MacKenzie has a cellar"
    return ""


def _trade_reason(state: Any, p: Any, move: Move) -> str:
    from .data import GOOD_INDEX
    from .economy import price as _price
    from .trade import stewart_bonus

    good, side, n = move.get("good"), move.get("side"), _int(move.get("n"))
    if good not in _GOODS:
        return f"the market trades {', '.join(_GOODS)}"
    if side not in ("buy", "sell") or n is None or n < 1:
        return "a trade buys or sells 1 or more units of one good"
    i = GOOD_INDEX[good]
    if n > p.pool:
        return f"you have {plural(p.pool, 'merchant')} in your pool: one merchant per unit"
    if side == "buy":
        if p.market[i] < 0:
            return f"you sold {good} this round: never both sides of one good"
        if n * _price(state, good) > p.money + stewart_bonus(p):
            return (f"{plural(n, good)} cost{'s' if n == 1 else ''} \u00a3{n * _price(state, good)}"
                    f" and you have \u00a3{p.money}")
    else:
        if p.market[i] > 0:
            return f"you bought {good} this round: never both sides of one good"
        if n > p.goods[i]:
            return f"you have {plural(p.goods[i], good)}"
    return ""


def _neighbour_reason(state: Any, p: Any, move: Move) -> str:
    from .trade import neighbourhood_cap

    good, n = move.get("good"), _int(move.get("n"))
    if good not in state.pending[-1].get("goods", []):
        return "no rival unit next to the new one makes that good (or you bought it already)"
    if n is None or n < 1:
        return "buy 1 or more units"
    cap = neighbourhood_cap(state) - state.turn.get("nb", {}).get(good, 0)
    if n > cap:
        return f"you may buy {plural(max(cap, 0), good)} more through the neighbourhood bonus this turn"
    if n > p.pool:
        return f"you have {plural(p.pool, 'merchant')} in your pool: one merchant per unit"
    return "you cannot pay for that many, or you sold that good this round"


def _fulfil_reason(state: Any, p: Any, move: Move) -> str:
    from .data import GOOD_INDEX

    cid = move.get("contract")
    if cid not in p.contracts:
        return "that contract is not in your export box"
    c = CONTRACTS[cid]
    lack = [plural(n - p.goods[GOOD_INDEX[g]], g) for g, n in c.needs
            if g in GOOD_INDEX and p.goods[GOOD_INDEX[g]] < n]
    if lack:
        return "you still need " + ", ".join(lack)
    beef, mutton = c.need("beef"), c.need("mutton")
    if beef or mutton:
        want = " and ".join(w for w in (plural(beef, "cow") if beef else "",
                                         plural(mutton, "sheep") if mutton else "") if w)
        return f"name the animals you slaughter: {want} of yours on the map"
    return "name no animals: this contract asks for no meat"


def _expand_reason(state: Any, seat: int, p: Any, move: Move) -> str:
    from . import economy as eco
    from .expand import reach_of, unit_kinds

    top = state.pending[-1] if state.pending else None
    if move.get("type") == "expand":
        unit = move.get("unit")
        if unit not in unit_kinds(p.clan):
            return "that unit is not on your board"
        if eco.units_left(state, seat, unit) <= 0:
            return f"you have no {UNIT_NAMES[unit][2:]} left on your board"
        return "no empty space you reach suits that unit, or you cannot pay for it"
    if not top or top.get("kind") != "place":
        return "place a unit only after choosing it to expand"
    unit, space = top["unit"], _int(move.get("space"))
    board = board_of(state)
    if space is None or not 0 <= space < len(board.spaces):
        return "that is not a space of the map"
    if not board.spaces[space].active:
        return "that space is not in play"
    if space in state.units or space in state.blocked:
        return "that space is not free: one unit per space"
    if space not in reach_of(state, seat):
        return "that space neither neighbours one of your units nor lies within your shipping reach"
    if not eco.suits(state, seat, unit, space):
        return f"that land does not suit {UNIT_NAMES.get(unit, 'that unit')}"
    cost = eco.expand_cost(state, seat, unit, space, top.get("free_land", False))
    if cost > p.money:
        return f"it costs \u00a3{cost} and you have \u00a3{p.money}"
    return ""


def _port_reason(state: Any, seat: int, p: Any, move: Move) -> str:
    from .ports import usable_ports

    tile = move.get("port")
    if tile not in state.ports:
        return "that port tile is not in play"
    if state.pending and state.pending[-1].get("kind") == "port9":
        return "that port has nothing you can use now"
    if tile in p.ports_used:
        return "you have used that port already (once per port per game)"
    if tile not in usable_ports(state, seat):
        return "no unit of yours neighbours that port or reaches it by shipping"
    if tile in (1, 6) and state.turn.get("main"):
        return "that port is used before your main action"
    return "that port has nothing you can use now"


def _setup_reason(state: Any, move: Move) -> str:
    kind = move.get("type")
    if state.phase == "clan_pick":
        return "that pair of clan and starting tile is not on offer" if kind == "pick" else ""
    if state.phase == "auction":
        a = state.auction
        vp = _int(move.get("vp"))
        if kind == "bid" and vp is not None:
            if vp > 30:
                return "the highest bid is 30 VP"
            if a.get("high") is not None and vp <= a["high"]:
                return f"bid more than {a['high']} VP, or drop out"
        if kind == "bid_pass" and a.get("high") is None:
            return "the first bidder must bid (0 VP is a bid)"
        return ""
    if kind != "start_worker":
        return ""
    from . import economy as eco

    seat = state.queue[0] if state.queue else state.cur
    p = state.players[seat]
    unit, space = move.get("unit"), _int(move.get("space"))
    board = board_of(state)
    units = ("woodcutter", "miner", "fisherman") if p.clan == "macdonald" else ("woodcutter", "miner")
    if unit not in units:
        return "a starting worker is a woodcutter or a miner" + (" (or a fisherman)" if p.clan == "macdonald" else "")
    if space is None or not 0 <= space < len(board.spaces):
        return "that is not a space of the map"
    if not board.spaces[space].active:
        return "that space is not in play"
    if space in state.units or space in state.blocked:
        return "that space is not free: one unit per space"
    if not eco.suits(state, seat, unit, space):
        return f"that land does not suit {UNIT_NAMES[unit]}"
    if p.clan == "fergusson" and space not in board.border:
        return "Clan Fergusson's starting workers go on border spaces of the active map"
    cost = eco.expand_cost(state, seat, unit, space)
    if cost > p.money:
        return f"it costs \u00a3{cost} and you have \u00a3{p.money}"
    return ""
