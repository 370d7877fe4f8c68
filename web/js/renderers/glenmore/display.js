// Glen More player displays: the tile grid with resources and clan members,
// legal-move highlights on it, and the per-player stats line.

import {
  RESOURCES, THEME, drawTile, drawRes, drawMeeple, drawBarrel, drawCoin, roundRect, font, fitText, plate } from "./draw.js";
import { highlight, drawMarks } from "./board.js";
import { moveLabel, nameOf } from "./labels.js";
import { t } from "../../i18n/glenmore.js";

const key = (xy) => `${xy[0]},${xy[1]}`;

/** Grid bounds of a display plus extra positions (ghosts). */
export function displayBounds(player, extra = []) {
  let x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  for (const xy of [...player.display.map((d) => d.at), ...extra]) {
    x0 = Math.min(x0, xy[0]); x1 = Math.max(x1, xy[0]);
    y0 = Math.min(y0, xy[1]); y1 = Math.max(y1, xy[1]);
  }
  return { x0, y0, cols: x1 - x0 + 1, rows: y1 - y0 + 1 };
}

/** The legal moves that act on the current player's display, by kind. */
export function displayMoves(R) {
  const out = { pay: [], place: [], activate: new Map(), moveFrom: new Map() };
  if (!R.interactive) return out;
  for (const m of R.legal) {
    if (m.type === "pay" && Array.isArray(m.from)) out.pay.push(m);
    else if (m.type === "place") out.place.push(m);
    else if (m.type === "activate") {
      const k = key(m.tile);
      if (!out.activate.has(k)) out.activate.set(k, []);
      out.activate.get(k).push(m);
    } else if (m.type === "move") {
      const k = key(m.from);
      if (!out.moveFrom.has(k)) out.moveFrom.set(k, []);
      out.moveFrom.get(k).push(m);
    }
  }
  return out;
}

function resGroups(spot) {
  return RESOURCES.filter((r) => (spot.resources[r] || 0) > 0).map((r) => [r, spot.resources[r]]);
}

function drawResources(R, spot, x, y, s, pays) {
  const { g, view } = R;
  const groups = resGroups(spot);
  if (!groups.length) return;
  const tok = Math.max(7, s * 0.17);
  const gw = groups.map(([, n]) => tok + Math.min(n - 1, 2) * tok * 0.45 + tok * 0.35);
  const total = gw.reduce((a, b) => a + b, 0);
  // (left of the clan members at the bottom right, when there are some)
  const room = spot.clansmen ? s * 0.64 : s;
  let gx = x + Math.max(0, (room - total) / 2) + tok * 0.15;
  const gy = y + s * 0.8;
  plate(g, gx - tok * 0.3, gy - tok * 0.8, total + tok * 0.1, tok * 1.6);   // goods stand clear of the tile's picture
  groups.forEach(([r, n], i) => {
    const w = gw[i];
    const pay = pays.find((m) => m.resource === r);
    if (pay) {
      const label = moveLabel(view, pay);
      const hx = gx - tok * 0.25, hy = gy - tok * 0.75;
      highlight(R.g, hx, hy, w, tok * 1.5, tok * 0.4, R.hover && R.hover.label === label);
      if (groups.length === 1 && R.touch) {
        // one good on the tile: the whole tile is the target (a finger is bigger than a token)
        R.hits.push({ x, y, w: s, h: s, move: pay, label, clip: R.clip });
      } else {
        const tw = Math.max(w, R.touch ? 44 : 0), th = Math.max(tok * 1.5, R.touch ? 44 : 0);
        R.hits.push({ x: hx + w / 2 - tw / 2, y: hy + tok * 0.75 - th / 2, w: tw, h: th, move: pay, label, clip: R.clip });
      }
    }
    for (let k = Math.min(n, 3) - 1; k >= 0; k--) drawRes(g, r, gx + tok / 2 + k * tok * 0.45, gy, tok);
    if (n > 3) {
      g.save();
      g.font = font(tok * 0.8, true);
      g.fillStyle = "#111";
      g.textAlign = "left";
      g.textBaseline = "middle";
      g.fillText(`${n}`, gx + w - tok * 0.3, gy - tok * 0.5);
      g.restore();
    }
    gx += w;
  });
}

