// The app shell: boots the engine worker, shows the home screen (games,
// new-game form, saved games, import), runs a game (renderer, panel, bot
// turns, undo, export), keeps every position saved in localStorage, and
// recovers from a crashed worker by reloading the last save.

import { Engine, EngineError } from "./engine.js";
import { Store, newGid } from "./store.js";
import { $, el, toast, clearToasts, renderTurn, renderScores, renderLog, renderFinal, installFileDrop } from "./ui.js";
import { RendererHost, seatColor, seatNamer } from "./host.js";
import { registerServiceWorker } from "./install.js";
import { exposeForTests } from "./hook.js";
import { renderGames, showNewGameForm, renderSaved, randomSeed, botSpeed, BOT_PAUSE_MS } from "./home.js";
import { ChoiceBar } from "./choices.js";
import { BoardKeys } from "./keyboard.js";
import { FocusKeeper, focusQuietly } from "./focus.js";
import { Spotlight } from "./spotlight.js";
import { Hints } from "./hint.js";
import { Tutorial, renderLearn } from "./tutorial.js";
import { announce, announceLines, turnWords, describePosition, moveLines, changedForMe, installShortcuts, installContrast } from "./access.js";
import { RecentStrip, linesSince, personOf } from "./recent.js";
import { TableDoc } from "./table.js";
import { motionOn } from "./motion.js";
import { tapOr } from "./pointer.js";
import { openHelp, closeHelp, maybeCoach, hideCoach, installHoldTips, setLearn } from "./help.js";
import { t, num, language, detectLanguage, setLanguage, onLanguageChange, engineLanguage } from "./i18n.js";
import { applyStatic, languageSelect } from "./lang.js";
import { configureReplay, openReplay, closeReplay, relabel as relabelReplay } from "./replay.js";
import { linkData, clearLinkFragment, decodeSaveData, linkError, linkInfo, askLinkChoice, openShare, shareLabel, installShareButton } from "./share.js";
import { installFriends, friendsData } from "./friends/index.js";
import { installDaily, dayData } from "./daily.js";

const params = new URLSearchParams(location.search);
const FAST = params.get("fast") === "1";   // no pause before bot steps (tests)
const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

const store = new Store((msg) => toast(msg, "warn", 12000));
const canvas = $("#canvas");
const S = {
  hello: null, booted: false, readyAt: null, bootLog: [],
  gid: null, title: "", snap: null, lastSave: null,
  renderer: null, rendererGame: null,
  busy: false, gen: 0, botTimer: null, recent: [],
};
const choiceBar = new ChoiceBar($("#choices"), {
  play: (move) => playMove(move),
  rendered: () => { spotlight.refresh(); tableDoc.update(S.snap); },   // (called only once the page runs: both are set by then)
  opened: () => setSheet(false),         // the list of choices over the board: the scores' sheet goes
  // (a choice that opens a part of the board, chosen with the keys: the focus on its first place)
  toBoard: () => requestAnimationFrame(() => requestAnimationFrame(() => { boardKeys.cur = null; canvas.focus({ preventScroll: true }); })),
  hint: () => {
    const snap = S.snap;
    if (!snap) return "";
    if (snap.view.is_over) return t("Game over: the final table is with the scores and log");
    if (snap.friends && !humanToMove(snap)) return friends.hint(snap);
    if (!humanToMove(snap)) return t("{name} is thinking\u2026", { name: seatName(snap.view.current_player) });
    return tapOr(t("Your turn: tap a highlighted place on the board"), t("Your turn: click a highlighted place on the board"));
  },
});

// -- engine -----------------------------------------------------------------
const engine = new Engine({
  progress(text, pct, ms, left) {
    S.bootLog.push([text, ms, Math.round(performance.now()), left]);
    $("#boot-bar").value = pct;
    $("#boot-text").dataset.i18n = text;   // an English message id from the worker
    $("#boot-text").textContent = left >= 50e3 ? t("{stage} ({mb} MB left)", { stage: t(text), mb: num(left / 1e6, { digits: 1 }) }) : t(text);
  },
  ready(hello) {
    S.hello = hello;
    if (S.readyAt == null) S.readyAt = performance.now();   // ms since navigation start
    document.documentElement.dataset.engine = "ready";
    $("#boot").hidden = true;
    if (S.booted) return;
    S.booted = true;
    showMenu(hello);
    if (language() !== "en") retitle();   // the games' names in the page's language
    registerServiceWorker(params.has("nosw"));
    const cur = store.current();
    (cur ? resume(cur, true) : Promise.resolve()).then(importLink)   // then a #save= link, if opened with one
      .then(() => daily.resumeChecks());
  },
  fatal(message) {
    document.documentElement.dataset.engine = "fatal";
    $("#boot-text").removeAttribute("data-i18n");
    $("#boot-text").textContent = t("The game engine could not start: {message}", { message });
    $("#boot").classList.add("error");
  },
  crashed(reason) {
    document.documentElement.dataset.engine = "restarting";
    toast(t("The game engine stopped ({reason}). Restarting it; your game is safe.", { reason }), "warn", 10000);
    recover();
  },
});

