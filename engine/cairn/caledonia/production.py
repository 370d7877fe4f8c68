"""The production phase ("Fase 3: Produção"): income, basic goods, optional processing and
the clans' production abilities.

:func:`start` (called once everyone has passed) does everything that needs no decision,
for every seat at once:

1. MacKenzie's cellar ages first ("no começo de cada Fase de Produção"): the barrel in the
   rightmost spot goes to stock and pays 15 pounds, the others move one spot right.
2. Worker income: each woodcutter 4 pounds (6 with its technology tile flipped), each
   miner 6 (8); every MacDonald worker (fishermen included) 4.
3. Basic goods: each sheep 1 wool, each cow 1 milk, each field 2 grain.
4. The official solo opponent's seat does its own production (``automa.produce``).

Then every seat with a choice left makes it, one seat after the other in this round's turn
order (``state.production``; ``state.production[0]`` is choosing).  The choices are moves,
one decision each, in this order (a step with nothing to choose is skipped):

* ``{"type": "produce", "good": "bread", "n": k}``: k of the player's bakeries each turn
  1 grain into 1 bread (0 <= k <= min(bakeries, grain));
* ``{"type": "produce", "good": "cheese", "n": k}``: dairies, milk -> cheese;
* ``{"type": "produce", "good": "whisky", "n": k}``: distilleries, grain -> whisky
  (grain left after the bread).  MacKenzie gains 3 pounds per whisky made.
  The inputs may come from any earlier production or purchase (rulebook: "Não importa a
  origem dos Produtos Básicos");
* ``{"type": "cellar", "whisky": 0 | 1}``: MacKenzie, after making whisky this phase, may
  put 1 of it in the cellar's leftmost spot ("No fim de cada Fase de Produção");
* ``{"type": "butter", "milk": k}``: Cunningham may discard any milk in stock for 8 pounds
  each, without moving the market price ("No fim da Fase de Produção").

What each seat got is recorded in ``state.summary`` (a list replaced, never mutated):
``{"kind": "production", "seat", "income", "goods": {good: n}, "aged": {"whisky", "pounds"},
"made": {good: n}, "pounds": clan pounds, "cellared", "butter": {"milk", "pounds"}}`` per
seat (the solo opponent: ``{"kind": "production", "seat", "automa": True, "money": gained,
"details": what automa.produce reported}``);
scoring appends its own entry.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.i18n import _
from . import automa
from .data import GOODS, TABLES, UNIT_TYPES
from .state import PRODUCTION, CaledoniaState, Player

_CLANS = TABLES["clans"]
_COSTS = TABLES["costs"]
_I = {g: i for i, g in enumerate(GOODS)}

#: Processing steps in the order they are offered: (product, factory, input).
PROCESSING = tuple((UNIT_TYPES[u].makes, u, UNIT_TYPES[u].input)
                   for u in ("bakery", "dairy", "distillery"))
_STEPS = tuple(g for g, _, _ in PROCESSING) + ("cellar", "butter")
_CELLAR_SPOTS = int(_CLANS["mackenzie_cellar_spots"])
_CELLAR_OUT = int(_CLANS["mackenzie_cellar"][-1])


def worker_income(p: Player) -> int:
    """Pounds the player's workers on the map earn in a production phase."""
    d = p.deployed
    if p.clan == "macdonald":
        return _COSTS["macdonald_income"] * (d["woodcutter"] + d["miner"] + d["fisherman"])
    wc, mi = UNIT_TYPES["woodcutter"], UNIT_TYPES["miner"]
    return (d["woodcutter"] * (wc.income_tech if p.tech[0] else wc.income)
            + d["miner"] * (mi.income_tech if p.tech[1] else mi.income))


def basic_goods(p: Player) -> Dict[str, int]:
    """Basic goods the player's farm units make: sheep wool, cows milk, fields 2 grain."""
    out: Dict[str, int] = {}
    for u in ("sheep", "cow", "field"):
        t = UNIT_TYPES[u]
        if p.deployed[u]:
            out[t.makes] = out.get(t.makes, 0) + t.amount * p.deployed[u]
    return out


def age_cellar(p: Player) -> int:
    """MacKenzie's cellar at the start of production: the rightmost barrel goes to stock
    (returns the whisky count moved); the rest move one spot right.  Pays 15 per barrel."""
    out = p.cellar[-1]
    p.cellar = [0] + p.cellar[:-1]
    if out:
        p.goods[_I["whisky"]] += out
        p.money += _CELLAR_OUT * out
    return out


def start(state: CaledoniaState) -> None:
    """Begin the production phase: cellars age, incomes and basic goods for everyone, the
    solo opponent's production; then ``state.production`` = seats with a choice, in turn
    order, and ``state.cur`` the first of them."""
    state.phase = PRODUCTION
    state.turn = {}
    summary: List[Dict[str, Any]] = []
    for seat in state.order:
        p = state.players[seat]
        if p.automa:
            before = p.money
            got = automa.produce(state)
            entry = {"kind": "production", "seat": seat, "automa": True, "money": p.money - before}
            if isinstance(got, dict):
                entry["details"] = dict(got)
            summary.append(entry)
            continue
        entry: Dict[str, Any] = {"kind": "production", "seat": seat}
        if p.clan == "mackenzie":
            out = age_cellar(p)
            entry["aged"] = {"whisky": out, "pounds": _CELLAR_OUT * out}
        income = worker_income(p)
        p.money += income
        goods = basic_goods(p)
        for g, k in goods.items():
            p.goods[_I[g]] += k
        entry.update(income=income, goods=goods, made={}, pounds=0)
        summary.append(entry)
    state.summary = summary
    state.production = [s for s in state.order if _next_step(state, s, 0) is not None]
    if state.production:
        state.cur = state.production[0]
        state.turn = {"step": _next_step(state, state.production[0], 0)}


