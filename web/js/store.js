// Saved games in localStorage: one key per game id holding the save file,
// plus a small index for the home screen and the id of the open game.
// Never throws on storage problems: a full storage reports through onWarn,
// a corrupt entry is skipped (and reported) instead of crashing the app.

import { t } from "./i18n.js";

const PREFIX = "cairn:";
const INDEX = PREFIX + "index";
const CURRENT = PREFIX + "current";
const saveKey = (gid) => PREFIX + "save:" + gid;

export class Store {
  constructor(onWarn = () => {}) {
    this.onWarn = onWarn;
    this.warnedFull = false;
    try {
      this.ls = window.localStorage;
    } catch (e) {
      this.ls = null;
      onWarn(t("This browser blocks local storage: games will not be saved."));
    }
  }

  _get(key) {
    try { return this.ls ? this.ls.getItem(key) : null; } catch (e) { return null; }
  }

  _set(key, value) {
    if (!this.ls) return false;
    try {
      this.ls.setItem(key, value);
      this.warnedFull = false;
      return true;
    } catch (e) {
      if (!this.warnedFull) {
        const full = e && (e.name === "QuotaExceededError" || e.code === 22 || e.code === 1014);
        this.onWarn(full
          ? t("Browser storage is full: this game is not being saved. Export it or delete old saved games.")
          : t("Could not save the game ({message}).", { message: (e && e.message) || String(e) }));
        this.warnedFull = true;
      }
      return false;
    }
  }

  _remove(key) {
    try { if (this.ls) this.ls.removeItem(key); } catch (e) { /* nothing to do */ }
  }

  /** The index entries, newest first; a corrupt index is rebuilt from the saves. */
  list() {
    const raw = this._get(INDEX);
    let entries = [];
    if (raw) {
      try {
        entries = JSON.parse(raw);
        if (!Array.isArray(entries)) throw new Error("not a list");
      } catch (e) {
        this.onWarn(t("The saved-games list was damaged and has been rebuilt."));
        entries = this._rebuild();
        this._set(INDEX, JSON.stringify(entries));
      }
    }
    const good = entries.filter((e) => e && typeof e.gid === "string" && typeof e.game === "string");
    return good.sort((a, b) => (b.updated || 0) - (a.updated || 0));
  }

  _rebuild() {
    const out = [];
    if (!this.ls) return out;
    for (let i = 0; i < this.ls.length; i++) {
      const key = this.ls.key(i);
      if (!key || !key.startsWith(PREFIX + "save:")) continue;
      const gid = key.slice((PREFIX + "save:").length);
      const save = this.load(gid);
      if (save) out.push(entryFor(gid, save, {}));
    }
    return out;
  }

  /** The save of ``gid`` as an object, or null (a corrupt one is reported). */
  load(gid, quiet = false) {
    const raw = this._get(saveKey(gid));
    if (!raw) return null;
    try {
      const save = JSON.parse(raw);
      if (!save || typeof save !== "object" || !Array.isArray(save.moves)) throw new Error("bad shape");
      return save;
    } catch (e) {
      if (!quiet) this.onWarn(t("A saved game ({gid}) is damaged and was skipped.", { gid }));
      return null;
    }
  }

  /** Store the save and update the index entry (info: title, over, ply, result). */
  put(gid, save, info) {
    const ok = this._set(saveKey(gid), JSON.stringify(save));
    const all = this.list();
    const old = all.find((e) => e.gid === gid);
    const entries = all.filter((e) => e.gid !== gid);
    const entry = entryFor(gid, save, info);
    if (this._pendingImport && this._pendingImport.gid === gid) { entry.imported = this._pendingImport.print; this._pendingImport = null; }
    if (old && old.imported) entry.imported = old.imported;
    if (old && old.created) entry.created = old.created;
    if (old && old.outcome && entry.outcome) entry.outcome = { ...old.outcome, ...entry.outcome };   // every language seen
    if (old && old.friends && !entry.friends) entry.friends = old.friends;   // a friends' game's status (js/friends/)
    if (entry.over) entry.finished = (old && old.finished) || Date.now();   // when it ended (the record's time line)
    if (old && old.review) entry.review = old.review;   // a review made of it (js/review/panel.js)
    entries.unshift(entry);
    this._set(INDEX, JSON.stringify(entries));
    return ok;
  }

  /** Remember the fingerprint of the file a game was imported from, so the
   * same file imported again opens this game instead of making a copy. */
  markImported(gid, print) {
    this._pendingImport = { gid, print };
  }

  /** Store a new save of ``gid`` that changes nothing of its play (its review added) and
   * merge ``fields`` into its index entry; false when storage refused it. */
  replaceSave(gid, save, fields = {}) {
    if (!this._set(saveKey(gid), JSON.stringify(save))) return false;
    this.annotate(gid, fields);
    return true;
  }

  /** Merge ``fields`` into the index entry of ``gid`` (a friends' game's status). */
  annotate(gid, fields) {
    const entries = this.list();
    const e = entries.find((x) => x.gid === gid);
    if (!e) return;
    Object.assign(e, fields);
    this._set(INDEX, JSON.stringify(entries));
  }

  remove(gid) {
    this._remove(saveKey(gid));
    this._set(INDEX, JSON.stringify(this.list().filter((e) => e.gid !== gid)));
    if (this.current() === gid) this.setCurrent(null);
  }

  current() { return this._get(CURRENT); }

  setCurrent(gid) {
    if (gid) this._set(CURRENT, gid);
    else this._remove(CURRENT);
  }
}

function entryFor(gid, save, info) {
  return {
    gid,
    game: String(save.game || "?"),
    title: info.title || String(save.game || "?"),
    players: (save.seats || []).map((s) => (s && s.name) || "?"),
    ply: info.ply ?? (save.moves || []).length,
    over: !!info.over,
    result: info.result || "",
    winners: Array.isArray(info.winners) ? info.winners : [],   // names, for the list in any language
    score: info.score || "",
    outcome: info.outcome && typeof info.outcome === "object" ? info.outcome : null,   // {lang: the engine's words for the end}
    friends: info.friends && typeof info.friends === "object" ? info.friends : undefined,
    created: Date.now(),
    updated: Date.now(),
  };
}

export function newGid() {
  return "g" + Date.now().toString(36) + Math.floor(Math.random() * 1e9).toString(36);
}
