"""Plural forms follow the rule each catalogue states, never a library's locale data.

Every plural message of every language, for n = 0, 1, 2, 3, 5, 20, 21, 100 and 1,000,000, is
rendered through the engine (the compiled ``cairn.mo``) and through the page (``web/js/i18n.js``
under Node, on the compiled ``locale/<tag>.json``) and compared with the form the ``.po`` file's
own ``Plural-Forms`` rule picks, worked out here by the standard library's ``gettext.c2py``
(neither Babel nor the page's parser).  Babel 2.19's locale data gives Portuguese a third form
(round millions); a catalogue compiled from it would make every n >= 2 fall back to English.
"""
import gettext
import glob
import importlib.util
import os
import re
import struct

import pytest

from cairn.core import i18n
from node_helpers import run_node

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NS = (0, 1, 2, 3, 5, 20, 21, 100, 1000000)
LANGS = {"pt_BR": "pt-BR", "ro": "ro"}
HEADER = re.compile(r'^"Plural-Forms:\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;"]+?)\s*;?\s*\\n"$', re.M)
FIELD = re.compile(r"\{(\w+)[^{}]*\}")


def _build_i18n():
    spec = importlib.util.spec_from_file_location("cairn_i18n_plural_test", os.path.join(ROOT, "build", "i18n.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


B = _build_i18n()


def _stated_rule(top, lang):
    """(nplurals, rule) as the first .po file of ``lang`` states them, read here."""
    path = sorted(glob.glob(os.path.join(top, lang, "*.po")))[0]
    with open(path, encoding="utf-8") as f:
        m = HEADER.search(f.read())
    return int(m.group(1)), m.group(2)


def _plural_entries(top, lang):
    """[(context, singular, plural, forms)] of every plural message ``lang``'s catalogues hold."""
    out = []
    for (ctx, mid), (text, _) in sorted(B.read_catalogues(top, lang).items(), key=lambda kv: str(kv[0])):
        if isinstance(mid, tuple):
            out.append((ctx, mid[0], mid[1], tuple(text)))
    return out


def _cases(top):
    """Every (lang, context, singular, plural, n, expected text) with its fields filled by name."""
    cases = []
    for lang in LANGS:
        nplurals, rule = _stated_rule(top, lang)
        pick = gettext.c2py(rule)
        for ctx, sing, plur, forms in _plural_entries(top, lang):
            assert len(forms) == nplurals, (lang, sing)
            for n in NS:
                args = {k: f"<{k}>" for k in FIELD.findall(sing + plur) if k != "n"}
                # (a number as the language writes it: "1.000.000" in Portuguese and Romanian)
                cases.append((lang, ctx, sing, plur, n, args, forms[pick(n)].format(n=i18n.number(n, lang), **args)))
    return cases


ENGINE_TOP = os.path.join(ROOT, "engine", "cairn", "locale")
PAGE_TOP = os.path.join(ROOT, "web", "locale")


def test_every_engine_plural_renders_the_form_its_catalogue_states():
    B.compile_engine()
    i18n._translations.clear()   # read the catalogues just compiled
    cases = _cases(ENGINE_TOP)
    assert len({(c[1], c[2]) for c in cases}) >= 20   # the games really have plural messages
    wrong = []
    for lang, ctx, sing, plur, n, args, expected in cases:
        m = {"msg": sing, "plural": plur, "n": n, "args": dict(args, n=n)}
        if ctx:
            m["ctx"] = ctx
        got = i18n.render(m, lang=lang)
        if got != expected:
            wrong.append(f"{lang} n={n} [{ctx}] {sing!r}: {got!r}, wanted {expected!r}")
    assert not wrong, f"{len(wrong)} wrong, e.g.: " + "; ".join(wrong[:5])


PAGE = """
import fs from "fs";
globalThis.document = { documentElement: {} };
globalThis.fetch = async (u) => ({ ok: true, json: async () => JSON.parse(fs.readFileSync(process.argv[2] + "/locale/" + u.split("/").pop(), "utf8")) });
const i = await import(process.argv[3] + "/i18n.js");
const cases = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const out = [];
for (const [tag, group] of Object.entries(cases)) {
  await i.setLanguage(tag);
  for (const [ctx, sing, plur, n, args] of group) out.push(i.ptn(ctx, sing, plur, n, args));
}
console.log(JSON.stringify(out));
"""


def test_every_page_plural_renders_the_form_its_catalogue_states(tmp_path):
    B.compile_page(str(tmp_path))
    cases = _cases(PAGE_TOP)
    by_tag = {}
    for lang, ctx, sing, plur, n, args, _ in cases:
        by_tag.setdefault(LANGS[lang], []).append([ctx, sing, plur, n, args])
    (tmp_path / "cases.json").write_text(__import__("json").dumps(by_tag))
    got = run_node(tmp_path, PAGE, str(tmp_path), os.path.join(ROOT, "web", "js"), str(tmp_path / "cases.json"))[0]
    ordered = [c for tag in by_tag for c in cases if LANGS[c[0]] == tag]
    wrong = [f"{c[0]} n={c[4]} [{c[1]}] {c[2]!r}: {g!r}, wanted {c[6]!r}" for c, g in zip(ordered, got) if g != c[6]]
    assert len(got) == len(cases) and len({(c[1], c[2]) for c in cases}) >= 20
    assert not wrong, f"{len(wrong)} wrong, e.g.: " + "; ".join(wrong[:5])


def test_the_compiled_catalogues_carry_the_stated_rule_and_no_date(tmp_path):
    for lang, tag in LANGS.items():
        path = os.path.join(ENGINE_TOP, lang, "LC_MESSAGES", "cairn.mo")
        with open(path, "rb") as f:
            tr = gettext.GNUTranslations(f)
        nplurals, rule = _stated_rule(ENGINE_TOP, lang)
        assert tr.info()["plural-forms"].replace(" ", "") == f"nplurals={nplurals};plural={rule};".replace(" ", "")
        assert "pot-creation-date" not in tr.info() and "po-revision-date" not in tr.info()
    B.compile_page(str(tmp_path))
    data = __import__("json").loads((tmp_path / "locale" / "ro.json").read_text(encoding="utf-8"))
    assert data["plural"] == {"forms": 3, "rule": _stated_rule(PAGE_TOP, "ro")[1].replace(" ", "")}


def test_the_mo_writer_is_read_back_by_gettext_and_is_the_same_bytes_twice():
    entries = {(None, "Undo"): "Desfazer", ("caledonia", ("{n} sheep", "{n} sheep")): ("{n} ovelha", "{n} ovelhas"),
               (None, ("{n} coin", "{n} coins")): ("{n} moeda", "{n} moedas")}
    data = B.mo_bytes(entries, 2, "(n > 1)")
    assert data == B.mo_bytes(dict(reversed(list(entries.items()))), 2, "(n > 1)")
    magic, revision, count = struct.unpack("<3I", data[:12])
    assert (magic, revision, count) == (0x950412DE, 0, 4)
    import io
    tr = gettext.GNUTranslations(io.BytesIO(data))
    assert tr.gettext("Undo") == "Desfazer"
    assert [tr.ngettext("{n} coin", "{n} coins", n) for n in (0, 1, 2)] == ["{n} moeda", "{n} moeda", "{n} moedas"]
    assert tr.npgettext("caledonia", "{n} sheep", "{n} sheep", 5) == "{n} ovelhas"


@pytest.mark.parametrize("rule,ns,forms", [
    ("(n != 1)", (0, 1, 2), (1, 0, 1)),
    ("(n > 1)", (0, 1, 2, 1000000), (0, 0, 1, 1)),
    ("(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)", (0, 1, 2, 19, 20, 101, 119, 120), (1, 0, 1, 1, 2, 1, 1, 2)),
    ("n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2", (1, 2, 5, 11, 22, 112), (0, 1, 2, 2, 1, 2)),
    ("!(n == 1)", (1, 2), (0, 1)),
])
def test_the_pages_plural_rule_parser_agrees_with_gettext(tmp_path, rule, ns, forms):
    src = ('const p = await import(process.argv[2] + "/plural.js");\n'
           f'const f = p.compilePlural({rule!r});\nconsole.log(JSON.stringify({list(ns)}.map(f)));\n')
    got = run_node(tmp_path, src, os.path.join(ROOT, "web", "js"))[0]
    assert got == list(forms) == [gettext.c2py(rule)(n) for n in ns]


def test_the_pages_plural_rule_parser_refuses_what_is_not_a_rule(tmp_path):
    src = ('const p = await import(process.argv[2] + "/plural.js");\nconst out = [];\n'
           'for (const r of ["n; alert(1)", "n ==", "(n", "x > 1", "n > 1 ? 0"]) {\n'
           '  try { p.compilePlural(r); out.push("accepted " + r); } catch (e) { out.push("refused"); }\n}\n'
           'console.log(JSON.stringify(out));\n')
    assert run_node(tmp_path, src, os.path.join(ROOT, "web", "js"))[0] == ["refused"] * 5
