// Your record (issue 44): a screen built from the games finished on this device. Per game:
// games played and won against each kind of opponent (each bot level, the solo opponent's
// levels, alone, people only), the average and best score; Clans of Caledonia's solo scores
// over time drawn with the rulebook's ratings (Newbie to Genius: the engine's bands); and the
// points lost per decision over time, from the games reviewed; then today's games' days in a
// row and first tries (js/daily.js's "Your days"). Loaded when first opened.
//
// Each finished game's summary comes from the engine (review_record: seats, totals, winners,
// the solo rating, a review kept with it) and is kept in the saved-games list (``record``), so
// the engine reads each save once; a review made since (the list's ``review``) counts first.

import { $, el } from "./ui.js";
import { t, tn, N_, num, onLanguageChange } from "./i18n.js";
import { when } from "./lang.js";
import { font, pixelContext, text as drawText } from "./renderers/base.js";
import { ticks } from "./review/chart.js";

const SUMMARY_VERSION = 1;
const BATCH = 20;
const LEVEL_RANK = ["random", "easy", "medium", "hard"];
const LEVEL_WORDS = { random: N_("Random bot"), easy: N_("Easy bot"), medium: N_("Medium bot"), hard: N_("Hard bot") };
const BAND_COLOURS = ["#3b4f4a", "#40584a", "#4d6440", "#65683a", "#7a5a2e", "#7a3f3a"];

let host = null;    // {engine, store, games(): hello.games, days(): "Your days" or null, leave(), back()}
let root = null;

/** Open the record screen (host: {engine, store, games(), days(), leave(), back()}). */
export async function openRecord(h) {
  host = h;
  build();
  host.leave();
  root.hidden = false;
  document.body.classList.add("recording");
  root.querySelector("#rc-body").replaceChildren(el("p", { class: "muted", text: t("Reading your finished games\u2026") }));
  root.querySelector("#rc-close").focus();
  let data;
  try {
    data = await collect();
  } catch (e) {
    root.querySelector("#rc-body").replaceChildren(el("p", { class: "error-box", text: t("Your record could not be read: {message}", { message: e.message }) }));
    return;
  }
  if (!root.hidden) render(data);
}

export function closeRecord() {
  if (!root || root.hidden) return;
  root.hidden = true;
  document.body.classList.remove("recording");
  host.back();
}

function build() {
  if (root) return;
  root = el("main", { id: "record", hidden: true, "aria-labelledby": "rc-title" },
    el("div", { class: "rc-head" }, el("h2", { id: "rc-title" }),
      el("button", { type: "button", id: "rc-close", onclick: closeRecord })),
    el("p", { id: "rc-about", class: "muted small" }),
    el("div", { id: "rc-body" }));
  const home = $("#home");
  home.parentNode.insertBefore(root, home.nextSibling);
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && root && !root.hidden && !document.querySelector("dialog[open]")) closeRecord(); });
  // another language while shown: drawn again (the engine's words asked again, after the
  // app's own listener has told the engine: it was registered first)
  onLanguageChange(() => {
    if (!root || root.hidden) return;
    relabel();
    collect().then((data) => { if (!root.hidden) render(data); }, () => {});
  });
  relabel();
}

function relabel() {
  root.querySelector("#rc-title").textContent = t("Your record");
  root.querySelector("#rc-close").textContent = t("Home");
  root.querySelector("#rc-about").textContent = t("From the games finished on this device (tutorials and games of bots only are left out).");
}

/** Every finished game's summary (from the list, or asked of the engine and kept there). */
async function collect() {
  const store = host.store;
  const entries = store.list().filter((e) => e.over && !(e.friends && e.friends.stage && e.friends.stage !== "play"));
  const missing = entries.filter((e) => !e.record || e.record.v !== SUMMARY_VERSION);
  for (let i = 0; i < missing.length; i += BATCH) {
    const part = missing.slice(i, i + BATCH).map((e) => [e, store.load(e.gid, true)]).filter(([, s]) => s);
    if (!part.length) continue;
    const r = await host.engine.request("review_record", { saves: part.map(([, s]) => s) }, 180000);
    part.forEach(([e], k) => {
      const s = r.summaries[k];
      e.record = s && !s.error ? { v: SUMMARY_VERSION, ...s } : { v: SUMMARY_VERSION, error: true };
      store.annotate(e.gid, { record: e.record });
    });
  }
  const games = [...new Set(entries.map((e) => e.record && e.record.game).filter(Boolean))];
  const { ratings } = await host.engine.request("review_record", { games }, 60000);
  const rows = entries.filter((e) => e.record && !e.record.error && !e.record.tutorial && e.record.people.length)
    .map((e) => ({ ...e.record, when: e.finished || e.updated || e.created || 0, review: reviewOf(e) }))
    .sort((a, b) => a.when - b.when);
  return { rows, ratings };
}

