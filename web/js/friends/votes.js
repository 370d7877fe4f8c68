// The votes about seats: handing a silent player's seat to a bot (offered,
// and signed, only once the turn clock ran out by this device's records),
// agreeing with such a vote a link brought, asking for one's seat back, and
// accepting a request to take a seat back (a lost phone, a seat a bot plays):
// once a majority accepted, the whole game goes to that device.

import { t } from "../i18n.js";
import { identity, sign } from "./keys.js";
import { loadFriends, saveFriends } from "./records.js";
import { linkDialog } from "./screens.js";
import { ballotDialog, requestDialog } from "./seats.js";
import { Refusal, closeBox } from "./context.js";

export class Votes {
  constructor(ctx, table, sender) {
    this.ctx = ctx;
    this.table = table;
    this.sender = sender;
  }

  async id(gid) {
    const id = await identity(loadFriends(gid).fid);
    if (!id) throw new Refusal("no_secret");
    return id;
  }

  /** Propose (or agree to) handing participant ``q``'s seats to a bot. */
  async retire(gid, q) {
    const { ctx } = this;
    closeBox("friends-vote");
    closeBox("friends-players");
    const id = await this.id(gid);
    const { message } = await ctx.call("friends_vote_message", { gid, q });
    const got = await ctx.call("friends_vote", { gid, q, sig: await sign(id, message) });
    if (got.view) {   // a majority: the seat is a bot's now, and the game goes on
      this.table.keep(gid, got.friends);
      await ctx.host.show(gid, got);   // (the seat's new player is told by the table, once)
      return;
    }
    await this.askOthers(gid, got.record, t("Ask the others to agree"),
      t("Send this link to the other players: {need} of you must agree before a bot plays the seat.", { need: got.need }));
  }

  /** The ballot (in ``record``) goes to the others in this device's next link: shown to send. */
  async askOthers(gid, record, title, text) {
    const data = loadFriends(gid);
    data.record = record;
    saveFriends(gid, data);
    const { link } = await this.sender.link(gid, { vote: true });
    linkDialog({ title, text, link: this.ctx.linkOf(link), shareTitle: "Cairn" });
  }

  /** A link brought a ballot this device has not signed: ask its player. */
  ask(gid, f, from) {
    const b = f.ballot;
    if (!b || b.votes[String(f.me)] || b.q === f.me) return;
    const agree = () => (b.kind === "rejoin" ? this.accept(gid) : this.retire(gid, b.q)).catch((e) => this.ctx.fail(e, t("Not possible now")));
    ballotDialog(f, from, agree);
  }

  /** This device's seat went to a bot (or to another device): ask for it back. */
  async askBack(gid) {
    const { ctx } = this;
    closeBox("friends-gone");
    closeBox("friends-players");
    const id = await this.id(gid);
    const { message } = await ctx.call("friends_ask_back", { gid });
    const got = await ctx.call("friends_asked", { gid, sig: await sign(id, message) });
    await this.askOthers(gid, got.record, t("Ask for your seat back"),
      t("Send this link to the other players: when they accept, one of them sends you the game and you play on from there."));
  }

  /** A request link from a device without the game: whom it may be, accepted (or not) by this player. */
  async request(gid, bytes) {
    const { ctx } = this;
    const got = await ctx.call("friends_open_request", { gid, data: bytes });
    await ctx.verified(got.checks, { names: got.names, player: got.guess });
    const f = ctx.host.current() === gid && ctx.host.snap() ? ctx.host.snap().friends : null;
    const me = f ? f.me : loadFriends(gid).record.me;
    requestDialog({
      name: got.name, fp: got.fp, q: got.q != null ? got.q : got.guess, names: got.names, fps: got.fps, me,
      onAccept: (q) => this.takeRequest(gid, bytes, q).catch((e) => ctx.fail(e, t("Not possible now"))),
    });
  }

  async takeRequest(gid, bytes, q) {
    const got = await this.ctx.call("friends_take_request", { gid, data: bytes, q });
    const data = loadFriends(gid);
    data.record = got.record;
    saveFriends(gid, data);
    await this.accept(gid);
  }

  /** Accept the ballot's request; with a majority the seat is taken back here: send that device the game. */
  async accept(gid) {
    const { ctx } = this;
    closeBox("friends-vote");
    const id = await this.id(gid);
    const { message } = await ctx.call("friends_accept_message", { gid });
    const got = await ctx.call("friends_accept", { gid, sig: await sign(id, message) });
    if (got.view) {
      this.table.keep(gid, got.friends);
      await ctx.host.show(gid, got);
      await this.sender.sendGame(gid, got.back);
      return;
    }
    await this.askOthers(gid, got.record, t("Ask the others to accept"),
      t("Send this link to the other players: {need} of you must accept before {name} plays the seat again.", {
        need: got.need, name: got.friends.parts[got.ballot.q].name }));
  }
}
