"""Learn to play (issue 32): each game's tutorial (web/js/help/<game>.tutorial.js,
read under Node as the page reads it) replayed against the engine: from its
seed every listed move is legal in turn and made by the seat it is written
for (the learner's with words, the other players' without); 15-25 steps;
every kind of move the engine offers the learner in that game is played at
least once; and what the issue names for each game happens: Glen More's tile
laid and its chain activation, the market both ways, whisky and a chieftain,
a scoring; Hunters' tiles, each kind of member, a hut, a bonus tile, a
completed feature; Caledonia's five actions, a trade, a contract taken and
fulfilled, a port, a round's production and scoring."""
from __future__ import annotations

import os

import pytest

from cairn import new_game
from node_helpers import run_node

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("glenmore", "hunters", "caledonia")

READ = """
import { pathToFileURL } from "node:url";
for (const game of process.argv.slice(2)) {
  const m = await import(pathToFileURL(`${process.env.HELP}/${game}.tutorial.js`).href);
  console.log(JSON.stringify({ game, ...m.default }));
}
"""


@pytest.fixture(scope="module")
def tutorials(tmp_path_factory):
    os.environ["HELP"] = os.path.join(ROOT, "web", "js", "help")
    out = run_node(tmp_path_factory.mktemp("tut"), READ, *GAMES, timeout=60)
    return {t["game"]: t for t in out}


def replay(tut):
    """Play the tutorial's moves; what happened, step by step."""
    g = new_game(tut["game"], players=tut["players"], seed=tut["seed"], options=tut["options"])
    learner = [i for i, p in enumerate(tut["players"]) if p["kind"] == "human"]
    assert len(learner) == 1
    me = learner[0]
    offered, played, moves = set(), [], []
    for i, step in enumerate(tut["steps"]):
        seat = g.current_player
        legal = g.legal_moves()
        assert step["move"] in legal, (i, step["move"], legal[:12])
        if seat == me:
            assert step.get("say"), f"step {i}: the learner's move needs its words"
            offered |= {m["type"] for m in legal}
            played.append(step["move"])
            before = g.view(me)
        else:
            assert "say" not in step, f"step {i}: another player's move has no words"
        g.play(step["move"])
        if seat == me:
            moves.append((step["move"], before, g.view(me), len(g.history)))
    return g, me, offered, played, moves


@pytest.mark.parametrize("game", GAMES)
def test_the_script_replays_from_its_seed_and_plays_every_kind_of_move(tutorials, game):
    tut = tutorials[game]
    g, me, offered, played, _ = replay(tut)
    assert 15 <= len(played) <= 25, len(played)
    assert tut["title"] and tut["end"]
    missing = offered - {m["type"] for m in played}
    assert not missing, f"offered to the learner but never played: {missing}"
    # after the last move the learner would decide again (or the game is over): nothing is cut short
    assert g.is_over or g.current_player == me


def test_glen_more_lays_tiles_activates_uses_the_market_makes_whisky_and_a_chieftain_and_scores(tutorials):
    g, me, _, played, moves = replay(tutorials["glenmore"])
    kinds = {m["type"] for m in played}
    assert {"take", "place", "activate", "end_activation", "buy", "sell", "pay", "move", "end_turn"} <= kinds
    assert any(m["type"] == "move" and m["to"] == "chieftain" for m in played)
    assert any(m["type"] == "move" and m["to"] != "chieftain" for m in played)
    # whisky from a distillery's activation (its grain paid)
    assert any(after["players"][me]["whisky"] > before["players"][me]["whisky"] and m["type"] == "pay"
               for m, before, after, _ in moves)
    scorings = [h for h in g.history if h.get("kind") == "scoring"]
    assert scorings and scorings[0]["points"][me] > 0


def test_hunters_lays_tiles_every_member_a_hut_a_bonus_tile_and_completes_features(tutorials):
    g, me, _, played, moves = replay(tutorials["hunters"])
    roles = {m["role"] for m in played if m["type"] == "meeple"}
    assert roles == {"gatherer", "fisher", "hunter", "hut"}
    assert any(m["type"] == "skip" for m in played)
    assert any(m["type"] == "place" and before["drawn"]["bonus"] for m, before, _, _ in moves)
    completed = [h for h in g.history if h.get("kind") == "scoring" and h["points"][me] > 0]
    assert len(completed) >= 2   # a forest and a river at least


def test_caledonia_takes_each_action_trades_fulfils_a_contract_uses_a_port_and_ends_a_round(tutorials):
    g, me, _, played, _ = replay(tutorials["caledonia"])
    kinds = {m["type"] for m in played}
    assert {"pick", "start_worker", "trade", "expand", "place", "take_contract", "fulfil", "port", "pass"} <= kinds
    assert {"shipping", "technology", "hire"} <= kinds   # the three upgrades
    taken = [m["contract"] for m in played if m["type"] == "take_contract"]
    assert any(m["type"] == "fulfil" and m["contract"] in taken for m in played)
    v = g.view(me)
    assert v["round"] == 2
    summary = {e["kind"] for e in v["summary"]}
    assert {"production", "scoring"} <= summary
    assert any(e["kind"] == "scoring" and e["glory"][me] > 0 for e in v["summary"])


def test_the_words_are_marked_for_translation_in_the_games_context():
    """Every step's words are N_() literals in the game's file (the catalogues' context)."""
    import re
    for game in GAMES:
        src = open(os.path.join(ROOT, "web", "js", "help", f"{game}.tutorial.js"), encoding="utf-8").read()
        assert f'from "../i18n/{game}.js"' in src
        says = re.findall(r"say:\s*(\S)", src)
        assert says and all(c == "N" for c in says), game
