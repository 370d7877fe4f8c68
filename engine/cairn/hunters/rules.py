"""``HuntersRules``: Carcassonne: Hunters and Gatherers on the engine contract."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.i18n import N_
from ..core.rng import Rng
from ..core.rules import Rules
from . import labels as _labels
from . import marks as _marks
from .board import meeple_options
from .state import CATEGORIES, MEEPLE, OVER, PLACE, HuntersState
from .text import describe, revealed, why_illegal
from .turns import do_meeple, do_place, new_state
from .view import view

SKIP = {"type": "skip"}


class HuntersRules(Rules):
    name = "hunters"
    title = N_("Carcassonne: Hunters and Gatherers")
    min_players = 2
    max_players = 5

    def setup(self, n_players: int, seed: int, options: Any) -> HuntersState:
        return new_state(n_players, seed)

    def current_player(self, state: HuntersState) -> Optional[int]:
        return None if state.phase == OVER else state.cur

    def legal_moves(self, state: HuntersState) -> List[Dict[str, Any]]:
        if state.phase == PLACE:
            return [{"type": "place", "x": x, "y": y, "rot": r} for x, y, r in state.spots]
        if state.phase == MEEPLE:
            out: List[Dict[str, Any]] = [
                {"type": "meeple", "piece": p, "role": role}
                for p, role in meeple_options(state, state.just, state.cur)]
            out.append({"type": "skip"})
            return out
        return []

    def apply(self, state: HuntersState, move: Dict[str, Any]) -> None:
        kind = move["type"]
        if kind == "place":
            do_place(state, move["x"], move["y"], move["rot"])
        elif kind == "meeple":
            do_meeple(state, move["piece"], move["role"])
        else:
            do_meeple(state, -1, "")

    def scores(self, state: HuntersState) -> List[Dict[str, Any]]:
        return [{"total": sum(row), "breakdown": dict(zip(CATEGORIES, row))} for row in state.score]

    def view(self, state: HuntersState, seat: Optional[int] = None) -> Dict[str, Any]:
        return view(state, seat)

    def determinize(self, state: HuntersState, seat: int, rng: Rng) -> HuntersState:
        """Hidden: the order of the face-down land and bonus stacks (their
        contents are public: the decks minus every tile drawn) and the
        state's rng.  The tile in hand is shown to everyone."""
        s = state.copy()
        for stack in (s.land, s.bonus):
            stack.sort()
            rng.shuffle(stack)
        s.rng = Rng(rng.next64())
        return s

    score_categories = {"rivers": N_("Rivers"), "forests": N_("Forests"), "huts": N_("Huts"),
                        "hunters": N_("Hunters")}
    #: placing no tribe member changes nothing
    idle_moves = frozenset({"skip"})

    def starts_turn(self, state: HuntersState, move: Dict[str, Any], last_seat: Any) -> bool:
        """A turn begins by placing the drawn land tile; a bonus tile earned
        that turn is placed in the same turn."""
        return move.get("type") == "place" and not state.drawn_bonus


    def mark_basis(self, state: Any, move: Dict[str, Any]) -> Any:
        return _marks.mark_basis(state, move)

    def marks(self, state: Any, move: Dict[str, Any], basis: Any) -> List[Dict[str, Any]]:
        return _marks.marks(state, move, basis)

    def describe(self, state: HuntersState, move: Dict[str, Any]) -> Any:
        return describe(state, move)

    def revealed(self, counts: Any, state: HuntersState, move: Dict[str, Any]) -> Any:
        return revealed(counts, state, move)

    def labels(self, state: HuntersState, legal: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        """Each legal move's button text (see :mod:`.labels`)."""
        return _labels.labels(state, legal)

    def why_illegal(self, state: HuntersState, move: Dict[str, Any], legal: List[Dict[str, Any]]) -> str:
        return why_illegal(state, move, legal)
