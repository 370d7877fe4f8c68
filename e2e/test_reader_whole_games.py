"""Whole games by ear (issue 61): one page on a laptop plays a whole game of each title against a
bot (Caledonia solo) through the accessibility tree alone: the region "The table" (js/table.js),
its list "What you can choose", each button found by its role and pressed with Enter (the first
one not pressed yet in this move), waiting while the region says it is busy. No canvas
coordinates and no window.cairn while playing; at the end the scores are read from the region's
table "Scores" and checked against the engine's final table (window.cairn read for that only)."""
from __future__ import annotations

import re
import time

from conftest import _finish, _new_app
from playwright.sync_api import expect

GAMES = [("glenmore", ("human", "bot:random")), ("hunters", ("human", "bot:random")), ("caledonia", ("human",))]
OVER = re.compile(r"^Game over")
# (the page's own record of the region's aria-busy turning true, which a reader hears as busy)
WATCH = """() => { window.__busySeen = false; const r = document.getElementById('table-doc');
  if (window.__busyWatch) window.__busyWatch.disconnect();
  window.__busyWatch = new MutationObserver(() => { if (r.getAttribute('aria-busy') === 'true') window.__busySeen = true; });
  window.__busyWatch.observe(r, {attributes: true, attributeFilter: ['aria-busy']}); }"""


# the region drawn and not drawn again for three frames (a press may redraw it twice: the board, then the list)
# (false after 30 s: a region never steady, busy on and off at every frame, once hung the test)
STEADY = """() => new Promise((done) => { const r = document.getElementById('table-doc');
  let last = r.innerText, same = 0; const t0 = performance.now();
  const look = () => { const now = r.innerText; same = now === last ? same + 1 : 0; last = now;
    if (same >= 3 && r.getAttribute('aria-busy') === 'false') done(true);
    else if (performance.now() - t0 > 30000) done(false); else requestAnimationFrame(look); };
  requestAnimationFrame(look); })"""


def reader_move(page, region, limit=25):
    """One move of the person's (or the game's end): returns the presses, or None when over.
    The choice pressed: the first that a press before brought (what it led to), else the first
    not pressed yet in this move."""
    pressed = set()
    shown = []
    for n in range(limit):
        expect(region).to_have_attribute("aria-busy", "false", timeout=60_000)
        assert page.evaluate(STEADY), "the table's region never steady for 30 s"
        if region.get_by_text(OVER).count():
            return None
        choose = region.get_by_role("list", name="What you can choose")
        names = choose.get_by_role("button", disabled=False).all_inner_texts() if choose.count() else []
        fresh = [x for x in names if x not in pressed]
        assert fresh, f"nothing left to choose: {names} (pressed {pressed}): {region.inner_text()[:300]}"
        new = [x for x in fresh if x not in shown]
        if n and new:
            fresh = new
        shown = names
        before = region.inner_text()
        pressed.add(fresh[0])
        page.evaluate(WATCH)
        choose.get_by_role("button", name=fresh[0], exact=True).first.press("Enter")
        # the region tells what the press did: a move (it was busy: the engine played it) or new choices
        try:
            page.wait_for_function("(b) => window.__busySeen || document.getElementById('table-doc').innerText !== b",
                                   arg=before, timeout=10_000)
        except Exception:
            print("STATE", page.evaluate("JSON.stringify({ply: window.cairn.snapshot().view.ply, legal: window.cairn.snapshot().legal, busy: window.cairn.busy, bar: [...document.querySelectorAll('#choices button')].map(b => b.textContent + '|' + b.className)})"))
            print(region.inner_text()[:600])
            raise
        if page.evaluate("window.__busySeen"):
            return n + 1
    raise AssertionError(f"no move in {limit} presses: {sorted(pressed)}")


def scores_read(region):
    table = region.get_by_role("table", name="Scores")
    rows = table.get_by_role("row").all()[1:]
    return [int(r.get_by_role("cell").last.inner_text()) for r in rows]


def test_whole_games_by_ear(request, chromium, site_url):
    app = _new_app(request, chromium, site_url)
    page = app.page
    figures = {}
    try:
        app.open_tipped()
        for game, seats in GAMES:
            app.another_game(game, seats, seed=5)
            region = page.get_by_role("region", name="The table")
            start, presses = time.monotonic(), []
            while True:
                n = reader_move(page, region)
                if n is None:
                    break
                presses.append(n)
            read = scores_read(region)
            final = page.evaluate("window.cairn.snapshot().scores.map(s => s.total)")   # the engine's, for the check only
            assert read == final, (game, read, final)
            assert page.evaluate("window.cairn.snapshot().view.is_over")
            figures[game] = {"moves": len(presses), "presses": sum(presses), "max": max(presses),
                             "seconds": round(time.monotonic() - start, 1), "scores": read}
        print("\nby ear:", figures)
        assert not app.errors, app.errors
    finally:
        _finish(request, app)