async function recover() {
  S.gen++;
  clearTimeout(S.botTimer);
  S.busy = false;
  try {
    await engine.ready();
    if (S.gid && S.lastSave) {
      const snap = await engine.request("load", { gid: S.gid, save: S.lastSave });
      apply(snap);
      toast(t("Game reloaded from its last save."), "info");
    }
  } catch (e) {
    if (!(e instanceof EngineError && e.code === "crashed")) toast(t("Could not reload the game: {message}", { message: e.message }), "error", 0);
  }
}

// -- seats and renderer -------------------------------------------------------
const seatName = seatNamer(() => S.snap);
const humanToMove = (snap) => {
  const v = snap.view;
  if (snap.friends) return snap.friends.my_turn;   // a friends' game: a seat of this device's
  return !v.is_over && v.current_player != null && v.seats[v.current_player] && v.seats[v.current_player].kind === "human";
};

/** The person whose "since your move" the strip lists (js/recent.js). */
const mySeat = (snap) => personOf(snap, humanToMove(snap));

const shellUi = {
  // the board shows the final table itself (Caledonia beside its map): the sheet's goes
  finalShown: (on) => $("#final").classList.toggle("on-board", !!on),
  play: (move) => playMove(move),
  playAll: (moves) => playMoves(moves),
  choices: (items) => showChoices(items),
  seatColor,
  seatName,
};

const renderers = new RendererHost(canvas, shellUi);

async function useRenderer(game) {
  S.renderer = await renderers.use(game);
  S.rendererGame = renderers.game;
}

function dropRenderer() {
  renderers.drop();
  S.renderer = null;
  S.rendererGame = null;
  showChoices([]);
}

async function draw(snap) {
  // what happened since the person's last move: the board marks it (js/recent.js)
  const ctx = { interactive: humanToMove(snap) && !S.busy, recent: S.recent, focus: recent.focus, hold: !FAST };
  try {
    S.renderer.update(snap, ctx);
    afterDraw();
  } catch (e) {
    console.error("renderer failed; switching to the list renderer", e);
    toast(t("The board view failed ({message}); showing the plain move list.", { message: e.message }), "warn");
    dropRenderer();
    const Renderer = (await import("./renderers/list.js")).default;
    S.renderer = new Renderer(canvas, shellUi);
    S.rendererGame = snap.view.game;
    S.renderer.update(snap, ctx);
    afterDraw();
  }
}

// -- keyboard and screen readers (js/keyboard.js, js/access.js) ----------------
const boardKeys = new BoardKeys(canvas, $("#kb-ring"), {
  renderer: () => S.renderer,
  announce: (text) => announce(text, "#focus-say"),
  describe: (tg, i, n) => t("{place} ({i} of {n})", { place: targetLabel(tg), i: i + 1, n }),
  empty: () => (S.snap && humanToMove(S.snap) ? t("Nothing to pick on the board now: the choices are below it (Tab)") : t("Not your turn")),
  edge: (tg) => t("Nothing further that way: {place}", { place: targetLabel(tg) }),
});

// what happened since your move (js/recent.js): a chip tapped shows its move on the board
const recent = new RecentStrip($("#recent"), {
  show: (i) => {
    if (!S.renderer || !S.snap) return;
    if (S.renderer.showRecent) S.renderer.showRecent(i);
    draw(S.snap);
  },
  lineText: (h) => lineText(h),
  seatName: (i) => seatName(i),
  seatColor: (i) => seatColor(i),
  me: () => (S.snap ? S.snap.me ?? null : null),
  empty: () => {
    const snap = S.snap;
    if (!snap || snap.view.is_over) return "";
    return humanToMove(snap) ? t("Nothing new since your move") : "";
  },
});

// the table as a document for screen readers (js/table.js): kept in step at every redraw
const tableDoc = new TableDoc($("#table-doc"), {
  seatName: (i) => seatName(i),
  turn: () => turnWords(),
  places: () => (S.snap && humanToMove(S.snap) && !S.busy ? boardKeys.places().map((p) => ({ ...p, name: targetLabel(p) })) : []),
  choose: (p) => { boardKeys.pick(p, false); boardKeys.activate(); },
  // (after a press: a place that only chooses, a tab opened by a choice: the board redraws itself, then the document)
  after: () => requestAnimationFrame(() => requestAnimationFrame(() => { boardKeys.refresh(); tableDoc.update(S.snap); })),
  // (the bar's buttons; those that go back a step, Back and Not yet, last)
  bar: () => {
    const all = [...document.querySelectorAll("#choices button:not(.more)")];
    const back = (b) => b.classList.contains("back") || b.classList.contains("cancel");
    return [...all.filter((b) => !back(b)), ...all.filter(back)];
  },
  since: () => (S.recent || []).map((h) => recent.words(h)),
  busy: () => S.busy || !S.snap || (!S.snap.view.is_over && !humanToMove(S.snap)),
});
const focusKeeper = new FocusKeeper(canvas, $("#choices"), () => boardKeys.places().length);
// where a move is played (a hint, a tutorial's step): js/spotlight.js
const spotlight = new Spotlight(canvas, $("#spot-ring"), choiceBar, () => S.renderer);
const hints = new Hints({
  engine, spotlight, button: $("#hint-btn"), card: $("#hint-card"),
  state: () => ({ gid: S.gid, snap: S.snap, human: !!S.snap && humanToMove(S.snap),
    blocked: S.snap && S.snap.friends ? t("No hints in a game with friends: it would not be fair.") : daily.hintBlocked(S.snap) || tutorial.blocks(S.snap) }),
  keep: (gid, meta) => { if (gid === S.gid && S.snap) keepSave(S.snap = { ...S.snap, save: { ...S.snap.save, meta } }); },   // a hint recorded
});
// learn to play: a guided first game (js/tutorial.js)
const tutorial = new Tutorial({
  card: $("#tutor"), spotlight, seatName: (i) => seatName(i), home: () => leaveGame(),
  start: async (req) => {
    if (S.gid) leaveGame();
    // a tap while the engine still loads gets its answer at once (the game opens when it is ready)
    if (!S.booted) toast(t("The game starts as soon as the engine is ready\u2026"), "info", 0);
    await startGame(req);
  },
  load: (save) => loadShown(save),
});

