"""Clans of Caledonia map: validator of the designed module sides, and reach/settlement rules.

The map is a designed substitute (no per-hex data of the printed board is public); these tests
hold it to every fact the rulebook and the component notes state, on all 8 module sides and
all 16 configurations at every player count.
"""
from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from cairn.caledonia import hexgeom
from cairn.caledonia.board import (MODULES, SHIPPING_LEVELS, MapError, board_from_text,
                                   build_board, connected_settlements, load_side, parse_layout,
                                   port_in_reach, reach, settlements)

CONFIGS = ["".join(p) for p in itertools.product("12", repeat=4)]
SIDES = [m + s for m in MODULES for s in "12"]
# the outer corner of each module (local column, row): the factory sits there
OUTER_CORNER = {"A": (0, 0), "B": (7, 0), "C": (7, 4), "D": (0, 4)}


def module_alone(key):
    """The board of a full map whose module ``key[0]`` shows side ``key[1]``."""
    sides = "".join(key[1] if m == key[0] else "1" for m in MODULES)
    return sides


def land(board, module=None, active_only=True):
    return [s for s in board.spaces if s.kind == "land" and (not active_only or s.active)
            and (module is None or s.module == module)]


def by_label(board, name):
    return next(s.id for s in board.spaces if s.label.endswith(":" + name))


# ---------------------------------------------------------------------------------------------
# The module sides


@pytest.mark.parametrize("key", SIDES)
def test_side_file_shape(key):
    lay = load_side(key[0], key[1])
    assert (lay.width, lay.height) == (8, 5)
    toks = Counter(lay.cells.values())
    assert toks["X"] == 1 and toks["P2"] == 1 and toks["P4"] == 1
    assert lay.cells[OUTER_CORNER[key[0]]] == "X"          # a factory in the outer corner
    assert toks["="] >= 2                                   # its share of the central loch
    assert 1 <= len(lay.rivers) <= 3


@pytest.mark.parametrize("key", SIDES)
def test_side_contents(key):
    m = key[0]
    b4 = build_board(module_alone(key), 4)
    b2 = build_board(module_alone(key), 2)
    ls = land(b4, m)
    # size: about a quarter of a 130-150 space board
    assert 27 <= len(ls) <= 32
    lochs = [s for s in b4.spaces if s.module == m and s.kind == "loch"]
    assert 5 <= len(lochs) <= 10
    # costs 1-6, not tied to terrain: every pure terrain shows several costs
    costs = Counter(s.cost for s in ls)
    assert set(costs) <= set(range(1, 7)) and len(costs) >= 5
    for t in ("grassland", "forest", "mountain"):
        assert len({s.cost for s in ls if t in s.terrains}) >= 3, t
    # mostly grassland, then forest, then mountain; plenty of mixed spaces
    shows = Counter(t for s in ls for t in s.terrains)
    assert shows["grassland"] > shows["forest"] > shows["mountain"] > 0
    pure = Counter(next(iter(s.terrains)) for s in ls if len(s.terrains) == 1)
    assert pure["grassland"] > pure["forest"] >= pure["mountain"] > 0
    assert sum(1 for s in ls if len(s.terrains) > 1) >= 6
    # shaded land only on the outer edge of the map, and a good part of it
    shaded = [s for s in ls if s.shaded]
    assert 6 <= len(shaded) <= 12
    for s in shaded:
        assert any(nb not in b4.at for nb in hexgeom.neighbours(s.q, s.r)), s
    # exactly two 1-pound spaces on the small map per side (solo: 8 neutral workers in all)
    assert sum(1 for s in land(b2, m) if s.cost == 1) == 2
    # rivers end in lochs; their deltas are land next to the mouth
    mine = [rv for rv in b4.rivers if b4.spaces[rv["edges"][0][0]].module == m]
    assert mine
    for rv in mine:
        a, b = rv["edges"][-1]
        mouth = rv["mouth"]
        assert b4.spaces[mouth].kind == "loch"
        assert mouth in b4.adjacent(a) and mouth in b4.adjacent(b)
        assert a in b4.deltas and b in b4.deltas
    assert sum(1 for d in b4.deltas if b4.spaces[d].module == m) >= 3


