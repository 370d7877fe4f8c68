"""The glossaries: one word for each thing, per game and for the app, in every language
(``python build/i18n.py glossary`` lists what the catalogues say otherwise).

``build/glossary/<lang>/<part>.toml`` (``part``: ``app`` or a game) lists a part's concepts,
each a table::

    [grain]
    en = 'grain(?! fields?)'   # how the English messages name it (a regex, whole words)
    use = 'grân'              # the word every translation of such a message says (its stem)
    avoid = ['grâu', 'cereal\\w*']   # other words for it, wrong anywhere in the part
    source = 'rulebook 001'   # where the word comes from: a seed's rulebook, else "chosen"
    except = ['...']          # English messages that use the English word in another sense

A part's messages are its catalogues' entries (the engine's and the page's): a game's, those
in its context (``msgctxt "<game>"``); the app's, those without a context.  English is the
source: its glossary checks the messages themselves (``avoid`` only).  Placeholders are left
out before matching ("{goods}" is no word).
"""
from __future__ import annotations

import glob
import os
import re
import tomllib
from typing import Dict, Iterable, List, Optional, Tuple

PLACEHOLDER = re.compile(r"\{\w*\}")
Entry = Tuple[str, str, str]   # (English message, its translation, the file it is in)


def load(root: str) -> Dict[str, Dict[str, Dict[str, dict]]]:
    """{lang: {part: {concept: spec}}} of every ``<root>/<lang>/<part>.toml``."""
    out: Dict[str, Dict[str, Dict[str, dict]]] = {}
    for path in sorted(glob.glob(os.path.join(root, "*", "*.toml"))):
        lang = os.path.basename(os.path.dirname(path))
        with open(path, "rb") as f:
            out.setdefault(lang, {})[os.path.basename(path)[:-5]] = tomllib.load(f)
    return out


def _words(text: str) -> str:
    """``text`` without its placeholders and markup, its spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", PLACEHOLDER.sub(" ", text)))


def _rx(pattern: str, end: bool = True) -> "re.Pattern[str]":
    return re.compile(r"(?<!\w)(?:%s)%s" % (pattern, r"(?!\w)" if end else ""), re.I | re.U)


def entries(catalogues: Iterable[Dict[tuple, tuple]], part: str) -> List[Entry]:
    """A part's entries in catalogues as build/i18n.py reads them ((context, id) ->
    (translation, file)): every form of a plural message on its own."""
    out: List[Entry] = []
    for cat in catalogues:
        for (ctx, mid), (text, where) in cat.items():
            if (ctx or "app") != part:
                continue
            ids = list(mid) if isinstance(mid, tuple) else [mid]
            forms = list(text) if isinstance(text, tuple) else [text]
            for k, form in enumerate(forms):
                out.append((ids[min(k, len(ids) - 1)], form, where))
    return out


def problems(glossary: Dict[str, Dict[str, dict]], lang: str, part_entries: Dict[str, List[Entry]]) -> List[str]:
    """Where ``lang``'s messages (``part_entries``: part -> entries) say another word for a
    concept of its glossary (``glossary``: part -> concepts), or leave out the word."""
    out: List[str] = []
    for part, concepts in sorted(glossary.items()):
        rows = part_entries.get(part, [])
        for name, spec in sorted(concepts.items()):
            avoid = _rx("|".join(spec["avoid"])) if spec.get("avoid") else None
            use = _rx(spec["use"], end=False) if spec.get("use") and lang != "en" else None
            en = _rx(spec["en"]) if spec.get("en") else None
            skip = set(spec.get("except", []))
            for mid, text, where in rows:
                said = _words(mid if lang == "en" else text)
                m = avoid.search(said) if avoid else None
                if m:
                    out.append(f"{lang} {part} {name}: {m.group(0)!r} in {said.strip()[:80]!r} ({where}): "
                               f"the glossary's word is {spec.get('use') or spec.get('en')!r}")
                    continue
                if use and en and mid not in skip and en.search(_words(mid)) and not use.search(said):
                    out.append(f"{lang} {part} {name}: {said.strip()[:80]!r} for {mid[:60]!r} ({where}) "
                               f"does not say {spec['use']!r}")
    return out


def check(root: str, read_catalogues, tops: Iterable[str], langs: Iterable[str]) -> List[str]:
    """Every problem of every language's glossaries under ``root``, against the catalogues
    under ``tops`` (``read_catalogues(top, lang)``: build/i18n.py's); English is checked
    against the messages of the first other language's catalogues (their ids)."""
    glossaries = load(root)
    langs = list(langs)
    out: List[str] = []
    for lang in ["en"] + langs:
        source = langs[0] if lang == "en" else lang
        cats = [read_catalogues(top, source) for top in tops]
        parts = {part: entries(cats, part) for part in glossaries.get(lang, {})}
        out += problems(glossaries.get(lang, {}), lang, parts)
    return out


def planted(glossary: Dict[str, Dict[str, dict]], lang: str, part: str, concept: str,
            part_entries: Dict[str, List[Entry]], word: str) -> Optional[List[str]]:
    """The problems found once one translation of ``concept`` (the first that says the
    glossary's word) says ``word`` instead: what the glossary test plants."""
    spec = glossary[part][concept]
    use = re.compile(r"(?<!\w)(?:%s)\w*" % spec["use"], re.I | re.U)
    rows = list(part_entries[part])
    for i, (mid, text, where) in enumerate(rows):
        if use.search(text):
            rows[i] = (mid, use.sub(word, text, count=1), where)
            return problems({part: {concept: spec}}, lang, {part: rows})
    return None
