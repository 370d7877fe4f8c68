// The replay view: any saved or imported game, finished or not, position by
// position. Step one move or one turn (a turn = consecutive moves of one
// seat) back or forward, jump to the start, the end or any move of the list,
// drag the slider, autoplay at a chosen speed; the board is drawn by the
// game's own renderer (not interactive) with the scores at that point, and
// the final table at the end of a finished game. "Continue from here" starts
// a new saved game from the position shown (a branch: the original save is
// never written).
//
// The engine side: facade `load` with `upto` (checks the whole save like any
// load), then `seek` to any ply (engine/cairn/core/replay.py).
//
// Review (issue 44, js/review/panel.js, loaded when first asked for): the Review
// button judges the people's decisions; the marks go on the move list, the chart
// and the costliest decisions into the sheet; a save that keeps its review shows it.
//
//   configureReplay(host)               once, by the app shell (app.js)
//   openReplay(save, { atEnd, gid, review })
//                                       show a save (object or JSON text; gid: the
//                                       saved game it is, where its review is kept;
//                                       review: start reviewing it at once); rejects
//                                       with the engine's error (a bad save: code
//                                       "bad_save") and then changes nothing
//
// Keys (laptop): Left/Right one move, Up/Down (or Shift+Left/Right) one
// turn, Home/End, Space autoplay, Escape closes (a costly decision shown first).

import { $, el, toast, seatShape, renderFinal, hintMark, linePrefix, isMe } from "./ui.js";
import { RendererHost, seatColor, seatNamer } from "./host.js";
import { t, tn, N_, onLanguageChange } from "./i18n.js";
import { MARK_WORDS, MARK_GLYPH, points as pointsWords, range as rangeWords, upTo } from "./review/words.js";

const RGID = "replay";            // the engine's id for the replay (one at a time)
const SPEEDS = [                   // autoplay: ms per move
  { ms: 400, label: N_("Fast") },
  { ms: 1000, label: N_("Normal") },
  { ms: 2200, label: N_("Slow") },
];
const SPEED_KEY = "cairn.replaySpeed";

let host = null;   // {engine, openGame(gid, snap), newGid(), leave(), home(), resume(gid), title(game), replayCurrent(), keepReviewed(gid, save, info)}
const R = {
  open: false, save: null, snap: null, ply: 0, plies: 0, history: [], seats: [],
  want: 0, pumping: false, gen: 0, timer: null, playing: false, back: null,
  renderer: null, rendererGame: null, dom: null, logFor: null, cache: new Map(), ahead: false, opening: 0,
  gid: null, review: null, live: null,   // the saved game shown; its review (js/review/panel.js); the ply drawn for choosing
};

/** The app shell's services (called once by app.js); puts a "Replay this
 * game" button in the game's panel (beside the log). */
export function configureReplay(h) {
  host = h;
  const sheet = $("#sheet");
  if (sheet && !$("#replay-btn")) {
    const b = el("button", { type: "button", id: "replay-btn", onclick: () => host.replayCurrent() });
    sheet.insertBefore(el("div", { id: "replay-row", class: "row" }, b), $("#log"));
  }
  labelGameButton();
  onLanguageChange(() => setTimeout(() => { labelGameButton(); relabel(); reloadText(); }, 0));
}

function labelGameButton() {
  const b = $("#replay-btn");
  if (b) b.textContent = t("Replay this game");
}

/** Open ``save`` in the replay view, at its start or (atEnd) its last move.
 * ``back``: the gid of the game in play to return to on closing. */
