"""Languages in the browser: the home screen, a game and the rules reference
in English, Portuguese (Brazil) and Romanian; the pick is remembered, ?lang=
selects one, <html lang> follows, the engine's log lines change language at
once, and nothing overflows a 390 px phone in the longer languages."""
import importlib.util
import os
from html.parser import HTMLParser

import pytest

from conftest import ROOT, _finish, _new_app

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
HOME = {"en": "New game", "pt-BR": "Novo jogo", "ro": "Joc nou"}
SAVED = {"en": "Saved games", "pt-BR": "Jogos salvos", "ro": "Jocuri salvate"}
IMPORT = {"en": "Import a save file", "pt-BR": "Importar um arquivo", "ro": "Importă un fișier"}
UNDO = {"en": "Undo", "pt-BR": "Desfazer", "ro": "Anulează"}
TURN = {"en": "turn", "pt-BR": "turno", "ro": "tura"}
CLOSE = {"en": "Close", "pt-BR": "Fechar", "ro": "Închide"}
PLAYERS = {"en": "players", "pt-BR": "jogadores", "ro": "jucători"}

OVERFLOW = """() => {
  const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width && r.right > w + 1 && getComputedStyle(e).position !== 'fixed';
  }).slice(0, 5).map((e) => `${e.tagName}#${e.id}.${e.className}: ${Math.round(e.getBoundingClientRect().right)}`)
    .concat(document.documentElement.scrollWidth > w ? [`page ${document.documentElement.scrollWidth} > ${w}`] : []);
}"""


@pytest.fixture
def phone390(request, chromium, site_url):
    a = _new_app(request, chromium, site_url, **PHONE)
    yield a
    _finish(request, a)


def html_lang(app):
    return app.page.evaluate("document.documentElement.lang")


def pick(app, tag, select="#lang-select"):
    app.page.select_option(select, tag)
    app.page.wait_for_function(f"document.documentElement.lang === '{tag}'")


def assert_home_in(app, tag):
    assert html_lang(app) == tag
    assert app.page.inner_text("#games-section h2").strip() == HOME[tag]
    assert app.page.inner_text("#saved-section h2").strip() == SAVED[tag]
    assert app.page.inner_text("#import-btn").startswith(IMPORT[tag])
    app.page.wait_for_function(f"document.querySelector('#game-list').innerText.includes({PLAYERS[tag]!r})")
    assert app.page.eval_on_selector("#lang-select", "s => s.value") == tag


# -- the page's static text and the catalogue agree ---------------------------------------------
class _Marked(HTMLParser):
    """Every text index.html marks for translation: data-i18n elements' text and
    data-i18n-<attribute> values (or the attribute itself)."""

    def __init__(self):
        super().__init__()
        self.found, self._open = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k, v in a.items():
            if k.startswith("data-i18n-"):
                self.found.append(v or a.get(k[len("data-i18n-"):], ""))
        if "data-i18n" in a:
            self._open.append([tag, a["data-i18n"] or "", ""])

    def handle_data(self, data):
        for o in self._open:
            o[2] += data

    def handle_endtag(self, tag):
        if self._open and self._open[-1][0] == tag:
            _, given, text = self._open.pop()
            self.found.append(given or text.strip())


def test_every_marked_text_of_the_page_is_a_catalogue_message():
    spec = importlib.util.spec_from_file_location("cairn_i18n_e2e", os.path.join(ROOT, "build", "i18n.py"))
    b = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(b)
    parser = _Marked()
    with open(os.path.join(ROOT, "web", "index.html"), encoding="utf-8") as f:
        parser.feed(f.read())
    assert len(parser.found) >= 15, parser.found   # the parser sees the page's marks
    known = {mid for _, mid in b.page_messages()}   # (context, id): index.html's words have none
    missing = [t for t in parser.found if t not in known]
    assert not missing, f"index.html marks text that js/lang.js STATIC_TEXT does not list: {missing}"


# -- the home screen --------------------------------------------------------------------------
def test_switch_language_on_home_is_remembered(app):
    app.open()
    assert_home_in(app, "en")
    pick(app, "pt-BR")
    assert_home_in(app, "pt-BR")
    assert app.page.title().startswith("Cairn - jogos")
    pick(app, "ro")
    assert_home_in(app, "ro")
    app.page.reload()
    app.wait_ready()
    assert_home_in(app, "ro")
    assert app.page.evaluate("localStorage.getItem('cairn.lang')") == "ro"
    # the new-game form: level names, the speed, default player names
    app.page.click("#game-list [data-game='caledonia']")
    form = app.page.inner_text("#newgame")
    assert "Joc nou: Clans of Caledonia" in form and "Viteza roboților" in form and "Începe jocul" in form
    assert app.page.get_attribute("#ng-seats .seat-name", "placeholder") == "Jucătorul 1"
    kinds = app.page.eval_on_selector_all("#ng-seats .seat-kind option", "os => os.map(o => o.textContent)")
    assert "Robot: Mediu" in kinds and any(k.startswith("Adversar solo") for k in kinds)
    assert "Clanuri" in app.page.inner_text("#newgame fieldset:not(#ng-where)")   # the engine's options, translated
    pick(app, "en")
    assert_home_in(app, "en")
    assert "New game: Clans of Caledonia" in app.page.inner_text("#newgame")   # the open form follows
    app.page.reload()
    app.wait_ready()
    assert_home_in(app, "en")
    assert not app.errors, app.errors


