"""What a new player stumbled on, playing on a phone (issue 48), each checked
as found: the tutorial's end card and a refused move whole; Hunters' view
buttons off a just-placed tile's spots; Caledonia's choice bar with every
choice in reach; no keyboard ring after a tap; a hint, the game's name,
default names and the Hint button's words following a language switch;
Caledonia's map north up; Glen More's tiles by their whole names; the
volcano on Hunters' start tile; a tap while the engine loads answered at
once; no benchmark level in the seat menu; Caledonia's turns counted;
replay's Autoplay and Forward told apart; Tap on a phone, Click on a laptop.
(What the bot did is read from the screen in e2e/test_since_your_move.py; the
whole audit runs in e2e/test_layout_phone.py and test_layout_laptop.py.)"""
from __future__ import annotations

import json

import pytest

from conftest import _finish, _new_app
from layout_audit import LAYOUT_AUDIT_INIT, LayoutAudit

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
SMALL = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2)
LAPTOP = dict(viewport={"width": 1366, "height": 768})

# Follow the open tutorial by its light (the script's move, played as a tap would) up to
# the learner's step ``upto`` (its number, from 1) or to the end (null).
FOLLOW = """async (upto) => {
  const idle = () => new Promise((r) => { const w = () => { const s = window.cairn.snapshot(); const c = document.getElementById('tutor');
    if (s && !window.cairn.busy && !c.hidden && (c.querySelector('.tut-real') || window.cairn.spotlight.move)) r(); else setTimeout(w, 10); }; w(); });
  for (let step = 1; step < 80; step++) {
    await idle();
    if (document.querySelector('#tutor .tut-real')) return 'end';
    if (upto && step >= upto) return step;
    await window.cairn.play(window.cairn.spotlight.move);
  }
  return 'long';
}"""


def open_app(request, chromium, site_url, size, query="?fast=1&nosw", init=None):
    app = _new_app(request, chromium, site_url, **size)
    if init:
        app.context.add_init_script(init)
    app.open(query)
    app.page.evaluate("for (const g of ['glenmore', 'hunters', 'caledonia']) localStorage.setItem('cairn:coached:' + g, '1')")
    return app


def learn(page, game, upto=None):
    page.click(f"#learn-section button[data-game='{game}']")
    page.wait_for_function("window.cairn.snapshot() && !document.getElementById('tutor').hidden")
    return page.evaluate(FOLLOW, upto)


def whole(page, sel):
    """The element's whole box on the screen, under nothing, its words not cut."""
    return page.evaluate("""(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();
      const W = innerWidth, H = innerHeight; const pts = [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4], [r.left + r.width / 2, r.top + r.height / 2]];
      return { inside: r.top >= 0 && r.left >= 0 && r.bottom <= H && r.right <= W, hit: pts.every(([x, y]) => e.contains(document.elementFromPoint(x, y))),
        fits: e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1 }; }""", sel)


def test_the_tutorial_end_card_and_a_refusal_are_whole_in_romanian(request, chromium, site_url):
    app = open_app(request, chromium, site_url, PHONE, "?fast=1&nosw&lang=ro")
    page = app.page
    try:
        # a move refused (Hunters): the card keeps its words whole
        assert learn(page, "hunters", upto=2) == 2
        page.evaluate("""() => { const s = window.cairn.snapshot(); const want = JSON.stringify(window.cairn.spotlight.move);
          window.cairn.renderer.ui.play(s.legal.find((m) => JSON.stringify(m) !== want)); }""")
        page.wait_for_selector("#tutor .tut-no:not([hidden])")
        assert whole(page, "#tutor") == {"inside": True, "hit": True, "fits": True}
        assert whole(page, "#tutor .tut-no")["fits"]
        page.click("#tutor .tut-leave")
        # the end: its buttons in sight, nothing to scroll
        for game in ("glenmore", "caledonia"):
            if page.is_visible("#home-btn"):
                page.click("#home-btn")
            assert learn(page, game) == "end"
            card = whole(page, "#tutor")
            assert card == {"inside": True, "hit": True, "fits": True}, (game, card)
            for b in ("#tutor .tut-real", "#tutor .tut-again"):
                assert whole(page, b) == {"inside": True, "hit": True, "fits": True}, (game, b)
    finally:
        _finish(request, app)