export async function openReplay(save, { atEnd = false, back = null, gid = null, review = false } = {}) {
  if (!host) throw new Error("the replay view is not set up");
  let moves = 0;
  try { moves = ((typeof save === "string" ? JSON.parse(save) : save).moves || []).length; } catch (e) { moves = 0; }
  const opening = ++R.opening;
  const snap = await host.engine.request("load", { gid: RGID, save, upto: atEnd ? moves : 0 }, 180000);
  if (opening !== R.opening) return;
  const gen = ++R.gen;   // answers to the view shown before are dropped
  R.pumping = false;
  R.cache.clear();
  stopAutoplay();
  host.leave();
  buildView();
  if (R.review) await R.review.close();
  R.live = null;
  R.gid = gid;
  R.save = typeof save === "string" ? JSON.parse(save) : save;
  if (snap.review_dropped) {   // the engine found the review kept with it wanting: the save shown is without it
    toast(t("The review kept with this game was dropped ({reason}).", { reason: snap.review_dropped }), "warn", 10000);
    delete R.save.review;
  }
  R.history = snap.replay.history;
  R.plies = snap.replay.plies;
  R.seats = seatOfPly(R.history, R.plies);
  R.back = back;
  R.open = true;
  R.want = snap.replay.ply;
  document.body.classList.add("replaying");
  $("#home").hidden = true;
  R.dom.root.hidden = false;
  R.dom.actions.hidden = false;
  await useRenderer(snap.view.game);
  if (gen !== R.gen) return;
  R.dom.final.classList.remove("on-board");   // until this game's board says it shows its own
  R.renderer.finalShown = undefined;
  R.renderer.resize();
  R.snap = null;
  show(snap);
  relabel();
  setSheet((atEnd && snap.view.is_over) || review);
  if (window.cairn) window.cairn.replay = API;
  R.dom.reviewBox.hidden = true;
  if (review || R.save.review) await openReview({ start: review });
}

// -- the review (js/review/panel.js) -----------------------------------------------------------
async function reviewPanel() {
  if (R.review) return R.review;
  const { ReviewPanel } = await import("./review/panel.js");
  const d = R.dom;
  R.review = new ReviewPanel({
    engine: host.engine, box: d.reviewBox, board: d.board, canvas: d.canvas, dock: d.dock, renderer: () => R.renderer,
    seek: (ply) => { stopAutoplay(); seek(ply); }, ply: () => R.ply, save: () => R.save,
    keep: (save, info) => { R.save = save; if (R.gid) host.keepReviewed(R.gid, save, info); labelReviewButton(); },
    seatName, seatColor, sheet: (open) => setSheet(open), phone: () => getComputedStyle(d.sheetBtn).display !== "none",
    live: (ply) => { R.live = ply; if (R.snap && R.renderer) R.renderer.update(R.snap, { interactive: R.live === R.ply, recent: R.recent || [] }); updateCounter(R.ply); },
    marked: () => { markLog(); labelReviewButton(); },
  });
  if (window.cairn) window.cairn.review = REVIEW_API;
  return R.review;
}

/** For tests: the review's state. */
const REVIEW_API = {
  get shown() { return R.review ? R.review.verdicts.size : 0; },
  get complete() { return !!(R.review && R.review.complete); },
  get running() { return !!(R.review && R.review.running); },
  get progress() { return R.review ? R.review.progress : null; },
  get decision() { return R.review && R.review.decision ? R.review.decision.ply : null; },
  get rings() { return R.review ? R.review.rings.where() : []; },
  get summary() { return R.review ? R.review.summary : null; },
  verdicts: () => (R.review ? [...R.review.verdicts.values()] : []),
};

/** Show the review (and with ``start`` judge what is left); the button again: hide it. */
async function openReview({ start = false } = {}) {
  const gen = R.gen;
  const panel = await reviewPanel();
  if (gen !== R.gen || !R.open) return;
  R.dom.reviewBox.hidden = false;
  R.dom.sheet.scrollTop = 0;   // the review is the sheet's top
  labelReviewButton();
  await panel.open(R.save, { start });
  labelReviewButton();
}

function reviewButton() {
  const p = R.review;
  const d = R.dom;
  if (!d.reviewBox.hidden && p && p.data) {   // shown: the button hides it (the review goes on)
    p.closeDecision();
    d.reviewBox.hidden = true;
    setSheet(false);
    labelReviewButton();
    return;
  }
  stopAutoplay();
  setSheet(true);
  openReview({ start: true });
}

