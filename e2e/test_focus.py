"""The keyboard keeps its place (issue 32), with Tab, Shift+Tab, the arrows,
Enter and Escape only (no shortcut keys): opening a group of choices moves the
focus to its first item and Back returns it to the group's button; after a
move the focus stays on the board or the choice bar, never on the page body;
on a zoomed-in map the arrow keys reach every legal place (the map pans to
it) before the other controls.  The reproduction of the report: Clans of
Caledonia solo on a laptop, "Expand (7)", a sheep's places on a zoomed map."""
from __future__ import annotations

import json

import pytest

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
  return t ? {label: t.label, move: t.move || null, legal: !!t.legal, off: !!t.off, x: t.x, y: t.y} : null; })()"""


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
    app.open_tipped()
    path, ply = caledonia_action_save(tmp_path)
    page.set_input_files("#import-file", str(path))
    page.wait_for_function(f"window.cairn.snapshot() && window.cairn.snapshot().view.ply === {ply} && !window.cairn.busy")
    page.wait_for_timeout(200)
    return app, page


def test_the_report_caledonia_solo_on_a_laptop(request, chromium, site_url, tmp_path):
    """A group of choices takes the focus and Back returns it; after the move the focus is on
    the board; on a zoomed-in map the arrows reach every legal place (the map pans to it)."""
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
        try:   # (the focus moves once the new choices are drawn: later on a loaded machine)
            page.wait_for_function(f"{ZONE} === 'board'", timeout=3_000)
        except Exception:
            pass
        assert page.evaluate(ZONE) == "board", page.evaluate(ACTIVE)
        places = page.evaluate("window.cairn.snapshot().legal.filter(m => m.type === 'place').map(m => JSON.stringify(m))")
        assert len(places) >= 2, places
        # the player zooms the map in (a pinch or the wheel) far enough that places are out of sight
        page.evaluate("""(() => { const R = window.cairn.renderer; const m = R.layout().map;
          R.cam.zoomAt(m.x + m.w * 0.9, m.y + m.h * 0.1, 4); })()""")
        page.wait_for_timeout(200)
        hidden = page.evaluate("window.cairn.keys.targets().filter(t => t.legal && t.off).length")
        assert hidden >= 2, hidden   # places out of sight
        seen = set()
        presses = 0
        # as a person looking for them: the first place, then down and left, up and right
        for key in (["Home"] + ["ArrowDown"] * 3 + ["ArrowLeft"] * 3 + ["ArrowUp"] * 3 + ["ArrowRight"] * 3) * 2:
            page.keyboard.press(key)
            presses += 1
            page.wait_for_timeout(40)
            cur = page.evaluate(CURRENT)
            if cur and cur["move"] and cur["move"]["type"] == "place":
                # shown where it is: the map panned to it
                # (the pan is drawn at the next frame: later on a loaded machine)
                try:
                    page.wait_for_function("""(() => { const t = window.cairn.keys.current(); const m = window.cairn.renderer.layout().map;
                      return !!t && t.x >= m.x && t.x <= m.x + m.w && t.y >= m.y && t.y <= m.y + m.h; })()""", timeout=2_000)
                    shown = True
                except Exception:
                    shown = False
                assert shown, cur
                assert page.is_visible("#kb-ring")
                seen.add(json.dumps(cur["move"], separators=(",", ":")))
            if len(seen) == len(places):
                break
        assert seen == set(places), (seen, places, presses)
        # Home is the first legal place, not a zoom button
        page.keyboard.press("Home")
        assert page.evaluate(CURRENT)["move"]["type"] == "place"
        before = app.ply()
        # Enter on the place; a space chosen: Enter again (on the choice the focus went to) places it
        for _ in range(3):
            page.keyboard.press("Enter")
            page.wait_for_timeout(150)
            page.wait_for_function("!window.cairn.busy")   # (a loaded machine answers later)
            if app.ply() != before:
                break
        page.wait_for_function(f"window.cairn.snapshot().view.ply > {before} && !window.cairn.busy")
        page.wait_for_timeout(200)
        assert page.evaluate(ZONE) in ("board", "choices"), page.evaluate(ACTIVE)
        assert not app.errors
    finally:
        _finish(request, app)


# -- ten moves in each game from a fresh start, keys alone -----------------------------------
def ply(page):
    return page.evaluate("window.cairn.snapshot() ? window.cairn.snapshot().view.ply : -1")


def settled(page):
    page.wait_for_function("""() => { const s = window.cairn.snapshot();
      if (!s || window.cairn.busy) return false;
      if (s.view.is_over) return true;
      const seat = s.view.seats[s.view.current_player];
      return seat && seat.kind === 'human'; }""", timeout=60_000)
    page.wait_for_timeout(150)


def played(page, before, ms=10_000):
    """Whether the key just pressed played a move (the page sends it at once: busy, or already
    answered); then waits for its answer."""
    page.wait_for_timeout(30)
    if not page.evaluate(f"window.cairn.busy || window.cairn.snapshot().view.ply !== {before}"):
        return False
    page.wait_for_function(f"window.cairn.snapshot() && window.cairn.snapshot().view.ply !== {before}", timeout=ms)
    return True


def arrow_to(page, label, limit=30):
    """Arrow keys towards the place ``label`` (as a person aiming at it would); True when there."""
    at = "(label) => { const t = window.cairn.keys.list.find(t => t.label === label); return t ? {x: t.x, y: t.y} : null; }"
    for _ in range(limit):
        cur = page.evaluate(CURRENT)
        goal = page.evaluate(at, label)
        if not cur or not goal:
            return False
        if cur["label"] == label:
            return True
        dx, dy = goal["x"] - cur["x"], goal["y"] - cur["y"]
        keys = [("ArrowRight" if dx > 0 else "ArrowLeft"), ("ArrowDown" if dy > 0 else "ArrowUp")]
        if abs(dy) > abs(dx):
            keys.reverse()
        page.keyboard.press(keys[0])
        if page.evaluate(CURRENT) == cur:   # nothing that way: the other axis
            page.keyboard.press(keys[1])
    return False


def zoom_in_by_keys(page, times=3):
    """The map's zoom-in button (a control: the arrows reach it after the legal places), Enter."""
    assert arrow_to(page, "view in"), page.evaluate(CURRENT)
    for _ in range(times):
        page.keyboard.press("Enter")
        page.wait_for_timeout(60)


