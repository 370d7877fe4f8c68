// Glen More drawing primitives: palette, resource tokens, figures, barrels,
// and procedurally drawn tile faces (no image files). Captions are translated
// when drawn (t()), never at load.

import { t, tn, N_ } from "../../i18n/glenmore.js";
import { drawSeatMark } from "../../seatmark.js";
import { MIN_PX, roundRect, fitText, fitLines, font as baseFont, notePiece } from "../base.js";
import { drawScene } from "./scenes.js";

export { MIN_PX, roundRect, fitText, fitLines };
/** Glen More's fonts: bold or regular at ``px`` (never under MIN_PX). */
export const font = (px, bold) => baseFont(px, bold ? 700 : 400);

export const RESOURCES = ["wood", "stone", "sheep", "cattle", "grain"];

export const THEME = {
  bg: "#1b2826", panel: "#263735", panelEdge: "#3a504c", text: "#eef2e8",
  dim: "#9fb2aa", accent: "#ffd54a", good: "#7ee08a", coin: "#e9b93a",
};

const FRAME = { yellow: "#d6a21e", green: "#4e9a38", grey: "#868b91", brown: "#8a5530", blue: "#2f7dc0" };
const FILL = { yellow: "#f7e9b8", green: "#dcefc9", grey: "#e7e7e3", brown: "#efdcc6", blue: "#d2e6f6" };
export const RES_COLOUR = {
  wood: "#a0612a", stone: "#98a3ad", sheep: "#fbf9f1", cattle: "#35302e", grain: "#ecc53a",
};
const RES_EDGE = { wood: "#5e3712", stone: "#57616a", sheep: "#8c8778", cattle: "#000", grain: "#8d6f0c" };

/** A resource drawn as the good itself, each by its own outline (colour-blind friendly): a log
 * (end grain showing), a grey block of stone, a fleecy sheep, a black cow's head with horns, a
 * sheaf of grain. */