function labelReviewButton() {
  const d = R.dom;
  if (!d) return;
  const p = R.review;
  const shown = !d.reviewBox.hidden && p && p.data;
  d.reviewBtn.textContent = t("Review");
  d.reviewBtn.setAttribute("aria-expanded", shown ? "true" : "false");
}

/** The move list's marks: each judged move's, from the review. */
function markLog() {
  const d = R.dom;
  if (!d) return;
  for (const li of d.log.querySelectorAll("li.move")) {
    const old = li.querySelector(".rv-mark");
    if (old) old.remove();
    li.classList.remove("rv-marked");
    const v = R.review && R.review.data ? R.review.verdictOfMove(Number(li.dataset.ply)) : null;
    if (!v || v.mark === "good") continue;
    li.classList.add("rv-marked");
    // a close call: the bot cannot tell the move from the better one (never named a mistake)
    const words = v.mark === "close" ? t("{mark}: up to {points} lost", { mark: t(MARK_WORDS[v.mark]), points: upTo(v.hi) })
      : t("{mark}: {points} lost ({range})", { mark: t(MARK_WORDS[v.mark]), points: pointsWords(v.loss), range: rangeWords(v.lo, v.hi) });
    li.append(el("span", { class: `rv-mark rv-${v.mark}`, title: words },
      el("span", { "aria-hidden": "true", text: MARK_GLYPH[v.mark] }), el("span", { class: "sr-only", text: words })));
  }
}

/** For tests and dev scripts: the replay's state. */
const API = {
  get open() { return R.open; },
  get ply() { return R.ply; },
  get plies() { return R.plies; },
  get busy() { return R.pumping || R.want !== R.ply; },
  get renderer() { return R.renderer; },   // (the layout audit reads what it draws)
  snapshot: () => R.snap,
  seek: (ply) => seek(ply),
};

// -- positions -------------------------------------------------------------------
/** seats[p] = the seat that made move p (1-based; seats[0] unused). */
function seatOfPly(history, plies) {
  const seats = new Array(plies + 1).fill(null);
  for (const h of history) if (h.seat != null && h.ply != null) seats[h.ply] = h.seat;
  return seats;
}

/** The ply at the end of the turn after ``ply`` (forward one turn). */
function nextTurn(ply) {
  if (ply >= R.plies) return R.plies;
  let p = ply + 1;
  while (p < R.plies && R.seats[p + 1] === R.seats[ply + 1]) p++;
  return p;
}

/** The ply before the turn that holds move ``ply`` (back one turn). */
function prevTurn(ply) {
  if (ply <= 0) return 0;
  let p = ply;
  while (p > 1 && R.seats[p - 1] === R.seats[ply]) p--;
  return p - 1;
}

function seek(ply) {
  if (!R.open) return;
  R.want = Math.max(0, Math.min(R.plies, ply));
  updateCounter(R.want);
  pump();
}

/** One request at a time; a slider dragged fast asks only for where it stops.
 * Positions already fetched (the steps next to the one shown are fetched
 * ahead while the view is idle) show at once. */
async function pump() {
  if (R.pumping) return;
  R.pumping = true;
  const gen = R.gen;
  try {
    while (R.open && gen === R.gen && R.want !== R.ply) {
      const ply = R.want;
      let snap = R.cache.get(ply);
      if (!snap) try {
        snap = remember(await host.engine.request("seek", { gid: RGID, ply }));
      } catch (e) {
        if (gen !== R.gen) return;
        // the worker restarted (or lost the replay): open it again at this ply
        if (e.code === "crashed" || e.code === "bad_request") {
          try { snap = await host.engine.request("load", { gid: RGID, save: R.save, upto: ply }, 180000); } catch (e2) { snap = null; }
        }
        if (!snap) { toast(t("The replay could not move: {error}", { error: e.message }), "error"); R.want = R.ply; updateCounter(R.ply); return; }
      }
      if (gen !== R.gen || !R.open) return;
      show(snap);
    }
  } finally {
    if (gen === R.gen) { R.pumping = false; fetchAhead(); }
  }
}

