"""What a page shows for each legal move of Clans of Caledonia (``Rules.labels``): the button's
text with what the move costs or gives, a short cost for the map's marks, a heading for
alternatives of one kind and a longer explanation, as messages rendered in the reader's
language.

Money is the rules' own: :func:`money_change` reads the functions that charge it (unit and
land costs with the clans' discounts, market prices with Stewart's pound, the neighbourhood
discount, the round's contract cost, pass money, ports, clan incomes), never a table of its
own; ``tests/test_labels.py`` applies every labelled move and compares.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.i18n import N_, join, msg, name
from . import economy as eco
from .clans import cellar_value
from .board import reach
from .data import CLANS, CONTRACTS, IMPORTS, PORTS, STARTING_TILES, TABLES
from .expand import own_and_fishermen
from .production import PROCESSING
from .rounds import pass_money
from .state import ACTIONS
from .trade import discount, stewart_bonus
from .words import TECH, UNIT_NAME, contract_gives, count, money, space_name, thing, unit_a

Move = Dict[str, Any]
Message = Dict[str, Any]

_COSTS = TABLES["costs"]
_CLANS = TABLES["clans"]
_PORTS = TABLES["ports"]
_EVERY = TABLES["imports"]["marked_every"]
_INPUT = {good: need for good, _unit, need in PROCESSING}
#: the shipping track's steps as players name them
SHIP_LEVEL = (N_("no shipping"), N_("river"), N_("loch 1"), N_("loch 2"), N_("loch 3"), N_("loch 4"))


# -- money ---------------------------------------------------------------------------------
def money_change(state: Any, seat: int, move: Move) -> Optional[int]:
    """The pounds ``seat`` gains (negative: pays) when ``move`` is applied, or None when the
    move itself moves no money (an Expand pays when its unit is placed)."""
    kind = move.get("type")
    p = state.players[seat]
    top = state.pending[-1] if state.pending else None
    if kind == "trade":
        each = eco.price(state, move["good"])
        sign = -1 if move["side"] == "buy" else 1
        return stewart_bonus(p) + sign * each * move["n"]
    if kind == "neighbour":
        first = move["good"] not in state.turn.get("nb", {})
        each = eco.price(state, move["good"]) - discount(move["good"])
        return (stewart_bonus(p) if first else 0) - each * move["n"]
    if kind == "place" and top is not None:
        return -eco.expand_cost(state, seat, top["unit"], move["space"], top["free_land"])
    if kind == "start_worker":
        return -eco.expand_cost(state, seat, move["unit"], move["space"])
    if kind in ("shipping", "technology", "hire"):
        return -_COSTS[kind]
    if kind == "take_contract":
        if top is not None and top.get("kind") == "buchanan_take":
            return None
        return eco.round_contract_cost(state) or None
    if kind == "keep_contracts":
        return (eco.round_contract_cost(state) or None) if move["contracts"] else None
    if kind == "bonus_upgrade":
        return -_COSTS["technology_bonus"] if move["kind"] == "technology" else None
    if kind == "brew":
        return move["grain"] * _CLANS["macewen_pounds_per_grain"]
    if kind == "uncask":
        return cellar_value(move["spot"]) or None
    if kind == "fulfil":
        return _fulfil_money(state, move["contract"]) or None
    if kind == "port":
        return {5: _PORTS["money"], 8: _PORTS["contracts_money"], 9: -_PORTS["any_port_cost"]}.get(move["port"])
    if kind == "produce":
        if move["good"] == "whisky" and p.clan == "mackenzie" and move["n"]:
            return _CLANS["mackenzie_pounds_per_whisky"] * move["n"]
        return None
    if kind == "butter":
        return _CLANS["cunningham_pounds_per_milk"] * move["milk"] or None
    if kind == "pass" and state.phase == ACTIONS:
        return pass_money(state, len(state.next_order))
    return None


def _fulfil_money(state: Any, cid: int) -> int:
    """A contract's money plus the pounds its imports earn on the shared tracks."""
    c = CONTRACTS[cid]
    tracks = list(state.imports)
    gained = c.money
    for g, n in c.imports:
        i = IMPORTS.index(g)
        gained += (tracks[i] + n) // _EVERY - tracks[i] // _EVERY
        tracks[i] += n
    return gained


def _signed(d: int) -> Message:
    return msg("+\u00a3{n}", n=d) if d > 0 else msg("\u2212\u00a3{n}", n=-d)


def cost_text(d: Optional[int]) -> Optional[Message]:
    """The short cost of a mark on the board: "£12" paid, "+£9" gained, None: no money (a
    place reached by shipping: "≈£12", see :func:`label_of`)."""
    if d is None:
        return None
    return msg("+\u00a3{n}", n=d) if d > 0 else money(-d)


# -- words -------------------------------------------------------------------------------
def contract_short(cid: int) -> Message:
    """A contract by what it asks and gives, short: "1 bread, 1 cheese → 3 tobacco and £10"."""
    return msg("{needs} \u2192 {gives}", needs=join([count(n, g) for g, n in CONTRACTS[cid].needs]),
               gives=contract_gives(cid))


