"""Glen More in Portuguese (Brazil) and Romanian: a whole game's log renders
in the reader's language with every placeholder filled and no English left,
and refusal reasons are said in the current language."""
import json
import re

import pytest

from cairn import IllegalMove, load_game, new_game
from cairn.bots import choose_move
from cairn.core import i18n

NAMES = ["Ana", "Bogdan", "Carla", "Dinu"]
# words that only an untranslated English line would contain (the castles and
# lochs keep their names in both rulebooks: "Castle of Mey", "Loch Ness")
ENGLISH = re.compile(r"\b(the|and|takes|places|pays|buys|sells|gains|activates|ends|moves|coins?|"
                     r"village|tile|Forest|Quarry|Meadow|Pasture|Grain|Butcher|Fair|Grocer|Bridge|"
                     r"Tavern|Distillery|Scoring|whisky barrel|chieftains?|cards|VP)\b")


def _finished_game(players, seed):
    seats = [{"kind": "bot", "level": "random", "name": n} for n in NAMES[:players]]
    g = new_game("glenmore", players=seats, seed=seed)
    while not g.is_over:
        g.play(choose_move(g, "random"))
    return g


def _only_names_and_numbers(text):
    for n in NAMES:
        text = text.replace(n, "")
    return not re.sub(r"[\d\s,.:;+()-]", "", text)


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
@pytest.mark.parametrize("lang", ["pt_BR", "ro"])
def test_a_random_games_history_reads_in_the_language(players, seed, lang):
    g = _finished_game(players, seed)
    json.dumps(g.history)   # messages are plain JSON
    kinds = set()
    for h in g.history:
        en = i18n.render(h["text"], NAMES, "en")
        text = i18n.render(h["text"], NAMES, lang)
        assert "{" not in text and "}" not in text, text
        assert "{" not in en, en
        if not _only_names_and_numbers(en):
            assert text != en, f"untranslated in {lang}: {en!r}"
        assert not ENGLISH.search(text), f"English left in {lang}: {text!r} (from {en!r})"
        kinds.add(h["text"]["msg"] if isinstance(h["text"], dict) else h["text"])
    # the game exercised the log widely: takes, places, activations, scorings, the final line
    for key in ("takes {tile}", "places {tile} {where}", "Scoring {number}", "Final scoring: {totals}"):
        assert key in kinds


def test_a_saved_game_reads_in_the_viewers_language():
    g = _finished_game(3, 7)
    again = load_game(json.loads(json.dumps(g.to_save())))
    assert again.history == g.history
    last = again.history[-1]["text"]
    assert i18n.render(last, NAMES, "en").startswith("Final scoring: Ana ")
    assert i18n.render(last, NAMES, "pt_BR").startswith("Contagem final: Ana ")
    assert i18n.render(last, NAMES, "ro").startswith("Scorul final: Ana ")


@pytest.mark.parametrize("lang,expected", [("en", "that space of the chain holds no tile"),
                                           ("pt_BR", "esse campo da corrente não tem placa"),
                                           ("ro", "pe acel spațiu al lanțului nu e nicio țiglă")])
def test_refusals_are_said_in_the_current_language(lang, expected):
    g = new_game("glenmore", players=2, seed=3)
    empty = next(i for i, e in enumerate(g.view()["chain"]) if e["kind"] == "empty")
    try:
        i18n.set_language(lang)
        with pytest.raises(IllegalMove) as e:
            g.play({"type": "take", "space": empty})
        assert e.value.reason == expected
        with pytest.raises(IllegalMove) as e:
            g.play({"type": "take", "space": 99})
        assert "13" in e.value.reason and (lang == "en") == ("must be a number" in e.value.reason)
    finally:
        i18n.set_language("en")


def test_a_placement_refusal_names_the_tile_and_the_place_in_the_language():
    g = new_game("glenmore", players=2, seed=3)
    take = next(m for m in g.legal_moves() if m["type"] == "take")
    g.play(take)
    while g.legal_moves()[0]["type"] not in ("place",):
        g.play(g.legal_moves()[0])
    tile = g.view()["tiles"][str(g.view()["taken"])]["name"]
    try:
        i18n.set_language("ro")
        with pytest.raises(IllegalMove) as e:
            g.play({"type": "place", "at": [5, 5]})
        reason = e.value.reason
        assert reason.startswith(i18n._(tile) + " nu poate sta 5 la sud și 5 la est de satul de început"), reason
    finally:
        i18n.set_language("en")
