// Learn to play (issue 32): a guided first game for each game, the same in
// every game. A game's tutorial (js/help/<game>.tutorial.js: a seed, the
// players and every move of a prepared game in order, the learner's with the
// words of the step) is started as an ordinary saved game whose meta says
// {tutorial: game}; the position's ply is the step, so it resumes, undoes
// and survives a reload like any game. At each of the learner's steps the
// card above the dock says what to do and why, the move's place or button is
// lit (js/spotlight.js), and only that move is sent to the engine (another
// one gets a friendly word and changes nothing); the other players' moves are
// played as written. Back takes the learner back to their previous step (the
// save cut there and loaded again: the tutorial's game is known, so tiles it
// revealed may be taken back too). At the end: a real game against the easy
// bot with a hint at every turn.

import { el } from "./ui.js";
import { t, pt, onLanguageChange } from "./i18n.js";
import { announce } from "./access.js";
import { sameMove } from "./spotlight.js";
import { randomSeed } from "./home.js";

const cache = new Map();

/** The tutorial of ``game`` (its module's default export), or null when it has none. */
export async function tutorialFor(game) {
  if (!cache.has(game)) {
    let data = null;
    try { data = (await import(`./help/${game}.tutorial.js`)).default; } catch (e) { data = null; }
    cache.set(game, data);
  }
  return cache.get(game);
}

export class Tutorial {
  /** host: {card (element), spotlight, start(req): a new game, load(save): show it, home(),
   *  seatName(i)} */
  constructor(host) {
    this.host = host;
    this.game = null;     // the game of the open tutorial
    this.data = null;
    this.snap = null;     // the position shown
    this.noTimer = null;
    onLanguageChange(() => { if (this.snap) this.render(this.snap); });
  }

  /** Start ``game``'s tutorial: a new saved game from its seed and players. */
  async begin(game) {
    const data = await tutorialFor(game);
    if (!data) return false;
    // the learner's name stays the English default ("Apprentice"): the engine shows it in each reader's language
    const players = data.players.map((p) => ({ ...p }));
    // the tutorial teaches what the first game's coach marks would (js/help.js): they are not shown after it
    try { localStorage.setItem(`cairn:coached:${game}`, "1"); } catch (e) { /* private mode */ }
    await this.host.start({ game, players, seed: data.seed, options: data.options || {}, meta: { tutorial: game } });
    return true;
  }

  /** After the tutorial: a real game against the easy bot, with a hint at every turn. */
  realGame(game) {
    return this.host.start({
      game, seed: randomSeed(), options: {}, meta: { hints_on: true },
      players: [{ kind: "human" }, { kind: "bot", level: "easy" }],   // default names, in each reader's language
    });
  }

  /** Why no hint now: the tutorial's step lights the way (words), or "". */
  blocks(snap) {
    return this.owns(snap) && this.at(snap) ? t("The tutorial lights the way: follow it.") : "";
  }

  /** The open game's tutorial when the position is one of it (its meta says so and its data is here). */
  owns(snap) {
    const meta = snap && snap.save && snap.save.meta;
    return !!meta && typeof meta.tutorial === "string" && this.game === meta.tutorial && !!this.data && this.follows(snap);
  }

  /** The game's moves are the script's so far (a tutorial saved by an older script is played on freely). */
  follows(snap) {
    const moves = (snap.save && snap.save.moves) || [];
    if (this.checked && this.checked.moves === moves) return this.checked.ok;
    const steps = this.data.steps;
    const ok = moves.every((m, i) => i >= steps.length || sameMove(m, steps[i].move));
    this.checked = { moves, ok };
    return ok;
  }

  /** The step at this position: {index, step, learner} or null past the script's end. */
  at(snap) {
    if (!this.owns(snap)) return null;
    const i = snap.view.ply;
    const step = this.data.steps[i];
    return step ? { index: i, step, learner: !!step.say } : null;
  }

  /** The learner's steps: how many, and the number of the one at ``index``. */
  count(index = Infinity) {
    let n = 0;
    this.data.steps.forEach((s, i) => { if (s.say && i <= index) n++; });
    return n;
  }

  /** A new position (or the same one redrawn): load the tutorial's data when a game says it is
   * one, then show the step. */
  async update(snap) {
    const meta = snap && snap.save && snap.save.meta;
    const game = meta && typeof meta.tutorial === "string" ? meta.tutorial : null;
    if (!game) { this.clear(); return; }
    if (this.game !== game) {
      this.game = game;
      this.data = await tutorialFor(game);
    }
    this.snap = snap;
    if (!this.data || !this.follows(snap)) { this.clear(); return; }
    this.render(snap);
  }

  /** Refuse ``move`` when it is not the step's (true: refused, with a word; nothing is sent). */
  refuse(move) {
    const here = this.at(this.snap);
    if (!here || !here.learner) return false;
    if (sameMove(move, here.step.move)) return false;
    const snap = this.snap;
    const i = (snap.legal || []).findIndex((m) => sameMove(m, here.step.move));
    const label = i >= 0 && snap.labels[i] ? snap.labels[i].label : "";
    this.say(t("Not that one this time: {move}. Follow the light.", { move: label }));
    return true;
  }

  /** The other player's move the script has at this position, or null (the learner's turn, or the end). */
  botMove(snap) {
    const here = this.at(snap);
    return here && !here.learner ? here.step.move : null;
  }

  /** Back to the learner's previous step (the save cut there, loaded again). */
  async back() {
    const snap = this.snap;
    if (!this.owns(snap)) return;
    let j = snap.view.ply - 1;
    while (j > 0 && !(this.data.steps[j] && this.data.steps[j].say)) j--;
    if (j < 0 || snap.view.ply === 0) { this.say(t("This is the first step.")); return; }
    await this.host.load({ ...snap.save, moves: snap.save.moves.slice(0, j) });
  }