def test_hunters_spots_of_a_placed_tile_are_clear_of_the_view_buttons(request, chromium, site_url):
    app = open_app(request, chromium, site_url, PHONE)
    page = app.page
    try:
        # the tutorial's member on the tile just placed (step 12, as reported), and every step after
        for upto in (12, 13, 14, 15, 16):
            learn_step = page.evaluate(FOLLOW, upto) if upto > 12 else learn(page, "hunters", upto=12)
            page.wait_for_timeout(150)
            bad = page.evaluate("""() => { const R = window.cairn.renderer; const out = [];
              const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
              for (const t of R.targets()) {
                const box = {x: t.x - t.w / 2, y: t.y - t.h / 2, w: t.w, h: t.h};
                for (const b of R.buttons || []) if (meets(box, b)) out.push([t.label, b.act]);
              }
              return out; }""")
            assert bad == [], (learn_step, bad)
    finally:
        _finish(request, app)


def audit_here(page, size, touch=True, lang="en"):
    a = LayoutAudit(page, touch=touch, sizes={"here": size}, langs=(lang,))
    a.size = "here"
    a.settle()
    return a.run("here")


def test_caledonias_choice_bar_has_every_choice_in_reach(request, chromium, site_url):
    app = open_app(request, chromium, site_url, PHONE, "?fast=1&nosw&lang=ro", init=LAYOUT_AUDIT_INIT)
    page = app.page
    try:
        assert learn(page, "caledonia", upto=9) == 9   # a main turn: Trade, a contract, Expand, Upgrade, Pass
        assert page.evaluate("document.querySelectorAll('#choices .pick button').length") >= 3
        near = lambda p: any(k in p for k in (" cover: ", " reach: ", " cue: ", " choice: ", "#choices"))   # noqa: E731
        assert [p for p in audit_here(page, (390, 844), lang="ro") if near(p)] == []
        # every choice read whole (issue 57): not a row to swipe but a list over the board, from
        # the bar's button; a group opens as a list, each of its choices whole in it
        page.tap("#choices button.more")
        page.wait_for_selector("#choices.open")
        rows = page.evaluate("""() => [...document.querySelectorAll('#choices .pick button')].map((b) => { const r = b.getBoundingClientRect();
          return [b.textContent, Math.round(r.left), b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1]; })""")
        assert len(rows) >= 3 and all(whole for _, _, whole in rows) and len({x for _, x, _ in rows}) == 1, rows   # one under the other
        assert [p for p in audit_here(page, (390, 844), lang="ro") if near(p)] == []
        page.tap("#choices .pick button.group")
        page.wait_for_selector("#choices.open .pick button.back")
        assert page.evaluate("document.querySelectorAll('#choices .pick button.choice').length") >= 2
        assert [p for p in audit_here(page, (390, 844), lang="ro") if near(p)] == []
    finally:
        _finish(request, app)


def test_no_keyboard_ring_after_a_tap(request, chromium, site_url):
    app = open_app(request, chromium, site_url, PHONE)
    page = app.page
    try:
        assert learn(page, "hunters", upto=1) == 1
        for _ in range(4):   # a place tapped, then the button that plays it (it goes: the board takes the focus)
            light = page.evaluate("""() => { const b = document.querySelector('#choices button.spot'); if (b) { const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }
              const r = document.getElementById('spot-ring'); if (r.hidden) return null; const q = r.getBoundingClientRect(); return [q.left + q.width / 2, q.top + q.height / 2]; }""")
            if not light:
                break
            page.touchscreen.tap(*light)
            page.wait_for_timeout(300)
            page.wait_for_function("!window.cairn.busy")
            assert page.is_hidden("#kb-ring")
            assert page.evaluate("document.querySelector(':focus-visible') === null || document.activeElement === document.body")
    finally:
        _finish(request, app)