export function drawRes(g, res, cx, cy, s) {
  const h = s / 2;
  const lw = Math.max(1, s * 0.09);
  g.save();
  g.fillStyle = RES_COLOUR[res] || "#c0c";
  g.strokeStyle = RES_EDGE[res] || "#000";
  g.lineWidth = lw;
  g.lineJoin = "round";
  g.beginPath();
  if (res === "wood") {
    roundRect(g, cx - h, cy - h * 0.6, s, s * 0.6, s * 0.3);
    g.fill(); g.stroke();
    g.strokeStyle = "rgba(60,30,8,0.55)"; g.lineWidth = Math.max(0.7, s * 0.05);
    g.beginPath(); g.moveTo(cx - h * 0.6, cy - h * 0.12); g.lineTo(cx + h * 0.3, cy - h * 0.12); g.stroke();
    g.fillStyle = "#e2b277"; g.strokeStyle = RES_EDGE.wood; g.lineWidth = Math.max(0.7, s * 0.06);
    g.beginPath(); g.ellipse(cx + h * 0.7, cy, h * 0.26, h * 0.52, 0, 0, Math.PI * 2); g.fill(); g.stroke();
    g.beginPath(); g.ellipse(cx + h * 0.7, cy, h * 0.1, h * 0.22, 0, 0, Math.PI * 2); g.stroke();
  } else if (res === "stone") {
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 6 + (i * Math.PI) / 3;
      g[i ? "lineTo" : "moveTo"](cx + h * Math.cos(a), cy + h * Math.sin(a));
    }
    g.closePath();
    g.fill(); g.stroke();
    g.fillStyle = "#c9d0d6";
    g.beginPath(); g.moveTo(cx, cy - h * 0.9); g.lineTo(cx - h * 0.78, cy - h * 0.45); g.lineTo(cx, cy); g.lineTo(cx + h * 0.78, cy - h * 0.45); g.closePath(); g.fill();
    g.fillStyle = "#6f7a84";
    g.beginPath(); g.moveTo(cx, cy); g.lineTo(cx + h * 0.78, cy - h * 0.45); g.lineTo(cx + h * 0.78, cy + h * 0.45); g.lineTo(cx, cy + h * 0.9); g.closePath(); g.fill();
  } else if (res === "sheep") {
    g.arc(cx, cy, h * 0.92, 0, Math.PI * 2);
    g.fill(); g.stroke();
    g.fillStyle = "#e6e1d2";
    for (const [dx, dy] of [[-0.4, -0.35], [0.15, -0.5], [-0.5, 0.25], [0.05, 0.45]]) { g.beginPath(); g.arc(cx + dx * h, cy + dy * h, h * 0.22, 0, Math.PI * 2); g.fill(); }
    g.fillStyle = "#2a2a2a";
    g.beginPath(); g.ellipse(cx + h * 0.45, cy + h * 0.05, h * 0.3, h * 0.38, 0, 0, Math.PI * 2); g.fill();
  } else if (res === "cattle") {
    roundRect(g, cx - h * 0.85, cy - h * 0.85, s * 0.85, s * 0.85, s * 0.18);
    g.fill(); g.stroke();
    g.strokeStyle = "#efe4c8"; g.lineWidth = Math.max(0.8, s * 0.08); g.lineCap = "round";
    g.beginPath(); g.moveTo(cx - h * 0.55, cy - h * 0.55); g.quadraticCurveTo(cx - h * 0.9, cy - h * 0.75, cx - h * 0.8, cy - h * 1.0);
    g.moveTo(cx + h * 0.55, cy - h * 0.55); g.quadraticCurveTo(cx + h * 0.9, cy - h * 0.75, cx + h * 0.8, cy - h * 1.0); g.stroke();
    g.fillStyle = "#8a6a5a";
    g.beginPath(); g.ellipse(cx, cy + h * 0.35, h * 0.45, h * 0.28, 0, 0, Math.PI * 2); g.fill();
    g.fillStyle = "#eee";
    g.beginPath(); g.arc(cx - h * 0.35, cy - h * 0.2, h * 0.1, 0, Math.PI * 2); g.arc(cx + h * 0.35, cy - h * 0.2, h * 0.1, 0, Math.PI * 2); g.fill();
  } else if (res === "grain") {
    g.ellipse(cx, cy, h * 0.6, h, 0, 0, Math.PI * 2);
    g.fill(); g.stroke();
    g.strokeStyle = "#8d6f0c"; g.lineWidth = Math.max(0.7, s * 0.05);
    g.beginPath();
    for (const dy of [-0.55, -0.2, 0.15]) { g.moveTo(cx - h * 0.35, cy + (dy + 0.15) * h); g.lineTo(cx, cy + dy * h); g.lineTo(cx + h * 0.35, cy + (dy + 0.15) * h); }
    g.moveTo(cx, cy - h * 0.7); g.lineTo(cx, cy + h * 0.85);
    g.stroke();
  } else {
    g.arc(cx, cy, h, 0, Math.PI * 2);
    g.fill(); g.stroke();
  }
  g.restore();
}

export function drawBarrel(g, cx, cy, s) {
  g.save();
  const gr = g.createLinearGradient(cx - s * 0.36, 0, cx + s * 0.36, 0);
  gr.addColorStop(0, "#8a5522"); gr.addColorStop(0.45, "#c98a42"); gr.addColorStop(1, "#7a4a1c");
  g.fillStyle = gr;
  g.strokeStyle = "#4a2b0c";
  g.lineWidth = Math.max(1, s * 0.08);
  g.beginPath();
  g.ellipse(cx, cy, s * 0.36, s * 0.5, 0, 0, Math.PI * 2);
  g.fill();
  g.stroke();
  g.strokeStyle = "#3a3530";
  g.beginPath();
  g.moveTo(cx - s * 0.33, cy - s * 0.2); g.lineTo(cx + s * 0.33, cy - s * 0.2);
  g.moveTo(cx - s * 0.33, cy + s * 0.2); g.lineTo(cx + s * 0.33, cy + s * 0.2);
  g.stroke();
  g.restore();
}

