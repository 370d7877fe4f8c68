// The choice bar under the board, shared by every renderer: buttons for the
// decisions that are not places on the board.
//
// An item is {label, move} (plays the move), or {label, act} (runs act(), for
// example "Pay all" which plays several moves), with optional keys:
//   main: true    pinned in the bar's fixed end and never scrolled away
//                 (End turn, Done, Place here, Place nothing)
//   group: "..."  a guided pick: the bar first shows one button per group
//                 (what you give -> what you get, with the price), then the
//                 group's items with a Back button
//   why: "..."    the item cannot be chosen now: shown greyed, a tap explains
//   info: "..."   what the choice does (tap and hold shows it)
//   cancel: true  (with act) it goes back a step ("Not yet"): never the first choice to get the focus
//   board: true   (with act) what it opens is chosen on the board: the keys' focus goes there
//   icon: "url"   a small picture shown before the label (a game's piece);
//                 a group whose items all show one picture shows it too
// The bar keeps a fixed height on phones, so buttons appearing never move the board under the
// finger. There every choice is read whole: the bar shows them in a row when they all fit in it
// whole; else it shows one button, "All choices (n)", which opens them as a list over the board
// (a sheet: each on its own line, with its picture and its price; a group opens as a list too),
// and the pinned button beside it (in the list too, first, when even its words do not fit in
// the bar). The list closes when a choice is made (at the choices it leads to), the button is
// tapped again, or the board is.

import { el, toast } from "./ui.js";
import { t, tn } from "./i18n.js";
import { barFocus, restoreBarFocus } from "./focus.js";

