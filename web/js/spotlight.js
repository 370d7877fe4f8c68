// Shows where a move is played, the same in every game (a hint, a tutorial's
// step): a ring over its place on the board, or a mark on its button in the
// choice bar; where the move is not on screen yet, on the control that leads
// to it (the group that holds it, the tab or the tile that opens its choices:
// the renderer's lead(move)). The move is always one of the snapshot's legal
// moves; nothing here works out what it means.
//
// Where, in this order: a button of the bar that plays it; a place on the
// board that plays it (one out of sight is brought into view once per board size); the
// group button that holds it; the renderer's lead(move) ({x, y, w, h} on the
// canvas, or {button: words} of a bar button). Followed while shown (the
// board pans, tabs change, the bar is drawn again).

/** A move's JSON with its keys in order, to compare moves written in any order. */
function canon(x) {
  if (Array.isArray(x)) return `[${x.map(canon).join(",")}]`;
  if (x && typeof x === "object") return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canon(x[k])}`).join(",")}}`;
  return JSON.stringify(x);
}
/** Are ``a`` and ``b`` the same move? */
export const sameMove = (a, b) => !!a && !!b && canon(a) === canon(b);
const same = sameMove;

/** Where ``move`` is shown now, in the order above: ``{kind: "button"|"group"|"lead", button}``
 * (a button of ``bar``, the ChoiceBar, or null when there is none), ``{kind: "board"|"lead",
 * place}`` (a place on the canvas: {x, y, w, h} around its centre, maybe ``off`` out of sight or
 * ``whole``: a panel's card or a tab), or null. ``R``: the renderer. */
export function findMove(m, bar, R) {
  const found = where(m, bar, R);
  // a button in the bar's closed list is reached by the button that opens it
  return found && found.button && bar && bar.reach ? { ...found, button: bar.reach(found.button) } : found;
}

function where(m, bar, R) {
  const buttons = bar ? [...bar.box.querySelectorAll("button")] : [];
  // a button that plays it, or that leads straight to it (a pass asked again: item.leads)
  const exact = buttons.find((b) => b.item && (same(b.item.move, m) || same(b.item.leads, m)));
  if (exact) return { kind: "button", button: exact };
  let targets = [];
  try { targets = R && R.targets ? R.targets({ all: true }) : []; } catch (e) { targets = []; }
  const place = targets.find((t) => same(t.move, m));
  if (place) return { kind: "board", place };
  const group = buttons.find((b) => (b.members || []).some((it) => same(it.move, m)));
  if (group) return { kind: "group", button: group };
  // a group of the bar is open and the move is another group's: Back leads to it
  const back = buttons.find((b) => b.classList.contains("back"));
  if (back && ((bar && bar.items) || []).some((it) => same(it.move, m) || same(it.leads, m))) return { kind: "back", button: back };
  let lead = null;
  try { lead = R && typeof R.lead === "function" ? R.lead(m) : null; } catch (e) { lead = null; }
  if (lead && lead.button) {
    const b = buttons.find((x) => x.item && x.item.label === lead.button);
    if (b) return { kind: "lead", button: b };
  } else if (lead && lead.w) return { kind: "lead", place: { ...lead, x: lead.x + lead.w / 2, y: lead.y + lead.h / 2, whole: true } };
  return null;
}

/** The box of a ring around ``t`` (a place: its tap area, within reason; a panel's card or a tab
 * (whole): all of it), inside the canvas, in px of the canvas's parent: {left, top, width, height}. */
export function ringBox(canvas, t) {
  const cap = t.whole ? Infinity : 180;
  const w = Math.max(28, Math.min(t.w || 44, cap)), h = Math.max(28, Math.min(t.h || 44, cap));
  const m = t.whole ? 2 : 8;
  const x0 = Math.max(0, t.x - w / 2 - m), y0 = Math.max(0, t.y - h / 2 - m);
  const x1 = Math.min(canvas.clientWidth, t.x + w / 2 + m), y1 = Math.min(canvas.clientHeight, t.y + h / 2 + m);
  return { left: canvas.offsetLeft + x0, top: canvas.offsetTop + y0, width: x1 - x0, height: y1 - y0 };
}

