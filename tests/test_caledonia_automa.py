"""Clans of Caledonia: the official solo opponent (Automa) plays by its card rules.

Hand-built tables (a CaledoniaState with units placed through economy.place_unit) check each
action's rule against an independent recount; full games check that it lasts a whole game
beside humans at every difficulty."""
from __future__ import annotations

from collections import Counter

import pytest

from cairn.caledonia import automa
from cairn.core.i18n import render
from cairn.caledonia import automa_expand as ax
from cairn.caledonia import economy as eco
from cairn.caledonia.board import connected_settlements, port_in_reach, reach
from cairn.caledonia.data import (AUTOMA_CYCLE, AUTOMA_DECK, CONTRACTS, GOOD_INDEX, GOODS,
                                  TABLES)
from cairn.caledonia.expand import reach_of
from cairn.caledonia.hexgeom import distance
from cairn.caledonia.state import CaledoniaState

SIDES = "1111"
HUMAN, BOT = 0, 1


def said(line):
    """A journal line (a message) as the English text players read, the bot named Automa."""
    return render(line, ["Human", "Automa"], lang="en")


def table(n=2, seed=7, difficulty=3, ports=(5, 1, 2, 3)):
    """A bare table: seat 0 human, seat 1 the solo opponent (no starting workers yet)."""
    s = CaledoniaState(n, seed, {})
    s.sides = SIDES
    s.slots = [None] * TABLES["contract_slots"][str(n)]
    s.ports = list(ports)
    automa.setup(s, BOT, difficulty)
    return s


def board(s):
    return eco.board_of(s)


def land(s, module=None, terrain=None):
    b = board(s)
    return [sp.id for sp in b.spaces if sp.kind == "land" and sp.active
            and (module is None or sp.module == module)
            and (terrain is None or terrain in sp.terrains)]


def force(s, card, support=None):
    """Put ``card`` (and then ``support``) on top of the draw pile."""
    a = s.automa
    for c in (support, card):
        if c is None:
            continue
        if c in a.draw:
            a.draw.remove(c)
        a.draw.append(c)


def bot(s):
    return s.players[BOT]


# -- deck ----------------------------------------------------------------------------------------
def test_deck_composition():
    assert sorted(AUTOMA_DECK) == list(range(1, 23))
    by_round = Counter(c.round for c in AUTOMA_DECK.values())
    assert by_round == {1: 14, 2: 2, 3: 2, 4: 2, 5: 2}
    assert {c.id for c in AUTOMA_DECK.values() if c.removed} == {10, 11, 12, 13}
    assert all(c.actions == ("S",) for c in AUTOMA_DECK.values() if c.removed)
    assert AUTOMA_DECK[18].actions == ("S",) and not AUTOMA_DECK[18].removed
    for c in AUTOMA_DECK.values():
        assert sorted(c.criteria) == sorted(["P", "$", "St", "N"])
        assert c.upgrade in ("M", "Sh") and 1 <= c.step <= 7
        assert c.modules and set(c.modules) <= set("ABCD")


def test_setup_money_shipping_and_round_one_pile():
    for d in range(1, 6):
        s = table(difficulty=d)
        p = bot(s)
        assert p.automa and p.clan is None
        assert p.money == TABLES["automa"]["money"][d - 1] == 40 + 10 * d
        assert p.shipping == 2
        assert s.automa.difficulty == d
        assert sorted(s.automa.draw) == list(range(1, 15))
        assert s.automa.discard == [] and s.automa.removed == []


def test_prepare_round_pays_and_reshuffles_cards_up_to_the_round_minus_removed():
    s = table()
    s.automa.removed = [10, 12]
    s.automa.discard = [1, 2]
    s.automa.draw = [3]
    money = bot(s).money
    s.round = 3
    automa.prepare_round(s)
    assert bot(s).money == money + 10
    assert sorted(s.automa.draw) == [c for c in range(1, 19) if c not in (10, 12)]
    assert s.automa.discard == []
    s.round = 5
    automa.prepare_round(s)
    assert sorted(s.automa.draw) == [c for c in range(1, 23) if c not in (10, 12)]


def test_empty_pile_reshuffles_the_discards():
    s = table()
    s.automa.draw = []
    s.automa.discard = [4, 5, 6]
    before = s.reveals
    c = automa.draw_card(s)
    assert c in (4, 5, 6)
    assert sorted(s.automa.draw + [c]) == [4, 5, 6]
    assert s.automa.discard == []
    assert s.reveals == before + 1


def test_skip_cards_10_to_13_leave_the_game_card_18_stays():
    s = table()
    force(s, 11)
    assert automa.take_turn(s) is False          # a skip is not a pass
    assert s.automa.last["action"] == "skip"
    assert s.automa.removed == [11] and 11 not in s.automa.discard
    s.round = 3
    automa.prepare_round(s)
    assert 11 not in s.automa.draw
    force(s, 18)
    assert automa.take_turn(s) is False
    assert s.automa.removed == [11] and 18 in s.automa.discard


