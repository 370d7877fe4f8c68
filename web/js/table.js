// The table as a document (issue 61), the same for every game: beside the canvas, a structure a
// screen reader walks (headings, lists, tables), hidden from sight only, that says what the
// board shows in the game's words and is drawn again at every change: whose turn and the round,
// what you can choose now (each place on the board and each choice of the bar a button that
// plays it, as the board's Enter or the bar's button would), the scores, what happened since
// your move, then the game's own parts (js/table/<game>.js, from the engine's view: your board
// and resources, each other player's, the shared board).
//
// A game's part: export default function part(snap, {seatName, me}) -> [section], a section
// {title, lines: [text]} (a list), {title, bare: true} (a heading alone), or {title, head: [text], rows: [[text]]} (a table), or
// {title, sections: [section]} (a heading with its own parts under it).
// Its buttons are out of the Tab order (tabindex -1: the page's Tab goes to what is seen);
// a reader's browse mode reaches them, and so do its "buttons" lists.

import { el } from "./ui.js";
import { t } from "./i18n.js";

const parts = {};   // game -> its part (loaded once, when first needed)

async function partOf(game) {
  if (!(game in parts)) {
    parts[game] = null;
    try { parts[game] = await import(`./table/${game}.js`); } catch (e) { console.warn("table part", game, e); }
  }
  return parts[game] || {};
}

/** Names a reader can tell apart: a name said twice gets its number ("… (2)"). */
function apart(names) {
  const seen = {};
  const total = {};
  for (const n of names) total[n] = (total[n] || 0) + 1;
  return names.map((n) => (total[n] > 1 ? `${n} (${(seen[n] = (seen[n] || 0) + 1)})` : n));
}

export class TableDoc {
  /** box: the document's element; o: {seatName(i), turn(): the turn's words, places(): the board's
   * places to choose ({name, label} each), choose(place), bar(): the choice bar's shown buttons,
   * since(): the lines since your move, after(): a press made (the board may redraw itself), busy(): the engine is thinking or the others play} */
  constructor(box, o) {
    this.box = box;
    this.o = o;
    this.sig = "";
  }

  /** Drawn again for ``snap`` (only when something it says changed); a new position when the
   * page is next idle: never in the frame that shows a move (a run of bot moves drew it for each,
   * costing each move's frame several ms), and once for the last of several positions given
   * meanwhile, the region busy meanwhile (aria-busy: a reader waits for it). */
  update(snap) {
    this.want = snap;
    if (this.idle) return;
    // the same position asked again (every redraw of the choice bar, a press that only chose):
    // drawn again now if anything it says changed, as a press must be answered at once; a new
    // position: busy until it is drawn when the page is idle
    if (snap === this.drawnSnap) { this.draw(snap); return; }
    this.box.setAttribute("aria-busy", "true");
    const run = () => { this.idle = null; this.draw(this.want); };
    this.idle = typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 250 }) : setTimeout(run, 40);
  }

  async draw(snap) {
    this.drawnSnap = snap;
    if (!snap) { this.box.replaceChildren(); this.sig = ""; this.box.setAttribute("aria-busy", "false"); return; }
    const mod = await partOf(snap.view.game);
    const part = mod.default;
    const places = this.o.places();
    const names = apart(places.map((p) => (mod.place ? mod.place(p, snap) : p.name)));
    const bar = this.o.bar();
    const secs = [];
    try { if (part) secs.push(...part(snap, { seatName: this.o.seatName, me: snap.me ?? null })); } catch (e) { console.warn("table part failed", e); }
    const sig = JSON.stringify([snap.gid, snap.view.ply, snap.view.is_over, this.o.turn(), names, bar.map((b) => b.textContent), secs, this.o.since()]);
    this.box.setAttribute("aria-busy", this.o.busy() || this.idle ? "true" : "false");   // (while the others play, the engine thinks)
    if (sig === this.sig) return;
    this.sig = sig;
    ids = 0;
    const v = snap.view;
    const turn = this.o.turn();
    const kids = [el("h2", { id: "table-doc-h", text: t("The table") }),
      v.is_over && !turn.startsWith(t("Game over")) ? el("p", { text: t("Game over") }) : null, el("p", { text: turn })].filter(Boolean);
    // what you can choose: the board's places, then the choice bar's buttons
    if (places.length || bar.length) {
      const list = el("ul");
      kids.push(...headed(3, t("What you can choose"), list));
      places.forEach((p, i) => list.append(el("li", {}, this.button(names[i], () => this.o.choose(p)))));
      for (const b of bar) {
        const words = b.textContent.trim() + (b.dataset.info && b.classList.contains("off") ? ` (${b.dataset.info})` : "");
        list.append(el("li", {}, this.button(words, () => b.click(), b.getAttribute("aria-disabled") === "true", b.getAttribute("aria-expanded"))));
      }
    }
    const scores = snap.scores || [];
    if (scores.length) {
      kids.push(...headed(3, t("Scores"), table([t("Player"), t("Points")], scores.map((s, i) => [this.o.seatName(i), String(s.total)]))));
    }
    const since = this.o.since();
    if (since.length && !v.is_over) {
      kids.push(...headed(3, t("Since your move"), el("ol", {}, since.map((line) => el("li", { text: line })))));
    }
    for (const s of secs) kids.push(...section(s, 3));
    this.box.replaceChildren(...kids);
  }

  button(words, act, disabled = false, expanded = null) {
    return el("button", { type: "button", tabindex: "-1", "aria-disabled": disabled ? "true" : null, "aria-expanded": expanded,
      onclick: () => { act(); this.o.after(); } }, words);
  }
}

let ids = 0;
/** A heading and what it heads, named by it (a reader's list of lists and tables says it). */
function headed(level, title, body) {
  const id = `td-${++ids}`;
  body.setAttribute("aria-labelledby", id);
  return [el(`h${Math.min(level, 6)}`, { id, text: title }), body];
}

/** A table for readers (ARIA roles on divs: never one of the page's tables a person sees). */
function table(head, rows) {
  const cell = (role, text) => el("div", { role, text });
  return el("div", { role: "table" },
    el("div", { role: "row" }, head.map((h) => cell("columnheader", h))),
    rows.map((r) => el("div", { role: "row" }, r.map((c, i) => cell(i ? "cell" : "rowheader", c)))));
}

function section(s, level) {
  const h = () => el(`h${Math.min(level, 6)}`, { text: s.title });
  if (s.bare) return [h()];
  if (s.sections) return [h(), ...s.sections.flatMap((x) => section(x, level + 1))];
  if (s.rows) return headed(level, s.title, table(s.head, s.rows));
  const lines = (s.lines || []).filter(Boolean);
  return lines.length ? headed(level, s.title, el("ul", {}, lines.map((l) => el("li", { text: l })))) : [h(), el("p", { text: t("Nothing") })];
}
