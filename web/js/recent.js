// What happened since your move (issue 48), the same in every game: the other
// seats' moves and the game's own events since the last move of the person to
// move, listed in a strip over the dock, one chip each, until that person acts.
// The engine says what each move changed on the table (a history line's
// ``marks``: the tile placed, the pieces set down, the price that moved); the
// game's renderer draws them on the board (ctx.recent) and, when a chip is
// tapped, brings that move into view (renderer.showRecent(i)), while the chip
// shows its whole line. Nothing here works out what a move means.

import { el, seatShape, linePrefix } from "./ui.js";
import { t } from "./i18n.js";
import { announce } from "./access.js";

const MAX = 16;   // chips at most (the oldest go first)

/** The history lines since the last move of ``me`` (a seat; null: none): the other seats'
 * moves (not those that change nothing) and the game's events (the lines of one moment, a
 * round's production and scoring, as one item: {seat: null, parts, points}), at most MAX,
 * oldest first. */
export function linesSince(snap, me) {
  const hist = (snap && snap.history) || [];
  if (me == null) return [];
  let i = hist.length;
  while (i > 0 && hist[i - 1].seat !== me) i--;
  const out = [];
  for (const h of hist.slice(i)) {
    if (h.seat === me || h.kind === "idle") continue;
    const last = out[out.length - 1];
    if (h.seat == null && last && last.seat == null && last.ply === h.ply) last.parts.push(h);
    else out.push(h.seat == null ? { ply: h.ply, seat: null, kind: h.kind, points: h.points, parts: [h] } : h);
  }
  return out.slice(-MAX);
}

/** Is ``seat`` one of the people playing on this device? */
function isMine(snap, seat) {
  const s = snap.view.seats[seat];
  if (!s || s.kind !== "human") return false;
  return !snap.friends || (snap.friends.owner || [])[seat] === snap.friends.me;
}

/** The person whose "since your move" the strip lists: the one to move (``toMove``: a person of
 * this device is), else the one who moved last here (while the others play), else the first
 * person here, else null. */
export function personOf(snap, toMove) {
  const v = snap.view;
  if (toMove && v.current_player != null) return v.current_player;
  const hist = snap.history || [];
  for (let i = hist.length - 1; i >= 0; i--) if (hist[i].seat != null && isMine(snap, hist[i].seat)) return hist[i].seat;
  const first = v.seats.findIndex((s, i) => isMine(snap, i));
  return first >= 0 ? first : null;
}

export class RecentStrip {
  /** box: the strip's element; opts: {show(i | null): the board shows line i (null: all),
   *  lineText(h), seatName(i), seatColor(i), empty(): words while nothing is new, me(): the seat
   *  spoken to (the engine's snap.me) or null} */
  constructor(box, opts) {
    this.box = box;
    this.o = opts;
    this.lines = [];
    this.focus = null;
    this.sig = "";
    this.row = el("div", { class: "recent-row" });
    this.note = el("span", { class: "recent-empty muted" });
    box.replaceChildren(this.note, this.row);
    box.setAttribute("role", "group");
    this.row.addEventListener("scroll", () => this.cue(), { passive: true });
    // one stop for Tab (the chip chosen, else the newest); the arrow keys move along the strip
    this.row.addEventListener("keydown", (e) => this.key(e));
    new ResizeObserver(() => this.cue()).observe(this.row);
  }

  /** The lines to list now (linesSince's); a new set drops the chip chosen. */
  show(lines) {
    const sig = JSON.stringify(lines.map((h) => [h.ply, h.seat, h.key, h.text, h.parts ? h.parts.length : 0]));
    const fresh = sig !== this.sig;
    this.lines = lines;
    this.sig = sig;
    if (fresh && lines.length && this.focus != null) this.focus = null;
    this.render(fresh);
  }

