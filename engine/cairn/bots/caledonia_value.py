"""Clans of Caledonia: what a seat will finish with, judged where a round begins.

Between two rounds the table is at rest (no turn under way, production paid, the round
scored, the market and the contracts of the next round laid out), so a few numbers say a
lot: the points a seat would score if the game ended now, its money, its income and what
its units make each round, its merchants, upgrades, settlements and contracts.  The hard
bot plays each candidate move and the rest of the round (every seat by the strategy policy,
the solo opponent by its cards) and judges the position it reaches here: exactly at the end
of the game, else by these numbers weighed per round by weights learned from self-play
(``python -m cairn train caledonia-value``, :mod:`cairn.bots.train_value`) and kept in
``data/caledonia_value.json``.  The solo opponent has weights of its own.  Every number is
public: a seat's value never depends on anything hidden (the contract pile, the solo
opponent's cards).
"""
from __future__ import annotations

from math import fsum   # the same sum on every Python (3.12 changed sum() of floats)
import json
from typing import Any, Dict, List, Optional

from ..caledonia import scoring
from ..caledonia.board import connected_settlements
from ..caledonia.data import CONTRACTS, FACTORIES, GOOD_INDEX, GOODS, PRICES, TABLES
from ..caledonia.economy import board_of
from ..caledonia.production import worker_income
from ..caledonia.state import ACTIONS, OVER
from .caledonia_worth import made_per_round, own_imports
from .knowledge import bundled

_MEAT = {"beef": "cow", "mutton": "sheep"}

ROUNDS = int(TABLES["rounds"])

#: a player seat's numbers (the solo opponent: :data:`AUTOMA_FEATURES`); goods and what the
#: units make are counted at today's market prices, so that a pound spent on goods is not
#: mistaken for a gain
FEATURES = ("bias", "score", "money", "stock_worth", "income", "made_worth", "wool", "cheese", "whisky",
            "bread", "merchants", "shipping", "tech", "units", "workers", "factories", "fulfilled",
            "open", "open_reward", "open_cost", "settlements")
AUTOMA_FEATURES = ("bias", "score", "money", "units", "fulfilled", "glory")


def at_rest(state: Any) -> bool:
    """A round's action phase about to begin (no move of it made yet), or the game over."""
    return state.phase == OVER or (state.phase == ACTIONS and not state.turn and not state.pending
                                   and not any(p.passed for p in state.players)
                                   and state.cur == state.order[0])


def seat_features(state: Any, seat: int, row: Dict[str, Any], settled: int,
                  imports: Dict[str, int]) -> List[float]:
    p = state.players[seat]
    prices = [PRICES[g][i] for g, i in zip(GOODS, state.prices)]
    made = made_per_round(p)
    d = p.deployed
    reward = cost = 0.0
    for cid in p.contracts:
        c = CONTRACTS[cid]
        reward += c.hops + sum(n * imports[g] for g, n in c.imports)
        for g, n in c.needs:
            if g in _MEAT:
                cost += max(0, n - d[_MEAT[g]]) * 10
            else:
                i = GOOD_INDEX[g]
                cost += max(0, n - p.goods[i]) * prices[i]
    return [1.0, float(row["total"]), float(p.money), float(sum(n * x for n, x in zip(p.goods, prices))),
            float(worker_income(p)), float(sum(n * x for n, x in zip(made, prices))),
            float(made[GOOD_INDEX["wool"]]), float(made[GOOD_INDEX["cheese"]]), float(made[GOOD_INDEX["whisky"]]),
            float(made[GOOD_INDEX["bread"]]), float(p.pool + sum(abs(x) for x in p.market)), float(p.shipping),
            float(sum(p.tech)), float(sum(d.values())),
            float(d["woodcutter"] + d["miner"] + d["fisherman"]), float(sum(d[u] for u in FACTORIES)),
            float(len(p.fulfilled)), float(len(p.contracts)), reward, cost, float(settled)]


def automa_features(state: Any, seat: int, row: Dict[str, Any]) -> List[float]:
    p = state.players[seat]
    return [1.0, float(row["total"]), float(p.money), float(sum(p.deployed.values())),
            float(len(p.fulfilled)), float(p.glory)]


def features(state: Any) -> List[List[float]]:
    """Per seat, its numbers (:data:`FEATURES`, or :data:`AUTOMA_FEATURES` for the solo
    opponent)."""
    board = board_of(state)
    settled = []
    for seat, p in enumerate(state.players):
        own = [s for s, (o, _u) in state.units.items() if o == seat]
        settled.append(connected_settlements(board, own, p.shipping))
    rows = scoring.final_scores(state, settled)
    imports = scoring.import_values(state)
    out = []
    for seat, (p, row) in enumerate(zip(state.players, rows)):
        if p.automa:
            out.append(automa_features(state, seat, row))
        else:
            own = scoring.import_values(state, own_imports(p)) if state.n == 1 else imports
            out.append(seat_features(state, seat, row, settled[seat], own))
    return out


def load_weights(text: Optional[str] = None) -> Optional[Dict[str, Any]]:
    """``{"player": {round: weights}, "automa": {round: weights}}`` from
    ``data/caledonia_value.json`` (rounds 2-5: the round about to begin), or None."""
    if text is None:
        text = bundled("caledonia_value.json")
        if text is None:
            return None
    data = json.loads(text)
    if data.get("features") != list(FEATURES) or data.get("automa_features") != list(AUTOMA_FEATURES):
        return None
    return {kind: {int(r): [float(x) for x in w] for r, w in data[kind].items()} for kind in ("player", "automa")}


WEIGHTS = load_weights()


def value(state: Any, weights: Optional[Dict[str, Any]] = None) -> List[float]:
    """Per seat, the points it is expected to finish with (exact at the end).  Between rounds
    only (:func:`at_rest`)."""
    if state.phase == OVER:
        return [float(s["total"]) for s in scoring.final_scores(state)]
    weights = weights or WEIGHTS
    rows = features(state)
    out = []
    for p, row in zip(state.players, rows):
        w = None
        if weights is not None:
            w = weights["automa" if p.automa else "player"].get(state.round)
        if w is None:
            out.append(row[1])   # no weights: the score it would have now
        else:
            out.append(fsum(a * b for a, b in zip(w, row)))
    return out
