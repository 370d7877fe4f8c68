// Clans of Caledonia renderer (interface: web/js/README.md; view and moves:
// engine/cairn/caledonia/README.md and view.py). Everything is drawn from the
// view and the legal moves: the hex map (pan, pinch-zoom, fit) and, in tabs,
// the market, the export board, the players' boards, the clan offers and the
// final table. On a phone one tab fills the board; from 900 px wide the map
// stays on the left and the tabs on the right. The map's rectangle never
// depends on what the panels show, so it never jumps under the finger.
import { Renderer, inRect, noteCover } from "./base.js";
import { indexMap, spaceAt, drawMap } from "./caledonia/map.js";
import { mapCamera } from "./caledonia/ground.js";
import { groundLayer } from "./caledonia/groundlayer.js";
import { GroundArt } from "./caledonia/groundart.js";
import { drawMarket, drawExport, drawPlayers, drawOffers, drawFinal, summaryLines } from "./caledonia/panels.js";
import { plan } from "./caledonia/choices.js";
import { pieceURL } from "./caledonia/pieces.js";
import { freshSpaces, showRecent } from "./caledonia/recent.js";
import { TAB_H, drawTabs, tabName } from "./caledonia/tabs.js";
import { gloryBand } from "./caledonia/tracks.js";
import { screen } from "./caledonia/screen.js";
import { FONT, box, text, wrap, goodChip, GOOD, UNIT_ORDER } from "./caledonia/paint.js";
import { t, N_ } from "../i18n/caledonia.js";

const VIEW_NAMES = { in: N_("Zoom in"), out: N_("Zoom out"), fit: N_("Show the whole map") };

export default class CaledoniaRenderer extends Renderer {
  constructor(canvas, ui) {
    super(canvas, ui, { cam: { min: 6, max: 140 } });
    this.idx = null;
    this.idxKey = "";
    this.groundArt = new GroundArt();   // the map's ground painted off the page (drawGround)
    this.tab = "map";      // phone: the tab shown; wide: the right column's tab
    this.sideTab = "players";
    this.scroll = {};
    this.sel = { good: null, contract: null, offer: null, space: null };
    this.plan = null;
    this.lastFocus = "";
    this.lastSummary = "";
    this.drag = null;
    this.resize();
  }

  // ------------------------------------------------------------------ interface
  update(snapshot, ctx) {
    const prev = this.take(snapshot, ctx);
    const v = snapshot.view;
    const k = `${v.map.sides}/${v.map.n_players}`;
    if (prev && prev.gid !== snapshot.gid) { this.forgetView(); this.idxKey = ""; }   // another game: the whole map
    if (k !== this.idxKey) { this.idx = indexMap(v.map); this.idxKey = k; this.fitMap(); }
    // a new decision clears the selection
    const sig = JSON.stringify([v.ply, v.current]);
    if (!prev || prev.view.ply !== v.ply) {
      this.sel = { good: this.keepGood(snapshot), contract: null, offer: null, space: null };
      this.confirmPass = false;
    }
    this.plan = plan(snapshot, this.sel, this.idx, this.ui.seatName);
    this.warmIcons(v);
    if (!this.interactive) this.plan = { ...this.plan, items: [], marks: new Map() };
    this.autoTab(v, prev);
    const marksSig = [...this.plan.marks.keys()].join(",");
    if (this.mine) {
      // the view the player set stays: a bot's move out of it is shown, then the view comes back
      if (this.interactive) this.comeBack();
      else this.showBotMove();
    } else {
      if (marksSig && marksSig !== this.marksSig) this.focusMarks();
      // the decision on the map is over: back to the whole map unless the player moved it
      if (!marksSig && this.marksSig && this.autoFocus) { this.fitMap(); this.autoFocus = false; }
    }
    this.marksSig = marksSig;
    this.sig = sig;
    this.offer();
    this.redraw();
  }