def test_lang_in_the_url_selects_the_language(app):
    app.open("?lang=ro")
    assert_home_in(app, "ro")
    app.open("?lang=pt")
    assert_home_in(app, "pt-BR")
    app.open("?lang=en")
    assert_home_in(app, "en")
    # the URL picks for this visit only; nothing is remembered
    assert app.page.evaluate("localStorage.getItem('cairn.lang')") is None
    assert not app.errors, app.errors


# -- a game and the rules reference ----------------------------------------------------------
def log_text(app):
    return app.page.eval_on_selector_all("#log li", "ls => ls.map(l => l.textContent).join('\\n')")


def test_a_game_and_its_help_in_each_language_on_a_phone(phone390):
    app = phone390
    app.open("?fast=1&lang=pt-BR")
    assert_home_in(app, "pt-BR")
    app.page.click("#game-list [data-game='hunters']")
    assert not app.page.evaluate(OVERFLOW), app.page.evaluate(OVERFLOW)
    app.new_game("hunters", seats=("human", "bot:easy"))
    try:
        app.page.click("#coach .skip", timeout=2000)
    except Exception:
        pass
    for _ in range(2):
        app.make_move()
    # the bot played too, and its whole turn is over (a Hunters turn is several steps)
    app.page.wait_for_function("window.cairn.snapshot().history.some(h => h.seat === 1)"
                               " && window.cairn.snapshot().view.current_player === 0 && !window.cairn.busy")
    logs = {}
    for tag in ("pt-BR", "ro", "en"):
        if tag != "pt-BR":
            app.page.click("#help-btn")
            app.page.wait_for_selector("#help[open]")
            pick(app, tag, "#help-lang-select")   # the picker in the help dialog
            app.page.click("#help-close")
        ply = app.ply()
        app.page.wait_for_function(f"document.querySelector('#undo').textContent === {UNDO[tag]!r}")
        # the turn's words are the engine's: they come with its next answer, once its catalogue
        # for the language is in (the page's own words may be there a moment sooner)
        app.page.wait_for_function(f"document.querySelector('#turn').innerText.includes({TURN[tag]!r})")
        # the engine's log lines come again in the new language
        app.page.wait_for_function(f"window.cairn.snapshot().view.ply === {ply} && !window.cairn.busy")
        app.page.wait_for_timeout(300)
        logs[tag] = log_text(app)
        assert logs[tag]
        assert not app.page.evaluate(OVERFLOW), (tag, app.page.evaluate(OVERFLOW))
        # the rules reference: the help shell's own words, and the game's text
        app.page.click("#help-btn")
        app.page.wait_for_selector("#help[open]")
        assert app.page.inner_text("#help-close").strip() == CLOSE[tag]
        assert app.page.eval_on_selector("#help-lang-select", "s => s.value") == tag
        logs[tag + " help"] = app.page.inner_text("#help-body")
        app.page.click("#help-close")
    assert "places" in logs["en"] and "places" not in logs["pt-BR"] and "places" not in logs["ro"], logs
    assert len({logs["en"], logs["pt-BR"], logs["ro"]}) == 3
    assert len({logs["en help"], logs["pt-BR help"], logs["ro help"]}) == 3, "the rules reference did not change language"
    assert not app.errors, app.errors


@pytest.mark.parametrize("tag", ["pt-BR", "ro"])
def test_the_shell_fits_a_390_phone(phone390, tag):
    app = phone390
    app.open(f"?fast=1&lang={tag}")
    for game in ("glenmore", "caledonia"):
        app.page.click(f"#game-list [data-game='{game}']")
        assert not app.page.evaluate(OVERFLOW), (game, app.page.evaluate(OVERFLOW))
        # the seat's name field keeps room for its default name
        w = app.page.eval_on_selector("#ng-seats .seat-name", "e => e.getBoundingClientRect().width")
        assert w >= 100, w
    app.new_game("glenmore", seats=("human", "bot:easy"))
    try:
        app.page.click("#coach .skip", timeout=2000)
    except Exception:
        pass
    app.make_move()
    assert not app.page.evaluate(OVERFLOW), app.page.evaluate(OVERFLOW)
    for sel in ("#undo", "#sheet-btn", "#home-btn", "#export"):   # buttons show their whole label
        clipped = app.page.eval_on_selector(sel, "b => b.scrollWidth > b.clientWidth + 1")
        assert not clipped, sel
    app.page.click("#sheet-btn")
    assert not app.page.evaluate(OVERFLOW), app.page.evaluate(OVERFLOW)
    name = app.page.eval_on_selector("#turn strong", "e => e.scrollWidth <= e.clientWidth + 1")
    assert name, "the player's name is cut in the turn line"
    assert not app.errors, app.errors
