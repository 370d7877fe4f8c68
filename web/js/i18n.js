// The page's languages: English in the source, Portuguese (Brazil) and
// Romanian from gettext catalogues (web/locale/<lang>/*.po, compiled by the
// build into ./locale/<tag>.json; Babel extracts every t()/tn()/N_() call).
//
//   t("Your turn")                          translate
//   t("{name} is thinking", {name})         translate, then fill {placeholders}
//   tn("{n} coin", "{n} coins", n)          plural forms (n is passed as {n})
//   N_("Wood")                              mark a name in a table; t(x) shows it later
//   pt("caledonia", "grain")                translate in a context (gettext's msgctxt)
//   num(0.55), num(9, {digits: 1})          a number as the language writes it ("0,55", "9,0")
//
// Numbers: every number a message shows is written by the language's Intl formatter
// ("0,55" in Portuguese and Romanian, "1.000"): a number passed as a {placeholder} is
// formatted by t()/tn() themselves; num(), percent() and the date helpers for the rest.
//
// Contexts: one English word may need two translations ("grain" is "grãos"
// in Glen More's Portuguese and "Cereal" in Clans of Caledonia's rulebook),
// so every game's words are in the game's context.  A game's files
// (renderers/<game>.js, renderers/<game>/*, help/<game>.js) take t/tn from
// ./i18n/<game>.js, which binds the context: their call sites read as
// anywhere else, and the build's extraction (build/i18n.py) gives their
// strings the context of the folder they are in.  A lookup in a context
// falls back to the context-free entry, then to English.
//
// The language: ?lang=en|pt|pt-BR|ro in the URL, else the one the player
// picked (remembered in localStorage), else the browser's; <html lang>
// follows.  A missing catalogue or string falls back to English.

import { compilePlural, ENGLISH } from "./plural.js";

export const LANGUAGES = [
  { tag: "en", name: "English" },
  { tag: "pt-BR", name: "Português (Brasil)" },
  { tag: "ro", name: "Română" },
];
const KEY = "cairn.lang";
const ALIASES = { en: "en", pt: "pt-BR", "pt-br": "pt-BR", pt_br: "pt-BR", ro: "ro" };

let current = "en";
let messages = {};   // msgid or context + "\u0004" + msgid -> string | [forms]
let pluralForm = ENGLISH;   // n -> the index of its form (the catalogue's own rule)
const listeners = [];

/** 'pt', 'pt_BR', 'PT-br' -> 'pt-BR'; anything unknown -> null. */
export function normalize(tag) {
  if (typeof tag !== "string") return null;
  const low = tag.trim().toLowerCase();
  return ALIASES[low] || ALIASES[low.split(/[-_]/)[0]] || null;
}

/** The language to start in: URL, then remembered, then the browser's. */
export function detectLanguage() {
  const url = normalize(new URLSearchParams(location.search).get("lang"));
  if (url) return url;
  let saved = null;
  try { saved = normalize(localStorage.getItem(KEY)); } catch (e) { /* storage off */ }
  if (saved) return saved;
  for (const l of navigator.languages || [navigator.language]) {
    const n = normalize(l);
    if (n) return n;
  }
  return "en";
}

export function language() { return current; }

/** The gettext form of the language ('pt_BR'), for the engine. */
export function engineLanguage() { return current.replace("-", "_"); }

/** Load ``tag``'s catalogue and switch to it; remember=true stores the pick. */
export async function setLanguage(tag, remember = false) {
  const lang = normalize(tag) || "en";
  let table = {};
  let rule = ENGLISH;
  if (lang !== "en") {
    try {
      const data = await catalogue(lang);
      if (data) {
        table = data.messages || {};
        rule = compilePlural(data.plural.rule);
      }
    } catch (e) { table = {}; rule = ENGLISH; /* offline without the catalogue: English */ }
  }
  current = lang;
  messages = table;
  pluralForm = rule;
  document.documentElement.lang = lang;
  if (remember) {
    try { localStorage.setItem(KEY, lang); } catch (e) { /* kept for this page only */ }
  }
  for (const fn of listeners) fn(lang);
  return lang;
}

