"""Clans of Caledonia draws its pieces, never codes: every text the page writes on a canvas is
recorded while a game against the solo opponent is played by tapping into its second round
(the starting workers offered on the map, expansions, trades, every tab, the help); none is a
two-letter unit or good code of the old chips (Wc, Mn, Wo ...) and none says "2 kinds"; the
help shows the pieces as pictures."""
from __future__ import annotations

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "web", "dev"))

from caledonia_drive import CaledoniaPlayer  # noqa: E402

# the abbreviations the chips and glyphs used to carry
CODES = {"Sh", "Cw", "Da", "Ba", "Fi", "Di", "Wc", "Mn", "Fm", "Wk",
         "Wo", "Mi", "Gr", "Br", "Ch", "Wh", "Co", "To", "Su", "Ho", "Be", "Mu", "2 kinds"}

RECORD = """(() => {
  const seen = window.__drawnTexts = new Set();
  for (const name of ['fillText', 'strokeText']) {
    const orig = CanvasRenderingContext2D.prototype[name];
    CanvasRenderingContext2D.prototype[name] = function (text, ...rest) {
      seen.add(String(text).trim());
      return orig.call(this, text, ...rest);
    };
  }
})();"""


def test_pieces_are_drawn_not_coded(app):
    app.page.add_init_script(RECORD)
    app.open("?fast=1")
    if "caledonia" not in app.games():
        pytest.skip("Clans of Caledonia is not registered in this build")
    p = CaledoniaPlayer(app.page)
    p.start(["human", "automa:3"], seed=21)
    p.play("pass", until=lambda s: any(m["type"] == "start_worker" for m in s["legal"]))
    p.tab("map")
    app.page.wait_for_timeout(200)
    p.play(["expand", "trade", "expand"], until=lambda s: s["view"]["round"] >= 2)
    for tab in ("map", "market", "export", "players"):
        p.tab(tab)
        app.page.wait_for_timeout(150)
    texts = set(app.page.evaluate("[...window.__drawnTexts]"))
    assert texts, "nothing was recorded"
    assert not (texts & CODES), f"codes drawn on the canvas: {sorted(texts & CODES)}"
    p.tap_el(app.page.query_selector("#help-btn"))
    app.page.wait_for_selector("#help[open]")
    pictures = app.page.evaluate("document.querySelectorAll('#help-body img[src^=\"data:image/png\"]').length")
    assert pictures >= 9 + 6, f"{pictures} pieces pictured in the help"
    body = app.page.inner_text("#help-body")
    assert "Wc woodcutter" not in body and "Sh sheep" not in body
    assert not app.errors, app.errors
