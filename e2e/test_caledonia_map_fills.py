"""Clans of Caledonia's map fills the space it is given (issue 20): on a laptop it takes the
board's whole height, on a phone its whole width, clear of the status strip and the zoom
buttons, and no text on the canvas is under 11 CSS px, early and late in a 4-player game."""
from __future__ import annotations

import json
import os
import random
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from test_play_sizes import SMALL_TEXT, TEXT_SIZES  # noqa: E402

SIZES = {
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2),
    "small": dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2),
    "laptop": dict(viewport={"width": 1366, "height": 768}),
}


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """A 4-seat hot-seat game played by random moves that prefer expanding: cut in round 1
    and in round 5 (the map well filled), at a main decision."""
    from cairn import load_game, new_game

    g = new_game("caledonia", players=[{"kind": "human"}] * 4, seed=5)
    rng = random.Random(5)
    cuts = {}
    n = 0
    while not g.is_over and "late" not in cuts:
        v = g.view()
        legal = g.legal_moves()
        if v["phase"] == "actions" and not v["pending"] and any(m["type"] == "pass" for m in legal):
            if v["round"] == 1 and "early" not in cuts and n > 20:
                cuts["early"] = n
            if v["round"] == 5:
                cuts["late"] = n
        expand = [m for m in legal if m["type"] in ("expand", "place")]
        others = [m for m in legal if m["type"] != "pass"] or legal
        g.play(rng.choice(expand) if expand and rng.random() < 0.8 else rng.choice(others))
        n += 1
    whole = g.to_save()
    out = {}
    for name, cut in cuts.items():
        path = tmp_path_factory.mktemp("cal") / f"caledonia-{name}.cairn.json"
        path.write_text(json.dumps(load_game({**whole, "moves": whole["moves"][:cut]}).to_save()))
        out[name] = str(path)
    assert set(out) == {"early", "late"}, cuts
    return out


