"""Dev tool: screenshots of a Glen More game in Portuguese (Brazil) and
Romanian at phone sizes (390x844 and 360x640): the start, the rules
reference, a few moves in, a tile's details (tap and hold), the scores & log
sheet and the end. Prints the problems the e2e helpers find (canvas text
under 11 CSS px, small targets, page errors) and any horizontal overflow.

    python3 web/dev/shoot_glenmore_i18n.py [outdir] [--langs pt,ro] [--sizes phone,small]

dist/ is built first when stale (build/site.py).
"""
from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402

from shots import LAPTOP, OVERFLOW_JS, PHONE, SMALL, launch, serve_site  # noqa: E402

import play_helpers as ph  # noqa: E402

SIZES = {"phone": PHONE,
         "small": SMALL,
         "laptop": LAPTOP}


def hold_tile(page):
    """Tap and hold a tile of the shown estate (the one nearest its centre) for its details tip."""
    info = page.evaluate("window.cairn.layout ? window.cairn.layout() : null")
    own = info and info.get("own")   # page coordinates
    if not own:
        return False
    x, y = own["left"] + own["width"] / 2, own["top"] + own["height"] / 2
    opts = {"clientX": x, "clientY": y, "pointerId": 7, "pointerType": "touch", "bubbles": True}
    page.dispatch_event("canvas", "pointerdown", opts)
    page.wait_for_timeout(700)
    page.dispatch_event("canvas", "pointerup", opts)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default="/tmp/gm_i18n")
    ap.add_argument("--langs", default="pt,ro")
    ap.add_argument("--sizes", default="phone,small")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    url, server = serve_site()
    with sync_playwright() as pw:
        browser = launch(pw)
        for size in args.sizes.split(","):
            ctx = SIZES[size]
            for lang in args.langs.split(","):
                context = browser.new_context(**ctx)
                page = context.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(url + f"?fast=1&lang={lang}")
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=400_000)
                name = lambda step: os.path.join(args.out, f"glenmore-{lang}-{size}-{step}.png")  # noqa: E731
                p = ph.Player(page, touch=bool(ctx.get("has_touch")))
                print(size, lang, "start", flush=True)
                p.start("glenmore", seed=7)
                page.screenshot(path=name("1start"))
                p.dismiss_coach()
                p.tap_el(page.query_selector("#help-btn"))
                page.wait_for_selector("#help[open]")
                page.wait_for_timeout(200)
                page.screenshot(path=name("1help"))
                p.tap_el(page.query_selector("#help-close"))
                for _ in range(4):
                    p.human_move()
                page.screenshot(path=name("2early"))
                if hold_tile(page):
                    page.wait_for_timeout(200)
                    page.screenshot(path=name("2tip"))
                for _ in range(3):
                    p.human_move()
                page.screenshot(path=name("3mid"))
                if page.is_visible("#sheet-btn"):
                    p.tap_el(page.query_selector("#sheet-btn"))
                    page.wait_for_timeout(300)
                    page.screenshot(path=name("3sheet"))
                    p.close_sheet()
                print(size, lang, "import", flush=True)
                p.import_near_end("glenmore", seed=7, left=3, tmpdir=args.out)
                p.play_to_end()
                page.wait_for_timeout(300)
                if page.is_visible("#moment"):
                    p.tap_el(page.query_selector("#moment"))
                page.wait_for_timeout(400)
                page.screenshot(path=name("4end"))
                p.close_sheet()
                page.screenshot(path=name("5board-end"))
                print(size, lang, "errors:", errors[:3], "problems:", p.problems()[:5],
                      "overflow:", page.evaluate(OVERFLOW_JS), flush=True)
                context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