/** A game's points lost per decision: a review made on this device, else the one its save keeps. */
function reviewOf(e) {
  const made = e.review && e.review.seats && Object.keys(e.review.seats).length ? e.review.seats : null;
  return made || (e.record && e.record.review) || null;
}

// -- what a game says --------------------------------------------------------------------
/** Who the people played against: [key, words]. */
function opponent(r) {
  if (r.seats.length === 1) return ["solo", t("Alone (solo mode)")];
  const automa = r.seats.find((s) => s.kind === "automa");
  if (automa) return [`automa${automa.level}`, t("Solo opponent (level {level})", { level: automa.level })];
  const levels = r.seats.filter((s) => s.kind === "bot").map((s) => s.level);
  if (levels.length) {
    const top = levels.sort((a, b) => LEVEL_RANK.indexOf(b) - LEVEL_RANK.indexOf(a))[0];
    return [`bot-${top}`, LEVEL_WORDS[top] ? t(LEVEL_WORDS[top]) : top];
  }
  return ["people", t("People only")];
}

const won = (r) => r.people.some((i) => r.winners.includes(i));
const score = (r) => Math.max(...r.people.map((i) => r.totals[i]));

function lostPerDecision(r) {
  if (!r.review) return null;
  let lost = 0, n = 0;
  for (const i of r.people) {
    const s = r.review[String(i)];
    if (s && s.decisions) { lost += s.average * s.decisions; n += s.decisions; }
  }
  return n ? { value: lost / n, decisions: n } : null;
}

// -- the screen ----------------------------------------------------------------------------
function render({ rows, ratings }) {
  const body = root.querySelector("#rc-body");
  relabel();
  if (!rows.length) {
    body.replaceChildren(el("div", { class: "rc-empty" },
      el("p", { text: t("No finished games yet.") }),
      el("p", { class: "muted", text: t("Finish a game against a bot, alone or with people on this device: it counts here.") })), ...days());
    return;
  }
  const titles = new Map((host.games() || []).map((g) => [g.name, g.title]));
  const order = [...titles.keys(), ...new Set(rows.map((r) => r.game))];
  const games = [...new Set(order)].filter((g) => rows.some((r) => r.game === g));
  body.replaceChildren(...games.map((g) => gameSection(g, titles.get(g) || g, rows.filter((r) => r.game === g), ratings[g] || [])),
    ...days());
}

/** Today's games, days in a row and first tries (js/daily.js's "Your days"), once one ended. */
function days() {
  const block = host.days();
  return block ? [el("div", { class: "rc-days" }, block)] : [];
}

function gameSection(game, title, rows, bands) {
  const groups = new Map();
  for (const r of rows) {
    const [key, words] = opponent(r);
    if (!groups.has(key)) groups.set(key, { words, rows: [] });
    groups.get(key).rows.push(r);
  }
  const table = el("table", { class: "rc-table" },
    el("caption", { class: "sr-only", text: t("{game}: games by opponent", { game: title }) }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("Against") }), el("th", { scope: "col", text: t("Played") }),
      el("th", { scope: "col", text: t("Won") }), el("th", { scope: "col", text: t("Average") }), el("th", { scope: "col", text: t("Best") }))),
    el("tbody", {}, ...[...groups.entries()].map(([key, g]) => {
      const n = g.rows.length;
      const scores = g.rows.map(score);
      const avg = scores.reduce((a, b) => a + b, 0) / n;
      return el("tr", {}, el("th", { scope: "row", text: g.words }), el("td", { text: num(n) }),
        el("td", { text: key === "solo" ? "\u2014" : num(g.rows.filter(won).length) }),
        el("td", { text: num(avg, { digits: 1 }) }), el("td", { text: num(Math.max(...scores)) }));
    })));
  const parts = [el("h3", { text: title }),
    el("p", { class: "muted small", text: tn("{n} game finished", "{n} games finished", rows.length) }), table];
  const solo = rows.filter((r) => r.seats.length === 1);
  if (solo.length && bands.length) {
    parts.push(el("h4", { text: t("Solo scores over time") }),
      lineChart(solo.map((r) => ({ when: r.when, value: score(r), note: r.rating != null && bands[r.rating] ? bands[r.rating].name : "" })),
        { bands, label: t("Solo scores over time, with the solo ratings") }));
  }
  const reviewed = rows.map((r) => ({ r, lost: lostPerDecision(r) })).filter((x) => x.lost);
  if (reviewed.length) {
    parts.push(el("h4", { text: t("Points lost per decision over time") }),
      el("p", { class: "muted small", text: t("From your reviewed games: lower is better.") }),
      lineChart(reviewed.map(({ r, lost }) => ({ when: r.when, value: lost.value, note: tn("{n} decision", "{n} decisions", lost.decisions) })),
        { label: t("Points lost per decision over time"), digits: 2 }));
  } else {
    parts.push(el("p", { class: "muted small", text: t("Review a finished game (the Review button in its replay) to see your points lost per decision here.") }));
  }
  return el("section", { class: "rc-game", "data-game": game }, ...parts);
}