def test_a_language_switch_leaves_nothing_in_the_old_one(request, chromium, site_url):
    app = open_app(request, chromium, site_url, PHONE, "?fast=1&nosw&lang=pt-BR")
    page = app.page
    try:
        page.click("#game-list [data-game='caledonia']")
        page.select_option("#ng-count", "2")
        page.click("#ng-start")   # default names, against the default bot
        page.wait_for_function("window.cairn.snapshot() && !window.cairn.busy")
        page.click("#hint-btn")
        page.wait_for_function("!document.getElementById('hint-card').hidden && !document.getElementById('hint-btn').hasAttribute('aria-busy')")
        assert page.inner_text("#hint-card .hint-text").startswith("Dica: ")
        # Romanian picked in the help (as a player switches in a game), the help closed
        page.click("#help-btn")
        page.wait_for_selector("#help[open]")
        page.select_option("#help-lang-select", "ro")
        page.wait_for_function("document.documentElement.lang === 'ro' && !window.cairn.busy")
        page.wait_for_timeout(300)
        assert "Clans of Caledonia" in page.inner_text("#help-title")   # (Romanian keeps the box's name)
        page.click("#help-close")
        page.wait_for_function("document.querySelector('#hint-card .hint-text').textContent.startsWith('Sugestie: ')")
        snap = page.evaluate("window.cairn.snapshot()")
        i = next(k for k, m in enumerate(snap["legal"]) if m == page.evaluate("window.cairn.hints.shown.move"))
        assert page.inner_text("#hint-card .hint-text") == f"Sugestie: {snap['labels'][i]['label']}"
        assert [s["name"] for s in snap["view"]["seats"]] == ["Jucătorul 1", "Robotul 2"]
        assert "Rândul tău" in page.inner_text("#turn")   # (the device holder's seat: spoken to)
        assert page.get_attribute("#hint-btn", "data-info").startswith("Ce ar face")
        assert page.get_attribute("#hint-card .x", "aria-label") == "Închide sugestia"
        page.click("#home-btn")
        page.select_option("#lang-select", "pt-BR")
        page.wait_for_function("document.documentElement.lang === 'pt-BR' && !window.cairn.busy")
        page.wait_for_timeout(300)
        assert "Clãs da Caledônia" in page.inner_text("#game-list") and "Clans of" not in page.inner_text("#game-list")
        assert "Clãs da Caledônia" in page.inner_text("#saved-list") and "Jogador 1" in page.inner_text("#saved-list")
    finally:
        _finish(request, app)


