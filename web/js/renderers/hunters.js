// Carcassonne: Hunters and Gatherers renderer (see web/js/README.md for the
// interface and engine/cairn/hunters/README.md for the view and moves).
// Board: tiles painted procedurally from their pieces, pan (drag), zoom
// (wheel, pinch, buttons), fit (button or double tap), feature outline on
// hover (or tap when nothing is to be played there).
import { buildLayout, rotatePoint, unrotatePoint, pieceAt } from "./hunters/geometry.js";
import { paintPieceMask } from "./hunters/paint.js";
import { TileArt } from "./hunters/artcache.js";
import { drawing, wayFromStart } from "./hunters/draw.js";
import { layoutFor, drawInfo } from "./hunters/panels.js";
import { Renderer } from "./base.js";
import { t, N_ } from "../i18n/hunters.js";
import { labelOf, wordsOf } from "./words.js";

const TURNED = ["", N_("Place turned ↻ 90°"), N_("Place turned ↻ 180°"), N_("Place turned ↺ 90°")];
const MIN_S = 10, MAX_S = 260;

export default class HuntersRenderer extends Renderer {
  constructor(canvas, ui) {
    super(canvas, ui, { cam: { min: MIN_S, max: MAX_S } });
    this.cam.s = 80;
    this.userMoved = false;
    this.layouts = new Map();
    this.tiles = new TileArt((id) => this.layout(id), (id) => (this.snap && this.snap.view.tiles || {})[id], () => this.artArrived(),
      (id, layout) => { if (!this.layouts.has(id)) this.layouts.set(id, layout); });
    this.masks = new Map();
    this.sel = null; // {x, y, moves, i}
    this.pick = null; // piece offered in choices during the meeple phase
    this.hover = null; // feature under the mouse
    this.hoverCell = null;
    this.tapInfo = null; // feature shown after a tap (touch)
    this.buttons = [];
    this.lastTap = null;
    this.lastMouse = null;
    this.frame = 0;
    this.onKey = (e) => this.key(e);
    window.addEventListener("keydown", this.onKey);
    this.resize();
  }

  // ------------------------------------------------------------ interface
  update(snapshot, ctx) {
    const prev = this.take(snapshot, ctx);
    const v = snapshot.view || {};
    this.index(v, snapshot.legal || []);
    const sameTurn = prev && prev.view && prev.view.phase === v.phase &&
      JSON.stringify(prev.view.drawn) === JSON.stringify(v.drawn) &&
      JSON.stringify(prev.view.just_placed) === JSON.stringify(v.just_placed) &&
      (prev.view.board || []).length === (v.board || []).length;
    if (!sameTurn || !this.interactive) { this.sel = null; this.pick = null; this.hoverPiece = null; }
    if (this.sel && !this.placeAt.has(`${this.sel.x},${this.sel.y}`)) this.sel = null;
    this.tapInfo = null;
    // hover info is redrawn from the new state (not kept from the old one)
    this.hover = null;
    this.hoverCell = null;
    if (this.lastMouse && this.featAt) this.hoverAt(...this.lastMouse);
    if (prev && prev.gid !== snapshot.gid) { this.forgetView(); this.userMoved = false; }   // another game
    // the view the player set stays through moves and replies: the camera leaves it only for a
    // moment (the tile just placed brought close for its spots, a bot's tile shown) and comes back
    if (this.mine && !(v.phase === "meeple" && this.interactive)) this.comeBack();
    if (!this.userMoved) this.fit();
    if (v.phase === "meeple" && v.just_placed && this.interactive) { this.goAway(); this.reveal(v.just_placed.x, v.just_placed.y); }
    else if (this.focus != null) this.showRecent(this.focus);
    else if (this.mine && !this.interactive) this.showBotMove();
    // every square the tile can go on is out of sight (the view moved to show something): show
    // them (a view the player set stays: the light and the keyboard pan to them, fit shows all)
    if (!this.mine && v.phase === "place" && this.interactive && this.placeAt && this.placeAt.size && this.W && !this.targets().length) this.fit();
    this.offerChoices();
    this.redraw();
  }

  resized() {
    // refit only on a real change of shape: a choices bar appearing under the
    // board must not move the tile under the player's finger
    const was = this.fitFor;
    if (!this.userMoved && (!was || Math.abs(was.W - this.W) > 2 || Math.abs(was.H - this.H) > 0.3 * was.H)) this.fit();
    const v = this.snap && this.snap.view;
    if (v && v.phase === "meeple" && v.just_placed && this.interactive) this.reveal(v.just_placed.x, v.just_placed.y);
  }

  /** The camera moved (a drag, a pinch, the wheel, a button, the keyboard): it stays where the player put it. */
  camMoved() {
    this.userMoved = true;
    super.camMoved();
  }