def test_support_card_only_when_expand_or_upgrade_is_reached():
    s = table()
    p = bot(s)
    # card 3 (R F C E): trade is possible, so no support card
    force(s, 3)
    automa.take_turn(s)
    assert s.automa.last["action"] == "trade" and s.automa.support is None
    # card 1 (T E F C): technology impossible, Expand is tried: a support card is drawn
    p.money = 0                 # nothing affordable: Expand, Fulfil, Take all fail
    s.round = 3                 # taking a contract costs 5
    s.slots[0] = 1
    force(s, 1, support=9)
    assert automa.take_turn(s) is True
    assert s.automa.last["action"] == "pass"
    assert s.automa.last["support"] == 9 and s.automa.last["tried"] == ["T", "E", "F", "C"]
    assert {1, 9} <= set(s.automa.discard)


# -- unit pointer --------------------------------------------------------------------------------
def test_pointer_starts_on_worker_plus_a_d6():
    seen = Counter(table(seed=k).automa.pointer for k in range(200))
    assert set(seen) == {0, 1, 2, 3, 4, 5}          # never on worker (6) at first
    assert AUTOMA_CYCLE == ("sheep", "cow", "dairy", "bakery", "field", "distillery", "worker")


def test_unit_order_cycles_from_the_pointer():
    assert ax.unit_order(5) == ["distillery", "worker", "sheep", "cow", "dairy", "bakery", "field"]
    assert ax.unit_order(0)[0] == "sheep" and len(ax.unit_order(3)) == 7


# -- technology ----------------------------------------------------------------------------------
def test_technology_needs_three_unupgraded_workers_of_one_type_and_pays_ten():
    s = table()
    p = bot(s)
    p.money = 30
    forest = land(s, terrain="forest")
    for sid in forest[:2]:
        eco.place_unit(s, BOT, "woodcutter", sid)
    assert automa.act_technology(s) is None
    eco.place_unit(s, BOT, "woodcutter", forest[2])
    done = automa.act_technology(s)
    assert done["worker"] == "woodcutter" and p.tech == [True, False] and p.money == 20
    assert automa.act_technology(s) is None           # already flipped
    p.money = 9
    for sid in land(s, terrain="mountain")[:3]:
        eco.place_unit(s, BOT, "miner", sid)
    assert automa.act_technology(s) is None           # cannot pay
    p.money = 10
    assert automa.act_technology(s)["worker"] == "miner" and p.money == 0


# -- trade ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("pos,side", [(0, "buy"), (2, "buy"), (7, "sell"), (9, "sell")])
def test_trade_side_by_bracket(pos, side):
    for seed in range(5):
        s = table(seed=seed)
        s.prices = [pos] * len(GOODS)
        p = bot(s)
        p.pool, money = 3, p.money
        done = automa.act_trade(s)
        assert done["side"] == side and 1 <= done["n"] <= 3
        i = GOOD_INDEX[done["good"]]
        n = done["n"]
        assert p.money == money + n                    # 1 per merchant, nothing for the goods
        assert p.goods == [0] * len(GOODS)
        assert p.market[i] == (n if side == "buy" else -n) and p.pool == 3 - n
        assert s.prices[i] == max(0, min(9, pos + (n if side == "buy" else -n)))


def test_trade_middle_bracket_goes_either_way_and_never_repeats_a_good():
    sides = set()
    for seed in range(30):
        s = table(seed=seed)
        p = bot(s)
        p.pool = 7
        traded = set()
        for _ in range(len(GOODS)):
            if p.pool == 0:
                break
            s.prices = [4] * len(GOODS)                # every good in the middle bracket
            done = automa.act_trade(s)
            assert done["good"] not in traded
            traded.add(done["good"])
            sides.add(done["side"])
        assert all(p.market[GOOD_INDEX[g]] != 0 for g in traded)
    assert sides == {"buy", "sell"}


def test_trade_impossible_without_merchants_or_untraded_goods():
    s = table()
    p = bot(s)
    p.pool = 0
    assert automa.act_trade(s) is None
    p.pool = 2
    p.market = [1, -1, 1, -1, 1, -1]
    assert automa.act_trade(s) is None
    p.market[3] = 0
    assert automa.act_trade(s)["good"] == "bread"


def test_trade_merchants_capped_by_pool():
    for seed in range(20):
        s = table(seed=seed)
        bot(s).pool = 1
        assert automa.act_trade(s)["n"] == 1