def _with_money(label: Message, d: Optional[int]) -> Message:
    return label if d is None else msg("{label}: {change}", label=label, change=_signed(d))


def near_spaces(state: Any, seat: int) -> set:
    """The spaces next to ``seat``'s units (no shipping: the reach at shipping level 0, with
    MacDonald's fishermen); a place elsewhere is reached by shipping."""
    own, fish = own_and_fishermen(state, seat)
    return reach(eco.board_of(state), own, 0, fish)


def label_of(state: Any, seat: int, move: Move, near: Optional[set] = None) -> Dict[str, Any]:
    """``{label, cost, group, info}`` of one legal move (messages or None); ``near``: the
    spaces next to the seat's units (:func:`near_spaces`), for a place's words."""
    kind = move.get("type")
    d = money_change(state, seat, move)
    p = state.players[seat]
    top = state.pending[-1] if state.pending else None
    group = info = None
    if kind == "trade":
        g, n = move["good"], move["n"]
        buy = move["side"] == "buy"
        # no money left after it in the words: the same buttons for every seat, which lean
        # replies send as references to the labels sent before
        label = msg(N_("Buy {goods}: {change}") if buy else N_("Sell {goods}: {change}"), goods=count(n, g),
                    change=_signed(d))
        group = msg(N_("Buy {good}") if buy else N_("Sell {good}"), good=thing(g))
        if stewart_bonus(p):
            info = name(N_("Clan Stewart receives \u00a31 per trade (counted here)"))
    elif kind == "neighbour":
        g, n = move["good"], move["n"]
        each = eco.price(state, g) - discount(g)
        label = msg("Buy {goods}: {change}", goods=count(n, g), change=_signed(d))
        group = msg("Neighbourhood bonus: {good}", good=thing(g))
        info = msg("Market {price}, you pay {each} each ({off} off)", price=money(eco.price(state, g)),
                   each=money(each), off=money(discount(g)))
    elif kind in ("place", "start_worker"):
        unit = move["unit"] if kind == "start_worker" else top["unit"]
        shipped = kind == "place" and near is not None and move["space"] not in near
        # the money before the place: a phone's button may not show the end of a long line
        text = N_("Place {unit} ({change}, by shipping) on {space}") if shipped else N_("Place {unit} ({change}) on {space}")
        label = msg(text, unit=unit_a(unit), space=space_name(state, move["space"]), change=_signed(d))
        if kind == "place" and top.get("free_land"):
            info = name(N_("Free land: only the unit is paid"))
        if shipped:   # the map's mark says it too: "≈£11"
            return {"label": label, "cost": msg("\u2248\u00a3{n}", n=-d), "group": None, "info": info}
    elif kind == "expand":
        free = top is not None and top.get("kind") == "rewards"
        each = eco.unit_cost(state, seat, move["unit"])
        text = N_("Expand: {unit} \u00a3{cost} (free land)") if free else N_("Expand: {unit} \u00a3{cost} + land")
        unit = UNIT_NAME[move["unit"]]
        label = msg(text, unit=name(unit), cost=each)
        group = name(N_("Expand on free land") if free else N_("Expand"))
    elif kind == "shipping":
        level = SHIP_LEVEL[min(p.shipping + 1, len(SHIP_LEVEL) - 1)]
        label = _with_money(msg("Shipping \u2192 {level}", level=name(level)), d)
        group = name(N_("Upgrade"))
    elif kind == "technology":
        tech = TECH[move["worker"]]
        label = _with_money(msg("Upgrade {tech}", tech=name(tech)), d)
        group = name(N_("Upgrade"))
    elif kind == "hire":
        label = _with_money(msg("Hire a merchant"), d)
        group = name(N_("Upgrade"))
    elif kind == "take_contract":
        label = msg("Take {contract}", contract=contract_short(move["contract"]))
        if top is not None and top.get("kind") == "buchanan_take":
            label = msg("{label} (the round's cost is paid once)", label=label)
        label = _with_money(label, d)
        group = name(N_("Take a contract"))
    elif kind == "keep_contracts":
        ids = move["contracts"]
        label = _with_money(msg("Keep {contracts}", contracts=join([contract_short(c) for c in ids])), d) \
            if ids else msg("Keep none")
    elif kind == "fulfil":
        label = _fulfil_label(state, move, d)
        group = name(N_("Fulfil a contract"))
    else:
        label, group, info = _other(state, seat, p, top, move, d)
    return {"label": label, "cost": cost_text(d), "group": group, "info": info}


def _fulfil_label(state: Any, move: Move, d: Optional[int]) -> Message:
    c = msg("Fulfil {contract}", contract=contract_short(move["contract"]))
    spaces = move.get("slaughter") or []
    if spaces:
        animals = join([msg("{unit} on {space}", unit=unit_a(state.units[s][1]), space=space_name(state, s))
                        for s in spaces if s in state.units])
        c = msg("{label}, slaughtering {animals}", label=c, animals=animals)
    return _with_money(c, d)


