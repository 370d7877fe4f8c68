"""The rulebook's worked examples on small hand-made boards."""
from hunters_helpers import (BLUE, GREEN, RED, RULES, SKIP, YELLOW, board, breakdown, deal,
                             member, meeple, node, place, play, put, tid)

from cairn.core.i18n import render
from cairn.hunters.board import find, meeple_options
from cairn.hunters.scoring import final_points, meadow_value, system_value
from cairn.hunters.state import OVER, PLACE


def journal(s):
    """The state's log lines as an English reader sees them."""
    return [render(line, lang="en") for line in s.journal]


def test_river_with_three_segments_and_lakes_of_1_and_2_fish_is_worth_6():
    # T44: river from the east edge into a 2-fish lake; T19 straight river;
    # T15: river from the west edge into a 1-fish lake.
    s = board(2, [("T44", 0, 0, 0), ("T19", 1, 0, 0)])
    member(s, 1, 0, 0, RED, "fisher")
    deal(s, BLUE, "T15", land=["T60"])
    play(s, place(2, 0, 0), SKIP)
    assert breakdown(s, RED)["rivers"] == 6
    assert breakdown(s, BLUE)["rivers"] == 0
    assert s.members[RED] == 5 and not s.meeples  # the fisher went home
    assert "River completed: Player 1 scores 6 points" in journal(s)


def test_player_completing_someone_elses_river_gives_them_3():
    # T42: river from the south edge rising at a spring; T24: river from the
    # north edge into a 1-fish lake (blue extends its forest with it).
    s = board(2, [("T42", 0, 0, 0)])
    member(s, 0, 0, 1, RED, "fisher")
    deal(s, BLUE, "T24", land=["T60"])
    play(s, place(0, 1, 0), meeple(0, "gatherer"))
    assert breakdown(s, RED)["rivers"] == 3
    assert RULES.scores(s)[BLUE]["total"] == 0
    assert s.members == [5, 4]


def _five_tile_forest(top="T32"):
    # T12 (forest N,E,W with gold) closed by T20 (W), T49 (E), T47 (N-S) and T32.
    return [("T20", -1, 0, 0), ("T49", 1, 0, 2), ("T47", 0, -1, 1), (top, 0, -2, 0)]


def test_forest_of_five_tiles_is_worth_10():
    s = board(2, _five_tile_forest())
    member(s, 0, -2, 0, RED, "gatherer")
    deal(s, RED, "T12", land=["T60"], bonus=[])
    play(s, place(0, 0, 0), SKIP)
    assert breakdown(s, RED)["forests"] == 10
    assert s.members[RED] == 5


def test_red_and_blue_tie_and_both_score_10():
    s = board(2, _five_tile_forest())
    member(s, -1, 0, 0, RED, "gatherer")
    member(s, 1, 0, 0, BLUE, "gatherer")
    deal(s, RED, "T12", land=["T60"], bonus=[])
    play(s, place(0, 0, 0), SKIP)
    assert breakdown(s, RED)["forests"] == 10 and breakdown(s, BLUE)["forests"] == 10
    assert s.members == [5, 5]


def test_red_majority_scores_12_alone():
    # six tiles: T66 turned to a north-south forest lengthens the column
    s = board(2, [("T20", -1, 0, 0), ("T49", 1, 0, 2), ("T47", 0, -1, 1), ("T66", 0, -2, 1),
                  ("T32", 0, -3, 0)])
    member(s, -1, 0, 0, RED, "gatherer")
    member(s, 0, -3, 0, RED, "gatherer")
    member(s, 1, 0, 0, BLUE, "gatherer")
    deal(s, BLUE, "T12", land=["T60"], bonus=[])
    play(s, place(0, 0, 0), SKIP)
    assert breakdown(s, RED)["forests"] == 12
    assert breakdown(s, BLUE)["forests"] == 0
    assert s.members == [5, 5]


