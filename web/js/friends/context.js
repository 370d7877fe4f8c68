// What every part of a friends' game's page shares (js/friends/index.js
// makes one): the engine's requests (a refusal comes back as a Refusal with
// the engine's reason and info), links' addresses, signatures checked and
// made, and how a failure is shown.
//
// A link's address: index.html#f=<base64url of the bytes>.<check> (the check
// as share.js makes it: a character changed or lost is told as damage).

import { t } from "../i18n.js";
import { linkCheck } from "../share.js";
import { firstBad, sign } from "./keys.js";
import { refusedDialog } from "./screens.js";
import { refusalText, BAD_SIGNATURE } from "./words.js";

export const PREFIX = "#f=";
export const LINK_LIMIT = 2000;

export class Refusal extends Error {
  constructor(reason, info = {}) {
    super(reason);
    this.reason = reason;
    this.info = info || {};
  }
}

function pageAddress() {
  const page = location.pathname.endsWith("/") ? `${location.pathname}index.html` : location.pathname;
  return `${location.origin}${page}${PREFIX}`;
}

export class Context {
  /** host: {engine, store, newGid, title(game), toast, openGame(gid, snap), show(gid, snap),
   *  current() -> gid | null, snap() -> the snapshot shown, refreshSaved(), setFriends(gid, status)} */
  constructor(host) {
    this.host = host;
    this.engine = host.engine;
    this.store = host.store;
  }

  /** An engine request; a friends' refusal becomes a Refusal with its reason and info. */
  async call(op, params) {
    try {
      return await this.engine.request(op, { now: Date.now(), ...params }, 120000);
    } catch (e) {
      if (e && e.code === "friends") {
        // the players' names of the game asked about, so the words name them (not "a player")
        const info = { ...(e.info || {}) };
        const parts = params && params.record && params.record.setup && params.record.setup.parts;
        if (!info.names && Array.isArray(parts)) info.names = parts.map((p) => p && p.name);
        throw new Refusal(e.reason || "malformed", info);
      }
      throw e;
    }
  }

  linkOf(data) {
    return `${pageAddress()}${data}.${linkCheck(data)}`;
  }

  /** The characters a link's data may take, the address and its check aside. */
  budget() {
    return LINK_LIMIT - pageAddress().length - 8;
  }

  /** The bytes (base64url) of a link's data, its check verified. */
  unpack(text) {
    const s = String(text || "").trim();
    const dot = s.lastIndexOf(".");
    if (dot < 0 || !/^[A-Za-z0-9_-]+$/.test(s.slice(0, dot))) throw new Refusal("damaged");
    const data = s.slice(0, dot);
    if (s.slice(dot + 1) !== linkCheck(data)) throw new Refusal("damaged");
    return data;
  }

  /** Every signature verified (in the engine's order: the sender's first, so damage on the way
   * is told before anything else), or a Refusal naming what the one that fails signs, whose it
   * is and (a vote) whose seat it is about. */
  async verified(checks, info = {}) {
    const bad = await firstBad(checks);
    if (bad) {
      throw new Refusal(BAD_SIGNATURE[bad.kind] || "bad_signature",
        { ...info, player: bad.p >= 0 ? bad.p : info.player, q: bad.q ?? info.q });
    }
  }

  /** A link the engine made without its signature ({body, message}), signed by ``id`` and sealed. */
  async seal(id, made) {
    const got = await this.call("friends_seal", { body: made.body, sig: await sign(id, made.message) });
    return got.link;
  }

  /** Say why something was refused; ``title``: what was refused (a link, by default). */
  fail(e, title) {
    if (e instanceof Refusal) refusedDialog(refusalText(e.reason, e.info), title);
    else refusedDialog(t("Something went wrong: {message}", { message: (e && e.message) || String(e) }), title);
  }
}

export function closeBox(id) {
  const box = document.getElementById(id);
  if (box && box.open) box.close();
}