export class ChoiceBar {
  constructor(box, { play, hint = () => "", rendered = () => {}, opened = () => {}, toBoard = () => {} }) {
    this.toBoard = toBoard;   // an item with ``board: true`` chosen with the keys: the focus to the board
    this.box = box;
    this.wrap = box.querySelector(".pick-wrap");
    this.pick = box.querySelector(".pick");
    this.main = box.querySelector(".main");
    this.play = play;
    this.hint = hint;
    this.rendered = rendered;   // after each drawing (js/spotlight.js lights a button again at once)
    this.opened = opened;       // the list opened over the board (the shell closes its other sheet)
    this.items = [];
    this.group = null;
    this.isOpen = false;
    this.intent = null;   // where the focus goes at the next drawing: {first} or {group} (js/focus.js)
    box.tabIndex = -1;    // the focus may rest on the bar while it is empty (a bot's turn)
    box.setAttribute("role", "group");
    this.wrap.dataset.choices = "";   // the list, when it opens as a sheet (the layout audit finds it)
    this.more = el("button", { type: "button", class: "more", hidden: true, "aria-expanded": "false",
      onclick: () => {
        this.setOpen(!this.isOpen);
        // (the keyboard's focus goes to the list's first choice)
        if (this.isOpen && document.activeElement === this.more) restoreBarFocus(this.box, barFocus(this.box), { first: true });
      } });
    box.prepend(this.more);
    // a tap elsewhere (the board, the top bar) closes the list; so does Escape
    document.addEventListener("pointerdown", (e) => { if (this.isOpen && !box.contains(e.target)) this.setOpen(false); }, true);
    box.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || !this.isOpen) return;
      e.stopPropagation();
      this.setOpen(false);
      this.more.focus({ preventScroll: true });
    });
    new ResizeObserver(() => this.layout()).observe(box);
  }

  show(items) {
    // the same choices (by what they play) may come again in other words (another language):
    // an open group stays open under its new name, an open list stays open; other choices close them
    const key = (i, k) => (i.move ? JSON.stringify(i.move) : i.leads ? JSON.stringify(i.leads) : `#${k}`);
    const sig = (list) => JSON.stringify(list.map((i, k) => [key(i, k), !!i.group]));
    const same = sig(items) === sig(this.items);
    if (this.group != null) {
      const at = this.items.findIndex((i) => i.group === this.group);
      this.group = same && at >= 0 ? items[at].group : null;
    }
    if (!same) this.isOpen = false;
    this.items = items;
    this.render();
  }

  /** The list over the board opened or closed (only while the bar shows its choices as one). */
  setOpen(open) {
    open = !!open && this.box.classList.contains("listed");
    const was = this.isOpen;
    this.isOpen = open;
    this.box.classList.toggle("open", open);
    this.more.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) this.pick.scrollTop = 0;
    if (open && !was) this.opened();
    if (open !== was) this.rendered();
  }

  close() { this.setOpen(false); }

  /** Where a button of the bar is reached now: itself, or the button that opens the list it is in. */
  reach(b) {
    return b && this.box.classList.contains("listed") && !this.isOpen && this.wrap.contains(b) ? this.more : b;
  }

  button(it, cls = "choice") {
    const off = !!it.why;
    const b = el("button", {
      type: "button", class: `${cls}${off ? " off" : ""}${it.cancel ? " cancel" : ""}`, "aria-disabled": off ? "true" : null,
      "data-info": it.info || it.why || null,
      onclick: () => {
        if (off) { toast(`${it.label}: ${it.why}`, "info", 4000); return; }
        // (a move: the list stays until the choices it leads to are drawn, in its place)
        if (it.act) {
          this.setOpen(false);
          this.intent = { first: true };   // (the choices it leads to: the focus on the first)
          it.act();
          this.intent = null;
          // (it opened a part of the board where the choice is made: the keys' focus goes there)
          if (it.board && this.box.contains(document.activeElement)) this.toBoard();
        } else if (it.move) this.play(it.move);
      },
    }, it.label);
    b.item = it;   // what it plays (js/spotlight.js finds a move's button)
    if (it.icon) b.prepend(icon(it.icon));
    return b;
  }

  render() {
    const items = this.items;
    const mains = items.filter((i) => i.main);
    const rest = items.filter((i) => !i.main);
    const groups = [];
    for (const it of rest) if (it.group && !groups.includes(it.group)) groups.push(it.group);
    let nodes;
    if (this.group && groups.includes(this.group)) {
      const back = () => { this.intent = { group: this.group }; this.group = null; this.render(); };
      nodes = [el("button", { type: "button", class: "back", onclick: back }, `\u2039 ${t("Back")}`),
        ...rest.filter((i) => i.group === this.group).map((i) => this.button(i))];
    } else {
      this.group = null;
      nodes = [];
      const seen = new Set();
      for (const it of rest) {
        if (!it.group) { nodes.push(this.button(it)); continue; }
        if (seen.has(it.group)) continue;
        seen.add(it.group);
        const members = rest.filter((i) => i.group === it.group);
        if (members.length === 1) nodes.push(this.button({ ...members[0], label: members[0].groupLabel || it.group }));
        else {
          const b = el("button", {
            type: "button", class: "group", "data-group": it.group, "data-info": tn("{n} way: pick which after this", "{n} ways: pick which after this", members.length),
            // a group opens as a list: in the row where its items fit whole, else over the board
            onclick: () => { this.group = it.group; this.intent = { first: true }; this.openNext = true; this.render(); },
          }, `${it.group} (${members.length})`);
          b.members = members;
          if (it.icon && members.every((m) => m.icon === it.icon)) b.prepend(icon(it.icon));
          nodes.push(b);
        }
      }
    }
    const was = barFocus(this.box);
    const intent = this.intent;
    this.intent = null;
    this.pick.replaceChildren(...nodes);
    this.main.replaceChildren(...mains.map((i) => this.button(i, "choice main-choice")));
    this.box.setAttribute("aria-label", t("Choices"));
    this.box.classList.toggle("has", items.length > 0);
    this.box.dataset.hint = items.length ? "" : this.hint();
    const open = this.openNext || this.isOpen;
    this.openNext = false;
    this.layout(open);
    restoreBarFocus(this.box, was, intent);
    this.rendered();
  }

  /** A row, when every choice fits in it whole (a phone's bar), else the list's button and the
   * pinned one; ``open``: the list shown (else as it was). */
  layout(open = this.isOpen) {
    const box = this.box;
    const moved = [...this.pick.querySelectorAll(":scope > .main-choice")];
    if (moved.length) this.main.append(...moved);
    box.classList.remove("listed", "all");
    this.more.hidden = true;
    const row = getComputedStyle(box).flexDirection === "row" && box.classList.contains("has");
    const spills = (b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1 || b.offsetHeight > box.clientHeight + 0.5;
    const mainSpills = () => [...this.main.children].some(spills);
    let listed = false;
    if (row && this.pick.children.length && (this.pick.scrollWidth > this.pick.clientWidth + 1 || mainSpills())) {
      listed = true;
      box.classList.add("listed");
      this.more.hidden = false;
    }
    if (row && this.main.children.length && mainSpills()) {
      // the pinned choice's words do not fit in the bar even beside the list's button: first in the list
      listed = true;
      box.classList.add("listed", "all");
      this.more.hidden = false;
      this.pick.prepend(...this.main.children);
    }
    if (listed) {
      const n = [...this.pick.children].filter((b) => !b.classList.contains("back")).length;
      const what = this.group ? `${this.group} (${n})` : t("All choices ({n})", { n });
      if (this.more.textContent !== what) this.more.textContent = what;
    }
    this.setOpen(listed && open);
  }
}

/** A button's picture: decorative (the label says what it is). */
function icon(src) {
  return el("img", { src, alt: "", width: "22", height: "22", class: "choice-icon" });
}
