// Two moves drawn on the replay's board (a costly decision opened from the review): a ring
// around where each is played, found as a hint finds its move (js/spotlight.js: the
// renderer's places, else what leads to it), each with a tag ("You played", "Better"). A move
// that is not a place on the board (a button's move: pass, a trade) gets no ring; the card
// over the board names both. The rings follow the board while shown (it pans and zooms).

import { el } from "../ui.js";
import { findMove, ringBox } from "../spotlight.js";

export class MoveRings {
  /** board: the element holding the canvas; renderer(): the replay's renderer. */
  constructor(board, canvas, renderer) {
    this.board = board;
    this.canvas = canvas;
    this.renderer = renderer;
    this.items = [];     // [{move, ring, kind}]
    this.timer = null;
  }

  /** moves: [{move, tag, kind: "played" | "best"}] */
  show(moves) {
    this.clear();
    this.items = moves.map((m) => {
      const ring = el("div", { class: `rv-ring rv-ring-${m.kind}`, hidden: true, "aria-hidden": "true" },
        el("span", { class: "rv-ring-tag", text: m.tag }));
      this.board.append(ring);
      return { ...m, ring, where: null };
    });
    this.timer = setInterval(() => this.refresh(), 150);
    this.refresh();
  }

  clear() {
    clearInterval(this.timer);
    this.timer = null;
    for (const it of this.items) it.ring.remove();
    this.items = [];
  }

  /** Where each move is shown now: "board", "lead" or null (tests). */
  where() { return this.items.map((it) => it.where); }

  refresh() {
    const R = this.renderer();
    for (const it of this.items) {
      const found = R ? findMove(it.move, null, R) : null;
      if (!found || !found.place || found.place.off) {
        if (found && found.place && found.place.off && !it.revealed && R && typeof R.bringIntoView === "function") {
          it.revealed = true;   // brought into view once; then the player may look elsewhere
          R.bringIntoView(found.place);
        }
        it.ring.hidden = true;
        it.where = null;
        continue;
      }
      const box = ringBox(this.canvas, found.place);
      Object.assign(it.ring.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
      // no room for the tag above the ring (a tab, the board's top edge): below it, not over the
      // words the ring is around
      it.ring.classList.toggle("rv-ring-tag-below", box.top - this.canvas.offsetTop < 20);
      it.ring.hidden = false;
      it.where = found.kind;
    }
    // two moves in one place (a tile placed elsewhere on the same cell): the tags side by side
    const [a, b] = this.items;
    if (a && b && !a.ring.hidden && !b.ring.hidden && a.ring.style.left === b.ring.style.left && a.ring.style.top === b.ring.style.top) {
      b.ring.classList.add("rv-ring-same");
    } else if (b) b.ring.classList.remove("rv-ring-same");
  }
}