  words(h) {
    if (h.seat == null) {
      const text = h.parts.map((x) => this.o.lineText(x)).join(" \u00b7 ");
      const me = this.o.me ? this.o.me() : null;
      const pts = (h.points || []).map((p, i) => {
        if (!p) return "";
        const n = `${p > 0 ? "+" : ""}${p}`;
        return i === me ? t("you {n}", { n }) : `${this.o.seatName(i)} ${n}`;
      }).filter(Boolean);
      return pts.length ? `${text} (${pts.join(", ")})` : text;
    }
    return `${linePrefix(h, this.o.seatName)}${this.o.lineText(h)}`;
  }

  render(fresh = false) {
    const lines = this.lines;
    const a = document.activeElement;
    const had = a && this.row.contains(a) ? Number(a.dataset.i) : null;   // (drawn again: the focus stays)
    const stop = this.focus != null ? this.focus : had != null ? Math.min(had, lines.length - 1) : lines.length - 1;
    this.box.setAttribute("aria-label", t("Since your move"));
    this.note.textContent = lines.length ? "" : this.o.empty();
    this.note.hidden = lines.length > 0;
    this.row.replaceChildren(...lines.map((h, i) => {
      const words = this.words(h);
      const chip = el("button", {
        type: "button", class: `recent-chip${h.seat == null ? " event" : ""}${this.focus === i ? " on" : ""}`,
        "data-i": String(i), "data-ply": String(h.ply), "data-full": words, "aria-pressed": this.focus === i ? "true" : "false",
        title: words, tabindex: i === stop ? "0" : "-1", onclick: () => this.pick(i),
      });
      if (h.seat != null) chip.append(el("span", { class: `dot ${seatShape(h.seat)}`, style: `background:${this.o.seatColor(h.seat)}` }));
      else chip.append(el("span", { class: "star", "aria-hidden": "true", text: "\u2605" }));
      chip.append(el("span", { class: "recent-text", text: h.seat == null ? words : this.o.lineText(h) }));
      return chip;
    }));
    this.box.classList.toggle("has", lines.length > 0);
    if (fresh) this.row.scrollLeft = this.row.scrollWidth;   // the newest in sight
    if (had != null) {
      const chip = this.row.children[Math.min(had, lines.length - 1)];
      if (chip) chip.focus({ preventScroll: true });
      else this.box.closest("#dock")?.querySelector("#undo")?.focus({ preventScroll: true });
    }
    this.cue();
  }

  /** Arrow keys (and Home, End) along the strip's chips. */
  key(e) {
    const chips = [...this.row.children];
    const i = chips.indexOf(document.activeElement);
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: chips.length - 1 }[e.key];
    if (to == null) return;
    e.preventDefault();
    const c = chips[Math.max(0, Math.min(chips.length - 1, to))];
    for (const x of chips) x.tabIndex = x === c ? 0 : -1;
    c.focus();
  }

  /** A chip tapped: its move shown on the board, its whole line under the strip; again: all. */
  pick(i) {
    this.focus = this.focus === i ? null : i;
    this.o.show(this.focus);
    this.render();
    const h = this.lines[i];
    if (this.focus != null && h) {
      const words = this.words(h);
      announce(words, "#focus-say");
      this.say(words);
    } else this.say("");
  }

  /** The whole line of the chip chosen, in a box over the strip (it never takes taps). */
  say(words) {
    let tip = this.box.querySelector(".recent-say");
    if (!words) { if (tip) tip.remove(); return; }
    if (!tip) { tip = el("div", { class: "recent-say", role: "status" }); this.box.append(tip); }
    tip.textContent = words;
    clearTimeout(this.sayTimer);
    this.sayTimer = setTimeout(() => tip.remove(), 4000);
  }

  /** Which sides have more chips out of sight (CSS draws the cue: data-more). */
  cue() {
    const r = this.row;
    const more = [r.scrollLeft > 1 ? "left" : "", r.scrollLeft + r.clientWidth < r.scrollWidth - 1 ? "right" : ""].filter(Boolean).join(" ");
    if (this.box.dataset.more !== more) this.box.dataset.more = more;
  }

  clear() {
    this.lines = [];
    this.sig = "";
    this.focus = null;
    this.say("");
    this.render();
  }
}
