"""Each legal move's label and cost in the snapshot (``snapshot.labels``, parallel to
``snapshot.legal``): present in whole and lean replies of every game, translated, and in
Clans of Caledonia the cost is the money the rules charge when the move is applied."""
import json
import random
import re

import pytest

from cairn import new_game
from cairn.caledonia.labels import money_change
from cairn.core import i18n
from cairn.facade import handle, labels
from test_lean_replies import patched

FIELDS = {"label", "cost", "group", "info"}


def call(**req):
    reply = json.loads(handle(json.dumps({"id": 1, **req})))
    assert reply["ok"], reply
    return reply["result"]


def check_entries(legal, entries):
    assert len(entries) == len(legal)
    for e in entries:
        assert set(e) == FIELDS
        assert isinstance(e["label"], str) and e["label"]
        for k in ("cost", "group", "info"):
            assert e[k] is None or (isinstance(e[k], str) and e[k])


@pytest.mark.parametrize("game, players", [("caledonia", 3), ("hunters", 2), ("glenmore", 3)])
def test_labels_are_parallel_to_legal_in_whole_and_lean_replies(game, players):
    rnd = random.Random(7)
    snap = call(op="new", gid="lab", game=game, players=players, seed=11)
    check_entries(snap["legal"], snap["labels"])
    rev = snap["rev"]
    for _ in range(120):
        if not snap["legal"]:
            break
        reply = call(op="play", gid="lab", move=rnd.choice(snap["legal"]), base=rev)
        # a lean reply sends each label whole or as its index in the table the caller keeps
        assert "labels" not in reply and "labels" in reply["delta"]
        reply = patched(snap, reply)
        check_entries(reply["legal"], reply["labels"])
        snap, rev = reply, reply["rev"]
    assert call(op="state", gid="lab")["labels"] == snap["labels"]
    call(op="close", gid="lab")


def _pick_clans(game, rnd, wanted):
    """Set-up: each seat takes the first clan of ``wanted`` still on offer."""
    while game.state.phase in ("clan_pick", "auction"):
        legal = game.legal_moves()
        picks = [m for c in wanted for m in legal if m.get("clan") == c]
        game.play(picks[0] if picks else rnd.choice(legal))


def _pounds(cost):
    """The money change a cost text says: "£12" paid ("≈£12": by shipping), "+£9" gained,
    None nothing."""
    if cost is None:
        return 0
    m = re.fullmatch(r"(\+?)≈?£(\d+)", cost)
    assert m, cost
    return int(m.group(2)) * (1 if m.group(1) else -1)


@pytest.mark.parametrize("seed, wanted", [
    (3, ["campbell", "macdonald", "robertson", "stewart"]),
    (8, ["stewart", "robertson", "campbell", "macdonald"]),
    (21, ["mackenzie", "macewen", "cunningham", "buchanan"]),
])
def test_caledonia_costs_are_the_money_charged(seed, wanted):
    rnd = random.Random(seed)
    game = new_game("caledonia", players=4, seed=seed)
    _pick_clans(game, rnd, wanted)
    assert {p.clan for p in game.state.players} & set(wanted)
    rules, checked, kinds = game.rules, 0, set()
    while not game.is_over:
        state, seat = game.state, game.current_player
        legal = game.legal_moves()
        entries = labels(game, legal)
        sample = legal if len(legal) <= 40 else rnd.sample(legal, 40)
        for move in sample:
            if move["type"] == "automa":
                continue
            entry = entries[legal.index(move)]
            s = rules.copy(state)
            before = s.players[seat].money
            rules.apply(s, move)
            if s.phase != state.phase:
                continue   # the round ended: incomes came in as well
            got = s.players[seat].money - before
            assert _pounds(entry["cost"]) == got, (move, entry)
            assert (money_change(state, seat, move) or 0) == got
            checked += 1
            kinds.add(move["type"])
        game.play(rnd.choice(legal))
    assert checked > 500
    assert {"trade", "place", "start_worker", "take_contract", "pass"} <= kinds


def test_labels_are_translated():
    game = new_game("caledonia", players=2, seed=4)
    rnd = random.Random(2)
    while not any(m["type"] == "trade" for m in game.legal_moves()):
        game.play(rnd.choice(game.legal_moves()))
    legal = game.legal_moves()
    i = next(k for k, m in enumerate(legal) if m["type"] == "trade" and m["side"] == "buy")
    try:
        en = labels(game, legal)[i]
        i18n.set_language("pt_BR")
        pt = labels(game, legal)[i]
        i18n.set_language("ro")
        ro = labels(game, legal)[i]
    finally:
        i18n.set_language("en")
    assert en["label"].startswith("Buy ") and en["group"].startswith("Buy ")
    assert pt["label"] != en["label"] and pt["group"] != en["group"]
    assert ro["label"] != en["label"] and ro["label"] != pt["label"]
    assert pt["cost"] == en["cost"]   # "£7": the same in every language


@pytest.mark.parametrize("game, players", [("hunters", 2), ("glenmore", 2)])
def test_other_games_labels_are_translated(game, players):
    g = new_game(game, players=players, seed=3)
    legal = g.legal_moves()
    try:
        en = labels(g, legal)
        i18n.set_language("pt_BR")
        pt = labels(g, legal)
    finally:
        i18n.set_language("en")
    assert all(a["label"] != b["label"] for a, b in zip(en, pt))


NODE_WORDS = r"""
import { readFileSync } from "node:fs";
const { learn, wordsOf, labelOf } = await import("data:text/javascript;base64," +
    readFileSync(process.argv[2]).toString("base64"));
const snap = JSON.parse(readFileSync(process.argv[3], "utf8"));
learn(snap);
const copy = { ...snap.legal[1] };   // not one of the snapshot's moves: known only with its snapshot
console.log(JSON.stringify({
  learnt: snap.legal.map((m) => labelOf(m)),
  direct: snap.legal.map((m) => wordsOf(m, snap)),
  copy: [labelOf(copy), wordsOf(copy, snap)],
}));
"""


def test_the_page_finds_each_moves_words(tmp_path):
    """web/js/renderers/words.js (under Node): a renderer's drawing code finds a legal move's
    words from the move alone once the snapshot is learnt, or with its snapshot."""
    import os
    import shutil

    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    from node_helpers import run_node

    snap = call(op="new", gid="w", game="glenmore", players=2, seed=5)
    call(op="close", gid="w")
    (tmp_path / "snap.json").write_text(json.dumps(snap))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    got = run_node(tmp_path, NODE_WORDS, os.path.join(root, "web", "js", "renderers", "words.js"),
                   str(tmp_path / "snap.json"))[0]
    assert got["learnt"] == [e["label"] for e in snap["labels"]]
    assert got["direct"] == snap["labels"]
    assert got["copy"] == [snap["legal"][1]["type"], None]
