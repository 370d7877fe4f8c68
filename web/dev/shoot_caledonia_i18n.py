"""Dev tool: screenshots of Clans of Caledonia in Portuguese (Brazil) and Romanian at phone
sizes (390x844, 360x640): the clan choice, the map, a placement with its costs, the market
with a good chosen, the export board, the players' boards, the log, the help and the final
table.  The game is driven in English by tapping (web/dev/caledonia_drive.py presses buttons
by their English text); at each stop the language is switched (as the home screen's picker
does: every text is drawn again) for the screenshots, then back.  Prints the problems the
e2e helpers find (canvas text under 11 CSS px, small targets, page errors), any horizontal
overflow, and every canvas text cut short with an ellipsis.

    python3 web/dev/shoot_caledonia_i18n.py [outdir] [--langs pt-BR,ro] [--sizes phone,small]

dist/ is built first when stale (build/site.py).
"""
from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from playwright.sync_api import sync_playwright  # noqa: E402

from shots import OVERFLOW_JS, launch  # noqa: E402

from caledonia_drive import CaledoniaPlayer  # noqa: E402
from shoot_caledonia import serve  # noqa: E402

SIZES = {"phone": (390, 844), "small": (360, 640)}
SET_LANG = """async (tag) => {
  const m = await import('./js/i18n.js');
  await m.setLanguage(tag);
}"""
# every fillText of a string ending in an ellipsis (a text cut to fit), recorded from now on
CUT_JS = """() => {
  if (window.__cut) return;
  window.__cut = new Set();
  const f = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (s, ...rest) {
    if (typeof s === 'string' && s.endsWith('\\u2026') && s.length > 3) window.__cut.add(s);
    return f.call(this, s, ...rest);
  };
}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default="/tmp/caledonia-i18n")
    ap.add_argument("--langs", default="pt-BR,ro")
    ap.add_argument("--sizes", default="phone,small")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    url = serve()
    langs = args.langs.split(",")
    with sync_playwright() as pw:
        browser = launch(pw)
        for size in args.sizes.split(","):
            w, h = SIZES[size]
            ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True,
                                      device_scale_factor=2)
            page = ctx.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "?fast=1&nosw=1&lang=en")
            page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=400_000)
            page.evaluate(CUT_JS)
            p = CaledoniaPlayer(page, touch=True)
            p.start(["human", "automa:3"], seed=21)

            def shots(step, tabs=("",), extra=None):
                for lang in langs:
                    page.evaluate(SET_LANG, lang)
                    page.wait_for_timeout(500)
                    for tab in tabs:
                        if tab:
                            p.tab(tab)
                        if extra:
                            extra()
                        page.wait_for_timeout(250)
                        path = os.path.join(args.out, f"{size}-{lang}-{step}{'-' + tab if tab else ''}.png")
                        page.screenshot(path=path)
                        p.check()
                        print(path, flush=True)
                page.evaluate(SET_LANG, "en")
                page.wait_for_timeout(300)

            p.wait_human()
            p.dismiss_coach()
            shots("1", tabs=("offers", "map"))
            p.play("pass", until=lambda s: s["view"]["phase"] == "actions")
            p.tab("map")
            shots("2", tabs=("map", "players"))
            before = p.ply()
            if p.press("", group="Expand") and p.played(before):
                p.wait_idle()
                shots("3-place")
                p.place(p.ply())
                p.play("pass", until=lambda s: not s["view"]["pending"])
            p.tab("market")
            goods = p.targets("good")
            if goods:
                p.tap_target(goods[0])
            shots("4", tabs=("market",))
            p.play(["trade", "contract"], until=lambda s: s["view"]["round"] >= 3)

            def sheet():
                if page.is_visible("#sheet-btn") and not page.evaluate("document.body.classList.contains('sheet-open')"):
                    p.tap_el(page.query_selector("#sheet-btn"))
                    page.wait_for_timeout(300)
            shots("5", tabs=("export", "players", "map"))
            shots("6-log", extra=sheet)
            p.close_sheet()

            def helpdlg():
                if not page.is_visible("#help[open]"):
                    p.tap_el(page.query_selector("#help-btn"))
                    page.wait_for_selector("#help[open]")
            shots("7-help", extra=helpdlg)
            if page.is_visible("#help-close"):
                p.tap_el(page.query_selector("#help-close"))
            p.play("pass")
            page.wait_for_timeout(300)
            if page.is_visible("#moment"):
                p.tap_el(page.query_selector("#moment"))
            shots("8-end", extra=sheet)
            p.close_sheet()
            shots("9", tabs=("final",))
            print(size, "errors:", errors[:3], "problems:", p.problems()[:8],
                  "overflow:", page.evaluate(OVERFLOW_JS), flush=True)
            print(size, "cut short:", sorted(page.evaluate("[...(window.__cut || [])]"))[:40], flush=True)
            ctx.close()
        browser.close()


if __name__ == "__main__":
    main()
