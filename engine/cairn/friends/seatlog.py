"""The entries of a friends' game's log about seats, and the notes they
leave in the game (its log, replay and final table): a seat handed to a bot,
a seat taken back (its old key's device, a new one), evidence that a player
signed two versions.  A mixin of :class:`cairn.friends.session.Session`
(the log's own module: the moves and the draws)."""
from __future__ import annotations

from typing import Any, List, Optional

from ..core import i18n
from ..core.codec import b64
from ..core.seats import Seat
from .entries import EVIDENCE, MOVE, REVEAL, Entry, entry_bytes, read_entries
from .messages import (Check, asker, majority, refused, rejoin_message, request_message, retire_message,
                       turn_message)
from . import commit

BOT_LEVEL = "medium"   # what plays a seat whose player stopped answering


class SeatEntries:
    """Hand-overs, seats taken back and evidence, as :meth:`Session.append` takes them."""

    def _voters(self, q: int, votes, need: int, what: str, turn: int) -> List[int]:
        voters = [v for v, _ in votes]
        if len(set(voters)) != len(voters) or len(voters) < need \
                or any(v == q or v not in self.active() for v in voters):
            raise refused("bad_vote", f"a vote to {what} lacks a majority", part=q, turn=turn)
        return voters

    def _retire(self, entry: Entry, turn: int) -> int:
        _, q, votes, minutes = entry
        if q not in self.active() or len(self.active()) < 2:
            raise refused("bad_vote", "a vote names a player who is not playing", part=q, turn=turn)
        voters = self._voters(q, votes, majority(len(self.active()) - 1), "hand a seat to a bot", turn)
        if self.strict and self.next_actor() != q:
            raise refused("handover_not_waited", "a seat was handed to a bot while the game was not waiting for it",
                          part=q, turn=turn, waited=self.next_actor(), by=asker(voters))
        wait = self.wait_here()
        at = len(self.entries)
        for v, sig in votes:
            self.votes.append(Check(v, retire_message(self.gid, q, at, self.heads[at]), sig, *self.key_of(v), "vote", q=q))
        self.retired.append(q)
        host = self.host
        seats = list(self.game.seats)
        for s, o in enumerate(self.owner):
            if o == q:
                self.owner[s] = host
                seats[s] = Seat(kind="bot", level=BOT_LEVEL, name=seats[s].name)
        self.game.seats = seats
        taken = self._redirect_draw(q)
        self._note("bot", q, turn, voters, minutes, at, wait=wait, taken_back=taken)
        return voters[0]

    def _redirect_draw(self, q: int) -> bool:
        """A draw waiting for ``q``, who left: someone still playing gives it;
        when no one is left to (two players; version 3 on), the move waiting
        for it is taken back, nothing drawn: True."""
        pend = self.pending
        if pend is None:
            return False
        before = len(pend.need)
        missing = [p for p in pend.need[len(pend.got):] if p != q]
        got = [p for p, _ in pend.got]
        if q in pend.need[len(pend.got):]:
            r = self.resolver(pend.seat, pend.move, self.owner[pend.seat])
            if r is not None and r not in got and r not in missing:
                missing.append(r)
            elif not got and not missing:
                missing.append(self.owner[pend.seat])
        if self.version >= 3 and len(got + missing) < before:
            # the one left alone would have made it from values it knew before asking
            self.pending = None
            return True
        pend.need = got + missing
        return False

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
        # a seat still played, given to another device by a single player: only once the
        # game has waited for it (and, each device's records say, for the turn clock)
        lone = q in self.active() and len(others) < 2 and self.version >= 3
        if lone and self.strict and self.next_actor() != q:
            raise refused("back_not_waited", "a seat still played was given to another device while the game was not waiting for it",
                          part=q, turn=turn, waited=self.next_actor(), by=voters[0])
        wait = self.wait_here() if lone else None
        key_text = b64(key)
        self.votes.append(Check(q, request_message(self.gid, alg, key, anchor), request, alg, key_text, "request", q=q))
        message = rejoin_message(self.gid, q, alg, key, anchor)
        for v, sig in votes:
            self.votes.append(Check(v, message, sig, *self.key_of(v), "vote", q=q))
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
        self._note("back", q, turn, voters, minutes, at, new_key=self.keys[q][-2][2] != key_text, wait=wait)
        return voters[0]

    def _evidence(self, entry: Entry) -> int:
        _, author, p, at, other, sig = entry
        turn = self.game.turn_now
        if author != self.next_actor() or author not in self.active():
            raise refused("out_of_turn", "evidence of a fork came out of turn", turn=turn)
        if not isinstance(at, int) or not 0 <= at < len(self.entries) or self.authors[at] != p:
            raise refused("malformed", "evidence of a fork names no entry of that player", part=p, turn=turn)
        if any(e[0] == EVIDENCE and e[2] == p and e[3] == at for e in self.entries):
            raise refused("malformed", "evidence of this fork is in the log already", part=p, turn=turn)
        theirs = read_entries(other, limit=200)
        mine = self.entries[at]
        if not theirs or theirs[0] == mine or theirs[0][0] != mine[0] or mine[0] not in (MOVE, REVEAL) \
                or (mine[0] == REVEAL and theirs[0][1] != p):
            raise refused("malformed", "evidence of a fork shows no second version", part=p, turn=turn)
        head = self.heads[at]
        for e in theirs:
            head = commit.digest(head, entry_bytes(e))
        j = at + len(theirs)
        self.votes.append(Check(p, turn_message(self.gid, j, head), sig, *self.key_of(p, self.epochs[at]), "evidence", q=p))
        self._note("fork", p, self.turns[at], [author], None, at)
        return author

    def _note(self, kind: str, q: int, turn: int, by: List[int], minutes: Optional[int], at: int, **more: Any) -> None:
        """Keep what happened to a seat: in the events (the page's) and the
        game's notes (its log, replay and final table: ``meta["notes"]``).
        ``by``: the voters, the one who completed the majority first, then
        (version 3 on) the one who asked."""
        seats = [s for s, plan in enumerate(self.setup["seats"]) if plan["owner"] == q]
        first = asker(by) if self.version >= 3 else by[0]
        self.events.append({"kind": kind, "p": q, "turn": turn, "by": list(by), "asker": first, "minutes": minutes,
                            "at": at, "seats": seats, **more})
        names = [self.names[v] for v in by]
        who = self.names[q]
        agreed = [self.names[v] for v in by if v != first]
        if kind == "bot" and len(self.active()) < 2 and more.get("taken_back"):
            text = i18n.msg("{name}'s seat played by a bot from turn {turn}, at {by}'s request; the move that waited for {name}'s draw was taken back (nothing was drawn); draws from then on not protected",
                            name=who, turn=turn, by=self.names[first])
        elif kind == "bot" and len(self.active()) < 2:
            text = i18n.msg("{name}'s seat played by a bot from turn {turn}, at {by}'s request; draws from then on not protected",
                            name=who, turn=turn, by=i18n.join(names))
        elif kind == "bot" and self.version >= 3:
            text = i18n.msg("{name}'s seat played by a bot from turn {turn}, at {asker}'s request (agreed by {others})",
                            name=who, turn=turn, asker=self.names[first], others=i18n.join(agreed))
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
