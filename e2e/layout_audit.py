"""The layout audit (issue 48): what a person sees on each screen, checked at
phone and laptop sizes and in every language, for what gets in their way.

    audit = LayoutAudit(page, touch=True, sizes=PHONES)
    audit.check("home")               # this screen, at each size and in each language
    ...
    assert audit.problems == []       # "home [360x640 ro] cover: ..." lines

What is checked (``layout_audit.js`` looks at the page; this module switches
sizes and languages in place and judges the words):
- a control (button, field, link, a place of a legal move on the board, a
  control the board draws) covered in any part of its tap area by another
  element or by what the board draws over it;
- text cut off (HTML or the board's), unless the full text is one tap away;
- a legal move with no reachable place on the screen;
- a row scrolling sideways without a cue; a control partly off the screen;
- a focus ring after a tap, a style drawing one on ``:focus``;
- a string of another language than the one chosen (the catalogues of the
  other languages, page and engine, against this one's), an untranslated
  message id or a placeholder left unfilled;
- a number written the English way in Portuguese or Romanian ("0.55", "9.0",
  Romanian "50%"): every number goes through the language's formatter.

Screens are walked by the tests (e2e/layout_screens.py); a new screen is one
more function there calling ``check``.  ``LAYOUT_AUDIT_INIT`` must be added to
the page's context before it opens (it records the board's text).
"""
from __future__ import annotations

import glob
import json
import os
import re
from functools import lru_cache

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))
LANGS = ("en", "pt-BR", "ro")
PHONES = {"360x640": (360, 640), "390x844": (390, 844)}
LAPTOP = {"1366x768": (1366, 768)}

with open(os.path.join(HERE, "layout_audit.js"), encoding="utf-8") as _f:
    AUDIT_JS = _f.read()

# Every string a board draws (fillText) while the audit asks it to draw.
LAYOUT_AUDIT_INIT = """(() => {
  const orig = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    const rec = window.__auditRec;
    if (rec) rec.add(String(text));
    return orig.call(this, text, ...rest);
  };
})();"""

# Draw the boards (and every other canvas that can draw itself again: a chart's ``redraw``)
# again while recording their words; then the audit.
RUN_JS = """(opts) => {
  const boards = [window.cairn && window.cairn.renderer, window.cairn && window.cairn.replay && window.cairn.replay.open && window.cairn.replay.renderer];
  for (const R of boards) {
    if (!R || !R.draw) continue;
    window.__auditRec = new Set();
    try { R.draw(); } finally { R.__auditText = [...window.__auditRec]; window.__auditRec = null; }
  }
  for (const c of document.querySelectorAll("canvas")) {
    if (typeof c.redraw !== "function") continue;
    window.__auditRec = new Set();
    try { c.redraw(); } finally { c.__auditText = [...window.__auditRec]; window.__auditRec = null; }
  }
  return (%s)(opts);
}""" % AUDIT_JS

# Style rules that draw a focus ring on :focus (a tap would show it): :focus-visible only.
FOCUS_RULES = """() => {
  const out = [];
  const walk = (rules) => { for (const r of rules) {
    if (r.cssRules && !r.selectorText) walk(r.cssRules);
    const s = r.selectorText || '';
    if (/:focus(?![-\\w])/.test(s) && /outline|box-shadow|border/.test(r.cssText || '')) out.push(s);
  } };
  for (const sh of document.styleSheets) { try { walk(sh.cssRules); } catch (e) { /* another origin */ } }
  return out;
}"""

SETTLE_JS = """async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const idle = () => { const e = window.cairn && window.cairn.engine; return (!e || !e.pending || e.pending.size === 0) && !(window.cairn && window.cairn.busy); };
  // two frames after the engine and the page are idle: the board drawn again, then what follows
  // a drawing (the light, the keyboard ring: js/app.js afterDraw)
  // (and no sheet still sliding: the transitions and animations that end, ended)
  const moving = () => document.getAnimations().some((a) => a.playState === "running" && (a.effect && a.effect.getComputedTiming().iterations !== Infinity));
  for (let quiet = 0, i = 0; quiet < 2 && i < 800; i++) { await frame(); quiet = idle() && !moving() ? quiet + 1 : 0; }
}"""


# -- the words: which language a string is in -------------------------------------------------
PLACEHOLDER = re.compile(r"\{(\w+)\}")
WORD = re.compile(r"[^\W\d_]{3,}", re.U)
MSG_ID = re.compile(r"^[a-z]+(?:_[a-z0-9]+)+$|\u0004")


def _norm(s):
    return re.sub(r"\s+", " ", s).strip()


@lru_cache(maxsize=None)
def catalogues():
    """{lang: set of strings} of every language: the English message ids, the
    others' translations (page and engine catalogues, every plural form)."""
    from babel.messages.pofile import read_po

    out = {lang: set() for lang in LANGS}
    dirs = {"pt-BR": "pt_BR", "ro": "ro"}
    for lang, d in dirs.items():
        for top in (os.path.join(ROOT, "web", "locale"), os.path.join(ROOT, "engine", "cairn", "locale")):
            for path in sorted(glob.glob(os.path.join(top, d, "*.po"))):
                with open(path, "rb") as f:
                    cat = read_po(f, locale=d)
                for m in cat:
                    if not m.id:
                        continue
                    ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
                    strs = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
                    out["en"].update(_norm(i) for i in ids if i)
                    out[lang].update(_norm(s) for s in strs if s)
    return out


