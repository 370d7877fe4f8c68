"""Caledonia's hard bot: the strategy policy, the round-start value, the rollout lookahead,
and the commands that tune and train them."""
import json

import pytest

from cairn import new_game
from cairn.bots import caledonia_value as cv
from cairn.bots import choose_move, seat_for
from cairn.bots.caledonia import KNOWLEDGE
from cairn.bots.caledonia_policy import DEFAULTS, Policy
from cairn.bots.caledonia_worth import Context, made_per_round
from cairn.bots.lookahead import lookahead, reward
from cairn.bots.knowledge import Knowledge
from cairn.caledonia.data import CONTRACTS, GOOD_INDEX
from cairn.core.rng import Rng

POLICY = Policy()   # the shipped parameters (data/caledonia_policy.json), as the bots play


def _policy_game(players, seed, options=None):
    g = new_game("caledonia", players=players, seed=seed, options=options or {})
    rules, st = g.rules, g.state
    rng = Rng(seed)
    plies = 0
    while rules.current_player(st) is not None:
        legal = rules.legal_moves(st)
        move = legal[0] if len(legal) == 1 else POLICY.choose(st, legal, rng)
        assert move in legal
        rules.apply(st, move)
        plies += 1
        assert plies < 5000
    return g


@pytest.mark.parametrize("seed,players,options", [
    (1, 1, {}), (2, [seat_for("hard"), seat_for("automa3")], {}), (3, 2, {"tight_map": True}),
    (4, 3, {"clan_auction": True}), (5, 4, {"static_imports": True, "ports": False}),
    (6, [seat_for("automa5"), seat_for("hard")], {"scoring_tiles": False}), (7, 4, {"clans": False}),
])
def test_the_policy_plays_whole_games_of_every_kind(seed, players, options):
    g = _policy_game(players, seed, options)
    assert g.rules.is_over(g.state)
    for s in g.rules.scores(g.state):
        assert s["total"] >= 0 and s["total"] == sum(s["breakdown"].values())


def test_the_policy_alone_builds_an_economy_in_the_solo_mode():
    """The common plan: workers for income, contracts fulfilled round after round."""
    for seed in range(3):
        g = _policy_game(1, 100 + seed)
        p = g.state.players[0]
        assert len(p.fulfilled) >= 3, p.fulfilled
        assert p.deployed["woodcutter"] + p.deployed["miner"] >= 2


def _solo_at_actions(seed=11):
    g = new_game("caledonia", players=1, seed=seed)
    while g.state.phase != "actions":
        g.play(POLICY.choose(g.state, g.legal_moves()) if len(g.legal_moves()) > 1 else g.legal_moves()[0])
    return g


def test_the_policy_fulfils_a_contract_it_can_and_buys_what_one_lacks():
    g = _solo_at_actions()
    st, p = g.state, g.state.players[0]
    cid = next(c for c in st.slots if c is not None and CONTRACTS[c].meat == 0)
    st.slots[st.slots.index(cid)] = None
    p.contracts = [cid]
    p.money = 200
    needs = [(g2, n) for g2, n in CONTRACTS[cid].needs]
    good, n = needs[0]
    p.goods = [0] * len(p.goods)
    for g2, k in needs[1:]:
        p.goods[GOOD_INDEX[g2]] = k
    p.goods[GOOD_INDEX[good]] = n - 1   # one short
    p.pool = 2
    ctx = Context(st, 0, POLICY.P)
    assert ctx.missing == {GOOD_INDEX[good]: 1}
    # it never sells what the open contract needs ...
    for m in g.legal_moves():
        if m["type"] == "trade" and m["side"] == "sell" and m["good"] in dict(needs):
            assert POLICY.scores(st, [m])[0] < 0, m
    # ... buys what it lacks before it passes, and fulfils the contract this round
    while g.state.round == 1 and g.current_player is not None:
        legal = g.legal_moves()
        move = legal[0] if len(legal) == 1 else POLICY.choose(g.state, legal)
        assert move["type"] != "pass" or cid in p.fulfilled
        g.play(move)
    assert cid in g.state.players[0].fulfilled


def test_made_per_round_feeds_cheese_then_whisky_then_bread():
    g = _solo_at_actions()
    p = g.state.players[0]
    for u in p.deployed:
        p.deployed[u] = 0
    p.deployed.update(cow=3, dairy=2, sheep=1, field=2, distillery=3, bakery=2)
    made = made_per_round(p)
    i = GOOD_INDEX
    assert (made[i["cheese"]], made[i["milk"]], made[i["wool"]]) == (2, 1, 1)
    assert (made[i["whisky"]], made[i["bread"]], made[i["grain"]]) == (3, 1, 0)


