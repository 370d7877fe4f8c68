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
  first of them);
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
"""
from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from ..core import chance, i18n
from ..core.api import new_game
from ..core.errors import IllegalMove
from ..core.seats import Seat
from . import commit, lobby
from ..core.codec import LinkError, b64, unb64
from .entries import EVIDENCE, MOVE, REJOIN, RETIRE, REVEAL, Entry, encode, entry_bytes, read_entries

BOT_LEVEL = "medium"   # what plays a seat whose player stopped answering


class Check(NamedTuple):
    """A signature the page must verify: ``p``'s (with ``alg``/``key``) of
    ``message``.  ``kind``: "turn" (the head after its entries, ``j``; ``ke``
    its key's epoch), "vote", "request" (a seat asked back), "evidence",
    "sender" (a whole link), "invite", "join"."""
    p: int
    message: bytes
    sig: bytes
    alg: str
    key: str
    kind: str
    j: int = -1
    ke: int = 0


def refused(code: str, message: str, **info: Any) -> LinkError:
    return LinkError(code, message, **info)


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
        self.clock: int = lobby.clock_of(setup)
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
                             seed=lobby.seed_of(setup), options=setup["options"])
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

    def last_entry(self, p: int, epoch: Optional[int] = None) -> int:
        """The number of entries up to ``p``'s last one (0: none); ``epoch``:
        its last one of that epoch."""
        for i in range(len(self.authors) - 1, -1, -1):
            if self.authors[i] == p and (epoch is None or self.epochs[i] == epoch):
                return i + 1
        return 0

    def seen_by(self, p: int) -> int:
        """The point ``p`` is sure to have seen: the end of its own last entry,
        or the entry that gave its seat a new key (a device that took its seat
        back got the log up to there)."""
        start = self.keys[p][-1][0] if self.epoch(p) else 0
        return max(self.last_entry(p), start)

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

    def _voters(self, q: int, votes, need: int, what: str, turn: int) -> List[int]:
        voters = [v for v, _ in votes]
        if len(set(voters)) != len(voters) or len(voters) < need \
                or any(v == q or v not in self.active() for v in voters):
            raise refused("bad_vote", f"a vote to {what} lacks a majority", part=q, turn=turn)
        return voters

    def _retire(self, entry: Entry, turn: int) -> int:
        _, q, votes, minutes = entry
        if q not in self.active() or len(self.active()) < 2:
            raise refused("bad_vote", "a vote names a player who is not playing", turn=turn)
        voters = self._voters(q, votes, majority(len(self.active()) - 1), "hand a seat to a bot", turn)
        at = len(self.entries)
        for v, sig in votes:
            self.votes.append(Check(v, retire_message(self.gid, q, at, self.heads[at]), sig, *self.key_of(v), "vote"))
        self.retired.append(q)
        host = self.host
        seats = list(self.game.seats)
        for s, o in enumerate(self.owner):
            if o == q:
                self.owner[s] = host
                seats[s] = Seat(kind="bot", level=BOT_LEVEL, name=seats[s].name)
        self.game.seats = seats
        self._redirect_draw(q)
        self._note("bot", q, turn, voters, minutes, at)
        return voters[0]

    def _redirect_draw(self, q: int) -> None:
        """A draw waiting for ``q``, who left: someone still playing gives it."""
        pend = self.pending
        if pend is None:
            return
        missing = [p for p in pend.need[len(pend.got):] if p != q]
        got = [p for p, _ in pend.got]
        if q in pend.need[len(pend.got):]:
            r = self.resolver(pend.seat, pend.move, self.owner[pend.seat])
            if r is not None and r not in got and r not in missing:
                missing.append(r)
            elif not got and not missing:
                missing.append(self.owner[pend.seat])
        pend.need = got + missing

    def _rejoin(self, entry: Entry, turn: int) -> int:
        _, q, alg, key, anchor, minutes, request, votes = entry
        if not isinstance(q, int) or not 0 <= q < self.parts:
            raise refused("bad_vote", "a seat taken back names no player of this game", turn=turn)
        if anchor in self.anchors:
            raise refused("bad_vote", "a seat taken back reuses a chain already used", part=q, turn=turn)
        others = [p for p in self.active() if p != q]
        if not others:
            raise refused("bad_vote", "no one is left to accept a seat taken back", part=q, turn=turn)
        voters = self._voters(q, votes, majority(len(others)), "take a seat back", turn)
        key_text = b64(key)
        self.votes.append(Check(q, request_message(self.gid, alg, key, anchor), request, alg, key_text, "request"))
        message = rejoin_message(self.gid, q, alg, key, anchor)
        for v, sig in votes:
            self.votes.append(Check(v, message, sig, *self.key_of(v), "vote"))
        at = len(self.entries)
        if q in self.sigs:
            self.past[(q, self.epoch(q))] = self.sigs.pop(q)
        self.keys[q].append((at + 1, alg, key_text))
        self.values[q] = [anchor]
        self.anchors.add(anchor)
        if q in self.retired:
            self.retired.remove(q)
            seats = list(self.game.seats)
            for s, plan in enumerate(self.setup["seats"]):
                if plan["owner"] == q:
                    self.owner[s] = q
                    seats[s] = Seat(kind="human", name=seats[s].name)
            self.game.seats = seats
        self._note("back", q, turn, voters, minutes, at, new_key=self.keys[q][-2][2] != key_text)
        return voters[0]

    def _evidence(self, entry: Entry) -> int:
        _, author, p, at, other, sig = entry
        turn = self.game.turn_now
        if author != self.next_actor() or author not in self.active():
            raise refused("out_of_turn", "evidence of a fork came out of turn", turn=turn)
        if not isinstance(at, int) or not 0 <= at < len(self.entries) or self.authors[at] != p:
            raise refused("malformed", "evidence of a fork names no entry of that player", part=p, turn=turn)
        theirs = read_entries(other, limit=200)
        mine = self.entries[at]
        if not theirs or theirs[0] == mine or theirs[0][0] != mine[0] or mine[0] not in (MOVE, REVEAL) \
                or (mine[0] == REVEAL and theirs[0][1] != p):
            raise refused("malformed", "evidence of a fork shows no second version", part=p, turn=turn)
        head = self.heads[at]
        for e in theirs:
            head = commit.digest(head, entry_bytes(e))
        j = at + len(theirs)
        self.votes.append(Check(p, turn_message(self.gid, j, head), sig, *self.key_of(p, self.epochs[at]), "evidence"))
        self._note("fork", p, self.turns[at], [author], None, at)
        return author

    def _note(self, kind: str, q: int, turn: int, by: List[int], minutes: Optional[int], at: int, **more: Any) -> None:
        """Keep what happened to a seat: in the events (the page's) and the
        game's notes (its log, replay and final table: ``meta["notes"]``)."""
        seats = [s for s, plan in enumerate(self.setup["seats"]) if plan["owner"] == q]
        self.events.append({"kind": kind, "p": q, "turn": turn, "by": list(by), "minutes": minutes,
                            "at": at, "seats": seats, **more})
        names = [self.names[v] for v in by]
        who = self.names[q]
        if kind == "bot" and len(self.active()) < 2:
            text = i18n.msg("{name}'s seat played by a bot from turn {turn}, at {by}'s request; draws from then on not protected",
                            name=who, turn=turn, by=i18n.join(names))
        elif kind == "bot":
            text = i18n.msg("{name}'s seat played by a bot from turn {turn}, at the request of {by}",
                            name=who, turn=turn, by=i18n.join(names))
        elif kind == "back":
            text = i18n.msg("{name} took their seat back from turn {turn} with a new device (accepted by {by})", name=who, turn=turn, by=i18n.join(names)) \
                if more.get("new_key") else i18n.msg("{name} took their seat back from turn {turn} (accepted by {by})", name=who, turn=turn, by=i18n.join(names))
        else:
            text = i18n.msg("{name} signed two versions of turn {turn}: the one the others play was kept (evidence in the log)",
                            name=self.names[q], turn=turn)
        notes = list(self.game.meta.get("notes") or [])
        notes.append({"ply": len(self.game.log), "text": text})
        self.game.meta["notes"] = notes

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


def majority(others: int) -> int:
    """Votes needed among ``others`` participants (all but the one concerned)."""
    return others // 2 + 1


def turn_message(gid: bytes, j: int, head: bytes) -> bytes:
    return b"cairn-friends/turn" + gid + j.to_bytes(4, "big") + head


def retire_message(gid: bytes, q: int, at: int, head: bytes) -> bytes:
    return b"cairn-friends/retire" + gid + bytes([q]) + at.to_bytes(4, "big") + head


def request_message(gid: bytes, alg: str, key: bytes, anchor: bytes) -> bytes:
    """What a device asking for a seat signs with its key (new or the same):
    the key and the new chain's anchor it brings."""
    return commit.digest(b"cairn-friends/request", gid, alg.encode(), key, anchor)


def rejoin_message(gid: bytes, q: int, alg: str, key: bytes, anchor: bytes) -> bytes:
    """What a player accepting that ``q`` takes its seats (back) with ``key`` signs."""
    return commit.digest(b"cairn-friends/rejoin", gid, bytes([q]), alg.encode(), key, anchor)
