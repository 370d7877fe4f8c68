// Glen More shared board: the chain of 14 spaces, stacks and scorings,
// the market and the scoring table.

import {
  RESOURCES, THEME, drawTile, drawFigure, drawDie, drawRes, drawCoin, roundRect, font, fitText,
} from "./draw.js";
import { haloStroke, markBox } from "../base.js";

/** The marks of what the others did since your move on this ``kind`` of place (R.marks: the
 * renderer's markings()), drawn round ``box`` for each key; kept in R.markBoxes (tests). */
export function drawMarks(R, kind, boxOf) {
  const marks = R.marks && R.marks[kind];
  if (!marks) return;
  for (const [key, m] of marks) {
    const b = boxOf(key);
    if (!b) continue;
    const drawn = markBox(R.g, b, m.colour, m.on, b.r || 6);
    if (R.markBoxes) R.markBoxes.push({ k: m.k, kind, key: String(key), ...drawn });
  }
}
import { moveLabel, resName } from "./labels.js";
import { t } from "../../i18n/glenmore.js";

const ROMAN = ["0", "I", "II", "III"];

/** Cell rectangles of the 14 chain spaces, clockwise, in a ring (5x4) or a strip loop (7x2). */
export function chainCells(x, y, cell, gap, ring) {
  const out = [];
  const pos = (c, r) => ({ x: x + c * (cell + gap), y: y + r * (cell + gap), s: cell });
  for (let i = 0; i < 14; i++) {
    if (ring) {
      if (i < 5) out.push(pos(i, 0));
      else if (i < 7) out.push(pos(4, i - 4));
      else if (i < 12) out.push(pos(4 - (i - 7), 3));
      else out.push(pos(0, 2 - (i - 12)));
    } else {
      out.push(i < 7 ? pos(i, 0) : pos(6 - (i - 7), 1));
    }
  }
  return out;
}

/** A place the player can take: the accent's outline with a soft glow of it round it (hot: the
 * place under the pointer, brighter and wider). */
export function highlight(g, x, y, w, h, r, hot) {
  g.save();
  roundRect(g, x - 2.5, y - 2.5, w + 5, h + 5, r + 2);
  haloStroke(g, THEME.accent, hot ? 4 : 3, hot ? "rgba(255,213,74,0.45)" : "rgba(255,213,74,0.3)", hot ? 9 : 6);
  g.restore();
}

export function drawChain(R, cells) {
  const { g, view } = R;
  const takes = new Map();
  if (R.interactive) for (const m of R.legal) if (m.type === "take") takes.set(m.space, m);
  const turn = view.current_player;
  view.chain.forEach((e, i) => {
    const c = cells[i];
    g.save();
    roundRect(g, c.x, c.y, c.s, c.s, c.s * 0.12);
    g.fillStyle = "rgba(0,0,0,0.25)";
    g.fill();
    if (e.kind === "empty") {
      // direction of play: an arrow toward the next space (figures move this way)
      const n = cells[(i + 1) % cells.length];
      const ang = Math.atan2(n.y - c.y, n.x - c.x);
      g.translate(c.x + c.s / 2, c.y + c.s / 2);
      g.rotate(ang);
      g.fillStyle = "rgba(255,255,255,0.28)";
      const a = c.s * 0.22;
      g.beginPath();
      g.moveTo(a, 0);
      g.lineTo(-a * 0.6, -a * 0.8);
      g.lineTo(-a * 0.2, 0);
      g.lineTo(-a * 0.6, a * 0.8);
      g.closePath();
      g.fill();
    }
    g.restore();
    if (e.kind === "tile") {
      const tile = view.tiles[String(e.tile)];
      const take = takes.get(i);
      g.save();
      if (R.interactive && view.phase === "take" && !take) g.globalAlpha = 0.45;
      drawTile(g, tile, c.x, c.y, c.s, { cost: true, cards: view.cards });
      g.restore();
      const why = R.interactive && view.phase === "take" && !take
        ? t("Greyed out: you cannot pay for it (even buying at the market) or it has no place in your estate") : null;
      if (R.infos) R.infos.push({ x: c.x, y: c.y, w: c.s, h: c.s, tile: tile, why });
      if (take) {
        const label = moveLabel(view, take);
        highlight(g, c.x, c.y, c.s, c.s, c.s * 0.1, R.hover && R.hover.label === label);
        R.hits.push({ x: c.x, y: c.y, w: c.s, h: c.s, move: take, label });
      }
    } else if (e.kind === "figure") {
      const mine = e.seat === turn;
      if (mine) {
        g.save();
        roundRect(g, c.x + 1, c.y + 1, c.s - 2, c.s - 2, c.s * 0.12);
        g.lineWidth = 2.5;
        g.strokeStyle = R.ui.seatColor(e.seat);
        g.setLineDash([5, 3]);
        g.stroke();
        g.restore();
      }
      drawFigure(g, c.x + c.s / 2, c.y + c.s * (mine ? 0.6 : 0.52), c.s * (mine ? 0.7 : 0.82), R.ui.seatColor(e.seat));
      if (mine) {
        g.save();
        g.fillStyle = THEME.accent;
        g.font = font(Math.max(11, c.s * 0.15), true);
        g.textAlign = "center";
        g.textBaseline = "top";
        fitText(g, t("turn"), c.x + c.s / 2, c.y + 1, c.s - 2, Math.max(11, c.s * 0.15), { bold: true });
        g.restore();
      }
    } else if (e.kind === "die") {
      drawDie(g, c.x + c.s / 2, c.y + c.s / 2, c.s * 0.5, e.last_roll);
    }
  });
  drawMarks(R, "chain", (space) => cells[space] && { x: cells[space].x, y: cells[space].y, w: cells[space].s, h: cells[space].s });
  // where each figure stood at the update before (its walk is shown: moves shown moving)
  const was = R.was && R.was.chain;
  if (was && R.markBoxes) for (const b of R.markBoxes) {
    if (b.kind !== "chain" || b.from) continue;
    const now = view.chain[Number(b.key)];
    const old = now && now.kind === "figure" ? was.findIndex((e) => e.kind === "figure" && e.seat === now.seat) : -1;
    if (old >= 0 && old !== Number(b.key) && cells[old]) b.from = { x: cells[old].x, y: cells[old].y, w: cells[old].s, h: cells[old].s };
  }
}

