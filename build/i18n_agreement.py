"""The player spoken to, checked: every second-person message agrees with "you" in English,
Portuguese (Brazil) and Romanian (``python build/i18n.py agreement``).

Two kinds of message are checked, in each language:

* a pair, the engine's (``cairn/<game>/data/you.toml``: a message about a seat and its
  second-person form): the form's verb is the second person of the message's verb.  English: "You produce" for "produces"
  ("You are" for "is"); Portuguese: "Você" takes the verb of the third person ("Você
  produz" for "produz"); Romanian: the second person singular, which always ends in -i
  ("Produci" for "produce", "Iei" for "ia", "Te extinzi" for "se extinde");
* any other message that starts with "You" and a verb ("You played ...", the page's "You
  place {tile}"), or says it after a label ("Game over: you win"): that verb is not a third
  person's ("You plays", "Você jogas", "Joacă" are caught).

A verb is the first word after the subject ("You", "Você", "Tu"), the placeholder a
wrapper starts with ("{line}; make {goods}") and the little words before a verb (Portuguese
and Romanian pronouns, "não", "nu"); a form with no word there ("you +{n}") has no verb to
agree.  A form equal to its message (a wrapper with no verb of its own) is not checked.
"""
from __future__ import annotations

import re
from typing import Dict, Iterable, List, Optional, Tuple

LANGS = ("en", "pt_BR", "ro")
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*", re.U)
#: what may stand before the verb (pronouns, negation): skipped
LITTLE = {
    "en": {"and", "then", "also"},
    "pt_BR": {"e", "a", "o", "as", "os", "se", "lhe", "lhes", "me", "te", "não", "também", "já", "ainda"},
    "ro": {"nu", "te", "îți", "ți", "o", "îl", "le", "îi", "mai", "și", "tot", "deja", "încă"},
}
SUBJECT = {"en": {"you"}, "pt_BR": {"você"}, "ro": {"tu", "îți", "ți"}}
#: Romanian's "to you" (dative): the verb after it is impersonal ("îți mai trebuie": you still need)
DATIVE = {"îți", "ți"}
#: English third persons that are not the base form and an s
IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were"}
#: English verbs whose base form ends in -s (a third person never ends in -ss)
MODALS = {"can", "cannot", "could", "may", "might", "must", "shall", "should", "will", "would"}


def _rest(text: str) -> str:
    """``text`` after a leading placeholder and its punctuation ("{line}; make" -> "make")."""
    return re.sub(r"^\{\w+\}[\s,;:.\-\u2013\u2014]*", "", text.strip())


def verb(text: str, lang: str, subject: bool = True) -> Tuple[Optional[str], Optional[str]]:
    """(the verb of ``text``, the subject word it starts with or None): the first word after
    the subject (when there is one), a leading placeholder and the little words before a
    verb; None when the next thing is not a word ("you +{n}")."""
    rest = _rest(text)
    had: Optional[str] = None
    while True:
        m = re.match(r"\s*(\{\w+\}|[^\s]+)", rest)
        if not m:
            return None, had
        tok = m.group(1)
        w = WORD.fullmatch(tok.strip(",.;:!?"))
        if w is None:
            return None, had
        low = w.group(0).lower()
        if subject and not had and low in SUBJECT[lang]:
            had = low
            rest = rest[m.end():]
            continue
        if low in LITTLE[lang]:
            rest = rest[m.end():]
            continue
        return low.split("-")[0] if lang == "pt_BR" else low, had


def _third_of(base: str) -> set:
    """English third persons of a base form ("pass" -> "passes", "carry" -> "carries")."""
    if base in MODALS:
        return {base}
    out = {base + "s", base + "es"}
    if base.endswith("y"):
        out.add(base[:-1] + "ies")
    out |= {k for k, v in IRREGULAR.items() if v == base}
    return out


def pair_problems(third: str, you: str, tr_third: Optional[str], tr_you: Optional[str], lang: str) -> List[str]:
    """What is wrong with the second-person form ``you`` of ``third`` (English ids) in
    ``lang`` (``tr_*``: their translations; English: None)."""
    if you == third:
        return []   # a wrapper with no verb of its own
    label = f"{lang}: {you!r} (for {third!r})"
    if lang == "en":
        v, had = verb(you, "en")
        v3, _ = verb(third.replace("{seat}", "", 1), "en", subject=False)
        if v is None:
            return [] if v3 is None or third.startswith("{seat}") and not WORD.match(_rest(third.replace("{seat}", "", 1))) else [f"{label}: no verb"]
        if v3 is None or v3 not in _third_of(v):
            return [f"{label}: {v!r} is not the second person of {v3!r}"]
        return []
    if tr_you is None or tr_third is None:
        return [f"{label}: untranslated"]
    v, had = verb(tr_you, lang)
    v3, _ = verb(tr_third.replace("{seat}", "", 1), lang, subject=False)
    if v is None or v3 is None:
        return []
    if lang == "pt_BR":
        if not had and third.startswith("{seat}") or not had and not you.startswith("{"):
            return [f"{label}: {tr_you!r} does not say 'Você'"]
        if v != v3:
            return [f"{label}: 'Você {v}' does not agree: the third person says {v3!r}"]
        return []
    if not (v.endswith("i") or had in DATIVE) or v == v3:
        return [f"{label}: {tr_you!r}: {v!r} is not the second person singular (of {v3!r})"]
    return []


