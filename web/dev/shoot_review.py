"""Dev tool: screenshots of a game's review (dist/, built if stale): the prepared finished
games (tests/data/review/, with their review kept, or without: --fresh) imported through the
page's import and reviewed; the chart, a costly decision opened, the record screen, at phone
and laptop sizes, in each language asked for.

    python3 web/dev/shoot_review.py [outdir] [--langs en,pt] [--sizes phone,laptop] [--games glenmore,...] [--fresh]
        [--data DIR]
"""
from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402

import play_helpers as ph  # noqa: E402
from shots import SIZES, arguments, launch, serve_site  # noqa: E402

DATA = os.path.join(ROOT, "tests", "data", "review")
WAIT_IDLE = "window.cairn.replay && window.cairn.replay.open && !window.cairn.replay.busy"


def main():
    ap = arguments("review", sizes="phone,laptop")
    ap.add_argument("--games", default="glenmore,hunters,caledonia,caledonia-solo")
    ap.add_argument("--fresh", action="store_true", help="the games without their review (reviewed in the page)")
    ap.add_argument("--data", default=DATA, help="where the games are (default tests/data/review)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    url, server = serve_site()
    with sync_playwright() as pw:
        browser = launch(pw)
        for lang in a.langs.split(","):
            for size in a.sizes.split(","):
                ctx = SIZES[size]
                context = browser.new_context(**ctx)
                page = context.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(url + f"?fast=1&lang={lang}")
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
                p = ph.Player(page, touch=bool(ctx.get("has_touch")))
                for game in a.games.split(","):
                    path = os.path.join(a.data, f"{game}{'' if a.fresh else '.reviewed'}.json")
                    page.set_input_files("#import-file", path)
                    page.wait_for_function(WAIT_IDLE, timeout=180_000)
                    page.wait_for_timeout(500)
                    tag = f"{game}-{size}-{lang}"
                    page.screenshot(path=os.path.join(a.out, f"{tag}-replay.png"))
                    print(tag, "replay", p.check(), flush=True)
                    shoot_review(page, p, a.out, tag)
                    page.click("#rp-close")
                    page.wait_for_selector("#saved-list li.saved")
                shoot_record(page, p, a.out, f"{size}-{lang}")
                if errors:
                    print("PAGE ERRORS", errors)
                context.close()
        browser.close()
    server.shutdown()


def shoot_review(page, p, out, tag):
    if not page.is_visible("#review"):
        if page.is_visible("#rp-sheet-btn") and not page.evaluate("document.body.classList.contains('rp-sheet-open')"):
            pass   # the Review button opens the sheet itself
        page.click("#rp-review-btn")
    page.wait_for_selector("#review canvas", timeout=30_000)
    page.wait_for_function("window.cairn.review && window.cairn.review.shown >= 3", timeout=120_000)
    page.wait_for_timeout(400)
    page.screenshot(path=os.path.join(out, f"{tag}-chart.png"))
    print(tag, "chart", p.check(), flush=True)
    # a decision of each kind the costliest list holds: a mark, a close call
    verdicts = {v["ply"]: v["mark"] for v in page.evaluate("window.cairn.review.verdicts()")}
    wanted = {}
    for b in page.query_selector_all("#review .rv-costly button"):
        ply = int(b.get_attribute("data-ply"))
        wanted.setdefault("close" if verdicts.get(ply) == "close" else "mark", ply)
    for kind, ply in wanted.items():
        if page.is_visible("#rv-back"):
            page.click("#rv-back")
        b = page.locator(f'#review .rv-costly button[data-ply="{ply}"]')
        b.scroll_into_view_if_needed()
        b.click()
        page.wait_for_function(f"window.cairn.review && window.cairn.review.decision === {ply} && !window.cairn.replay.busy")
        # scrolling the button into view may scroll the page itself (a laptop's layout): put it back
        page.evaluate("() => { window.scrollTo(0, 0); document.documentElement.scrollTop = 0; document.body.scrollTop = 0; }")
        page.wait_for_timeout(600)
        page.screenshot(path=os.path.join(out, f"{tag}-decision-{kind}.png"))
        print(tag, "decision", kind, verdicts.get(ply), p.check(), flush=True)


def shoot_record(page, p, out, tag):
    if not page.is_visible("#record-btn"):
        return
    page.click("#record-btn")
    page.wait_for_selector("#record:not([hidden])")
    page.wait_for_timeout(400)
    page.screenshot(path=os.path.join(out, f"record-{tag}.png"), full_page=True)
    print(tag, "record", p.check(), flush=True)


if __name__ == "__main__":
    main()
