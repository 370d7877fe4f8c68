// Before the first move: the host makes the game and its invites, takes the
// friends' answers (each seat answered once) and starts; a friend opens an
// invite and joins (or rejoins: a device that lost the game asks the others to
// let it take its seat back with a new key, js/friends/opener.js receives the
// game it is sent).

import { t } from "../i18n.js";
import { newIdentity, keepIdentity, identity, sign, newFid } from "./keys.js";
import { loadFriends, saveFriends, gidOfFid, lobbySave } from "./records.js";
import { linkDialog, lobbyDialog, joinDialog, startDialog } from "./screens.js";
import { Refusal, closeBox } from "./context.js";

export class Lobby {
  constructor(ctx, table) {
    this.ctx = ctx;
    this.table = table;
  }

  // -- the host ------------------------------------------------------------------------------
  async create({ game, players, options, clock }) {
    const { ctx } = this;
    const fid = newFid();
    const gid = ctx.host.newGid();
    const me = players[0].name;
    const id = await newIdentity(me);
    const made = await ctx.call("friends_create", {
      fid, game, options, root: id.root, clock: clock || 86400,
      seats: players.map((p) => ({ kind: p.kind, level: p.level, name: p.name })),
      pub: { name: me, alg: id.alg, key: id.key },
    });
    let record = made.record;
    const links = {};
    for (const inv of made.invites) {
      const got = await ctx.call("friends_invite", { record, p: inv.p, sig: await sign(id, inv.message) });
      record = got.record;
      links[inv.p] = got.link;
    }
    await keepIdentity(fid, id);
    const data = { fid, stage: "lobby", record, links, fingerprints: made.fingerprints, since: Date.now() };
    if (!saveFriends(gid, data)) throw new Error(t("Browser storage is full: delete old saved games first."));
    ctx.store.put(gid, lobbySave(record.setup), { title: ctx.host.title(game), friends: { fid, stage: "lobby" } });
    ctx.host.refreshSaved();
    this.show(gid);
    return gid;
  }

