"""Keyboard only: in each game a person plays 10 of their own moves with the
keys alone (B or Tab to the board, arrows between the highlighted places,
Enter to choose, C and Tab through the choice buttons, Enter); Tab reaches
the top bar, the board and the panel in that order; the focus ring shows on
the board; every move (the human's and the bot's) is read out once in the
live region, with the log's words; D describes the position; U undoes.
On a small phone, Glen More's display pans to the places out of sight and
the arrows reach every one of them."""
from __future__ import annotations

import pytest

from conftest import _finish, _new_app, settle
from play_helpers import acted

LAPTOP = dict(viewport={"width": 1366, "height": 768})
MOVES = 10


def ply(page):
    return page.evaluate("window.cairn.snapshot() ? window.cairn.snapshot().view.ply : -1")


def changed(page, before):
    """Whether the key just pressed played a move (or undid one)."""
    return acted(page, before)


CURRENT = "(() => { const t = window.cairn.keys.current(); return t ? {label: t.label, move: !!t.move} : null; })()"


def has_choices(page):
    return page.evaluate("[...document.querySelectorAll('#choices button:not(.more)')].some(b => !b.classList.contains('off') && !b.classList.contains('back'))")


# where the keyboard's focus is, and where the goal (by its label) is now: one look
WHERE = """(label) => { const c = window.cairn.keys.current();
  const g = label ? window.cairn.keys.list.find(t => t.label === label) : null;
  const xy = (t) => t ? {x: Math.round(t.x), y: Math.round(t.y)} : null;
  return {cur: xy(c), goal: xy(g)}; }"""


def go_to(page, goal):
    """Arrow keys towards the target ``goal`` (as a person aiming at it would; a place out
    of sight moves into view on the way, so where it is is read again); True when there.
    The arrows' way is the same from the same place to the same goal: a place passed a third
    time on the way to where the goal is means going round in a circle (False: no way there)."""
    seen = {}
    where = page.evaluate(WHERE, goal.get("label"))
    for _ in range(40):
        cur = where["cur"]
        if cur is None:
            return False
        if where["goal"]:
            goal = {**goal, **where["goal"]}
        if abs(cur["x"] - goal["x"]) < 3 and abs(cur["y"] - goal["y"]) < 3:
            return True
        state = (cur["x"], cur["y"], goal["x"], goal["y"])
        seen[state] = seen.get(state, 0) + 1
        if seen[state] > 2:
            return False
        dx, dy = goal["x"] - cur["x"], goal["y"] - cur["y"]
        if abs(dx) >= abs(dy):
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
        where = page.evaluate(WHERE, goal.get("label"))
        if where["cur"] == cur:   # nothing that way: try the other axis
            if abs(dx) >= abs(dy):
                page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
            else:
                page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
            where = page.evaluate(WHERE, goal.get("label"))
    return False




def board_move(page, before):
    """Arrows to a place that is a move, Enter (twice if it only chose); else to
    a place that opens choices, Enter, then the choice bar."""
    page.keyboard.press("b")
    assert page.evaluate("document.activeElement.id") == "canvas"
    page.wait_for_timeout(80)
    targets = page.evaluate("window.cairn.keys.list.map(t => ({x: Math.round(t.x), y: Math.round(t.y), move: !!t.move, label: t.label}))")
    if not targets:
        return False
    for goal in [t for t in targets if t["move"]][:3]:
        if not go_to(page, goal):
            continue
        assert page.is_visible("#kb-ring")
        page.keyboard.press("Enter")
        if changed(page, before):
            return True
        page.keyboard.press("Enter")   # Enter again on a chosen place plays it (Hunters, Caledonia)
        if changed(page, before):
            return True
    # nothing plays at once: a place that opens choices (not a tab or a view button)
    for goal in [t for t in targets if not t["move"] and not t["label"].startswith(("tab ", "view "))][:8]:
        page.keyboard.press("b")
        if not go_to(page, goal):
            continue
        page.keyboard.press("Enter")
        if changed(page, before):
            return True
        if has_choices(page) and choice_move(page, before):
            return True
        page.keyboard.press("b")
        page.keyboard.press("Escape")
    return False


def choice_move(page, before):
    """C to the choice bar, Tab through it, Enter on a button that can be chosen."""
    for _ in range(4):
        page.keyboard.press("c")
        if page.evaluate("!document.activeElement || !document.activeElement.closest('#choices')"):
            return False
        for _ in range(25):
            info = page.evaluate("""(() => { const b = document.activeElement;
              if (!b || !b.closest('#choices')) return null;
              return {off: b.classList.contains('off'), back: b.classList.contains('back'), group: b.classList.contains('group')}; })()""")
            if info is None:
                break
            if not info["off"] and not info["back"]:
                page.keyboard.press("Enter")
                if changed(page, before):
                    return True
                if info["group"]:
                    break   # its items are shown now: C again
            page.keyboard.press("Tab")
    return False


def keyboard_move(page):
    before = ply(page)
    if board_move(page, before):
        return "board"
    if choice_move(page, before):
        return "choice"
    # a choice on the board may have opened the bar: the board again
    if board_move(page, before):
        return "board"
    targets = page.evaluate("window.cairn.keys.list.map(t => t.label)")
    buttons = page.evaluate("[...document.querySelectorAll('#choices button:not(.more)')].map(b => b.textContent)")
    raise AssertionError(f"no keyboard move at ply {before}: targets {targets}, choices {buttons}")