export function drawCoin(g, cx, cy, s) {
  g.save();
  const gr = g.createRadialGradient(cx - s * 0.15, cy - s * 0.15, s * 0.05, cx, cy, s / 2);
  gr.addColorStop(0, "#ffe38a"); gr.addColorStop(1, THEME.coin);
  g.fillStyle = gr;
  g.strokeStyle = "#7a5a08";
  g.lineWidth = Math.max(1, s * 0.08);
  g.beginPath();
  g.arc(cx, cy, s / 2, 0, Math.PI * 2);
  g.fill();
  g.stroke();
  g.beginPath();
  g.arc(cx, cy, s * 0.3, 0, Math.PI * 2);
  g.stroke();
  g.restore();
}

/** A clan member (meeple) in a seat colour. */
export function drawMeeple(g, cx, cy, s, colour, opts = {}) {
  const u = s / 10;
  notePiece(g, opts.bonnet ? "chieftain" : "clan member", cx - 0.46 * s, cy - 0.45 * s, 0.92 * s, 0.91 * s);
  g.save();
  g.fillStyle = colour;
  g.strokeStyle = opts.edge || "rgba(0,0,0,0.75)";
  g.lineWidth = Math.max(1, s * 0.07);
  g.beginPath();
  g.arc(cx, cy - 2.6 * u, 1.9 * u, 0, Math.PI * 2);
  g.moveTo(cx - 4.6 * u, cy + 4.6 * u);
  g.lineTo(cx - 3.4 * u, cy - 0.6 * u);
  g.quadraticCurveTo(cx, cy - 1.6 * u, cx + 3.4 * u, cy - 0.6 * u);
  g.lineTo(cx + 4.6 * u, cy + 4.6 * u);
  g.closePath();
  g.fill();
  g.stroke();
  if (opts.bonnet) {
    g.fillStyle = "#2c4fa8";
    g.beginPath();
    g.ellipse(cx, cy - 4.4 * u, 2.4 * u, 1 * u, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#d33";
    g.beginPath();
    g.arc(cx, cy - 5.3 * u, 0.7 * u, 0, Math.PI * 2);
    g.fill();
  }
  g.restore();
}

/** A player figure (pawn) on the chain. */
export function drawFigure(g, cx, cy, s, colour) {
  notePiece(g, "figure", cx - 0.28 * s, cy - 0.38 * s, 0.56 * s, 0.7 * s);
  g.save();
  g.fillStyle = colour;
  g.strokeStyle = "rgba(0,0,0,0.8)";
  g.lineWidth = Math.max(1.2, s * 0.05);
  g.beginPath();
  g.arc(cx, cy - s * 0.22, s * 0.16, 0, Math.PI * 2);
  g.fill();
  g.stroke();
  g.beginPath();
  g.moveTo(cx - s * 0.28, cy + s * 0.32);
  g.quadraticCurveTo(cx - s * 0.2, cy - s * 0.06, cx, cy - s * 0.06);
  g.quadraticCurveTo(cx + s * 0.2, cy - s * 0.06, cx + s * 0.28, cy + s * 0.32);
  g.closePath();
  g.fill();
  g.stroke();
  g.restore();
  drawSeatMark(g, colour, cx, cy + s * 0.16, s * 0.1);
}

export function drawDie(g, cx, cy, s, roll) {
  g.save();
  roundRect(g, cx - s / 2, cy - s / 2, s, s, s * 0.18);
  g.fillStyle = "#fbfbf7";
  g.fill();
  g.strokeStyle = "#333";
  g.lineWidth = Math.max(1, s * 0.05);
  g.stroke();
  g.fillStyle = "#222";
  const p = s * 0.25;
  const pips = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]] }[roll];
  if (pips) {
    for (const [dx, dy] of pips) {
      g.beginPath();
      g.arc(cx + dx * p, cy + dy * p, s * 0.09, 0, Math.PI * 2);
      g.fill();
    }
  } else {
    g.font = font(s * 0.5, true);
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText("?", cx, cy + 1);
  }
  g.restore();
}

function arrow(g, x1, y, x2, s) {
  g.save();
  g.strokeStyle = "#444";
  g.fillStyle = "#444";
  g.lineWidth = Math.max(1, s * 0.05);
  g.beginPath();
  g.moveTo(x1, y); g.lineTo(x2 - s * 0.1, y);
  g.stroke();
  g.beginPath();
  g.moveTo(x2, y); g.lineTo(x2 - s * 0.13, y - s * 0.08); g.lineTo(x2 - s * 0.13, y + s * 0.08);
  g.closePath();
  g.fill();
  g.restore();
}

