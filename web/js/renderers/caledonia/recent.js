// Clans of Caledonia: what the others did since your move (js/recent.js gives the renderer the
// history lines and the engine's marks: caledonia/marks.py): the map spaces to ring, and where a
// chip of the strip, tapped, shows its move. ``R`` is the renderer.

/** The map spaces the others changed since your move (the chip chosen wins): space id ->
 * {k, colour, on}. */
export function freshSpaces(R) {
  const out = new Map();
  for (const x of R.recentMarks("space")) {
    const was = out.get(x.mark.space);
    if (!was || x.on === "chosen" || (was.on !== "chosen" && x.k > was.k)) out.set(x.mark.space, x);
  }
  return out;
}

/** Item ``i`` of the strip shown: the map panned to its spaces, or the tab of its good,
 * contract or player. */
export function showRecent(R, i) {
  const it = i != null ? (R.recent || [])[i] : null;
  const marks = (it && it.marks) || [];
  const sp = marks.filter((m) => m.kind === "space").map((m) => R.snap.view.map.spaces[m.space]).filter(Boolean);
  const L = R.layout();
  if (sp.length) {
    if (!L.wide) R.tab = "map";
    const r = R.revealRect(L);
    const cam = R.mapCam();
    const pts = sp.map((s) => cam.toScreen(s.x, s.y));
    const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length, cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    const d = R.cam.s * Math.sqrt(3) / 2;
    if (pts.some(([x, y]) => x - d < r.x || y - d < r.y || x + d > r.x + r.w || y + d > r.y + r.h)) {
      R.cam.ox += r.x + r.w / 2 - cx;
      R.cam.oy += r.y + r.h / 2 - cy;
      R.cam.userMoved = true;
    }
  } else {
    const to = { market: "market", export: "export", player: "players" }[(marks[0] || {}).kind];
    if (to) R.setTab(to);
  }
  R.redraw();
}
