"""The review's calibration (issue 62): the set kept as data per game (decisions from games of
every level, each judged by the deep reference), a sample of it checked against the game it
came from; the reference's playouts and the second look paired world by world; the report's
figures counted right.  The calibration itself is a command (``python -m cairn
review-calibrate``), never run here."""
from __future__ import annotations

import dataclasses
import json
import math
import os

import pytest

from cairn.review import calibrate, check
from cairn.review.judge import Trust, run
from cairn.review.look import Look, Paired, paired
from cairn.review.reference import Continuation, results, world_seed
from cairn.review.session import SEED, Session
from cairn.review.settings import MARKS, reference_settings, settings_for
from cairn.bots.knowledge import knowledge_for

DATA = os.path.join(os.path.dirname(__file__), "data")
GAMES = ["glenmore", "hunters", "caledonia"]


def dataset(name):
    return calibrate.load(name)


@pytest.mark.parametrize("name", GAMES)
def test_the_set_holds_every_level_and_enough_decisions_each_judged_by_the_reference(name):
    data = dataset(name)
    cfg = reference_settings(name)
    assert data["format"] == calibrate.FORMAT and data["game"] == name
    assert data["made_by"] == f"python -m cairn review-calibrate {name}"
    assert data["reference"]["easy"] == cfg["easy"] and data["reference"]["tail"] == cfg["tail"]
    games = data["games"]
    assert len(data["decisions"]) >= max(100, cfg["least"])
    levels = {games[d["game"]]["level"] for d in data["decisions"]}
    assert levels == {"random", "easy", "medium", "hard"}
    for d in data["decisions"]:
        played, *others = d["moves"]
        assert played["gain"] == 0 and played["n"] >= cfg["worlds"] and others
        for c in others:
            assert c["n"] == played["n"] <= cfg["more"] and c["move"] != played["move"]
            assert math.isfinite(c["gain"]) and 0 <= c["se"] < 20
    # every decision the screen found costly in the hard bot's games is in the set (the review
    # may mark only those), and the share `keep` of the others' (a fixed pick)
    chosen = {(d["game"], d["ply"]) for d in data["decisions"]}
    costly = [(i, ply) for i, g in enumerate(games) for ply, loss in g["screen"] if loss >= cfg["select"]]
    assert all(c in chosen for c in costly if games[c[0]]["level"] == "hard")
    kept = sum(1 for c in costly if c in chosen and games[c[0]]["level"] != "hard")
    others = sum(1 for c in costly if games[c[0]]["level"] != "hard")
    assert kept == others if cfg.get("keep", 1.0) >= 1 else 0.4 * others < kept < min(others, 0.8 * others + 5)


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_of_the_set_is_its_games_own(name):
    data = dataset(name)
    rec = min(data["games"], key=lambda g: len(g["moves"]))
    at = data["games"].index(rec)
    plies = [d["ply"] for d in data["decisions"] if d["game"] == at]
    final, positions = calibrate.replay(name, rec, plies)
    assert [s["total"] for s in final.scores()] == rec["totals"] and final.is_over
    seat_plies = check.decisions_of(name, rec)
    assert [p for p, _ in rec["screen"]] == seat_plies
    for d in data["decisions"]:
        if d["game"] != at:
            continue
        g = positions[d["ply"]]
        assert g.current_player == rec["seat"]
        legal = g.legal_moves()
        assert d["moves"][0]["move"] == legal[rec["moves"][d["ply"]]]
        assert all(c["move"] in legal for c in d["moves"])


def _position(name="glenmore", k=3):
    with open(os.path.join(DATA, "review", f"{name}.json")) as f:
        s = Session(json.load(f))
    d = s.decisions[k]
    other = next(m for m in d.game.legal_moves() if m != d.played)
    return d.game, d.played, other


def test_the_reference_plays_each_move_out_in_the_same_worlds():
    g, played, other = _position()
    worlds = [world_seed("t", len(g.log), n) for n in range(3)]
    cont = Continuation(easy=4, tail="rollout")
    a, b, c = results(g, [played, played, other], worlds, cont)
    assert a == b and len(a) == 3 and len(set(a)) > 1      # the same move, the same results; worlds differ
    assert results(g, [other], worlds, cont)[0] == c       # the same every time
    assert g.legal_moves() and not g.is_over               # the game left as it was


