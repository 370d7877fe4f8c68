"""Give a game's catalogue entries their context, in place (``python build/i18n.py contexts``).

Every entry of ``<lang>/<game>.po`` whose message the game's files use
gets ``msgctxt "<game>"`` (a line inserted before its ``msgid``; the rest
of the file is left as it is).  A message a context uses that its file
lacks, but another file translates, is appended to ``<game>.po`` with its
context and that translation (to be reviewed: the game's own word may
differ).  Entries the context-free sources still use stay as they are.
"""
from __future__ import annotations

import glob
import os
from typing import Dict, Iterable, List, Optional, Tuple

from babel.messages.pofile import read_po, unescape

Key = Tuple[Optional[str], object]


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def _entries(lines: List[str]) -> List[Tuple[int, object, bool]]:
    """(line of msgid, id: str or (singular, plural), has msgctxt) per entry."""
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("msgid "):
            start = i
            parts = [unescape(line[6:].strip())]
            i += 1
            while i < len(lines) and lines[i].startswith('"'):
                parts.append(unescape(lines[i].strip()))
                i += 1
            singular = "".join(parts)
            mid: object = singular
            if i < len(lines) and lines[i].startswith("msgid_plural "):
                pl = [unescape(lines[i][13:].strip())]
                i += 1
                while i < len(lines) and lines[i].startswith('"'):
                    pl.append(unescape(lines[i].strip()))
                    i += 1
                mid = (singular, "".join(pl))
            j = start - 1
            while j >= 0 and lines[j].startswith('"'):
                j -= 1
            has_ctx = j >= 0 and lines[j].startswith("msgctxt ")
            if singular:
                out.append((start, mid, has_ctx))
            continue
        i += 1
    return out


def _entry_text(ctx: str, mid: object, text: object) -> List[str]:
    lines = [f"msgctxt {_quote(ctx)}"]
    if isinstance(mid, tuple):
        lines += [f"msgid {_quote(mid[0])}", f"msgid_plural {_quote(mid[1])}"]
        forms = text if isinstance(text, tuple) else (text,)
        lines += [f"msgstr[{i}] {_quote(f)}" for i, f in enumerate(forms)]
    else:
        lines += [f"msgid {_quote(mid)}", f"msgstr {_quote(text)}"]
    return lines


def _all_translations(top: str, lang: str) -> Dict[Key, object]:
    out: Dict[Key, object] = {}
    for path in sorted(glob.glob(os.path.join(top, lang, "*.po"))):
        with open(path, "rb") as f:
            for m in read_po(f, locale=lang):
                if not m.id or m.fuzzy:
                    continue
                key = tuple(m.id) if isinstance(m.id, (tuple, list)) else m.id
                text = tuple(m.string) if isinstance(m.string, (tuple, list)) else m.string
                if text and (not isinstance(text, tuple) or all(text)):
                    out.setdefault((m.context or None, key), text)
    return out


def add_contexts(top: str, required: Dict[Key, str], langs: Iterable[str], games: Iterable[str]) -> List[str]:
    """Do it for every language's game catalogues under ``top``; what was done, a line per file."""
    report = []
    for lang in langs:
        known = _all_translations(top, lang)
        plain_files: Dict[object, List[str]] = {}
        for path in glob.glob(os.path.join(top, lang, "*.po")):
            with open(path, encoding="utf-8") as f:
                for _, mid, has_ctx in _entries(f.read().split("\n")):
                    if not has_ctx:
                        plain_files.setdefault(mid, []).append(os.path.basename(path))
        for game in games:
            path = os.path.join(top, lang, f"{game}.po")
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            have = {mid for _, mid, has_ctx in _entries(lines) if has_ctx}
            marked, appended = 0, []
            for start, mid, has_ctx in reversed(_entries(lines)):
                if has_ctx or (game, mid) not in required or mid in have:
                    continue
                still_plain = (None, mid) in required and plain_files.get(mid) == [f"{game}.po"]
                if still_plain:
                    text = known.get((None, mid))
                    if text is not None:
                        appended.append((mid, text))
                else:
                    lines.insert(start, f"msgctxt {_quote(game)}")
                    marked += 1
                have.add(mid)
            for (ctx, mid), where in sorted(required.items(), key=lambda kv: str(kv[0][1])):
                if ctx != game or mid in have:
                    continue
                text = known.get((None, mid)) or next((v for (c, m), v in known.items() if m == mid), None)
                if text is not None:
                    appended.append((mid, text))
                    have.add(mid)
            while lines and lines[-1] == "":
                lines.pop()
            for mid, text in appended:
                lines += [""] + _entry_text(game, mid, text)
            if marked or appended:
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(lines) + "\n")
                report.append(f"{os.path.relpath(path)}: {marked} entries given their context, {len(appended)} copied in")
    return report