const CACHE_MAX = 24;

function remember(snap) {
  R.cache.delete(snap.replay.ply);
  R.cache.set(snap.replay.ply, snap);
  if (R.cache.size > CACHE_MAX) R.cache.delete(R.cache.keys().next().value);
  return snap;
}

/** While nothing else is asked: fetch the positions one step away (a move or
 * a turn either way), so the next step shows without waiting. */
async function fetchAhead() {
  if (R.ahead || !R.open) return;
  R.ahead = true;
  const gen = R.gen;
  try {
    for (;;) {
      if (gen !== R.gen || !R.open || R.pumping || R.want !== R.ply) return;
      const k = R.ply;
      const next = [k + 1, k - 1, nextTurn(k), prevTurn(k)].find((p) => p >= 0 && p <= R.plies && !R.cache.has(p));
      if (next == null) return;
      let snap;
      try { snap = await host.engine.request("seek", { gid: RGID, ply: next }); } catch (e) { return; }
      if (gen !== R.gen) return;
      remember(snap);
    }
  } finally {
    R.ahead = false;
  }
}

// -- the view --------------------------------------------------------------------
const seatName = seatNamer(() => R.snap);
const noop = () => {};
const rendererUi = { play: noop, playAll: noop, choices: noop, seatColor, seatName,
  // the board shows the final table itself (Caledonia beside its map): the panel's goes
  finalShown: (on) => { if (R.dom) R.dom.final.classList.toggle("on-board", !!on); } };
let renderers = null;   // the renderer host, made with the replay's canvas

async function useRenderer(game) {
  if (!renderers || renderers.canvas !== R.dom.canvas) renderers = new RendererHost(R.dom.canvas, rendererUi);
  R.renderer = await renderers.use(game);
  R.rendererGame = renderers.game;
}

function dropRenderer() {
  if (renderers) renderers.drop();
  R.renderer = null;
  R.rendererGame = null;
}

function lineText(h) {
  try {
    if (R.renderer && R.renderer.logLine) return R.renderer.logLine(h, R.snap, seatName);
  } catch (e) { console.warn(e); }
  return h.text;
}

function show(snap) {
  const k = snap.replay.ply;
  // a seek's answer leaves out what the page holds: the lines up to this ply, the moves cut
  if (!snap.history) snap.history = R.history.filter((h) => (h.ply ?? 0) <= k);
  if (!snap.save) snap.save = { ...R.save, moves: R.save.moves.slice(0, k) };
  // one move forward (a step, the autoplay): that move is marked on the board and shown moving
  // (js/motion.js, as in a game: the setting and reduced motion say whether); a jump shows its
  // position at once
  const step = R.snap && R.ply === k - 1;
  R.recent = step ? R.history.filter((h) => (h.ply ?? 0) === k && h.seat != null) : [];
  R.snap = snap;
  R.ply = k;
  document.documentElement.dataset.replayPly = String(R.ply);
  try {
    R.renderer.update(snap, { interactive: R.live === k, recent: R.recent });   // a costly decision shown: drawn for choosing (nothing plays)
  } catch (e) {
    console.error("replay: the renderer failed", e);
  }
  if (R.logFor !== R.history) renderLog();
  renderPanel();
  if (R.review) R.review.onPly(k);
  if (R.playing && R.ply >= R.plies) stopAutoplay();
}

function updateCounter(ply) {
  const d = R.dom;
  // a costly decision shown (the review's card says "Move n"): the position before that move,
  // counted as the card counts it
  d.counter.textContent = R.live === ply && ply < R.plies ? t("Move {n} / {total}: to play", { n: ply + 1, total: R.plies })
    : ply === 0 ? tn("Start ({n} move)", "Start ({n} moves)", R.plies) : t("Move {n} / {total}", { n: ply, total: R.plies });
  d.slider.max = String(R.plies);
  d.slider.value = String(ply);
  d.slider.setAttribute("aria-valuetext", d.counter.textContent);
}

