// Glen More renderer layout: where the chain, market, scoring table, player
// tabs/panels and the large display go at each canvas size, plus the hint
// line and tile tooltips. Mixed into the renderer class (methods use `this`).

import { THEME, RESOURCES, drawTile, drawRes, drawCoin, roundRect, font, fitText, fitLines, cardText } from "./draw.js";
import { noteCover } from "../base.js";
import { chainCells, drawChain, drawChainInfo, drawMarket, drawScoringTable, highlight, drawMarks } from "./board.js";
import { displayBounds, displayMoves, drawDisplay, drawPlayerHeader, drawStats, cardNames } from "./display.js";
import { moveLabel, tileLines, goodsText, nameOf } from "./labels.js";
import { t, tn, N_ } from "../../i18n/glenmore.js";
import { tapOr } from "../../pointer.js";

// the score breakdown's categories (engine scoring.CATEGORIES)
const CATEGORY = {
  tiles: N_("tiles"), whisky: N_("whisky"), chieftains: N_("chieftains"), cards: N_("cards"),
  special: N_("special"), coins: N_("coins"), tile_penalty: N_("tile penalty"),
};

const NEEDS = {
  wood: N_("wood"), stone: N_("stone"), sheep: N_("sheep"), cattle: N_("cattle"), grain: N_("grain"),
  whisky: N_("whisky"), clansman: N_("clan member"), "any different": N_("a different resource"),
};
const needName = (r) => (NEEDS[r] ? t(NEEDS[r]) : r);

