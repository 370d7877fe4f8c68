"""The tile data: counts, every edge port covered exactly once, river ends."""
import re

from cairn.hunters import tiles as T
from cairn.hunters.tiles import FOREST, LAKE, MEADOW, RIVER


def test_tile_counts():
    assert len(T.LAND) == 79 and len(T.BONUS) == 12
    assert T.LAND[0].id == "S0" and len(T.LAND_DECK) == 78
    assert len({t.id for t in T.TEMPLATES}) == 91
    assert all(t.bonus is None for t in T.LAND)
    assert sorted(t.bonus for t in T.BONUS).count("mushrooms") == 3
    assert [t.bonus for t in T.BONUS].count("shrine") == 1
    assert [t.bonus for t in T.BONUS].count("fire") == 1


def _total(tiles, attr):
    n = 0
    for t in tiles:
        for p in t.pieces:
            if attr in ("deer", "mammoth", "tiger", "aurochs"):
                n += p.animals.get(attr, 0)
            elif attr == "fish":
                n += p.fish
            else:
                n += bool(getattr(p, attr))
    return n


def test_component_totals_near_the_notes():
    assert _total(T.LAND, "deer") == 28
    assert _total(T.LAND, "mammoth") == 14
    assert _total(T.LAND, "tiger") == 10
    assert _total(T.LAND, "aurochs") == 0
    assert 27 <= _total(T.LAND, "fish") <= 35
    assert _total(T.LAND, "gold") == 32
    assert _total(T.BONUS, "gold") == 0  # public FAQ: bonus tiles have no nuggets
    assert _total(T.BONUS, "aurochs") == 4
    assert _total(T.BONUS, "mushrooms") == 3
    assert max(p.fish for t in T.BONUS for p in t.pieces) == 4


def test_every_multi_edge_forest_of_a_land_tile_holds_gold():
    """Rulebook: a completed forest without gold "is only possible with 2
    segments", so a forest piece reaching 2+ edges (which two single-edge
    pieces close into 3 segments) must hold a nugget.  No single-edge piece
    holds one (none does on the tiles the notes grade gold "yes")."""
    wrong = [(t.id, i) for t in T.LAND for i, p in enumerate(t.pieces)
             if p.kind == FOREST and p.gold != (len(p.mid) >= 2)]
    assert wrong == []
    assert [i for i, p in enumerate(T.BY_ID["T64"].pieces) if p.gold] == [0]  # the N-E forest


def test_every_port_covered_exactly_once():
    for t in T.TEMPLATES:
        mid = [0] * 4
        half = [0] * 8
        for p in t.pieces:
            for m in p.mid:
                mid[m] += 1
                edge = t.edges[m]
                assert (edge == "F") == (p.kind == FOREST), (t.id, m)
                assert (edge == "R") == (p.kind == RIVER), (t.id, m)
            for h in p.half:
                assert p.kind == MEADOW, t.id
                half[h] += 1
        for d, e in enumerate(t.edges):
            assert e in "FMR", t.id
            if e == "F":
                assert mid[d] == 1 and half[2 * d] == half[2 * d + 1] == 0, (t.id, d)
            elif e == "R":
                assert mid[d] == 1 and half[2 * d] == half[2 * d + 1] == 1, (t.id, d)
            else:
                assert mid[d] == 0 and half[2 * d] == half[2 * d + 1] == 1, (t.id, d)


def test_rivers_end_in_a_lake_or_spring_and_lakes_have_fish():
    for t in T.TEMPLATES:
        for i, p in enumerate(t.pieces):
            if p.kind == RIVER:
                assert len(p.mid) in (1, 2), t.id
                if len(p.mid) == 1:
                    assert (p.lake >= 0) != p.spring, (t.id, i)
                    if p.lake >= 0:
                        assert t.pieces[p.lake].kind == LAKE
                else:
                    assert p.lake < 0 and not p.spring
            elif p.kind == LAKE:
                assert p.fish >= 1, t.id
                assert any(q.lake == i for q in t.pieces), (t.id, "lake without river")
            elif p.kind == FOREST:
                assert p.mid, t.id
            elif p.kind == MEADOW:
                assert p.half, t.id


def test_rotation_tables():
    assert T.OPP_HALF == (5, 4, 7, 6, 1, 0, 3, 2)
    t = T.BY_ID["T12"]  # forest N,E,W; meadow S
    assert t.edges_r == ["FFMF", "FFFM", "MFFF", "FMFF"]
    meadow = 1
    # a quarter turn moves the south meadow to the west edge (Ws, Wn)
    assert [h for h in range(8) if t.half_owner[1][h] == meadow] == [6, 7]


def test_substitutes_are_marked():
    import importlib.resources as res
    for name in ("land_tiles.txt", "bonus_tiles.txt"):
        text = res.files("cairn.hunters").joinpath("data", name).read_text()
        lines = [l for l in text.splitlines() if l and not l.startswith("#")]
        assert all(re.match(r"^[SBT]\d+ +[FMR]{4} ", l) for l in lines)
        assert sum("# substitute:" in l for l in lines) >= 4
