"""Tile templates as data: the 79 land tiles and 12 bonus tiles.

Loaded once from ``data/land_tiles.txt`` and ``data/bonus_tiles.txt`` (format
described at the top of those files).  A template knows its pieces (forest,
river, lake, meadow) and, per quarter turn, which piece holds each edge port,
so placing a tile never has to rotate anything at run time.

Ports: middle ports ``N E S W`` (index 0-3) carry forests and rivers; half
ports ``Nw Ne En Es Se Sw Ws Wn`` (index 0-7, clockwise from the north-west
corner) carry meadows.  A clockwise quarter turn adds 1 to a middle port and
2 to a half port.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..core.datafiles import read_text

MID = ("N", "E", "S", "W")
HALF = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)

FOREST, RIVER, MEADOW, LAKE = 0, 1, 2, 3
KIND_NAMES = ("forest", "river", "meadow", "lake")
ANIMALS = ("deer", "mammoth", "tiger", "aurochs")
BONUS_KINDS = ("plain", "mushrooms", "shrine", "fire", "aurochs")


def opposite_half(h: int) -> int:
    """The half port of the neighbour that touches half port ``h``."""
    edge, k = divmod(h, 2)
    return 2 * ((edge + 2) % 4) + (1 - k)


OPP_HALF = tuple(opposite_half(h) for h in range(8))


class Piece:
    __slots__ = ("kind", "mid", "half", "lake", "spring", "fish", "gold", "mushrooms",
                 "animals", "shrine", "fire", "label", "volcano")

    def __init__(self, kind: int) -> None:
        self.kind = kind
        self.mid: List[int] = []
        self.half: List[int] = []
        self.lake = -1  # piece index of the lake a one-port river ends in
        self.spring = False
        self.fish = 0
        self.gold = False
        self.mushrooms = False
        self.animals: Dict[str, int] = {}
        self.shrine = False
        self.fire = False
        self.label = ""
        self.volcano = False   # the start tile's volcano stands in this forest (a picture: no rule)

    @property
    def nports(self) -> int:
        return len(self.mid) if self.kind in (FOREST, RIVER) else len(self.half)

    def to_json(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"kind": KIND_NAMES[self.kind]}
        if self.kind == LAKE:
            d["fish"] = self.fish
            return d
        d["ports"] = [MID[m] for m in self.mid] if self.kind != MEADOW else [HALF[h] for h in self.half]
        if self.kind == FOREST:
            if self.gold:
                d["gold"] = True
            if self.mushrooms:
                d["mushrooms"] = True
            if self.volcano:
                d["volcano"] = True
        elif self.kind == RIVER:
            if self.lake >= 0:
                d["lake"] = self.lake
            if self.spring:
                d["spring"] = True
        else:
            d["animals"] = {a: n for a, n in self.animals.items() if n}
            if self.shrine:
                d["shrine"] = True
            if self.fire:
                d["fire"] = True
        return d


class Template:
    """One tile artwork with per-rotation port tables."""

    __slots__ = ("index", "id", "edges", "bonus", "pieces", "kinds", "nports", "edges_r",
                 "mid_owner", "half_owner", "river_lake", "fish", "json")

    def __init__(self, tid: str, edges: str, bonus: Optional[str], pieces: List[Piece]) -> None:
        self.index = -1
        self.id = tid
        self.edges = edges
        self.bonus = bonus
        self.pieces = pieces
        self.kinds = tuple(p.kind for p in pieces)
        self.nports = tuple(p.nports for p in pieces)
        self.river_lake = tuple(p.lake for p in pieces)
        self.fish = tuple(p.fish for p in pieces)
        mid = [-1] * 4
        half = [-1] * 8
        for i, p in enumerate(pieces):
            for m in p.mid:
                mid[m] = i
            for h in p.half:
                half[h] = i
        self.edges_r: List[str] = []
        self.mid_owner: List[Tuple[int, ...]] = []
        self.half_owner: List[Tuple[int, ...]] = []
        for r in range(4):
            e = [""] * 4
            mo = [-1] * 4
            ho = [-1] * 8
            for d in range(4):
                e[(d + r) % 4] = edges[d]
                mo[(d + r) % 4] = mid[d]
            for h in range(8):
                ho[(h + 2 * r) % 8] = half[h]
            self.edges_r.append("".join(e))
            self.mid_owner.append(tuple(mo))
            self.half_owner.append(tuple(ho))
        self.json = {"id": tid, "edges": list(edges), "bonus": bonus,
                     "pieces": [p.to_json() for p in pieces]}


def _parse_piece(text: str, labels: Dict[str, int], index: int, where: str) -> Piece:
    words = text.split()
    kind = KIND_NAMES.index(words[0]) if words[0] in KIND_NAMES else -1
    if kind < 0:
        raise ValueError(f"{where}: unknown piece '{words[0]}'")
    p = Piece(kind)
    rest = words[1:]
    if kind == LAKE:
        p.label = rest[0]
        labels[p.label] = index
        rest = rest[1:]
    else:
        for port in rest[0].split(","):
            if kind == MEADOW:
                if port in MID:
                    e = MID.index(port)
                    p.half += [2 * e, 2 * e + 1]
                else:
                    p.half.append(HALF.index(port))
            else:
                p.mid.append(MID.index(port))
        rest = rest[1:]
    for w in rest:
        if w.startswith(">"):
            if w == ">spring":
                p.spring = True
            else:
                p.label = w[1:]
        elif "=" in w:
            k, v = w.split("=")
            if k == "fish":
                p.fish = int(v)
            elif k in ANIMALS:
                p.animals[k] = int(v)
            else:
                raise ValueError(f"{where}: unknown count '{k}'")
        elif w in ("gold", "mushrooms", "shrine", "fire", "volcano"):
            setattr(p, w, True)
        else:
            raise ValueError(f"{where}: unknown word '{w}'")
    return p


def parse_tiles(text: str, source: str = "tiles") -> List[Template]:
    out: List[Template] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source}:{no}"
        head, _, body = line.partition("|")
        hw = head.split()
        tid, edges = hw[0], hw[1]
        parts = [s.strip() for s in body.split("|")] if body else []
        rest_head = " ".join(hw[2:])
        if rest_head:
            parts.insert(0, rest_head)
        bonus = None
        if parts and parts[0].startswith("bonus="):
            bonus = parts.pop(0)[6:]
            if bonus not in BONUS_KINDS:
                raise ValueError(f"{where}: unknown bonus '{bonus}'")
        labels: Dict[str, int] = {}
        pieces = [_parse_piece(s, labels, i, where) for i, s in enumerate(parts)]
        for p in pieces:
            if p.kind == RIVER and p.label:
                p.lake = labels[p.label]
        out.append(Template(tid, edges, bonus, pieces))
    return out


def _load(name: str) -> List[Template]:
    text = read_text(__package__, "data", name)
    return parse_tiles(text, name)


LAND = _load("land_tiles.txt")
BONUS = _load("bonus_tiles.txt")
TEMPLATES: List[Template] = LAND + BONUS
for _i, _t in enumerate(TEMPLATES):
    _t.index = _i
BY_ID: Dict[str, Template] = {t.id: t for t in TEMPLATES}
START = BY_ID["S0"].index
LAND_DECK = [t.index for t in LAND if t.id != "S0"]
BONUS_DECK = [t.index for t in BONUS]
