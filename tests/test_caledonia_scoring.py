"""Clans of Caledonia: production, round scoring, final scoring and the view.

The rulebook's worked examples (imports by rarity, tie splits, settlements within shipping
reach, the solo rating), each scoring tile, the production phase (income, processing,
MacKenzie's cellar, Cunningham's butter), and an independent recount of the final scores
from ``view()`` alone (a second, simple implementation below, map reach included),
compared with ``scoring.final_scores`` on hand-built states and on finished random games.
"""
from __future__ import annotations

import itertools
import json
import random

import pytest

from cairn.caledonia import production, scoring
from cairn.caledonia.board import build_board, connected_settlements, settlements
from cairn.caledonia.data import CONTRACTS, GOODS, IMPORTS
from cairn.caledonia.economy import place_unit
from cairn.caledonia.state import OVER, PRODUCTION, AutomaState, CaledoniaState
from cairn.caledonia.view import view


# -- building states by hand ------------------------------------------------------------------------
def make(n=3, sides="1111", **options):
    s = CaledoniaState(n, 1, options)
    s.sides = sides
    s.phase = PRODUCTION
    return s


def board(s):
    return build_board(s.sides, s.n)


def free_spaces(s, terrain=None, kind="land", where=None):
    b = board(s)
    out = []
    for sp in b.spaces:
        if sp.kind != kind or not sp.active or sp.id in s.units:
            continue
        if terrain and terrain not in sp.terrains:
            continue
        if where and not where(sp):
            continue
        out.append(sp.id)
    return out


def put(s, seat, unit, n=1, where=None):
    """Place ``n`` units on the first free spaces that suit them."""
    terrain = {"woodcutter": "forest", "miner": "mountain"}.get(unit, "grassland")
    kind = "loch" if unit == "fisherman" else "land"
    spots = free_spaces(s, None if kind == "loch" else terrain, kind, where)
    placed = []
    for sid in spots[:n]:
        place_unit(s, seat, unit, sid)
        placed.append(sid)
    assert len(placed) == n
    return placed


def good(s, seat, name, k):
    s.players[seat].goods[GOODS.index(name)] = k


def fulfil(s, seat, *cids):
    """Record fulfilled contracts and move the shared import tracks as fulfilling does."""
    p = s.players[seat]
    for cid in cids:
        p.fulfilled.append(cid)
        for g, k in CONTRACTS[cid].imports:
            s.imports[IMPORTS.index(g)] += k


def breakdown(s, seat):
    return scoring.final_scores(s)[seat]["breakdown"]


# -- imports by rarity ---------------------------------------------------------------------------------
def test_import_values_rulebook_example():
    """Rulebook: least tobacco imported, most cotton: tobacco 5, sugar cane 4, cotton 3;
    3 tobacco + 2 sugar cane + 1 cotton = 15 + 8 + 3 = 26."""
    s = make(3)
    s.imports = [9, 2, 5]  # cotton, tobacco, sugarcane
    v = scoring.import_values(s)
    assert v == {"tobacco": 5, "sugarcane": 4, "cotton": 3}
    assert 3 * v["tobacco"] + 2 * v["sugarcane"] + 1 * v["cotton"] == 26


def test_imports_scored_from_fulfilled_contracts():
    s = make(3)
    s.imports = [7, 0, 0]
    fulfil(s, 0, 2, 3, 16)      # 3 tobacco, 2 sugar cane, 2 cotton -> tracks 9 / 3 / 2
    fulfil(s, 1, 31)            # 4 cotton -> cotton 13: most
    # sugar cane 2 rarest (5), tobacco 3 (4), cotton 13 (3)
    assert scoring.import_values(s) == {"sugarcane": 5, "tobacco": 4, "cotton": 3}
    assert breakdown(s, 0)["imports"] == 2 * 5 + 3 * 4 + 2 * 3
    assert breakdown(s, 1)["imports"] == 4 * 3
    assert breakdown(s, 2)["imports"] == 0


@pytest.mark.parametrize("tracks, expect", [
    ((0, 0, 0), {"cotton": 5, "tobacco": 4, "sugarcane": 3}),
    ((2, 2, 1), {"sugarcane": 5, "cotton": 4, "tobacco": 3}),
    ((4, 1, 1), {"tobacco": 5, "sugarcane": 4, "cotton": 3}),
    ((3, 5, 3), {"cotton": 5, "sugarcane": 4, "tobacco": 3}),
])
def test_import_ties_cotton_then_tobacco_count_as_rarer(tracks, expect):
    s = make(4)
    s.imports = list(tracks)
    assert scoring.import_values(s) == expect