def test_members_block_members_but_merging_is_allowed():
    s = board(2, [("T20", -1, 0, 0), ("T47", 0, -1, 1)])
    member(s, -1, 0, 0, RED, "gatherer")
    deal(s, BLUE, "T12", land=["T60"])
    play(s, place(0, 0, 0))
    # the forest of T12 now holds red's gatherer: no gatherer; the meadow is free
    assert meeple_options(s, s.just, BLUE) == [(1, "hunter")]
    legal = RULES.legal_moves(s)
    bad = meeple(0, "gatherer")
    assert bad not in legal
    assert "this forest already holds a tribe member" in RULES.why_illegal(s, bad, legal)


def test_hut_and_fisher_do_not_block_each_other_and_huts_block_huts():
    # T69 (lake with 2 fish) - T30 (lake with 2 fish) - T15 (lake with 1 fish)
    s = board(2, [("T69", 0, 0, 0)])
    member(s, 0, 0, 1, RED, "fisher")  # the river running east
    deal(s, BLUE, "T30", land=["T60", "T15"])
    play(s, place(1, 0, 0))
    opts = meeple_options(s, s.just, BLUE)
    assert (3, "hut") in opts  # the lake
    # T30's west river joins red's fisher's river; its north and east rivers are free
    assert (0, "fisher") in opts and (1, "fisher") in opts and (2, "fisher") not in opts
    assert (2, "hut") in opts  # a fisher does not block a hut
    play(s, meeple(3, "hut"))
    # the river between the two lakes was completed: red scores 2 tiles + 2 + 2 fish
    assert breakdown(s, RED)["rivers"] == 6
    # the next tile joins the same system: no hut there, but a fisher is fine
    play(s, place(2, 0, 0))
    opts = meeple_options(s, s.just, RED)
    assert (1, "fisher") in opts and (1, "hut") not in opts and (2, "hut") not in opts


def test_hut_example_scores_the_5_fish_of_the_system():
    s = board(2, [("T69", 0, 0, 0), ("T30", 1, 0, 0), ("T15", 2, 0, 0)])
    member(s, 1, 0, 3, BLUE, "hut")
    member(s, 0, 0, 1, RED, "fisher")  # a fisher changes nothing for huts
    r = find(s.sparent, node(s, 1, 0, 3))
    assert system_value(s, r) == 5
    pts, _ = final_points(s)
    assert pts[BLUE] == [5, 0] and pts[RED] == [0, 0]


def test_springs_bound_river_systems():
    # T35 has two rivers that rise at springs: they are two systems
    s = board(2, [("T35", 0, 0, 0)])
    a = find(s.sparent, node(s, 0, 0, 1))
    b = find(s.sparent, node(s, 0, 0, 2))
    assert a != b


def _final_example():
    s = board(4, [
        # meadow 1: one deer (green)
        ("T60", 0, 0, 0),
        # meadow 2: deer (T49), mammoth (T07), tiger (T22)
        ("T49", 10, 0, 0), ("T07", 9, 0, 0), ("T22", 10, 1, 2),
        # meadow 3: 2 mammoths (B07), aurochs (B04), 2 deer (T37, T72), tiger (T08)
        ("B07", 20, 0, 0), ("B04", 20, 1, 0), ("T37", 20, -1, 0), ("T72", 19, -1, 0),
        ("T08", 19, 0, 3),
        # meadow 4: two tigers (T12, T43) and a deer (T47)
        ("T12", 30, 0, 0), ("T43", 30, 1, 0), ("T47", 29, 1, 1),
    ])
    member(s, 0, 0, 0, GREEN, "hunter")
    member(s, 10, 0, 1, RED, "hunter")
    member(s, 9, 0, 0, YELLOW, "hunter")
    member(s, 20, -1, 1, RED, "hunter")
    member(s, 20, 1, 3, RED, "hunter")
    member(s, 19, -1, 1, BLUE, "hunter")
    member(s, 30, 0, 1, BLUE, "hunter")
    return s


