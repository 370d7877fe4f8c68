// The review's words shared by the replay's move list (js/replay.js) and the review's panel
// (js/review/panel.js, loaded only with a review): the marks' names and signs, points lost and
// their range, numbers in the page's language.

import { t, tn, N_, num } from "../i18n.js";

export const MARK_WORDS = { good: N_("good"), close: N_("close call"), inaccuracy: N_("inaccuracy"), mistake: N_("mistake"), blunder: N_("blunder") };
// the signs chess players know: ?! an inaccuracy, ? a mistake, ?? a blunder; a close call: too
// close to tell
export const MARK_GLYPH = { close: "\u2248", inaccuracy: "?!", mistake: "?", blunder: "??" };
const MARK_COLOURS = { close: "#9aa3ad", inaccuracy: "#f2c12e", mistake: "#f08a24", blunder: "#e8483b" };
export const markColour = (mark) => MARK_COLOURS[mark] || "#8fb256";

/** "about N points" for a loss: a tenth below 10, whole numbers from 10. */
export function points(x) {
  const v = x < 10 ? Math.round(x * 10) / 10 : Math.round(x);
  const shown = x < 10 ? num(v, { digits: 1 }) : num(v);   // the language's decimal sign ("0,5")
  return tn("about {n} point", "about {n} points", v === 1 ? 1 : 2, { n: shown });
}

/** The range a loss likely lies in, in whole points ("likely 3 to 8"): the low end rounded
 * down, the high end up. */
export function range(lo, hi) {
  return t("likely {lo} to {hi}", { lo: num(Math.max(0, Math.floor(lo + 1e-9))), hi: num(Math.ceil(hi - 1e-9)) });
}

/** "N points" for the high end of a close call's range (whole points, rounded up). */
export function upTo(hi) {
  const n = Math.max(1, Math.ceil(hi - 1e-9));
  return tn("{n} point", "{n} points", n, { n: num(n) });
}