/** A small chart of values over time (one point per game, in order), with a table for
 * screen readers; ``bands``: [{least, name}] drawn behind (the solo ratings). */
function lineChart(points, { bands = null, label, digits = 0 }) {
  const canvas = el("canvas", { class: "rc-chart", role: "img", "aria-label": label });
  const draw = () => drawChart(canvas, points, bands);
  canvas.redraw = draw;   // (drawn again on demand: a language change, the layout audit)
  new ResizeObserver(draw).observe(canvas);
  const fmt = (v) => num(v, { digits: digits || null });
  const rows = points.map((p) => el("tr", {}, el("td", { text: when(p.when) }), el("td", { text: fmt(p.value) }), el("td", { text: p.note || "" })));
  const table = el("details", { class: "rc-table-alt" }, el("summary", { text: t("As a table") }),
    el("table", {}, el("caption", { class: "sr-only", text: label }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("When") }), el("th", { scope: "col", text: t("Value") }), el("th", { scope: "col", text: "" }))),
      el("tbody", {}, ...rows)));
  const one = points.length === 1 ? el("p", { class: "muted small", text: t("One game so far: the line starts with your next one.") }) : null;
  return el("div", { class: "rc-chart-box" }, canvas, one, table);
}

function drawChart(c, points, bands) {
  const W = c.clientWidth, H = c.clientHeight;
  if (!W || !H) return;
  const g = pixelContext(c, W, H);
  g.fillStyle = "#121c1a";
  g.fillRect(0, 0, W, H);
  const values = points.map((p) => p.value);
  let lo = Math.min(...values), hi = Math.max(...values);
  if (bands && bands.length) { lo = Math.min(lo, bands[1] ? bands[1].least - 15 : lo); hi = Math.max(hi, bands[bands.length - 1].least + 15); }
  const pad = Math.max(bands ? 5 : 0.2, (hi - lo) * 0.1);
  lo = Math.max(0, lo - pad); hi += pad;
  const x0 = 40, x1 = W - 10, y0 = 10, y1 = H - 10;
  const xOf = (i) => (points.length === 1 ? (x0 + x1) / 2 : x0 + (x1 - x0) * (i / (points.length - 1)));
  const yOf = (v) => y1 - ((v - lo) / (hi - lo)) * (y1 - y0);
  const names = [];   // the ratings' names, written over the grid (a grid line never strikes one through)
  if (bands) {
    bands.forEach((b, i) => {
      const top = i + 1 < bands.length ? bands[i + 1].least : hi;
      const ya = yOf(Math.min(hi, top)), yb = yOf(Math.max(lo, b.least));
      if (yb <= y0 || ya >= y1) return;
      g.fillStyle = BAND_COLOURS[i % BAND_COLOURS.length];
      g.fillRect(x0, ya, x1 - x0, yb - ya);
      names.push([b.name, Math.max(ya + 8, Math.min(yb - 8, (ya + yb) / 2)), g.fillStyle]);
    });
  }
  g.strokeStyle = "#34504a";
  g.lineWidth = 1;
  for (const v of ticks(lo, hi, 3)) {
    const y = Math.round(yOf(v)) + 0.5;
    g.beginPath(); g.moveTo(x0, y); g.lineTo(x1, y); g.stroke();
    drawText(g, num(v), x0 - 4, y, { size: 11, color: "#9fb2aa", align: "right" });
  }
  for (const [name, y, fill] of names) {
    g.font = font(11, 400);
    const w = g.measureText(name).width;
    g.fillStyle = fill;
    g.fillRect(x1 - 8 - w, y - 7, w + 8, 14);
    drawText(g, name, x1 - 4, y, { size: 11, color: "#eef2e8", align: "right" });
  }
  g.strokeStyle = "#e0b13a";
  g.lineWidth = 2;
  g.beginPath();
  points.forEach((p, i) => (i ? g.lineTo(xOf(i), yOf(p.value)) : g.moveTo(xOf(i), yOf(p.value))));
  g.stroke();
  g.fillStyle = "#e0b13a";
  points.forEach((p, i) => { g.beginPath(); g.arc(xOf(i), yOf(p.value), 4, 0, Math.PI * 2); g.fill(); });
}
