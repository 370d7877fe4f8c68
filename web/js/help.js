// Help shared by every game: the rules reference (web/js/help/<game>.js),
// the first-game guide (a few coach marks on the player's first turn, once
// per game kind and browser) and tap-and-hold on any button to see what it
// does or why it cannot be used now (data-info / title).
//
// Languages: a help module's default export is the help object, or a
// function returning it (called each time help is shown); its texts are read
// when shown and passed through t(), so they may be English message ids
// marked N_() in the module (or already translated with t()). The open
// dialog and the coach mark are drawn again when the language changes.

import { $, el } from "./ui.js";
import { t, onLanguageChange } from "./i18n.js";
import { shortcutsHelp, seeingHelp, readerHelp } from "./access.js";
import { tutorialFor } from "./tutorial.js";
import { dailyHelp } from "./daily.js";

const cache = new Map();
const SEEN = "cairn:coached:";

export async function helpFor(game) {
  if (!cache.has(game)) {
    let text = null;
    try { text = (await import(`./help/${game}.js`)).default; } catch (e) { text = null; }
    cache.set(game, text);
  }
  const h = cache.get(game);
  return typeof h === "function" ? h() : h;
}

let shown = null;   // [game, title] of the open dialog, to draw it again in another language
let learn = null;   // starts a game's tutorial (js/tutorial.js), set by the app

/** What the help's "Learn to play" button does: learnHook(game). */
export function setLearn(learnHook) { learn = learnHook; }

export async function openHelp(game, title) {
  const h = await helpFor(game);
  const dlg = $("#help");
  shown = [game, title];
  $("#help-title").textContent = h ? t(h.title) : t("{title}: help", { title });
  const body = $("#help-body");
  if (!h) {
    body.replaceChildren(el("p", { text: t("No rules reference for this game yet.") }));
  } else {
    const sections = [...h.sections, dailyHelp(), shortcutsHelp(), readerHelp(), seeingHelp()];   // the same in every game
    const ids = sections.map((s, i) => `help-${i}`);
    const nav = el("nav", {}, ...sections.map(([name], i) => el("a", { href: `#${ids[i]}`, onclick: (ev) => {
      ev.preventDefault();
      body.querySelector(`#${ids[i]}`).scrollIntoView({ block: "start" });
    } }, t(name))));
    const parts = sections.map(([name, html], i) => {
      const sec = el("section", { id: ids[i] }, el("h3", { text: t(name) }));
      const div = el("div");
      div.innerHTML = t(html);   // our own static text (and its translations), never user data
      sec.append(div);
      return sec;
    });
    const tut = learn ? await tutorialFor(game) : null;
    const guide = tut ? el("p", { class: "help-learn" }, el("button", { type: "button", class: "primary", onclick: () => { closeHelp(); learn(game); } }, t("Learn to play: a guided first game"))) : null;
    body.replaceChildren(...[guide, nav, ...parts].filter(Boolean));
  }
  if (dlg.open) return;   // already open: drawn again (another language)
  if (typeof dlg.showModal === "function") dlg.showModal();
  else dlg.setAttribute("open", "");
}

export function closeHelp() {
  const dlg = $("#help");
  shown = null;
  if (typeof dlg.close === "function") dlg.close();
  else dlg.removeAttribute("open");
}

/** The first-game guide: shows the game's coach marks one by one, once. */
export async function maybeCoach(game, force = false) {
  const key = SEEN + game;
  try { if (!force && localStorage.getItem(key)) return; } catch (e) { return; }
  let h = await helpFor(game);
  if (!h || !h.coach || !h.coach.length) return;
  const box = $("#coach");
  let i = 0;
  const done = () => {
    box.hidden = true;
    try { localStorage.setItem(key, "1"); } catch (e) { /* private mode */ }
  };
  const show = () => {
    const last = i === h.coach.length - 1;
    box.replaceChildren(el("div", { text: t(h.coach[i]) }),
      el("div", { class: "row" },
        el("span", { class: "step", text: t("Tip {i} of {n}", { i: i + 1, n: h.coach.length }) }),
        last ? null : el("button", { type: "button", class: "skip", onclick: done }, t("Skip")),
        el("button", { type: "button", class: "primary next", onclick: () => { if (last) done(); else { i++; show(); } } }, last ? t("Got it") : t("Next"))));
    box.hidden = false;
  };
  coachShow = async () => { h = (await helpFor(game)) || h; show(); };
  show();
}

let coachShow = null;   // draws the coach mark on screen again (another language)

onLanguageChange(async () => {
  const dlg = $("#help");
  if (shown && dlg && dlg.open) await openHelp(...shown);
  const box = $("#coach");
  if (coachShow && box && !box.hidden) coachShow();
});

export function hideCoach() {
  const box = $("#coach");
  if (box) box.hidden = true;
}

/** Tap and hold (or hover with a mouse, via title) on any element with
 * data-info shows its text in a small box; works on greyed buttons too. */
export function installHoldTips(root = document) {
  let timer = null, tip = null;
  const clear = () => { clearTimeout(timer); timer = null; if (tip) { tip.remove(); tip = null; } };
  root.addEventListener("pointerdown", (ev) => {
    clear();
    if (ev.pointerType === "mouse") return;
    const t = ev.target.closest && ev.target.closest("[data-info]");
    if (!t || !t.dataset.info) return;
    timer = setTimeout(() => {
      const r = t.getBoundingClientRect();
      tip = el("div", { class: "tipbox", role: "tooltip", text: t.dataset.info });
      document.body.append(tip);
      const w = tip.offsetWidth, h = tip.offsetHeight;
      tip.style.left = `${Math.max(8, Math.min(window.innerWidth - w - 8, r.left + r.width / 2 - w / 2))}px`;
      tip.style.top = `${r.top - h - 8 > 8 ? r.top - h - 8 : r.bottom + 8}px`;
      t.dataset.held = "1";
      setTimeout(() => { delete t.dataset.held; }, 800);
    }, 450);
  }, true);
  for (const type of ["pointerup", "pointercancel", "scroll"]) root.addEventListener(type, () => { clearTimeout(timer); setTimeout(clear, 1800); }, true);
  // a long press must not also press the button
  root.addEventListener("click", (ev) => {
    const t = ev.target.closest && ev.target.closest("[data-held]");
    if (t) { ev.stopPropagation(); ev.preventDefault(); }
  }, true);
  root.addEventListener("contextmenu", (ev) => { if (ev.target.closest && ev.target.closest("[data-info]")) ev.preventDefault(); });
  // the mouse: the words as the element's title while the pointer is over it (set each time,
  // so they follow the language and the state; taken away after)
  root.addEventListener("mouseover", (ev) => {
    const t = ev.target.closest && ev.target.closest("[data-info]");
    if (t && (!t.title || t.dataset.tipTitle === "1")) { t.title = t.dataset.info; t.dataset.tipTitle = "1"; }
  });
  // (words that change while shown, another language or state: the title follows them)
  new MutationObserver((changes) => {
    for (const c of changes) if (c.target.dataset && c.target.dataset.tipTitle === "1") c.target.title = c.target.dataset.info || "";
  }).observe(root === document ? document.documentElement : root, { subtree: true, attributes: true, attributeFilter: ["data-info"] });
  root.addEventListener("mouseout", (ev) => {
    const t = ev.target.closest && ev.target.closest("[data-tip-title]");
    if (t && !t.contains(ev.relatedTarget)) { t.removeAttribute("title"); delete t.dataset.tipTitle; }
  });
}