function renderPanel() {
  const d = R.dom;
  const snap = R.snap;
  const v = snap.view;
  updateCounter(R.ply);
  // who moved last, and what
  const last = R.history.filter((h) => h.ply === R.ply && h.seat != null).pop();
  d.last.replaceChildren(...(last
    ? [el("span", { class: `dot ${seatShape(last.seat)}`, style: `background:${seatColor(last.seat)}` }), linePrefix(last, seatName) ? el("b", { text: linePrefix(last, seatName) }) : "", lineText(last)]
    : [el("span", { class: "muted", text: t("The game as it was set up") })]));
  // scores at this point
  const winners = new Set(snap.winners || []);
  d.scores.replaceChildren(...(snap.scores || []).map((s, i) => el("div", {
    class: `score${i === v.current_player ? " current" : ""}${winners.has(i) ? " winner" : ""}`, "data-seat": String(i),
  }, el("span", { class: `dot ${seatShape(i)}`, style: `background:${seatColor(i)}` }), el("span", { class: "name", text: seatName(i) }),
  el("span", { class: "total", text: String(s.total) }))));
  // the final table at the end of a finished game
  renderFinal(snap, seatName, seatColor, d.final);
  const table = d.final.querySelector("table");
  if (table) { table.id = "replay-score-table"; table.classList.add("score-table"); }
  // buttons
  const atStart = R.ply <= 0, atEnd = R.ply >= R.plies;
  for (const b of [d.start, d.prevTurn, d.prev]) b.disabled = atStart;
  for (const b of [d.next, d.nextTurn, d.end]) b.disabled = atEnd;
  d.play.disabled = atEnd && !R.playing;
  d.cont.disabled = !!v.is_over;
  d.cont.title = v.is_over ? t("The game is over at this point: step back to continue from an earlier move") : t("Start a new game from this position (the original is kept)");
  d.status.textContent = v.is_over ? t("Game over") : isMe(snap, v.current_player) ? t("Your turn") : t("{name} to play", { name: seatName(v.current_player) });
  // the move list: the moves made so far, the one just made, those still to come
  for (const li of d.log.children) {
    const p = Number(li.dataset.ply);
    li.classList.toggle("future", p > R.ply);
    li.classList.toggle("current", p === R.ply && li.classList.contains("move"));
  }
  const cur = d.log.querySelector("li.current") || (R.ply === 0 ? d.log.firstElementChild : null);
  if (cur) keepVisible(d.log, cur);
}