/** Stacks left, current stack, scorings done: one line if it fits (or the
 * strip is too low for two: smaller text, then no "Stacks"), else two. */
export function drawChainInfo(R, x, y, w, h) {
  const { g, view } = R;
  const sizes = view.stack_sizes || [];
  let px = 12;
  let title = t("Stacks");
  const scorings = t("Scorings");
  const measure = () => {
    g.font = font(px, true);
    let sw = title ? g.measureText(title).width + 6 : 0;
    for (let k = 1; k <= 3; k++) sw += g.measureText(`${ROMAN[k]} ${sizes[k] ?? "-"}`).width + 14;
    const cw = g.measureText(scorings).width + 8 + 3 * px * 1.2;
    return [sw, cw];
  };
  let [sw, cw] = measure();
  // two lines only where two rows of chips fit (the laptop panel); the phone's strip stays one line
  const one = h < 36 || (sw + cw + 12 <= w && h < 44);
  const over = () => (one ? sw + cw + 12 : Math.max(sw, cw)) > w;
  while (px > 8 && over()) {
    px -= 0.5;
    [sw, cw] = measure();
  }
  if (over()) {
    title = "";
    [sw, cw] = measure();
    while (px > 6 && over()) {
      px -= 0.5;
      [sw, cw] = measure();
    }
  }
  const lh = one ? h : Math.min(26, h / 2);
  const bh = Math.min(18, lh - 2, px * 1.5);
  g.save();
  g.textBaseline = "middle";
  g.textAlign = "left";
  let cx = x;
  const cy = y + lh / 2;
  g.fillStyle = THEME.dim;
  g.font = font(px, true);
  if (title) {
    g.fillText(title, cx, cy);
    cx += g.measureText(title).width + 6;
  }
  for (let k = 1; k <= 3; k++) {
    const cur = view.current_stack === k && view.phase !== "over";
    const label = `${ROMAN[k]} ${sizes[k] ?? "-"}`;
    g.font = font(px, cur);
    const tw = g.measureText(label).width + 10;
    roundRect(g, cx, cy - bh / 2, tw, bh, 5);
    g.fillStyle = cur ? THEME.accent : "rgba(255,255,255,0.1)";
    g.fill();
    g.fillStyle = cur ? "#222" : THEME.text;
    g.fillText(label, cx + 5, cy + 0.5);
    cx += tw + 4;
  }
  let sx = one ? cx + 8 : x;
  const sy = one ? cy : cy + lh;
  g.fillStyle = THEME.dim;
  g.font = font(px, true);
  g.fillText(scorings, sx, sy);
  sx += g.measureText(scorings).width + 8;
  const r = Math.max(3, px * 0.42);
  for (let k = 0; k < 3; k++) {
    g.beginPath();
    g.arc(sx + r + k * r * 2.8, sy, r, 0, Math.PI * 2);
    g.fillStyle = k < view.scorings_done ? THEME.accent : "rgba(255,255,255,0.15)";
    g.fill();
  }
  g.restore();
}