# -- contracts -------------------------------------------------------------------------------------
def test_fulfil_pays_5_per_wool_10_per_other_and_gains_money_bonuses_and_imports():
    s = table()
    p = bot(s)
    assert automa.fulfil_price(50) == 30 and automa.fulfil_price(1) == 20
    assert automa.fulfil_price(16) == 15                      # 1 wool + 1 beef
    p.contracts = [50]                                        # 3 tobacco, 2 bonus upgrades, 10 pounds
    p.money = 29
    assert automa.act_fulfil(s) is None
    p.money = 30
    s.imports = [0, 4, 0]                                     # tobacco 4 -> 7 passes the 5th step
    done = automa.act_fulfil(s)
    assert done["paid"] == 30 and done["gain"] == 10 + 2 * 5 + 1
    assert p.money == 21 and p.contracts == [] and p.fulfilled == [50]
    assert s.imports == [0, 7, 0]
    assert automa.act_fulfil(s) is None                       # no open contract


def test_take_contract_rounds_1_to_3_cheapest_then_money_bonus():
    s = table()
    p = bot(s)
    s.slots[:4] = [1, 16, 14, 5]           # 20, 15 (no bonus), 15 (free land: 5), 20
    money = p.money
    done = automa.act_take_contract(s)
    assert done["contract"] == 14 and p.contracts == [14]
    assert p.money == money + 5 and s.slots[:4] == [1, 16, None, 5]
    assert automa.act_take_contract(s) is None               # box not empty
    s.round = 3
    p.contracts, p.money = [], 4
    assert automa.act_take_contract(s) is None               # cannot pay 5
    p.money = 5
    assert automa.act_take_contract(s)["contract"] == 16 and p.money == 0


def test_take_contract_rounds_4_5_rarest_import_counting_humans_contracts():
    s = table()
    p = bot(s)
    p.money = 100
    s.round = 4
    s.slots[:3] = [1, 4, 2]                # cotton 20, cotton 30, tobacco 30
    s.imports = [1, 0, 0]                  # cotton 1 (scored first), tobacco 0, sugar cane 0
    assert automa.act_take_contract(s)["contract"] == 2
    p.contracts = []
    s.slots[:3] = [1, 4, 2]
    s.players[HUMAN].contracts = [10]      # 4 cotton as if fulfilled
    s.imports = [0, 3, 5]                  # cotton 0 + 4, tobacco 3, sugar cane 5
    assert automa.import_counts(s) == {"cotton": 4, "tobacco": 3, "sugarcane": 5}
    assert automa.act_take_contract(s)["contract"] == 2
    assert p.money == 80                   # 10 per contract in round 4


def test_take_contract_rounds_4_5_equal_import_counts_are_equally_rare():
    """The rule: in rounds 4-5 it takes the contract bringing the import good that is rarest on
    the tracks; two goods with the same count are as rare as each other, so their contracts
    tie and it takes the one that costs most to fulfil (still tied: chosen at random).  No
    good is rarer for coming first in the final scoring."""
    s = table()
    p = bot(s)
    p.money = 100
    s.round = 5
    s.slots[:2] = [1, 12]                  # 4 wool -> 2 cotton (20); 4 whisky -> 4 sugar cane (40)
    s.imports = [4, 6, 4]                  # cotton 4, tobacco 6, sugar cane 4
    assert automa.contract_rarity(1, automa.import_counts(s)) == automa.contract_rarity(12, automa.import_counts(s))
    done = automa.act_take_contract(s)
    assert done["contract"] == 12          # the more expensive of the tied two
    assert done["fulfilled"]["paid"] == 40 and p.fulfilled == [12]
    # equally expensive and equally rare: either, at random (both happen over seeds)
    seen = set()
    for seed in range(30):
        s = table(seed=seed)
        s.round = 4
        bot(s).money = 100
        s.slots[:3] = [1, 4, 2]            # cotton 20, cotton 30, tobacco 30; every track at 0
        seen.add(automa.act_take_contract(s)["contract"])
    assert seen == {4, 2}


def test_take_contract_round_5_only_affordable_and_fulfilled_at_once():
    s = table()
    p = bot(s)
    s.round = 5
    s.slots[:3] = [4, 16, 2]               # 30 cotton, 15 cotton, 30 tobacco
    p.money = 44                           # 15 + 30 = 45 > 44: only contract 16
    done = automa.act_take_contract(s)
    assert done["contract"] == 16 and done["fulfilled"]["paid"] == 15
    assert p.contracts == [] and p.fulfilled == [16]
    assert p.money == 44 - 15 - 15 + 0 and s.imports[0] == 2
    p.money = 10
    assert automa.act_take_contract(s) is None


# -- upgrade -------------------------------------------------------------------------------------
def test_upgrade_by_support_preference_and_the_other_when_maxed():
    s = table()
    p = bot(s)
    p.money = 100
    s.automa.support = 1                   # M
    assert automa.act_upgrade(s)["kind"] == "merchant" and p.pool == 3 and p.track == 4
    s.automa.support = 9                   # Sh
    assert automa.act_upgrade(s)["kind"] == "shipping" and p.shipping == 3
    assert p.money == 92
    p.shipping = 5
    assert automa.act_upgrade(s)["kind"] == "merchant"
    p.track = 0
    assert automa.act_upgrade(s) is None
    p.track, p.money = 1, 3
    assert automa.act_upgrade(s) is None