def test_static_imports_variant_four_each():
    s = make(3, static_imports=True)
    s.imports = [9, 2, 5]
    fulfil(s, 0, 2, 3)
    assert scoring.import_values(s) == {g: 4 for g in IMPORTS}
    assert breakdown(s, 0)["imports"] == 5 * 4


def test_solo_imports_by_own_counts():
    s = make(1)
    fulfil(s, 0, 2, 16)          # 3 tobacco, 2 cotton, 0 sugar cane
    s.imports = [0, 40, 0]       # the tracks do not matter in solo mode
    assert breakdown(s, 0)["imports"] == 3 * 3 + 2 * 4


# -- contracts and settlements: tie splits -------------------------------------------------------------
def test_split_places_rulebook_examples():
    # 3 players, two tied first: (12 + 6) // 2 = 9 each, the third nothing
    assert scoring.split_places([4, 4, 2], [12, 6]) == [9, 9, 0]
    # 2 players tied: 8 // 2 = 4 each
    assert scoring.split_places([3, 3], [8]) == [4, 4]
    assert scoring.split_places([3, 1], [8]) == [8, 0]
    # settlements, 3-4 players: 18 / 12 / 6; a tie for second splits 12 + 6
    assert scoring.split_places([5, 3, 3, 1], [18, 12, 6]) == [18, 9, 9, 0]
    assert scoring.split_places([2, 2, 2], [18, 12, 6]) == [12, 12, 12]
    assert scoring.split_places([2, 2, 2, 2], [18, 12, 6]) == [9, 9, 9, 9]
    assert scoring.split_places([5, 5, 4, 4], [12, 6]) == [9, 9, 0, 0]
    assert scoring.split_places([5, 4, 4, 1], [12, 6]) == [12, 3, 3, 0]   # 6 // 2
    assert scoring.split_places([5, 3, 3, 3], [18, 12, 6]) == [18, 6, 6, 6]
    # nobody with none takes a place
    assert scoring.split_places([2, 0, 0], [12, 6]) == [12, 0, 0]


def test_contracts_through_final_scores_three_and_two_players():
    s = make(3)
    fulfil(s, 0, 1, 2)
    fulfil(s, 1, 3, 4)
    fulfil(s, 2, 5)
    assert [r["breakdown"]["contracts"] for r in scoring.final_scores(s)] == [9, 9, 0]
    s2 = make(2)
    fulfil(s2, 0, 1)
    fulfil(s2, 1, 3)
    assert [r["breakdown"]["contracts"] for r in scoring.final_scores(s2)] == [4, 4]
    fulfil(s2, 1, 4)
    assert [r["breakdown"]["contracts"] for r in scoring.final_scores(s2)] == [0, 8]
    s4 = make(4)
    for seat, cids in enumerate([(1, 2, 3), (4,), (5,), ()]):
        fulfil(s4, seat, *cids)
    assert [r["breakdown"]["contracts"] for r in scoring.final_scores(s4)] == [12, 3, 3, 0]


def _reach_example(b):
    """Land spaces for the rulebook's settlements example: a 3-unit settlement G, a single
    unit Y across a river from it, and a single unit Z two lochs away (loch-2 reach only)."""
    land = [sp.id for sp in b.spaces if sp.kind == "land" and sp.active]
    for x in land:
        nb = [t for t in b.neighbours(x) if b.spaces[t].kind == "land" and b.spaces[t].active]
        for y in b.across_river(x):
            if not b.spaces[y].active:
                continue
            for x2, x3 in itertools.combinations(nb, 2):
                g = {x, x2, x3}
                if y in g or any(y in b.neighbours(t) for t in g):
                    continue
                for z in sorted(b.loch_reach(x, 2)):
                    if b.spaces[z].kind != "land" or z in g or z == y:
                        continue
                    if any(z in b.neighbours(a) or z in b.across_river(a) or z in b.loch_reach(a, 1)
                           for a in g | {y}):
                        continue
                    return sorted(g), y, z
    raise AssertionError("no space for the settlements example on this map")


