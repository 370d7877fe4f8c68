"""Turn flow: drawing tiles (with automatic discards), placing, the member
decision, scoring of completed features, the gold bonus tile, game end."""
from __future__ import annotations

from typing import List

from ..core.i18n import msg, seat_ref
from .board import place_tile, put_meeple, spots_for
from .scoring import final_scoring, score_completed
from .state import MEEPLE, OVER, PLACE, HuntersState
from .text import tile_name
from .tiles import BONUS_DECK, LAND_DECK, START, TEMPLATES


def new_state(n: int, seed: int) -> HuntersState:
    s = HuntersState(n, seed)
    place_tile(s, START, 0, 0, 0)
    s.land = s.rng.shuffled(LAND_DECK)
    s.bonus = s.rng.shuffled(BONUS_DECK)
    if not draw_land(s):  # cannot happen with the real tiles
        s.phase = OVER
    return s


def _draw(s: HuntersState, stack: List[int], bonus: bool) -> bool:
    """Draw from ``stack`` until a tile has a legal place; discard the others."""
    while stack:
        t = stack.pop()
        s.reveals += 1
        spots = spots_for(s, t)
        if spots:
            s.drawn, s.drawn_bonus, s.spots, s.phase = t, bonus, spots, PLACE
            if bonus:
                s.journal.append(msg("{seat} draws {tile}", seat=seat_ref(s.cur), tile=tile_name(TEMPLATES[t].id)))
            return True
        s.discards.append(t)
        s.journal.append(msg("The drawn tile fits nowhere and is set aside: {tile}", tile=tile_name(TEMPLATES[t].id)))
    return False


def draw_land(s: HuntersState) -> bool:
    return _draw(s, s.land, False)


def draw_bonus(s: HuntersState) -> bool:
    return _draw(s, s.bonus, True)


def do_place(s: HuntersState, x: int, y: int, rot: int) -> None:
    s.just = place_tile(s, s.drawn, x, y, rot)
    s.drawn, s.spots, s.phase = -1, [], MEEPLE


def do_meeple(s: HuntersState, piece: int, role: str) -> None:
    if role:
        put_meeple(s, s.pbase[s.just] + piece, s.cur, role)
    gold = score_completed(s, s.just)
    if gold and not s.in_bonus:
        # one bonus tile per turn: what the bonus tile completes never draws another
        s.in_bonus = True
        if draw_bonus(s):
            return
        if not s.bonus:
            s.journal.append(msg("Gold found, but the bonus pile is empty"))
    end_turn(s)


def end_turn(s: HuntersState) -> None:
    s.in_bonus = False
    s.drawn, s.drawn_bonus, s.spots = -1, False, []
    if s.land:
        s.cur = (s.cur + 1) % s.n
        s.turn += 1
        s.just = -1
        if draw_land(s):
            return
    s.phase = OVER
    final_scoring(s)
