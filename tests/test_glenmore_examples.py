"""Glen More rules, checked against the rulebook's worked examples and
statements (rulebook: seeds 001 (Romanian) / 003 (Portuguese))."""

from cairn.core.i18n import render
from cairn.glenmore.board import legal_positions
from cairn.glenmore.scoring import final_scoring, scoring_round
from cairn.glenmore.tiles import RESOURCES, STACKS

from glenmore_helpers import RULES, fresh, market, on_chain, play, put

FOREST, QUARRY, MEADOW, PASTURE, GRAIN = 24, 23, 12, 21, 22
FAIR4, IONA, FAIR3 = 49, 48, 13


def test_market_purchase_example_anna_iona_abbey():
    """Anna needs wood+stone+sheep for Iona Abbey, holds 2 wood, 1 cattle and
    3 coins: she sells the cattle for 2, buys stone for 2 and sheep for 3,
    pays one wood, places the Abbey by a quarry, a meadow and the 1-4 fair,
    takes sheep from the Abbey and sells it for 3, buys grain for 1 and
    turns wood+stone+sheep+grain into 8 VP at the fair."""
    s = fresh(4)
    anna = s.players[0]
    anna.coins = 3
    put(anna, (1, 0), FAIR4, clansmen=1)
    put(anna, (1, -1), QUARRY)
    put(anna, (2, 1), MEADOW)
    put(anna, (-1, -1), FOREST, wood=2)
    put(anna, (-1, 1), PASTURE, cattle=1)
    market(s, wood=0, stone=1, sheep=2, cattle=2, grain=0)
    on_chain(s, 5, IONA)

    play(s, {"type": "sell", "resource": "cattle", "from": [-1, 1]})
    assert anna.coins == 5
    play(s, {"type": "take", "space": 5})
    assert s.phase == "pay"
    play(s, {"type": "buy", "resource": "stone"})
    play(s, {"type": "buy", "resource": "sheep"})
    assert anna.coins == 0
    play(s, {"type": "pay", "resource": "wood", "from": [-1, -1]})
    assert s.phase == "place"
    assert {"type": "place", "at": [2, 0]} in RULES.legal_moves(s)
    play(s, {"type": "place", "at": [2, 0]})
    assert "iona_abbey" in anna.cards
    play(s, {"type": "activate", "tile": [1, -1]})  # quarry: +1 stone
    play(s, {"type": "activate", "tile": [2, 1]})  # meadow: +1 sheep
    play(s, {"type": "activate", "tile": [2, 0], "gain": "sheep"})
    play(s, {"type": "sell", "resource": "sheep", "from": [2, 0]})
    assert anna.coins == 3
    play(s, {"type": "activate", "tile": [1, 0], "use": ["wood", "stone", "sheep", "grain"]})
    play(s, {"type": "pay", "resource": "wood", "from": [-1, -1]})
    play(s, {"type": "pay", "resource": "stone", "from": [1, -1]})
    play(s, {"type": "pay", "resource": "sheep", "from": [2, 1]})
    play(s, {"type": "buy", "resource": "grain"})
    assert anna.coins == 2
    assert anna.vp == {"tiles": 8}
    assert anna.holdings() == [0, 0, 0, 0, 0]
    assert s.market == [0, 2, 2, 1, 1]


def test_final_tile_count_penalty_example():
    """Anna 15 tiles, Bruno 13, Clara 16, Danny 13: Anna -6, Clara -9."""
    s = fresh(4)
    for p, count in zip(s.players, (15, 13, 16, 13)):
        p.coins = 0
        for i in range(1, count):
            put(p, (i, 5), FOREST)
    final_scoring(s)
    assert [p.vp.get("tile_penalty", 0) for p in s.players] == [-6, 0, -9, 0]


def test_scoring_round_example_table():
    """The rulebook's table: Anna 3/2/1, Bruno 0/1/1, Clara 3/5/0, Danny
    8/0/0 VP for whisky/chieftains/cards (differences from the lowest:
    whisky 3,0,3,5; chieftains 2,1,4,0; cards 1,1,0,0)."""
    s = fresh(4)
    for p, whisky, chiefs, cards in zip(s.players, (3, 0, 3, 5), (2, 1, 4, 0),
                                        (["loch_morar"], ["loch_ness"], [], [])):
        p.whisky, p.chieftains, p.cards = whisky, chiefs, cards
    scoring_round(s, 1)
    got = [(p.vp.get("whisky", 0), p.vp.get("chieftains", 0), p.vp.get("cards", 0)) for p in s.players]
    assert got == [(3, 2, 1), (0, 1, 1), (3, 5, 0), (8, 0, 0)]


