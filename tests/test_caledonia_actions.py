"""Clans of Caledonia action phase: the rulebook's worked examples and every port and clan
ability, on hand-built positions driven through ``actions.legal`` / ``actions.apply``.

Most tests use a small one-module test map (below) instead of the designed game map, so the
geometry of each example is explicit:

    row 1:  a1 G1 | b1 G1 | c1 G2 | d1 ~  | e1 ~  | f1 G3 | g1 G3 | h1 M2
    row 2:  a2 G1 | b2 G1 | c2 G1 | d2 ~  | e2 ~  | f2 G1 | g2 G1 | h2 F2
    row 3:  a3 F1 | b3 M3 | c3 G1 | d3 G1 | e3 G4 | f3 G1 | g3 G1 | h3 G5
    row 4:  a4 G2 | b4 GFM6 | c4 ~ | d4 port(1-2 pl.) | e4 port(3-4 pl.) | g4 factory | ...

A river runs b1|b2, b2|c2, c2|c3 into the loch d2 (so c2 and c3 are river deltas, and c2 is
not a neighbour of b2 or c3).  Odd columns sit half a hex lower (flat-top hexes).
"""
from __future__ import annotations

from itertools import combinations

import pytest

from cairn.caledonia import actions, economy
from cairn.caledonia.board import board_from_text, build_board
from cairn.caledonia.data import GOOD_INDEX, PRICES
from cairn.caledonia.expand import placements
from cairn.caledonia.state import ACTIONS, CaledoniaState

MAP = """
grid:
1  G1   G2   ~    G3
     G1   ~    G3   M2
2  G1   G1   ~    G1
     G1   ~    G1   F2
3  F1   G1   G4   G1
     M3   G1   G1   G5
4  G2   ~    P4   X
     GFM6 P2   G1   G1
river: b1|b2 b2|c2 c2|c3
"""


def use_map(monkeypatch, n):
    b = board_from_text(MAP, n)
    monkeypatch.setattr(economy, "board_of", lambda state: b)
    return b


@pytest.fixture
def b4(monkeypatch):
    return use_map(monkeypatch, 4)


def at(b, label):
    return next(s.id for s in b.spaces if s.label.split(":")[1] == label)


def make(n=4, clan=None, money=100, rnd=1, slots=(), deck=(), ports=()):
    s = CaledoniaState(n, 7, {})
    s.phase = ACTIONS
    s.round = rnd
    s.cur = 0
    s.slots = list(slots)
    s.deck = list(deck)
    s.ports = list(ports)
    for p in s.players:
        p.money = money
    s.players[0].clan = clan
    return s


def put(s, b, seat, unit, label):
    economy.place_unit(s, seat, unit, at(b, label))


def play(s, move):
    legal = actions.legal(s)
    assert move in legal, (move, legal)
    actions.apply(s, move)


def types(s):
    return {m["type"] for m in actions.legal(s)}


def set_price(s, good, value):
    s.prices[GOOD_INDEX[good]] = PRICES[good].index(value)


def price(s, good):
    return economy.price(s, good)


# -- trade ---------------------------------------------------------------------------------------
def test_whisky_purchase_example(b4):
    """Rulebook: two whisky at 10 cost 20; the price then stands at 12."""
    s = make(money=30)
    put(s, b4, 0, "sheep", "f3")
    set_price(s, "whisky", 10)
    p = s.players[0]
    play(s, {"type": "trade", "good": "whisky", "side": "buy", "n": 2})
    assert p.money == 10 and p.goods[GOOD_INDEX["whisky"]] == 2
    assert price(s, "whisky") == 12
    assert p.pool == 0 and p.market[GOOD_INDEX["whisky"]] == 2
    assert s.turn["over"]


def test_trade_limits_and_never_both_sides(b4):
    s = make(money=25)
    put(s, b4, 0, "sheep", "f3")
    set_price(s, "whisky", 10)
    p = s.players[0]
    p.pool = 3
    buys = [m["n"] for m in actions.legal(s) if m["type"] == "trade" and m["good"] == "whisky"
            and m["side"] == "buy"]
    assert buys == [1, 2]                       # 25 pounds: two at 10, not three
    p.goods[GOOD_INDEX["whisky"]] = 5
    sells = [m["n"] for m in actions.legal(s) if m["type"] == "trade" and m["good"] == "whisky"
             and m["side"] == "sell"]
    assert sells == [1, 2, 3]                   # one merchant per unit
    play(s, {"type": "trade", "good": "whisky", "side": "sell", "n": 1})
    assert price(s, "whisky") == 9 and p.money == 35
    s.turn = {}
    legal = actions.legal(s)
    assert not any(m["type"] == "trade" and m["good"] == "whisky" and m["side"] == "buy" for m in legal)
    assert {"type": "trade", "good": "whisky", "side": "sell", "n": 2} in legal
    p.pool = 0
    assert "trade" not in types(s)


