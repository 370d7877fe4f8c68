"""Hunters and Gatherers in Portuguese (Brazil) and Romanian: a whole game's
log renders with no English left, refusal reasons follow the language, and
the stored history stays language-free."""
import json
import re

import pytest
from hunters_helpers import RED, RULES, SKIP, board, deal, meeple, place, play

from cairn import new_game
from cairn.core import i18n
from cairn.core.rng import Rng

NAMES = ["Ana", "Bia", "Caio", "Dora", "Emil"]
# a line of names and numbers only reads the same in every language
ONLY_NAMES = re.compile(r"^[\W\d_]*(?:(?:%s)[\W\d_]*)*$" % "|".join(NAMES))


def _random_game(players, seed):
    g = new_game("hunters", players=players, seed=seed)
    rng = Rng(seed)
    while not g.is_over:
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    return g


@pytest.mark.parametrize("lang", ["pt_BR", "ro"])
def test_a_whole_random_game_reads_with_no_english_left(lang):
    lines = kinds = 0
    seen = set()
    for players, seed in ((5, 3), (2, 11), (4, 27)):
        g = _random_game(players, seed)
        json.dumps(g.history)  # messages are plain JSON
        for h in g.history:
            english = i18n.render(h["text"], NAMES, lang="en")
            there = i18n.render(h["text"], NAMES, lang=lang)
            assert "{" not in there and "}" not in there, there
            assert there.strip(), h
            if not ONLY_NAMES.match(english):
                assert there != english, f"untranslated in {lang}: {english!r}"
            lines += 1
            seen.add(h["text"].get("msg") if isinstance(h["text"], dict) else h["text"])
        kinds = len(seen)
    assert lines > 300 and kinds > 15  # the games really exercised the log


def test_seats_render_as_player_names_and_the_history_has_no_colour_words():
    g = _random_game(3, 5)
    text = json.dumps(g.history)
    for colour in ("Red", "Blue", "Yellow", "Green", "Purple"):
        assert colour not in text
    scored = [i18n.render(h["text"], NAMES[:3], lang="ro") for h in g.history
              if h["seat"] is None and "seats" in json.dumps(h["text"])]
    assert scored and all(any(n in line for n in NAMES[:3]) for line in scored)


def test_a_refusal_is_said_in_the_current_language():
    s = board(2, [("T07", 0, 0, 0)])
    deal(s, RED, "T12", land=["T60"])
    legal = RULES.legal_moves(s)
    try:
        i18n.set_language("pt_BR")
        pt = RULES.why_illegal(s, place(0, 0, 0), legal)
        i18n.set_language("ro")
        ro = RULES.why_illegal(s, place(5, 5, 0), legal)
    finally:
        i18n.set_language("en")
    assert pt == "posição errada: o lugar no vulcão já tem uma peça", pt
    assert ro.startswith("poziție greșită") and "de vulcan" in ro, ro
    assert RULES.why_illegal(s, SKIP, legal) == "place the drawn tile first"


def test_a_log_line_names_the_tile_and_the_place_in_each_language():
    s = board(2, [("T07", 0, 0, 0)])
    deal(s, RED, "T12", land=["T60"])
    m = place(1, 0, 1)
    line = RULES.describe(s, m)
    assert i18n.render(line, lang="en") == "places a forest and meadow tile east of the volcano"
    assert i18n.render(line, lang="pt_BR") == "coloca uma peça de floresta e prado a leste do vulcão"
    assert i18n.render(line, lang="ro") == "așază o piesă cu pădure și pajiște la est de vulcan"
    play(s, m)
    put = RULES.describe(s, meeple(1, "hunter"))
    assert i18n.render(put, lang="pt_BR") == "coloca um caçador no prado dessa peça"