def test_castle_of_mey_doubles_chieftains_not_bonnets_and_cawdor_adds_three():
    s = fresh(3)
    a, b, c = s.players
    a.chieftains, a.cards = 2, ["castle_of_mey"]  # 2*2 + 1 bonnet = 5 -> 8 VP
    b.chieftains, b.cards = 0, ["cawdor_castle"]  # 3 bonnets -> 3 VP
    c.chieftains = 0
    scoring_round(s, 1)
    assert [p.vp.get("chieftains", 0) for p in s.players] == [8, 3, 0]


def test_final_special_cards():
    s = fresh(2)
    a, b = s.players
    a.coins, b.coins = 4, 0
    a.cards = ["iona_abbey", "loch_morar", "duart_castle"]
    put(a, (0, -1), 2)  # forest, yellow
    put(a, (1, -1), IONA)  # yellow
    put(a, (0, 1), 3)  # meadow, green
    put(a, (-1, 0), 4)  # village
    for i in range(4):
        put(b, (i + 1, 3), FOREST)
    final_scoring(s)
    # yellow 2 tiles x2, green 1 x2, villages (start + 1) x3
    assert a.vp["special"] == 4 + 2 + 6
    assert a.vp["coins"] == 4 and "coins" not in b.vp


def test_placement_around_the_starting_village():
    """Positions A/B/C of the rulebook's diagram: river tiles continue the
    river north/south, road tiles the road east/west, other tiles go only
    where they interrupt neither."""
    s = fresh(2)
    d = s.players[0].display
    assert legal_positions(d, river=True, road=False) == [(0, -1), (0, 1)]
    assert legal_positions(d, river=False, road=True) == [(-1, 0), (1, 0)]
    assert legal_positions(d, river=False, road=False) == []
    put(s.players[0], (0, -1), 2)  # forest with river, north
    put(s.players[0], (1, 0), 1)  # quarry with road, east
    assert legal_positions(d, river=False, road=False) == [(-1, -1), (1, -1), (1, 1)]
    # (0, -2) would continue the river but no clan member is within reach
    assert legal_positions(d, river=True, road=False) == [(0, 1)]
    d[(0, 0)].clansmen = 0
    d[(0, -1)].clansmen = 1
    assert legal_positions(d, river=True, road=False) == [(0, -2)]
    assert legal_positions(d, river=False, road=True) == [(-1, 0)]


def test_tiles_left_behind_leave_the_game_and_the_rear_plays_again():
    """Red, rearmost, moves past the first tile but stays rearmost: that
    tile leaves the game and red plays again (rulebook turn example)."""
    s = fresh(4)
    first = s.chain[4][1]
    s.stacks[0] = [t for t in s.stacks[0] if t != 8]
    s.chain = [None] * 14
    s.chain[0] = ("fig", 0)
    s.chain[1] = ("tile", first)
    s.chain[2] = ("tile", 8)  # a forest with a road: fits beside the start village
    s.chain[3], s.chain[4], s.chain[5] = ("fig", 1), ("fig", 2), ("fig", 3)
    for i in range(6, 13):
        s.chain[i] = ("tile", s.stacks[1].pop())
    play(s, {"type": "take", "space": 2})
    play(s, {"type": "place", "at": [1, 0]})
    play(s, {"type": "end_turn"})
    assert ("tile", first) not in s.chain
    assert sum(e is None for e in s.chain) == 1
    assert s.current == 0
    assert s.chain[1] is None and s.chain[2] == ("fig", 0)


def test_die_skips_figures_and_removes_the_tile_it_lands_on():
    """2-3 players: the rearmost die is rolled and jumps that many tiles
    forward, figures not counted; the tile it lands on leaves the game."""
    from cairn.glenmore.chain import settle

    for seed in range(12):
        s = fresh(2, seed=seed)
        s.chain = [None] * 14
        s.chain[1] = ("die",)
        s.chain[2] = ("tile", 2)
        s.chain[3] = ("fig", 0)
        s.chain[4] = ("tile", 3)
        s.chain[5] = ("fig", 1)
        s.chain[6] = ("tile", 5)
        for i in range(7, 14):
            s.chain[i] = ("tile", s.stacks[1].pop())
        s.chain[0] = None
        s.rng = type(s.rng)(seed)
        first_roll = (1, 1, 1, 2, 2, 3)[type(s.rng)(seed).below(6)]
        settle(s)
        assert sum(e is None for e in s.chain) == 1
        gap = s.chain.index(None)
        assert s.chain[(gap + 1) % 14] == ("fig", s.current)
        if first_roll > 1:  # figure 0 at space 3 is skipped, not counted
            landed = {2: 4, 3: 6}[first_roll]
            assert s.chain[landed] == ("die",) and s.current == 0
            assert s.chain[2] is None  # tile 2 was left behind: out of the game
            assert ("tile", 3 if first_roll == 2 else 5) not in s.chain