/** Scroll ``box`` (not the page) so that ``item`` is in view. */
function keepVisible(box, item) {
  const top = item.offsetTop - box.offsetTop;
  if (top < box.scrollTop) box.scrollTop = top - 8;
  else if (top + item.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + item.offsetHeight - box.clientHeight + 8;
}

function renderLog() {
  R.logFor = R.history;
  R.dom.log.replaceChildren(...R.history.map((h) => {
    const ply = h.ply ?? 0;
    const li = el("li", { class: `${h.seat == null ? "event" : "move"}${h.turn_start ? " turn-start" : ""}`, "data-ply": String(ply), tabindex: h.seat != null ? "0" : null },
      h.seat != null ? el("span", { class: "ply", text: String(ply) }) : null,
      h.seat != null ? el("span", { class: `dot ${seatShape(h.seat)}`, style: `background:${seatColor(h.seat)}` }) : null,
      linePrefix(h, seatName) ? el("b", { text: linePrefix(h, seatName) }) : null,
      lineText(h), hintMark(h));
    return li;
  }));
  markLog();
}

function setSheet(open) {
  document.body.classList.toggle("rp-sheet-open", !!open);
  const b = R.dom.sheetBtn;
  b.setAttribute("aria-expanded", open ? "true" : "false");
  b.textContent = open ? t("Close") : t("Moves & scores");
}

// -- autoplay --------------------------------------------------------------------------
function speedMs() {
  let v = null;
  try { v = Number(localStorage.getItem(SPEED_KEY)); } catch (e) { /* storage off */ }
  return SPEEDS.some((s) => s.ms === v) ? v : 1000;
}

function startAutoplay() {
  if (!R.open) return;
  if (R.ply >= R.plies) seek(0);
  R.playing = true;
  R.dom.root.classList.add("autoplaying");
  setPlayButton();
  tick();
}

function tick() {
  clearTimeout(R.timer);
  if (!R.playing) return;
  R.timer = setTimeout(() => {
    if (!R.playing || !R.open) return;
    if (R.want >= R.plies) { stopAutoplay(); return; }
    if (R.want === R.ply) seek(R.ply + 1);   // never queue ahead of a slow position
    tick();
  }, speedMs());
}

function stopAutoplay() {
  clearTimeout(R.timer);
  if (!R.playing) return;
  R.playing = false;
  if (R.dom) { R.dom.root.classList.remove("autoplaying"); setPlayButton(); }
}

function setPlayButton() {
  const b = R.dom.play;
  b.replaceChildren(icon(R.playing ? "pause" : "play"));
  const label = R.playing ? t("Pause") : t("Autoplay");
  b.title = label;
  b.setAttribute("aria-label", label);
  b.setAttribute("aria-pressed", R.playing ? "true" : "false");
  b.disabled = !R.playing && R.ply >= R.plies && R.plies === 0;
}

/** A manual step stops the autoplay. */
const step = (fn) => () => { stopAutoplay(); seek(fn(R.want)); };

// -- leaving -------------------------------------------------------------------------
function close() {
  if (!R.open) return;
  const back = R.back;
  shut();
  if (back) host.resume(back);
  else host.home();
}

/** Put the view away without going anywhere (the caller shows what comes next). */
export function closeReplay() {
  if (R.open) shut();
}

function shut() {
  stopAutoplay();
  if (R.review) R.review.close();
  R.live = null;
  R.gid = null;
  R.open = false;
  R.gen++;
  R.pumping = false;
  R.back = null;
  host.engine.request("close", { gid: RGID }).catch(() => {});
  dropRenderer();
  R.dom.root.hidden = true;
  R.dom.actions.hidden = true;
  $("#game-title").textContent = "";
  document.body.classList.remove("replaying", "rp-sheet-open");
  delete document.documentElement.dataset.replayPly;
  R.snap = null;
}

/** A new saved game from the position shown; the replayed save is untouched. */
async function continueHere() {
  if (!R.snap || R.snap.view.is_over) return;
  stopAutoplay();
  const save = R.snap.save;
  const ply = R.ply;
  const gid = host.newGid();
  try {
    const snap = await host.engine.request("load", { gid, save }, 180000);
    shut();
    await host.openGame(gid, snap);
    toast(t("A new game continues from move {n}; the original is kept in your saved games.", { n: ply }), "info", 6000);
  } catch (e) {
    toast(t("Could not continue from here: {error}", { error: e.message }), "error");
  }
}

// -- the DOM ---------------------------------------------------------------------------
// one move and one turn are chevrons (single, double), the ends a triangle with a bar, autoplay
// alone a plain triangle: no two buttons share a picture
const ICONS = {
  start: "M6 5h2.5v14H6zM19 5v14L9.5 12z",
  prevTurn: "M18.4 4 20 5.6 13.6 12 20 18.4 18.4 20l-8-8zM10.4 4 12 5.6 5.6 12 12 18.4 10.4 20l-8-8z",
  prev: "M15.4 4 17 5.6 10.6 12 17 18.4 15.4 20l-8-8z",
  play: "M8 5v14l11-7z",
  pause: "M7 5h4v14H7zM13 5h4v14h-4z",
  next: "M8.6 4 7 5.6 13.4 12 7 18.4 8.6 20l8-8z",
  nextTurn: "M5.6 4 4 5.6 10.4 12 4 18.4 5.6 20l8-8zM13.6 4 12 5.6 18.4 12 12 18.4 13.6 20l8-8z",
  end: "M15.5 5H18v14h-2.5zM5 5v14l9.5-7z",
};

function icon(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

// button labels, said at render time (relabel)
const LABELS = {
  start: N_("Start of the game"), prevTurn: N_("Back one turn"), prev: N_("Back one move"),
  next: N_("Forward one move"), nextTurn: N_("Forward one turn"), end: N_("End of the game"),
};

function buildView() {
  if (R.dom) return;
  const btn = (name, onclick) => el("button", { type: "button", class: `rp-step rp-${name}`, id: `rp-${name}`, onclick }, icon(name));
  const d = {};
  d.canvas = el("canvas", { id: "rp-canvas" });
  d.board = el("div", { id: "rp-board" }, d.canvas);
  d.counter = el("strong", { id: "rp-counter" });
  d.status = el("span", { id: "rp-status", class: "muted" });
  d.slider = el("input", { id: "rp-slider", type: "range", min: "0", max: "0", step: "1", value: "0" });
  d.slider.addEventListener("input", () => { stopAutoplay(); seek(Number(d.slider.value)); });
  d.start = btn("start", step(() => 0));
  d.prevTurn = btn("prevTurn", step(prevTurn));
  d.prev = btn("prev", step((p) => p - 1));
  d.play = el("button", { type: "button", id: "rp-play", class: "rp-step rp-play", onclick: () => (R.playing ? stopAutoplay() : startAutoplay()) });
  d.next = btn("next", step((p) => p + 1));
  d.nextTurn = btn("nextTurn", step(nextTurn));
  d.end = btn("end", step(() => R.plies));
  d.speed = el("select", { id: "rp-speed" });
  d.speed.addEventListener("change", () => {
    try { localStorage.setItem(SPEED_KEY, d.speed.value); } catch (e) { /* this page only */ }
    if (R.playing) tick();
  });
  d.speedLabel = el("span", { class: "rp-speed-label muted" });
  d.cont = el("button", { type: "button", id: "rp-continue", class: "primary", onclick: continueHere });
  d.reviewBtn = el("button", { type: "button", id: "rp-review-btn", "aria-controls": "review", onclick: reviewButton });
  d.reviewBox = el("section", { id: "review", hidden: true });
  d.sheetBtn = el("button", { type: "button", id: "rp-sheet-btn", "aria-controls": "rp-sheet", onclick: () => setSheet(!document.body.classList.contains("rp-sheet-open")) });
  d.last = el("div", { id: "rp-last" });
  d.scores = el("div", { id: "rp-scores" });
  d.final = el("div", { id: "rp-final", hidden: true });
  d.log = el("ol", { id: "rp-log" });
  d.log.addEventListener("click", (ev) => {
    const li = ev.target.closest("li[data-ply]");
    if (li) { stopAutoplay(); seek(Number(li.dataset.ply)); }
  });
  d.log.addEventListener("keydown", (ev) => {
    const li = ev.target.closest("li[data-ply]");
    if (li && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); ev.stopPropagation(); stopAutoplay(); seek(Number(li.dataset.ply)); }
  });
  d.closeBtn = el("button", { type: "button", id: "rp-close", onclick: close });
  d.actions = el("div", { id: "rp-actions", class: "row", hidden: true }, d.closeBtn);
  $("#topbar").append(d.actions);
  d.dock = el("div", { id: "rp-dock" },
    el("div", { class: "rp-where" }, el("div", { class: "rp-pos" }, d.counter, d.status), d.sheetBtn),
    d.slider,
    el("div", { class: "rp-steps" }, d.start, d.prevTurn, d.prev, d.play, d.next, d.nextTurn, d.end),
    el("div", { class: "rp-more" }, el("label", { class: "rp-speed" }, d.speedLabel, d.speed), d.reviewBtn, d.cont));
  d.sheet = el("div", { id: "rp-sheet" }, d.reviewBox, d.last, d.scores, d.final, d.log);
  d.root = el("main", { id: "replay", hidden: true },
    d.board, el("aside", { id: "rp-panel" }, d.dock, d.sheet));
  R.dom = d;
  const play = $("#play");
  play.parentNode.insertBefore(d.root, play.nextSibling);
  new ResizeObserver(() => { if (R.renderer && R.open) R.renderer.resize(); }).observe(d.board);
  new ResizeObserver(() => {
    const h = d.dock.getBoundingClientRect().height;
    if (h) d.root.style.setProperty("--rp-dock-h", `${Math.ceil(h + 10)}px`);
  }).observe(d.dock);
  document.addEventListener("keydown", onKey);
  relabel();
}

/** Every text of the view in the current language (the app calls it once the games' names came in another). */
export function relabel() {
  const d = R.dom;
  if (!d) return;
  for (const [name, label] of Object.entries(LABELS)) {
    d[name].title = t(label);
    d[name].setAttribute("aria-label", t(label));
  }
  setPlayButton();
  d.slider.setAttribute("aria-label", t("Position in the game"));
  d.speedLabel.textContent = t("Speed");
  d.speed.setAttribute("aria-label", t("Speed"));
  const ms = speedMs();
  d.speed.replaceChildren(...SPEEDS.map((s) => el("option", { value: String(s.ms), text: t(s.label), selected: s.ms === ms })));
  d.cont.textContent = t("Continue from here");
  labelReviewButton();
  if (R.review && R.review.data) { R.review.relabel().then(markLog); markLog(); }
  d.closeBtn.textContent = R.back ? t("Back to the game") : t("Home");
  const title = R.snap ? host.title(R.snap.view.game) : "";
  if (R.open) $("#game-title").textContent = title ? t("Replay: {title}", { title }) : t("Replay");
  setSheet(document.body.classList.contains("rp-sheet-open"));
  if (R.open && R.snap) renderPanel();
}

/** Log lines come from the engine in its language: ask again after a change. */
function reloadText() {
  if (!R.open || !R.snap) return;
  R.gen++;   // answers already asked for are in the old language
  R.pumping = false;
  R.cache.clear();
  R.want = R.ply;
  const gen = R.gen;
  host.engine.request("load", { gid: RGID, save: R.save, upto: R.ply }, 180000).then((snap) => {
    if (gen !== R.gen || !R.open) return;
    R.history = snap.replay.history;
    R.snap = null;
    show(snap);
    // the review's words (the moves' labels) come from the engine too
    if (R.review && R.review.data) { const again = R.review.running; R.review.open(R.save, { start: again }); }
  }).catch(() => {});
}

function onKey(ev) {
  if (!R.open || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (document.querySelector("dialog[open]")) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && ev.target.type !== "range")) return;
  const onSlider = tag === "INPUT";
  const moves = {
    ArrowLeft: () => (ev.shiftKey ? prevTurn(R.want) : R.want - 1),
    ArrowRight: () => (ev.shiftKey ? nextTurn(R.want) : R.want + 1),
    ArrowUp: () => prevTurn(R.want),
    ArrowDown: () => nextTurn(R.want),
    Home: () => 0,
    End: () => R.plies,
  };
  if (moves[ev.key]) {
    ev.preventDefault();
    stopAutoplay();
    seek(moves[ev.key]());
  } else if (ev.key === " " && !onSlider && !(ev.target.closest && ev.target.closest("button"))) {
    ev.preventDefault();
    R.playing ? stopAutoplay() : startAutoplay();
  } else if (ev.key === "Escape") {
    if (R.review && R.review.decision) R.review.backToReview();
    else if (document.body.classList.contains("rp-sheet-open") && getComputedStyle(R.dom.sheetBtn).display !== "none") setSheet(false);
    else close();
  }
}