def test_some_space_shows_forest_and_mountain_for_6():
    """The rulebook's example space: forest + mountain costing 6."""
    found = [(k, s.label) for k in SIDES for s in land(build_board(module_alone(k), 4), k[0])
             if {"forest", "mountain"} <= s.terrains and s.cost == 6]
    assert found


@pytest.mark.parametrize("m", MODULES)
def test_two_sides_differ_but_balance(m):
    b1 = build_board(module_alone(m + "1"), 4)
    b2 = build_board(module_alone(m + "2"), 4)
    s1 = [(s.q, s.r, s.kind, s.cost, s.terrains) for s in b1.spaces if s.module == m]
    s2 = [(s.q, s.r, s.kind, s.cost, s.terrains) for s in b2.spaces if s.module == m]
    diff = sum(1 for a, b in zip(s1, s2) if a != b)
    assert diff >= 20
    l1, l2 = land(b1, m), land(b2, m)
    assert abs(len(l1) - len(l2)) <= 3
    avg1 = sum(s.cost for s in l1) / len(l1)
    avg2 = sum(s.cost for s in l2) / len(l2)
    assert abs(avg1 - avg2) <= 0.25
    cheap1 = sum(1 for s in l1 if s.cost <= 2)
    cheap2 = sum(1 for s in l2 if s.cost <= 2)
    assert abs(cheap1 - cheap2) <= 2


# ---------------------------------------------------------------------------------------------
# Whole maps: 16 configurations x 4 player counts


@pytest.mark.parametrize("sides", CONFIGS)
def test_configuration(sides):
    boards = {n: build_board(sides, n) for n in (1, 2, 3, 4)}
    b4 = boards[4]
    # ids stable across player counts
    shape = [(s.id, s.q, s.r, s.module, s.kind, s.cost, s.terrains) for s in b4.spaces]
    for n in (1, 2, 3):
        assert [(s.id, s.q, s.r, s.module, s.kind, s.cost, s.terrains)
                for s in boards[n].spaces] == shape
    # size and land mix like the printed board
    lands = land(b4)
    lochs = [s for s in b4.spaces if s.kind == "loch"]
    assert 110 <= len(lands) <= 125
    assert 130 <= len(lands) + len(lochs) <= 155
    shows = Counter(t for s in lands for t in s.terrains)
    assert shows["grassland"] > shows["forest"] > shows["mountain"]
    # the central loch: one connected body touching all four modules
    central = {s.id for s in b4.spaces if s.central}
    assert {b4.spaces[i].module for i in central} == set(MODULES)
    assert _connected(b4, central, central)
    for n, b in boards.items():
        small = n <= 2
        # ports: one per module, next to that module's factory; 1-2 and 3-4 spots distinct
        assert len(b.ports) == 4
        assert [b.spaces[p].module for p in b.ports] == list(MODULES)
        for p in b.ports:
            sp = b.spaces[p]
            assert sp.kind == "port" and sp.active
            fac = next(f for f in b.factories if b.spaces[f].module == sp.module)
            fs = b.spaces[fac]
            assert hexgeom.distance((sp.q, sp.r), (fs.q, fs.r)) == 1
            # a port can be reached from active land next to it
            assert any(b.spaces[t].kind == "land" and b.spaces[t].active for t in b.adjacent(p))
        other = boards[4 if small else 2]
        assert set(b.ports).isdisjoint(other.ports)
        # shaded land inactive at 1-2 players only; lochs always active; factories never
        for s in b.spaces:
            if s.kind == "land":
                assert s.active == (not (small and s.shaded))
            elif s.kind == "loch":
                assert s.active
            elif s.kind == "factory":
                assert not s.active
        # the active map is connected (land, lochs and the ports in use)
        act = {s.id for s in b.spaces if s.active}
        assert _connected(b, act, act)
        # every module: cheap (1-2 pound) land near its port and near the central loch
        for m, p in zip(MODULES, b.ports):
            ps = b.spaces[p]
            assert _cheap_within(b, m, [(ps.q, ps.r)], 2), (sides, n, m, "port")
            cs = [(b.spaces[i].q, b.spaces[i].r) for i in central if b.spaces[i].module == m]
            assert _cheap_within(b, m, cs, 2), (sides, n, m, "centre")
        # border of the active map: in every module, on the edge or next to shaded land
        assert {b.spaces[i].module for i in b.border} == set(MODULES)
        for s in b.spaces:
            if s.kind != "land" or not s.active:
                assert s.id not in b.border
                continue
            out = [nb for nb in hexgeom.neighbours(s.q, s.r)
                   if nb not in b.at or (b.spaces[b.at[nb]].kind == "land"
                                         and not b.spaces[b.at[nb]].active)]
            assert (s.id in b.border) == bool(out) == s.border
        # Fergusson's three starting workers go on border spaces: enough forest and mountain
        edge = [b.spaces[i] for i in b.border]
        assert sum(1 for x in edge if "forest" in x.terrains) >= 6
        assert sum(1 for x in edge if "mountain" in x.terrains) >= 5
        # deltas exist in every module
        assert {b.spaces[d].module for d in b.deltas} == set(MODULES)
    # solo: neutral workers on every active 1-pound space, neither too few nor too many
    ones = [s for s in land(boards[1]) if s.cost == 1]
    assert 6 <= len(ones) <= 10
    assert len([s for s in land(boards[2]) if s.cost == 1]) == len(ones)
    # the small map is clearly smaller
    assert len(land(boards[2])) <= len(lands) - 24


