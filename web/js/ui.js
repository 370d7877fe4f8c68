// DOM pieces of the app shell: messages, the side panel (turn, scores,
// choices, log, final table) and the new-game form's options from a JSON schema.

import { t, tn, N_ } from "./i18n.js";

// Seat colours: the first five (the most seats a game has) stay apart under protanopia, deuteranopia
// and tritanopia (tests/test_palette.py), and each seat also has its own shape (SEAT_SHAPES: the
// dots in the panel, js/seatmark.js on the board), so no one has to tell seats apart by hue alone.
export const SEAT_COLOURS = ["#e8483b", "#4fc3f7", "#f2c12e", "#aa4499", "#bbbbbb", "#e07b2a", "#2bb3b1", "#c94f9a"];
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star", "circle", "square", "triangle"];
export const seatShape = (i) => SEAT_SHAPES[((i ?? 0) % SEAT_SHAPES.length + SEAT_SHAPES.length) % SEAT_SHAPES.length];

export const $ = (sel) => document.querySelector(sel);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c != null) node.append(c);
  return node;
}

/** A non-blocking message at the top of the page; kind: info | warn | error.
 * The same text is not shown twice at once (it restarts its timer), and at
 * most three messages stay on screen: the oldest goes first. */
export function toast(text, kind = "info", ms = kind === "info" ? 4000 : 6000) {
  const box = $("#toasts");
  for (const old of box.querySelectorAll(".toast")) {
    if (old.dataset.text === text) old.remove();
  }
  // (a word for information goes by itself and takes no tap; a warning or an error stays until closed)
  const node = el("div", { class: `toast ${kind}`, role: kind === "info" ? "status" : "alert", "data-text": text },
    el("span", { text }), kind === "info" && ms ? null : el("button", { class: "x", "aria-label": t("dismiss"), text: "\u00d7", onclick: () => node.remove() }));
  box.append(node);
  const all = box.querySelectorAll(".toast");
  for (let i = 0; i < all.length - 3; i++) all[i].remove();
  if (ms) setTimeout(() => node.remove(), ms);
  return node;
}

/** Every message shown goes (another language: they were said in the old one). */
export function clearToasts() {
  for (const node of document.querySelectorAll("#toasts .toast")) node.remove();
}

export const titleCase = (s) => String(s).replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** Whether ``seat`` is the one the page speaks to: the person holding the device (the engine's
 * ``snap.me``: today's game, a solo game, this device's seat in a friends' game; never in a
 * hot-seat game, where each person is named). */
export const isMe = (snap, seat) => snap != null && snap.me != null && seat === snap.me;

/** What goes before a history line: its seat's name ("Ana: "), none for an event or a line the
 * engine said to the player ("You buy 2 cheese": ``h.you``). */
export const linePrefix = (h, seatName) => (h.seat != null && !h.you ? `${seatName(h.seat)}: ` : "");

export function renderTurn(snap, seatName, seatColor) {
  const v = snap.view;
  const box = $("#turn");
  if (v.is_over) {
    box.replaceChildren(el("strong", { text: overLine(snap, seatName) }));
    box.dataset.info = box.textContent;   // (a long line is cut: its whole text on a long press)
    return;
  }
  const seat = v.current_player;
  const bot = v.seats[seat] && (v.seats[seat].kind === "bot" || v.seats[seat].kind === "automa");
  const turn = Math.max(1, snap.turn || 0);   // the engine counts turns by each game's own idea of one
  const mine = isMe(snap, seat) && !bot;
  box.replaceChildren(...[el("span", { class: `dot ${seatShape(seat)}`, style: `background:${seatColor(seat)}` }),
    el("strong", { text: mine ? t("Your turn") : seatName(seat) }),
    mine ? null : el("span", { class: "verb", text: `\u00a0${bot ? t("thinking\u2026") : t("to play")}` }),
    el("span", { class: "muted ply", title: tn("{n} step played", "{n} steps played", v.ply), text: t("turn {n}", { n: turn }) })].filter(Boolean));
  box.dataset.info = `${mine ? t("Your turn") : seatName(seat)} \u00b7 ${t("turn {n}", { n: turn })}`;
}

/** How the game ended, in one line: the engine's own line when naming winners would be wrong
 * (a solo game's rating), else who won (the player spoken to as "you"). */
export function overLine(snap, seatName) {
  if (snap.outcome) return snap.outcome;
  const winners = snap.winners || [];
  if (winners.length === 1 && isMe(snap, winners[0])) return t("Game over: you win");
  const w = winners.map((i) => (isMe(snap, i) ? t("you") : seatName(i))).join(" & ");
  return w ? tn("Game over: {names} wins", "Game over: {names} win", winners.length, { names: w }) : t("Game over");
}

export function renderScores(snap, seatName, seatColor) {
  const v = snap.view;
  const winners = new Set(snap.winners || []);
  $("#scores").replaceChildren(...(snap.scores || []).map((s, i) => el("div", {
    class: `score${i === v.current_player ? " current" : ""}${winners.has(i) ? " winner" : ""}`,
    "data-seat": String(i),
  }, el("span", { class: `dot ${seatShape(i)}`, style: `background:${seatColor(i)}` }), el("span", { class: "name", text: seatName(i) }),
  el("span", { class: "total", text: String(s.total) }))));
}

