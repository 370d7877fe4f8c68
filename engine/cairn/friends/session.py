"""A friends' game in play: the log of entries, its hash chain and its draws.

The log is a list of entries, each made by one participant (its *author*):

* ``("m", i)``: the seat to move plays its ``i``-th legal move (the author is
  the participant holding that seat).  A move that reveals hidden information
  (:func:`cairn.core.chance.reveals`) is not played yet: it waits for its draw.
* ``("r", p, v)``: participant ``p`` reveals the next value ``v`` of its hash
  chain.  Right after a revealing move come the mover's value, then the
  *resolver*'s (another participant, chosen from the position: the one who
  moves next, else the next seat's holder; :meth:`Session.resolver`); with
  both, draw ``d`` is ``commit.draw_entropy(gid, d, [mover, resolver])`` and
  the move is played with it.  The resolver reveals only once the move is
  fixed and signed, and the mover's value was never shown before: no one
  can work out the draw before the move is made, and neither can aim it.
* ``("t", q, votes)``: participant ``q`` stopped answering; a majority of the
  others signed that its seats be played by bots from now on.

``heads[0]`` is the set-up's digest and ``heads[i + 1] = H(heads[i], entry i)``;
each participant signs the head after its own last entry (one signature
covers everything before it).  Signatures are made and checked by the page
(WebCrypto); this module says which head each must cover.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core import chance
from ..core.api import new_game
from ..core.errors import IllegalMove
from ..core.seats import Seat
from . import commit, lobby
from .codec import LinkError, Reader, Writer, unb64

MOVE, REVEAL, RETIRE = "m", "r", "t"
BOT_LEVEL = "medium"   # what plays a seat whose player stopped answering
Entry = Tuple[Any, ...]


def invalid(message: str, **info: Any) -> LinkError:
    return LinkError("invalid", message, **info)


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


class Session:
    """The log of a friends' game and the game it makes."""

    def __init__(self, setup: Dict[str, Any]) -> None:
        lobby.check_setup(setup, complete=True)
        self.setup = setup
        self.gid = unb64(setup["gid"])
        self.depth: int = setup["depth"]
        parts = setup["parts"]
        self.names = [p["name"] for p in parts]
        self.keys = [(p["alg"], p["key"]) for p in parts]
        self.anchors = [unb64(p["anchor"]) for p in parts]
        self.values: List[List[bytes]] = [[unb64(p["first"])] for p in parts]   # c_1, c_2, ... revealed
        self.owner: List[int] = [s["owner"] for s in setup["seats"]]
        self.retired: List[int] = []
        self.game = new_game(setup["game"], players=lobby.engine_seats(setup),
                             seed=lobby.seed_of(setup), options=setup["options"])
        self.game.chance = chance.GIVEN
        self.entries: List[Entry] = []
        self.authors: List[int] = []
        self.turns: List[int] = []          # the game's turn each entry belongs to
        self.heads: List[bytes] = [lobby.setup_digest(setup)]
        self.pending: Optional[Pending] = None
        self.draws = 0
        self.sigs: Dict[int, Tuple[int, bytes]] = {}   # participant -> (head index, signature)
        self.votes: List[Tuple[int, bytes, bytes]] = []  # (voter, message, signature) of retire entries

    # -- copies ------------------------------------------------------------
    def copy(self) -> "Session":
        s = Session.__new__(Session)
        s.__dict__.update(self.__dict__)
        s.values = [v[:] for v in self.values]
        s.owner, s.retired = self.owner[:], self.retired[:]
        s.game = self.game.clone()
        s.entries, s.authors, s.turns, s.heads = self.entries[:], self.authors[:], self.turns[:], self.heads[:]
        s.pending = self.pending.copy() if self.pending else None
        s.sigs, s.votes = dict(self.sigs), self.votes[:]
        return s

    def truncated(self, n: int) -> "Session":
        """The session as it was after its first ``n`` entries (replayed)."""
        s = Session(self.setup)
        for e in self.entries[:n]:
            s.append(e)
        s.sigs = {p: v for p, v in self.sigs.items() if v[0] <= n}
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

    def last_entry(self, p: int) -> int:
        """The number of entries up to ``p``'s last one (0: none)."""
        for i in range(len(self.authors) - 1, -1, -1):
            if self.authors[i] == p:
                return i + 1
        return 0

    def signed_upto(self, p: int) -> Optional[int]:
        got = self.sigs.get(p)
        return got[0] if got else None

    def unsigned(self, p: int) -> bool:
        """Whether ``p`` has entries (or, the host, the set-up) it has not signed yet."""
        j = self.signed_upto(p)
        want = self.last_entry(p)
        if j is None:
            return want > 0 or p == 0
        return want > j

    # -- the log -----------------------------------------------------------
    def append(self, entry: Entry) -> None:
        """Add one entry, checked against the position; LinkError (nothing
        changes) when it does not belong there."""
        kind = entry[0]
        turn = self.game.turn_now
        if kind == RETIRE:
            author = self._retire(entry)
        elif self.pending is not None:
            author = self._reveal(entry)
        elif kind == MOVE:
            author = self._move(entry)
        else:
            raise invalid("a draw value came where a move was due")
        self.entries.append(entry)
        self.authors.append(author)
        self.turns.append(turn)
        self.heads.append(commit.digest(self.heads[-1], entry_bytes(entry)))
        self._settle_draw()

    def _move(self, entry: Entry) -> int:
        seat = self.game.current_player
        if seat is None:
            raise invalid("a move came after the end of the game")
        legal = self.game.legal_moves()
        i = entry[1]
        if not isinstance(i, int) or not 0 <= i < len(legal):
            raise invalid(f"a move of {self.seat_name(seat)} is not one of the legal moves", seat=seat)
        move = legal[i]
        mover = self.owner[seat]
        try:
            self.game.play(move)
        except chance.ChanceNeeded:
            self.pending = Pending(move, seat, len(self.entries), self._shares_for(seat, move, mover))
        return mover

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

    def _reveal(self, entry: Entry) -> int:
        p = self.pending.waiting_for
        if entry[0] != REVEAL or entry[1] != p:
            raise invalid(f"the draw value of {self.names[p]} is missing", part=p)
        value = entry[2]
        k = len(self.values[p]) + 1
        if k > self.depth or not commit.follows(self.values[p][-1], value, self.gid, p, k):
            raise LinkError("bad_reveal", f"{self.names[p]}'s draw value does not match their commitment", part=p)
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

    def _retire(self, entry: Entry) -> int:
        _, q, votes = entry
        if q not in self.active() or len(self.active()) < 2:
            raise invalid("a vote names a player who is not playing")
        need = majority(len(self.active()) - 1)
        voters = [v for v, _ in votes]
        if len(set(voters)) != len(voters) or len(voters) < need \
                or any(v == q or v not in self.active() for v in voters):
            raise invalid("a vote to hand a seat to a bot lacks a majority")
        at = len(self.entries)
        for v, sig in votes:
            self.votes.append((v, retire_message(self.gid, q, at, self.heads[at]), sig))
        self.retired.append(q)
        host = self.host
        seats = list(self.game.seats)
        for s, o in enumerate(self.owner):
            if o == q:
                self.owner[s] = host
                seats[s] = Seat(kind="bot", level=BOT_LEVEL, name=seats[s].name)
        self.game.seats = seats
        pend = self.pending
        if pend is not None:
            missing = [p for p in pend.need[len(pend.got):] if p != q]
            got = [p for p, _ in pend.got]
            if q in pend.need[len(pend.got):]:
                r = self.resolver(pend.seat, pend.move, self.owner[pend.seat])
                if r is not None and r not in got and r not in missing:
                    missing.append(r)
                elif not got and not missing:
                    missing.append(self.owner[pend.seat])
            pend.need = [p for p, _ in pend.got] + missing
        return voters[0]

    # -- a device's own entries ----------------------------------------------
    def play(self, me: int, move: Dict[str, Any], root: Optional[bytes]) -> None:
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
        self.reveal_mine(me, root)

    @staticmethod
    def _canonical(move: Any) -> Dict[str, Any]:
        from ..core.game import canonical_move
        return canonical_move(move)

    def reveal_mine(self, me: int, root: Optional[bytes]) -> bool:
        """Add ``me``'s draw values while the log waits for them; True if any."""
        added = False
        while self.pending is not None and self.pending.waiting_for == me:
            if root is None:
                raise LinkError("no_secret", "this device has lost its secret for this game")
            k = len(self.values[me]) + 1
            self.append((REVEAL, me, commit.chain_value(root, self.gid, me, k, self.depth)))
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
        for lst in (self.entries, self.authors, self.turns, self.heads):
            del lst[len(lst) - n:]

    # -- signatures ------------------------------------------------------------
    def turn_message(self, j: int) -> bytes:
        """What a participant signs after its entries up to ``j``."""
        return b"cairn-friends/turn" + self.gid + j.to_bytes(4, "big") + self.heads[j]

    def to_sign(self, me: int) -> Optional[Tuple[int, bytes]]:
        """(head index, message) ``me`` must sign before sending, or None."""
        if not self.unsigned(me):
            return None
        j = self.last_entry(me)
        return j, self.turn_message(j)

    def checks(self, start: int, end: int, sigs: Dict[int, bytes]) -> List[Tuple[int, int, bytes, bytes]]:
        """The signatures a link covering entries ``start..end`` must carry, as
        ``(participant, head index, message, signature)``: for each author there
        (and the host when it starts at the set-up), its signature of the head
        after its last entry there.  LinkError when one is missing."""
        out = []
        authors = sorted(set(self.authors[start:end]) | ({0} if start == 0 else set()))
        for p in authors:
            j = max((i + 1 for i in range(start, end) if self.authors[i] == p), default=0)
            if p not in sigs:
                raise LinkError("unsigned", f"the link lacks {self.names[p]}'s signature", part=p)
            out.append((p, j, self.turn_message(j), sigs[p]))
        return out

    def keep_signatures(self, checked: List[Tuple[int, int, bytes, bytes]]) -> None:
        """Keep each participant's newest signature (once the page checked them)."""
        for p, j, _message, sig in checked:
            old = self.sigs.get(p)
            if old is None or old[0] <= j:
                self.sigs[p] = (j, sig)

    # -- encoding ----------------------------------------------------------------
    def encode(self, start: int = 0, end: Optional[int] = None) -> bytes:
        w = Writer()
        for e in self.entries[start:end]:
            write_entry(w, e)
        return w.bytes()

    def seat_name(self, seat: int) -> str:
        return self.game.seats[seat].name


