// One renderer host for the game page (js/app.js) and the replay
// (js/replay.js): the seat names and colours a renderer is given, and the
// registry of game renderers - `renderers/<game>.js` by the catalogue's game
// name, or the list renderer for a game without one (and with ?renderer=list).

import { t } from "./i18n.js";
import { SEAT_COLOURS } from "./ui.js";

/** The colour of seat ``i`` (any integer, wrapping). */
export const seatColor = (i) => SEAT_COLOURS[((i ?? 0) % SEAT_COLOURS.length + SEAT_COLOURS.length) % SEAT_COLOURS.length];

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
