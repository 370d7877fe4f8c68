// Carcassonne: Hunters and Gatherers renderer (see web/js/README.md for the
// interface and engine/cairn/hunters/README.md for the view and moves).
// Board: tiles painted procedurally from their pieces, pan (drag), zoom
// (wheel, pinch, buttons), fit (button or double tap), feature outline on
// hover (or tap when nothing is to be played there).
import { buildLayout, rotatePoint, unrotatePoint, pieceAt } from "./hunters/geometry.js";
import { paintTile, paintPieceMask, glyph, drawMember, drawHut, COLORS } from "./hunters/paint.js";
import { drawPlayers, drawPreview, drawButtons, drawInfo, roundBox } from "./hunters/panels.js";

const ROLE_LABEL = { gatherer: "Gatherer", fisher: "Fisher", hunter: "Hunter", hut: "Hut" };
const KIND_LABEL = { forest: "Forest", river: "River", meadow: "Meadow", system: "River system (huts)", lake: "Lake" };
const MIN_S = 10, MAX_S = 260;

export default class HuntersRenderer {
  constructor(canvas, ui) {
    this.canvas = canvas;
    this.ui = ui;
    this.g = canvas.getContext("2d");
    this.snap = null;
    this.interactive = false;
    this.cam = { s: 80, ox: 0, oy: 0 };
    this.userMoved = false;
    this.layouts = new Map();
    this.art = new Map();
    this.masks = new Map();
    this.pointers = new Map();
    this.sel = null; // {x, y, moves, i}
    this.pick = null; // piece offered in choices during the meeple phase
    this.hover = null; // feature under the mouse
    this.hoverCell = null;
    this.tapInfo = null; // feature shown after a tap (touch)
    this.buttons = [];
    this.lastTap = null;
    this.frame = 0;
    this.prevTouchAction = canvas.style.touchAction;
    canvas.style.touchAction = "none";
    this.on = {
      pointerdown: (e) => this.onDown(e),
      pointermove: (e) => this.onMove(e),
      pointerup: (e) => this.onUp(e),
      pointercancel: (e) => this.onUp(e, true),
      pointerleave: (e) => { if (e.pointerType === "mouse") { this.hoverPiece = null; this.setHover(null, null); } },
      wheel: (e) => this.onWheel(e),
      contextmenu: (e) => e.preventDefault(),
    };
    for (const [k, f] of Object.entries(this.on)) canvas.addEventListener(k, f, { passive: false });
    this.resize();
  }

  // ------------------------------------------------------------ interface
  update(snapshot, ctx) {
    const prev = this.snap;
    this.snap = snapshot;
    this.interactive = !!(ctx && ctx.interactive);
    const v = snapshot.view || {};
    this.index(v, snapshot.legal || []);
    const sameTurn = prev && prev.view && prev.view.phase === v.phase &&
      JSON.stringify(prev.view.drawn) === JSON.stringify(v.drawn) &&
      JSON.stringify(prev.view.just_placed) === JSON.stringify(v.just_placed) &&
      (prev.view.board || []).length === (v.board || []).length;
    if (!sameTurn || !this.interactive) { this.sel = null; this.pick = null; this.hoverPiece = null; }
    if (this.sel && !this.placeAt.has(`${this.sel.x},${this.sel.y}`)) this.sel = null;
    this.tapInfo = null;
    if (!this.userMoved) this.fit();
    else if (v.phase === "meeple" && v.just_placed && this.interactive) this.reveal(v.just_placed.x, v.just_placed.y);
    this.offerChoices();
    this.redraw();
  }

  resize() {
    const r = this.canvas.getBoundingClientRect();
    this.W = Math.max(1, r.width || this.canvas.clientWidth || 300);
    this.H = Math.max(1, r.height || this.canvas.clientHeight || 300);
    this.dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(this.W * this.dpr);
    this.canvas.height = Math.round(this.H * this.dpr);
    // refit only on a real change of shape: a choices bar appearing under the
    // board must not move the tile under the player's finger
    const was = this.fitFor;
    if (!this.userMoved && (!was || Math.abs(was.W - this.W) > 2 || Math.abs(was.H - this.H) > 0.3 * was.H)) this.fit();
    this.draw();
  }

