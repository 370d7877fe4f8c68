"""Log lines and refusal reasons for Clans of Caledonia, in players' words: spaces by module,
land and price, contracts by what they ask, clans and ports by name; never internal ids.
Log lines are messages rendered late in the reader's language; refusal reasons are said now
(:mod:`cairn.core.i18n`).  Names: :mod:`.words`."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.i18n import second_person_file, N_, _, join, msg, name
from . import economy as eco
from . import production
from .data import CLANS, CONTRACTS, GOOD_INDEX, STARTING_TILES
from .economy import board_of, price, round_contract_cost
from .expand import reach_of, unit_kinds
from .ports import usable_ports
from .trade import free_boxes, neighbourhood_cap, stewart_bonus
from .words import (TECH, UNIT_NAME, contract_name, count, money, port_name, say,
                    space_name, thing, unit_a)

# the player spoken to: "You buy 2 cheese" (data/you.toml)
second_person_file(__package__)

Move = Dict[str, Any]
Message = Dict[str, Any]

FIXED_LINES = {"done": N_("is done"), "shipping": N_("upgrades shipping"), "hire": N_("hires a merchant"),
               "uncask": N_("takes whisky out of the cellar"), "end_turn": N_("ends the turn"),
               "pass": N_("passes"), "automa": N_("plays a card")}


def _bonus_upgrade(move: Move) -> Message:
    kind = move.get("kind")
    if kind == "technology":
        return msg("{tech} for \u00a35", tech=name(TECH.get(move.get("worker"), TECH["woodcutter"])))
    if kind == "shipping":
        return msg("a free shipping step")
    if kind == "hire":
        return msg("a free merchant")
    if kind == "recall":
        return msg("a merchant back from the {good} market", good=thing(move.get("good")))
    return msg("a bonus upgrade")


def describe(state: Any, move: Move) -> Message:
    """The log line of ``move`` (what the player does, after their name), as a message."""
    kind = move.get("type")
    if kind in FIXED_LINES:
        return msg(FIXED_LINES[kind])
    if kind == "pick":
        tile = STARTING_TILES[move["tile"]]
        things = join([money(tile.money)] + [count(n, g) for g, n in tile.goods])
        if move.get("clan"):
            return msg("chooses Clan {clan} with a starting tile of {things}",
                       clan=CLANS[move["clan"]]["name"], things=things)
        return msg("chooses a starting tile of {things}", things=things)
    if kind == "bid":
        if (getattr(state, "auction", None) or {}).get("won"):
            return msg("bids {vp} VP for the next choice of clan", vp=move["vp"])
        return msg("bids {vp} VP for the first choice of clan", vp=move["vp"])
    if kind == "bid_pass":
        return msg("drops out of the bidding")
    if kind == "start_worker":
        return msg("places {unit} on {space}", unit=unit_a(move["unit"]), space=space_name(state, move["space"]))
    if kind == "trade":
        good, n = move["good"], move["n"]
        each = money(price(state, good))
        if move["side"] == "buy":
            return msg("buys {goods} at {price} each", goods=count(n, good), price=each)
        return msg("sells {goods} at {price} each", goods=count(n, good), price=each)
    if kind == "take_contract":
        c = contract_name(move["contract"])
        if state.pending and state.pending[-1].get("kind") == "buchanan_take":
            return msg("takes {contract} as well (the round's cost is paid once)", contract=c)
        cost = round_contract_cost(state)
        if cost > 0:
            return msg("takes {contract}, receiving {money}", contract=c, money=money(cost))
        if cost < 0:
            return msg("takes {contract} for {money}", contract=c, money=money(-cost))
        return msg("takes {contract}", contract=c)
    if kind == "expand":
        return msg("expands with {unit}", unit=unit_a(move["unit"]))
    if kind == "place":
        return msg("places it on {space}", space=space_name(state, move["space"]))
    if kind == "neighbour":
        return msg("buys {goods} through the neighbourhood bonus", goods=count(move["n"], move["good"]))
    if kind == "keep_contracts":
        ids = move.get("contracts") or []
        if not ids:
            return msg("keeps no contract")
        return msg("keeps {contracts}", contracts=join([contract_name(c) for c in ids]))
    if kind == "technology":
        return msg("upgrades {tech}", tech=name(TECH.get(move.get("worker"), TECH["woodcutter"])))
    if kind == "fulfil":
        c = contract_name(move["contract"])
        killed = [state.units[sp][1] for sp in move.get("slaughter") or [] if sp in state.units]
        if killed:
            animals = join([count(killed.count(u), u) for u in ("cow", "sheep") if u in killed])
            return msg("fulfils {contract}, slaughtering {animals}", contract=c, animals=animals)
        return msg("fulfils {contract}", contract=c)
    if kind == "bonus_upgrade":
        return msg("takes a bonus upgrade: {upgrade}", upgrade=_bonus_upgrade(move))
    if kind == "gain":
        return msg("takes {goods}", goods=count(1, move.get("good")))
    if kind == "brew":
        return msg("brews beer from {grain}", grain=count(move["grain"], "grain"))
    if kind == "port":
        line = msg("uses {port}", port=port_name(move["port"]))
        if "give" in move:
            line = msg("{line}, giving {good}", line=line, good=count(1, move["give"]))
        if "good" in move and "steps" in move:
            steps = move["steps"]
            if steps > 0:
                line = msg("{line}: {good} up {n}", line=line, good=thing(move["good"]), n=steps)
            else:
                line = msg("{line}: {good} down {n}", line=line, good=thing(move["good"]), n=-steps)
        return line
    if kind == "swap":
        if "space" in move:
            return msg("swaps the unit on {space}", space=space_name(state, move["space"]))
        return msg("puts {unit} there instead", unit=unit_a(move.get("unit")))
    if kind == "row":
        return msg("rows a fisherman to {space}", space=space_name(state, move["to"]))
    if kind == "produce":
        n, good = move.get("n", 0), move.get("good", "")
        if not n:
            return msg("makes no {good}", good=name(good))
        made = {"bread": N_("in the bakeries"), "cheese": N_("in the cheese dairies"),
                "whisky": N_("in the distilleries")}.get(good)
        if made:
            return msg("makes {goods} {where}", goods=count(n, good), where=name(made))
        return msg("makes {goods}", goods=count(n, good))
    if kind == "cellar":
        return msg("puts a fresh whisky in the cellar") if move.get("whisky") else msg("keeps the cellar as it is")
    if kind == "butter":
        k = move.get("milk", 0)
        if not k:
            return msg("makes no butter")
        return msg("turns {milk} into butter for {money}", milk=count(k, "milk"), money=money(8 * k))
    return msg("moves")


def chance_counts(state: Any) -> Any:
    """What :func:`revealed` compares: the reveals so far, the contract pile, the solo
    opponent's cards still to draw, the round."""
    a = state.automa
    return (state.reveals, len(state.deck), len(a.draw) if a is not None else 0, state.round)


