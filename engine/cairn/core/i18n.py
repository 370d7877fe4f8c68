"""The engine's languages: gettext catalogues and messages rendered late.

Everything the engine says to a player (log lines, refusal reasons, names
of tiles, cards, clans and features) is English in the source and
translated through gettext.  The catalogues are ``.po`` files under
``cairn/locale/<lang>/`` (one per part of the engine), compiled at build
time into ``cairn/locale/<lang>/LC_MESSAGES/cairn.mo`` (``build/i18n.py``;
Babel extracts the messages).  Without a compiled catalogue a language
falls back to English.

Two kinds of text:

* said now: ``_("the game is over")`` / ``ngettext(...)`` translate at once
  into the current language (refusal reasons: the player reads them now);
* said later: ``msg("{seat} takes {tile}", seat=seat_ref(1), tile=name("Forest"))``
  builds a *message*, a JSON dict ``{"msg": id, "args": {...}}`` kept in the
  journal and the history, and :func:`render` turns it into text in the
  language of whoever reads it, so a saved game reads in the viewer's
  language.  Arguments are numbers, plain text (kept as is), nested
  messages (``name(...)`` is a message without arguments: a translatable
  name), or seat references ``{"seat": i}`` (the seat's player name).

``N_(text)`` marks a name for translation without translating it (for
data tables); every marked name is recorded in :data:`MARKED` so the
catalogue test can require a translation of each.

Contexts (gettext's ``msgctxt``): one English word can mean different
things in two games ("grain" is "grãos" in Glen More's Portuguese and
"Cereal" in Clans of Caledonia's rulebook), so every game's words have the
game as their context.  Nothing changes at a call site: ``_()``,
``ngettext()``, ``msg()``, ``nmsg()``, ``name()`` and ``N_()`` take the
context of the module that calls them (a module under ``cairn/<game>/`` or
``cairn/bots/<game>.py``: ``"<game>"``; the core and the facade: none).  A
message keeps it as ``"ctx"``, so it renders with its game's words
wherever it is rendered.  The catalogues say it with ``msgctxt "<game>"``
(``cairn/locale/<lang>/<game>.po``; ``core.po`` has no context); a lookup
in a context falls back to the context-free entry (the core's words), and
the build gives every word that exists only in contexts a context-free
entry too (for the few lookups made without one).

The player spoken to: a message about a seat reads in the second person
for the seat of the person holding the device (``render(..., me=seat)``):
"You produce £8", "Produci £8", "Você produz £8", never "You produces".
Each game lists the second-person form of its messages about a seat in
``cairn/<game>/data/you.toml`` (:func:`second_person`): the log line of a
move (said of the seat that moves: "buys 2 cheese" -> "You buy 2 cheese"),
a journal line whose ``{seat}`` is the subject ("{seat} produces {goods}"
-> "You produce {goods}"), and a line that wraps another ("{line}; makes
{goods}" -> "{line}; make {goods}": its first placeholder is the subject's
line).  The forms are messages like any other (English ids, translated in
the catalogues); the journal keeps the third-person message and the reader's
seat picks the form when it is rendered.

Numbers in a message are written as the reader's language writes them
(:func:`number`: "0,5" in Portuguese and Romanian, "0.5" in English).
"""
from __future__ import annotations

import gettext as _gettext
import os
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

#: the languages players can pick (gettext codes); English is the source
LANGUAGES = ("en", "pt_BR", "ro")
#: web language tags and short forms accepted by :func:`normalize`
_ALIASES = {"en": "en", "pt": "pt_BR", "pt_br": "pt_BR", "pt-br": "pt_BR", "ro": "ro"}
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")
DOMAIN = "cairn"

Message = Dict[str, Any]

#: the games: a module under ``cairn/<game>/`` (or ``cairn/bots/<game>.py``) speaks in context ``<game>``
GAMES = ("caledonia", "glenmore", "hunters")
#: gettext's separator between a context and a message id in a compiled catalogue
CTX_SEP = "\x04"

#: every text passed to N_() (names from data tables), for the catalogue
#: test: ``(context or None, text)``
MARKED: set = set()
_module_contexts: Dict[str, Optional[str]] = {}


def module_context(module: str) -> Optional[str]:
    """The context of a module's words: ``cairn.caledonia.rules`` and
    ``cairn.bots.caledonia`` -> ``"caledonia"``; the core and the rest -> None."""
    ctx = _module_contexts.get(module, "?")
    if ctx == "?":
        parts = module.split(".")
        ctx = None
        if len(parts) > 1 and parts[0] == "cairn":
            if parts[1] in GAMES:
                ctx = parts[1]
            elif parts[1] == "bots" and len(parts) > 2 and parts[2] in GAMES:
                ctx = parts[2]
        _module_contexts[module] = ctx
    return ctx


def _caller_context(depth: int = 2) -> Optional[str]:
    """The context of the module that called the caller of this function."""
    try:
        return module_context(sys._getframe(depth).f_globals.get("__name__", ""))
    except ValueError:
        return None