# -- the value where a round begins ---------------------------------------------------------
def test_the_value_is_exact_at_the_end_and_needs_a_round_start():
    g = _policy_game([seat_for("hard"), seat_for("automa3")], 21)
    assert cv.value(g.state) == [float(s["total"]) for s in g.scores()]
    g = new_game("caledonia", players=2, seed=22)
    while not cv.at_rest(g.state) or g.state.round < 2:
        g.play(POLICY.choose(g.state, g.legal_moves()) if len(g.legal_moves()) > 1 else g.legal_moves()[0])
    assert g.state.round == 2 and cv.at_rest(g.state)
    rows = cv.features(g.state)
    assert all(len(r) == len(cv.FEATURES) for r in rows)
    g.play(POLICY.choose(g.state, g.legal_moves()))
    assert not cv.at_rest(g.state)


def test_the_value_sees_only_what_every_seat_sees():
    """The contract pile and the solo opponent's cards are hidden: resampling them changes
    no number the value reads."""
    g = new_game("caledonia", players=[seat_for("hard"), seat_for("automa3")], seed=23)
    while g.state.round < 3:
        legal = g.legal_moves()
        g.play(legal[0] if len(legal) == 1 else POLICY.choose(g.state, legal))
    a = g.rules.determinize(g.state, 0, Rng(1))
    b = g.rules.determinize(g.state, 0, Rng(2))
    assert a.deck != b.deck or a.automa.draw != b.automa.draw
    assert cv.features(a) == cv.features(b) == cv.features(g.state)


def test_weights_for_other_numbers_are_refused():
    assert cv.load_weights(json.dumps({"features": ["bias"], "automa_features": [], "player": {}, "automa": {}})) is None
    good = {"features": list(cv.FEATURES), "automa_features": list(cv.AUTOMA_FEATURES),
            "player": {"2": [0.0] * len(cv.FEATURES)}, "automa": {}}
    assert cv.load_weights(json.dumps(good))["player"][2] == [0.0] * len(cv.FEATURES)


# -- the lookahead ------------------------------------------------------------------------------
class _Coins:
    """A toy game: pick a coin; its value is what a noisy rollout says (mean = the coin)."""
    name = "coins"

    def legal_moves(self, state):
        return [{"type": "coin", "v": v} for v in (3, 9, 1, 7, 5)]

    def determinize(self, state, seat, rng):
        return {"rng": rng.below(1000)}

    def apply(self, state, move):
        state["v"] = move["v"]


class _CoinsKnowledge(Knowledge):
    scale = 1.0

    def plan_candidates(self, rules, state, legal):
        return legal

    def play_to_horizon(self, rules, state, rng, seat):
        state["noise"] = (rng.below(7) - 3) * 0.5

    def horizon_value(self, rules, state):
        return [state["v"] + state["noise"]]


def test_sequential_halving_finds_the_best_candidate_and_counts_its_rollouts():
    from cairn.bots.search import STATS
    before = STATS["iterations"]
    move = lookahead(_Coins(), {}, 0, _CoinsKnowledge(), Rng(5), 60, None)
    assert move == {"type": "coin", "v": 9}
    assert STATS["iterations"] - before == 60


def test_a_lone_seat_is_rewarded_by_its_points_and_others_by_their_margin():
    assert reward([120.0], 0, 15.0) == 8.0
    assert reward([120.0, 90.0], 1, 15.0) == -2.0


def test_hard_plays_legal_moves_by_rollouts_and_is_reproducible():
    g = new_game("caledonia", players=[seat_for("hard"), seat_for("automa2")], seed=31)
    for _ in range(6):
        if len(g.legal_moves()) > 1:
            a = choose_move(g, "hard", seed=3, iterations=12)
            assert a in g.legal_moves() and a == choose_move(g, "hard", seed=3, iterations=12)
            assert a in KNOWLEDGE.plan_candidates(g.rules, g.state, g.legal_moves())
            g.play(a)
        else:
            g.play(g.legal_moves()[0])


def test_the_horizon_is_the_start_of_the_next_round():
    g = _solo_at_actions(seed=33)
    st = g.rules.copy(g.state)
    KNOWLEDGE.play_to_horizon(g.rules, st, Rng(1), 0)
    assert st.round == 2 and cv.at_rest(st)


