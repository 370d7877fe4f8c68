"""The keyboard keeps its place (issue 32), with Tab, Shift+Tab, the arrows,
Enter and Escape only (no shortcut keys): opening a group of choices moves the
focus to its first item and Back returns it to the group's button; after a
move the focus stays on the board or the choice bar, never on the page body;
on a zoomed-in map the arrow keys reach every legal place (the map pans to
it) before the other controls.  The reproduction of the report: Clans of
Caledonia solo on a laptop, "Expand (7)", a sheep's places on a zoomed map."""
from __future__ import annotations

import json

from conftest import _finish, _new_app

LAPTOP = dict(viewport={"width": 1366, "height": 768})

ZONE = """(() => { const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return 'body';
  if (a.id === 'canvas') return 'board';
  if (a.closest('#choices')) return 'choices';
  return a.id || a.tagName; })()"""
ACTIVE = """(() => { const a = document.activeElement;
  return a ? {id: a.id, cls: a.className || '', text: (a.textContent || '').trim()} : null; })()"""
CURRENT = """(() => { const t = window.cairn.keys.current();
  return t ? {label: t.label, move: t.move || null, legal: !!t.legal, x: t.x, y: t.y} : null; })()"""


def caledonia_action_save(tmp_path, seed=5):
    """Clans of Caledonia solo, set up (clan, starting workers) up to the first
    action, where Expand offers 7 units."""
    from cairn import new_game
    g = new_game("caledonia", players=[{"kind": "human", "name": "Ana"}], seed=seed)
    while not any(m["type"] == "expand" for m in g.legal_moves()):
        g.play(g.legal_moves()[0])
    path = tmp_path / "caledonia-solo.cairn.json"
    path.write_text(json.dumps(g.to_save()))
    return path, len(g.log)


def tab_until(page, js, limit=40, back=False):
    """Tab (Shift+Tab) until the focused element matches ``js`` (a function of it)."""
    for _ in range(limit):
        if page.evaluate(f"(({js}))(document.activeElement)"):
            return True
        page.keyboard.press("Shift+Tab" if back else "Tab")
    return page.evaluate(f"(({js}))(document.activeElement)")


def open_solo(request, chromium, site_url, tmp_path):
    app = _new_app(request, chromium, site_url, **LAPTOP)
    page = app.page
    app.open("?fast=1&nosw")
    page.evaluate("for (const g of ['glenmore', 'hunters', 'caledonia']) localStorage.setItem('cairn:coached:' + g, '1')")
    path, ply = caledonia_action_save(tmp_path)
    page.set_input_files("#import-file", str(path))
    page.wait_for_function(f"window.cairn.snapshot() && window.cairn.snapshot().view.ply === {ply} && !window.cairn.busy")
    page.wait_for_timeout(200)
    return app, page


def test_a_group_of_choices_takes_the_focus_and_back_returns_it(request, chromium, site_url, tmp_path):
    app, page = open_solo(request, chromium, site_url, tmp_path)
    try:
        page.focus("#help-btn")
        assert tab_until(page, "(a) => a.classList.contains('group') && a.textContent.startsWith('Expand')")
        group = page.evaluate(ACTIVE)["text"]
        assert group.startswith("Expand (7)"), group
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
        first = page.evaluate("document.querySelector('#choices .pick button.choice')?.textContent")
        assert page.evaluate(ZONE) == "choices", page.evaluate(ACTIVE)
        assert page.evaluate(ACTIVE)["text"] == first
        # Back (before the items) returns the focus to the group's button
        page.keyboard.press("Shift+Tab")
        assert "back" in page.evaluate(ACTIVE)["cls"]
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
        assert page.evaluate(ACTIVE)["text"] == group
        # the sheep: the move is played, the focus goes on to the places it may go (the board)
        page.keyboard.press("Enter")
        sheep = page.evaluate("""(() => { const s = window.cairn.snapshot();
          return s.labels[s.legal.findIndex(m => m.type === 'expand' && m.unit === 'sheep')].label; })()""")
        assert tab_until(page, f"(a) => a.textContent.trim() === {json.dumps(sheep)}")
        before = app.ply()
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.cairn.snapshot().view.ply > {before} && !window.cairn.busy")
        page.wait_for_timeout(200)
        assert page.evaluate(ZONE) in ("board", "choices"), page.evaluate(ACTIVE)
        assert not app.errors
    finally:
        _finish(request, app)


def test_the_arrows_reach_every_legal_place_on_a_zoomed_in_map(request, chromium, site_url, tmp_path):
    app, page = open_solo(request, chromium, site_url, tmp_path)
    try:
        before = app.ply()
        page.focus("#help-btn")
        assert tab_until(page, "(a) => a.classList.contains('group') && a.textContent.startsWith('Expand')")
        page.keyboard.press("Enter")
        sheep = page.evaluate("""(() => { const s = window.cairn.snapshot();
          return s.labels[s.legal.findIndex(m => m.type === 'expand' && m.unit === 'sheep')].label; })()""")
        assert tab_until(page, f"(a) => a.textContent.trim() === {json.dumps(sheep)}")
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.cairn.snapshot().view.ply > {before} && !window.cairn.busy")
        page.wait_for_timeout(300)
        places = page.evaluate("window.cairn.snapshot().legal.filter(m => m.type === 'place').map(m => JSON.stringify(m))")
        assert len(places) >= 2, places
        # the player zooms the map in (a pinch or the wheel) far enough that the places are out of sight
        page.evaluate("""(() => { const R = window.cairn.renderer; const m = R.layout().map;
          R.cam.zoomAt(m.x + m.w * 0.15, m.y + m.h * 0.85, 3.5); })()""")
        page.wait_for_timeout(200)
        if page.evaluate(ZONE) != "board":
            assert tab_until(page, "(a) => a.id === 'canvas'", back=True)
        seen = set()
        presses = 0
        for key in ["Home"] + ["ArrowRight"] * 5 + ["ArrowDown"] * 5 + ["ArrowLeft"] * 5 + ["ArrowUp"] * 5:
            page.keyboard.press(key)
            presses += 1
            page.wait_for_timeout(40)
            cur = page.evaluate(CURRENT)
            if cur and cur["move"] and cur["move"]["type"] == "place":
                # shown where it is: the map panned to it
                shown = page.evaluate("""(() => { const t = window.cairn.keys.current(); const m = window.cairn.renderer.layout().map;
                  return t.x >= m.x && t.x <= m.x + m.w && t.y >= m.y && t.y <= m.y + m.h; })()""")
                assert shown, cur
                seen.add(json.dumps(cur["move"], separators=(", ", ": ")))
            if len(seen) == len(places):
                break
        assert seen == {json.dumps(json.loads(p), separators=(", ", ": ")) for p in places}, (seen, places, presses)
        # Home is the first legal place, not a zoom button
        page.keyboard.press("Home")
        assert page.evaluate(CURRENT)["move"]["type"] == "place"
        page.keyboard.press("Enter")
        page.wait_for_timeout(150)
        if app.ply() == before + 1:
            page.keyboard.press("Enter")   # a space chosen; Enter again places it
        page.wait_for_function(f"window.cairn.snapshot().view.ply > {before + 1} && !window.cairn.busy")
        page.wait_for_timeout(200)
        assert page.evaluate(ZONE) in ("board", "choices"), page.evaluate(ACTIVE)
        assert not app.errors
    finally:
        _finish(request, app)
