"""Dev tool: Clans of Caledonia's pieces in the built app (dist/) on a phone (390x844) and a
laptop (1366x768): the starting workers offered on the map (each space's choice drawn as the
units' pictograms), the map and the players' boards after a few rounds, the market and the
help's legend of pieces. Complements web/dev/pictograms.html (every piece at 16/24/32 px) and
web/dev/shoot_compare.py (a 4-player map late in the game).

    .venv/bin/python build/site.py && .venv/bin/python web/dev/shoot_pieces.py [outdir]
"""
from __future__ import annotations

import os
import sys

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from caledonia_drive import CaledoniaPlayer  # noqa: E402
from shots import LAPTOP, PHONE, launch, serve_site  # noqa: E402


def shots(browser, url, out, name, ctx):
    context = browser.new_context(**ctx)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "?fast=1&nosw=1&lang=en")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    p = CaledoniaPlayer(page, touch=bool(ctx.get("has_touch")))
    p.start(["human", "automa:3"], seed=21)

    def shot(step):
        page.wait_for_timeout(300)
        path = os.path.join(out, f"{name}-{step}.png")
        page.screenshot(path=path)
        print(path, errors[-2:] if errors else "", flush=True)

    p.wait_human()
    p.dismiss_coach()
    p.play("pass", until=lambda s: any(m["type"] == "start_worker" for m in s["legal"]))
    p.tab("map")
    shot("1-start-workers")
    p.play(["expand", "expand", "trade"], until=lambda s: s["view"]["round"] >= 3)
    p.tab("map")
    shot("2-map-round3")
    p.tab("players")
    shot("3-players")
    p.tab("market")
    shot("4-market")
    p.tab("export")
    shot("5-exports")
    p.tap_el(page.query_selector("#help-btn"))
    page.wait_for_selector("#help[open]")
    page.evaluate("""() => { const li = [...document.querySelectorAll('#help-body li')].find((l) => l.querySelector('img'));
                             if (li) li.scrollIntoView({block: 'center'}); }""")
    shot("6-help")
    context.close()
    return errors


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "out", "pieces")
    os.makedirs(out, exist_ok=True)
    url, server = serve_site()
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for name, ctx in (("phone", PHONE), ("laptop", LAPTOP)):
                errors = shots(browser, url, out, name, ctx)
                if errors:
                    print(name, "page errors:", errors)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
