"""``CaledoniaRules``: Clans of Caledonia on the engine contract.

1-4 seats; one seat may be the official solo opponent (seat kind ``"automa"``, level 1-5):
its only move on its turn is ``{"type": "automa"}``, which plays its card.  One human alone is
the rulebook's solo mode.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.i18n import N_, _, msg, name
from ..core.rng import Rng
from ..core.rules import Rules
from . import actions, automa, marks as _marks, production, rounds, scoring, setup, text, view
from . import labels as _labels
from .options import CaledoniaOptions
from .state import ACTIONS, AUCTION, CLAN_PICK, OVER, PRODUCTION, START_WORKERS, CaledoniaState

Move = Dict[str, Any]
PASS: Move = {"type": "pass"}
AUTOMA: Move = {"type": "automa"}


class CaledoniaRules(Rules):
    name = "caledonia"
    title = N_("Clans of Caledonia")
    min_players = 1
    max_players = 4
    Options = CaledoniaOptions
    seat_kinds = ("human", "bot", "automa")
    seat_defaults = {"automa": {"level": "3", "name": "Automa"}}   # the solo opponent at difficulty 3
    score_categories = {"glory": N_("Glory"), "basic": N_("Basic goods"), "processed": N_("Processed goods"),
                        "money": N_("Money"), "hops": N_("Hops"), "imports": N_("Imports"),
                        "contracts": N_("Contracts"), "settlements": N_("Settlements"), "bid": N_("Bid")}
    #: a turn is a seat's run of moves (the default); ending it changes nothing
    idle_moves = frozenset({"end_turn"})

    # -- setup ---------------------------------------------------------------------------
    def setup(self, n_players: int, seed: int, options: Any) -> CaledoniaState:
        return setup.new_state(["human"] * n_players, [None] * n_players, seed, options)

    def setup_seats(self, seats: List[Any], seed: int, options: Any) -> CaledoniaState:
        kinds = [s.kind for s in seats]
        if kinds.count("automa") > 1:
            raise ValueError(_("Clans of Caledonia has at most one solo-opponent (automa) seat"))
        if kinds.count("automa") == len(kinds):
            raise ValueError(_("the solo opponent needs at least one player against it"))
        return setup.new_state(kinds, [s.level for s in seats], seed, options)

    # -- the contract --------------------------------------------------------------------
    def current_player(self, state: CaledoniaState) -> Optional[int]:
        phase = state.phase
        if phase == OVER:
            return None
        if phase == ACTIONS:
            return state.cur
        if phase == PRODUCTION:
            return state.production[0]
        return setup.current_setup_seat(state)

    def legal_moves(self, state: CaledoniaState) -> List[Move]:
        phase = state.phase
        if phase == ACTIONS:
            if state.players[state.cur].automa:
                return [AUTOMA]
            moves = actions.legal(state)
            if not state.turn.get("main") and not state.pending:
                moves.append(PASS)
            return moves
        if phase == PRODUCTION:
            return production.legal(state)
        if phase == CLAN_PICK:
            return setup.pick_legal(state)
        if phase == START_WORKERS:
            return setup.start_worker_legal(state)
        if phase == AUCTION:
            return setup.auction_legal(state)
        return []

    def apply(self, state: CaledoniaState, move: Move) -> None:
        kind = move["type"]
        phase = state.phase
        state.moved = True   # (a turn that begins after this move says otherwise: rounds._start_turn)
        if phase == ACTIONS:
            if kind == "pass":
                rounds.do_pass(state)
            elif kind == "automa":
                if automa.take_turn(state):
                    rounds.do_pass(state)
                else:
                    rounds.next_turn(state)
            else:
                actions.apply(state, move)
                if state.turn.get("over"):
                    rounds.next_turn(state)
        elif phase == PRODUCTION:
            production.apply(state, move)
            if not state.production:
                rounds.finish_round(state)
        elif phase == CLAN_PICK:
            setup.pick_apply(state, move)
        elif phase == START_WORKERS:
            setup.start_worker_apply(state, move)
        elif phase == AUCTION:
            setup.auction_apply(state, move)
        if state.phase != OVER and state.phase != ACTIONS:
            state.cur = self.current_player(state)  # keep ``cur`` meaningful for views

    def scores(self, state: CaledoniaState) -> List[Dict[str, Any]]:
        return state.final if state.final is not None else scoring.final_scores(state)

    def winners(self, state: CaledoniaState) -> List[int]:
        return scoring.winners(state)

    def outcome(self, state: CaledoniaState) -> Any:
        """The solo game has a rating, not a winner (rulebook, solo mode)."""
        if state.n != 1:
            return None
        total = self.scores(state)[0]["total"]
        return msg("Solo rating: {rating} ({n} points)", rating=name(scoring.solo_rating(total)), n=total)

    def solo_ratings(self) -> List[Any]:
        """The solo mode's ratings (rulebook: Newbie to Genius) by the least total of each."""
        return [(least, name(label)) for least, label in scoring.SOLO_RATINGS]

    def view(self, state: CaledoniaState, seat: Optional[int] = None) -> Dict[str, Any]:
        return view.view(state, seat)


    def starts_turn(self, state: CaledoniaState, move: Move, last_seat: Any) -> bool:
        """A seat's run of moves, or a turn of the action phase begun (a solo player, or the one
        left when the others passed, takes turn after turn)."""
        return self.current_player(state) != last_seat or (state.phase == ACTIONS and not state.moved)

    def mark_basis(self, state: Any, move: Dict[str, Any]) -> Any:
        return _marks.mark_basis(state, move)

    def marks(self, state: Any, move: Dict[str, Any], basis: Any) -> List[Dict[str, Any]]:
        return _marks.marks(state, move, basis)

    def describe(self, state: CaledoniaState, move: Move) -> Dict[str, Any]:
        """The log line: a message rendered in the reader's language (see :mod:`.text`)."""
        return text.describe(state, move)

    def chance_counts(self, state: CaledoniaState) -> Any:
        return text.chance_counts(state)

    def revealed(self, counts: Any, state: CaledoniaState, move: Move) -> Any:
        return text.revealed(counts, state, move)

    def labels(self, state: CaledoniaState, legal: List[Move]) -> List[Dict[str, Any]]:
        """Each legal move's button text and cost, from the rules' own money (see :mod:`.labels`)."""
        return _labels.labels(state, self.current_player(state), legal)

    def why_illegal(self, state: CaledoniaState, move: Move, legal: List[Move]) -> str:
        return text.why_illegal(state, move, legal) or super().why_illegal(state, move, legal)

    def determinize(self, state: CaledoniaState, seat: int, rng: Rng) -> CaledoniaState:
        """Resample what ``seat`` cannot see: the contract draw pile's order, the solo
        opponent's draw pile, and every future die (the state's rng).  The unseen items are
        sorted, then shuffled with ``rng``.  (Contracts a player put back at the bottom of the
        pile are resampled too: that forgets a little of what the seat knows, never peeks.)"""
        s = state.copy()
        s.quiet = True  # a bot's world: nobody reads its journal
        s.deck = sorted(s.deck)
        rng.shuffle(s.deck)
        if s.automa is not None:
            s.automa.draw = sorted(s.automa.draw)
            rng.shuffle(s.automa.draw)
        s.rng = Rng(rng.next64())
        return s

    def reshuffle(self, state: CaledoniaState, rng: Rng) -> CaledoniaState:
        """Resample what no seat can see (a friends' game's fresh draws): the contract draw
        pile's order above the contracts put back at its bottom in view of everyone (their
        order is known and stays), the solo opponent's draw pile, and every future die.
        Unlike :meth:`determinize`, a real state: its journal is kept."""
        s = state.copy()
        k = s.deck_known
        unseen = sorted(s.deck[k:])
        rng.shuffle(unseen)
        s.deck = s.deck[:k] + unseen
        if s.automa is not None:
            s.automa.draw = sorted(s.automa.draw)
            rng.shuffle(s.automa.draw)
        s.rng = Rng(rng.next64())
        return s
