"""A basic Glen More bot: a hand-written policy over the public view.

It takes near tiles it can use, pays with its own resources first, places
tiles where they activate the most, activates producers before converters,
turns resources into the best VP on offer, makes chieftains when it can
spare clan members, and sells its leftovers in the last turn.  No search:
fast enough for the browser and a fair opponent for a beginner.
"""
from __future__ import annotations

from typing import Any, Dict, List

from ..core.rng import Rng
from ..glenmore.tiles import TILES  # public component data (not rules internals)

Move = Dict[str, Any]

KIND_VALUE = {
    "quarry": 3.0, "forest": 3.0, "meadow": 3.0, "grain_field": 3.0, "pasture": 3.0,
    "village": 4.0, "castle": 6.5, "distillery": 5.0, "abbey": 6.0, "loch": 4.5,
    "tavern": 5.0, "butcher": 3.5, "fair": 4.5, "grocer": 5.0, "bridge": 4.5,
}
NEIGHBOUR_VALUE = {"grey": 0.8, "brown": 1.5, "yellow": 1.0, "green": 1.0, "blue": 0.0}


def _me(view: Dict[str, Any], seat: int) -> Dict[str, Any]:
    return view["players"][seat]


def _take_value(view: Dict[str, Any], seat: int, move: Move) -> float:
    chain = view["chain"]
    me = _me(view, seat)
    start = next(c["space"] for c in chain if c["kind"] == "figure" and c["seat"] == seat)
    distance = 0
    k = start
    while True:
        k = (k + 1) % 14
        if k == move["space"]:
            break
        if chain[k]["kind"] == "tile":
            distance += 1
    tile = TILES[chain[move["space"]]["tile"]]
    value = KIND_VALUE.get(tile.kind, 3.0)
    if tile.kind == "tavern" and me["whisky"] < 2:
        value = 1.0
    value -= 0.7 * (sum(tile.cost) + tile.cost_distinct + 2 * tile.cost_clansman)
    value -= 1.1 * distance
    fewest = min(len(p["display"]) for p in view["players"])
    if len(me["display"]) - fewest >= 2:
        value -= 2.5
    return value


def _place_value(view: Dict[str, Any], seat: int, move: Move) -> float:
    x, y = move["at"]
    score = 0.0
    for spot in _me(view, seat)["display"]:
        sx, sy = spot["at"]
        if abs(sx - x) <= 1 and abs(sy - y) <= 1:
            tile = TILES[spot["tile"]]
            full = tile.produces is not None and sum(spot["resources"].values()) >= 3
            score += 0.0 if full else NEIGHBOUR_VALUE.get(tile.colour, 0.5)
            score += 0.3 * spot["clansmen"]
    return score


def _activation_value(view: Dict[str, Any], seat: int, move: Move) -> float:
    me = _me(view, seat)
    spot = next(s for s in me["display"] if s["at"] == move["tile"])
    tile = TILES[spot["tile"]]
    if tile.produces is not None:
        return 20.0
    if tile.kind == "abbey":
        held = {r: 0 for r in spot["resources"]}
        for s in me["display"]:
            for r, n in s["resources"].items():
                held[r] += n
        return 20.0 if move["gain"] == min(held, key=lambda r: (held[r], r)) else -1.0
    if tile.grey:
        return 1.0
    if tile.kind == "tavern":
        return 10.0 + int(tile.activation.split(":")[1])
    uses = move["use"]
    if tile.kind == "distillery":
        return 6.0
    for recipe in tile.recipes:
        if recipe.n_any == len(uses) or sum(recipe.inputs) == len(uses):
            vp = recipe.vp
            if recipe.n_any and recipe.n_any != len(uses):
                continue
            return vp - 1.2 * len(uses) + 1.0
    return 0.0


def _holding(view: Dict[str, Any], seat: int, at: List[int], resource: str) -> int:
    for s in _me(view, seat)["display"]:
        if s["at"] == at:
            return s["resources"][resource]
    return 0


def basic_glenmore_move(game: Any, rng: Rng) -> Move:
    view = game.view()
    seat = game.current_player
    legal = game.legal_moves()
    phase = view["phase"]
    by_type: Dict[str, List[Move]] = {}
    for m in legal:
        by_type.setdefault(m["type"], []).append(m)
    last_turn = view["current_stack"] == 3 and view["stack_sizes"][3] <= 2
    if last_turn and "sell" in by_type and phase in ("activate", "move"):
        return max(by_type["sell"], key=lambda m: view["market"][m["resource"]])
    if phase == "take":
        if "take" in by_type:
            return max(by_type["take"], key=lambda m: (_take_value(view, seat, m), -m["space"]))
        return legal[0]
    if phase == "pay":
        pays = by_type.get("pay", [])
        own = [m for m in pays if m["resource"] not in ("clansman",) and "from" in m]
        if own:
            return max(own, key=lambda m: _holding(view, seat, m["from"], m["resource"]))
        clan = [m for m in pays if m["resource"] == "clansman"]
        if clan:
            return next((m for m in clan if m["from"] != "chieftain"), clan[0])
        if pays:
            return pays[0]
        if "buy" in by_type:
            return min(by_type["buy"], key=lambda m: view["market"][m["resource"]])
        needs = set(view["pending"]["needs"]) if view["pending"] else set()
        sells = sorted(by_type.get("sell", []),
                       key=lambda m: (m["resource"] in needs, -view["market"][m["resource"]]))
        return sells[0] if sells else legal[0]
    if phase == "place":
        return max(by_type["place"], key=lambda m: _place_value(view, seat, m))
    if phase == "gain":
        held = {r: 0 for r in view["market"]}
        for s in _me(view, seat)["display"]:
            for r, n in s["resources"].items():
                held[r] += n
        return min(by_type["gain"], key=lambda m: (held[m["resource"]], m["resource"]))
    if phase == "activate":
        acts = by_type.get("activate", [])
        if acts:
            best = max(acts, key=lambda m: _activation_value(view, seat, m))
            if _activation_value(view, seat, best) > 0:
                return best
        return by_type.get("end_activation", by_type.get("end_turn", legal))[0]
    if phase == "move":
        me = _me(view, seat)
        if "move" in by_type and (me["clansmen"] >= 3 or (last_turn and me["clansmen"] >= 1)):
            chiefs = [m for m in by_type["move"] if m["to"] == "chieftain"]
            if chiefs:
                return chiefs[-1]
        return by_type["end_turn"][0]
    return rng.choice(legal)
