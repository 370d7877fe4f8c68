"""Small helpers that put engine facts into players' words, shared by every game's log text."""
from __future__ import annotations

from typing import Optional

from .i18n import Message, N_, join, msg, name


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
