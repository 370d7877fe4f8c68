"""Clans of Caledonia: the setup (rulebook "Preparação"), the variants that change it, and the
round structure's bookkeeping (turn order by passing, pass money, solo market dice)."""
from __future__ import annotations

import pytest

from cairn.caledonia import economy as eco
from cairn.caledonia import rounds, setup
from cairn.caledonia.data import CONTRACTS, GOODS, PRICES, STARTING_TILES, bracket
from cairn.caledonia.options import CaledoniaOptions
from cairn.caledonia.rules import CaledoniaRules
from cairn.caledonia.state import ACTIONS, AUCTION, CLAN_PICK, START_WORKERS
from cairn.core.rng import Rng

R = CaledoniaRules()


def fresh(n, seed=3, **opts):
    return R.setup(n, seed, CaledoniaOptions(**opts))


def play_setup(state, rng=None):
    """Random setup decisions until the first action phase starts."""
    rng = rng or Rng(1)
    while state.phase != ACTIONS:
        moves = R.legal_moves(state)
        R.apply(state, moves[rng.below(len(moves))])
    return state


@pytest.mark.parametrize("n,boxes,filled", [(1, 6, 5), (2, 6, 6), (3, 8, 7), (4, 8, 8)])
def test_contract_boxes_by_player_count(n, boxes, filled):
    s = fresh(n)
    assert len(s.slots) == boxes
    assert sum(c is not None for c in s.slots) == filled
    shown = [c for c in s.slots if c is not None]
    assert sorted(shown + s.deck) == sorted(CONTRACTS)  # every contract is somewhere, once


def test_ports_scoring_tiles_and_their_variants():
    s = fresh(4)
    assert len(s.ports) == 4 and len(set(s.ports)) == 4 and set(s.ports) <= set(range(1, 10))
    assert len(s.scoring) == 5 and len(set(s.scoring)) == 5
    s = fresh(4, ports=False, scoring_tiles=False)
    assert s.ports == [] and s.scoring == []


def test_pairs_on_offer_are_players_plus_one_and_chosen_in_reverse_turn_order():
    s = fresh(3)
    assert s.phase == CLAN_PICK
    assert len(s.offers) == 4
    assert len({c for c, _ in s.offers}) == 4 and len({t for _, t in s.offers}) == 4
    assert s.queue == list(reversed(s.order))
    first_chooser = R.current_player(s)
    assert first_chooser == s.order[-1]
    clan, tile = s.offers[0]
    R.apply(s, {"type": "pick", "clan": clan, "tile": tile})
    p = s.players[first_chooser]
    t = STARTING_TILES[tile]
    assert p.clan == clan and p.money == t.money
    assert sum(p.goods) == sum(k for _, k in t.goods)
    assert [clan, tile] not in s.offers and len(s.offers) == 3


def test_starting_workers_turn_order_then_reverse_paying_unit_and_land():
    s = fresh(3, clans=False)
    while s.phase == CLAN_PICK:
        R.apply(s, R.legal_moves(s)[0])
    assert s.phase == START_WORKERS
    assert s.queue == s.order + s.order[::-1]
    # without clans: 0/2/4/6 pounds by turn order on top of the starting tile
    for i, seat in enumerate(s.order):
        p = s.players[seat]
        assert p.money == STARTING_TILES[p.start_tile].money + [0, 2, 4, 6][i]
    board = eco.board_of(s)
    seat = R.current_player(s)
    moves = R.legal_moves(s)
    assert moves and all(m["type"] == "start_worker" and m["unit"] in ("woodcutter", "miner") for m in moves)
    for m in moves:
        land = board.spaces[m["space"]].terrains
        assert ("forest" if m["unit"] == "woodcutter" else "mountain") in land
    m = next(m for m in moves if m["unit"] == "miner")
    before = s.players[seat].money
    R.apply(s, m)
    assert s.players[seat].money == before - 10 - board.spaces[m["space"]].cost
    assert s.units[m["space"]] == (seat, "miner")


def test_fergusson_places_a_third_worker_last_and_all_on_border_spaces():
    for seed in range(40):
        s = fresh(3, seed=seed)
        if any(c == "fergusson" for c, _ in s.offers):
            break
    while s.phase == CLAN_PICK:
        seat = R.current_player(s)
        moves = R.legal_moves(s)
        pick = next((m for m in moves if m["clan"] == "fergusson"), moves[0])
        R.apply(s, pick)
    ferg = next(i for i, p in enumerate(s.players) if p.clan == "fergusson")
    assert s.players[ferg].shipping == 3  # loch-2 with 3-4 players
    assert s.queue[-1] == ferg and s.queue.count(ferg) == 3
    board = eco.board_of(s)
    while s.phase == START_WORKERS:
        moves = R.legal_moves(s)
        if R.current_player(s) == ferg:
            assert all(m["space"] in board.border for m in moves)
        R.apply(s, moves[0])
    assert sum(1 for o, _ in s.units.values() if o == ferg) == 3


