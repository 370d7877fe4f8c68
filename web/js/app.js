// The app shell: boots the engine worker, shows the home screen (games,
// new-game form, saved games, import), runs a game (renderer, panel, bot
// turns, undo, export), keeps every position saved in localStorage, and
// recovers from a crashed worker by reloading the last save.

import { Engine, EngineError } from "./engine.js";
import { Store, newGid } from "./store.js";
import { $, el, toast, SEAT_COLOURS, renderTurn, renderScores, renderLog, renderFinal } from "./ui.js";
import { renderGames, showNewGameForm, renderSaved } from "./home.js";

const params = new URLSearchParams(location.search);
const BOT_DELAY = params.get("fast") === "1" ? 0 : 300;
const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
const FORCE_LIST = params.get("renderer") === "list";   // the generic renderer for every game

const store = new Store((msg) => toast(msg, "warn", 12000));
const canvas = $("#canvas");
const S = {
  hello: null, booted: false, readyAt: null, bootLog: [],
  gid: null, title: "", snap: null, lastSave: null,
  renderer: null, rendererGame: null,
  busy: false, gen: 0, botTimer: null,
};

// -- engine -----------------------------------------------------------------
const engine = new Engine({
  progress(text, pct, ms) {
    S.bootLog.push([text, ms, Math.round(performance.now())]);
    $("#boot-bar").value = pct;
    $("#boot-text").textContent = text;
  },
  ready(hello) {
    S.hello = hello;
    if (S.readyAt == null) S.readyAt = performance.now();   // ms since navigation start
    document.documentElement.dataset.engine = "ready";
    $("#boot").hidden = true;
    if (S.booted) return;
    S.booted = true;
    renderGames(hello, (g) => showNewGameForm(g, hello.bot_levels || [], startGame, () => {}));
    $("#import-btn").disabled = false;
    registerServiceWorker();
    const cur = store.current();
    if (cur) resume(cur, true);
  },
  fatal(message) {
    document.documentElement.dataset.engine = "fatal";
    $("#boot-text").textContent = `The game engine could not start: ${message}`;
    $("#boot").classList.add("error");
  },
  crashed(reason) {
    document.documentElement.dataset.engine = "restarting";
    toast(`The game engine stopped (${reason}). Restarting it; your game is safe.`, "warn", 10000);
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
      toast("Game reloaded from its last save.", "info");
    }
  } catch (e) {
    if (!(e instanceof EngineError && e.code === "crashed")) toast(`Could not reload the game: ${e.message}`, "error", 0);
  }
}

// -- seats and renderer -------------------------------------------------------
const seatName = (i) => {
  const seats = S.snap && S.snap.view.seats;
  return (seats && seats[i] && seats[i].name) || `Player ${i + 1}`;
};
const seatColor = (i) => SEAT_COLOURS[((i ?? 0) % SEAT_COLOURS.length + SEAT_COLOURS.length) % SEAT_COLOURS.length];
const humanToMove = (snap) => {
  const v = snap.view;
  return !v.is_over && v.current_player != null && v.seats[v.current_player] && v.seats[v.current_player].kind === "human";
};

const shellUi = {
  play: (move) => playMove(move),
  choices: (items) => showChoices(items),
  seatColor,
  seatName,
};

async function useRenderer(game) {
  if (S.renderer && S.rendererGame === game) return;
  dropRenderer();
  let Renderer;
  try {
    if (FORCE_LIST) throw new Error("?renderer=list");
    Renderer = (await import(`./renderers/${game}.js`)).default;
    S.renderer = new Renderer(canvas, shellUi);
  } catch (e) {
    console.warn(`no renderer for ${game}; using the list renderer`, e);
    Renderer = (await import("./renderers/list.js")).default;
    S.renderer = new Renderer(canvas, shellUi);
  }
  S.rendererGame = game;
}

function dropRenderer() {
  if (S.renderer) {
    try { S.renderer.destroy(); } catch (e) { console.warn(e); }
  }
  S.renderer = null;
  S.rendererGame = null;
  showChoices([]);
}