  targets() {
    if (!this.snap || !this.interactive) return [];
    const out = [];
    for (const m of this.snap.legal || []) {
      if (m.type === "place") {
        const [x, y] = this.toScreen(m.x, m.y);
        out.push({ x, y, move: m, label: `place ${m.x},${m.y} turn ${m.rot}` });
      } else if (m.type === "meeple") {
        const p = this.spotScreen(m.piece);
        if (p) out.push({ x: p[0], y: p[1], move: m, label: `${m.role} on piece ${m.piece}` });
      }
    }
    return out;
  }

  destroy() {
    for (const [k, f] of Object.entries(this.on)) this.canvas.removeEventListener(k, f);
    this.canvas.style.touchAction = this.prevTouchAction;
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = null;
    this.snap = null;
    this.art.clear();
    this.masks.clear();
    this.layouts.clear();
  }

  // ------------------------------------------------------------ indexes
  index(v, legal) {
    this.cells = new Map();
    for (const t of v.board || []) this.cells.set(`${t.x},${t.y}`, t);
    this.featAt = new Map();
    for (const f of v.features || []) {
      for (const [x, y, piece] of f.parts || []) {
        const k = `${x},${y},${piece}`;
        // a lake can be in a river and in a hut system: keep the river for the outline
        if (!this.featAt.has(k) || f.kind !== "system") this.featAt.set(k, f);
      }
    }
    this.placeAt = new Map();
    this.meepleAt = new Map();
    this.skip = null;
    for (const m of legal) {
      if (m.type === "place") {
        const k = `${m.x},${m.y}`;
        if (!this.placeAt.has(k)) this.placeAt.set(k, []);
        this.placeAt.get(k).push(m);
      } else if (m.type === "meeple") {
        if (!this.meepleAt.has(m.piece)) this.meepleAt.set(m.piece, []);
        this.meepleAt.get(m.piece).push(m);
      } else if (m.type === "skip") this.skip = m;
    }
  }

  layout(id) {
    if (!this.layouts.has(id)) {
      const t = (this.snap && this.snap.view.tiles || {})[id];
      if (!t) return null;
      this.layouts.set(id, buildLayout({ ...t, id }));
    }
    return this.layouts.get(id);
  }

  tileArt(id, px) {
    const L = this.layout(id);
    if (!L) return null;
    let size = 32;
    while (size < px && size < 512) size *= 2;
    const k = `${id}@${size}`;
    if (!this.art.has(k)) this.art.set(k, paintTile(L, size));
    return this.art.get(k);
  }

  mask(id, piece, color) {
    // rim in mask pixels (256 per tile): about 2 CSS px whatever the zoom
    const rim = this.cam.s < 60 ? 10 : this.cam.s < 120 ? 5 : 3;
    const k = `${id}:${piece}:${color}:${rim}`;
    if (!this.masks.has(k)) {
      const L = this.layout(id);
      if (!L) return null;
      this.masks.set(k, paintPieceMask(L, piece, color, rim));
    }
    return this.masks.get(k);
  }

  // ------------------------------------------------------------ camera
  toScreen(wx, wy) { return [wx * this.cam.s + this.cam.ox, wy * this.cam.s + this.cam.oy]; }
  toWorld(sx, sy) { return [(sx - this.cam.ox) / this.cam.s, (sy - this.cam.oy) / this.cam.s]; }