def test_final_scoring_example_with_four_meadows():
    s = _final_example()
    values = {x: meadow_value(s, find(s.parent, node(s, x, y, p)))
              for x, y, p in [(0, 0, 0), (10, 0, 1), (20, -1, 1), (30, 0, 1)]}
    assert values == {0: 2, 10: 2, 20: 8, 30: 0}
    pts, lines = final_points(s)
    assert [p[1] for p in pts] == [10, 0, 2, 2]  # red 2 + 8, blue 0, yellow 2, green 2
    assert len(lines) == 4


def test_fire_drives_the_tigers_away():
    s = board(2, [("T60", 0, 0, 0), ("T12", 0, -1, 0)])  # a deer and a tiger
    member(s, 0, 0, 0, RED, "hunter")
    assert final_points(s)[0][RED] == [0, 0]
    put(s, "B05", 1, 0, 0)  # the fire tile (with a tiger of its own)
    assert final_points(s)[0][RED] == [0, 2]


def test_mushrooms_add_2_to_a_completed_forest_and_member_comes_back_same_turn():
    s = board(2, [("B02", 0, 0, 0), ("T20", 0, 1, 3)])
    deal(s, RED, "T49", land=["T60"])
    play(s, place(-1, 0, 0), meeple(0, "gatherer"))
    assert breakdown(s, RED)["forests"] == 3 * 2 + 2
    assert s.members[RED] == 5


def test_shrine_hunter_scores_the_meadow_alone():
    s = board(2, [("B03", 0, 0, 0), ("T60", 1, 0, 0), ("T07", 0, 1, 0), ("T75", 1, 1, 0)])
    member(s, 1, 0, 0, BLUE, "hunter")
    member(s, 0, 1, 0, BLUE, "hunter")
    member(s, 0, 0, 1, RED, "hunter")  # on the sacred circle
    # 1 deer eaten by the tiger, 2 mammoths: 4 points, red alone
    pts, _ = final_points(s)
    assert pts[RED] == [0, 4] and pts[BLUE] == [0, 0]


def test_aurochs_are_never_eaten():
    s = board(2, [("B04", 0, 0, 0), ("T12", 0, -1, 0), ("T22", -1, 0, 2)])
    member(s, 0, 0, 3, RED, "hunter")
    assert final_points(s)[0][RED] == [0, 2]  # 1 aurochs, 2 tigers, no deer


def _gold_forest():
    # T12 (gold) will close the forest of T20 (W), T49 (E) and T32 (N)
    return board(2, [("T20", -1, 0, 0), ("T49", 1, 0, 2), ("T32", 0, -1, 0)])


def test_gold_gives_the_placer_one_bonus_tile_and_no_chain_reaction():
    s = _gold_forest()
    # forest B: T02's east forest, then T27 (gold) turned north-south and
    # T75 above the cell where B03 goes
    put(s, "T02", 3, 0, 0)
    put(s, "T75", 4, -2, 0)
    put(s, "T27", 4, -1, 1)
    member(s, -1, 0, 0, RED, "gatherer")
    deal(s, BLUE, "T12", land=["T60", "T07"], bonus=["B07", "B03"])
    reveals = s.reveals
    play(s, place(0, 0, 0), SKIP)
    # red's gatherer scores, but blue placed the tile: blue draws a bonus tile
    assert breakdown(s, RED)["forests"] == 8
    assert s.phase == PLACE and s.cur == BLUE and s.drawn == tid("B03") and s.drawn_bonus
    assert s.reveals == reveals + 1
    assert RULES.view(s)["drawn"] == {"tile": "B03", "bonus": True}
    # the bonus tile closes forest B (with T27's gold): scored, no second bonus
    play(s, place(4, 0, 0), meeple(0, "gatherer"))
    assert breakdown(s, BLUE)["forests"] == 8
    assert s.members[BLUE] == 5
    assert len(s.bonus) == 1  # B07 still there
    assert s.phase == PLACE and s.cur == RED and not s.drawn_bonus and s.drawn == tid("T07")


def test_empty_bonus_pile_gives_nothing():
    s = _gold_forest()
    deal(s, RED, "T12", land=["T60"], bonus=[])
    play(s, place(0, 0, 0), SKIP)
    assert s.cur == BLUE and s.drawn == tid("T60") and not s.drawn_bonus
    assert "Gold found, but the bonus pile is empty" in journal(s)