/** The small mark on a history line of a move played right after a hint (the engine's ``hint``). */
export function hintMark(h) {
  return h.hint ? el("span", { class: "hint-mark", title: t("played after a hint"), text: t("hint") }) : null;
}

/** The log; lineText(entry) may reword a line (a renderer's logLine). */
export function renderLog(snap, seatName, lineText = (h) => h.text) {
  const log = $("#log");
  const items = (snap.history || []).map((h) => {
    return el("li", { class: `${h.seat == null ? "event" : "move"}${h.kind === "note" ? " note" : ""}${h.turn_start ? " turn-start" : ""}` },
      linePrefix(h, seatName) ? el("b", { text: linePrefix(h, seatName) }) : null,
      lineText(h), hintMark(h));
  });
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

/** The final score table: seats x breakdown categories + total, winners marked (into ``box``, #final by default). */
export function renderFinal(snap, seatName, seatColor, box = $("#final")) {
  if (!snap.view.is_over) { box.hidden = true; box.replaceChildren(); return; }
  const scores = snap.scores || [];
  const cats = [];
  for (const s of scores) for (const k of Object.keys(s.breakdown || {})) if (!cats.includes(k)) cats.push(k);
  const winners = new Set(snap.winners || []);
  const head = el("tr", {}, el("th", { text: t("Category") }),
    ...scores.map((_, i) => el("th", { class: winners.has(i) ? "winner" : null },
      el("span", { class: `dot ${seatShape(i)}`, style: `background:${seatColor(i)}` }), seatName(i), winners.has(i) ? el("span", { class: "star", title: t("winner"), text: " \u2605" }) : null)));
  const rows = cats.map((c) => el("tr", {}, el("th", { text: (snap.categories || {})[c] || titleCase(c) }),
    ...scores.map((s, i) => el("td", { class: winners.has(i) ? "winner" : null, text: String((s.breakdown || {})[c] ?? "") }))));
  const total = el("tr", { class: "total" }, el("th", { text: t("Total") }),
    ...scores.map((s, i) => el("td", { class: winners.has(i) ? "winner" : null, text: String(s.total) })));
  // what happened to the game outside its moves (a seat handed to a bot...): said under the table
  const notes = (snap.history || []).filter((h) => h.kind === "note").map((h) => el("li", { text: h.text }));
  box.replaceChildren(el("h3", { class: "final-head", text: overLine(snap, seatName) }), el("h3", { text: t("Final scores") }),
    el("table", { id: "score-table" }, el("thead", {}, head), el("tbody", {}, ...rows, total)),
    notes.length ? el("ul", { class: "final-notes", id: "final-notes" }, ...notes) : "");
  box.hidden = false;
}

/** Inputs for a pydantic options schema; returns {node, read()}. */
export function optionsForm(schema) {
  const props = (schema && schema.properties) || {};
  const defs = (schema && schema.$defs) || {};
  const resolve = (p) => (p && p.$ref ? defs[p.$ref.split("/").pop()] || {} : p || {});
  const fields = [];
  const node = el("div", { class: "options" });
  for (const [name, raw] of Object.entries(props)) {
    const p = { ...resolve(raw.allOf ? raw.allOf[0] : raw), ...raw };
    const label = t(p.title || titleCase(name));   // the English words are listed in lang.js (OPTION_TEXT)
    let input;
    if (p.enum) {
      input = el("select", { name }, ...p.enum.map((o) => el("option", { value: JSON.stringify(o), text: String(o), selected: o === p.default })));
      fields.push([name, () => JSON.parse(input.value)]);
    } else if (p.type === "boolean") {
      input = el("input", { type: "checkbox", name, checked: !!p.default });
      fields.push([name, () => input.checked]);
    } else if (p.type === "integer" || p.type === "number") {
      input = el("input", { type: "number", name, value: p.default ?? "", min: p.minimum, max: p.maximum, step: p.type === "integer" ? 1 : "any" });
      fields.push([name, () => (input.value === "" ? undefined : Number(input.value))]);
    } else if (p.type === "string") {
      input = el("input", { type: "text", name, value: p.default ?? "" });
      fields.push([name, () => input.value]);
    } else continue;   // an option this form cannot show keeps its default
    // what the option changes, in one line under its name (the engine's description)
    node.append(el("label", { class: "option" },
      el("span", { class: "option-text" }, el("span", { class: "option-name", text: label }),
        p.description ? el("small", { class: "option-help", text: t(p.description) }) : null),
      input));
  }
  const read = () => {
    const out = {};
    for (const [name, get] of fields) { const v = get(); if (v !== undefined) out[name] = v; }
    return out;
  };
  return { node, read, empty: fields.length === 0 };
}

/** Files dropped anywhere on the page go to ``onFile``; ``hint`` shows while one is dragged over. */
export function installFileDrop(hint, onFile) {
  let depth = 0;
  document.addEventListener("dragenter", (ev) => { ev.preventDefault(); depth++; hint.hidden = false; });
  document.addEventListener("dragleave", () => { if (--depth <= 0) { depth = 0; hint.hidden = true; } });
  document.addEventListener("dragover", (ev) => ev.preventDefault());
  document.addEventListener("drop", (ev) => {
    ev.preventDefault();
    depth = 0;
    hint.hidden = true;
    const f = ev.dataTransfer && ev.dataTransfer.files[0];
    if (f) onFile(f);
  });
}