@pytest.mark.parametrize("sides, n", [("1111", 4), ("2222", 4), ("1212", 2)])
def test_settlements_within_shipping_reach(sides, n):
    """Rulebook ("Povoados"): units joined as neighbours form one settlement, a river splits
    settlements; only the largest group of settlements within shipping reach of one another
    counts: loch-1 cannot reach the settlement two lochs away, loch-2 can."""
    b = build_board(sides, n)
    g, y, z = _reach_example(b)
    own = g + [y, z]
    assert len(settlements(b, own)) == 3
    assert connected_settlements(b, own, 0) == 1      # no shipping
    assert connected_settlements(b, own, 1) == 2      # river crossing joins G and Y
    assert connected_settlements(b, own, 2) == 2      # loch-1: Z still out of reach
    assert connected_settlements(b, own, 3) == 3      # loch-2
    # ... and through final scoring (3-4 players: 18 / 12 / 6; 2 players: 12)
    s = make(n, sides)
    for sid in own:
        place_unit(s, 0, "sheep", sid)
    s.players[0].shipping = 2
    other = [sp for sp in free_spaces(s) if all(sp not in b.neighbours(t) for t in own)][:2]
    place_unit(s, 1, "sheep", other[0])
    vp = [r["breakdown"]["settlements"] for r in scoring.final_scores(s)]
    if n >= 3:
        assert vp[:2] == [18, 12] and all(v == 0 for v in vp[2:])
    else:
        assert vp == [12, 0]
    s.players[0].shipping = 3
    assert scoring.settlement_counts(s)[0] == 3


# -- solo mode -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("total, rating", [
    (0, "Newbie"), (115, "Newbie"), (116, "Rookie"), (130, "Rookie"), (131, "Average"),
    (145, "Average"), (146, "Expert"), (160, "Expert"), (161, "Genius"), (250, "Genius")])
def test_solo_rating_bands(total, rating):
    assert scoring.solo_rating(total) == rating


@pytest.mark.parametrize("k, vp", [(9, 12), (7, 12), (6, 8), (5, 4), (4, 0), (0, 0)])
def test_solo_contracts(k, vp):
    s = make(1)
    fulfil(s, 0, *range(1, k + 1))
    assert breakdown(s, 0)["contracts"] == vp


@pytest.mark.parametrize("k, vp", [(15, 18), (14, 18), (13, 12), (11, 12), (10, 6), (8, 6), (7, 0)])
def test_solo_settlement_thresholds(k, vp):
    assert scoring.solo_threshold(k, scoring.TABLES["solo"]["settlements_vp"]) == vp


def test_solo_settlements_through_final_scores():
    s = make(1)
    b = board(s)
    # isolated single units: pairwise not neighbours and no shipping
    chosen = []
    for sid in free_spaces(s):
        if all(sid not in b.adjacent(c) for c in chosen):
            chosen.append(sid)
    for sid in chosen:
        place_unit(s, 0, "sheep", sid)
    s.players[0].shipping = 5
    k = connected_settlements(b, chosen, 5)
    expect = 18 if k >= 14 else 12 if k >= 11 else 6 if k >= 8 else 0
    assert breakdown(s, 0)["settlements"] == expect
    assert k >= 8   # the test means something


# -- the official solo opponent -----------------------------------------------------------------------
def _with_automa(n=2, difficulty=4):
    s = make(n)
    seat = n - 1
    s.players[seat].automa = True
    s.automa = AutomaState(seat, difficulty)
    return s, seat


def test_automa_final_glory_money_and_head_to_head():
    s, a = _with_automa(2, 4)
    s.players[a].money = 23
    s.players[0].money = 23
    s.players[a].glory = 0
    r = scoring.final_scores(s)
    assert r[a]["breakdown"]["glory"] == 40
    assert r[a]["breakdown"]["money"] == 4 and r[0]["breakdown"]["money"] == 2
    assert scoring.duel_places([2, 3], [8, 4], 1) == [4, 8]
    assert scoring.duel_places([1, 3], [8, 4], 1) == [0, 8]
    assert scoring.duel_places([3, 3], [8, 4], 1) == [4, 4]
    assert scoring.duel_places([3, 5], [12, 6], 2) == [6, 12]
    assert scoring.duel_places([2, 5], [12, 6], 2) == [0, 12]
    assert scoring.duel_places([4, 4], [12, 6], 2) == [6, 6]
    fulfil(s, 0, 1, 2)
    fulfil(s, a, 3, 4, 5)
    assert [x["breakdown"]["contracts"] for x in scoring.final_scores(s)] == [4, 8]


def test_automa_at_three_seats_uses_normal_values():
    s, a = _with_automa(3, 1)
    fulfil(s, 0, 1, 2)
    fulfil(s, a, 3, 4, 5)
    r = scoring.final_scores(s)
    assert [x["breakdown"]["contracts"] for x in r] == [6, 0, 12]
    assert r[a]["breakdown"]["glory"] == 10


def test_automa_scores_no_tiles():
    s, a = _with_automa(2)
    s.scoring = [4, 4, 4, 4, 4]
    put(s, a, "woodcutter", 2)
    put(s, 0, "woodcutter", 1)
    assert scoring.score_round(s) == [2, 0]
    assert s.players[a].glory == 0


