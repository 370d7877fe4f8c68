"""Every screen a person reaches, walked by taps (or clicks) for the layout
audit (e2e/layout_audit.py): the home screen, the new-game form, friends'
screens, each game at set-up, mid-game (every choice group opened, a place
with several moves chosen, the tabs of a board that has them, a hint shown,
a bot's move just played) and game over, the replay, a kept review (its chart
and a costly decision), your record, today's results, share, help, and every
step of every tutorial.  ``walk(audit, player, tmpdir)`` runs them all; a new
screen is one more function here that reaches it and calls ``audit.check``.
"""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if os.path.join(ROOT, "engine") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "engine"))

from learn_helpers import STATE, follow_step, wait_learner  # noqa: E402
from play_helpers import acted  # noqa: E402

GAMES = ("glenmore", "hunters", "caledonia")
# names no catalogue holds (the words of the screen are checked against them)
PEOPLE = [{"kind": "human", "name": "Ilinca"}, {"kind": "bot", "level": "easy", "name": "Tormod"}]

IDLE = "() => window.cairn.snapshot() && !window.cairn.busy"
REVIEWED = "window.cairn.review && window.cairn.review.complete && !window.cairn.review.running && window.cairn.review.shown > 0"
# the finished games with their review kept (tests/data/review/), per game
REVIEWED_GAMES = {"glenmore": "glenmore", "hunters": "hunters", "caledonia": "caledonia-solo"}
HUMAN = """() => { const s = window.cairn.snapshot();
  if (!s || window.cairn.busy) return false;
  if (s.view.is_over) return true;
  const seat = s.view.seats[s.view.current_player];
  return !!seat && seat.kind === 'human'; }"""


def saved_game(game, seed, part, tmpdir):
    """A save of ``game`` (a person against a bot, both played at random): ``part`` of the way
    through at a move of the person's (0.5: the middle), or the whole game less the person's
    last decision (part=1)."""
    from cairn import load_game, new_game
    from cairn.bots import choose_move

    g = new_game(game, players=PEOPLE, seed=seed)
    while not g.is_over:
        g.play(choose_move(g, "random"))
    mine = [e["ply"] - 1 for e in g.history if e["seat"] == 0]
    cut = mine[-1] if part >= 1 else mine[int(len(mine) * part)]
    save = g.to_save()
    save["moves"] = save["moves"][:cut]
    save = load_game(save).to_save()
    path = os.path.join(tmpdir, f"{game}-{seed}-{part}.cairn.json")
    with open(path, "w") as f:
        json.dump(save, f)
    return path