def test_ports_coming_into_reach_are_claimed_for_ten():
    s = table()
    b = board(s)
    p = bot(s)
    spot = b.ports[0]
    # a land space next to the module A port spot
    near = [t for t in b.neighbours(spot) if b.spaces[t].kind == "land" and b.spaces[t].active]
    assert near
    eco.place_unit(s, BOT, "woodcutter", near[0])
    money = p.money
    got = ax.claim_ports(s)
    assert s.ports[0] in got and s.ports[0] in p.ports_used
    assert p.money == money + 10 * len(got)
    assert ax.claim_ports(s) == []                     # once per port


# -- expand --------------------------------------------------------------------------------------
def _expand_table(module, support, seed=7):
    s = table(seed=seed)
    b = board(s)
    p = bot(s)
    p.money = 200
    start = next(sid for sid in land(s, module, "forest"))
    eco.place_unit(s, BOT, "woodcutter", start)
    s.automa.support = support
    return s, b, p, start


def _independent_candidates(s, modules):
    b = board(s)
    p = bot(s)
    out = []
    for sid in reach(b, eco.own_spaces(s, BOT), p.shipping):
        sp = b.spaces[sid]
        if sp.kind != "land" or sp.module not in modules or sid in s.units:
            continue
        if "grassland" in sp.terrains or "forest" in sp.terrains or "mountain" in sp.terrains:
            out.append(sid)
    return out


def test_expand_min_cost_first_in_the_support_modules_and_pointer_steps():
    s, b, p, start = _expand_table("A", 17)          # $ St P N, modules A D, step 3
    s.automa.pointer = 4                              # 4 + 3 -> sheep first
    cands = _independent_candidates(s, ("A", "D"))
    low = min(b.spaces[c].cost for c in cands)
    money = p.money
    done = ax.act_expand(s)
    assert done["space"] in cands and b.spaces[done["space"]].cost == low
    assert s.automa.pointer == 0
    sp = b.spaces[done["space"]]
    assert done["unit"] == ("sheep" if "grassland" in sp.terrains else done["unit"])
    if "grassland" not in sp.terrains:
        assert done["unit"] in ("woodcutter", "miner")
    assert s.units[done["space"]] == (BOT, done["unit"])
    assert p.money == money - (eco.unit_cost(s, BOT, done["unit"]) + sp.cost) + done["bonus"] + \
        10 * len(done["ports"])


def test_expand_unit_by_pointer_order_skipping_exhausted_units():
    s, b, p, start = _expand_table("A", 17)
    s.automa.pointer = 4                              # -> sheep, cow, dairy, ...
    grass = [c for c in _independent_candidates(s, ("A", "D")) if "grassland" in b.spaces[c].terrains]
    assert grass
    p.deployed["sheep"] = 4                           # no sheep left on its board
    assert ax.unit_for(s, grass[0], 0) == "cow"
    p.deployed["cow"] = 4
    assert ax.unit_for(s, grass[0], 0) == "dairy"
    p.money = 0
    assert ax.unit_for(s, grass[0], 0) is None


def test_expand_impossible_outside_its_modules_or_without_money():
    s, b, p, start = _expand_table("A", 3)            # modules C only: nothing in reach there
    assert _independent_candidates(s, ("C",)) == [] and _independent_candidates(s, ("A",))
    assert ax.act_expand(s) is None
    s.automa.support = 17
    p.money = 0
    assert ax.act_expand(s) is None
    assert len(eco.own_spaces(s, BOT)) == 1


def test_round_5_uses_every_module_and_settlements_first():
    s = table()
    s.round = 5
    assert ax.criteria_order(s, AUTOMA_DECK[1].criteria) == ["St", "P", "$", "N"]
    s.round = 4
    assert ax.criteria_order(s, AUTOMA_DECK[1].criteria) == ["P", "$", "St", "N"]
    s, b, p, start = _expand_table("A", 3)            # modules C, but round 5: all
    s.round = 5
    done = ax.act_expand(s)
    assert done is not None and done["criteria"][0] == "St"


def _cow_next_to_a_candidate(s, b, module):
    cands = _independent_candidates(s, (module,))
    for z in sorted(cands):
        for y in b.neighbours(z):
            sp = b.spaces[y]
            if sp.kind == "land" and sp.active and "grassland" in sp.terrains and y not in s.units:
                eco.place_unit(s, HUMAN, "cow", y)
                return y
    raise AssertionError("no space for the rival cow")


