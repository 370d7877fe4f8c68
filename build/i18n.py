"""Translation catalogues: extract with Babel, compile at build time, check.

Sources (English) and catalogues:

* the engine: ``_()``, ``ngettext()``, ``msg()``, ``nmsg()``, ``name()`` and
  ``N_()`` calls in ``engine/cairn/**.py``, plus every name the data loaders
  mark with ``N_()`` at import time (:data:`cairn.core.i18n.MARKED`);
  catalogues ``engine/cairn/locale/<lang>/*.po`` (one file per part: core,
  glenmore, hunters, caledonia, ...), compiled into one
  ``engine/cairn/locale/<lang>/LC_MESSAGES/cairn.mo`` per language;
* the page: ``t()``, ``tn()`` and ``N_()`` calls in ``web/js/**.js``;
  catalogues ``web/locale/<lang>/*.po``, compiled into one
  ``<dist>/locale/<tag>.json`` per language (``{"messages": {id: text | [forms]}}``).

Contexts (gettext's ``msgctxt``): every game's words are in the game's
context, so one English word can have a translation per game ("grain":
Glen More's "grãos", Clans of Caledonia's "Cereal").  The context of a
string is where it is written, with no mark at the call site:

* engine: ``cairn/<game>/**`` and ``cairn/bots/<game>.py`` -> ``<game>``
  (the core, the facade: none);
* page: ``js/renderers/<game>.js``, ``js/renderers/<game>/**`` and
  ``js/help/<game>.js``, ``js/help/<game>.tutorial.js`` -> ``<game>`` (those files take ``t``/``tn`` from
  ``js/i18n/<game>.js``, which binds the context); ``pt(ctx, text)``
  anywhere names one explicitly; the rest: none.

A game's catalogue ``<lang>/<game>.po`` writes ``msgctxt "<game>"`` before
each of its entries; context-free entries live in ``core.po`` (engine) and
``app.po``, ``replay.po``, ``share.po`` (page).  A lookup in a context
falls back to the context-free entry; the compiled catalogues also give a
context-free entry to every word that has only contexts (the first game's,
for the few lookups made without a context).

``python build/i18n.py`` compiles the engine's catalogues in place;
``python build/i18n.py missing`` lists what each language lacks (in each
context) and a game's file that translates without its context;
``python build/i18n.py unused`` lists catalogue entries nothing uses;
``python build/i18n.py contexts`` adds ``msgctxt "<game>"`` to the entries
of ``<game>.po`` used in that context (and copies into it the translations
a context lacks that another file has), in place;
``python build/i18n.py template PART`` prints a ``.po`` skeleton of the
messages no catalogue of the first language has yet (to start a file);
``python build/i18n.py glossary`` lists where a catalogue says another word for
a thing its glossary names (build/glossary/, build/i18n_glossary.py);
``python build/i18n.py agreement`` where a message said to the player does not
agree with "you" (build/i18n_agreement.py).
"""
from __future__ import annotations

import ast
import contextlib
import glob
import json
import os
import re
import sys
from typing import Dict, Iterable, List, Optional, Set, Tuple

import struct

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GLOSSARY = os.path.join(ROOT, "build", "glossary")
ENGINE = os.path.join(ROOT, "engine", "cairn")
WEB = os.path.join(ROOT, "web")
LANGS = {"pt_BR": "pt-BR", "ro": "ro"}  # gettext code -> web tag

ENGINE_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "msg": None, "nmsg": (1, 2), "name": None,
                   "pgettext": ((1, "c"), 2)}
PAGE_KEYWORDS = {"t": None, "tn": (1, 2), "N_": None, "pt": ((1, "c"), 2), "ptn": ((1, "c"), 2, 3)}
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
#: the games (each one a context): engine/cairn/<game>/ with rules of its own
GAMES = tuple(sorted(d for d in os.listdir(ENGINE) if d != "core" and os.path.isfile(os.path.join(ENGINE, d, "rules.py"))))

MsgId = object  # str, or (singular, plural)
Key = Tuple[Optional[str], MsgId]  # (context or None, message id)


