"""Clans of Caledonia: an independent rules audit against the rulebook (seed 000, Portuguese,
with the appendix, solo mode and variants).  Each test pins one deviation found and fixed, or
one rulebook example / reading the audit checked on the real game through ``new_game``."""
from __future__ import annotations

import re

import pytest

from cairn import new_game
from cairn.caledonia import economy as eco
from cairn.caledonia import rounds
from cairn.caledonia.state import START_WORKERS
from cairn.core.i18n import render


def game(players, seed=3, **options):
    return new_game("caledonia", players=players, seed=seed, options=options)


def to_start_workers(g):
    """Play the clan choices (first pair on offer each time) up to the starting workers."""
    while g.state.phase != START_WORKERS:
        g.play(g.legal_moves()[0])
    return g


# -- log lines in players' words -----------------------------------------------------------------
def test_solo_contract_removal_is_logged_by_what_it_asks_not_by_id():
    """Solo mode, "Repor os Contratos": the contract in the box of the last price die leaves
    the game; the log names it as players see it (never an internal id)."""
    g = game(1)
    s = g.state
    s.slots = [1, 2, 3, 4, 50, 6]
    rounds.remove_by_die(s, -3)
    assert s.slots[4] is None
    line = render(s.journal[-1], lang="en")
    assert "1 bread, 1 cheese and 1 whisky" in line          # contract 50, by what it asks
    assert not re.search(r"\b50\b", line)


# -- variants ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, covered", [(1, 0), (2, 4), (3, 4), (4, 0)])
def test_tighter_map_is_a_two_or_three_player_variant(players, covered):
    """Variants, "Mapa mais apertado": four land spaces are covered "para uma partida com 2-3
    jogadores" (the 4-player map is tight already); the solo mode keeps only its neutral
    workers."""
    g = game(players, tight_map=True)
    assert sum(1 for v in g.state.blocked.values() if v == "covered") == covered


# -- setup ------------------------------------------------------------------------------------------
def test_starting_worker_on_forest_and_mountain_space_costs_unit_plus_land():
    """Rulebook example (starting workers): a space with forest and mountain costing 6 takes a
    woodcutter for 6 + 6 = 12 or a miner for 10 + 6 = 16."""
    g = to_start_workers(game(4, seed=5, clans=False))
    s = g.state
    b = eco.board_of(s)
    seat = s.queue[0]
    spot = next(sp.id for sp in b.spaces if sp.kind == "land" and sp.active and sp.cost == 6
                and {"forest", "mountain"} <= sp.terrains and sp.id not in s.units)
    moves = g.legal_moves()
    assert {"type": "start_worker", "unit": "woodcutter", "space": spot} in moves
    assert {"type": "start_worker", "unit": "miner", "space": spot} in moves
    assert eco.expand_cost(s, seat, "woodcutter", spot) == 12
    assert eco.expand_cost(s, seat, "miner", spot) == 16
    before = s.players[seat].money
    g.play({"type": "start_worker", "unit": "miner", "space": spot})
    assert s.players[seat].money == before - 16


# -- refusal reasons -------------------------------------------------------------------------------
def to_actions(players=2, seed=4, **options):
    """A game played (first legal move each time) into round 1's action phase."""
    g = game(players, seed=seed, **options)
    while g.state.phase != "actions":
        g.play(g.legal_moves()[0])
    return g


def refusal(g, move):
    from cairn import IllegalMove

    with pytest.raises(IllegalMove) as e:
        g.play(move)
    return str(e.value)


def test_refusals_name_the_rule_broken():
    g = to_actions()
    s = g.state
    p = s.players[s.cur]
    assert "merchant" in refusal(g, {"type": "trade", "good": "whisky", "side": "buy", "n": 7})
    assert "not on the export board" in refusal(g, {"type": "take_contract", "contract": 999})
    assert "not in your export box" in refusal(g, {"type": "fulfil", "contract": 999, "slaughter": []})
    p.money = 3
    assert "costs \u00a34" in refusal(g, {"type": "shipping"})
    assert "costs \u00a310" in refusal(g, {"type": "technology", "worker": "miner"})
    p.money = 100
    g.play({"type": "expand", "unit": "sheep"})
    assert "first finish placing the unit" in refusal(g, {"type": "hire"})
    occupied = next(iter(s.units))
    assert "not free" in refusal(g, {"type": "place", "space": occupied})
    legal = {m["space"] for m in g.legal_moves()}
    b = eco.board_of(s)
    far = next(sp.id for sp in b.spaces if sp.kind == "land" and sp.active and "grassland" in sp.terrains
               and sp.id not in s.units and sp.id not in legal and sp.id not in s.blocked)
    assert "shipping reach" in refusal(g, {"type": "place", "space": far})


