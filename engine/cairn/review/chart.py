"""The chart of a game: each seat's expected final score as the game goes, and the game's
scoring moments.

The chart has a value at every ply (0: the set-up, to the end), judged where a turn begins
(by each game's own idea of a turn: the table at rest, nothing half done) and held through
the turn's steps, or after every move where the game's judge plays a turn out itself
(``chart`` in ``data/review.toml``; :class:`cairn.review.session.Session`).

The expected final score of a position is the hard bot's own judgement of it, from what the
whole table knows (every position is first dealt again from what seat 0 sees: no seat holds
private information in these games, so that is what the table sees; the hidden stack orders
never reach the chart):

* a tree search game (Glen More, Hunters): the forecast hard judges its leaves by (learned
  weights in two-seat games), exact at the end;
* a rollout game (Clans of Caledonia): the rest of the round played out once by the strategy
  policy (the solo opponent by its cards), then the round-start value hard judges by, exact at
  the end.

The moments are the history lines whose message is one of the game's (``moments`` in
``data/review.toml``: Glen More's three scorings, Caledonia's round ends, Hunters' completed
features and the final scoring), one per ply.  How far the chart is from the final scores,
stage by stage, is measured by ``python -m cairn review`` (docs/benchmarks.md).
"""
from __future__ import annotations

from typing import Any, Dict, List

from ..bots.knowledge import knowledge_for
from ..core.i18n import N_, msg
from ..core.rng import Rng, derive_seed
from .settings import settings_for

#: the chart's deal of what no one sees (a fixed stream: the chart is the same everywhere)
WORLD = derive_seed("review-chart")

#: a moment's words where its line would not say it (``{n}``: the moment's number)
WORDS = {"caledonia": N_("End of round {n}")}


def expected(game: Any) -> List[float]:
    """Each seat's expected final score in ``game``'s position (exact at the end), a tenth."""
    rules, state = game.rules, game.state
    if rules.is_over(state):
        return [float(s["total"]) for s in rules.scores(state)]
    know = knowledge_for(rules.name).for_level("hard")
    luck = Rng(WORLD)
    d = rules.determinize(state, 0, luck)
    if know.hard_search == "lookahead":
        know.play_to_horizon(rules, d, luck, 0)
        values = know.horizon_value(rules, d)
    else:
        values = know.evaluate(rules, d)
    return [round(v, 1) + 0.0 for v in values]


def moments(game_name: str, history: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The game's scoring moments in a history: ``{ply, text}`` (a message: the first such
    line of the move, or the game's words for it), in order."""
    ids = set(settings_for(game_name).moments)
    words = WORDS.get(game_name)
    out: List[Dict[str, Any]] = []
    for h in history:
        text = h.get("text")
        ply = h.get("ply")
        if ply is None or (out and out[-1]["ply"] == ply) or not isinstance(text, dict) or text.get("msg") not in ids:
            continue
        out.append({"ply": ply, "text": msg(words, n=len(out) + 1) if words else text})
    return out
