"""The glossaries (issue 58): one word for each thing, per game and for the app, in English,
Portuguese (Brazil) and Romanian (build/glossary/<lang>/<part>.toml, the rulebook's word where
the seeds hold that language's rulebook); every catalogue keeps to them, and a second word
planted for a glossary term is caught."""
from __future__ import annotations

import importlib.util
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build"))
import i18n_glossary as G  # noqa: E402

_spec = importlib.util.spec_from_file_location("cairn_i18n_glossary", os.path.join(ROOT, "build", "i18n.py"))
B = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(B)
TOPS = (os.path.join(B.ENGINE, "locale"), os.path.join(B.WEB, "locale"))
PARTS = ("app", "caledonia", "glenmore", "hunters")


def _entries(lang):
    cats = [B.read_catalogues(top, lang) for top in TOPS]
    return {part: G.entries(cats, part) for part in PARTS}


def test_every_language_has_a_glossary_for_the_app_and_each_game():
    glossaries = G.load(B.GLOSSARY)
    for lang in ("en", "pt_BR", "ro"):
        assert set(glossaries[lang]) == set(PARTS), lang
        for part, concepts in glossaries[lang].items():
            assert concepts, (lang, part)
            for name, spec in concepts.items():
                assert spec.get("source") and (spec.get("use") or lang == "en") and spec.get("en"), (lang, part, name)
    # where the seeds hold the language's rulebook, its words (not chosen ones)
    for lang, part in (("pt_BR", "glenmore"), ("pt_BR", "caledonia"), ("pt_BR", "hunters"), ("ro", "glenmore")):
        assert all(s["source"].startswith("rulebook") for s in glossaries[lang][part].values()
                   if s["source"] != "chosen" and not s["source"].startswith("chosen")), (lang, part)
        assert sum(s["source"].startswith("rulebook") for s in glossaries[lang][part].values()) >= 5, (lang, part)


def test_every_catalogue_keeps_to_its_glossary():
    bad = G.check(B.GLOSSARY, B.read_catalogues, TOPS, B.LANGS)
    assert not bad, f"{len(bad)} words off the glossary:\n" + "\n".join(bad[:40])


@pytest.mark.parametrize("lang, part, concept, word", [
    ("ro", "caledonia", "grain", "grâu"),        # Caledonia's market said grâu where its clans said grână
    ("ro", "caledonia", "goods", "bunuri"),      # "Bunuri de bază" in the score table, mărfuri in play
    ("ro", "glenmore", "tile", "piesă"),         # the rulebook's țiglă
    ("pt_BR", "glenmore", "tile", "peça"),       # the rulebook's placa (Hunters' word)
    ("pt_BR", "app", "bot", "bot"),              # robô on the form, bot on today's game
])
def test_a_second_word_for_a_glossary_term_is_caught(lang, part, concept, word):
    glossary = G.load(B.GLOSSARY)[lang]
    entries = _entries(lang)
    assert G.problems({part: glossary[part]}, lang, entries) == []
    found = G.planted(glossary, lang, part, concept, entries, word)
    assert found and any(f"{lang} {part} {concept}: " in p and word in p.lower() for p in found), found


def test_a_translation_that_leaves_out_the_word_is_caught():
    glossary = G.load(B.GLOSSARY)["pt_BR"]
    rows = [("buys {goods} with the grain", "compra {goods} com o trigo", "x.po"),
            ("the grain market", "o mercado", "x.po")]
    found = G.problems({"caledonia": {"grain": glossary["caledonia"]["grain"]}}, "pt_BR", {"caledonia": rows})
    assert any("'trigo'" in p for p in found) and any("does not say" in p for p in found), found
    # English: the source's own words
    en = G.load(B.GLOSSARY)["en"]
    assert G.problems({"glenmore": en["glenmore"]}, "en", {"glenmore": [("Your display is below the chain", "", "x.po")]})