export class Spotlight {
  /** ring: an element over the canvas; bar: the ChoiceBar; renderer(): the current renderer. */
  constructor(canvas, ring, bar, renderer) {
    this.canvas = canvas;
    this.ring = ring;
    this.bar = bar;
    this.renderer = renderer;
    this.move = null;
    this.timer = null;
    this.revealed = null;
    this.where = null;   // what is lit now: "button", "board", "group", "lead" or null (tests)
  }

  /** Light the place of ``move`` (null: nothing) and follow it while shown. */
  show(move) {
    this.move = move || null;
    this.revealed = null;
    clearInterval(this.timer);
    this.timer = move ? setInterval(() => this.refresh(), 150) : null;
    this.refresh();
  }

  clear() { this.show(null); }

  /** Where ``move`` is played now, as refresh() would light it (nothing changes):
   * {kind: "button" | "board" | "group" | "back" | "lead", what (words for a report), x, y, w, h
   * (page px), el (the button, or null on the board), off (a place out of the board's sight)} or null. */
  locate(m) {
    const found = findMove(m, this.bar, this.renderer());
    if (!found) return null;
    if (found.button) {
      const b = found.button, r = b.getBoundingClientRect();
      return { kind: found.kind, what: `the button "${b.textContent.trim()}"`, x: r.left, y: r.top, w: r.width, h: r.height, el: b, off: false };
    }
    const t = found.place, c = this.canvas.getBoundingClientRect();
    return { kind: found.kind, what: `the board's ${t.label || "place"}`, x: c.left + t.x - (t.w || 44) / 2, y: c.top + t.y - (t.h || 44) / 2, w: t.w || 44, h: t.h || 44, el: null, off: !!t.off };
  }

  /** Light it again where it is now (after a redraw). */
  refresh() {
    for (const b of document.querySelectorAll("#choices button.spot")) b.classList.remove("spot");
    const m = this.move;
    if (!m) { this.ring.hidden = true; this.where = null; return; }
    const R = this.renderer();
    const found = findMove(m, this.bar, R);
    if (found && found.button) return this.lightButton(found.button, found.kind);
    if (found) return this.lightPlace(R, found.place, found.kind);
    this.ring.hidden = true;
    this.where = null;
  }

  lightButton(b, where) {
    b.classList.add("spot");
    // a button scrolled out of its row (a phone's bar scrolls sideways) is brought into view
    const row = b.parentElement;
    if (row && row.scrollWidth > row.clientWidth + 1 && this.shownButton !== b) {
      const l = b.offsetLeft - row.offsetLeft, r = l + b.offsetWidth;
      if (l < row.scrollLeft) row.scrollLeft = l;
      else if (r > row.scrollLeft + row.clientWidth) row.scrollLeft = r - row.clientWidth;
    }
    this.shownButton = b;
    this.ring.hidden = true;
    this.where = where;
  }

  lightPlace(R, t, where) {
    // brought into view once per place and board size: a phone turned, or a window resized,
    // can put it out of sight again, and it is brought back (the player's own panning is not undone)
    const key = JSON.stringify([t.label, t.move, this.canvas.clientWidth, this.canvas.clientHeight]);
    if (t.off && this.revealed !== key && R && typeof R.bringIntoView === "function") {
      this.revealed = key;   // brought into view once; after that the player may look elsewhere
      R.bringIntoView(t);
      this.ring.hidden = true;
      this.where = where;
      return;
    }
    if (t.off) { this.ring.hidden = true; this.where = where; return; }
    const box = ringBox(this.canvas, t);
    const s = this.ring.style;
    s.left = `${box.left}px`;
    s.top = `${box.top}px`;
    s.width = `${box.width}px`;
    s.height = `${box.height}px`;
    this.ring.hidden = false;
    this.where = where;
  }
}
