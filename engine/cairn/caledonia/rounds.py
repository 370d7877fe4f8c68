"""The round structure of Clans of Caledonia: 5 rounds of preparation (skipped in round 1),
actions until everyone has passed, production, and the round's scoring tile; then the final
scoring.

Turn order: clockwise from the start player in round 1 (the official solo opponent last); in
later rounds the order in which players passed.  Passing pays the money of the leftmost free
space of the next round's turn-order track (16/14/12/10; 2 players 16/14; the solo mode 16 every
pass), in round 5 too.
"""
from __future__ import annotations

from typing import List

from ..core.i18n import join, msg, name, seat_ref
from . import automa, production, scoring
from .data import GOODS, SCORING_TILES, TABLES, bracket
from .economy import draw_contract, move_price
from .state import ACTIONS, OVER, PRODUCTION, CaledoniaState
from .words import contract_name, count, money

_SOLO = TABLES["solo"]


def solo(state: CaledoniaState) -> bool:
    """The rulebook's solo mode: one player, no solo opponent."""
    return state.n == 1


# -- turns -------------------------------------------------------------------------------
def begin_actions(state: CaledoniaState) -> None:
    """Start the action phase with the first player in turn order."""
    state.phase = ACTIONS
    state.next_order = []
    for p in state.players:
        p.passed = False
    _start_turn(state, state.order[0])


def _start_turn(state: CaledoniaState, seat: int) -> None:
    state.cur = seat
    state.turn = {}
    state.pending = []
    state.moved = False


def next_turn(state: CaledoniaState) -> None:
    """The next player in turn order who has not passed; when all have passed, production."""
    order = state.order
    i = order.index(state.cur)
    for k in range(1, len(order) + 1):
        seat = order[(i + k) % len(order)]
        if not state.players[seat].passed:
            _start_turn(state, seat)
            return
    end_action_phase(state)


def pass_money(state: CaledoniaState, position: int) -> int:
    """Money for the ``position``-th player to pass (0 = first)."""
    if solo(state):
        return _SOLO["pass_money"]
    table: List[int] = TABLES["pass_money"][str(state.n)]
    return table[min(position, len(table) - 1)]


def do_pass(state: CaledoniaState) -> None:
    """The current player passes: no more actions this round; pass money; next round's order."""
    seat = state.cur
    p = state.players[seat]
    p.passed = True
    p.money += pass_money(state, len(state.next_order))
    state.next_order.append(seat)
    next_turn(state)


# -- end of the round ----------------------------------------------------------------------
def end_action_phase(state: CaledoniaState) -> None:
    state.phase = PRODUCTION
    state.pending = []
    state.turn = {}
    production.start(state)
    if not state.production:
        finish_round(state)


def finish_round(state: CaledoniaState) -> None:
    """After production: the round's scoring tile, then the next round or the final scoring."""
    scoring.score_round(state)
    _journal_round(state)
    if state.round >= TABLES["rounds"]:
        state.final = scoring.final_scores(state)
        state.phase = OVER
        return
    prepare_round(state, state.round + 1)


def _journal_round(state: CaledoniaState) -> None:
    """One readable line per seat for the production just made and one for the scoring tile
    (messages rendered late, seats by their players' names)."""
    for row in state.summary:
        seat = row.get("seat")
        if not isinstance(seat, int):
            continue
        if row.get("kind") == "production":
            if row.get("automa"):
                state.journal.append(msg("{seat} earns {money}", seat=seat_ref(seat), money=money(row.get("money", 0))))
                continue
            parts = [money(row.get("income", 0) + row.get("pounds", 0))]
            parts += [count(n, g) for g, n in (row.get("goods") or {}).items() if n]
            line = msg("{seat} produces {goods}", seat=seat_ref(seat), goods=join(parts))
            made = [count(n, g) for g, n in (row.get("made") or {}).items() if n]
            if made:
                line = msg("{line}; makes {goods}", line=line, goods=join(made))
            aged = row.get("aged") or {}
            if aged.get("whisky"):
                line = msg("{line}; {whisky} leaves the cellar fully aged ({money})", line=line,
                           whisky=count(aged["whisky"], "whisky"), money=money(aged.get("pounds", 0)))
            state.journal.append(line)
        elif row.get("kind") == "scoring":
            what = SCORING_TILES[row["tile"]]["summary"]
            glory = row.get("glory") or []
            gains = join([msg("{seat} +{n}", seat=seat_ref(i), n=g)
                          for i, g in enumerate(glory) if not state.players[i].automa])
            state.journal.append(msg("Round {round} scoring tile \u201c{tile}\u201d: {gains} glory",
                                     round=row.get("round"), tile=name(what), gains=gains))


def prepare_round(state: CaledoniaState, r: int) -> None:
    """Preparation (rounds 2-5): the last scoring tile is turned down (``state.round`` moves on),
    merchants come back to the pools, (solo mode: three market adjustments,) the export boxes are
    refilled (solo mode: then one contract is removed), the solo opponent takes its money; the
    turn order is the order of passing."""
    state.round = r
    for p in state.players:
        back = sum(abs(k) for k in p.market)
        p.pool += back
        p.market = [0] * len(GOODS)
    last_die = solo_market(state) if solo(state) else None
    refill(state)
    if last_die is not None:
        remove_by_die(state, last_die)
    state.order = state.next_order[:] or state.order
    if state.automa is not None:
        automa.prepare_round(state)
    begin_actions(state)


def refill(state: CaledoniaState) -> None:
    """Fill every empty box in play from the draw pile (3 players leave one box empty for the
    whole game; the solo mode refills all 6 boxes)."""
    used = 6 if solo(state) else TABLES["contract_slots_used"][str(state.n)]
    for i in range(used):
        if state.slots[i] is None and state.deck:
            state.slots[i] = draw_contract(state)


def solo_market(state: CaledoniaState) -> int:
    """Solo mode: three goods (rerolling a good already adjusted) each move by the price die:
    a price below the middle bracket rises by the die's absolute value, above it falls by it,
    inside it moves by the die's signed value.  Returns the last price die."""
    rng = state.rng
    done: List[str] = []
    dice = []
    d = 1
    state.reveals += 1
    while len(done) < _SOLO["market_adjustments"]:
        good = _SOLO["goods_die"][rng.below(6)]
        if good in done:
            continue
        d = _SOLO["price_die"][rng.below(6)]
        pos = state.prices[GOODS.index(good)]
        where = bracket(pos)
        steps = abs(d) if where == "lower" else -abs(d) if where == "upper" else d
        move_price(state, good, steps)
        done.append(good)
        dice.append([good, d])
    state.dice = dice

    state.journal.append(msg("Market dice: {dice}", dice=join(
        [msg("{good} {change}", good=name(g), change=f"{v:+d}") for g, v in dice])))
    return d


def remove_by_die(state: CaledoniaState, die: int) -> None:
    """Solo mode: the contract in the box named by the last price die leaves the game."""
    box = _SOLO["removal_box"][str(die)]
    if box < len(state.slots) and state.slots[box] is not None:
        # the log names the contract by what it asks (players never see internal ids)
        state.journal.append(msg("A contract leaves the game (price die {die}): {contract}",
                                 die=f"{die:+d}", contract=contract_name(state.slots[box])))
        state.slots[box] = None


def is_over(state: CaledoniaState) -> bool:
    return state.phase == OVER
