"""The camera belongs to the player (issue 57): a zoom or a pan the player made on a phone
stays after their move and the bots' replies (the camera may go to show a bot's move, and
comes back), in each game; the fit button gives the whole board again. One page for the file;
each game's test a few moves long."""
from __future__ import annotations

import pytest

from conftest import _finish, _new_app
from layout_screens import saved_game

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
SHORT = {"width": 360, "height": 520}   # a short phone: the display pans

HUMAN = """() => { const s = window.cairn.snapshot();
  if (!s || window.cairn.busy) return false;
  const seat = s.view.seats[s.view.current_player];
  return s.view.is_over || (!!seat && seat.kind === 'human'); }"""
CAM = "(() => { const c = window.cairn.renderer.cam; return {s: c.s, ox: c.ox, oy: c.oy}; })()"
# a board's own control (a target of the renderer's) in page px
CONTROL = """(label) => { const R = window.cairn.renderer, r = R.canvas.getBoundingClientRect();
  const t = R.targets({all: true}).find((t) => t.label === label);
  return t ? [t.x + r.left, t.y + r.top] : null; }"""


@pytest.fixture(scope="module")
def page(request, chromium, site_url):
    app = _new_app(request, chromium, site_url, **PHONE)
    app.open("?fast=1&nosw")
    app.page.evaluate("for (const g of ['glenmore', 'hunters', 'caledonia']) localStorage.setItem('cairn:coached:' + g, '1')")
    yield app.page
    assert not app.errors, app.errors
    _finish(request, app)


def human(page):
    page.wait_for_function(HUMAN, timeout=60_000)


def bots_reply(page, play):
    """The person's moves (``play``: JS choosing one from the snapshot) until a bot has moved
    since, and the person is to move again."""
    human(page)
    seen = page.evaluate("window.cairn.snapshot().history.length")
    for _ in range(30):
        page.evaluate(f"() => window.cairn.play(({play})(window.cairn.snapshot()))")
        human(page)
        lines = page.evaluate(f"window.cairn.snapshot().history.slice({seen})")
        if any(h.get("seat") not in (None, 0) for h in lines):
            return
    raise AssertionError("no bot moved")


def same(a, b):
    return all(abs(a[k] - b[k]) < 0.01 for k in ("s", "ox", "oy")), (a, b)


def test_caledonia_keeps_the_zoom_the_player_set(page, tmp_path):
    page.set_input_files("#import-file", saved_game("caledonia", 5, 0.5, str(tmp_path)))
    page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.game === 'caledonia' && window.cairn.snapshot().view.ply > 4")
    human(page)
    tab = page.evaluate(CONTROL, "tab map")
    page.touchscreen.tap(*tab)
    page.touchscreen.tap(*page.evaluate(CONTROL, "view in"))
    page.touchscreen.tap(*page.evaluate(CONTROL, "view in"))
    mine = page.evaluate(CAM)
    # a move, the bot's reply: the same view (not the whole map, nor the map zoomed to the places)
    bots_reply(page, "(s) => s.legal.find((m) => m.type === 'end_turn') || s.legal.find((m) => m.type !== 'pass') || s.legal[0]")
    ok, got = same(page.evaluate(CAM), mine)
    assert ok, got
    # "fit" shows the whole map again, and the view is the renderer's once more
    page.touchscreen.tap(*page.evaluate(CONTROL, "tab map"))
    page.touchscreen.tap(*page.evaluate(CONTROL, "view fit"))
    assert page.evaluate(CAM)["s"] < mine["s"] and page.evaluate("window.cairn.renderer.mine") is None


def test_hunters_keeps_the_zoom_the_player_set(page):
    if page.is_visible("#home-btn"):
        page.click("#home-btn")
    page.click("#game-list [data-game='hunters']")
    page.select_option("#ng-count", "2")
    page.query_selector_all("#ng-seats .seat-kind")[1].select_option("bot:easy")
    page.click("#ng-start")
    human(page)
    zoom = page.evaluate("""() => { const R = window.cairn.renderer, r = R.canvas.getBoundingClientRect();
      const b = R.buttons.find((b) => b.act === 'zoomout'); return [b.x + b.w / 2 + r.left, b.y + b.h / 2 + r.top]; }""")
    page.touchscreen.tap(*zoom)
    mine = page.evaluate(CAM)
    # (zoomed out: the tile about to be placed is then brought close for its spots)
    # a tile placed where the player can see, nothing on it; the bot's tile: the same view after
    place = page.evaluate("window.cairn.targets().find((t) => t.move && t.move.type === 'place')")
    page.touchscreen.tap(place["x"], place["y"])
    page.wait_for_selector("#choices .main button.choice")
    page.tap("#choices .main button.choice")
    page.wait_for_function("() => { const s = window.cairn.snapshot(); return s.view.phase !== 'place' || s.view.current_player !== 0; }")
    bots_reply(page, "(s) => s.legal.find((m) => m.type === 'skip') || s.legal[0]")
    ok, got = same(page.evaluate(CAM), mine)
    assert ok, got


def test_glen_more_keeps_the_pan_the_player_made(page, tmp_path):
    page.set_viewport_size(SHORT)
    page.set_input_files("#import-file", saved_game("glenmore", 10, 0.85, str(tmp_path)))   # (a display five rows high)
    # (the game loaded, not the last test's still shown)
    page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.game === 'glenmore' && window.cairn.snapshot().view.ply > 4")
    human(page)
    # the player's own display, shown whole on a phone (it pans): dragged to one side
    page.evaluate("window.cairn.renderer.setNarrowView('display')")
    info = page.evaluate("""() => { const R = window.cairn.renderer, r = R.canvas.getBoundingClientRect();
      return {pannable: R.pannable, area: R.area && {x: R.area.x + r.left, y: R.area.y + r.top, w: R.area.w, h: R.area.h}}; }""")
    assert info["pannable"], info
    a = info["area"]
    drag = """([x0, y0, dx, dy]) => { const c = window.cairn.renderer.canvas;
      const ev = (type, x, y) => c.dispatchEvent(new PointerEvent(type, {pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y, bubbles: true, cancelable: true}));
      ev('pointerdown', x0, y0); for (let k = 1; k <= 6; k++) ev('pointermove', x0 + dx * k / 6, y0 + dy * k / 6); ev('pointerup', x0 + dx, y0 + dy); }"""
    page.evaluate(drag, [a["x"] + a["w"] / 2, a["y"] + a["h"] / 2, 60, 60])
    mine = page.evaluate("({...window.cairn.renderer.pan})")
    assert mine != {"x": 0, "y": 0}, mine
    seat = page.evaluate("window.cairn.snapshot().view.current_player")
    bots_reply(page, "(s) => s.legal.find((m) => m.type === 'take') || s.legal.find((m) => m.type === 'end_turn') || s.legal[0]")
    page.evaluate("window.cairn.renderer.setNarrowView('display')")
    assert page.evaluate("[window.cairn.renderer.sel, {...window.cairn.renderer.pan}]") == [seat, mine]
