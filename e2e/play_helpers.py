"""Playing the app as a person would, for the e2e tests and web/dev/shoot_app.py:
taps on the board (or clicks with a mouse), the choice bar, and checks of
what a player sees (sizes of targets, overflow, clipped text, log wording).
The middle of a long game can be skipped by importing a save that the
engine's bots played (``import_near_end``); the human's moves stay taps."""
from __future__ import annotations

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "engine") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "engine"))

# internal ids and raw coordinates a log line must never show
ENGINE_SPEAK = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\b[TBS]\d{1,2}\b|\bspace \d+|\bseat \d", re.I)

CHECK_JS = """(touch) => {
  const out = [];
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  if (document.documentElement.scrollWidth > W + 1) out.push(`page wider than the screen: ${document.documentElement.scrollWidth} > ${W}`);
  const shown = (e) => {
    if (e.closest('[hidden]')) return false;
    const cs = getComputedStyle(e);
    if (cs.visibility === 'hidden' || cs.display === 'none') return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < H;
  };
  for (const e of document.querySelectorAll('button, select, input:not([type=file]), a[href]')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    const inSheet = e.closest('#sheet');
    if (inSheet && !document.body.classList.contains('sheet-open') && getComputedStyle(inSheet).position === 'absolute') continue;
    if (r.right > W + 1) out.push(`cut off at the right: ${e.id || e.className || e.tagName} "${e.textContent.trim().slice(0, 20)}" right=${Math.round(r.right)}`);
    if (touch && (r.width < 43.5 || r.height < 43.5)) {
      // inside a scrolling row a target may be partly scrolled out of view; measure its own box
      out.push(`small target: ${e.id || e.className || e.tagName} "${e.textContent.trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  if (touch) for (const t of window.cairn.targets()) {
    if (t.w != null && Math.min(t.w, t.h) < 43.5) out.push(`small board target: ${t.label} ${Math.round(t.w)}x${Math.round(t.h)}`);
  }
  for (const li of document.querySelectorAll('#log li')) {
    if (RE.test(li.textContent)) out.push(`engine speak in the log: ${li.textContent}`);
  }
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.children.length || !e.textContent.trim()) continue;
    const fs = parseFloat(getComputedStyle(e).fontSize);
    // a button whose word is drawn as an icon (phones' Share/Export/Home): the word stays its name
    if (fs === 0 && e.tagName === 'BUTTON' && getComputedStyle(e, '::before').content !== 'none') continue;
    if (fs < 11) out.push(`text under 11px: "${e.textContent.trim().slice(0, 20)}" ${fs}px`);
  }
  return out;
}"""


# Whether the tap, click or key just given played a move. The page's handlers play a move at once
# (it is sent, window.cairn.busy, before the handler returns: js/app.js gameRequest) or not at all
# (they opened a second step, or did nothing); by the second frame after the input they have run.
ACTED = """(before) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const s = window.cairn.snapshot();
  done(!!window.cairn.busy || !s || s.view.ply !== before); })))"""
ANSWERED = """(before) => { const s = window.cairn.snapshot();
  return !!s && (s.view.ply !== before || !window.cairn.busy); }"""


def acted(page, before, timeout=30_000):
    """True when the input just given played a move (once the engine has answered it), False
    at once when it did not (instead of waiting out a timeout for a move that is not coming)."""
    if not page.evaluate(ACTED, before):
        return False
    page.wait_for_function(ANSWERED, arg=before, timeout=timeout)
    return page.evaluate("(before) => window.cairn.snapshot().view.ply !== before", before)