def revealed(counts: Any, state: Any, move: Move) -> Message:
    """What a move that revealed hidden information revealed (why undo stops there)."""
    _, deck, cards, rnd = counts
    a = state.automa
    if a is not None and len(a.draw) != cards:
        return msg("the solo opponent drew a card")
    if len(state.deck) != deck:
        return msg("a new contract was drawn")
    if a is not None and state.round != rnd:
        return msg("the market dice were rolled")
    if a is not None:
        return msg("the solo opponent made a random choice")   # where its first workers go, a die of its card
    return msg("a die was rolled")


def why_illegal(state: Any, move: Move, legal: List[Move]) -> str:
    """A specific reason for a refused move in players' words (the current language), or ""
    for the generic one.  Only called on a refusal (never on the hot path), so it may
    recompute freely."""
    try:
        return _reason(state, move, legal)
    except Exception:  # a malformed move must still get the generic refusal, never a crash
        return ""


_GOODS = ("wool", "milk", "grain", "bread", "cheese", "whisky")
_PENDING = {"place": N_("placing the unit"), "neighbour": N_("the neighbourhood bonus (buy or be done)"),
            "keep": N_("choosing which drawn contracts to keep"),
            "buchanan_take": N_("taking a second contract or being done"),
            "fulfil_more": N_("fulfilling a second contract or being done"),
            "rewards": N_("the contract's rewards (use them or be done)"),
            "swap": N_("the port's swap"), "exchange": N_("taking the port's goods"),
            "port1": N_("fulfilling a meat contract with one animal fewer"),
            "port6": N_("trading the good whose price you moved"),
            "port9": N_("choosing the other port to use")}


def _int(v: Any) -> Optional[int]:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _pounds(n: int) -> str:
    return say(money(n))


