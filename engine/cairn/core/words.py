"""Small helpers that put engine facts into players' words, shared by every game's log text."""
from __future__ import annotations


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