/** A target's words for a screen reader: its name (or label), else the move's type. */
function targetLabel(tg) {
  return tg.name || tg.label || (tg.move && tg.move.type) || t("place");
}

/** After a redraw: the keyboard ring follows its place, the focus stays where it was
 * (js/focus.js; after a move it may go on from the bar to the board or back), the description is current. */
function afterDraw() {
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const moved = S.moved;
    S.moved = false;
    boardKeys.refresh(moved);
    focusKeeper.settle(moved);
    spotlight.refresh();
    tableDoc.update(S.snap);
    if (S.snap) $("#board-desc").textContent = describePosition(S.snap, { seatName, turn: turnWords(), targets: boardKeys.places().length });
  }));
}

/** The focus to where the next decision is made: the board when it has places to choose, else
 * the first choice that can be chosen, else the board. */
function toDecision() {
  const bar = focusKeeper.choices();
  if (!boardKeys.places().length && bar.length) focusQuietly(bar[0]);
  else canvas.focus({ preventScroll: true });
}

function showChoices(items) {
  choiceBar.show(items);
}

/** A log line as players say it (the renderer may reword journal lines). */
function lineText(h) {
  try {
    if (S.renderer && S.renderer.logLine) return S.renderer.logLine(h, S.snap, seatName);
  } catch (e) { console.warn(e); }
  return h.text;
}

/** Why Undo is unavailable now, or "" when it is available. */
function undoReason(snap) {
  const v = snap.view;
  if (tutorial.owns(snap)) return v.ply > 0 ? "" : t("Nothing to undo yet.");   // a tutorial goes back by its script
  if (snap.friends && !v.is_over) return snap.friends.can_undo ? "" : t("Only your moves not sent yet can be taken back.");
  if (v.is_over) return t("The game is over: undo is off so bots do not replay their moves. Use Play again or New game.");
  if (!humanToMove(snap) && !v.seats.some((s) => s.kind === "human")) return t("Only bots are playing.");
  if (v.can_undo) return "";
  if (!v.ply) return t("Nothing to undo yet.");
  // the engine's words: the move that revealed something and what, in the game's terms
  return snap.undo_stop || t("Something hidden was revealed since then: moves before it cannot be taken back.");
}

// -- a game in progress ---------------------------------------------------------
/** How a finished game ended, for the saved-games list: the winners' names
 * and the totals, kept apart so the list says it in the reader's language
 * (``result``: the same in English, for older readers of the index); where
 * naming a winner would be wrong (a solo game's rating), the engine's words
 * for the end (``snap.outcome``) by language, as far as they were seen. */
function resultInfo(snap) {
  if (!snap.view.is_over) return { result: "", winners: [], score: "", outcome: null };
  const raw = (i) => ((snap.save && snap.save.seats) || [])[i]?.name || seatName(i);   // as the save keeps it (shownName: js/host.js)
  const winners = (snap.winners || []).map(raw);
  const score = (snap.scores || []).map((s) => s.total).sort((a, b) => b - a).join("\u2013");
  if (snap.outcome) return { result: snap.outcome, winners, score, outcome: { [language()]: snap.outcome } };
  return { result: `${winners.join(" & ")} won ${score}`, winners, score, outcome: null };
}

/** Show ``save`` (a tutorial's step back: its save cut there); any bot step in flight is dropped. */
async function loadShown(save) {
  S.gen++;
  clearTimeout(S.botTimer);
  S.busy = false;
  const snap = await gameRequest("load", { save });
  if (snap) apply(snap);
}

/** Keep the position's save (the saved-games list's entry too). */
function keepSave(snap) {
  S.lastSave = snap.save;
  const v = snap.view;
  store.put(S.gid, snap.save, { title: S.title, over: v.is_over, ply: v.ply, ...resultInfo(snap) });
}

