"""What happened since your move (issue 48), on a phone, in each game: a
person against a bot. After each of the bot's turns the test reads from the
screen (the strip over the dock and the marks the board draws, not the log)
what the bot did: one chip per move it made, and, for each tile, piece or
unit it placed, a mark drawn on the board over that very place, in sight and
under nothing (the chip tapped brings it into view). In Glen More the bot's
display stays shown while its words are read, then yours comes back."""
from __future__ import annotations

import pytest

from conftest import _finish, _new_app
from layout_screens import Walk
from play_helpers import Player

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)

# what the bot placed (the engine's moves since the person's last one), as the marks' keys
PLACED = """() => {
  const s = window.cairn.snapshot();
  const hist = s.history, moves = s.save.moves;
  let i = hist.length; while (i > 0 && hist[i - 1].seat !== 0) i--;
  const out = [];
  for (const h of hist.slice(i)) {
    if (h.seat !== 1) continue;
    const m = moves[h.ply - 1];
    if (s.view.game === 'hunters' && m.type === 'place') out.push({kind: 'tile', key: `${m.x},${m.y}`, ply: h.ply});
    if (s.view.game === 'hunters' && m.type === 'meeple' && m.role) out.push({kind: 'piece', key: String(m.piece), ply: h.ply});
    if (s.view.game === 'glenmore' && m.type === 'place') out.push({kind: 'tile', key: `1:${m.at[0]},${m.at[1]}`, ply: h.ply});
    if (s.view.game === 'glenmore' && m.type === 'take') out.push({kind: 'chain', key: String(m.space), ply: h.ply});
    if (s.view.game === 'caledonia' && (h.marks || []).some(x => x.kind === 'space')) for (const x of h.marks) if (x.kind === 'space') out.push({kind: 'space', key: String(x.space), ply: h.ply});
  }
  return out;
}"""

# the chips of the strip, as shown
CHIPS = """() => [...document.querySelectorAll('#recent .recent-chip')].map((c, i) => {
  const r = c.getBoundingClientRect(); return {i, ply: +c.dataset.ply, text: c.dataset.full, x: r.left + r.width / 2, y: r.top + r.height / 2}; })"""

# the marks the board drew for chip k, read where they are on the screen: in sight, under nothing,
# and what is under them (a Hunters tile's square, read back through the camera; a key)
MARKS = """(k) => {
  const R = window.cairn.renderer, c = R.canvas.getBoundingClientRect();
  return R.marked().filter((m) => m.k === k).map((m) => {
    const x = c.left + m.x + m.w / 2, y = c.top + m.y + m.h / 2;
    const seen = x > c.left && y > c.top && x < c.right && y < c.bottom && document.elementFromPoint(x, y) === R.canvas;
    let key = m.key;
    if (R.cam && R.toWorld && m.kind === 'tile') { const [wx, wy] = R.toWorld(m.x + m.w / 2, m.y + m.h / 2); key = `${Math.round(wx)},${Math.round(wy)}`; }
    return {kind: m.kind, key, seen};
  });
}"""


@pytest.mark.parametrize("game", ["hunters", "glenmore", "caledonia"])
def test_the_bots_moves_are_read_from_the_screen(request, chromium, site_url, tmp_path, game):
    app = _new_app(request, chromium, site_url, **PHONE)
    page = app.page
    try:
        app.open("?fast=1&nosw")
        w = Walk(None, Player(page, touch=True), str(tmp_path))
        w.tap(f"#game-list [data-game='{game}']")
        page.select_option("#ng-count", "2")
        page.query_selector_all("#ng-seats .seat-kind")[1].select_option("bot:easy")
        page.evaluate("document.getElementById('ng-more').open = true")
        page.fill("#ng-seed", "21")
        w.tap("#ng-start")
        w.idle()
        w.p.dismiss_coach()
        turns = checked = 0
        for _ in range(60):
            if turns >= 3 or w.p.over():
                break
            w.move()
            w.idle()
            placed = page.evaluate(PLACED)
            if not placed:
                continue
            turns += 1
            chips = page.evaluate(CHIPS)
            assert chips, "no chip for the bot's moves"
            plies = sorted({p["ply"] for p in placed})
            for ply in plies:
                # the chip of that move, tapped: its marks on the board, in sight
                k = next(c["i"] for c in chips if c["ply"] == ply)
                page.evaluate("""(k) => { const c = document.querySelector(`#recent .recent-chip[data-i='${k}']`), row = c.parentElement;
                  row.scrollLeft = c.offsetLeft - row.offsetLeft - (row.clientWidth - c.offsetWidth) / 2; }""", k)   # the chip in sight, as a swipe would
                chip = page.evaluate(CHIPS)[k]
                w.p.tap(chip["x"], chip["y"])
                page.wait_for_timeout(150)
                marks = page.evaluate(MARKS, k)
                want = [p for p in placed if p["ply"] == ply]
                for p in want:
                    hit = [m for m in marks if m["kind"] == p["kind"] and (p["kind"] == "piece" or m["key"] == p["key"])]
                    assert hit, (game, ply, p, marks)
                    assert all(m["seen"] for m in hit), (game, ply, p, marks)
                    checked += 1
                w.p.tap(chip["x"], chip["y"])   # (again: all the marks)
        assert turns >= 3 and checked >= 3, (turns, checked)
        assert not app.errors, app.errors
    finally:
        _finish(request, app)


def test_glenmore_keeps_the_bots_display_while_its_words_are_read(request, chromium, site_url, tmp_path):
    app = _new_app(request, chromium, site_url, **PHONE)
    page = app.page
    try:
        app.open("?nosw")   # bots at their usual pace, and the reading time kept
        page.evaluate("localStorage.setItem('cairn.botSpeed', 'instant')")
        w = Walk(None, Player(page, touch=True), str(tmp_path))
        w.tap("#game-list [data-game='glenmore']")
        page.select_option("#ng-count", "2")
        page.query_selector_all("#ng-seats .seat-kind")[1].select_option("bot:easy")
        w.tap("#ng-start")
        w.idle()
        w.p.dismiss_coach()
        for _ in range(30):
            w.move()
            w.idle()
            if page.evaluate(PLACED.replace("out.push({kind: 'chain'", "void ({kind: 'chain'")):   # the bot placed a tile
                break
        else:
            raise AssertionError("the bot placed no tile")
        assert page.evaluate("window.cairn.renderer.layoutInfo().seat") == 1   # its display, its new tile marked
        assert any(m["seen"] for m in page.evaluate(MARKS.replace("m.k === k", "m.kind === 'tile'"), 0))
        page.wait_for_function("window.cairn.renderer.layoutInfo().seat === 0", timeout=8000)   # then yours again
        assert not app.errors, app.errors
    finally:
        _finish(request, app)