# -- bids, cellar, winners ------------------------------------------------------------------------------
def test_auction_bid_is_lost():
    s = make(3, clan_auction=True)
    s.players[1].bid = 7
    assert breakdown(s, 1)["bid"] == -7
    assert scoring.final_scores(s)[1]["total"] == -7


def test_final_goods_money_hops_glory():
    s = make(2)
    p = s.players[0]
    p.glory = 23
    good(s, 0, "wool", 2)
    good(s, 0, "grain", 1)
    good(s, 0, "bread", 1)
    good(s, 0, "whisky", 2)
    p.money = 59
    fulfil(s, 0, 23)      # 8 hops
    b = breakdown(s, 0)
    assert (b["glory"], b["basic"], b["processed"], b["money"], b["hops"]) == (23, 3, 6, 5, 8)


def test_mackenzie_cellar_emptied_at_the_end():
    """Reading: barrels may leave the cellar at any time; no turn follows the last
    production, so final scoring takes them out: whisky in stock + 0 / 7 / 15 pounds."""
    s = make(2)
    p = s.players[0]
    p.clan = "mackenzie"
    p.cellar = [1, 1, 1]
    p.money = 8          # + 0 + 7 + 15 = 30
    b = breakdown(s, 0)
    assert b["processed"] == 6 and b["money"] == 3
    assert scoring.final_money(p) == 30


def test_winners_tie_broken_by_leftover_money():
    s = make(3)
    s.players[0].glory, s.players[0].money = 10, 9
    s.players[1].glory, s.players[1].money = 9, 19
    s.players[2].glory, s.players[2].money = 10, 5
    assert [r["total"] for r in scoring.final_scores(s)] == [10, 10, 10]
    assert scoring.winners(s) == [1]
    s.players[2].glory, s.players[2].money = 9, 19
    assert scoring.winners(s) == [1, 2]


# -- scoring tiles ------------------------------------------------------------------------------------------
def _tile(s, tile):
    s.scoring = [tile] * 5
    return scoring.score_round(s)


def test_tile_1_basic_goods():
    s = make(3)
    good(s, 0, "wool", 2)
    good(s, 0, "milk", 1)
    good(s, 0, "grain", 3)
    good(s, 0, "bread", 5)
    assert _tile(s, 1) == [6, 0, 0]
    assert s.players[0].glory == 6
    assert s.players[0].good("wool") == 2   # nothing spent
    assert s.summary[-1] == {"kind": "scoring", "round": 1, "tile": 1, "key": "basic_goods",
                             "glory": [6, 0, 0]}


def test_tile_2_processed_pairs_cellar_counts():
    s = make(3)
    good(s, 0, "bread", 2)
    good(s, 0, "cheese", 1)
    s.players[0].cellar = [1, 0, 0]     # 4 processed -> 2 pairs
    good(s, 1, "whisky", 3)             # 1 pair
    good(s, 2, "milk", 9)
    assert _tile(s, 2) == [6, 3, 0]


def test_tile_3_farm_units():
    s = make(3)
    put(s, 0, "sheep", 2)
    put(s, 0, "cow")
    put(s, 0, "dairy")
    put(s, 0, "field", 2)
    put(s, 1, "bakery")
    put(s, 1, "distillery")
    put(s, 1, "woodcutter")
    assert _tile(s, 3) == [2 + 1 + 1 + 4, 2, 0]


def test_tile_4_workers_fishermen_count():
    s = make(3)
    put(s, 0, "woodcutter")
    put(s, 0, "miner")
    s.players[1].clan = "macdonald"
    put(s, 1, "fisherman")
    put(s, 1, "woodcutter")
    put(s, 2, "sheep", 3)
    assert _tile(s, 4) == [4, 4, 0]


@pytest.mark.parametrize("n", [4, 2])
def test_tile_5_border_pairs(n):
    s = make(n)
    b = board(s)
    put(s, 0, "sheep", 3, where=lambda sp: sp.id in b.border)
    put(s, 0, "cow", 2, where=lambda sp: sp.id not in b.border)
    put(s, 1, "sheep", 4, where=lambda sp: sp.id in b.border)
    assert _tile(s, 5)[:2] == [3, 6]
    if n == 2:   # the shaded ring is inactive: the border is the land next to it
        assert all(not sp.shaded for sp in b.spaces if sp.id in b.border)


def test_tile_6_imports_and_7_meat():
    s = make(3)
    fulfil(s, 0, 2, 16)       # 3 tobacco + 2 cotton; contract 16 asks 1 beef
    fulfil(s, 1, 3, 5)        # 2 sugar cane + 2 tobacco; 2 beef + 2 mutton
    assert _tile(s, 6) == [5, 4, 0]
    s2 = make(3)
    fulfil(s2, 0, 2, 16)
    fulfil(s2, 1, 3, 5)
    assert _tile(s2, 7) == [2, 8, 0]


