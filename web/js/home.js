// The home screen: game picker, new-game form and the list of saved games.

import { motionSetting, setMotionSetting } from "./motion.js";
import { $, el, optionsForm } from "./ui.js";
import { t, tn, N_, language } from "./i18n.js";
import { when } from "./lang.js";
import { CLOCKS, clockName } from "./friends/words.js";
import { shownName } from "./host.js";

const MAX_SEED = 2 ** 53;

// Bot levels as players know them, in this order (any other after them).
const LEVEL_ORDER = ["easy", "medium", "hard", "random"];
const LEVEL_NAMES = { easy: N_("Easy"), medium: N_("Medium"), hard: N_("Hard"), random: N_("Random (practice)") };
const SPEED_NAMES = { instant: N_("Instant"), normal: N_("Normal"), slow: N_("Slow") };

/** The pause before each bot step, by the player's bot-speed setting. */
export const BOT_PAUSE_MS = { instant: 0, normal: 350, slow: 1200 };
const SPEED_KEY = "cairn.botSpeed";

export function botSpeed() {
  let v = null;
  try { v = localStorage.getItem(SPEED_KEY); } catch (e) { /* storage off: the default */ }
  return v in BOT_PAUSE_MS ? v : "normal";
}

export function setBotSpeed(v) {
  try { localStorage.setItem(SPEED_KEY, v); } catch (e) { /* kept for this page only */ }
}

export function randomSeed() {
  return Math.floor(Math.random() * MAX_SEED);
}

/** The turn clock's choices for a game with friends (1 day by default). */
function turnClockSelect() {
  const pick = el("select", { id: "ng-clock", name: "clock" },
    ...CLOCKS.map((s) => el("option", { value: String(s), text: clockName(s) })));
  pick.value = "86400";
  return pick;
}

/** Cards for hello.games; onPick(game) opens the new-game form. */
export function renderGames(hello, onPick) {
  const list = $("#game-list");
  list.replaceChildren(...hello.games.map((g) => el("button", {
    class: "card game", "data-game": g.name, onclick: () => onPick(g),
  }, el("canvas", { class: "pic", "aria-hidden": "true", "data-picture": g.name }),
  el("span", { class: "card-text" }, el("strong", { text: g.title }),
    el("span", { class: "muted", text: t("{min}\u2013{max} players", { min: g.min_players, max: g.max_players }) })))));
  drawPictures(list);
}

/** Each game's picture of its board (js/renderers/pictures.js, painted by the game's own drawing
 * code), once the page has painted: never in the way of the first screen. */
function drawPictures(list) {
  const paint = () => import("./renderers/pictures.js").then((m) => {
    for (const c of list.querySelectorAll("canvas.pic")) if (!m.drawPicture(c.dataset.picture, c)) c.hidden = true;
  }).catch(() => { for (const c of list.querySelectorAll("canvas.pic")) c.hidden = true; });
  if (window.requestIdleCallback) requestIdleCallback(paint, { timeout: 1500 });
  else setTimeout(paint, 200);
}

/** The new-game form for ``game``; onStart({game, players, seed, options});
 * with ``onFriends`` a switch between a game on this device and one with
 * friends on their own devices: onFriends({game, players: [{kind: "here" |
 * "friend" | "bot", level, name}], options}) (js/friends/). */
