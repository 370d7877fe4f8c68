"""Clans of Caledonia's pieces on the page are drawings, not codes: every unit and every good
the engine knows (its data tables, the contracts' imports and meat, hops) has a pictogram in
web/js/renderers/caledonia/pieces.js, the pictograms differ from one another, and neither
they nor the map and boards' helpers (paint.js unitGlyph, goodChip, goodCount without a count)
draw any text. Run under Node with a canvas context that records the calls."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from cairn.caledonia import data
from node_helpers import run_node

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JS = os.path.join(ROOT, "web", "js", "renderers", "caledonia")

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")


def _kinds():
    units = list(data.ALL_UNITS) + ["worker"]   # worker: MacDonald's and the neutral workers
    goods = set(data.GOODS) | set(data.IMPORTS) | {"hops"}
    for c in data.CONTRACTS.values() if isinstance(data.CONTRACTS, dict) else data.CONTRACTS:
        goods |= {g for g, _ in c.needs} | {g for g, _ in c.imports}
    return units, sorted(goods)


SCRIPT = r"""
const [pieces, paint] = await Promise.all([
  import(process.argv[2] + "/pieces.js"), import(process.argv[2] + "/paint.js")]);
const { units, goods } = JSON.parse(process.argv[3]);

// a 2D context that records what is drawn: each call's name and numbers
function recorder() {
  const calls = [];
  let depth = 0, minDepth = 0;
  const target = { canvas: { width: 100, height: 100 }, globalAlpha: 1 };
  const ctx = new Proxy(target, {
    get(t, k) {
      if (k in t) return t[k];
      return (...args) => {
        if (k === "save") depth++;
        if (k === "restore") { depth--; minDepth = Math.min(minDepth, depth); }
        if (k === "measureText") return { width: String(args[0]).length * 6 };
        // a gradient, as a real context gives: its stops recorded with the calls
        if (k === "createLinearGradient" || k === "createRadialGradient") {
          calls.push([k, ...args.map((a) => Math.round(a * 100) / 100)]);
          return { addColorStop: (at, colour) => calls.push(["addColorStop", at, String(colour)]) };
        }
        calls.push([k, ...args.map((a) => (typeof a === "number" ? Math.round(a * 100) / 100 : String(a)))]);
      };
    },
    set(t, k, v) { t[k] = v; return true; },
  });
  return { ctx, calls, balanced: () => depth === 0 && minDepth === 0 };
}
const texts = (calls) => calls.filter(([k]) => k === "fillText" || k === "strokeText").map((c) => c[1]);
const fills = (calls) => calls.filter(([k]) => k === "fill").length;

const out = { units: {}, goods: {}, missing: [], helpers: {} };
for (const u of units) {
  if (!pieces.hasUnit(u)) { out.missing.push(u); continue; }
  const r = recorder();
  pieces.drawUnit(r.ctx, u, 20, 20, 24, "#e8483b");
  out.units[u] = { fills: fills(r.calls), texts: texts(r.calls), balanced: r.balanced(), sig: JSON.stringify(r.calls) };
}
for (const g of goods) {
  if (!pieces.hasGood(g)) { out.missing.push(g); continue; }
  const r = recorder();
  pieces.drawGood(r.ctx, g, 20, 20, 24);
  out.goods[g] = { fills: fills(r.calls), texts: texts(r.calls), balanced: r.balanced(), sig: JSON.stringify(r.calls) };
}
// the helpers the map and the boards call
for (const u of units) {
  const r = recorder();
  paint.unitGlyph(r.ctx, u, 20, 20, 16, "#4fc3f7");
  paint.unitGlyph(r.ctx, u, 20, 20, 28, "#f2c12e", { ghost: true });
  out.helpers["unit " + u] = texts(r.calls);
}
for (const g of goods) {
  const r = recorder();
  paint.goodChip(r.ctx, g, 20, 20, 9);
  paint.goodCount(r.ctx, g, 1, 20, 20, 9);
  out.helpers["good " + g] = texts(r.calls);
}
out.unitKinds = pieces.UNIT_KINDS;
out.goodKinds = pieces.GOOD_KINDS;
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    units, goods = _kinds()
    [out] = run_node(tmp_path_factory.mktemp("pieces"), SCRIPT, JS, json.dumps({"units": units, "goods": goods}))
    return units, goods, out


def test_every_unit_and_good_of_the_engine_has_a_drawing(drawn):
    units, goods, out = drawn
    assert not out["missing"], f"no pictogram for {out['missing']}"
    assert {"sheep", "cow", "dairy", "bakery", "field", "distillery", "woodcutter", "miner", "fisherman"} <= set(units)
    assert {"wool", "milk", "grain", "cheese", "bread", "whisky", "cotton", "tobacco", "sugarcane", "hops"} <= set(goods)


def test_the_pictograms_draw_shapes_and_no_letters(drawn):
    units, goods, out = drawn
    for kind, d in list(out["units"].items()) + list(out["goods"].items()):
        assert d["fills"] >= 1, f"{kind}: {d['fills']} filled shapes"
        assert d["texts"] == [], f"{kind} draws text {d['texts']}"
        assert d["balanced"], f"{kind}: save/restore unbalanced"


def test_each_pictogram_is_its_own_drawing(drawn):
    _, _, out = drawn
    for group in ("units", "goods"):
        sigs = {}
        for kind, d in out[group].items():
            assert d["sig"] not in sigs, f"{kind} is drawn like {sigs.get(d['sig'])}"
            sigs[d["sig"]] = kind


def test_the_map_and_board_helpers_draw_no_codes(drawn):
    _, _, out = drawn
    lettered = {k: v for k, v in out["helpers"].items() if v}
    assert not lettered, f"text drawn on pieces: {lettered}"


def test_no_two_letter_codes_are_left_in_the_caledonia_page():
    # the old abbreviations (a: N_("Wc") ...) are gone from the renderer and the help
    import re
    code = re.compile(r"""\ba:\s*N_\(|N_\(["'][A-Z][a-z]["']\)|UNIT\[.*?\]\.a\b""")
    files = [os.path.join(JS, f) for f in os.listdir(JS) if f.endswith(".js")]
    files += [os.path.join(ROOT, "web", "js", "help", "caledonia.js"), os.path.join(ROOT, "web", "js", "renderers", "caledonia.js")]
    found = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if code.search(line):
                    found.append(f"{os.path.relpath(path, ROOT)}:{n}: {line.strip()[:80]}")
    assert not found, "\n".join(found)
