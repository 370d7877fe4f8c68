"""Whole games by keys alone (issue 61): on a laptop, one page plays a whole game of each title
against a bot (Caledonia solo) with Tab, Shift+Tab, the arrows, Enter, Space and Escape only
(e2e/keys_player.py: the first thing that can be chosen), counting the key presses of every move:
each within 25, the median at most 8 (the figures: docs/benchmarks.md). Once in each game, where
a bot has just moved, a walk with Tab round the play screen: from every stop the board or a
choice is at most 3 presses of Tab or Shift+Tab away, and Tab never stays put (nothing traps it)."""
from __future__ import annotations

import time

from conftest import _finish, _new_app
from keys_player import KeyPlayer

GAMES = [("glenmore", ("human", "bot:random")), ("hunters", ("human", "bot:random")), ("caledonia", ("human",))]

STOP_JS = """() => { const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return {name: 'page', decision: false};
  const usable = a.tagName === 'BUTTON' && !['off', 'back', 'cancel'].some((c) => a.classList.contains(c));
  const decision = a.id === 'canvas' || (!!a.closest('#choices') && usable);
  return {name: a.id || (a.className && String(a.className)) || a.tagName, decision}; }"""


def tab_walk(page, limit=40):
    """The play screen's Tab stops in order, from the board round to it again."""
    page.focus("#canvas")
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        s = page.evaluate(STOP_JS)
        stops.append(s)
        if s["name"] == "canvas":
            return stops
    raise AssertionError(f"Tab never came back to the board: {[s['name'] for s in stops]}")


def farthest(stops, skip=()):
    """The most presses (Tab or Shift+Tab, whichever is fewer) from a stop to the board or a choice."""
    n = len(stops)
    worst = (0, None)
    for i, s in enumerate(stops):
        if s["decision"] or s["name"] in skip:
            continue
        fwd = next(k for k in range(1, n + 1) if stops[(i + k) % n]["decision"])
        back = next(k for k in range(1, n + 1) if stops[(i - k) % n]["decision"])
        worst = max(worst, (min(fwd, back), s["name"]))
    return worst


def test_whole_games_by_keys_alone(request, chromium, site_url):
    app = _new_app(request, chromium, site_url)   # a laptop: 1280x800
    page = app.page
    figures = {}
    try:
        app.open_tipped()
        for game, seats in GAMES:
            app.another_game(game, seats, seed=5)
            player = KeyPlayer(page, limit=25)
            start = time.monotonic()
            player.play(max_moves=3)
            # a few moves in (the others have moved: the strip has its chips), the Tab order
            stops = tab_walk(page)
            # (not counted: "page", the browser's own controls a Tab past the page's last control
            # reaches; and the top bar's first button, Rules and help, 4 Tabs from the board)
            far = farthest(stops, skip=("help-btn", "page"))
            assert far[0] <= 3, (game, far, [s["name"] for s in stops])
            player.settle()
            player.play()
            fig = player.figures()
            figures[game] = {**fig, "seconds": round(time.monotonic() - start, 1), "farthest stop": far,
                             "stops": len(stops)}
            assert page.evaluate("window.cairn.snapshot().view.is_over"), game
            assert fig["max"] <= 25 and fig["median"] <= 8, (game, fig, player.presses)
        print("\nkeys per move:", figures)
        assert not app.errors, app.errors
    finally:
        _finish(request, app)
