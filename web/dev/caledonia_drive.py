"""Playing Clans of Caledonia in the app as a person does, by tapping (for e2e/test_caledonia.py
and web/dev/shoot_caledonia.py): the new-game form, the canvas (tabs, goods, contracts, clan
offers, map spaces) and the choice bar.  Every human move goes through the UI; nothing is sent
to the engine directly.

A *plan* says what the human does on its turns in the action phase: ``"pass"`` (pass at once),
or a list of main actions tried in order on the human's first turns (``"expand"``, ``"trade"``,
``"contract"``, ``"upgrade"``), then pass.
"""
from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from play_helpers import Player  # noqa: E402

HUMAN_TO_MOVE = """() => { const s = window.cairn.snapshot();
  return !!s && !window.cairn.busy && (s.view.is_over ||
    (s.view.seats[s.view.current_player] || {}).kind === 'human'); }"""


CHOICES = "#choices button:not(.more)"   # (the list's own button, on a phone, is not a choice)


class CaledoniaPlayer(Player):
    """A touch (or mouse) player of the Caledonia renderer."""

    def __init__(self, page, touch=False):
        super().__init__(page, touch)
        self.turns = 0          # action-phase turns started by the humans
        self.automa_ms = []     # time the app took for each solo-opponent move (ms)

    # -- the new-game form ---------------------------------------------------------------
    def start(self, seats, seed=7, options=None):
        """seats: e.g. ["human"], ["human", "automa:3"], ["human"] * 4."""
        page = self.page
        page.click("#game-list [data-game='caledonia']")
        page.select_option("#ng-count", str(len(seats)))
        for sel, kind in zip(page.query_selector_all("#ng-seats .seat-kind"), seats):
            sel.select_option(kind)
        page.evaluate("document.getElementById('ng-more').open = true")   # the seed is under More
        page.fill("#ng-seed", str(seed))
        for name, value in (options or {}).items():
            box = page.query_selector(f"#newgame input[name='{name}']")
            if box.is_checked() != value:
                box.click()
        page.click("#ng-start")
        page.wait_for_function("window.cairn.snapshot() !== null")
        self.wait_idle()

    # -- reading -------------------------------------------------------------------------
    def targets(self, prefix=""):
        return [t for t in self.page.evaluate("window.cairn.targets()") if t["label"].startswith(prefix)]

    def tap_choice(self, i):
        """Tap the ``i``-th choice (buttons()); on a phone whose bar lists its choices behind one
        button (js/choices.js), that list opened first."""
        el = self.page.query_selector_all(CHOICES)[i]
        if not el.is_visible():
            self.open_choices()
        self.tap_el(el)

    def buttons(self):
        return self.page.evaluate("""(sel) => [...document.querySelectorAll(sel)].map((b, i) =>
            ({i, text: b.textContent.trim(), cls: b.className, off: b.classList.contains('off')}))""", CHOICES)

    def wait_human(self, timeout=120_000):
        t0 = time.time()
        before = self.ply()
        self.page.wait_for_function(HUMAN_TO_MOVE, timeout=timeout)
        snap = self.snap()
        auto = [h for h in snap["history"] if h["seat"] is not None and h.get("ply", 0) >= before
                and snap["view"]["seats"][h["seat"]]["kind"] == "automa"]
        if auto and time.time() - t0 > 0:
            self.automa_ms.append((time.time() - t0) * 1000 / len(auto))
        return snap

    # -- acting --------------------------------------------------------------------------
    def dismiss_moment(self):
        """A moment card (scoring, production) lies over the board for a few seconds: tap it away."""
        box = self.page.query_selector("#moment:not([hidden])")
        if box:
            self.tap_el(box)
            self.page.wait_for_timeout(50)

    def tap_target(self, t):
        self.dismiss_moment()
        self.tap(t["x"], t["y"])
        self.page.wait_for_timeout(60)

    def tab(self, name):
        t = self.targets(f"tab {name}")
        if t:
            self.tap_target(t[0])

    def press(self, starts, group=None):
        """Tap the choice button whose text starts with ``starts``; with ``group``, first the
        group's button (a group of one is a plain button: tapping it is the choice).
        True when something was tapped."""
        def tap(i):
            self.tap_choice(i)
        if group:
            for b in self.buttons():
                if b["text"].startswith(group) and not b["off"]:
                    tap(b["i"])
                    if "group" not in b["cls"]:
                        return True
                    break
        for b in self.buttons():
            if b["text"].startswith(starts) and not b["off"] and "group" not in b["cls"] and "back" not in b["cls"]:
                tap(b["i"])
                return True
        return False

    def played(self, before, timeout=5000):
        return self._changed(before, timeout)

    def decide(self, plan):
        """One human decision through the UI; returns a word for what was done."""
        snap = self.wait_human()
        if snap["view"]["is_over"]:
            return None
        self.dismiss_coach()
        self.close_sheet()
        v, legal = snap["view"], snap["legal"]
        types = {m["type"] for m in legal}
        before = v["ply"]
        if "pick" in types:
            self.tab("offers")
            offer = self.targets("offer")[0]
            self.tap_target(offer)
            assert self.press("Take"), self.buttons()
            assert self.played(before)
            return "pick"
        if "start_worker" in types or "place" in types:
            return self.place(before)
        if types & {"produce", "cellar", "butter"}:
            assert self.press("Make") or self.press("Nothing") or self.press("No butter") or self.first(), self.buttons()
            assert self.played(before)
            return "produce"
        top = v["pending"][-1]["kind"] if v["pending"] else None
        if top == "neighbour":
            assert self.press("Done buying")
            assert self.played(before)
            return "neighbour done"
        if top == "keep":
            assert self.press("Keep none")
            assert self.played(before)
            return "keep none"
        if "end_turn" in types:
            assert self.press("End turn")
            assert self.played(before)
            return "end turn"
        if v["phase"] == "actions" and "pass" in types:
            # a new turn of a human
            want = plan[self.turns] if isinstance(plan, list) and self.turns < len(plan) else "pass"
            self.turns += 1
            if want != "pass" and self.main_action(want, types, before):
                return want
            assert self.press("Pass"), self.buttons()
            assert self.press("Yes, pass"), self.buttons()   # passing asks once more
            assert self.played(before)
            return "pass"
        assert self.first(), self.buttons()
        assert self.played(before)
        return "other"

    def first(self):
        """The first main button, else the first choice, else the first item of the first group."""
        bs = self.buttons()
        for b in bs:
            if "main-choice" in b["cls"] and not b["off"]:
                self.tap_choice(b["i"])
                return True
        for b in bs:
            if not b["off"] and "back" not in b["cls"]:
                self.tap_choice(b["i"])
                if "group" in b["cls"]:
                    return self.first()
                return True
        return False

    def place(self, before):
        """Tap a highlighted space, then the confirm button under the board."""
        self.tab("map")
        spaces = self.targets("space")
        assert spaces, "no highlighted space on the map"
        self.tap_target(spaces[0])
        assert self.press("Place") or self.first(), self.buttons()
        assert self.played(before)
        return "place"

    def main_action(self, want, types, before):
        if want == "expand" and "expand" in types:
            if not self.press("", group="Expand") or not self.played(before, 3000):
                return False
            self.wait_idle()
            self.place(self.ply())
            return True
        if want == "trade" and "trade" in types:
            self.tab("market")
            goods = self.targets("good")
            legal = self.snap()["legal"]
            buyable = [t for t in goods if any(m["type"] == "trade" and m["side"] == "buy"
                                               and m["good"] == t["label"][5:] for m in legal)]
            if not buyable:
                return False
            self.tap_target(buyable[0])
            good = buyable[0]["label"][5:]
            assert self.press("Buy 1", group=f"Buy {good}") or self.press("Buy 1"), self.buttons()
            assert self.played(before)
            return True
        if want == "contract" and "take_contract" in types:
            self.tab("export")
            cs = self.targets("contract")
            if not cs:
                return False
            self.tap_target(cs[0])
            assert self.press("Take"), self.buttons()
            assert self.played(before)
            return True
        if want == "upgrade" and types & {"shipping", "hire"}:
            return self.press("Shipping", group="Upgrade") and self.played(before)
        return False

    def play(self, plan="pass", limit=400, until=None):
        """Human decisions until the game ends (or ``until(snapshot)`` is true); returns the count."""
        n = 0
        while n < limit:
            snap = self.wait_human()
            if snap["view"]["is_over"] or (until and until(snap)):
                break
            self.decide(plan)
            n += 1
        self.wait_human()   # let the bots and the automa answer: the position is settled
        return n
