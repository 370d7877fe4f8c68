"""Dev tool: plays Glen More through the renderer harness in headless Chromium
with real pointer input (mouse on desktop, touch taps on a phone-sized page),
against the real engine behind serve.py (started here). Every canvas target and
choice button must be legal and must advance the game.

    python3 web/dev/play_glenmore.py [steps] [outdir]
"""
from __future__ import annotations

import json
import random
import sys

from playwright.sync_api import sync_playwright

from serve import serve_in_thread
from shots import launch

OPTIONS = """() => {
  const r = window.__renderer, s = window.__snap;
  const legal = new Set(s.legal.map(m => JSON.stringify(m)));
  const t = r.targets().map(x => ({kind: 'target', x: x.x, y: x.y, move: x.move, label: x.label}));
  const acts = r.hits.filter(h => h.act && !h.label.startsWith('Show') && !h.label.startsWith('Cancel'))
    .map(h => ({kind: 'act', x: h.x + h.w / 2, y: h.y + h.h / 2, label: h.label}));
  const c = window.__choices.map((x, i) => ({kind: 'choice', i, move: x.move, label: x.label}));
  const bad = [...t, ...c].filter(o => !legal.has(JSON.stringify(o.move)));
  return {ply: s.view.ply, phase: s.view.phase, over: s.view.is_over, options: [...t, ...acts, ...c],
          bad: bad.map(b => b.label), nlegal: s.legal.length};
}"""


def run(pw_browser, base, size, steps, seed, out):
    w, h, dpr, touch = size
    ctx = pw_browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=dpr,
                                 has_touch=touch, is_mobile=touch)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + f"&players={2 + seed % 4}&seed={seed}")
    page.wait_for_function("window.__snap && window.__snap.gid === 'dev'")
    rng = random.Random(seed)
    box = page.locator("#board").bounding_box()
    played = 0
    phases = set()
    for step in range(steps):
        st = page.evaluate(OPTIONS)
        assert not st["bad"], st["bad"]
        phases.add(st["phase"])
        if st["over"]:
            break
        opts = st["options"]
        assert opts or not st["nlegal"], f"no way to play at ply {st['ply']} ({st['phase']})"
        # prefer progress: sells only now and then
        pref = [o for o in opts if not o["label"].startswith("Sell")] or opts
        o = rng.choice(pref)
        before = page.evaluate("window.__played.length")
        if o["kind"] == "choice":
            n = page.locator("#choices button:not(.more)").count()
            assert n > o["i"], (n, o, page.evaluate("window.__choices.map(c => c.label)"))
            page.locator("#choices button:not(.more)").nth(o["i"]).click()
        else:
            x, y = box["x"] + o["x"], box["y"] + o["y"]
            if touch:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
        if o["kind"] == "act":
            page.wait_for_timeout(50)
            after = page.evaluate("window.__played.length")
            assert after == before, ("an act tap played a move", o, st["phase"], page.evaluate("window.__played.slice(-2)"), page.evaluate("window.__renderer.hits.map(h => [h.label, Math.round(h.x), Math.round(h.y), Math.round(h.w), Math.round(h.h)])"))
        else:
            page.wait_for_function(f"window.__played.length > {before}")
            page.wait_for_function(f"window.__snap.view.ply > {st['ply']}", timeout=5000)
            played += 1
        if step in (10, 60) and out:
            page.screenshot(path=f"{out}/live-{w}x{h}-{step}.png")
    print(f"{w}x{h}: played {played} moves, phases {sorted(phases)}, errors {errors[:3]}")
    ctx.close()
    return not errors


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    out = sys.argv[2] if len(sys.argv) > 2 else None
    ok = True
    url, server = serve_in_thread()
    with sync_playwright() as pw:
        b = launch(pw)
        for i, size in enumerate([(360, 640, 2, True), (1280, 800, 1, False)]):
            ok &= run(b, url + "?game=glenmore&live=1", size, steps, 1 + i, out)
        b.close()
    server.shutdown()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
