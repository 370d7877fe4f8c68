"""Glen More (Matthias Cramer) on the Cairn engine contract."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.i18n import N_
from ..core.rng import Rng
from ..core.rules import Rules
from . import labels as _labels
from . import marks as _marks
from .apply import apply_move
from .chain import setup_chain
from .moves import legal_moves
from .scoring import scores, winners
from .state import GlenMoreState
from .text import chance_counts, describe_move, revealed, why_illegal
from .view import build_view


class GlenMoreRules(Rules):
    name = "glenmore"
    title = N_("Glen More")
    min_players = 2
    max_players = 5

    def setup(self, n_players: int, seed: int, options: Any) -> GlenMoreState:
        state = GlenMoreState(n_players, Rng(seed))
        setup_chain(state)
        return state

    def current_player(self, state: GlenMoreState) -> Optional[int]:
        return state.current

    def legal_moves(self, state: GlenMoreState) -> List[Dict[str, Any]]:
        return legal_moves(state)

    def apply(self, state: GlenMoreState, move: Dict[str, Any]) -> None:
        apply_move(state, move)

    def scores(self, state: GlenMoreState) -> List[Dict[str, Any]]:
        return scores(state)

    def winners(self, state: GlenMoreState) -> List[int]:
        return winners(state)

    def view(self, state: GlenMoreState, seat: Optional[int] = None) -> Dict[str, Any]:
        return build_view(state)

    def determinize(self, state: GlenMoreState, seat: int, rng: Rng) -> GlenMoreState:
        """Hidden: the order of each face-down stack (which tiles are left in
        each stack is public) and future die rolls (the state's rng)."""
        s = state.copy()
        for stack in s.stacks:
            stack.sort()
            rng.shuffle(stack)
        s.rng = Rng(rng.next64())
        return s

    score_categories = {"tiles": N_("Tiles"), "whisky": N_("Whisky"), "chieftains": N_("Chieftains"),
                        "cards": N_("Cards"), "special": N_("Special"), "coins": N_("Coins"),
                        "tile_penalty": N_("Tile penalty")}
    #: ending activations or the turn changes nothing on the table
    idle_moves = frozenset({"end_activation", "end_turn"})

    def starts_turn(self, state: GlenMoreState, move: Dict[str, Any], last_seat: Any) -> bool:
        """A turn begins by taking a tile from the rondel (or passing when none can be taken)."""
        return move.get("type") in ("take", "pass")


    def mark_basis(self, state: Any, move: Dict[str, Any]) -> Any:
        return _marks.mark_basis(state, move)

    def marks(self, state: Any, move: Dict[str, Any], basis: Any) -> List[Dict[str, Any]]:
        return _marks.marks(state, move, basis)

    def describe(self, state: GlenMoreState, move: Dict[str, Any]) -> Any:
        return describe_move(state, move)

    def chance_counts(self, state: GlenMoreState) -> Any:
        return chance_counts(state)

    def revealed(self, counts: Any, state: GlenMoreState, move: Dict[str, Any]) -> Any:
        return revealed(counts, state, move)

    def labels(self, state: GlenMoreState, legal: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        """Each legal move's button text and cost (see :mod:`.labels`)."""
        return _labels.labels(state, legal)

    def why_illegal(self, state: GlenMoreState, move: Dict[str, Any], legal: List[Dict[str, Any]]) -> str:
        return why_illegal(state, move, legal) or super().why_illegal(state, move, legal)