function drawClansmen(R, spot, colour, x, y, s, pay, badge = false) {
  const { g } = R;
  const n = spot.clansmen || 0;
  if (!n) return;
  const ms = s * 0.3;
  // at the bottom right, clear of the tile's name at the top (left of a card's bonnets there)
  const cx = x + s * (badge ? 0.56 : 0.8), cy = y + s * 0.76;
  if (pay) {
    // Loch Ness is paid with a clan member: tap the meeple
    const label = moveLabel(R.view, pay);
    const hx = cx - ms * 0.75, hy = cy - ms * 0.7;
    highlight(g, hx, hy, ms * 1.4, ms * 1.3, ms * 0.3, R.hover && R.hover.label === label);
    const tw = Math.max(ms * 1.4, R.touch ? 44 : 0), th = Math.max(ms * 1.3, R.touch ? 44 : 0);
    R.hits.push({ x: hx + ms * 0.7 - tw / 2, y: hy + ms * 0.65 - th / 2, w: tw, h: th, move: pay, label, clip: R.clip });
  }
  for (let k = Math.min(n, 3) - 1; k >= 0; k--) drawMeeple(g, cx - k * ms * 0.3, cy, ms, colour);
  if (n > 1) {
    g.save();
    g.font = font(Math.max(8, s * 0.13), true);
    g.fillStyle = "#111";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(String(n), cx + ms * 0.42, cy - ms * 0.45);
    g.restore();
  }
}

/**
 * Draws a display at tile size T with its top-left grid cell at (ox, oy).
 * opts: {own: true when legal moves on it apply, taken: tile shown as ghost}
 */