function textLines(g, lines, cx, cy, s, maxW) {
  g.fillStyle = "#2b2b2b";
  g.textAlign = "center";
  g.textBaseline = "middle";
  const px = Math.max(MIN_PX, s * 0.12);
  const lh = px * 1.15;
  const y0 = cy - ((lines.length - 1) * lh) / 2;
  plate(g, cx - maxW / 2, y0 - lh * 0.6, maxW, lh * (lines.length + 0.2));
  g.fillStyle = "#2b2b2b";
  lines.forEach((ln, i) => fitText(g, ln, cx, y0 + i * lh, maxW, px, { optional: true }));
}

/** A converter recipe ("sheep+sheep -> 4 VP") drawn as tokens, arrow, value. */
function recipe(g, alt, cx, cy, s, onPlate = false) {
  const [lhs, rhs] = alt.split("->").map((part) => part.trim());
  const ins = lhs.split("+").map((part) => part.trim());
  const tok = s * 0.13;
  const outW = s * 0.3;
  const w = ins.length * tok * 1.15 + s * 0.14 + outW;
  let x = cx - w / 2 + tok / 2;
  if (!onPlate) plate(g, cx - w / 2 - s * 0.04, cy - tok * 0.95, w + s * 0.08, tok * 1.9);
  for (const r of ins) {
    drawRes(g, r, x, cy, tok);
    x += tok * 1.15;
  }
  arrow(g, x - tok * 0.45, cy, x + s * 0.08, s);
  x += s * 0.1;
  g.fillStyle = "#2b2b2b";
  g.textAlign = "left";
  g.textBaseline = "middle";
  if (rhs === "whisky" || rhs === "1 whisky") {
    drawBarrel(g, x + tok * 0.5, cy, tok * 1.1);
  } else {
    const vp = /^(\d+) ?VP$/.exec(rhs);
    fitText(g, vp ? vpShort(vp[1]) : rhs, x, cy + 0.5, outW, s * 0.13, { bold: true, optional: true });
  }
}

/** "3 VP" without the space, for captions on a tile ("3VP", "3PV"). */
const vpShort = (n) => t("{n} VP", { n }).replace(" ", "");

const CARD_SHORT = {
  double_chieftains: N_("chieftains x2"), extra_activation: N_("+1 activation"), activate_all: N_("activate all"),
  fill_producers: N_("fill producers"),
};

/** A card's effect in a few words (a caption on its tile). */
export function cardText(card) {
  if (!card) return "";
  const e = card.effect || "";
  if (CARD_SHORT[e]) return t(CARD_SHORT[e]);
  const [k, a, b] = e.split(":");
  if (k === "gain") return t("+{n} any", { n: a });
  if (k === "clansman") return t("+{n} clan member", { n: a });
  if (k === "whisky") return t("+{n} whisky", { n: a });
  if (k === "coins") return t("+{n} coins", { n: a });
  if (k === "final_colour" && a === "green") return t("{n} VP / green", { n: b });
  if (k === "final_colour" && a === "yellow") return t("{n} VP / yellow", { n: b });
  if (k === "final_village") return t("{n} VP / village", { n: a });
  return card.bonnets ? tn("{n} bonnet", "{n} bonnets", card.bonnets) : "";
}

// shorter names for small tiles (translated when drawn)
const SHORT_NAME = { "Meadow (sheep)": N_("Meadow"), "Pasture (cattle)": N_("Pasture") };

const PRODUCES = { quarry: "stone", forest: "wood", meadow: "sheep", pasture: "cattle", grain_field: "grain" };

/** A light plate under words or a recipe drawn over a tile's picture (they stay readable). */
export function plate(g, x, y, w, h) {
  g.save();
  roundRect(g, x, y, w, h, Math.min(h / 2, 6));
  g.fillStyle = "rgba(255,251,238,0.86)";
  g.fill();
  g.strokeStyle = "rgba(90,70,40,0.35)";
  g.lineWidth = 1;
  g.stroke();
  g.restore();
}

