"""Screenshots of keyboard play and the High contrast option (issue 21): each
game on a phone (390x844) and a laptop (1366x768), the board focused from the
keyboard (B, then an arrow: the ring on a place), with and without High
contrast; the home screen and the help's Keyboard section too.

    python web/dev/shoot_access.py [OUT_DIR]     (default web/dev/out/access)
"""
from __future__ import annotations

import os
import sys

from playwright.sync_api import sync_playwright

from shots import LAPTOP, PHONE, ROOT, launch, serve_site

GAMES = ("glenmore", "hunters", "caledonia")


def main(out):
    os.makedirs(out, exist_ok=True)
    url, server = serve_site()
    with sync_playwright() as pw:
        browser = launch(pw)
        for size, ctx in (("phone", PHONE), ("laptop", LAPTOP)):
            for contrast in ("normal", "high"):
                context = browser.new_context(**ctx)
                page = context.new_page()
                page.goto(url + "?fast=1&nosw")
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
                page.evaluate(f"""localStorage.setItem('cairn.contrast', '{contrast}');
                  for (const g of {list(GAMES)!r}) localStorage.setItem('cairn:coached:' + g, '1')""")
                page.reload()
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
                page.wait_for_selector("#game-list [data-game]")
                page.screenshot(path=os.path.join(out, f"home-{size}-{contrast}.png"))
                for game in GAMES:
                    if page.is_visible("#home-btn"):
                        page.click("#home-btn")
                    page.click(f"#game-list [data-game='{game}']")
                    page.select_option("#ng-count", "2")
                    page.query_selector_all("#ng-seats .seat-kind")[1].select_option("bot:random")
                    page.evaluate("const m = document.getElementById('ng-more'); if (m) m.open = true")   # the seed may be under More
                    page.fill("#ng-seed", "5")
                    page.click("#ng-start")
                    page.wait_for_function("window.cairn.snapshot() && !window.cairn.busy")
                    page.wait_for_timeout(600)
                    page.keyboard.press("b")
                    page.keyboard.press("ArrowRight")
                    page.wait_for_timeout(250)
                    page.screenshot(path=os.path.join(out, f"{game}-{size}-{contrast}-focus.png"))
                    if game == "glenmore":
                        page.keyboard.press("c")   # a control with the focus ring (the first choice, else nothing)
                        page.focus("#undo")
                        page.keyboard.press("Tab")
                        page.keyboard.press("Shift+Tab")
                        page.wait_for_timeout(150)
                        page.screenshot(path=os.path.join(out, f"{game}-{size}-{contrast}-focus-button.png"))
                if contrast == "normal":
                    page.keyboard.press("?")
                    page.wait_for_selector("#help[open]")
                    page.evaluate("document.querySelector('#help-body section:last-of-type').scrollIntoView()")
                    page.wait_for_timeout(200)
                    page.screenshot(path=os.path.join(out, f"help-keys-{size}.png"))
                context.close()
        browser.close()
    server.shutdown()
    print("screenshots in", out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "web", "dev", "out", "access"))
