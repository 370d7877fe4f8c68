"""Screenshots of a small phone read at a glance (issue 57), in each language asked:
the home screen of a first visit, Caledonia's set-up at the whole-map view, a Caledonia main
turn with its choices (the list open, the Expand list open), Glen More's chain and own display
mid-game.

    python web/dev/shoot_glance.py [OUT_DIR] [--langs ro] [--sizes small]
    (default web/dev/out/glance)
"""
from __future__ import annotations

import os
import sys
import tempfile

from shots import arguments, open_app, site_and_browser

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "e2e"))
from layout_screens import Walk, saved_game  # noqa: E402
from play_helpers import Player  # noqa: E402

# follow the open tutorial by its light up to the learner's step ``upto``
FOLLOW = """async (upto) => {
  const idle = () => new Promise((r) => { const w = () => { const s = window.cairn.snapshot(); const c = document.getElementById('tutor');
    if (s && !window.cairn.busy && !c.hidden && (c.querySelector('.tut-real') || window.cairn.spotlight.move)) r(); else setTimeout(w, 10); }; w(); });
  for (let step = 1; step < 80; step++) {
    await idle();
    if (upto && step >= upto) return step;
    await window.cairn.play(window.cairn.spotlight.move);
  }
}"""
# the board's place (or control) whose label matches, in page px
TARGET = """(re) => { const R = window.cairn.renderer, r = R.canvas.getBoundingClientRect();
  const t = R.targets({all: true}).find((t) => new RegExp(re).test(t.label || ''));
  return t ? [t.x + r.left, t.y + r.top] : null; }"""


def main():
    args = arguments("glance", langs="ro", sizes="small").parse_args()
    os.makedirs(args.out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    with site_and_browser(os.environ.get("CAIRN_DIST")) as (url, browser):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                context, page, errors = open_app(browser, url, size, query=f"?fast=1&nosw=1&lang={lang}")
                p = Player(page, touch=size != "laptop")
                w = Walk(None, p, tmp)
                shot = lambda name: page.screenshot(path=os.path.join(args.out, f"{lang}-{size}-{name}.png"))  # noqa: E731
                page.wait_for_selector("#learn-section button.learn")
                page.wait_for_timeout(300)
                shot("1-home-first-visit")
                # Caledonia's set-up, the whole map
                w.tap("#game-list [data-game='caledonia']")
                page.select_option("#ng-count", "2")
                page.query_selector_all("#ng-seats .seat-kind")[1].select_option("bot:easy")
                w.tap("#ng-start")
                w.idle()
                p.dismiss_coach()
                for _ in range(8):   # the clans picked (the first offer): the starting workers
                    if page.evaluate("window.cairn.snapshot().legal.some((m) => m.type === 'start_worker')"):
                        break
                    page.evaluate("window.cairn.play(window.cairn.snapshot().legal[0])")
                    w.idle()
                p.dismiss_coach()
                fit = page.evaluate(TARGET, "^view fit$")
                if fit:
                    p.tap(*fit)
                page.wait_for_timeout(300)
                shot("2-caledonia-setup-whole-map")
                # a main turn (the tutorial's ninth step): the bar, the list, the Expand list
                w.home()
                w.tap("#learn-section button[data-game='caledonia']")
                page.wait_for_function("window.cairn.snapshot() && !document.getElementById('tutor').hidden")
                page.evaluate(FOLLOW, 9)
                page.evaluate("document.getElementById('tutor').hidden = true")   # (the turn as a game shows it)
                page.wait_for_timeout(300)
                shot("3-caledonia-main-turn")
                more = page.query_selector("#choices button.more")
                if more and more.is_visible():
                    p.tap_el(more)
                    page.wait_for_timeout(300)
                    shot("4-caledonia-main-turn-choices")
                group = page.query_selector("#choices button.group")
                if group and group.is_visible():
                    p.tap_el(group)
                    page.wait_for_timeout(300)
                    shot("5-caledonia-expand-list")
                # Glen More mid-game: the chain, the own display
                w.home()
                page.evaluate("localStorage.setItem('cairn:coached:glenmore', '1')")
                w.import_save(saved_game("glenmore", 5, 0.5, tmp))
                w.idle()
                page.wait_for_timeout(300)
                shot("6-glenmore-mid-game")
                # the other half of a short phone's board (its Chain tab, or the player's display)
                page.evaluate("""() => { const R = window.cairn.renderer;
                  if (R.narrowView) R.setNarrowView(R.narrowView() === 'board' ? 'display' : 'board'); }""")
                page.wait_for_timeout(300)
                shot("7-glenmore-mid-game-other-half")
                print(lang, size, "errors:", errors)
                context.close()


if __name__ == "__main__":
    main()
