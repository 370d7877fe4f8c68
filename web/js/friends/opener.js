// Opening a link (#f=...): whatever it is, it goes where it belongs: an
// invite (join or rejoin), a friend's answer (the host's lobby), a turn (new
// moves, one already opened, a gap, two versions of a turn), a request to take
// a seat back, a part of the whole game sent to a device that took its seat
// back. Every signature is verified before anything is kept; a refusal says
// why, whom it concerns and what to do, and changes nothing.

import { t } from "../i18n.js";
import { identity, b64, unb64 } from "./keys.js";
import { loadFriends, saveFriends, gidOfFid, friendsInPlay } from "./records.js";
import { noteDialog, startDialog } from "./screens.js";
import { forkDialog } from "./seats.js";
import { refusalText } from "./words.js";
import { Refusal } from "./context.js";

/** A turn link's kind and game id from its first bytes (kind 3 or 4, the
 * sender, 8 bytes of id: engine/cairn/friends/links.py), or null for another link. */
function turnHeader(data) {
  let bytes;
  try { bytes = unb64(data.slice(0, 16)); } catch (e) { return null; }
  if (bytes.length < 10 || (bytes[0] !== 3 && bytes[0] !== 4)) return null;
  return { kind: "turn", fid: b64(bytes.slice(2, 10)), sender: bytes[1] };
}

export class LinkOpener {
  constructor(ctx, { table, lobby, votes }) {
    this.ctx = ctx;
    this.table = table;
    this.lobby = lobby;
    this.votes = votes;
  }

  /** A ``#f=`` link's data (with its check), opened: whatever it is. */
  async open(text) {
    const { ctx } = this;
    try {
      const bytes = ctx.unpack(text);
      let info = turnHeader(bytes);   // a turn link says its game in its first bytes
      if (!info) info = await ctx.call("friends_read", { data: bytes });
      if (info.kind === "invite") return await this.lobby.invited(bytes, info);
      const gid = gidOfFid(ctx.store, info.fid);
      if (!gid && info.kind === "turn") await this.unknown(bytes);
      if (!gid) throw new Refusal(info.kind === "join" ? "not_host" : "unknown_game");
      if (info.kind === "join") return await this.lobby.takeJoin(gid, bytes);
      if (info.kind === "request") return await this.votes.request(gid, bytes);
      if (info.kind === "catchup") return await this.catchup(gid, bytes);
      return await this.turn(gid, bytes);
    } catch (e) {
      ctx.fail(e);
      return null;
    }
  }

  /** A turn link of a game this browser does not know: when it continues one of this device's
   * games (its id changed on the way), it is told as damaged, not as a game to rejoin. */
  async unknown(bytes) {
    const records = friendsInPlay(this.ctx.store).map((x) => x.record);
    if (!records.length) return;
    const got = await this.ctx.call("friends_match", { data: bytes, records });
    if (got.fid) throw new Refusal("damaged");
  }

