"""Caledonia's learned forecast: the training command's solver and fit, the weights file in
the package, and what the learned forecast must still get right."""
import json

import pytest

from cairn import new_game
from cairn.bots import train
from cairn.bots.caledonia import FEATURES, HAND, KNOWLEDGE, K, load_weights
from cairn.caledonia.state import ACTIONS


def test_solve_gives_the_solution_of_a_linear_system():
    a = [[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]]
    x = [1.0, -2.0, 0.5]
    b = [sum(r * v for r, v in zip(row, x)) for row in a]
    assert train.solve(a, b) == pytest.approx(x)


def test_fit_recovers_the_weights_that_made_the_targets():
    n = len(FEATURES)
    truth = [0.5 * (i % 3) - 0.3 for i in range(n)]
    truth[K] = 0.0
    samples = []
    for s in range(200):
        row = [float((s * (i + 3) * 7919) % 101) / 10 for i in range(n)]
        row[K] = 2.0
        samples.append((row, sum(w * x for w, x in zip(truth, row))))
    w = train.fit(samples, alpha=1e-9)
    assert w == pytest.approx(truth, abs=1e-3)
    assert train.error(samples, w) < 1e-3


def test_fit_with_too_few_samples_is_the_hand_forecast():
    prior = train.prior()
    assert [i for i, w in enumerate(prior) if w == 1.0] == list(HAND)
    assert train.fit([([1.0] * len(FEATURES), 3.0)], alpha=0.05) == prior


def test_a_strong_pull_keeps_the_hand_forecast():
    samples = [([float(i + s % 7) for i in range(len(FEATURES))], float(s)) for s in range(100)]
    assert train.fit(samples, alpha=1e6) == pytest.approx(train.prior(), abs=1e-3)


def test_the_package_carries_learned_weights_the_bots_use():
    w = load_weights()
    assert w is not None and KNOWLEDGE.weights == w
    assert len(w) == train.PHASES and all(len(row) == len(FEATURES) for row in w)
    assert load_weights(json.dumps({"features": ["other"], "weights": [[1.0]]})) is None


def test_the_learned_forecast_values_money_for_its_owner_only():
    g = new_game("caledonia", players=2, seed=4)
    while not (g.state.phase == ACTIONS and g.state.round >= 2 and not g.state.pending):
        legal = g.legal_moves()
        g.play(next((m for m in legal if m["type"] != "pass"), legal[0]))
    rules, base = g.rules, g.state
    richer = base.copy()
    richer.players[0].money += 20
    a, b = KNOWLEDGE.evaluate(rules, base), KNOWLEDGE.evaluate(rules, richer)
    assert b[0] - a[0] > 20 / 10  # more than the final scoring's rate while it can be spent
    assert b[1] == a[1]


def test_train_writes_weights_that_load_and_is_reproducible(tmp_path):
    out = tmp_path / "w.json"
    runs = [train.train([["medium", "automa3"]], games=1, seed=3, stride=4, out=str(out),
                        iterations={"medium": 3}, log=lambda *_: None) for _ in range(2)]
    assert runs[0] == runs[1]
    w = load_weights(out.read_text())
    assert w is not None and len(w) == train.PHASES
    fit = runs[0]["trained"]["fit"]
    assert sum(r["samples"] for r in fit) > 20
    # phases with samples enough were fitted, and fit them no worse than the hand forecast
    assert all(r["rmse_learned"] <= r["rmse_hand"] + 1e-6 for r in fit)
    assert KNOWLEDGE.weights == load_weights()  # training leaves the loaded weights alone