  comeBack() {
    const back = super.comeBack();
    if (back) this.userMoved = true;
    return back;
  }

  /** A bot's last tile, out of the player's view: brought into it (the scale kept; the view
   * comes back at the player's turn: update()). */
  showBotMove() {
    const m = this.lastMarkTile();
    if (!m) return;
    const r = this.revealRect(), s = this.cam.s;
    const [x, y] = this.toScreen(m[0], m[1]);
    if (x - s / 2 >= r.x && y - s / 2 >= r.y && x + s / 2 <= r.x + r.w && y + s / 2 <= r.y + r.h) return;
    this.goAway();
    this.cam.ox += r.x + r.w / 2 - x;
    this.cam.oy += r.y + r.h / 2 - y;
  }

  /** The legal places on the board (``{all: true}``: those out of sight too, marked ``off``). */
  targets({ all = false } = {}) {
    if (!this.snap || !this.interactive) return [];
    const out = [];
    const r = this.revealRect();
    const s = this.cam.s;
    // a place in plain sight: its whole square in the board's clear part (no panel, button or
    // line of help over any of it); others are out of sight (the keyboard and the light pan there)
    const clear = (x, y, w, h) => x - w / 2 >= r.x - 0.5 && y - h / 2 >= r.y - 0.5 && x + w / 2 <= r.x + r.w + 0.5 && y + h / 2 <= r.y + r.h + 0.5;
    for (const m of this.snap.legal || []) {
      if (m.type === "place") {
        const [x, y] = this.toScreen(m.x, m.y);
        const off = !clear(x, y, s, s);
        if (off && !all) continue;
        out.push({ x, y, w: s, h: s, move: m, label: `place ${m.x},${m.y} turn ${m.rot}`, name: this.placeName(m),
          ...(all ? { off } : {}) });
      } else if (m.type === "meeple") {
        const p = this.spotScreen(m.piece);
        if (!p) continue;
        // the tap area: 0.2 tile around the spot, up to half the way to the next spot
        let reach = 0.4 * this.cam.s;
        for (const other of this.meepleAt.keys()) {
          if (other === m.piece) continue;
          const q = this.spotScreen(other);
          if (q) reach = Math.min(reach, Math.hypot(q[0] - p[0], q[1] - p[1]));
        }
        const off = !clear(p[0], p[1], reach, reach);
        if (off && !all) continue;
        out.push({ x: p[0], y: p[1], w: reach, h: reach, move: m, label: `${m.role} on piece ${m.piece}`, name: labelOf(m, this.snap),
          ...(all ? { off } : {}) });
      }
    }
    return out;
  }

  /** The board's part clear of the panels, the view buttons and the line of help at the bottom
   * (the keyboard pans a place into it: ./base.js bringIntoView; no place is in sight elsewhere). */
  revealRect() {
    const v = this.snap && this.snap.view;
    const lay = layoutFor(this.W, this.H, v && v.players ? v.players.length : 2);
    let bottom = lay.bottom;
    if (this.snap) {
      const info = drawInfo(this.g, this.W, this.H, this.infoShown(this.hover || this.tapInfo, lay), this.ui, lay, true);
      if (info) bottom = Math.max(bottom, this.H - info.y + 8);
    }
    return { x: lay.side, y: lay.top, w: Math.max(60, this.W - 2 * lay.side), h: Math.max(60, this.H - lay.top - bottom) };
  }

  /** What the board draws over itself: the panels, the view buttons, the line of help. */
  furniture() { return this.furn || []; }

  /** Bring what item ``i`` of the strip changed into view (null: nothing to do). */
  showRecent(i) {
    const it = i != null ? (this.recent || [])[i] : null;
    const m = it && (it.marks || []).find((x) => x.kind === "tile" || x.kind === "piece");
    if (!m) return;
    const r = this.revealRect();
    const [x, y] = this.toScreen(m.x, m.y);
    const s = this.cam.s;
    if (x - s / 2 >= r.x && y - s / 2 >= r.y && x + s / 2 <= r.x + r.w && y + s / 2 <= r.y + r.h) return;
    this.cam.ox += r.x + r.w / 2 - x;
    this.cam.oy += r.y + r.h / 2 - y;
    this.userMoved = true;
    this.redraw();
  }

  /** Moves shown moving (js/motion.js): a tile placed by another seat comes from the drawn tile's box. */
  flightFrom(box) {
    if (box.kind === "count") return "pulse";   // a score or supply that changed swells to its new value
    return box.kind === "tile" && this.pvTile ? this.pvTile : null;
  }

  teardown() {
    window.removeEventListener("keydown", this.onKey);
    clearTimeout(this.artTimer);
    this.tiles.clear();
    this.masks.clear();
    this.layouts.clear();
  }

