"""A basic Hunters and Gatherers bot: one-ply greedy over the public API.

Each candidate move is tried on a clone; the resulting view is valued as
"my points minus the best opponent's", plus a share of every unfinished
forest, river, meadow and hut system I lead (more when it is complete),
minus what opponents lead, plus a little for members kept in hand.
"""
from __future__ import annotations

from typing import Any, Dict

from ..core.rng import Rng

Move = Dict[str, Any]


def evaluate(view: Dict[str, Any], seat: int) -> float:
    players = view["players"]
    mine = players[seat]["score"]
    best_other = max((p["score"] for p in players if p["seat"] != seat), default=0)
    value = float(mine - best_other)
    for f in view["features"]:
        occ = f["occupants"]
        if not occ:
            continue
        top = max(occ.values())
        leaders = [int(s) for s, n in occ.items() if n == top]
        weight = 0.9 if f["complete"] else (0.6 if f["kind"] in ("forest", "river") else 0.8)
        share = weight * f["value"]
        if seat in leaders:
            value += share
        if any(s != seat for s in leaders):
            value -= 0.6 * share
    me = players[seat]
    value += 1.2 * min(me["members"], 3) + 0.8 * me["huts"]
    return value


def basic_hunters_move(game: Any, rng: Rng) -> Move:
    seat = game.current_player
    legal = game.legal_moves()
    if len(legal) == 1:
        return legal[0]
    best, best_value = legal[0], None
    for move in legal:
        trial = game.clone()
        trial.play(move)
        value = evaluate(trial.view(seat), seat) + rng.below(100) * 1e-4
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best
