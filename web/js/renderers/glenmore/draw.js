// Glen More drawing primitives: palette, resource tokens, figures, barrels,
// and procedurally drawn tile faces (no image files). Captions are translated
// when drawn (t()), never at load.

import { t, tn, N_ } from "../../i18n/glenmore.js";
import { drawSeatMark } from "../../seatmark.js";
import { MIN_PX, roundRect, fitText, fitLines, font as baseFont, notePiece } from "../base.js";

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

/** A resource token: each resource has its own shape (colour-blind friendly). */
export function drawRes(g, res, cx, cy, s) {
  const h = s / 2;
  g.save();
  g.fillStyle = RES_COLOUR[res] || "#c0c";
  g.strokeStyle = RES_EDGE[res] || "#000";
  g.lineWidth = Math.max(1, s * 0.09);
  g.beginPath();
  if (res === "wood") {
    roundRect(g, cx - h, cy - h * 0.6, s, s * 0.6, s * 0.15);
  } else if (res === "stone") {
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 6 + (i * Math.PI) / 3;
      g[i ? "lineTo" : "moveTo"](cx + h * Math.cos(a), cy + h * Math.sin(a));
    }
    g.closePath();
  } else if (res === "sheep") {
    g.arc(cx, cy, h * 0.92, 0, Math.PI * 2);
  } else if (res === "cattle") {
    roundRect(g, cx - h * 0.85, cy - h * 0.85, s * 0.85, s * 0.85, s * 0.18);
  } else if (res === "grain") {
    g.ellipse(cx, cy, h * 0.6, h, 0, 0, Math.PI * 2);
  } else {
    g.arc(cx, cy, h, 0, Math.PI * 2);
  }
  g.fill();
  g.stroke();
  g.restore();
}

export function drawBarrel(g, cx, cy, s) {
  g.save();
  g.fillStyle = "#b5762f";
  g.strokeStyle = "#4a2b0c";
  g.lineWidth = Math.max(1, s * 0.08);
  g.beginPath();
  g.ellipse(cx, cy, s * 0.36, s * 0.5, 0, 0, Math.PI * 2);
  g.fill();
  g.stroke();
  g.beginPath();
  g.moveTo(cx - s * 0.33, cy - s * 0.2); g.lineTo(cx + s * 0.33, cy - s * 0.2);
  g.moveTo(cx - s * 0.33, cy + s * 0.2); g.lineTo(cx + s * 0.33, cy + s * 0.2);
  g.stroke();
  g.restore();
}