def test_stewart_gains_a_pound_per_trade_before_paying(b4):
    s = make(clan="stewart", money=19)
    put(s, b4, 0, "sheep", "f3")
    set_price(s, "whisky", 10)
    play(s, {"type": "trade", "good": "whisky", "side": "buy", "n": 2})
    assert s.players[0].money == 0


# -- expand: reach, terrain, cost --------------------------------------------------------------------
def test_shipping_levels_neighbours_river_lochs_never_land(b4):
    """Rulebook, "Frota Mercante": neighbours only; river crossing adds the land across a
    river; loch-1 one loch; loch-2 two; never jumping land."""
    s = make()
    put(s, b4, 0, "sheep", "c2")
    p = s.players[0]
    names = lambda: sorted(b4.spaces[x].label.split(":")[1] for x in placements(s, 0, "sheep"))
    assert names() == ["b1", "c1"]
    p.shipping = 1
    assert names() == ["b1", "b2", "c1", "c3"]
    p.shipping = 2
    assert names() == ["b1", "b2", "c1", "c3", "d3", "e3"]
    p.shipping = 3
    assert names() == ["b1", "b2", "c1", "c3", "d3", "e3", "f1", "f2"]
    p.shipping = 5
    assert "a3" not in names() and "b3" not in names()   # beyond land: never


def test_terrain_and_units_left(b4):
    s = make()
    put(s, b4, 0, "sheep", "b3")   # b3 is mountain; its neighbours a3 (forest), a4, b2, c3, b4
    miners = sorted(b4.spaces[x].label.split(":")[1] for x in placements(s, 0, "miner"))
    assert miners == ["b4"]        # the forest+grass+mountain 6-pound space
    woodcutters = sorted(b4.spaces[x].label.split(":")[1] for x in placements(s, 0, "woodcutter"))
    assert woodcutters == ["a3", "b4"]
    s.players[0].deployed["miner"] = 4
    assert {"type": "expand", "unit": "miner"} not in actions.legal(s)


def test_expand_cost_is_unit_plus_land_and_must_be_affordable(b4):
    s = make(money=13)
    put(s, b4, 0, "sheep", "f3")   # neighbours e3 (4), f2 (1), f4 (1), g3 (1)
    assert placements(s, 0, "dairy") == [at(b4, "f2"), at(b4, "g3"), at(b4, "f4")]   # not e3
    assert {"type": "expand", "unit": "field"} not in actions.legal(s)   # 18 + 1 > 13
    play(s, {"type": "expand", "unit": "dairy"})
    assert types(s) == {"place"}
    play(s, {"type": "place", "space": at(b4, "f2")})
    assert s.players[0].money == 0 and s.units[at(b4, "f2")] == (0, "dairy")


def test_campbell_factory_discounts(b4):
    """Appendix: three bakeries cost 5, 4, 4 and a distillery 7."""
    s = make(clan="campbell")
    put(s, b4, 0, "sheep", "f3")
    p = s.players[0]
    paid = []
    for unit, label in (("bakery", "f2"), ("bakery", "g3"), ("bakery", "f4"), ("distillery", "g2")):
        before = p.money
        s.turn = {}
        play(s, {"type": "expand", "unit": unit})
        play(s, {"type": "place", "space": at(b4, label)})
        paid.append(before - p.money - b4.spaces[at(b4, label)].cost)
    assert paid == [5, 4, 4, 7]


@pytest.mark.parametrize("n,cost", [(4, 6), (3, 6), (2, 7)])
def test_robertson_delta_discount(monkeypatch, n, cost):
    """Appendix: a bakery (8) on a 1-pound delta space costs 8 + 1 - 3 = 6 with 4 players
    (2 off with 1-2 players)."""
    b = use_map(monkeypatch, n)
    s = make(n=n, clan="robertson", money=cost)
    put(s, b, 0, "sheep", "b2")        # c3 (delta, 1 pound) neighbours b2
    assert placements(s, 0, "bakery") == [at(b, "c3")]
    play(s, {"type": "expand", "unit": "bakery"})
    play(s, {"type": "place", "space": at(b, "c3")})
    assert s.players[0].money == 0


# -- neighbourhood bonus ------------------------------------------------------------------------------
def neighbour_offers(s):
    out = {}
    for m in actions.legal(s):
        if m["type"] == "neighbour":
            out.setdefault(m["good"], []).append(m["n"])
    return out


