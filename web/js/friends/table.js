// A friends' game in play on this device: what it keeps of each snapshot
// (its record first), the bar, the Players view, what it tells the player
// once (the start's keys, a seat handed to a bot or taken by another device,
// a player who signed two versions of a turn), resuming it, and its line in
// the saved-games list (kept as data, said in the reader's language).

import { t } from "../i18n.js";
import { hideCoach } from "../help.js";
import { identity, forgetIdentity } from "./keys.js";
import { loadFriends, saveFriends, dropFriends } from "./records.js";
import { noteDialog } from "./screens.js";
import { playersDialog, renderBar, dropBar, retiredDialog, replacedDialog } from "./seats.js";
import { statusLine, listStatus, refusalText } from "./words.js";

export class Table {
  constructor(ctx) {
    this.ctx = ctx;
    this.actions = null;   // {send(gid), retire(gid, q), askBack(gid), sendGame(gid, p), invite(gid, p)}: set by installFriends
  }

  /** Keep what a snapshot says of a friends' game (its record first). */
  keep(gid, f, data = loadFriends(gid)) {
    if (!data || !f) return;
    if (data.next !== f.next || data.stage !== "play") data.since = Date.now();
    data.stage = "play";
    data.next = f.next;
    data.record = f.record;
    saveFriends(gid, data);
    this.ctx.store.annotate(gid, { friends: { fid: data.fid, stage: "play", status: listStatus(f), since: data.since, next: f.next, over: f.over } });
  }

  onSnapshot(gid, snap) {
    if (!snap.friends) { dropBar(); return; }
    const f = snap.friends;
    if (!f.my_turn) hideCoach();   // first-game tips are for the player whose turn it is
    this.keep(gid, f);
    this.bar(gid, f);
    this.tell(gid, f);
  }

  bar(gid, f) {
    const a = this.actions;
    renderBar(f, (loadFriends(gid) || {}).since, {
      send: () => a.send(gid),
      players: () => this.players(gid, f),
      askBack: () => a.askBack(gid),
      sendGame: (p) => a.sendGame(gid, p),
    });
  }

  players(gid, f) {
    const a = this.actions;
    const data = loadFriends(gid) || {};
    playersDialog(f, {
      retire: (q) => a.retire(gid, q),
      sendGame: (p) => a.sendGame(gid, p),
      invite: data.links ? (p) => a.invite(gid, p) : null,
      askBack: () => a.askBack(gid),
    });
  }

  /** What this device tells its player once: a seat handed
   * to a bot (its own above all), another device in its seat, a double signer. */
  tell(gid, f) {
    const data = loadFriends(gid);
    if (!data) return;
    const told = new Set(data.told || []);
    for (const e of f.events || []) {
      const key = `${e.kind}:${e.p}:${e.at}`;
      if (told.has(key)) continue;
      told.add(key);
      if (e.kind === "bot" && e.p === f.me && f.retired_me) retiredDialog(f, e, () => this.actions.askBack(gid));
      else if (e.kind === "fork") this.ctx.host.toast(t("{name} signed two versions of turn {turn}: the version the others play was kept (the evidence is in the log).", { name: f.parts[e.p].name, turn: e.turn }), "warn", 12000);
      else if (e.kind === "bot") this.ctx.host.toast(t("{name}'s seat is played by a bot from turn {turn}.", { name: f.parts[e.p].name, turn: e.turn }), "info", 8000);
      else if (e.kind === "back" && e.p !== f.me) this.ctx.host.toast(t("{name} plays their seat again from turn {turn}.", { name: f.parts[e.p].name, turn: e.turn }), "info", 8000);
    }
    if (f.replaced && !told.has("replaced")) {
      told.add("replaced");
      const e = [...(f.events || [])].reverse().find((x) => x.kind === "back" && x.p === f.me);
      replacedDialog(f, e, () => this.actions.askBack(gid));
    }
    if (told.size !== (data.told || []).length) {
      data.told = [...told];
      saveFriends(gid, data);
    }
  }

  /** A device whose answer the host did not use: the host started with another device in its seat. */
  outNotice(gid) {
    const data = loadFriends(gid);
    noteDialog(refusalText("seat_taken", { fp: data.fp, mine: data.mine }), t("Your seat is on another device"));
  }

  async resume(gid) {
    const { ctx } = this;
    const data = loadFriends(gid);
    if (!data) return false;
    if (data.stage === "lobby") { this.actions.lobby.show(gid); return true; }
    if (data.stage === "joined") { this.actions.lobby.sendAnswer(gid); return true; }
    if (data.stage === "rejoining") { this.actions.lobby.sendRequest(gid); return true; }
    if (data.stage === "out") { this.outNotice(gid); return true; }
    const id = await identity(data.fid);
    const snap = await ctx.call("friends_load", { gid, record: data.record, root: id ? id.root : null });
    await ctx.host.openGame(gid, snap);
    return true;
  }

  /** The saved-games list's line for a friends' game (null: not one), in the reader's language. */
  listLine(entry) {
    const f = entry.friends;
    if (!f) return null;
    if (f.stage === "lobby") return t("With friends \u00b7 inviting");
    if (f.stage === "joined") return t("With friends \u00b7 waiting for the start");
    if (f.stage === "rejoining") return t("With friends \u00b7 waiting for the others to let you back in");
    if (f.stage === "out") return t("With friends \u00b7 the host started with another device in your seat");
    if (!f.status) return t("With friends \u00b7 {line}", { line: f.line || "" });   // a line kept before the list was said in each language
    const bots = (f.status.bots || []).map((b) => t("a bot plays {name}'s seat from turn {turn}", b)).join("; ");
    const line = [statusLine(f.status, f.since), bots].filter(Boolean).join(" \u00b7 ");
    return t("With friends \u00b7 {line}", { line });
  }

  /** A friends' game deleted from the list: its record and this device's key and secret go too. */
  forget(gid) {
    const data = loadFriends(gid);
    if (!data) return;
    dropFriends(gid);
    forgetIdentity(data.fid);
  }

  hint(snap) {
    return snap.friends ? statusLine(snap.friends, (loadFriends(this.ctx.host.current()) || {}).since) : null;
  }
}