def _connected(b, nodes, allowed):
    nodes = set(nodes)
    start = next(iter(nodes))
    seen, stack = {start}, [start]
    while stack:
        s = stack.pop()
        for t in b.adjacent(s):
            if t in allowed and t not in seen:
                seen.add(t)
                stack.append(t)
    return nodes <= seen


def _cheap_within(b, module, centres, dist):
    return any(s.cost <= 2 and any(hexgeom.distance((s.q, s.r), c) <= dist for c in centres)
               for s in land(b, module))


def test_build_board_is_cached_and_checks_arguments():
    assert build_board("1221", 3) is build_board("1221", 3)
    with pytest.raises(AttributeError):
        build_board("1221", 3).spaces[0].cost = 1
    for bad in ("123", "1231", "AAAA", 1221):
        with pytest.raises(ValueError):
            build_board(bad, 2)
    with pytest.raises(ValueError):
        build_board("1111", 5)
    assert SHIPPING_LEVELS[0] == "none" and SHIPPING_LEVELS[5] == "loch4"


def test_to_json_is_plain_json():
    b = build_board("1212", 2)
    d = json.loads(json.dumps(b.to_json()))
    assert len(d["spaces"]) == len(b.spaces)
    s = d["spaces"][b.ports[0]]
    assert s["kind"] == "port" and s["flags"]["port"] and s["flags"]["active"]
    assert {p["players"] for p in d["port_spots"]} == {"1-2", "3-4"}
    assert all(len(r["segments"]) == len(r["edges"]) for r in d["rivers"])
    assert any(x["flags"]["delta"] for x in d["spaces"])
    assert any(not x["flags"]["active"] and x["kind"] == "land" for x in d["spaces"])


# ---------------------------------------------------------------------------------------------
# Bad data is refused with a clear error


@pytest.mark.parametrize("text,msg", [
    ("grid:\n1 G1 Q3\n  G1", "bad token"),
    ("grid:\n1 G1 G1\n  G1\n2 ~ G1\n  G1\nriver: a1|c2", "adjacent"),
    ("grid:\n1 G1 G1\n  G1\n2 G1 G1\n  G1\nriver: a1|b1", "loch"),
    ("grid:\n1 G1 ~\n  G1\n2 G1 G1\n  G1\nriver: b1|c1", "two land"),
    ("grid:\n1 G1 G1\n  G1\n2 G1\n  G1", "cells"),
    ("grid:\n1 G1\n  G1 G1", "odd columns"),
    ("grid:\n1 GG1\n", "repeated"),
])
def test_bad_map_text_is_refused(text, msg):
    with pytest.raises(MapError, match=msg):
        board_from_text(text)


def test_parse_layout_reads_both_column_lines():
    lay = parse_layout("grid:\n1 G1 F2\n  M3\n2 ~ =\n  X\n", "T")
    assert lay.cells == {(0, 0): "G1", (2, 0): "F2", (1, 0): "M3", (0, 1): "~", (2, 1): "=",
                         (1, 1): "X"}


# ---------------------------------------------------------------------------------------------
# Reach: the rulebook's expansion example ("Atualizar Frota Mercante", the red player)