export function showNewGameForm(game, botLevels, onStart, onCancel, onFriends = null, mode = "here", focusWhere = false) {
  const form = $("#newgame");
  const friends = !!onFriends && mode === "friends" && game.max_players > 1;
  const count = el("select", { id: "ng-count", name: "players" });
  for (let n = Math.max(game.min_players, friends ? 2 : 1); n <= game.max_players; n++) count.append(el("option", { value: String(n), text: tn("{n} player", "{n} players", n) }));
  const seats = el("div", { id: "ng-seats", class: "seats" });
  const levels = [...LEVEL_ORDER.filter((l) => botLevels.includes(l)), ...botLevels.filter((l) => !LEVEL_ORDER.includes(l))];
  const kinds = friends ? ["friend", "here", ...levels.map((l) => `bot:${l}`)] : ["human", ...levels.map((l) => `bot:${l}`)];
  const opponent = kinds.includes("bot:medium") ? "bot:medium" : "human";   // Medium is the default opponent
  // a game's own card-driven opponent (Clans of Caledonia's automa), levels 1-5
  const automa = !friends && (game.seat_kinds || []).includes("automa");
  if (automa) for (const l of ["1", "2", "3", "4", "5"]) kinds.push(`automa:${l}`);
  const kindLabel = (k) => (k === "human" ? t("Human") : k === "friend" ? t("Friend (their own device)") : k === "here" ? t("Here (this device)")
    : k.startsWith("automa:") ? t("Solo opponent (level {level})", { level: k.slice(7) })
      : t("Bot: {level}", { level: LEVEL_NAMES[k.slice(4)] ? t(LEVEL_NAMES[k.slice(4)]) : k.slice(4) }));
  const defaultName = (kind, i) => (kind === "human" || kind === "friend" || kind === "here" ? t("Player {n}", { n: i + 1 }) : kind.startsWith("automa") ? "Automa" : t("Bot {n}", { n: i + 1 }));
  const rows = [];
  const seatRow = (i) => {
    const kind = friends && i === 0
      ? el("select", { name: "kind0", class: "seat-kind", disabled: true, "aria-label": t("Player {n}", { n: 1 }) }, el("option", { value: "here", text: t("You (this device)") }))
      : el("select", { name: `kind${i}`, class: "seat-kind", "aria-label": t("Player {n}", { n: i + 1 }) },
        ...kinds.map((k) => el("option", { value: k, text: kindLabel(k) })));
    const name = el("input", { type: "text", name: `name${i}`, class: "seat-name", maxlength: "40", placeholder: defaultName("human", i), "aria-label": t("Name of player {n}", { n: i + 1 }) });
    if (i > 0 && !friends && opponent !== "human") {
      kind.value = opponent;
      name.placeholder = defaultName(opponent, i);
    }
    kind.addEventListener("change", () => {
      name.placeholder = defaultName(kind.value, i);
    });
    return { node: el("div", { class: "seat" }, el("span", { class: "seat-no", text: `${i + 1}` }), kind, name), kind, name };
  };
  const sync = () => {
    const n = Number(count.value);
    while (rows.length < n) rows.push(seatRow(rows.length));
    seats.replaceChildren(...rows.slice(0, n).map((r) => r.node));
  };
  count.addEventListener("change", sync);
  sync();
  const seed = el("input", { id: "ng-seed", type: "number", min: "0", step: "1", placeholder: t("random") });
  const speed = el("select", { id: "ng-speed", name: "speed" },
    ...Object.keys(BOT_PAUSE_MS).map((k) => el("option", { value: k, text: SPEED_NAMES[k] ? t(SPEED_NAMES[k]) : k })));
  speed.value = botSpeed();
  speed.addEventListener("change", () => setBotSpeed(speed.value));
  // moves shown moving on the board (js/motion.js; off: the end position at once)
  const moving = el("input", { id: "ng-motion", type: "checkbox", name: "motion" });
  moving.checked = motionSetting();
  moving.addEventListener("change", () => setMotionSetting(moving.checked));
  const opts = optionsForm(game.options);
  // a hint at every one of your turns (js/hint.js: the game's meta.hints_on)
  const hintsOn = el("input", { id: "ng-hints", type: "checkbox", name: "hints_on" });
  const start = el("button", { id: "ng-start", class: "primary", type: "submit", text: friends ? t("Create and invite") : t("Start game") });
  // a game with friends: how long a player may keep the others waiting (js/friends/)
  const clockPick = friends ? turnClockSelect() : null;
  const clockField = friends ? el("label", { class: "option" },
    el("span", { class: "option-text" }, el("span", { class: "option-name", text: t("Turn clock") }),
      el("small", { class: "option-help", text: t("How long a player may keep the others waiting before they can hand the seat to a bot: an hour at the table, days by message.") })),
    clockPick) : null;
  const cancel = el("button", { type: "button", text: t("Cancel"), onclick: () => { form.hidden = true; onCancel(); } });
  const where = onFriends && game.max_players > 1 ? el("fieldset", { id: "ng-where", class: "where" },
    el("legend", { text: t("Where") }),
    ...[["here", t("On this device")], ["friends", t("With friends, each on their own device")]].map(([value, text]) => el("label", { class: "where-pick" },
      el("input", { type: "radio", name: "where", value, checked: value === (friends ? "friends" : "here"),
        onchange: () => showNewGameForm(game, botLevels, onStart, onCancel, onFriends, value, true) }),
      el("span", { text })))) : null;
  form.replaceChildren(...[el("h2", { id: "ng-title", text: t("New game: {title}", { title: game.title }) }), where,
    friends ? el("p", { class: "muted small", text: t("Each friend gets an invite link and plays from their own phone; links carry the turns. No server: draws are made from secrets of two players, so no one can foresee or choose them.") }) : null,
    el("label", {}, el("span", { text: t("Players") }), count), seats,
    friends ? clockField : null,
    el("label", {}, el("span", { text: t("Bot speed") }), speed),
    el("label", { class: "option" },
      el("span", { class: "option-text" }, el("span", { class: "option-name", text: t("Moves shown moving") }),
        el("small", { class: "option-help", text: t("The others' moves travel across the board; a tap ends them. Off: the board changes at once.") })),
      moving),
    friends ? null : el("label", { class: "option" },   // (no hints in a game with friends: js/hint.js)
      el("span", { class: "option-text" }, el("span", { class: "option-name", text: t("Hints") }),
        el("small", { class: "option-help", text: t("Show a good move at every one of your turns.") })),
      hintsOn),
    opts.empty ? null : el("fieldset", {}, el("legend", { text: t("Options") }), opts.node),
    // for those who want to deal the same game again (a friends' game's seed is everyone's)
    friends ? null : el("details", { id: "ng-more" }, el("summary", { text: t("More") }),
      el("label", { class: "option" },
        el("span", { class: "option-text" }, el("span", { class: "option-name", text: t("Seed") }),
          el("small", { class: "option-help", text: t("The same seed deals the same game again.") })),
        seed)),
    el("div", { class: "row" }, start, cancel)].filter(Boolean));
  form.onsubmit = (ev) => {
    ev.preventDefault();
    const n = Number(count.value);
    if (friends) {
      const players = rows.slice(0, n).map((r, i) => {
        const [kind, level] = r.kind.value.split(":");
        // a seat nobody named keeps the engine's default name (English, as saves keep it: js/host.js shownName)
        const unnamed = kind === "bot" ? `Bot ${i + 1}` : `Player ${i + 1}`;
        return { kind, level: kind === "bot" ? level : undefined, name: r.name.value.trim() || unnamed };
      });
      onFriends({ game: game.name, players, options: opts.read(), clock: Number(clockPick.value) });
      return;
    }
    const players = rows.slice(0, n).map((r) => {
      const [kind, level] = r.kind.value.split(":");
      // a seat nobody named gets the engine's default name, shown in each reader's language
      const name = r.name.value.trim() || undefined;
      return kind === "bot" || kind === "automa" ? { kind, level, name } : { kind, name };
    });
    const s = seed.value.trim();
    const value = s === "" ? randomSeed() : Number(s);
    onStart({ game: game.name, players, seed: Number.isSafeInteger(value) && value >= 0 ? value : randomSeed(), options: opts.read(),
      meta: hintsOn.checked ? { hints_on: true } : {} });
  };
  form.hidden = false;
  form.scrollIntoView({ block: "nearest" });
  if (focusWhere) form.querySelector("input[name=where]:checked").focus();   // the form changed under the switch
}

