"""Dev tool: screenshots of a Hunters and Gatherers game in the real app (dist/,
built if stale) in Portuguese (Brazil) and Romanian at phone sizes, with the
checks a player's eye would make: no canvas text under 11 CSS px, no page
overflow or clipped buttons (play_helpers' check), no English left in the
log, the choice bar and the canvas captions.

    python3 web/dev/shoot_hunters_i18n.py [outdir] [pt|ro ...]

Shots per language and size: the coach mark, the ghost tile with its choices,
the member decision, the log, the rules reference, the end with a feature's
details, the final table.  Prints the problems found (none is the goal).
"""
from __future__ import annotations

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from shots import PHONE, SMALL, open_app, site_and_browser  # noqa: E402

import play_helpers as ph  # noqa: E402
from test_play_sizes import TEXT_SIZES  # noqa: E402   (every canvas text's size in CSS px)

SIZES = {"390x844": PHONE,
         "360x640": SMALL}
LANGS = {"pt": "pt-BR", "ro": "ro"}

# English words that must not show on the canvas or in the choice bar of a translated game
ENGLISH = ("Place", "Drawn tile", "Bonus tile", "Land ", "Gatherer", "Fisher", "Hunter", "Hut",
           "Tap ", "Game over", "worth", "complete", "open", "nobody", "Just placed")


def english_left(texts):
    return sorted({t for t in texts for w in ENGLISH if w in t})


def shoot(browser, url, out, lang, size, ctx, problems):
    context, page, errors = open_app(browser, url, ctx, f"?fast=1&nosw&lang={lang}", TEXT_SIZES)
    tag = LANGS[lang]
    if page.evaluate("document.documentElement.lang") != tag:
        # the shell does not read ?lang= yet: switch through the i18n module
        page.evaluate(f"import('./js/i18n.js').then(m => m.setLanguage('{tag}'))")
        page.wait_for_function(f"document.documentElement.lang === '{tag}'")
    name = lambda what: os.path.join(out, f"{lang}-{size}-{what}.png")
    p = ph.Player(page, touch=True)
    p.start("hunters", seed=11)
    page.wait_for_timeout(300)
    page.screenshot(path=name("1-coach"))
    p.dismiss_coach()
    # a ghost tile and its choices
    targets = page.evaluate("window.cairn.targets()")
    p.tap(targets[len(targets) // 2]["x"], targets[len(targets) // 2]["y"])
    page.wait_for_timeout(250)
    page.screenshot(path=name("2-ghost"))
    choices = page.eval_on_selector_all("#choices button", "bs => bs.map(b => b.innerText)")
    problems += [f"{lang} {size}: English choice {c!r}" for c in english_left(choices)]
    page.tap("#choices .main button.choice")
    p.wait_idle()
    page.wait_for_timeout(250)
    # the member decision: tap the first spot that offers a choice
    if page.evaluate("window.cairn.snapshot().view.phase") == "meeple":
        spots = page.evaluate("window.cairn.targets()")
        if spots:
            page.screenshot(path=name("3-meeple-spots"))
            p.tap(spots[0]["x"], spots[0]["y"])
            page.wait_for_timeout(300)
            page.screenshot(path=name("3-meeple"))
    for k in range(8):
        if p.over():
            break
        try:
            p.human_move()
        except AssertionError as e:
            # a scoring moment over the spot took the tap (longer text, taller box): note it, close it, go on
            page.screenshot(path=name(f"3-stuck{k}"))
            problems.append(f"{lang} {size}: a tap did not play ({'moment shown' if page.is_visible('#moment') else 'no moment'}): {e}"[:240])
            if page.is_visible("#moment"):
                p.tap_el(page.query_selector("#moment"))
                page.wait_for_timeout(300)
    problems += [f"{lang} {size}: {x}" for x in p.check()]
    # the log, the rules reference
    if page.is_visible("#sheet-btn"):
        p.tap_el(page.query_selector("#sheet-btn"))
        page.wait_for_timeout(400)
        page.screenshot(path=name("4-log"))
        log = page.eval_on_selector_all("#log li", "ls => ls.map(l => l.innerText)")
        problems += [f"{lang} {size}: English log line {x!r}" for x in log
                     if any(w in x for w in (" places ", " puts ", "completed", " scores", "draws", "nothing"))]
        p.close_sheet()
    p.tap_el(page.query_selector("#help-btn"))
    page.wait_for_selector("#help[open]")
    page.wait_for_timeout(200)
    page.screenshot(path=name("5-help"))
    page.eval_on_selector("#help-body", "b => b.querySelectorAll('section')[2].scrollIntoView()")
    page.wait_for_timeout(150)
    page.screenshot(path=name("5-help-features"))
    p.tap_el(page.query_selector("#help-close"))
    # the end: import a save near the end, play it out, look at a feature
    p.import_near_end("hunters", seed=11, left=2, tmpdir=out)
    page.wait_for_timeout(300)
    page.screenshot(path=name("6-imported"))
    for attempt in range(3):
        try:
            p.play_to_end()
            break
        except AssertionError as e:   # a tap lost to a redraw: look again
            page.screenshot(path=name(f"6-stuck{attempt}"))
            print(f"{lang} {size}: retrying after: {e}"[:200], flush=True)
            page.wait_for_timeout(1000)
    page.wait_for_timeout(500)
    page.screenshot(path=name("6-end"))
    if page.is_visible("#moment"):
        p.tap_el(page.query_selector("#moment"))
        page.wait_for_timeout(300)
    p.close_sheet()
    # tap around the middle of the board until a feature's details show
    box = page.locator("#board").bounding_box()
    for dx, dy in ((0, 0), (30, 0), (-30, 0), (0, 30), (0, -30), (60, 60), (-60, -60), (60, -60), (-60, 60)):
        p.tap(box["x"] + box["width"] / 2 + dx, box["y"] + box["height"] / 2 + dy)
        page.wait_for_timeout(250)
        if any(re.match(r"^\d+ (peça|peças|piesă|piese|de piese) ", k) for k in page.evaluate("Object.keys(window.__textSizes)")):
            break
    page.screenshot(path=name("7-end-feature"))
    if page.is_visible("#sheet-btn"):
        p.tap_el(page.query_selector("#sheet-btn"))
        page.wait_for_timeout(400)
        page.screenshot(path=name("8-final"))
    sizes = page.evaluate("window.__textSizes")
    small = {t: px for t, px in sizes.items() if px < 10.95}
    problems += [f"{lang} {size}: canvas text under 11 px: {t!r} {px}" for t, px in small.items()]
    problems += [f"{lang} {size}: English on the canvas: {t!r}" for t in english_left(sizes)]
    problems += [f"{lang} {size}: page error {e}" for e in errors]
    print(lang, size, f"{len(sizes)} canvas texts, smallest {min(sizes.values()) if sizes else '-'} px", flush=True)
    context.close()


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/hunters-i18n"
    langs = sys.argv[2:] or list(LANGS)
    os.makedirs(out, exist_ok=True)
    problems = []
    with site_and_browser() as (url, browser):
        for lang in langs:
            for size, ctx in SIZES.items():
                shoot(browser, url, out, lang, size, ctx, problems)
    print("\n".join(problems) or "no problems found")
    print("shots in", out)


if __name__ == "__main__":
    main()
