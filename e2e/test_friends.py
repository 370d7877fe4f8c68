"""Friends' games played only by passing turn links between separate
browser contexts (each one person with their own storage and keys): a whole
2-player Hunters game and a 2-player Caledonia game through two whole
rounds (a whole 3-player Glen More game, with a fork, a rejoin, a hand-over
and the end sent again: e2e/test_friends_as_people.py). The host creates the game from the
new-game form and sends invites; friends join and answer; the host starts;
then every turn is sent as a link and opened by whoever acts next. At the end
every device shows the same game, each keeps it as one saved game, and no
link was over 2,000 characters."""
from __future__ import annotations

import pytest

import friends_play as fp
from friends_play import people  # noqa: F401 (the fixture)

LIMIT = 2000




def play_by_links(pages, until=None, max_links=400, first=None):
    """Pass turns until the game is over (or ``until(status)``): the page that
    acts plays its turn, sends it; the next to act opens the link. ``pages``
    by participant; ``first``: the one to act (the first page by default)."""
    by = dict(enumerate(pages))
    current = first or pages[0]
    lengths = []
    for n in range(max_links):
        fp.play_turn(current, n + 1)
        st = fp.status(current)
        if st["over"] and not st["to_send"]:
            return lengths
        link = fp.send_turn(current)
        lengths.append(len(link))
        if st["over"]:
            for p in pages:
                if p is not current:
                    fp.open_link(p, link)
            return lengths
        nxt = by[st["next"]]
        fp.open_link(nxt, link)
        current = nxt
        if until and until(nxt):
            return lengths
    raise AssertionError("the game did not end")


def same_game(pages):
    first, *others = fp.same_play(pages)
    for s in others:
        assert {k: v for k, v in s["view"].items() if k != "can_undo"} == {k: v for k, v in first["view"].items() if k != "can_undo"}
    return first


def one_saved_game(app):
    entries = [e for e in app.saved_index() if e.get("friends")]
    assert len(entries) == 1, entries
    return entries[0]


def test_a_whole_hunters_game_by_links(people):
    host, friend = people(2)
    fp.setup(host.page, [friend.page], "hunters", ["friend"], names=["Ana"])
    lengths = play_by_links([host.page, friend.page])
    snap = same_game([host.page, friend.page])
    assert snap["view"]["is_over"] and snap["save"]["chance"]["source"] == "given"
    assert len(lengths) > 60 and max(lengths) <= LIMIT
    for a in (host, friend):
        e = one_saved_game(a)
        assert e["friends"]["over"] and e["over"]
        assert not a.errors and not a.foreign


def test_two_rounds_of_caledonia_by_links(people):
    host, friend = people(2)
    fp.setup(host.page, [friend.page], "caledonia", ["friend"])
    round_ = "window.cairn.snapshot().view.round"
    lengths = play_by_links([host.page, friend.page], until=lambda page: page.evaluate(round_) >= 3)
    pages = [host.page, friend.page]
    # the one ahead sends its last link to the other, so both show round 3
    ahead = max(pages, key=lambda p: fp.status(p)["entries"])
    behind = pages[1 - pages.index(ahead)]
    st = fp.status(ahead)
    if st["entries"] != fp.status(behind)["entries"]:
        if st["to_send"]:
            fp.open_link(behind, fp.send_turn(ahead))
    assert ahead.evaluate(round_) >= 3 and max(lengths) <= LIMIT
    assert not host.errors and not friend.errors
