"""Dev tool: screenshots of Clans of Caledonia in the built app (dist/, built when stale) at
phone, small phone and laptop sizes, in one or more languages - the clan choice, the map at
the start, a placement with its costs, the market with a good chosen, the export board, the
players' boards mid-game, the log, the help, the end and the final table - all reached by
tapping (web/dev/caledonia_drive.py); then the time the bots and the solo opponent take for a
move in the browser (Pyodide in the worker), next to the other games' bots.

The game is driven in English (caledonia_drive.py presses buttons by their English text); at
each stop the language is switched to each of --langs (as the home screen's picker does:
every text is drawn again) for the screenshots, then back.  Prints the problems the e2e
helpers find (canvas text under 11 CSS px, small targets, page errors), any horizontal
overflow, and every canvas text cut short with an ellipsis.

    python3 web/dev/shoot_caledonia.py [outdir] [--langs en,pt-BR,ro] [--sizes phone,small,laptop]
                                       [--no-shots] [--no-timing]
"""
from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from shots import OVERFLOW_JS, SIZES, arguments, open_app, site_and_browser  # noqa: E402

from caledonia_drive import CaledoniaPlayer  # noqa: E402

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

TIMING_JS = """async ([game, players, n]) => {
  const e = window.cairn.engine, gid = 'timing-' + game + Math.random();
  await e.request('new', {gid, game, players, seed: 3});
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const s = await e.request('bot', {gid});
    ms.push(performance.now() - t);
    if (s.view.is_over) break;
  }
  await e.request('close', {gid});
  ms.sort((a, b) => a - b);
  return {moves: ms.length, median: ms[ms.length >> 1], mean: ms.reduce((a, b) => a + b, 0) / ms.length, max: ms[ms.length - 1]};
}"""

# the solo opponent moves only on its turns: the human's moves are passes
AUTOMA_TIMING_JS = """async () => {
  const e = window.cairn.engine, gid = 'timing-automa';
  let s = await e.request('new', {gid, game: 'caledonia', players: [{kind: 'human'}, {kind: 'automa', level: '3'}], seed: 3});
  const ms = [];
  while (!s.view.is_over) {
    if (s.view.seats[s.view.current_player].kind === 'automa') {
      const t = performance.now();
      s = await e.request('bot', {gid});
      ms.push(performance.now() - t);
    } else {
      const m = s.legal.find((m) => m.type === 'pass') || s.legal[0];
      s = await e.request('play', {gid, move: m});
    }
  }
  ms.sort((a, b) => a - b);
  return {moves: ms.length, median: ms[ms.length >> 1], mean: ms.reduce((a, b) => a + b, 0) / ms.length, max: ms[ms.length - 1]};
}"""


def shots(browser, url, out, size, langs):
    context, page, errors = open_app(browser, url, size, "?fast=1&nosw=1&lang=en")
    page.evaluate(CUT_JS)
    p = CaledoniaPlayer(page, touch=bool(SIZES[size].get("has_touch")))
    p.start(["human", "automa:3"], seed=21)

    def shoot(step, tabs=("",), extra=None):
        for lang in langs:
            if lang != "en":
                page.evaluate(SET_LANG, lang)
                page.wait_for_timeout(500)
            for tab in tabs:
                if tab:
                    p.tab(tab)
                if extra:
                    extra()
                page.wait_for_timeout(250)
                path = os.path.join(out, f"{size}-{lang}-{step}{'-' + tab if tab else ''}.png")
                page.screenshot(path=path)
                p.check()
                print(path, errors[-2:] if errors else "", flush=True)
            if lang != "en":
                page.evaluate(SET_LANG, "en")
                page.wait_for_timeout(300)

    def sheet():
        if page.is_visible("#sheet-btn") and not page.evaluate("document.body.classList.contains('sheet-open')"):
            p.tap_el(page.query_selector("#sheet-btn"))
            page.wait_for_timeout(300)

    def helpdlg():
        if not page.is_visible("#help[open]"):
            p.tap_el(page.query_selector("#help-btn"))
            page.wait_for_selector("#help[open]")

    p.wait_human()
    p.dismiss_coach()
    shoot("1-clans", tabs=("offers", "map"))
    p.play("pass", until=lambda s: s["view"]["phase"] == "actions")
    p.tab("map")
    shoot("2-start", tabs=("map", "players"))
    # expand: choose the unit, then the highlighted spaces show their total cost
    before = p.ply()
    if p.press("", group="Expand") and p.played(before):
        p.wait_idle()
        shoot("3-place")
        p.place(p.ply())
        p.play("pass", until=lambda s: not s["view"]["pending"])
    p.tab("market")
    goods = p.targets("good")
    if goods:
        p.tap_target(goods[0])
    shoot("4", tabs=("market",))
    p.play(["trade", "contract"], until=lambda s: s["view"]["round"] >= 3)
    shoot("5-mid", tabs=("export", "players", "map"))
    shoot("6-log", extra=sheet)
    p.close_sheet()
    shoot("7-help", extra=helpdlg)
    if page.is_visible("#help-close"):
        p.tap_el(page.query_selector("#help-close"))
    p.play("pass")
    page.wait_for_timeout(300)
    if page.is_visible("#moment"):
        p.tap_el(page.query_selector("#moment"))
    shoot("8-end", extra=sheet)
    p.close_sheet()   # the phone's sheet opens on the final table: closed, the board's shows
    shoot("9", tabs=("final",))
    print(size, "errors:", errors[:3], "problems:", p.problems()[:8],
          "overflow:", page.evaluate(OVERFLOW_JS), flush=True)
    print(size, "cut short:", sorted(page.evaluate("[...(window.__cut || [])]"))[:40], flush=True)
    context.close()


def timing(browser, url):
    context, page, _ = open_app(browser, url, "laptop")
    cases = [
        ("caledonia", None, "solo opponent (automa)", 0),
        ("caledonia", [{"kind": "bot", "level": "easy"}] * 2, "bot easy", 60),
        ("caledonia", [{"kind": "bot", "level": "medium"}] * 2, "bot medium", 30),
        ("glenmore", [{"kind": "bot", "level": "medium"}] * 2, "bot medium", 30),
        ("hunters", [{"kind": "bot", "level": "medium"}] * 2, "bot medium", 30),
    ]
    for game, players, what, n in cases:
        r = page.evaluate(AUTOMA_TIMING_JS) if n == 0 else page.evaluate(TIMING_JS, [game, players, n])
        print(f"{game:10s} {what:24s} moves {r['moves']:3d}  median {r['median']:6.0f} ms  mean {r['mean']:6.0f} ms  max {r['max']:6.0f} ms")
    context.close()


def main():
    ap = arguments("caledonia")
    ap.add_argument("--no-shots", action="store_true")
    ap.add_argument("--no-timing", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with site_and_browser() as (url, browser):
        if not a.no_shots:
            for size in a.sizes.split(","):
                shots(browser, url, a.out, size, a.langs.split(","))
        if not a.no_timing:
            timing(browser, url)


if __name__ == "__main__":
    main()
