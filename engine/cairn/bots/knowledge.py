"""What the shared search may know about a game, with a generic fallback.

A game's knowledge module (``cairn.bots.<game name>``, optional) exposes
``KNOWLEDGE``, an instance of a :class:`Knowledge` subclass.  A game
without one is still played at every level: evaluation is the score
margin from ``rules.scores(state)``, rollouts are random to the end.
"""
from __future__ import annotations

import importlib
from typing import Any, Dict, List, Optional

from ..core.datafiles import read_text
from ..core.rng import Rng

Move = Dict[str, Any]


class Knowledge:
    """The generic game knowledge; games override what they know better."""

    #: points of margin that count as a clear win (rewards saturate there)
    scale: float = 10.0
    #: steps a rollout plays before the evaluation takes over
    rollout_plies: int = 400
    #: decisions below the root whose moves start from a one-step forecast
    prior_depth: int = 2
    #: how many visits that forecast is worth
    prior_weight: int = 3
    #: the search's UCB exploration constant (rewards are margins / ``scale``)
    exploration: float = 0.25

    # -- the levels (see ``cairn.bots``) --
    #: easy: points of uniform noise added to its one-step judgement of each move
    easy_noise: float = 1.0
    #: easy: after each candidate, how many more of its own turn's decisions it
    #: plays out (each greedily, no noise) before judging; 0: one step only
    easy_follow: int = 0
    #: medium: search iterations per decision, and a clock cap for slow devices
    medium_iterations: int = 30
    medium_seconds: float = 0.4
    #: hard: search iterations per decision at most, and its time budget.  A
    #: game's cap is about what Pyodide does within the budget on a laptop
    #: (the search stops early once its move is settled), so the app's hard
    #: mostly plays as the benchmark's fixed-iteration hard; the clock binds
    #: on a slow device and on a game's dearest decisions.
    hard_iterations: int = 100
    hard_seconds: float = 0.8
    #: hard's search: "ismcts" (:mod:`cairn.bots.search`) or "lookahead" (rollouts of a
    #: strategy policy to a horizon, :mod:`cairn.bots.lookahead`: a game that has one
    #: implements ``plan_candidates``, ``play_to_horizon`` and ``horizon_value``)
    hard_search: str = "ismcts"
    #: the tree search's iteration cap for ``hard0`` (None: ``hard_iterations``)
    tree_iterations: Any = None
    #: hard's fewest iterations when the clock stops it (None: ``medium_iterations``)
    hard_fewest: Any = None

    #: the knowledge hard plays with, where it differs (a learned forecast); None: this one
    hard_variant: Any = None

    def for_level(self, level: str) -> "Knowledge":
        """The knowledge a search level plays with: :attr:`hard_variant` for hard if the
        game has one, else this one."""
        return self.hard_variant if level == "hard" and self.hard_variant is not None else self

    def evaluate(self, rules: Any, state: Any) -> List[float]:
        """Per seat, the points it is expected to finish with (exact at the end)."""
        return [float(s["total"]) for s in rules.scores(state)]

    def candidates(self, rules: Any, state: Any, legal: List[Move]) -> List[Move]:
        """The moves worth searching (never empty; default: all of them)."""
        return legal

    def rollout_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """The rollout policy (default: uniformly random)."""
        return legal[rng.below(len(legal))]

    def strategy_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """A cheap whole-game player's move where the game has one better than its rollout
        policy (the review's reference plays games out with it; default: the rollout policy)."""
        return self.rollout_move(rules, state, legal, rng)

    def greedy_value(self, rules: Any, state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat`` (used by the easy level)."""
        values = self.evaluate(rules, state)
        others = [v for i, v in enumerate(values) if i != seat]
        return values[seat] - (max(others) if others else 0.0)


def bundled(name: str) -> Optional[str]:
    """The text of a data file shipped with the bots (``cairn/bots/data/NAME``: learned
    weights, tuned numbers), or None when the wheel has none."""
    try:
        return read_text(__package__, "data", name)
    except (FileNotFoundError, OSError):
        return None


GENERIC = Knowledge()
_cache: Dict[str, Knowledge] = {}


def knowledge_for(name: str) -> Knowledge:
    """The game's own knowledge module if it has one, else the generic one."""
    know = _cache.get(name)
    if know is None:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
            know = getattr(module, "KNOWLEDGE", GENERIC)
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.{name}":
                raise
            know = GENERIC
        _cache[name] = know
    return know
