// The keyboard focus keeps its place while a game redraws (issue 32), the
// same in every game:
// - the choice bar: when its buttons are drawn again (a move, a group opened
//   or closed), the focus that was in it stays in it: on the first item of a
//   group just opened, on the group's button after Back, else on the button
//   with the same words, else on the one at the same place, else on the bar
//   itself (a group, focusable from script only) while it is empty;
// - after a move: the focus that was on the board or in the bar stays there
//   (never the page's body); when that part has nothing left to choose and
//   the other has, it moves there (a unit chosen in the bar, then its place on
//   the map; a tile placed, then what the bar offers).

/** The buttons of the bar that show now (a closed list's are not, nor a hidden one). */
const shownButtons = (box) => [...box.querySelectorAll("button")].filter((b) => b.getClientRects().length > 0);

/** What has the focus in the choice bar ``box``: null when nothing in it. */
export function barFocus(box) {
  const a = document.activeElement;
  if (!a || !box.contains(a)) return null;
  if (a === box) return { box: true };
  const buttons = shownButtons(box);
  return { text: a.textContent, cls: a.className, index: buttons.indexOf(a) };
}

const usable = (b) => !b.classList.contains("off") && !b.classList.contains("back") && !b.classList.contains("cancel");

/** After the bar's buttons were replaced: the focus that was in it (``was``) goes back in,
 * to the button ``intent`` names ({first: true}: the first item; {group}: that group's button). */
export function restoreBarFocus(box, was, intent = null) {
  if (!was) return;
  const buttons = shownButtons(box);
  let b = null;
  if (intent && intent.first) b = buttons.find((x) => x.classList.contains("choice") && usable(x));
  if (!b && intent && intent.group != null) b = buttons.find((x) => x.dataset.group === intent.group);
  if (!b && was.text != null) b = buttons.find((x) => x.textContent === was.text && x.className === was.cls);
  if (!b && was.index != null && was.index >= 0 && buttons.length) b = buttons[Math.min(was.index, buttons.length - 1)];
  if (!b && buttons.length) b = buttons[0];
  focusQuietly(b || box);
}

/** Focus ``el`` without scrolling the page; a button in a row that scrolls sideways is
 * scrolled into the row's view. */
export function focusQuietly(el) {
  if (!el) return;
  el.focus({ preventScroll: true });
  const row = el.parentElement;
  if (row && row.scrollWidth > row.clientWidth + 1) {
    const l = el.offsetLeft - row.offsetLeft, r = l + el.offsetWidth;
    if (l < row.scrollLeft) row.scrollLeft = l;
    else if (r > row.scrollLeft + row.clientWidth) row.scrollLeft = r - row.clientWidth;
  }
}

/** The board (canvas) and the choice bar (box) as the two places of a game's keyboard
 * focus. ``places()``: how many legal places the board has now. */
export class FocusKeeper {
  constructor(canvas, box, places) {
    this.canvas = canvas;
    this.box = box;
    this.places = places;
    this.zone = null;   // where the focus was last: "board", "choices" or null (elsewhere)
    document.addEventListener("focusin", (e) => {
      this.zone = e.target === canvas ? "board" : box.contains(e.target) ? "choices" : null;
    });
  }

  choices() { return shownButtons(this.box).filter(usable); }

  /** After a redraw (``moved``: a move was played or taken back): the focus lost to the page's
   * body goes back where it was; after a move, from a part with nothing to choose to the other. */
  settle(moved = false) {
    const a = document.activeElement;
    const lost = !a || a === document.body || a === document.documentElement;
    const zone = lost ? this.zone : a === this.canvas ? "board" : this.box.contains(a) ? "choices" : null;
    if (!zone || this.canvas.offsetParent === null) return;
    const bar = this.choices();
    if (moved && zone === "choices" && !bar.length && this.places() > 0) { this.canvas.focus({ preventScroll: true }); return; }
    if (moved && zone === "board" && this.places() === 0 && bar.length) { focusQuietly(bar[0]); return; }
    if (zone === "choices" && (lost || a === this.box)) { focusQuietly(bar[0] || this.box); return; }
    if (lost) this.canvas.focus({ preventScroll: true });
  }
}