def test_neighbourhood_bonus_distillery_and_dairy(b4):
    """Rulebook: next to a rival distillery with whisky at 10, buy up to 3 whisky at 7 each
    (merchants needed); a rival cheese dairy next to the space offers cheese too."""
    s = make(money=100)
    put(s, b4, 0, "sheep", "f3")
    put(s, b4, 1, "distillery", "d3")
    put(s, b4, 2, "dairy", "f2")
    set_price(s, "whisky", 10)
    p = s.players[0]
    p.pool = 5
    play(s, {"type": "expand", "unit": "bakery"})
    play(s, {"type": "place", "space": at(b4, "e3")})
    assert p.money == 100 - 8 - 4
    assert neighbour_offers(s) == {"cheese": [1, 2, 3], "whisky": [1, 2, 3]}
    assert {"type": "done"} in actions.legal(s)
    play(s, {"type": "neighbour", "good": "whisky", "n": 3})
    assert p.money == 88 - 21 and p.goods[GOOD_INDEX["whisky"]] == 3
    assert price(s, "whisky") == 13                           # moved after buying, as a trade
    assert p.pool == 2 and p.market[GOOD_INDEX["whisky"]] == 3
    assert neighbour_offers(s) == {"cheese": [1, 2]}         # two merchants left
    play(s, {"type": "done"})
    assert s.turn["over"]


def test_neighbourhood_bonus_four_with_two_players(monkeypatch):
    b = use_map(monkeypatch, 2)
    s = make(n=2)
    put(s, b, 0, "sheep", "f3")
    put(s, b, 1, "distillery", "d3")
    s.players[0].pool = 7
    play(s, {"type": "expand", "unit": "bakery"})
    play(s, {"type": "place", "space": at(b, "e3")})
    assert neighbour_offers(s) == {"whisky": [1, 2, 3, 4]}


def test_neighbourhood_not_across_river_nor_from_workers(b4):
    s = make()
    put(s, b4, 0, "miner", "b3")
    put(s, b4, 1, "field", "c2")        # across the river from c3
    put(s, b4, 2, "woodcutter", "d3")   # a worker makes nothing
    put(s, b4, 3, "bakery", "b2")       # a true neighbour of c3
    s.players[0].pool = 1
    play(s, {"type": "expand", "unit": "sheep"})
    play(s, {"type": "place", "space": at(b4, "c3")})
    assert neighbour_offers(s) == {"bread": [1]}               # one merchant, one unit


def test_neighbourhood_closes_when_nothing_can_be_bought(b4):
    s = make()
    put(s, b4, 0, "miner", "b3")
    put(s, b4, 3, "bakery", "b2")
    s.players[0].market[GOOD_INDEX["bread"]] = -1   # sold bread this round: no buying it
    s.players[0].pool -= 1
    play(s, {"type": "expand", "unit": "sheep"})
    play(s, {"type": "place", "space": at(b4, "c3")})
    assert not s.pending and s.turn["over"]


def test_stewart_pound_per_good_type_in_neighbourhood(b4):
    """Appendix: Stewart buying milk and whisky through the bonus gains 2 pounds."""
    s = make(clan="stewart")
    put(s, b4, 0, "sheep", "f3")
    put(s, b4, 1, "distillery", "d3")
    put(s, b4, 2, "cow", "f2")
    set_price(s, "whisky", 10)
    set_price(s, "milk", 5)
    p = s.players[0]
    p.pool = 6
    play(s, {"type": "expand", "unit": "bakery"})
    play(s, {"type": "place", "space": at(b4, "e3")})
    before = p.money
    play(s, {"type": "neighbour", "good": "milk", "n": 3})
    play(s, {"type": "neighbour", "good": "whisky", "n": 3})
    assert before - p.money == 3 * 3 + 3 * 7 - 2


# -- building bonus -------------------------------------------------------------------------------------
def fourth_distillery(s, b):
    put(s, b, 0, "sheep", "f3")
    for label in ("a1", "b1", "c1"):
        put(s, b, 0, "distillery", label)
    play(s, {"type": "expand", "unit": "distillery"})
    play(s, {"type": "place", "space": at(b, "g3")})


def test_building_bonus_draws_three_keeps_one_paying_round_cost(b4):
    s = make(rnd=3, deck=[41, 42, 43, 44])
    p = s.players[0]
    fourth_distillery(s, b4)
    assert s.pending[-1] == {"kind": "keep", "drawn": [44, 43, 42], "max": 1}
    keeps = [m["contracts"] for m in actions.legal(s)]
    assert keeps == [[], [42], [43], [44]]
    before = p.money
    play(s, {"type": "keep_contracts", "contracts": [43]})
    assert p.contracts == [43] and before - p.money == 5
    assert s.deck == [44, 42, 41]             # the rest under the pile
    assert s.turn["over"]


def test_building_bonus_needs_an_empty_box(b4):
    s = make(rnd=3, deck=[41, 42, 43, 44])
    s.players[0].contracts = [1]
    fourth_distillery(s, b4)
    assert not s.pending and s.deck == [41, 42, 43, 44]