def test_refusal_never_buy_and_sell_one_good_in_a_round():
    g = to_actions()
    s = g.state
    p = s.players[s.cur]
    p.pool, p.money = 3, 100
    me = s.cur
    g.play({"type": "trade", "good": "milk", "side": "buy", "n": 1})
    if {"type": "end_turn"} in g.legal_moves():
        g.play({"type": "end_turn"})
    while s.cur != me:  # the others pass
        g.play({"type": "pass"})
    assert p.goods[1] >= 1 and {"type": "trade", "good": "milk", "side": "buy", "n": 1} in g.legal_moves()
    reason = refusal(g, {"type": "trade", "good": "milk", "side": "sell", "n": 1})
    assert "never both sides" in reason


def test_setup_refusals():
    g = to_start_workers(game(3, seed=5, clans=False))
    s = g.state
    b = eco.board_of(s)
    forest_only = next(sp.id for sp in b.spaces if sp.active and sp.terrains == frozenset({"forest"})
                       and sp.id not in s.units)
    assert "does not suit a miner" in refusal(g, {"type": "start_worker", "unit": "miner", "space": forest_only})
    assert "woodcutter or a miner" in refusal(g, {"type": "start_worker", "unit": "sheep", "space": forest_only})


def test_contract_log_lines_say_what_is_given_paid_and_slaughtered():
    """Two contracts may ask the same goods, so the log also names what each gives; taking one
    tells the round's cost (round 1: receive 5, "Obter um Contrato"); fulfilling one names the
    animals slaughtered for its meat."""
    from cairn.caledonia import text

    g = to_actions()
    s = g.state
    assert render(text.contract_name(50), lang="en") == (
        "the contract for 1 bread, 1 cheese and 1 whisky (3 tobacco, \u00a310 and 2 bonus upgrades)")
    cid = next(c for c in s.slots if c is not None)
    line = render(text.describe(s, {"type": "take_contract", "contract": cid}), lang="en")
    assert line.endswith("receiving \u00a35")
    s.round = 4
    assert render(text.describe(s, {"type": "take_contract", "contract": cid}), lang="en").endswith("for \u00a310")
    seat = s.cur
    cow = next(sp.id for sp in eco.board_of(s).spaces if sp.kind == "land" and sp.active
               and "grassland" in sp.terrains and sp.id not in s.units and sp.id not in s.blocked)
    eco.place_unit(s, seat, "cow", cow)
    line = render(text.describe(s, {"type": "fulfil", "contract": 3, "slaughter": [cow]}), lang="en")
    assert line.endswith("slaughtering 1 cow") and "2 beef" in line


def test_production_log_tells_the_barrel_leaving_macKenzies_cellar():
    """Appendix, Clan MacKenzie: a barrel that starts the production phase in the cellar's
    rightmost spot goes to stock and pays 15; the journal says so (it is no player's move)."""
    g = to_actions()
    s = g.state
    seat = s.cur
    p = s.players[seat]
    p.clan, p.cellar = "mackenzie", [0, 0, 1]
    money = p.money
    while s.phase == "actions":
        g.play({"type": "pass"})
    assert p.cellar == [0, 0, 0] and p.goods[5] >= 1 and p.money >= money + 15
    lines = [render(h["text"], lang="en") for h in g.history if h["seat"] is None]
    assert any("1 whisky leaves the cellar fully aged (\u00a315)" in t for t in lines)


def test_buchanan_round_one_five_pounds_once_per_action_again_next_turn():
    """Appendix, Clan Buchanan: two contracts in one turn of round 1 give 5 pounds once; another
    contract taken in a later turn gives 5 again even with the first still open."""
    g = to_actions(players=2)
    s = g.state
    me = s.cur
    p = s.players[me]
    p.clan = "buchanan"
    money = p.money
    c1, c2 = [c for c in s.slots if c is not None][:2]
    g.play({"type": "take_contract", "contract": c1})
    g.play({"type": "take_contract", "contract": c2})
    assert p.money == money + 5 and p.contracts == [c1, c2]
    p.contracts = [c1]        # as if c2 were fulfilled: one box free again
    if {"type": "end_turn"} in g.legal_moves():
        g.play({"type": "end_turn"})
    while s.cur != me:
        g.play({"type": "pass"})
    c3 = next(c for c in s.slots if c is not None)
    g.play({"type": "take_contract", "contract": c3})
    assert p.money == money + 10


def test_refusal_over_the_neighbourhood_cap():
    """Neighbourhood bonus: at most 3 units of one good per turn (4 with 2 players)."""
    from cairn.caledonia import text

    g = to_actions(players=3)
    s = g.state
    s.pending = [{"kind": "neighbour", "space": 0, "goods": ["milk"]}]
    s.players[s.cur].pool = 7
    legal = g.legal_moves()
    assert {"type": "neighbour", "good": "milk", "n": 3} in legal
    reason = text.why_illegal(s, {"type": "neighbour", "good": "milk", "n": 4}, legal)
    assert "3 milk more" in reason
    assert "makes that good" in text.why_illegal(s, {"type": "neighbour", "good": "wool", "n": 1}, legal)