export const layoutMethods = {
  /** A tile's details: name, what it does, cost, card, river/road. */
  drawTip(info) {
    const g = this.g;
    const v = this.snap.view;
    const tile = info.tile;
    if (!tile) return;
    const lines = [[nameOf(tile.name), true]];
    for (const part of tileLines(tile, v.cards)) lines.push([part, false]);
    const cost = Object.entries(tile.cost || {}).map(([k, n]) => goodsText(n, k)).join(", ");
    if (cost) lines.push([t("cost: {goods}", { goods: cost }), false]);
    const card = tile.card && v.cards && v.cards[tile.card];
    if (card) {
      const what = cardText({ ...card, bonnets: 0 });
      lines.push([what ? t("card: {name} ({effect})", { name: nameOf(card.name), effect: what }) : t("card: {name}", { name: nameOf(card.name) }), false]);
      if (card.bonnets) lines.push([tn("{n} bonnet: counts as a chieftain", "{n} bonnets: count as chieftains", card.bonnets), false]);
    }
    if (tile.river && tile.road) lines.push([t("carries the river and the road: it must continue both"), false]);
    else if (tile.river) lines.push([t("carries the river: it must continue it"), false]);
    else if (tile.road) lines.push([t("carries the road: it must continue it"), false]);
    if (info.why) lines.push([info.why, false]);
    g.save();
    // wrap detail lines to the canvas (at most about 44 characters wide): longer words in other languages
    const most = Math.min(this.W - 28, 330);
    g.font = font(12);
    for (let i = 1; i < lines.length; i++) {
      if (g.measureText(lines[i][0]).width <= most) continue;
      const words = lines[i][0].split(" ");
      const wrapped = [];
      let line = "";
      for (const word of words) {
        if (line && g.measureText(line + " " + word).width > most) { wrapped.push([line, false]); line = word; }
        else line = line ? line + " " + word : word;
      }
      if (line) wrapped.push([line, false]);
      lines.splice(i, 1, ...wrapped);
      i += wrapped.length - 1;
    }
    let w = 0;
    for (const [ln, b] of lines) {
      g.font = font(b ? 13 : 12, b);
      w = Math.max(w, g.measureText(ln).width);
    }
    w = Math.min(w + 20, this.W - 8);
    const h = lines.length * 17 + 12;
    let x = Math.min(Math.max(4, info.x + info.w / 2 - w / 2), this.W - w - 4);
    let y = info.y + info.h + 6;
    if (y + h > this.H - 4) y = Math.max(4, info.y - h - 6);
    roundRect(g, x, y, w, h, 8);
    g.fillStyle = "rgba(12,20,19,0.95)";
    g.fill();
    noteCover(g, x, y, w, h);
    g.strokeStyle = THEME.accent;
    g.lineWidth = 1;
    g.stroke();
    g.textAlign = "left";
    g.textBaseline = "middle";
    lines.forEach(([ln, b], i) => {
      g.font = font(b ? 13 : 12, b);
      g.fillStyle = b ? THEME.text : THEME.dim;
      fitText(g, ln, x + 10, y + 14 + i * 17, w - 20, b ? 13 : 12, { bold: b });
    });
    g.restore();
  },

  panel(x, y, w, h, title) {
    const g = this.g;
    g.save();
    roundRect(g, x, y, w, h, 10);
    g.fillStyle = THEME.panel;
    g.fill();
    g.strokeStyle = THEME.panelEdge;
    g.lineWidth = 1;
    g.stroke();
    if (title) {
      g.fillStyle = THEME.dim;
      g.font = font(11, true);
      g.textAlign = "left";
      g.textBaseline = "middle";
      g.fillText(title.toLocaleUpperCase(), x + 10, y + 12);
    }
    g.restore();
  },

  layoutWide(R) {
    const { W, H } = this;
    const v = R.view;
    const m = 10;
    const LW = Math.max(W < 900 ? 250 : 300, Math.min(400, W * 0.31));
    // the players' column with small displays only when there is room; else tabs
    const RW = W >= 1000 ? Math.max(200, Math.min(270, W * 0.21)) : 0;
    // left column: chain ring, market, scoring table
    const gap = 4;
    const cell = Math.floor(Math.min((LW - 20 - 4 * gap) / 5, (H * 0.5 - 30 - 3 * gap) / 4));
    const ringW = 5 * cell + 4 * gap, ringH = 4 * cell + 3 * gap;
    const chainH = ringH + 30;
    this.panel(m, m, LW, chainH, t("Chain"));
    const rx = m + (LW - ringW) / 2, ry = m + 22;
    drawChain(R, chainCells(rx, ry, cell, gap, true));
    const inner = { x: rx + cell + gap + 6, y: ry + cell + gap, w: 3 * cell + 2 * gap - 12, h: 2 * cell + gap };
    const infoH = Math.min(56, inner.h - 8);
    drawChainInfo(R, inner.x, inner.y + 6, inner.w, infoH);
    this.drawTaken(R, inner.x, inner.y + infoH + 10, inner.w, inner.h - infoH - 12);
    const my = m + chainH + 8;
    const left = H - my - m;
    const tableH = 40;
    const marketH = Math.max(100, Math.min(5 * 30 + 28, left - tableH - 30));
    this.panel(m, my, LW, marketH, t("Market"));
    drawMarket(R, m + 10, my + 22, LW - 20, marketH - 28);
    const ty = my + marketH + 8;
    if (ty + tableH + 24 <= H) {
      this.panel(m, ty, LW, tableH + 24, t("Scoring (difference to the lowest)"));
      drawScoringTable(R, m + 10, ty + 22, LW - 20, tableH - 4);
    } else {
      this.scoringLine(R, m + 4, Math.min(ty, H - 18), LW - 8, 16);
    }
    // right column: every player's panel with a small display
    const cx = m + LW + m;
    const cw = W - cx - (RW ? RW + 2 * m : m);
    if (RW) {
      const px = W - RW - m;
      const ph = Math.min(240, (H - m - v.players.length * 8) / v.players.length);
      v.players.forEach((p, i) => this.playerPanel(R, p, px, m + i * (ph + 8), RW, ph));
    }
    // centre: the selected display, large (tabs above it when there is no column)
    let top = m;
    if (!RW) {
      const n = v.players.length;
      const tw = (cw - (n - 1) * 4) / n;
      v.players.forEach((p, i) => this.tab(R, p, cx + i * (tw + 4), top, tw, 34));
      top += 40;
    }
    this.centre(R, cx, top, cw, H - top - m, 128, 64);
  },

  layoutNarrow(R) {
    const { W, H } = this;
    const v = R.view;
    const m = 6;
    let y = m;
    const gap = 3;
    const tabH = this.touch ? 44 : 34;
    const mk = this.touch ? 44 : 26;
    const fullCell = Math.floor(Math.min((W - 2 * m - 6 * gap) / 7, 64));
    const boardH = 2 * fullCell + gap + 4 + 24 + mk + 2 + 20;
    // the shown player's display gets the room it needs: its rows whole at the smallest tile
    // size (58 px), with the line of help and the header; else the chain has a tab of its own
    const p = v.players[this.sel] || v.players[0];
    const mv = p.seat === v.current_player ? displayMoves(R) : { place: [] };
    const rows = displayBounds(p, mv.place.map((m) => m.at)).rows;
    const need = Math.max(180, rows * 58 * 1.05 + 20 + 40 + 4 + 28 + 4);
    const split = H - (y + tabH + 6) - boardH < need;
    // short canvas: a "Chain" tab switches between the board (chain, market)
    // and the display of the player whose tab is picked
    const view = split ? this.narrowView() : null;
    let tx = m;
    if (split) {
      const cw = Math.min(76, W * 0.2);
      this.segment(tx, y, cw, tabH, t("Chain"), view === "board", () => this.setNarrowView("board"));
      tx += cw + 4;
    }
    const n = v.players.length;
    const tw = (W - m - tx - (n - 1) * 4) / n;
    this.tabsOff = view === "board";
    v.players.forEach((p, i) => this.tab(R, p, tx + i * (tw + 4), y, tw, tabH));
    this.tabsOff = false;
    y += tabH + 6;
    if (!split) {
      // everything fits: chain, market, scoring line, then the display
      y = this.boardPart(R, m, y, W - 2 * m, Math.floor(Math.max(this.touch ? 44 : 34, Math.min(fullCell, (H * 0.26) / 2))));
      this.centre(R, m, y, W - 2 * m, H - y - m, 88, 58, true);
    } else if (view === "board") {
      const cell = Math.floor(Math.max(this.touch ? 44 : 34, Math.min(fullCell, (H - y - 24 - mk - 2 - 20 - 40 - gap - 4) / 2)));
      y = this.boardPart(R, m, y, W - 2 * m, cell);
      if (H - y - m >= 22) {
        const hintH = Math.min(40, H - y - m);
        this.hint(R, m, y, W - 2 * m, hintH);
        y += hintH + 4;
      }
      // the room a taller phone has left: the picked player's display, small (a tap shows it)
      if (H - y - m >= 72) this.playerPanel(R, v.players[this.sel] || v.players[0], m, y, W - 2 * m, H - y - m, true);
    } else {
      this.centre(R, m, y, W - 2 * m, H - y - m, 88, 50, true);
    }
  },

  /** Chain strip (7 + 7), stacks and scorings, market row, scoring line. */
  boardPart(R, x, y, w, cell) {
    const gap = 3;
    const sw = 7 * cell + 6 * gap;
    drawChain(R, chainCells(x + (w - sw) / 2, y, cell, gap, false));
    y += 2 * cell + gap + 4;
    drawChainInfo(R, x + 2, y, w, 22);
    y += 24;
    const mk = this.touch ? 44 : 26;
    this.marketCompact(R, x, y, w, mk);
    y += mk + 2;
    this.scoringLine(R, x + 2, y, w, 16);
    return y + 20;
  },

  /** Which half a short phone canvas shows: the player's pick for this move, else by phase. */
  narrowView() {
    const v = this.snap.view;
    if (this.hold) return "display";   // the others' display, their new tile marked (holdRecent)
    if (this.manualView && this.manualView.ply === v.ply) return this.manualView.view;
    return v.phase === "take" ? "board" : "display";
  },

  setNarrowView(view) {
    this.manualView = { view, ply: this.snap.view.ply };
    this.openKey = null;
    this.moveFrom = null;
    this.sendChoices();
    this.draw();
  },

  segment(x, y, w, h, label, on, act) {
    const g = this.g;
    g.save();
    roundRect(g, x, y, w, h, 8);
    g.fillStyle = on ? "#3c5a54" : THEME.panel;
    g.fill();
    g.strokeStyle = on ? THEME.accent : THEME.panelEdge;
    g.lineWidth = on ? 1.5 : 1;
    g.stroke();
    g.fillStyle = on ? THEME.text : THEME.dim;
    g.textAlign = "center";
    g.textBaseline = "middle";
    fitText(g, label, x + w / 2, y + h / 2 + 0.5, w - 12, 13, { bold: true });
    g.restore();
    this.hits.push({ x, y, w, h, label, act });
  },

  /** The hint line, the selected player's header and display (pannable). */
  centre(R, x, y, w, h, maxT, minT, narrow) {
    const g = this.g;
    const v = R.view;
    const p = v.players[this.sel] || v.players[0];
    const own = p.seat === v.current_player;
    // hint / status
    const hintH = Math.max(R.view.taken != null && narrow ? 40 : 26, this.hintHeight(R, w));
    this.hint(R, x, y, w, hintH);
    y += hintH + 4;
    h -= hintH + 4;
    // header of the shown player
    const headH = narrow ? 28 : 30;
    g.save();
    g.textBaseline = "middle";
    g.textAlign = "left";
    g.fillStyle = this.ui.seatColor(p.seat);
    roundRect(g, x, y + 4, 6, headH - 8, 3);
    g.fill();
    g.fillStyle = THEME.text;
    g.font = font(14, true);
    const name = this.ui.seatName(p.seat);
    const nameW = fitText(g, name, x + 12, y + headH / 2, narrow ? w * 0.3 : w * 0.35, 14, { bold: true }) && Math.min(g.measureText(name).width, narrow ? w * 0.3 : w * 0.35);
    const sx = x + 20 + nameW;
    const sw = drawStats(g, p, sx, y + headH / 2, narrow ? 13 : 16, this.ui.seatColor(p.seat));
    const sc = v.phase === "over" && (this.snap.scores || [])[p.seat];
    const cards = sc && sc.breakdown
      ? Object.entries(sc.breakdown).map(([k, n]) => `${CATEGORY[k] ? t(CATEGORY[k]) : k} ${n}`).join(" · ")
      : cardNames(v, p).join(" · ");
    if (cards && sx + sw + 40 < x + w) {
      // the cards (or at the end the score's parts) where they fit whole; else they are in the
      // scores & log, a tap away
      g.fillStyle = THEME.dim;
      g.font = font(12);
      fitText(g, cards, sx + sw + 6, y + headH / 2, x + w - sx - sw - 8, 12, { optional: true });
    }
    g.restore();
    y += headH + 4;
    h -= headH + 4;
    // the display area
    const area = { x, y, w, h };
    this.area = area;
    g.save();
    roundRect(g, x, y, w, h, 10);
    g.fillStyle = "#223230";
    g.fill();
    g.strokeStyle = THEME.panelEdge;
    g.stroke();
    g.clip();
    const mv = own ? displayMoves(R) : { place: [] };
    const bounds = displayBounds(p, mv.place.map((m) => m.at));
    const pad = 10;
    const gapF = 1.05;
    let T = Math.min(maxT, (w - 2 * pad) / (bounds.cols * gapF), (h - 2 * pad) / (bounds.rows * gapF));
    T = Math.floor(Math.max(minT, T));
    const cw = bounds.cols * T * gapF, ch = bounds.rows * T * gapF;
    const rangeX = Math.max(0, cw - (w - 2 * pad)) / 2, rangeY = Math.max(0, ch - (h - 2 * pad)) / 2;
    this.pannable = rangeX > 0 || rangeY > 0;
    this.pan.x = Math.max(-rangeX, Math.min(rangeX, this.pan.x));
    this.pan.y = Math.max(-rangeY, Math.min(rangeY, this.pan.y));
    const ox = x + (w - cw) / 2 + this.pan.x, oy = y + (h - ch) / 2 + this.pan.y;
    R.clip = area;
    const first = R.hits.length;
    drawDisplay(R, p, ox, oy, T, bounds, { own });
    // the legal places out of sight (a phone's small display): pan to them once per decision,
    // unless the player panned this display (a drag is the player's, kept through moves), so
    // they can be tapped and the keyboard reaches them
    const key = `${this.snap.gid}:${v.ply}:${p.seat}`;
    if (this.pannable && this.autoPanned !== key && !this.myPan[p.seat]) {
      this.autoPanned = key;
      const placed = R.hits.slice(first).filter((hh) => hh.move && hh.clip === area);
      const out = (hh) => hh.x < x + pad || hh.y < y + pad || hh.x + hh.w > x + w - pad || hh.y + hh.h > y + h - pad;
      if (placed.length && placed.some(out)) {
        let x0 = Math.min(...placed.map((hh) => hh.x)), x1 = Math.max(...placed.map((hh) => hh.x + hh.w));
        let y0 = Math.min(...placed.map((hh) => hh.y)), y1 = Math.max(...placed.map((hh) => hh.y + hh.h));
        if (x1 - x0 > w - 2 * pad || y1 - y0 > h - 2 * pad) {
          // they do not all fit: the one nearest the middle (arrow keys or a drag pan on to the others)
          const mid = (hh) => Math.hypot(hh.x + hh.w / 2 - (x + w / 2), hh.y + hh.h / 2 - (y + h / 2));
          const near = placed.reduce((a, b) => (mid(b) < mid(a) ? b : a));
          x0 = near.x; x1 = near.x + near.w; y0 = near.y; y1 = near.y + near.h;
        }
        const nx = this.pan.x + (x + w / 2) - (x0 + x1) / 2, ny = this.pan.y + (y + h / 2) - (y0 + y1) / 2;
        this.pan = { x: Math.max(-rangeX, Math.min(rangeX, nx)), y: Math.max(-rangeY, Math.min(rangeY, ny)) };
        requestAnimationFrame(() => this.draw());
      }
    }
    // the sides the display goes on past (a drag pans it): an arrow at each, over no tile's words
    if (this.pannable) {
      g.fillStyle = "rgba(255,213,74,0.85)";
      const a = 7, sides = [
        [this.pan.x < rangeX - 0.5, x + 4, y + h / 2, -1, 0], [this.pan.x > -rangeX + 0.5, x + w - 4, y + h / 2, 1, 0],
        [this.pan.y < rangeY - 0.5, x + w / 2, y + 4, 0, -1], [this.pan.y > -rangeY + 0.5, x + w / 2, y + h - 4, 0, 1]];
      for (const [on, ax, ay, dx, dy] of sides) {
        if (!on) continue;
        g.beginPath();
        g.moveTo(ax, ay);
        g.lineTo(ax - dx * a - dy * a, ay - dy * a - dx * a);
        g.lineTo(ax - dx * a + dy * a, ay - dy * a + dx * a);
        g.closePath();
        g.fill();
      }
    }
    g.restore();
  },

  hint(R, x, y, w, h) {
    const g = this.g;
    const v = R.view;
    const turn = v.current_player;
    const taken = v.taken != null ? v.tiles[String(v.taken)] : null;
    const text = this.hintWords(R);
    const mine = R.interactive;
    g.save();
    roundRect(g, x, y, w, h, 8);
    g.fillStyle = mine ? "rgba(255,213,74,0.16)" : "rgba(255,255,255,0.06)";
    g.fill();
    let tx = x + 10;
    if (taken && h >= 36) {
      drawTile(g, taken, x + 3, y + 3, h - 6, { cost: true, cards: v.cards });
      tx += h - 4;
    }
    if (turn != null) {
      g.fillStyle = this.ui.seatColor(turn);
      g.beginPath();
      g.arc(tx + 4, y + h / 2, 5, 0, Math.PI * 2);
      g.fill();
      tx += 14;
    }
    g.fillStyle = mine ? THEME.accent : THEME.text;
    const maxW = x + w - tx - 8;
    // the whole line: on two lines (narrowed if need be) where it is tall enough
    const lines = h >= 36 ? 2 : 1;
    const size = fitLines(g, text, tx, 0, maxW, 13, { bold: true, maxLines: lines, align: "left", measure: true });
    fitLines(g, text, tx, y + (h - size.h) / 2 + 1, maxW, 13, { bold: true, maxLines: lines, align: "left" });
    g.restore();
  },

  /** What the line of help says now. */
  hintWords(R) {
    const v = R.view;
    const turn = v.current_player;
    const who = turn != null ? this.ui.seatName(turn) : "";
    const taken = v.taken != null ? v.tiles[String(v.taken)] : null;
    let text;
    const mine = R.interactive;
    // the person holding the device, watching their own move (a replay): spoken to
    const you = !mine && turn != null && R.snap && R.snap.me === turn;
    const takenName = taken ? nameOf(taken.name) : null;
    switch (v.phase) {
      case "take": text = mine ? t("Your turn: take a tile from the chain") : you ? t("You are choosing a tile") : t("{name} is choosing a tile", { name: who }); break;
      case "pay": {
        const pd = v.pending || { needs: [], paid: [] };
        const needs = pd.needs.map(needName).join(", ");
        const what = pd.for === "activation" ? t("the activation") : takenName || t("the tile");
        text = needs ? t("Pay for {what}: {needs}", { what, needs }) : t("Pay for {what}: done", { what });
        if (pd.paid.length) text += "  " + t("(paid {goods})", { goods: pd.paid.map(needName).join(", ") });
        if (mine) text += " — " + tapOr(t("tap a resource or buy"), t("click a resource or buy"));
        break;
      }
      case "place": text = mine ? tapOr(t("Place {tile}: tap a dashed space", { tile: takenName || t("the tile") }), t("Place {tile}: click a dashed space", { tile: takenName || t("the tile") })) : you ? t("You place {tile}", { tile: takenName || t("a tile") }) : t("{name} places {tile}", { name: who, tile: takenName || t("a tile") }); break;
      case "gain": text = t("Choose a resource to gain ({n} left)", { n: v.gains_pending || 1 }); break;
      case "activate": text = mine ? tapOr(t("Activate tiles: tap a highlighted tile"), t("Activate tiles: click a highlighted tile")) : you ? t("You activate tiles") : t("{name} activates tiles", { name: who }); break;
      case "move": text = this.moveFrom ? tapOr(t("Tap where the clan member goes"), t("Click where the clan member goes")) : tn("Move clan members: {n} point left", "Move clan members: {n} points left", v.movement_points); break;
      case "over": {
        const sc = (this.snap.scores || []).map((s, i) => `${this.ui.seatName(i)} ${s.total}`).join(" · ");
        const winners = this.snap.winners || [];
        const won = winners.map((i) => (i === this.snap.me ? t("you") : this.ui.seatName(i))).join(" & ");
        const n = winners.length;
        text = n === 1 && winners[0] === this.snap.me ? t("Game over: you win — {scores}", { scores: sc })
          : won ? tn("Game over: {names} wins — {scores}", "Game over: {names} win — {scores}", n, { names: won, scores: sc })
            : t("Game over — {scores}", { scores: sc });
        break;
      }
      default: text = v.phase;
    }
    return text;
  },

  /** The height the line of help needs at width ``w`` (one line, or two). */
  hintHeight(R, w) {
    this.g.save();
    const text = this.hintWords(R);
    const one = fitLines(this.g, text, 0, 0, w - 40 - (R.view.taken != null ? 36 : 0), 13, { bold: true, maxLines: 1, squeeze: 0.8, measure: true });
    this.g.restore();
    return one.lines > 1 || one.size < 12 ? 40 : 26;
  },

  /** The tile taken this turn (and still to be paid for / placed). */
  drawTaken(R, x, y, w, h) {
    const v = R.view;
    if (v.taken == null || h < 30) return;
    const g = this.g;
    const tile = v.tiles[String(v.taken)];
    const s = Math.min(h, 64);
    drawTile(g, tile, x, y, s, { cost: true, cards: v.cards });
    g.save();
    g.fillStyle = THEME.dim;
    g.font = font(11, true);
    g.textAlign = "left";
    g.textBaseline = "top";
    g.fillText(t("taken"), x + s + 8, y + 2);
    g.fillStyle = THEME.text;
    fitLines(g, nameOf(tile.name), x + s + 8, y + 16, w - s - 10, 12, { align: "left" });
    g.restore();
  },

  tab(R, p, x, y, w, h) {
    const selected = p.seat === this.sel && !this.tabsOff;
    const g = this.g;
    g.save();
    g.font = font(12, true);
    const vpW = g.measureText(`${p.vp}`).width;
    g.restore();
    drawPlayerHeader(R, p, x, y, w, h, { selected, reserve: vpW + 8, oneLine: true });
    g.save();
    g.textAlign = "right";
    g.textBaseline = "middle";
    g.fillStyle = "#c9e4b4";
    g.font = font(12, true);
    g.fillText(`${p.vp}`, x + w - 6, y + h / 2);
    if (p.seat === R.view.current_player) {
      g.fillStyle = THEME.accent;
      g.beginPath();
      g.moveTo(x + w / 2 - 5, y + h);
      g.lineTo(x + w / 2 + 5, y + h);
      g.lineTo(x + w / 2, y + h - 5);
      g.fill();
    }
    g.restore();
    this.hits.push({ x, y, w, h, label: t("Show {name}", { name: this.ui.seatName(p.seat) }), act: () => { this.manualView = { view: "display", ply: R.view.ply }; this.showSeat(p.seat); } });
  },

  /** A player's header and display, small; a tap shows that player (``open``: under the
   * chain on a short phone's canvas, where the tap shows the display whole). */
  playerPanel(R, p, x, y, w, h, open = false) {
    const selected = p.seat === this.sel && !open;
    const headH = open && h < 110 ? 30 : 46;   // (a short one: the name alone)
    drawPlayerHeader(R, p, x, y, w, h, { selected, headH, oneLine: headH < 46 });
    const act = open ? () => this.setNarrowView("display") : () => this.showSeat(p.seat);
    this.hits.push({ x, y, w, h, label: t("Show {name}", { name: this.ui.seatName(p.seat) }), act });
    const mh = h - headH - 6;
    if (mh < 24) return;
    const b = displayBounds(p);
    const T = Math.min(40, (w - 20) / (b.cols * 1.06), mh / (b.rows * 1.06));
    const cw = b.cols * T * 1.06, ch = b.rows * T * 1.06;
    const g = this.g;
    g.save();
    g.beginPath();
    g.rect(x + 4, y + headH, w - 8, mh);
    g.clip();
    const sub = { ...R, hits: [], interactive: false, hover: null, clip: null };
    drawDisplay(sub, p, x + (w - cw) / 2, y + headH + (mh - ch) / 2, T, b, { own: false, detail: false });
    g.restore();
  },

  marketCompact(R, x, y, w, h) {
    const g = this.g;
    const v = R.view;
    const cw = w / 5;
    const buys = new Map();
    if (R.interactive) for (const m of R.legal) if (m.type === "buy") buys.set(m.resource, m);
    RESOURCES.forEach((r, i) => {
      const cx = x + i * cw;
      const buy = buys.get(r);
      g.save();
      roundRect(g, cx + 1, y, cw - 2, h, 6);
      g.fillStyle = THEME.panel;
      g.fill();
      g.restore();
      if (buy) {
        const label = moveLabel(v, buy);
        highlight(g, cx + 1, y, cw - 2, h, 6, R.hover && R.hover.label === label);
        this.hits.push({ x: cx, y, w: cw, h, move: buy, label });
      }
      const tok = Math.min(14, h * 0.55);
      drawRes(g, r, cx + 4 + tok / 2, y + h / 2, tok);
      const filled = v.market[r] || 0;
      const slot = Math.min((cw - tok - 14) / 3, h * 0.62);
      for (let k = 0; k < 3; k++) {
        const sx = cx + tok + 8 + k * slot + slot / 2;
        if (k < filled) drawCoin(g, sx, y + h / 2, slot * 0.85);
        else {
          g.save();
          g.strokeStyle = "rgba(255,255,255,0.25)";
          g.beginPath();
          g.arc(sx, y + h / 2, slot * 0.38, 0, Math.PI * 2);
          g.stroke();
          g.fillStyle = "rgba(255,255,255,0.35)";
          g.font = font(slot * 0.5, true);
          g.textAlign = "center";
          g.textBaseline = "middle";
          g.fillText(String(k + 1), sx, y + h / 2 + 0.5);
          g.restore();
        }
      }
    });
    drawMarks(R, "market", (r) => (RESOURCES.includes(r) ? { x: x + RESOURCES.indexOf(r) * cw + 3, y: y + 2, w: cw - 6, h: h - 4 } : null));
  },

  scoringLine(R, x, y, w, h) {
    const g = this.g;
    g.save();
    g.textBaseline = "middle";
    g.textAlign = "left";
    g.font = font(11);
    g.fillStyle = THEME.dim;
    const diff = ["0", "1", "2", "3", "4", "5+"], vp = [0, 1, 2, 3, 5, 8];
    let label = t("Scoring: difference → VP") + " ";
    if (g.measureText(label).width + 6 * 32 > w) label = t("Scoring Δ→VP") + " ";
    g.fillText(label, x, y + h / 2);
    let cx = x + g.measureText(label).width + 4;
    const cw = Math.min(34, (x + w - cx) / 6);
    for (let i = 0; i < 6; i++) {
      g.fillStyle = THEME.dim;
      g.font = font(11);
      g.fillText(diff[i], cx, y + h / 2);
      const dw = g.measureText(diff[i]).width;
      g.fillStyle = THEME.accent;
      g.font = font(11, true);
      g.fillText(`→${vp[i]}`, cx + dw + 1, y + h / 2);
      cx += cw;
    }
    g.restore();
  },
};
