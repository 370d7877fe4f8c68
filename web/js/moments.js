// Visible moments over the board, shared by every game: a scoring round, a
// completed feature, the end of the game. One short card with who scored
// what; it goes away by itself (or at a tap) and never blocks the board
// for long. Also the one-line summary of a bot's turn.

import { $, el } from "./ui.js";
import { t, tn } from "./i18n.js";

let timer = null;
let after = null;

/** rows: [{name, color, points, detail}]; then() runs when the moment goes away. */
export function showMoment(title, rows, ms = 3500, then = null) {
  const box = $("#moment");
  clearTimeout(timer);
  after = then;
  box.replaceChildren(
    el("button", { type: "button", class: "close", "aria-label": t("close"), text: "\u00d7", onclick: hideMoment }),
    el("h4", { text: title }),
    el("ul", {}, ...rows.map((r) => el("li", {},
      el("span", { class: "dot", style: `background:${r.color}` }),
      el("span", { text: r.name }),
      r.detail ? el("span", { class: "muted small", text: r.detail }) : null,
      el("b", { text: r.points })))));
  box.hidden = false;
  box.dataset.title = title;
  if (ms) timer = setTimeout(hideMoment, ms);
}

export function hideMoment() {
  clearTimeout(timer);
  const box = $("#moment");
  if (box) box.hidden = true;
  const then = after;
  after = null;
  if (then) then();
}

/** Journal lines and score changes between two snapshots of one game, as a
 * moment (or null): shown when an event line came with points, or the game
 * ended. nameOf(seat), colorOf(seat), lineText(entry). */
export function momentBetween(prev, snap, nameOf, colorOf, lineText) {
  if (!prev || prev.gid !== snap.gid || snap.view.ply <= prev.view.ply) return null;
  const before = (prev.scores || []).map((s) => s.total);
  const after = (snap.scores || []).map((s) => s.total);
  const gains = after.map((t, i) => t - (before[i] ?? 0));
  const events = (snap.history || []).slice((prev.history || []).length).filter((h) => h.seat == null);
  if (snap.view.is_over && !prev.view.is_over) {
    const winners = new Set(snap.winners || []);
    const order = after.map((t, i) => i).sort((a, b) => after[b] - after[a]);
    const won = [...winners].map(nameOf).join(" & ");
    return {
      // the engine's own line when naming winners would be wrong (a solo game's rating)
      title: snap.outcome || tn("Game over: {names} wins", "Game over: {names} win", winners.size, { names: won }),
      rows: order.map((i) => ({ name: nameOf(i), color: colorOf(i), points: `${after[i]}`, detail: winners.has(i) ? "\u2605" : "" })),
      ms: 6000,
    };
  }
  if (!events.length || !gains.some((g) => g !== 0)) return null;
  // the engine tags the lines that came with points (kind "scoring")
  const scoring = lineText(events.find((h) => h.kind === "scoring") || events[0]);
  return {
    title: scoring.length > 60 ? scoring.slice(0, 57) + "\u2026" : scoring,
    rows: gains.map((g, i) => ({ name: nameOf(i), color: colorOf(i), points: g > 0 ? `+${g}` : `${g}`, detail: `(${after[i]})` }))
      .filter((r, i) => gains[i] !== 0 || gains.length <= 5),
    ms: 3500,
  };
}

/** What one seat did in its latest run of moves, in one line. */
export function turnSummary(snap, seat, nameOf, lineText, max = 4) {
  const hist = snap.history || [];
  const run = [];
  for (let i = hist.length - 1; i >= 0; i--) {
    const h = hist[i];
    if (h.seat == null) continue;
    if (h.seat !== seat) break;
    run.unshift(h);
  }
  const lines = run.map(lineText);
  const useful = lines.filter((text, i) => run[i].kind !== "idle");   // the engine tags moves that change nothing
  if (!useful.length) return lines.length ? `${nameOf(seat)} ${lines[lines.length - 1]}` : "";
  const shown = useful.slice(0, max);
  return `${nameOf(seat)} ${shown.join(", ")}${useful.length > max ? ", \u2026" : ""}`;
}
