// The chart of a reviewed game (js/review/panel.js): each seat's expected final score after
// every move (the engine's: review_open's chart.values), the game's scoring moments as ticks
// on the time axis, the marked decisions as dots on their seat's line, and the replay's
// position as a cursor. Drawn on a canvas, no library.
//
// Tap or drag on it to move the replay there; with the keyboard it is a slider: Left/Right one
// move, Up/Down (or PageUp/PageDown) the previous/next marked decision, Home/End.

import { text as drawText } from "../renderers/base.js";
import { t, num } from "../i18n.js";
import { markColour } from "./words.js";

/** Round numbers for the value axis between lo and hi (about ``n`` of them). */
export function ticks(lo, hi, n = 4) {
  const span = Math.max(1, hi - lo);
  const raw = span / n;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * p).find((s) => s >= raw) || 10 * p;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
}

export class ReviewChart {
  /** opts: {seatColor(i), pick(ply), describe(ply): words for the position (aria)} */
  constructor(canvas, opts) {
    this.canvas = canvas;
    this.o = opts;
    this.values = [];       // per ply: each seat's expected final score
    this.moments = [];      // [{ply, text}]
    this.marks = new Map(); // ply -> {seat, mark}
    this.seats = [];        // the seats drawn (all)
    this.reviewed = new Set();
    this.ply = 0;
    this.dragging = false;
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "slider");
    canvas.setAttribute("aria-valuemin", "0");
    canvas.style.touchAction = "pan-y";
    // a tap moves the replay there, a drag sideways scrubs; a drag up or down scrolls the page
    canvas.addEventListener("pointerdown", (e) => {
      this.press = { x: e.clientX, y: e.clientY, id: e.pointerId };
      this.dragging = false;
    });
    canvas.addEventListener("pointermove", (e) => {
      const p = this.press;
      if (!p || p.id !== e.pointerId) return;
      const dx = Math.abs(e.clientX - p.x), dy = Math.abs(e.clientY - p.y);
      if (!this.dragging && dx > 8 && dx > dy) {
        this.dragging = true;
        try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* synthetic */ }
      }
      if (this.dragging) this.pickAt(e);
    });
    canvas.addEventListener("pointerup", (e) => {
      const p = this.press;
      if (p && p.id === e.pointerId && !this.dragging && Math.abs(e.clientY - p.y) < 12) this.pickAt(e);
      this.press = null;
      this.dragging = false;
    });
    canvas.addEventListener("pointercancel", () => { this.press = null; this.dragging = false; });
    canvas.addEventListener("keydown", (e) => this.key(e));
    canvas.redraw = () => this.draw();   // (drawn again on demand: a language change, the layout audit)
    new ResizeObserver(() => this.draw()).observe(canvas);
  }

  set({ values, moments, seats, reviewed }) {
    this.values = values || [];
    this.moments = moments || [];
    this.seats = seats || [];
    this.reviewed = new Set(reviewed || []);
    this.canvas.setAttribute("aria-valuemax", String(Math.max(0, this.values.length - 1)));
    this.draw();
  }

  setMarks(marks) {
    this.marks = marks;
    this.draw();
  }

  setPly(ply) {
    this.ply = ply;
    this.canvas.setAttribute("aria-valuenow", String(ply));
    this.canvas.setAttribute("aria-valuetext", this.o.describe(ply));
    this.draw();
  }

  get plies() { return Math.max(0, this.values.length - 1); }

  frame() {
    const W = this.canvas.clientWidth, H = this.canvas.clientHeight;
    const left = 34, right = 10, top = 14, bottom = 20;
    return { W, H, x0: left, x1: W - right, y0: top, y1: H - bottom };
  }

  xOf(ply, f) { return f.x0 + (f.x1 - f.x0) * (this.plies ? ply / this.plies : 0); }

  pickAt(e) {
    const r = this.canvas.getBoundingClientRect();
    const f = this.frame();
    const k = Math.round(((e.clientX - r.left - f.x0) / Math.max(1, f.x1 - f.x0)) * this.plies);
    const ply = Math.max(0, Math.min(this.plies, k));
    if (ply !== this.ply) this.o.pick(ply);
  }

  /** The marked decisions' plies, in order (Up/Down go from one to the next). */
  markedPlies() {
    return [...this.marks.entries()].filter(([, m]) => m.mark !== "good").map(([p]) => p).sort((a, b) => a - b);
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const marked = this.markedPlies();
    const next = marked.find((p) => p > this.ply), prev = [...marked].reverse().find((p) => p < this.ply);
    const to = {
      ArrowLeft: this.ply - 1, ArrowRight: this.ply + 1, Home: 0, End: this.plies,
      ArrowUp: prev ?? this.ply, PageUp: prev ?? this.ply, ArrowDown: next ?? this.ply, PageDown: next ?? this.ply,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    this.o.pick(Math.max(0, Math.min(this.plies, to)));
  }

  draw() {
    const c = this.canvas;
    const W = c.clientWidth, H = c.clientHeight;
    if (!W || !H) return;
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== Math.round(W * dpr)) c.width = Math.round(W * dpr);
    if (c.height !== Math.round(H * dpr)) c.height = Math.round(H * dpr);
    const g = c.getContext("2d");
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.fillStyle = "#121c1a";
    g.fillRect(0, 0, W, H);
    if (!this.values.length) return;
    const f = this.frame();
    let lo = Infinity, hi = -Infinity;
    for (const row of this.values) for (const v of row) { if (v < lo) lo = v; if (v > hi) hi = v; }
    const pad = Math.max(2, (hi - lo) * 0.08);
    lo -= pad; hi += pad;
    const yOf = (v) => f.y1 - ((v - lo) / (hi - lo)) * (f.y1 - f.y0);
    // the value axis: a few round numbers (as the language writes them), in points
    g.lineWidth = 1;
    for (const v of ticks(lo, hi)) {
      const y = Math.round(yOf(v)) + 0.5;
      g.strokeStyle = "#243633";
      g.beginPath(); g.moveTo(f.x0, y); g.lineTo(f.x1, y); g.stroke();
      drawText(g, num(v), f.x0 - 4, y, { size: 11, color: "#9fb2aa", align: "right" });
    }
    drawText(g, t("points"), 3, 6, { size: 10, color: "#9fb2aa", align: "left" });
    // the moments: a tick under the time axis each, a faint line up; short names when few
    const few = this.moments.length <= 6;
    for (const m of this.moments) {
      const x = Math.round(this.xOf(m.ply, f)) + 0.5;
      g.strokeStyle = "rgba(224,177,58,.35)";
      g.setLineDash([3, 3]);
      g.beginPath(); g.moveTo(x, f.y0); g.lineTo(x, f.y1); g.stroke();
      g.setLineDash([]);
      g.fillStyle = "#e0b13a";
      g.beginPath(); g.moveTo(x, f.y1 + 2); g.lineTo(x - 4, f.y1 + 9); g.lineTo(x + 4, f.y1 + 9); g.closePath(); g.fill();
      if (few && m.short) drawText(g, m.short, x, f.y1 + 15, { size: 11, color: "#e0b13a", align: "center" });
    }
    // each seat's line (the seats reviewed on top, thicker)
    const order = [...this.seats].sort((a, b) => (this.reviewed.has(a) ? 1 : 0) - (this.reviewed.has(b) ? 1 : 0));
    for (const s of order) {
      g.strokeStyle = this.o.seatColor(s);
      g.lineWidth = this.reviewed.has(s) ? 2.5 : 1.5;
      g.lineJoin = "round";
      g.beginPath();
      this.values.forEach((row, p) => { const x = this.xOf(p, f), y = yOf(row[s]); if (p) g.lineTo(x, y); else g.moveTo(x, y); });
      g.stroke();
    }
    // the marked decisions, on their seat's line just before the move
    for (const [p, m] of this.marks) {
      if (m.mark === "good" || !this.values[p]) continue;
      const x = this.xOf(p, f), y = yOf(this.values[p][m.seat]);
      const r = m.mark === "blunder" ? 5 : m.mark === "mistake" ? 4.5 : 4;
      g.fillStyle = markColour(m.mark);
      g.strokeStyle = "#101a18";
      g.lineWidth = 1.5;
      g.beginPath(); g.arc(x, y, r, 0, Math.PI * 2); g.fill(); g.stroke();
    }
    // the replay's position
    const x = Math.round(this.xOf(this.ply, f)) + 0.5;
    g.strokeStyle = "#eef2e8";
    g.lineWidth = 1;
    g.beginPath(); g.moveTo(x, f.y0 - 6); g.lineTo(x, f.y1); g.stroke();
    const row = this.values[this.ply] || [];
    for (const s of order) {
      g.fillStyle = this.o.seatColor(s);
      g.strokeStyle = "#101a18";
      g.beginPath(); g.arc(x, yOf(row[s]), 3.5, 0, Math.PI * 2); g.fill(); g.stroke();
    }
  }
}