@pytest.mark.parametrize("game", ["glenmore", "hunters", "caledonia"])
def test_ten_moves_with_the_keyboard(request, chromium, site_url, game):
    app = _new_app(request, chromium, site_url, **LAPTOP)
    page = app.page
    try:
        app.open("?fast=1&nosw")
        page.evaluate("for (const g of ['glenmore', 'hunters', 'caledonia']) localStorage.setItem('cairn:coached:' + g, '1')")
        app.new_game(game, seats=("human", "bot:random"), seed=5)
        settle(page)
        # Tab order: the top bar's buttons, then the board, then the panel's
        page.focus("#help-btn")   # the first of the top bar
        order = ["help-btn"]
        for _ in range(12):
            page.keyboard.press("Tab")
            order.append(page.evaluate("document.activeElement.id || document.activeElement.className"))
            if order[-1] == "undo":
                break
        assert "canvas" in order and "home-btn" in order and "undo" in order, order
        assert order.index("home-btn") < order.index("canvas") < order.index("undo"), order

        if game == "hunters":
            # Enter on a square shows the tile there (Place here / turned), Escape drops it
            page.keyboard.press("b")
            page.keyboard.press("Home")
            page.keyboard.press("Enter")
            page.wait_for_function("document.querySelectorAll('#choices button:not(.more)').length > 0")
            page.keyboard.press("Escape")
            page.wait_for_function("document.querySelectorAll('#choices button:not(.more)').length === 0")

        hows = []
        while len(hows) < MOVES:
            if page.evaluate("document.documentElement.dataset.over === '1'"):
                break
            hows.append(keyboard_move(page))
            settle(page)
        print(game, hows)
        assert len(hows) == MOVES, hows
        # every move read out once, in the log's words
        said = page.evaluate("[...document.querySelectorAll('#announce p')].map(p => p.textContent)")
        log = page.evaluate("[...document.querySelectorAll('#log li')].map(li => li.textContent.replace(/\\s+/g, ' ').trim())")
        squash = lambda xs: [x.replace(" ", "") for x in xs]
        # the last lines said are the log's last lines, in order, each once
        assert said and squash(said) == squash(log[-len(said):]), (said, log[-8:])
        assert any(not s.startswith("Player 1") for s in said), said   # the bot's moves too
        # D: the position in words
        page.keyboard.press("d")
        page.wait_for_timeout(150)
        desc = page.inner_text("#announce")
        assert "Scores:" in desc and "Player 1" in desc, desc
        # U: undo (when the game allows it)
        if page.evaluate("window.cairn.snapshot().view.can_undo"):
            before = ply(page)
            page.keyboard.press("u")
            assert changed(page, before)
        assert not app.errors
    finally:
        _finish(request, app)


def late_placement_save(tmp_path, seed=7):
    """A 2-player Glen More game (two humans) played at random up to its last
    decision where a tile is placed in a large display (many tiles)."""
    import json
    import random

    from cairn import load_game, new_game
    rng = random.Random(seed)
    g = new_game("glenmore", players=[{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}], seed=seed)
    cut = None
    while not g.is_over:
        if sum(m["type"] == "place" for m in g.legal_moves()) >= 2:
            cut = len(g.to_save()["moves"])
        g.play(rng.choice(g.legal_moves()))
    save = g.to_save()
    save["moves"] = save["moves"][:cut]
    save = load_game(save).to_save()
    path = tmp_path / "glenmore-late-place.cairn.json"
    path.write_text(json.dumps(save))
    return path, cut


def test_places_out_of_sight_come_into_view_on_a_small_phone(request, chromium, site_url, tmp_path):
    """Glen More on a 360x640 phone, late in a game (a display larger than the
    screen): the places the tile can go are shown (the display pans to them)
    and one is played with the keyboard."""
    app = _new_app(request, chromium, site_url, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = app.page
    try:
        app.open("?fast=1&nosw")
        path, cut = late_placement_save(tmp_path)
        page.set_input_files("#import-file", str(path))
        page.wait_for_function(f"window.cairn.snapshot() && window.cairn.snapshot().view.ply >= {cut}")
        settle(page)
        page.wait_for_timeout(300)
        legal = page.evaluate("window.cairn.snapshot().legal.filter(m => m.type === 'place').length")
        shown = page.evaluate("window.cairn.targets().filter(t => t.move && t.move.type === 'place').length")
        print("legal places", legal, "in view", shown, "pannable", page.evaluate("window.cairn.renderer.pannable"),
              "panned", page.evaluate("JSON.stringify(window.cairn.renderer.pan)"))
        assert legal >= 2 and shown >= 1
        # the arrows reach every place, panning the display to those out of sight
        page.keyboard.press("b")
        seen = set()
        for key in ["ArrowUp"] * 4 + ["ArrowDown"] * 8 + ["ArrowUp"] * 8:
            page.keyboard.press(key)
            page.wait_for_timeout(60)
            cur = page.evaluate("(() => { const t = window.cairn.keys.current(); return t && t.move && t.move.type === 'place' ? JSON.stringify(t.move) : null; })()")
            if cur:
                seen.add(cur)
        assert len(seen) == legal, (seen, legal)
        before = ply(page)
        page.keyboard.press("b")
        goal = page.evaluate("window.cairn.keys.list.filter(t => t.move && t.move.type === 'place').map(t => ({x: Math.round(t.x), y: Math.round(t.y), label: t.label}))[0]")
        assert go_to(page, goal)
        page.keyboard.press("Enter")
        assert changed(page, before)
        assert page.evaluate(f"window.cairn.snapshot().save.moves[{before}].type") == "place"
        assert not app.errors
    finally:
        _finish(request, app)