def test_buchanan_building_bonus_six_keep_two_paying_once(b4):
    s = make(clan="buchanan", rnd=5, deck=list(range(1, 11)))
    p = s.players[0]
    fourth_distillery(s, b4)
    keeps = [m["contracts"] for m in actions.legal(s)]
    assert len(keeps) == 1 + 6 + 15
    before = p.money
    play(s, {"type": "keep_contracts", "contracts": [6, 9]})
    assert sorted(p.contracts) == [6, 9] and before - p.money == 15


# -- contracts -------------------------------------------------------------------------------------------
def test_take_contract_round_costs_and_one_box(b4):
    s = make(rnd=1, slots=[3, 7, None, 12], money=0)
    put(s, b4, 0, "sheep", "f3")
    takes = [m["contract"] for m in actions.legal(s) if m["type"] == "take_contract"]
    assert takes == [3, 7, 12]
    play(s, {"type": "take_contract", "contract": 7})
    assert s.players[0].money == 5 and s.slots == [3, None, None, 12]
    s.turn = {}
    assert "take_contract" not in types(s)      # one open contract at a time
    s2 = make(rnd=3, slots=[3], money=4)
    put(s2, b4, 0, "sheep", "f3")
    assert "take_contract" not in types(s2)    # 5 pounds needed in round 3


def test_buchanan_takes_two_paying_once(b4):
    """Appendix: two contracts taken in one turn of round 5 cost 15, not 30."""
    s = make(clan="buchanan", rnd=5, slots=[3, 7, 12], money=15)
    put(s, b4, 0, "sheep", "f3")
    play(s, {"type": "take_contract", "contract": 3})
    assert s.players[0].money == 0
    assert actions.legal(s) == [{"type": "take_contract", "contract": 7},
                                {"type": "take_contract", "contract": 12}, {"type": "done"}]
    play(s, {"type": "take_contract", "contract": 12})
    assert s.players[0].contracts == [3, 12] and s.players[0].money == 0 and s.turn["over"]


def test_contract_50_fulfilment(b4):
    """Contract 50 (the rulebook's example): bread + cheese + whisky -> 3 tobacco, 2 bonus
    upgrades and 10 pounds; the tobacco track passing a marked step pays 1 pound."""
    s = make(money=20)
    put(s, b4, 0, "sheep", "f3")
    p = s.players[0]
    p.contracts = [50]
    for g in ("bread", "cheese", "whisky"):
        p.goods[GOOD_INDEX[g]] = 1
    s.imports = [0, 3, 0]
    play(s, {"type": "fulfil", "contract": 50, "slaughter": []})
    assert p.goods == [0] * 6 and p.fulfilled == [50] and p.contracts == []
    assert s.imports == [0, 6, 0] and p.money == 20 + 10 + 1
    legal = actions.legal(s)
    assert {"type": "bonus_upgrade", "kind": "shipping"} in legal
    assert {"type": "bonus_upgrade", "kind": "hire"} in legal
    assert {"type": "bonus_upgrade", "kind": "technology", "worker": "miner"} in legal
    play(s, {"type": "bonus_upgrade", "kind": "technology", "worker": "miner"})
    play(s, {"type": "bonus_upgrade", "kind": "technology", "worker": "woodcutter"})
    assert p.tech == [True, True] and p.money == 31 - 10
    assert not s.pending and s.turn["over"]


def test_fulfil_needs_goods_and_slaughters_named_cows(b4):
    s = make()
    put(s, b4, 0, "cow", "f3")
    put(s, b4, 0, "cow", "g3")
    p = s.players[0]
    p.contracts = [16]          # 1 wool + 1 beef -> 2 cotton
    assert "fulfil" not in types(s)
    p.goods[GOOD_INDEX["wool"]] = 1
    fulfils = [m for m in actions.legal(s) if m["type"] == "fulfil"]
    assert fulfils == [{"type": "fulfil", "contract": 16, "slaughter": [at(b4, "f3")]},
                       {"type": "fulfil", "contract": 16, "slaughter": [at(b4, "g3")]}]
    play(s, fulfils[1])
    assert at(b4, "g3") not in s.units and p.deployed["cow"] == 1 and s.imports[0] == 2


def test_free_land_pays_the_unit_only(b4):
    s = make(money=0)
    put(s, b4, 0, "sheep", "f3")
    p = s.players[0]
    p.contracts = [7]           # 2 bread -> 2 cotton, 10 pounds, free land
    p.goods[GOOD_INDEX["bread"]] = 2
    play(s, {"type": "fulfil", "contract": 7, "slaughter": []})
    assert p.money == 10
    expands = [m["unit"] for m in actions.legal(s) if m["type"] == "expand"]
    assert expands == ["sheep", "cow", "bakery", "distillery"]   # 10 pounds: no dairy, no field
    play(s, {"type": "expand", "unit": "distillery"})
    play(s, {"type": "place", "space": at(b4, "e3")})   # a 4-pound space: land is free
    assert p.money == 0 and s.turn["over"]


