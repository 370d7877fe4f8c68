"""Issue 59: what a dishonest friend can do with the page's own code, refused
on every other device with its true reason.  Each attack is crafted as such
a friend would: its game read from its own stored record with the engine's
modules, entries added outside the app's buttons, signed with its own device
key (tests/friends_pages.craft); the others' devices open it through the
worker's ops, as the page does (the signatures verified first: damage on the
way is told before any accusation), with the test's clock.

1. a hand-over a minute after a turn, or while the game waited for the
   asker itself; and the draw pending at a hand-over (never made from the
   asker's value alone);
2. a start whose turn clock is not the invite's;
3. a two-player host taking the other seat by "rejoin" (the seat's own
   clock must have run out, by the old device's records too);
4. the host steering a bot seat (every device plays the bot's move itself).
"""
from __future__ import annotations

from cairn.friends import commit, links
from cairn.friends.entries import MOVE, RETIRE
from cairn.friends.held import SESSIONS
from cairn.friends.session import rejoin_message, retire_message

from friends_pages import DAY, T0, Page, b64, craft, join, ok, refusal, setup, unb64

MINUTE = 60_000


def hand_over(q: int, votes_of=()):
    """Entries a device adds itself: ``q``'s seat to a bot with its own vote
    (and ``votes_of``: others' votes it forges with its own key)."""
    def add(s, me, sign):
        at = len(s.entries)
        message = retire_message(s.gid, q, at, s.heads[at])
        votes = ((me, sign(message)),) + tuple((v, sign(message)) for v in votes_of)
        s.append((RETIRE, q, votes, (T0 + MINUTE) // 60000))
    return add


def session_of(page):
    return SESSIONS[page.gid]["s"]


def bruno_silent_a_day(ana, bruno, cara):
    """Ana plays her turn and sends it to Bruno and Cara; a day later Bruno has not answered:
    Ana votes to hand his seat to a bot, and Cara, having her vote, votes too."""
    ana.play_turn()
    link = ana.send(now=T0)
    bruno.open(link, now=T0)
    cara.open(link, now=T0)
    ana.vote(1, now=T0 + DAY)
    cara.open(ana.send(now=T0 + DAY, vote=True), now=T0 + DAY)
    cara.vote(1, now=T0 + DAY)


# -- 1. the turn clock, on the devices that receive a hand-over ----------------------------------
def test_a_hand_over_a_minute_after_a_turn_is_refused_by_the_seats_own_device():
    """Ana sends Bruno her turn; a minute later her device hands his seat to a
    bot (her vote alone: two players).  Bruno's device got the turn at T0: by
    its records the clock (1 day) has not run out, so it refuses, naming Ana,
    since when and until when; a day after it got the turn the same hand-over
    is the game's (the other version, which it goes over to)."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"atk-h001")
    ana.play_turn()
    bruno.open(ana.send(now=T0), now=T0)
    crafted = craft(ana, hand_over(1))
    for later in (2 * MINUTE, DAY - 1):
        reason, info = bruno.said(crafted, now=T0 + later)
        assert reason == "handover_early", (reason, info)
        assert (info["part"], info["by"], info["since"], info["until"], info["me"]) == (1, 0, T0, T0 + DAY, 1)
        assert info["names"] == ["Ana", "Bruno"] and not info["first"]
    reason, info = bruno.said(crafted, now=T0 + DAY)
    assert reason == "fork" and info["keep"] == "theirs" and info["why"] == "bot"
    # the same sent as the whole game (Send Bruno the game): refused too
    s, me = links.from_record(ana.record)
    hand_over(1)(s, me, lambda m: unb64(ana.sign(b64(m))))
    ana.keep(ok("friends_load", gid=ana.gid, record=links.to_record(s, me, {"key": ana.pub["key"]}), root=ana.root, now=T0))
    for piece in ana.catchup():
        got = ok("friends_open_catchup", gid=bruno.gid, record=bruno.record, data=piece, now=T0 + 2 * MINUTE)
    assert got["status"] == "refused" and got["info"]["reason"] == "handover_early" and got["info"]["by"] == 0


def test_a_device_that_sees_a_wait_first_in_the_hand_over_waits_its_own_clock():
    """Four players: Ana asks and Cara agrees (after the clock, by their own
    records) to hand Bruno's seat to a bot; Dan never got the link that made
    the game wait for Bruno: by his records the wait begins when he first
    sees it, in the hand-over's link.  Refused then, that moment noted (the
    refusal changes nothing else), and taken in once his own clock ran out."""
    ana, bruno, cara, dan = setup("hunters", ["Ana", "Bruno", "Cara", "Dan"], fid=b"atk-h004")
    bruno_silent_a_day(ana, bruno, cara)
    handed = cara.send(now=T0 + DAY)
    reason, info = dan.said(handed, now=T0 + DAY + MINUTE)
    assert reason == "handover_early" and info["first"] and info["by"] == 0 and info["part"] == 1, (reason, info)
    assert info["since"] == T0 + DAY + MINUTE and info["until"] == T0 + 2 * DAY + MINUTE and info["me"] == 3
    assert dan.said(handed, now=T0 + 2 * DAY)[0] == "handover_early"          # the wait noted: not begun again
    assert dan.said(handed, now=T0 + 2 * DAY + MINUTE)[0] == "new"


def test_a_hand_over_while_the_game_waited_for_the_asker_is_refused():
    """Ana's device hands Bruno's seat to a bot while the game waits for Ana
    herself (before she sends her turn): refused on Bruno's device whatever
    its clock says: the game was not waiting for Bruno."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"atk-h002")
    ana.play_turn()
    ana.send(now=T0)
    bruno.open(ana.send(now=T0), now=T0)
    bruno.play_turn()
    ana.open(bruno.send(now=T0 + MINUTE), now=T0 + MINUTE)   # Ana's turn: the game waits for her
    crafted = craft(ana, hand_over(1))
    reason, info = bruno.said(crafted, now=T0 + 30 * DAY)
    assert reason == "handover_not_waited", (reason, info)
    assert info["part"] == 1 and info["waited"] == 0 and info["by"] == 0 and info["sender"] == 0


def test_a_hand_over_with_a_forged_vote_names_the_voter_and_the_seat():
    """Three players: Ana's device hands Bruno's seat to a bot with her vote
    and Cara's, the latter signed with Ana's key: Cara's device (and Bruno's)
    refuse it naming Cara as the voter and Bruno's seat as the one voted on."""
    ana, bruno, cara = setup("hunters", ["Ana", "Bruno", "Cara"], fid=b"atk-h003")
    ana.play_turn()
    link = ana.send(now=T0)
    bruno.open(link, now=T0)
    cara.open(link, now=T0)
    crafted = craft(ana, hand_over(1, votes_of=(2,)))
    for page in (cara, bruno):
        reason, info = page.said(crafted, now=T0 + 2 * DAY)
        assert reason == "bad_vote_sig" and info["player"] == 2 and info["q"] == 1, (page.name, reason, info)


def test_a_hand_over_never_settles_the_pending_draw_from_the_askers_value_alone():
    """Two players: Ana's turn ends on a draw Bruno's value is to make with
    hers.  Handing his seat to a bot (after the clock) does not make it from
    her value alone, which she knew before asking: the move that waited for
    it is taken back, nothing drawn, and she plays it again (her draws from
    then on not protected, as the log says).  Three players: Cara's value
    takes Bruno's place (two values, as the draw's rule asks)."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"atk-d001")
    ana.play_turn()
    ana.send(now=T0)
    s = session_of(ana)
    assert s.pending is not None and s.pending.need == [0, 1]
    state, draws, alone = s.game.state.to_json(), s.draws, s.pending.got[:]
    foreseen = commit.draw_entropy(s.gid, s.draws, alone)      # what Ana could work out before asking
    snap = ana.vote(1, now=T0 + DAY)
    s = session_of(ana)
    assert s.pending is None and s.draws == draws and s.game.state.to_json() == state
    assert snap["friends"]["my_turn"] and snap["friends"]["next"] == 0
    assert all(bytes.fromhex(e[1]) != foreseen for e in (snap["save"].get("chance") or {}).get("draws", []))
    said = [h["text"] for h in snap["history"] if h.get("kind") == "note"]
    assert any("taken back (nothing was drawn)" in n for n in said), said

    a, b, c = setup("hunters", ["Ana", "Bruno", "Cara"], fid=b"atk-d002")
    a.play_turn()
    link = a.send(now=T0)
    b.open(link, now=T0)
    c.open(link, now=T0)
    pend = session_of(c).pending
    assert pend is not None and pend.need == [0, 1]
    a.vote(1, now=T0 + DAY)
    c.open(a.send(now=T0 + DAY, vote=True), now=T0 + DAY)
    draws, got = session_of(c).draws, session_of(c).pending.got[:]
    c.vote(1, now=T0 + DAY)
    s = session_of(c)
    assert s.draws == draws + 1 and s.pending is None
    shares = got + [(2, s.values[2][-1])]                       # Ana's value and Cara's
    made = bytes.fromhex(s.game.to_save()["chance"]["draws"][-1][1])
    assert made == commit.draw_entropy(s.gid, draws, shares) != commit.draw_entropy(s.gid, draws, got)


# -- 2. the clock is the invite's -----------------------------------------------------------------
def test_a_start_whose_clock_is_not_the_invites_is_refused():
    """The host invites with a turn clock of a week, then changes it to an
    hour in its record and starts: every friend's device refuses the start,
    saying both clocks."""
    host = Page("Ana", "atk-c-host", "atkc")
    made = ok("friends_create", fid="YXRrLWMwMDE", game="hunters", options={}, clock=7 * 86400,
              seats=[{"kind": "here", "name": "Ana"}, {"kind": "friend", "name": "Bruno"}, {"kind": "friend", "name": "Cara"}],
              pub=host.pub, root=host.root)
    host.record = made["record"]
    friends = []
    for inv, name in zip(made["invites"], ("Bruno", "Cara")):
        got = ok("friends_invite", record=host.record, p=inv["p"], sig=host.sign(inv["message"]))
        host.record = got["record"]
        assert ok("friends_read", data=got["link"])["clock"] == 7 * 86400    # what the join shows
        friends.append(join(got["link"], Page(name, f"atk-c-{name}", "atkc")))
    for f in friends:
        host.record = ok("friends_take_join", record=host.record, data=f.answer)["record"]
    host.record["setup"]["clock"] = 3600          # edited between the invite and the start
    host.keep(ok("friends_start", gid=host.gid, record=host.record, root=host.root, now=T0))
    host.play_turn()
    start = host.send(now=T0)
    for f in friends:
        reason, info = f.said(start)
        assert reason == "clock_changed", (reason, info)
        assert info["clock"] == 3600 and info["invited"] == 7 * 86400 and info["part"] == 0 and info["names"][0] == "Ana"


# -- 3. a seat still played given to another device by one player alone ---------------------------
def puppet_request(ana: Page, salt: str) -> str:
    """Ana's second phone opens Bruno's invite and asks to rejoin as Bruno."""
    phone = Page("Bruno", f"atk-r-{salt}", salt)
    begun = ok("friends_rejoin_begin", fid=ana.record["setup"]["gid"], invite=ana.invites[1], pub=phone.pub, root=phone.root)
    made = ok("friends_rejoin_link", record=begun["record"], sig=phone.sign(begun["message"]))
    return ok("friends_seal", body=made["body"], sig=phone.sign(made["message"]))["link"]


def accepted_alone(ballot):
    """The entry of ``ballot`` (a request for Bruno's seat Ana's device holds)
    with her acceptance alone, made by her device outside the app."""
    def add(s, me, sign):
        message = rejoin_message(s.gid, ballot["q"], ballot["alg"], unb64(ballot["key"]), unb64(ballot["anchor"]))
        s.append(links.vote_entry("rejoin", dict(ballot, votes={str(me): b64(sign(message))}), me, (T0 + MINUTE) // 60000))
    return add


def test_a_two_player_host_cannot_take_the_other_seat_by_rejoin():
    """Ana's second phone asks to rejoin as Bruno.  While the game waits for
    Ana herself the app refuses her acceptance, and the same entry crafted
    is refused by Bruno's device (the game did not wait for him); while it
    waits for Bruno, a minute after he got the turn, too soon by his device's
    records.  Bruno's device says so (not "some links never reached you")."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"atk-r001")
    ana.play_turn()
    bruno.open(ana.send(now=T0), now=T0)
    bruno.play_turn()
    ana.open(bruno.send(now=T0 + MINUTE), now=T0 + MINUTE)     # Ana's turn
    request = puppet_request(ana, "puppet1")
    got = ok("friends_open_request", gid=ana.gid, data=request)
    ana.keep(ok("friends_take_request", gid=ana.gid, data=request, q=1))
    assert refusal("friends_accept_message", gid=ana.gid, now=T0 + 30 * DAY)[0] == "accept_not_waited"
    crafted = craft(ana, accepted_alone(ana.record["ballot"]))
    reason, info = bruno.said(crafted, now=T0 + 30 * DAY)
    assert reason == "back_not_waited", (reason, info)
    assert info["part"] == 1 and info["by"] == 0 and info["waited"] == 0 and info["me"] == 1
    # the game waits for Bruno: a minute after he got the turn, too soon
    ana.play_turn()
    bruno.open(ana.send(now=T0 + 2 * MINUTE), now=T0 + 2 * MINUTE)
    assert refusal("friends_accept_message", gid=ana.gid, now=T0 + 3 * MINUTE)[0] == "accept_too_soon"
    crafted = craft(ana, accepted_alone(ana.record["ballot"]))
    reason, info = bruno.said(crafted, now=T0 + 3 * MINUTE)
    assert reason == "back_early", (reason, info)
    assert (info["part"], info["by"], info["since"], info["until"]) == (1, 0, T0 + 2 * MINUTE, T0 + 2 * MINUTE + DAY)
    assert got["fp"] != bruno.status()["parts"][1]["fp"]


# -- 4. a bot's moves are every device's to play --------------------------------------------------
def steer(root_hex: str):
    """The bot seat to move played by its device with another move than the bot's."""
    def add(s, me, sign):
        kind, seat = s.expect()
        assert kind == MOVE and s.owner[seat] == me and s.game.seats[seat].kind == "bot"
        bot = s.bot_move()
        other = next(m for m in s.game.legal_moves() if m != bot)
        s.play(me, other, bytes.fromhex(root_hex))
    return add


def test_the_host_cannot_steer_a_seat_handed_to_a_bot():
    """Three players: Bruno's seat goes to a bot (Ana asks, Cara agrees, after
    the clock); Ana's device, which plays it, plays another move than the
    bot's: Cara's device plays the bot's move itself and refuses, naming Ana
    and Bruno's seat."""
    ana, bruno, cara = setup("hunters", ["Ana", "Bruno", "Cara"], fid=b"atk-b001")
    bruno_silent_a_day(ana, bruno, cara)
    ana.open(cara.send(now=T0 + DAY), now=T0 + DAY)
    assert ana.status()["my_bot"]
    crafted = craft(ana, steer(ana.root))
    reason, info = cara.said(crafted, now=T0 + DAY)
    assert reason == "bot_move", (reason, info)
    assert info["part"] == 0 and info["seat"] == 1 and info["sender"] == 0 and info["names"] == ["Ana", "Bruno", "Cara"]
    # the bot's own move (as the app plays it) opens
    ana.play_turn()
    assert cara.said(ana.send(now=T0 + DAY), now=T0 + DAY)[0] == "new"


def test_the_host_cannot_steer_a_bot_of_the_set_up():
    """A bot seat of the set-up (on the host's device): a move that is not
    the bot's is refused by the friend's device."""
    ana, bruno = setup("hunters", ["Ana", "Bruno", "Robo"], kinds=["here", "friend", "bot"], fid=b"atk-b002")
    ana.play_turn()
    bruno.open(ana.send(now=T0), now=T0)
    bruno.play_turn()
    ana.open(bruno.send(now=T0), now=T0)
    assert ana.status()["my_bot"]
    reason, info = bruno.said(craft(ana, steer(ana.root)), now=T0)
    assert reason == "bot_move" and info["part"] == 0 and info["seat"] == 2, (reason, info)


# -- 6. the true reason, with names ----------------------------------------------------------------
def edited(link: str, change, signer: Page = None) -> str:
    """``link`` read, changed by ``change(turn_link)``, written again: its
    sender's signature as it was (changed on the way), or ``signer``'s own
    (a device sending it as its own)."""
    t = links.read_turn(unb64(link))
    change(t)
    body = links.write_turn_body(t)
    return b64(body + (unb64(signer.sign(b64(links.link_message(body)))) if signer else t.sig))


def test_damage_on_the_way_is_told_before_a_conflict_or_an_accusation():
    """A head byte, a draw value or the game id changed on the way, another
    game's link with this game's id pasted in: each is told as a link
    changed on the way (the sender's signature of every byte), never as
    another version of the game nor as a player's unfair draw."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"atk-w001")
    ana.play_turn()
    bruno.open(ana.send(now=T0), now=T0)
    bruno.play_turn()
    back = bruno.send(now=T0)
    assert ana.said(edited(back, lambda t: setattr(t, "head", bytes(4))))[0] == "bad_sender"

    def value(t):
        i = next(i for i, e in enumerate(t.entries) if e[0] == "r" and e[2] is not None)
        t.entries[i] = ("r", t.entries[i][1], bytes(16))
    reason, info = ana.said(edited(back, value))
    assert reason == "bad_sender" and info["player"] == 1, (reason, info)
    other = setup("hunters", ["Ana", "Bruno"], fid=b"atk-w002")[0]
    other.play_turn()
    pasted = edited(other.send(now=T0), lambda t: setattr(t, "gid", unb64(ana.record["setup"]["gid"])))
    assert ana.said(pasted)[0] == "bad_sender"
    changed = edited(back, lambda t: setattr(t, "gid", b"\x01" + t.gid[1:]))
    # a game id this device does not know: whose game it continues, for the page to say it was damaged
    assert ok("friends_match", data=changed, records=[other.record, ana.record])["fid"] == ana.record["setup"]["gid"]
    assert ok("friends_match", data=other.send(now=T0), records=[ana.record])["fid"] is None
    # the link as it was still opens
    assert ana.said(back)[0] == "new"


def test_a_draw_value_made_up_in_the_readers_name_blames_the_sender():
    """Ana's device sends Bruno a draw value in his name that his device
    never made: his device says it is Ana's doing (her signature of the
    link verifies), never that Bruno's own device cheats; Ana's own bad
    value is hers."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"atk-w003")
    ana.play_turn()
    link = ana.send(now=T0)
    made_up = edited(link, lambda t: t.entries.append(("r", 1, bytes(16))), signer=ana)
    reason, info = bruno.said(made_up)
    assert reason == "bad_reveal" and info["part"] == info["me"] == 1 and info["sender"] == 0, (reason, info)

    def own(t):
        i = max(i for i, e in enumerate(t.entries) if e[0] == "r" and e[1] == 0)
        t.entries[i] = ("r", 0, bytes(16))
    reason, info = bruno.said(edited(link, own, signer=ana))
    assert reason == "bad_reveal" and info["part"] == info["sender"] == 0 and info["me"] == 1, (reason, info)


def test_every_refusal_names_its_players_and_the_reader():
    """The words name the players (never "a player" where a name is known)
    and know who reads them (never "ask yourself"): a refusal of this
    device's own vote, its own link opened again."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"atk-w004")
    ana.play_turn()
    own = ana.send(now=T0)
    reason, info = refusal("friends_vote_message", gid=ana.gid, q=1, now=T0 + MINUTE)
    assert reason == "too_soon" and info["names"] == ["Ana", "Bruno"] and info["part"] == 1 and info["me"] == 0
    status, info = ana.said(own)
    assert status == "applied" and info["sender"] == info["me"] == 0 and info["names"] == ["Ana", "Bruno"]