/** One short caption on a plate, centred at (cx, cy); left out where it does not fit ``maxW``. */
function caption(g, text, cx, cy, maxW, px, colour = "#333") {
  if (!text) return;
  g.font = font(MIN_PX, false);
  if (g.measureText(text).width > maxW) return;
  g.font = font(px, false);
  const w = Math.min(maxW, g.measureText(text).width) + 8, h = Math.max(MIN_PX, px) * 1.3;
  plate(g, cx - w / 2, cy - h / 2, w, h);
  g.fillStyle = colour;
  g.textAlign = "center";
  g.textBaseline = "middle";
  fitText(g, text, cx, cy, maxW, px, { optional: true });
}

function tileIcon(g, tile, x, y, s, cards, bare = false) {
  const cx = x + s / 2, cy = y + s * 0.5;
  const kind = tile.kind;
  if (PRODUCES[kind]) return;   // the picture says what it produces (sheep, cattle, grain, wood, stone)
  if (kind === "village" || kind === "start_village" || kind === "castle") {
    const sub = kind === "castle" && tile.card ? cardText(cards[tile.card]) : t("1 move");
    if (!bare) caption(g, sub, cx, cy + s * 0.2, s * 0.8, s * 0.12);
    return;
  }
  if (kind === "loch") {
    if (!bare) caption(g, cardText(cards[tile.card]), cx, cy + s * 0.2, s * 0.8, s * 0.12, "#1d4f7c");
    return;
  }
  if (kind === "abbey") {
    plate(g, cx - s * 0.19, cy - s * 0.23, s * 0.38, s * 0.38);
    RESOURCES.forEach((r, i) => {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      drawRes(g, r, cx + Math.cos(a) * s * 0.11, cy - s * 0.04 + Math.sin(a) * s * 0.11, s * 0.1);
    });
    if (!bare) caption(g, t("1 of choice"), cx, cy + s * 0.24, s * 0.8, s * 0.11);
    return;
  }
  const text = tile.text || "";
  if (bare) return;   // (a converter's recipe: in its details)
  if (kind === "distillery") return recipe(g, "grain -> whisky", cx, cy, s);
  if (kind === "tavern") {
    plate(g, cx - s * 0.3, cy - s * 0.12, s * 0.6, s * 0.24);
    drawBarrel(g, cx - s * 0.15, cy, s * 0.16);
    arrow(g, cx - s * 0.04, cy, cx + s * 0.08, s);
    g.fillStyle = "#2b2b2b";
    g.textAlign = "left";
    g.textBaseline = "middle";
    // "3VP", or only the number when that does not fit at 11 px (hold the tile for the details)
    const vp = /^(\d+) VP$/.exec(text);
    if (!vp || !fitText(g, vpShort(vp[1]), cx + s * 0.1, cy + 0.5, s * 0.3, s * 0.14, { bold: true, optional: true })) {
      fitText(g, vp ? vp[1] : text, cx + s * 0.1, cy + 0.5, s * 0.3, s * 0.14, { bold: true });
    }
    return;
  }
  if (kind === "butcher" || kind === "bridge") {
    const alts = text.split("|").map((a) => a.trim()).filter(Boolean);
    const lh = s * 0.17;
    plate(g, x + s * 0.08, cy - (alts.length * lh) / 2 - s * 0.02, s * 0.84, alts.length * lh + s * 0.04);
    alts.forEach((a, i) => recipe(g, a.replace(/ VP$/, "VP"), cx, cy + (i - (alts.length - 1) / 2) * lh, s, true));
    return;
  }
  if (kind === "fair") {
    const pairs = [...text.matchAll(/(\d+)->(\d+)/g)].map((m) => m[2]);
    textLines(g, [t("≠ kinds"), t("{n} VP", { n: pairs.join("·") })], cx, cy, s, s * 0.84);
    return;
  }
  if (kind === "grocer") {
    const m = text.match(/any (\d+) resources -> (\d+)/);
    textLines(g, m ? [t("any {n}", { n: m[1] }), `→ ${t("{n} VP", { n: m[2] })}`] : [text], cx, cy, s, s * 0.84);
    return;
  }
  if (text) textLines(g, text.split("|").map((a) => a.trim()), cx, cy, s, s * 0.84);
}