#: the player spoken to: (context, third-person message id) -> its second-person form (a
#: message id, or (singular, plural) for a message with plural forms); see :func:`second_person`
YOU: Dict[Tuple[Optional[str], str], Union[str, Tuple[str, str]]] = {}

#: how each language writes a number: (decimal sign, group sign), CLDR's as Babel (in the
#: build) has them (tests/test_i18n_words.py checks them against it); groups of three digits
NUMBERS = {"en": (".", ","), "pt_BR": (",", "."), "ro": (",", ".")}

_translations: Dict[str, _gettext.NullTranslations] = {}
_current = "en"


def normalize(lang: Any) -> str:
    """'pt-BR', 'pt', 'pt_BR' -> 'pt_BR'; unknown or bad input -> 'en'."""
    if not isinstance(lang, str):
        return "en"
    return _ALIASES.get(lang.strip().lower(), "en")


def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none)."""
    t = _translations.get(lang)
    if t is None:
        if lang == "en":
            t = _gettext.NullTranslations()
        else:
            t = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _translations[lang] = t
    return t


def set_language(lang: Any) -> str:
    """Speak ``lang`` from now on (normalised; returns the code in use)."""
    global _current
    _current = normalize(lang)
    return _current


def get_language() -> str:
    return _current


def lookup(tr: _gettext.NullTranslations, text: str, ctx: Optional[str] = None) -> str:
    """``text`` in catalogue ``tr``: its entry in context ``ctx`` if there is
    one, else the context-free entry, else ``text``."""
    if ctx:
        found = getattr(tr, "_catalog", {}).get(f"{ctx}{CTX_SEP}{text}")
        if isinstance(found, str) and found:
            return found
    return tr.gettext(text)


def nlookup(tr: _gettext.NullTranslations, singular: str, plural: str, n: int, ctx: Optional[str] = None) -> str:
    """The plural form for ``n`` in catalogue ``tr`` (context as in :func:`lookup`)."""
    if ctx:
        catalog = getattr(tr, "_catalog", {})
        if (f"{ctx}{CTX_SEP}{singular}", 0) in catalog:
            return tr.npgettext(ctx, singular, plural, n)
    return tr.ngettext(singular, plural, n)


def _(text: str) -> str:
    """``text`` in the current language (in the calling game's context)."""
    return lookup(translations(_current), text, _caller_context()) if _current != "en" else text


def pgettext(ctx: Optional[str], text: str) -> str:
    """``text`` in the current language, in context ``ctx`` (a game's name)."""
    return lookup(translations(_current), text, ctx) if _current != "en" else text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language
    (Romanian has three forms, Portuguese and English two)."""
    if _current == "en":
        return singular if n == 1 else plural
    return nlookup(translations(_current), singular, plural, n, _caller_context())


def N_(text: str) -> str:
    """Mark ``text`` as a name to translate when shown; returns it unchanged."""
    MARKED.add((_caller_context(), text))
    return text


def _context_of(frame: Any) -> Optional[str]:
    """The context of the module running ``frame`` (cached per module name)."""
    module = frame.f_globals.get("__name__", "")
    ctx = _module_contexts.get(module, "?")
    return module_context(module) if ctx == "?" else ctx


def msg(text: str, **args: Any) -> Message:
    """A message to render later, in the reader's language."""
    m = {"msg": text, "args": args} if args else {"msg": text}
    ctx = _context_of(sys._getframe(1))
    if ctx:
        m["ctx"] = ctx
    return m


def nmsg(singular: str, plural: str, n: int, **args: Any) -> Message:
    """A message with a singular and a plural form, chosen by ``n`` (also
    passed as the argument ``n``)."""
    m = {"msg": singular, "plural": plural, "n": n, "args": dict(args, n=n)}
    ctx = _context_of(sys._getframe(1))
    if ctx:
        m["ctx"] = ctx
    return m


def name(text: str) -> Message:
    """A translatable name as a message argument (e.g. a tile's name)."""
    ctx = _context_of(sys._getframe(1))
    return {"msg": text, "ctx": ctx} if ctx else {"msg": text}


def second_person(ctx: Optional[str], table: Dict[str, Any]) -> None:
    """Record the second-person forms of a game's messages about a seat (``table``: a
    ``data/you.toml``, third-person message id -> its form, a list of two for a message
    with plural forms); each form is marked for the catalogues like a name (N_)."""
    for third, you in table.items():
        form: Union[str, Tuple[str, str]] = tuple(you) if isinstance(you, list) else you  # type: ignore[assignment]
        if isinstance(form, tuple) and (len(form) != 2 or not all(isinstance(x, str) for x in form)):
            raise ValueError(f"{ctx}: the second-person form of {third!r} must be a text or two")
        YOU[(ctx, third)] = form
        MARKED.add((ctx, form))


def second_person_file(package: str) -> None:
    """Record the second-person forms of ``package``'s ``data/you.toml`` (a game's: its
    context is the game's)."""
    import tomllib
    from .datafiles import read_text
    second_person(module_context(package), tomllib.loads(read_text(package, "data", "you.toml")))


def number(x: Any, lang: str) -> str:
    """``x`` (an int or a float) as ``lang`` writes it: its decimal sign, and its group
    sign from 4 digits on ("1.000" in Romanian); a float keeps its digits."""
    dec, group = NUMBERS.get(lang, NUMBERS["en"])
    text = repr(x) if isinstance(x, float) else str(int(x))
    sign = "-" if text.startswith("-") else ""
    whole, _sep, frac = text.lstrip("-").partition(".")
    if whole.isdigit() and len(whole) > 3:
        whole = f"{int(whole):,}".replace(",", group)
    return sign + whole + (dec + frac if _sep else "")


def seat_ref(seat: int) -> Dict[str, int]:
    """A seat as a message argument: rendered as that seat's player name."""
    return {"seat": seat}


def join(items: Sequence[Any]) -> Message:
    """A list as one argument: "a, b and c" in the reader's language."""
    return {"join": list(items)}


def render(m: Any, names: Optional[List[str]] = None, lang: Optional[str] = None,
           me: Optional[int] = None, you: bool = False, seen: Optional[list] = None) -> str:
    """The text of message ``m`` (or of any argument value) in ``lang``
    (default: the current language); seat references become ``names[i]``
    (default: "Player i+1" in that language).

    ``me``: the seat of the person reading it (None: no one is spoken to): a message whose
    ``{seat}`` is that seat takes its second-person form (:data:`YOU`); ``you``: ``m`` is
    said of that person (a log line of their move: "You buy 2 cheese").  ``seen``: a list
    that gets ``(context, id, form)`` of each message said to the person (``form`` None
    when it has no second-person form: the tests' check that every one has)."""
    lang = normalize(lang) if lang is not None else _current
    return _render(m, names, lang, translations(lang), me, you, seen)


def _is_seat(v: Any, seat: Optional[int]) -> bool:
    return seat is not None and isinstance(v, dict) and len(v) == 1 and v.get("seat") == seat


def _lead(text: str) -> Optional[str]:
    """The placeholder a template starts with ("{line}; makes {goods}" -> "line"), or None."""
    if text.startswith("{"):
        end = text.find("}")
        if end > 1 and text[1:end].isidentifier():
            return text[1:end]
    return None


def _spoken_to(m: Dict[str, Any], me: Optional[int], you: bool) -> bool:
    """Whether message ``m`` is said of the person reading it: given so (``you``), its
    ``{seat}`` is theirs (and it has a second-person form), or the line it starts with is."""
    if you:
        return True
    if me is None:
        return False
    text, args = m.get("msg"), m.get("args") or {}
    if _is_seat(args.get("seat"), me) and (m.get("ctx"), text) in YOU:
        return True
    lead = _lead(text) if isinstance(text, str) else None
    inner = args.get(lead) if lead else None
    return isinstance(inner, dict) and isinstance(inner.get("msg"), str) and _spoken_to(inner, me, False)


def _render(m: Any, names: Optional[List[str]], lang: str, tr: _gettext.NullTranslations,
            me: Optional[int] = None, you: bool = False, seen: Optional[list] = None) -> str:
    if isinstance(m, str):
        return m
    if isinstance(m, bool) or m is None:
        return str(m)
    if isinstance(m, (int, float)):
        return number(m, lang)
    if isinstance(m, dict):
        if "seat" in m and len(m) == 1:
            i = m["seat"]
            if names and isinstance(i, int) and 0 <= i < len(names) and names[i]:
                return names[i]
            return tr.gettext("Player {n}").format(n=i + 1) if isinstance(i, int) else "?"
        if "join" in m:
            parts = [_render(x, names, lang, tr, me, False, seen) for x in m["join"]]
            if not parts:
                return ""
            if len(parts) == 1:
                return parts[0]
            return tr.gettext("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])
        text = m.get("msg")
        if not isinstance(text, str):
            return "?"
        ctx = m.get("ctx")
        spoken = _spoken_to(m, me, you)
        form = YOU.get((ctx, text)) if spoken else None
        if spoken and seen is not None:
            seen.append((ctx, text, form))
        n = m.get("n", 1)
        if form is not None:
            if isinstance(form, tuple):
                template = nlookup(tr, form[0], form[1], n, ctx) if lang != "en" else (form[0] if n == 1 else form[1])
            else:
                template = lookup(tr, form, ctx) if lang != "en" else form
            source = form if isinstance(form, str) else form[0 if n == 1 else 1]
        elif "plural" in m:
            template = nlookup(tr, text, m["plural"], n, ctx) if lang != "en" else (text if n == 1 else m["plural"])
            source = text if n == 1 else m["plural"]
        else:
            template = lookup(tr, text, ctx) if lang != "en" else text
            source = text
        args = m.get("args")
        if not args:
            return template
        lead = _lead(text) if spoken else None
        values = {k: _render(v, names, lang, tr, me, k == lead and not _is_seat(v, me), seen) for k, v in args.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return source.format(**values) if template is not source else text
    if isinstance(m, (list, tuple)):
        return " ".join(_render(x, names, lang, tr, me, False, seen) for x in m)
    return str(m)


# the core's own words (extracted by Babel from these calls)
N_("Player {n}")
N_("{items} and {last}")