def majority(others: int) -> int:
    """Votes needed among ``others`` participants (all but the one who left)."""
    return others // 2 + 1


def retire_message(gid: bytes, q: int, at: int, head: bytes) -> bytes:
    return b"cairn-friends/retire" + gid + bytes([q]) + at.to_bytes(4, "big") + head


def write_entry(w: Writer, e: Entry) -> None:
    """One entry in a link: a number (0: a vote, 1: a draw value, 2 + i: move i), then its data."""
    if e[0] == MOVE:
        w.varint(e[1] + 2)
    elif e[0] == REVEAL:
        w.varint(1).u8(e[1]).raw(e[2])
    else:
        w.varint(0).u8(e[1]).u8(len(e[2]))
        for voter, sig in e[2]:
            w.u8(voter).raw(sig)


def read_entries(data: bytes, limit: int = 20_000) -> List[Entry]:
    r = Reader(data)
    out: List[Entry] = []
    while r.left:
        if len(out) >= limit:
            raise invalid("the link has too many entries")
        n = r.varint()
        if n >= 2:
            out.append((MOVE, n - 2))
        elif n == 1:
            out.append((REVEAL, r.u8(), r.raw(commit.VALUE_BYTES)))
        else:
            q, count = r.u8(), r.u8()
            out.append((RETIRE, q, tuple((r.u8(), r.raw(lobby.SIG_BYTES)) for _ in range(count))))
    return out


def entry_bytes(e: Entry) -> bytes:
    """An entry as the log's hash chain takes it: its kind's letter, then as a link writes it."""
    w = Writer().raw(e[0].encode())
    write_entry(w, e)
    return w.bytes()


def sig_list(sigs: Sequence[Tuple[int, bytes]]) -> Dict[int, bytes]:
    return {p: s for p, s in sigs}
