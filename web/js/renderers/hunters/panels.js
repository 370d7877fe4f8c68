// Hunters on-canvas panels: players, the drawn tile preview, the view buttons
// and the hint / feature information line.  Each returns the hit boxes it drew.
import { drawMember, drawHut } from "./paint.js";
import { t } from "../../i18n/hunters.js";
import { FONT, box as roundBox, noteCut, noteCover, countChanged } from "../base.js";

export { roundBox };

// sizes of the panels for a canvas of W x H CSS px, and the board margins they need
const TOUCH = typeof window !== "undefined" && !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);

export function layoutFor(W, H, rows) {
  const small = W < 520, compact = H < 400, wide = W >= 700;   // a 360x640 phone keeps the names
  const rowH = compact ? 18 : small ? 22 : 26;
  const pv = compact ? 46 : small ? 62 : 88;
  const playersH = rowH * rows + 10;
  const previewH = pv + (compact ? 34 : small ? 44 : 52);
  const btn = TOUCH ? 44 : compact ? 30 : small ? 36 : 40;
  const gap = compact ? 6 : 8;
  const side = wide ? Math.min(240, W * 0.19) : 8;
  // the view buttons (zoom in, zoom out, fit) sit off the board: in the side column on a wide
  // screen (under the drawn tile), else in a row under the players' panel (the top band, which
  // the board's places never reach), so no place of the board is ever under one
  // (a short board on a touch screen: only "fit", beside the players' panel; fingers pinch to zoom)
  const beside = !wide && compact && TOUCH;
  const zoom = wide ? { x: W - btn - 10, y: 8 + previewH + gap, row: false, acts: ZOOM }
    : beside ? { x: 8 + (small ? 114 : 120) + gap, y: 8, row: true, acts: ["fit"] } : { x: 8, y: 8 + playersH + gap, row: true, acts: ZOOM };
  // (wide: the players' panel may reach past the side margin: the board starts under it)
  const band = wide ? playersH + 16 : Math.max(beside ? Math.max(playersH, btn) : playersH + gap + btn, previewH) + 16;
  return {
    small, compact, rowH, pv, playersH, previewH, btn, gap, zoom,
    maxName: compact ? 0 : small ? 56 : 86,
    font: compact ? 11 : small ? 12 : 14,
    top: band,
    bottom: wide ? 24 : compact ? 40 : 56,   // at least: the line of help at the bottom (infoHeight) may need more
    side,
  };
}

const ZOOM = ["zoomin", "zoomout", "fit"];
const PANEL = "rgba(28,30,24,0.86)";
const PANEL_EDGE = "rgba(255,240,200,0.18)";

/** The players' panel; ``R`` (the renderer) for moves shown moving: a score or a supply that
 * changed swells to its new value (base.js countChanged). */
export function drawPlayers(g, view, ui, winners, lay, R = null) {
  // compact: no names (the page shows them), only colour, score and supply
  const players = view.players || [];
  if (!players.length) return { w: 0, h: 0 };
  const { small, compact, rowH, maxName } = lay;
  const nameX = 34, scoreX = compact ? 56 : nameX + maxName + (small ? 26 : 32);
  const w = scoreX + (small ? 58 : 64);
  const h = lay.playersH;
  roundBox(g, 8, 8, w, h, 10, PANEL, PANEL_EDGE);
  noteCover(g, 8, 8, w, h);
  const current = [view.current_player, view.current].find((v) => typeof v === "number");
  players.forEach((p, k) => {
    const seat = typeof p.seat === "number" ? p.seat : k;
    const y = 13 + k * rowH + rowH / 2;
    const col = ui.seatColor(seat);
    if (current === seat) roundBox(g, 11, y - rowH / 2 + 1, w - 6, rowH - 2, 6, "rgba(255,230,160,0.14)");
    drawMember(g, 21, y, rowH * 0.62, col);
    g.fillStyle = "#f3ecd8";
    g.font = `600 ${small ? 12 : 14}px ${FONT}`;
    g.textBaseline = "middle";
    g.textAlign = "left";
    const star = (winners || []).includes(seat) ? "★ " : "";
    if (compact) {
      g.fillText(star, nameX - 2, y);
    } else {
      const full = star + String(ui.seatName(seat) || t("Player {n}", { n: seat + 1 }));
      let name = full;
      while (name.length > 2 && g.measureText(name).width > maxName) name = name.slice(0, -2) + "…";
      if (name !== full) noteCut(full, name, true);   // a long name: whole in the scores, a tap away
      g.fillText(name, nameX, y);
    }
    g.textAlign = "right";
    g.font = `700 ${small ? 13 : 15}px ${FONT}`;
    g.fillStyle = "#ffe6a0";
    g.fillText(String(p.score ?? 0), scoreX, y);
    const was = R && R.was && (R.was.players || [])[k];
    const sw = g.measureText(String(p.score ?? 0)).width;
    if (was) countChanged(R, seat, "score", was.score ?? 0, p.score ?? 0, { x: scoreX - sw - 2, y: y - rowH / 2 + 2, w: sw + 4, h: rowH - 4 });
    // supply: members and huts left
    g.textAlign = "left";
    g.font = `${small ? 11 : 12}px ${FONT}`;
    const sx = scoreX + (small ? 8 : 10);
    drawMember(g, sx + 5, y, rowH * 0.42, col);
    g.fillStyle = "#d9d2bd";
    g.fillText(String(p.members ?? ""), sx + 12, y + 1);
    drawHut(g, sx + (small ? 30 : 34), y, rowH * 0.4, col);
    g.fillStyle = "#d9d2bd";
    g.fillText(String(p.huts ?? ""), sx + (small ? 37 : 41), y + 1);
    if (was) {
      countChanged(R, seat, "members", was.members, p.members, { x: sx - 2, y: y - rowH / 2 + 2, w: small ? 28 : 32, h: rowH - 4 });
      countChanged(R, seat, "huts", was.huts, p.huts, { x: sx + (small ? 22 : 26), y: y - rowH / 2 + 2, w: small ? 28 : 30, h: rowH - 4 });
    }
  });
  return { w, h };
}

