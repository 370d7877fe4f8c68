// The shell's side of the languages (js/i18n.js does the translating): the
// static text of index.html, the language pickers, dates in the language and
// the English words of the engine's catalogue that the page shows.
//
// index.html marks its text for translation (Babel cannot read HTML):
//   <button data-i18n>Export</button>              the element's text
//   <button data-i18n-title title="Rules">          an attribute (title,
//   aria-label, placeholder, content): data-i18n-<attribute>
// The English found there is the message id; every one of them must also be
// listed in STATIC_TEXT below, so the catalogues see it (e2e/test_languages.py
// checks that the two agree).

import { t, N_, LANGUAGES, language, setLanguage, onLanguageChange } from "./i18n.js";

export const STATIC_TEXT = [
  N_("Cairn - board games in your browser"),
  N_("Glen More, Carcassonne: Hunters and Gatherers and Clans of Caledonia in your browser, offline once loaded."),
  N_("Loading the game engine..."),
  N_("Rules and help"),
  N_("Export"),
  N_("Home"),
  N_("New game"),
  N_("Starting the game engine..."),
  N_("Saved games"),
  N_("Import a save file..."),
  N_("or drop a .cairn.json file on the page"),
  N_("Undo"),
  N_("Hint"),
  N_("Scores & log"),
  N_("Play again"),
  N_("Help"),
  N_("Close help"),
  N_("Close"),
  N_("Drop a .cairn.json save file to import it"),
  N_("Language"),
  N_("Game board: arrow keys move between the places you can choose, Enter chooses, Escape cancels"),
];

// The games' options as the engine's catalogue names them (titles and
// descriptions of rules.Options fields, in English): the new-game form shows
// them through t(). A new option needs its words here and in the catalogues.
export const OPTION_TEXT = [
  N_("Static Imports"), N_("Static import values: cotton, tobacco and sugar cane are worth 4 VP each."),
  N_("Scoring Tiles"), N_("Play with the round scoring tiles (off: the simplified game)."),
  N_("Ports"), N_("Play with the port bonus tiles (off: the simplified game)."),
  N_("Tight Map"), N_("Tighter map (2-3 players; no effect otherwise): four spare port tiles cover one land space of each module."),
  N_("Clans"), N_("Play with clans (off: starting tiles only, plus 0/2/4/6 pounds by turn order)."),
  N_("Clan Auction"), N_("Auction the clans for victory points (experienced players)."),
  N_("Sides"), N_("Map module sides for A, B, C, D (e.g. '1221'); random when absent."),
];

const ATTRS = ["title", "aria-label", "placeholder", "content"];

/** Put the current language into every marked element under ``root``. */
export function applyStatic(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.i18n) node.dataset.i18n = node.textContent.trim();   // the English, kept once
    node.textContent = t(node.dataset.i18n);
  }
  for (const attr of ATTRS) {
    const mark = `data-i18n-${attr}`;
    for (const node of root.querySelectorAll(`[${mark}]`)) {
      if (!node.getAttribute(mark)) node.setAttribute(mark, node.getAttribute(attr) || "");
      node.setAttribute(attr, t(node.getAttribute(mark)));
    }
  }
}

/** A select of the languages, each named in its own language; picking one
 * switches the page (and is remembered). Follows changes made elsewhere. */
export function languageSelect(id) {
  const sel = document.createElement("select");
  sel.id = id;
  sel.className = "lang-select";
  for (const l of LANGUAGES) {
    const o = document.createElement("option");
    o.value = l.tag;
    o.textContent = l.name;
    o.lang = l.tag;
    sel.append(o);
  }
  const label = () => { sel.value = language(); sel.setAttribute("aria-label", t("Language")); sel.title = t("Language"); };
  label();
  sel.addEventListener("change", () => { setLanguage(sel.value, true); });
  onLanguageChange(label);
  return sel;
}

/** ``ms`` (a time stamp) as the saved-games list says it: the time today,
 * else the date, in the current language. */
export function when(ms) {
  const d = new Date(ms);
  const lang = language();
  if (new Date().toDateString() === d.toDateString()) {
    return t("today {time}", { time: new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }).format(d) });
  }
  return new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric" }).format(d);
}
