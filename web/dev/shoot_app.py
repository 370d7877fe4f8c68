"""Dev tool: screenshots of the real app (dist/, built if stale) playing each
game against a bot at phone and laptop sizes: start, mid-game and end.
The human's moves are taps on the board or the choice bar (the first target
offered); the middle of the game is skipped by importing a save played by
the engine's bots, like the e2e tests do.

    SHOOT_SIZES=phone,laptop python3 web/dev/shoot_app.py [outdir] [glenmore|hunters ...]
"""
from __future__ import annotations

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402
from shots import serve_site  # noqa: E402

import play_helpers as ph  # noqa: E402

SIZES = {"phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2),
         "small": dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2),
         "laptop": dict(viewport={"width": 1366, "height": 768})}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def load_site():
    spec = importlib.util.spec_from_file_location("site_builder", os.path.join(ROOT, "build", "site.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/appshots"
    games = sys.argv[2:] or ["glenmore", "hunters"]
    os.makedirs(out, exist_ok=True)
    url, server = serve_site()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        sizes = os.environ.get("SHOOT_SIZES", ",".join(SIZES)).split(",")
        for size, ctx in SIZES.items():
            if size not in sizes:
                continue
            for game in games:
                context = browser.new_context(**ctx)
                page = context.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(url + "?fast=1")
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
                p = ph.Player(page, touch=bool(ctx.get("has_touch")))
                print(size, game, "start", flush=True)
                p.start(game, seed=7)
                page.screenshot(path=os.path.join(out, f"{game}-{size}-1start.png"))
                p.dismiss_coach()
                p.tap_el(page.query_selector("#help-btn"))
                page.wait_for_selector("#help[open]")
                page.wait_for_timeout(200)
                page.screenshot(path=os.path.join(out, f"{game}-{size}-1help.png"))
                p.tap_el(page.query_selector("#help-close"))
                for _ in range(4):
                    p.human_move()
                page.screenshot(path=os.path.join(out, f"{game}-{size}-2early.png"))
                if size != "small" and page.is_visible("#sheet-btn"):
                    p.tap_el(page.query_selector("#sheet-btn"))
                    page.wait_for_timeout(300)
                    page.screenshot(path=os.path.join(out, f"{game}-{size}-3sheet.png"))
                    p.close_sheet()
                print(size, game, "import", flush=True)
                p.import_near_end(game, seed=7, left=3, tmpdir=out)
                p.play_to_end()
                page.wait_for_timeout(300)
                page.screenshot(path=os.path.join(out, f"{game}-{size}-4end-moment.png"))
                if page.is_visible("#moment"):
                    p.tap_el(page.query_selector("#moment"))
                page.wait_for_timeout(400)
                page.screenshot(path=os.path.join(out, f"{game}-{size}-4end.png"))
                p.close_sheet()
                page.screenshot(path=os.path.join(out, f"{game}-{size}-5board-end.png"))
                print(size, game, "errors:", errors[:3], "problems:", p.problems()[:5])
                context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