# -- choices -------------------------------------------------------------------------------------
def _made(state: CaledoniaState, good: str) -> int:
    return int(state.turn.get("made_" + good, 0))


def _options(state: CaledoniaState, seat: int, step: str) -> int:
    """The largest choice at ``step`` for ``seat`` (0: nothing to choose)."""
    p = state.players[seat]
    if step == "cellar":
        if p.clan != "mackenzie" or not _made(state, "whisky") or p.cellar[0]:
            return 0
        return 1 if p.goods[_I["whisky"]] else 0
    if step == "butter":
        return p.goods[_I["milk"]] if p.clan == "cunningham" else 0
    for good, unit, need in PROCESSING:
        if good == step:
            return min(p.deployed[unit], p.goods[_I[need]])
    raise ValueError(f"unknown production step {step!r}")


def _next_step(state: CaledoniaState, seat: int, first: int) -> Optional[str]:
    """The first step from index ``first`` on with a choice for ``seat``."""
    for step in _STEPS[first:]:
        if _options(state, seat, step):
            return step
    return None


def legal(state: CaledoniaState) -> List[Dict[str, Any]]:
    """The current chooser's moves for the current step (see the module docstring)."""
    if not state.production:
        return []
    seat = state.production[0]
    step = state.turn.get("step")
    if step is None:
        return []
    top = _options(state, seat, step)
    if step == "cellar":
        return [{"type": "cellar", "whisky": k} for k in range(top + 1)]
    if step == "butter":
        return [{"type": "butter", "milk": k} for k in range(top + 1)]
    return [{"type": "produce", "good": step, "n": k} for k in range(top + 1)]


def check(state: CaledoniaState, move: Dict[str, Any]) -> Optional[str]:
    """Why ``move`` is not a legal production choice now (None if it is)."""
    if not state.production:
        return _("nobody has a production choice to make")
    step = state.turn.get("step")
    kind = move.get("type")
    want = {"cellar": "cellar", "butter": "butter"}.get(step or "", "produce")
    if kind != want or (kind == "produce" and move.get("good") != step):
        if step == "cellar":
            return _("now the choice is whether to put a fresh whisky in the cellar")
        if step == "butter":
            return _("now the choice is how much milk to turn into butter")
        return _("now the choice is how much {good} to make").format(good=_(step) if step else "")
    field = {"produce": "n", "cellar": "whisky", "butter": "milk"}[kind]
    k = move.get(field)
    if not isinstance(k, int) or isinstance(k, bool):
        return _("'{field}' must be a whole number").format(field=field)
    top = _options(state, state.production[0], step)
    if not 0 <= k <= top:
        return _("'{field}' must be between 0 and {top}").format(field=field, top=top)
    return None


def _entry(state: CaledoniaState, seat: int) -> Dict[str, Any]:
    """A fresh copy of the seat's summary entry, put in a fresh summary list (copies of the
    state share the old one)."""
    summary = list(state.summary)
    for i, e in enumerate(summary):
        if e.get("kind") == "production" and e.get("seat") == seat:
            e = dict(e)
            e["made"] = dict(e.get("made", {}))
            summary[i] = e
            state.summary = summary
            return e
    e = {"kind": "production", "seat": seat, "income": 0, "goods": {}, "made": {}, "pounds": 0}
    state.summary = summary + [e]
    return e


def apply(state: CaledoniaState, move: Dict[str, Any]) -> None:
    """Apply a production choice of ``state.production[0]`` (unchecked: see :func:`check`).
    When the seat has no choice left it leaves ``state.production``; the next chooser
    becomes ``state.cur``.  With ``state.production`` empty the flow scores the round."""
    seat = state.production[0]
    p = state.players[seat]
    step = state.turn["step"]
    kind = move["type"]
    e = _entry(state, seat)
    if kind == "produce":
        k = int(move["n"])
        for good, _unit, need in PROCESSING:
            if good == step:
                p.goods[_I[need]] -= k
                p.goods[_I[good]] += k
        state.turn["made_" + step] = k
        if k:
            e["made"][step] = k
        if step == "whisky" and p.clan == "mackenzie" and k:
            gain = _CLANS["mackenzie_pounds_per_whisky"] * k
            p.money += gain
            e["pounds"] = e.get("pounds", 0) + gain
    elif kind == "cellar":
        if move["whisky"]:
            p.goods[_I["whisky"]] -= 1
            p.cellar[0] += 1
            e["cellared"] = 1
    elif kind == "butter":
        k = int(move["milk"])
        if k:
            gain = _CLANS["cunningham_pounds_per_milk"] * k
            p.goods[_I["milk"]] -= k
            p.money += gain
            e["butter"] = {"milk": k, "pounds": gain}
    else:
        raise ValueError(f"not a production move: {kind!r}")
    nxt = _next_step(state, seat, _STEPS.index(step) + 1)
    if nxt is not None:
        state.turn["step"] = nxt
        return
    state.production = state.production[1:]
    state.turn = {}
    if state.production:
        state.cur = state.production[0]
        state.turn = {"step": _next_step(state, state.production[0], 0)}