  /** What the panels mark of the others' moves since yours, and what moves shown moving need
   * (js/motion.js): the goods whose price moved, the export boxes and the players' boards marked
   * ({market, export, player}: key -> {k, colour, on}), the boxes list, the view before this
   * update (its counts) and the strip's item a seat's change belongs to (its latest move). */
  changes() {
    const fresh = { market: new Map(), export: new Map(), player: new Map() };
    for (const [kind, key] of [["market", "good"], ["export", "slot"], ["player", "seat"]]) {
      for (const x of this.recentMarks(kind)) {
        const was = fresh[kind].get(x.mark[key]);
        if (!was || x.on === "chosen" || (was.on !== "chosen" && x.k > was.k)) fresh[kind].set(x.mark[key], x);
      }
    }
    return { fresh, boxes: this.markBoxes, markBoxes: this.markBoxes, was: this.was, recentOf: (seat) => this.recentOf(seat) };
  }

  /** Moves shown moving (js/motion.js): a price slides along its track from where it was, a
   * count that changed swells to its new value, a contract dealt into an export box drops in, a
   * unit drops onto its space. */
  flightFrom(box) {
    if (box.kind === "price") return box.from || "fade";
    if (box.kind === "count") return "pulse";
    return null;
  }

  /** The map spaces the others changed since your move: ./caledonia/recent.js. */
  freshSpaces() { return freshSpaces(this); }

  /** A chip of the strip tapped (js/recent.js): ./caledonia/recent.js. */
  showRecent(i) { showRecent(this, i); }

  keepGood(snapshot) {
    // the market stays on the good being traded while its moves are still offered (port 6)
    const g = this.sel.good;
    const v = snapshot.view;
    const port6 = (v.pending || []).some((p) => p.kind === "port6");
    return g && port6 && (snapshot.legal || []).some((m) => m.type === "trade" && m.good === g) ? g : null;
  }

  resized(changed) {
    // refit only on a real change of shape (not when a bar appears under the board)
    if (changed) this.forgetView();
    if (!this.cam.userMoved || !this.fitFor || changed) this.fitMap();
  }

  camMoved() {
    this.autoFocus = false;
    super.camMoved();
  }

  /** A bot's latest change to the map, out of the player's view: brought into it (the scale
   * kept; the player's view comes back at their turn: update()). */
  showBotMove() {
    const L = this.layout();
    const fresh = [...this.freshSpaces().keys()];
    if (!fresh.length || !this.mapShown(L)) return;
    const sp = this.snap.view.map.spaces[fresh[fresh.length - 1]];
    if (!sp) return;
    const r = this.revealRect(L);
    const [x, y] = this.mapCam().toScreen(sp.x, sp.y);
    const d = this.cam.s * Math.sqrt(3) / 2;
    if (x - d >= r.x && y - d >= r.y && x + d <= r.x + r.w && y + d <= r.y + r.h) return;
    this.goAway();
    this.cam.ox += r.x + r.w / 2 - x;
    this.cam.oy += r.y + r.h / 2 - y;
  }

  /** The places to tap now: legal moves placed on the board first, then what opens a choice
   * (tabs, goods, contracts, view buttons). ``legal``: a place of a legal move (a space with
   * several moves, a good that can be traded, a contract that can be taken...); with
   * ``{all: true}`` the map's legal spaces out of sight come too, marked ``off`` (the keyboard
   * pans to them: js/keyboard.js). */
  targets({ all = false } = {}) {
    if (!this.snap) return [];
    const out = [];
    const ui = [];
    const L = this.layout();
    // name: the words a screen reader says when the keyboard focus is there (js/keyboard.js)
    for (const tb of L.tabs) ui.push({ x: tb.x + tb.w / 2, y: tb.y + tb.h / 2, w: tb.w, h: tb.h, move: null, label: `tab ${tb.id}`, name: t("{tab} tab", { tab: tabName(tb.id) }) });
    if (this.mapShown(L) && this.plan) {
      const r = this.revealRect(L);
      const d = this.cam.s * Math.sqrt(3);   // the hex's inner height: its tap area's side
      for (const [sid, m] of this.plan.marks) {
        const sp = this.snap.view.map.spaces[sid];
        const [x, y] = this.mapCam().toScreen(sp.x, sp.y);
        // in plain sight: its whole tap area clear of the status line, the help and the view buttons
        const off = x - d / 2 < r.x - 0.5 || y - d / 2 < r.y - 0.5 || x + d / 2 > r.x + r.w + 0.5 || y + d / 2 > r.y + r.h + 0.5;
        if (off && !all) continue;
        (m.moves.length === 1 ? out : ui).push({ x, y, w: d, h: d, move: m.moves.length === 1 ? m.moves[0] : null, legal: true, off, label: `space ${sid}`,
          name: m.label ? t("Map space: {what}", { what: m.label }) : t("Map space") });
      }
      for (const b of this.buttons || []) ui.push({ x: b.x + b.w / 2, y: b.y + b.h / 2, w: b.w, h: b.h, move: null, label: `view ${b.act}`, name: t(VIEW_NAMES[b.act] || b.act) });
    }
    if (!this.mapShown(L) || L.wide) for (const h of this.hits) {
      // a panel scrolls: what is not wholly in it is out of sight (bringIntoView scrolls to it)
      const PV = this.panelShown(L);
      const whole = h.y >= PV.y - 0.5 && h.y + h.h <= PV.y + PV.h + 0.5;
      if (!whole && !(all && h.legal)) continue;
      ui.push({ x: h.x + h.w / 2, y: h.y + h.h / 2, w: h.w, h: h.h, move: null, legal: !!h.legal, label: h.label, name: h.name,
        ...(whole ? {} : { off: true, panel: true }) });
    }
    return out.concat(ui);
  }