def test_bonus_upgrade_recall_a_merchant(b4):
    s = make()
    put(s, b4, 0, "sheep", "f3")
    p = s.players[0]
    p.pool, p.market[GOOD_INDEX["wool"]] = 1, -1
    p.contracts = [6]           # 3 wool -> sugar cane, 3 hops, 1 bonus upgrade
    p.goods[GOOD_INDEX["wool"]] = 3
    play(s, {"type": "fulfil", "contract": 6, "slaughter": []})
    play(s, {"type": "bonus_upgrade", "kind": "recall", "good": "wool"})
    assert p.pool == 2 and p.market == [0] * 6


def test_buchanan_fulfils_two_in_one_action(b4):
    s = make(clan="buchanan")
    put(s, b4, 0, "sheep", "f3")
    p = s.players[0]
    p.contracts = [35, 48]      # 3 wool + whisky ; wool + bread + cheese
    p.goods = [4, 0, 0, 1, 1, 1]
    play(s, {"type": "fulfil", "contract": 35, "slaughter": []})
    assert {"type": "fulfil", "contract": 48, "slaughter": []} in actions.legal(s)
    play(s, {"type": "fulfil", "contract": 48, "slaughter": []})
    assert p.fulfilled == [35, 48] and s.turn["over"]


def test_upgrades_cost_and_macdonald_has_no_technology(b4):
    s = make(money=10)
    put(s, b4, 0, "sheep", "f3")
    legal = actions.legal(s)
    assert {"type": "shipping"} in legal and {"type": "hire"} in legal
    assert {"type": "technology", "worker": "woodcutter"} in legal
    play(s, {"type": "technology", "worker": "woodcutter"})
    assert s.players[0].money == 0 and s.players[0].tech == [True, False]
    m = make(clan="macdonald", money=50)
    put(m, b4, 0, "sheep", "f3")
    assert "technology" not in types(m)


# -- ports --------------------------------------------------------------------------------------------------
def port_state(b, tile, **kw):
    s = make(ports=[tile], **kw)
    put(s, b, 0, "sheep", "f4")      # next to the 3-4 player port spot e4
    return s


def port_moves(s):
    return [m for m in actions.legal(s) if m["type"] == "port"]


def test_port_needs_reach_and_is_once_per_game(b4):
    s = make(ports=[5])
    put(s, b4, 0, "sheep", "a1")
    assert port_moves(s) == []
    s = port_state(b4, 5)
    play(s, {"type": "port", "port": 5})
    assert s.players[0].money == 110 and s.players[0].ports_used == [5]
    assert port_moves(s) == [] and "trade" in types(s)   # still before the main action


def test_port_reached_by_shipping(monkeypatch):
    """Rulebook's port example: a unit next to the port spot uses it at once; another needs
    the shipping to cross the lochs."""
    b = use_map(monkeypatch, 2)          # the 1-2 player port spot is d4, across the loch c4
    s = make(n=2, ports=[5])
    put(s, b, 0, "sheep", "b4")
    assert port_moves(s) == []
    s.players[0].shipping = 2            # loch-1
    assert port_moves(s) == [{"type": "port", "port": 5}]


def test_end_turn_offered_while_a_port_is_left(b4):
    s = port_state(b4, 5)
    play(s, {"type": "shipping"})
    assert actions.legal(s) == [{"type": "port", "port": 5}, {"type": "end_turn"}]
    play(s, {"type": "end_turn"})
    assert s.turn["over"]
    s = port_state(b4, 5)
    play(s, {"type": "port", "port": 5})
    play(s, {"type": "shipping"})
    assert s.turn["over"]


def test_port_1_one_animal_fewer(b4):
    s = port_state(b4, 1)
    put(s, b4, 0, "cow", "g3")
    p = s.players[0]
    p.contracts = [3]           # 2 beef -> 2 sugar cane, 1 hops, 10 pounds
    assert "fulfil" not in types(s)
    play(s, {"type": "port", "port": 1})
    assert actions.legal(s) == [{"type": "fulfil", "contract": 3, "slaughter": [at(b4, "g3")]}]
    play(s, {"type": "fulfil", "contract": 3, "slaughter": [at(b4, "g3")]})
    assert p.fulfilled == [3] and p.money == 110 and s.turn["over"]


def test_port_2_and_3_exchanges(b4):
    s = port_state(b4, 2)
    p = s.players[0]
    p.goods[GOOD_INDEX["wool"]] = 1
    assert port_moves(s) == [{"type": "port", "port": 2, "give": "wool"}]
    play(s, {"type": "port", "port": 2, "give": "wool"})
    for g in ("milk", "milk", "grain"):
        assert actions.legal(s) == [{"type": "gain", "good": x} for x in ("wool", "milk", "grain")]
        play(s, {"type": "gain", "good": g})
    assert p.goods[:3] == [0, 2, 1] and not s.pending
    s = port_state(b4, 3)
    p = s.players[0]
    assert port_moves(s) == []
    p.goods[GOOD_INDEX["bread"]] = 1
    play(s, {"type": "port", "port": 3, "give": "bread"})
    play(s, {"type": "gain", "good": "whisky"})
    play(s, {"type": "gain", "good": "cheese"})
    assert p.goods[3:] == [0, 1, 1]


