// Glen More renderer: draws snapshot.view on a canvas (chain, market, scoring
// table, player displays), highlights snapshot.legal and plays moves on
// pointer taps. Interface: web/js/README.md. View/move format:
// engine/cairn/glenmore/README.md.

import { THEME, RESOURCES } from "./glenmore/draw.js";
import { displayMoves } from "./glenmore/display.js";
import { moveLabel, counted, spotAt, resName } from "./glenmore/labels.js";
import { learn, wordsOf } from "./words.js";
import { t } from "../i18n/glenmore.js";
import { layoutMethods } from "./glenmore/layout.js";
import { Renderer, inRect } from "./base.js";

export default class GlenMoreRenderer extends Renderer {
  constructor(canvas, ui) {
    super(canvas, ui);
    this.sel = null;          // seat whose display is shown large
    this.lastTurn = null;
    this.pan = { x: 0, y: 0 };
    this.myPan = {};          // seat -> the pan of its display the player made (kept through moves)
    this.hover = null;
    this.openKey = null;      // tile whose activation options are listed as choices
    this.moveFrom = null;     // clan-member source picked in the move phase
    this.down = null;
    this.resize();
  }

  update(snapshot, ctx) {
    const prev = this.take(snapshot, ctx);
    learn(snapshot);   // each legal move's words (moveLabel) for the drawing code
    const v = snapshot.view;
    const turn = v.current_player;
    if (prev && prev.gid !== snapshot.gid) {   // another game: forget view choices
      this.sel = null;
      this.manualView = null;
      this.lastTurn = null;
      this.myPan = {};
    }
    if (v.is_over && (!prev || !prev.view.is_over || prev.gid !== snapshot.gid)) {
      // the end: open on the winner's board (a human winner first), else on a human's
      const winners = snapshot.winners || [];
      const human = (i) => v.seats && v.seats[i] && v.seats[i].kind === "human";
      this.sel = winners.find(human) ?? winners[0] ?? (v.seats || []).findIndex(human);
      if (this.sel == null || this.sel < 0) this.sel = 0;
      this.pan = this.panOf(this.sel);
    } else if (this.sel == null || turn !== this.lastTurn || this.sel >= v.players.length) {
      if (turn != null) this.sel = turn;
      else if (this.sel == null || this.sel >= v.players.length) this.sel = (snapshot.winners || [0])[0] ?? 0;
      this.pan = this.panOf(this.sel);
    }
    this.lastTurn = turn;
    if (!prev || prev.view.ply !== v.ply) {
      this.openKey = null;
      this.moveFrom = null;
    }
    this.tip = null;
    this.holdRecent(prev, ctx);
    this.validateSelection();
    this.sendChoices();
    this.draw();
  }

  /** The pan of ``seat``'s display: the one the player made (a drag, the keyboard), else none. */
  panOf(seat) { return { ...(this.myPan[seat] || { x: 0, y: 0 }) }; }

  /** Where the shown player's display is, and whose it is (for the shell's checks). */
  layoutInfo() {
    const v = this.snap && this.snap.view;
    if (!v || !this.area) return { own: null };
    const seat = this.sel;
    return { seat, own: seat === v.current_player || v.is_over ? this.area : null };
  }

  /** Moves shown moving (js/motion.js): a tile placed travels from the chain space it was taken
   * from (the figure's space that its take marked, when the chain was drawn), a tile activated
   * swells, a market row's price fades to its new place; a figure drops onto its space. */
  flightFrom(box, group, item) {
    if (box.kind === "market") return "fade";
    if (box.kind === "chain") { this.takenFrom = { ...box }; return null; }
    if (box.kind === "tile") {
      if (!String(item.key || "").startsWith("places")) return "pulse";
      const from = this.takenFrom;
      this.takenFrom = null;
      return from || null;
    }
    return null;
  }

  teardown() {
    clearTimeout(this.holdTimer);
    this.hold = null;
  }

  /** When your turn comes after the others placed a tile in their own display, that display
   * stays shown (its new tile marked) as long as the words of their moves take to read, or until
   * a tap; then yours (ctx.hold: false, no wait: the tests' ?fast=1). A chip of the strip
   * tapped shows its display (showRecent). */
  holdRecent(prev, ctx) {
    const v = this.snap.view;
    const turned = prev && prev.gid === this.snap.gid && prev.view.current_player !== v.current_player;
    if (!turned || !this.interactive || !ctx || ctx.hold === false) return;
    const tiles = this.recentMarks("tile").filter((m) => m.mark.seat !== v.current_player);
    if (!tiles.length) return;
    const words = (this.recent || []).map((h) => String(h.text || "")).join(" ").length;
    const ms = Math.max(2000, Math.min(6000, 400 + 55 * words));
    this.hold = { seat: tiles[tiles.length - 1].mark.seat, until: performance.now() + ms };
    this.sel = this.hold.seat;
    this.pan = this.panOf(this.sel);
    clearTimeout(this.holdTimer);
    this.holdTimer = setTimeout(() => this.endHold(), ms);
  }

