// One renderer host for the game page (js/app.js) and the replay
// (js/replay.js): the seat names and colours a renderer is given, and the
// registry of game renderers - `renderers/<game>.js` by the catalogue's game
// name, or the list renderer for a game without one (and with ?renderer=list).

import { t, N_ } from "./i18n.js";
import { SEAT_COLOURS } from "./ui.js";

/** The colour of seat ``i`` (any integer, wrapping). */
export const seatColor = (i) => SEAT_COLOURS[((i ?? 0) % SEAT_COLOURS.length + SEAT_COLOURS.length) % SEAT_COLOURS.length];

// The engine's names for seats nobody named (engine/cairn/core/seats.py DEFAULT_NAMES), in
// English as saves keep them: a saved game's list shows them in the page's language.
const DEFAULT_NAMES = [N_("Player {n}"), N_("Bot {n}"), N_("Apprentice"), N_("You")].map((d) => [d, new RegExp(`^${d.replace("{n}", "(\\d+)")}$`)]);

/** A seat's name as a save keeps it, as a player reads it (a default name in the page's language). */
export function shownName(name) {
  for (const [d, re] of DEFAULT_NAMES) {
    const m = re.exec(name || "");
    if (m) return t(d, { n: m[1] });
  }
  return name;
}

/** seatName(i) for the snapshot ``current()`` returns: the seat's name, else "Player n". */
export function seatNamer(current) {
  return (i) => {
    const snap = current();
    const seats = snap && snap.view.seats;
    return (seats && seats[i] && seats[i].name) || t("Player {n}", { n: (i ?? 0) + 1 });
  };
}

export class RendererHost {
  /** canvas: the board; ui: what renderers call (play, playAll, choices, seatColor, seatName). */
  constructor(canvas, ui) {
    this.canvas = canvas;
    this.ui = ui;
    this.renderer = null;
    this.game = null;
    this.listOnly = new URLSearchParams(location.search).get("renderer") === "list";
  }

  /** The renderer of ``game`` (made when another game's, or none, is up). */
  async use(game) {
    if (this.renderer && this.game === game) return this.renderer;
    this.drop();
    try {
      if (this.listOnly) throw new Error("?renderer=list");
      const Renderer = (await import(`./renderers/${game}.js`)).default;
      this.renderer = new Renderer(this.canvas, this.ui);
    } catch (e) {
      if (!this.listOnly) console.warn(`no renderer for ${game}; using the list renderer`, e);
      const Renderer = (await import("./renderers/list.js")).default;
      this.renderer = new Renderer(this.canvas, this.ui);
    }
    this.game = game;
    return this.renderer;
  }

  drop() {
    if (this.renderer) {
      try { this.renderer.destroy(); } catch (e) { console.warn(e); }
    }
    this.renderer = null;
    this.game = null;
  }
}