def test_tile_8_upgrades_clan_given_count():
    s = make(3)
    p = s.players[0]
    p.shipping, p.track, p.tech = 2, 3, [True, False]      # 2 + 2 hired + 1
    st = s.players[1]
    st.clan, st.pool, st.track, st.shipping = "stewart", 5, 2, 1   # 3 extra merchants + river
    assert _tile(s, 8) == [5, 4, 0]


def test_tile_9_dear_land():
    s = make(3)
    put(s, 0, "sheep", 2, where=lambda sp: sp.cost >= 5)
    put(s, 0, "sheep", 1, where=lambda sp: sp.cost == 4)
    put(s, 1, "woodcutter", 1, where=lambda sp: sp.cost == 6)
    assert _tile(s, 9) == [4, 2, 0]


def test_no_scoring_tiles_variant():
    s = make(3, scoring_tiles=False)
    s.scoring = []
    good(s, 0, "wool", 5)
    assert scoring.score_round(s) == [0, 0, 0]
    assert s.players[0].glory == 0


# -- production -------------------------------------------------------------------------------------------
def test_income_and_basic_goods():
    s = make(3)
    put(s, 0, "woodcutter", 2)
    put(s, 0, "miner")
    s.players[0].tech = [True, False]          # 2 x 6 + 6
    put(s, 1, "miner", 2)
    s.players[1].tech = [False, True]          # 2 x 8
    s.players[2].clan = "macdonald"
    put(s, 2, "woodcutter")
    put(s, 2, "fisherman")
    put(s, 2, "miner")                         # 3 x 4
    put(s, 0, "sheep", 2)
    put(s, 0, "cow")
    put(s, 0, "field", 2)
    for p in s.players:
        p.money = 10
    production.start(s)
    assert [p.money for p in s.players] == [28, 26, 22]
    assert s.players[0].goods == [2, 1, 4, 0, 0, 0]
    assert s.production == []        # nobody has a choice
    assert [e["income"] for e in s.summary] == [18, 16, 12]


def test_processing_is_optional_and_split_into_steps():
    s = make(3)
    s.order = [2, 0, 1]
    put(s, 0, "bakery")
    put(s, 0, "distillery", 2)
    put(s, 0, "field")              # +2 grain
    good(s, 0, "grain", 1)          # inputs may come from stock: 3 grain in all
    put(s, 1, "dairy", 2)
    good(s, 1, "milk", 1)
    put(s, 2, "dairy")              # no milk: no choice
    production.start(s)
    assert s.production == [0, 1] and s.cur == 0
    assert production.legal(s) == [{"type": "produce", "good": "bread", "n": k} for k in (0, 1)]
    production.apply(s, {"type": "produce", "good": "bread", "n": 1})
    assert production.legal(s) == [{"type": "produce", "good": "whisky", "n": k} for k in (0, 1, 2)]
    assert production.check(s, {"type": "produce", "good": "whisky", "n": 3})
    assert production.check(s, {"type": "produce", "good": "bread", "n": 0})
    assert production.check(s, {"type": "produce", "good": "whisky", "n": 2}) is None
    production.apply(s, {"type": "produce", "good": "whisky", "n": 2})
    p = s.players[0]
    assert (p.good("grain"), p.good("bread"), p.good("whisky"), p.money) == (0, 1, 2, 0)
    assert s.production == [1] and s.cur == 1
    assert production.legal(s) == [{"type": "produce", "good": "cheese", "n": k} for k in (0, 1)]
    production.apply(s, {"type": "produce", "good": "cheese", "n": 0})
    assert s.production == [] and s.players[1].good("milk") == 1
    entry = next(e for e in s.summary if e["seat"] == 0)
    assert entry["made"] == {"bread": 1, "whisky": 2}


def test_mackenzie_cellar_ages_and_takes_fresh_whisky():
    s = make(2)
    p = s.players[0]
    p.clan = "mackenzie"
    p.cellar = [1, 1, 1]
    p.money = 0
    put(s, 0, "distillery")
    good(s, 0, "grain", 1)
    production.start(s)
    # spot 2 went to stock paying 15; the others moved right
    assert p.cellar == [0, 1, 1] and p.good("whisky") == 1 and p.money == 15
    production.apply(s, {"type": "produce", "good": "whisky", "n": 1})
    assert p.money == 18 and p.good("whisky") == 2     # +3 per whisky made
    assert production.legal(s) == [{"type": "cellar", "whisky": 0}, {"type": "cellar", "whisky": 1}]
    production.apply(s, {"type": "cellar", "whisky": 1})
    assert p.cellar == [1, 1, 1] and p.good("whisky") == 1 and s.production == []
    e = s.summary[0]
    assert e["aged"] == {"whisky": 1, "pounds": 15} and e["pounds"] == 3 and e["cellared"] == 1


