"""The map data files: parsing one module side (``data/map/A1.txt`` .. ``D2.txt``).

Format (also at the top of each file and in the package README): a ``grid:`` block with one
numbered line per row holding the even columns (a c e g ...) and an unnumbered line holding the
odd columns (b d f h ...), which sit half a hex lower (flat-top hexes, odd-q offset).  Tokens:
land = terrain letters ``G``/``F``/``M`` (one to three) + cost ``1``-``6`` (+ ``*`` when
mist-shaded); ``~`` loch; ``=`` central loch; ``X`` factory; ``P2``/``P4`` port spot for
1-2 / 3-4 players; ``.`` no space.  ``river:`` lines list hex edges (``cell|cell``), source
first.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, List, Tuple

from ..core.datafiles import read_text

MODULES = ("A", "B", "C", "D")
TERRAIN_LETTER = {"G": "grassland", "F": "forest", "M": "mountain"}
LAND_RE = re.compile(r"^([GFM]{1,3})([1-6])(\*?)$")
_CELL_RE = re.compile(r"^([a-z])([0-9]{1,2})$")

Cell = Tuple[int, int]  # (column, row) in offset coordinates, 0-based


class MapError(ValueError):
    """A map data file is malformed or breaks a map rule."""




class Layout:
    """One parsed map text: cells by (column, row) and rivers as lists of cell pairs."""

    __slots__ = ("name", "width", "height", "cells", "rivers")

    def __init__(self, name: str, width: int, height: int, cells: Dict[Cell, str],
                 rivers: List[List[Tuple[Cell, Cell]]]) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.cells = cells
        self.rivers = rivers


def _cell(name: str, where: str) -> Cell:
    m = _CELL_RE.match(name)
    if not m:
        raise MapError(f"{where}: bad cell name {name!r} (want a column letter and a row number)")
    return ord(m.group(1)) - ord("a"), int(m.group(2)) - 1


def parse_layout(text: str, name: str = "map") -> Layout:
    """Parse one map text (the format of ``data/map/*.txt``).

    :raises MapError: on any malformed line.
    """
    rows: List[Tuple[List[str], List[str]]] = []
    rivers: List[List[Tuple[Cell, Cell]]] = []
    in_grid = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].rstrip()
        where = f"{name} line {n}"
        if not line.strip():
            continue
        head = line.strip().split()[0]
        if head == "grid:":
            in_grid = True
            continue
        if head == "river:":
            in_grid = False
            edges = []
            for tok in line.split()[1:]:
                if tok.count("|") != 1:
                    raise MapError(f"{where}: river edge {tok!r} is not 'cell|cell'")
                a, b = tok.split("|")
                edges.append((_cell(a, where), _cell(b, where)))
            if not edges:
                raise MapError(f"{where}: empty river")
            rivers.append(edges)
            continue
        if head in ("module:", "side:"):
            in_grid = False
            continue
        if not in_grid:
            raise MapError(f"{where}: unexpected line {line.strip()!r}")
        toks = line.split()
        if toks[0].isdigit():
            if int(toks[0]) != len(rows) + 1:
                raise MapError(f"{where}: row {toks[0]} out of order")
            rows.append((toks[1:], []))
        else:
            if not rows or rows[-1][1]:
                raise MapError(f"{where}: odd-column line without its row")
            rows[-1][1].extend(toks)
    if not rows:
        raise MapError(f"{name}: no grid")
    n_even = len(rows[0][0])
    n_odd = len(rows[0][1])
    if n_odd not in (n_even, n_even - 1):
        raise MapError(f"{name}: row 1 has {n_even} even and {n_odd} odd columns")
    width = n_even + n_odd
    cells: Dict[Cell, str] = {}
    for row, (even, odd) in enumerate(rows):
        if len(even) != n_even or len(odd) != n_odd:
            raise MapError(f"{name}: row {row + 1} has {len(even)}+{len(odd)} cells, "
                           f"want {n_even}+{n_odd}")
        for i, tok in enumerate(even):
            cells[(2 * i, row)] = tok
        for i, tok in enumerate(odd):
            cells[(2 * i + 1, row)] = tok
    for (col, row), tok in cells.items():
        if tok not in (".", "~", "=", "X", "P2", "P4") and not LAND_RE.match(tok):
            raise MapError(f"{name}: bad token {tok!r} at {chr(97 + col)}{row + 1}")
    return Layout(name, width, len(rows), cells, rivers)


@lru_cache(maxsize=None)
def load_side(module: str, side: str) -> Layout:
    """The parsed data file of one module side, e.g. ``load_side("A", "2")``."""
    if module not in MODULES or side not in ("1", "2"):
        raise ValueError(f"no module side {module}{side}")
    name = f"{module}{side}.txt"
    text = read_text(__package__, "data", "map", name)
    return parse_layout(text, name)
