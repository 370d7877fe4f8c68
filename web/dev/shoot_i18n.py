"""Dev tool: screenshots of the app shell in each language - the home screen
(with the new-game form open), a game against a bot after a few moves (dock,
turn line, choice bar), the scores & log sheet and the rules reference - at
phone (390x844) and, for one language, laptop size. Prints the widest element
when the page is wider than the screen (horizontal overflow).

    python3 web/dev/shoot_i18n.py [outdir] [--dist DIR] [--langs pt-BR,ro] [--game glenmore] [--small]

--small adds the 360x640 phone for every language.

dist/ is built first when stale (build/site.py), unless --dist names another
built site.
"""
from __future__ import annotations

import argparse
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

from playwright.sync_api import sync_playwright  # noqa: E402

from shots import LAPTOP, OVERFLOW_JS, PHONE, SMALL, launch, load_site  # noqa: E402


def play_a_few(page, moves=3):
    """A few human moves: the first canvas target, else the first choice button."""
    for _ in range(moves):
        page.wait_for_function("window.cairn.snapshot() && !window.cairn.busy")
        snap = page.evaluate("window.cairn.snapshot()")
        if snap["view"]["is_over"]:
            return
        before = snap["view"]["ply"]
        targets = page.evaluate("window.cairn.targets()")
        if targets:
            page.mouse.click(targets[0]["x"], targets[0]["y"])
        else:
            buttons = page.query_selector_all("#choices button.choice:not(.off)")
            if not buttons:
                return
            buttons[0].click()
        try:
            page.wait_for_function(f"window.cairn.snapshot().view.ply !== {before}", timeout=5000)
        except Exception:
            return


def shoot(browser, url, out, lang, size, ctx, game):
    context = browser.new_context(**ctx)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + f"?fast=1&lang={lang}")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    name = lambda what: os.path.join(out, f"{lang}-{size}-{what}.png")  # noqa: E731
    page.click(f"#game-list [data-game='{game}']")
    page.wait_for_selector("#newgame:not([hidden])")
    page.screenshot(path=name("home"), full_page=False)
    print(lang, size, "home overflow:", page.evaluate(OVERFLOW_JS), flush=True)
    page.click("#ng-start")
    page.wait_for_function("window.cairn.snapshot() !== null")
    try:
        page.click("#coach .skip", timeout=1500)
    except Exception:
        pass
    play_a_few(page)
    page.wait_for_timeout(600)
    page.screenshot(path=name("game"))
    print(lang, size, "game overflow:", page.evaluate(OVERFLOW_JS), flush=True)
    if page.is_visible("#sheet-btn"):
        page.click("#sheet-btn")
        page.wait_for_timeout(400)
        page.screenshot(path=name("sheet"))
        page.click("#sheet-btn")
    page.click("#help-btn")
    page.wait_for_selector("#help[open]")
    page.wait_for_timeout(300)
    page.screenshot(path=name("help"))
    print(lang, size, "errors:", errors, flush=True)
    context.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default="/tmp/i18nshots")
    ap.add_argument("--dist", default=None)
    ap.add_argument("--langs", default="pt-BR,ro")
    ap.add_argument("--game", default="glenmore")
    ap.add_argument("--small", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    site = load_site()
    dist = a.dist or site.DIST
    if not a.dist:
        site.ensure_built(dist)
    server = site.serve_in_thread(dist, 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    langs = a.langs.split(",")
    with sync_playwright() as pw:
        browser = launch(pw)
        for lang in langs:
            shoot(browser, url, a.out, lang, "phone", PHONE, a.game)
            if a.small:
                shoot(browser, url, a.out, lang, "small", SMALL, a.game)
        shoot(browser, url, a.out, langs[0], "laptop", LAPTOP, a.game)
        browser.close()
    server.shutdown()
    print("screenshots in", a.out)


if __name__ == "__main__":
    main()
