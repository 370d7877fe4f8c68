"""Screenshots of each game on a small phone (issue 48): set-up, a bot's move just
played (the strip and the board's marks; its chip tapped), a mid-game turn, an
open choice group (or a place chosen), the tutorial's end card.

    python web/dev/shoot_phone.py [OUT_DIR] [--langs en,ro] [--sizes small]
    (default web/dev/out/phone)
"""
from __future__ import annotations

import os
import sys
import tempfile

from shots import arguments, open_app, site_and_browser

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "e2e"))
from layout_screens import Walk, saved_game  # noqa: E402
from learn_helpers import STATE, follow_step, wait_learner  # noqa: E402
from play_helpers import Player  # noqa: E402

GAMES = ("glenmore", "hunters", "caledonia")


def main():
    args = arguments("phone", langs="en,ro", sizes="small").parse_args()
    os.makedirs(args.out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    with site_and_browser() as (url, browser):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                context, page, errors = open_app(browser, url, size, query=f"?fast=1&nosw=1&lang={lang}")
                w = Walk(None, Player(page, touch=size != "laptop"), tmp)
                shot = lambda name: page.screenshot(path=os.path.join(args.out, f"{lang}-{size}-{name}.png"))  # noqa: E731
                for game in GAMES:
                    w.home()
                    w.tap(f"#game-list [data-game='{game}']")
                    page.select_option("#ng-count", "2")
                    page.query_selector_all("#ng-seats .seat-kind")[1].select_option("bot:easy")
                    w.tap("#ng-start")
                    w.idle()
                    page.wait_for_timeout(300)
                    shot(f"{game}-1-setup")
                    w.p.dismiss_coach()
                    for _ in range(40):   # the person's moves until the bot has moved
                        w.move()
                        if page.evaluate("document.querySelectorAll('#recent .recent-chip').length > 0"):
                            break
                    page.wait_for_timeout(300)
                    shot(f"{game}-2-bot-move")
                    chips = page.query_selector_all("#recent .recent-chip")
                    if chips:
                        w.p.tap_el(chips[0])
                        page.wait_for_timeout(300)
                        shot(f"{game}-3-bot-move-chip-tapped")
                    w.import_save(saved_game(game, 5, 0.5, tmp))
                    w.idle()
                    page.wait_for_timeout(300)
                    shot(f"{game}-4-mid-game")
                    group = page.query_selector("#choices button.group")
                    if group:
                        w.p.tap_el(group)
                    else:
                        t = page.evaluate("""() => { const R = window.cairn.renderer, r = R.canvas.getBoundingClientRect();
                          const ts = R.targets().filter(t => t.move); return ts.length ? [ts[0].x + r.left, ts[0].y + r.top] : null; }""")
                        if t:
                            w.p.tap(*t)
                    page.wait_for_timeout(300)
                    shot(f"{game}-5-choices-open")
                    # the tutorial's end
                    w.home()
                    w.tap(f"#learn-section button[data-game='{game}']")
                    while True:
                        wait_learner(page)
                        if page.evaluate(STATE)["ended"]:
                            break
                        follow_step(page, w.p.touch)
                    page.wait_for_timeout(300)
                    shot(f"{game}-6-tutorial-end")
                print(lang, size, "errors:", errors)
                context.close()


if __name__ == "__main__":
    main()
