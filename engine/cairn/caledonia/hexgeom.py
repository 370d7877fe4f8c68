"""Flat-top hex geometry for the Clans of Caledonia map.

The map files are drawn in *offset columns* ("odd-q"): column ``c`` (letters
``a``..``h`` inside a module), row ``r`` (``1``..``5``); odd columns sit half a
hex lower than even ones.  The engine works in axial coordinates ``(q, r)``
with ``q = col`` and ``r = row - (col - (col & 1)) // 2``; the six neighbours of
a hex are then the six constant offsets in :data:`DIRECTIONS`.

Pixel positions are for a unit hex (centre to corner = 1): flat-top hexes are
``1.5`` apart horizontally and ``sqrt(3)`` apart vertically.
"""
from __future__ import annotations

import math
from typing import Iterator, Tuple

# Axial neighbour offsets, clockwise from north: N, NE, SE, S, SW, NW.
DIRECTIONS: Tuple[Tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
SQRT3 = math.sqrt(3.0)


def offset_to_axial(col: int, row: int) -> Tuple[int, int]:
    """Odd-q offset (column, row) -> axial (q, r)."""
    return col, row - (col - (col & 1)) // 2


def axial_to_offset(q: int, r: int) -> Tuple[int, int]:
    """Axial (q, r) -> odd-q offset (column, row)."""
    return q, r + (q - (q & 1)) // 2


def neighbours(q: int, r: int) -> Iterator[Tuple[int, int]]:
    """The six axial neighbours of ``(q, r)``, clockwise from north."""
    for dq, dr in DIRECTIONS:
        yield q + dq, r + dr


def distance(a: Tuple[int, int], b: Tuple[int, int]) -> int:
    """Number of steps between two axial hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def centre(q: int, r: int) -> Tuple[float, float]:
    """Pixel centre of a unit flat-top hex (y grows downwards)."""
    return 1.5 * q, SQRT3 * (r + q / 2.0)


def corners(q: int, r: int, size: float = 1.0) -> Tuple[Tuple[float, float], ...]:
    """The six corners of a flat-top hex, starting east, clockwise (y down)."""
    x, y = centre(q, r)
    x, y = x * size, y * size
    return tuple((x + size * math.cos(math.pi / 3 * i), y + size * math.sin(math.pi / 3 * i))
                 for i in range(6))


def edge_points(a: Tuple[int, int], b: Tuple[int, int]) -> Tuple[Tuple[float, float], Tuple[float, float]]:
    """The two end points of the edge shared by adjacent hexes ``a`` and ``b`` (unit size)."""
    ax, ay = centre(*a)
    bx, by = centre(*b)
    mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
    # the edge is perpendicular to the centre line, half a side (0.5) each way
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy)
    px, py = -dy / n * 0.5, dx / n * 0.5
    return (mx + px, my + py), (mx - px, my - py)
