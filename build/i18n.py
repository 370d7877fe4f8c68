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

``python build/i18n.py`` compiles the engine's catalogues in place;
``python build/i18n.py missing`` lists what each language lacks;
``python build/i18n.py template PART`` prints a ``.po`` skeleton of the
messages no catalogue of the first language has yet (to start a file).
"""
from __future__ import annotations

import glob
import json
import os
import re
import sys
from typing import Dict, Iterable, List, Optional, Set, Tuple

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "engine", "cairn")
WEB = os.path.join(ROOT, "web")
LANGS = {"pt_BR": "pt-BR", "ro": "ro"}  # gettext code -> web tag

ENGINE_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "msg": None, "nmsg": (1, 2), "name": None}
PAGE_KEYWORDS = {"t": None, "tn": (1, 2), "N_": None}
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")

MsgId = object  # str, or (singular, plural)


def _extract(top: str, method: str, pattern: str, keywords: Dict[str, Optional[Tuple[int, ...]]]) -> Dict[MsgId, str]:
    found: Dict[MsgId, str] = {}
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
        found.setdefault(message, f"{filename}:{lineno}")
    return found


def engine_messages() -> Dict[MsgId, str]:
    """Every engine message id -> where it is first used."""
    found = _extract(ENGINE, "python", "**.py", ENGINE_KEYWORDS)
    sys.path.insert(0, os.path.dirname(ENGINE))
    try:
        import cairn.games  # noqa: F401  (loads every game's data, which marks its names)
        from cairn.core import i18n
        for text in sorted(i18n.MARKED):
            found.setdefault(text, "data")
    finally:
        sys.path.pop(0)
    return found


def page_messages() -> Dict[MsgId, str]:
    """Every page message id -> where it is first used."""
    return _extract(os.path.join(WEB, "js"), "javascript", "**.js", PAGE_KEYWORDS)


def read_catalogues(top: str, lang: str) -> Dict[MsgId, Tuple[object, str]]:
    """All messages of ``lang`` in the ``.po`` files under ``top/<lang>/``:
    id -> (translation: str or tuple of forms, file)."""
    out: Dict[MsgId, Tuple[object, str]] = {}
    for path in sorted(glob.glob(os.path.join(top, lang, "*.po"))):
        with open(path, "rb") as f:
            cat = read_po(f, locale=lang)
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            key = tuple(m.id) if isinstance(m.id, (tuple, list)) else m.id
            text = tuple(m.string) if isinstance(m.string, (tuple, list)) else m.string
            out.setdefault(key, (text, os.path.basename(path)))
    return out


def placeholders(text: str) -> Set[str]:
    return set(PLACEHOLDER.findall(text or ""))


def problems(required: Dict[MsgId, str], top: str) -> List[str]:
    """What each language lacks or gets wrong: missing or empty translations,
    placeholders that differ from the English, the wrong number of plural forms."""
    out = []
    for lang in LANGS:
        have = read_catalogues(top, lang)
        nforms = 3 if lang == "ro" else 2
        for mid, where in sorted(required.items(), key=lambda kv: str(kv[0])):
            entry = have.get(mid)
            label = mid if isinstance(mid, str) else mid[0]
            if entry is None or not entry[0] or (isinstance(entry[0], tuple) and not all(entry[0])):
                out.append(f"{lang}: missing {label!r} ({where})")
                continue
            english = placeholders(mid) if isinstance(mid, str) else placeholders(mid[0]) | placeholders(mid[1])
            forms = entry[0] if isinstance(entry[0], tuple) else (entry[0],)
            if isinstance(mid, tuple) and len(forms) != nforms:
                out.append(f"{lang}: {label!r} needs {nforms} plural forms ({entry[1]})")
            for f in forms:
                got = placeholders(f)
                # a plural form may leave out {n} (Romanian "un" for one) but never invent one
                if got - english or (english - got - {"n"}):
                    out.append(f"{lang}: placeholders differ in {label!r}: {sorted(got)} vs {sorted(english)} ({entry[1]})")
    return out


def _merged(top: str, lang: str) -> Catalog:
    cat = Catalog(locale=lang, domain="cairn")
    for mid, (text, _) in read_catalogues(top, lang).items():
        cat.add(mid, text)
    return cat


def compile_engine() -> List[str]:
    """Write ``cairn.mo`` for every language; returns the files written."""
    top = os.path.join(ENGINE, "locale")
    written = []
    for lang in LANGS:
        out_dir = os.path.join(top, lang, "LC_MESSAGES")
        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, "cairn.mo")
        with open(path, "wb") as f:
            write_mo(f, _merged(top, lang))
        written.append(path)
    return written


def compile_page(dest: str) -> List[str]:
    """Write ``dest/locale/<tag>.json`` for every language."""
    top = os.path.join(WEB, "locale")
    os.makedirs(os.path.join(dest, "locale"), exist_ok=True)
    written = []
    for lang, tag in LANGS.items():
        messages = {}
        for mid, (text, _) in read_catalogues(top, lang).items():
            if isinstance(mid, tuple):
                messages[mid[0]] = list(text) if isinstance(text, tuple) else [text]
            else:
                messages[mid] = text
        path = os.path.join(dest, "locale", f"{tag}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"lang": tag, "messages": messages}, f, ensure_ascii=False, sort_keys=True)
        written.append(path)
    return written


def template(required: Dict[MsgId, str], top: str, where_prefix: str, lang: str) -> str:
    """A .po skeleton of the messages used under ``where_prefix`` that ``lang`` lacks."""
    have = read_catalogues(top, lang)
    cat = Catalog(locale=lang)
    for mid, where in sorted(required.items(), key=lambda kv: str(kv[0])):
        if mid in have or where_prefix not in where:
            continue
        cat.add(mid, ("", "", "") if isinstance(mid, tuple) and lang == "ro" else ("", "") if isinstance(mid, tuple) else "",
                locations=[(where.rsplit(":", 1)[0], 0)] if ":" in where else [])
    import io
    buf = io.BytesIO()
    write_po(buf, cat, omit_header=True, no_location=False, width=100)
    return buf.getvalue().decode("utf-8")


def main(argv: Iterable[str]) -> int:
    args = list(argv)
    if args[:1] == ["missing"]:
        bad = problems(engine_messages(), os.path.join(ENGINE, "locale")) + \
            [f"page {p}" for p in problems(page_messages(), os.path.join(WEB, "locale"))]
        print("\n".join(bad) or "every message is translated")
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