  fit() {
    const v = this.snap && this.snap.view;
    let x0 = -1, y0 = -1, x1 = 1, y1 = 1;
    if (v) {
      const pts = (v.board || []).map((t) => [t.x, t.y]);
      if (this.placeAt) for (const k of this.placeAt.keys()) pts.push(k.split(",").map(Number));
      if (pts.length) {
        x0 = Math.min(...pts.map((p) => p[0])); x1 = Math.max(...pts.map((p) => p[0]));
        y0 = Math.min(...pts.map((p) => p[1])); y1 = Math.max(...pts.map((p) => p[1]));
      }
    }
    const small = this.W < 520;
    const rows = v && v.players ? v.players.length : 2;
    // keep clear of the panels: above the board on a narrow screen, beside it on a wide one
    const wide = this.W >= 700;
    const top = wide ? 24 : Math.max(120, 22 * rows + 26), bottom = wide ? 24 : 56;
    const side = wide ? Math.min(240, this.W * 0.19) : 8;
    const aw = Math.max(60, this.W - 2 * side), ah = Math.max(60, this.H - top - bottom);
    const bw = x1 - x0 + 1.3, bh = y1 - y0 + 1.3;
    let s = Math.max(MIN_S, Math.min(small ? 110 : 130, aw / bw, ah / bh));
    let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    if (v && v.phase === "meeple" && v.just_placed && this.interactive) {
      // the member goes on one small tile: bring it close
      const want = small ? 120 : 150;
      if (s < want) { s = want; cx = v.just_placed.x; cy = v.just_placed.y; }
    }
    this.cam.s = s;
    this.cam.ox = side + aw / 2 - cx * s;
    this.cam.oy = top + ah / 2 - cy * s;
    this.userMoved = false;
    this.fitFor = { W: this.W, H: this.H };
  }

  reveal(x, y) {
    // the player moved the view: only make sure this tile is on screen and big enough to tap
    const want = this.W < 520 ? 90 : 100;
    if (this.cam.s < want) this.zoomAt(...this.toScreen(x, y), want / this.cam.s);
    const [sx, sy] = this.toScreen(x, y), m = this.cam.s * 0.7;
    if (sx < m || sy < m || sx > this.W - m || sy > this.H - m) {
      this.cam.ox += this.W / 2 - sx;
      this.cam.oy += this.H / 2 - sy;
    }
  }

  zoomAt(sx, sy, k) {
    const s = Math.max(MIN_S, Math.min(MAX_S, this.cam.s * k));
    const [wx, wy] = this.toWorld(sx, sy);
    this.cam.s = s;
    this.cam.ox = sx - wx * s;
    this.cam.oy = sy - wy * s;
    this.userMoved = true;
    this.redraw();
  }