def test_port_4_glory_and_an_upgrade(b4):
    s = port_state(b4, 4)
    play(s, {"type": "port", "port": 4})
    assert s.players[0].glory == 3
    play(s, {"type": "bonus_upgrade", "kind": "shipping"})
    assert s.players[0].shipping == 1 and not s.pending


def test_port_6_moves_a_price_then_that_good_is_traded(b4):
    s = port_state(b4, 6)
    set_price(s, "whisky", 10)
    p = s.players[0]
    play(s, {"type": "port", "port": 6, "good": "whisky", "steps": 3})
    assert price(s, "whisky") == 13
    legal = actions.legal(s)
    assert legal and all(m["type"] == "trade" and m["good"] == "whisky" for m in legal)
    play(s, {"type": "trade", "good": "whisky", "side": "buy", "n": 1})
    assert p.money == 87 and s.turn["over"]


def test_port_6_only_before_the_main_action_and_when_a_trade_follows(b4):
    s = port_state(b4, 6)
    p = s.players[0]
    p.pool = 0
    assert port_moves(s) == []
    p.pool = 2
    p.money = 0          # nothing to buy with, nothing to sell
    assert port_moves(s) == []
    p.goods[GOOD_INDEX["wool"]] = 1
    assert port_moves(s) == [{"type": "port", "port": 6, "good": "wool", "steps": 3},
                             {"type": "port", "port": 6, "good": "wool", "steps": -3}]
    p.money = 10
    play(s, {"type": "hire"})
    assert s.turn["over"]          # port 6 is no use after the main action


def test_port_7_swaps_two_units(b4):
    s = port_state(b4, 7)
    put(s, b4, 0, "miner", "b4")      # the 6-pound space shows all three land types
    put(s, b4, 0, "field", "f3")
    play(s, {"type": "port", "port": 7})
    assert [m["space"] for m in actions.legal(s)] == [at(b4, "b4"), at(b4, "f4")]   # not the field
    play(s, {"type": "swap", "space": at(b4, "f4")})
    assert [m["unit"] for m in actions.legal(s)] == ["cow", "dairy", "bakery", "distillery"]
    play(s, {"type": "swap", "unit": "cow"})
    assert s.units[at(b4, "f4")] == (0, "cow")
    assert actions.legal(s) == [{"type": "swap", "space": at(b4, "b4")}, {"type": "done"}]
    play(s, {"type": "swap", "space": at(b4, "b4")})
    # new units differ from both old ones (sheep, miner); a second cow is fine
    assert [m["unit"] for m in actions.legal(s)] == ["cow", "dairy", "bakery", "distillery", "woodcutter"]
    play(s, {"type": "swap", "unit": "woodcutter"})
    p = s.players[0]
    assert p.deployed["miner"] == 0 and p.deployed["sheep"] == 0 and p.deployed["woodcutter"] == 1
    assert not s.pending and not s.turn.get("main")


def test_port_7_no_neighbourhood_bonus_but_building_bonus(b4):
    s = port_state(b4, 7, deck=[1, 2, 3])
    for label in ("a1", "b1", "c1"):
        put(s, b4, 0, "bakery", label)
    put(s, b4, 1, "distillery", "f3")   # a rival next to f4: no purchase during the swap
    play(s, {"type": "port", "port": 7})
    play(s, {"type": "swap", "space": at(b4, "f4")})
    play(s, {"type": "swap", "unit": "bakery"})
    assert s.pending[-1]["kind"] == "keep"
    play(s, {"type": "keep_contracts", "contracts": [2]})
    assert s.players[0].contracts == [2] and s.players[0].money == 105


def test_port_8_money_and_contracts(b4):
    s = port_state(b4, 8, deck=[1, 2, 3, 4], rnd=2)
    play(s, {"type": "port", "port": 8})
    assert s.players[0].money == 105
    assert [m["contracts"] for m in actions.legal(s)] == [[], [2], [3], [4]]
    play(s, {"type": "keep_contracts", "contracts": []})
    assert s.deck == [4, 3, 2, 1]
    s = port_state(b4, 8, deck=[1, 2, 3, 4])
    s.players[0].contracts = [9]
    play(s, {"type": "port", "port": 8})
    assert not s.pending and s.deck == [1, 2, 3, 4]


