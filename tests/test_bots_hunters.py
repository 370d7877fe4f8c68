"""Hunters' bot forecast: its fast table-driven parts equal the parts
written with the scoring module's own helpers (the final scoring's recount,
forest and river values, majorities), and both forecasts (the hand one and
hard's learned weights) add them up as they say."""
import pytest
from forecast_helpers import random_positions, trained_twice

from cairn.bots.forecast import bucket
from cairn.bots.hunters import HARD, HUT_VALUE, KNOWLEDGE, LEARNED, MEMBER_VALUE, N_FEATURES, features, load_weights
from cairn.bots.knowledge import knowledge_for
from cairn.hunters.board import occupied_roots
from cairn.hunters.scoring import final_points, forest_value, majority, river_value
from cairn.hunters.state import OVER
from cairn.hunters.tiles import FOREST, RIVER


def reference_parts(s):
    """The parts per seat, from the scoring module's helpers."""
    f = [[0] * N_FEATURES for _ in range(s.n)]
    pts, _ = final_points(s, False)
    for p in range(s.n):
        f[p][0] = pts[p][0] + pts[p][1]
        f[p][7], f[p][8], f[p][9] = min(s.members[p], 3), max(0, s.members[p] - 3), s.huts[p]
    for r in occupied_roots(s):
        kind = s.nkind[r]
        if kind != FOREST and kind != RIVER:
            continue
        value = forest_value(s, r) if kind == FOREST else river_value(s, r)
        ports = s.opn[r]
        at = (1 if kind == FOREST else 4) + (0 if ports <= 2 else 1 if ports <= 4 else 2)
        for p in majority([s.meeples[n][0] for n in s.occ[r]]):
            f[p][at] += value
    return f


def reference(s, learned):
    out = [float(sum(row)) for row in s.score]
    if s.phase == OVER:
        return out
    left = len(s.land)
    f = reference_parts(s)
    for p in range(s.n):
        x = f[p]
        if learned:
            w = LEARNED[bucket(LEARNED["edges"], left)]
            out[p] += w[-1] + sum(a * b for a, b in zip(w, x))
        else:
            share = 0.75 if left > 30 else 0.3 + 0.015 * left
            out[p] += x[0] + share * sum(x[1:7]) + MEMBER_VALUE * x[7] + HUT_VALUE * x[9] * (left > 10)
    return out


def test_the_fast_forecast_equals_the_one_from_the_scoring_helpers():
    checked = nonzero = 0
    for seed in range(4):
        for g in random_positions("hunters", seed, 2 + seed % 3):
            s = g.state
            before = s.dumps()
            assert features(s) == reference_parts(s)
            got = KNOWLEDGE.evaluate(g.rules, s)
            assert got == reference(s, False)
            assert HARD.evaluate(g.rules, s) == pytest.approx(reference(s, s.n == 2))
            assert s.dumps() == before
            checked += 1
            nonzero += any(got[p] != sum(s.score[p]) for p in range(s.n))
    assert checked > 400 and nonzero > 300


def test_hard_plays_the_learned_weights_and_the_other_levels_the_hand_forecast():
    know = knowledge_for("hunters")
    assert LEARNED is not None   # the wheel ships data/hunters.json
    assert know.for_level("hard") is HARD and HARD.learned
    for level in ("medium", "hard0"):
        assert know.for_level(level) is KNOWLEDGE and not KNOWLEDGE.learned


def test_training_is_reproducible_and_writes_weights_the_bot_reads(tmp_path):
    from cairn.bots import train_hunters
    files = trained_twice(lambda out: train_hunters.train(games=2, seed=5, out=out, procs=1, log=lambda *_: None),
                          tmp_path)
    assert files[0] == files[1]
    table = load_weights(files[0])
    assert table["edges"] == train_hunters.EDGES
    assert all(len(table[i]) == N_FEATURES + 1 for i in range(len(train_hunters.EDGES)))
