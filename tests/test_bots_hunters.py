"""Hunters' bot forecast: its fast table-driven path equals the forecast
written with the scoring module's own helpers (the final scoring's recount,
forest and river values, majorities)."""
import random

from cairn import new_game
from cairn.bots.hunters import HUT_VALUE, KNOWLEDGE, MEMBER_VALUE
from cairn.hunters.board import occupied_roots
from cairn.hunters.scoring import final_points, forest_value, majority, river_value
from cairn.hunters.state import OVER
from cairn.hunters.tiles import FOREST, RIVER


def reference(s):
    out = [float(sum(row)) for row in s.score]
    if s.phase == OVER:
        return out
    pts, _ = final_points(s, False)
    left = len(s.land)
    share = 0.75 if left > 30 else 0.3 + 0.015 * left
    for p in range(s.n):
        out[p] += pts[p][0] + pts[p][1]
        out[p] += MEMBER_VALUE * min(s.members[p], 3) + HUT_VALUE * s.huts[p] * (left > 10)
    for r in occupied_roots(s):
        kind = s.nkind[r]
        if kind != FOREST and kind != RIVER:
            continue
        value = forest_value(s, r) if kind == FOREST else river_value(s, r)
        for p in majority([s.meeples[n][0] for n in s.occ[r]]):
            out[p] += share * value
    return out


def test_the_fast_forecast_equals_the_one_from_the_scoring_helpers():
    checked = nonzero = 0
    for seed in range(4):
        g = new_game("hunters", players=2 + seed % 3, seed=seed)
        r = random.Random(seed)
        while True:
            s = g.state
            before = s.dumps()
            got = KNOWLEDGE.evaluate(g.rules, s)
            assert got == reference(s)
            assert s.dumps() == before
            checked += 1
            nonzero += any(got[p] != sum(s.score[p]) for p in range(s.n))
            if g.is_over:
                break
            g.play(r.choice(g.legal_moves()))
    assert checked > 400 and nonzero > 300
