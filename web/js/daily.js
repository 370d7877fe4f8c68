// Today's game (the engine's cairn.daily): one deal a day per game, the same for
// everyone on that date (UTC), and results shared as links that prove themselves.
//
// - The home screen's "Today's game" section: a card per game (played or not, the
//   result), the date and a countdown to the next deal, the results board.
// - The first try of a day counts; any other game of that deal (started again,
//   continued from a replay, imported) is practice, marked in its save's meta, its
//   result and the board.
// - At the end, "Share today's result": a short text and a link
//   index.html#day=<data> (Web Share, else copy).  Opening one replays the game in
//   the engine (every move legal on that date's deal, the score the link's); only
//   then it goes on the board; in a game against a bot the bot's moves are then
//   played again in the background, a decision at a time, and the entry says when
//   they are checked (or leaves the board, with a word, when they are not the bot's).
//   Spoiler-safe: to someone who has not played that deal the link shows the score and
//   the check first, and the replay (which shows the whole deal) only behind a warning;
//   their first try still counts (a game continued from someone else's replay is practice).
// - "Your days": days played in a row, best and average of each game's first tries.
//
// State lives in localStorage ("cairn:daily"); the app gives the engine, the saved
// games and its screens (installDaily(host)).

import { $, el, toast } from "./ui.js";
import { t, tn, percent, language, engineLanguage, onLanguageChange } from "./i18n.js";
import { writeClipboard } from "./share.js";

const KEY = "cairn:daily";
const PREFIX = "#day=";
let ORDER = [];   // today's games, the solo one first (the engine's hello: "daily")
const SOLO = new Set();
const MAX_RESULTS = 400;
const DAY_MS = 86400000;

/** Today's date (UTC) as YYYY-MM-DD. */
export const todayUTC = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The data of a ``#day=`` fragment, or null. */
export function dayData(hash) {
  return typeof hash === "string" && hash.startsWith(PREFIX) ? hash.slice(PREFIX.length) : null;
}

const addDays = (day, n) => new Date(Date.parse(day + "T00:00:00Z") + n * DAY_MS).toISOString().slice(0, 10);