def test_mackenzie_without_whisky_made_has_no_cellar_choice():
    s = make(2)
    p = s.players[0]
    p.clan = "mackenzie"
    good(s, 0, "whisky", 3)
    put(s, 0, "distillery")
    good(s, 0, "grain", 1)
    production.start(s)
    production.apply(s, {"type": "produce", "good": "whisky", "n": 0})
    assert s.production == [] and p.cellar == [0, 0, 0]


def test_cunningham_butter_without_price_change():
    s = make(3)
    c = s.players[1]
    c.clan = "cunningham"
    put(s, 1, "cow", 2)
    good(s, 1, "milk", 1)
    put(s, 1, "dairy")
    before = s.prices[:]
    production.start(s)
    assert s.production == [1]
    production.apply(s, {"type": "produce", "good": "cheese", "n": 1})
    assert production.legal(s) == [{"type": "butter", "milk": k} for k in range(3)]
    production.apply(s, {"type": "butter", "milk": 2})
    assert c.money == 16 and c.good("milk") == 0 and c.good("cheese") == 1
    assert s.prices == before and s.production == []


def test_production_copy_is_independent():
    s = make(2)
    put(s, 0, "bakery")
    good(s, 0, "grain", 1)
    production.start(s)
    t = s.copy()
    production.apply(t, {"type": "produce", "good": "bread", "n": 1})
    assert s.production == [0] and s.players[0].good("grain") == 1
    assert s.summary[0]["made"] == {} and t.summary[0]["made"] == {"bread": 1}


# -- the view -------------------------------------------------------------------------------------------
def test_view_hides_draw_piles_and_rng():
    s, a = _with_automa(3, 2)
    s.deck = [11, 22, 33, 44]
    s.automa.draw = [5, 6, 7]
    s.slots = [1, 2, None]
    s.scoring = [1, 5, 8, 9, 2]
    s.ports = [1, 5, 7, 9]
    s.players[0].clan = "stewart"
    v = view(s, 0)
    text = json.dumps(v)
    assert "rng" not in v and v["export"]["deck"] == 4
    assert v["automa"]["draw_count"] == 3 and "draw" not in v["automa"]
    assert "[11, 22, 33, 44]" not in text and "[5, 6, 7]" not in text
    assert v["export"]["contract_cost"] == 5
    assert v["export"]["scoring"][1]["text"].startswith("3 glory per 2 units on border")
    assert v["players"][0]["clan"]["name"] == "Stewart" and v["players"][0]["clan"]["summary"]
    assert v["export"]["pass_money"] == [16, 14, 12]
    assert v["final"] is None
    assert view(s, 1) | {"you": 0} == v     # every seat sees the same


def test_view_final_rows_when_over():
    s = make(1)
    s.phase = OVER
    s.players[0].glory = 120
    v = view(s, 0)
    assert v["final"] == [{"seat": 0, "total": 120, "breakdown": dict(v["final"][0]["breakdown"]),
                           "money": 0, "winner": True, "rating": "Rookie"}]


# -- independent recount from the view ------------------------------------------------------------------
_DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