# Columns a-e, rows 1-4 (odd columns half a hex lower).  Red stands on c2.  A river runs along
# c2|d1 and c2|d2 into the loch c3; a second river d3|e3 flows into the loch e4.
EXPANSION = """
grid:
1  G1  G1  G1
     G1  G1
2  G1  G1  G1
     G1  G1
3  G1  ~   G1
     G1  G1
4  G1  G1  ~
     G1  G1
river: c2|d1 c2|d2
river: d3|e3
"""


def test_expansion_example_levels():
    b = board_from_text(EXPANSION)
    n = {name: by_label(b, name) for name in
         ("c2", "b1", "b2", "c1", "c3", "d1", "d2", "b3", "d3", "c4", "e1", "e2", "e3", "e4",
          "a2", "d4")}
    red = [n["c2"]]
    ones = {n["b1"], n["b2"], n["c1"], n["c3"]}          # "1": neighbours (and the loch)
    twos = {n["d1"], n["d2"]}                           # "2": across the river
    threes = {n["b3"], n["d3"], n["c4"]}                # "3": beyond one loch space
    assert reach(b, red, 0) == ones
    assert reach(b, red, 1) == ones | twos
    assert reach(b, red, 2) == ones | twos | threes
    # a bigger fleet adds nothing here: the only loch next to red is a single space
    assert reach(b, red, 5) == reach(b, red, 2)
    # "&": never jump land, even land bordered by a river; never loch + river in one Expand
    for level in range(6):
        r = reach(b, red, level)
        assert n["e2"] not in r and n["e1"] not in r and n["a2"] not in r
        assert n["e3"] not in r          # across the river from d3, which red reaches by loch
        assert n["e4"] not in r
    assert set(b.across_river(n["c2"])) == twos
    assert set(b.neighbours(n["c2"])) == ones
    assert set(b.adjacent(n["c2"])) == ones | twos
    assert b.loch_reach(n["c2"], 1) == {n["b2"], n["d2"], n["b3"], n["d3"], n["c4"]}
    # lochs and land never have a river between them: the loch e4 neighbours d3, d4 and e3
    assert set(b.neighbours(n["e4"])) == {n["d3"], n["d4"], n["e3"]}
    # deltas: the banks where each river meets its loch
    assert b.deltas == {n["c2"], n["d2"], n["d3"], n["e3"]}
    with pytest.raises(ValueError):
        reach(b, red, 6)


def test_macdonald_fisherman_makes_land_neighbouring():
    b = board_from_text(EXPANSION)
    red = [by_label(b, "c2")]
    fish = [by_label(b, "e4")]
    r = reach(b, red, 0, fishermen=fish)
    # land next to the fisherman counts as neighbouring, river or not, at any level
    for name in ("e3", "d3", "d4"):
        assert by_label(b, name) in r
    assert by_label(b, "e2") not in r
    # a fisherman passed among the units works the same way
    assert reach(b, red + fish, 0) == r


# ---------------------------------------------------------------------------------------------
# Settlements: the rulebook's example ("Povoados": red at loch-1 has 3 of its 4)

# Red: a settlement of three on c2, c3, d3; one unit on d2, cut off from them by a river; one
# on e2, across a river from d2 and across the loch e3 from d3; one on a4, two loch spaces
# (c4, b4) away from the three.
SETTLEMENTS = """
grid:
1  G1  G1  G1
     G1  G1
2  G1  G1  G1
     G1  G1
3  G1  G1  ~
     G1  G1
4  G1  ~   G1
     ~   G1
5  G1  G1  G1
     G1  G1
river: c2|d2 c3|d2 d2|d3
river: d2|e2
"""


def test_settlements_example():
    b = board_from_text(SETTLEMENTS)
    ids = {name: by_label(b, name) for name in ("c2", "c3", "d3", "d2", "e2", "a4", "b3")}
    red = [ids[k] for k in ("c2", "c3", "d3", "d2", "e2", "a4")]
    groups = settlements(b, red)
    assert len(groups) == 4
    assert frozenset((ids["c2"], ids["c3"], ids["d3"])) in groups
    assert connected_settlements(b, red, 0) == 1
    assert connected_settlements(b, red, 1) == 3     # the rivers join the three
    assert connected_settlements(b, red, 2) == 3     # loch-1: still three (a4 is 2 lochs off)
    assert connected_settlements(b, red, 3) == 4     # loch-2 reaches a4
    # e2 is linked to the three by the loch e3 only at loch-1
    assert ids["e2"] not in reach(b, [ids["d3"]], 1)
    assert ids["e2"] in reach(b, [ids["d3"]], 2)
    assert ids["a4"] in b.loch_reach(ids["c3"], 2) and ids["a4"] not in b.loch_reach(ids["c3"], 1)
    # slaughtering the middle of a settlement can split it
    assert len(settlements(b, [ids["c2"], ids["d3"]])) == 2
    assert connected_settlements(b, [], 3) == 0


