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