  /** The others' display shown after their move goes: back to the player to move. */
  endHold() {
    clearTimeout(this.holdTimer);
    if (!this.hold) return;
    this.hold = null;
    const turn = this.snap && this.snap.view.current_player;
    if (turn != null && this.sel !== turn) this.showSeat(turn);
  }

  /** A chip of the strip tapped (js/recent.js): the display its move changed, shown. */
  showRecent(i) {
    const it = i != null ? (this.recent || [])[i] : null;
    const m = it && (it.marks || []).find((x) => x.kind === "tile");
    if (m) {
      this.hold = { seat: m.seat, until: Infinity };
      clearTimeout(this.holdTimer);
      if (this.sel !== m.seat) this.showSeat(m.seat);
    } else this.endHold();
  }

  // ---- choices (buttons the shell shows) ----

  validateSelection() {
    const mv = displayMoves(this.state());
    if (this.openKey && !mv.activate.has(this.openKey)) this.openKey = null;
    if (this.moveFrom && !mv.moveFrom.has(this.moveFrom)) this.moveFrom = null;
  }

  sendChoices() {
    if (!this.snap || !this.interactive) { this.ui.choices([]); return; }
    const v = this.snap.view;
    const legal = this.snap.legal || [];
    const me = v.players[v.current_player];
    const items = [];
    const add = (m, label, extra = {}) => items.push({ label: label || moveLabel(v, m), move: m, ...extra });
    if (this.openKey) {
      // a converter's options: what you give -> what you get; a guided pick
      // (how many, then which) when there are many (the Fair)
      const opts = legal.filter((m) => m.type === "activate" && `${m.tile[0]},${m.tile[1]}` === this.openKey);
      // the richest offer first (more goods handed in, more points)
      opts.sort((a, b) => (b.use ? b.use.length : 0) - (a.use ? a.use.length : 0));
      const many = opts.length > 6;
      for (const m of opts) {
        const w = wordsOf(m, this.snap);
        if (!m.use || !w) { add(m); continue; }
        // the engine's words: what is handed in and what it gives; grouped by amount when many
        add(m, null, { group: many ? w.group : null, groupLabel: w.label, info: w.info });
      }
    }
    if (this.moveFrom) {
      for (const m of legal) {
        if (m.type === "move" && m.to === "chieftain" && `${m.from[0]},${m.from[1]}` === this.moveFrom) add(m, null, { info: t("Send this clan member away: it becomes a chieftain (counts in every scoring)") });
      }
    }
    for (const m of legal) if (m.type === "gain") add(m);
    // paying: the whole cost in one tap from my tiles (single goods stay payable on the board)
    const plan = this.payPlan(v, legal);
    if (plan.moves.length) {
      const what = counted(plan.moves.map((m) => m.resource));
      const all = plan.moves.length === (v.pending.needs || []).length;
      items.push({ label: all ? t("Pay all: {goods}", { goods: what }) : t("Pay {goods} from my tiles", { goods: what }), main: all, act: () => this.ui.playAll ? this.ui.playAll(plan.moves) : this.ui.play(plan.moves[0]),
        info: all ? t("Pays the whole cost from the goods on your tiles (fullest tiles first); tap goods on your tiles to choose yourself") : t("Pays what your tiles hold; buy the rest at the market") });
    }
    for (const m of legal) if (m.type === "buy") add(m, null, { info: t("Buy a missing good from the market to pay with") });
    for (const m of legal) if (m.type === "pay" && !Array.isArray(m.from)) add(m);
    for (const m of legal) if (["pass", "end_activation", "end_turn"].includes(m.type)) {
      add(m, null, { main: true, info: m.type === "pass" ? t("No tile can be paid for and placed: your figure moves on and that tile leaves the game") : m.type === "end_activation" ? t("Stop activating; next, move clan members") : t("Finish your turn") });
    }
    // selling: one button per resource, taken from the tile holding most of it
    const best = new Map();
    for (const m of legal) {
      if (m.type !== "sell") continue;
      const spot = spotAt(me, m.from);
      const n = spot ? spot.resources[m.resource] || 0 : 0;
      const cur = best.get(m.resource);
      if (!cur || n > cur.n) best.set(m.resource, { m, n });
    }
    for (const r of RESOURCES) if (best.has(r)) add(best.get(r).m, null, { info: t("Sell one {res} to the market (from the tile holding most)", { res: resName(r) }) });
    // anything legal not reachable on the canvas or above still gets a button
    const onCanvas = new Set(["take", "place", "activate", "move", "pay", "buy", "sell", "gain", "pass", "end_activation", "end_turn"]);
    for (const m of legal) if (!onCanvas.has(m.type)) add(m);
    this.ui.choices(items);
  }