class Player:
    def __init__(self, page, touch=False):
        self.page = page
        self.touch = touch
        self.found = []

    # -- reading the app --------------------------------------------------
    def snap(self):
        return self.page.evaluate("window.cairn.snapshot()")

    def ply(self):
        return self.page.evaluate("window.cairn.snapshot() ? window.cairn.snapshot().view.ply : -1")

    def over(self):
        return self.page.evaluate("document.documentElement.dataset.over === '1'")

    def human_to_move(self):
        return self.page.evaluate("""() => {
          const s = window.cairn.snapshot();
          if (!s || s.view.is_over || window.cairn.busy) return false;
          const seat = s.view.seats[s.view.current_player];
          return !!seat && seat.kind === 'human';
        }""")

    def check(self):
        """Problems a player would see now (also kept for problems())."""
        found = self.page.evaluate(CHECK_JS.replace("RE", "new RegExp(%s, 'i')" % json.dumps(ENGINE_SPEAK.pattern)),
                                   self.touch)
        self.found.extend(f for f in found if f not in self.found)
        return found

    def problems(self):
        return list(self.found)

    def board_and_choices_together(self):
        """The player's own board and the choice bar are both on screen."""
        return self.page.evaluate("""() => {
          const H = window.innerHeight, W = window.innerWidth;
          const on = (r) => r.top >= -1 && r.bottom <= H + 1 && r.left >= -1 && r.right <= W + 1 && r.height > 0;
          const board = document.getElementById('board').getBoundingClientRect();
          const choices = document.getElementById('choices').getBoundingClientRect();
          const info = window.cairn.layout ? window.cairn.layout() : null;
          const own = info && info.own ? info.own : null;
          const ownOk = !own || (own.height >= 100 && own.top >= board.top - 1 && own.bottom <= board.bottom + 1);
          return {ok: on(board) && on(choices) && board.bottom <= choices.top + 1 && ownOk && !(info && info.own === null),
                  board: board.toJSON(), choices: choices.toJSON(), own};
        }""")

    # -- acting ----------------------------------------------------------------
    def tap(self, x, y):
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def tap_el(self, handle):
        if self.touch:
            handle.tap()
        else:
            handle.click()

    def wait_idle(self):
        self.page.wait_for_function("window.cairn.snapshot() !== null && !window.cairn.busy")

    def _changed(self, before, timeout):
        try:
            self.page.wait_for_function(f"window.cairn.snapshot() && window.cairn.snapshot().view.ply !== {before}",
                                        timeout=timeout)
            return True
        except Exception:
            return False

    def dismiss_coach(self):
        for _ in range(6):
            btn = self.page.query_selector("#coach:not([hidden]) button.next")
            if not btn:
                return
            try:
                self.tap_el(btn)
            except Exception as e:   # the card was drawn again between finding and tapping: find it again
                if "not attached" not in str(e):
                    raise

    def open_choices(self):
        """On a phone whose bar shows its choices as one button (js/choices.js): the list opened."""
        more = self.page.query_selector("#choices button.more[aria-expanded=false]:not([hidden])")
        if more and more.is_visible():
            self.tap_el(more)
            self.page.wait_for_selector("#choices.open")

    def close_sheet(self):
        if self.page.evaluate("document.body.classList.contains('sheet-open')") and self.page.is_visible("#sheet-btn"):
            self.tap_el(self.page.query_selector("#sheet-btn"))
            self.page.wait_for_timeout(300)

    def start(self, game, seed=7, bot_first=False):
        page = self.page
        page.click(f"#game-list [data-game='{game}']")
        page.select_option("#ng-count", "2")
        kinds = page.query_selector_all("#ng-seats .seat-kind")
        bots = page.eval_on_selector("#ng-seats .seat-kind", "s => [...s.options].map(o => o.value).filter(v => v.startsWith('bot'))")
        bot = "bot:random" if "bot:random" in bots else bots[0]
        order = [bot, "human"] if bot_first else ["human", bot]
        for sel, kind in zip(kinds, order):
            sel.select_option(kind)
        page.evaluate("document.getElementById('ng-more').open = true")   # the seed is under More
        page.fill("#ng-seed", str(seed))
        page.click("#ng-start")
        page.wait_for_function("window.cairn.snapshot() !== null")
        self.wait_idle()

    def human_move(self):
        """One human decision by tapping: a board target if there is one, else
        the pinned main button or the first choice; returns how."""
        page = self.page
        page.wait_for_function("""() => { const s = window.cairn.snapshot();
            return s && !window.cairn.busy && (s.view.is_over || s.view.seats[s.view.current_player].kind === 'human'); }""",
                               timeout=60_000)
        if self.over():
            return None
        self.dismiss_coach()
        before = self.ply()
        targets = page.evaluate("window.cairn.targets()")
        if targets:
            t = targets[0]
            self.tap(t["x"], t["y"])
            if acted(page, before):
                self.wait_idle()
                return "board"
        for sel in ("#choices .main button.choice:not(.off)", "#choices .pick button.choice:not(.off)",
                    "#choices .pick button.group"):
            for _ in range(2):
                btn = page.query_selector(sel)
                if not btn:
                    break
                if not btn.is_visible():
                    self.open_choices()
                self.tap_el(btn)
                if sel.endswith("group"):
                    btn = page.query_selector("#choices .pick button.choice:not(.off)")
                    if btn:
                        self.tap_el(btn)
                if acted(page, before):
                    self.wait_idle()
                    return "choice"
        if self._changed(before, 10_000):   # the tap played, but a loaded machine answered late
            self.wait_idle()
            return "board"
        raise AssertionError(f"no way to play: targets={targets[:3]} choices={page.inner_text('#choices')!r}")

    def play_to_end(self, check_every=1, limit=400):
        moves = 0
        while not self.over() and moves < limit:
            if self.human_to_move():
                if moves % check_every == 0:
                    self.check()
                self.human_move()
                moves += 1
            else:
                before = self.ply()
                self._changed(before, 30_000)
                self.wait_idle()
        assert self.over(), "the game did not end"
        self.wait_idle()
        return moves

    def import_near_end(self, game, seed, left, tmpdir):
        """Import a save of this game (human seat 0 vs a bot) played by random
        moves up to ``left`` human decisions before the end."""
        path = near_end_save(game, seed, left, tmpdir, self.snap()["view"]["seats"])
        self.page.set_input_files("#import-file", path)
        self.page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.ply > 10")
        self.wait_idle()
        return path


def near_end_save(game, seed, left, tmpdir, seats):
    from cairn import load_game, new_game
    from cairn.bots import choose_move

    players = [{k: v for k, v in s.items() if k in ("kind", "level", "name") and v is not None} for s in seats]
    g = new_game(game, players=players, seed=seed)
    while not g.is_over:
        g.play(choose_move(g, "random"))
    moves = g.to_save()["moves"]
    # the point `left` human decisions before the end
    h = [e for e in g.history if e["seat"] is not None]
    human = [i for i, e in enumerate(h) if players[e["seat"]]["kind"] == "human"]
    cut = human[-left] if len(human) >= left else human[0]
    save = g.to_save()
    save["moves"] = moves[:cut]
    save = load_game(save).to_save()
    path = os.path.join(tmpdir, f"{game}-near-end-{seed}.cairn.json")
    with open(path, "w") as f:
        json.dump(save, f)
    return path