def engine_context(filename: str) -> Optional[str]:
    """The context of an engine file (relative to engine/cairn): its game or None."""
    parts = filename.replace(os.sep, "/").split("/")
    if parts[0] in GAMES and len(parts) > 1:
        return parts[0]
    if parts[0] == "bots" and len(parts) == 2 and parts[1][:-3] in GAMES:
        return parts[1][:-3]
    return None


def page_context(filename: str) -> Optional[str]:
    """The context of a page file (relative to web/js): its game or None (renderers/<game>/...,
    help/<game>.js, table/<game>.js: the game's)."""
    parts = filename.replace(os.sep, "/").split("/")
    if len(parts) >= 2 and parts[0] in ("renderers", "help", "table"):
        # help/<game>.js and help/<game>.tutorial.js (its guided first game): the game's
        game = parts[1].split(".")[0] if len(parts) == 2 and parts[1].endswith(".js") else parts[1]
        if game in GAMES and (parts[0] == "renderers" or len(parts) == 2):
            return game
    return None


def _extract(top: str, method: str, pattern: str, keywords: Dict[str, object], where=None) -> Dict[Key, str]:
    found: Dict[Key, str] = {}
    method_map = [(pattern, method)]
    options = {pattern: {"parse_template_string": "true"}} if method == "javascript" else {}
    for filename, lineno, message, comments, context in extract_from_dir(
            top, method_map=method_map, options_map=options, keywords=keywords):
        if isinstance(message, (tuple, list)):
            message = tuple(message)
            if not message[0]:
                continue
        elif not message:
            continue
        found.setdefault((context or (where(filename) if where else None), message), f"{filename}:{lineno}")
    return found


def _nested_python(top: str, keywords: Dict[str, object], where) -> Dict[Key, str]:
    """The keyword calls with literal strings, nested ones too (Babel's
    extractor skips a call inside another call's arguments, e.g.
    ``name(TABLE.get(k, N_("a unit")))``)."""
    found: Dict[Key, str] = {}
    for path in sorted(glob.glob(os.path.join(top, "**", "*.py"), recursive=True)):
        rel = os.path.relpath(path, top).replace(os.sep, "/")
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords):
                continue
            spec = keywords[node.func.id]
            strs = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
            if spec is None and strs and strs[0]:
                key: Key = (where(rel), strs[0])
            elif spec == (1, 2) and len(strs) > 1 and strs[0] and strs[1]:
                key = (where(rel), (strs[0], strs[1]))
            elif spec == ((1, "c"), 2) and len(strs) > 1 and strs[0] and strs[1]:
                key = (strs[0], strs[1])
            else:
                continue
            found.setdefault(key, f"{rel}:{node.lineno}")
    return found


