"""Local numbers (issue 58): every number the engine or the page writes goes through the
language's formatter - "0,55 puncte pierdute", "cam 4,6 puncte", "Medie 92,0", "1.000" in
Portuguese and Romanian - never "0.55" or "9.0" there.  The engine's rules are CLDR's, as
Babel (in the build) has them; the page's are the browser's Intl, and the two agree."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from cairn.core import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = [0, 7, 1000, 12345, 1234567, 0.55, 9.0, 4.6, 12345.5, -3, -0.5]
LOCALES = {"en": "en", "pt_BR": "pt-BR", "ro": "ro"}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_engine_writes_numbers_as_babel_does(lang):
    babel = pytest.importorskip("babel.numbers")
    for x in SAMPLES:
        digits = len(repr(x).split(".")[1]) if isinstance(x, float) else 0
        want = babel.format_decimal(x, format="#,##0" + ("." + "0" * digits if digits else ""), locale=lang)
        assert i18n.number(x, lang) == want, (lang, x)


def test_a_message_says_its_numbers_in_the_readers_language():
    m = i18n.msg("{items} and {last}", items=0.55, last=1000)
    assert i18n.render(m, lang="en") == "0.55 and 1,000"
    assert i18n.render(m, lang="ro") == "0,55 și 1.000"
    assert i18n.render(m, lang="pt_BR") == "0,55 e 1.000"


PAGE = r"""
import fs from "fs";
globalThis.document = { documentElement: {} };
globalThis.fetch = async (u) => ({ ok: true, json: async () => JSON.parse(fs.readFileSync(process.argv[2] + "/locale/" + u.split("/").pop(), "utf8")) });
const i = await import(process.argv[3] + "/i18n.js");
const w = await import(process.argv[3] + "/review/words.js");
const out = {};
for (const tag of ["en", "pt-BR", "ro"]) {
  await i.setLanguage(tag);
  out[tag] = {
    num: JSON.parse(process.argv[4]).map((x) => i.num(x)),
    avg: i.num(0.55, { digits: 2 }), one: i.num(92, { digits: 1 }), pct: i.percent(0.5),
    points: w.points(4.63), filled: i.t("{n} left", { n: 1234.5 }),
  };
}
console.log(JSON.stringify(out));
"""


def test_the_page_writes_numbers_as_the_language_does(tmp_path):
    """The page's num()/percent() and its {placeholders} (web/js/i18n.js) under Node, and the
    review's points lost (web/js/review/words.js): the same digits as the engine's."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    from node_helpers import run_node
    import importlib.util
    spec = importlib.util.spec_from_file_location("cairn_i18n_numbers", os.path.join(ROOT, "build", "i18n.py"))
    b = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(b)
    b.compile_page(str(tmp_path))
    got = run_node(tmp_path, PAGE, str(tmp_path), os.path.join(ROOT, "web", "js"), json.dumps(SAMPLES))[0]
    for lang, tag in LOCALES.items():   # (9.0 is 9 to JavaScript: the page says its digits with num(x, {digits}))
        assert [g for g, x in zip(got[tag]["num"], SAMPLES) if x != 9.0] == [i18n.number(x, lang) for x in SAMPLES if x != 9.0], tag
    assert [got[t]["avg"] for t in ("en", "pt-BR", "ro")] == ["0.55", "0,55", "0,55"]
    assert [got[t]["one"] for t in ("en", "pt-BR", "ro")] == ["92.0", "92,0", "92,0"]
    assert [got[t]["pct"] for t in ("en", "pt-BR", "ro")] == ["50%", "50%", "50\u00a0%"]
    assert got["ro"]["points"] == "cam 4,6 puncte" and got["en"]["points"] == "about 4.6 points", got
    assert got["ro"]["filled"] == "1.234,5 left"   # a number in a placeholder: the language's too