def _reason(state: Any, move: Move, legal: List[Move]) -> str:
    kind = move.get("type")
    phase = state.phase
    if phase == "production":
        return production.check(state, move) or ""
    if phase in ("clan_pick", "auction", "start_workers"):
        return _setup_reason(state, move)
    if phase != "actions":
        return ""
    seat = state.cur
    p = state.players[seat]
    if p.automa:
        return _("the solo opponent is to play: its only move is to play a card")
    kinds = {m["type"] for m in legal}
    if state.pending and kind not in kinds:
        top = state.pending[-1].get("kind", "")
        return _("first finish {decision}").format(decision=_(_PENDING.get(top, N_("the open decision"))))
    main = ("trade", "take_contract", "expand", "shipping", "technology", "hire", "fulfil")
    if kind in main and state.turn.get("main") and not state.pending:
        return _("you have already taken your main action this turn")
    if kind == "pass":
        if state.turn.get("main"):
            return _("you have already taken your action this turn")
        return _("finish the open decision before passing") if state.pending else ""
    if kind == "end_turn" and not state.turn.get("main"):
        return _("take your main action (or pass) first")
    if kind == "trade":
        return _trade_reason(state, p, move)
    if kind == "take_contract":
        if move.get("contract") not in [c for c in state.slots if c is not None]:
            return _("that contract is not on the export board")
        if free_boxes(p) <= 0:
            return _("your export box is full: fulfil your contract first")
        cost = round_contract_cost(state)
        if p.money + cost < 0:
            return _("taking a contract costs {cost} this round and you have {money}").format(
                cost=_pounds(-cost), money=_pounds(p.money))
    if kind == "fulfil":
        return _fulfil_reason(state, p, move)
    if kind == "expand" or kind == "place":
        return _expand_reason(state, seat, p, move)
    if kind == "shipping":
        if p.shipping >= 5:
            return _("your shipping is at its last step already")
        return _("an upgrade of shipping costs {cost}").format(cost=_pounds(4)) if p.money < 4 else ""
    if kind == "technology":
        if p.clan == "macdonald":
            return _("Clan MacDonald cannot upgrade technology")
        w = move.get("worker")
        if w not in ("woodcutter", "miner"):
            return _("the technology upgrade is for the woodcutters or the miners")
        if p.tech[0 if w == "woodcutter" else 1]:
            return _("{tech} is upgraded already").format(tech=_(TECH[w]))
        return _("a technology upgrade costs {cost}").format(cost=_pounds(10)) if p.money < 10 else ""
    if kind == "hire":
        if p.track <= 0:
            return _("you have no merchant left on your board to hire")
        return _("hiring a merchant costs {cost}").format(cost=_pounds(4)) if p.money < 4 else ""
    if kind == "port":
        return _port_reason(state, seat, p, move)
    if kind == "row":
        if p.clan != "macdonald":
            return _("only Clan MacDonald has fishermen to row")
        if state.turn.get("rowed"):
            return _("you may row only once per turn")
        if state.turn.get("main"):
            return _("rowing comes before the main action")
        return _("a fisherman rows to an adjacent empty loch space or port tile, never next to another fisherman")
    if kind == "neighbour" and state.pending and state.pending[-1].get("kind") == "neighbour":
        return _neighbour_reason(state, p, move)
    if kind == "uncask" and p.clan != "mackenzie":
        return _("only Clan MacKenzie has a cellar")
    return ""


def _pool_reason(p: Any) -> str:
    return _("you have {merchants} in your pool: one merchant per unit").format(
        merchants=say(count(p.pool, "merchant")))


def _trade_reason(state: Any, p: Any, move: Move) -> str:
    good, side, n = move.get("good"), move.get("side"), _int(move.get("n"))
    if good not in _GOODS:
        return _("the market trades {goods}").format(goods=say(join([name(g) for g in _GOODS])))
    if side not in ("buy", "sell") or n is None or n < 1:
        return _("a trade buys or sells 1 or more units of one good")
    i = GOOD_INDEX[good]
    if n > p.pool:
        return _pool_reason(p)
    if side == "buy":
        if p.market[i] < 0:
            return _("you sold {good} this round: never both sides of one good").format(good=_(good))
        if n * price(state, good) > p.money + stewart_bonus(p):
            return _("{goods} would cost {cost} and you have {money}").format(
                goods=say(count(n, good)), cost=_pounds(n * price(state, good)), money=_pounds(p.money))
    else:
        if p.market[i] > 0:
            return _("you bought {good} this round: never both sides of one good").format(good=_(good))
        if n > p.goods[i]:
            return _("you have {goods}").format(goods=say(count(p.goods[i], good)))
    return ""


def _neighbour_reason(state: Any, p: Any, move: Move) -> str:
    good, n = move.get("good"), _int(move.get("n"))
    if good not in state.pending[-1].get("goods", []):
        return _("no rival unit next to the new one makes that good (or you bought it already)")
    if n is None or n < 1:
        return _("buy 1 or more units")
    cap = neighbourhood_cap(state) - state.turn.get("nb", {}).get(good, 0)
    if n > cap:
        return _("you may buy {goods} more through the neighbourhood bonus this turn").format(
            goods=say(count(max(cap, 0), good)))
    if n > p.pool:
        return _pool_reason(p)
    return _("you cannot pay for that many, or you sold that good this round")


