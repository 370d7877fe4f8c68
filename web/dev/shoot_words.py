"""Dev tool: the screens of issue 58 (every word right in three languages) in each language and
size: today's Clans of Caledonia after its first round (the log, said to the player), a review
with its chart and a costly decision opened, and the record screen.

    python3 web/dev/shoot_words.py [outdir] [--langs ro,pt-BR] [--sizes phone,laptop]

Uses dist/ (built when stale, like the e2e tests).  Today's game is played through its first
round with random legal moves (as taps would play them); the review is the kept one of
tests/data/review/caledonia-solo.reviewed.json.
"""
from __future__ import annotations

import os
import random

from shots import ROOT, arguments, open_app, site_and_browser

# scrolling an element into view may scroll the page itself (a laptop's layout): put it back
UNSCROLL = "() => { window.scrollTo(0, 0); document.documentElement.scrollTop = 0; document.body.scrollTop = 0; }"
REVIEWED = ("window.cairn.review && window.cairn.review.complete && !window.cairn.review.running"
            " && window.cairn.review.shown > 0")


def first_round(page, seed=1):
    """Today's Caledonia from the home card, played until round 2 begins."""
    page.click("#daily-section .card[data-game=caledonia] .daily-go")
    page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.game === 'caledonia'")
    rnd = random.Random(seed)
    while True:
        s = page.evaluate("""(() => { const s = window.cairn.snapshot(); return {over: s.view.is_over,
          n: (s.legal || []).length, busy: window.cairn.busy, round: s.view.round,
          pass: (s.legal || []).findIndex((m) => m.type === 'pass')}; })()""")
        if s["over"] or (s["round"] or 1) >= 2:
            break
        if s["busy"] or not s["n"]:
            page.wait_for_timeout(20)
            continue
        i = rnd.randrange(s["n"]) if s["pass"] < 0 or rnd.random() < 0.85 else s["pass"]
        page.evaluate(f"window.cairn.play(window.cairn.snapshot().legal[{i}])")
    page.wait_for_function("!window.cairn.busy")


def shoot(browser, url, out, lang, size):
    shot = lambda page, name: page.screenshot(path=os.path.join(out, f"{lang}-{size}-{name}.png"))
    ctx, page, errors = open_app(browser, url, size, query=f"?fast=1&nosw=1&lang={lang}")
    page.evaluate("() => { for (const g of ['caledonia', 'glenmore', 'hunters']) localStorage.setItem('cairn:coached:' + g, '1'); }")
    first_round(page)
    if page.is_visible("#sheet-btn") and not page.evaluate("document.body.classList.contains('sheet-open')"):
        page.click("#sheet-btn")
    page.wait_for_timeout(400)
    page.evaluate("document.querySelector('#log').scrollTop = 1e9")
    shot(page, "1-today-round-1-log")
    # a review with its chart, then a costly decision opened
    page.click("#home-btn")
    page.set_input_files("#import-file", os.path.join(ROOT, "tests", "data", "review", "caledonia-solo.reviewed.json"))
    page.wait_for_function(REVIEWED, timeout=120_000)
    page.evaluate("document.getElementById('review').scrollIntoView()")
    page.evaluate(UNSCROLL)
    page.wait_for_timeout(300)
    shot(page, "2-review-chart")
    b = page.locator("#review .rv-costly button").first
    b.scroll_into_view_if_needed()
    b.click()
    page.wait_for_function("window.cairn.review.decision !== null && !window.cairn.replay.busy")
    page.wait_for_function("window.cairn.review.rings.some((w) => w !== null)", timeout=10_000)
    page.evaluate(UNSCROLL)
    page.wait_for_timeout(300)
    shot(page, "3-review-decision")
    # the record screen (the reviewed game and today's first try)
    page.click("#rv-back")
    page.click("#rp-close")
    page.wait_for_selector("#home:not([hidden])")
    page.click("#record-btn")
    page.wait_for_selector("#record .rc-game")
    page.wait_for_timeout(300)
    shot(page, "4-record")
    ctx.close()
    return errors


def main():
    args = arguments("words", langs="ro,pt-BR", sizes="phone,laptop").parse_args()
    os.makedirs(args.out, exist_ok=True)
    with site_and_browser() as (url, browser):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                errors = shoot(browser, url, args.out, lang, size)
                print(lang, size, "errors:", errors or "none")


if __name__ == "__main__":
    main()