export function drawPreview(g, view, W, art, rot, phase, winnerText, lay) {
  const { small, compact } = lay;
  const size = lay.pv;
  const cf = small ? 11 : 12;   // never under 11 CSS px
  g.font = `${cf}px ${FONT}`;
  const counts = t("Land {land} · Bonus {bonus}", { land: view.land_left ?? "?", bonus: view.bonus_left ?? "?" });
  const drawn = view.drawn;
  const head = phase === "over" ? t("Game over") : drawn ? (drawn.bonus ? t("Bonus tile") : t("Drawn tile"))
    : phase === "meeple" ? t("Just placed") : t("No tile");
  const countsW = g.measureText(counts).width;
  g.font = `600 ${small ? 11 : 12}px ${FONT}`;
  const w = Math.max(size + 20, countsW + 16, g.measureText(head).width + 14), h = lay.previewH;
  const x = W - w - 8, y = 8;
  roundBox(g, x, y, w, h, 10, PANEL, PANEL_EDGE);
  noteCover(g, x, y, w, h);
  g.textAlign = "center";
  g.textBaseline = "middle";
  const cx = x + w / 2;
  g.fillStyle = "#f3ecd8";
  g.font = `600 ${small ? 11 : 12}px ${FONT}`;
  const hy = y + (compact ? 10 : 12);
  g.fillText(head, cx, hy);
  const ty = y + (compact ? 18 : 22);
  if (phase === "over") {
    roundBox(g, cx - size / 2, ty, size, size, 6, "rgba(255,255,255,0.05)", "rgba(255,255,255,0.15)");
    g.fillStyle = "#ffe6a0";
    g.font = `700 ${small ? 22 : 30}px ${FONT}`;
    g.fillText("★", cx, ty + size * 0.32);
    g.font = `600 ${small ? 11 : 13}px ${FONT}`;
    const words = String(winnerText || "").split(" & ");
    words.slice(0, 3).forEach((t, k) => {
      let txt = t;
      while (txt.length > 2 && g.measureText(txt).width > size - 6) txt = txt.slice(0, -2) + "…";
      if (txt !== t) noteCut(t, txt, true);   // a winner's long name: whole in the final table
      g.fillText(txt, cx, ty + size * 0.58 + k * (small ? 13 : 16));
    });
  } else if (art) {
    g.save();
    g.translate(cx, ty + size / 2);
    g.rotate((rot || 0) * Math.PI / 2);
    // its shadow: a soft dark edge round it (two plain squares, not a blurred shadow: see haloStroke)
    g.fillStyle = "rgba(0,0,0,0.18)";
    g.fillRect(-size / 2 - 4, -size / 2 - 3, size + 8, size + 8);
    g.fillStyle = "rgba(0,0,0,0.25)";
    g.fillRect(-size / 2 - 2, -size / 2 - 1, size + 4, size + 4);
    g.drawImage(art, -size / 2, -size / 2, size, size);
    g.restore();
    if (drawn && drawn.bonus) {
      g.strokeStyle = "#ffd24a"; g.lineWidth = 2;
      g.strokeRect(cx - size / 2 - 1, ty - 1, size + 2, size + 2);
    }
  } else {
    roundBox(g, cx - size / 2, ty, size, size, 6, "rgba(255,255,255,0.05)", "rgba(255,255,255,0.15)");
  }
  g.fillStyle = "#d9d2bd";
  g.font = `${cf}px ${FONT}`;
  g.fillText(counts, cx, ty + size + (compact ? 9 : small ? 11 : 14));
  return { x, y, w, h, tile: { x: cx - size / 2, y: ty, w: size, h: size } };
}