def test_unplaceable_tile_is_discarded_and_another_drawn():
    s = board(2, [("T07", 0, 0, 0)])  # meadow all round
    deal(s, RED, "T60", land=["T77", "T69"])  # T69 (rivers all round) fits nowhere
    play(s, place(1, 0, 0), SKIP)
    assert s.cur == BLUE and s.drawn == tid("T77")
    assert [s_ for s_ in s.discards] == [tid("T69")]
    assert "The drawn tile fits nowhere and is set aside: a river and meadow tile with a lake" in journal(s)


def test_game_ends_after_the_turn_of_the_last_land_tile_with_its_bonus_tile():
    s = _gold_forest()
    member(s, -1, 0, 0, RED, "gatherer")
    s.score[RED][2] = 0
    deal(s, RED, "T12", land=[], bonus=["B07"])
    play(s, place(0, 0, 0), SKIP)
    assert s.phase == PLACE and s.drawn == tid("B07")  # the bonus tile still comes
    spot = RULES.legal_moves(s)[0]
    play(s, spot, SKIP)
    assert s.phase == OVER and RULES.current_player(s) is None
    assert RULES.legal_moves(s) == []


def test_why_illegal_names_the_mistake():
    s = board(2, [("T07", 0, 0, 0)])
    deal(s, RED, "T12", land=["T60"])
    legal = RULES.legal_moves(s)
    why = lambda m: RULES.why_illegal(s, m, legal)
    assert "already holds a tile" in why(place(0, 0, 0))
    assert "does not touch" in why(place(5, 5, 0))
    assert "edges do not match" in why(place(1, 0, 0))
    assert "place the drawn tile first" in why(SKIP)
    play(s, place(1, 0, 1))  # meadow to the west
    legal = RULES.legal_moves(s)
    assert "goes on a forest" in why(meeple(1, "gatherer"))
    assert "hut goes on a river or lake" in why(meeple(0, "hut"))
    s.members[RED] = 0
    legal = RULES.legal_moves(s)
    assert legal == [SKIP]
    assert "no tribe members left" in why(meeple(0, "gatherer"))


def test_three_segment_forest_always_holds_gold():
    """The rulebook: only a 2-segment forest can lack gold.  T20 (forest E),
    T27 (forest E-W) and T49 (forest W) close a 3-tile forest: T27's nugget
    draws a bonus tile."""
    s = board(2, [("T20", -1, 0, 0), ("T49", 1, 0, 2)])
    member(s, -1, 0, 0, RED, "gatherer")
    deal(s, RED, "T27", land=["T60"], bonus=["B07"])
    play(s, place(0, 0, 0), SKIP)
    assert breakdown(s, RED)["forests"] == 6
    assert s.phase == PLACE and s.cur == RED and s.drawn == tid("B07") and s.drawn_bonus


def test_two_segment_forest_may_lack_gold():
    s = board(2, [("T20", -1, 0, 0)])
    deal(s, RED, "T49", land=["T60"], bonus=["B07"])
    play(s, place(0, 0, 2), SKIP)
    forests = [f for f in RULES.view(s)["features"] if f["kind"] == "forest"]
    assert [(len(f["parts"]), f["complete"]) for f in forests] == [(2, True)]
    assert s.cur == BLUE and s.drawn == tid("T60") and not s.drawn_bonus


def test_several_nuggets_still_give_one_bonus_tile():
    # T27 turned north-south (gold) and T75 close T12's (gold) north side
    s = board(2, [("T20", -1, 0, 0), ("T49", 1, 0, 2), ("T75", 0, -2, 0), ("T27", 0, -1, 1)])
    deal(s, RED, "T12", land=["T60"], bonus=["B07", "B02"])
    play(s, place(0, 0, 0), SKIP)
    assert s.drawn == tid("B02") and s.drawn_bonus and len(s.bonus) == 1
    play(s, RULES.legal_moves(s)[0], SKIP)
    assert s.cur == BLUE and s.drawn == tid("T60") and len(s.bonus) == 1