KB_STATE = """(() => { const a = document.activeElement; const s = window.cairn.snapshot();
  const zone = !a || a === document.body || a === document.documentElement ? 'body' : a.id === 'canvas' ? 'board'
    : a.closest('#choices') ? 'choices' : (a.id || a.tagName);
  const t = window.cairn.keys.current();
  return { zone, text: a ? (a.textContent || '').trim().slice(0, 60) : '',
    usable: !!a && a.tagName === 'BUTTON' && !!a.closest('#choices') && !a.classList.contains('off') && !a.classList.contains('back'),
    group: !!a && a.classList.contains('group'),
    cur: t ? { label: t.label, legal: !!t.legal, off: !!t.off } : null,
    places: window.cairn.keys.places().length,
    placing: s.view.game === 'caledonia' && s.legal.some(m => m.type === 'place') && !!window.cairn.renderer.layout().wide,
    ring: !document.getElementById('kb-ring').hidden }; })()"""


def keyboard_turn(page, rng, log, zoomed):
    """One human move with Tab, Shift+Tab, the arrows and Enter; returns where it was made."""
    before = ply(page)
    tried = set()
    trace = []
    for step in range(60):
        st = page.evaluate(KB_STATE)
        trace.append((st["zone"], st["text"][:24], (st["cur"] or {}).get("label")))
        if st["zone"] == "body":   # a Tab past the page's last control (never after Enter: asserted there)
            page.keyboard.press("Tab")
            continue
        if st["zone"] == "board":
            if st["placing"] and not zoomed[0]:
                zoom_in_by_keys(page)
                zoomed[0] = True
                page.wait_for_timeout(120)
                hidden = page.evaluate("window.cairn.keys.places().filter(t => t.off).length")
                log.append(f"zoomed in: {hidden} of {st['places']} places out of sight")
                continue
            if not st["places"] or len([k for k in tried if k[0] == "board"]) >= 6:
                page.keyboard.press("Tab")   # on to the choice bar
                continue
            # the first legal place, then a few arrows on (as a person looking over them)
            page.keyboard.press("Home")
            for _ in range(rng.randrange(0, 4)):
                page.keyboard.press(rng.choice(["ArrowDown", "ArrowRight"]))
            page.wait_for_timeout(50)   # a place out of sight: the view pans to it (two frames)
            st = page.evaluate(KB_STATE)
            cur = st["cur"]
            if not cur or not cur["legal"]:
                continue
            tried.add(("board", cur["label"], step))
            assert st["ring"], (cur, trace)
            page.keyboard.press("Enter")
            if played(page, before):
                return "board"
            st = page.evaluate(KB_STATE)
            assert st["zone"] != "body", f"focus lost after Enter on {cur}"
            if st["zone"] == "board" and st["cur"]:
                page.keyboard.press("Enter")   # a chosen place: Enter again plays it (Hunters, Caledonia)
                if played(page, before):
                    return "board"
            continue
        if st["zone"] == "choices":
            if st["usable"] and ("bar", st["text"]) not in tried:
                tried.add(("bar", st["text"]))
                page.keyboard.press("Enter")
                if played(page, before):
                    return "choices"
                page.wait_for_timeout(50)
                after = page.evaluate(KB_STATE)
                assert after["zone"] != "body", f"focus lost after {st['text']!r}"
                if st["group"]:
                    assert after["usable"], f"the group {st['text']!r} opened without its first item focused"
                    log.append(f"group {st['text']}")
                continue
            page.keyboard.press("Shift+Tab" if rng.random() < 0.15 else "Tab")
            continue
        page.keyboard.press("Tab")   # the top bar, the dock: on to the board and the bar
    raise AssertionError(f"no keyboard move at ply {before}: {log[-5:]} {trace}")


GAMES = [("glenmore", ("human", "bot:random")), ("hunters", ("human", "bot:random")), ("caledonia", ("human",))]


def test_ten_moves_in_each_game_with_tab_arrows_and_enter(request, chromium, site_url):
    """From a fresh start (the new-game form), 10 of the person's moves in each game; the
    Caledonia map zoomed in (its + button, from the keys) at a placement; after every move
    and every group opened the focus is on the board or the choice bar."""
    import random
    app = _new_app(request, chromium, site_url, **LAPTOP)
    page = app.page
    try:
        app.open_tipped()
        for game, seats in GAMES:
            app.another_game(game, seats, seed=3)
            settled(page)
            page.keyboard.press("Tab")
            rng = random.Random(7)
            log, hows, zoomed = [], [], [False]
            while len(hows) < 10 and not page.evaluate("document.documentElement.dataset.over === '1'"):
                hows.append(keyboard_turn(page, rng, log, zoomed))
                settled(page)
                assert page.evaluate(ZONE) in ("board", "choices"), (game, hows, page.evaluate(ACTIVE))
            print(game, hows, log)
            assert len(hows) == 10
            assert game != "caledonia" or zoomed[0], log
        assert not app.errors
    finally:
        _finish(request, app)