# Black: five lone units in a column, each two loch spaces from the next; a sixth three away.
BLACK = "grid:\n" + "\n".join(
    f"{i} {t}\n" for i, t in enumerate(
        ["G1", "~", "~", "G1", "~", "~", "G1", "~", "~", "G1", "~", "~", "G1", "~", "~", "~",
         "G1"], 1))


def test_settlements_black_at_loch2_has_five():
    b = board_from_text(BLACK)
    black = [s.id for s in b.spaces if s.kind == "land"]
    assert len(settlements(b, black)) == 6
    assert connected_settlements(b, black, 2) == 1
    assert connected_settlements(b, black, 3) == 5
    assert connected_settlements(b, black, 4) == 6


# ---------------------------------------------------------------------------------------------
# Ports ("Utilizar um Porto": black neighbours the port, red needs loch-2)

PORTS = """
grid:
1  P4
     G1
2  ~
     ~
3  ~
     ~
4  G1
     G1
"""


def test_port_in_reach():
    b = board_from_text(PORTS)
    port = b.ports[0]
    black, red = [by_label(b, "b1")], [by_label(b, "a4")]
    assert port_in_reach(b, black, 0, port)
    assert not port_in_reach(b, red, 2, port)
    assert port_in_reach(b, red, 3, port)
    # a fisherman on the port spot, or next to it, is enough
    assert port_in_reach(b, [], 0, port, fishermen=[port])
    assert port_in_reach(b, [], 0, port, fishermen=[by_label(b, "a2")])
    # the 1-2 player spot is not a port at 3-4 players and vice versa
    small = board_from_text(PORTS, n_players=2)
    assert small.ports == () and not small.spaces[port].active


def test_port_spots_are_not_sailed_through():
    """A port spot is reached like land, never crossed: v lies beyond the port from u."""
    b = board_from_text("grid:\n1 G1\n2 ~\n3 P4\n4 ~\n5 G1\n")
    u, v, port = by_label(b, "a1"), by_label(b, "a5"), by_label(b, "a3")
    assert port_in_reach(b, [u], 2, port) and not port_in_reach(b, [u], 1, port)
    for level in range(6):
        assert v not in reach(b, [u], level)


@pytest.mark.parametrize("sides,n", [("1111", 4), ("2121", 2), ("1222", 3), ("2211", 1)])
def test_reach_tables_match_a_recount(sides, n):
    """reach() recomputed from coordinates alone: neighbours, rivers, then loch paths."""
    b = build_board(sides, n)
    at = {(s.q, s.r): s.id for s in b.spaces if s.kind != "factory"}
    rivers = {frozenset(e) for rv in b.rivers for e in rv["edges"]}

    def adj(i):
        s = b.spaces[i]
        return [at[p] for p in hexgeom.neighbours(s.q, s.r) if p in at]

    for s in b.spaces:
        if s.kind != "land":
            continue
        near = [j for j in adj(s.id)]
        lochs_at = {}
        frontier = [j for j in near if b.spaces[j].kind == "loch"]
        d = 1
        while frontier:
            for j in frontier:
                lochs_at.setdefault(j, d)
            frontier = [t for j in frontier for t in adj(j)
                        if b.spaces[t].kind == "loch" and t not in lochs_at]
            d += 1
        for level in range(6):
            want = {j for j in near if frozenset((s.id, j)) not in rivers}
            if level >= 1:
                want |= set(near)
            if level >= 2:
                k = level - 1
                crossed = {j for j, dj in lochs_at.items() if dj <= k}
                want |= crossed
                want |= {t for j in crossed for t in adj(j)
                         if t != s.id and b.spaces[t].kind in ("land", "port")}
            want = {j for j in want if b.spaces[j].active}
            got = reach(b, [s.id], level)
            assert got == want, (s.label, level)
            if level:
                assert reach(b, [s.id], level - 1) <= got
