// The review's words shared by the replay's move list (js/replay.js) and the review's panel
// (js/review/panel.js, loaded only with a review): the marks' names and signs, points lost.

import { tn, N_, num } from "../i18n.js";

export const MARK_WORDS = { good: N_("good"), inaccuracy: N_("inaccuracy"), mistake: N_("mistake"), blunder: N_("blunder") };
// the signs chess players know: ?! an inaccuracy, ? a mistake, ?? a blunder
export const MARK_GLYPH = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const MARK_COLOURS = { inaccuracy: "#f2c12e", mistake: "#f08a24", blunder: "#e8483b" };
export const markColour = (mark) => MARK_COLOURS[mark] || "#8fb256";

/** "about N points" for a loss: a tenth below 10, whole numbers from 10. */
export function points(x) {
  const v = x < 10 ? Math.round(x * 10) / 10 : Math.round(x);
  const shown = x < 10 ? num(v, { digits: 1 }) : num(v);   // the language's decimal sign ("0,5")
  return tn("about {n} point", "about {n} points", v === 1 ? 1 : 2, { n: shown });
}