@pytest.mark.parametrize("pos,pool,want", [(1, 2, 2), (1, 5, 4), (4, 5, 2), (8, 5, 0)])
def test_neighbourhood_criterion_and_buying_by_bracket(pos, pool, want):
    s, b, p, start = _expand_table("C", 7)            # N P $ St, module C
    y = _cow_next_to_a_candidate(s, b, "C")
    s.prices[GOOD_INDEX["milk"]] = pos
    p.pool = pool
    money = p.money
    done = ax.act_expand(s)
    if want:
        assert y in b.neighbours(done["space"])
    assert done["bought"] == ([["milk", want]] if want else [])
    assert done["bonus"] == 3 * want
    assert s.prices[GOOD_INDEX["milk"]] == min(9, pos + want)
    assert p.market[GOOD_INDEX["milk"]] == want and p.pool == pool - want
    assert p.goods == [0] * len(GOODS)
    assert p.money == money - done["paid"] + 3 * want + 10 * len(done["ports"])


def test_neighbourhood_never_buys_a_good_it_sold_this_round_nor_more_than_the_table_limit():
    s, b, p, start = _expand_table("C", 7)
    y = _cow_next_to_a_candidate(s, b, "C")
    p.market[GOOD_INDEX["milk"]] = -1
    s.prices[GOOD_INDEX["milk"]] = 0
    p.pool = 5
    assert ax.buy_limit(s, "milk") == 0
    p.market[GOOD_INDEX["milk"]] = 0
    assert ax.buy_limit(s, "milk") == 4               # 2 seats: up to 4
    s.n = 3
    assert ax.buy_limit(s, "milk") == 3               # 3-4 seats: the table's 3 per good
    s.n = 2
    # workers give nothing
    assert ax.neighbour_goods(s, b, y) == [] or all(
        s.units.get(t, (None, ""))[1] != "woodcutter" for t in b.neighbours(y))


def _port_table(module, card):
    """The solo opponent on one space of ``module`` out of the port's reach, where some but not
    all candidate spaces of the support card bring that port into reach."""
    s = table()
    b = board(s)
    p = bot(s)
    p.money = 200
    s.automa.support = card
    spot = b.ports["ABCD".index(module)]
    for x in land(s, module):
        if port_in_reach(b, [x], p.shipping, spot):
            continue
        terr = b.spaces[x].terrains
        unit = "sheep" if "grassland" in terr else ("woodcutter" if "forest" in terr else "miner")
        eco.place_unit(s, BOT, unit, x)
        cands = ax.candidates(s, b, AUTOMA_DECK[card].modules)
        porty = [c for c in cands if port_in_reach(b, [c], p.shipping, spot)]
        if porty and len(porty) < len(cands):
            return s, b, p, porty
        eco.remove_unit(s, x)
    raise AssertionError("no such space")


@pytest.mark.parametrize("module,card", [("A", 1), ("B", 2), ("C", 11), ("D", 12)])
def test_port_criterion_prefers_a_space_that_brings_a_port_into_reach(module, card):
    s, b, p, porty = _port_table(module, card)       # cards with P first, modules = module
    assert AUTOMA_DECK[card].criteria[0] == "P" and AUTOMA_DECK[card].modules == (module,)
    tile = s.ports["ABCD".index(module)]
    money = p.money
    done = ax.act_expand(s)
    assert done["space"] in porty
    assert tile in done["ports"] and tile in p.ports_used
    assert p.money == money - done["paid"] + done["bonus"] + 10 * len(done["ports"])


def test_without_port_tiles_nothing_is_claimed():
    s, b, p, porty = _port_table("A", 1)
    s.ports = []
    assert ax.act_expand(s)["ports"] == [] and p.ports_used == []


def _river_join(b):
    """Land s, u1 across a river from s, u2 a neighbour of s, u1 and u2 not adjacent."""
    for s in range(len(b.spaces)):
        sp = b.spaces[s]
        if sp.kind != "land" or not sp.active:
            continue
        for u1 in b.across_river(s):
            for u2 in b.neighbours(s):
                if (b.spaces[u2].kind == "land" and b.spaces[u2].active and b.spaces[u1].active
                        and u2 not in b.adjacent(u1) and u1 != u2):
                    return s, u1, u2
    raise AssertionError("no river configuration on this map")


