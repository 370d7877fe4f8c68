"""Dev tool: screenshots of the real app (dist/, built if stale) playing Glen More or Hunters
against a bot, in one or more languages, at phone, small phone and laptop sizes: the home
screen with the new-game form, the start, the rules reference, a few moves in, a tile's
details (Glen More: tap and hold), a few more moves, the scores & log sheet and the end.
The human's moves are taps on the board or the choice bar (the first target offered); the
middle of the game is skipped by importing a save played by the engine's bots, like the e2e
tests do.  Prints the problems the e2e helpers find (canvas text under 11 CSS px, small
targets, page errors) and any horizontal overflow.

    python3 web/dev/shoot_app.py [outdir] [--games glenmore,hunters] [--langs en,pt-BR,ro]
                                 [--sizes phone,small,laptop] [--dist DIR]

--dist serves another built site instead of dist/.
"""
from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from shots import OVERFLOW_JS, SIZES, arguments, open_app, site_and_browser  # noqa: E402

import play_helpers as ph  # noqa: E402


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


def shoot(browser, url, out, game, lang, size):
    context, page, errors = open_app(browser, url, size, f"?fast=1&nosw=1&lang={lang}")
    p = ph.Player(page, touch=bool(SIZES[size].get("has_touch")))

    def shot(step):
        page.screenshot(path=os.path.join(out, f"{game}-{lang}-{size}-{step}.png"))

    def tap(sel, wait=300):
        """Tap ``sel`` when it shows; True when it did."""
        if not page.is_visible(sel):
            return False
        p.tap_el(page.query_selector(sel))
        page.wait_for_timeout(wait)
        return True

    page.click(f"#game-list [data-game='{game}']")
    page.wait_for_selector("#newgame:not([hidden])")
    shot("0home")
    print(game, lang, size, "home overflow:", page.evaluate(OVERFLOW_JS), flush=True)
    p.start(game, seed=7)
    shot("1start")
    p.dismiss_coach()
    tap("#help-btn", 200)
    page.wait_for_selector("#help[open]")
    shot("1help")
    tap("#help-close", 0)
    for _ in range(4):
        p.human_move()
    shot("2early")
    if game == "glenmore" and hold_tile(page):
        page.wait_for_timeout(200)
        shot("2tip")
    for _ in range(3):
        p.human_move()
    shot("3mid")
    if tap("#sheet-btn"):
        shot("3sheet")
        p.close_sheet()
    print(game, lang, size, "import", flush=True)
    p.import_near_end(game, seed=7, left=3, tmpdir=out)
    p.play_to_end()
    page.wait_for_timeout(300)
    shot("4end-moment")
    tap("#moment", 400)
    shot("4end")
    p.close_sheet()
    shot("5board-end")
    print(game, lang, size, "errors:", errors[:3], "problems:", p.problems()[:5],
          "overflow:", page.evaluate(OVERFLOW_JS), flush=True)
    context.close()


def main():
    ap = arguments("app")
    ap.add_argument("--games", default="glenmore,hunters")
    ap.add_argument("--dist", default=None, help="another built site to serve")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with site_and_browser(a.dist) as (url, browser):
        for size in a.sizes.split(","):
            for game in a.games.split(","):
                for lang in a.langs.split(","):
                    shoot(browser, url, a.out, game, lang, size)
    print("screenshots in", a.out)


if __name__ == "__main__":
    main()
