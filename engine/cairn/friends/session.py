"""A friends' game in play: the log of entries, its hash chain and its draws.

The log is a list of entries (:mod:`cairn.friends.entries`), each made by one
participant (its *author*):

* a move: the seat to move plays its ``i``-th legal move (the author is the
  participant holding that seat).  A move that reveals hidden information
  (:func:`cairn.core.chance.reveals`) is not played yet: it waits for its draw;
* a draw value: participant ``p`` reveals the next value of its hash chain.
  Right after a revealing move come the mover's value, then the *resolver*'s
  (another participant, chosen from the position: the one who moves next,
  else the next seat's holder; :meth:`Session.resolver`); with both, draw
  ``d`` is ``commit.draw_entropy(gid, d, [mover, resolver])`` and the move is
  played with it.  The resolver reveals only once the move is fixed and
  signed, and the mover's value was never shown before: no one can work out
  the draw before the move is made, and neither can aim it;
* a hand-over: participant ``q`` stopped answering; a majority of the others
  signed that its seats be played by a bot from now on (the author: the
  first of them, the one who completed the majority; the one who asked
  next).  A draw waiting for ``q`` is given by another participant still
  playing; with none left (two players) the move waiting for it is taken
  back, nothing drawn (set-ups of version 3 on: before, the other's value
  alone made it, which that player could work out before asking);
* a seat taken back: ``q`` (on its old device or a new one) plays its seats
  again with the key in the entry and a new chain (its *epoch*: every value
  before is spent), a majority of the others having accepted it;
* evidence: a participant signed two versions of the log (kept for everyone
  to check).

``heads[0]`` is the set-up's digest and ``heads[i + 1] = H(heads[i], entry i)``;
each participant signs the head after its own last entry (one signature
covers everything before it), with the key its seat has at that point.
Signatures are made and checked by the page (WebCrypto); this module says
which head each must cover (:class:`Check`).

A session is *strict* (``strict``) while it takes in entries new to the
device (a link's, another version's, a whole game sent to it): then a
hand-over must be of the participant the game waits for, a seat given to
another device with a single player left to accept it too (version 3 on),
and a bot's move must be the one the bot makes there (every device plays it
itself: :func:`cairn.bots.fixed_move`, the game's seed).  Whether the turn
clock ran out is each device's own records' to say (:mod:`cairn.friends.ops`).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..core import chance
from ..core.api import new_game
from ..core.errors import IllegalMove
from . import commit, lobby
from ..core.codec import LinkError, unb64
from .entries import EVIDENCE, MOVE, REJOIN, RETIRE, REVEAL, Entry, encode, entry_bytes
# (the messages signed and a majority are the messages module's; imported from here by others)
from .messages import (Check, asker, majority, refused, rejoin_message, request_message,  # noqa: F401
                       retire_message, turn_message)
from .seatlog import BOT_LEVEL, SeatEntries  # noqa: F401


class Pending:
    """A revealing move waiting for its draw."""

    __slots__ = ("move", "seat", "at", "need", "got")

    def __init__(self, move: Dict[str, Any], seat: int, at: int, need: List[int]) -> None:
        self.move, self.seat, self.at, self.need = move, seat, at, need
        self.got: List[Tuple[int, bytes]] = []

    def copy(self) -> "Pending":
        p = Pending(self.move, self.seat, self.at, self.need[:])
        p.got = self.got[:]
        return p

    @property
    def waiting_for(self) -> int:
        return self.need[len(self.got)]


class Session(SeatEntries):
    """The log of a friends' game and the game it makes."""

    def __init__(self, setup: Dict[str, Any]) -> None:
        lobby.check_setup(setup, complete=True)
        self.setup = setup
        self.gid = unb64(setup["gid"])
        self.depth: int = setup["depth"]
        self.clock: int = lobby.clock_of(setup)
        self.version: int = setup["v"]
        self.seed: int = lobby.seed_of(setup)
        self.strict = False                 # entries new to the device: see the module's docstring
        self.bot_check = True               # strict: bots' moves played again (not a whole game's past)
        parts = setup["parts"]
        self.names = [p["name"] for p in parts]
        # each participant's keys: [(first head index it signs, alg, key)], one per epoch
        self.keys: List[List[Tuple[int, str, str]]] = [[(0, p["alg"], p["key"])] for p in parts]
        # the chain of the current epoch: c_0 (the anchor), c_1, ... revealed; the next is c_len
        self.values: List[List[bytes]] = [[unb64(p["anchor"]), unb64(p["first"])] for p in parts]
        self.anchors = {v[0] for v in self.values}
        self.owner: List[int] = [s["owner"] for s in setup["seats"]]
        self.retired: List[int] = []
        self.game = new_game(setup["game"], players=lobby.engine_seats(setup),
                             seed=self.seed, options=setup["options"])
        self.game.chance = chance.GIVEN
        self.entries: List[Entry] = []
        self.authors: List[int] = []
        self.epochs: List[int] = []         # the author's epoch at each entry
        self.turns: List[int] = []          # the game's turn each entry belongs to
        self.heads: List[bytes] = [lobby.setup_digest(setup)]
        self.pending: Optional[Pending] = None
        self.draws = 0
        # participant -> (head index, signature) with its current key; older epochs' newest
        self.sigs: Dict[int, Tuple[int, bytes]] = {}
        self.past: Dict[Tuple[int, int], Tuple[int, bytes]] = {}
        self.votes: List[Check] = []        # the signatures inside entries (votes, requests, evidence)
        self.events: List[Dict[str, Any]] = []   # hand-overs, seats taken back, double signers

    # -- copies ------------------------------------------------------------
    def copy(self) -> "Session":
        s = Session.__new__(Session)
        s.__dict__.update(self.__dict__)
        s.keys = [k[:] for k in self.keys]
        s.values = [v[:] for v in self.values]
        s.anchors = set(self.anchors)
        s.owner, s.retired = self.owner[:], self.retired[:]
        s.game = self.game.clone()
        s.game.meta = {k: (v[:] if isinstance(v, list) else v) for k, v in self.game.meta.items()}
        s.entries, s.authors, s.epochs = self.entries[:], self.authors[:], self.epochs[:]
        s.turns, s.heads = self.turns[:], self.heads[:]
        s.pending = self.pending.copy() if self.pending else None
        s.sigs, s.past, s.votes, s.events = dict(self.sigs), dict(self.past), self.votes[:], [dict(e) for e in self.events]
        return s

    def truncated(self, n: int) -> "Session":
        """The session as it was after its first ``n`` entries (replayed)."""
        s = Session(self.setup)
        for e in self.entries[:n]:
            s.append(e)
        s.sigs = {p: v for p, v in self.sigs.items() if v[0] <= n and s.epoch(p) == self.epoch(p)}
        s.past = {k: v for k, v in self.past.items() if v[0] <= n}
        for p, v in self.sigs.items():
            if v[0] <= n and s.epoch(p) != self.epoch(p):
                s.past[(p, self.epoch(p))] = v
        return s

    # -- who and what --------------------------------------------------------
    @property
    def parts(self) -> int:
        return len(self.names)

    def active(self) -> List[int]:
        return [p for p in range(self.parts) if p not in self.retired]

    @property
    def host(self) -> int:
        """The first participant still playing: it plays the bots."""
        return self.active()[0]

    def epoch(self, p: int) -> int:
        """``p``'s epoch now (0 until its seat is first taken back)."""
        return len(self.keys[p]) - 1

    def tag(self, p: int) -> int:
        """What ``p``'s chain of now is bound to: its participant number at
        first; a chain begun when the seat is taken back was committed before
        the device knew which seat it would be (its anchor, used once, binds it)."""
        return p if self.epoch(p) == 0 else commit.ANY_SEAT

    def key_of(self, p: int, epoch: Optional[int] = None) -> Tuple[str, str]:
        _start, alg, key = self.keys[p][self.epoch(p) if epoch is None else epoch]
        return alg, key

    def expect(self) -> Tuple[str, Optional[int]]:
        """What the next entry must be: ("r", participant), ("m", seat) or ("over", None)."""
        if self.pending:
            return REVEAL, self.pending.waiting_for
        seat = self.game.current_player
        return (MOVE, seat) if seat is not None else ("over", None)

    def next_actor(self) -> Optional[int]:
        """The participant who must add the next entry (None: the game is over)."""
        kind, who = self.expect()
        if kind == MOVE:
            return self.owner[who]
        return who

    def wait_here(self) -> Optional[List[Any]]:
        """The wait the game is at: the participant to act, the log's length
        and the start of its head (None: the game is over).  A device notes
        when it first saw each (:mod:`cairn.friends.status`): the turn clock
        of a hand-over there runs from then by its records."""
        q = self.next_actor()
        if q is None:
            return None
        n = len(self.entries)
        return [q, n, self.heads[n][:4].hex()]

    def last_entry(self, p: int, epoch: Optional[int] = None) -> int:
        """The number of entries up to ``p``'s last one (0: none); ``epoch``:
        its last one of that epoch."""
        for i in range(len(self.authors) - 1, -1, -1):
            if self.authors[i] == p and (epoch is None or self.epochs[i] == epoch):
                return i + 1
        return 0

    def seen_by(self, p: int, epoch: Optional[int] = None) -> int:
        """The point ``p``'s device (of ``epoch``: the one holding that key;
        the current one by default) is sure to have seen: the end of its own
        last entry, or the entry that gave it the key (a device that took its
        seat back got the log up to there)."""
        e = self.epoch(p) if epoch is None else epoch
        start = self.keys[p][e][0] if e else 0
        return max(self.last_entry(p, e) if epoch is not None else self.last_entry(p), start)

    def signed_upto(self, p: int) -> Optional[int]:
        got = self.sigs.get(p)
        return got[0] if got else None

    def unsigned(self, p: int) -> bool:
        """Whether ``p`` has entries of its current key (or, the host, the
        set-up) it has not signed yet."""
        j = self.signed_upto(p)
        want = self.last_entry(p, self.epoch(p))
        if j is None:
            return want > 0 or (p == 0 and self.epoch(0) == 0)
        return want > j

    # -- the log -----------------------------------------------------------
    def append(self, entry: Entry, ms: Optional[int] = None) -> None:
        """Add one entry, checked against the position; LinkError (nothing
        changes) when it does not belong there."""
        kind = entry[0]
        turn = self.game.turn_now
        if kind == RETIRE:
            author = self._retire(entry, turn)
        elif kind == REJOIN:
            author = self._rejoin(entry, turn)
        elif kind == EVIDENCE:
            author = self._evidence(entry)
        elif self.pending is not None:
            author = self._reveal(entry, turn)
        elif kind == MOVE:
            author = self._move(entry, turn)
        else:
            raise refused("out_of_turn", "a draw value came where a move was due", turn=turn)
        self.entries.append(entry)
        self.authors.append(author)
        self.epochs.append(self.epoch(author))
        self.turns.append(turn)
        self.heads.append(commit.digest(self.heads[-1], entry_bytes(entry)))
        self._settle_draw()

    def _move(self, entry: Entry, turn: int) -> int:
        seat = self.game.current_player
        if seat is None:
            raise refused("illegal", "a move came after the end of the game", turn=turn)
        legal = self.game.legal_moves()
        i = entry[1]
        mover = self.owner[seat]
        if not isinstance(i, int) or not 0 <= i < len(legal):
            raise refused("illegal", f"a move of {self.seat_name(seat)} is not one of the legal moves",
                          seat=seat, part=mover, turn=turn)
        move = legal[i]
        if self.strict and self.bot_check and self.game.seats[seat].kind == "bot" and move != self.bot_move():
            raise refused("bot_move", f"a move of {self.seat_name(seat)}, a bot, is not the bot's move",
                          seat=seat, seat_name=self.seat_name(seat), part=mover, turn=turn)
        try:
            self.game.play(move)
        except chance.ChanceNeeded:
            self.pending = Pending(move, seat, len(self.entries), self._shares_for(seat, move, mover))
        return mover

    def bot_move(self) -> Dict[str, Any]:
        """The move of the bot to move, as every device plays it (exactly its
        level's iterations, the game's seed)."""
        from ..bots import fixed_move
        return fixed_move(self.game, self.seed)

    def _shares_for(self, seat: int, move: Dict[str, Any], mover: int) -> List[int]:
        r = self.resolver(seat, move, mover)
        return [mover] if r is None else [mover, r]

    def resolver(self, seat: int, move: Dict[str, Any], mover: int) -> Optional[int]:
        """Who gives the second half of the draw of ``move`` (by ``mover``'s
        ``seat``): the holder of the seat that moves next, when that is another
        participant still playing, else the first such holder after ``seat``;
        None when no one else plays any more."""
        others = [p for p in self.active() if p != mover]
        if not others:
            return None
        rules = self.game.rules
        trial = rules.copy(self.game.state)
        rules.apply(trial, move)
        nxt = rules.current_player(trial)
        if nxt is not None and self.owner[nxt] in others:
            return self.owner[nxt]
        n = len(self.owner)
        for k in range(1, n + 1):
            o = self.owner[(seat + k) % n]
            if o in others:
                return o
        return others[0]

    def _reveal(self, entry: Entry, turn: int) -> int:
        p = self.pending.waiting_for
        if entry[0] != REVEAL or entry[1] != p:
            raise refused("missing_draw", f"the draw value of {self.names[p]} is missing", part=p, turn=turn)
        value = entry[2]
        k = len(self.values[p])
        if k > self.depth or not commit.follows(self.values[p][-1], value, self.gid, self.tag(p), k):
            raise refused("bad_reveal", f"{self.names[p]}'s draw value does not match their commitment", part=p, turn=turn)
        self.values[p].append(value)
        self.pending.got.append((p, value))
        return p

    def _settle_draw(self) -> None:
        pend = self.pending
        if pend is None or len(pend.got) < len(pend.need):
            return
        entropy = commit.draw_entropy(self.gid, self.draws, pend.got)
        self.game.play(pend.move, entropy=entropy)
        self.draws += 1
        self.pending = None

    # -- a device's own entries ----------------------------------------------
    def play(self, me: int, move: Dict[str, Any], root: Optional[bytes], first_epoch: int = 0) -> None:
        """``me`` plays ``move`` for the seat to move (IllegalMove when that seat
        is not ``me``'s or the move is not legal); a revealing move adds ``me``'s
        draw value at once."""
        kind, seat = self.expect()
        if kind != MOVE:
            raise IllegalMove("the game is waiting for a draw" if kind == REVEAL else "the game is over")
        if self.owner[seat] != me:
            raise IllegalMove(f"it is {self.seat_name(seat)}'s turn, played on another device")
        legal = self.game.legal_moves()
        move = self._canonical(move)
        if move not in legal:
            raise IllegalMove(self.game.rules.why_illegal(self.game.state, move, legal), move)
        self.append((MOVE, legal.index(move)))
        self.reveal_mine(me, root, first_epoch)

    @staticmethod
    def _canonical(move: Any) -> Dict[str, Any]:
        from ..core.game import canonical_move
        return canonical_move(move)

    def reveal_mine(self, me: int, root: Optional[bytes], first_epoch: int = 0) -> bool:
        """Add ``me``'s draw values while the log waits for them; True if any.
        ``root``: the device's secret root; ``first_epoch``: the epoch of its
        seat that root began (a device that took the seat over later)."""
        added = False
        while self.pending is not None and self.pending.waiting_for == me:
            if root is None:
                raise LinkError("no_secret", "this device has lost its secret for this game")
            k = len(self.values[me])
            e = self.epoch(me)
            chain_root = root if e == first_epoch else commit.epoch_root(root, e)
            self.append((REVEAL, me, commit.chain_value(chain_root, self.gid, self.tag(me), k, self.depth)))
            added = True
        return added

    def undo(self, me: int) -> None:
        """Take back ``me``'s last move when it was not sent yet (not signed)
        and revealed nothing (a move waiting for its draw can be taken back:
        nothing was drawn)."""
        floor = self.signed_upto(me) or 0
        if not self.entries or self.authors[-1] != me or len(self.entries) <= floor:
            raise IllegalMove("nothing of yours to take back since you sent your turn")
        pend = self.pending
        if pend is not None and pend.at == len(self.entries) - 2 and len(pend.got) == 1 and pend.got[0][0] == me:
            self._pop(2)
            self.values[me].pop()
            self.pending = None
            return
        if self.entries[-1][0] != MOVE or pend is not None:
            raise IllegalMove("a draw was made since: it cannot be taken back")
        self.game.undo()   # IllegalMove when the move revealed something
        self._pop(1)

    def _pop(self, n: int) -> None:
        for lst in (self.entries, self.authors, self.epochs, self.turns, self.heads):
            del lst[len(lst) - n:]

    # -- signatures ------------------------------------------------------------
    def turn_message(self, j: int) -> bytes:
        """What a participant signs after its entries up to ``j``."""
        return turn_message(self.gid, j, self.heads[j])

    def to_sign(self, me: int) -> Optional[Tuple[int, bytes]]:
        """(head index, message) ``me`` must sign before sending, or None."""
        if not self.unsigned(me):
            return None
        j = self.last_entry(me, self.epoch(me))
        return j, self.turn_message(j)

    def signers(self, start: int, end: int) -> List[Tuple[int, int, int]]:
        """``(participant, epoch, head index)`` of each signature a stretch
        ``start..end`` of the log needs: one per author and epoch there (of the
        head after its last entry there), and the host's when it starts at the
        set-up."""
        last: Dict[Tuple[int, int], int] = {}
        for i in range(start, end):
            last[(self.authors[i], self.epochs[i])] = i + 1
        if start == 0:
            last.setdefault((0, 0), 0)
        return sorted((p, e, j) for (p, e), j in last.items())

    def signature(self, p: int, epoch: int) -> Optional[bytes]:
        got = self.sigs.get(p) if epoch == self.epoch(p) else self.past.get((p, epoch))
        return got[1] if got else None

    def checks(self, start: int, end: int, sigs: Dict[Tuple[int, int], bytes]) -> List[Check]:
        """The signatures a link covering entries ``start..end`` must carry
        (``sigs``: by participant and epoch); LinkError when one is missing."""
        out = []
        for p, e, j in self.signers(start, end):
            if (p, e) not in sigs:
                raise LinkError("unsigned", f"the link lacks {self.names[p]}'s signature", part=p,
                                turn=self.turns[j - 1] if j else 0)
            out.append(Check(p, self.turn_message(j), sigs[(p, e)], *self.key_of(p, e), "turn", j, e))
        return out

    def keep_signatures(self, checked: List[Check]) -> None:
        """Keep each participant's newest signature of each epoch (once the page checked them)."""
        for c in checked:
            if c.kind != "turn":
                continue
            if c.ke == self.epoch(c.p):
                old = self.sigs.get(c.p)
                if old is None or old[0] <= c.j:
                    self.sigs[c.p] = (c.j, c.sig)
            else:
                old = self.past.get((c.p, c.ke))
                if old is None or old[0] <= c.j:
                    self.past[(c.p, c.ke)] = (c.j, c.sig)

    # -- encoding ----------------------------------------------------------------
    def encode(self, start: int = 0, end: Optional[int] = None) -> bytes:
        return encode(self.entries[start:end])

    def seat_name(self, seat: int) -> str:
        return self.game.seats[seat].name