def _other(state: Any, seat: int, p: Any, top: Any, move: Move, d: Optional[int]) -> tuple:
    """The label, group and info of the moves with no cost of their own to speak of."""
    kind = move.get("type")
    group = info = None
    if kind == "pick":
        tile = STARTING_TILES[move["tile"]]
        things = join([money(tile.money)] + [count(n, g) for g, n in tile.goods])
        if move.get("clan"):
            label = msg("Take Clan {clan} with {things}", clan=CLANS[move["clan"]]["name"], things=things)
            summary = CLANS[move["clan"]].get("summary")
            info = name(summary) if summary else None
        else:
            label = msg("Take the starting tile with {things}", things=things)
    elif kind == "bid":
        label, group = msg("Bid {n} glory", n=move["vp"]), name(N_("Bid for the first pick"))
    elif kind == "bid_pass":
        label = msg("Do not bid")
    elif kind == "swap":
        if "space" in move:
            label = msg("Swap the unit on {space}", space=space_name(state, move["space"]))
        else:
            label = msg("Swap in: {unit}", unit=unit_a(move.get("unit")))
    elif kind == "gain":
        label = msg("Take {goods}", goods=count(1, move["good"]))
    elif kind == "bonus_upgrade":
        label, group = _bonus(p, move, d), name(N_("Bonus upgrade"))
    elif kind == "brew":
        label = _with_money(msg("Brew {grain}", grain=count(move["grain"], "grain")), d)
        group = name(N_("Brew beer"))
    elif kind == "uncask":
        label = _with_money(msg("Whisky out of cellar spot {n}", n=move["spot"] + 1), d)
        group = name(N_("Free: cellar"))
    elif kind == "row":
        label = msg("Row the fisherman on {space} to {to}", space=space_name(state, move["from"]),
                    to=space_name(state, move["to"]))
        group = name(N_("Free: row a fisherman"))
    elif kind == "port":
        summary = PORTS[move["port"]]["summary"]
        label, info = _port(move, d), name(summary)
        group = name(N_("Free: port bonus"))
    elif kind == "produce":
        n, good = move["n"], move["good"]
        label = _with_money(msg("Make {goods} (uses {input})", goods=count(n, good), input=count(n, _INPUT[good])), d) \
            if n else msg("Make no {good}", good=thing(good))
    elif kind == "cellar":
        label = msg("Put {goods} in the cellar", goods=count(move["whisky"], "whisky")) if move["whisky"] \
            else msg("Nothing in the cellar")
    elif kind == "butter":
        label = _with_money(msg("Butter from {milk}", milk=count(move["milk"], "milk")), d) if move["milk"] \
            else msg("No butter")
    elif kind == "done":
        label = msg("Done buying") if top is not None and top.get("kind") == "neighbour" else msg("Done")
    elif kind == "end_turn":
        label = msg("End turn")
    elif kind == "pass":
        label = msg("Pass ({change})", change=_signed(d or 0))
        info = name(N_("Pass for the rest of the round"))
    elif kind == "automa":
        label = msg("Solo opponent plays")
    else:
        label = kind
    return label, group, info


def _bonus(p: Any, move: Move, d: Optional[int]) -> Message:
    kind = move["kind"]
    if kind == "technology":
        tech = TECH[move["worker"]]
        return _with_money(msg("Upgrade {tech}", tech=name(tech)), d)
    if kind == "shipping":
        level = SHIP_LEVEL[min(p.shipping + 1, len(SHIP_LEVEL) - 1)]
        return msg("Shipping \u2192 {level} (free)", level=name(level))
    if kind == "hire":
        return msg("A merchant from your board (free)")
    return msg("A merchant back from the {good} market", good=thing(move["good"]))


def _port(move: Move, d: Optional[int]) -> Message:
    n = move["port"]
    if "give" in move:
        return msg("Port {n}: give {goods}", n=n, goods=count(1, move["give"]))
    if "good" in move and "steps" in move:
        s = move["steps"]
        text = N_("Port {n}: {good} price up {steps}, then trade it") if s > 0 \
            else N_("Port {n}: {good} price down {steps}, then trade it")
        return msg(text, n=n, good=thing(move["good"]), steps=abs(s))
    summary = PORTS[n]["summary"]
    return _with_money(msg("Port {n}: {bonus}", n=n, bonus=name(summary)), d)


def labels(state: Any, seat: Optional[int], legal: List[Move]) -> List[Dict[str, Any]]:
    """Every legal move's entry, in order (``seat``: the seat to move)."""
    if seat is None:
        return [{"label": m.get("type", "?"), "cost": None, "group": None, "info": None} for m in legal]
    near = near_spaces(state, seat) if any(m.get("type") == "place" for m in legal) else None
    return [label_of(state, seat, m, near) for m in legal]