export function drawMarket(R, x, y, w, h) {
  const { g, view } = R;
  const buys = new Map();
  if (R.interactive) for (const m of R.legal) if (m.type === "buy") buys.set(m.resource, m);
  const rowH = Math.min(30, h / 5);
  const tok = Math.min(18, rowH * 0.62);
  const slot = Math.min(26, rowH * 0.9);
  drawMarks(R, "market", (r) => (RESOURCES.includes(r) ? { x, y: y + RESOURCES.indexOf(r) * rowH + 1, w, h: rowH - 2 } : null));
  g.save();
  RESOURCES.forEach((r, i) => {
    const ry = y + i * rowH + rowH / 2;
    const filled = view.market[r] || 0;
    const buy = buys.get(r);
    if (buy) {
      const label = moveLabel(view, buy);
      highlight(g, x, ry - rowH / 2 + 1, w, rowH - 2, 6, R.hover && R.hover.label === label);
      R.hits.push({ x, y: ry - rowH / 2, w, h: rowH, move: buy, label });
    }
    drawRes(g, r, x + tok / 2 + 4, ry, tok);
    g.fillStyle = THEME.text;
    g.font = font(Math.min(12, rowH * 0.42));
    g.textAlign = "left";
    g.textBaseline = "middle";
    // room for the longest resource name in this language (48 px in English), if the panel is wide enough
    const longest = Math.max(...RESOURCES.map((q) => g.measureText(resName(q)).width)) + 6;
    const nameW = w < 200 ? 0 : Math.max(48, Math.min(longest, w - 200 + 48));
    if (nameW) fitText(g, resName(r), x + tok + 10, ry, nameW - 2, Math.min(12, rowH * 0.42));
    const sx0 = x + tok + 12 + nameW;
    for (let k = 0; k < 3; k++) {
      const sx = sx0 + k * (slot + 4);
      roundRect(g, sx, ry - slot / 2, slot, slot, slot * 0.25);
      g.fillStyle = "rgba(0,0,0,0.3)";
      g.fill();
      g.strokeStyle = "rgba(255,255,255,0.15)";
      g.lineWidth = 1;
      g.stroke();
      if (k < filled) {
        drawCoin(g, sx + slot / 2, ry, slot * 0.7);
        g.fillStyle = "#5a4204";
      } else {
        g.fillStyle = "rgba(255,255,255,0.35)";
      }
      g.font = font(slot * 0.42, true);
      g.textAlign = "center";
      g.fillText(String(k + 1), sx + slot / 2, ry + 0.5);
    }
    const px = sx0 + 3 * (slot + 4) + 4;
    if (x + w - px > 40) {
      g.textAlign = "left";
      g.font = font(Math.min(11, rowH * 0.38));
      g.fillStyle = THEME.dim;
      const parts = [];
      if (filled < 3) parts.push(t("buy {n}", { n: filled + 1 }));
      if (filled > 0) parts.push(t("sell {n}", { n: filled }));
      fitText(g, parts.join(" · "), px, ry, x + w - px - 2, Math.min(11, rowH * 0.38));
    }
  });
  g.restore();
}

/** The scoring table printed on the board: difference to the lowest -> VP. */
export function drawScoringTable(R, x, y, w, h) {
  const { g } = R;
  const diff = ["0", "1", "2", "3", "4", "5+"];
  const vp = ["0", "1", "2", "3", "5", "8"];
  g.save();
  g.textBaseline = "middle";
  g.font = font(11, true);
  g.fillStyle = THEME.dim;
  g.textAlign = "left";
  const lw = 34;
  fitText(g, t("diff"), x, y + h * 0.27, lw - 2, 11, { bold: true });
  fitText(g, t("VP"), x, y + h * 0.73, lw - 2, 11, { bold: true });
  const cw = (w - lw) / 6;
  for (let i = 0; i < 6; i++) {
    const cx = x + lw + i * cw;
    roundRect(g, cx + 1, y + 1, cw - 2, h - 2, 4);
    g.fillStyle = "rgba(255,255,255,0.07)";
    g.fill();
    g.textAlign = "center";
    g.fillStyle = THEME.dim;
    g.font = font(11);
    g.fillText(diff[i], cx + cw / 2, y + h * 0.27);
    g.fillStyle = THEME.accent;
    g.font = font(12, true);
    g.fillText(vp[i], cx + cw / 2, y + h * 0.73);
  }
  g.restore();
}
