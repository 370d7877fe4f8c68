// Hints (issue 32): the Hint button (and the H key) asks the engine what the
// medium bot would play for the person to move (the facade's "hint" op: it
// sees only what that seat may know), lights the move's place on the board or
// its button (js/spotlight.js) and names it in the engine's words; the engine
// keeps the plies of the hints taken in the save (meta.hints), and the log
// marks the move played after one. A game started with hints on
// (meta.hints_on: the tutorial's "Play a real game") shows one at every turn.

import { el } from "./ui.js";
import { t } from "./i18n.js";
import { announce } from "./access.js";
import { sameMove } from "./spotlight.js";

const AUTO_MS = 250;   // an automatic hint waits this long, so a quick player is not interrupted

export class Hints {
  /** opts: {engine, button, card (an element), spotlight, state(): {gid, snap, human, blocked
   *  (words: why no hint now, or "")}, keep(gid, meta): the save's new meta (a hint recorded)} */
  constructor(opts) {
    this.o = opts;
    this.shown = null;     // {gid, ply, move, label, complete, ms}
    this.asking = null;    // {gid, ply} while the engine thinks
    this.times = [];       // ms per hint (window.cairn.hints: e2e)
    this.autoTimer = null;
    opts.button.addEventListener("click", () => this.ask(false));
  }

  /** Why no hint can be given now ("" when one can). */
  why() {
    const s = this.o.state();
    if (!s.snap) return t("No game is open.");
    if (s.snap.view.is_over) return t("The game is over.");
    if (!s.human) return t("A hint is for your own move: wait for your turn.");
    if (s.blocked) return s.blocked;
    return "";
  }

  /** Ask for the hint of the position shown (``auto``: a game with hints on asked itself). */
  async ask(auto) {
    const why = this.why();
    const s = this.o.state();
    if (why) { if (!auto) this.say(why, true); return; }
    const at = { gid: s.gid, ply: s.snap.view.ply };
    if (this.shown && this.shown.gid === at.gid && this.shown.ply === at.ply) { this.light(); return; }
    if (this.asking && this.asking.gid === at.gid && this.asking.ply === at.ply) return;
    this.asking = at;
    this.o.button.setAttribute("aria-busy", "true");
    const t0 = performance.now();
    let res = null;
    try {
      res = await this.o.engine.request("hint", { gid: at.gid });
    } catch (e) {
      if (this.current(at) && !auto) this.say(t("No hint now: {message}", { message: e.message }), true);
    } finally {
      if (this.asking === at) this.asking = null;
      this.o.button.removeAttribute("aria-busy");
    }
    if (!res) return;
    const ms = performance.now() - t0;
    this.times.push(Math.round(ms));
    this.o.keep(at.gid, res.meta);   // the save says a hint was taken here (even if the player moved meanwhile)
    if (!this.current(at)) return;
    this.shown = { ...at, move: res.move, label: res.label, complete: res.complete, ms };
    this.light();
  }

  current(at) {
    const s = this.o.state();
    return !!s.snap && s.gid === at.gid && s.snap.view.ply === at.ply && s.human;
  }

  light() {
    const h = this.shown;
    this.o.spotlight.show(h.move);
    this.say(t("Hint: {move}", { move: h.label }), false);
  }

  say(text, plain, quiet = false) {
    const c = this.o.card;
    c.replaceChildren(el("span", { class: plain ? "hint-text" : "hint-text hint-move", text }),
      el("button", { type: "button", class: "x", "aria-label": t("Close the hint"), text: "\u00d7", onclick: () => this.clear() }));
    c.hidden = false;
    c.dataset.lang = document.documentElement.lang;
    if (!quiet) announce(text, "#focus-say");
  }

  /** The same position again (another language): the hint shown says its move in the engine's
   * new words (its label in the snapshot's labels). */
  relabel() {
    const h = this.shown;
    const s = this.o.state();
    const c = this.o.card;
    if (!h && !c.hidden && c.dataset.lang !== document.documentElement.lang) { c.hidden = true; return; }   // a word said in another language
    if (!h || !s.snap || !this.current(h)) return;
    const i = (s.snap.legal || []).findIndex((m) => sameMove(m, h.move));
    const label = i >= 0 && s.snap.labels && s.snap.labels[i] ? s.snap.labels[i].label : h.label;
    if (label === h.label && this.o.card.dataset.lang === document.documentElement.lang) return;
    h.label = label;
    this.say(t("Hint: {move}", { move: label }), false, true);
  }

  /** The position changed (a move, an undo, another game): the hint shown goes. */
  clear() {
    if (this.shown) this.o.spotlight.clear();   // the light is the hint's (a tutorial's step keeps its own)
    this.shown = null;
    this.o.card.hidden = true;
  }

  /** After every new snapshot: the button's state; a new position clears the hint, and in a
   * game with hints on asks for the next one. */
  update(moved) {
    const why = this.why();
    const b = this.o.button;
    b.classList.toggle("off", !!why);
    b.setAttribute("aria-disabled", why ? "true" : "false");
    b.dataset.info = why || t("What would a good player do here? Shows a move for you (H)");
    if (!moved) { this.relabel(); return; }
    this.clear();
    clearTimeout(this.autoTimer);
    const s = this.o.state();
    if (!why && s.snap && s.snap.save && s.snap.save.meta && s.snap.save.meta.hints_on) {
      const at = { gid: s.gid, ply: s.snap.view.ply };
      this.autoTimer = setTimeout(() => { if (this.current(at)) this.ask(true); }, AUTO_MS);
    }
  }
}