class _Map:
    """A second, simple reading of reach from the view's map JSON."""

    def __init__(self, m):
        self.sp = {s["id"]: s for s in m["spaces"] if s["kind"] != "factory"}
        at = {(s["q"], s["r"]): i for i, s in self.sp.items()}
        self.adj = {i: [at[(s["q"] + dq, s["r"] + dr)] for dq, dr in _DIRS
                        if (s["q"] + dq, s["r"] + dr) in at] for i, s in self.sp.items()}
        self.river = {frozenset(e) for rv in m["rivers"] for e in rv["edges"]}

    def active(self, i):
        return self.sp[i]["flags"]["active"]

    def near(self, i):
        return [j for j in self.adj[i] if frozenset((i, j)) not in self.river]

    def reach(self, i, level):
        if self.sp[i]["kind"] != "land":
            return {j for j in self.adj[i] if self.active(j)}
        out = set(self.near(i))
        if level >= 1:
            out |= {j for j in self.adj[i] if frozenset((i, j)) in self.river}
        if level >= 2:
            ring = {j for j in self.adj[i] if self.sp[j]["kind"] == "loch"}
            waters = set(ring)
            for _ in range(level - 2):
                ring = {k for j in ring for k in self.adj[j]
                        if self.sp[k]["kind"] == "loch" and k not in waters}
                waters |= ring
            out |= waters
            out |= {t for j in waters for t in self.adj[j]
                    if t != i and self.sp[t]["kind"] in ("land", "port")}
        return {j for j in out if self.active(j)}

    def connected(self, own, level):
        own = set(own)
        groups, seen = [], set()
        for u in sorted(own):
            if u in seen:
                continue
            todo, g = [u], set()
            seen.add(u)
            while todo:
                x = todo.pop()
                g.add(x)
                for y in self.near(x):
                    if y in own and y not in seen:
                        seen.add(y)
                        todo.append(y)
            groups.append(g)
        n = len(groups)
        link = [[False] * n for _ in range(n)]
        for a in range(n):
            r = set().union(*(self.reach(x, level) for x in groups[a]))
            for b in range(n):
                if a != b and r & groups[b]:
                    link[a][b] = link[b][a] = True
        best, seen = 0, set()
        for a in range(n):
            if a in seen:
                continue
            comp, todo = 0, [a]
            seen.add(a)
            while todo:
                x = todo.pop()
                comp += 1
                for y in range(n):
                    if link[x][y] and y not in seen:
                        seen.add(y)
                        todo.append(y)
            best = max(best, comp)
        return best


