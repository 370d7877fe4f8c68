"""Small helpers that put engine facts into players' words, shared by every game's log text."""
from __future__ import annotations

from typing import Optional

from .i18n import Message, N_, join, msg, name


def relative_position(x: int, y: int, landmark: str, at: str) -> str:
    """A grid position (x east, y south) relative to a ``landmark`` at (0, 0), as players say
    it: ``at`` for the landmark's own square, "north-east of the village" next to it,
    "2 south, 1 west of the village" further away."""
    ns = "north" if y < 0 else "south" if y > 0 else ""
    ew = "east" if x > 0 else "west" if x < 0 else ""
    if not ns and not ew:
        return at
    if abs(x) <= 1 and abs(y) <= 1:
        return f"{'-'.join(d for d in (ns, ew) if d)} of {landmark}"
    parts = [f"{abs(y)} {ns}" if ns else "", f"{abs(x)} {ew}" if ew else ""]
    return f"{', '.join(p for p in parts if p)} of {landmark}"


def compass(x: int, y: int) -> Optional[Message]:
    """The way from a landmark at (0, 0) to (x, y) as a message to render later, for a
    game's ``msg("{way} of the volcano", way=compass(x, y))``: None on the landmark's own
    square, "north-east" next to it, "2 south and 1 west" further away.  The direction
    names ("north", "north-east", ...) are translated as ways from a landmark
    ("a nordeste", "la nord-est"), so a game naming an edge uses its own phrase ("the
    north edge"), never the bare word."""
    ns = N_("north") if y < 0 else N_("south") if y > 0 else ""
    ew = N_("east") if x > 0 else N_("west") if x < 0 else ""
    if not ns and not ew:
        return None
    if abs(x) <= 1 and abs(y) <= 1:
        return name(_COMPOUND[(ns, ew)] if ns and ew else ns or ew)
    parts = []
    if ns:
        parts.append(msg("{n} north", n=abs(y)) if y < 0 else msg("{n} south", n=abs(y)))
    if ew:
        parts.append(msg("{n} east", n=abs(x)) if x > 0 else msg("{n} west", n=abs(x)))
    return join(parts)


_COMPOUND = {("north", "east"): N_("north-east"), ("north", "west"): N_("north-west"),
             ("south", "east"): N_("south-east"), ("south", "west"): N_("south-west")}