class Walk:
    def __init__(self, audit, player, tmpdir):
        self.audit = audit
        self.p = player
        self.page = player.page
        self.tmpdir = tmpdir

    # -- moving about ------------------------------------------------------------------
    def tap(self, selector):
        # a locator, found again at the tap (the home screen may be drawn again meanwhile: a
        # handle found before would be of a detached element)
        loc = self.page.locator(selector).first
        loc.wait_for(state="visible")
        loc.tap() if self.p.touch else loc.click()

    def home(self):
        if self.page.evaluate("window.cairn.replay && window.cairn.replay.open"):
            self.tap("#rp-close")
            if self.page.is_visible("#rp-close"):
                self.tap("#rp-close")
        if self.page.is_visible("#home-btn"):
            self.tap("#home-btn")
        self.page.wait_for_selector("#home:not([hidden])")

    def move(self):
        """One decision of the person's, by taps: a place of a legal move on the board, else
        the pinned button, a choice, a group's first choice (as e2e/play_helpers.py)."""
        self.idle()
        if self.p.over():
            return
        self.p.dismiss_coach()
        before = self.p.ply()
        targets = [t for t in self.page.evaluate("window.cairn.targets()") if t.get("move")]
        if targets:
            self.p.tap(targets[0]["x"], targets[0]["y"])
            if acted(self.page, before):
                return self.idle()
        for sel in ("#choices .main button.choice:not(.off)", "#choices .pick button.choice:not(.off)", "#choices .pick button.group"):
            if not self.page.query_selector(sel):
                continue
            try:   # (a locator: the bar may be drawn again between finding a button and the tap)
                if not self.page.is_visible(sel):
                    self.p.open_choices()
                self.press(sel)
                if sel.endswith("group"):
                    self.page.wait_for_selector("#choices .pick button.choice:not(.off)")
                    self.press("#choices .pick button.choice:not(.off)")
            except Exception:
                continue
            if acted(self.page, before):
                return self.idle()
        # a decision made in two taps on a panel (a clan, a contract): its move as a tap would play it
        self.page.evaluate("window.cairn.play(window.cairn.snapshot().legal[0])")
        assert self.p._changed(before, 5000), f"no way to play at ply {before}"
        self.idle()

    def press(self, sel):
        """Tap (click) the first element ``sel`` finds, found again at the moment of the tap."""
        loc = self.page.locator(sel).first
        loc.tap(timeout=5000) if self.p.touch else loc.click(timeout=5000)

    def idle(self):
        self.page.wait_for_function(HUMAN, timeout=60_000)

    def import_save(self, path, game=None):
        if game:
            # the first-game tips are the set-up screen's (audited there), not a later one's: a
            # card that came late (its words loading on a busy machine) must not shrink the board
            # in the middle of another screen's audit
            self.page.evaluate("g => { try { localStorage.setItem('cairn:coached:' + g, '1'); } catch (e) { } }", game)
            self.p.dismiss_coach()
        self.page.set_input_files("#import-file", path)
        self.page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.ply > 4 || (window.cairn.replay && window.cairn.replay.open)")
        self.page.wait_for_function("!window.cairn.busy && !(window.cairn.replay && window.cairn.replay.busy)")

    def close_dialog(self, sel):
        box = self.page.query_selector(f"{sel}[open]")
        if box:
            btn = box.query_selector(".close, #help-close")
            self.p.tap_el(btn)
            self.page.wait_for_function(f"!document.querySelector('{sel}[open]')")

    # -- what a screen offers --------------------------------------------------------------
    def groups(self, screen):
        """Each group of choices opened (and closed again by its Back)."""
        names = self.page.eval_on_selector_all("#choices button.group", "bs => bs.map(b => b.dataset.group)")
        for g in names:
            btn = self.page.query_selector(f"#choices button.group[data-group={json.dumps(g)}]")
            if not btn:
                continue
            if not btn.is_visible():
                self.p.open_choices()
            self.p.tap_el(btn)
            self.page.wait_for_selector("#choices button.back")
            self.audit.check(f"{screen}, group {g!r} open")
            back = self.page.query_selector("#choices button.back")
            assert back, f"{screen}: the group {g!r} closed by itself"
            self.p.tap_el(back)

    def chosen_place(self, screen):
        """A place of the board with several moves (or a tile to turn), tapped: what it opens."""
        before = self.page.evaluate("JSON.stringify([...document.querySelectorAll('#choices button')].map(b => b.textContent))")
        t = self.page.evaluate("""() => { const ts = window.cairn.renderer.targets({all: true}).filter(t => t.legal && !t.off && (!t.move || t.move.type === 'place'));
          if (!ts.length) return null; const r = window.cairn.renderer.canvas.getBoundingClientRect();
          return {x: ts[0].x + r.left, y: ts[0].y + r.top, label: ts[0].label}; }""")
        if not t:
            return
        ply = self.p.ply()
        self.p.tap(t["x"], t["y"])
        self.page.wait_for_timeout(150)
        if self.p.ply() != ply:
            self.idle()
            return
        after = self.page.evaluate("JSON.stringify([...document.querySelectorAll('#choices button')].map(b => b.textContent))")
        if after != before:
            self.audit.check(f"{screen}, {t['label']} chosen")
            self.groups(f"{screen}, {t['label']} chosen")
        self.page.evaluate("window.cairn.renderer.cancel && window.cairn.renderer.cancel()")

    def tabs(self, screen):
        """A board with tabs (Caledonia on a phone): each tab shown, then the first again."""
        tabs = self.page.evaluate("""() => { const r = window.cairn.renderer.canvas.getBoundingClientRect();
          return window.cairn.renderer.targets({all: true}).filter(t => /^tab /.test(t.label || '')).map(t => ({x: t.x + r.left, y: t.y + r.top, label: t.label})); }""")
        for t in tabs[1:]:
            self.p.tap(t["x"], t["y"])
            self.page.wait_for_timeout(120)
            self.audit.check(f"{screen}, {t['label']}")
        if tabs:
            self.p.tap(tabs[0]["x"], tabs[0]["y"])

    def hint(self, screen):
        if not self.page.is_visible("#hint-btn") or self.page.evaluate("document.getElementById('hint-btn').getAttribute('aria-disabled') === 'true'"):
            return
        self.tap("#hint-btn")
        self.page.wait_for_function("!document.getElementById('hint-card').hidden && !document.getElementById('hint-btn').hasAttribute('aria-busy')", timeout=60_000)
        self.audit.check(f"{screen}, hint shown")
        self.tap("#hint-card .x")

    def a_turn(self, screen, groups=True, place=True, tabs=True):
        """The screen, and (as asked) its groups, a chosen place, its tabs."""
        self.idle()
        self.audit.check(screen)
        if groups:
            self.groups(screen)
        if place:
            self.chosen_place(screen)
        if tabs:
            self.tabs(screen)

    # -- the screens -----------------------------------------------------------------------
    def start_screen(self):
        self.page.wait_for_selector("#learn-section button.learn")
        self.audit.check("home")

    def new_game_forms(self):
        for game in GAMES:
            self.tap(f"#game-list [data-game='{game}']")
            self.page.wait_for_selector("#newgame:not([hidden])")
            self.tap("#ng-more summary")
            self.audit.check(f"new game form: {game}")
            self.page.evaluate("document.getElementById('ng-more').open = false")
            self.tap("#newgame .row button:not(#ng-start)")

    def friends(self):
        def form():
            self.tap("#game-list [data-game='glenmore']")
            self.p.tap_el(self.page.wait_for_selector("input[name=where][value=friends]"))
            self.page.wait_for_selector("#newgame:not([hidden]) #ng-where")
        form()
        self.audit.check("new game form: with friends")
        self.tap("#ng-start")
        self.page.wait_for_selector("#friends-lobby[open]")
        self.close_dialog("#friends-lobby")

        def lobby():
            self.p.tap_el(self.page.query_selector("#saved-list li.saved .resume"))
            self.page.wait_for_selector("#friends-lobby[open]")
        self.audit.check("friends: the lobby", open=lobby, close=lambda: self.close_dialog("#friends-lobby"))

        def invite():
            lobby()
            self.p.tap_el(self.page.query_selector("#friends-lobby button.invite"))
            self.page.wait_for_selector("#friends-send[open]")

        def done():
            self.close_dialog("#friends-send")
            self.close_dialog("#friends-lobby")
        self.audit.check("friends: an invite to send", open=invite, close=done)
        self.page.evaluate("() => { for (const d of document.querySelectorAll('dialog[open]')) d.close(); }")
        self.page.once("dialog", lambda d: d.accept())
        self.p.tap_el(self.page.query_selector("#saved-list li.saved .delete"))
        self.page.wait_for_function("!document.querySelector('#saved-list li.saved')")

    def game(self, game):
        """A game from the form (a person against the easy bot): set-up, the first-game tips,
        a turn after the bot's, mid-game, game over, its replay, help and share."""
        self.home()
        self.tap(f"#game-list [data-game='{game}']")
        self.page.select_option("#ng-count", "2")
        kinds = self.page.query_selector_all("#ng-seats .seat-kind")
        kinds[1].select_option("bot:easy")
        self.tap("#ng-start")
        self.page.wait_for_function(IDLE)
        self.idle()
        if self.page.is_visible("#coach"):
            self.audit.check(f"{game}: set-up, first-game tips")
            self.p.dismiss_coach()
        self.a_turn(f"{game}: set-up", tabs=False)
        # a few of the person's moves, until the bot has moved: its move just played
        for _ in range(40):
            snap = self.p.snap()
            if any(h["seat"] == 1 for h in snap["history"]) and self.p.human_to_move():
                break
            self.move()
        self.a_turn(f"{game}: the bot's move just played", groups=False, place=False, tabs=False)
        # help (its language picker switches in place)
        self.tap("#help-btn")
        self.page.wait_for_selector("#help[open]")
        self.audit.check(f"{game}: help")
        self.close_dialog("#help")
        # mid-game
        self.import_save(saved_game(game, 5, 0.5, self.tmpdir), game)
        self.a_turn(f"{game}: mid-game")
        self.hint(f"{game}: mid-game")
        # game over: the last decision tapped
        self.import_save(saved_game(game, 5, 1, self.tmpdir), game)
        for _ in range(40):
            if self.p.over():
                break
            self.move()
        self.page.wait_for_function("document.documentElement.dataset.over === '1'")
        self.page.wait_for_function("document.body.classList.contains('sheet-open')")
        self.audit.check(f"{game}: game over, the final table")
        # its replay, at the end and in the middle
        self.tap("#replay-btn")
        self.page.wait_for_function("window.cairn.replay && window.cairn.replay.open && !window.cairn.replay.busy")
        self.audit.check(f"{game}: replay at the end")
        plies = self.page.evaluate("window.cairn.replay.plies")
        self.page.evaluate(f"window.cairn.replay.seek({plies // 2})")
        self.page.wait_for_function("!window.cairn.replay.busy")
        if self.page.is_visible("#rp-sheet-btn") and self.page.evaluate("document.body.classList.contains('rp-sheet-open')"):
            self.tap("#rp-sheet-btn")
        self.audit.check(f"{game}: replay in the middle")
        self.home()

    def reviewed(self, game):
        """A finished game with its review kept: the chart and the costliest decisions, then
        one of them opened (the board with both moves)."""
        self.home()
        self.import_save(self.reviewed_save(game))
        self.page.wait_for_function(REVIEWED, timeout=60_000)
        self.audit.check(f"{game}: review")
        self.page.locator("#review .rv-costly button").first.scroll_into_view_if_needed()
        self.press("#review .rv-costly button")
        self.page.wait_for_function("window.cairn.review.decision !== null && !window.cairn.replay.busy")
        self.page.wait_for_function("window.cairn.review.rings.some((w) => w !== null)", timeout=10_000)
        self.audit.check(f"{game}: review, a costly decision")
        self.tap("#rv-back")
        self.home()

    def reviewed_save(self, game):
        """A finished game of ``game`` with its review kept (tests/data/review/), as a file."""
        with open(os.path.join(ROOT, "tests", "data", "review", f"{REVIEWED_GAMES[game]}.reviewed.json")) as f:
            save = json.load(f)
        for seat, person in zip(save["seats"], PEOPLE):   # names no catalogue holds (a review is not bound to names)
            seat["name"] = person["name"]
        path = os.path.join(self.tmpdir, f"{game}.reviewed.cairn.json")
        with open(path, "w") as f:
            json.dump(save, f)
        return path

    def keep_finished(self, game):
        """A finished game of ``game`` kept on this device (for the record), not audited."""
        self.home()
        self.import_save(self.reviewed_save(game))
        self.page.wait_for_function(REVIEWED, timeout=60_000)
        self.home()

    def record(self):
        self.home()
        self.tap("#record-btn")
        self.page.wait_for_selector("#record .rc-game")
        self.audit.check("your record")
        self.tap("#rc-close")
        self.page.wait_for_selector("#home:not([hidden])")

    def daily_results(self):
        self.home()

        def board():
            self.tap("#daily-results-btn")
            self.page.wait_for_selector("#daily-board[open]")
        def close():
            self.tap("#daily-board-close")
            self.page.wait_for_function("!document.querySelector('#daily-board[open]')")
        self.audit.check("today's results", open=board, close=close)

    def share(self):
        self.home()
        def share():
            self.p.tap_el(self.page.query_selector("#saved-list li.saved .share"))
            self.page.wait_for_selector("#share[open]")
        self.audit.check("home with saved games")
        self.audit.check("share a game", open=share, close=lambda: self.page.evaluate("document.getElementById('share').close()"))

    def tutorial(self, game):
        self.home()
        self.tap(f"#learn-section button[data-game='{game}']")
        step = 0
        while True:
            wait_learner(self.page)
            st = self.page.evaluate(STATE)
            if st["ended"]:
                self.audit.check(f"{game} tutorial: the end")
                return
            step += 1
            self.audit.check(f"{game} tutorial: step {step}")
            if step == 2:   # a move other than the step's: refused with a word
                self.page.evaluate("""() => { const s = window.cairn.snapshot(); const want = JSON.stringify(window.cairn.spotlight.move);
                  const m = s.legal.find(x => JSON.stringify(x) !== want); if (m) window.cairn.renderer.ui.play(m); }""")
                if self.page.is_visible("#tutor .tut-no"):
                    self.audit.check(f"{game} tutorial: a wrong move refused")
            follow_step(self.page, self.p.touch)


