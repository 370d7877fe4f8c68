"""Dev tool: screenshots of a friends' game (web/js/friends/) at each size and
language: the new-game form's With friends mode (its turn clock), the lobby,
an invite's link dialog, joining (the friend's phone; Join or Rejoin), the
answer, the start (every seat's key), the game waiting for a friend, "Send
your turn" (the bar and its dialog), a refused link, Players while the turn
clock runs and once it ran out, the hand-over, a late answer's two versions
on both devices, the seat-gone notice, the request for the seat back, the
game sent back, and the friend playing again; the dialogs of issue 59 (a
hand-over too early, a seat given away while the game waited for another, a
start with another clock, a bot's move steered, a draw value made up in the
reader's name, a new device accepted too soon, a vote to agree to later, a
seat moved to another device, the bar at the end with Send again).

    python3 web/dev/shoot_friends.py [outdir] [--langs en,pt,ro] [--sizes phone,laptop]

Two browser contexts play the host and the friend; links pass between them.
Uses dist/ (built when stale, like the e2e tests).
"""
from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "..", "e2e")]

import friends_play as fp  # noqa: E402
from shots import OVERFLOW_JS, arguments, open_app, site_and_browser  # noqa: E402


def skip_tips(page):
    """Close the first-game tips (they would cover the board in every picture)."""
    page.wait_for_timeout(300)
    buttons = page.query_selector_all("#coach:not([hidden]) button")
    if buttons:
        buttons[0].click()