def test_scoring_when_stack_one_runs_out_and_game_ends_with_stack_three():
    s = fresh(5, seed=2)
    seen = []
    from cairn.core.rng import Rng
    rng = Rng(1)
    while s.current is not None:
        before = s.scorings
        legal = RULES.legal_moves(s)
        RULES.apply(s, legal[rng.below(len(legal))])
        if s.scorings != before:
            seen.append((s.scorings, [len(st) for st in s.stacks]))
    assert [n for n, _ in seen] == [1, 2, 3]
    assert seen[0][1][1] == 0 and seen[1][1][2] == 0 and seen[2][1][3] == 0
    assert any(render(line).startswith("Final scoring: ") for line in s.journal)


def test_loch_lochy_gives_two_resources_of_choice():
    s = fresh(4)
    p = s.players[0]
    on_chain(s, 6, 9)  # Loch Lochy, river, no cost
    play(s, {"type": "take", "space": 6})
    play(s, {"type": "place", "at": [0, -1]})
    assert s.phase == "gain" and "loch_lochy" in p.cards
    play(s, {"type": "gain", "resource": "grain"})
    play(s, {"type": "gain", "resource": "cattle"})
    assert p.display[(0, -1)].res == [0, 0, 0, 1, 1]
    assert s.phase == "activate"


def test_loch_shiel_fills_every_empty_production_tile_and_empty_abbey():
    s = fresh(4)
    p = s.players[0]
    put(p, (1, 0), 1)  # quarry, road, empty
    put(p, (-1, 0), 8, wood=2)  # forest, road, not empty
    put(p, (1, -1), GRAIN)
    put(p, (-2, 0), IONA)
    on_chain(s, 6, 52)
    play(s, {"type": "take", "space": 6})
    play(s, {"type": "place", "at": [0, -1]})
    assert p.display[(1, 0)].res == [0, 1, 0, 0, 0]
    assert p.display[(-1, 0)].res == [2, 0, 0, 0, 0]
    assert p.display[(1, -1)].res == [0, 0, 0, 0, 1]
    assert s.phase == "gain"
    play(s, {"type": "gain", "resource": "sheep"})
    assert p.display[(-2, 0)].res == [0, 0, 1, 0, 0]


def test_loch_oich_activates_everything_and_forbids_loch_ness():
    s = fresh(4)
    p = s.players[0]
    p.cards.append("loch_ness")
    far = [(5, 5), (6, 5), (7, 5)]
    for pos in far:
        put(p, pos, FOREST)
    put(p, (1, 0), 1, wood=0)  # quarry with road
    put(p, (1, 0), 1)
    p.display[(1, 0)].res = [0, 0, 0, 0, 0]
    p.display[(1, 0)].res[0] = 0
    put(p, (0, 1), 3, sheep=1)  # meadow with river
    put(p, (0, 2), 6, cattle=1)  # pasture with river
    on_chain(s, 6, 60)  # Loch Oich costs two different resources
    play(s, {"type": "take", "space": 6})
    play(s, {"type": "pay", "resource": "sheep", "from": [0, 1]})
    assert {"type": "pay", "resource": "sheep", "from": [0, 1]} not in RULES.legal_moves(s)
    play(s, {"type": "pay", "resource": "cattle", "from": [0, 2]})
    play(s, {"type": "place", "at": [0, -1]})
    acts = [m for m in RULES.legal_moves(s) if m["type"] == "activate"]
    assert {tuple(m["tile"]) for m in acts} == {(5, 5), (6, 5), (7, 5), (1, 0), (0, 1), (0, 2), (0, 0)}
    assert not any(m.get("loch_ness") for m in acts)


