"""Dev tool: screenshots of a friends' game (web/js/friends/) at each size and
language: the new-game form's With friends mode, the lobby, an invite's
link dialog, joining (the friend's phone), the answer, the game waiting for
a friend, "Send your turn" (the bar and its dialog), a refused link.

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
    fp.start(host)
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
    for what, over in shots:
        print(f"{name(what)}{'  OVERFLOW ' + str(over) if over else ''}")
    for e in herr + ferr:
        print("page error:", e)
    hctx.close()
    fctx.close()


def main():
    args = arguments("friends", sizes="phone,laptop").parse_args()
    os.makedirs(args.out, exist_ok=True)
    with site_and_browser() as (url, browser):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                shoot(browser, url, args.out, lang, size)


if __name__ == "__main__":
    main()
