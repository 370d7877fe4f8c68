"""Benchmark: drawing while moves are shown moving (web/js/motion.js), on a phone of 390x844 CSS
px at device pixel ratio 3, in the built app (dist/). A game of Glen More (you and four easy
bots, the bots at the normal speed), your moves played as a tap would, until BOTS moves of the
bots have been shown; prints for the frames of those runs the time each motion frame took to
paint (p50, p95, max), the time each move's update took (its frame: the board drawn, rasterised and
copied), and the frames dropped (an animation frame more than 1.5 x 16.7 ms after
the one before): in the runs, and in every frame from your move until your turn comes back (the
engine's answers and the page's updates between the runs too), and for comparison the renderer's full draw of the end position (what a move
costs without motion; its p95 and max).

    .venv/bin/python build/site.py && nice -n 19 .venv/bin/python web/dev/motion_bench.py [--bots 30] [--game glenmore]
"""
from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from shots import open_app, site_and_browser  # noqa: E402

PHONE3 = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=3)

# timers round the motion's frames and the renderer's draws, and the frames' times while it runs
WATCH = """() => {
  const R = window.cairn.renderer, M = R.motion;
  if (R.__watched) return; R.__watched = true;
  window.__paint = window.__paint || []; window.__draw = window.__draw || []; window.__gaps = window.__gaps || [];
  const paint = M.paint.bind(M);
  M.paint = (now) => { const t = performance.now(); paint(now); window.__paint.push(performance.now() - t); };
  const draw = R.draw;
  R.draw = () => { const t = performance.now(); draw(); window.__draw.push(performance.now() - t); };
  // a move's own frame: the update (the board drawn at its end position, its copy for the
  // motion, which waits for the draw's raster); with the first motion frame it is the longest
  window.__update = window.__update || [];
  const update = R.update;
  R.update = (snap, ctx) => { const t = performance.now(); update(snap, ctx); window.__update.push(performance.now() - t); };
  let last = null, lastAll = null;
  // every frame from your move until your turn again (window.__inRun): the engine's answers and
  // the page's updates between the runs too, not only the runs' own frames
  window.__all = window.__all || [];
  const loop = (t) => { if (M.running) { if (last != null) window.__gaps.push(t - last); last = t; } else last = null;
    if (window.__inRun) { if (lastAll != null) window.__all.push(t - lastAll); lastAll = t; } else lastAll = null;
    requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
}"""

PLAY = """() => { window.__inRun = true; const s = window.cairn.snapshot(), legal = s.legal || [];
  const m = legal.find((x) => ['expand', 'start_worker'].includes(x.type)) || legal.find((x) => x.type !== 'pass') || legal[0];
  window.cairn.play(m); }"""

SHOWN = """() => window.cairn.snapshot().history.filter((h) => h.seat != null && h.seat !== 0).length"""


# (the waits for your turn ask the page 10 times a second, not at every frame as by default: a
# question per frame is work a player's page does not have, in the frames being measured)
POLL_MS = 100


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", type=int, default=30, help="bot moves to watch (default %(default)s)")
    ap.add_argument("--game", default="glenmore")
    ap.add_argument("--dist", default=None, help="another built site (a 'before' for comparison; default: dist/)")
    a = ap.parse_args()
    with site_and_browser(a.dist) as (url, browser):
        ctx, page, errors = open_app(browser, url, PHONE3, query="?nosw=1&lang=en")
        page.click(f"#game-list [data-game='{a.game}']")
        n = 5 if a.game != "caledonia" else 4
        page.select_option("#ng-count", str(n))
        for sel in page.query_selector_all("#ng-seats .seat-kind")[1:]:
            sel.select_option("bot:easy")
        page.click("#ng-start")
        page.wait_for_function("window.cairn.snapshot() !== null")
        start = None
        while True:
            page.wait_for_function("""() => { const s = window.cairn.snapshot(); return !!s && !window.cairn.busy &&
              (s.view.is_over || s.view.seats[s.view.current_player ?? s.view.current].kind === 'human'); }""", timeout=120_000, polling=POLL_MS)
            page.wait_for_function("() => !window.cairn.motion().running", timeout=20_000, polling=POLL_MS)
            page.evaluate("window.__inRun = false")
            page.evaluate(WATCH)
            shown = page.evaluate(SHOWN)
            start = shown if start is None else start
            if shown - start >= a.bots or page.evaluate("window.cairn.snapshot().view.is_over"):
                break
            page.evaluate(PLAY)
        paint, draw, gaps, update, every = page.evaluate("[window.__paint, window.__draw, window.__gaps, window.__update, window.__all]")
        dropped = sum(1 for g in gaps if g > 1.5 * 1000 / 60)
        missed = sum(1 for g in every if g > 1.5 * 1000 / 60)
        print(f"{a.game}: {shown - start} bot moves shown at 390x844, DPR 3")
        print(f"  motion frames painted: {len(paint)}; paint ms p50 {pct(paint, 50):.2f}, p95 {pct(paint, 95):.2f}, max {max(paint or [0]):.2f}")
        print(f"  frames while running: {len(gaps)}; dropped (gap > 25 ms): {dropped}; gap p95 {pct(gaps, 95):.1f} ms, max {max(gaps or [0]):.1f} ms")
        print(f"  every frame from your move to your turn again: {len(every)}; dropped (gap > 25 ms): {missed}; gap p95 {pct(every, 95):.1f} ms, max {max(every or [0]):.1f} ms")
        print(f"  full draws of the board: {len(draw)}; draw ms p50 {pct(draw, 50):.2f}, p95 {pct(draw, 95):.2f}, max {max(draw or [0]):.2f}")
        print(f"  updates (a move's frame: its draw, raster and copies): {len(update)}; ms p50 {pct(update, 50):.2f}, "
              f"p95 {pct(update, 95):.2f}, max {max(update or [0]):.2f}; over 16 ms: {sum(1 for u in update if u > 16)}")
        if errors:
            print("  page errors:", errors[:3])
        ctx.close()


if __name__ == "__main__":
    main()