export function drawCoin(g, cx, cy, s) {
  g.save();
  g.fillStyle = THEME.coin;
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

function houseGlyph(g, cx, cy, s, castle) {
  g.save();
  g.fillStyle = castle ? "#6f747b" : "#8a8f96";
  g.strokeStyle = "#3d4146";
  g.lineWidth = Math.max(1, s * 0.04);
  g.beginPath();
  if (castle) {
    const w = s * 0.44, h = s * 0.3, x = cx - w / 2, y = cy - h / 2;
    g.moveTo(x, y + h);
    g.lineTo(x, y - h * 0.35);
    for (let i = 0; i < 5; i++) {
      const bx = x + (i * w) / 5;
      g.lineTo(bx + w / 10, y - h * 0.35);
      g.lineTo(bx + w / 10, y);
      g.lineTo(bx + w / 5, y);
      g.lineTo(bx + w / 5, y - h * 0.35);
    }
    g.lineTo(x + w, y + h);
  } else {
    const w = s * 0.36, h = s * 0.22, x = cx - w / 2, y = cy - h / 4;
    g.moveTo(x, y + h);
    g.lineTo(x, y);
    g.lineTo(cx, y - h * 0.8);
    g.lineTo(x + w, y);
    g.lineTo(x + w, y + h);
  }
  g.closePath();
  g.fill();
  g.stroke();
  g.restore();
}

function wavesGlyph(g, cx, cy, s) {
  g.save();
  g.strokeStyle = "#2f6fa8";
  g.lineWidth = Math.max(1, s * 0.04);
  for (let k = -1; k <= 1; k++) {
    g.beginPath();
    const y = cy + k * s * 0.09;
    for (let i = 0; i <= 8; i++) {
      const x = cx - s * 0.2 + (i * s * 0.4) / 8;
      const yy = y + Math.sin(i * 1.6) * s * 0.025;
      g[i ? "lineTo" : "moveTo"](x, yy);
    }
    g.stroke();
  }
  g.restore();
}

function textLines(g, lines, cx, cy, s, maxW) {
  g.fillStyle = "#2b2b2b";
  g.textAlign = "center";
  g.textBaseline = "middle";
  const px = Math.max(MIN_PX, s * 0.12);
  const lh = px * 1.15;
  const y0 = cy - ((lines.length - 1) * lh) / 2;
  lines.forEach((ln, i) => fitText(g, ln, cx, y0 + i * lh, maxW, px, { optional: true }));
}

/** A converter recipe ("sheep+sheep -> 4 VP") drawn as tokens, arrow, value. */
function recipe(g, alt, cx, cy, s) {
  const [lhs, rhs] = alt.split("->").map((part) => part.trim());
  const ins = lhs.split("+").map((part) => part.trim());
  const tok = s * 0.13;
  const outW = s * 0.3;
  const w = ins.length * tok * 1.15 + s * 0.14 + outW;
  let x = cx - w / 2 + tok / 2;
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

function tileIcon(g, tile, x, y, s, cards, bare = false) {
  const cx = x + s / 2, cy = y + s * 0.5;
  const kind = tile.kind;
  if (PRODUCES[kind]) {
    g.save();
    g.globalAlpha = 0.5;
    drawRes(g, PRODUCES[kind], cx, cy - s * 0.02, s * 0.26);
    g.restore();
    return;
  }
  if (kind === "village" || kind === "start_village" || kind === "castle") {
    houseGlyph(g, cx, cy - s * 0.04, s, kind === "castle");
    g.fillStyle = "#333";
    g.textAlign = "center";
    g.textBaseline = "middle";
    const sub = kind === "castle" && tile.card ? cardText(cards[tile.card]) : t("1 move");
    if (!bare) fitText(g, sub, cx, cy + s * 0.2, s * 0.8, s * 0.12, { optional: true });
    return;
  }
  if (kind === "loch") {
    wavesGlyph(g, cx, cy - s * 0.05, s);
    g.fillStyle = "#1d4f7c";
    g.textAlign = "center";
    g.textBaseline = "middle";
    if (!bare) fitText(g, cardText(cards[tile.card]), cx, cy + s * 0.2, s * 0.8, s * 0.12, { optional: true });
    return;
  }
  if (kind === "abbey") {
    RESOURCES.forEach((r, i) => {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      drawRes(g, r, cx + Math.cos(a) * s * 0.11, cy - s * 0.04 + Math.sin(a) * s * 0.11, s * 0.1);
    });
    g.fillStyle = "#333";
    g.textAlign = "center";
    g.textBaseline = "middle";
    if (!bare) fitText(g, t("1 of choice"), cx, cy + s * 0.2, s * 0.8, s * 0.11, { optional: true });
    return;
  }
  const text = tile.text || "";
  if (bare) return;   // (a converter's recipe: in its details)
  if (kind === "distillery") return recipe(g, "grain -> whisky", cx, cy, s);
  if (kind === "tavern") {
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
    alts.forEach((a, i) => recipe(g, a.replace(/ VP$/, "VP"), cx, cy + (i - (alts.length - 1) / 2) * lh, s));
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
  g.save();
  g.clip();
  if (tile && tile.river) {
    g.fillStyle = "rgba(70,150,220,0.55)";
    g.fillRect(x + s * 0.43, y, s * 0.14, s);
  }
  if (tile && tile.road) {
    g.fillStyle = "rgba(176,140,90,0.6)";
    g.fillRect(x, y + s * 0.45, s, s * 0.1);
    if (s > 30) {
      g.strokeStyle = "rgba(255,255,255,0.7)";
      g.setLineDash([s * 0.05, s * 0.05]);
      g.lineWidth = Math.max(1, s * 0.015);
      g.beginPath();
      g.moveTo(x, y + s * 0.5);
      g.lineTo(x + s, y + s * 0.5);
      g.stroke();
      g.setLineDash([]);
    }
  }
  g.restore();
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
    else if (fit.h) fitLines(g, name, x + s / 2, y + s * 0.08, s * 0.9, px, { bold: true, optional: true });
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
  } else if (tile && opts.detail === false && PRODUCES[tile.kind]) {
    g.globalAlpha = 0.55;
    drawRes(g, PRODUCES[tile.kind], x + s / 2, y + s / 2, s * 0.3);
  }
  g.restore();
}