def test_port_9_uses_another_port_even_a_used_one():
    s = make(ports=[9, 5, 2, 8])
    s.sides = "1111"
    b = build_board("1111", 4)
    sid = b.neighbours(b.ports[0])[1]           # land next to the first port spot
    economy.place_unit(s, 0, "sheep", sid)
    p = s.players[0]
    assert port_moves(s) == [{"type": "port", "port": 9}]
    play(s, {"type": "port", "port": 9})
    assert p.money == 97
    assert actions.legal(s) == [{"type": "port", "port": 5}, {"type": "port", "port": 8}]
    play(s, {"type": "port", "port": 5})
    assert p.money == 107 and p.ports_used == [9]
    p.money = 2
    s2 = make(ports=[9, 5])
    s2.sides = "1111"
    economy.place_unit(s2, 0, "sheep", sid)
    s2.players[0].money = 2
    assert port_moves(s2) == []


# -- clans ----------------------------------------------------------------------------------------------------
def test_macdonald_fishermen(b4):
    s = make(clan="macdonald")
    put(s, b4, 0, "sheep", "c3")
    p = s.players[0]
    assert placements(s, 0, "fisherman") == [at(b4, "d2"), at(b4, "c4")]
    play(s, {"type": "expand", "unit": "fisherman"})
    play(s, {"type": "place", "space": at(b4, "d2")})
    assert p.money == 94                      # 6, no land cost on a loch
    # never next to another fisherman: d1, e2 touch d2; c4 does not
    assert placements(s, 0, "fisherman") == [at(b4, "c4")]
    # land next to a fisherman counts as neighbouring, without shipping
    sheep = placements(s, 0, "sheep")
    assert at(b4, "e3") in sheep and at(b4, "c2") in sheep
    assert "technology" not in types(s)


def test_macdonald_rows_once_before_the_main_action(b4):
    s = make(clan="macdonald")
    put(s, b4, 0, "sheep", "c3")
    put(s, b4, 0, "fisherman", "d2")
    put(s, b4, 1, "distillery", "e3")
    rows = [m for m in actions.legal(s) if m["type"] == "row"]
    assert rows == [{"type": "row", "from": at(b4, "d2"), "to": at(b4, "d1")},
                    {"type": "row", "from": at(b4, "d2"), "to": at(b4, "e2")}]
    play(s, rows[1])
    assert s.units[at(b4, "e2")] == (0, "fisherman") and not s.pending   # no neighbourhood bonus
    assert "row" not in types(s)
    s.turn = {}
    play(s, {"type": "hire"})
    assert "row" not in types(s)


def test_macdonald_neighbourhood_bonus_when_placing_a_fisherman(b4):
    s = make(clan="macdonald")
    put(s, b4, 0, "sheep", "c3")
    put(s, b4, 1, "distillery", "b4")
    play(s, {"type": "expand", "unit": "fisherman"})
    play(s, {"type": "place", "space": at(b4, "c4")})
    assert neighbour_offers(s) == {"whisky": [1, 2]}


def test_macewen_brews_grain_after_hops(b4):
    s = make(clan="macewen")
    put(s, b4, 0, "sheep", "f3")
    p = s.players[0]
    p.contracts = [9]           # 2 cheese -> 1 sugar cane, 5 hops, 8 pounds
    p.goods[GOOD_INDEX["cheese"]] = 2
    p.goods[GOOD_INDEX["grain"]] = 4
    play(s, {"type": "fulfil", "contract": 9, "slaughter": []})
    assert actions.legal(s) == [{"type": "brew", "grain": k} for k in (1, 2, 3)] + [{"type": "done"}]
    play(s, {"type": "brew", "grain": 3})
    assert p.goods[GOOD_INDEX["grain"]] == 1 and p.money == 100 + 8 + 27
    assert s.turn["over"]


def test_mackenzie_uncasks_at_any_time(b4):
    s = make(clan="mackenzie")
    put(s, b4, 0, "sheep", "f3")
    p = s.players[0]
    p.cellar = [1, 1, 1]
    for spot, pounds in ((2, 15), (1, 7), (0, 0)):
        before = p.money
        play(s, {"type": "uncask", "spot": spot})
        assert p.money - before == pounds
    assert p.cellar == [0, 0, 0] and p.goods[GOOD_INDEX["whisky"]] == 3
    assert not s.turn.get("main")


def test_legal_never_offers_pass_and_is_exact(b4):
    s = make(money=0)
    put(s, b4, 0, "sheep", "f3")
    s.players[0].pool = 0
    assert actions.legal(s) == []        # only passing is left: the flow adds it
    s.players[0].money = 4
    assert actions.legal(s) == [{"type": "shipping"}, {"type": "hire"}]


