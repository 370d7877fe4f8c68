"""The Clans of Caledonia bot knowledge: the forecast is exact at the end and
moves the right way when one thing changes; pruning and the rollout policy
stay within the legal moves.  (Strength is a benchmark: ``python -m cairn
selfplay caledonia``.)"""
import random

import pytest

from cairn import new_game
from cairn.bots.caledonia import KNOWLEDGE, MONEY, action_phases_left
from cairn.bots.knowledge import knowledge_for
from cairn.caledonia.data import GOOD_INDEX
from cairn.caledonia.state import ACTIONS, OVER
from cairn.core.rng import Rng


def random_game(seed, players=2, plies=None, avoid_pass=0.9):
    """A game played by random moves that pass rarely (so the map fills up),
    ``plies`` moves in (to the end if None)."""
    g = new_game("caledonia", players=players, seed=seed)
    r = random.Random(seed)
    n = 0
    while not g.is_over and (plies is None or n < plies):
        legal = g.legal_moves()
        keep = [m for m in legal if m["type"] != "pass"]
        g.play(r.choice(keep if keep and r.random() < avoid_pass else legal))
        n += 1
    return g


def test_caledonia_has_its_own_knowledge():
    assert knowledge_for("caledonia") is KNOWLEDGE


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4)])
def test_exact_at_the_end(seed, players):
    g = random_game(seed, players)
    assert g.state.phase == OVER
    assert KNOWLEDGE.evaluate(g.rules, g.state) == [float(s["total"]) for s in g.scores()]


def mid_game(seed=4, players=2):
    """A position in the action phase of round 2 or later, nothing pending."""
    g = random_game(seed, players, plies=40)
    while not (g.state.phase == ACTIONS and g.state.round >= 2 and not g.state.pending
               and not g.state.players[g.current_player].passed):
        legal = g.legal_moves()
        g.play(next((m for m in legal if m["type"] != "pass"), legal[0]))
    return g


def test_evaluation_leaves_the_state_alone():
    g = mid_game()
    before = g.state.to_json()
    KNOWLEDGE.evaluate(g.rules, g.state)
    assert g.state.to_json() == before


@pytest.fixture
def hand(monkeypatch):
    """The hand forecast (no learned weights): the tests that state its numbers."""
    monkeypatch.setattr(KNOWLEDGE, "weights", None)


def test_more_money_is_worth_more_to_its_owner_only(hand):
    g = mid_game()
    rules, base = g.rules, g.state
    richer = base.copy()
    richer.players[0].money += 20
    a, b = KNOWLEDGE.evaluate(rules, base), KNOWLEDGE.evaluate(rules, richer)
    k = action_phases_left(base, base.players[0].passed)
    assert b[0] - a[0] == pytest.approx(20 * MONEY[k])
    assert b[0] - a[0] > 20 / 10  # more than at the final scoring, while it can be spent
    assert b[1] == a[1]


def test_a_unit_on_the_map_is_worth_its_production_to_come(hand):
    g = mid_game()
    rules, base = g.rules, g.state
    space = next(s for s, sp in enumerate(rules_board(base).spaces)
                 if sp.kind == "land" and sp.active and "grassland" in sp.terrains
                 and s not in base.units and s not in base.blocked)
    more = base.copy()
    from cairn.caledonia.economy import place_unit

    place_unit(more, 0, "field", space)
    a, b = KNOWLEDGE.evaluate(rules, base), KNOWLEDGE.evaluate(rules, more)
    rounds_left = 5 - base.round + 1
    assert b[0] - a[0] >= 2 * rounds_left  # two grain a round, at least 1 VP each


def rules_board(state):
    from cairn.caledonia.economy import board_of

    return board_of(state)


