"""A whole game of each game by tapping, on two phones (touch) and a laptop:
the human's moves are taps on the board or the choice bar; the middle of the
game is skipped by importing a save the engine's bots played (so the suite
stays fast). Checked all along: own board and choices on screen together
(phone), touch targets of at least 44 px, no horizontal overflow, no text
under 11 px (HTML and canvas text), log lines without internal ids or raw coordinates; at the end:
the final table's total row visible and nothing clipped in it."""
import pytest

from play_helpers import Player

SIZES = {
    "phone360": dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2),
    "phone390": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2),
    "laptop": dict(viewport={"width": 1366, "height": 768}),
}

# every fillText on a canvas in the page records its size in CSS px: the font's
# px times the transform's vertical scale (a glyph's height: a name narrowed sideways to fit,
# base.js fitLines, keeps its height; __textNarrow records how far, never under 0.6) times the
# canvas's CSS-to-backing ratio
TEXT_SIZES = """(() => {
  const seen = window.__textSizes = {};
  const narrow = window.__textNarrow = {};
  const orig = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    const c = this.canvas, m = /([0-9.]+)px/.exec(this.font || '');
    if (m && c.isConnected && c.width && String(text).trim()) {
      const t = this.getTransform();
      const k = Math.hypot(t.a, t.b) / Math.max(1e-6, Math.hypot(t.c, t.d));
      if (k < 0.999) narrow[String(text).slice(0, 30)] = Math.min(narrow[String(text).slice(0, 30)] || 1, Math.round(k * 100) / 100);
      const css = parseFloat(m[1]) * Math.hypot(t.c, t.d) * (c.clientWidth / c.width);
      const key = String(text).slice(0, 30);
      if (!(key in seen) || css < seen[key]) seen[key] = Math.round(css * 10) / 10;
    }
    return orig.call(this, text, ...rest);
  };
})();"""

SMALL_TEXT = "() => Object.entries(window.__textSizes || {}).filter(([t, px]) => px < 10.95)"

FINAL_TABLE = """() => {
  const t = document.getElementById('score-table');
  if (!t) return ['no final table'];
  const out = [];
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  for (const c of t.querySelectorAll('th, td')) {
    if (c.scrollWidth > c.clientWidth + 1) out.push(`clipped cell: ${c.textContent}`);
    const r = c.getBoundingClientRect();
    if (r.right > W + 1) out.push(`cell off screen: ${c.textContent}`);
  }
  const total = t.querySelector('tr.total').getBoundingClientRect();
  const sheet = document.getElementById('sheet').getBoundingClientRect();
  if (total.bottom > H + 1 || total.top < 0 || total.bottom > sheet.bottom + 1) out.push(`total row not visible: ${JSON.stringify(total)}`);
  return out;
}"""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", ["glenmore", "hunters"])
def test_full_game_by_tapping(chromium, site_url, tmp_path, game, size):
    ctx = SIZES[size]
    context = chromium.new_context(**ctx)
    page = context.new_page()
    page.add_init_script(TEXT_SIZES)
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url + "?fast=1&nosw")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        touch = bool(ctx.get("has_touch"))
        p = Player(page, touch=touch)
        p.start(game, seed=11)
        # the guide comes with the first drawn turn (a moment after the game starts on a slow run)
        page.wait_for_selector("#coach", state="visible", timeout=10_000)
        p.dismiss_coach()
        for _ in range(2):
            if touch:
                together = p.board_and_choices_together()
                assert together["ok"], together
            assert p.check() == []
            p.human_move()
        p.import_near_end(game, seed=11, left=2, tmpdir=str(tmp_path))
        p.play_to_end()
        assert p.problems() == []
        # the end of the game opens the sheet on the final table, who won at its head (no pop-up
        # over the board: issue 48)
        page.wait_for_function("document.body.classList.contains('sheet-open')")
        page.wait_for_function("(document.querySelector('#final .final-head') || {}).innerText", timeout=5_000)
        assert page.inner_text("#final .final-head").startswith("Game over")
        page.wait_for_timeout(400)
        assert page.is_visible("#end-actions") and page.is_visible("#again")
        assert page.evaluate(FINAL_TABLE) == []
        # no canvas text under 11 CSS px at any moment of the game
        assert page.evaluate("Object.keys(window.__textSizes).length") > 5
        small = page.evaluate(SMALL_TEXT)
        assert small == [], "; ".join(f"{t!r} {px}px" for t, px in small)
        assert all(k >= 0.6 for k in page.evaluate("Object.values(window.__textNarrow)")), page.evaluate("window.__textNarrow")
        assert p.check() == []
        # undo after the end explains itself and changes nothing
        ply = p.ply()
        # (aria-disabled: a tap still reaches it and explains; force skips Playwright's enabled check)
        page.tap("#undo", force=True) if touch else page.click("#undo", force=True)
        page.wait_for_selector(".toast >> text=game is over")
        page.wait_for_timeout(300)
        assert p.ply() == ply
        # the rules reference, then "Play again" with the same seats
        p.tap_el(page.query_selector("#help-btn"))
        page.wait_for_selector("#help[open]")
        assert page.eval_on_selector_all("#help-body h3", "hs => hs.length") >= 5
        p.tap_el(page.query_selector("#help-close"))
        seats = p.snap()["view"]["seats"]
        old_gid = page.evaluate("window.cairn.gid")
        p.tap_el(page.query_selector("#again"))
        page.wait_for_function(f"window.cairn.gid && window.cairn.gid !== '{old_gid}' && window.cairn.snapshot()")
        again = p.snap()["view"]
        assert [s["name"] for s in again["seats"]] == [s["name"] for s in seats] and not again["is_over"]
        saved = {e["gid"]: e for e in p.page.evaluate("JSON.parse(localStorage.getItem('cairn:index'))")}
        assert saved[old_gid]["over"] and " won " in saved[old_gid]["result"]
        assert errors == []
    finally:
        context.close()
