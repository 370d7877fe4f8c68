"""A game's review (issue 44): each decision judged against the hard bot's best move, in
points, from what the seat knew; the same every time and however the work is sliced; blind to
what the seat could not see (a stack's order, the next contracts); the bot levels in their
order (a quick version of ``python -m cairn review``); the review kept in the save (format
version 3) and refused when edited or moved to another game; the chart and its moments; the
facade's review ops and the record's summaries."""
from __future__ import annotations

import json
import os

import pytest

from cairn import SaveError, load_game, new_game
from cairn.bots import budget, choose_move
from cairn.bots.knowledge import knowledge_for
from cairn.core.rng import Rng
from cairn.review import chart, record
from cairn.review.judge import Budget, judgement, run
from cairn.review.session import Session
from cairn.review.settings import settings_for
from facade_calls import refused, request

DATA = os.path.join(os.path.dirname(__file__), "data", "review")
SMALL = Budget(40, 12)   # the judge at a small budget: the tests' speed, the same code


def saved(name):
    with open(os.path.join(DATA, f"{name}.json")) as f:
        return json.load(f)




def decisions(name, every=6, limit=5):
    """Some decisions of the person in a prepared game: (position, move played)."""
    s = Session(saved(name))
    return [(d.game, d.played) for d in s.decisions[::every][:limit]]


def twin(g, k):
    """The same position with everything the seat to move cannot see dealt again."""
    t = g.clone()
    t.state = g.rules.determinize(g.state, g.current_player, Rng(k))
    return t


@pytest.mark.parametrize("name", ["glenmore", "hunters", "caledonia", "caledonia-solo"])
def test_a_verdict_is_the_same_every_time_and_never_peeks(name):
    differed = 0
    for g, played in decisions(name, every=9, limit=3):
        v = run(g, played, 0, SMALL)
        assert v.best in g.legal_moves() and v.loss >= 0 and v.loss == max(0.0, v.gap)
        assert run(g, played, 0, SMALL) == v
        for k in (1, 2):
            t = twin(g, k)
            differed += json.dumps(t.state.to_json(), sort_keys=True) != json.dumps(g.state.to_json(), sort_keys=True)
            assert run(t, played, 0, SMALL) == v, (name, len(g.log), k)
            assert chart.expected(t) == chart.expected(g)
    assert differed, "no position had hidden information to deal again"


def test_the_work_sliced_gives_the_same_verdicts():
    save = saved("hunters")
    whole = Session(save)
    whole.decisions = whole.decisions[:4]
    while not whole.complete:
        whole.work(60.0)
    sliced = Session(save)
    sliced.decisions = sliced.decisions[:4]
    steps = 0
    while not sliced.complete:
        sliced.work(0.0)   # one step a call
        steps += 1
    assert steps > 20
    assert [d.verdict for d in sliced.decisions] == [d.verdict for d in whole.decisions]


@pytest.mark.parametrize("name", ["glenmore", "caledonia"])
def test_a_judgement_steps_one_iteration_or_rollout_at_a_time(name):
    for g, played in decisions(name, limit=3):
        steps = judgement(g, played, 0, SMALL)
        n, verdict = 0, None
        while verdict is None:
            try:
                next(steps)
                n += 1
            except StopIteration as done:
                verdict = done.value
        assert verdict == run(g, played, 0, SMALL) and n == verdict.steps


def _level_losses(game, positions, levels):
    caps = {lv: budget(knowledge_for(game), lv)[0] for lv in ("medium", "hard")}
    b = settings_for(game).budget
    out = {}
    for lv in levels:
        total = 0.0
        for p in positions:
            total += run(p, choose_move(p, lv, seed=1, iterations=caps.get(lv)), 0, b).loss
        out[lv] = total / len(positions)
    return out


def _positions(game, n, every=5, seed=5):
    caps = budget(knowledge_for(game), "medium")[0]
    g = new_game(game, players=2, seed=seed)
    out, k = [], 0
    while not g.is_over and len(out) < n:
        if len(g.legal_moves()) > 1:
            k += 1
            if k % every == 0:
                out.append(g.clone())
        g.play(choose_move(g, "medium", seed=seed, iterations=caps))
    return out