def test_loch_ness_activates_one_far_tile_once_per_turn():
    s = fresh(4)
    p = s.players[0]
    p.cards.append("loch_ness")
    put(p, (5, 5), FOREST)
    put(p, (6, 6), QUARRY)
    on_chain(s, 6, 2)  # forest with river
    play(s, {"type": "take", "space": 6})
    play(s, {"type": "place", "at": [0, -1]})
    far = [m for m in RULES.legal_moves(s) if m.get("loch_ness")]
    assert {tuple(m["tile"]) for m in far} == {(5, 5), (6, 6)}
    play(s, {"type": "activate", "tile": [5, 5], "loch_ness": True})
    assert not any(m.get("loch_ness") for m in RULES.legal_moves(s))
    assert p.display[(5, 5)].res[0] == 1


def test_loch_ness_cost_is_a_clan_member_or_a_chieftain():
    s = fresh(4)
    p = s.players[0]
    on_chain(s, 6, 37)
    # one clan member only, no chieftain: cannot pay
    assert {"type": "take", "space": 6} not in RULES.legal_moves(s)
    p.chieftains = 1
    play(s, {"type": "take", "space": 6})
    assert RULES.legal_moves(s)[0] == {"type": "pay", "resource": "clansman", "from": "chieftain"}
    play(s, {"type": "pay", "resource": "clansman", "from": "chieftain"})
    assert p.chieftains == 0 and s.phase == "place"


def test_production_caps_at_three_and_distillery_and_castle_stalker():
    s = fresh(4)
    p = s.players[0]
    put(p, (1, 0), 1, stone=3)  # full quarry with road
    put(p, (-1, -1), GRAIN, grain=1)
    on_chain(s, 6, 27)  # Castle Stalker: wood + stone, river
    p.display[(1, 0)].res = [1, 3, 0, 0, 0]
    play(s, {"type": "take", "space": 6})
    play(s, {"type": "pay", "resource": "wood", "from": [1, 0]})
    play(s, {"type": "pay", "resource": "stone", "from": [1, 0]})
    play(s, {"type": "place", "at": [0, -1]})
    assert p.display[(0, -1)].clansmen == 2 and "castle_stalker" in p.cards
    legal = RULES.legal_moves(s)
    assert {"type": "activate", "tile": [1, 0]} in legal  # 2 stones left: may produce
    play(s, {"type": "activate", "tile": [1, 0]})
    play(s, {"type": "activate", "tile": [1, 0]}) if {"type": "activate", "tile": [1, 0]} in RULES.legal_moves(s) else None
    assert p.display[(1, 0)].res[1] == 3


def test_chieftain_needs_movement_and_one_clan_member_stays():
    s = fresh(4)
    p = s.players[0]
    on_chain(s, 6, 8)  # forest with road
    play(s, {"type": "take", "space": 6})
    play(s, {"type": "place", "at": [1, 0]})
    play(s, {"type": "activate", "tile": [0, 0]})  # start village: 1 movement
    play(s, {"type": "end_activation"})
    legal = RULES.legal_moves(s)
    assert {"type": "move", "from": [0, 0], "to": "chieftain"} not in legal  # the only one
    assert {"type": "move", "from": [0, 0], "to": [1, 0]} in legal
    p.display[(1, 0)].clansmen = 1
    assert {"type": "move", "from": [0, 0], "to": "chieftain"} in RULES.legal_moves(s)
    play(s, {"type": "move", "from": [0, 0], "to": "chieftain"})
    assert p.chieftains == 1 and RULES.legal_moves(s)[0] == {"type": "end_turn"}


def test_buying_only_to_pay_and_selling_any_time():
    s = fresh(2)  # 2-3 players: one coin on every "1" space
    p = s.players[0]
    assert s.market == [1, 1, 1, 1, 1]
    put(p, (0, -1), 2, wood=1)
    kinds = {m["type"] for m in RULES.legal_moves(s)}
    assert "buy" not in kinds and "sell" in kinds
    play(s, {"type": "sell", "resource": "wood", "from": [0, -1]})
    assert p.coins == 7 and s.market[0] == 0
    assert not any(m["type"] == "sell" for m in RULES.legal_moves(s))


def test_stacks_and_setup_sizes():
    assert [len(STACKS[i]) for i in range(5)] == [8, 23, 19, 17, 5]
    for n, tiles in ((5, 8), (4, 9), (3, 9), (2, 10)):
        s = fresh(n)
        assert sum(1 for e in s.chain if e and e[0] == "tile") == tiles
        assert sum(e is None for e in s.chain) == 1 and s.chain[13] is None
        assert all(len(p.display) == 1 and p.coins == 6 for p in s.players)
    assert set(RESOURCES) == {"wood", "stone", "sheep", "cattle", "grain"}
