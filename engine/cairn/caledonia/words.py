"""Clans of Caledonia's names in players' words, as messages rendered late in the reader's
language (:mod:`cairn.core.i18n`): counts of goods and units, units with their article,
spaces by module, land and price, contracts by what they ask and give, port bonuses by what
they do.  Never internal ids.  :func:`say` renders one now (refusal reasons)."""
from __future__ import annotations

from typing import Any, Callable, Dict

from ..core.i18n import N_, join, msg, name, nmsg, render
from .data import CONTRACTS, PORTS
from .economy import board_of

Message = Dict[str, Any]

#: "{n} wool" ... by good, animal or thing counted (Romanian has three plural forms)
COUNT: Dict[str, Callable[[int], Message]] = {
    "wool": lambda n: nmsg("{n} wool", "{n} wool", n),
    "milk": lambda n: nmsg("{n} milk", "{n} milk", n),
    "grain": lambda n: nmsg("{n} grain", "{n} grain", n),
    "bread": lambda n: nmsg("{n} bread", "{n} bread", n),
    "cheese": lambda n: nmsg("{n} cheese", "{n} cheese", n),
    "whisky": lambda n: nmsg("{n} whisky", "{n} whisky", n),
    "beef": lambda n: nmsg("{n} beef", "{n} beef", n),
    "mutton": lambda n: nmsg("{n} mutton", "{n} mutton", n),
    "cotton": lambda n: nmsg("{n} cotton", "{n} cotton", n),
    "tobacco": lambda n: nmsg("{n} tobacco", "{n} tobacco", n),
    "sugarcane": lambda n: nmsg("{n} sugar cane", "{n} sugar cane", n),
    "hops": lambda n: nmsg("{n} hop", "{n} hops", n),
    "cow": lambda n: nmsg("{n} cow", "{n} cows", n),
    "sheep": lambda n: nmsg("{n} sheep", "{n} sheep", n),
    "merchant": lambda n: nmsg("{n} merchant", "{n} merchants", n),
    "free_land": lambda n: nmsg("{n} free-land expansion", "{n} free-land expansions", n),
    "bonus_upgrade": lambda n: nmsg("{n} bonus upgrade", "{n} bonus upgrades", n),
}

#: a unit with its article ("places a sheep on ...")
UNIT_A = {"sheep": N_("a sheep"), "cow": N_("a cow"), "dairy": N_("a cheese dairy"),
          "bakery": N_("a bakery"), "field": N_("a grain field"), "distillery": N_("a distillery"),
          "woodcutter": N_("a woodcutter"), "miner": N_("a miner"), "fisherman": N_("a fisherman")}
#: a unit's name ("no {unit} is left on your board")
UNIT_NAME = {"sheep": N_("sheep"), "cow": N_("cow"), "dairy": N_("cheese dairy"), "bakery": N_("bakery"),
             "field": N_("grain field"), "distillery": N_("distillery"), "woodcutter": N_("woodcutter"),
             "miner": N_("miner"), "fisherman": N_("fisherman")}
#: whose technology an upgrade improves
TECH = {"woodcutter": N_("the woodcutters' technology"), "miner": N_("the miners' technology")}
#: the four map modules by compass point (the log names places by them)
WHERE = {"A": N_("in the north-west"), "B": N_("in the north-east"), "C": N_("in the south-east"),
         "D": N_("in the south-west")}
CENTRE = N_("in the centre")
LAND = {"grassland": N_("grassland"), "forest": N_("forest"), "mountain": N_("mountain")}


def thing(key: Any) -> Message:
    """A good (or any name from the data) by its key, translated when shown."""
    return name(str(key))


def count(n: int, what: str) -> Message:
    """``n`` of a good, animal or thing, e.g. "2 wool", "1 cow"."""
    f = COUNT.get(what)
    return f(n) if f else msg("{n} {what}", n=n, what=name(what))


def counts(pairs: Any) -> Message:
    """A list of counts: "1 bread, 1 cheese and 1 whisky"."""
    return join([count(n, g) for g, n in pairs])


def money(n: int) -> Message:
    return msg("\u00a3{n}", n=n)


def unit_a(unit: Any) -> Message:
    return name(UNIT_A.get(unit, N_("a unit")))


def where(module: str) -> Message:
    return name(WHERE.get(module, CENTRE))


def space_name(state: Any, sid: int) -> Message:
    """E.g. "the 3-pound forest space in the north-west" / "a loch space in the south-east"."""
    sp = board_of(state).spaces[sid]
    if sp.kind == "land":
        land = join([name(LAND[t]) for t in ("grassland", "forest", "mountain") if t in sp.terrains])
        return msg("the {cost}-pound {land} space {where}", cost=sp.cost, land=land,
                   where=where(sp.module))
    if sp.kind == "port":
        return msg("the port spot {where}", where=where(sp.module))
    return msg("a loch space {where}", where=where(sp.module))


def contract_gives(cid: int) -> Message:
    """What fulfilling a contract gives, in players' words."""
    c = CONTRACTS[cid]
    gives = [count(n, g) for g, n in c.imports]
    if c.hops:
        gives.append(count(c.hops, "hops"))
    if c.money:
        gives.append(money(c.money))
    if c.free_land:
        gives.append(count(c.free_land, "free_land"))
    if c.bonus_upgrade:
        gives.append(count(c.bonus_upgrade, "bonus_upgrade"))
    return join(gives) if gives else name(N_("nothing"))


def contract_name(cid: int) -> Message:
    """A contract by what it asks and gives: "the contract for 1 bread, 1 cheese and 1 whisky
    (3 tobacco, £10 and 2 bonus upgrades)" (two contracts may ask the same goods)."""
    return msg("the contract for {needs} ({gives})", needs=counts(CONTRACTS[cid].needs),
               gives=contract_gives(cid))


def port_name(port: int) -> Message:
    bonus = PORTS[port]["summary"]
    return msg("the port bonus \u201c{bonus}\u201d", bonus=name(bonus))


def say(m: Any) -> str:
    """A message rendered now, in the current language (for refusal reasons)."""
    return render(m)
