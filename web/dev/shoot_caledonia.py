"""Dev tool: screenshots of Clans of Caledonia in the built app (dist/) at phone and laptop
sizes - the clan choice, the map at the start, a placement with its costs, the market with a
good chosen, the export board, the players' boards mid-game and the final table - all reached
by tapping (web/dev/caledonia_drive.py); then the time bot and solo-opponent moves take in
the browser (Pyodide in the worker), next to the other games' bots.

    python3 build/site.py && python3 web/dev/shoot_caledonia.py [outdir] [--no-shots] [--no-timing] [--only=phone,small,laptop]
"""
from __future__ import annotations

import importlib.util
import os
import sys

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from caledonia_drive import CaledoniaPlayer  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SIZES = {"phone": (390, 844, True), "small": (360, 640, True), "laptop": (1366, 768, False)}
SEATS = {"phone": ["human"], "small": ["human", "automa:3"], "laptop": ["human", "automa:3"]}

TIMING_JS = """async ([game, players, n]) => {
  const e = window.cairn.engine, gid = 'timing-' + game + Math.random();
  await e.request('new', {gid, game, players, seed: 3});
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const s = await e.request('bot', {gid});
    ms.push(performance.now() - t);
    if (s.view.is_over) break;
  }
  await e.request('close', {gid});
  ms.sort((a, b) => a - b);
  return {moves: ms.length, median: ms[ms.length >> 1], mean: ms.reduce((a, b) => a + b, 0) / ms.length, max: ms[ms.length - 1]};
}"""


def serve():
    spec = importlib.util.spec_from_file_location("site", os.path.join(ROOT, "build", "site.py"))
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    site.ensure_built(site.DIST)
    srv = site.serve_in_thread(site.DIST, 0)
    return f"http://127.0.0.1:{srv.server_address[1]}/"


def shots(browser, url, out):
    only = [a[7:] for a in sys.argv if a.startswith("--only=")]
    for size, (w, h, touch) in SIZES.items():
        if only and size not in only[0].split(","):
            continue
        ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch,
                                  device_scale_factor=1)
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "?fast=1&nosw=1")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        p = CaledoniaPlayer(page, touch=touch)
        p.start(SEATS[size], seed=21)

        def shot(name):
            page.wait_for_timeout(250)
            path = os.path.join(out, f"{size}-{name}.png")
            page.screenshot(path=path)
            print(size, name, path, errors[-2:] if errors else "")

        p.wait_human()
        shot("1-clans")
        p.play("pass", until=lambda s: s["view"]["phase"] == "actions")
        p.tab("map")
        shot("2-map-start")
        # expand: choose the unit, then the highlighted spaces show their total cost
        before = p.ply()
        if p.press("", group="Expand") and p.played(before):
            p.wait_idle()
            shot("3-place")
            p.place(p.ply())
            p.play("pass", until=lambda s: not s["view"]["pending"])
        p.tab("market")
        goods = [t for t in p.targets("good")]
        if goods:
            p.tap_target(goods[0])
        shot("4-market")
        p.play(["trade", "contract"], until=lambda s: s["view"]["round"] >= 3)
        p.tab("export")
        shot("5-export")
        p.tab("players")
        shot("6-players")
        p.tab("map")
        shot("7-map-mid")
        p.play("pass")
        page.wait_for_timeout(300)
        if page.evaluate("document.body.classList.contains('sheet-open')") and page.is_visible("#sheet-btn"):
            page.click("#sheet-btn")   # the phone's sheet opens on the final table: close it to see the board's
        shot("8-final")
        ctx.close()


def timing(browser, url):
    page = browser.new_page()
    page.goto(url + "?fast=1&nosw=1")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    cases = [
        ("caledonia", [{"kind": "human"}, {"kind": "automa", "level": "3"}], "solo opponent (automa)", 0),
        ("caledonia", [{"kind": "bot", "level": "easy"}] * 2, "bot easy", 60),
        ("caledonia", [{"kind": "bot", "level": "medium"}] * 2, "bot medium", 30),
        ("glenmore", [{"kind": "bot", "level": "medium"}] * 2, "bot medium", 30),
        ("hunters", [{"kind": "bot", "level": "medium"}] * 2, "bot medium", 30),
    ]
    for game, players, what, n in cases:
        if n == 0:
            # the solo opponent moves only on its turns: play the human's moves as passes
            r = page.evaluate("""async () => {
              const e = window.cairn.engine, gid = 'timing-automa';
              let s = await e.request('new', {gid, game: 'caledonia', players: [{kind: 'human'}, {kind: 'automa', level: '3'}], seed: 3});
              const ms = [];
              while (!s.view.is_over) {
                if (s.view.seats[s.view.current_player].kind === 'automa') {
                  const t = performance.now();
                  s = await e.request('bot', {gid});
                  ms.push(performance.now() - t);
                } else {
                  const m = s.legal.find((m) => m.type === 'pass') || s.legal[0];
                  s = await e.request('play', {gid, move: m});
                }
              }
              ms.sort((a, b) => a - b);
              return {moves: ms.length, median: ms[ms.length >> 1], mean: ms.reduce((a, b) => a + b, 0) / ms.length, max: ms[ms.length - 1]};
            }""")
        else:
            r = page.evaluate(TIMING_JS, [game, players, n])
        print(f"{game:10s} {what:24s} moves {r['moves']:3d}  median {r['median']:6.0f} ms  mean {r['mean']:6.0f} ms  max {r['max']:6.0f} ms")
    page.close()


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    out = args[0] if args else "/tmp/caledonia-shots"
    os.makedirs(out, exist_ok=True)
    url = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        if "--no-shots" not in sys.argv:
            shots(browser, url, out)
        if "--no-timing" not in sys.argv:
            timing(browser, url)
        browser.close()


if __name__ == "__main__":
    main()