  async turn(gid, bytes) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const was = data.stage;
    const chk = await ctx.call("friends_check", { gid, record: data.record, data: bytes });
    const info = chk.info || {};
    await ctx.verified(chk.checks, info);   // every outcome's signatures, the sender's first
    if (chk.status === "refused") {
      // refused for what it holds, its signatures verified: the true reason
      if (info.reason === "seat_taken" && was === "joined") this.out(gid, info);
      if (info.note) await this.noteWait(gid, bytes);
      throw new Refusal(info.reason, info);
    }
    if (chk.status === "fork") {
      forkDialog(info, {
        onOver: () => this.apply(gid, bytes, "friends_switch", info).catch((e) => ctx.fail(e)),
        onKeep: () => this.apply(gid, bytes, "friends_apply", info).catch((e) => ctx.fail(e)),
      });
      return;
    }
    if (chk.status === "applied" || chk.status === "stale") {
      if (info.ballot) { await this.apply(gid, bytes, "friends_apply", info); return; }
      if (ctx.host.current() !== gid) await this.table.resume(gid);
      noteDialog(refusalText(chk.status, info));
      return;
    }
    if (chk.status !== "new") throw new Refusal(chk.status, info);
    await this.apply(gid, bytes, "friends_apply", info, was);
  }

  /** Take the link in (``op``: apply, or go over to its version), then show the game. */
  async apply(gid, bytes, op, info, was = null) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const snap = await ctx.call(op, { gid, record: data.record, data: bytes, root: id.root });
    data.stage = "play";
    this.table.keep(gid, snap.friends, data);
    await ctx.host.show(gid, snap);
    if (was === "joined") startDialog(snap.friends);
    if (snap.switched) {
      const s = snap.switched;
      ctx.host.toast(s.undone
        ? t("You went over to the version the others play: {replayed} of your moves there were played again, {undone} undone (the rules do not allow them there).", s)
        : t("You went over to the version the others play."), "info", 10000);
    }
    if (info.ballot && snap.friends.ballot) this.votes.ask(gid, snap.friends, info.sender);
  }

  /** A hand-over refused as too early, the game's wait seen here for the first time: when, kept
   * (the turn clock runs from now by this device's records). */
  async noteWait(gid, bytes) {
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    const got = await this.ctx.call("friends_apply", { gid, record: data.record, data: bytes, root: id ? id.root : null });
    if (got && got.record) {
      data.record = got.record;
      saveFriends(gid, data);
    }
  }

  /** The host started with another device in this device's seat: it is out of the game (and told so). */
  out(gid, info) {
    const data = loadFriends(gid);
    data.stage = "out";
    data.fp = info.fp;
    data.mine = info.mine;
    saveFriends(gid, data);
    this.ctx.store.annotate(gid, { friends: { fid: data.fid, stage: "out" } });
    this.ctx.host.refreshSaved();
  }

  /** A part of the whole game, on a device that took its seat back: kept until every part is in. */
  async catchup(gid, bytes) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const got = await ctx.call("friends_open_catchup", { gid, record: data.record, data: bytes });
    data.record = got.record;
    saveFriends(gid, data);
    if (got.status === "part") {
      noteDialog(t("Part {have} of {of} of the game received: open the other parts too.", got), t("The game, in parts"));
      return;
    }
    await ctx.verified(got.checks, got.info);
    if (got.status === "refused") {
      if (got.info.note) {
        const id = await identity(data.fid);
        const noted = await ctx.call("friends_take_catchup", { gid, record: data.record, root: id ? id.root : null });
        data.record = noted.record;
        saveFriends(gid, data);
      }
      throw new Refusal(got.info.reason, got.info);
    }
    if (got.status === "applied" || got.status === "stale") {
      if (ctx.host.current() !== gid) await this.table.resume(gid);
      noteDialog(refusalText(got.status, got.info));
      return;
    }
    const take = () => this.takeGame(gid, data.stage === "rejoining").catch((e) => ctx.fail(e));
    if (got.status === "fork") forkDialog(got.info, { onOver: take, onKeep: () => {} });
    else await take();
  }

  /** The whole game, its signatures verified, taken in (``back``: this device takes its seat back). */
  async takeGame(gid, back) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const snap = await ctx.call("friends_take_catchup", { gid, record: data.record, root: id.root });
    const rejoined = data.stage === "rejoining" || !!(data.record && data.record.request);
    data.stage = "play";
    if (back) data.told = (snap.friends.events || []).map((e) => `${e.kind}:${e.p}:${e.at}`);
    this.table.keep(gid, snap.friends, data);
    await ctx.host.show(gid, snap);
    if (rejoined) {
      startDialog(snap.friends);
      ctx.host.toast(t("You play your seat again, from turn {turn}.", { turn: snap.friends.turn }), "info", 8000);
    } else if (snap.switched) {
      ctx.host.toast(t("You went over to the version the others play."), "info", 8000);
    }
  }
}
