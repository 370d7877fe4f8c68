"""A keyboard-only player for the e2e tests (issue 61): it moves with Tab, Shift+Tab, the arrow
keys, Enter, Space and Escape alone (no shortcut keys, no pointer, no window.cairn to move) and
counts its key presses per move. Its strategy is a person's who takes the first thing they can
choose: on the board, Enter on the place with the focus (a legal place); in the choice bar, Enter
on the first choice that can be chosen (a group opens, then its first item); anywhere else, Tab.
It reads what is on the page (where the focus is, whether a place is one to choose) only to
decide which key to press, and window.cairn only to count moves."""
from __future__ import annotations

import statistics

# where the focus is, as a person sees it (the ring on a highlighted place, a button's words)
FOCUS_JS = """() => {
  const a = document.activeElement;
  const out = {id: a ? a.id : '', tag: a ? a.tagName : '', cls: a ? String(a.className || '') : '', text: a ? (a.textContent || '').trim().slice(0, 40) : ''};
  if (a && a.id === 'canvas') {
    const t = window.cairn.keys.current();
    out.zone = 'board';
    out.legal = !!(t && t.legal);
    out.places = window.cairn.keys.places().length;
  } else if (a && a.closest && a.closest('#choices')) {
    out.zone = 'choices';
    out.usable = a.tagName === 'BUTTON' && !['off', 'back', 'cancel'].some((c) => a.classList.contains(c));
  } else if (a && a.closest && a.closest('#table-doc')) {
    out.zone = 'doc';
    out.usable = a.tagName === 'BUTTON';
  } else out.zone = 'other';
  return out;
}"""

STATE_JS = """() => { const s = window.cairn.snapshot();
  if (!s) return {ply: -1, over: false, mine: false};
  const v = s.view, seat = v.seats[v.current_player];
  return {ply: v.ply, over: v.is_over, busy: !!window.cairn.busy,
          mine: !v.is_over && !window.cairn.busy && !!seat && seat.kind === 'human'}; }"""

SETTLED_JS = """() => { const s = window.cairn.snapshot();
  if (!s || window.cairn.busy) return false;
  if (s.view.is_over) return true;
  const seat = s.view.seats[s.view.current_player];
  return !!seat && seat.kind === 'human'; }"""

# the page has drawn the position (two frames: js/app.js afterDraw settles the focus then)
DRAWN_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"


class KeyPlayer:
    def __init__(self, page, limit=60):
        self.page = page
        self.limit = limit
        self.presses = []     # key presses of each move made
        self.trail = []       # the last move's keys and where the focus was

    def state(self):
        return self.page.evaluate(STATE_JS)

    def settle(self):
        self.page.wait_for_function(SETTLED_JS, timeout=60_000)
        self.page.evaluate(DRAWN_JS)

    def press(self, key):
        self.page.keyboard.press(key)
        self.n += 1
        self.page.evaluate(DRAWN_JS)

    def move(self):
        """One move of the person's, by keys; returns the presses it took."""
        st = self.state()
        before = st["ply"]
        self.n = 0
        self.trail = []
        board_enters = 0     # Enter on the board that did not play (a choice that leads on)
        pressed = set()      # the buttons chosen in this move
        while self.n < self.limit:
            f = self.page.evaluate(FOCUS_JS)
            self.trail.append((f["zone"], f.get("id") or f.get("text")))
            if f["zone"] == "board" and f["legal"] and board_enters < 2:
                key = "Enter"     # (twice: a place may first be chosen, then played)
                board_enters += 1
            elif f["zone"] in ("choices", "doc") and f["usable"] and f["text"] not in pressed:
                key = "Enter"
                pressed.add(f["text"])   # (a button that led back here is not pressed again)
            else:
                key = "Tab"
            self.trail[-1] += (key,)
            self.press(key)
            self.page.wait_for_function("() => !window.cairn.busy", timeout=60_000)
            if self.state()["ply"] != before:
                self.presses.append(self.n)
                return self.n
        raise AssertionError(f"stuck: {self.limit} key presses brought no move at ply {before}: {self.trail[-25:]}")

    def play(self, max_moves=10_000):
        """Moves until the game ends (the bots' turns waited for)."""
        self.settle()
        while not self.state()["over"] and len(self.presses) < max_moves:
            self.move()
            self.settle()
        return self.presses

    def figures(self):
        p = self.presses
        return {"moves": len(p), "median": statistics.median(p) if p else 0, "max": max(p) if p else 0, "total": sum(p)}