// a friends' game before its start (js/friends/): nothing to replay or share yet
const lobby = (e) => !!(e.friends && e.friends.stage && e.friends.stage !== "play");

/** The saved games; actions: {resume(gid), remove(gid)}, optionally share(gid) with shareLabel(). */
export function renderSaved(entries, actions) {
  const list = $("#saved-list");
  if (!entries.length) {
    list.replaceChildren(el("li", { class: "muted empty", text: t("No saved games yet.") }));
    return;
  }
  const status = (e) => {
    if (!e.over) return t("in progress \u00b7 {moves} \u00b7 last played {when}", { moves: tn("{n} move", "{n} moves", e.ply), when: when(e.updated) });
    // a solo game ends with a rating, not a winner: the engine's words, in the reader's language if seen in it
    // the engine's words for the end in the language shown; seen only in another: the points alone
    const outcome = e.outcome && (e.outcome[language()] || (e.score ? tn("{n} point", "{n} points", Number(e.score) || 0, { n: e.score }) : ""));
    // today's game's person who gave no name is "You" (a default name): spoken to
    const you = (e.winners || []).length === 1 && e.winners[0] === "You";
    const result = outcome || (e.score ? (you ? t("you won {score}", { score: e.score })
      : t("{winners} won {score}", { winners: (e.winners || []).map(shownName).join(" & "), score: e.score })) : e.result);
    return result ? t("finished: {result} \u00b7 played {when}", { result, when: when(e.updated) }) : t("finished \u00b7 played {when}", { when: when(e.updated) });
  };
  list.replaceChildren(...entries.map((e) => el("li", { class: "saved", "data-gid": e.gid },
    el("div", { class: "info" },
      el("strong", { text: (actions.title && actions.title(e)) || e.title }),
      el("span", { class: "muted", text: ` ${e.players.map(shownName).join(", ")}` }),
      el("div", { class: "muted small", text: (actions.status && actions.status(e)) || status(e) })),
    el("div", { class: "row" },
      el("button", { class: "resume", text: e.over ? t("View") : t("Resume"), onclick: () => actions.resume(e.gid) }),
      actions.replay && !e.over && !lobby(e) ? el("button", { class: "replay", text: t("Replay"), onclick: () => actions.replay(e.gid) }) : null,   // a finished game's View is its replay
      actions.share && !lobby(e) ? el("button", { class: "share", text: actions.shareLabel(), onclick: () => actions.share(e.gid) }) : null,
      el("button", { class: "delete", text: t("Delete"), onclick: () => actions.remove(e.gid) })))));
}
