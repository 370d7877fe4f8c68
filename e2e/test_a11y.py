"""Accessibility checks with axe-core (the npm package in build/node_modules,
installed by build/package.json): no serious or critical violation on the
home screen, each game on a phone (390x844) and a laptop (1366x768), and the
replay view; the game's description for screen readers answers; nothing
needs horizontal scrolling at 200% zoom (a 683x384 laptop viewport)."""
from __future__ import annotations

import json
import os
import random
import subprocess

import pytest

from conftest import ROOT, _finish, _new_app

AXE = os.path.join(ROOT, "build", "node_modules", "axe-core", "axe.min.js")
SIZES = {
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2),
    "laptop": dict(viewport={"width": 1366, "height": 768}),
}
GAMES = ("glenmore", "hunters", "caledonia")
BAD = ("serious", "critical")


def axe_path():
    if not os.path.exists(AXE):
        # a checkout whose build/node_modules predates axe-core: add what the lock file lists
        # (npm install keeps what is there, where npm ci would empty node_modules first)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=os.path.join(ROOT, "build"), check=True)
    return AXE


def axe(page):
    """axe-core's violations on the page as shown: [(id, impact, [targets])]."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=axe_path())
    res = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => [v.id, v.impact, v.nodes.slice(0, 6).map((n) => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))]);
    }""")
    return [tuple(v) for v in res]


def serious(found):
    return [v for v in found if v[1] in BAD]


def start(app, game, seats=("human", "bot:random")):
    app.page.click("#home-btn") if app.page.is_visible("#home-btn") else None
    app.page.wait_for_selector("#game-list [data-game]")
    app.new_game(game, seats=seats, seed=7)
    app.page.wait_for_function("window.cairn.snapshot() && !window.cairn.busy && window.cairn.targets().length + document.querySelectorAll('#choices button').length > 0")
    app.page.wait_for_timeout(300)


def finished_save(game="glenmore", seed=11):
    from cairn import new_game
    rng = random.Random(seed)
    g = new_game(game, players=[{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}], seed=seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g.to_save()


@pytest.mark.parametrize("size", SIZES)
def test_axe_no_serious_violations(request, chromium, site_url, tmp_path, size):
    app = _new_app(request, chromium, site_url, **SIZES[size])
    report = {}
    try:
        app.open("?fast=1&nosw")
        app.page.wait_for_selector("#game-list [data-game]")
        report["home"] = axe(app.page)
        app.page.click("#game-list [data-game='caledonia']")
        app.page.evaluate("const m = document.getElementById('ng-more'); if (m) m.open = true")
        report["new-game form"] = axe(app.page)
        for game in GAMES:
            start(app, game)
            report[game] = axe(app.page)
        app.page.keyboard.press("?")   # the help (its Keyboard and Colours sections too)
        app.page.wait_for_selector("#help[open]")
        report["help"] = axe(app.page)
        app.page.keyboard.press("Escape")
        path = tmp_path / "finished.cairn.json"
        path.write_text(json.dumps(finished_save()))
        app.page.click("#home-btn")
        app.page.set_input_files("#import-file", str(path))
        app.page.wait_for_function("window.cairn.replay && window.cairn.replay.open && !window.cairn.replay.busy", timeout=120_000)
        report["replay"] = axe(app.page)
        # the High contrast option (home screen's toggle): home and a game again
        app.page.click("#rp-close") if app.page.is_visible("#rp-close") else None
        if app.page.is_visible("#home-btn"):
            app.page.click("#home-btn")
        app.page.click("#lang-row .contrast-toggle")
        assert app.page.evaluate("document.documentElement.dataset.contrast") == "high"
        report["home (high contrast)"] = axe(app.page)
        start(app, "glenmore")
        report["glenmore (high contrast)"] = axe(app.page)
        print(json.dumps({size: {k: [(v[0], v[1], len(v[2])) for v in vs] for k, vs in report.items()}}))
        bad = {k: serious(v) for k, v in report.items() if serious(v)}
        assert not bad, json.dumps(bad, indent=1)
        assert not app.errors
    finally:
        _finish(request, app)


ZOOM_JS = """() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth })"""


def test_readable_at_200_percent_zoom(request, chromium, site_url):
    """A 1366x768 laptop at 200% zoom is a 683x384 CSS-pixel page: nothing
    scrolls sideways (home, the new-game form, each game, the help)."""
    app = _new_app(request, chromium, site_url, viewport={"width": 683, "height": 384}, device_scale_factor=2)
    try:
        app.open("?fast=1&nosw")
        app.page.wait_for_selector("#game-list [data-game]")
        seen = {"home": app.page.evaluate(ZOOM_JS)}
        app.page.click("#game-list [data-game='glenmore']")
        seen["form"] = app.page.evaluate(ZOOM_JS)
        for game in GAMES:
            start(app, game)
            seen[game] = app.page.evaluate(ZOOM_JS)
        app.page.keyboard.press("?")
        app.page.wait_for_selector("#help[open]")
        seen["help"] = app.page.evaluate(ZOOM_JS)
        print(seen)
        assert all(v["scroll"] <= v["width"] for v in seen.values()), seen
    finally:
        _finish(request, app)


def test_reduced_motion_turns_off_fades(request, chromium, site_url):
    app = _new_app(request, chromium, site_url, viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
    try:
        app.open("?fast=1&nosw")
        app.page.wait_for_selector("#game-list [data-game]")
        # the light's pulse and the sheet's slide (the score pop-up is gone: issue 48)
        styles = app.page.evaluate("""() => { const m = document.getElementById('spot-ring'), s = document.getElementById('sheet');
          m.hidden = false; const out = [getComputedStyle(m).animationName, getComputedStyle(s).transitionDuration]; m.hidden = true; return out; }""")
        assert styles[0] == "none" and styles[1] in ("0s", ""), styles
    finally:
        _finish(request, app)