export function drawButtons(g, W, H, lay) {
  // zoom in, zoom out, fit: off the board (layoutFor's zoom: a row, or a column)
  const b = lay.btn;
  const items = [
    { act: "zoomin", icon: "+" },
    { act: "zoomout", icon: "−" },
    { act: "fit", icon: "fit" },
  ].filter((it) => lay.zoom.acts.includes(it.act));
  const boxes = [];
  items.forEach((it, k) => {
    const x = lay.zoom.row ? lay.zoom.x + k * (b + lay.gap) : lay.zoom.x;
    const y = lay.zoom.row ? lay.zoom.y : lay.zoom.y + k * (b + lay.gap);
    roundBox(g, x, y, b, b, b / 2, PANEL, PANEL_EDGE);
    noteCover(g, x, y, b, b);
    g.strokeStyle = "#f3ecd8";
    g.fillStyle = "#f3ecd8";
    g.lineWidth = 2;
    const cx = x + b / 2, cy = y + b / 2;
    if (it.icon === "fit") {
      const r = b * 0.22;
      g.beginPath();
      for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        g.moveTo(cx + sx * r, cy + sy * r * 0.35);
        g.lineTo(cx + sx * r, cy + sy * r);
        g.lineTo(cx + sx * r * 0.35, cy + sy * r);
      }
      g.stroke();
    } else {
      g.font = `600 ${Math.round(b * 0.6)}px ${FONT}`;
      g.textAlign = "center";
      g.textBaseline = "middle";
      g.fillText(it.icon, cx, cy + 1);
    }
    boxes.push({ x, y, w: b, h: b, act: it.act });
  });
  return boxes;
}

export function drawInfo(g, W, H, lines, ui, lay, measure = false) {
  // lines: [{text, dots:[{seat,n}]}]; drawn bottom-left, above the board edge (the whole
  // width: the view buttons are off the board). A line too long for the box (longer words in
  // other languages) wraps onto up to three rows; only what still does not fit is cut with an
  // ellipsis. Returns its box ({x, y, w, h}; measure: nothing drawn), or null.
  if (!lines || !lines.length) return null;
  const fs = lay.font;
  const font = (k) => `${k === 0 ? "600 " : ""}${fs}px ${FONT}`;
  const maxW = W - 16 - (lay.side > 8 ? 2 * lay.side : 0);
  const dotsW = (l) => (l.dots ? l.dots.length * (fs * 2.6) + 6 : 0);
  const rows = [];
  lines.forEach((l, k) => {
    g.font = font(k);
    const room = maxW - 24 - dotsW(l);
    const words = String(l.text).split(" ");
    let cur = "";
    const out = [];
    for (const w of words) {
      const next = cur ? `${cur} ${w}` : w;
      if (cur && g.measureText(next).width > room && out.length < 2) { out.push(cur); cur = w; } else cur = next;
    }
    out.push(cur);
    out.forEach((text, i) => rows.push({ text, k, dots: i === out.length - 1 ? l.dots : null }));
  });
  let w = 0;
  for (const r of rows) {
    g.font = font(r.k);
    w = Math.max(w, g.measureText(r.text).width + dotsW(r));
  }
  w = Math.min(maxW, w + 24);
  const lh = fs + (lay.compact ? 5 : 8);
  const h = rows.length * lh + 10;
  const x = lay.side > 8 ? lay.side : 8, y = H - h - 8;
  if (measure) return { x, y, w, h };
  roundBox(g, x, y, w, h, 10, PANEL, PANEL_EDGE);
  noteCover(g, x, y, w, h);
  g.textBaseline = "middle";
  g.textAlign = "left";
  rows.forEach((l, j) => {
    const ly = y + 5 + lh * j + lh / 2;
    g.font = font(l.k);
    g.fillStyle = l.k === 0 ? "#fff4d0" : "#d9d2bd";
    let text = l.text;
    while (text.length > 3 && g.measureText(text).width > w - 20 - (l.dots ? l.dots.length * fs * 2.6 : 0)) text = text.slice(0, -2) + "…";
    if (text !== l.text) noteCut(l.text, text);
    g.fillText(text, x + 10, ly);
    if (l.dots) {
      let dx = x + 16 + g.measureText(text).width;
      for (const d of l.dots) {
        drawMember(g, dx + fs * 0.5, ly, fs * 1.1, ui.seatColor(d.seat));
        g.fillStyle = "#f3ecd8";
        g.fillText(`×${d.n}`, dx + fs * 1.1, ly + 1);
        dx += fs * 2.6;
      }
    }
  });
  return { x, y, w, h };
}
