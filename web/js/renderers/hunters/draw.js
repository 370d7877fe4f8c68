// Hunters board drawing: methods mixed into the renderer class (see
// ../hunters.js), drawing the table, tiles, ghost, highlights, members and
// huts, then the panels.  `this` is the renderer.
import { rotatePoint } from "./geometry.js";
import { glyph, drawMember, drawHut, COLORS } from "./paint.js";
import { drawPlayers, drawPreview, drawButtons, drawInfo, roundBox, layoutFor } from "./panels.js";
import { font, haloStroke } from "../base.js";
import { t, tn, N_ } from "../../i18n/hunters.js";
import { tapOr } from "../../pointer.js";

// a feature's name and state, [open, complete], shown through t()
const KIND_STATE = {
  forest: [N_("Forest · open"), N_("Forest · complete")],
  river: [N_("River · open"), N_("River · complete")],
  meadow: [N_("Meadow · open"), N_("Meadow · complete")],
  system: [N_("River system (huts) · open"), N_("River system (huts) · complete")],
  lake: [N_("Lake · open"), N_("Lake · complete")],
};
/** A feature's name and state ("Forest · open"), in the page's language. */
/** The way from the start tile to the square (x, y), in the words the board's places are named
 * with ("north west"; "" on the start tile itself). */
export function wayFromStart(x, y) {
  return [y < 0 ? t("north") : y > 0 ? t("south") : "", x < 0 ? t("west") : x > 0 ? t("east") : ""].filter(Boolean).join(" ");
}

export const featureName = (kind, complete) => (KIND_STATE[kind] ? t(KIND_STATE[kind][complete ? 1 : 0]) : kind);
/** The role names on the spots of the tile just placed. */
export const ROLE_NAME = { gatherer: N_("Gatherer"), fisher: N_("Fisher"), hunter: N_("Hunter"), hut: N_("Hut") };