@pytest.mark.parametrize("when", ["early", "late"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_map_fills_its_space(chromium, site_url, saves, size, when):
    context = chromium.new_context(**SIZES[size])
    page = context.new_page()
    page.add_init_script(TEXT_SIZES)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url + "?fast=1&nosw")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        page.set_input_files("#import-file", saves[when])
        page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.game === 'caledonia' && !window.cairn.busy")
        # the layout settled (the dock's height sets the board's: on a loaded machine it may
        # still move after a first frame): the same twice, 300 ms apart
        info, last = None, page.evaluate("JSON.stringify(window.cairn.renderer.layoutInfo())")
        for _ in range(20):
            page.wait_for_timeout(300)
            now = page.evaluate("JSON.stringify(window.cairn.renderer.layoutInfo())")
            if now == last:
                break
            last = now
        info = json.loads(last)
        m, d = info["map"], info["drawn"]
        units = len(page.evaluate("window.cairn.snapshot().view.map.units"))
        assert units >= (4 if when == "early" else 30), units
        # inside the map's rectangle, below the status strip (26 px)
        assert d["x"] >= m["x"] - 0.5 and d["x"] + d["w"] <= m["x"] + m["w"] + 0.5, (d, m)
        assert d["y"] >= m["y"] + 26 - 0.5 and d["y"] + d["h"] <= m["y"] + m["h"] + 0.5, (d, m)
        # north up (issue 48: the log names places by compass): as large as its rectangle allows,
        # the whole height or (a map wider than its room) the whole width beside the buttons' column
        if size == "laptop":
            assert d["h"] >= 0.9 * (m["h"] - 26) or d["w"] >= 0.9 * (m["w"] - 66), f"the map takes {d['w']:.0f}x{d['h']:.0f} of {m['w']:.0f}x{m['h']:.0f} px"
        else:
            assert d["w"] >= 0.9 * m["w"] or d["h"] >= 0.9 * (m["h"] - 26 - 52), f"the map takes {d['w']:.0f} of {m['w']:.0f} px"
        assert not info["turned"]   # north is up
        # the zoom buttons stand beside or below the map, not on it
        for t in page.evaluate("window.cairn.renderer.targets()"):
            if t["label"].startswith("view "):
                left, top = t["x"] - t["w"] / 2, t["y"] - t["h"] / 2
                beside = left >= d["x"] + d["w"] - 1 or top >= d["y"] + d["h"] - 1
                assert beside, (t, d)
        assert page.evaluate("Object.keys(window.__textSizes).length") > 20, "the canvas's text was not seen"
        small = page.evaluate(SMALL_TEXT)
        assert not small, f"canvas text under 11 px: {small[:8]}"
        assert not errors, errors
    finally:
        context.close()


def test_choice_buttons_show_the_pieces(chromium, site_url, saves):
    """The Expand choices show each unit's picture (the same drawing as the board's) beside the
    engine's words; a trade's buttons the good's."""
    context = chromium.new_context(**SIZES["laptop"])
    page = context.new_page()
    try:
        page.goto(site_url + "?fast=1&nosw")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        page.set_input_files("#import-file", saves["early"])
        page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.game === 'caledonia' && !window.cairn.busy")
        expands = page.evaluate("window.cairn.snapshot().legal.filter(m => m.type === 'expand').length")
        assert expands >= 2, expands
        page.locator("#choices button.group", has_text="Expand").first.click()
        buttons = page.evaluate("""[...document.querySelectorAll('#choices .pick button:not(.back)')]
            .map(b => ({text: b.textContent, img: (b.querySelector('img.choice-icon') || {}).src || ''}))""")
        assert len(buttons) == expands, buttons
        assert all(b["img"].startswith("data:image/png") for b in buttons), buttons
        assert len({b["img"] for b in buttons}) == len(buttons), "one picture per kind of unit"
    finally:
        context.close()


def _late_on_phone(chromium, site_url, saves, query):
    """A phone's page at ``query`` with the late game imported, its map shown and still:
    (the context, the page, the page's errors as they come)."""
    context = chromium.new_context(**SIZES["phone"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + query)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    page.set_input_files("#import-file", saves["late"])
    page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.game === 'caledonia' && !window.cairn.busy")
    page.wait_for_function("window.cairn.renderer.layoutInfo().tab === 'map' && !window.cairn.motion().running")
    return context, page, errors


def test_the_glory_track_and_the_harbours_are_on_the_board(chromium, site_url, saves):
    """On a phone the map has room for the glory track along its bottom edge: steps numbered
    0, 5 ... 45 from left to right under the hexes, and each seat's marker (named with its glory)
    over its own step; each port's harbour shows the markers of the clans who used it."""
    context, page, errors = _late_on_phone(chromium, site_url, saves, "?fast=1&nosw")
    try:
        # the map's place and what is drawn there read in one go, from one frame drawn now (on a
        # loaded machine the page's bars may still settle after the import: a refit in between
        # put the track's steps above the hexes' old bottom)
        info, drawn = page.evaluate("""() => { const R = window.cairn.renderer; R.drawn(); R.draw();
          return [R.layoutInfo(), R.drawn()]; }""")   # (canvas px, as layoutInfo())
        assert info["glory"] == "map", info
        view = page.evaluate("window.cairn.snapshot().view")
        hexes_bottom = info["drawn"]["y"] + info["drawn"]["h"]
        steps = {int(d["text"]): d["box"] for d in drawn
                 if d["kind"] == "label" and d["text"].isdigit() and d["box"]["y"] > hexes_bottom}
        assert sorted(steps) == list(range(0, 50, 5)), sorted(steps)
        xs = [steps[n]["x"] + steps[n]["w"] / 2 for n in range(0, 50, 5)]
        assert xs == sorted(xs) and xs[-1] - xs[0] > 250, xs
        step_w = (xs[-1] - xs[0]) / 45
        pieces = {d["text"]: d["box"] for d in drawn if d["kind"] == "piece"}
        for p in view["players"]:
            name = f"glory marker {p['seat']} at {p['glory']}"
            assert name in pieces, (name, [k for k in pieces if k.startswith("glory")])
            b = pieces[name]
            assert b["y"] > hexes_bottom and b["y"] + b["h"] < steps[0]["y"], (name, b)
            # on its step, or (the lane's rows full of markers near it) stood aside to its right
            want = xs[0] + (p["glory"] % 50) * step_w
            assert want - step_w * 0.6 < b["x"] + b["w"] / 2 < want + 3 * b["w"], (name, b, want)
        used = [(pt["port"], s) for pt in view["export"]["ports"] for s in pt["used_by"] if pt["space"] is not None]
        assert used, "no port used in this game: pick another cut"
        for port, seat in used:
            assert f"port {port} used by {seat}" in pieces, (port, seat)
        assert not errors, errors
    finally:
        context.close()


# the board as drawn now (its ground from the kept picture, a stand-in or painted), against the
# board painted whole on the page at the same camera (the ground's layer turned off): how many
# pixels of the map's rectangle differ by more than 48 of 255, and their mean difference
COMPARE = """() => {
  const R = window.cairn.renderer, c = R.canvas, g = c.getContext('2d');
  const M = R.layout().map, d = R.dpr, x = Math.round(M.x * d), y = Math.round(M.y * d), w = Math.floor(M.w * d), h = Math.floor(M.h * d);
  let how = null;
  const keep = R.layer;
  R.layer = function (...a) { how = keep.apply(this, a); return how; };
  R.draw();
  const a = g.getImageData(x, y, w, h).data;
  R.layer = function (name, key, paint) { const g = this.g; g.save(); paint(g); g.restore(); return 'direct'; };
  R.draw();
  const b = g.getImageData(x, y, w, h).data;
  R.layer = keep;
  let far = 0, sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    const e = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    sum += e; if (e > 48) far++;
  }
  return { how, far: far / (a.length / 4), mean: sum / (a.length / 4), painted: R.groundArt.painted };
}"""


def test_the_map_ground_is_kept_as_one_picture_and_stands_in_when_zoomed(chromium, site_url, saves):
    """The map's ground (terrain, outlines, rivers, frame) is kept as one picture per camera and
    copied into each frame: the board drawn so is the board painted whole, pixel for pixel but
    for edges' smoothing. With moves shown moving, a new camera's picture is painted off the
    page (the first frame paints the ground itself): meanwhile a kept one, scaled and moved to
    the new camera, stands in (close to the sharp board, not shifted), and the worker's picture,
    when it comes, is the page's own."""
    context, page, errors = _late_on_phone(chromium, site_url, saves, "?fast=1&motion=1&nosw")
    try:
        # the first frame painted its ground on the board and asked the worker for its picture
        page.wait_for_function("(R => R.layers && R.layers.pending === 0 && R.groundArt.painted >= 1)(window.cairn.renderer)")
        kept = page.evaluate(COMPARE)
        assert kept["how"] == "kept", kept
        assert kept["far"] < 0.002 and kept["mean"] < 1.0, kept
        # the player zooms in about the middle (the camera settles): the whole map's picture stands in
        page.evaluate("""() => { const R = window.cairn.renderer, M = R.layout().map;
          R.cam.zoomAt(M.x + M.w / 2, M.y + M.h / 2, 1.5, true); }""")
        zoomed = page.evaluate(COMPARE)
        assert zoomed["how"] == "stand-in", zoomed
        # scaled up 1.5x: softer, but in place (a picture moved by a hex's width differs by ~40 on average)
        assert zoomed["mean"] < 12, zoomed
        page.wait_for_function(f"window.cairn.renderer.groundArt.painted > {kept['painted']} && window.cairn.renderer.layers.pending === 0")
        sharp = page.evaluate(COMPARE)
        assert sharp["how"] == "kept", sharp
        assert sharp["far"] < 0.002 and sharp["mean"] < 1.0, sharp
        assert not errors, errors
    finally:
        context.close()


# at each update that brings the map to where your turn's places are (focusMarks: an
# interactive update that moves the camera), whether the ground's picture for that camera was
# kept already or being painted off the page when the update drew it
FOCUS_WATCH = """() => {
  const R = window.cairn.renderer;
  window.__focus = [];
  let cur = null;
  const layer = R.layer;
  R.layer = function (name, key, ...rest) {
    if (cur && name === 'ground') {
      const L = this.layers;
      cur.kept = !!(L && (L.lists.get('ground') || []).some((c) => c.key === key && c.w === this.canvas.width && c.h === this.canvas.height));
      cur.coming = !!(L && L.asked.has('ground|' + key));
    }
    const how = layer.call(this, name, key, ...rest);
    if (cur && name === 'ground') cur.how = how;
    return how;
  };
  const update = R.update;
  R.update = function (snap, ctx) {
    const was = [R.cam.s, R.cam.ox, R.cam.oy].join();
    cur = { ply: snap.view.ply };
    update.call(this, snap, ctx);
    if (ctx && ctx.interactive && R.autoFocus && [R.cam.s, R.cam.ox, R.cam.oy].join() !== was) window.__focus.push(cur);
    cur = null;
  };
}"""


def test_your_turns_part_of_the_map_is_painted_before_the_turn_is_shown(chromium, site_url):
    """With moves shown moving, the move that gives you your turn brings the map to where its
    places are (a new camera): that camera's ground is asked of the painting worker before the
    move is shown (Renderer.prepare), so the move's frame copies its picture rather than
    standing in for it with another, scaled (with the run's first frame, over 16 ms on a phone)."""
    context = chromium.new_context(**SIZES["phone"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url + "?fast=1&motion=1&nosw")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        page.evaluate("localStorage.setItem('cairn:coached:caledonia', '1')")
        page.click("#game-list [data-game='caledonia']")
        page.select_option("#ng-count", "3")
        for sel in page.query_selector_all("#ng-seats .seat-kind")[1:]:
            sel.select_option("bot:easy")
        page.click("#ng-start")
        yours = """() => { const s = window.cairn.snapshot(); return !!s && !window.cairn.busy &&
          (s.view.is_over || s.view.seats[s.view.current].kind === 'human'); }"""
        page.wait_for_function(yours, timeout=120_000)
        page.evaluate(FOCUS_WATCH)
        for _ in range(40):
            page.wait_for_function(yours, timeout=120_000)
            if page.evaluate("window.__focus.length") >= 2 or page.evaluate("window.cairn.snapshot().view.is_over"):
                break
            page.evaluate("""() => { const legal = window.cairn.snapshot().legal || [];
              const m = legal.find((x) => ['expand', 'start_worker', 'place'].includes(x.type)) || legal.find((x) => x.type !== 'pass') || legal[0];
              window.cairn.play(m); }""")
            page.wait_for_timeout(30)
        focus = page.evaluate("window.__focus")
        assert len(focus) >= 2, focus
        for f in focus:
            assert f.get("how") in ("kept", "stand-in"), f
            assert f["kept"] or f["coming"], f
        assert not errors, errors
    finally:
        context.close()
