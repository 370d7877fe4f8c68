"""Clans of Caledonia components as data, loaded once from ``data/``.

Everything else refers to goods, units, contracts, clans, ports, scoring
tiles, starting tiles and solo-opponent cards by the names and ids defined
in these files.  Numbers printed on the boards are in ``data/tables.toml``
(exposed as :data:`TABLES`).
"""
from __future__ import annotations

import csv
import io
import tomllib
from dataclasses import dataclass
from typing import Any, Dict, List, Tuple

from ..core.datafiles import read_text
from ..core.i18n import N_


def _text(name: str) -> str:
    return read_text(__package__, "data", name)


def _rows(name: str) -> List[Dict[str, str]]:
    """CSV rows of a data file, skipping ``#`` comment lines."""
    lines = [ln for ln in _text(name).splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


TABLES: Dict[str, Any] = tomllib.loads(_text("tables.toml"))

# -- goods and the market ----------------------------------------------------
GOODS: Tuple[str, ...] = tuple(N_(good) for good in (r["good"] for r in _rows("goods.csv")))  # market order; names
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
BASIC: Tuple[str, ...] = tuple(r["good"] for r in _rows("goods.csv") if r["kind"] == "basic")
PROCESSED: Tuple[str, ...] = tuple(r["good"] for r in _rows("goods.csv") if r["kind"] == "processed")
PRICES: Dict[str, Tuple[int, ...]] = {
    r["good"]: tuple(int(r[f"p{i}"]) for i in range(10)) for r in _rows("goods.csv")}
START_PRICE: Dict[str, int] = {r["good"]: int(r["start"]) for r in _rows("goods.csv")}
PRICE_MAX = 9
LOWER_BRACKET_TOP = 2   # positions 0-2: low prices
UPPER_BRACKET_BOTTOM = 7  # positions 7-9: high prices
IMPORTS: Tuple[str, ...] = ("cotton", "tobacco", "sugarcane")


def bracket(position: int) -> str:
    """``"lower"``, ``"middle"`` or ``"upper"`` for a price marker position."""
    if position <= LOWER_BRACKET_TOP:
        return "lower"
    if position >= UPPER_BRACKET_BOTTOM:
        return "upper"
    return "middle"


# -- units -------------------------------------------------------------------
@dataclass(frozen=True)
class UnitType:
    name: str
    count: int
    cost: int
    land: str
    makes: str
    amount: int
    input: str
    income: int
    income_tech: int

    @property
    def worker(self) -> bool:
        return self.land != "grassland"

    @property
    def factory(self) -> bool:
        """Dairies, bakeries and distilleries (the buildings of the building bonus)."""
        return bool(self.input)


UNIT_TYPES: Dict[str, UnitType] = {
    r["unit"]: UnitType(r["unit"], int(r["count"]), int(r["cost"]), r["land"], r["makes"],
                        int(r["amount"]), r["input"], int(r["income"]), int(r["income_tech"]))
    for r in _rows("units.csv")}
FARM_UNITS: Tuple[str, ...] = tuple(u for u, t in UNIT_TYPES.items() if not t.worker)  # board column order
FACTORIES: Tuple[str, ...] = tuple(u for u, t in UNIT_TYPES.items() if t.factory)
WORKERS: Tuple[str, ...] = ("woodcutter", "miner")
FISHERMAN = "fisherman"  # MacDonald only
ALL_UNITS: Tuple[str, ...] = FARM_UNITS + WORKERS + (FISHERMAN,)
WORKER_SLOTS = 8


# -- contracts -----------------------------------------------------------------
@dataclass(frozen=True)
class Contract:
    id: int
    needs: Tuple[Tuple[str, int], ...]   # (good or "beef"/"mutton", n), n > 0
    imports: Tuple[Tuple[str, int], ...]  # (cotton/tobacco/sugarcane, n), n > 0
    hops: int
    money: int
    free_land: int
    bonus_upgrade: int

    @property
    def meat(self) -> int:
        return sum(n for g, n in self.needs if g in ("beef", "mutton"))

    def need(self, what: str) -> int:
        return dict(self.needs).get(what, 0)

    def to_json(self) -> Dict[str, Any]:
        return {"id": self.id, "needs": dict(self.needs), "imports": dict(self.imports),
                "hops": self.hops, "money": self.money, "free_land": self.free_land,
                "bonus_upgrade": self.bonus_upgrade}


_NEEDS = ("wool", "beef", "mutton", "bread", "cheese", "whisky")


def _contract(r: Dict[str, str]) -> Contract:
    return Contract(
        id=int(r["id"]),
        needs=tuple((k, int(r[k])) for k in _NEEDS if int(r[k])),
        imports=tuple((k, int(r[k])) for k in IMPORTS if int(r[k])),
        hops=int(r["hops"]), money=int(r["money"]), free_land=int(r["free_land"]),
        bonus_upgrade=int(r["bonus_upgrade"]))


CONTRACTS: Dict[int, Contract] = {int(r["id"]): _contract(r) for r in _rows("contracts.csv")}

# -- clans, ports, scoring tiles, starting tiles -------------------------------
def _named(rows: List[Dict[str, str]], strip: bool = False) -> List[Dict[str, str]]:
    """Rows whose ``summary`` players read, marked for translation (ports and scoring tiles
    without the final full stop: the log quotes them)."""
    for r in rows:
        text = r["summary"].rstrip(".") if strip else r["summary"]
        r["summary"] = N_(text)
    return rows


# clan names are proper names (never translated); what a clan does is
CLANS: Dict[str, Dict[str, str]] = {r["clan"]: r for r in _named(_rows("clans.csv"))}
PORTS: Dict[int, Dict[str, str]] = {int(r["port"]): r for r in _named(_rows("ports.csv"), strip=True)}
PORT_KEY: Dict[int, str] = {p: r["key"] for p, r in PORTS.items()}
SCORING_TILES: Dict[int, Dict[str, str]] = {int(r["tile"]): r for r in _named(_rows("scoring_tiles.csv"), strip=True)}
SCORING_KEY: Dict[int, str] = {t: r["key"] for t, r in SCORING_TILES.items()}


@dataclass(frozen=True)
class StartingTile:
    id: int
    money: int
    goods: Tuple[Tuple[str, int], ...]


STARTING_TILES: Dict[int, StartingTile] = {
    int(r["tile"]): StartingTile(int(r["tile"]), int(r["money"]),
                                 tuple((g, int(r[g])) for g in GOODS if int(r[g])))
    for r in _rows("starting_tiles.csv")}


# -- the official solo opponent ------------------------------------------------
@dataclass(frozen=True)
class AutomaCard:
    id: int
    round: int
    actions: Tuple[str, ...]    # T E F C R U S
    criteria: Tuple[str, ...]   # P $ St N
    upgrade: str                # M or Sh
    step: int
    modules: Tuple[str, ...]
    removed: bool


AUTOMA_DECK: Dict[int, AutomaCard] = {
    int(r["card"]): AutomaCard(int(r["card"]), int(r["round"]), tuple(r["actions"].split()),
                               tuple(r["criteria"].split()), r["upgrade"], int(r["step"]),
                               tuple(r["modules"].split()), r["removed"] == "1")
    for r in _rows("automa_deck.csv")}
AUTOMA_CYCLE: Tuple[str, ...] = FARM_UNITS + ("worker",)
