"""Dev tool: screenshots of the replay view (dist/, built if stale) at phone
and laptop sizes, and the time a step takes in the browser (Pyodide).

A finished game is played in CPython by random moves (the longest kind: Clans
of Caledonia, 4 players, passing late), imported through the page's import
(a finished game opens in the replay view at its end), then shot at the end
(final table), in the middle, and with the move list open; then it steps back
and forward one move at a time and prints how long each step took, from the
click to the position drawn (median and worst), clicking as fast as the
answers come and 0.7 s apart (the view fetches the next positions ahead while
idle), with the machine's load average.

    SHOOT_SIZES=phone,laptop python3 web/dev/shoot_replay.py [outdir] [caledonia|glenmore|hunters ...]
    SHOOT_LANG=pt (or ro) shoots in that language.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))
sys.path.insert(0, os.path.join(ROOT, "e2e"))
sys.path.insert(0, HERE)

from playwright.sync_api import sync_playwright  # noqa: E402

import play_helpers as ph  # noqa: E402
from shots import SIZES, launch, serve_site  # noqa: E402

NAMES = ["Ana", "Bruno", "Carla", "Dan"]
PLAYERS = {"caledonia": 4, "glenmore": 3, "hunters": 2}


def finished_save(game, seed=4):
    """A finished game of human seats, played by random moves (Caledonia's
    players pass only when little else is left, so the game runs long)."""
    from cairn import new_game

    rng = random.Random(seed)
    g = new_game(game, players=[{"kind": "human", "name": n} for n in NAMES[:PLAYERS[game]]], seed=seed)
    while not g.is_over:
        moves = g.legal_moves()
        keep = [m for m in moves if m["type"] != "pass"]
        g.play(rng.choice(keep if keep and rng.random() < 0.97 else moves))
    return g.to_save()


WAIT_IDLE = "window.cairn.replay && window.cairn.replay.open && !window.cairn.replay.busy"


def step_times(page, button, n, pause_ms=0):
    """Milliseconds from a click on ``button`` to the new position drawn, n
    times, ``pause_ms`` apart (a person's pace lets the view fetch the next
    positions ahead; 0 = as fast as the answers come)."""
    return page.evaluate("""async ([sel, n, pause]) => {
      const out = [];
      for (let i = 0; i < n; i++) {
        const b = document.querySelector(sel);
        if (b.disabled) break;
        const before = window.cairn.replay.ply;
        const t0 = performance.now();
        b.click();
        while (window.cairn.replay.busy || window.cairn.replay.ply === before) await new Promise((r) => setTimeout(r, 0));
        await new Promise((r) => requestAnimationFrame(() => r()));
        out.push(performance.now() - t0);
        if (pause) await new Promise((r) => setTimeout(r, pause));
      }
      return out;
    }""", [button, n, pause_ms])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/replayshots"
    games = sys.argv[2:] or ["caledonia"]
    lang = os.environ.get("SHOOT_LANG", "")
    os.makedirs(out, exist_ok=True)
    url, server = serve_site()
    url += "?fast=1" + (f"&lang={lang}" if lang else "")
    sizes = os.environ.get("SHOOT_SIZES", "phone,laptop").split(",")
    with sync_playwright() as pw:
        browser = launch(pw)
        for game in games:
            save = finished_save(game)
            path = os.path.join(out, f"{game}-finished.cairn.json")
            with open(path, "w") as f:
                json.dump(save, f)
            print(game, len(save["moves"]), "moves", flush=True)
            for size in sizes:
                ctx = SIZES[size]
                context = browser.new_context(**ctx)
                page = context.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(url)
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
                page.set_input_files("#import-file", path)
                page.wait_for_function(WAIT_IDLE, timeout=180_000)
                page.wait_for_timeout(400)
                tag = f"{game}-{size}{'-' + lang if lang else ''}"
                p = ph.Player(page, touch=bool(ctx.get("has_touch")))
                page.screenshot(path=os.path.join(out, f"{tag}-end.png"))
                print(size, "end", p.check(), f"load average {os.getloadavg()[0]:.1f}", flush=True)
                if page.is_visible("#rp-sheet-btn"):
                    page.click("#rp-sheet-btn")
                page.evaluate(f"window.cairn.replay.seek({len(save['moves']) // 2})")
                page.wait_for_function(WAIT_IDLE)
                page.wait_for_timeout(300)
                page.screenshot(path=os.path.join(out, f"{tag}-middle.png"))
                if page.is_visible("#rp-sheet-btn") and page.evaluate("document.body.classList.contains('rp-sheet-open')"):
                    page.click("#rp-sheet-btn")
                    page.wait_for_timeout(300)
                    page.screenshot(path=os.path.join(out, f"{tag}-middle-board.png"))
                print(size, "middle", p.check(), flush=True)
                back = step_times(page, "#rp-prev", 30)
                fwd = step_times(page, "#rp-next", 30)
                turn = step_times(page, "#rp-prevTurn", 10)
                paced = step_times(page, "#rp-prev", 15, 700)
                for name, ts in (("back one move", back), ("forward one move", fwd), ("back one turn", turn),
                                 ("back one move, 0.7 s apart", paced)):
                    if ts:
                        print(f"{size} {name}: median {statistics.median(ts):.0f} ms, worst {max(ts):.0f} ms over {len(ts)} steps", flush=True)
                # Home: the saved game (a finished one: View opens its replay)
                page.click("#rp-close")
                page.wait_for_selector("#saved-list li.saved button.resume")
                page.screenshot(path=os.path.join(out, f"{tag}-home.png"))
                print(size, "home", p.check(), flush=True)
                if errors:
                    print("PAGE ERRORS", errors)
                context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