  /** Keyboard and light (./base.js): a place out of sight brought into view: a panel's row
   * scrolled to, a map space panned to. */
  bringIntoView(target) {
    if (!target.panel) return super.bringIntoView(target);
    const L = this.layout();
    const tab = this.currentTab(L);
    const was = this.scroll[tab] || 0;
    const PV = this.panelShown(L);
    this.scroll[tab] = was + target.y - (PV.y + PV.h / 2);
    this.clampScroll(tab);
    this.redraw();
    return this.scroll[tab] !== was;
  }

  /** What the board draws over itself: the tabs, the status line and the help over the map, the
   * view buttons (no space in plain sight lies under them: revealRect). */
  furniture() { return this.furn || []; }

  /** Where to tap next to play ``move`` when it is not on screen as a button or a place
   * (js/spotlight.js): its space with several moves, its offer, good, contract or unit in its
   * tab, or that tab; {x, y, w, h} on the canvas, or null. */
  lead(move) {
    if (!this.snap || !this.interactive) return null;
    const L = this.layout();
    const rect = (r) => (r ? { x: r.x, y: r.y, w: r.w, h: r.h } : null);
    const PV = this.panelShown(L);
    const inPanel = (h) => h.y >= PV.y - 0.5 && h.y + h.h <= PV.y + PV.h + 0.5;
    const onTab = (id, kind, key) => {
      if (this.currentTab(L) !== id) return rect(L.tabs.find((tb) => tb.id === id));
      const h = this.hits.find((x) => x.kind === kind && x.key === key);
      // scrolled out of the panel: out of sight (the light scrolls the panel to it)
      return h ? { ...rect(h), ...(inPanel(h) ? {} : { off: true, panel: true }) } : null;
    };
    if (move.space != null && (move.type === "start_worker" || move.type === "swap")) {
      if (!this.mapShown(L)) return rect(L.tabs.find((tb) => tb.id === "map"));
      const t = this.targets({ all: true }).find((x) => x.label === `space ${move.space}`);
      return t ? { x: t.x - t.w / 2, y: t.y - t.h / 2, w: t.w, h: t.h, off: t.off } : null;
    }
    if (move.type === "pick") return onTab("offers", "offer", `${move.clan || ""}:${move.tile}`);
    if (move.type === "trade") return onTab("market", "good", move.good);
    if (move.type === "take_contract") return onTab("export", "contract", move.contract);
    if (move.type === "fulfil") return onTab("players", "fulfil", move.contract);
    if (move.type === "expand") return onTab("players", "unit", move.unit);
    return null;
  }

  logLine(h) { return h.text; }

  /** Bring the highlighted spaces into view, big enough to tap (44 px on a phone). */
  focusMarks() {
    const c = this.focusCam(this.snap.view, this.plan.marks, !!this.plan.hint && this.interactive);
    if (!c) return;
    Object.assign(this.cam, c);
    this.cam.userMoved = true;
    this.autoFocus = true;
  }