function costRow(g, cost, x, y, s) {
  const items = [];
  for (const [k, n] of Object.entries(cost || {})) for (let i = 0; i < n; i++) items.push(k);
  if (!items.length) return;
  const tok = s * 0.13;
  let cx = x + s * 0.12 + tok / 2;
  const cy = y + s - s * 0.14;
  g.save();
  roundRect(g, x + s * 0.07, cy - tok * 0.85, items.length * tok * 1.2 + s * 0.06, tok * 1.7, tok * 0.5);
  g.fillStyle = "rgba(255,255,255,0.75)";
  g.fill();
  for (const k of items) {
    if (RESOURCES.includes(k)) drawRes(g, k, cx, cy, tok);
    else if (k === "whisky") drawBarrel(g, cx, cy, tok * 1.1);
    else if (k === "clansman") drawMeeple(g, cx, cy, tok * 1.3, "#bbb");
    else {
      g.fillStyle = "#333";
      g.font = font(tok, true);
      g.textAlign = "center";
      g.textBaseline = "middle";
      g.fillText("≠", cx, cy);
    }
    cx += tok * 1.2;
  }
  g.restore();
}

/**
 * A tile face at (x, y), size s.
 * opts: {cost: show the cost, detail: false for minimaps, cards: view.cards, bare: the picture
 * without its words (goods or clan members stand on the tile)}
 */
export function drawTile(g, tile, x, y, s, opts = {}) {
  const colour = tile ? tile.colour : "grey";
  const r = s * 0.1;
  g.save();
  roundRect(g, x, y, s, s, r);
  g.fillStyle = FILL[colour] || "#eee";
  g.fill();
  if (tile) {
    g.save();
    g.clip();
    drawScene(g, tile, x, y, s);
    g.restore();
  }
  const fw = Math.max(2, s * 0.07);
  roundRect(g, x + fw / 2, y + fw / 2, s - fw, s - fw, r * 0.8);
  g.lineWidth = fw;
  g.strokeStyle = FRAME[colour] || "#777";
  g.stroke();
  if (tile && opts.detail !== false && s >= 34) {
    g.fillStyle = "#222";
    g.textAlign = "center";
    g.textBaseline = "top";
    // the tile's whole name (the rulebook's, as the tutorial and the log say it), 11 px or more,
    // on one or two lines where it fits whole; its picture below it (where the name does not
    // fit, on a phone's small chain tile: its picture only, the name a long press away)
    const px = Math.max(11, s * 0.15);
    const name = t(SHORT_NAME[tile.name] || tile.name);
    // a second line reaches the picture's place (a house's roof from 0.22 of the tile): the
    // picture goes down, its words left out where they would reach the frame; where the picture
    // would reach the frame or the cost, the name is left out instead
    const fit = s >= 40 ? fitLines(g, name, 0, 0, s * 0.9, px, { bold: true, optional: true, measure: true }) : { h: 0 };
    let low = Math.max(0, s * 0.08 + fit.h + 2 - s * 0.22);
    if (low > s * (opts.cost ? 0.17 : 0.3)) low = 0;
    else if (fit.h) {
      plate(g, x + s * 0.04, y + s * 0.06, s * 0.92, fit.h + s * 0.04);
      g.fillStyle = "#222";
      fitLines(g, name, x + s / 2, y + s * 0.08, s * 0.9, px, { bold: true, optional: true });
    }
    tileIcon(g, tile, x, y + low, s, opts.cards || {}, !!opts.bare || low > s * 0.1);
    if (opts.cost) costRow(g, tile.cost, x, y, s);
    if (tile.card) {
      const card = (opts.cards || {})[tile.card];
      if (card && card.bonnets) {
        const bx = x + s * 0.84, by = y + s * 0.84;
        g.fillStyle = "#2c4fa8";
        g.beginPath();
        g.arc(bx, by, s * 0.085, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = "#fff";
        g.font = font(s * 0.1, true);
        g.textAlign = "center";
        g.textBaseline = "middle";
        g.fillText(String(card.bonnets), bx, by + 0.5);
      }
    }
  }
  g.restore();
}
