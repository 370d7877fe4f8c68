"""Glen More's tile pictures (web/js/renderers/glenmore/scenes.js): every kind of tile in the
engine's tile data and every special location in its card data has its own motif, so a player
tells them apart by picture (issue 60)."""
from __future__ import annotations

import csv
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "engine", "cairn", "glenmore", "data")


def rows(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def motifs():
    src = open(os.path.join(ROOT, "web", "js", "renderers", "glenmore", "scenes.js"), encoding="utf-8").read()
    body = src[src.index("const MOTIF = {"):src.index("\n};", src.index("const MOTIF = {"))]
    return set(re.findall(r"^  (\w+)\(g, S", body, re.M))


def test_every_kind_of_tile_has_a_motif():
    kinds = {r["kind"] for r in rows("tiles.csv")}
    assert kinds and kinds <= motifs(), sorted(kinds - motifs())


def test_every_special_location_has_its_own_motif():
    cards = {r["key"] for r in rows("cards.csv")}
    assert len(cards) == 13
    assert cards <= motifs(), sorted(cards - motifs())
