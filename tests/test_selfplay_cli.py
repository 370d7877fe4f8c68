"""The selfplay benchmark's command line: a tiny run writes one line per game,
and ``summary`` merges such files into the same figures (a game met twice
counts once; a shared win counts 1/k)."""
import json

import pytest

from cairn.__main__ import main


def test_selfplay_out_and_summary(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    main(["selfplay", "hunters", "--levels", "easy,random", "-n", "3", "--seed", "2", "--out", str(out)])
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [d["seed"] for d in lines] == [2, 3, 4]
    # seats follow the game's seed (odd: the first level in seat 0), so a run split over seeds seats the same
    assert [d["seats"] for d in lines] == [["random", "easy"], ["easy", "random"], ["random", "easy"]]
    single = tmp_path / "one.jsonl"
    main(["selfplay", "hunters", "--levels", "easy,random", "-n", "1", "--seed", "3", "--out", str(single)])
    again = json.loads(single.read_text())
    assert {k: v for k, v in again.items() if k != "times"} == {k: v for k, v in lines[1].items() if k != "times"}
    capsys.readouterr()
    # the same games again (another process's copy) and one made-up shared win
    extra = tmp_path / "more.jsonl"
    tie = dict(lines[0], seed=9, totals=[5, 5], winners=[0, 1])
    extra.write_text(out.read_text() + json.dumps(tie) + "\n" + "not json\n" + json.dumps({"seed": 1}) + "\n")
    main(["summary", str(out), str(extra), str(tmp_path / "missing.jsonl")])
    text = capsys.readouterr().out
    wins = sum(1 for d in lines if d["seats"].index("easy") in d["winners"]) + 0.5
    assert "skipped" in text and "missing.jsonl" in text and "skipped 2 lines" in text
    assert f"4 games, seeds 2-9: easy wins {100 * wins / 4:.1f}%" in text


def test_selfplay_against_the_automa(tmp_path, capsys):
    """``automaN`` seats Caledonia's solo opponent at difficulty N; it plays its card
    (its only move), and only in Caledonia."""
    out = tmp_path / "automa.jsonl"
    main(["selfplay", "caledonia", "--levels", "random,automa2", "-n", "2", "--seed", "1", "--out", str(out)])
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [d["seats"] for d in lines] == [["random", "automa2"], ["automa2", "random"]]
    assert all("automa2" not in d["times"] for d in lines)  # the automa does not think
    assert all(d["seats"][d["winners"][0]] == "automa2" for d in lines)  # random never beats it
    capsys.readouterr()
    for bad in (["hunters", "--levels", "easy,automa3"],
                ["caledonia", "--levels", "easy,automa3", "--players", "3"]):
        with pytest.raises(SystemExit, match="automa"):
            main(["selfplay", *bad, "-n", "1"])


def test_compare_pairs_the_same_seeds_and_recounts_the_margins(tmp_path, capsys):
    """``compare``: per seed played by the level in both files (same seats), its margin over
    the best other seat before and after, and the paired difference with its standard error;
    games of other seats, missing seeds and unreadable lines are left out."""
    def rec(seed, seats, totals, winners, game="caledonia"):
        return json.dumps({"game": game, "seed": seed, "seats": seats, "totals": totals, "winners": winners})
    base = tmp_path / "base.jsonl"
    new = tmp_path / "new.jsonl"
    base.write_text("\n".join([
        rec(1, ["hard", "automa3"], [100, 120], [1]),     # margin -20
        rec(2, ["automa3", "hard"], [130, 140], [1]),     # +10
        rec(3, ["hard", "automa3"], [90, 150], [1]),      # -60
        rec(4, ["hard", "automa3"], [90, 150], [1]),      # only in base
        rec(5, ["hard", "automa3"], [90, 80], [0]),       # seats differ in new: not the same game
        "not json"]) + "\n")
    new.write_text("\n".join([
        rec(1, ["hard", "automa3"], [125, 120], [0]),     # +5: +25
        rec(2, ["automa3", "hard"], [130, 150], [1]),     # +20: +10
        rec(3, ["hard", "automa3"], [100, 150], [1]),     # -50: +10
        rec(5, ["automa3", "hard"], [90, 80], [0]),
        rec(1, ["hard"], [150], [0])]) + "\n")            # a solo game: no pair
    main(["compare", str(base), "--new", str(new), str(tmp_path / "gone.jsonl")])
    text = capsys.readouterr().out
    diffs = [25, 10, 10]
    mean = sum(diffs) / 3
    se = (sum((d - mean) ** 2 for d in diffs) / 2) ** 0.5 / 3 ** 0.5
    assert "skipped" in text and "gone.jsonl" in text
    assert "caledonia, hard vs automa3: 3 seeds" in text
    assert f"3 seeds in both (1-3): margin {(-20 + 10 - 60) / 3:.1f} -> {(5 + 20 - 50) / 3:.1f}" in text
    assert f"paired difference {mean:+.1f} (se {se:.1f}" in text and "wins 1 -> 2" in text
    main(["compare", str(base), "--new", str(new), "--level", "medium"])
    assert "no seed played by medium in both" in capsys.readouterr().out