_JS_STRING = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.|\$(?!\{))*`)"""
_JS_CALL = re.compile(r"(?<![\w.$])(t|N_|tn|pt|ptn)\(\s*" + _JS_STRING + r"(?:\s*,\s*" + _JS_STRING + r")?(?:\s*,\s*" + _JS_STRING + r")?")
_JS_COMMENT = re.compile(r"/\*.*?\*/|^\s*//[^\n]*", re.S | re.M)
_JS_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", re.S)


def _js_unquote(literal: str) -> str:
    def one(m):
        e = m.group(1)
        if e[0] in "ux" and len(e) > 1:
            return chr(int(e[1:].strip("{}"), 16))
        return {"n": "\n", "t": "\t", "r": "\r", "\n": ""}.get(e, e)
    return _JS_ESCAPE.sub(one, literal[1:-1])


def _nested_js(top: str, where) -> Dict[Key, str]:
    """The t/tn/N_/pt/ptn calls with literal strings, wherever they are
    (Babel's extractor misses some inside template literals)."""
    found: Dict[Key, str] = {}
    for path in sorted(glob.glob(os.path.join(top, "**", "*.js"), recursive=True)):
        rel = os.path.relpath(path, top).replace(os.sep, "/")
        with open(path, encoding="utf-8") as f:
            src = _JS_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), f.read())
        for m in _JS_CALL.finditer(src):
            kw, a, b, c = m.group(1), m.group(2), m.group(3), m.group(4)
            if kw in ("t", "N_"):
                key: Key = (where(rel), _js_unquote(a))
            elif kw == "tn" and b:
                key = (where(rel), (_js_unquote(a), _js_unquote(b)))
            elif kw == "pt" and b:
                key = (_js_unquote(a), _js_unquote(b))
            elif kw == "ptn" and b and c:
                key = (_js_unquote(a), (_js_unquote(b), _js_unquote(c)))
            else:
                continue
            if key[1] and (not isinstance(key[1], tuple) or key[1][0]):
                found.setdefault(key, f"{rel}:{src.count(chr(10), 0, m.start()) + 1}")
    return found


@contextlib.contextmanager
def _engine_importable():
    """The engine's package importable (``import cairn``) while in the block."""
    sys.path.insert(0, os.path.dirname(ENGINE))
    try:
        yield
    finally:
        sys.path.pop(0)


def engine_messages() -> Dict[Key, str]:
    """Every engine message (context, id) -> where it is first used."""
    found = _extract(ENGINE, "python", "**.py", ENGINE_KEYWORDS, engine_context)
    for key, where in _nested_python(ENGINE, ENGINE_KEYWORDS, engine_context).items():
        found.setdefault(key, where)
    with _engine_importable():
        import cairn.games  # noqa: F401  (loads every game's data, which marks its names)
        from cairn.core import i18n
        for key in sorted(i18n.MARKED, key=str):
            found.setdefault(key, "data")
    return found


def page_messages() -> Dict[Key, str]:
    """Every page message (context, id) -> where it is first used."""
    found = _extract(os.path.join(WEB, "js"), "javascript", "**.js", PAGE_KEYWORDS, page_context)
    for key, where in _nested_js(os.path.join(WEB, "js"), page_context).items():
        found.setdefault(key, where)
    return found


_T_IMPORT = re.compile(r"import\s*\{([^}]*)\}\s*from\s*[\"']((?:\.\./|\./)+)i18n\.js[\"']")


def context_free_imports() -> List[str]:
    """The page files of a game that take ``t``/``tn`` from js/i18n.js (no
    context) instead of js/i18n/<game>.js."""
    out = []
    js = os.path.join(WEB, "js")
    for path in sorted(glob.glob(os.path.join(js, "**", "*.js"), recursive=True)):
        rel = os.path.relpath(path, js).replace(os.sep, "/")
        game = page_context(rel)
        if game is None:
            continue
        with open(path, encoding="utf-8") as f:
            for m in _T_IMPORT.finditer(f.read()):
                names = {n.strip().split(" as ")[0].strip() for n in m.group(1).split(",")}
                if names & {"t", "tn"}:
                    out.append(f"{rel} translates without its context: take t/tn from i18n/{game}.js")
    return out


def read_catalogues(top: str, lang: str) -> Dict[Key, Tuple[object, str]]:
    """All messages of ``lang`` in the ``.po`` files under ``top/<lang>/``:
    (context, id) -> (translation: str or tuple of forms, file)."""
    out: Dict[Key, Tuple[object, str]] = {}
    for path in sorted(glob.glob(os.path.join(top, lang, "*.po"))):
        with open(path, "rb") as f:
            cat = read_po(f, locale=lang)
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            key = tuple(m.id) if isinstance(m.id, (tuple, list)) else m.id
            text = tuple(m.string) if isinstance(m.string, (tuple, list)) else m.string
            out.setdefault((m.context or None, key), (text, os.path.basename(path)))
    return out


def with_fallbacks(have: Dict[Key, Tuple[object, str]]) -> Dict[Key, Tuple[object, str]]:
    """``have`` plus a context-free entry for every id that has only
    contexts (the first context's translation, games in alphabetical order)."""
    out = dict(have)
    for (ctx, mid), entry in sorted(have.items(), key=lambda kv: (kv[0][0] or "", str(kv[0][1]))):
        if ctx is not None and entry[0]:
            out.setdefault((None, mid), entry)
    return out


def _label(key: Key) -> str:
    ctx, mid = key
    text = mid if isinstance(mid, str) else mid[0]
    return f"{text!r}" + (f" [{ctx}]" if ctx else "")


def placeholders(text: str) -> Set[str]:
    return set(PLACEHOLDER.findall(text or ""))


def problems(required: Dict[Key, str], top: str) -> List[str]:
    """What each language lacks or gets wrong: missing or empty translations
    (in each context: a game's word needs its entry with ``msgctxt``),
    placeholders that differ from the English, the wrong number of plural forms."""
    out = []
    for lang in LANGS:
        have = read_catalogues(top, lang)
        stated = stated_plural_rule(top, lang)
        nforms = stated[0] if stated else None
        for key, where in sorted(required.items(), key=lambda kv: (kv[0][0] or "", str(kv[0][1]))):
            ctx, mid = key
            entry = have.get(key)   # a game's word needs its own entry, even if the core has one
            label = _label(key)
            if entry is None or not entry[0] or (isinstance(entry[0], tuple) and not all(entry[0])):
                hint = ""
                if ctx and any(k[1] == mid for k in have):
                    hint = f"; add msgctxt {ctx!r} to the entry in {ctx}.po (python build/i18n.py contexts)"
                out.append(f"{lang}: missing {label} ({where}{hint})")
                continue
            english = placeholders(mid) if isinstance(mid, str) else placeholders(mid[0]) | placeholders(mid[1])
            forms = entry[0] if isinstance(entry[0], tuple) else (entry[0],)
            if isinstance(mid, tuple) and nforms is None:
                out.append(f"{lang}: {label!r} has plural forms but no catalogue states a Plural-Forms rule")
            elif isinstance(mid, tuple) and len(forms) != nforms:
                out.append(f"{lang}: {label!r} needs {nforms} plural forms ({entry[1]})")
            for f in forms:
                got = placeholders(f)
                # a plural form may leave out {n} (Romanian "un" for one) but never invent one
                if got - english or (english - got - {"n"}):
                    out.append(f"{lang}: placeholders differ in {label}: {sorted(got)} vs {sorted(english)} ({entry[1]})")
    return out


def unused(required: Dict[Key, str], top: str) -> List[str]:
    """Catalogue entries no source uses (in their context)."""
    out = []
    for lang in LANGS:
        for key, (_, where) in sorted(read_catalogues(top, lang).items(), key=lambda kv: (kv[1][1], str(kv[0]))):
            if key not in required:
                out.append(f"{lang}: unused {_label(key)} ({where})")
    return out


#: a catalogue header's plural rule, as it stands in the .po file's header entry
_PLURAL_FORMS = re.compile(r'^"Plural-Forms:\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;"]+?)\s*;?\s*\\n"$', re.M)


def stated_plural_rule(top: str, lang: str) -> Optional[Tuple[int, str]]:
    """The plural rule ``lang``'s catalogues under ``top/<lang>/`` state in their
    ``Plural-Forms`` headers: (number of forms, C expression of ``n``), or None when
    none states one.  Files that state different rules are an error."""
    rules = {}
    for path in sorted(glob.glob(os.path.join(top, lang, "*.po"))):
        with open(path, encoding="utf-8") as f:
            m = _PLURAL_FORMS.search(f.read())
        if m is not None:
            rules[os.path.basename(path)] = (int(m.group(1)), re.sub(r"\s+", "", m.group(2)))
    if len(set(rules.values())) > 1:
        raise SystemExit(f"{lang}: the catalogues under {top} state different plural rules: {rules}")
    return next(iter(rules.values()), None)


def plural_rule(top: str, lang: str) -> Tuple[int, str]:
    """The plural rule ``lang``'s catalogues state (:func:`stated_plural_rule`); the
    compiled catalogues carry it, never a library's locale data (Babel 2.19's gives
    Portuguese a third form for round millions).  No rule stated is an error."""
    rule = stated_plural_rule(top, lang)
    if rule is None:
        raise SystemExit(f"no catalogue of {lang} under {os.path.relpath(top, ROOT)} states a Plural-Forms header")
    return rule


def mo_bytes(entries: Dict[Key, object], nplurals: int, expr: str) -> bytes:
    """A GNU ``.mo`` file of ``entries`` ((context, id) -> translation: str or tuple
    of forms) whose header states ``nplurals`` and ``expr``: written here, byte for
    byte the same for the same entries whatever tools are installed (no dates)."""
    header = ("Content-Type: text/plain; charset=UTF-8\n"
              f"Plural-Forms: nplurals={nplurals}; plural={expr};\n")
    pairs = [(b"", header.encode("utf-8"))]
    for (ctx, mid), text in entries.items():
        key = mid if isinstance(mid, str) else "\0".join(mid)
        if ctx:
            key = f"{ctx}\x04{key}"
        value = text if isinstance(text, str) else "\0".join(text)
        pairs.append((key.encode("utf-8"), value.encode("utf-8")))
    pairs.sort()
    n = len(pairs)
    originals, translations = 7 * 4, 7 * 4 + 8 * n
    offset = 7 * 4 + 16 * n
    table_o, table_t, blob = [], [], bytearray()
    for k, _ in pairs:
        table_o += [len(k), offset + len(blob)]
        blob += k + b"\0"
    for _, v in pairs:
        table_t += [len(v), offset + len(blob)]
        blob += v + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, n, originals, translations, 0, offset)
    return head + struct.pack(f"<{4 * n}I", *table_o, *table_t) + bytes(blob)


def compiled_entries(top: str, lang: str) -> Dict[Key, object]:
    """What a compiled catalogue of ``lang`` holds: every translated entry, plus the
    context-free fallbacks (:func:`with_fallbacks`)."""
    return {key: text for key, (text, _) in sorted(with_fallbacks(read_catalogues(top, lang)).items(),
                                                   key=lambda kv: (kv[0][0] or "", str(kv[0][1])))}


def compile_engine() -> List[str]:
    """Write ``cairn.mo`` for every language (the plural rule its .po files state);
    returns the files written."""
    top = os.path.join(ENGINE, "locale")
    written = []
    for lang in LANGS:
        out_dir = os.path.join(top, lang, "LC_MESSAGES")
        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, "cairn.mo")
        data = mo_bytes(compiled_entries(top, lang), *plural_rule(top, lang))
        try:
            with open(path, "rb") as f:
                if f.read() == data:   # unchanged: leave the file (and its time) alone
                    written.append(path)
                    continue
        except OSError:
            pass
        with open(path, "wb") as f:
            f.write(data)
        written.append(path)
    return written


def compile_page(dest: str) -> List[str]:
    """Write ``dest/locale/<tag>.json`` for every language."""
    top = os.path.join(WEB, "locale")
    os.makedirs(os.path.join(dest, "locale"), exist_ok=True)
    written = []
    for lang, tag in LANGS.items():
        messages = {}
        nplurals, expr = plural_rule(top, lang)
        for (ctx, mid), text in compiled_entries(top, lang).items():
            prefix = f"{ctx}\x04" if ctx else ""   # gettext's separator; web/js/i18n.js looks it up so
            if isinstance(mid, tuple):
                messages[prefix + mid[0]] = list(text) if isinstance(text, tuple) else [text]
            else:
                messages[prefix + mid] = text
        path = os.path.join(dest, "locale", f"{tag}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"lang": tag, "plural": {"forms": nplurals, "rule": expr}, "messages": messages}, f,
                      ensure_ascii=False, sort_keys=True)
        written.append(path)
    return written


def template(required: Dict[Key, str], top: str, where_prefix: str, lang: str) -> str:
    """A .po skeleton of the messages used under ``where_prefix`` that ``lang`` lacks."""
    have = read_catalogues(top, lang)
    cat = Catalog(locale=lang)
    for (ctx, mid), where in sorted(required.items(), key=lambda kv: str(kv[0])):
        if (ctx, mid) in have or where_prefix not in where:
            continue
        cat.add(mid, ("", "", "") if isinstance(mid, tuple) and lang == "ro" else ("", "") if isinstance(mid, tuple) else "",
                locations=[(where.rsplit(":", 1)[0], 0)] if ":" in where else [], context=ctx)
    import io
    buf = io.BytesIO()
    write_po(buf, cat, omit_header=True, no_location=False, width=100)
    return buf.getvalue().decode("utf-8")


def titles_in_catalogue(dist: str) -> Dict[str, Dict[str, str]]:
    """Add to ``dist``'s ``boot/catalogue.json`` (the engine's "hello" the page shows
    before the engine answers: in English) each game's title in every language the
    engine speaks, read from that language's catalogue (``boot/lang/<lang>.mo``) as
    the engine reads it (its own ``lookup``: the game's context first): ``titles:
    {lang: {game: title}}``.  A first visit in Portuguese then names the games in
    Portuguese from the start, not only once Python is up."""
    import gettext
    with _engine_importable():
        from cairn.core.i18n import lookup
    path = os.path.join(dist, "boot", "catalogue.json")
    with open(path, encoding="utf-8") as f:
        hello = json.load(f)
    titles: Dict[str, Dict[str, str]] = {}
    top = os.path.join(dist, "boot", "lang")
    for name in sorted(os.listdir(top)) if os.path.isdir(top) else []:
        if not name.endswith(".mo"):
            continue
        with open(os.path.join(top, name), "rb") as f:
            tr = gettext.GNUTranslations(f)
        titles[name[:-len(".mo")]] = {g["name"]: lookup(tr, g["title"], g["name"]) for g in hello["games"]}
    hello["titles"] = titles
    with open(path, "w", encoding="utf-8") as f:
        json.dump(hello, f)
    return titles


def main(argv: Iterable[str]) -> int:
    args = list(argv)
    if args[:1] == ["missing"]:
        bad = problems(engine_messages(), os.path.join(ENGINE, "locale")) + \
            [f"page {p}" for p in problems(page_messages(), os.path.join(WEB, "locale"))] + \
            [f"page {p}" for p in context_free_imports()]
        print("\n".join(bad) or "every message is translated")
        return 1 if bad else 0
    if args[:1] == ["unused"]:
        bad = unused(engine_messages(), os.path.join(ENGINE, "locale")) + \
            [f"page {p}" for p in unused(page_messages(), os.path.join(WEB, "locale"))]
        print("\n".join(bad) or "every catalogue entry is used")
        return 1 if bad else 0
    if args[:1] == ["contexts"]:
        from i18n_contexts import add_contexts   # build/i18n_contexts.py
        for top, required in ((os.path.join(ENGINE, "locale"), engine_messages()),
                              (os.path.join(WEB, "locale"), page_messages())):
            for line in add_contexts(top, required, LANGS, GAMES):
                print(line)
        return 0
    if args[:1] == ["glossary"]:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from i18n_glossary import check
        bad = check(GLOSSARY, read_catalogues, (os.path.join(ENGINE, "locale"), os.path.join(WEB, "locale")), LANGS)
        print("\n".join(bad) or "every catalogue keeps to its glossary")
        return 1 if bad else 0
    if args[:1] == ["agreement"]:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from i18n_agreement import check as agree
        from cairn.core.i18n import YOU
        texts = lambda top: {lang: {k: v[0] for k, v in read_catalogues(top, lang).items()} for lang in LANGS}
        bad = agree(engine_messages(), page_messages(), YOU, texts(os.path.join(ENGINE, "locale")), texts(os.path.join(WEB, "locale")))
        print("\n".join(bad) or "every message said to the player agrees with 'you'")
        return 1 if bad else 0
    if args[:1] == ["template"]:
        part, kind, lang = (args[1:] + ["", "engine", "pt_BR"])[:3] if len(args) > 1 else ("", "engine", "pt_BR")
        if kind == "page":
            print(template(page_messages(), os.path.join(WEB, "locale"), part, lang))
        else:
            print(template(engine_messages(), os.path.join(ENGINE, "locale"), part, lang))
        return 0
    for p in compile_engine():
        print("wrote", os.path.relpath(p, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