def test_settlements_score_joins_adds_and_fusing_gains_nothing():
    s = table()
    b = board(s)
    j, u1, u2 = _river_join(b)
    own = [u1, u2]
    st = ax._Settlements(b, own, 1)
    assert connected_settlements(b, own, 1) == 1
    assert st.score(j) == 2
    assert connected_settlements(b, own + [j], 1) == 2
    # a space next to only one of them (and not reaching the other) adds nothing
    lone = [t for t in b.neighbours(u2) if b.spaces[t].kind == "land" and t not in (u1, j)
            and u1 not in reach(b, [t], 1) and t not in reach(b, [u1], 1)]
    if lone:
        assert st.score(lone[0]) == 0
    # fusing two neighbouring singletons into one settlement is no join
    for c in range(len(b.spaces)):
        nb = [t for t in b.neighbours(c) if b.spaces[t].kind == "land" and b.spaces[t].active]
        pair = [(x, y) for x in nb for y in nb if x < y and y not in b.adjacent(x)
                and not set(b.across_river(x)) & {y}]
        if b.spaces[c].kind == "land" and pair:
            x, y = pair[0]
            st0 = ax._Settlements(b, [x, y], 0)
            assert st0.score(c) == 0
            break
    # across a loch (shipping 2) a space next to none of its units adds a settlement
    far = [t for t in reach(b, [u1], 2) if b.spaces[t].kind == "land"
           and not set(b.neighbours(t)) & {u1}]
    if far:
        assert ax._Settlements(b, [u1], 2).score(far[0]) == 1


def _brute_settlement_score(b, own, shipping, space):
    before = ax.settlement_groups(b, own, shipping)
    group_of = {u: i for i, (_, units) in enumerate(before) for u in units}
    after = ax.settlement_groups(b, own + [space], shipping)
    count, units = next((k, u) for k, u in after if space in u)
    joined = {group_of[u] for u in units if u != space}
    if len(joined) >= 2 and count > max(before[j][0] for j in joined):
        return 2
    return 0 if set(b.neighbours(space)) & set(own) else 1


def test_settlements_incremental_score_matches_a_full_recount():
    from cairn.core.rng import Rng

    rng = Rng(11)
    s = table()
    b = board(s)
    spaces = land(s)
    checked = 0
    for trial in range(40):
        own = rng.shuffled(spaces)[:2 + rng.below(9)]
        shipping = rng.below(6)
        groups = ax.settlement_groups(b, own, shipping)
        assert max(k for k, _ in groups) == connected_settlements(b, own, shipping)
        assert sum(k for k, _ in groups) == len(settlements_of(b, own))
        st = ax._Settlements(b, own, shipping)
        for sp in spaces:
            if sp not in own:
                assert st.score(sp) == _brute_settlement_score(b, own, shipping, sp), (own, shipping, sp)
                checked += 1
    assert checked > 1000


def settlements_of(b, own):
    from cairn.caledonia.board import settlements
    return settlements(b, own)


# -- starting workers --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_starting_workers_one_per_module_nearest_port_or_central_loch(seed):
    s = table(seed=seed)
    b = board(s)
    p = bot(s)
    money = p.money
    automa.place_start_workers(s)
    placed = s.automa.last["placed"]
    assert [b.spaces[x["space"]].module for x in placed] == ["A", "B", "C", "D"]
    assert sorted(x["near"] for x in placed) == ["loch", "loch", "port", "port"]
    assert p.money == money - sum(x["paid"] for x in placed)
    central = [sp.id for sp in b.spaces if sp.central]
    for x in placed:
        sid, unit = x["space"], x["unit"]
        sp = b.spaces[sid]
        assert unit in ("woodcutter", "miner") and s.units[sid] == (BOT, unit)
        assert x["paid"] == eco.unit_cost(s, BOT, unit) + sp.cost
        targets = [b.ports["ABCD".index(sp.module)]] if x["near"] == "port" else central

        def d(t):
            return min(distance((b.spaces[t].q, b.spaces[t].r), (b.spaces[g].q, b.spaces[g].r))
                       for g in targets)

        ok = [t for t in land(s, sp.module)
              if ("forest" in b.spaces[t].terrains or "mountain" in b.spaces[t].terrains)]
        best = min(d(t) for t in ok)
        assert d(sid) == best
        nearest = [t for t in ok if d(t) == best]
        cheap = [t for t in nearest if b.spaces[t].cost <= 2]
        if cheap:
            assert sp.cost <= 2
        if x["near"] == "loch":
            assert sp.cost == min(b.spaces[t].cost for t in cheap or nearest)
    assert len(s.journal) >= 4 and all("Automa places" in said(line) for line in s.journal[-4:])


# -- production ------------------------------------------------------------------------------------
def test_income_workers_and_five_per_icon_without_inputs():
    s = table()
    p = bot(s)
    grass = land(s, terrain="grassland")
    for unit, sid in zip(["sheep", "sheep", "field", "dairy", "distillery"], grass):
        eco.place_unit(s, BOT, unit, sid)
    forest = [t for t in land(s, terrain="forest") if t not in s.units]
    for sid in forest[:3]:
        eco.place_unit(s, BOT, "woodcutter", sid)
    mountain = [t for t in land(s, terrain="mountain") if t not in s.units]
    eco.place_unit(s, BOT, "miner", mountain[0])
    p.tech = [True, False]
    money = p.money
    got = automa.produce(s)
    assert got["workers"] == 3 * 6 + 6
    assert got["icons"] == 2 + 2 + 1 + 1             # a field shows two grain
    assert p.money == money + 24 + 30 and p.goods == [0] * len(GOODS)