  /** Pay moves that cover the pending cost from my own tiles: for each unit
   * owed, the tile holding most of that good (as the per-unit button did). */
  payPlan(v, legal) {
    const me = v.players[v.current_player];
    const pend = v.pending;
    if (!pend || v.phase !== "pay" || !me) return { moves: [] };
    const left = new Map(me.display.map((d) => [`${d.at[0]},${d.at[1]}`, { ...d.resources }]));
    const payable = new Set(legal.filter((m) => m.type === "pay" && Array.isArray(m.from)).map((m) => m.resource));
    const moves = [];
    for (const r of pend.needs || []) {
      if (!RESOURCES.includes(r) || !payable.has(r)) continue;
      let bestK = null, most = 0;
      for (const [k, res] of left) if ((res[r] || 0) > most) { most = res[r]; bestK = k; }
      if (!bestK) continue;
      left.get(bestK)[r] -= 1;
      moves.push({ type: "pay", resource: r, from: bestK.split(",").map(Number) });
    }
    return { moves };
  }

  openTile(k) {
    this.openKey = this.openKey === k ? null : k;
    this.sendChoices();
    this.draw();
  }

  pickMoveFrom(k) {
    this.moveFrom = k;
    this.sendChoices();
    this.draw();
  }

  // ---- pointer input ----

  pressStart(x, y, e) {
    const p = { x, y };
    if (this.hold && this.hold.until !== Infinity) this.endHold();   // a tap: enough of the others' display
    const d = { p, pan: { ...this.pan }, drag: false, id: e.pointerId };
    this.down = d;
    if (e.pointerType !== "mouse") {
      if (this.tip) { this.tip = null; this.draw(); }
      clearTimeout(this.pressTimer);
      this.pressTimer = setTimeout(() => {   // long press: show the tile's details
        if (this.down !== d || d.drag) return;
        const info = this.infoAt(d.p);
        if (info) { d.long = true; this.tip = info; this.draw(); }
      }, 480);
    }
  }

  pressMove(x, y) {
    const d = this.down;
    if (!d) return false;
    const dx = x - d.p.x, dy = y - d.p.y;
    if (!d.drag && Math.hypot(dx, dy) > 8 && this.area && inRect(d.p.x, d.p.y, this.area) && this.pannable) d.drag = true;
    if (d.drag) {
      this.tip = null;
      this.pan = { x: d.pan.x + dx, y: d.pan.y + dy };
      this.draw();   // (clamps the pan to the display)
      this.myPan[this.sel] = { ...this.pan };
    }
    return true;
  }

  hoverAt(x, y) {
    const p = { x, y };
    const h = this.hitAt(x, y);
    const was = this.hover && this.hover.label;
    this.hover = h;
    this.canvas.style.cursor = h ? "pointer" : this.area && inRect(x, y, this.area) && this.pannable ? "grab" : "default";
    const info = this.infoAt(p);
    const tipWas = this.tip;
    this.tip = info;
    const same = (a, b) => a === b || (a && b && a.x === b.x && a.y === b.y && a.tile === b.tile);
    if ((h && h.label) !== was || !same(info, tipWas)) this.draw();
  }

  leave() {
    if (this.hover || this.tip) { this.hover = null; this.tip = null; this.draw(); }
  }

  pressEnd(x, y, e, cancelled) {
    const d = this.down;
    this.down = null;
    clearTimeout(this.pressTimer);
    if (!d || cancelled || d.drag || d.long) return;
    this.click({ x, y });
  }