async function draw(snap) {
  const ctx = { interactive: humanToMove(snap) && !S.busy };
  try {
    S.renderer.update(snap, ctx);
  } catch (e) {
    console.error("renderer failed; switching to the list renderer", e);
    toast(`The board view failed (${e.message}); showing the plain move list.`, "warn");
    dropRenderer();
    const Renderer = (await import("./renderers/list.js")).default;
    S.renderer = new Renderer(canvas, shellUi);
    S.rendererGame = snap.view.game;
    S.renderer.update(snap, ctx);
  }
}

function showChoices(items) {
  const box = $("#choices");
  box.replaceChildren(...items.map((it) => el("button", {
    class: "choice", onclick: () => playMove(it.move),
  }, it.label)));
  box.hidden = items.length === 0;
}

// -- a game in progress ---------------------------------------------------------
function apply(snap) {
  S.snap = snap;
  S.lastSave = snap.save;
  const v = snap.view;
  store.put(S.gid, snap.save, { title: S.title, over: v.is_over, ply: v.ply });
  renderTurn(snap, seatName, seatColor);
  renderScores(snap, seatName, seatColor);
  renderLog(snap, seatName);
  renderFinal(snap, seatName, seatColor);
  $("#undo").disabled = !v.can_undo;
  document.documentElement.dataset.ply = String(v.ply);
  document.documentElement.dataset.over = v.is_over ? "1" : "0";
  draw(snap);
  scheduleBot();
}

async function openGame(gid, snap) {
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
  await useRenderer(snap.view.game);
  S.renderer.resize();
  apply(snap);
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
  delete document.documentElement.dataset.ply;
  refreshSaved();
}

/** Run one engine request for the open game; ignores the answer if the game changed. */
async function gameRequest(op, params) {
  const gen = S.gen;
  S.busy = true;
  try {
    const snap = await engine.request(op, { gid: S.gid, ...params });
    return gen === S.gen ? snap : null;
  } catch (e) {
    if (e instanceof EngineError && e.code === "crashed") return null;   // recover() takes over
    if (gen === S.gen) toast(e.code === "illegal_move" ? `Not allowed: ${e.message}` : `Engine error: ${e.message}`, "error");
    return null;
  } finally {
    if (gen === S.gen) S.busy = false;
  }
}

async function playMove(move) {
  if (S.busy || !S.snap || !humanToMove(S.snap)) return;
  const snap = await gameRequest("play", { move });
  if (snap) apply(snap);
  else if (S.snap) draw(S.snap);
}

async function undo() {
  if (S.busy || !S.snap || !S.snap.view.can_undo) return;
  clearTimeout(S.botTimer);
  let snap = await gameRequest("undo");
  // Take back the bots' replies too, back to the last human decision.
  while (snap && !humanToMove(snap) && !snap.view.is_over && snap.view.can_undo) {
    const prev = snap;
    snap = (await gameRequest("undo")) || prev;
    if (snap === prev) break;
  }
  if (snap) apply(snap);
}

function scheduleBot() {
  clearTimeout(S.botTimer);
  const snap = S.snap;
  if (!snap || snap.view.is_over || humanToMove(snap)) return;
  const gen = S.gen;
  S.botTimer = setTimeout(async () => {
    if (gen !== S.gen || S.busy) return;
    const next = await gameRequest("bot");
    if (next && gen === S.gen) apply(next);
  }, BOT_DELAY);
}

// -- home ---------------------------------------------------------------------
function refreshSaved() {
  renderSaved(store.list(), {
    resume: (gid) => resume(gid, false),
    remove: (gid) => {
      if (!confirm("Delete this saved game?")) return;
      store.remove(gid);
      refreshSaved();
    },
  });
}

async function startGame(req) {
  const gid = newGid();
  try {
    const snap = await engine.request("new", { gid, ...req, meta: {} });
    $("#newgame").hidden = true;
    await openGame(gid, snap);
  } catch (e) {
    toast(`Could not start the game: ${e.message}`, "error");
  }
}