function apply(snap) {
  const prev = S.snap;
  S.snap = snap;
  const moved = !prev || prev.gid !== snap.gid || prev.view.ply !== snap.view.ply;
  if (moved) S.moved = true;
  const v = snap.view;
  keepSave(snap);
  friends.onSnapshot(S.gid, snap);
  daily.onSnapshot(S.gid, snap);
  // what the others did since the person's last move: listed over the dock, marked on the board
  S.recent = linesSince(snap, mySeat(snap));
  recent.show(S.recent);
  renderTurn(snap, seatName, seatColor);
  renderScores(snap, seatName, seatColor);
  renderLog(snap, seatName, lineText);
  renderFinal(snap, seatName, seatColor);
  const why = undoReason(snap);
  const undoBtn = $("#undo");
  undoBtn.classList.toggle("off", !!why);
  undoBtn.setAttribute("aria-disabled", why ? "true" : "false");
  undoBtn.dataset.info = why || t("Take back your last move");
  $("#end-actions").hidden = !v.is_over;
  if (prev && prev.gid === snap.gid) {
    // each move read once, in order; what the others' moves changed for you after them
    const lines = moveLines(prev, snap, seatName, lineText);
    const me = mySeat(snap);
    const others = (snap.history || []).slice((prev.history || []).length).some((h) => h.seat !== me);
    announceLines(lines);
    if (others) announce(changedForMe(prev, snap, me), "#announce-you");
  }
  // at the end: the sheet opens on the final table (who won heads it); scorings are in the strip
  const ended = v.is_over && prev && prev.gid === snap.gid && !prev.view.is_over;
  if (ended) setSheet(true);
  if (!v.is_over && humanToMove(snap) && !(snap.save.meta || {}).tutorial) maybeCoach(v.game);
  document.documentElement.dataset.ply = String(v.ply);
  document.documentElement.dataset.over = v.is_over ? "1" : "0";
  draw(snap);
  tutorial.update(snap).then(() => hints.update(moved));
  scheduleBot();
}

async function openGame(gid, snap) {
  closeReplay();   // a game opened while a replay shows (an import, a link) replaces it
  S.gen++;
  clearTimeout(S.botTimer);
  S.gid = gid;
  const info = (S.hello.games || []).find((g) => g.name === snap.view.game);
  S.title = info ? info.title : snap.view.game;
  store.setCurrent(gid);
  $("#home").hidden = true;
  $("#play").hidden = false;
  $("#game-title").textContent = S.title;
  document.body.classList.add("playing");
  setSheet(snap.view.is_over);
  await useRenderer(snap.view.game);
  $("#final").classList.remove("on-board");   // until this game's board says it shows its own
  if (S.renderer) S.renderer.finalShown = undefined;
  boardKeys.cur = null;   // the keyboard focus starts at the new board's first place
  S.renderer.resize();
  S.snap = null;
  recent.clear();
  apply(snap);
  // a game opened with the keys (the form's Start, a saved game's Resume): they go on on its board
  if (boardKeys.keyboard && !snap.view.is_over) requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => {
    const a = document.activeElement;
    if (!a || a === document.body || a.closest("#home")) toDecision();
  })));
  if (snap.view.is_over) await showReplay(gid, { atEnd: true });   // a finished game opens in the replay view
}

function leaveGame() {
  S.gen++;
  clearTimeout(S.botTimer);
  if (S.gid) engine.request("close", { gid: S.gid }).catch(() => {});
  S.gid = null;
  S.snap = null;
  S.lastSave = null;
  S.busy = false;
  store.setCurrent(null);
  dropRenderer();
  $("#play").hidden = true;
  $("#home").hidden = false;
  $("#game-title").textContent = "";
  document.body.classList.remove("playing");
  setSheet(false);
  recent.clear();
  tableDoc.update(null);
  hideCoach();
  hints.clear();
  tutorial.clear();
  delete document.documentElement.dataset.ply;
  refreshSaved();
  daily.refreshHome();
}

/** Run one engine request for the open game; ignores the answer if the game changed. */
async function gameRequest(op, params) {
  const gen = S.gen;
  S.busy = true;
  $("#table-doc").setAttribute("aria-busy", "true");
  try {
    const snap = await engine.request(op, { gid: S.gid, ...params });
    if (gen !== S.gen) return null;
    // what the move's frame would paint (Hunters' new tiles) painted off the page meanwhile, when
    // moves are shown moving (a frame that must not stall; with motion off the move is not held)
    if (motionOn() && S.renderer && S.rendererGame === snap.view.game) await Promise.resolve().then(() => S.renderer.prepare(snap)).catch(() => {});
    return gen === S.gen ? snap : null;
  } catch (e) {
    if (e instanceof EngineError && e.code === "crashed") return null;   // recover() takes over
    if (gen === S.gen) toast(e.code === "illegal_move" ? t("Not allowed: {message}", { message: e.message }) : t("Engine error: {message}", { message: e.message }), "error");
    return null;
  } finally {
    if (gen === S.gen) S.busy = false;
  }
}

async function playMove(move) {
  if (S.busy || !S.snap || !humanToMove(S.snap)) return;
  if (tutorial.refuse(move)) { draw(S.snap); return; }   // not the tutorial's step: nothing is sent
  const snap = await gameRequest("play", { move });
  if (snap) apply(snap);
  else if (S.snap) draw(S.snap);
}

/** Several moves in a row (a "Pay all" button): stops at the first refusal
 * or when the turn passes to someone else. */
async function playMoves(moves) {
  for (const move of moves) {
    if (S.busy || !S.snap || !humanToMove(S.snap)) return;
    const key = JSON.stringify(move);
    if (!(S.snap.legal || []).some((m) => JSON.stringify(m) === key)) return;
    if (tutorial.refuse(move)) { draw(S.snap); return; }
    const snap = await gameRequest("play", { move });
    if (!snap) { if (S.snap) draw(S.snap); return; }
    apply(snap);
  }
}