def _places(values, vps):
    out = []
    for v in values:
        if v <= 0:
            out.append(0)
            continue
        ahead = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append(sum(vps[ahead:ahead + tied]) // tied)
    return out


def recount(v):
    """Final scores from the view alone (rulebook 'Pontuação final', caledonia-automa notes)."""
    players = v["players"]
    n = len(players)
    m = _Map(v["map"])
    owned = {}
    for u in v["map"]["units"]:
        owned.setdefault(u["seat"], []).append(u["space"])
    rows = []
    if v["options"].get("static_imports"):
        worth = {"cotton": 4, "tobacco": 4, "sugarcane": 4}
    else:
        if n == 1:
            counts = {g: sum(c["imports"].get(g, 0) for c in players[0]["fulfilled"])
                      for g in ("cotton", "tobacco", "sugarcane")}
        else:
            counts = v["export"]["imports"]
        order = sorted(["cotton", "tobacco", "sugarcane"],
                       key=lambda g: (counts[g], ["cotton", "tobacco", "sugarcane"].index(g)))
        worth = dict(zip(order, (5, 4, 3)))
    for p in players:
        cellar_money = p["cellar"][1] * 7 + p["cellar"][2] * 15
        glory = p["glory"] + (10 * v["automa"]["difficulty"] if p["automa"] else 0)
        rows.append({
            "glory": glory,
            "basic": p["goods"]["wool"] + p["goods"]["milk"] + p["goods"]["grain"],
            "processed": 2 * (p["goods"]["bread"] + p["goods"]["cheese"] + p["goods"]["whisky"]
                              + sum(p["cellar"])),
            "money": (p["money"] + cellar_money) // (5 if p["automa"] else 10),
            "hops": sum(c["hops"] for c in p["fulfilled"]),
            "imports": sum(k * worth[g] for c in p["fulfilled"] for g, k in c["imports"].items()),
            "bid": -p["bid"],
        })
    made = [len(p["fulfilled"]) for p in players]
    towns = [m.connected(owned.get(i, []), p["shipping"]) for i, p in enumerate(players)]
    automa = any(p["automa"] for p in players)
    if n == 1:
        c = [12 if made[0] >= 7 else 8 if made[0] == 6 else 4 if made[0] == 5 else 0]
        t = [18 if towns[0] >= 14 else 12 if towns[0] >= 11 else 6 if towns[0] >= 8 else 0]
    elif n == 2 and automa:
        def duel(vals, top, second, gap):
            a, b = vals
            if a == b:
                return [top // 2 if a else 0] * 2
            hi = 0 if a > b else 1
            out = [0, 0]
            out[hi] = top
            if vals[1 - hi] and vals[hi] - vals[1 - hi] <= gap:
                out[1 - hi] = second
            return out
        c, t = duel(made, 8, 4, 1), duel(towns, 12, 6, 2)
    elif n == 2:
        c, t = _places(made, [8]), _places(towns, [12])
    else:
        c, t = _places(made, [12, 6]), _places(towns, [18, 12, 6])
    for r, ci, ti in zip(rows, c, t):
        r["contracts"], r["settlements"] = ci, ti
    return rows, towns


def _random_state(rng, n):
    s = make(n, rng.choice(["1111", "1212", "2121", "2222"]),
             static_imports=rng.random() < 0.25)
    if n >= 2 and rng.random() < 0.4:
        seat = rng.randrange(n)
        s.players[seat].automa = True
        s.automa = AutomaState(seat, rng.randint(1, 5))
    clans = ["buchanan", "campbell", "cunningham", "fergusson", "macdonald", "macewen",
             "mackenzie", "robertson", "stewart"]
    rng.shuffle(clans)
    cids = list(range(1, 51))
    rng.shuffle(cids)
    b = board(s)
    land = [sp.id for sp in b.spaces if sp.kind == "land" and sp.active]
    lochs = [sp.id for sp in b.spaces if sp.kind == "loch"]
    rng.shuffle(land)
    for seat, p in enumerate(s.players):
        if not p.automa:
            p.clan = clans[seat]
            p.goods = [rng.randrange(5) for _ in GOODS]
            p.bid = rng.choice([0, 0, 3])
            if p.clan == "mackenzie":
                p.cellar = [rng.randrange(2) for _ in range(3)]
        p.money = rng.randrange(120)
        p.glory = rng.randrange(40)
        p.shipping = rng.randrange(6)
        p.track = rng.randrange(6)
        p.tech = [rng.random() < 0.3, rng.random() < 0.3]
        for _ in range(rng.randrange(8)):
            fulfil(s, seat, cids.pop())
        for _ in range(rng.randrange(4, 14)):
            place_unit(s, seat, rng.choice(["sheep", "cow", "field", "woodcutter"]), land.pop())
        if p.clan == "macdonald":
            for sid in rng.sample(lochs, 2):
                if sid not in s.units:
                    place_unit(s, seat, "fisherman", sid)
    return s


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_recount_from_view_matches_final_scores(n):
    rng = random.Random(1000 + n)
    for _ in range(25):
        s = _random_state(rng, n)
        v = view(s, 0)
        rows, towns = recount(v)
        got = scoring.final_scores(s)
        assert [p["settlements"] for p in v["players"]] == towns
        for seat, (r, g) in enumerate(zip(rows, got)):
            assert g["breakdown"] == {k: r[k] for k in scoring.categories(s)}, (seat, r, g)
            assert g["total"] == sum(r.values())
        assert [p["score"] for p in v["players"]] == got


# -- finished random games ----------------------------------------------------------------------------------
def _random_game(players, seed, options=None):
    """A finished game of random legal moves, built straight from the rules class (so it runs
    whether or not the game is registered in ``cairn.GAMES`` yet)."""
    from cairn.caledonia.rules import CaledoniaRules
    from cairn.core.game import Game
    from cairn.core.seats import normalize_seats

    rules = CaledoniaRules()
    g = Game(rules, normalize_seats(players), seed, rules.Options(**(options or {})))
    rng = random.Random(seed)
    moves = 0
    while not g.is_over:
        legal = g.legal_moves()
        assert legal, "no legal move before the end"
        g.play(rng.choice(legal))
        moves += 1
        assert moves < 20000
    return g


AUTOMA = {"kind": "automa", "level": "4"}


@pytest.mark.parametrize("players, seed, options", [
    (1, 1, {}), (2, 2, {}), (3, 3, {}), (4, 4, {}),
    (["human", AUTOMA], 5, {}), (["human", "human", AUTOMA], 6, {}),
    (2, 7, {"static_imports": True, "scoring_tiles": False}), (3, 8, {"clan_auction": True}),
    (4, 9, {"clans": False, "ports": False}),
])
def test_random_games_recount(players, seed, options):
    g = _random_game(players, seed, options)
    v = g.view(0)
    assert json.loads(json.dumps(v)) == v     # plain JSON, nothing else
    rows, _ = recount(v)
    assert v["phase"] == OVER and v["current"] is None
    assert [r["breakdown"] for r in v["final"]] == [{k: r[k] for k in scoring.categories(g.state)} for r in rows]
    assert ("bid" in v["final"][0]["breakdown"]) == bool(options.get("clan_auction"))   # no "Bid 0" without an auction
    assert [r["total"] for r in v["final"]] == [sum(r.values()) for r in rows]
    assert [x["total"] for x in g.scores()] == [r["total"] for r in v["final"]]
    best = max((r["total"], r["money"]) for r in v["final"])
    assert [r["seat"] for r in v["final"] if r["winner"]] == [
        r["seat"] for r in v["final"] if (r["total"], r["money"]) == best]
    assert g.rules.winners(g.state) == [r["seat"] for r in v["final"] if r["winner"]]
    kinds = [e["kind"] for e in v["summary"]]
    assert kinds.count("scoring") == (0 if options.get("scoring_tiles") is False else 1)
    assert kinds.count("production") == len(v["players"])