# -- turns -------------------------------------------------------------------------------------------
def test_a_round_of_turns_ends_in_a_pass_and_journals_every_turn():
    for seed in range(5):
        s = table(seed=seed)
        automa.place_start_workers(s)
        s.slots[:6] = [1, 2, 3, 4, 5, 6]
        for r in range(1, 6):
            if r > 1:
                s.round = r
                p = bot(s)
                p.pool += sum(abs(k) for k in p.market)
                p.market = [0] * len(GOODS)
                automa.prepare_round(s)
            lines = len(s.journal)
            turns = 0
            while not automa.take_turn(s):
                turns += 1
                assert turns < 200
                assert bot(s).money >= 0
            assert len(s.journal) == lines + turns + 1
            assert said(s.journal[-1]).startswith("Automa") and "passes" in said(s.journal[-1])
            automa.produce(s)
        p = bot(s)
        assert p.money >= 0 and p.goods == [0] * len(GOODS)
        assert 0 <= p.pool and p.pool + p.track + sum(abs(k) for k in p.market) == 7
        assert all(0 <= x <= 9 for x in s.prices)
        assert len(eco.own_spaces(s, BOT)) == sum(p.deployed.values())
        assert set(p.fulfilled).isdisjoint(p.contracts) and all(c in CONTRACTS for c in p.fulfilled)


# -- full games ----------------------------------------------------------------------------------
def _new_game(players, seed, options=None):
    """``cairn.new_game("caledonia", ...)``; built from the rules class directly until the game
    is registered."""
    import cairn
    from cairn.core.game import Game
    from cairn.core.seats import normalize_seats

    try:
        return cairn.new_game("caledonia", players=players, seed=seed, options=options or {})
    except ValueError as e:
        if "unknown game" not in str(e):
            raise
    from cairn.caledonia.options import CaledoniaOptions
    from cairn.caledonia.rules import CaledoniaRules

    return Game(CaledoniaRules(), normalize_seats(players), seed, CaledoniaOptions(**(options or {})))


def _check_automa(state):
    a = state.automa
    p = state.players[a.seat]
    assert p.money >= 0 and p.goods == [0] * len(GOODS)
    assert p.pool >= 0 and p.pool + p.track + sum(abs(k) for k in p.market) == 7
    assert all(not (p.market[i] > 0 and p.market[i] < 0) for i in range(len(GOODS)))
    assert sum(1 for o, _ in state.units.values() if o == a.seat) == sum(p.deployed.values())
    assert all(0 <= x <= 9 for x in state.prices)
    assert len(p.contracts) <= 1 and set(p.contracts).isdisjoint(p.fulfilled)
    assert 0 <= a.pointer < len(AUTOMA_CYCLE)
    cards = a.draw + a.discard + a.removed
    assert len(cards) == len(set(cards)) and set(a.removed) <= {10, 11, 12, 13}


@pytest.mark.parametrize("humans,level,options", [
    (1, "1", {}), (1, "2", {}), (1, "3", {}), (1, "4", {}), (1, "5", {}),
    (2, "3", {}), (3, "5", {}), (1, "3", {"ports": False, "scoring_tiles": False}),
    (2, "1", {"clans": False, "tight_map": True})])
def test_full_games_against_random_humans(humans, level, options):
    """Humans play random legal moves (passing only now and then); the solo opponent plays
    its cards to the end of round 5, never in debt, never holding goods."""
    from cairn.core.rng import Rng

    for seed in range(2):
        players = ["human"] * humans + [{"kind": "automa", "level": level}]
        g = _new_game(players, seed, options)
        rng = Rng(seed + 100)
        seat = g.state.automa.seat
        assert g.state.automa.difficulty == int(level)
        assert g.state.players[seat].automa
        turns = 0
        for _ in range(5000):
            if g.is_over:
                break
            moves = g.legal_moves()
            assert moves
            if moves == [{"type": "automa"}]:
                turns += 1
            rest = [m for m in moves if m["type"] != "pass"]
            if rest and rng.below(8):
                g.play(rest[rng.below(len(rest))])
            else:
                g.play(moves[rng.below(len(moves))])
            _check_automa(g.state)
        assert g.is_over
        assert turns >= 5
        names = [sp.name for sp in g.seats]
        assert names[seat] == "Automa"
        lines = [h for h in g.history if "Automa (card" in render(h["text"], names, lang="en")]
        assert len(lines) >= turns
        assert g.state.final is not None and len(g.state.final) == humans + 1


