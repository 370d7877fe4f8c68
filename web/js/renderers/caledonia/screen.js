// Clans of Caledonia's screen: where the map, the tabs and the panel go (a phone: one tab fills
// the board; from 900 px wide the map on the left, the tabs on the right), which tab shows, the
// map fitted to its rectangle (with the glory track along its edge where it keeps its size) and
// where a space is in plain sight. Mixed into the renderer (../caledonia.js).
import { TAB_H, tabRow } from "./tabs.js";
import { GLORY_BELOW } from "./tracks.js";

// the map's margins in its rectangle: the status strip on top, the edge on a wide screen, the zoom buttons' column
const MAP_PAD = { top: 26 + 10, wide: 10, buttons: 56 };

export const screen = {
  /** Where a space is in plain sight on the map: clear of the status strip on top and the
   * zoom buttons (the keyboard pans a space out of it into it: ./base.js bringIntoView). */
  revealRect(L = this.layout(), hinted = !!(this.plan && this.plan.hint && this.interactive)) {
    const m = L.map, row = this.buttonsInRow(L);
    const top = this.hintBottom != null && hinted ? this.hintBottom + 4 : m.y + 30;
    return { x: m.x + 6, y: top, w: m.w - 6 - (row ? 6 : MAP_PAD.buttons), h: m.y + m.h - top - (row ? MAP_PAD.buttons : 6) };
  },

  /** The camera ({s, ox, oy}) that brings the highlighted spaces ``marks`` of view ``v`` into
   * sight, big enough to tap (44 px on a phone), from the camera now; null when they are in
   * sight already. ``hinted``: the line of help shows over the map. */
  focusCam(v, marks, hinted) {
    const L = this.layout();
    const m = L.map;
    const sps = [...marks.keys()].map((id) => v.map.spaces[id])
      .map((s) => (this.rot ? { x: -s.y, y: s.x, ox: s.x, oy: s.y } : { x: s.x, y: s.y, ox: s.x, oy: s.y }));
    if (!sps.length) return null;
    const x0 = Math.min(...sps.map((s) => s.x)) - 1.1, x1 = Math.max(...sps.map((s) => s.x)) + 1.1;
    const y0 = Math.min(...sps.map((s) => s.y)) - 1.1, y1 = Math.max(...sps.map((s) => s.y)) + 1.1;
    const R = this.revealRect(L, hinted);
    const rect = { x: R.x + 4, y: Math.max(R.y, m.y + 56) + 4, w: R.w - 8, h: R.y + R.h - Math.max(R.y, m.y + 56) - 8 };
    const minS = L.wide ? 16 : 26;   // hex inner height 1.73 s >= 44 px on a phone
    const half = this.cam.s * Math.sqrt(3) / 2;   // the whole hex's tap area in the clear part
    const inView = sps.every((s) => {
      const [x, y] = this.mapCam().toScreen(s.ox, s.oy);
      return x - half > rect.x && x + half < rect.x + rect.w && y - half > rect.y && y + half < rect.y + rect.h;
    });
    if (this.cam.s >= minS && inView) return null;
    const fitS = Math.min(rect.w / (x1 - x0), rect.h / (y1 - y0));
    const s = Math.max(minS, Math.min(60, fitS, Math.max(this.cam.s, minS)));
    return { s, ox: rect.x + rect.w / 2 - ((x0 + x1) / 2) * s, oy: rect.y + rect.h / 2 - ((y0 + y1) / 2) * s };
  },

  /** Where the map and panels are (for tests and the app). */
  layoutInfo() {
    const L = this.layout();
    return { map: L.map, panel: L.panel, tab: this.currentTab(L), wide: L.wide, scale: this.cam.s, turned: !!this.rot, drawn: this.mapDrawn(), glory: this.gloryOnMap ? "map" : "players" };
  },

  /** The rectangle the whole map's hexes take on the screen now. */
  mapDrawn() {
    if (!this.idx) return null;
    const b = this.idx.box, cam = this.mapCam();
    const pts = [[b.x0, b.y0], [b.x1, b.y0], [b.x0, b.y1], [b.x1, b.y1]].map(([x, y]) => cam.toScreen(x, y));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x = Math.min(...xs), y = Math.min(...ys);
    return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
  },

  layout() {
    const W = this.W, H = this.H;
    const wide = W >= 900;
    const v = this.snap && this.snap.view;
    const ids = wide ? [] : ["map"];
    if (v && (v.phase === "clan_pick" || v.phase === "auction") && (v.offers || []).length) ids.push("offers");
    ids.push("market", "export", "players");
    if (v && v.final) ids.push("final");
    let tabs, map, panel, rot;
    if (wide) {
      const split = this.split(W, H);
      const P = split.P;
      rot = split.rot;
      tabs = tabRow(this.g, ids, W - P, P);
      map = { x: 0, y: 0, w: W - P, h: H };
      panel = { x: W - P + 8, y: TAB_H + 6, w: P - 16, h: H - TAB_H - 6 };
    } else {
      tabs = tabRow(this.g, ids, 0, W);
      map = { x: 0, y: TAB_H, w: W, h: H - TAB_H };
      panel = { x: 8, y: TAB_H + 6, w: W - 16, h: H - TAB_H - 6 };
      rot = false;   // north up (split(): the log names places by compass)
    }
    return { wide, tabs, map, panel, ids, rot };
  },

  /** A wide screen: the panels' width and whether the map is turned a quarter, so that the
   * map is as large as it can be (filling the height, as a rule) and the panels take the rest
   * (never under 400 px). */
  split(W, H) {
    const minP = 400, maxP = Math.max(minP, Math.round(W * 0.55));
    if (!this.idx) return { P: Math.round(Math.min(600, Math.max(minP, W * 0.42))), rot: false };
    const b = this.idx.box;
    const bw = b.x1 - b.x0, bh = b.y1 - b.y0;
    const h = H - MAP_PAD.top - MAP_PAD.wide;
    const free = W - minP - MAP_PAD.wide;
    const flat = Math.min((free - MAP_PAD.buttons) / bw, h / bh);
    const turned = Math.min((free - MAP_PAD.buttons) / bh, h / bw);
    // north up, always: the log and the hints name places by compass ("in the north-west"), so
    // a map turned a quarter would send the eye the wrong way (it filled a portrait phone better)
    const rot = false && turned > flat * 1.04;
    const need = (rot ? bh * turned : bw * flat) + MAP_PAD.wide + MAP_PAD.buttons;
    return { P: Math.round(Math.min(maxP, Math.max(minP, W - need))), rot };
  },

  /** The part of the panel its content shows in: all of it, less a strip at the bottom for
   * the cue "more below" when the content is taller (or not yet measured). */
  panelShown(L, tab = this.currentTab(L)) {
    const P = L.panel, h = this.contentH && this.contentH[tab];
    return h != null && h <= P.h + 4 ? P : { ...P, h: P.h - 30 };
  },

  currentTab(L) {
    const t = L.wide ? this.sideTab : this.tab;
    return L.ids.includes(t) ? t : L.ids[0];
  },

  mapShown(L) { return L.wide || this.currentTab(L) === "map"; },

  setTab(id) {
    const L = this.layout();
    if (!L.ids.includes(id)) return;
    if (L.wide) { if (id !== "map") this.sideTab = id; } else this.tab = id;
    // a good chosen on the market is forgotten when the market is left
    if (id !== "market" && this.sel.good) { this.sel.good = null; this.refresh(); }
    this.redraw();
  },

  autoTab(v, prev) {
    const p = this.plan;
    const L = this.layout();
    if (v.final && (!prev || !prev.view.final)) { this.tab = "final"; this.sideTab = "final"; this.lastFocus = "final"; return; }
    const focus = p.focus && this.interactive ? `${p.focus}` : "";
    if (focus && focus !== this.lastFocus) {
      if (focus === "map") { if (!L.wide) this.tab = "map"; }
      else this.setTab(focus);
    }
    if (!this.interactive && !L.wide && this.tab !== "map" && prev && prev.view.current !== v.current && this.tab === "offers") this.tab = "map";
    this.lastFocus = focus;
  },

  /** The view of the whole map (its fit button; ./base.js drawnWhole), when the map is shown. */
  showWhole() {
    if (!this.mapShown(this.layout())) return false;
    this.fitMap();
    return true;
  },

  fitMap() {
    const w = this.wholeView();
    if (!w) return;
    this.rot = w.rot;
    this.gloryOnMap = w.glory;
    Object.assign(this.cam, { s: w.s, ox: w.ox, oy: w.oy, userMoved: false });
    this.fitFor = { W: this.W, H: this.H };
  },

  /** The camera that shows the whole map ({s, ox, oy}), whether it is turned a quarter (rot)
   * and whether the glory track is on it (glory), without moving the camera; null before the
   * map is known. */
  wholeView() {
    if (!this.idx || !this.W) return null;
    const L = this.layout();
    const m = L.map;
    const pad = L.wide ? 10 : 6;
    const rot = L.rot;
    const b = this.idx.box;
    const box = rot ? { x0: -b.y1, x1: -b.y0, y0: b.x0, y1: b.x1 } : b;
    // clear of the status strip on top and of the zoom buttons: a column on the right, a row
    // at the bottom on a portrait phone (where the map takes the whole width)
    const top = 26 + pad, row = this.buttonsInRow(L);
    const right = row ? pad : MAP_PAD.buttons, bottom = row ? MAP_PAD.buttons : pad;
    const rect = { x: m.x + pad, y: m.y + top, w: m.w - pad - right, h: m.h - top - bottom };
    // the glory track along the board's edge where the map keeps its size with it (else it
    // heads the players' tab)
    const scale = (bx) => Math.min(rect.w / (bx.x1 - bx.x0), rect.h / (bx.y1 - bx.y0));
    const edged = { ...box, y1: box.y1 + GLORY_BELOW };
    const glory = !rot && scale(edged) >= 0.97 * scale(box);
    const c = Object.assign(Object.create(Object.getPrototypeOf(this.cam)), this.cam);
    c.fit(glory ? edged : box, rect, 90);
    return { s: c.s, ox: c.ox, oy: c.oy, rot, glory };
  },

  /** The view buttons in a row under the map (a phone: the map takes the whole width), else a
   * column beside it. */
  buttonsInRow(L) { return !L.wide; },
};
