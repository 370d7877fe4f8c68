"""Translations by context (gettext's msgctxt): one English word shared by two
games gets each game's translation, in the engine and on the page; where a
string is written gives its context; the checker asks for each context's
entry and lists entries nothing uses; ``build/i18n.py contexts`` adds them."""
import importlib.util
import json
import os
import sys

import pytest

from cairn.core import i18n
from node_helpers import run_node

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _build_i18n():
    sys.path.insert(0, os.path.join(ROOT, "build"))   # i18n_contexts.py sits beside it
    spec = importlib.util.spec_from_file_location("cairn_i18n_ctx_test", os.path.join(ROOT, "build", "i18n.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


B = _build_i18n()

# Caledonia's Portuguese rulebook: Cereal, Uísque (p. 5), the solo ratings (p. 9);
# Glen More's: grãos, whisky (its barrels are "barris de whisky").
WORDS = [("caledonia", "grain", "cereal"), ("glenmore", "grain", "grãos"),
         ("caledonia", "whisky", "uísque"), ("glenmore", "whisky", "whisky")]


def _speak(module: str, code: str) -> dict:
    """Run ``code`` as if it were written in ``module`` (the context comes from the caller's module)."""
    scope = {"__name__": module}
    exec(compile(code, module, "exec"), scope)
    return scope


# -- the engine ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game,word,expected", WORDS)
def test_the_engine_says_each_games_word_in_its_context(game, word, expected):
    s = _speak(f"cairn.{game}.rules", f"from cairn.core.i18n import name, msg, _, set_language\n"
                                      f"n = name({word!r})\nm = msg('{{n}} {{what}}', n=2, what=n)\n"
                                      f"set_language('pt_BR')\nnow = _({word!r})\nset_language('en')\n")
    assert s["n"] == {"msg": word, "ctx": game}   # a message keeps its context (rendered anywhere, later)
    assert i18n.render(s["n"], lang="pt_BR") == expected
    assert i18n.render(s["m"], lang="pt_BR") == f"2 {expected}"
    assert s["now"] == expected
    assert i18n.render(s["n"], lang="en") == word


def test_the_rulebooks_solo_ratings_and_plural_forms_in_caledonias_context():
    s = _speak("cairn.caledonia.scoring", "from cairn.core.i18n import name, nmsg\n"
                                          "r = name('Newbie')\ng = nmsg('{n} grain', '{n} grain', 3)\n")
    assert i18n.render(s["r"], lang="pt_BR") == "Principiante"
    assert i18n.render(s["g"], lang="pt_BR") == "3 cereais"
    s = _speak("cairn.glenmore.text", "from cairn.core.i18n import nmsg\ng = nmsg('{n} grain', '{n} grain', 3)\n")
    assert i18n.render(s["g"], lang="pt_BR") == "3 grãos"


def test_which_module_speaks_in_which_context():
    assert i18n.module_context("cairn.caledonia.view") == "caledonia"
    assert i18n.module_context("cairn.bots.glenmore") == "glenmore"
    assert i18n.module_context("cairn.core.words") is None
    assert i18n.module_context("cairn.facade") is None
    assert B.engine_context("hunters/text.py") == "hunters" and B.engine_context("bots/caledonia.py") == "caledonia"
    assert B.engine_context("core/words.py") is None and B.engine_context("facade.py") is None
    assert B.page_context("renderers/caledonia/paint.js") == "caledonia"
    assert B.page_context("renderers/glenmore.js") == "glenmore" and B.page_context("help/hunters.js") == "hunters"
    assert B.page_context("renderers/list.js") is None and B.page_context("app.js") is None
    assert set(B.GAMES) == set(i18n.GAMES)


def test_a_core_word_without_context_and_a_message_without_one_still_translate():
    assert i18n.render(i18n.seat_ref(1), lang="pt_BR") == "Jogador 2"           # core.po, no context
    assert i18n.render({"msg": "grain"}, lang="pt_BR") in ("cereal", "grãos")   # no context: the build's fallback
    assert i18n.render({"msg": "Player {n}", "ctx": "caledonia", "args": {"n": 3}}, lang="ro") == "Jucătorul 3"


def test_the_catalogues_have_a_context_per_game_for_a_shared_word():
    have = B.read_catalogues(os.path.join(B.ENGINE, "locale"), "pt_BR")
    assert have[("caledonia", "grain")][0] == "cereal" and have[("glenmore", "grain")][0] == "grãos"
    page = B.read_catalogues(os.path.join(B.WEB, "locale"), "pt_BR")
    assert page[("caledonia", "whisky")][0] == "uísque"
    keys = B.engine_messages()
    assert ("caledonia", "grain") in keys and ("glenmore", "grain") in keys


# -- the page -----------------------------------------------------------------------------------
PAGE = """
import fs from "fs";
globalThis.document = { documentElement: {} };
globalThis.fetch = async (u) => ({ ok: true, json: async () => JSON.parse(fs.readFileSync(process.argv[2] + "/locale/" + u.split("/").pop(), "utf8")) });
const i = await import(process.argv[3] + "/i18n.js");
const cal = await import(process.argv[3] + "/i18n/caledonia.js");
const gm = await import(process.argv[3] + "/i18n/glenmore.js");
await i.setLanguage("pt-BR");
console.log(JSON.stringify({
  cal: cal.t("grain"), gm: gm.t("grain"), pt: i.pt("caledonia", "whisky"), gmw: i.pt("glenmore", "whisky"),
  plain: i.t("Undo"), inCtx: cal.t("Undo"), missing: cal.t("No such words"),
  calN: cal.tn("{n} sheep", "{n} sheep", 2),
}));
"""


def test_the_page_says_each_games_word_in_its_context(tmp_path):
    B.compile_page(str(tmp_path))
    with open(tmp_path / "locale" / "pt-BR.json", encoding="utf-8") as f:
        messages = json.load(f)["messages"]
    assert messages["caledonia\u0004grain"] == "cereal" and messages["glenmore\u0004grain"] == "grãos"
    out = run_node(tmp_path, PAGE, str(tmp_path), os.path.join(ROOT, "web", "js"))[0]
    assert out["cal"] == "cereal" and out["gm"] == "grãos"
    assert out["pt"] == "uísque" and out["gmw"] == "whisky"
    assert out["plain"] == "Desfazer" and out["inCtx"] == "Desfazer"   # a context falls back to the context-free entry
    assert out["missing"] == "No such words"
    assert out["calN"] == "2 ovelhas"


def test_every_game_file_of_the_page_translates_in_its_context():
    assert B.context_free_imports() == []


# -- the checker ---------------------------------------------------------------------------------
def _catalogue(tmp_path, lang, name, body):
    (tmp_path / lang).mkdir(exist_ok=True)
    (tmp_path / lang / name).write_text(f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n\n{body}', encoding="utf-8")


def test_the_checker_fails_on_a_missing_context_translation(tmp_path):
    for lang in ("pt_BR", "ro"):
        _catalogue(tmp_path, lang, "glenmore.po", 'msgctxt "glenmore"\nmsgid "grain"\nmsgstr "x"\n')
        _catalogue(tmp_path, lang, "caledonia.po", 'msgid "grain"\nmsgstr "y"\n\nmsgid "Old words"\nmsgstr "z"\n')
    required = {("glenmore", "grain"): "glenmore/x.py:1", ("caledonia", "grain"): "caledonia/x.py:2"}
    bad = B.problems(required, str(tmp_path))
    assert len(bad) == 2 and all("missing 'grain' [caledonia]" in b and "msgctxt" in b for b in bad), bad
    assert not any("[glenmore]" in b for b in bad)
    unused = B.unused(required, str(tmp_path))
    assert any("unused 'grain' (caledonia.po)" in u for u in unused) and any("'Old words'" in u for u in unused)
    # the fix: `python build/i18n.py contexts` gives caledonia.po's entry its context
    from i18n_contexts import add_contexts
    assert add_contexts(str(tmp_path), required, ["pt_BR", "ro"], B.GAMES)
    assert B.problems(required, str(tmp_path)) == []
    assert add_contexts(str(tmp_path), required, ["pt_BR", "ro"], B.GAMES) == []   # once is enough
    text = (tmp_path / "pt_BR" / "caledonia.po").read_text(encoding="utf-8")
    assert 'msgctxt "caledonia"\nmsgid "grain"\nmsgstr "y"' in text and 'msgid "Old words"' in text


def test_a_context_missing_from_its_game_file_is_copied_in_from_another(tmp_path):
    for lang in ("pt_BR", "ro"):
        _catalogue(tmp_path, lang, "app.po", 'msgid "Close"\nmsgstr "Fechar"\n')
        _catalogue(tmp_path, lang, "hunters.po", "")
    required = {(None, "Close"): "app.js:1", ("hunters", "Close"): "renderers/hunters.js:9"}
    from i18n_contexts import add_contexts
    add_contexts(str(tmp_path), required, ["pt_BR", "ro"], B.GAMES)
    assert B.problems(required, str(tmp_path)) == []
    assert B.read_catalogues(str(tmp_path), "pt_BR")[("hunters", "Close")][0] == "Fechar"


def test_an_explicit_context_is_extracted_from_the_page_and_the_engine(tmp_path):
    (tmp_path / "renderers").mkdir()
    (tmp_path / "renderers" / "glenmore.js").write_text(
        'import { t, tn } from "../i18n/glenmore.js";\nt("grain"); pt("caledonia", "whisky"); ptn("hunters", "{n} hut", "{n} huts", 2);\n')
    (tmp_path / "app.js").write_text('t("Undo");\n')
    found = B._extract(str(tmp_path), "javascript", "**.js", B.PAGE_KEYWORDS, B.page_context)
    assert set(found) == {("glenmore", "grain"), ("caledonia", "whisky"), ("hunters", ("{n} hut", "{n} huts")), (None, "Undo")}
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "x.py").write_text('pgettext("caledonia", "grain")\n_("the game is over")\n')
    found = B._extract(str(tmp_path), "python", "**.py", B.ENGINE_KEYWORDS, B.engine_context)
    assert set(found) == {("caledonia", "grain"), (None, "the game is over")}


def test_calls_nested_in_other_calls_are_extracted_too(tmp_path):
    (tmp_path / "caledonia").mkdir()
    (tmp_path / "caledonia" / "w.py").write_text('def f(k):\n    return name(TABLE.get(k, N_("a unit")))\n')
    assert ("caledonia", "a unit") in B._nested_python(str(tmp_path), B.ENGINE_KEYWORDS, B.engine_context)
    (tmp_path / "help").mkdir()
    (tmp_path / "help" / "hunters.js").write_text(
        '// t("not this: a comment")\nconst x = `<ol>${li(t("Nested \\u00b7 one"), `${t("deeper")}`)}</ol>`;\n'
        'tn("{n} hut", "{n} huts", n); pt("glenmore", \'it\\\'s\');\n')
    found = B._nested_js(str(tmp_path), B.page_context)
    assert set(found) == {("hunters", "Nested \u00b7 one"), ("hunters", "deeper"), ("hunters", ("{n} hut", "{n} huts")),
                          ("glenmore", "it's")}, found


def test_a_context_may_be_any_name_not_only_a_game(tmp_path):
    for lang in ("pt_BR", "ro"):
        _catalogue(tmp_path, lang, "replay.po", 'msgctxt "replay"\nmsgid "Play"\nmsgstr "Reproduzir"\n')
    assert B.problems({("replay", "Play"): "replay.js:1"}, str(tmp_path)) == []
    assert B.problems({("replay", "Pause"): "replay.js:2"}, str(tmp_path))