async function undo() {
  if (!S.snap) return;
  if (tutorial.owns(S.snap)) { tutorial.back(); return; }   // the tutorial's steps go back by its own script
  const why = undoReason(S.snap);
  if (why) { toast(why, "info", 5000); return; }
  const cancelled = !humanToMove(S.snap);
  if (cancelled) {
    // a bot is to move or thinking: cancel it (its reply is ignored; the
    // worker answers the undo right after the step it is on)
    S.gen++;
    S.busy = false;
  } else if (S.busy) return;
  clearTimeout(S.botTimer);
  // Back to the last human decision, the bots' replies too, in one request;
  // the engine refuses (and changes nothing) when a tile revealed on a bot's
  // turn is in the way.
  const snap = await gameRequest("undo", { to: "human" });
  if (snap) { apply(snap); return; }
  if (!S.snap) return;
  // Refused: the game goes on as shown.  The cancelled bot step was still played in the
  // worker (its answer was dropped), so the worker may be a step ahead of the page: put the
  // shown position back there, or the next bot request would start from a position never
  // shown (and, if that step ended the bots' turn, be refused and leave the game stuck).
  const back = cancelled ? await gameRequest("load", { save: S.snap.save }) : null;
  if (back) apply(back);
  else if (S.snap) apply(S.snap);
}

/** The phone's bottom sheet (scores, log, final table): open or closed. */
function setSheet(open) {
  if (open) choiceBar.close();   // (one sheet over the board at a time)
  document.body.classList.toggle("sheet-open", !!open);
  $("#sheet-btn").setAttribute("aria-expanded", open ? "true" : "false");
  $("#sheet-btn").textContent = open ? t("Close") : t("Scores & log");
}

async function playAgain() {
  if (!S.snap) return;
  const v = S.snap.view;
  // the seats as the save keeps them (a default name stays one: shown in each reader's language)
  const players = (S.snap.save.seats || v.seats).map((s) => (s.kind === "bot" || s.kind === "automa" ? { kind: s.kind, level: s.level, name: s.name } : { kind: "human", name: s.name }));
  const options = (S.lastSave && S.lastSave.options) || {};
  const game = v.game;
  leaveGame();
  await startGame({ game, players, seed: randomSeed(), options });
}

function newGameOfThisKind() {
  const game = S.snap && S.snap.view.game;
  leaveGame();
  const card = game && document.querySelector(`#game-list [data-game='${game}']`);
  if (card) card.click();
}

function scheduleBot() {
  clearTimeout(S.botTimer);
  const snap = S.snap;
  if (!snap || snap.view.is_over || humanToMove(snap)) return;
  if (snap.friends && !snap.friends.my_bot) return;   // another device's seat, or a draw awaited
  const gen = S.gen;
  S.botTimer = setTimeout(async () => {
    if (gen !== S.gen || S.busy) return;
    const scripted = tutorial.botMove(snap);   // a tutorial's other players play as written
    const next = await (scripted ? gameRequest("play", { move: scripted }) : gameRequest("bot"));
    if (next && gen === S.gen) apply(next);
  }, FAST ? 0 : BOT_PAUSE_MS[botSpeed()]);
}

// -- home ---------------------------------------------------------------------
/** Until the player has finished a game: Learn to play comes before the new-game cards, and
 * today's games fold to a line each (css: #home.newcomer), so a phone's first screen shows it. */
function arrangeHome() {
  const newcomer = !store.list().some((e) => e.over);
  const home = $("#home"), learn = $("#learn-section"), games = $("#games-section");
  home.classList.toggle("newcomer", newcomer);
  if (newcomer && learn.nextElementSibling !== games) home.insertBefore(learn, games);
  if (!newcomer && games.nextElementSibling !== learn) games.after(learn);
}

function refreshSaved() {
  arrangeHome();
  renderSaved(store.list(), {
    resume: (gid) => resume(gid, false),
    replay: (gid) => showReplay(gid, { atEnd: !!(store.list().find((e) => e.gid === gid) || {}).over }),
    share: (gid) => { const save = store.load(gid); if (save) openShare(save, shareOptions(save)); },
    status: (e) => friends.listLine(e),
    title: (e) => (e.game && e.game !== "?" ? gameTitle(e.game) : e.title),   // in the language now
    shareLabel,
    remove: (gid) => {
      if (!confirm(t("Delete this saved game?"))) return;
      friends.forget(gid);
      store.remove(gid);
      refreshSaved();
    },
  });
}

async function startGame(req) {
  const gid = newGid();
  try {
    const snap = await engine.request("new", { gid, ...req, meta: req.meta || {} });
    $("#newgame").hidden = true;
    clearToasts();   // (the word that it would start when the engine is ready)
    await openGame(gid, snap);
  } catch (e) {
    toast(t("Could not start the game: {message}", { message: e.message }), "error");
  }
}

async function resume(gid, quiet) {
  if (friends.isFriends(gid)) {
    try { await friends.resume(gid); } catch (e) { toast(t("Could not resume the saved game: {message}", { message: e.message }), "error", 0); store.setCurrent(null); }
    return;
  }
  const save = store.load(gid);
  if (!save) {
    if (!quiet) toast(t("That saved game could not be read."), "error");
    store.setCurrent(null);
    refreshSaved();
    return;
  }
  try {
    const snap = await engine.request("load", { gid, save }, 180000);
    await openGame(gid, snap);
  } catch (e) {
    toast(t("Could not resume the saved game: {message}", { message: e.message }), "error", 0);
    store.setCurrent(null);
  }
}

