"""Scorings (after stacks 1, 2 and 3 run out) and the final scoring.

Each scoring compares three achievements - whisky barrels; chieftains plus
the bonnets on your cards; number of special-location cards - against the
player with the least, and pays the difference through the table printed
on the board.  Castle of Mey doubles your chieftains (not bonnets).
Final scoring: Iona Abbey / Loch Morar / Duart Castle cards, 1 VP per coin,
-3 VP per tile above the player with the fewest tiles.  Ties: most
resources, then shared.
"""
from __future__ import annotations

from typing import Any, Dict, List

from .board import count_colour, count_kind
from .state import GlenMoreState, Player
from .tiles import CARDS
from ..core.i18n import join, msg, seat_ref

ROMAN = ("0", "I", "II", "III")
DIFFERENCE_VP = (0, 1, 2, 3, 5, 8)  # difference 0,1,2,3,4,5+ -> VP
CATEGORIES = ("tiles", "whisky", "chieftains", "cards", "special", "coins", "tile_penalty")


def difference_vp(diff: int) -> int:
    return DIFFERENCE_VP[min(diff, 5)]


def chieftain_strength(p: Player) -> int:
    mult = 2 if "castle_of_mey" in p.cards else 1
    return p.chieftains * mult + sum(CARDS[c].bonnets for c in p.cards)


def scoring_round(state: GlenMoreState, number: int) -> None:
    """Score one of the three scorings and journal the result."""
    players = state.players
    achievements = {
        "whisky": [p.whisky for p in players],
        "chieftains": [chieftain_strength(p) for p in players],
        "cards": [len(p.cards) for p in players],
    }
    gained = {cat: [0] * len(players) for cat in achievements}
    for cat, values in achievements.items():
        low = min(values)
        for i, (p, v) in enumerate(zip(players, values)):
            vp = difference_vp(v - low)
            if vp:
                p.add_vp(cat, vp)
            gained[cat][i] = vp
    state.scorings = number
    state.journal.append(msg("Scoring {number}", number=ROMAN[number]))
    for i in range(len(players)):
        w, c, k = gained["whisky"][i], gained["chieftains"][i], gained["cards"][i]
        state.journal.append(msg("{seat} +{n} VP (whisky {whisky}, chieftains {chieftains}, cards {cards})",
                                 seat=seat_ref(i), n=w + c + k, whisky=w, chieftains=c, cards=k))


def final_card_vp(p: Any) -> int:
    """VP the player's special-location cards give at the end (per tile of a colour, per village)."""
    special = 0
    for key in p.cards:
        effect = CARDS[key].effect
        if effect.startswith("final_colour:"):
            _, colour, vp = effect.split(":")
            special += int(vp) * count_colour(p.display, colour)
        elif effect.startswith("final_village:"):
            special += int(effect.split(":")[1]) * count_kind(p.display, ("village", "start_village"))
    return special


def final_scoring(state: GlenMoreState) -> None:
    for p in state.players:
        special = final_card_vp(p)
        if special:
            p.add_vp("special", special)
        if p.coins:
            p.add_vp("coins", p.coins)
    fewest = min(len(p.display) for p in state.players)
    for p in state.players:
        extra = len(p.display) - fewest
        if extra:
            p.add_vp("tile_penalty", -3 * extra)
    state.journal.append(msg("Final scoring: {totals}", totals=join(
        [msg("{seat} {n}", seat=seat_ref(i), n=p.total_vp) for i, p in enumerate(state.players)])))


def scores(state: GlenMoreState) -> List[Dict[str, Any]]:
    return [
        {"total": p.total_vp, "breakdown": {c: p.vp.get(c, 0) for c in CATEGORIES}}
        for p in state.players
    ]


def winners(state: GlenMoreState) -> List[int]:
    """Most VP; tie: most resources left; still tied: all of them win."""
    key = [(p.total_vp, sum(p.holdings())) for p in state.players]
    best = max(key)
    return [i for i, k in enumerate(key) if k == best]