def test_the_second_look_pairs_its_worlds_and_stops_when_settled():
    g, played, other = _position("hunters", 5)
    know = knowledge_for("hunters").for_level("hard")
    look = Look("turn", 4, 4, 12)

    def whole(best, settled=None):
        steps = paired(g.rules, g.state, g.current_player, know, best, played, 7, look, settled)
        n = 0
        while True:
            try:
                next(steps)
                n += 1
            except StopIteration as done:
                return done.value, n

    same, n = whole(played)
    assert same.diffs == [0.0] * 12 and n == 24             # a move against itself: nothing in any world
    diff, _ = whole(other)
    assert diff.diffs == whole(other)[0].diffs and diff.n == 12
    early, n = whole(other, settled=lambda p: True)
    assert early.n == 4 and n == 8 and early.diffs == diff.diffs[:4]


def test_the_report_counts_marks_confirmed_and_claims_against_the_reference():
    s = settings_for("glenmore")
    lo_mark = s.marks[1]   # a mistake
    cand = lambda gain, se: {"move": {"type": "x", "n": gain}, "gain": gain, "se": se, "n": 100}
    data = {"games": [{"key": "hard-2p-1", "level": "hard"}, {"key": "random-2p-1", "level": "random"}],
            "decisions": [
                {"game": 1, "ply": 3, "moves": [cand(0, 0), cand(9.0, 1.0)]},     # a mistake, confirmed
                {"game": 1, "ply": 5, "moves": [cand(0, 0), cand(1.0, 0.4)]},     # a mistake, contradicted
                {"game": 0, "ply": 7, "moves": [cand(0, 0), cand(0.5, 0.5)]},     # the hard bot: good
            ]}
    v = lambda key, ply, loss, lo, hi, best: {"key": key, "ply": ply, "loss": loss, "lo": lo, "hi": hi,
                                              "mark": s.mark_of(loss, lo), "best": best, "cpu": 0.0}
    verdicts = {("random-2p-1", 3): v("random-2p-1", 3, 8.0, lo_mark, 12.0, {"type": "x", "n": 9.0}),
                ("random-2p-1", 5): v("random-2p-1", 5, 6.0, lo_mark + 0.5, 9.0, {"type": "x", "n": 1.0}),
                ("hard-2p-1", 7): v("hard-2p-1", 7, 0.4, 0.4, 0.4, {"type": "x", "n": 0.5}),
                ("hard-2p-1", 9): v("hard-2p-1", 9, 3.0, 1.0, 5.0, {"type": "y"})}   # a close call, not in the set
    fig = check.figures("glenmore", data, verdicts)
    assert fig["marks"]["mistake"] == {"n": 2, "confirmed": 1, "contradicted": 1}
    assert fig["grave"]["n"] == 2 and fig["grave"]["confirmed"] == 1
    assert fig["hard"] == {"games": 1, "marks": [0], "unconfirmed": [0]} and fig["close"] == 0
    c = fig["claims"]
    assert c["n"] == 2 and c["inside"] == 1 and c["covered"] == 1     # 8 within 9 +- 1.96; 1 not in [4.5, 9]
    assert c["slope"] == pytest.approx((8 * 9 + 6 * 1) / (64 + 36))
    assert s.mark_of(3.0, 1.0) == "close" and s.mark_of(1.0, 0.5) == "good" and MARKS[1] == "mistake"


def test_a_claim_is_both_looks_shrunk_and_its_range_its_uncertainty():
    t = Trust(start=2.0, first=0.5, second=1.0, error=1.0, z=2.0, marks=(2.0, 4.0, 8.0))
    look = Paired([4.0, 6.0] * 8)                      # mean 5, standard error 1/sqrt(16) * sd
    sd = math.sqrt(sum((x - 5.0) ** 2 for x in look.diffs) / 15)
    claimed, lo, hi = t.claim(6.0, look)
    half = 2.0 * math.sqrt((sd / 4) ** 2 + 1.0)
    assert claimed == 8.0 and lo == round(8.0 - half, 1) and hi == round(8.0 + half, 1)
    assert t.claim(0.0, Paired([-9.0, -7.0]))[0] == 0.0   # never below nothing
    # settled: a look whose range's low end sits far from every mark stops; one on a mark goes on
    assert t.settled(0.0)(Paired([20.0, 21.0] * 8))          # a claim of 20.5 +- 2.1: clear of 2, 4, 8
    assert not t.settled(0.0)(Paired([5.0, 9.0] * 8))        # 7 +- 2.4: its low end near 4


