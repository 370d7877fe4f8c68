"""The JSON view of a Clans of Caledonia game for renderers: ``view(state, seat)``.

Texts players read (clan, port and scoring tile summaries) are in the current language.
Everything on the table is public in this game ("Os jogadores não podem esconder
informações"), so every seat sees the same view; ``seat`` is only echoed as ``"you"``.
Never shown: the order of the contract draw pile (only its size), the solo opponent's
draw pile (only its size), the rng.

Top-level keys::

    game, phase, round, rounds, you, current, options
    map       board.to_json() (static, shared: read-only) + "units" [{space, seat, unit}]
              + "blocked" {space: "neutral" | "covered"}
    market    [{good, kind, position, price, prices, bracket, merchants: {seat: +buy/-sell}}]
    export    {round, slots: [contract | null], deck, imports {good: steps}, import_values,
               import_marked_every (a pound at each such step), contract_cost, scoring: [{round, tile, key, text, current, done}],
               ports: [{space, module, port, key, text, used_by}], turn_order, next_order,
               pass_money: [pounds for the next passers], dice}
    players   [{seat, clan {id, name, summary} | null, start_tile, money, goods, glory,
               shipping, shipping_level, tech, merchants {pool, track, market}, contracts,
               fulfilled, ports_used, passed, cellar, deployed, units_left, bid, automa,
               income, upgrades, settlements, score {total, breakdown}}]
    automa    {seat, difficulty, pointer, pointer_unit, cycle, card, support (+ card_detail,
               support_detail: the drawn cards' contents), discard, removed, draw_count,
               last} | null
    offers    [{clan, tile}] (setup)      pending  the current player's open sub-decisions
    turn      flags of the turn in progress      production  {seat, step, choices} | null
    summary   what the last production and scoring gave (see production.py)
    final     null, or when the game is over [{seat, total, breakdown, money, winner
              (, rating: solo mode)}]

Contracts appear as ``{id, needs, imports, hops, money, free_land, bonus_upgrade}``.
"""
from __future__ import annotations

import copy as _copy
from functools import lru_cache
from typing import Any, Dict, List, Optional

from ..core.i18n import _
from .board import SHIPPING_LEVELS, build_board
from .data import (ALL_UNITS, AUTOMA_CYCLE, AUTOMA_DECK, BASIC, CLANS, CONTRACTS, GOODS, IMPORTS,
                   PORTS, PRICES, SCORING_TILES, STARTING_TILES, TABLES, bracket)
from .economy import round_contract_cost, unit_cost, units_left
from .production import legal as production_legal
from .production import worker_income
from .scoring import final_money, final_scores, import_values, settlement_counts, solo_rating, \
    upgrades, winners
from .state import OVER, PRODUCTION, CaledoniaState


@lru_cache(maxsize=64)
def _static_map(sides: str, n: int) -> Dict[str, Any]:
    return build_board(sides, n).to_json()


def contract_json(cid: Optional[int]) -> Optional[Dict[str, Any]]:
    return None if cid is None else CONTRACTS[cid].to_json()


def _summary(table: Dict[int, Dict[str, str]], key: int) -> str:
    return table[key]["summary"]


def clan_json(clan: Optional[str]) -> Optional[Dict[str, str]]:
    if clan is None:
        return None
    c = CLANS[clan]
    summary = c["summary"]
    return {"id": clan, "name": c["name"], "summary": _(summary)}


def start_tile_json(tile: Optional[int]) -> Optional[Dict[str, Any]]:
    if tile is None:
        return None
    t = STARTING_TILES[tile]
    return {"id": t.id, "money": t.money, "goods": dict(t.goods)}


def current_seat(state: CaledoniaState) -> Optional[int]:
    if state.phase == OVER:
        return None
    if state.phase == PRODUCTION:
        return state.production[0] if state.production else None
    return state.cur


def pass_money_left(state: CaledoniaState) -> List[int]:
    """Pounds the next players to pass will get, in order (solo: 16 each pass)."""
    table = TABLES["pass_money"][str(state.n)]
    if state.n == 1:
        return list(table)
    return list(table[len(state.next_order):])


def _market(state: CaledoniaState) -> List[Dict[str, Any]]:
    out = []
    for i, g in enumerate(GOODS):
        pos = state.prices[i]
        out.append({"good": g, "kind": "basic" if g in BASIC else "processed",
                    "position": pos, "price": PRICES[g][pos], "prices": list(PRICES[g]),
                    "bracket": bracket(pos),
                    "merchants": {str(s): p.market[i] for s, p in enumerate(state.players)
                                  if p.market[i]}})
    return out


def _export(state: CaledoniaState, board_ports: List[int]) -> Dict[str, Any]:
    scoring = [{"round": r + 1, "tile": t, "key": SCORING_TILES[t]["key"],
                "text": _(_summary(SCORING_TILES, t)), "current": r + 1 == state.round,
                "done": r + 1 < state.round or (r + 1 == state.round and state.phase == OVER)}
               for r, t in enumerate(state.scoring)]
    ports = []
    for i, t in enumerate(state.ports):
        ports.append({"space": board_ports[i] if i < len(board_ports) else None,
                      "module": "ABCD"[i], "port": t, "key": PORTS[t]["key"],
                      "text": _(_summary(PORTS, t)),
                      "used_by": [s for s, p in enumerate(state.players) if t in p.ports_used]})
    return {
        "round": state.round,
        "slots": [contract_json(c) for c in state.slots],
        "deck": len(state.deck),
        "imports": dict(zip(IMPORTS, state.imports)),
        "import_values": import_values(state),
        "import_marked_every": TABLES["imports"]["marked_every"],
        "contract_cost": round_contract_cost(state) if 1 <= state.round <= TABLES["rounds"] else 0,
        "scoring": scoring,
        "ports": ports,
        "turn_order": state.order[:],
        "next_order": state.next_order[:],
        "pass_money": pass_money_left(state),
        "dice": _copy.deepcopy(state.dice),
    }