export function drawDisplay(R, player, ox, oy, T, bounds, opts = {}) {
  const { g, view } = R;
  const gap = Math.max(2, T * 0.05);
  const step = T + gap;
  const px = (xy) => ox + (xy[0] - bounds.x0) * step;
  const py = (xy) => oy + (xy[1] - bounds.y0) * step;
  const colour = R.ui.seatColor(player.seat);
  const mv = opts.own ? displayMoves(R) : displayMoves({ interactive: false });
  const activating = opts.own && view.phase === "activate";
  const activated = new Set((activating ? view.activated || [] : []).map(key));
  const activatable = new Set((opts.own ? view.activatable || [] : []).map(key));
  const placed = opts.own && view.placed ? key(view.placed) : null;
  const detail = opts.detail !== false && T >= 34;
  for (const spot of player.display) {
    const x = px(spot.at), y = py(spot.at), k = key(spot.at);
    const tile = view.tiles[String(spot.tile)];
    g.save();
    if (activated.has(k)) g.globalAlpha = 0.72;
    // (a tile holding goods or clan members: its picture without its words, which they would
    // cover; its details are a long press away)
    const holds = spot.clansmen > 0 || resGroups(spot).length > 0;
    drawTile(g, tile, x, y, T, { detail, cards: view.cards, bare: holds });
    g.restore();
    if (R.infos) R.infos.push({ x, y, w: T, h: T, tile: tile, clip: R.clip });
    if (placed === k) {
      g.save();
      roundRect(g, x - 1, y - 1, T + 2, T + 2, T * 0.1);
      g.strokeStyle = "#fff";
      g.lineWidth = 2;
      g.stroke();
      g.restore();
    }
    if (opts.own && activatable.has(k) && !activated.has(k) && !mv.activate.has(k) && view.phase === "activate") {
      g.save();
      roundRect(g, x + 2, y + 2, T - 4, T - 4, T * 0.1);
      g.strokeStyle = "rgba(255,213,74,0.5)";
      g.setLineDash([4, 4]);
      g.lineWidth = 1.5;
      g.stroke();
      g.restore();
    }
    if (opts.own && activated.has(k) && detail) {
      g.save();
      g.fillStyle = "rgba(30,120,50,0.9)";
      g.beginPath();
      g.arc(x + T * 0.16, y + T * 0.5, T * 0.09, 0, Math.PI * 2);
      g.fill();
      g.strokeStyle = "#fff";
      g.lineWidth = Math.max(1.5, T * 0.025);
      g.beginPath();
      g.moveTo(x + T * 0.12, y + T * 0.5);
      g.lineTo(x + T * 0.155, y + T * 0.54);
      g.lineTo(x + T * 0.21, y + T * 0.46);
      g.stroke();
      g.restore();
    }
    if (detail || T >= 18) {
      const pays = mv.pay.filter((m) => key(m.from) === k);
      drawResources(R, spot, x, y, T, pays.filter((m) => m.resource !== "clansman"));
      const card = tile && tile.card && view.cards ? view.cards[tile.card] : null;
      drawClansmen(R, spot, colour, x, y, T, pays.find((m) => m.resource === "clansman"), !!(card && card.bonnets));
    }
    // activation: one move plays at once, several open a list of choices
    const acts = mv.activate.get(k);
    if (acts && view.phase !== "pay") {
      const label = acts.length === 1 ? moveLabel(view, acts[0]) : t("Activate {tile}…", { tile: tile ? nameOf(tile.name) : k });
      highlight(g, x, y, T, T, T * 0.1, R.hover && R.hover.label === label);
      const hit = { x, y, w: T, h: T, label, clip: R.clip, legal: true, tile: k };
      if (acts.length === 1) hit.move = acts[0];
      else hit.act = () => R.openTile(k, acts, label);
      R.hits.push(hit);
      if (R.openKey === k) highlight(g, x, y, T, T, T * 0.1, true);
    }
    // clan-member movement: pick a source, then a destination
    const froms = mv.moveFrom.get(k);
    if (froms && !R.moveFrom) {
      const label = t("Move a clan member from {tile} ({at})", { tile: tile ? nameOf(tile.name) : "", at: k });
      highlight(g, x, y, T, T, T * 0.1, R.hover && R.hover.label === label);
      R.hits.push({ x, y, w: T, h: T, label, clip: R.clip, legal: true, from: k, act: () => R.pickMoveFrom(k) });
    }
  }
  if (R.moveFrom && opts.own) {
    const froms = mv.moveFrom.get(R.moveFrom) || [];
    const src = player.display.find((d) => key(d.at) === R.moveFrom);
    if (src) {
      const x = px(src.at), y = py(src.at);
      g.save();
      roundRect(g, x - 3, y - 3, T + 6, T + 6, T * 0.12);
      g.strokeStyle = "#fff";
      g.lineWidth = 3;
      g.setLineDash([6, 4]);
      g.stroke();
      g.restore();
      R.hits.push({ x, y, w: T, h: T, label: t("Cancel move"), clip: R.clip, act: () => R.pickMoveFrom(null) });
    }
    for (const m of froms) {
      if (!Array.isArray(m.to)) continue;
      const x = px(m.to), y = py(m.to);
      const label = moveLabel(view, m);
      highlight(g, x, y, T, T, T * 0.1, R.hover && R.hover.label === label);
      g.save();
      g.globalAlpha = 0.5;
      drawMeeple(g, x + T * 0.5, y + T * 0.5, T * 0.4, colour);
      g.restore();
      R.hits.push({ x, y, w: T, h: T, move: m, label, clip: R.clip });
    }
  }
  if (opts.own && mv.place.length && view.taken != null) {
    const tile = view.tiles[String(view.taken)];
    for (const m of mv.place) {
      const x = px(m.at), y = py(m.at);
      const label = moveLabel(view, m);
      const hot = R.hover && R.hover.label === label;
      g.save();
      g.globalAlpha = hot ? 0.85 : 0.5;
      drawTile(g, tile, x, y, T, { detail, cards: view.cards });
      g.restore();
      g.save();
      roundRect(g, x + 1, y + 1, T - 2, T - 2, T * 0.1);
      g.setLineDash([6, 4]);
      g.lineWidth = 2.5;
      g.strokeStyle = THEME.accent;
      g.stroke();
      g.restore();
      R.hits.push({ x, y, w: T, h: T, move: m, label, clip: R.clip });
    }
  }
  // the others' tiles placed or worked since your move (a small display in a panel: the tile only)
  drawMarks(R, "tile", (k) => {
    const [seat, at] = String(k).split(":");
    if (Number(seat) !== player.seat) return null;
    const xy = at.split(",").map(Number);
    return { x: px(xy), y: py(xy), w: T, h: T, r: T * 0.14 };
  });
  return { w: bounds.cols * step - gap, h: bounds.rows * step - gap };
}