def test_a_costly_decision_is_looked_at_again_and_shown_with_its_range():
    s = Session(json.load(open(os.path.join(DATA, "review", "hunters.reviewed.json"))))
    b = settings_for("hunters").budget
    assert b.look is not None and b.trust is not None and b.trust.start == settings_for("hunters").marks[0]
    costly = [d for d in s.decisions if d.verdict.gap >= b.trust.start][:1]
    cheap = [d for d in s.decisions if 0 < d.verdict.gap < b.trust.start][:1]
    assert costly and cheap
    for d in costly:
        first = run(d.game, d.played, SEED, dataclasses.replace(b, look=None, trust=None))
        v = run(d.game, d.played, SEED, b)
        assert v.gap == first.gap and v.best == first.best          # the first look as it was
        assert v.steps > first.steps + 2 * b.look.batch - 1          # then at least a batch of paired worlds
        assert v.lo < v.loss < v.hi or v.lo == v.loss == 0.0
        assert (v.ply, v.loss, v.lo, v.hi) == (d.verdict.ply, d.verdict.loss, d.verdict.lo, d.verdict.hi)
    for d in cheap:                                                   # below the first mark: no second look
        v = run(d.game, d.played, SEED, b)
        assert v.lo == v.loss == v.hi == max(0.0, v.gap)
        assert settings_for("hunters").mark_of(v.loss, v.lo) == "good"


def test_a_decision_about_to_be_marked_is_looked_at_longer_a_clear_good_one_stops_at_once():
    t = Trust(start=2.0, first=0.0, second=1.0, error=0.5, z=1.0, marks=(2.0, 4.0, 8.0), sure=32)
    marked = Paired([20.0, 21.0] * 8)       # 20.5 +- 0.6: clear of every mark, and a mark
    good = Paired([-6.0, -5.0] * 8)         # -5.5: clear of every mark, and good
    assert not t.settled(0.0)(marked)                   # 16 worlds: a mark's size is measured on
    assert t.settled(0.0)(Paired(marked.diffs * 2))     # 32 worlds: enough
    assert t.settled(0.0)(good)                         # good at once
    assert dataclasses.replace(t, sure=0).settled(0.0)(marked)


def _rows(game, level="random", looked=True):
    """A small made-up calibration game: six decisions the first look finds costly, the second
    look near the reference (or, ``looked`` False, cheap decisions never looked at again)."""
    out = []
    for i in range(6):
        loss1 = 2.5 + i if looked else 1.0
        diffs = [0.9 * loss1 + ((j * 7 + i) % 5 - 2) * 0.5 for j in range(64)] if looked else None
        ref = 0.9 * loss1 + (0.8 if i % 2 else -0.8)
        out.append({"key": f"{game}@{i}", "level": level, "loss1": loss1, "diffs": diffs, "loss": ref, "se": 0.7,
                    "ref": ref, "ref_se": 0.7})
    return out


def test_the_fit_held_out_judges_each_game_by_a_trust_fitted_without_it():
    from cairn.review import fit
    look = Look("easy", 8, 8, 64)
    one = _rows("g1")
    trust, f = fit.choose("glenmore", one, look, 0.9)
    assert f["marks"] > 0
    # three copies of one game: each held out gets the trust the others give, the same one
    copies = one + [dict(r, key=r["key"].replace("g1", g)) for g in ("g2", "g3") for r in one]
    h = fit.held_out("glenmore", copies, look)
    assert h["marks"] == 3 * f["marks"] and h["inside"] == 3 * f["inside"] and h["confirmed"] == 3 * f["confirmed"]
    # a game beside one never looked at again: held out, nothing fits it, so it has no marks
    h = fit.held_out("glenmore", one + _rows("g2", looked=False), look)
    assert h["marks"] == 0 and h["inside"] == 0


def test_the_fit_says_how_many_claims_inside_the_noise_alone_would_leave():
    from cairn.review import fit
    look = Look("easy", 8, 8, 64)
    rows = _rows("g1")
    trust = Trust(2.0, 0.0, 1.0, 1.0, 1.96, settings_for("glenmore").marks, 64)
    marks = fit.score("glenmore", rows, trust, look, 0)["marks"]
    taken, whole, with_error = fit.expected_inside("glenmore", rows, trust, look)
    assert marks > 0 and with_error < taken <= whole < marks
    # a look without noise and no error beyond it: only the reference's own noise is left, a
    # claim of the truth inside its 95% interval 95% of the time
    exact = [dict(r, diffs=[r["diffs"][0]] * 64) for r in rows]
    sure = dataclasses.replace(trust, error=0.0)
    n = fit.score("glenmore", exact, sure, look, 0)["marks"]
    assert n > 0 and all(abs(x - 0.95 * n) < 0.001 for x in fit.expected_inside("glenmore", exact, sure, look))
