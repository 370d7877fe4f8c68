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
//   icon: "url"   a small picture shown before the label (a game's piece);
//                 a group whose items all show one picture shows it too
// The bar keeps a fixed height on phones, so buttons appearing never move
// the board under the finger.

import { el, toast } from "./ui.js";
import { t, tn } from "./i18n.js";
import { barFocus, restoreBarFocus } from "./focus.js";

export class ChoiceBar {
  constructor(box, { play, hint = () => "", rendered = () => {} }) {
    this.box = box;
    this.pick = box.querySelector(".pick");
    this.main = box.querySelector(".main");
    this.play = play;
    this.hint = hint;
    this.rendered = rendered;   // after each drawing (js/spotlight.js lights a button again at once)
    this.items = [];
    this.group = null;
    this.intent = null;   // where the focus goes at the next drawing: {first} or {group} (js/focus.js)
    box.tabIndex = -1;    // the focus may rest on the bar while it is empty (a bot's turn)
    box.setAttribute("role", "group");
    // a row scrolled sideways shows which sides hold more (data-more; css/play.css draws the cue)
    this.pick.addEventListener("scroll", () => this.cue(), { passive: true });
    new ResizeObserver(() => this.cue()).observe(this.pick);
  }

  cue() {
    const r = this.pick;
    const more = [r.scrollLeft > 1 ? "left" : "", r.scrollLeft + r.clientWidth < r.scrollWidth - 1 ? "right" : ""].filter(Boolean).join(" ");
    if (this.box.dataset.more !== more) this.box.dataset.more = more;
  }

  show(items) {
    // the same choices (by what they play) may come again in other words (another language):
    // an open group stays open under its new name; other choices close it
    const key = (i, k) => (i.move ? JSON.stringify(i.move) : i.leads ? JSON.stringify(i.leads) : `#${k}`);
    const sig = (list) => JSON.stringify(list.map((i, k) => [key(i, k), !!i.group]));
    if (this.group != null) {
      const at = this.items.findIndex((i) => i.group === this.group);
      this.group = sig(items) === sig(this.items) && at >= 0 ? items[at].group : null;
    }
    this.items = items;
    this.render();
  }

  button(it, cls = "choice") {
    const off = !!it.why;
    const b = el("button", {
      type: "button", class: `${cls}${off ? " off" : ""}`, "aria-disabled": off ? "true" : null,
      "data-info": it.info || it.why || null,
      onclick: () => {
        if (off) { toast(`${it.label}: ${it.why}`, "info", 4000); return; }
        if (it.act) it.act();
        else if (it.move) this.play(it.move);
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
            onclick: () => { this.group = it.group; this.intent = { first: true }; this.pick.scrollLeft = 0; this.render(); },
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
    restoreBarFocus(this.box, was, intent);
    this.rendered();
    this.box.classList.toggle("has", items.length > 0);
    this.box.dataset.hint = items.length ? "" : this.hint();
    this.cue();
  }
}

/** A button's picture: decorative (the label says what it is). */
function icon(src) {
  return el("img", { src, alt: "", width: "22", height: "22", class: "choice-icon" });
}