def _after_label(text: str) -> str:
    """``text`` after a label ending in a colon ("Game over: you win" -> "you win")."""
    head, sep, tail = text.partition(": ")
    return tail if sep and "{" not in head else text


def lone_problems(you: str, tr: Optional[str], lang: str) -> List[str]:
    """What is wrong with a message that starts with "You" and a verb (after a label: "Game
    over: you win"), unpaired."""
    text = you if lang == "en" else (tr or "")
    if not you.startswith("You"):
        text = _after_label(text)
    v, had = verb(text, lang)
    if v is None:
        return []
    label = f"{lang}: {you!r}" + (f" -> {tr!r}" if lang != "en" else "")
    if lang == "en":
        if v in IRREGULAR or (v.endswith("s") and not v.endswith("ss") and v not in MODALS):
            return [f"{label}: {v!r} after 'You' is a third person"]
    elif lang == "pt_BR":
        if had and v.endswith("s") and v not in ("pôs", "quis"):
            return [f"{label}: {v!r} after 'Você' is the second person ('tu'): 'você' takes the third"]
    elif not v.endswith("i") and had not in DATIVE:
        return [f"{label}: {v!r} is not the second person singular"]
    return []


def starts_with_you(text: str) -> bool:
    """An English message that starts with "You" and a verb, or says it after a label ("Game
    over: you win"); not "You:", not "Your"."""
    return re.match(r"^(?:[^:{}]+:\s+)?[Yy]ou\s+[a-z]", text) is not None


def problems(pairs: Iterable[Tuple[Optional[str], object, object]],
             lone: Iterable[Tuple[Optional[str], str]],
             catalogues: Dict[str, Dict[Tuple[Optional[str], object], object]]) -> List[str]:
    """Every disagreement: ``pairs`` (context, third-person id, its form; ids of plural
    messages as (singular, plural)), ``lone`` (context, an English message starting with
    "You"), ``catalogues``: per language other than English, (context, id) -> translation
    (a text, or a tuple of forms)."""
    def tr(lang: str, ctx: Optional[str], mid: object) -> List[Optional[str]]:
        if lang == "en":
            return list(mid) if isinstance(mid, tuple) else [mid]
        got = catalogues.get(lang, {}).get((ctx, mid))
        if got is None and ctx is not None:
            got = catalogues.get(lang, {}).get((None, mid))
        if got is None:
            return [None]
        return list(got) if isinstance(got, tuple) else [got]

    out: List[str] = []
    for ctx, third, you in pairs:
        for lang in LANGS:
            thirds, yous = tr(lang, ctx, third), tr(lang, ctx, you)
            en_third = third[0] if isinstance(third, tuple) else third
            en_you = you[0] if isinstance(you, tuple) else you
            for k, f in enumerate(yous):
                t3 = thirds[min(k, len(thirds) - 1)]
                out += pair_problems(en_third, en_you, None if lang == "en" else t3, None if lang == "en" else f, lang)
    for ctx, you in lone:
        for lang in LANGS:
            for f in tr(lang, ctx, you):
                out += lone_problems(you, f, lang)
    return sorted(set(out))


def check(engine_messages: Dict[tuple, str], page_messages: Dict[tuple, str], you: Dict[tuple, object],
          engine_catalogues: Dict[str, Dict[tuple, object]], page_catalogues: Dict[str, Dict[tuple, object]]) -> List[str]:
    """Every disagreement of the engine's pairs (``you``: cairn.core.i18n.YOU) and of the
    engine's and the page's other messages said to the player (build/i18n.py's messages and
    catalogues: (context, id) -> translation)."""
    plural_of = {(c, m[0]): m for (c, m) in engine_messages if isinstance(m, tuple)}
    pairs = [(ctx, plural_of.get((ctx, third), third), form) for (ctx, third), form in you.items()]
    forms = {(ctx, f if isinstance(f, str) else f[0]) for ctx, f in you.items()}
    lone = [(c, m) for (c, m) in engine_messages if isinstance(m, str) and starts_with_you(m) and (c, m) not in forms]
    page = [(c, m) for (c, m) in page_messages if isinstance(m, str) and starts_with_you(m)]
    return problems(pairs, lone, engine_catalogues) + problems([], page, page_catalogues)