export const drawing = {
  draw() {
    const g = this.g;
    const { W, H, dpr } = this;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.startCuts();
    this.furn = [];
    const bg = g.createRadialGradient(W / 2, H / 2, 0, W / 2, H / 2, Math.hypot(W, H) / 2);
    bg.addColorStop(0, "#3a3b31");
    bg.addColorStop(1, COLORS.table);
    g.fillStyle = bg;
    g.fillRect(0, 0, W, H);
    this.buttons = [];
    if (!this.snap) return;
    const v = this.snap.view;
    const s = this.cam.s;
    const visible = (x, y) => {
      const [sx, sy] = this.toScreen(x, y);
      return sx > -s && sy > -s && sx < W + s && sy < H + s;
    };
    const phase = v.phase;

    // legal empty positions
    if (this.interactive && phase === "place") {
      for (const [k, moves] of this.placeAt) {
        if (this.sel && this.sel.x === moves[0].x && this.sel.y === moves[0].y) continue;
        const [x, y] = this.toScreen(moves[0].x, moves[0].y);
        const hot = k === this.hoverCell;
        g.save();
        g.setLineDash([Math.max(3, s * 0.08), Math.max(3, s * 0.06)]);
        roundBox(g, x - s * 0.46, y - s * 0.46, s * 0.92, s * 0.92, s * 0.1, hot ? "rgba(255,214,90,0.35)" : "rgba(255,214,90,0.16)", null);
        g.strokeStyle = "rgba(255,220,120,0.9)";
        g.lineWidth = Math.max(1.5, s * 0.025);
        g.stroke();
        g.restore();
      }
    }

    // tiles
    for (const t of v.board || []) {
      if (!visible(t.x, t.y)) continue;
      this.drawTileAt(g, t.tile, t.x, t.y, t.rot || 0, 1);
    }
    // just placed tile
    if (v.just_placed && phase !== "over") {
      const [x, y] = this.toScreen(v.just_placed.x, v.just_placed.y);
      g.strokeStyle = "#ffd24a";
      g.lineWidth = Math.max(2, s * 0.04);
      g.strokeRect(x - s / 2, y - s / 2, s, s);
    }
    // a faint preview where the mouse is, then the ghost of the selected place
    if (!this.sel && this.hoverCell && v.drawn && this.interactive && phase === "place") {
      const m = this.placeAt.get(this.hoverCell);
      if (m) this.drawTileAt(g, v.drawn.tile, m[0].x, m[0].y, m[0].rot, 0.45);
    }
    if (this.sel && v.drawn) {
      const m = this.sel.moves[this.sel.i];
      this.drawTileAt(g, v.drawn.tile, m.x, m.y, m.rot, 0.82);
      const [x, y] = this.toScreen(m.x, m.y);
      g.strokeStyle = "#fff3c4";
      g.lineWidth = Math.max(2, s * 0.035);
      g.strokeRect(x - s / 2, y - s / 2, s, s);
    }

    // glyphs (upright, on top of the tile art)
    if (s >= 16) for (const t of v.board || []) if (visible(t.x, t.y)) this.drawDecor(g, t.tile, t.x, t.y, t.rot || 0);
    if (this.sel && v.drawn && s >= 16) {
      const m = this.sel.moves[this.sel.i];
      this.drawDecor(g, v.drawn.tile, m.x, m.y, m.rot);
    }

    // what the others did since your move (the engine's marks): their tiles outlined in their colour
    this.drawMarks(g, "tile");

    // meeple phase: pieces that can take a member or hut
    if (this.interactive && phase === "meeple" && v.just_placed) {
      const jp = v.just_placed;
      const cell = this.cells.get(`${jp.x},${jp.y}`);
      if (cell) {
        const hp = this.hoverPiece;
        for (const piece of [this.pick, hp]) if (piece !== null && piece !== undefined && this.meepleAt.has(piece)) this.drawMask(g, cell, piece, "#ffe680");
        const spots = [];
        for (const piece of this.meepleAt.keys()) {
          const p = this.spotScreen(piece);
          if (!p) continue;
          const hot = piece === this.pick || piece === hp;
          const r = Math.max(8, s * 0.075) * (hot ? 1.2 : 1);
          g.beginPath(); g.arc(p[0], p[1], r, 0, Math.PI * 2);
          g.fillStyle = hot ? "rgba(255,244,200,0.75)" : "rgba(255,214,90,0.38)";
          g.fill();
          g.lineWidth = Math.max(2, r * 0.22); g.strokeStyle = "#ffd24a"; g.stroke();
          g.lineWidth = 1; g.strokeStyle = "rgba(40,28,0,0.8)";
          g.beginPath(); g.arc(p[0], p[1], r + g.lineWidth + 1, 0, Math.PI * 2); g.stroke();
          g.fillStyle = "#4a3500";
          g.beginPath(); g.arc(p[0], p[1], Math.max(2, r * 0.22), 0, Math.PI * 2); g.fill();
          spots.push({ piece, p, r, box: { x: p[0] - r - 2, y: p[1] - r - 2, w: 2 * r + 4, h: 2 * r + 4 } });
        }
        // the role that goes on each spot, named under it where that is clear of the other
        // spots and names (a tap on the spot lists its roles in any case)
        if (s >= 70) {
          const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          const taken = spots.map((x) => x.box);
          g.font = font(11, 600);
          g.textAlign = "center";
          g.textBaseline = "top";
          for (const { piece, p, r } of spots) {
            const label = this.meepleAt.get(piece).map((m) => (ROLE_NAME[m.role] ? t(ROLE_NAME[m.role]) : m.role)).join(" / ");
            const w = g.measureText(label).width + 8;
            const box = { x: p[0] - w / 2, y: p[1] + r + 3, w, h: 15 };
            if (taken.some((b) => meets(b, box))) continue;
            taken.push(box);
            g.fillStyle = "rgba(20,16,4,0.78)";
            g.fillRect(box.x, box.y, w, 15);
            g.fillStyle = "#ffe9a6";
            g.fillText(label, p[0], p[1] + r + 4.5);
          }
        }
      }
    }

    // hovered (or tapped) feature
    const f = this.hover || this.tapInfo;
    if (f) for (const [x, y, piece] of f.parts || []) {
      const t = this.cells.get(`${x},${y}`);
      if (t && visible(x, y)) this.drawMask(g, t, piece, "#fff2b0");
    }

    // members and huts
    for (const t of v.board || []) {
      if (!visible(t.x, t.y)) continue;
      const list = t.meeples || [];
      list.forEach((m, k) => {
        const p = this.spotWorld(t.x, t.y, m.piece);
        if (!p) return;
        let [x, y] = this.toScreen(p[0], p[1]);
        const same = list.filter((o) => o.piece === m.piece);
        if (same.length > 1) x += (same.indexOf(m) - (same.length - 1) / 2) * Math.max(10, s * 0.22);
        const z = Math.max(13, s * 0.26);
        const col = this.ui.seatColor(m.seat);
        if (m.role === "hut") drawHut(g, x, y, z, col);
        else drawMember(g, x, y, z, col, m.role);
      });
    }

    this.drawMarks(g, "piece");

    // ghost controls
    if (this.sel && this.interactive) this.drawGhostControls(g);

    // panels
    const lay = layoutFor(W, H, (v.players || []).length);
    const players = drawPlayers(g, v, this.ui, this.snap.winners, lay, this);
    this.furn.push({ x: 8, y: 8, w: players.w, h: players.h, kind: "panel", label: "players' panel" });
    let rot = this.sel ? this.sel.moves[this.sel.i].rot : 0;
    let shown = v.drawn ? v.drawn.tile : null;
    const jt = v.just_placed && this.cells.get(`${v.just_placed.x},${v.just_placed.y}`);
    if (!shown && phase === "meeple" && jt) { shown = jt.tile; rot = jt.rot || 0; }
    const names = (this.snap.winners || []).map((i) => this.ui.seatName(i)).join(" & ");
    this.pvPx = lay.pv * dpr;   // (the drawn tile's picture size: prepare() paints the next one ahead)
    const pv = drawPreview(g, v, W, shown ? this.tileArt(shown, this.pvPx) : null, rot, phase, names, lay);
    if (shown && phase !== "over") this.drawDecorInBox(g, shown, pv.tile, rot);
    this.furn.push({ x: pv.x, y: pv.y, w: pv.w, h: pv.h, kind: "panel", label: "drawn tile" });
    this.pvTile = pv.tile;   // where a tile placed by another seat is shown coming from (flightFrom)
    if (this.sel) this.buttons.push({ ...pv.tile, act: "preview" });
    const zoom = drawButtons(g, W, H, lay);
    this.buttons.push(...zoom);
    for (const b of zoom) this.furn.push({ ...b, kind: "control", label: b.act });
    // on a short canvas only feature details, no hints (the page's own text guides)
    const info = drawInfo(g, W, H, this.infoShown(f, lay), this.ui, lay);
    if (info) this.furn.push({ ...info, kind: "banner", label: "line of help" });
  },

  /** The lines of help at the bottom now (a feature's details, or what to do). */
  infoShown(f, lay) { return f || !lay.compact ? this.infoLines(f) : []; },

  /** Marks of what the others did since your move (ctx.recent: the engine's marks), ``kind``
   * "tile" (an outline in the mover's colour) or "piece" (a ring round the member or hut). The
   * chip chosen in the strip (ctx.focus) stands out; the others then fade. */
  drawMarks(g, kind) {
    const items = this.recent || [];
    const s = this.cam.s;
    this.markBoxes = kind === "tile" ? [] : this.markBoxes || [];
    items.forEach((it, k) => {
      if (it.seat == null) return;
      const on = this.focus == null || this.focus === k;
      const col = this.ui.seatColor(it.seat);
      for (const m of it.marks || []) {
        if (m.kind !== kind) continue;
        g.save();
        g.globalAlpha = on ? 1 : 0.4;
        if (kind === "tile") {
          const [x, y] = this.toScreen(m.x - 0.5, m.y - 0.5);
          g.setLineDash(this.focus === k ? [] : [Math.max(6, s * 0.12), Math.max(4, s * 0.06)]);
          g.beginPath(); g.rect(x + 2, y + 2, s - 4, s - 4);
          haloStroke(g, col, this.focus === k ? 5 : 3);
          this.markBoxes.push({ k, kind, x: x + 2, y: y + 2, w: s - 4, h: s - 4 });
        } else {
          const p = this.spotWorld(m.x, m.y, m.piece);
          if (p) {
            const [x, y] = this.toScreen(p[0], p[1]);
            const r = Math.max(12, s * 0.2);
            g.beginPath(); g.arc(x, y, r, 0, Math.PI * 2);
            haloStroke(g, col, this.focus === k ? 4 : 3);
            this.markBoxes.push({ k, kind, x: x - r, y: y - r, w: 2 * r, h: 2 * r });
          }
        }
        g.restore();
      }
    });
  },

  drawTileAt(g, id, x, y, rot, alpha) {
    const s = this.cam.s;
    const art = this.tileArt(id, s * this.dpr);
    const [sx, sy] = this.toScreen(x, y);
    g.save();
    g.globalAlpha = alpha;
    g.translate(sx, sy);
    g.rotate(rot * Math.PI / 2);
    if (art) g.drawImage(art, -s / 2, -s / 2, s, s);
    else { g.fillStyle = COLORS.meadow; g.fillRect(-s / 2, -s / 2, s, s); }
    g.restore();
  },

  drawDecor(g, id, x, y, rot) {
    const L = this.layout(id);
    if (!L) return;
    const s = this.cam.s;
    for (const items of L.decor) for (const d of items) {
      if (d.kind === "fish") continue;
      const [dx, dy] = rotatePoint(d.at[0], d.at[1], rot);
      const [sx, sy] = this.toScreen(x + dx, y + dy);
      const k = d.kind === "gold" ? 0.13 : d.kind === "mammoth" ? 0.24 : d.kind === "volcano" ? 0.3 : 0.21;
      glyph(g, d.kind, sx, sy, Math.max(s * k, k * 60));
    }
  },

  drawDecorInBox(g, id, box, rot) {
    const L = this.layout(id);
    if (!L) return;
    const s = box.w;
    for (const items of L.decor) for (const d of items) {
      if (d.kind === "fish") continue;
      const [dx, dy] = rotatePoint(d.at[0], d.at[1], rot);
      glyph(g, d.kind, box.x + s * (0.5 + dx), box.y + s * (0.5 + dy), s * (d.kind === "gold" ? 0.11 : 0.2));
    }
  },

  drawMask(g, t, piece, color) {
    const m = this.mask(t.tile, piece, color);
    if (!m) return;
    const s = this.cam.s;
    const [sx, sy] = this.toScreen(t.x, t.y);
    g.save();
    g.translate(sx, sy);
    g.rotate((t.rot || 0) * Math.PI / 2);
    g.imageSmoothingEnabled = true;
    g.drawImage(m, -s / 2, -s / 2, s, s);
    g.restore();
  },

  drawGhostControls(g) {
    const m = this.sel.moves[this.sel.i];
    const s = this.cam.s;
    const [x, y] = this.toScreen(m.x, m.y);
    const b = this.touch ? 44 : this.W < 520 ? 34 : 32;
    const items = [];
    if (this.sel.moves.length > 1) items.push("rotate");
    items.push("confirm");
    const span = items.length * (b + 6) - 6;
    // beside the ghost, on a side with no tile, inside the board's clear part and over no other
    // place the tile may go (else none: the choice bar has Place here and the turns too)
    const clear = this.revealRect();
    const placeBoxes = [...this.placeAt.keys()].filter((k) => k !== `${m.x},${m.y}`).map((k) => {
      const [px, py] = this.toScreen(...k.split(",").map(Number));
      return { x: px - s / 2, y: py - s / 2, w: s, h: s };
    });
    const meets = (a, c) => a.x < c.x + c.w && c.x < a.x + a.w && a.y < c.y + c.h && c.y < a.y + a.h;
    const sides = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => {
      const k = `${m.x + dx},${m.y + dy}`;
      const bx0 = dx ? x + dx * (s / 2 + 6) - (dx < 0 ? b : 0) : x - span / 2;
      const by0 = dy ? y + dy * (s / 2 + 6) - (dy < 0 ? b : 0) : y - span / 2;
      const area = { x: bx0, y: by0, w: dx ? b : span, h: dy ? span : b };
      const inside = area.x > clear.x && area.y > clear.y && area.x + area.w < clear.x + clear.w && area.y + area.h < clear.y + clear.h;
      const free = inside && !placeBoxes.some((p) => meets(p, area));
      return { dx, dy, bx0, by0, free, score: (this.cells.has(k) ? 0 : 2) };
    }).filter((c) => c.free);
    if (!sides.length) return;
    const side = sides.reduce((a, c) => (c.score > a.score ? c : a));
    items.forEach((act, k) => {
      const bx = side.dx ? side.bx0 : side.bx0 + k * (b + 6);
      const by = side.dx ? side.by0 + k * (b + 6) : side.by0;
      roundBox(g, bx, by, b, b, b / 2, act === "confirm" ? "#2f8f4e" : "rgba(28,30,24,0.9)", "rgba(255,255,255,0.5)");
      g.strokeStyle = "#fff";
      g.lineWidth = 2.5;
      g.lineCap = "round";
      g.lineJoin = "round";
      const cx = bx + b / 2, cy = by + b / 2, r = b * 0.26;
      g.beginPath();
      if (act === "confirm") {
        g.moveTo(cx - r, cy); g.lineTo(cx - r * 0.25, cy + r * 0.7); g.lineTo(cx + r, cy - r * 0.6);
        g.stroke();
      } else {
        g.arc(cx, cy, r, -Math.PI * 0.4, Math.PI * 1.25);
        g.stroke();
        const a = -Math.PI * 0.4, ex = cx + Math.cos(a) * r, ey = cy + Math.sin(a) * r;
        g.beginPath(); g.moveTo(ex - 5, ey - 3); g.lineTo(ex + 1, ey); g.lineTo(ex - 4, ey + 5); g.stroke();
      }
      this.buttons.push({ x: bx, y: by, w: b, h: b, act });
      this.furn.push({ x: bx, y: by, w: b, h: b, kind: "control", label: act === "confirm" ? "place here" : "turn the tile" });
    });
  },

  infoLines(f) {
    const v = this.snap.view;
    if (f) {
      const occ = Object.entries(f.occupants || {}).filter(([, n]) => n > 0).map(([seat, n]) => ({ seat: +seat, n }));
      const tiles = new Set((f.parts || []).map(([x, y]) => `${x},${y}`)).size;
      const state = KIND_STATE[f.kind] ? t(KIND_STATE[f.kind][f.complete ? 1 : 0]) : f.kind;
      const lines = [
        { text: `${state} · ${t("worth {n}", { n: f.value ?? 0 })}` },
        { text: `${tn("{n} tile", "{n} tiles", tiles)} · ${occ.length ? t("held by") : t("nobody on it")}`, dots: occ.length ? occ : null },
      ];
      const p = f.parts && f.parts[0];
      const sys = f.kind !== "system" && p && this.systemAt.get(`${p[0]},${p[1]},${p[2]}`);
      if (sys) {
        const huts = Object.entries(sys.occupants || {}).filter(([, n]) => n > 0).map(([seat, n]) => ({ seat: +seat, n }));
        const head = t("Huts' river system · worth {n}", { n: sys.value ?? 0 });
        lines.push({ text: huts.length ? `${head} ·` : `${head} · ${t("no hut")}`, dots: huts.length ? huts : null });
      }
      return lines;
    }
    if (!this.interactive) return v.phase === "over" ? [{ text: t("Game over") }] : [];
    if (v.phase === "place") {
      if (this.sel) return [{ text: this.sel.moves.length > 1 ? tapOr(t("Tap the tile again to turn it, ✓ to place"), t("Click the tile again to turn it, ✓ to place"))
        : tapOr(t("Tap ✓ to place the tile here"), t("Click ✓ to place the tile here")) }];
      return [{ text: this.placeAt.size ? tapOr(t("Tap a glowing square to place the tile"), t("Click a glowing square to place the tile")) : t("No place for this tile") }];
    }
    if (v.phase === "meeple") return [{ text: this.meepleAt.size ? tapOr(t("Tap a marked area for a member or hut"), t("Click a marked area for a member or hut")) : t("Nothing to place: choose Place nothing") }];
    return [];
  },
};