def _fulfil_reason(state: Any, p: Any, move: Move) -> str:
    cid = move.get("contract")
    if cid not in p.contracts:
        return _("that contract is not in your export box")
    c = CONTRACTS[cid]
    lack = [count(n - p.goods[GOOD_INDEX[g]], g) for g, n in c.needs
            if g in GOOD_INDEX and p.goods[GOOD_INDEX[g]] < n]
    if lack:
        return _("you still need {goods}").format(goods=say(join(lack)))
    beef, mutton = c.need("beef"), c.need("mutton")
    if beef or mutton:
        want = [count(beef, "cow")] if beef else []
        want += [count(mutton, "sheep")] if mutton else []
        return _("name the animals you slaughter: {animals} of yours on the map").format(animals=say(join(want)))
    return _("name no animals: this contract asks for no meat")


def _expand_reason(state: Any, seat: int, p: Any, move: Move) -> str:
    top = state.pending[-1] if state.pending else None
    if move.get("type") == "expand":
        unit = move.get("unit")
        if unit not in unit_kinds(p.clan):
            return _("that unit is not on your board")
        if eco.units_left(state, seat, unit) <= 0:
            return _("no {unit} is left on your board").format(unit=_(UNIT_NAME[unit]))
        return _("no empty space you reach suits that unit, or you cannot pay for it")
    if not top or top.get("kind") != "place":
        return _("place a unit only after choosing it to expand")
    unit, space = top["unit"], _int(move.get("space"))
    board = board_of(state)
    if space is None or not 0 <= space < len(board.spaces):
        return _("that is not a space of the map")
    if not board.spaces[space].active:
        return _("that space is not in play")
    if space in state.units or space in state.blocked:
        return _("that space is not free: one unit per space")
    if space not in reach_of(state, seat):
        return _("that space neither neighbours one of your units nor lies within your shipping reach")
    if not eco.suits(state, seat, unit, space):
        return _("that land does not suit {unit}").format(unit=say(unit_a(unit)))
    cost = eco.expand_cost(state, seat, unit, space, top.get("free_land", False))
    if cost > p.money:
        return _("it costs {cost} and you have {money}").format(cost=_pounds(cost), money=_pounds(p.money))
    return ""


def _port_reason(state: Any, seat: int, p: Any, move: Move) -> str:
    tile = move.get("port")
    if tile not in state.ports:
        return _("that port tile is not in play")
    if state.pending and state.pending[-1].get("kind") == "port9":
        return _("that port has nothing you can use now")
    if tile in p.ports_used:
        return _("you have used that port already (once per port per game)")
    if tile not in usable_ports(state, seat):
        return _("no unit of yours neighbours that port or reaches it by shipping")
    if tile in (1, 6) and state.turn.get("main"):
        return _("that port is used before your main action")
    return _("that port has nothing you can use now")


def _setup_reason(state: Any, move: Move) -> str:
    kind = move.get("type")
    if state.phase == "clan_pick":
        return _("that pair of clan and starting tile is not on offer") if kind == "pick" else ""
    if state.phase == "auction":
        a = state.auction
        vp = _int(move.get("vp"))
        if kind == "bid" and vp is not None:
            if vp > 30:
                return _("the highest bid is 30 VP")
            if a.get("high") is not None and vp <= a["high"]:
                return _("bid more than {vp} VP, or drop out").format(vp=a["high"])
        if kind == "bid_pass" and a.get("high") is None:
            return _("the first bidder must bid (0 VP is a bid)")
        return ""
    if kind != "start_worker":
        return ""

    seat = state.queue[0] if state.queue else state.cur
    p = state.players[seat]
    unit, space = move.get("unit"), _int(move.get("space"))
    board = board_of(state)
    units = ("woodcutter", "miner", "fisherman") if p.clan == "macdonald" else ("woodcutter", "miner")
    if unit not in units:
        if p.clan == "macdonald":
            return _("a starting worker is a woodcutter, a miner or a fisherman")
        return _("a starting worker is a woodcutter or a miner")
    if space is None or not 0 <= space < len(board.spaces):
        return _("that is not a space of the map")
    if not board.spaces[space].active:
        return _("that space is not in play")
    if space in state.units or space in state.blocked:
        return _("that space is not free: one unit per space")
    if not eco.suits(state, seat, unit, space):
        return _("that land does not suit {unit}").format(unit=say(unit_a(unit)))
    if p.clan == "fergusson" and space not in board.border:
        return _("Clan Fergusson's starting workers go on border spaces of the active map")
    cost = eco.expand_cost(state, seat, unit, space)
    if cost > p.money:
        return _("it costs {cost} and you have {money}").format(cost=_pounds(cost), money=_pounds(p.money))
    return ""