/** A stats line: VP, coins, whisky, chieftains (+bonnets), cards. Returns its width. */
export function drawStats(g, p, x, cy, size, colour) {
  const items = [
    ["vp", `${p.vp}`], ["coin", `${p.coins}`], ["whisky", `${p.whisky}`],
    ["chief", p.bonnets ? `${p.chieftains}+${p.bonnets}` : `${p.chieftains}`], ["cards", `${p.cards.length}`],
  ];
  let cx = x;
  g.save();
  g.textBaseline = "middle";
  g.textAlign = "left";
  for (const [kind, text] of items) {
    const s = size;
    if (kind === "vp") {
      g.fillStyle = "#c9e4b4";
      g.font = font(s * 0.72, true);
      const vp = t("VP");
      g.fillText(vp, cx, cy + 0.5);
      cx += g.measureText(vp).width + 3;
    } else if (kind === "coin") {
      drawCoin(g, cx + s * 0.4, cy, s * 0.8); cx += s * 0.9;
    } else if (kind === "whisky") {
      drawBarrel(g, cx + s * 0.35, cy, s * 0.75); cx += s * 0.8;
    } else if (kind === "chief") {
      drawMeeple(g, cx + s * 0.4, cy + s * 0.05, s * 0.85, colour, { bonnet: true }); cx += s * 0.9;
    } else {
      roundRect(g, cx + s * 0.12, cy - s * 0.38, s * 0.56, s * 0.76, 2);
      g.fillStyle = "#f2ead6";
      g.fill();
      g.strokeStyle = "#7b6a43";
      g.lineWidth = 1;
      g.stroke();
      cx += s * 0.82;
    }
    g.fillStyle = THEME.text;
    g.font = font(s * 0.8, true);
    g.fillText(text, cx, cy + 0.5);
    cx += g.measureText(text).width + s * 0.55;
  }
  g.restore();
  return cx - x;
}

/** A player header: colour bar, name, turn marker and stats. */
export function drawPlayerHeader(R, p, x, y, w, h, opts = {}) {
  const { g, view } = R;
  const colour = R.ui.seatColor(p.seat);
  g.save();
  roundRect(g, x, y, w, h, 8);
  g.fillStyle = opts.selected ? "#34504b" : THEME.panel;
  g.fill();
  g.strokeStyle = opts.selected ? colour : THEME.panelEdge;
  g.lineWidth = opts.selected ? 2 : 1;
  g.stroke();
  roundRect(g, x + 4, y + 4, 6, h - 8, 3);
  g.fillStyle = colour;
  g.fill();
  const turn = view.current_player === p.seat;
  const winner = (R.winners || []).includes(p.seat);
  const name = (winner ? "★ " : "") + R.ui.seatName(p.seat);
  g.fillStyle = THEME.text;
  g.textAlign = "left";
  g.textBaseline = "middle";
  const one = h < 40 || !!opts.oneLine;
  const hh = opts.headH || h;
  const statSize = Math.min(15, one ? h * 0.5 : hh * 0.32);
  if (one) {
    g.font = font(12, true);
    fitText(g, name, x + 15, y + hh / 2, Math.max(20, w - 20 - (opts.reserve || 0)), 12, { bold: true });
  } else {
    fitText(g, name, x + 15, y + hh * 0.3, w - 70, 13, { bold: true });
    drawStats(g, p, x + 15, y + hh * 0.72, statSize, colour);
  }
  if (turn && !one) {
    g.font = font(11, true);
    const turnLabel = t("turn").toLocaleUpperCase();
    const tw = g.measureText(turnLabel).width + 10;
    roundRect(g, x + w - tw - 6, y + 6, tw, 16, 5);
    g.fillStyle = THEME.accent;
    g.fill();
    g.fillStyle = "#222";
    g.textAlign = "center";
    g.fillText(turnLabel, x + w - tw / 2 - 6, y + 14.5);
  }
  g.restore();
}

export function cardNames(view, p) {
  return p.cards.map((c) => (view.cards && view.cards[c] ? nameOf(view.cards[c].name) : c));
}