// -- import / export -------------------------------------------------------------
const saveFilename = (save) => `${save.game}-${new Date().toISOString().slice(0, 10)}.cairn.json`;
const shownGames = () => (shownHello() || {}).games || [];
const gameTitle = (name) => shownGames().find((g) => g.name === name)?.title || name;
const shareOptions = (save) => ({ title: gameTitle(save.game), filename: saveFilename(save), download: exportSave });

function exportSave(save = S.lastSave) {
  if (!save) return;
  const blob = new Blob([JSON.stringify(save, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: saveFilename(save) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function importError(text) {
  const box = $("#import-error");
  box.textContent = text;
  box.hidden = false;
  toast(text, "error", 10000);
}

/** A short fingerprint of a file's text, to recognise the same file imported again. */
function fingerprint(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619); }
  return `${text.length}:${(h >>> 0).toString(36)}`;
}

async function importFile(file) {
  if (!file) return;
  $("#import-error").hidden = true;
  if (file.size > MAX_IMPORT_BYTES) {
    importError(t("Cannot import \"{file}\": the file is too large ({size} KB; the limit is 4 MB).", { file: file.name, size: Math.round(file.size / 1024) }));
    return;
  }
  let text;
  try {
    text = await file.slice(0, MAX_IMPORT_BYTES).text();
  } catch (e) {
    importError(t("Cannot read \"{file}\": {message}", { file: file.name, message: e.message }));
    return;
  }
  await importText(text, file.name, false);
}

/** Import a save's text (a file's or a shared link's) through the engine's
 * checks; the same text again opens its copy.  With ``ask`` (a link) the
 * player first picks Resume or Replay, or neither: then nothing changes. */
async function importText(text, name, ask) {
  const print = fingerprint(text);
  const known = store.list().find((e) => e.imported === print && store.load(e.gid, true));
  if (known) {
    const choice = ask ? await askLinkChoice({ ...known, known: true }) : "resume";
    if (!choice) return;
    if (choice === "replay") { await showReplay(known.gid, { atEnd: false }); return; }
    if (S.gid) leaveGame();
    if (!ask) toast(t("\"{file}\" is already in your saved games: opened it.", { file: name }), "info");
    await resume(known.gid, false);
    return;
  }
  const gid = newGid();
  try {
    const snap = await engine.request("load", { gid, save: text }, 180000);
    const choice = ask ? await askLinkChoice(linkInfo(snap, gameTitle(snap.view.game))) : "resume";
    if (!choice) { engine.request("close", { gid }).catch(() => {}); return; }
    if (S.gid) leaveGame();
    store.markImported(gid, print);
    await openGame(gid, snap);
    // (the game opened is the answer: no word over the board)
    if (choice === "replay") await showReplay(gid, { atEnd: false });   // from the start
  } catch (e) {
    const why = e instanceof EngineError && e.code === "bad_save" ? e.message : `${e.code || "error"}: ${e.message}`;
    importError(ask ? linkError(why) : t("Cannot import \"{file}\": {message}", { file: name, message: why }));
  }
}

/** A game shared as a link (index.html#save=..., share.js), when the page
 * opens with one or one arrives while it is open: imported like a file;
 * a bad link changes nothing. The fragment goes once read. */
async function importLink() {
  const fdata = friendsData(location.hash);
  if (fdata != null) {
    clearLinkFragment();
    await friends.openLink(fdata);
    return;
  }
  const day = dayData(location.hash);
  if (day != null) {
    clearLinkFragment();
    await daily.openLink(day);
    return;
  }
  const data = linkData(location.hash);
  if (data == null) return;
  clearLinkFragment();
  $("#import-error").hidden = true;
  let text;
  try {
    text = await decodeSaveData(data, MAX_IMPORT_BYTES);
  } catch (e) {
    importError(linkError(e.message));
    return;
  }
  await importText(text, "", true);
}

// -- replay (js/replay.js) ------------------------------------------------------------
/** The saved game ``gid`` in the replay view; the open game's save when it is
 * the one in play (Back returns to it unless it is over). */
async function showReplay(gid, { atEnd = false, review = false } = {}) {
  const inPlay = gid === S.gid && S.lastSave;
  const save = inPlay ? S.lastSave : store.load(gid);
  if (!save) { toast(t("That saved game could not be read."), "error"); return; }
  const back = inPlay && S.snap && !S.snap.view.is_over ? gid : null;
  try {
    await openReplay(save, { atEnd, back, gid, review });
  } catch (e) {
    toast(t("Could not open the replay: {message}", { message: e.message }), "error", 0);
  }
}

configureReplay({
  engine,
  newGid,
  title: (name) => gameTitle(name),
  leave: () => { if (S.gid) leaveGame(); $("#newgame").hidden = true; },
  home: () => { $("#home").hidden = false; refreshSaved(); },
  resume: (gid) => resume(gid, false),
  openGame: async (gid, snap) => { $("#home").hidden = true; await openGame(gid, snap); },
  replayCurrent: () => { if (S.gid) showReplay(S.gid, { atEnd: true }); },
  // a review made in the replay: kept with the saved game (its index entry says how it went, for the record)
  keepReviewed: (gid, save, info) => store.replaceSave(gid, save, { review: info }),
});

// -- wiring ---------------------------------------------------------------------
$("#undo").addEventListener("click", undo);
$("#sheet-btn").addEventListener("click", () => setSheet(!document.body.classList.contains("sheet-open")));
$("#again").addEventListener("click", playAgain);
$("#review-btn").addEventListener("click", () => { if (S.gid) showReplay(S.gid, { atEnd: true, review: true }); });
$("#new-btn").addEventListener("click", newGameOfThisKind);
$("#help-btn").addEventListener("click", () => openHelp(S.snap ? S.snap.view.game : "", S.title));
$("#help-close").addEventListener("click", closeHelp);
installHoldTips();
setLearn((game) => tutorial.begin(game));
new ResizeObserver(() => {
  const h = $("#dock").getBoundingClientRect().height;
  if (h) document.documentElement.style.setProperty("--dock-h", `${Math.ceil(h + 10)}px`);
}).observe($("#dock"));
// (the list of choices opens over the board only: above the panel, its cards and the dock)
new ResizeObserver(() => {
  const h = $("#panel").getBoundingClientRect().height;
  if (h) document.documentElement.style.setProperty("--panel-h", `${Math.ceil(h)}px`);
}).observe($("#panel"));
$("#export").addEventListener("click", () => exportSave());
installShareButton($("#export"), () => { if (S.lastSave) openShare(S.lastSave, shareOptions(S.lastSave)); });
window.addEventListener("hashchange", () => { if (S.booted) importLink(); });
$("#home-btn").addEventListener("click", leaveGame);
// your record (js/record.js, loaded when first opened)
$("#record-btn").addEventListener("click", async () => {
  const { openRecord } = await import("./record.js");
  openRecord({
    engine, store, games: shownGames, days: () => daily.days("rc-days"),
    leave: () => { closeReplay(); if (S.gid) leaveGame(); $("#home").hidden = true; $("#newgame").hidden = true; },
    back: () => { $("#home").hidden = false; refreshSaved(); $("#record-btn").focus(); },
  });
});
$("#import-btn").addEventListener("click", () => $("#import-file").click());
$("#import-file").addEventListener("change", (ev) => {
  const f = ev.target.files[0];
  ev.target.value = "";
  importFile(f);
});
installFileDrop($("#drop-hint"), importFile);
new ResizeObserver(() => { if (S.renderer) { S.renderer.resize(); afterDraw(); } }).observe($("#board"));
installShortcuts({
  active: () => !$("#play").hidden && !!S.snap,
  undo: () => undo(),
  hint: () => hints.ask(false),
  board: () => { if (document.activeElement === canvas) boardKeys.say(); else canvas.focus(); },
  choices: () => { const b = [...document.querySelectorAll("#choices button")].find((x) => x.getClientRects().length); if (b) b.focus(); },
  since: () => {
    const lines = (S.recent || []).map((h) => recent.words(h));
    announce(lines.length ? `${t("Since your move")}: ${lines.join(". ")}` : recent.o.empty() || t("Nothing new since your move"), "#announce");
  },
  describe: () => announce(describePosition(S.snap, { seatName, turn: turnWords(), targets: boardKeys.places().length }), "#announce"),
  sheet: () => setSheet(!document.body.classList.contains("sheet-open")),
  help: () => openHelp(S.snap ? S.snap.view.game : "", S.title),
});
// the focus lost to the page (a button gone or hidden, a screen closed; not a Tab past the
// page's last control): Tab goes on at the decision, the board's place to choose or else the
// first choice (issue 61)
let focusLeft = null;   // the element the focus last left
document.addEventListener("focusout", (e) => { focusLeft = e.target; });
document.addEventListener("keydown", (e) => {
  if (e.key !== "Tab" || e.altKey || e.ctrlKey || e.metaKey || $("#play").hidden || !S.snap) return;
  const a = document.activeElement;
  if (a && a !== document.body && a !== document.documentElement) return;
  if (document.querySelector("dialog[open]")) return;
  const gone = !focusLeft || !focusLeft.isConnected || !focusLeft.getClientRects().length;
  if (!gone) return;
  e.preventDefault();
  toDecision();
});
installContrast([$("#lang-row"), $("#help-lang")], () => { if (S.renderer) { S.renderer.resize(); afterDraw(); } });

exposeForTests(S, canvas, engine);
window.cairn.keys = boardKeys;   // the board's keyboard focus (e2e)
window.cairn.play = (move) => playMove(move);   // play a legal move as a tap would (e2e)

// Friends' games (js/friends/): the shell's pieces they use.
const friends = installFriends({
  engine, store, newGid,
  title: (name) => gameTitle(name),
  toast,
  current: () => S.gid,
  snap: () => S.snap,
  refreshSaved: () => refreshSaved(),
  openGame: async (gid, snap) => { if (S.gid && S.gid !== gid) leaveGame(); $("#newgame").hidden = true; await openGame(gid, snap); },
  show: async (gid, snap) => { if (S.gid === gid && S.snap) apply(snap); else { if (S.gid) leaveGame(); await openGame(gid, snap); } },
  setFriends: (gid, f) => { if (S.gid === gid && S.snap) { S.snap.friends = f; apply(S.snap); } },
});
window.cairn.friends = friends;

// Today's game (js/daily.js): one deal a day per game, results shared as links that prove themselves.
const daily = installDaily({
  engine, store, newGid,
  title: (name) => gameTitle(name),
  current: () => S.gid,
  startGame: async (gid, snap) => { if (S.gid) leaveGame(); $("#newgame").hidden = true; await openGame(gid, snap); },
  resume: (gid) => { if (S.gid && S.gid !== gid) leaveGame(); return resume(gid, false); },
  openReplay: async (save) => { await openReplay(save, { atEnd: false }); },
});
window.cairn.daily = daily;
window.cairn.hints = hints;      // hints asked and their times (e2e)
window.cairn.spotlight = spotlight;
window.cairn.locate = (move) => spotlight.locate(move);   // where a legal move is played (e2e layout audit)
window.cairn.language = async (tag) => { await setLanguage(tag); await S.relabelled; };   // switch in place (e2e): once the engine's words are in

// The menu works while the engine loads (from the build's copy of its
// catalogue): a game started or a file imported meanwhile runs once it is ready.
let menuShown = false;
let menuHello = null;
let formGame = null;   // the game whose new-game form is open
let formLang = null;   // the language it was drawn in
function showMenu(hello) {
  if (menuShown) return;
  menuShown = true;
  menuHello = hello;
  renderMenu();
  $("#import-btn").disabled = false;
}

/** The engine's "hello" as the page shows it: before the engine has answered, the build's
 * copy, whose games' titles are English, with their titles in the page's language (the
 * build lists them: ``titles``, build/i18n.py). */
function shownHello() {
  const hello = S.hello || menuHello;
  const titles = !S.hello && hello && hello.titles && hello.titles[engineLanguage()];
  return titles ? { ...hello, games: hello.games.map((g) => ({ ...g, title: titles[g.name] || g.title })) } : hello;
}

function renderMenu() {
  const hello = shownHello();
  const start = (req) => {
    if (!S.booted) toast(t("The game starts as soon as the engine is ready\u2026"), "info", 0);
    return startGame(req);
  };
  const withFriends = (req) => {
    if (!S.booted) { toast(t("The game engine is still loading: try again in a moment."), "info"); return; }
    $("#newgame").hidden = true;
    friends.create(req);
  };
  const open = (g, mode = "here") => { formGame = g; formLang = language(); showNewGameForm(g, hello.bot_levels || [], start, () => { formGame = null; }, withFriends, mode); };
  renderGames(hello, (g) => open(g));
  daily.renderHome($("#daily-section"), hello.daily || []);
  renderLearn($("#learn-section"), hello.games || [], (game) => tutorial.begin(game));
  // an open form: drawn again in another language (on this device or with friends, as it
  // was); in the same one (the menu is drawn again when the engine is ready, with the games'
  // names in the page's language) only its title changes, so what a person chose stays
  if (formGame && !$("#newgame").hidden) {
    const game = (hello.games || []).find((g) => g.name === formGame.name) || formGame;
    const mode = ($("#newgame input[name=where]:checked") || {}).value || "here";
    if (formLang !== language()) open(game, mode);
    else if ($("#ng-title")) { formGame = game; $("#ng-title").textContent = t("New game: {title}", { title: game.title }); }
  }
}

// -- languages ------------------------------------------------------------------
// Picked on the home screen (and in the help dialog); everything shown is
// drawn again in the new language, and the open game is asked for again so
// the engine's text (log lines, prompts) changes at once.
async function relabelGame() {
  if (!S.gid || !S.snap) return;
  const gid = S.gid, gen = S.gen;
  try {
    const snap = await engine.request("state", { gid });
    if (gid === S.gid && gen === S.gen && S.snap && snap.view.ply === S.snap.view.ply) apply(snap);
  } catch (e) { /* not a game in play (or the engine restarts): redrawn at its next change */ }
}

/** The games' names in the language now (the engine's catalogue says them): the menu, the game's title. */
async function retitle() {
  if (!S.booted) return;
  let hello;
  try { hello = await engine.request("hello", {}); } catch (e) { return; }
  S.hello = hello;
  if (menuShown) { menuHello = hello; renderMenu(); }
  refreshSaved();
  if (S.snap) { S.title = gameTitle(S.snap.view.game); $("#game-title").textContent = S.title; }
  relabelReplay();
}

onLanguageChange(() => {
  engine.setLanguage(engineLanguage());
  clearToasts();
  const titled = retitle();
  document.documentElement.removeAttribute("data-i18n-wait");
  applyStatic();
  setSheet(document.body.classList.contains("sheet-open"));
  if (menuShown) renderMenu();
  refreshSaved();
  S.relabelled = Promise.all([titled, relabelGame()]);   // (window.cairn.language waits for it)
});
$("#lang-row").append(languageSelect("lang-select"));
$("#help-lang").append(languageSelect("help-lang-select"));
const firstLanguage = detectLanguage();
engine.setLanguage(firstLanguage.replace("-", "_"));   // before the worker starts: its first request
await setLanguage(firstLanguage);

refreshSaved();
engine.start().catch(() => {});
fetch("boot/catalogue.json").then((r) => (r.ok ? r.json() : null)).then((c) => { if (c && c.games) showMenu(c); }).catch(() => {});