def test_the_levels_lose_points_in_their_order_hunters():
    """The quick version of ``python -m cairn review``: the same positions (a game of medium
    against medium), each level's move judged at the app's budget."""
    lost = _level_losses("hunters", _positions("hunters", 12), ["random", "easy", "medium", "hard"])
    assert lost["random"] > lost["easy"] > lost["medium"] > lost["hard"], lost


@pytest.mark.parametrize("game", ["glenmore", "caledonia"])
def test_random_moves_lose_more_than_the_hard_bot(game):
    # the margin is a quarter point a decision: since the second look (issue 62) a loss the
    # first look alone found, and the closer one does not, counts none (Glen More's random
    # moves here: 0.42 a decision, the hard bot's 0.08)
    lost = _level_losses(game, _positions(game, 6), ["random", "hard"])
    assert lost["random"] > lost["hard"] + 0.25, lost


def test_marks_begin_where_the_game_says():
    s = settings_for("glenmore")
    a, b, c = s.marks
    assert 0 < a < b < c
    assert [s.mark(x) for x in (0.0, a - 0.1, a, b, c + 5)] == ["good", "good", "inaccuracy", "mistake", "blunder"]


# -- the review kept in the save --------------------------------------------------------------
def reviewed(name="caledonia-solo"):
    return saved(f"{name}.reviewed")


def test_a_review_is_kept_in_a_version_3_save_and_older_saves_still_load():
    save = reviewed()
    assert save["format_version"] == 3 and save["review"]["plies"] == len(save["moves"])
    g = load_game(save)
    assert g.review == save["review"]
    again = g.to_save()
    assert again["review"] == save["review"] and again["format_version"] == 3
    plain = saved("caledonia-solo")
    assert plain["format_version"] == 1 and "review" not in load_game(plain).to_save()
    old = dict(save, format_version=2)
    with pytest.raises(SaveError, match="cannot hold a review"):
        load_game(old)
    # a review of moves since taken back goes with them
    g.undo() if g.can_undo else None
    cut = load_game(dict(save, moves=save["moves"][:-1], review=None, format_version=1))
    cut.review = save["review"]
    assert "review" not in cut.to_save()


def test_a_review_read_back_is_checked_and_taken_up():
    s = Session(reviewed())
    assert s.dropped is None and s.checking and len(s._checks) == 3
    while s.checking:
        s.work(5.0)
    assert s.dropped is None and s.complete and s.done == len(s.decisions)


def _rehash(rec):
    body = {k: v for k, v in rec.items() if k != "check"}
    rec["check"] = record._digest(body)


def test_an_edited_review_is_dropped_with_the_reason():
    save = reviewed()
    # a verdict changed: the digest gives it away
    edited = json.loads(json.dumps(save))
    edited["review"]["verdicts"][0][1] += 1.0
    assert Session(edited).dropped == "it was changed after it was made"
    answer = request(op="load", gid="rv1", save=edited)
    assert answer["review_dropped"] and "review" not in answer["save"]
    # the digest recomputed, the verdict made impossible (a loss that is not its gap)
    assert Session(edited).dropped is not None
    _rehash(edited["review"])
    assert Session(edited).dropped == "a verdict in it is impossible"
    # a possible verdict changed and the digest recomputed: found where the re-judged sample
    # looks (the costliest decision is always one)
    sly = json.loads(json.dumps(save))
    s = Session(save)
    costliest = max(s.decisions, key=lambda d: (d.verdict.loss, -d.ply))
    i = next(k for k, v in enumerate(sly["review"]["verdicts"]) if v[0] == costliest.ply)
    sly["review"]["verdicts"][i][3] += 5.0   # its value
    _rehash(sly["review"])
    s = Session(sly)
    assert s.dropped is None and s.checking
    s.work(10.0)
    assert s.dropped == "a decision judged again did not give the verdict kept"
    assert s.kept_before is None and not s.checking   # reviewed afresh from here