def test_every_legal_move_applies_on_random_positions(b4):
    """Play random turns on the test map, applying every listed move to a copy: no move
    listed may fail or leave the turn without a move."""
    from cairn.core.rng import Rng
    from cairn.caledonia.data import CONTRACTS
    rng = Rng(3)
    for game in range(6):
        s = make(ports=[[1, 2, 3, 4, 5, 6, 7, 8][game], ], deck=sorted(CONTRACTS), slots=[None] * 4)
        s.slots = [s.deck.pop() for _ in range(4)]
        clans = ["buchanan", "macdonald", "mackenzie", "stewart", "macewen", "campbell"]
        for seat, label in enumerate(("a1", "h1", "e3", "b4")):
            s.players[seat].clan = clans[(game + seat) % 6]
            s.players[seat].goods = [2] * 6
            put(s, b4, seat, "sheep" if label != "h1" else "miner", label)
        for p in s.players:
            if p.clan == "mackenzie":
                p.cellar = [1, 1, 1]
        for _ in range(150):
            if s.turn.get("over"):
                s.turn, s.cur = {}, (s.cur + 1) % 4
                continue
            legal = actions.legal(s)
            if not legal:
                assert not s.pending and not s.turn.get("main")
                s.turn, s.cur = {}, (s.cur + 1) % 4
                continue
            for m in legal:
                c = s.copy()
                actions.apply(c, m)
                assert c.turn.get("over") or actions.legal(c) or not (c.pending or c.turn.get("main"))
            actions.apply(s, legal[rng.below(len(legal))])
            for p in s.players:
                assert p.money >= 0 and min(p.goods) >= 0 and p.pool >= 0


def test_macdonald_rows_onto_a_port_tile(monkeypatch):
    """Appendix: fishermen may be placed on or moved to empty lochs and port tiles."""
    b = use_map(monkeypatch, 4)
    s = make(clan="macdonald")
    put(s, b, 0, "miner", "b3")
    put(s, b, 0, "fisherman", "c4")
    assert [m for m in actions.legal(s) if m["type"] == "row"] == []   # d4: the 1-2 player spot
    b = use_map(monkeypatch, 2)
    s = make(n=2, clan="macdonald")
    put(s, b, 0, "miner", "b3")
    put(s, b, 0, "fisherman", "c4")
    rows = [m for m in actions.legal(s) if m["type"] == "row"]
    assert rows == [{"type": "row", "from": at(b, "c4"), "to": at(b, "d4")}]
    play(s, rows[0])
    assert s.units[at(b, "d4")] == (0, "fisherman")


def test_random_games_heavy_on_contracts_and_ports():
    """Whole games through ``cairn.new_game`` (2-4 players, and one against the solo
    opponent) with a random player that favours contracts and ports; every legal move of the
    action phase is applied to a copy, and after each one the turn can go on (legal moves,
    the turn over, or passing left)."""
    from cairn import new_game
    from cairn.core.rng import Rng
    weights = {"pass": 1, "fulfil": 400, "take_contract": 60, "port": 80, "trade": 3,
               "expand": 8, "place": 8}
    seen = set()
    for seed, players in enumerate((2, 3, 4, ["human", {"kind": "automa", "level": "3"}], 4, 2)):
        game = new_game("caledonia", players=players, seed=seed)
        rules, s = game.rules, game.state
        rng = Rng(seed)
        while rules.current_player(s) is not None:
            legal = rules.legal_moves(s)
            assert legal
            if s.phase == ACTIONS and legal != [{"type": "automa"}]:
                for m in legal:
                    if m["type"] != "pass":
                        c = s.copy()
                        actions.apply(c, m)
                        assert c.turn.get("over") or actions.legal(c) or not (c.pending or c.turn.get("main"))
            ws = [weights.get(m["type"], 2) for m in legal]
            x = rng.below(sum(ws))
            i = 0
            while x >= ws[i]:
                x -= ws[i]
                i += 1
            seen.add(legal[i]["type"])
            rules.apply(s, legal[i])
            for p in s.players:
                assert p.money >= 0 and min(p.goods) >= 0 and p.pool >= 0 and p.track >= 0
    assert {"fulfil", "take_contract", "port", "place", "neighbour"} <= seen


def test_copies_do_not_share_turn_or_pending_state(b4):
    """A copy taken mid-turn (as search bots do) evolves on its own."""
    s = make()
    put(s, b4, 0, "sheep", "f3")
    put(s, b4, 1, "distillery", "d3")
    put(s, b4, 2, "dairy", "f2")
    s.players[0].pool = 7
    play(s, {"type": "expand", "unit": "bakery"})
    play(s, {"type": "place", "space": at(b4, "e3")})
    play(s, {"type": "neighbour", "good": "cheese", "n": 1})
    before = (s.to_json(), actions.legal(s))
    c = s.copy()
    actions.apply(c, {"type": "neighbour", "good": "whisky", "n": 2})
    assert (s.to_json(), actions.legal(s)) == before
    assert c.turn["nb"] == {"cheese": 1, "whisky": 2} and s.turn["nb"] == {"cheese": 1}