  show(gid) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const setup = data.record.setup;
    lobbyDialog({
      title: t("Invite your friends: {game}", { game: ctx.host.title(setup.game) }),
      setup, fingerprints: data.fingerprints || [],
      actions: { invite: (p) => this.invite(gid, p), start: () => this.start(gid).catch((e) => ctx.fail(e)) },
    });
  }

  /** The invite of participant ``p`` again (in the lobby, or later for a friend who lost the game). */
  invite(gid, p) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const setup = data.record.setup;
    const name = setup.parts[p].name;
    linkDialog({
      title: t("Invite {name}", { name }),
      text: data.stage === "lobby"
        ? t("Send this link to {name}. It opens the game on their device, where they join and send you back an answer link.", { name })
        : t("Send this link to {name} if they lost the game on their device: it opens there, where they choose Rejoin.", { name }),
      link: ctx.linkOf(data.links[p]), shareTitle: t("Cairn: {game}", { game: ctx.host.title(setup.game) }),
    });
  }

  /** A friend's answer, on the host's device: taken in once per seat. */
  async takeJoin(gid, bytes) {
    const { ctx } = this;
    const data = loadFriends(gid);
    if (!data) throw new Refusal("not_host");
    let got;
    try {
      got = await ctx.call("friends_take_join", { record: data.record, data: bytes });
    } catch (e) {   // the words name the seat's player
      if (e instanceof Refusal) e.info = { names: data.record.setup.parts.map((p) => p.name), ...e.info };
      throw e;
    }
    const names = got.record.setup.parts.map((p) => p.name);
    await ctx.verified(got.checks, { names });
    data.record = got.record;
    data.fingerprints = got.fingerprints;
    saveFriends(gid, data);
    ctx.host.toast(t("{name} joined (key {fp}).", { name: names[got.p], fp: got.fingerprints[got.p] }), "info");
    this.show(gid);
  }

  async start(gid) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const snap = await ctx.call("friends_start", { gid, record: data.record, root: id.root });
    data.stage = "play";
    data.record = snap.friends.record;
    data.since = Date.now();
    data.started = true;
    saveFriends(gid, data);
    closeBox("friends-lobby");
    await ctx.host.openGame(gid, snap);
    startDialog(snap.friends);
  }

  // -- a friend --------------------------------------------------------------------------------
  async invited(bytes, info) {
    const { ctx } = this;
    const gid = gidOfFid(ctx.store, info.fid);
    if (gid && (await identity(info.fid))) {
      const data = loadFriends(gid);
      if (data.stage === "lobby") { this.show(gid); throw new Refusal("own_invite"); }
      if (data.stage === "out") { this.table.outNotice(gid); return; }
      ctx.host.toast(t("You are already in this game."), "info");
      await this.table.resume(gid);
      return;
    }
    await ctx.verified(info.checks, { names: info.parts.map((p) => p.name), player: 0 });
    joinDialog({
      info,
      onJoin: (name) => this.join(bytes, info, name).catch((e) => ctx.fail(e)),
      onRejoin: (name) => this.rejoin(bytes, info, name).catch((e) => ctx.fail(e)),
    });
  }

  async join(bytes, info, name) {
    const { ctx } = this;
    const id = await newIdentity(name);
    const got = await ctx.call("friends_join", { data: bytes, root: id.root, pub: { name, alg: id.alg, key: id.key } });
    const answer = await ctx.call("friends_join_link", { record: got.record, sig: await sign(id, got.message) });
    await keepIdentity(info.fid, id);
    closeBox("friends-join-box");
    const gid = ctx.host.newGid();
    saveFriends(gid, { fid: info.fid, stage: "joined", record: answer.record, answer: answer.link, since: Date.now() });
    ctx.store.put(gid, lobbySave(answer.record.setup), { title: ctx.host.title(info.game), friends: { fid: info.fid, stage: "joined" } });
    ctx.host.refreshSaved();
    this.sendAnswer(gid);
  }

  sendAnswer(gid) {
    const data = loadFriends(gid);
    const hostName = data.record.setup.parts[0].name;
    linkDialog({
      title: t("Send your answer to {name}", { name: hostName }),
      text: t("Send this link back to {name}. The game starts when everyone has joined: {name}'s start link then opens it here.", { name: hostName }),
      link: this.ctx.linkOf(data.answer), shareTitle: "Cairn",
    });
  }

  /** A device that lost the game (or whose answer the host did not use) asks
   * to take the invite's seat with its key: a request link for the others. */
  async rejoin(bytes, info, name) {
    const { ctx } = this;
    const had = await identity(info.fid);
    const id = had || (await newIdentity(name));
    const begun = await ctx.call("friends_rejoin_begin", { fid: info.fid, invite: bytes, root: id.root, pub: { name, alg: id.alg, key: id.key } });
    const made = await ctx.call("friends_rejoin_link", { record: begun.record, sig: await sign(id, begun.message) });
    const link = await ctx.seal(id, made);
    if (!had) await keepIdentity(info.fid, id);
    closeBox("friends-join-box");
    let gid = gidOfFid(ctx.store, info.fid);
    const old = gid ? loadFriends(gid) : null;
    if (!gid) gid = ctx.host.newGid();
    saveFriends(gid, { fid: info.fid, stage: "rejoining", record: made.record, request: link, since: Date.now(), was: old ? old.stage : null });
    ctx.store.put(gid, lobbySave(made.record.setup), { title: ctx.host.title(info.game), friends: { fid: info.fid, stage: "rejoining" } });
    ctx.host.refreshSaved();
    this.sendRequest(gid);
  }

  sendRequest(gid) {
    const data = loadFriends(gid);
    const setup = data.record.setup;
    const others = setup ? setup.parts.filter((p, i) => i !== data.record.me).map((p) => p.name).join(", ") : "";
    linkDialog({
      title: t("Ask to take your seat back"),
      text: t("Send this link to the other players ({names}) and tell them it is you, with this device's key {fp}. When they accept, one of them sends you the game: open it here.", {
        names: others, fp: data.record.fp || "" }),
      link: this.ctx.linkOf(data.request), shareTitle: "Cairn",
    });
  }
}