def _two_rival_neighbours(s):
    """A land space with a rival cow and a rival sheep next to it (and its own sheep)."""
    b = board(s)
    for z in land(s):
        grass = [t for t in b.neighbours(z) if b.spaces[t].kind == "land" and b.spaces[t].active
                 and "grassland" in b.spaces[t].terrains]
        if len(grass) >= 3:
            break
    eco.place_unit(s, HUMAN, "cow", grass[0])
    eco.place_unit(s, HUMAN, "sheep", grass[1])
    eco.place_unit(s, BOT, "sheep", grass[2])         # its own units give nothing
    return b, z


def test_neighbourhood_buys_one_kind_the_lowest_price_marker():
    """The rule: when the neighbourhood bonus offers it several kinds of goods, it buys only one
    kind, the one whose price marker is lowest (as many as that good's bracket allows), even
    with merchants to spare for the others."""
    s = table()
    p = bot(s)
    b, z = _two_rival_neighbours(s)
    s.prices[GOOD_INDEX["milk"]] = 1
    s.prices[GOOD_INDEX["wool"]] = 0
    p.pool = 8
    assert ax.neighbour_goods(s, b, z) == ["wool", "milk"]
    assert ax.neighbourhood_count(s, b, z) == 4
    money = p.money
    assert ax.buy_neighbourhood(s, b, z) == [["wool", 4]]
    assert p.money == money + 12 and p.pool == 4
    assert s.prices[GOOD_INDEX["wool"]] == 4 and s.prices[GOOD_INDEX["milk"]] == 1
    assert p.market[GOOD_INDEX["milk"]] == 0


def test_neighbourhood_one_kind_skips_goods_it_cannot_buy_and_breaks_equal_markers_at_random():
    s = table()
    p = bot(s)
    b, z = _two_rival_neighbours(s)
    s.prices[GOOD_INDEX["wool"]] = 0
    s.prices[GOOD_INDEX["milk"]] = 4                  # middle bracket: up to 2
    p.market[GOOD_INDEX["wool"]] = -1                 # sold wool this round: cannot buy it
    p.pool = 3
    assert ax.neighbourhood_count(s, b, z) == 2
    assert ax.buy_neighbourhood(s, b, z) == [["milk", 2]] and p.pool == 1
    p.pool = 1
    assert ax.neighbourhood_count(s, b, z) == 1        # merchants run out
    seen = set()
    for seed in range(20):
        s = table(seed=seed)
        p = bot(s)
        b, z = _two_rival_neighbours(s)
        s.prices[GOOD_INDEX["wool"]] = s.prices[GOOD_INDEX["milk"]] = 2
        p.pool = 8
        got = ax.buy_neighbourhood(s, b, z)
        assert len(got) == 1 and got[0][1] == 4
        seen.add(got[0][0])
    assert seen == {"wool", "milk"}


def test_copies_play_on_without_touching_the_original():
    s = table()
    automa.place_start_workers(s)
    before = s.to_json()
    c = s.copy()
    for _ in range(5):
        automa.take_turn(c)
    assert s.to_json() == before
    assert c.automa.last != s.automa.last
    d = s.copy()
    for _ in range(5):
        automa.take_turn(d)
    assert d.to_json() == c.to_json()               # same seed, same cards, same play


def test_a_bots_quiet_copy_plays_the_same_turns_without_journal_lines():
    """The bots' worlds (``determinize``) are quiet: the solo opponent's turns there change the
    state exactly as in the game, only its turn's journal line is not made (nobody reads it); its
    cached reach equals the reach from its units (checked after every turn, ports claimed
    by reach included)."""
    from cairn import new_game
    from cairn.core.rng import Rng
    for seed in (3, 8):
        g = new_game("caledonia", players=[{"kind": "automa", "level": "3"}, "human"], seed=seed)
        rules, turns = g.rules, 0
        while not g.is_over and turns < 60:
            legal = g.legal_moves()
            if g.seats[g.current_player].kind == "automa":
                loud = g.state.copy()
                quiet = rules.determinize(g.state, 1, Rng(1))
                quiet.deck, quiet.rng = loud.deck[:], loud.rng.copy()
                quiet.automa.draw = loud.automa.draw[:]
                assert quiet.quiet and not loud.quiet
                lines = len(loud.journal)
                rules.apply(loud, legal[0])
                rules.apply(quiet, legal[0])
                card = [x for x in loud.journal[lines:] if x["msg"] == "{seat} (card {card}) {what}"]
                assert len(card) == 1  # its turn's line; the round's lines (production...) stay
                assert quiet.journal == [x for x in loud.journal if x is not card[0]]
                a, b = loud.to_json(), quiet.to_json()
                assert a == b
                seat = g.current_player
                own = eco.own_spaces(quiet, seat)
                assert reach_of(quiet, seat) == reach(board(quiet), own, quiet.players[seat].shipping)
                turns += 1
            g.play(legal[0] if len(legal) == 1 else legal[Rng(turns).below(len(legal))])
        assert turns > 20