  // ------------------------------------------------------------------ choices
  offer() {
    if (!this.snap || !this.interactive || !this.plan) { this.ui.choices([]); return; }
    // passing ends the player's round (and often cannot be undone): it asks once more
    const pass = this.plan.items.find((it) => it.move && it.move.type === "pass");
    if (pass && this.confirmPass) {
      this.ui.choices([
        { label: t("Not yet"), cancel: true, act: () => { this.confirmPass = false; this.refresh(); } },
        { ...pass, label: pass.confirm || pass.label, main: true },
      ]);
      return;
    }
    const items = this.plan.items.map((it) => {
      if (it.piece) it = { ...it, icon: this.pieceIcon(it.piece) };
      if (it === pass) return { ...it, move: null, leads: it.move, label: `${it.label}\u2026`, act: () => { this.confirmPass = true; this.refresh(); } };
      // a group of one shows its item as is (with its price), not the group's name
      if (it.group && !it.groupLabel) it = { ...it, groupLabel: it.label };
      if (it.act === "market") return { ...it, board: true, act: () => { this.setTab("market"); } };
      if (it.act === "export") return { ...it, board: true, act: () => { this.setTab("export"); } };
      if (it.act === "clear") return { ...it, board: true, act: () => { this.sel.good = null; this.refresh(); } };
      return it;
    });
    this.ui.choices(items);
  }

  /** The map's rectangle when it is shown (the camera's area: ./base.js camRect). */
  camRect() {
    const L = this.layout();
    return this.mapShown(L) ? L.map : null;
  }

  /** The choices' pictures of your units and of the goods (each drawn and encoded as an image:
   * 1-2 ms) made while the page is idle, before your first turn lists them in one frame. */
  warmIcons(v) {
    if (this.iconsWarmed || typeof requestIdleCallback === "undefined") return;
    this.iconsWarmed = true;
    const pieces = Object.keys(GOOD).map((good) => ({ good }));
    (v.seats || []).forEach((s, seat) => { if (s.kind === "human") for (const unit of UNIT_ORDER) pieces.push({ unit, seat }); });
    const step = (idle) => {
      while (pieces.length && idle.timeRemaining() > 4) this.pieceIcon(pieces.shift());
      if (pieces.length) requestIdleCallback(step);
    };
    requestIdleCallback(step);
  }

  /** A piece's picture for a choice button (a data URL, made once per piece and colour). */
  pieceIcon(piece) {
    const colour = piece.unit ? this.ui.seatColor(piece.seat) : "";
    const k = `${piece.unit || piece.good}/${colour}`;
    this.icons = this.icons || new Map();
    if (!this.icons.has(k)) this.icons.set(k, pieceURL(piece.unit ? { unit: piece.unit, colour } : { good: piece.good }, 22));
    return this.icons.get(k) || null;
  }

  /** Keyboard Escape (js/keyboard.js): drop a chosen space, contract, offer or good; a pass being confirmed. */
  cancel() {
    const s = this.sel;
    if (s.space == null && s.contract == null && s.offer == null && s.good == null && !this.confirmPass) return false;
    if (s.space != null) s.space = null;
    else if (s.contract != null || s.offer != null) { s.contract = null; s.offer = null; }
    else s.good = null;
    this.confirmPass = false;
    this.refresh();
    return true;
  }

  refresh() {
    if (!this.snap) return;
    this.plan = plan(this.snap, this.sel, this.idx, this.ui.seatName);
    if (!this.interactive) this.plan = { ...this.plan, items: [], marks: new Map() };
    this.offer();
    this.redraw();
  }

  // ------------------------------------------------------------------ input (events: ./base.js)
  region(x, y) {
    const L = this.layout();
    for (const t of L.tabs) if (inRect(x, y, t)) return "tabs";
    if (L.wide) return x < L.map.x + L.map.w ? "map" : "panel";
    if (y < TAB_H) return "tabs";
    return this.currentTab(L) === "map" ? "map" : "panel";
  }

  camAt(x, y) { return this.region(x, y) === "map"; }

  tap(x, y) { this.tapMap(x, y); }

  pressStart(x, y, e) {
    this.drag = { id: e.pointerId, reg: this.region(x, y), x, y, y0: y, x0: x, moved: false };
  }

  pressMove(x, y, e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return false;
    if (!d.moved && Math.hypot(x - d.x0, y - d.y0) > 8) d.moved = true;
    if (d.moved && d.reg === "panel") {
      const t = this.currentTab(this.layout());
      this.scroll[t] = (this.scroll[t] || 0) - (y - d.y);
      this.clampScroll(t);
      this.redraw();
    }
    d.x = x; d.y = y;
    return true;
  }

