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
"""
from __future__ import annotations

import gettext as _gettext
import os
import sys
from typing import Any, Dict, List, Optional, Sequence

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


def seat_ref(seat: int) -> Dict[str, int]:
    """A seat as a message argument: rendered as that seat's player name."""
    return {"seat": seat}


def join(items: Sequence[Any]) -> Message:
    """A list as one argument: "a, b and c" in the reader's language."""
    return {"join": list(items)}


def render(m: Any, names: Optional[List[str]] = None, lang: Optional[str] = None) -> str:
    """The text of message ``m`` (or of any argument value) in ``lang``
    (default: the current language); seat references become ``names[i]``
    (default: "Player i+1" in that language)."""
    lang = normalize(lang) if lang is not None else _current
    return _render(m, names, lang, translations(lang))


def _render(m: Any, names: Optional[List[str]], lang: str, tr: _gettext.NullTranslations) -> str:
    if isinstance(m, str):
        return m
    if isinstance(m, bool) or m is None:
        return str(m)
    if isinstance(m, (int, float)):
        return str(m)
    if isinstance(m, dict):
        if "seat" in m and len(m) == 1:
            i = m["seat"]
            if names and isinstance(i, int) and 0 <= i < len(names) and names[i]:
                return names[i]
            return tr.gettext("Player {n}").format(n=i + 1) if isinstance(i, int) else "?"
        if "join" in m:
            parts = [_render(x, names, lang, tr) for x in m["join"]]
            if not parts:
                return ""
            if len(parts) == 1:
                return parts[0]
            return tr.gettext("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])
        text = m.get("msg")
        if not isinstance(text, str):
            return "?"
        ctx = m.get("ctx")
        if "plural" in m:
            n = m.get("n", 1)
            template = nlookup(tr, text, m["plural"], n, ctx) if lang != "en" else (text if n == 1 else m["plural"])
        else:
            template = lookup(tr, text, ctx) if lang != "en" else text
        args = m.get("args")
        if not args:
            return template
        values = {k: _render(v, names, lang, tr) for k, v in args.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return text.format(**values) if template is not text else text
    if isinstance(m, (list, tuple)):
        return " ".join(_render(x, names, lang, tr) for x in m)
    return str(m)


# the core's own words (extracted by Babel from these calls)
N_("Player {n}")
N_("{items} and {last}")
