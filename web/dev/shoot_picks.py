"""Dev tool: screenshots of the guided picks on a phone (390x844, touch):
Glen More's Fair (many ways to hand in goods: first how many kinds, then
which) and paying a cost in one tap. Positions come from random games of
the engine, imported into the real app.

    python3 web/dev/shoot_picks.py [outdir]
"""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))
sys.path.insert(0, HERE)

from playwright.sync_api import sync_playwright  # noqa: E402

from cairn import new_game  # noqa: E402
from cairn.bots import choose_move  # noqa: E402
from shots import SIZES, launch, serve_site  # noqa: E402

SEATS = [{"kind": "human", "name": "Ailsa"}, {"kind": "bot", "level": "random", "name": "Bot 2"}]


def find_position(want, seed0=1):
    """A save (human seat to move) where want(game) holds, from random games."""
    for seed in range(seed0, seed0 + 400):
        g = new_game("glenmore", players=SEATS, seed=seed)
        while not g.is_over:
            if g.current_player == 0 and want(g):
                return g.to_save()
            g.play(choose_move(g, "random"))
    raise SystemExit("no such position found")


def fair(g):
    opts = [m for m in g.legal_moves() if m["type"] == "activate" and "use" in m]
    return len(opts) > 6


def pay(g):
    v = g.view()
    return v["phase"] == "pay" and len((v.get("pending") or {}).get("needs", [])) >= 2 and any(
        m["type"] == "pay" and isinstance(m.get("from"), list) for m in g.legal_moves())


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/picks"
    os.makedirs(out, exist_ok=True)
    url, server = serve_site()
    with sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_context(**SIZES["phone"]).new_page()
        page.goto(url + "?nosw")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        page.evaluate("localStorage.setItem('cairn:coached:glenmore', '1')")
        for name, want in (("fair", fair), ("pay", pay)):
            save = find_position(want)
            path = os.path.join(out, f"{name}.cairn.json")
            with open(path, "w") as f:
                json.dump(save, f)
            page.set_input_files("#import-file", path)
            page.wait_for_function("window.cairn.snapshot() && !window.cairn.busy")
            page.wait_for_timeout(300)
            if name == "fair":
                key = page.evaluate("""() => { const s = window.cairn.snapshot();
                    const m = s.legal.filter(m => m.type === 'activate' && m.use);
                    const k = {}; for (const x of m) k[x.tile.join(',')] = (k[x.tile.join(',')] || 0) + 1;
                    return Object.entries(k).sort((a, b) => b[1] - a[1])[0][0]; }""")
                page.evaluate(f"window.cairn.renderer.openTile('{key}')")
                page.wait_for_timeout(200)
                page.screenshot(path=os.path.join(out, "fair-1groups.png"))
                print("groups:", page.inner_text("#choices .pick"))
                page.tap("#choices .pick button.group >> nth=-1")
                page.wait_for_timeout(200)
                page.screenshot(path=os.path.join(out, "fair-2ways.png"))
                print("ways:", page.inner_text("#choices .pick"))
            else:
                page.screenshot(path=os.path.join(out, "pay.png"))
                print("pay:", page.inner_text("#choices"))
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