  // ------------------------------------------------------------ pointer input
  local(e) {
    const r = this.canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  onDown(e) {
    e.preventDefault();
    const [x, y] = this.local(e);
    try { this.canvas.setPointerCapture(e.pointerId); } catch (_) { /* synthetic events */ }
    this.pointers.set(e.pointerId, { x, y, x0: x, y0: y });
    if (this.pointers.size === 1) { this.panning = false; this.pinched = false; }
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, s: this.cam.s, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2, ox: this.cam.ox, oy: this.cam.oy };
      this.pinched = true;
    }
  }

  onMove(e) {
    const [x, y] = this.local(e);
    const p = this.pointers.get(e.pointerId);
    if (!p) {
      if (e.pointerType === "mouse") this.hoverAt(x, y);
      return;
    }
    e.preventDefault();
    if (this.pointers.size >= 2 && this.pinch) {
      p.x = x; p.y = y;
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      const s = Math.max(MIN_S, Math.min(MAX_S, this.pinch.s * d / this.pinch.d));
      const wx = (this.pinch.mx - this.pinch.ox) / this.pinch.s, wy = (this.pinch.my - this.pinch.oy) / this.pinch.s;
      this.cam.s = s;
      this.cam.ox = mx - wx * s;
      this.cam.oy = my - wy * s;
      this.userMoved = true;
      this.redraw();
      return;
    }
    const dx = x - p.x, dy = y - p.y;
    if (!this.panning && Math.hypot(x - p.x0, y - p.y0) > 8) this.panning = true;
    if (this.panning) {
      this.cam.ox += dx; this.cam.oy += dy;
      this.userMoved = true;
      this.redraw();
    }
    p.x = x; p.y = y;
  }

  onUp(e, cancelled) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (!p || cancelled) return;
    if (this.pointers.size === 0 && !this.panning && !this.pinched) this.tap(...this.local(e));
  }

  onWheel(e) {
    e.preventDefault();
    const [x, y] = this.local(e);
    const d = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    this.zoomAt(x, y, Math.exp(-d * 0.0015));
  }

  hoverAt(x, y) {
    const [wx, wy] = this.toWorld(x, y);
    const cx = Math.round(wx), cy = Math.round(wy);
    const cell = `${cx},${cy}`;
    const hit = this.pieceUnder(wx, wy);
    const f = hit ? this.featAt.get(`${hit.x},${hit.y},${hit.piece}`) || null : null;
    const clickable = this.interactive && (this.placeAt.has(cell) || (hit && this.isJustPlaced(hit.x, hit.y) && this.meepleAt.has(hit.piece)));
    this.canvas.style.cursor = this.buttonAt(x, y) || clickable ? "pointer" : "";
    const hp = this.interactive && this.snap && this.snap.view.phase === "meeple" ? this.meeplePieceAt(wx, wy) : null;
    if (hp !== this.hoverPiece) { this.hoverPiece = hp; this.redraw(); }
    this.setHover(f, this.placeAt.has(cell) ? cell : null);
  }

  setHover(f, cell) {
    if (f === this.hover && cell === this.hoverCell) return;
    this.hover = f;
    this.hoverCell = cell;
    this.redraw();
  }

  buttonAt(x, y) {
    return this.buttons.find((b) => x >= b.x && y >= b.y && x <= b.x + b.w && y <= b.y + b.h) || null;
  }

  pieceUnder(wx, wy) {
    const cx = Math.round(wx), cy = Math.round(wy);
    const t = this.cells.get(`${cx},${cy}`);
    if (!t) return null;
    const L = this.layout(t.tile);
    if (!L) return null;
    const [u, v] = unrotatePoint(wx - cx, wy - cy, t.rot || 0);
    return { x: cx, y: cy, piece: pieceAt(L, u, v), tile: t };
  }

  isJustPlaced(x, y) {
    const jp = this.snap && this.snap.view.just_placed;
    return !!jp && jp.x === x && jp.y === y;
  }

  tap(x, y) {
    const b = this.buttonAt(x, y);
    if (b) { this.press(b.act); return; }
    const now = performance.now();
    const dbl = this.lastTap && now - this.lastTap.t < 320 && Math.hypot(x - this.lastTap.x, y - this.lastTap.y) < 24;
    this.lastTap = { t: now, x, y };
    const [wx, wy] = this.toWorld(x, y);
    const phase = this.snap && this.snap.view.phase;
    if (this.interactive && phase === "place") {
      const k = `${Math.round(wx)},${Math.round(wy)}`;
      const moves = this.placeAt.get(k);
      if (moves) {
        if (this.sel && this.sel.x === moves[0].x && this.sel.y === moves[0].y) this.sel.i = (this.sel.i + 1) % moves.length;
        else this.sel = { x: moves[0].x, y: moves[0].y, moves, i: 0 };
        this.lastTap = null;
        this.offerChoices();
        this.redraw();
        return;
      }
      if (this.sel) { this.sel = null; this.offerChoices(); }
    } else if (this.interactive && phase === "meeple") {
      const piece = this.meeplePieceAt(wx, wy);
      if (piece !== null) {
        const moves = this.meepleAt.get(piece);
        this.lastTap = null;
        if (moves.length === 1) { this.pick = null; this.ui.play(moves[0]); return; }
        this.pick = piece;
        this.offerChoices();
        this.redraw();
        return;
      }
    }
    if (dbl) { this.lastTap = null; this.fit(); this.redraw(); return; }
    // nothing to play here: show the feature under the finger (touch has no hover)
    const hit = this.pieceUnder(wx, wy);
    const f = hit ? this.featAt.get(`${hit.x},${hit.y},${hit.piece}`) || null : null;
    this.tapInfo = f && f !== this.tapInfo ? f : null;
    this.redraw();
  }

  meeplePieceAt(wx, wy) {
    const jp = this.snap.view.just_placed;
    if (!jp || !this.meepleAt.size) return null;
    // nearest legal spot within reach first, then the piece under the finger
    let best = null, bd = 0.2;
    for (const piece of this.meepleAt.keys()) {
      const p = this.spotWorld(jp.x, jp.y, piece);
      if (!p) continue;
      const d = Math.hypot(p[0] - wx, p[1] - wy);
      if (d < bd) { bd = d; best = piece; }
    }
    if (best !== null) return best;
    const hit = this.pieceUnder(wx, wy);
    if (hit && hit.x === jp.x && hit.y === jp.y && this.meepleAt.has(hit.piece)) return hit.piece;
    return null;
  }

  press(act) {
    const c = [this.W / 2, this.H / 2];
    if (act === "zoomin") this.zoomAt(...c, 1.3);
    else if (act === "zoomout") this.zoomAt(...c, 1 / 1.3);
    else if (act === "fit") { this.fit(); this.redraw(); }
    else if (act === "rotate" && this.sel) { this.sel.i = (this.sel.i + 1) % this.sel.moves.length; this.offerChoices(); this.redraw(); }
    else if (act === "confirm" && this.sel) { const m = this.sel.moves[this.sel.i]; this.sel = null; this.ui.play(m); }
    else if (act === "preview" && this.sel) this.press("rotate");
  }

  offerChoices() {
    if (!this.snap || !this.interactive) { this.ui.choices([]); return; }
    const phase = this.snap.view.phase;
    if (phase === "place" && this.sel) {
      const { moves, i } = this.sel;
      const cur = moves[i];
      const items = [{ label: "Place here", move: cur }];
      for (let k = 1; k < moves.length; k++) {
        const m = moves[(i + k) % moves.length];
        const turn = (((m.rot - cur.rot) % 4) + 4) % 4;
        items.push({ label: `Place turned ${["", "↻ 90°", "↻ 180°", "↺ 90°"][turn]}`, move: m });
      }
      this.ui.choices(items);
    } else if (phase === "meeple") {
      const items = [];
      if (this.pick !== null && this.meepleAt.has(this.pick)) {
        const t = this.cells.get(`${this.snap.view.just_placed.x},${this.snap.view.just_placed.y}`);
        const L = t && this.layout(t.tile);
        const kind = L ? L.pieces[this.pick].kind : "";
        for (const m of this.meepleAt.get(this.pick)) items.push({ label: `${ROLE_LABEL[m.role] || m.role} on ${kind}`, move: m });
      }
      if (this.skip) items.push({ label: "Place nothing", move: this.skip });
      this.ui.choices(items);
    } else {
      this.ui.choices([]);
    }
  }

  // ------------------------------------------------------------ geometry helpers
  spotWorld(x, y, piece) {
    const t = this.cells.get(`${x},${y}`);
    if (!t) return null;
    const L = this.layout(t.tile);
    if (!L || !L.spots[piece]) return null;
    const [dx, dy] = rotatePoint(L.spots[piece][0], L.spots[piece][1], t.rot || 0);
    return [x + dx, y + dy];
  }

  spotScreen(piece) {
    const jp = this.snap && this.snap.view.just_placed;
    if (!jp) return null;
    const w = this.spotWorld(jp.x, jp.y, piece);
    return w ? this.toScreen(w[0], w[1]) : null;
  }

  // ------------------------------------------------------------ drawing
  redraw() {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => { this.raf = null; this.draw(); });
  }

  draw() {
    const g = this.g;
    const { W, H, dpr } = this;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
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
    // ghost of the drawn tile
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

    // meeple phase: pieces that can take a member or hut
    if (this.interactive && phase === "meeple" && v.just_placed) {
      const jp = v.just_placed;
      const t = this.cells.get(`${jp.x},${jp.y}`);
      if (t) {
        const hp = this.hoverPiece;
        for (const piece of [this.pick, hp]) if (piece !== null && piece !== undefined && this.meepleAt.has(piece)) this.drawMask(g, t, piece, "#ffe680");
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

    // ghost controls
    if (this.sel && this.interactive) this.drawGhostControls(g);

    // panels
    drawPlayers(g, v, this.ui, this.snap.winners, W);
    let rot = this.sel ? this.sel.moves[this.sel.i].rot : 0;
    let shown = v.drawn ? v.drawn.tile : null;
    const jt = v.just_placed && this.cells.get(`${v.just_placed.x},${v.just_placed.y}`);
    if (!shown && phase === "meeple" && jt) { shown = jt.tile; rot = jt.rot || 0; }
    const names = (this.snap.winners || []).map((i) => this.ui.seatName(i)).join(" & ");
    const pv = drawPreview(g, v, W, shown ? this.tileArt(shown, (W < 520 ? 62 : 88) * dpr) : null, rot, phase, names);
    if (shown && phase !== "over") this.drawDecorInBox(g, shown, pv.tile, rot);
    if (this.sel) this.buttons.push({ ...pv.tile, act: "preview" });
    this.buttons.push(...drawButtons(g, W, H));
    drawInfo(g, W, H, this.infoLines(f), this.ui);
  }

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
  }

  drawDecor(g, id, x, y, rot) {
    const L = this.layout(id);
    if (!L) return;
    const s = this.cam.s;
    for (const items of L.decor) for (const d of items) {
      if (d.kind === "fish") continue;
      const [dx, dy] = rotatePoint(d.at[0], d.at[1], rot);
      const [sx, sy] = this.toScreen(x + dx, y + dy);
      const k = d.kind === "gold" ? 0.13 : d.kind === "mammoth" ? 0.24 : 0.21;
      glyph(g, d.kind, sx, sy, Math.max(s * k, k * 60));
    }
  }

  drawDecorInBox(g, id, box, rot) {
    const L = this.layout(id);
    if (!L) return;
    const s = box.w;
    for (const items of L.decor) for (const d of items) {
      if (d.kind === "fish") continue;
      const [dx, dy] = rotatePoint(d.at[0], d.at[1], rot);
      glyph(g, d.kind, box.x + s * (0.5 + dx), box.y + s * (0.5 + dy), s * (d.kind === "gold" ? 0.11 : 0.2));
    }
  }

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
  }

  drawGhostControls(g) {
    const m = this.sel.moves[this.sel.i];
    const s = this.cam.s;
    const [x, y] = this.toScreen(m.x, m.y);
    const b = this.W < 520 ? 34 : 32;
    const items = [];
    if (this.sel.moves.length > 1) items.push("rotate");
    items.push("confirm");
    const span = items.length * (b + 6) - 6;
    // beside the ghost, on a side with no tile and inside the canvas
    const sides = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => {
      const k = `${m.x + dx},${m.y + dy}`;
      const free = (this.cells.has(k) ? 0 : 2) + (this.placeAt.has(k) ? 0 : 1);
      const bx0 = dx ? x + dx * (s / 2 + 6) - (dx < 0 ? b : 0) : x - span / 2;
      const by0 = dy ? y + dy * (s / 2 + 6) - (dy < 0 ? b : 0) : y - span / 2;
      const inside = bx0 > 4 && by0 > 4 && bx0 + (dx ? b : span) < this.W - 4 && by0 + (dy ? span : b) < this.H - 4;
      return { dx, dy, bx0, by0, score: free + (inside ? 4 : 0) };
    });
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
    });
  }

  infoLines(f) {
    const v = this.snap.view;
    if (f) {
      const occ = Object.entries(f.occupants || {}).filter(([, n]) => n > 0).map(([seat, n]) => ({ seat: +seat, n }));
      const tiles = new Set((f.parts || []).map(([x, y]) => `${x},${y}`)).size;
      return [
        { text: `${KIND_LABEL[f.kind] || f.kind} · ${f.complete ? "complete" : "open"} · worth ${f.value ?? 0}` },
        { text: `${tiles} tile${tiles === 1 ? "" : "s"} · ${occ.length ? "held by" : "nobody on it"}`, dots: occ.length ? occ : null },
      ];
    }
    if (!this.interactive) return v.phase === "over" ? [{ text: "Game over" }] : [];
    if (v.phase === "place") {
      if (this.sel) return [{ text: this.sel.moves.length > 1 ? "Tap the tile again to turn it, ✓ to place" : "Tap ✓ to place the tile here" }];
      return [{ text: this.placeAt.size ? "Tap a glowing square to place the tile" : "No place for this tile" }];
    }
    if (v.phase === "meeple") return [{ text: this.meepleAt.size ? "Tap a marked area for a member or hut" : "Nothing to place: choose Place nothing" }];
    return [];
  }
}
