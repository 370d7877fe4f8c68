"""The chain of 14 spaces: setup, taking a tile, and the end of a turn.

The chain always runs from the rearmost figure (whose turn it is) forward;
exactly one space - the one behind the rearmost figure - stays empty between
turns.  At the end of a turn, tiles left behind the new rearmost figure are
removed from the game, new tiles are drawn onto the front until 13 spaces
are filled again, and whenever the last tile of stack 1, 2 or 3 reaches the
board a scoring follows at once (the third one ends the game).  With 2-3
players the die is a figure: when it is rearmost it is rolled and jumps that
many tiles forward - figures are not counted (Romanian rulebook; the
Portuguese text says the opposite, we follow the original's "nicht
mitgezählt" as the rule notes do) - and the tile it lands on is removed.
"""
from __future__ import annotations

from typing import Optional

from .scoring import final_scoring, scoring_round
from .state import GlenMoreState, Spot
from .tiles import STACKS, TILES
from ..core.i18n import msg, name

DIE_FACES = (1, 1, 1, 2, 2, 3)
SPACES = 14


def setup_chain(state: GlenMoreState) -> None:
    """Figures on spaces 0..n-1 (start player rearmost), the die next (2-3
    players), tiles on the rest but space 13, which stays empty."""
    rng = state.rng
    for s in range(4):
        ids = list(STACKS[s])
        rng.shuffle(ids)
        state.stacks[s] = ids
    for seat, p in enumerate(state.players):
        p.display[(0, 0)] = Spot(STACKS[4][seat], clansmen=1)
    state.market = [1] * 5 if state.n <= 3 else [0] * 5
    chain = state.chain
    for seat in range(state.n):
        chain[seat] = ("fig", seat)
    first_tile = state.n
    if state.uses_die:
        chain[state.n] = ("die",)
        first_tile += 1
    for space in range(first_tile, SPACES - 1):
        chain[space] = ("tile", _draw(state))
    state.current = 0


def _draw(state: GlenMoreState) -> Optional[int]:
    while state.stack_index < 4 and not state.stacks[state.stack_index]:
        state.stack_index += 1
    if state.stack_index >= 4:
        return None
    state.reveals += 1
    return state.stacks[state.stack_index].pop()


def _gap_end(chain) -> int:
    """The last empty space of the empty run (the one just behind the rear)."""
    for i in range(SPACES):
        if chain[i] is None and chain[(i + 1) % SPACES] is not None:
            return i
    raise AssertionError("the chain has no empty space")


def tiles_to_draw(state: GlenMoreState) -> int:
    """How many tiles the end of the current turn will draw (before any die)."""
    return _refill(list(state.chain))


def _refill(chain: list) -> int:
    """Do the end-of-turn bookkeeping of ``settle`` on ``chain`` with blank
    tiles, up to (not including) any die roll; return how many tiles it drew.
    The count depends only on where the figures and tiles stand, never on
    which tiles are drawn."""
    last = _gap_end(chain)
    j = (last + 1) % SPACES
    while chain[j][0] == "tile":  # left behind
        chain[j] = None
        last = j
        j = (j + 1) % SPACES
    drawn = 0
    space = last
    while chain[(space - 1) % SPACES] is None:
        space = (space - 1) % SPACES
        chain[space] = ("tile", -1)
        drawn += 1
    return drawn


def is_last_turn(state: GlenMoreState) -> bool:
    """True when the current turn is certainly the mover's last one.

    Rule: a player must keep at least one clan member on the display "at
    least until the last turn" (Portuguese "pelo menos até sua última
    jogada", Romanian "macar pana in ultimul tur"); in that certain last turn
    the last clan member may become a chieftain.  The game ends the moment
    stack 3's last tile is drawn, so the turn is the mover's last when, for
    every die roll and every choice of the other players, that happens before
    the mover is rearmost again.  How many tiles get drawn depends only on
    the chain, never on the hidden order of the stacks:

    - this turn's refill draws one tile per emptied space and per tile left
      behind (``tiles_to_draw``);
    - then every piece between the empty space and the mover must pass the
      mover before the mover is rearmost again, and each draws tiles doing so.
      The die, if it is rearmost, rolls until it passes the first figure ahead
      of it: whatever it rolls, each of the ``m`` tiles between them leaves
      the game (landed on or left behind) and so does the tile it finally
      lands on - exactly ``m + 1`` draws.  Any other piece (a player, or the
      die when not rearmost) draws at least one tile on its turn, as it
      leaves its space; more is never assumed (how far a player moves is a
      choice), so "certain" is never claimed for a turn that may not be last.

    The turn is certainly the last when those draws empty the stacks.  This
    covers the mover's own refill drawing the final tile; with 2-3 players the
    die moving next and drawing it; and, for any player count, the refill
    leaving one tile while the mover is no longer rearmost.  A mover who is
    rearmost again plays again: never the last turn while tiles are left.
    """
    left = sum(len(s) for s in state.stacks[state.stack_index:])
    chain = list(state.chain)
    left -= _refill(chain)
    if left <= 0:
        return True
    rear = space = (_gap_end(chain) + 1) % SPACES
    draws = 0
    while chain[space] != ("fig", state.current):
        piece = chain[space]
        if piece[0] == "die" and space == rear:
            m = 0
            j = (space + 1) % SPACES
            while chain[j][0] == "tile":
                m += 1
                j = (j + 1) % SPACES
            draws += m + 1
        elif piece[0] != "tile":
            draws += 1
        space = (space + 1) % SPACES
    return left <= draws


def settle(state: GlenMoreState) -> None:
    """End-of-turn bookkeeping until a player is rearmost (or the game ends)."""
    chain = state.chain
    while True:
        last = _gap_end(chain)
        j = (last + 1) % SPACES
        while chain[j][0] == "tile":  # left behind: out of the game
            state.journal.append(msg("{tile} is left behind and removed", tile=name(TILES[chain[j][1]].name)))
            chain[j] = None
            last = j
            j = (j + 1) % SPACES
        start = last
        while chain[(start - 1) % SPACES] is None:
            start = (start - 1) % SPACES
        space = start
        while space != last:
            tid = _draw(state)
            if tid is None:  # cannot happen: the game ends on stack 3's last tile
                break
            chain[space] = ("tile", tid)
            stack = state.stack_index
            if stack >= 1 and not state.stacks[stack]:
                scoring_round(state, stack)
                if stack == 3:
                    final_scoring(state)
                    state.phase = "over"
                    state.current = None
                    return
            space = (space + 1) % SPACES
        rear = (last + 1) % SPACES
        if chain[rear][0] == "die":
            _roll_die(state, rear)
            continue
        state.current = chain[rear][1]
        return


def _roll_die(state: GlenMoreState, at: int) -> None:
    chain = state.chain
    roll = DIE_FACES[state.rng.below(6)]
    state.reveals += 1
    state.die_roll = roll
    j = at
    seen = 0
    while seen < roll:
        j = (j + 1) % SPACES
        if chain[j] is not None and chain[j][0] == "tile":
            seen += 1
    state.journal.append(msg("The die rolls {n} and removes {tile}", n=roll, tile=name(TILES[chain[j][1]].name)))
    chain[at] = None
    chain[j] = ("die",)
