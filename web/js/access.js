// Screen readers and keyboard shortcuts, shared by every game: moves read out
// once in a live region (the log's own lines), a text description of the
// position (whose turn, scores, what can be done), the game's shortcut keys
// and the "High contrast" option. The board's own keys are in keyboard.js.

import { $, el, linePrefix } from "./ui.js";
import { t, tn, N_, onLanguageChange } from "./i18n.js";

/** Say ``text`` in the live region ``sel`` (polite). Emptied first so the
 * same words said twice are read twice. */
export function announce(text, sel = "#announce") {
  const box = $(sel);
  if (!box || !text) return;
  box.textContent = "";
  setTimeout(() => { box.textContent = text; }, 30);
}

/** Add ``lines`` to the moves' live region: each is read once, none is lost
 * when moves come fast (the last few stay). */
export function announceLines(lines) {
  const box = $("#announce");
  if (!box) return;
  for (const line of lines) if (line) box.append(el("p", { text: line }));
  while (box.children.length > 6) box.firstElementChild.remove();
}

/** The turn line (#turn) in words, its parts apart. */
export function turnWords() {
  return [...$("#turn").children].map((c) => c.textContent.trim()).filter(Boolean).join(" ");
}

const plain = (x) => (x == null ? "" : typeof x === "string" ? x : x.textContent || String(x));

/** The log lines added between two snapshots of one game (yours and the
 * bots'), as the log shows them; an undo says so. */
export function moveLines(prev, snap, seatName, lineText) {
  const a = prev.history || [], b = snap.history || [];
  if (b.length < a.length || (snap.view.ply < prev.view.ply)) return [t("Move taken back")];
  return b.slice(a.length).map((h) => `${linePrefix(h, seatName)}${plain(lineText(h))}`);
}

/** What the others' moves changed for ``me`` (a seat): the points, when they moved; "" else. */
export function changedForMe(prev, snap, me) {
  if (me == null || !prev || !snap) return "";
  const a = ((prev.scores || [])[me] || {}).total, b = ((snap.scores || [])[me] || {}).total;
  if (a == null || b == null || a === b) return "";
  return t("Your points: {before} \u2192 {after}", { before: a, after: b });
}

/** The position in words: whose turn, the scores, what can be done now. */
export function describePosition(snap, { seatName, turn, targets }) {
  if (!snap) return "";
  const v = snap.view;
  const parts = [];
  if (turn) parts.push(turn.replace(/\s+/g, " ").trim());
  const scores = (snap.scores || []).map((s, i) => `${seatName(i)} ${s.total}`);
  if (scores.length) parts.push(t("Scores: {list}", { list: scores.join(", ") }));
  const seat = v.seats && v.seats[v.current_player];
  if (!v.is_over && seat && seat.kind === "human") {
    parts.push(tn("{n} place to choose on the board", "{n} places to choose on the board", targets));
    const buttons = [...document.querySelectorAll("#choices button")].map((b) => b.getAttribute("aria-label") || b.textContent.trim()).filter(Boolean);
    if (buttons.length) parts.push(t("Choices: {list}", { list: buttons.join("; ") }));
  }
  return parts.join(". ");
}

// The shortcut keys (also listed in the help: shortcutsHelp()).
export const SHORTCUTS = [
  ["B", N_("the board: arrow keys move between the places you can choose, Enter or Space chooses, Escape cancels")],
  ["C", N_("the choice buttons under the board (Tab moves on)")],
  ["U", N_("undo your last move")],
  ["H", N_("a hint: the move a good player would make, shown on the board or the choice buttons")],
  ["D", N_("describe the position: whose turn, scores, what you can do")],
  ["R", N_("hear again what happened since your move")],
  ["S", N_("scores and log")],
  ["?", N_("rules and help")],
];

/** The help's section on keys (the same for every game). */
export function shortcutsHelp() {
  const rows = SHORTCUTS.map(([k, what]) => `<li><kbd>${k}</kbd> ${t(what)}</li>`).join("");
  return [t("Keyboard"), `<p>${t("Tab moves between the buttons and the board.")}</p><ul>${rows}</ul>`];
}

/** The help's section on playing with a screen reader (issue 61): where things are, the keys. */
export function readerHelp() {
  return [t("Playing with a screen reader"), `<p>${t("Beside the board is the table as a document, under the heading \"The table\": whose turn it is, what you can choose now (each place and each choice is a button that plays it), the scores, what happened since your move, then the game's own parts: your board and resources, the other players', the shared board.")}</p>`
    + `<p>${t("Every move of the others is read once, in order, with what it changed for your points. Tab goes from the board to the choices, then the rest; after a move the focus is where the next decision is made.")}</p>`
    + `<ul><li><kbd>R</kbd> ${t("hear again what happened since your move")}</li><li><kbd>D</kbd> ${t("describe the position: whose turn, scores, what you can do")}</li></ul>`];
}

/** The help's section on telling players apart and on the High contrast option. */
export function seeingHelp() {
  return [t("Colours and contrast"), `<p>${t("Each player has a colour and a shape, drawn on their pieces and beside their name: player 1 a circle, 2 a square, 3 a triangle, 4 a diamond, 5 a star. The colours stay apart for the common kinds of colour blindness.")}</p>`
    + `<p>${t("High contrast (on the home screen and here) makes the page black and white with brighter edges and a crisper board.")}</p>`];
}

/** Keys for the game in play: handlers {active(), undo, hint, board, choices, describe, since, sheet, help}. */
export function installShortcuts(h) {
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !h.active()) return;
    if (document.querySelector("dialog[open]")) return;
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (e.target && e.target.isContentEditable)) return;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const act = { u: h.undo, h: h.hint, b: h.board, c: h.choices, d: h.describe, r: h.since, s: h.sheet, "?": h.help }[k];
    if (!act) return;
    e.preventDefault();
    act();
  });
}

const CONTRAST_KEY = "cairn.contrast";

function contrastOn() {
  try {
    const v = localStorage.getItem(CONTRAST_KEY);
    if (v != null) return v === "high";
  } catch (e) { /* storage off */ }
  return !!(window.matchMedia && window.matchMedia("(prefers-contrast: more)").matches);
}

/** The "High contrast" option: a toggle button (aria-pressed) in each of ``rows``
 * (home, help); sets <html data-contrast="high"> (css) and calls onChange() (redraw). */
export function installContrast(rows, onChange = () => {}) {
  const buttons = [];
  const set = (on, keep) => {
    document.documentElement.dataset.contrast = on ? "high" : "normal";
    for (const b of buttons) b.setAttribute("aria-pressed", on ? "true" : "false");
    if (keep) try { localStorage.setItem(CONTRAST_KEY, on ? "high" : "normal"); } catch (e) { /* this page only */ }
    onChange();
  };
  for (const row of rows) {
    if (!row) continue;
    const b = el("button", { type: "button", class: "contrast-toggle", "aria-pressed": "false",
      onclick: () => set(b.getAttribute("aria-pressed") !== "true", true) }, t("High contrast"));
    buttons.push(b);
    row.append(b);
    onLanguageChange(() => { b.textContent = t("High contrast"); });
  }
  set(contrastOn(), false);
}

/** True when the player asked for less motion (no fades, glows or flashes). */
export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}
