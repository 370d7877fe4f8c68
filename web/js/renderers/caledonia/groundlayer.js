// Caledonia's map ground as the board's layer (Renderer.layer, ../layers.js): one picture per
// camera and size, copied into each frame; painted off the page (groundart.js) when moves are
// shown moving, a kept picture standing in meanwhile; the whole map's painted ahead. Mixed into
// the renderer (../caledonia.js).
import { paintGround, boardBox } from "./ground.js";
import { plan } from "./choices.js";
import { gloryBand } from "./tracks.js";
import { motionOn } from "../../motion.js";

/** The part of rectangle a inside rectangle b (maybe empty: w or h 0). */
const clipTo = (a, b) => {
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  return { x, y, w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x), h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y) };
};

export const groundLayer = {
  /** The map's ground (the same from move to move: ground.js) as one picture per camera and
   * size (Renderer.layer); when moves are shown moving, a new camera's is painted off the page
   * (groundart.js) while a kept one that covers the board stands in, moved and scaled (none: the
   * ground painted on the board this once). While the player moves the map it is painted as it
   * moves (no picture kept for each step). */
  drawGround(g, v, M, mc) {
    const c = this.cam, cam = { s: c.s, ox: c.ox, oy: c.oy };
    const paint = (lg) => paintGround(lg, M, { ...mc, g: lg });
    if (performance.now() - (this.camLiveAt || 0) < 300) { g.save(); paint(g); g.restore(); return; }
    // what a stand-in must cover: the board (its frame too) where the map shows; beyond it is sea
    const bb = boardBox(mc), pad = c.s * 0.45 + 2;   // (the frame: a rim of 0.45 r and its shadow)
    const need = bb ? clipTo({ x: bb.x - pad, y: bb.y - pad, w: bb.w + 2 * pad, h: bb.h + 2 * pad }, M) : M;
    const { rest, key, offPage } = this.groundPlan(v, M, mc.glory);
    this.layer("ground", key(cam), paint, {
      meta: { rest, ...cam },
      offPage,
      // a kept picture of the same map and size at another camera, scaled and moved, when it
      // covers the board where the map shows (the sharpest first); else the ground is painted here
      standIn: (m) => {
        if (!m || m.rest !== rest) return null;
        const k = cam.s / m.s, tx = cam.ox - k * m.ox, ty = cam.oy - k * m.oy;
        const seen = clipTo({ x: tx + k * M.x, y: ty + k * M.y, w: k * M.w, h: k * M.h }, need);
        // (the whole map's picture lacks the frame's outer rim at the sides: a few px of it may lack)
        return seen.w * seen.h >= 0.95 * need.w * need.h ? [k, tx, ty, -k] : null;
      },
      under: (lg) => { lg.fillStyle = "#203447"; lg.fillRect(M.x, M.y, M.w, M.h); },
    });
    this.warmGround(v, M, mc.glory);
  },

  /** The ground's layer for the map's rectangle M: its key's fixed part (rest), its key at a
   * camera, and its painter off the page (when moves are shown moving; else null). */
  groundPlan(v, M, glory) {
    const rest = [this.snap.gid, this.idxKey, this.W, this.H, this.dpr, M.x, M.y, M.w, M.h, !!this.rot, !!glory].join("|");
    const key = (k) => `${rest}|${k.s}|${k.ox}|${k.oy}`;
    // (no worker here, or it failed: the layer is painted on the page and kept, as with motion off)
    const offPage = motionOn() && this.groundArt.worker !== null ? (k, m, w, h, ahead) => this.groundArt.paint({ map: { spaces: v.map.spaces, rivers: v.map.rivers }, cam: { s: m.s, ox: m.ox, oy: m.oy },
      rot: !!this.rot, W: this.W, H: this.H, dpr: this.dpr, rect: { x: M.x, y: M.y, w: M.w, h: M.h }, glory: glory ? { band: glory.band } : null, w, h }, ahead) : null;
    return { rest, key, offPage };
  },

  /** The whole map's ground (the others' moves are shown on it) painted ahead, off the page,
   * while the map is not in sight or shows another part (a clan's pick, your own zoom). */
  warmGround(v, M, glory) {
    const w = motionOn() ? this.wholeView() : null;
    if (!w || !!w.rot !== !!this.rot || w.glory !== !!glory) return;
    const { rest, key, offPage } = this.groundPlan(v, M, glory);
    this.layerAhead("ground", key(w), { rest, s: w.s, ox: w.ox, oy: w.oy }, offPage);
  },

  /** Before a move is shown (Renderer.prepare): a picture of the ground being painted off the
   * page (the whole map's, asked while a clan was picked; the part where your turn's places are)
   * is waited for, 250 ms at most, so the move's frame copies it rather than standing in for it
   * (a picture scaled: over 16 ms with the run's first frame) or painting the ground itself. */
  prepare(snap) {
    this.warmFocus(snap);
    return this.layers && this.layers.pending ? this.layers.settled(250) : null;
  },

  /** The move ``snap`` gives you your turn, with places on the map: the ground where the map
   * will be brought to show them (focusMarks) painted off the page ahead. */
  warmFocus(snap) {
    const v = snap && snap.view, was = this.snap;
    if (!motionOn() || !v || !v.map || !was || was.gid !== snap.gid || !this.idx || this.mine || this.groundArt.worker === null) return;
    const cur = v.current_player ?? v.current;
    const yours = snap.friends ? snap.friends.my_turn : !v.is_over && !!(v.seats && v.seats[cur] && v.seats[cur].kind === "human");
    if (!yours) return;
    const L = this.layout();   // (the map's tab may not show yet: your turn may bring it, as after the clans' pick)
    const p = plan(snap, { good: null, contract: null, offer: null, space: null }, this.idx, this.ui.seatName);
    const sig = [...p.marks.keys()].join(",");
    const c = sig && sig !== this.marksSig ? this.focusCam(v, p.marks, !!p.hint) : null;
    if (!c) return;
    const { rest, key, offPage } = this.groundPlan(v, L.map, this.gloryOnMap ? { band: gloryBand(this.idx.box) } : null);
    if (offPage) this.layerAhead("ground", key(c), { rest, ...c }, offPage);
  },

  /** The ground's sharp picture came (it stood in scaled): drawn again once no move is shown moving. */
  layerArrived() {
    if (!this.snap) return;
    if (this.motion.running) { clearTimeout(this.layerTimer); this.layerTimer = setTimeout(() => this.layerArrived(), 60); return; }
    this.redraw();
  },
};
