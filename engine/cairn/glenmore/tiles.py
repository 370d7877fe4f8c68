"""Glen More components as data: the 72 tiles and 13 special-location cards.

Loaded once from ``data/tiles.csv`` and ``data/cards.csv``; everything
else refers to tiles by their id (1-72).
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from ..core.datafiles import read_text
from ..core.i18n import N_

RESOURCES: Tuple[str, ...] = ("wood", "stone", "sheep", "cattle", "grain")  # market row order
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
PRODUCER_KINDS = ("quarry", "forest", "meadow", "grain_field", "pasture")
GREY_KINDS = ("village", "castle", "start_village")
FAIR_VP = (0, 1, 3, 5, 8, 12)  # VP for 1..5 different resources at a fair


@dataclass(frozen=True)
class Recipe:
    """One way to use a converter: hand in ``inputs`` (counts per resource,
    market order) or, for fairs/grocers, ``n`` resources (``distinct``: all
    of different kinds) -> ``vp`` victory points or ``whisky`` barrels."""

    inputs: Tuple[int, ...] = (0, 0, 0, 0, 0)
    n_any: int = 0
    distinct: bool = False
    vp: int = 0
    whisky: int = 0


@dataclass(frozen=True)
class Tile:
    id: int
    stack: int  # 0-3; 4 for starting villages
    colour: str
    kind: str
    name: str
    river: bool
    road: bool
    cost: Tuple[int, ...]  # resources, market order
    cost_whisky: int
    cost_clansman: int
    cost_distinct: int  # n resources of different kinds (Loch Oich)
    produces: Optional[int]  # resource index for production tiles
    recipes: Tuple[Recipe, ...]
    activation: str  # the raw activation text, for display
    card: Optional[str]

    @property
    def grey(self) -> bool:
        return self.kind in GREY_KINDS

    @property
    def has_cost(self) -> bool:
        return bool(sum(self.cost) or self.cost_whisky or self.cost_clansman or self.cost_distinct)

    def __repr__(self) -> str:
        return f"<Tile {self.id} {self.name}>"


@dataclass(frozen=True)
class Card:
    key: str
    tile: int
    name: str
    bonnets: int
    effect: str  # e.g. "whisky:2"; see data/cards.csv

    def effect_arg(self) -> str:
        return self.effect.partition(":")[2]


def _rows(name: str) -> List[Dict[str, str]]:
    text = read_text(__package__, "data", name)
    lines = [ln for ln in text.splitlines() if ln and not ln.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


def _counts(spec: str) -> Tuple[int, ...]:
    out = [0] * 5
    for part in spec.split("+"):
        out[RES_INDEX[part.strip()]] += 1
    return tuple(out)


def _recipes(text: str) -> Tuple[Optional[int], Tuple[Recipe, ...]]:
    if text.startswith("produce:"):
        return RES_INDEX[text[8:]], ()
    if text == "grain>whisky":
        return None, (Recipe(inputs=_counts("grain"), whisky=1),)
    if text.startswith("fair:"):
        k = int(text[5:])
        return None, tuple(Recipe(n_any=n, distinct=True, vp=FAIR_VP[n]) for n in range(1, k + 1))
    if text.startswith("any:"):
        n, _, vp = text[4:].partition(">")
        return None, (Recipe(n_any=int(n), vp=int(vp)),)
    if ">" in text:
        out = []
        for alt in text.split("|"):
            ins, _, vp = alt.strip().partition(">")
            out.append(Recipe(inputs=_counts(ins), vp=int(vp)))
        return None, tuple(out)
    return None, ()  # move, gain_any, vp:n, lochs


def _load_tiles() -> Dict[int, Tile]:
    tiles: Dict[int, Tile] = {}
    for row in _rows("tiles.csv"):
        cost = [0] * 5
        extra = {"whisky": 0, "clansman": 0, "any_distinct": 0}
        for part in row["cost"].split():
            what, _, n = part.partition(":")
            if what in extra:
                extra[what] += int(n)
            else:
                cost[RES_INDEX[what]] += int(n)
        produces, recipes = _recipes(row["activation"])
        label = row["name"]
        t = Tile(
            id=int(row["id"]),
            stack=4 if row["stack"] == "start" else int(row["stack"]),
            colour=row["colour"],
            kind=row["kind"],
            name=N_(label),
            river=row["river"] == "1",
            road=row["road"] == "1",
            cost=tuple(cost),
            cost_whisky=extra["whisky"],
            cost_clansman=extra["clansman"],
            cost_distinct=extra["any_distinct"],
            produces=produces,
            recipes=recipes,
            activation=row["activation"],
            card=row["card"] or None,
        )
        tiles[t.id] = t
    return tiles


def _load_cards() -> Dict[str, Card]:
    cards = {}
    for r in _rows("cards.csv"):
        label = r["name"]
        cards[r["key"]] = Card(r["key"], int(r["tile"]), N_(label), int(r["bonnets"]), r["effect"])
    return cards


TILES: Dict[int, Tile] = _load_tiles()
CARDS: Dict[str, Card] = _load_cards()
STACKS: Tuple[Tuple[int, ...], ...] = tuple(
    tuple(t.id for t in TILES.values() if t.stack == s) for s in range(5)
)  # stacks 0-3 and (index 4) the starting villages


def tile_text(t: Tile) -> str:
    """A short description of what a tile does, for logs and renderers."""
    a = t.activation
    if t.produces is not None:
        return f"1 {RESOURCES[t.produces]}"
    if a == "move":
        return "1 move"
    if a == "gain_any":
        return "1 resource of your choice"
    if a.startswith("vp:"):
        return f"{a[3:]} VP"
    if a.startswith("fair:"):
        k = int(a[5:])
        return "different resources: " + ", ".join(f"{n}->{FAIR_VP[n]}" for n in range(1, k + 1)) + " VP"
    if a.startswith("any:"):
        n, _, vp = a[4:].partition(">")
        return f"any {n} resources -> {vp} VP"
    if a == "grain>whisky":
        return "1 grain -> 1 whisky"
    if ">" in a:
        return " | ".join(alt.strip().replace(">", " -> ") + (" VP" if alt.strip()[-1].isdigit() else "")
                          for alt in a.split("|"))
    if t.card:
        return CARDS[t.card].name
    return ""