async function resume(gid, quiet) {
  const save = store.load(gid);
  if (!save) {
    if (!quiet) toast("That saved game could not be read.", "error");
    store.setCurrent(null);
    refreshSaved();
    return;
  }
  try {
    const snap = await engine.request("load", { gid, save }, 180000);
    await openGame(gid, snap);
  } catch (e) {
    toast(`Could not resume the saved game: ${e.message}`, "error", 0);
    store.setCurrent(null);
  }
}

// -- import / export -------------------------------------------------------------
function exportSave() {
  if (!S.lastSave) return;
  const blob = new Blob([JSON.stringify(S.lastSave, null, 1)], { type: "application/json" });
  const date = new Date().toISOString().slice(0, 10);
  const a = el("a", { href: URL.createObjectURL(blob), download: `${S.lastSave.game}-${date}.cairn.json` });
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

async function importFile(file) {
  if (!file) return;
  $("#import-error").hidden = true;
  if (file.size > MAX_IMPORT_BYTES) {
    importError(`Cannot import "${file.name}": the file is too large (${Math.round(file.size / 1024)} KB; the limit is 4 MB).`);
    return;
  }
  let text;
  try {
    text = await file.slice(0, MAX_IMPORT_BYTES).text();
  } catch (e) {
    importError(`Cannot read "${file.name}": ${e.message}`);
    return;
  }
  const gid = newGid();
  try {
    const snap = await engine.request("load", { gid, save: text }, 180000);
    if (S.gid) leaveGame();
    await openGame(gid, snap);
    toast(`Imported "${file.name}".`, "info");
  } catch (e) {
    const why = e instanceof EngineError && e.code === "bad_save" ? e.message : `${e.code || "error"}: ${e.message}`;
    importError(`Cannot import "${file.name}": ${why}`);
  }
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || params.has("nosw")) return;
  const updating = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new build took over: this page still runs the old one until reloaded.
    if (updating) toast("A new version of Cairn is ready: reload the page to use it.", "info", 0);
  });
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn("service worker:", e));
}

// -- wiring ---------------------------------------------------------------------
$("#undo").addEventListener("click", undo);
$("#export").addEventListener("click", exportSave);
$("#home-btn").addEventListener("click", leaveGame);
$("#import-btn").addEventListener("click", () => $("#import-file").click());
$("#import-file").addEventListener("change", (ev) => {
  const f = ev.target.files[0];
  ev.target.value = "";
  importFile(f);
});
let dragDepth = 0;
document.addEventListener("dragenter", (ev) => { ev.preventDefault(); dragDepth++; $("#drop-hint").hidden = false; });
document.addEventListener("dragleave", () => { if (--dragDepth <= 0) { dragDepth = 0; $("#drop-hint").hidden = true; } });
document.addEventListener("dragover", (ev) => ev.preventDefault());
document.addEventListener("drop", (ev) => {
  ev.preventDefault();
  dragDepth = 0;
  $("#drop-hint").hidden = true;
  const f = ev.dataTransfer && ev.dataTransfer.files[0];
  if (f) S.booted ? importFile(f) : toast("The engine is still loading; try again in a moment.", "warn");
});
new ResizeObserver(() => { if (S.renderer) S.renderer.resize(); }).observe($("#board"));

window.cairn = {
  snapshot: () => S.snap,
  targets() {
    if (!S.renderer) return [];
    const r = canvas.getBoundingClientRect();
    return S.renderer.targets().map((t) => ({ ...t, x: t.x + r.left, y: t.y + r.top }));
  },
  get gid() { return S.gid; },
  get busy() { return S.busy; },
  get readyAt() { return S.readyAt; },
  get bootLog() { return S.bootLog; },   // [text, ms since worker start, ms since navigation]
  engine,
};

refreshSaved();
engine.start().catch(() => {});
