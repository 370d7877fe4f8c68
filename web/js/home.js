// The home screen: game picker, new-game form and the list of saved games.

import { $, el, optionsForm } from "./ui.js";

const MAX_SEED = 2 ** 53;

// Bot levels as players know them, in this order (any other after them).
const LEVEL_ORDER = ["easy", "medium", "hard", "random"];
const LEVEL_NAMES = { easy: "Easy", medium: "Medium", hard: "Hard", random: "Random (practice)" };

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

/** Cards for hello.games; onPick(game) opens the new-game form. */
export function renderGames(hello, onPick) {
  const list = $("#game-list");
  list.replaceChildren(...hello.games.map((g) => el("button", {
    class: "card game", "data-game": g.name, onclick: () => onPick(g),
  }, el("strong", { text: g.title }), el("span", { class: "muted", text: `${g.min_players}\u2013${g.max_players} players` }))));
}

/** The new-game form for ``game``; onStart({game, players, seed, options}). */
export function showNewGameForm(game, botLevels, onStart, onCancel) {
  const form = $("#newgame");
  const count = el("select", { id: "ng-count", name: "players" });
  for (let n = game.min_players; n <= game.max_players; n++) count.append(el("option", { value: String(n), text: `${n} players` }));
  const seats = el("div", { id: "ng-seats", class: "seats" });
  const levels = [...LEVEL_ORDER.filter((l) => botLevels.includes(l)), ...botLevels.filter((l) => !LEVEL_ORDER.includes(l))];
  const kinds = ["human", ...levels.map((l) => `bot:${l}`)];
  const opponent = kinds.includes("bot:medium") ? "bot:medium" : "human";   // Medium is the default opponent
  // a game's own card-driven opponent (Clans of Caledonia's automa), levels 1-5
  const automa = (game.seat_kinds || (game.name === "caledonia" ? ["automa"] : [])).includes("automa");
  if (automa) for (const l of ["1", "2", "3", "4", "5"]) kinds.push(`automa:${l}`);
  const kindLabel = (k) => (k === "human" ? "Human" : k.startsWith("automa:") ? `Solo opponent (level ${k.slice(7)})` : `Bot: ${LEVEL_NAMES[k.slice(4)] || k.slice(4)}`);
  const rows = [];
  const seatRow = (i) => {
    const kind = el("select", { name: `kind${i}`, class: "seat-kind" },
      ...kinds.map((k) => el("option", { value: k, text: kindLabel(k) })));
    const name = el("input", { type: "text", name: `name${i}`, class: "seat-name", maxlength: "40", placeholder: `Player ${i + 1}` });
    if (i > 0 && opponent !== "human") {
      kind.value = opponent;
      name.placeholder = `Bot ${i + 1}`;
    }
    kind.addEventListener("change", () => {
      name.placeholder = kind.value === "human" ? `Player ${i + 1}` : kind.value.startsWith("automa") ? "Automa" : `Bot ${i + 1}`;
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
  const seed = el("input", { id: "ng-seed", type: "number", min: "0", step: "1", placeholder: "random" });
  const speed = el("select", { id: "ng-speed", name: "speed" },
    ...Object.keys(BOT_PAUSE_MS).map((k) => el("option", { value: k, text: k[0].toUpperCase() + k.slice(1) })));
  speed.value = botSpeed();
  speed.addEventListener("change", () => setBotSpeed(speed.value));
  const opts = optionsForm(game.options);
  const start = el("button", { id: "ng-start", class: "primary", type: "submit", text: "Start" });
  const cancel = el("button", { type: "button", text: "Cancel", onclick: () => { form.hidden = true; onCancel(); } });
  form.replaceChildren(...[el("h2", { text: `New game: ${game.title}` }),
    el("label", {}, el("span", { text: "Players" }), count), seats,
    el("label", {}, el("span", { text: "Bot speed" }), speed),
    el("label", {}, el("span", { text: "Seed" }), seed),
    opts.empty ? null : el("fieldset", {}, el("legend", { text: "Options" }), opts.node),
    el("div", { class: "row" }, start, cancel)].filter(Boolean));
  form.onsubmit = (ev) => {
    ev.preventDefault();
    const n = Number(count.value);
    const players = rows.slice(0, n).map((r, i) => {
      const [kind, level] = r.kind.value.split(":");
      const name = r.name.value.trim() || (kind === "bot" ? `Bot ${i + 1}` : kind === "automa" ? "Automa" : `Player ${i + 1}`);
      return kind === "bot" || kind === "automa" ? { kind, level, name } : { kind, name };
    });
    const s = seed.value.trim();
    const value = s === "" ? randomSeed() : Number(s);
    onStart({ game: game.name, players, seed: Number.isSafeInteger(value) && value >= 0 ? value : randomSeed(), options: opts.read() });
  };
  form.hidden = false;
  form.scrollIntoView({ block: "nearest" });
}

function when(t) {
  const d = new Date(t);
  const same = new Date().toDateString() === d.toDateString();
  return same ? `today ${d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`
    : d.toLocaleDateString([], { year: "numeric", month: "short", day: "numeric" });
}

/** The saved games; actions: {resume(gid), remove(gid)}. */
export function renderSaved(entries, actions) {
  const list = $("#saved-list");
  if (!entries.length) {
    list.replaceChildren(el("li", { class: "muted empty", text: "No saved games yet." }));
    return;
  }
  list.replaceChildren(...entries.map((e) => el("li", { class: "saved", "data-gid": e.gid },
    el("div", { class: "info" },
      el("strong", { text: e.title }),
      el("span", { class: "muted", text: ` ${e.players.join(", ")}` }),
      el("div", { class: "muted small", text: `${e.over ? `finished${e.result ? `: ${e.result}` : ""}` : `in progress \u00b7 ${e.ply} move${e.ply === 1 ? "" : "s"}`} \u00b7 ${e.over ? "played" : "last played"} ${when(e.updated)}` })),
    el("div", { class: "row" },
      el("button", { class: "resume", text: e.over ? "View" : "Resume", onclick: () => actions.resume(e.gid) }),
      el("button", { class: "delete", text: "Delete", onclick: () => actions.remove(e.gid) })))));
}