def test_a_review_moved_to_another_game_or_an_edited_log_is_dropped():
    save = reviewed()
    other = saved("caledonia")
    assert Session(dict(other, review=save["review"], format_version=3)).dropped is not None
    # the same game with a seat renamed keeps it; another seed does not
    renamed = json.loads(json.dumps(save))
    renamed["seats"][0]["name"] = "Zoe"
    assert Session(renamed).dropped is None
    with pytest.raises(SaveError):
        load_game(dict(save, seed=save["seed"] + 1))   # (its moves no longer fit the deal either)


def test_a_partial_review_is_kept_and_continued():
    save = saved("glenmore")
    s = Session(save)
    for d in s.decisions[:3]:
        s._current = None
        d.verdict = run(d.game, d.played, 0, s.settings.budget)
    rec = s.kept()
    assert rec["plies"] == s.decisions[3].ply and len(rec["verdicts"]) == 3
    s.final.review = rec
    again = Session(s.final.to_save())
    assert again.dropped is None and again.done == 3
    assert not again.complete


# -- the chart --------------------------------------------------------------------------------
def test_the_chart_holds_within_a_turn_ends_exact_and_marks_the_moments():
    s = Session(saved("glenmore"))
    assert len(s.values) == s.plies + 1
    assert s.values[-1] == [float(x["total"]) for x in s.final.scores()]
    names = [m["text"]["args"]["number"] for m in chart.moments("glenmore", s.final.history)]
    assert names == ["I", "II", "III"]
    cal = Session(saved("caledonia-solo"))
    assert [m["text"]["args"]["n"] for m in chart.moments("caledonia", cal.final.history)] == [1, 2, 3, 4, 5]
    hunters = Session(saved("hunters"))
    assert len(chart.moments("hunters", hunters.final.history)) >= 3
    changes = sum(1 for a, b in zip(s.values, s.values[1:]) if a != b)
    assert 10 < changes < s.plies / 2   # Glen More: judged where each turn begins
    moved = sum(1 for a, b in zip(cal.values, cal.values[1:]) if a != b)
    assert moved > cal.plies / 3        # Caledonia: after every move (a solo game is one long turn)


# -- the facade --------------------------------------------------------------------------------
def test_the_review_ops_open_step_save_and_close():
    save = saved("caledonia-solo")
    save = dict(save, moves=save["moves"][:8])
    opened = request(op="review_open", rid="t1", save=save)
    assert opened["plies"] == 8 and opened["seats"] == [0] and len(opened["chart"]["values"]) == 9
    assert opened["progress"] == {"done": 0, "total": len(opened["decisions"]), "checking": False}
    assert set(opened["marks"]) == {"inaccuracy", "mistake", "blunder"}
    seen = []
    while True:
        st = request(op="review_step", rid="t1", ms=30)
        seen += st["verdicts"]
        if st["complete"]:
            break
    assert [v["ply"] for v in seen] == [d["ply"] for d in opened["decisions"]]
    for v in seen:
        assert v["mark"] in ("good", "inaccuracy", "mistake", "blunder") and v["played_label"] and v["best_label"]
    kept = request(op="review_save", rid="t1")
    assert kept["save"]["format_version"] == 3 and kept["review"]["plies"] == 8
    assert request(op="review_close", rid="t1") == {"closed": True}
    assert refused(op="review_step", rid="t1")["code"] == "bad_request"
    assert refused(op="review_step", rid="t2", ms="x")["code"] == "bad_request"
    assert refused(op="review_open", rid="t3", save={"format": "nope"})["code"] == "bad_save"
    assert refused(op="review_open", rid="t3", save=save, seats=[5])["code"] == "bad_request"


def test_the_record_summaries():
    r = request(op="review_record", saves=[saved("glenmore"), reviewed(), {"x": 1}], games=["caledonia", "glenmore"])
    g, c, bad = r["summaries"]
    assert g["game"] == "glenmore" and g["people"] == [0] and g["seats"][1]["level"] == "medium" and g["review"] is None
    assert c["rating"] is not None and c["review"]["0"]["decisions"] > 10 and c["review_complete"]
    assert "error" in bad
    names = [b["name"] for b in r["ratings"]["caledonia"]]
    assert names[0] == "Newbie" and names[-1] == "Genius" and r["ratings"]["glenmore"] == []