def walk(audit, player, tmpdir, games=GAMES):
    w = Walk(audit, player, tmpdir)
    for part in PARTS:
        walk_part(w, part, games)
    return w


# The walk in parts, each a test of its own (on its own page: the suite's two processes share
# them out): the screens before any game, then each game's (a game from the form, its review,
# its tutorial); the record, today's results and sharing need a game played and kept, so they
# come after Glen More's. ``at_least``: the screens each part reaches (every screen reached).
PARTS = {"front": 4, "glenmore": 20, "hunters": 15, "caledonia": 20}


def walk_part(w, part, games=GAMES):
    if part == "front":
        w.start_screen()
        w.new_game_forms()
        w.friends()
        return
    if part not in games:
        return
    w.game(part)
    w.reviewed(part)
    w.tutorial(part)
    if part == "glenmore":
        for other in games:   # the record of every game's finished games (the others' parts are other pages)
            if other != part:
                w.keep_finished(other)
        w.record()
        w.daily_results()
        w.share()


def audit_everything(request, chromium, site_url, tmpdir, size, phones, part):
    """One part of the walk (PARTS) in one page of ``size`` (both phones by resizing it, or the
    laptop), every screen audited in every language; fails with every problem found."""
    from conftest import _finish, _new_app
    from layout_audit import LAPTOP, LAYOUT_AUDIT_INIT, PHONES, LayoutAudit
    from play_helpers import Player

    app = _new_app(request, chromium, site_url, **size)
    app.context.add_init_script(LAYOUT_AUDIT_INIT)
    try:
        app.open("?fast=1&nosw")
        audit = LayoutAudit(app.page, touch=phones, sizes=PHONES if phones else LAPTOP)
        walk_part(Walk(audit, Player(app.page, touch=phones), str(tmpdir)), part)
        print(part, len(audit.screens), "screens")
        problems = (audit.focus_rules() if part == "front" else []) + audit.problems
        assert not problems, f"{len(problems)} problems on {len(audit.screens)} screens:\n" + "\n".join(problems[:80])
        assert len(audit.screens) >= PARTS[part], audit.screens   # every screen was reached
        assert not app.errors, app.errors
    finally:
        _finish(request, app)