def test_solo_mode_neutral_workers_on_every_one_pound_space():
    s = fresh(1)
    board = eco.board_of(s)
    ones = {sp.id for sp in board.spaces if sp.kind == "land" and sp.active and sp.cost == 1}
    assert ones and set(s.blocked) == ones and set(s.blocked.values()) == {"neutral"}
    play_setup(s)
    assert not set(s.units) & ones


def test_tighter_map_covers_one_land_space_per_module_for_two_or_three_players():
    s = fresh(2, tight_map=True)
    board = eco.board_of(s)
    assert len(s.blocked) == 4
    assert sorted(board.spaces[i].module for i in s.blocked) == ["A", "B", "C", "D"]
    assert all(board.spaces[i].kind == "land" and board.spaces[i].active for i in s.blocked)
    assert not fresh(4, tight_map=True).blocked  # "the 4-player map is already tight"


def test_clan_auction_sets_turn_order_and_costs_the_bid():
    s = fresh(3, clan_auction=True)
    assert s.phase == AUCTION and len(s.offers) == 3
    first = R.current_player(s)
    assert {"type": "bid_pass"} not in R.legal_moves(s)  # the opener must bid (0 is fine)
    R.apply(s, {"type": "bid", "vp": 4})
    second = R.current_player(s)
    R.apply(s, {"type": "bid_pass"})
    third = R.current_player(s)
    R.apply(s, {"type": "bid_pass"})
    assert s.phase == CLAN_PICK and R.current_player(s) == first
    R.apply(s, R.legal_moves(s)[0])
    assert s.players[first].bid == 4
    # the next auction opens with the winner's left-hand neighbour among those left
    assert s.phase == AUCTION
    R.apply(s, {"type": "bid", "vp": 0})
    nxt = R.current_player(s)
    R.apply(s, {"type": "bid_pass"})
    R.apply(s, R.legal_moves(s)[0])
    # the last player takes the remaining pair for nothing
    assert s.phase == CLAN_PICK and len(s.offers) == 1
    last = R.current_player(s)
    R.apply(s, R.legal_moves(s)[0])
    assert s.players[last].bid == 0
    assert s.order[0] == first and s.order[-1] == last
    assert {first, second, third} == {0, 1, 2} and nxt != first


def test_turn_order_follows_passing_and_pass_money_by_position():
    s = play_setup(fresh(4))
    money = [p.money for p in s.players]
    passers = []
    for _ in range(3):  # the fourth pass would start production
        passers.append(s.cur)
        rounds.do_pass(s)
    assert s.next_order == passers and s.cur not in passers
    assert [s.players[x].money - money[x] for x in passers] == [16, 14, 12]
    assert rounds.pass_money(s, 3) == 10
    assert rounds.pass_money(fresh(2), 1) == 14 and rounds.pass_money(fresh(1), 3) == 16


def test_solo_market_dice_move_prices_toward_the_middle_bracket():
    s = fresh(1, seed=11)
    s.prices = [0, 9, 4, 0, 9, 5]  # low, high, middle, low, high, middle
    before = s.prices[:]
    last = rounds.solo_market(s)
    assert len(s.dice) == 3 and len({g for g, _ in s.dice}) == 3 and last == s.dice[-1][1]
    for good, d in s.dice:
        i = GOODS.index(good)
        where = bracket(before[i])
        want = before[i] + (abs(d) if where == "lower" else -abs(d) if where == "upper" else d)
        assert s.prices[i] == max(0, min(9, want))


def test_solo_removes_the_contract_in_the_box_of_the_last_price_die():
    s = fresh(1)
    s.slots = [1, 2, 3, 4, 5, 6]
    rounds.remove_by_die(s, -3)  # confirmed: -3 is the bottom-left box
    assert s.slots == [1, 2, 3, 4, None, 6]


def test_whisky_example_prices_match_the_track():
    # rulebook: two whisky bought at 10 raise the price two steps, to 12
    assert PRICES["whisky"][2] == 10 and PRICES["whisky"][4] == 12


def test_determinize_hides_only_hidden_order():
    a = play_setup(fresh(3, seed=5))
    b = a.copy()
    b.deck.reverse()
    b.rng = Rng(999)
    ra, rb = R.determinize(a, 0, Rng(7)), R.determinize(b, 0, Rng(7))
    assert ra.deck == rb.deck and ra.rng.state == rb.rng.state
    assert sorted(ra.deck) == sorted(a.deck)
    assert ra.units == a.units and ra.slots == a.slots