def _pending(state: CaledoniaState) -> List[Dict[str, Any]]:
    """The open sub-decisions; drawn contracts (building bonus, port 8) come with their contents
    as ``drawn_detail`` (public: the rulebook lets no player hide information)."""
    out = _copy.deepcopy(state.pending)
    for step in out:
        drawn = step.get("drawn") if isinstance(step, dict) else None
        if isinstance(drawn, list):
            step["drawn_detail"] = [contract_json(c) for c in drawn if c in CONTRACTS]
    return out


def _players(state: CaledoniaState, scores: List[Dict[str, Any]],
             settled: List[int]) -> List[Dict[str, Any]]:
    out = []
    for seat, p in enumerate(state.players):
        units = [u for u in ALL_UNITS if u != "fisherman" or p.clan == "macdonald"]
        out.append({
            "seat": seat, "clan": clan_json(p.clan), "start_tile": start_tile_json(p.start_tile),
            "money": p.money, "goods": dict(zip(GOODS, p.goods)), "glory": p.glory,
            "shipping": p.shipping, "shipping_level": SHIPPING_LEVELS[p.shipping],
            "tech": {"woodcutter": p.tech[0], "miner": p.tech[1]},
            "merchants": {"pool": p.pool, "track": p.track,
                          "market": {g: n for g, n in zip(GOODS, p.market) if n}},
            "contracts": [contract_json(c) for c in p.contracts],
            "fulfilled": [contract_json(c) for c in p.fulfilled],
            "ports_used": p.ports_used[:], "passed": p.passed, "cellar": p.cellar[:],
            "deployed": {u: n for u, n in p.deployed.items() if n},
            "units_left": {u: units_left(state, seat, u) for u in units},
            "unit_costs": {u: unit_cost(state, seat, u) for u in units},
            "bid": p.bid, "automa": p.automa,
            "income": 0 if p.automa else worker_income(p),
            "upgrades": upgrades(p),
            "settlements": settled[seat],
            "score": scores[seat],
        })
    return out


def _automa(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    a = state.automa
    if a is None:
        return None
    d = a.to_json(hidden=False)   # never the draw pile's order
    d["cycle"] = list(AUTOMA_CYCLE)
    d["pointer_unit"] = AUTOMA_CYCLE[a.pointer % len(AUTOMA_CYCLE)]
    for k in ("card", "support"):
        cid = getattr(a, k)
        if cid is not None and cid in AUTOMA_DECK:
            c = AUTOMA_DECK[cid]
            d[k + "_detail"] = {"id": c.id, "round": c.round, "actions": list(c.actions),
                                "criteria": list(c.criteria), "upgrade": c.upgrade,
                                "step": c.step, "modules": list(c.modules)}
    return d


def final_rows(state: CaledoniaState, scores: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The final table: one row per seat with its total, breakdown, leftover money (ties)
    and whether it won; the solo mode's rating too."""
    best = set(winners(state, scores))
    rows = []
    for seat, (s, p) in enumerate(zip(scores, state.players)):
        row = {"seat": seat, "total": s["total"], "breakdown": dict(s["breakdown"]),
               "money": final_money(p), "winner": seat in best}
        if state.n == 1:
            row["rating"] = solo_rating(s["total"])
        rows.append(row)
    return rows


def view(state: CaledoniaState, seat: Optional[int] = None) -> Dict[str, Any]:
    """The public view of ``state`` (identical for every seat; see the module docstring)."""
    static = _static_map(state.sides, state.n)
    board_ports = static["ports"]
    m = dict(static)
    m["units"] = [{"space": s, "seat": o, "unit": u} for s, (o, u) in sorted(state.units.items())]
    m["blocked"] = {str(s): v for s, v in sorted(state.blocked.items())}
    settled = settlement_counts(state)
    scores = final_scores(state, settled)
    production = None
    if state.phase == PRODUCTION and state.production:
        production = {"seat": state.production[0], "step": state.turn.get("step"),
                      "choices": production_legal(state)}
    return {
        "game": "caledonia",
        "phase": state.phase,
        "round": state.round,
        "rounds": TABLES["rounds"],
        "you": seat,
        "current": current_seat(state),
        "options": dict(state.options),
        "map": m,
        "market": _market(state),
        "export": _export(state, board_ports),
        "players": _players(state, scores, settled),
        "automa": _automa(state),
        "offers": [{"clan": clan_json(c), "tile": start_tile_json(t)} for c, t in state.offers],
        "pending": _pending(state),
        "turn": _copy.deepcopy(state.turn),
        "production": production,
        "summary": _copy.deepcopy(state.summary),
        "final": final_rows(state, scores) if state.phase == OVER else None,
    }
