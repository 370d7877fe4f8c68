// window.cairn: what the e2e tests and the dev screenshot scripts read of the
// running app (the shown position, tap targets, the engine); players never need it.

export function exposeForTests(S, canvas, engine) {
  window.cairn = {
    snapshot: () => S.snap,
    targets() {
      if (!S.renderer) return [];
      const r = canvas.getBoundingClientRect();
      return S.renderer.targets().map((t) => ({ ...t, x: t.x + r.left, y: t.y + r.top }));
    },
    /** Where the renderer shows the player's own board (CSS px on the page), when it says. */
    layout() {
      if (!S.renderer || !S.renderer.layoutInfo) return null;
      const info = S.renderer.layoutInfo();
      const r = canvas.getBoundingClientRect();
      const own = info && info.own;
      return { ...info, own: own ? { top: own.y + r.top, bottom: own.y + own.h + r.top, left: own.x + r.left, height: own.h, width: own.w } : own };
    },
    /** What the board draws over itself (buttons, banners, panels), CSS px on the page. */
    furniture() {
      if (!S.renderer || !S.renderer.furniture) return [];
      const r = canvas.getBoundingClientRect();
      return S.renderer.furniture().map((f) => ({ ...f, x: f.x + r.left, y: f.y + r.top }));
    },
    /** What the board drew in its last frame, every label and piece ({kind, text, box}: CSS px
     * on the page; js/renderers/base.js); ``{whole: true}``: drawn at the view of the whole board
     * (the player's view put back after), null for a board without a camera. */
    drawn({ whole = false } = {}) {
      const R = S.renderer;
      if (!R || !R.drawn) return whole ? null : [];
      const list = whole ? R.drawnWhole() : R.drawn();
      if (!list) return null;
      const r = canvas.getBoundingClientRect();
      return list.map((d) => ({ ...d, box: { ...d.box, x: d.box.x + r.left, y: d.box.y + r.top } }));
    },
    /** Moves shown moving (js/motion.js): {running, steps, frames, on}. */
    motion: () => (S.renderer && S.renderer.motion ? S.renderer.motion.state() : null),
    /** The board's text cut short in its last frame (js/renderers/base.js). */
    cuts() { return S.renderer && S.renderer.cuts ? S.renderer.cuts() : []; },
    get gid() { return S.gid; },
    get renderer() { return S.renderer; },   // for dev screenshots of renderer states
    get busy() { return S.busy; },
    get readyAt() { return S.readyAt; },
    get bootLog() { return S.bootLog; },   // [text, ms since worker start, ms since navigation]
    engine,
  };
}