def test_places_are_named_as_drawn(request, chromium, site_url):
    """Caledonia's map north up on a phone (the log says "in the north-west"); Glen More's tiles
    by their whole names on a small phone (the tutorial's Distillery reads Distillery); the
    volcano on Hunters' start tile (the texts name places from it)."""
    app = open_app(request, chromium, site_url, SMALL, init=LAYOUT_AUDIT_INIT)
    page = app.page
    try:
        assert learn(page, "caledonia", upto=3) == 3
        assert page.evaluate("window.cairn.renderer.layoutInfo().turned") is False
        page.click("#tutor .tut-leave")
        assert learn(page, "glenmore", upto=1) == 1
        # each chain tile by its whole name where it fits on the tile (never cut or squeezed:
        # the layout audit's text check), else on a long press on it
        tiles = page.evaluate("""() => { const R = window.cairn.renderer, r = R.canvas.getBoundingClientRect();
          return R.infos.filter((i) => !i.clip && i.tile).map((i) => ({ name: i.tile.name, x: i.x + r.left, y: i.y + r.top, w: i.w, h: i.h })); }""")
        names = [t["name"] for t in tiles]
        assert "Distillery" in names, names   # (the tutorial's words: "Distillery")
        on = lambda t: " ".join(d["text"] for d in page.evaluate("window.cairn.drawn()") if d["kind"] == "label"
                                and t["x"] <= d["box"]["x"] + d["box"]["w"] / 2 <= t["x"] + t["w"] and t["y"] <= d["box"]["y"] <= t["y"] + t["h"])
        shown = [t for t in tiles if all(w in on(t).split() for w in t["name"].replace("(", "").replace(")", "").split()[:1])]
        assert shown, tiles   # (the short names fit)
        hold = """async ([x, y]) => { const c = window.cairn.renderer.canvas;
          const ev = (type) => c.dispatchEvent(new PointerEvent(type, {pointerId: 9, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y, bubbles: true, cancelable: true}));
          ev('pointerdown'); await new Promise((r) => setTimeout(r, 650));
          const words = window.cairn.drawn().filter((d) => d.kind === 'label').map((d) => d.text).join(' '); ev('pointerup'); return words; }"""
        for t in tiles:
            if t in shown:
                continue
            words = page.evaluate(hold, [t["x"] + t["w"] / 2, t["y"] + t["h"] / 2])
            assert t["name"].split(" (")[0] in words, (t["name"], words)   # its tip, its whole name first
        assert page.evaluate("window.cairn.cuts()") == []
        page.click("#tutor .tut-leave")
        learn(page, "hunters", upto=1)
        decor = page.evaluate("""() => { const R = window.cairn.renderer; const start = R.snap.view.board.find(t => t.x === 0 && t.y === 0);
          return R.layout(start.tile).decor.flat().map(d => d.kind); }""")
        assert "volcano" in decor, decor
    finally:
        _finish(request, app)


def test_glen_mores_chain_view_shows_the_players_land_in_the_room_left(request, chromium, site_url):
    """A phone too short for the chain and a display at once shows the chain alone while a tile
    is taken; the room left under it holds the player's own display, small, and a tap on it
    shows that display whole."""
    app = open_app(request, chromium, site_url, dict(SMALL, viewport={"width": 360, "height": 560}))
    page = app.page
    try:
        game = app.pick_game("glenmore")
        app.new_game(game, seats=("human", "bot:easy"), seed=5)
        page.wait_for_function("window.cairn.snapshot() && !window.cairn.busy")
        panel = page.evaluate("""() => { const R = window.cairn.renderer, r = R.canvas.getBoundingClientRect();
          const chain = Math.max(...R.targets().filter(t => t.move.type === 'take').map(t => t.y + t.h / 2));
          const h = R.hits.find(h => /^Show /.test(h.label || '') && h.y > chain);
          return { view: R.narrowView(), chain, hit: h && { x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2, bottom: h.y + h.h, H: r.height } }; }""")
        assert panel["view"] == "board" and panel["hit"], panel
        assert panel["hit"]["bottom"] <= panel["hit"]["H"] + 1, panel   # all of it on the canvas
        page.touchscreen.tap(panel["hit"]["x"], panel["hit"]["y"])
        page.wait_for_function("window.cairn.renderer.narrowView() === 'display'")
    finally:
        _finish(request, app)


# the engine's "ready" held back 3 s: the page is up, the engine still loading
SLOW_READY = """(() => {
  const d = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
  Object.defineProperty(Worker.prototype, 'onmessage', { configurable: true, get() { return d.get.call(this); },
    set(f) { d.set.call(this, (ev) => { if (ev.data && ev.data.kind === 'ready') setTimeout(() => f(ev), 3000); else f(ev); }); } });
})();"""