  /** A word to the learner (a move refused): in place of the step's words for a few seconds,
   * so the card keeps its height (the step's words come back; the light never went). */
  say(text) {
    const box = this.host.card.querySelector(".tut-no");
    const words = this.host.card.querySelector(".tut-say");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    if (words) words.hidden = true;
    announce(text, "#focus-say");
    clearTimeout(this.noTimer);
    this.noTimer = setTimeout(() => { box.hidden = true; if (words) words.hidden = false; }, 5000);
  }

  /** The card's height through the whole tutorial: its longest step's, at this width and in
   * this language, measured once (a phone: css --tut-h; the end, with its buttons, may be
   * taller: nothing is played there). */
  fitHeight() {
    const card = this.host.card;
    const key = `${this.game}|${document.documentElement.lang}|${card.clientWidth}`;
    if (this.fitted === key || !card.clientWidth) return;
    this.fitted = key;
    const texts = this.data.steps.filter((s) => s.say).map((s) => pt(this.game, s.say));
    const probe = card.cloneNode(true);   // (its id kept a moment: the card's own style)
    probe.style.cssText = `position:absolute;visibility:hidden;left:-9999px;top:0;width:${card.offsetWidth}px;min-height:0;height:auto`;
    card.parentElement.append(probe);
    const say = probe.querySelector(".tut-say");
    let most = 0;
    const row = probe.querySelector(".tut-row");
    if (row) row.remove();
    for (const text of texts) {
      say.textContent = text;
      most = Math.max(most, probe.offsetHeight);
    }
    probe.remove();
    card.style.setProperty("--tut-h", `${Math.ceil(most)}px`);
  }

  /** The card: the step's words (or the other player's turn, or the end) and its buttons; the
   * light on the step's move. */
  render(snap) {
    const card = this.host.card;
    const game = this.game;
    const data = this.data;
    const here = this.at(snap);
    const total = this.count();
    const ended = !here;
    const button = (cls, text, onclick, primary = false) => el("button", { type: "button", class: `${cls}${primary ? " primary" : ""}`, onclick }, text);
    let text, step;
    if (ended) {
      text = pt(game, data.end);
      step = t("Done: {n} steps", { n: total });
    } else if (here.learner) {
      text = pt(game, here.step.say);
      step = t("Step {i} of {n}", { i: this.count(here.index), n: total });
    } else {
      const seat = snap.view.current_player;
      text = t("{name} is playing\u2026", { name: this.host.seatName(seat) });
      step = t("Step {i} of {n}", { i: Math.min(total, this.count(here.index) + 1), n: total });
    }
    // the head: title, step, Back a step and Leave (small, so the words keep the room on a phone)
    const icon = (cls, glyph, label, onclick) => el("button", { type: "button", class: `tut-icon ${cls}`, "aria-label": label, title: label, onclick }, glyph);
    card.setAttribute("aria-label", pt(game, data.title));   // (a phone shows no title: the room is the board's)
    const head = el("div", { class: "tut-head" },
      el("div", { class: "tut-name" }, el("strong", { class: "tut-title", text: pt(game, data.title) }), el("span", { class: "tut-step", text: step })),
      snap.view.ply > 0 ? icon("tut-back", "\u2039", t("Back a step"), () => this.back()) : null,
      icon("tut-leave", "\u00d7", t("Leave"), () => this.host.home()));
    const say = el("p", { class: "tut-say", text });
    const no = el("p", { class: "tut-no", role: "alert", hidden: true });
    const row = ended
      ? el("div", { class: "row tut-row" },
        button("tut-real", t("Play a real game"), () => this.realGame(game), true),
        button("tut-again", t("Again"), () => this.begin(game)))
      : null;
    const same = card.dataset.step === String(snap.view.ply) && card.dataset.lang === document.documentElement.lang && !card.hidden;
    card.replaceChildren(...[head, say, no, row].filter(Boolean));
    card.dataset.step = String(snap.view.ply);
    card.dataset.lang = document.documentElement.lang;
    card.hidden = false;
    this.fitHeight();
    document.body.classList.add("learning");
    if (!same && here && here.learner) announce(text, "#focus-say");
    // the light on the step's move, as the engine lists it
    const move = here && here.learner ? (snap.legal || []).find((m) => sameMove(m, here.step.move)) || here.step.move : null;
    this.host.spotlight.show(move);
  }

  /** No tutorial open (another game, home). */
  clear() {
    this.snap = null;
    clearTimeout(this.noTimer);
    this.fitted = null;
    const card = this.host.card;
    if (card) { card.hidden = true; card.replaceChildren(); delete card.dataset.step; }
    document.body.classList.remove("learning");
  }
}

/** The home screen's row of "Learn to play" buttons (one per game of the catalogue). */
export function renderLearn(box, games, start) {
  if (!box) return;
  box.replaceChildren(el("h2", { text: t("Learn to play") }),
    el("p", { class: "muted small", text: t("A guided first game: each step shows where to play and why.") }),
    el("div", { class: "row learn-row" }, ...games.map((g) => el("button", {
      type: "button", class: "learn", "data-game": g.name,
      // busy until the game opens (the engine may still be loading: the tap is answered at once)
      onclick: (ev) => {
        const b = ev.currentTarget;
        b.setAttribute("aria-busy", "true");
        Promise.resolve(start(g.name)).finally(() => b.removeAttribute("aria-busy"));
      },
    }, g.title))));
}