def shoot(browser, url, out, lang, size):
    q = f"?fast=1&nosw=1&lang={lang}"
    hctx, host, herr = open_app(browser, url, size, q)
    fctx, friend, ferr = open_app(browser, url, size, q)
    name = lambda what: os.path.join(out, f"{what}-{size}-{lang}.png")  # noqa: E731
    shots = []

    def snap(page, what):
        page.wait_for_timeout(150)
        page.screenshot(path=name(what))
        over = page.evaluate(OVERFLOW_JS)
        shots.append((what, over))

    host.click("#game-list [data-game='glenmore']")
    host.check("input[name=where][value=friends]")
    host.select_option("#ng-count", "3")
    sels = host.query_selector_all("#ng-seats .seat-kind")
    sels[2].select_option("bot:medium")
    host.fill("#ng-seats input[name=name0]", "Ana")
    host.fill("#ng-seats input[name=name1]", "Bruno")
    snap(host, "1-form")
    host.click("#ng-start")
    host.wait_for_selector("#friends-lobby[open]")
    snap(host, "2-lobby")
    host.click("#friends-lobby button.invite")
    host.wait_for_selector("#friends-send[open][data-link]")
    snap(host, "3-invite")
    invite = host.get_attribute("#friends-send", "data-link")
    host.click("#friends-send .close")

    friend.evaluate("h => { location.hash = h; }", fp.fragment(invite))
    friend.wait_for_selector("#friends-join-box[open]")
    snap(friend, "4-join")
    friend.click("#friends-join")
    friend.wait_for_selector("#friends-send[open][data-link]")
    snap(friend, "5-answer")
    answer = friend.get_attribute("#friends-send", "data-link")
    friend.click("#friends-send .close")

    fp.take_answer(host, answer)
    snap(host, "6-lobby-ready")
    host.click("#friends-start")
    host.wait_for_selector("#friends-start-box[open]")
    snap(host, "6b-start-keys")
    host.click("#friends-start-ok")
    skip_tips(host)
    fp.play_turn(host, 2)
    host.wait_for_selector("#friends-bar[data-state=send]")
    snap(host, "7-send-your-turn")
    host.click("#friends-send-btn")
    host.wait_for_selector("#friends-send[open][data-link]")
    snap(host, "8-send-dialog")
    link = host.get_attribute("#friends-send", "data-link")
    host.click("#friends-send .close")
    host.wait_for_selector("#friends-bar[data-state=waiting]")
    snap(host, "9-waiting")

    fp.open_link(friend, link)
    skip_tips(friend)
    snap(friend, "10-friends-turn")
    cut = link[:len(link) // 2] + link[len(link) // 2 + 2:]
    friend.evaluate("h => { location.hash = h; }", fp.fragment(cut))
    friend.wait_for_selector("#friends-refused[open]")
    snap(friend, "11-refused")
    friend.click("#friends-ok")
    more(host, friend, snap)
    for what, over in shots:
        print(f"{name(what)}{'  OVERFLOW ' + str(over) if over else ''}")
    for e in herr + ferr:
        print("page error:", e)
    hctx.close()
    fctx.close()


def more(host, friend, snap):
    """The turn clock, a hand-over, a late answer and the seat taken back."""
    fp.play_turn(friend, 3)
    fp.open_link(host, fp.send_turn(friend))
    fp.play_turn(host, 4)
    to_friend = fp.send_turn(host)
    host.click("#friends-players-btn")
    host.wait_for_selector("#friends-players[open]")
    snap(host, "12-players-clock-runs")
    host.evaluate("document.getElementById('friends-players').close()")
    fp.later(host, 25)
    host.click("#friends-players-btn")
    host.wait_for_selector("#friends-players[open] button.retire")
    snap(host, "13-players-not-answering")
    host.click("#friends-players button.retire")
    snap(host, "14-hand-over")
    host.click("#friends-retire")
    host.wait_for_function("() => window.cairn.snapshot().view.seats[1].kind === 'bot' && !window.cairn.busy")
    fp.open_link(friend, to_friend)
    fp.play_turn(friend, 5)
    late = fp.send_turn(friend)
    host.evaluate("h => { location.hash = h; }", fp.fragment(late))
    host.wait_for_selector("#friends-fork[open]")
    snap(host, "15-late-answer-two-versions")
    host.click("#friends-keep")
    fp.play_turn(host, 7, most=2)
    host.wait_for_selector("#friends-tell-btn")
    snap(host, "16-send-the-game-bar")
    host.click("#friends-tell-btn")
    told = fp.read_parts(host)
    for part in told[:-1]:
        fp.open_link(friend, part, expect="refused")
    # the friend's own clock has not run out: refused, said to them (issue 59)
    friend.evaluate("h => { location.hash = h; }", fp.fragment(told[-1]))
    friend.wait_for_selector("#friends-refused[open]")
    snap(friend, "17a-hand-over-too-early")
    friend.click("#friends-ok")
    fp.later(friend, 25)
    for part in told[:-1]:
        fp.open_link(friend, part, expect="refused")
    friend.evaluate("h => { location.hash = h; }", fp.fragment(told[-1]))
    friend.wait_for_selector("#friends-fork[open]")
    snap(friend, "17-go-over")
    friend.click("#friends-go-over")
    friend.wait_for_selector("#friends-gone[open]")
    snap(friend, "18-seat-gone")
    friend.click("#friends-gone #friends-ask-back")
    ask = fp.read_link(friend)
    host.evaluate("h => { location.hash = h; }", fp.fragment(ask))
    host.wait_for_selector("#friends-vote[open]")
    snap(host, "19-asks-for-the-seat")
    host.click("#friends-agree")
    host.wait_for_selector("#friends-send[open][data-link]")
    snap(host, "20-send-the-game")
    back = fp.read_parts(host)
    for part in back:
        friend.evaluate("h => { location.hash = h; }", fp.fragment(part))
    friend.wait_for_selector("#friends-start-box[open]")
    snap(friend, "21-back-in-the-game")
    friend.click("#friends-start-ok")
    if host.is_visible("#sheet-btn"):            # (the log is behind a button on a phone)
        host.click("#sheet-btn")
    snap(host, "22-log-notes")
    host.evaluate("() => { const d = document.querySelector('dialog[open]'); if (d) d.close(); }")
    shown(host, snap)


# The dialogs of issue 59, each shown with realistic details (the players of this game).
SHOW = """async ([what, info]) => {
  const seats = await import('./js/friends/seats.js');
  const { Refusal } = await import('./js/friends/context.js');
  const { t } = await import('./js/i18n.js');
  const f = window.cairn.snapshot().friends;
  const hour = 3600 * 1000;
  if (what === 'ballot') {
    seats.ballotDialog({ ...f, ballot: { kind: 'retire', q: 1, by: 0, votes: { 0: 'x' } }, need: 2,
      wait: { p: 1, since: Date.now() - 2 * hour, until: Date.now() + 22 * hour } }, 0, () => {});
  } else if (what === 'replaced') {
    seats.replacedDialog({ ...f, me: 1 }, { kind: 'back', p: 1, turn: 9, names: [f.parts[0].name] }, () => {});
  } else if (what === 'end-bar') {
    seats.renderBar({ ...f, over: true, to_send: false, my_turn: false, next: null, retired_me: null, replaced: false },
      Date.now(), { send() {}, players() {}, askBack() {}, sendGame() {} });
  } else {
    window.cairn.friends.parts.ctx.fail(new Refusal(what, { names: f.parts.map((p) => p.name), me: f.me, ...info,
      since: Date.now() - 2 * hour, until: Date.now() + 22 * hour }), info.title ? t(info.title) : undefined);
  }
}"""


def shown(page, snap):
    """Each new dialog: a hand-over too early, a seat given away while the game waited for
    another, a start with another clock, a bot's move steered, a draw value made up in the
    reader's name, a new device accepted too soon, a vote to agree to later, a seat moved to
    another device, the bar at the end (Send again)."""
    cases = [
        ("23-handover-early", "handover_early", {"turn": 7, "part": 1, "by": 0, "clock": 86400}),
        ("24-back-not-waited-mine", "back_not_waited", {"turn": 7, "part": 0, "by": 1, "waited": 1}),
        ("25-clock-changed", "clock_changed", {"part": 1, "clock": 3600, "invited": 7 * 86400}),
        ("26-bot-move", "bot_move", {"turn": 7, "part": 1, "seat_name": "Robo"}),
        ("27-made-up-draw", "bad_reveal", {"turn": 7, "part": 0, "sender": 1}),
        ("28-accept-too-soon", "accept_too_soon", {"part": 1, "title": "Not possible now"}),
    ]
    for shot, kind, info in cases:
        page.evaluate(SHOW, [kind, info])
        page.wait_for_selector("#friends-refused[open]")
        snap(page, shot)
        page.click("#friends-ok")
    for shot, what, box in (("29-agree-later", "ballot", "#friends-vote"), ("30-seat-moved", "replaced", "#friends-gone")):
        page.evaluate(SHOW, [what, {}])
        page.wait_for_selector(f"{box}[open]")
        snap(page, shot)
        page.evaluate("b => document.querySelector(b).close()", box)
    page.evaluate(SHOW, ["end-bar", {}])
    snap(page, "31-end-bar")


def main():
    args = arguments("friends", sizes="phone,laptop").parse_args()
    os.makedirs(args.out, exist_ok=True)
    with site_and_browser() as (url, browser):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                shoot(browser, url, args.out, lang, size)


if __name__ == "__main__":
    main()