# -- tuning the policy, training the value ----------------------------------------------------
def test_the_evolution_strategy_climbs_a_hill():
    from cairn.bots.tune import SepCMA
    es = SepCMA([0.0] * 4, 1.0, Rng(3))
    target = [3.0, -2.0, 0.5, 1.0]
    for _ in range(80):
        xs = es.ask()
        es.tell(xs, [-sum((a - b) ** 2 for a, b in zip(x, target)) for x in xs])
    assert max(abs(a - b) for a, b in zip(es.mean, target)) < 0.2


def test_parameters_round_trip_through_the_search_coordinates():
    from cairn.bots.tune import SPACE, decode, encode
    params = decode([0.5] * len(SPACE))
    again = decode(encode(params))
    assert again == params and decode([0.0] * len(SPACE)) == DEFAULTS
    assert decode([-100.0] * len(SPACE))["mv"][1] == 0.05   # clipped to its range


def test_tuning_writes_parameters_the_policy_loads_and_is_reproducible(tmp_path):
    from cairn.bots.caledonia_policy import load_params
    from cairn.bots.tune import tune
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for out in (a, b):
        tune(generations=1, games=1, seed=4, out=str(out), procs=1, popsize=3, log=lambda *x: None)
    assert a.read_text() == b.read_text()
    params = load_params(a.read_text())
    assert set(params) == set(DEFAULTS) and json.loads(a.read_text())["meta"]["generations"] == 1


def test_value_training_recovers_weights_and_writes_a_file_the_bots_load(tmp_path):
    from cairn.bots.train_value import fit, train
    rng = Rng(9)
    true = [5.0, 1.0, 0.3]
    samples = []
    for _ in range(200):
        x = [1.0, float(rng.below(100)), float(rng.below(50))]
        samples.append((x, sum(a * b for a, b in zip(true, x))))
    assert [round(w, 3) for w in fit(samples, 0.0, 3)] == true
    out = tmp_path / "value.json"
    data = train([["self"], ["self", "automa2"]], 2, seed=5, out=str(out), procs=1, log=lambda *x: None)
    loaded = cv.load_weights(out.read_text())
    assert loaded is not None and set(loaded["automa"]) <= {2, 3, 4, 5}
    assert data["trained"]["player"] == "policy"


def test_selfplay_plays_the_solo_mode_and_reports_the_ratings(capsys, tmp_path):
    from cairn.__main__ import main
    out = tmp_path / "solo.jsonl"
    main(["selfplay", "caledonia", "--players", "1", "--levels", "easy", "-n", "2", "--seed", "3", "--out", str(out)])
    text = capsys.readouterr().out
    assert "easy alone: avg score" in text and "ratings:" in text and "(2 games)" in text
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [d["seats"] for d in lines] == [["easy"], ["easy"]] and all(d["rating"] for d in lines)
    main(["summary", str(out)])
    assert "caledonia, solo, easy" in capsys.readouterr().out


def test_the_cheapest_expand_cost_is_the_cheapest_legal_placement():
    """``expand.cheapest_expand_cost`` (the policy's quick price of an Expand) equals the
    cheapest ``economy.expand_cost`` over the spaces ``placements`` allows, for every unit,
    with and without free land, every clan, 1-4 seats."""
    from cairn.caledonia import economy
    from cairn.caledonia.expand import cheapest_expand_cost, placements
    units = ("sheep", "cow", "dairy", "bakery", "field", "distillery", "woodcutter", "miner", "fisherman")
    checked = 0
    for seed in range(8):
        g = new_game("caledonia", players=1 + seed % 4, seed=40 + seed)
        st, rng = g.state, Rng(seed)
        while g.rules.current_player(st) is not None and st.round < 4:
            if st.phase == "actions":
                seat = st.cur
                for u in units:
                    for free in (False, True):
                        spaces = placements(st, seat, u, free)
                        want = min(economy.expand_cost(st, seat, u, s, free) for s in spaces) if spaces else None
                        assert cheapest_expand_cost(st, seat, u, free) == want, (seed, u, free)
                        checked += 1
            legal = g.rules.legal_moves(st)
            g.rules.apply(st, legal[0] if len(legal) == 1 else POLICY.choose(st, legal, rng))
    assert checked > 3000


def test_solo_ratings_are_listed_from_the_lowest_band_up():
    from cairn.__main__ import _solo_line
    from cairn.caledonia.scoring import solo_rating
    totals = [170, 120, 150, 100, 140, 165]
    line = _solo_line(totals, [solo_rating(t) for t in totals])
    assert line.endswith("ratings: Newbie 1, Rookie 1, Average 1, Expert 1, Genius 2")
