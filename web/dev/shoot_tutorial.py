"""Screenshots of Learn to play (issue 32): each game's tutorial on a phone
(390x844, touch) and a laptop (1366x768), at its first step, a middle step and
its end (followed by tapping only what is lit, as e2e/test_tutorial.py does);
the home screen's Learn to play row; a hint in each game.

    python web/dev/shoot_tutorial.py [OUT_DIR] [--langs en,pt-BR,ro] [--sizes phone,laptop]
    (default web/dev/out/tutorial)
"""
from __future__ import annotations

import os
import sys

from shots import arguments, open_app, site_and_browser

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "e2e"))
from learn_helpers import STATE, follow_step, wait_learner  # noqa: E402

GAMES = ("glenmore", "hunters", "caledonia")


def main():
    args = arguments("tutorial", sizes="phone,laptop").parse_args()
    os.makedirs(args.out, exist_ok=True)
    with site_and_browser() as (url, browser):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                context, page, errors = open_app(browser, url, size, query=f"?fast=1&nosw=1&lang={lang}")
                touch = size != "laptop"
                page.wait_for_selector("#learn-section button.learn")
                page.screenshot(path=os.path.join(args.out, f"{lang}-{size}-home.png"))
                for game in GAMES:
                    if page.is_visible("#home-btn"):
                        page.click("#home-btn")
                    page.click(f"#learn-section button[data-game='{game}']")
                    wait_learner(page)
                    total = int(page.inner_text("#tutor .tut-step").split()[-1]) if lang == "en" else None
                    steps = 0
                    while True:
                        wait_learner(page)
                        st = page.evaluate(STATE)
                        if st["ended"]:
                            page.wait_for_timeout(400)
                            page.screenshot(path=os.path.join(args.out, f"{lang}-{size}-{game}-end.png"))
                            break
                        if steps in (0, (total or 16) // 2):
                            page.wait_for_timeout(300)
                            page.screenshot(path=os.path.join(args.out, f"{lang}-{size}-{game}-step{steps + 1}.png"))
                        follow_step(page, touch)
                        steps += 1
                    # a real game with hints on, from the end card
                    page.click("#tutor .tut-real")
                    page.wait_for_function("!document.getElementById('hint-card').hidden", timeout=60_000)
                    page.wait_for_timeout(400)
                    page.screenshot(path=os.path.join(args.out, f"{lang}-{size}-{game}-hint.png"))
                print(lang, size, "errors:", errors)
                context.close()


if __name__ == "__main__":
    main()
