"""Today's game, as two people on two phones (separate browser contexts, each with
its own storage), the clock set by the test: both play today's Clans of Caledonia
solo deal from the home screen, one shares the result, the other opens the link and
sees it verified and on the board, best first, and replays it; a practice try is
marked; the home card says "played" with the countdown to the next deal; a changed
link is refused with its reason, and nothing is added."""
from __future__ import annotations

import datetime as dt
import os
import random
import re

import pytest

from conftest import BOOT_TIMEOUT_MS, ROOT, App, _finish
from test_a11y import axe, serious

NOW = dt.datetime(2026, 11, 28, 10, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def person(request, chromium, site_url):
    made = []

    def make(name):
        ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        ctx.clock.set_fixed_time(NOW)   # everyone's "today" is the test's
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        a = App(page, site_url)
        a.context = ctx
        a.name = name
        made.append(a)
        a.open("?fast=1")
        return a

    yield make
    for a in made:
        _finish(request, a)


def play_today(a, game="caledonia", seed=1, practice=False):
    """Start today's game from the home card and play it to the end with random legal moves
    (each as a tap would play it: window.cairn.play)."""
    if practice:
        a.page.click(f"#daily-section .card[data-game={game}] .daily-practice")
    else:
        a.page.click(f"#daily-section .card[data-game={game}] .daily-go")
    a.page.wait_for_function(f"window.cairn.snapshot() && window.cairn.snapshot().view.game === '{game}' && window.cairn.snapshot().view.ply === 0")
    rnd = random.Random(seed)
    for _ in range(2000):
        s = a.page.evaluate("(() => { const s = window.cairn.snapshot(); return {over: s.view.is_over, n: (s.legal || []).length, busy: window.cairn.busy}; })()")
        if s["over"]:
            break
        if s["busy"] or not s["n"]:
            a.page.wait_for_timeout(20)
            continue
        a.page.evaluate(f"window.cairn.play(window.cairn.snapshot().legal[{rnd.randrange(s['n'])}])")
    a.page.wait_for_selector("#daily-share", state="visible")
    return a.page.evaluate("window.cairn.snapshot()")


def share_link(a, name):
    a.page.click("#daily-share")
    a.page.fill("#daily-name", name)
    a.page.dispatch_event("#daily-name", "change")
    a.page.wait_for_function("document.querySelector('#daily-link').value.includes('#day=') && "
                             f"document.querySelector('#daily-share-text').textContent.length > 0")
    a.page.wait_for_timeout(300)   # the link made again with the name
    text = a.page.text_content("#daily-share-text")
    link = a.page.input_value("#daily-link")
    a.page.click("#daily-share-dialog .share-head button")
    return text, link


def open_link(a, link):
    a.page.goto(link.replace("index.html#", "index.html?fast=1#"))
    a.page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
    a.page.wait_for_selector("#daily-open[data-state]", timeout=60_000)
    return a.page.get_attribute("#daily-open", "data-state"), a.page.text_content("#daily-open-status")


def board_rows(a, game="caledonia"):
    """The board's rows, a list per game that has results (in the board's order)."""
    return a.page.evaluate(f"""() => {{
      const lists = [...document.querySelectorAll('#daily-board-body ol.daily-results')];
      return lists.map((ol) => [...ol.querySelectorAll('li')].map((li) => ({{text: li.textContent, practice: li.classList.contains('practice')}})));
    }}""")


def test_two_people_play_todays_deal_share_and_verify(person):
    ana, bruno = person("Ana"), person("Bruno")
    # the home card before: today's date and the countdown (10:00 UTC: 14 h to the next deal)
    assert "14 h 0 min" in ana.page.text_content("#daily-countdown")
    assert ana.page.get_attribute("#daily-section .card[data-game=caledonia]", "data-played") == "0"

    a_snap = play_today(ana, seed=1)
    b_snap = play_today(bruno, seed=2)
    # the same deal: the same seed, the same first position
    assert a_snap["save"]["seed"] == b_snap["save"]["seed"] and a_snap["save"]["meta"] == {"daily": "2026-11-28"}
    a_score = a_snap["scores"][0]["total"]
    text, link = share_link(ana, "Ana")
    assert "Ana" not in text and "Clans of Caledonia" in text and str(a_score) in text
    assert len(link) < 1000 and "#day=" in link

    # Ana's home card: played, with the countdown
    ana.page.click("#home-btn")
    card = ana.page.locator("#daily-section .card[data-game=caledonia]")
    assert card.get_attribute("data-played") == "1"
    assert str(a_score) in card.text_content()
    assert re.search(r"next deal in \d+ h \d+ min", ana.page.text_content("#daily-when"))
    # and her record screen has her days beside the game's own section
    ana.page.click("#record-btn")
    ana.page.wait_for_selector("#record #rc-days")
    days = ana.page.text_content("#record #rc-days")
    assert "Your days" in days and "1 day in a row" in days
    assert f"1 day played · 1 in a row · best {a_score} · average {a_score}" in days
    assert ana.page.locator("#record .rc-game[data-game=caledonia]").count() == 1
    assert ana.page.locator("#record [id=rc-days-title]").count() == 1   # its own ids, not the board's
    assert serious(axe(ana.page)) == []
    ana.page.click("#rc-close")

    # Bruno opens Ana's link: verified, on his board with his own result, best first
    state, status = open_link(bruno, link)
    assert state == "verified", status
    assert "Ana" in status and str(a_score) in status
    bruno.page.click("#daily-open-board")
    rows = board_rows(bruno)[0]   # Clans of Caledonia first
    assert len(rows) == 2 and any("Ana" in r["text"] for r in rows)
    assert serious(axe(bruno.page)) == []
    scores = [int(re.search(r"\((\d+) points\)", r["text"]).group(1)) for r in rows]
    assert scores == sorted(scores, reverse=True)
    # and replays it from the board
    bruno.page.click("#daily-board-body ol.daily-results li:has-text('Ana') button")
    bruno.page.wait_for_function("document.body.classList.contains('replaying')")
    assert bruno.page.evaluate("window.cairn.snapshot() === null || true")
    bruno.page.wait_for_selector("#rp-continue")

    # a practice try: marked in the game, the result and the board
    bruno.page.goto(bruno.url + "?fast=1")
    bruno.wait_ready()
    p_snap = play_today(bruno, seed=3, practice=True)
    assert p_snap["save"]["meta"].get("practice") is True
    bruno.page.click("#daily-board-btn")
    rows = board_rows(bruno)[0]
    assert [r["practice"] for r in rows] == [False, False, True]
    assert all(not r["practice"] for r in rows[:2]) and "practice" in rows[2]["text"]
    assert bruno.errors == [] and ana.errors == []


def test_a_changed_result_link_is_refused_with_its_reason(person):
    ana = person("Ana")
    play_today(ana, seed=4)
    _text, link = share_link(ana, "Ana")
    data = link.split("#day=")[1]
    cut = link.split("#day=")[0] + "#day=" + data[:-5]
    state, status = open_link(ana, cut)
    assert state == "refused" and "damaged or cut short" in status
    ana.page.click("#daily-open-close")
    if ana.page.evaluate("document.body.classList.contains('replaying')"):   # the finished game reopened
        ana.page.click("#rp-close")
    ana.page.click("#daily-results-btn")
    assert len(board_rows(ana)[0]) == 1   # only Ana's own game


def test_the_bots_moves_of_a_result_are_checked_and_a_bot_that_did_not_play_them_is_refused(person):
    """A Hunters and Gatherers result against the hard bot (made here by the engine, as
    another phone would): opened, verified, then its bot's moves played again in the page's
    engine; the same game with the bot's moves made up is taken off the board with its reason."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "engine"))
    from cairn import daily
    from cairn.core.rng import Rng

    def link_of(bots):
        g = daily.new_daily("hunters", "2026-11-28", "Cara")
        r = Rng(9)
        while not g.is_over:
            if g.seats[g.current_player].kind == "bot" and bots:
                g.play(daily.bot_move(g))
            else:
                legal = g.legal_moves()
                g.play(legal[r.below(len(legal))])
        return daily.result_link(g)

    ana = person("Ana")
    state, status = open_link(ana, ana.url + "index.html#day=" + link_of(bots=True))
    assert state == "verified" and "Cara" in status
    ana.page.wait_for_function("(document.querySelector('#daily-open-check')?.textContent || '').includes('as today')",
                               timeout=240_000)
    state, status = open_link(ana, ana.url + "index.html#day=" + link_of(bots=False))
    assert state == "verified"   # every move legal, the score right: on the board while its bot is checked
    ana.page.wait_for_function("(document.querySelector('#daily-open-check')?.textContent || '').includes('Taken off the board')",
                               timeout=120_000)
    ana.page.click("#daily-open-board")
    rows = [r for game in board_rows(ana) for r in game]
    assert len(rows) == 1 and "Cara" in rows[0]["text"]   # only the honest one


def test_a_result_link_opened_before_playing_the_deal_keeps_the_replay_behind_a_warning(person, site_url):
    """Issue 58: a friend's result opened by someone who has not played that deal shows the
    score and the check first and the replay only behind a warning; watching it (and even
    continuing from it: practice) leaves their first try to count."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from test_daily import play_out
    from cairn import daily

    g = play_out("caledonia", day=NOW.date().isoformat(), seed=6, name="Ana")
    data = daily.result_link(g)
    score = g.scores()[0]["total"]
    carla = person("Carla")
    state, status = open_link(carla, f"{site_url}index.html#day={data}")
    assert state == "verified" and "Ana" in status and str(score) in status, status
    page = carla.page
    assert not page.is_visible("#daily-open-replay")   # the replay is not a tap away
    warning = page.text_content("#daily-open-warning")
    assert "whole of today's deal" in warning and "first try still counts" in warning, warning
    assert page.is_visible("#daily-open-play") and page.is_visible("#daily-open-spoil")
    page.click("#daily-open-spoil")
    page.click("#daily-open-replay")
    page.wait_for_function("window.cairn.replay && window.cairn.replay.open && !window.cairn.replay.busy")
    log = page.text_content("#rp-log")
    assert "Ana produces" in log and "You produce" not in log   # her game: she is named
    # continued from her replay: a practice try, not today's first
    page.evaluate("window.cairn.replay.seek(6)")
    page.wait_for_function("window.cairn.replay.ply === 6 && !window.cairn.replay.busy")
    page.click("#rp-continue")
    page.wait_for_function("window.cairn.snapshot() && !document.body.classList.contains('replaying') && window.cairn.snapshot().save.meta.practice === true")
    assert "shared" not in page.evaluate("window.cairn.snapshot().save.meta")
    tries = page.evaluate("JSON.parse(localStorage.getItem('cairn:daily')).tries")
    assert f"{NOW.date().isoformat()}|caledonia" not in tries, tries
    # and today's first try still counts: the link's own "Play today's game"
    page.click("#home-btn")
    page.evaluate("document.getElementById('daily-open').removeAttribute('data-state')")   # (the dialog is made again)
    state, _ = open_link(carla, f"{site_url}index.html#day={data}")
    assert state == "verified" and not page.is_visible("#daily-open-replay")   # still not played: still behind the warning
    page.click("#daily-open-play")
    page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.ply === 0 && window.cairn.snapshot().view.game === 'caledonia'")
    snap = page.evaluate("window.cairn.snapshot()")
    assert snap["save"]["meta"] == {"daily": NOW.date().isoformat()}, snap["save"]["meta"]
    tries = page.evaluate("JSON.parse(localStorage.getItem('cairn:daily')).tries")
    assert tries[f"{NOW.date().isoformat()}|caledonia"]["gid"] == page.evaluate("window.cairn.gid"), tries
    assert not carla.errors, carla.errors
