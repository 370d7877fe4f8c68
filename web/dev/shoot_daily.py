"""Dev tool: screenshots of today's game (web/js/daily.js) in each size and language:
the home section, a finished game's actions, the share dialog, an opened result link
(verified, and a refused one), the results board with Your days.

    python3 web/dev/shoot_daily.py [outdir] [--langs en,pt,ro] [--sizes phone,small,laptop]

Uses dist/ (built when stale, like the e2e tests).  Clans of Caledonia's solo deal is
played to the end with random legal moves (as taps would play them).
"""
from __future__ import annotations

import os
import random

from shots import OVERFLOW_JS, SIZES, arguments, open_app, site_and_browser  # noqa: E402


def play_out(page, game="caledonia", seed=1):
    page.click(f"#daily-section .card[data-game={game}] .daily-go")
    page.wait_for_function(f"window.cairn.snapshot() && window.cairn.snapshot().view.game === '{game}'")
    rnd = random.Random(seed)
    while True:
        s = page.evaluate("(() => { const s = window.cairn.snapshot(); return {over: s.view.is_over, n: (s.legal || []).length, busy: window.cairn.busy}; })()")
        if s["over"]:
            break
        if s["busy"] or not s["n"]:
            page.wait_for_timeout(20)
            continue
        page.evaluate(f"window.cairn.play(window.cairn.snapshot().legal[{rnd.randrange(s['n'])}])")
    page.wait_for_selector("#daily-share", state="visible")


def shoot(browser, url, out, lang, size):
    shot = lambda page, name: page.screenshot(path=os.path.join(out, f"{lang}-{size}-{name}.png"))
    ctx, page, errors = open_app(browser, url, size, query=f"?fast=1&nosw=1&lang={lang}")
    shot(page, "1-home")
    play_out(page)
    page.evaluate("document.body.classList.add('sheet-open')")
    shot(page, "2-game-over")
    page.click("#daily-share")
    page.fill("#daily-name", "Ana Maria")
    page.dispatch_event("#daily-name", "change")
    page.wait_for_timeout(500)
    shot(page, "3-share")
    link = page.input_value("#daily-link")
    ctx.close()
    ctx, page, errors2 = open_app(browser, url, size, query=f"?fast=1&nosw=1&lang={lang}")
    play_out(page, seed=2)
    page.goto(link.replace("index.html#", f"index.html?fast=1&nosw=1&lang={lang}#"))
    page.wait_for_selector("#daily-open[data-state]", timeout=120_000)
    shot(page, "4-opened")
    page.click("#daily-open-board")
    shot(page, "5-board")
    page.evaluate("document.querySelector('#daily-days').scrollIntoView()")
    shot(page, "6-your-days")
    page.click("#daily-board-close")
    page.goto(link[:-6].replace("index.html#", f"index.html?fast=1&nosw=1&lang={lang}#"))
    page.wait_for_selector("#daily-open[data-state]", timeout=120_000)
    shot(page, "7-refused")
    wide = page.evaluate(OVERFLOW_JS)
    ctx.close()
    return errors + errors2 + [f"sideways: {w}" for w in wide]


def main():
    args = arguments("daily", langs="en,pt,ro").parse_args()
    os.makedirs(args.out, exist_ok=True)
    with site_and_browser() as (url, browser):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                assert size in SIZES, size
                problems = shoot(browser, url, args.out, lang, size)
                print(lang, size, "ok" if not problems else problems)


if __name__ == "__main__":
    main()