  /** Where to tap next to play ``move`` when no button or place plays it at once
   * (js/spotlight.js): the tile whose activation opens its options, the tile a clan member
   * moves from; {x, y, w, h} on the canvas (``off``: out of the display's sight), or null. */
  lead(move) {
    if (!this.interactive) return null;
    const k = (at) => (Array.isArray(at) ? `${at[0]},${at[1]}` : null);
    const find = (pred) => {
      const h = this.hits.find(pred);
      if (!h) return null;
      const cx = h.x + h.w / 2, cy = h.y + h.h / 2;
      return { x: h.x, y: h.y, w: h.w, h: h.h, off: !!h.clip && !inRect(cx, cy, h.clip) };
    };
    if (move.type === "activate" && this.openKey !== k(move.tile)) return find((h) => h.tile === k(move.tile));
    if (move.type === "move" && this.moveFrom !== k(move.from)) return find((h) => h.from === k(move.from));
    return null;
  }

  /** Keyboard (js/keyboard.js): pan the display so that the place ``target`` (out of sight)
   * is in its middle; true when it moved. */
  bringIntoView(target) {
    const a = this.area;
    if (!this.pannable || !a) return false;
    const pad = 12;
    if (target.x >= a.x + pad && target.x <= a.x + a.w - pad && target.y >= a.y + pad && target.y <= a.y + a.h - pad) return false;
    const was = { ...this.pan };
    this.pan = { x: this.pan.x + a.x + a.w / 2 - target.x, y: this.pan.y + a.y + a.h / 2 - target.y };
    this.draw();   // clamps the pan to the display
    this.myPan[this.sel] = { ...this.pan };
    return this.pan.x !== was.x || this.pan.y !== was.y;
  }

  /** Keyboard Escape (js/keyboard.js): close a tile's options or a move being made. */
  cancel() {
    if (!this.openKey && !this.moveFrom) return false;
    this.openKey = null;
    this.moveFrom = null;
    this.sendChoices();
    this.draw();
    return true;
  }

  click(p) {
    const h = this.hitAt(p.x, p.y);
    if (!h) {
      if (this.openKey || this.moveFrom) {
        this.openKey = null;
        this.moveFrom = null;
        this.sendChoices();
        this.draw();
      }
      return;
    }
    if (h.move) {
      if (!this.interactive) return;
      this.openKey = null;
      this.moveFrom = null;
      this.hover = null;
      this.ui.play(h.move);
    } else if (h.act) {
      h.act();
    }
  }

  // ---- drawing ----

  state() {
    return {
      g: this.g, view: this.snap ? this.snap.view : null, legal: this.snap ? this.snap.legal || [] : [],
      interactive: this.interactive && !!this.snap && this.snap.view.phase !== "over",
      hits: this.hits, ui: this.ui, hover: this.hover, openKey: this.openKey, moveFrom: this.moveFrom,
      winners: this.snap ? this.snap.winners : [],
      touch: this.touch,
      marks: this.markings(),
      markBoxes: this.markBoxes,
      openTile: (k) => this.openTile(k), pickMoveFrom: (k) => this.pickMoveFrom(k),
    };
  }

  draw() {
    if (!this.g || !this.W) return;
    this.begin(THEME.bg);
    this.infos = [];
    if (!this.snap) return;
    const R = this.state();
    R.infos = this.infos;
    const wide = (this.W >= 720 && this.W >= this.H * 0.9) || (this.W >= 560 && this.W >= this.H * 1.3);
    if (wide) this.layoutWide(R);
    else this.layoutNarrow(R);
    if (this.tip) this.drawTip(this.tip);
  }

  /** The marks of what the others did since your move, by where they go: {chain: Map(space),
   * tile: Map("seat:x,y"), market: Map(resource)} of {k, colour, on} (the chip chosen wins). */
  markings() {
    const out = { chain: new Map(), tile: new Map(), market: new Map() };
    const keyOf = (m) => (m.kind === "chain" ? m.space : m.kind === "market" ? m.resource : `${m.seat}:${m.at[0]},${m.at[1]}`);
    for (const kind of ["chain", "tile", "market"]) {
      for (const x of this.recentMarks(kind)) {
        const k = keyOf(x.mark), was = out[kind].get(k);
        if (!was || x.on === "chosen" || (was.on === "faded" && x.on === "shown") || (was.on === x.on && x.k > was.k)) out[kind].set(k, x);
      }
    }
    return out;
  }

  /** The tile or card whose details a long press (or the mouse) shows at p. */
  infoAt(p) { return this.hitAt(p.x, p.y, this.infos || []); }

  showSeat(seat) {
    if (this.sel !== seat) {
      this.sel = seat;
      this.pan = this.panOf(seat);
      this.moveFrom = null;
      this.openKey = null;
      this.sendChoices();
    }
    this.draw();
  }
}

Object.assign(GlenMoreRenderer.prototype, layoutMethods);
