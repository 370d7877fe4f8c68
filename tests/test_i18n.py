"""Translations: every message the engine or the page can show has a
translation in every language, with the same placeholders; messages render
late, in the reader's language."""
import importlib.util
import os

import pytest

from cairn.core import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _build_i18n():
    spec = importlib.util.spec_from_file_location("cairn_i18n_test", os.path.join(ROOT, "build", "i18n.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


B = _build_i18n()


def test_every_engine_message_is_translated():
    bad = B.problems(B.engine_messages(), os.path.join(B.ENGINE, "locale"))
    assert not bad, f"{len(bad)} problems, first: " + "\n".join(bad[:40])


def test_every_page_message_is_translated():
    bad = B.problems(B.page_messages(), os.path.join(B.WEB, "locale"))
    assert not bad, f"{len(bad)} problems, first: " + "\n".join(bad[:40])


def test_the_checker_catches_a_missing_string_and_a_changed_placeholder(tmp_path):
    for lang, text in (("pt_BR", "Jogador {m}"), ("ro", "")):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "x.po").write_text(
            f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n\nmsgid "Player {{n}}"\nmsgstr "{text}"\n', encoding="utf-8")
    bad = B.problems({(None, "Player {n}"): "core", (None, "Never written"): "core"}, str(tmp_path))
    assert any("pt_BR: placeholders differ" in b for b in bad)
    assert any("ro: missing 'Player {n}'" in b for b in bad)
    assert sum("missing 'Never written'" in b for b in bad) == 2


@pytest.mark.parametrize("lang,expected", [("en", "a, b and Ana"), ("pt-BR", "a, b e Ana"), ("ro", "a, b și Ana")])
def test_a_message_renders_in_the_readers_language(lang, expected):
    m = i18n.msg("{items} and {last}", items="a, b", last=i18n.seat_ref(0))
    assert i18n.render(m, names=["Ana"], lang=lang) == expected


def test_language_codes_normalise_and_seats_render_by_default_name():
    assert i18n.normalize("pt") == "pt_BR" and i18n.normalize("xx") == "en" and i18n.normalize(None) == "en"
    assert i18n.render(i18n.seat_ref(4), lang="ro") == "Jucătorul 5"