/** ``day`` (YYYY-MM-DD) in the reader's words ("28 Nov 2026"). */
export function dayWords(day) {
  try {
    return new Intl.DateTimeFormat(language(), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
      .format(new Date(day + "T12:00:00Z"));
  } catch (e) { return day; }
}

/** The time to the next deal (UTC midnight), in words. */
export function untilNext(now = Date.now()) {
  const left = Math.max(0, Math.ceil((Date.parse(todayUTC(now) + "T00:00:00Z") + DAY_MS - now) / 60000));
  const h = Math.floor(left / 60), m = left % 60;
  return h ? t("{h} h {m} min", { h, m }) : tn("{n} minute", "{n} minutes", m);
}

// -- what this device keeps -------------------------------------------------------------
class DailyRecord {
  constructor() { this.data = this._read(); }

  _read() {
    try {
      const d = JSON.parse(localStorage.getItem(KEY) || "null");
      if (d && typeof d === "object" && d.tries && Array.isArray(d.results)) return d;
    } catch (e) { /* unreadable: start afresh */ }
    return { v: 1, tries: {}, results: [], name: "" };
  }

  save() {
    try { localStorage.setItem(KEY, JSON.stringify(this.data)); } catch (e) {
      toast(t("Browser storage is full: today's results are not being kept."), "warn");
    }
  }

  tryOf(day, game) { return this.data.tries[`${day}|${game}`] || null; }

  setTry(day, game, value) {
    this.data.tries[`${day}|${game}`] = { ...(this.tryOf(day, game) || {}), ...value };
    this.save();
  }

  /** Put a checked result on the board (the same link, or the same game of this device's, once). */
  addResult(r) {
    const list = this.data.results.filter((x) => x.id !== r.id && !(r.gid && x.gid === r.gid));
    list.push(r);
    this.data.results = list.slice(-MAX_RESULTS);
    this.save();
  }

  update(id, change) {
    const r = this.data.results.find((x) => x.id === id);
    if (r) { Object.assign(r, change); this.save(); }
  }

  drop(id) {
    this.data.results = this.data.results.filter((x) => x.id !== id);
    this.save();
  }

  /** This device's own first tries' results (what "Your days" counts). */
  firstTries() { return this.data.results.filter((r) => r.mine && !r.practice); }
}

/** A result's words: "152 points, Expert" / "33–30, won against the bot". */
function resultWords(r) {
  const lang = engineLanguage();
  const outcome = r.outcome && (r.outcome[lang] || r.outcome.en);
  if (r.won == null) return outcome || tn("{n} point", "{n} points", r.score);
  const other = (r.scores || []).filter((_, i) => i !== r.human)[0];
  const score = `${r.score}\u2013${other}`;
  if (r.tied) return t("{score}, a tie with the hard bot", { score });
  return r.won ? t("{score}, won against the hard bot", { score }) : t("{score}, lost to the hard bot", { score });
}

/** Days played in a row up to today (or up to yesterday, if today is not played yet),
 * with the best and the average of the first tries, per game and in all. */
export function yourDays(record, today) {
  const mine = record.firstTries();
  const streak = (days) => {
    let n = 0, d = days.has(today) ? today : addDays(today, -1);
    while (days.has(d)) { n++; d = addDays(d, -1); }
    return n;
  };
  const games = {};
  for (const g of ORDER) {
    const own = mine.filter((r) => r.game === g);
    const scores = own.map((r) => r.score);
    games[g] = { played: own.length, streak: streak(new Set(own.map((r) => r.date))),
      best: scores.length ? Math.max(...scores) : null,
      average: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
      won: own.filter((r) => r.won).length };
  }
  return { streak: streak(new Set(mine.map((r) => r.date))), games };
}

// -- the page ------------------------------------------------------------------------------
/** host: {engine, title(game), newGid(), store, startGame(gid, snap) (opens a new game's
 * snapshot), resume(gid), openReplay(save), snap(), current()} */
export function installDaily(host) {
  const record = new DailyRecord();
  const checking = new Map();   // result id -> true while its bot's moves are played again
  let section = null, tick = null;

  const title = (g) => host.title(g);
  const opponentWords = (g) => (SOLO.has(g) ? t("Solo, with the rulebook's rating") : t("Against the hard bot"));

  // -- starting and finishing ----------------------------------------------------------------
  async function play(game, { practice = false } = {}) {
    const day = todayUTC();
    const first = record.tryOf(day, game);
    if (first && !first.done && !practice && first.gid && host.store.load(first.gid, true)) {
      await host.resume(first.gid);
      return;
    }
    const gid = host.newGid();
    const isPractice = practice || !!first;
    try {
      const snap = await host.engine.request("daily_new", { gid, game, date: day, name: record.data.name || "", practice: isPractice });
      if (!isPractice) record.setTry(day, game, { gid, started: Date.now(), done: false });
      await host.startGame(gid, snap);
      if (isPractice) toast(t("A practice try: today's first try is the one that counts."), "info", 6000);
    } catch (e) {
      toast(t("Could not start today's game: {message}", { message: e.message }), "error");
    }
  }

  const isDaily = (snap) => !!(snap && snap.save && snap.save.meta && typeof snap.save.meta.daily === "string");

  /** Every snapshot of the open game: a today's game that is not the day's first try is
   * practice; the first try's end is recorded (and its result goes on the board). */
  async function onSnapshot(gid, snap) {
    if (!isDaily(snap)) { showEndActions(null); return; }
    const meta = snap.save.meta, day = meta.daily, game = snap.view.game;
    const first = record.tryOf(day, game);
    if (!meta.practice && !(first && first.gid === gid)) {
      // another game of a deal already tried here (a replay continued, a file), or someone
      // else's game continued from its replay (a result link's: meta.shared): practice, and the
      // day's first try still to come
      if (first || meta.shared) {
        const m = { ...meta, practice: true };
        delete m.shared;   // now this person's own (practice) game: spoken to
        await host.engine.request("meta", { gid, meta: m }).catch(() => {});
        snap.save.meta = m;
      } else record.setTry(day, game, { gid, started: Date.now(), done: false });
    }
    if (snap.view.is_over) {
      const own = await host.engine.request("daily_result", { gid, name: record.data.name || "" }).catch(() => null);
      if (own && host.current() === gid) {
        if (!own.practice) record.setTry(day, game, { done: true });
        record.addResult({ id: own.data, gid, ...pick(own), mine: true, bots: own.won == null ? "none" : "checked" });
        showEndActions({ gid, game, day, own });
      }
    } else showEndActions(null);
  }

  const who = (r) => (r.mine ? record.data.name || t("You") : r.name || t("A player"));
  const pick = (r) => ({ game: r.game, date: r.date, name: r.name, human: r.human, score: r.score, scores: r.scores,
    won: r.won, tied: r.tied, outcome: r.outcome, practice: r.practice, at: Date.now() });

  /** The game-over actions of a today's game: share, the board, a practice try. */
  function showEndActions(done) {
    let box = $("#daily-actions");
    if (!box) {
      box = el("div", { id: "daily-actions", class: "row" });
      $("#end-actions").prepend(box);
    }
    box.hidden = !done;
    $("#again").hidden = !!done;
    if (!done) { box.replaceChildren(); return; }
    box.replaceChildren(
      el("button", { type: "button", id: "daily-share", class: "primary", text: t("Share today's result"), onclick: () => share(done) }),
      el("button", { type: "button", id: "daily-board-btn", text: t("Today's results"), onclick: () => openBoard(done.day) }),
      el("button", { type: "button", id: "daily-practice", text: t("Play again (practice)"), onclick: () => play(done.game, { practice: true }) }));
  }

  // -- sharing -------------------------------------------------------------------------------
  function linkOf(data) {
    const page = location.pathname.endsWith("/") ? `${location.pathname}index.html` : location.pathname;
    return `${location.origin}${page}${PREFIX}${data}`;
  }

  function shareText(r) {
    const practice = r.practice ? ` (${t("practice")})` : "";
    return t("Cairn, today's game of {date}: {game}, {result}", { date: dayWords(r.date), game: title(r.game), result: resultWords(r) }) + practice;
  }

  async function share({ gid, own }) {
    const nameField = el("input", { type: "text", id: "daily-name", maxlength: "40", value: record.data.name || "",
      placeholder: t("Your name"), "aria-label": t("Your name on the results boards") });
    const text = el("p", { id: "daily-share-text" });
    const linkField = el("input", { type: "text", id: "daily-link", readonly: true, "aria-label": t("Link to this result") });
    const copy = el("button", { type: "button", id: "daily-copy", class: "primary", text: t("Copy") });
    const send = navigator.share ? el("button", { type: "button", id: "daily-send", text: t("Share\u2026") }) : null;
    const close = el("button", { type: "button", text: t("Close") });
    let result = own;
    const refresh = async () => {
      const name = nameField.value.trim();
      if (name !== (record.data.name || "")) { record.data.name = name; record.save(); }
      const again = await host.engine.request("daily_result", { gid, name }).catch(() => null);
      if (again) result = again;
      text.textContent = shareText(result);
      linkField.value = linkOf(result.data);
    };
    const box = dialog("daily-share-dialog", t("Share today's result"), close,
      el("p", { class: "muted small", text: t("The link holds your moves: whoever opens it sees the game replayed and checked on their own device, then on their board of today's results.") }),
      el("label", { class: "field" }, el("span", { text: t("Your name") }), nameField),
      text, linkField, el("div", { class: "row" }, copy, send));
    close.onclick = () => box.close();
    nameField.addEventListener("change", refresh);
    await refresh();
    copy.onclick = async () => {
      await refresh();
      if (await writeClipboard(`${text.textContent}\n${linkField.value}`)) { toast(t("Result copied: paste it in a message."), "info"); box.close(); } else {
        linkField.focus(); linkField.select();
        toast(t("Copying is blocked here: select the link and copy it."), "warn");
      }
    };
    if (send) send.onclick = async () => {
      await refresh();
      try { await navigator.share({ title: "Cairn", text: text.textContent, url: linkField.value }); box.close(); } catch (e) {
        if (!e || e.name !== "AbortError") toast(t("Sharing did not work: use Copy."), "warn");
      }
    };
  }

  // -- opening a result link -------------------------------------------------------------------
  const REFUSALS = {
    damaged: () => t("the link is damaged or cut short"),
    version: () => t("it was made by a newer version of Cairn"),
    game: () => t("it names a game this app does not have"),
    date: () => t("its date is out of range"),
    future: (i) => t("it is dated {date}, a day that has not come yet", { date: dayWords(i.date) }),
    deal: (i) => (i.played ? t("its moves were played on the deal of {played}, not on that of {date}", { played: dayWords(i.played), date: dayWords(i.date) })
      : t("its moves were not played on the deal of {date}", { date: dayWords(i.date) })),
    illegal: (i) => t("move {n} is not allowed there: the link was changed", { n: i.move }),
    unfinished: () => t("the game in it is not finished"),
    extra: () => t("it holds moves after the end of the game"),
    score: (i) => t("it says {claimed} points, but the game in it ends with {score}", { claimed: i.claimed, score: i.score }),
    bots: (i) => t("move {n} is not the move today's bot plays there", { n: i.move }),
  };
  const refusalWords = (e) => (REFUSALS[e.reason] ? REFUSALS[e.reason](e.info || {}) : e.message);

  /** Whether the replay of result ``r`` would show this device a deal it has not played yet. */
  const spoils = (r) => {
    if (r.mine) return false;
    const tried = record.tryOf(r.date, r.game);
    return !(tried && tried.done);
  };

  /** The replay of ``save`` (result ``r``'s), behind a warning when it shows a deal not
   * played here yet: ``actions`` (a row) gets the way to it. */
  function replayBehindWarning(r, save, actions, close) {
    const today = r.date === todayUTC();
    const playable = today && !(record.tryOf(r.date, r.game) || {}).done;
    const show = () => { close(); host.openReplay(save); };
    const warning = el("p", { class: "daily-spoiler small", id: "daily-open-warning", role: "note" },
      playable ? t("Its replay shows the whole of today's deal of {game}. Play it first: your own first try still counts, whether you watch the replay or not.", { game: title(r.game) })
        : t("Its replay shows the whole deal of that day."));
    const reveal = el("button", { type: "button", id: "daily-open-spoil", text: t("Replay (shows the deal)…"), onclick: () => {
      reveal.replaceWith(el("div", { class: "row daily-spoil-confirm" },
        el("button", { type: "button", id: "daily-open-replay", text: t("Show the replay"), onclick: show })));
    } });
    const first = playable ? el("button", { type: "button", class: "primary", id: "daily-open-play", text: t("Play today's game"),
      onclick: () => { close(); play(r.game); } }) : null;
    actions.replaceChildren(...[first, reveal].filter(Boolean));
    return warning;
  }

  /** A ``#day=`` link opened: checked and replayed in the engine; on the board if it holds. */
  async function openLink(data) {
    const status = el("p", { id: "daily-open-status", role: "status", text: t("Replaying the game and checking every move\u2026") });
    const close = el("button", { type: "button", id: "daily-open-close", text: t("Close") });
    const actions = el("div", { class: "row" });
    const box = dialog("daily-open", t("A result of today's game"), close, status, actions);
    close.onclick = () => box.close();
    let r;
    try {
      r = await host.engine.request("daily_read", { data, today: todayUTC(Date.now() + DAY_MS / 2) }, 180000);
    } catch (e) {
      box.dataset.state = "refused";
      status.textContent = t("This result cannot go on the board: {why}.", { why: e.code === "daily" ? refusalWords(e) : e.message });
      return;
    }
    const id = data;
    const known = record.data.results.find((x) => x.id === id);
    const entry = { id, ...pick(r), mine: known ? known.mine : false, bots: r.won == null ? "none" : (known && known.bots === "checked" ? "checked" : "checking"), at: known ? known.at : Date.now() };
    record.addResult(entry);
    box.dataset.state = "verified";
    status.replaceChildren(
      el("strong", { class: "daily-verified", text: t("Verified") }), " ",
      el("strong", { text: t("{name}: {result}", { name: who(entry), result: resultWords(r) }) }),
      el("br"), el("span", { text: `${title(r.game)} \u00b7 ${dayWords(r.date)}${r.practice ? ` \u00b7 ${t("practice")}` : ""}` }),
      el("br"), el("span", { class: "muted small", id: "daily-open-check", text: t("Checked: every move is allowed on that day's deal and the score is right.") }));
    const board = el("button", { type: "button", id: "daily-open-board", text: t("Today's results"), onclick: () => { box.close(); openBoard(r.date); } });
    if (spoils(entry)) {   // the score and the check first; the replay behind a warning
      status.append(replayBehindWarning(entry, r.save, actions, () => box.close()));
      actions.append(board);
    } else {
      actions.replaceChildren(
        el("button", { type: "button", class: "primary", id: "daily-open-replay", text: t("Replay"), onclick: () => { box.close(); host.openReplay(r.save); } }),
        board);
    }
    if (entry.bots === "checking") checkBots(entry, r.save, (words) => { const c = $("#daily-open-check"); if (c) c.textContent = words; });
  }

  /** Play the bot's moves of a result again, one decision per request (the player's own
   * requests go in between); ``say(words)`` follows the progress. */
  async function checkBots(entry, save, say = () => {}) {
    if (checking.has(entry.id)) return;
    checking.set(entry.id, true);
    let at = 0;
    try {
      for (;;) {
        const step = await host.engine.request("daily_check", { save, start: at, count: 1 }, 180000);
        at = step.next;
        say(t("Checking the bot's moves: {share}", { share: percent(at / Math.max(1, step.plies)) }));
        if (step.done) break;
      }
      record.update(entry.id, { bots: "checked" });
      say(t("Checked: every move is allowed, the score is right and the bot played as today's bot plays."));
    } catch (e) {
      if (e.code === "daily") {
        record.drop(entry.id);
        const words = t("Taken off the board: {why}.", { why: refusalWords(e) });
        say(words);
        toast(words, "warn", 10000);
      } else record.update(entry.id, { bots: "unchecked" });
    } finally {
      checking.delete(entry.id);
      if ($("#daily-board") && $("#daily-board").open) drawBoard();
    }
  }

  /** Results whose bot's moves were not checked yet (a reload in the middle): go on. */
  async function resumeChecks() {
    for (const r of record.data.results.filter((x) => x.bots === "checking" || x.bots === "unchecked")) {
      try {
        const again = await host.engine.request("daily_read", { data: r.id }, 180000);
        await checkBots(r, again.save);
      } catch (e) { if (e.code === "daily") record.drop(r.id); }
    }
  }

  // -- the results board -------------------------------------------------------------------------
  let boardDay = null;
  function openBoard(day = todayUTC()) {
    boardDay = day;
    const close = el("button", { type: "button", id: "daily-board-close", text: t("Close") });
    const box = dialog("daily-board", t("Today's results"), close, el("div", { id: "daily-board-body" }));
    close.onclick = () => box.close();
    drawBoard();
  }

  function drawBoard() {
    const body = $("#daily-board-body");
    if (!body) return;
    const day = boardDay, today = todayUTC();
    const days = [...new Set(record.data.results.map((r) => r.date))].sort();
    const nav = el("div", { class: "row daily-days" },
      el("button", { type: "button", id: "daily-prev", "aria-label": t("The day before"), text: "\u2039", disabled: !days.some((d) => d < day), onclick: () => { boardDay = days.filter((d) => d < day).pop(); drawBoard(); } }),
      el("strong", { text: day === today ? t("Today, {date}", { date: dayWords(day) }) : dayWords(day) }),
      el("button", { type: "button", id: "daily-next", "aria-label": t("The day after"), text: "\u203a", disabled: day >= today, onclick: () => { boardDay = days.find((d) => d > day) || today; drawBoard(); } }));
    const parts = [nav];
    for (const g of ORDER) {
      const rows = record.data.results.filter((r) => r.date === day && r.game === g)
        .sort((a, b) => (a.practice - b.practice) || (b.score - a.score) || (a.at - b.at));
      parts.push(el("h3", { text: title(g) }));
      if (!rows.length) { parts.push(el("p", { class: "muted small", text: t("No results yet: play it, or open a friend's result link.") })); continue; }
      let rank = 0;
      parts.push(el("ol", { class: "daily-results" }, ...rows.map((r) => {
        if (!r.practice) rank++;
        const tags = [r.mine ? t("you") : null, r.practice ? t("practice") : null,
          r.bots === "checking" ? t("checking the bot's moves\u2026") : r.bots === "unchecked" ? t("bot's moves not checked yet") : null].filter(Boolean);
        return el("li", { class: r.practice ? "practice" : "" },
          el("button", { type: "button", class: "daily-row", "data-id": r.id.slice(0, 16), onclick: () => replayResult(r) },
          el("span", { class: "rank", text: r.practice ? "\u2013" : `${rank}.` }),
          el("span", { class: "who" }, el("strong", { text: who(r) }), tags.length ? el("small", { class: "muted", text: ` ${tags.join(" \u00b7 ")}` }) : null),
          el("span", { class: "what", text: resultWords(r) }),
          el("span", { class: "sr-only", text: ` (${t("Replay")})` })));
      })));
    }
    parts.push(daysBlock());
    parts.push(el("details", { class: "daily-limits" }, el("summary", { text: t("What a result link proves") }),
      el("p", { class: "small", text: t("Opening a result replays the whole game on this device: it goes on the board only if every move is allowed on that day's deal and the score is the one the link says; against a bot, the bot's moves are then played again too. Anyone who runs the engine can compute a day's deal in advance, so a result proves the game was played by the rules on that deal, not that it was played blind. Whether a try was the first is what the player's own device said.") })));
    body.replaceChildren(...parts);
  }

  async function replayResult(r) {
    try {
      const again = await host.engine.request("daily_read", { data: r.id }, 180000);
      $("#daily-board").close();
      if (spoils(r)) {   // a deal not played here yet: the same warning as a link's
        const close = el("button", { type: "button", id: "daily-open-close", text: t("Close") });
        const actions = el("div", { class: "row" });
        const box = dialog("daily-open", t("A result of today's game"), close,
          el("p", { id: "daily-open-status" }, el("strong", { text: t("{name}: {result}", { name: who(r), result: resultWords(r) }) })), actions);
        close.onclick = () => box.close();
        box.dataset.state = "verified";
        $("#daily-open-status").append(replayBehindWarning(r, again.save, actions, () => box.close()));
        return;
      }
      await host.openReplay(again.save);
    } catch (e) {
      toast(t("Could not open the replay: {why}", { why: e.code === "daily" ? refusalWords(e) : e.message }), "error");
    }
  }

  /** "Your days" (the results board's, and the record screen's: ``id`` tells them apart). */
  function daysBlock(id = "daily-days") {
    const d = yourDays(record, todayUTC());
    // a game's line: its parts kept whole, the line broken only between them
    const line = (g) => {
      const s = d.games[g];
      if (!s.played) return [t("not played yet")];
      return [tn("{n} day played", "{n} days played", s.played), tn("{n} in a row", "{n} in a row", s.streak),
        t("best {n}", { n: s.best }), t("average {n}", { n: s.average })]
        .flatMap((part, i) => [i ? " \u00b7 " : null, el("span", { text: part })].filter(Boolean));
    };
    return el("section", { id, "aria-labelledby": `${id}-title` },
      el("h3", { id: `${id}-title`, text: t("Your days") }),
      el("p", { text: tn("{n} day in a row", "{n} days in a row", d.streak) }),
      el("dl", { class: "daily-days-list" }, ...ORDER.flatMap((g) => [el("dt", { text: title(g) }), el("dd", {}, ...line(g))])),
      el("p", { class: "muted small", text: t("First tries only; practice does not count.") }));
  }

  // -- the home section ----------------------------------------------------------------------------
  /** where: the home's section; games: the hello's ``daily`` ([{game, solo}], kept for later draws). */
  function renderHome(where, games = null) {
    if (games) {
      ORDER = games.map((d) => d.game);
      SOLO.clear();
      for (const d of games) if (d.solo) SOLO.add(d.game);
    }
    section = where;
    const day = todayUTC();
    const cards = ORDER.map((g) => {
      const first = record.tryOf(day, g);
      const mine = record.firstTries().find((r) => r.date === day && r.game === g);
      const state = mine ? t("Played: {result}", { result: resultWords(mine) })
        : first && !first.done ? t("In progress") : t("Not played yet");
      const go = mine ? el("button", { type: "button", class: "daily-practice", text: t("Practice"), onclick: () => play(g, { practice: true }) }) : null;
      return el("div", { class: "card daily" + (mine ? " done" : ""), "data-game": g, "data-played": mine ? "1" : "0" },
        el("button", { type: "button", class: "daily-go", onclick: () => (mine ? openBoard(day) : play(g)) },
          el("strong", { text: title(g) }),
          el("span", { class: "muted small", text: opponentWords(g) }),
          el("span", { class: "daily-state", text: state })),
        go);
    });
    where.replaceChildren(
      el("div", { class: "home-head" }, el("h2", { text: t("Today's game") }),
        el("button", { type: "button", id: "daily-results-btn", text: t("Results"), onclick: () => openBoard(day) })),
      el("p", { class: "muted small", id: "daily-when" },
        el("span", { text: dayWords(day) }), " \u00b7 ",
        el("span", { id: "daily-countdown", text: t("next deal in {time}", { time: untilNext() }) })),
      el("div", { class: "cards daily-cards" }, ...cards));
    clearInterval(tick);
    tick = setInterval(() => {
      if (todayUTC() !== day) { renderHome(where); return; }
      const c = $("#daily-countdown");
      if (c) c.textContent = t("next deal in {time}", { time: untilNext() });
    }, 20000);
  }

  onLanguageChange(() => {
    if (section) renderHome(section);
    if ($("#daily-board") && $("#daily-board").open) drawBoard();
  });

  return { renderHome, refreshHome: () => { if (section) renderHome(section); }, play, onSnapshot, openLink, openBoard, isDaily, resumeChecks, record,
    /** "Your days" for another screen (``id``: its section's), or null before a first try's end. */
    days: (id) => (record.firstTries().length ? daysBlock(id) : null),
    hintBlocked: (snap) => (isDaily(snap) ? t("No hints in today's game: everyone plays it on their own.") : "") };
}

/** The help's section on today's game (every game's help). */
export function dailyHelp() {
  return [t("Today's game"), `<p>${t("Every day (UTC) each game has one deal, the same for everyone: Clans of Caledonia's solo mode with the rulebook's rating, Glen More and Hunters and Gatherers against the hard bot, which plays the same moves for the same position on every device. Your first try of the day counts; another try of the same deal is practice, marked as such. No hints in today's game.")}</p>`
    + `<p>${t("At the end, Share today's result makes a short text and a link with your moves. Whoever opens it sees the game replayed on their own device: it goes on their board of today's results only if every move is allowed on that day's deal and the score is right; against the bot, the bot's moves are played again too.")}</p>`
    + `<p>${t("The limits: anyone who runs the engine can compute a day's deal in advance, so a result proves the game was played by the rules on that deal, not that it was played blind; and whether a try was the first is what the player's own device said.")}</p>`];
}

function dialog(id, heading, close, ...children) {
  let box = document.getElementById(id);
  if (!box) {
    box = el("dialog", { id, class: "share-dialog daily-dialog", "aria-labelledby": `${id}-title` });
    document.body.append(box);
  }
  // the heading takes the focus (a screen reader starts there; no ring on a button nobody picked)
  box.replaceChildren(el("div", { class: "share-head" }, el("strong", { id: `${id}-title`, tabindex: "-1", autofocus: true, text: heading }), close),
    el("div", { class: "share-body" }, ...children));
  if (!box.open) box.showModal();
  return box;
}

