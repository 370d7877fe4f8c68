// Generic fallback renderer: used for any game whose own renderer module is
// missing or fails to load. Draws a plain summary of the game on the canvas
// and offers every legal move as a button (ui.choices), so every game the
// engine knows is playable. Interface: web/js/README.md.

import { t, tn } from "../i18n.js";
import { Renderer, font } from "./base.js";

export function moveLabel(move) {
  if (!move || typeof move !== "object") return String(move);
  const rest = Object.entries(move).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  const head = String(move.type || "move").replace(/_/g, " ");
  return rest.length ? `${head}: ${rest.join(", ")}` : head;
}

export default class ListRenderer extends Renderer {
  constructor(canvas, ui) {
    super(canvas, ui);
    this.resize();
  }

  update(snapshot, ctx) {
    this.take(snapshot, ctx);
    const legal = this.interactive ? snapshot.legal || [] : [];
    const labels = snapshot.labels || [];
    this.ui.choices(legal.map((move, i) => ({ label: (labels[i] && labels[i].label) || moveLabel(move), move })));
    this.draw();
  }

  targets() { return []; }   // every move is a button in the panel

  draw() {
    const g = this.begin("#1d2b29"), W = this.W, H = this.H;
    if (!this.snap) return;
    const v = this.snap.view || {};
    const pad = 16;
    let y = pad + 20;
    g.fillStyle = "#eef2e8";
    g.font = font(20, 600);
    g.fillText(t("{game} - move {n}", { game: v.game || "game", n: v.ply ?? "?" }), pad, y);
    y += 30;
    g.font = font(15);
    const scores = this.snap.scores || [];
    (v.seats || []).forEach((seat, i) => {
      g.fillStyle = this.ui.seatColor(i);
      g.fillRect(pad, y - 12, 14, 14);
      g.fillStyle = i === v.current_player ? "#ffffff" : "#b8c7c0";
      const mark = i === v.current_player ? "  <- to move" : "";
      const total = scores[i] ? scores[i].total : "";
      g.fillText(`${this.ui.seatName(i)}: ${total}${mark}`, pad + 22, y);
      y += 24;
    });
    y += 8;
    g.fillStyle = "#9fb2aa";
    const n = (this.snap.legal || []).length;
    const note = v.is_over ? t("The game is over.") : tn("{n} legal move - choose one in the panel.", "{n} legal moves - choose one in the panel.", n);
    g.fillText(note, pad, y);
    y += 28;
    g.font = "12px ui-monospace, monospace";
    const skip = new Set(["seats", "game", "ply", "current_player", "is_over", "can_undo"]);
    for (const [k, val] of Object.entries(v)) {
      if (skip.has(k) || y > H - pad) continue;
      let text = `${k}: ${JSON.stringify(val)}`;
      if (text.length > 160) text = text.slice(0, 157) + "...";
      g.fillText(text, pad, y);
      y += 16;
    }
  }
}