  // ------------------------------------------------------------ indexes
  index(v, legal) {
    this.cells = new Map();
    for (const t of v.board || []) this.cells.set(`${t.x},${t.y}`, t);
    this.featAt = new Map();
    this.systemAt = new Map();
    for (const f of v.features || []) {
      for (const [x, y, piece] of f.parts || []) {
        const k = `${x},${y},${piece}`;
        // rivers and lakes also belong to a huts' river system: kept aside
        if (f.kind === "system") this.systemAt.set(k, f);
        else this.featAt.set(k, f);
        if (f.kind === "system" && !this.featAt.has(k)) this.featAt.set(k, f);
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

  tileArt(id, px) { return this.tiles.get(id, px); }

  /** Before ``snap`` is shown (js/app.js): its new tiles' pictures painted off the page, at the
   * board's zoom and the drawn tile's size, so the move's frame only draws them. */
  prepare(snap) {
    const v = snap && snap.view;
    if (!v || !v.tiles || !this.W) return null;
    const ids = (v.board || []).map((t) => t.tile);
    const board = this.tiles.prepare(v.tiles, ids, this.cam.s * this.dpr);
    const drawn = v.drawn && v.drawn.tile;
    return Promise.all([board, drawn && this.pvPx ? this.tiles.prepare(v.tiles, [drawn], this.pvPx) : null]);
  }

  /** A sharp picture came for a tile shown with a smaller one: drawn again once no move is shown moving. */
  artArrived() {
    if (!this.snap) return;
    if (this.motion.running) { clearTimeout(this.artTimer); this.artTimer = setTimeout(() => this.artArrived(), 60); return; }
    this.redraw();
  }

  mask(id, piece, color) {
    // rim in mask pixels (256 per tile): about 2 CSS px whatever the zoom
    const rim = this.cam.s < 60 ? 10 : this.cam.s < 120 ? 5 : 3;
    const k = `${id}:${piece}:${color}:${rim}`;
    if (!this.masks.has(k)) {
      const L = this.layout(id);
      if (!L) return null;
      this.masks.set(k, paintPieceMask(L, piece, color, rim));
      if (this.masks.size > 160) for (const old of [...this.masks.keys()].slice(0, 60)) this.masks.delete(old);
    }
    return this.masks.get(k);
  }

  // ------------------------------------------------------------ camera
  toScreen(wx, wy) { return this.cam.toScreen(wx, wy); }
  toWorld(sx, sy) { return this.cam.toWorld(sx, sy); }

  /** The view of the whole board, every tile and place (./base.js drawnWhole). */
  showWhole() { this.fit({ whole: true }); return true; }

  /** The board fitted to the screen (its fit button); unless ``whole``, a finger's places are
   * brought close enough to tap (44 px) and the tile just placed near enough for its spots. */
  fit({ whole = false } = {}) {
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
    // keep clear of the panels, the view buttons and the line of help
    const R = this.revealRect();
    const aw = R.w, ah = R.h;
    const bw = x1 - x0 + 1.3, bh = y1 - y0 + 1.3;
    let s = Math.max(MIN_S, Math.min(small ? 110 : 130, aw / bw, ah / bh));
    let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    if (!whole && this.touch && s < 48 && this.interactive && this.placeAt && this.placeAt.size) {
      // a finger needs 44 px: zoom in and centre on the places the tile may go
      s = 48;
      const places = this.placeAt ? [...this.placeAt.keys()].map((k) => k.split(",").map(Number)) : [];
      if (places.length) {
        cx = places.reduce((a, p) => a + p[0], 0) / places.length;
        cy = places.reduce((a, p) => a + p[1], 0) / places.length;
        const near = places.reduce((b, p) => (Math.hypot(p[0] - cx, p[1] - cy) < Math.hypot(b[0] - cx, b[1] - cy) ? p : b));
        [cx, cy] = near;
        // the tile the others placed last stays in sight too, when both fit
        const mark = this.lastMarkTile();
        if (mark && Math.abs(mark[0] - cx) + 1 <= aw / s && Math.abs(mark[1] - cy) + 1 <= ah / s) {
          cx = (cx + mark[0]) / 2;
          cy = (cy + mark[1]) / 2;
        }
      }
    }
    if (!whole && v && v.phase === "meeple" && v.just_placed && this.interactive) {
      // the member goes on one small tile: bring it close
      // (only when the tiles are too small to tap a spot reliably)
      const want = this.touch ? 150 : small ? 120 : 110;
      if (s < (this.touch ? 140 : small ? 90 : 70)) { s = want; cx = v.just_placed.x; cy = v.just_placed.y; }
    }
    this.cam.s = s;
    this.cam.ox = R.x + aw / 2 - cx * s;
    this.cam.oy = R.y + ah / 2 - cy * s;
    this.userMoved = false;
    this.fitFor = { W: this.W, H: this.H };
  }

  reveal(x, y) {
    // make sure this tile is on screen and big enough to tap (the same sizes as fit()), with its
    // spots and their names clear of every panel, button and line of help
    const small = this.W < 520, moved = this.userMoved;
    const want = this.touch ? 150 : small ? 120 : 110;
    if (this.cam.s < (this.touch ? 140 : small ? 90 : 70)) this.cam.zoomAt(...this.toScreen(x, y), want / this.cam.s, true);
    this.userMoved = moved;
    // the smallest pan that shows the whole tile (and the names under its spots) in the clear part
    const R = this.revealRect(), s = this.cam.s;
    const [sx, sy] = this.toScreen(x, y);
    const half = s * 0.5 + 4, below = s * 0.5 + 22;
    const dx = Math.max(0, R.x + half - sx) - Math.max(0, sx + half - (R.x + R.w));
    const dy = Math.max(0, R.y + half - sy) - Math.max(0, sy + below - (R.y + R.h));
    this.cam.ox += dx;
    this.cam.oy += dy;
  }

  /** The tile the others placed last (the engine's marks), as [x, y], or null. */
  lastMarkTile() {
    for (let i = (this.recent || []).length - 1; i >= 0; i--) {
      const m = (this.recent[i].marks || []).find((x) => x.kind === "tile");
      if (m) return [m.x, m.y];
    }
    return null;
  }

  zoomAt(sx, sy, k) {
    this.cam.zoomAt(sx, sy, k);   // marks userMoved and redraws (onChange)
  }

  // ------------------------------------------------------------ pointer input (events: ./base.js)
  leave() {
    this.lastMouse = null;
    this.hoverPiece = null;
    this.setHover(null, null);
  }

  hoverAt(x, y) {
    this.lastMouse = [x, y];
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
    if (dbl) { this.lastTap = null; this.forgetView(); this.fit(); this.redraw(); return; }
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

  key(e) {
    // R turns the ghost, Enter places it, Escape drops the selection
    if (!this.sel || !this.interactive || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(t.tagName || ""))) return;
    if (e.key === "r" || e.key === "R") this.press("rotate");
    else if (e.key === "Enter") this.press("confirm");
    else if (e.key === "Escape") { this.sel = null; this.offerChoices(); this.redraw(); }
    else return;
    e.preventDefault();
  }

  /** A place's words for a screen reader: where it is from the start tile, chosen or not. */
  placeName(m) {
    const dir = wayFromStart(m.x, m.y);
    const chosen = this.sel && this.sel.x === m.x && this.sel.y === m.y;
    return chosen ? t("Space {dx}, {dy} {dir} of the start: chosen, Enter places the tile, R turns it", { dx: Math.abs(m.x), dy: Math.abs(m.y), dir })
      : t("Space {dx}, {dy} {dir} of the start: Enter shows the tile there", { dx: Math.abs(m.x), dy: Math.abs(m.y), dir });
  }

  /** Keyboard (js/keyboard.js): Enter on the cell already chosen places the tile as shown. */
  activate(target) {
    const m = target && target.move;
    if (m && m.type === "place" && this.sel && this.sel.x === m.x && this.sel.y === m.y && this.interactive) { this.press("confirm"); return true; }
    return false;
  }

  /** Keyboard Escape: drop the chosen cell or tribe spot. */
  cancel() {
    if (this.sel == null && this.pick == null) return false;
    this.sel = null;
    this.pick = null;
    this.offerChoices();
    this.redraw();
    return true;
  }

  press(act) {
    const c = [this.W / 2, this.H / 2];
    if (act === "zoomin") this.zoomAt(...c, 1.3);
    else if (act === "zoomout") this.zoomAt(...c, 1 / 1.3);
    else if (act === "fit") { this.forgetView(); this.fit(); this.redraw(); }
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
      const items = [{ label: t("Place here"), move: cur, main: true, info: t("Put the tile here, turned as shown") }];
      for (let k = 1; k < moves.length; k++) {
        const m = moves[(i + k) % moves.length];
        const turn = (((m.rot - cur.rot) % 4) + 4) % 4;
        items.push({ label: t(TURNED[turn]), move: m });
      }
      this.ui.choices(items);
    } else if (phase === "meeple") {
      const items = [];
      if (this.pick !== null && this.meepleAt.has(this.pick)) {
        for (const m of this.meepleAt.get(this.pick)) items.push({ label: labelOf(m, this.snap), move: m });   // the engine's words
      }
      if (this.skip) {
        const w = wordsOf(this.skip, this.snap);
        items.push({ label: labelOf(this.skip, this.snap), move: this.skip, main: true, info: (w && w.info) || undefined });
      }
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

}

// drawing lives in ./hunters/draw.js (methods shared with this class)
Object.assign(HuntersRenderer.prototype, drawing);