  hoverAt(x, y) {
    this.canvas.style.cursor = this.clickableAt(x, y) ? "pointer" : "";
  }

  pressEnd(x, y, e, cancelled) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    if (cancelled || d.moved) return;
    if (d.reg === "tabs") {
      const t = this.layout().tabs.find((t) => inRect(x, y, t));
      if (t) this.setTab(t.id);
      return;
    }
    this.tapPanel(x, y);
  }

  wheelAt(x, y, dy) {
    const t = this.currentTab(this.layout());
    this.scroll[t] = (this.scroll[t] || 0) + dy;
    this.clampScroll(t);
    this.redraw();
  }

  clampScroll(t) {
    const L = this.layout();
    const max = Math.max(0, (this.contentH && this.contentH[t] || 0) - this.panelShown(L, t).h + 12);
    this.scroll[t] = Math.max(0, Math.min(max, this.scroll[t] || 0));
  }

  clickableAt(x, y) {
    if (this.region(x, y) === "tabs") return true;
    if (this.hitAt(x, y) || this.hitAt(x, y, this.buttons || [])) return true;
    if (this.region(x, y) === "map" && this.plan) {
      const sp = spaceAt(this.idx, ...this.worldAt(x, y));
      return !!sp && this.plan.marks.has(sp.id);
    }
    return false;
  }

  tapMap(x, y) {
    const b = this.hitAt(x, y, this.buttons || []);
    if (b) {
      if (b.act === "in") this.cam.zoomAt(...this.mapCentre(), 1.3);
      else if (b.act === "out") this.cam.zoomAt(...this.mapCentre(), 1 / 1.3);
      else { this.forgetView(); this.fitMap(); this.redraw(); }
      return;
    }
    if (!this.interactive || !this.plan || !this.idx) return;
    const sp = spaceAt(this.idx, ...this.worldAt(x, y));
    if (!sp || !this.plan.marks.has(sp.id)) {
      if (this.sel.space != null) { this.sel.space = null; this.refresh(); }
      return;
    }
    const mk = this.plan.marks.get(sp.id);
    // one move there and tapped again (or a placement): play it; otherwise select and confirm below
    if (mk.moves.length === 1 && this.sel.space === sp.id) { this.sel.space = null; this.ui.play(mk.moves[0]); return; }
    this.sel.space = sp.id;
    this.refresh();
  }

  /** The camera as the map painter sees it: world (view) coordinates to the screen, turned a
   * quarter clockwise on a portrait phone. */
  mapCam() { return mapCamera(this.cam, this.rot); }

  worldAt(sx, sy) {
    const [X, Y] = this.cam.toWorld(sx, sy);
    return this.rot ? [Y, -X] : [X, Y];
  }

  mapCentre() {
    const m = this.layout().map;
    return [m.x + m.w / 2, m.y + m.h / 2];
  }

  tapPanel(x, y) {
    const h = this.hitAt(x, y);
    if (!h || !this.interactive) return;
    if (h.kind === "good") this.sel.good = h.key;
    else if (h.kind === "contract") this.sel.contract = h.key;
    else if (h.kind === "offer") this.sel.offer = h.key;
    else if (h.kind === "unit") {
      const m = (this.snap.legal || []).find((m) => m.type === "expand" && m.unit === h.key);
      if (m) { this.ui.play(m); return; }
    } else if (h.kind === "fulfil") {
      const ms = (this.snap.legal || []).filter((m) => m.type === "fulfil" && m.contract === h.key);
      if (ms.length === 1) { this.ui.play(ms[0]); return; }
      this.sel.contract = h.key;
    }
    this.refresh();
  }

  // ------------------------------------------------------------------ drawing
  draw() {
    const g = this.begin("#17211d");
    this.buttons = [];
    this.furn = [];
    if (!this.snap) return;
    const v = this.snap.view;
    const L = this.layout();
    const tab = this.currentTab(L);
    const colorOf = (s) => this.ui.seatColor(s);
    const nameOf = (s) => this.ui.seatName(s);
    if (this.mapShown(L)) {
      g.save();
      g.beginPath(); g.rect(L.map.x, L.map.y, L.map.w, L.map.h); g.clip();
      const mc = { g, cam: this.mapCam(), view: v, idx: this.idx, colorOf, marks: this.plan ? this.plan.marks : null, sel: this.sel.space, fresh: this.freshSpaces(), boxes: this.markBoxes, W: this.W, H: this.H,
        glory: this.gloryOnMap ? { band: gloryBand(this.idx.box), players: v.players, title: t("Glory") } : null };
      this.drawGround(g, v, L.map, mc);
      drawMap(mc);
      this.drawMapOverlay(g, v, L);
      g.restore();
    } else if (v.map && this.idx) this.warmGround(v, L.map, this.gloryOnMap ? { band: gloryBand(this.idx.box) } : null);
    if (tab !== "map") {
      const P = L.panel;
      if (!L.wide) { g.fillStyle = "#17211d"; g.fillRect(0, TAB_H, this.W, this.H - TAB_H); }
      else { g.fillStyle = "#1b2621"; g.fillRect(P.x - 8, 0, this.W - P.x + 8, this.H); }
      g.save();
      const PV = this.panelShown(L, tab);
      g.beginPath(); g.rect(P.x - 4, PV.y, P.w + 8, PV.h); g.clip();
      this.contentH = this.contentH || {};
      const y0 = P.y + 4 - (this.scroll[tab] || 0);
      const st = { ...(this.plan ? this.plan.panel : {}), ...this.sel, colorOf, nameOf, me: this.meSeat(v), ...this.changes(), glory: !this.gloryOnMap };
      if (!this.interactive) Object.assign(st, { tradable: null, take: null, fulfil: null, expand: null, pick: null });
      const fn = { market: drawMarket, export: drawExport, players: drawPlayers, offers: drawOffers, final: drawFinal }[tab];
      const r = fn ? fn(g, v, P.x, y0, P.w, st) : { h: 0, hits: [] };
      const was = this.contentH[tab];
      this.contentH[tab] = r.h;
      if (was == null && this.panelShown(L, tab).h !== PV.h) this.redraw();   // (a first look: no cue needed after all)
      this.hits = r.hits;
      g.restore();
      // a scroll hint when there is more below
      if (r.h - (this.scroll[tab] || 0) > PV.h + 4) {
        const gy = this.H - 18;
        const more = t("more \u2193 drag");
        g.font = `400 11px ${FONT}`;
        const mw = Math.max(88, g.measureText(more).width + 16);
        g.fillStyle = "rgba(0,0,0,0.55)";
        g.beginPath(); g.roundRect(P.x + P.w / 2 - mw / 2, gy - 10, mw, 20, 10); g.fill();
        noteCover(g, P.x + P.w / 2 - mw / 2, gy - 10, mw, 20);
        text(g, more, P.x + P.w / 2, gy, { size: 11, color: "#ddd", align: "center" });
      }
    }
    drawTabs(g, L, tab, this.W, (id) => this.tabBadge(id));
    for (const tb of L.tabs) this.furn.push({ x: tb.x, y: tb.y, w: tb.w, h: tb.h, kind: "control", label: `tab ${tb.id}` });
    // the final table beside the map (a wide screen): the page shows it once, here (its own
    // table under the scores goes while this one shows; a phone's sheet covers the board)
    const final = L.wide && tab === "final";
    if (final !== this.finalShown) {
      this.finalShown = final;
      if (this.ui.finalShown) this.ui.finalShown(final);
    }
  }

  teardown() {
    clearTimeout(this.layerTimer);
    this.groundArt.stop();
  }

  meSeat(v) {
    return v.current != null && v.seats && v.seats[v.current] && v.seats[v.current].kind === "human" ? v.current : null;
  }

  /** A dot on a tab that holds something to do now. */
  tabBadge(id) {
    const p = this.plan && this.interactive ? this.plan.panel : null;
    if (!p) return false;
    if (id === "market") return p.tradable.size > 0;
    if (id === "export") return p.take.size > 0;
    if (id === "players") return p.fulfil.size > 0 || p.expand.size > 0;
    if (id === "offers") return p.pick.size > 0;
    if (id === "map") return this.plan.marks.size > 0;
    return false;
  }

  drawMapOverlay(g, v, L) {
    // status of the player to move: money, goods, round (over the map, fixed)
    const seat = v.current;
    const p = seat != null ? v.players[seat] : null;
    const m = L.map;
    const bh = 26;
    g.fillStyle = "rgba(15,22,19,0.82)";
    g.fillRect(m.x, m.y, m.w, bh);
    noteCover(g, m.x, m.y, m.w, bh);
    this.furn.push({ x: m.x, y: m.y, w: m.w, h: bh, kind: "banner", label: "status line" });
    this.hintBottom = null;
    let x = m.x + 8;
    const y = m.y + bh / 2;
    text(g, `R${Math.min(v.round, v.rounds)}/${v.rounds}`, x, y, { size: 12, weight: 800, color: "#ffd95a" });
    x += 40;
    if (p) {
      g.beginPath(); g.arc(x + 6, y, 6, 0, Math.PI * 2); g.fillStyle = this.ui.seatColor(seat); g.fill();
      x += 16;
      x += text(g, `\u00a3${p.money}`, x, y, { size: 13, weight: 800, color: "#fff" }) + 8;
      if (!p.automa) for (const [good, n] of Object.entries(p.goods)) {
        if (x > m.x + m.w - (this.rot ? 66 : 40)) break;
        goodChip(g, good, x + 9, y, 9);
        x += text(g, `${n}`, x + 20, y, { size: 12, weight: 700, color: n ? "#fff" : "#888" }) + 26;
      }
    } else if (v.final) text(g, t("Game over"), x, y, { size: 12, weight: 700 });
    if (this.rot) {
      // the map is turned a quarter: say where north is (the log names places by compass)
      text(g, t("N \u2192"), m.x + m.w - 8, y, { size: 12, weight: 800, color: "#e8e0c8", align: "right" });
    }
    if (this.plan && this.plan.hint && this.interactive && this.plan.marks.size) {
      const hy = m.y + bh + 4;
      g.font = `600 12px ${FONT}`;
      const full = g.measureText(this.plan.hint).width + 16;
      if (full <= m.w - 16) {
        box(g, m.x + (m.w - full) / 2, hy, full, 22, 11, "rgba(0,0,0,0.7)");
        noteCover(g, m.x + (m.w - full) / 2, hy, full, 22);
        text(g, this.plan.hint, m.x + m.w / 2, hy + 11, { size: 12, weight: 600, color: "#ffe680", align: "center" });
        this.furn.push({ x: m.x + (m.w - full) / 2, y: hy, w: full, h: 22, kind: "banner", label: "help on the map" });
        this.hintBottom = hy + 22;
      } else {
        // a long hint (pt, ro) on two lines (three on a narrow map)
        const tw = m.w - 16;
        const hh = wrap(g, this.plan.hint, 0, 0, tw - 16, { size: 12, weight: 600, maxLines: 3, draw: false });
        box(g, m.x + 8, hy, tw, hh + 8, 11, "rgba(0,0,0,0.7)");
        noteCover(g, m.x + 8, hy, tw, hh + 8);
        wrap(g, this.plan.hint, m.x + 16, hy + 4, tw - 16, { size: 12, weight: 600, color: "#ffe680", maxLines: 3 });
        this.furn.push({ x: m.x + 8, y: hy, w: tw, h: hh + 8, kind: "banner", label: "help on the map" });
        this.hintBottom = hy + hh + 8;
      }
    }
    // view buttons: zoom in, zoom out, fit
    const s = 44, gap = 6, row = this.buttonsInRow(L);
    let bx = row ? m.x + m.w - 3 * s - 2 * gap - 8 : m.x + m.w - s - 8;
    let by = row ? m.y + m.h - s - 4 : m.y + m.h - 3 * s - 2 * gap - 8;
    for (const [act, label] of [["in", "+"], ["out", "\u2212"], ["fit", "\u2922"]]) {
      box(g, bx, by, s, s, 10, "rgba(20,28,24,0.85)", "rgba(255,240,200,0.3)");
      noteCover(g, bx, by, s, s);
      text(g, label, bx + s / 2, by + s / 2 + 1, { size: 20, weight: 700, align: "center" });
      this.buttons.push({ x: bx, y: by, w: s, h: s, act });
      this.furn.push({ x: bx, y: by, w: s, h: s, kind: "control", label: `view ${act}` });
      if (row) bx += s + gap; else by += s + gap;
    }
  }
}

export { summaryLines };

Object.assign(CaledoniaRenderer.prototype, screen, groundLayer);