class _Matcher:
    """Whether a shown string is one of a set of strings, a template's
    placeholders filled with anything ("{n} players" matches "3 players")."""

    def __init__(self, strings):
        self.exact = set()
        self.by_word = {}
        for s in strings:
            if not PLACEHOLDER.search(s):
                self.exact.add(s)
                continue
            parts = PLACEHOLDER.split(s)[::2]
            if not any(WORD.search(p) for p in parts):
                continue   # a template of placeholders only ("{a} · {b}") says nothing of a language
            rx = re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$", re.S)
            words = [w.lower() for p in parts for w in WORD.findall(p)]
            key = max(words, key=len)
            self.by_word.setdefault(key, []).append(rx)

    def __contains__(self, s):
        if s in self.exact:
            return True
        for w in set(x.lower() for x in WORD.findall(s)):
            for rx in self.by_word.get(w, ()):
                if rx.match(s):
                    return True
        return False


@lru_cache(maxsize=None)
def matchers(lang):
    """(this language's strings, the other languages' strings) as matchers."""
    cats = catalogues()
    own = cats[lang]
    other = set().union(*(cats[x] for x in LANGS if x != lang)) - own
    return _Matcher(own), _Matcher(other)


def pieces(s):
    """A shown string and its parts (a line joined from several messages)."""
    out = [s]
    for p in re.split(r"\s*(?:[·;:,()\u2013\u2014]|\.\s|\s-\s)\s*", s):
        p = p.strip(" .…\u2026")
        if p and p != s:
            out.append(p)
    return out


def foreign_words(texts, lang):
    """The strings of ``texts`` that belong to another language than ``lang``
    (or are a message id, or show a placeholder unfilled)."""
    own, other = matchers(lang)
    bad = []
    for raw in texts:
        s = _norm(raw)
        if not s:
            continue
        if MSG_ID.search(s):
            bad.append(f"a message id shown: {s!r}")
            continue
        if PLACEHOLDER.search(s):
            bad.append(f"a placeholder left unfilled: {s!r}")
            continue
        for p in pieces(s):
            if len(WORD.findall(p)) == 0 or len(p) < 4:
                continue
            if p in other and p not in own:
                bad.append(f"not in {lang}: {p!r}" + (f" (in {s!r})" if p != s else ""))
                break
    return bad


# -- numbers: written as the language writes them ----------------------------------------------
# a decimal with the English point ("0.55", "9.0"; three digits after it are a group: "1.000"),
# not part of a longer dotted number (a version, an address)
ENGLISH_DECIMAL = re.compile(r"(?<![\w.,])\d+\.(?:\d{1,2}|\d{4,})(?![\w.,]*\d)")
# a percentage glued to its number: Romanian writes "50 %" (CLDR)
GLUED_PERCENT = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?%")


def english_numbers(texts, lang):
    """The strings of ``texts`` with a number written the English way in ``lang`` (Portuguese,
    Romanian: a decimal comma; Romanian: a space before %); English: none."""
    if lang == "en":
        return []
    bad = []
    for raw in texts:
        s = _norm(raw)
        m = ENGLISH_DECIMAL.search(s) or (GLUED_PERCENT.search(s) if lang == "ro" else None)
        if m:
            bad.append(f"number: {m.group(0)!r} is written the English way in {lang} (in {s[:80]!r})")
    return bad


# -- the audit -------------------------------------------------------------------------------
class LayoutAudit:
    """Checks screens of one page (a browser context made with ``LAYOUT_AUDIT_INIT``) at
    each of ``sizes`` ({name: (w, h)}: the sizes share the page's touch or mouse) in each
    of ``langs``; problems collect in ``self.problems``."""

    def __init__(self, page, touch, sizes, langs=LANGS):
        self.page = page
        self.touch = touch
        self.sizes = sizes
        self.langs = langs
        self.problems = []
        self.screens = []
        self.size = None
        self.lang = page.evaluate("document.documentElement.lang") or "en"

    def use_size(self, size):
        w, h = self.sizes[size]
        if self.size != size:
            self.page.set_viewport_size({"width": w, "height": h})
            self.size = size

    def use_lang(self, lang):
        if self.lang != lang:
            self.page.evaluate("(l) => window.cairn.language(l)", lang)
            self.lang = lang

    def settle(self):
        self.page.evaluate(SETTLE_JS)

    def run(self, screen, tapped=True):
        """The audit of what shows now (this size and language): its problems."""
        got = self.page.evaluate(RUN_JS, {"touch": self.touch, "tapped": tapped})
        found = got["problems"] + foreign_words(got["texts"], self.lang) + english_numbers(got["texts"], self.lang)
        return [f"{screen} [{self.size} {self.lang}] {p}" for p in found]

    def check(self, screen, tapped=True, sizes=None, langs=None, open=None, close=None):
        """This screen at each size and in each language (the walk goes on in the last one).
        With ``open`` and ``close``: a screen that cannot change language while shown (a modal
        dialog), opened in each language after the switch and closed again."""
        import time
        t0 = time.perf_counter()
        start = self.lang
        self.screens.append(screen)
        order = list(langs or self.langs)
        if start in order:   # begin in the language shown: one switch less
            order.remove(start)
            order.insert(0, start)
        sizes = list(sizes or self.sizes)
        if self.size in sizes:   # begin at the size shown: one change less
            sizes.remove(self.size)
            sizes.insert(0, self.size)
        opened = False
        for lang in order:
            if opened and self.lang != lang:
                close()
                opened = False
            self.use_lang(lang)
            if open and not opened:
                open()
                opened = True
            for size in sizes:
                self.use_size(size)
                self.settle()
                self.problems.extend(self.run(screen, tapped))
            sizes.reverse()   # the next language starts at the size this one ended at
        if opened:
            close()
        self.seconds = getattr(self, "seconds", 0) + time.perf_counter() - t0

    def focus_rules(self):
        return [f"style [{s}] focus: a ring on :focus (use :focus-visible)" for s in self.page.evaluate(FOCUS_RULES)]
