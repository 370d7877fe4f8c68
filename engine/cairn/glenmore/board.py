"""A player's display: where a tile may go, and who is next to whom.

Placement rule (rulebook, "Regras de Posicionamento"): the new tile touches
a placed tile edge to edge; one of the 8 tiles around it (corners count)
holds a clan member; the river (north-south, column x = 0) and the road
(east-west, row y = 0) of the starting village are never interrupted nor
started anew.  We state the last rule as: vertically adjacent tiles agree
on having the river, horizontally adjacent tiles agree on having the road,
and a river (road) tile must continue an existing river (road) tile above
or below (left or right) it - which is what the rulebook's diagram of
positions A/B/C shows.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Tuple

from .state import Pos, Spot
from .tiles import TILES

AROUND: Tuple[Pos, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
EDGES: Tuple[Pos, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def row_major(p: Pos) -> Tuple[int, int]:
    """Sort key: top to bottom, then left to right (the order moves are listed in)."""
    return (p[1], p[0])


def reading_order(positions: Iterable[Pos]) -> List[Pos]:
    return sorted(positions, key=row_major)


def xy(p: Pos) -> List[int]:
    """A position in its JSON form."""
    return [p[0], p[1]]


def neighbourhood(display: Dict[Pos, Spot], pos: Pos) -> List[Pos]:
    """``pos`` and the tiles on the 8 spaces around it (the activation area)."""
    x, y = pos
    out = [pos] if pos in display else []
    for dx, dy in AROUND:
        p = (x + dx, y + dy)
        if p in display:
            out.append(p)
    return out


def neighbours8(display: Dict[Pos, Spot], pos: Pos) -> List[Pos]:
    x, y = pos
    return [(x + dx, y + dy) for dx, dy in AROUND if (x + dx, y + dy) in display]


def legal_positions(display: Dict[Pos, Spot], river: bool, road: bool) -> List[Pos]:
    """Every empty space where a tile with these river/road flags may go,
    sorted (y, x) for a stable order."""
    near_clan = set()
    for (x, y), spot in display.items():
        if spot.clansmen:
            for dx, dy in AROUND:
                near_clan.add((x + dx, y + dy))
    out = []
    for (x, y) in near_clan:
        if (x, y) in display:
            continue
        ok = True
        vertical = horizontal = False
        for dy in (-1, 1):
            s = display.get((x, y + dy))
            if s is not None:
                vertical = True
                if TILES[s.tile].river != river:
                    ok = False
                    break
        if not ok:
            continue
        for dx in (-1, 1):
            s = display.get((x + dx, y))
            if s is not None:
                horizontal = True
                if TILES[s.tile].road != road:
                    ok = False
                    break
        if not ok or not (vertical or horizontal):  # must touch a tile edge to edge
            continue
        if (river and not vertical) or (road and not horizontal):
            continue
        out.append((x, y))
    out.sort(key=row_major)
    return out


def count_colour(display: Dict[Pos, Spot], colour: str) -> int:
    return sum(1 for s in display.values() if TILES[s.tile].colour == colour)


def count_kind(display: Dict[Pos, Spot], kinds: Iterable[str]) -> int:
    kinds = set(kinds)
    return sum(1 for s in display.values() if TILES[s.tile].kind in kinds)