/** ``lang``'s catalogue, read once per page (switching back and forth reads it again never). */
const catalogues = new Map();
function catalogue(lang) {
  if (!catalogues.has(lang)) {
    const p = readCatalogue(lang);
    catalogues.set(lang, p);
    p.then((c) => { if (!c) catalogues.delete(lang); }, () => catalogues.delete(lang));   // (tried again next time)
  }
  return catalogues.get(lang);
}

/** ``lang``'s catalogue: its packed copy, unpacked here where the browser can (a plain
 * host sends it as it is: a third of the bytes), else the plain one; null without. */
async function readCatalogue(lang) {
  if (typeof DecompressionStream === "function") {
    try {
      const r = await fetch(`./locale/${lang}.json.gz`, { cache: "no-cache" });
      if (r.ok && r.body) return await new Response(await unpacked(r.body)).json();
    } catch (e) { /* the plain copy then */ }
  }
  const r = await fetch(`./locale/${lang}.json`, { cache: "no-cache" });
  return r.ok ? r.json() : null;
}

/** ``body`` unpacked when it starts as gzip does (a host may have unpacked it already). */
async function unpacked(body) {
  const [probe, rest] = body.tee();
  const reader = probe.getReader();
  const head = (await reader.read()).value;
  reader.cancel().catch(() => {});
  return head && head[0] === 0x1f && head[1] === 0x8b ? rest.pipeThrough(new DecompressionStream("gzip")) : rest;
}

/** Call ``fn(tag)`` after every language change. */
export function onLanguageChange(fn) { listeners.push(fn); }

const formats = new Map();   // "lang|digits|style" -> Intl.NumberFormat

function numberFormat(digits, style) {
  const key = `${current}|${digits}|${style}`;
  let f = formats.get(key);
  if (!f) {
    const opts = style === "percent" ? { style: "percent" } : {};
    if (digits != null) Object.assign(opts, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    try { f = new Intl.NumberFormat(current, opts); } catch (e) { f = new Intl.NumberFormat("en", opts); }
    formats.set(key, f);
  }
  return f;
}

/** ``x`` as the current language writes it ("0,55", "1.000"); ``digits``: exactly that many
 * decimals ("9,0"). */
export function num(x, { digits = null } = {}) {
  return Number.isFinite(Number(x)) ? numberFormat(digits, "").format(Number(x)) : String(x);
}

/** A share (0.5) as the current language writes a percentage ("50%", Romanian "50 %"). */
export function percent(share) { return numberFormat(0, "percent").format(Number(share) || 0); }

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? (typeof params[k] === "number" ? num(params[k]) : String(params[k])) : m));
}

const CTX_SEP = "\u0004";   // gettext's, as the build writes it

function entry(ctx, msgid) {
  if (ctx) {
    const tr = messages[ctx + CTX_SEP + msgid];
    if (tr) return tr;
  }
  return messages[msgid];
}

/** ``msgid`` in the current language, with {placeholders} filled. */
export function t(msgid, params) { return pt(null, msgid, params); }

/** ``msgid`` in context ``ctx`` (a game's name; null: none). */
export function pt(ctx, msgid, params) {
  const tr = entry(ctx, msgid);
  return fill(typeof tr === "string" && tr ? tr : msgid, params);
}

/** The plural form for ``n`` ({n} is filled with n). */
export function tn(singular, pluralText, n, params) { return ptn(null, singular, pluralText, n, params); }

/** tn() in context ``ctx``. */
export function ptn(ctx, singular, pluralText, n, params) {
  const forms = entry(ctx, singular);
  const p = { n, ...(params || {}) };
  if (Array.isArray(forms) && forms.length) {
    const i = pluralForm(n);
    const f = forms[i >= 0 && i < forms.length ? i : forms.length - 1];
    if (f) return fill(f, p);
  }
  return fill(n === 1 ? singular : pluralText, p);
}

/** Mark a name for the catalogues; show it later with t(). */
export function N_(text) { return text; }

/** t, tn and N_ bound to context ``ctx`` (what ./i18n/<game>.js exports). */
export function context(ctx) {
  return {
    t: (msgid, params) => pt(ctx, msgid, params),
    tn: (singular, pluralText, n, params) => ptn(ctx, singular, pluralText, n, params),
    N_,
  };
}