def test_a_contract_in_hand_is_worth_more_with_its_goods(hand):
    g = mid_game()
    rules, base = g.rules, g.state
    empty = base.copy()
    p = empty.players[0]
    p.contracts = [8]  # 4 bread -> 4 tobacco, 1 hop, 5 pounds
    p.goods[GOOD_INDEX["bread"]] = 0
    ready = empty.copy()
    ready.players[0].goods[GOOD_INDEX["bread"]] = 4
    a, b = KNOWLEDGE.evaluate(rules, empty), KNOWLEDGE.evaluate(rules, ready)
    assert b[0] > a[0]
    # fulfilling it is better still: the rewards are sure and the contract counts
    done = ready.copy()
    q = done.players[0]
    q.contracts, q.fulfilled = [], q.fulfilled + [8]
    q.goods[GOOD_INDEX["bread"]] = 0
    q.money += 5
    assert KNOWLEDGE.evaluate(rules, done)[0] > b[0]


def test_candidates_and_rollout_moves_are_legal():
    rng = Rng(3)
    for seed in (5, 6):
        g = new_game("caledonia", players=3, seed=seed)
        rules, state = g.rules, g.state.copy()
        while rules.current_player(state) is not None:
            legal = rules.legal_moves(state)
            cands = KNOWLEDGE.candidates(rules, state, legal)
            assert cands and all(m in legal for m in cands)
            move = KNOWLEDGE.rollout_move(rules, state, legal, rng)
            assert move in legal
            rules.apply(state, move)


def test_rollouts_expand_and_fulfil_more_than_chance():
    """The rollout policy's games end with more units and contracts than random ones."""
    def play(policy, seed):
        g = new_game("caledonia", players=2, seed=seed)
        rules, state = g.rules, g.state.copy()
        rng = Rng(seed)
        while rules.current_player(state) is not None:
            legal = rules.legal_moves(state)
            rules.apply(state, policy(rules, state, legal, rng))
        return len(state.units) + sum(len(p.fulfilled) for p in state.players)

    def chance(rules, state, legal, rng):
        return legal[rng.below(len(legal))]

    seeds = range(10, 16)
    assert sum(play(KNOWLEDGE.rollout_move, s) for s in seeds) > sum(play(chance, s) for s in seeds)


def test_contract_floor_values_progress():
    """With ``contract_floor`` set, each good in hand raises an open contract's worth."""
    from cairn.bots.caledonia import CaledoniaKnowledge

    know = CaledoniaKnowledge()
    know.contract_floor = 0.4
    g = mid_game()
    rules = g.rules
    values = []
    for bread in (0, 2, 4):
        s = g.state.copy()
        p = s.players[0]
        p.contracts = [8]  # 4 bread
        p.goods[GOOD_INDEX["bread"]] = bread
        other = s.copy()
        other.players[0].contracts = []
        values.append(know.evaluate(rules, s)[0] - know.evaluate(rules, other)[0])
    assert 0 <= values[0] < values[1] < values[2]


def test_contract_focus_fulfils_when_it_can_and_keeps_the_goods_a_contract_needs():
    """At a turn's first decision: only fulfilments when a contract can be fulfilled; no
    sale that would leave less of a good than the open contract needs."""
    g = mid_game()
    rules, s = g.rules, g.state.copy()
    seat = rules.current_player(s)
    p = s.players[seat]
    p.contracts = [8]  # 4 bread
    p.goods[GOOD_INDEX["bread"]] = 5
    p.pool = max(p.pool, 2)
    legal = rules.legal_moves(s)
    assert any(m["type"] == "fulfil" for m in legal)
    assert {m["type"] for m in KNOWLEDGE.candidates(rules, s, legal)} == {"fulfil"}
    p.goods[GOOD_INDEX["bread"]] = 3
    legal = rules.legal_moves(s)
    sells = [m for m in legal if m["type"] == "trade" and m["side"] == "sell" and m["good"] == "bread"]
    assert sells and not any(m["type"] == "fulfil" for m in legal)
    cands = KNOWLEDGE.candidates(rules, s, legal)
    assert not [m for m in cands if m["type"] == "trade" and m["side"] == "sell" and m["good"] == "bread"]
    assert len(cands) == len(legal) - len(sells)
