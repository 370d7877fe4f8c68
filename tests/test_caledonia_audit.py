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
    line = s.journal[-1]
    assert "1 bread, 1 cheese, 1 whisky" in line          # contract 50, by what it asks
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