def test_a_tap_while_the_engine_loads_is_answered_at_once(request, chromium, site_url):
    app = _new_app(request, chromium, site_url, **PHONE)
    app.context.add_init_script(SLOW_READY)
    page = app.page
    try:
        app.open("?fast=1&nosw", wait_ready=False)
        page.wait_for_selector("#learn-section button.learn")
        assert page.evaluate("document.documentElement.dataset.engine") != "ready"
        page.tap("#learn-section button[data-game='hunters']")
        page.wait_for_timeout(300)
        assert page.get_attribute("#learn-section button[data-game='hunters']", "aria-busy") == "true"
        assert page.is_visible("#toasts .toast")
        page.wait_for_function("window.cairn.snapshot() && !document.getElementById('tutor').hidden", timeout=60_000)
        assert page.is_hidden("#toasts .toast")
    finally:
        _finish(request, app)


def test_rough_edges(request, chromium, site_url, tmp_path):
    app = open_app(request, chromium, site_url, LAPTOP)
    page = app.page
    try:
        # the seat menu: the player levels, no benchmark one
        page.click("#game-list [data-game='caledonia']")
        kinds = page.eval_on_selector("#ng-seats .seat-kind", "s => [...s.options].map(o => o.value)")
        assert "bot:hard0" not in kinds and "bot:hard" in kinds, kinds
        # a laptop's tips say click, a phone's tap
        page.evaluate("localStorage.removeItem('cairn:coached:hunters')")
        page.click("#newgame .row button:not(#ng-start)")
        page.click("#game-list [data-game='hunters']")
        page.click("#ng-start")
        page.wait_for_selector("#coach:not([hidden])")
        assert "Click" in page.inner_text("#coach") and "Tap" not in page.inner_text("#coach")
        # Caledonia solo: the turn goes on within round 1
        page.click("#home-btn")
        page.click("#game-list [data-game='caledonia']")
        page.select_option("#ng-count", "1")
        page.click("#ng-start")
        page.wait_for_function("window.cairn.snapshot() && !window.cairn.busy")
        turns = set()
        for _ in range(14):
            snap = page.evaluate("window.cairn.snapshot()")
            if snap["view"]["round"] > 1:
                break
            turns.add(snap["turn"])
            page.evaluate("""() => { const s = window.cairn.snapshot(); const m = s.legal.find(x => x.type !== 'pass') || s.legal[0]; return window.cairn.play(m); }""")
            page.wait_for_function("!window.cairn.busy")
        assert len(turns) >= 4, turns
        # the replay: Autoplay and Forward one move do not share a picture
        page.click("#sheet-btn") if page.is_visible("#sheet-btn") else None
        page.click("#replay-btn")
        page.wait_for_function("window.cairn.replay && window.cairn.replay.open")
        play, nxt = page.evaluate("['#rp-play', '#rp-next', '#rp-nextTurn', '#rp-end'].map(s => document.querySelector(s + ' path').getAttribute('d'))")[:2]
        assert play != nxt
        assert len(set(page.evaluate("[...document.querySelectorAll('.rp-steps button path')].map(p => p.getAttribute('d'))"))) == 7
    finally:
        _finish(request, app)


@pytest.mark.parametrize("lang", ["pt-BR", "ro"])
def test_the_home_headings_keep_one_line_on_a_small_phone(request, chromium, site_url, lang):
    """On a 360 px phone the contrast button and the language picker beside "New game" wrap
    among themselves; the headings of the home screen stay on one line each."""
    app = open_app(request, chromium, site_url, SMALL, query=f"?fast=1&nosw&lang={lang}")
    page = app.page
    try:
        page.wait_for_function("document.querySelector('#games-section .home-head h2').textContent !== 'New game'")
        rows = page.evaluate("""() => [...document.querySelectorAll('#home .home-head > h2')].filter((h) => h.offsetParent).map((h) => {
            const lh = parseFloat(getComputedStyle(h).lineHeight); return [h.textContent, h.getBoundingClientRect().height / lh]; })""")
        assert len(rows) >= 2 and all(lines < 1.5 for _, lines in rows), rows
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        _finish(request, app)
