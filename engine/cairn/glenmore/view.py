"""The JSON view of a Glen More state (format: README.md in this folder).
Stack order is hidden: only stack sizes are shown."""
from __future__ import annotations

from typing import Any, Dict

from .board import reading_order, row_major, xy
from .scoring import chieftain_strength
from .state import GlenMoreState
from .tiles import CARDS, RESOURCES, TILES, tile_text


def tile_json(tid: int) -> Dict[str, Any]:
    t = TILES[tid]
    cost: Dict[str, int] = {RESOURCES[i]: n for i, n in enumerate(t.cost) if n}
    if t.cost_whisky:
        cost["whisky"] = t.cost_whisky
    if t.cost_clansman:
        cost["clansman"] = t.cost_clansman
    if t.cost_distinct:
        cost["any_different"] = t.cost_distinct
    return {
        "id": t.id, "name": t.name, "kind": t.kind, "colour": t.colour, "river": t.river,
        "road": t.road, "stack": t.stack, "cost": cost, "card": t.card,
        "text": tile_text(t),
    }



def build_view(state: GlenMoreState) -> Dict[str, Any]:
    seen = set()
    chain = []
    for space, e in enumerate(state.chain):
        if e is None:
            chain.append({"space": space, "kind": "empty"})
        elif e[0] == "tile":
            seen.add(e[1])
            chain.append({"space": space, "kind": "tile", "tile": e[1]})
        elif e[0] == "fig":
            chain.append({"space": space, "kind": "figure", "seat": e[1]})
        else:
            chain.append({"space": space, "kind": "die", "last_roll": state.die_roll})
    t = state.turn
    if t.taken is not None:
        seen.add(t.taken)
    players = []
    for seat, p in enumerate(state.players):
        display = []
        for pos, s in sorted(p.display.items(), key=lambda kv: row_major(kv[0])):
            seen.add(s.tile)
            display.append({"at": xy(pos), "tile": s.tile, "clansmen": s.clansmen,
                            "resources": {RESOURCES[i]: s.res[i] for i in range(5)}})
        players.append({
            "seat": seat, "coins": p.coins, "vp": p.total_vp, "whisky": p.whisky,
            "chieftains": p.chieftains, "cards": list(p.cards),
            "bonnets": sum(CARDS[c].bonnets for c in p.cards),
            "chieftain_strength": chieftain_strength(p),
            "clansmen": p.clansmen_on_display(),
            "resources": sum(p.holdings()),
            "display": display,
        })
    pending = None
    if t.pending is not None:
        then = t.pending.then
        pending = {
            "tile": t.taken if then[0] == "place" else None,
            "for": "cost" if then[0] == "place" else "activation",
            "needs": t.pending.needs(),
            "paid": list(t.pending.paid),
        }
    return {
        "phase": "over" if state.current is None else state.phase,
        "stack_sizes": [len(s) for s in state.stacks],
        "current_stack": min(state.stack_index, 3),
        "chain": chain,
        "market": {RESOURCES[i]: state.market[i] for i in range(5)},
        "pending": pending,
        "taken": t.taken,
        "placed": None if t.placed is None else xy(t.placed),
        "activatable": [xy(q) for q in reading_order(t.activatable)],
        "activated": [xy(q) for q in reading_order(t.activated)],
        "movement_points": t.movement,
        "loch_ness_used": t.loch_ness_used,
        "oich": t.oich,
        "gains_pending": len(t.gains),
        "scorings_done": state.scorings,
        "uses_die": state.uses_die,
        "players": players,
        "cards": {k: {"name": c.name, "bonnets": c.bonnets, "effect": c.effect} for k, c in CARDS.items()},
        "tiles": {str(tid): tile_json(tid) for tid in sorted(seen)},
    }
