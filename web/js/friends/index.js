// Friends' games, the page's side (the protocol is the engine's:
// engine/cairn/friends/, and docs/friends.md): making a game and its
// invites, joining one, opening links (#f=...), sending turns, the bar and
// the saved-games list's words. The app shell calls installFriends(host)
// once and routes to it: a #f= link, Resume of a friends' game, every
// snapshot of one; it asks it whose move it is.
//
// A link's address: index.html#f=<base64url of the bytes>.<check> (the check
// as share.js makes it: a character changed or lost is told as damage).
// Nothing is kept before it is stored: the record the engine returns is
// written to localStorage before a link is shown or a game drawn.

import { t } from "../i18n.js";
import { el } from "../ui.js";
import { linkCheck } from "../share.js";
import { newIdentity, keepIdentity, identity, forgetIdentity, sign, firstBad, newFid, b64, unb64 } from "./keys.js";
import { loadFriends, saveFriends, dropFriends, gidOfFid, lobbySave } from "./records.js";
import { dialog, linkDialog, refusedDialog, noteDialog, lobbyDialog, joinDialog, playersDialog, renderBar, dropBar } from "./screens.js";
import { refusalText, statusLine } from "./words.js";

const PREFIX = "#f=";
const LINK_LIMIT = 2000;

class Refusal extends Error {
  constructor(reason, info = {}) {
    super(reason);
    this.reason = reason;
    this.info = info;
  }
}

/** The data of a ``#f=`` fragment, or null. */
export function friendsData(hash) {
  return typeof hash === "string" && hash.startsWith(PREFIX) ? hash.slice(PREFIX.length) : null;
}

function pageAddress() {
  const page = location.pathname.endsWith("/") ? `${location.pathname}index.html` : location.pathname;
  return `${location.origin}${page}${PREFIX}`;
}

const linkOf = (data) => `${pageAddress()}${data}.${linkCheck(data)}`;

/** The bytes (base64url) of a link's data, its check verified. */
function unpack(text) {
  const s = String(text || "").trim();
  const dot = s.lastIndexOf(".");
  if (dot < 0 || !/^[A-Za-z0-9_-]+$/.test(s.slice(0, dot))) throw new Refusal("damaged");
  const data = s.slice(0, dot);
  if (s.slice(dot + 1) !== linkCheck(data)) throw new Refusal("damaged");
  return data;
}

function closeBox(id) {
  const box = document.getElementById(id);
  if (box && box.open) box.close();
}

/** A turn link's kind and game id from its first bytes (kind 3, the sender,
 * 8 bytes of id: engine/cairn/friends/links.py), or null for another link. */
function turnHeader(data) {
  let bytes;
  try { bytes = unb64(data.slice(0, 16)); } catch (e) { return null; }
  if (bytes.length < 10 || bytes[0] !== 3) return null;
  return { kind: "turn", fid: b64(bytes.slice(2, 10)), sender: bytes[1] };
}

/** host: {engine, store, newGid, title(game), openGame(gid, snap), show(gid, snap),
 *  current() -> gid | null, snap() -> the snapshot shown, refreshSaved(), setFriends(gid, status)} */
export function installFriends(host) {
  const { engine, store } = host;

  async function call(op, params) {
    try {
      return await engine.request(op, params, 120000);
    } catch (e) {
      if (e && e.code === "friends") throw new Refusal(e.reason || "invalid", e.info || {});
      throw e;
    }
  }

  // -- the host ----------------------------------------------------------------------------
  async function create({ game, players, options }) {
    const fid = newFid();
    const gid = host.newGid();
    const me = players[0].name;
    const id = await newIdentity(me);
    const made = await call("friends_create", {
      fid, game, options, root: id.root,
      seats: players.map((p) => ({ kind: p.kind, level: p.level, name: p.name })),
      pub: { name: me, alg: id.alg, key: id.key },
    });
    let record = made.record;
    const links = {};
    for (const inv of made.invites) {
      const got = await call("friends_invite", { record, p: inv.p, sig: await sign(id, inv.message) });
      record = got.record;
      links[inv.p] = got.link;
    }
    await keepIdentity(fid, id);
    const data = { fid, stage: "lobby", record, links, fingerprints: made.fingerprints, since: Date.now() };
    if (!saveFriends(gid, data)) throw new Error(t("Browser storage is full: delete old saved games first."));
    store.put(gid, lobbySave(record.setup), { title: host.title(game), friends: { fid, stage: "lobby" } });
    host.refreshSaved();
    showLobby(gid);
    return gid;
  }

  function showLobby(gid) {
    const data = loadFriends(gid);
    const setup = data.record.setup;
    lobbyDialog({
      title: t("Invite your friends: {game}", { game: host.title(setup.game) }),
      setup, fingerprints: data.fingerprints || [],
      actions: {
        invite: (p) => linkDialog({
          title: t("Invite {name}", { name: setup.parts[p].name }),
          text: t("Send this link to {name}. It opens the game on their device, where they join and send you back an answer link.", { name: setup.parts[p].name }),
          link: linkOf(data.links[p]), shareTitle: t("Cairn: {game}", { game: host.title(setup.game) }),
        }),
        start: () => start(gid).catch(fail),
      },
    });
  }

  async function takeJoin(gid, bytes) {
    const data = loadFriends(gid);
    if (!data || data.stage !== "lobby") throw new Refusal(data ? "started" : "not_host");
    const got = await call("friends_take_join", { record: data.record, data: bytes });
    const bad = await firstBad(got.checks);
    if (bad) throw new Refusal("bad_signature", { player: got.p, names: got.record.setup.parts.map((p) => p.name) });
    data.record = got.record;
    data.fingerprints = got.fingerprints;
    saveFriends(gid, data);
    host.toast(t("{name} joined (key {fp}).", { name: got.record.setup.parts[got.p].name, fp: got.fingerprints[got.p] }), "info");
    showLobby(gid);
  }

  async function start(gid) {
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const snap = await call("friends_start", { gid, record: data.record, root: id.root });
    data.stage = "play";
    data.record = snap.friends.record;
    data.since = Date.now();
    saveFriends(gid, data);
    closeBox("friends-lobby");
    await host.openGame(gid, snap);
  }

  // -- a friend ------------------------------------------------------------------------------
  async function invited(bytes, info) {
    if (await identity(info.fid)) {
      const gid = gidOfFid(store, info.fid);
      if (gid) {
        const data = loadFriends(gid);
        if (data.stage === "lobby") { showLobby(gid); throw new Refusal("own_invite"); }
        host.toast(t("You are already in this game."), "info");
        await resume(gid);
        return;
      }
    }
    if (await firstBad(info.checks)) throw new Refusal("bad_signature", { player: 0, names: info.parts.map((p) => p.name) });
    joinDialog({ info, onJoin: (name) => join(bytes, info, name).catch(fail) });
  }

  async function join(bytes, info, name) {
    const id = await newIdentity(name);
    const got = await call("friends_join", { data: bytes, root: id.root, pub: { name, alg: id.alg, key: id.key } });
    const answer = await call("friends_join_link", { record: got.record, sig: await sign(id, got.message) });
    await keepIdentity(info.fid, id);
    closeBox("friends-join-box");
    const gid = host.newGid();
    saveFriends(gid, { fid: info.fid, stage: "joined", record: answer.record, answer: answer.link, since: Date.now() });
    store.put(gid, lobbySave(answer.record.setup), { title: host.title(info.game), friends: { fid: info.fid, stage: "joined" } });
    host.refreshSaved();
    sendAnswer(gid);
  }

  function sendAnswer(gid) {
    const data = loadFriends(gid);
    const hostName = data.record.setup.parts[0].name;
    linkDialog({
      title: t("Send your answer to {name}", { name: hostName }),
      text: t("Send this link back to {name}. The game starts when everyone has joined: {name}'s start link then opens it here.", { name: hostName }),
      link: linkOf(data.answer), shareTitle: "Cairn",
    });
  }

  // -- links ---------------------------------------------------------------------------------
  /** A ``#f=`` link's data (with its check), opened: whatever it is. */
  async function openLink(text) {
    try {
      const bytes = unpack(text);
      let info = turnHeader(bytes);   // a turn link says its game in its first bytes
      if (!info) {
        try {
          info = await call("friends_read", { data: bytes });
        } catch (e) {
          throw e instanceof Refusal ? e : new Refusal("damaged");
        }
      }
      if (info.kind === "invite") return await invited(bytes, info);
      const gid = gidOfFid(store, info.fid);
      if (!gid) throw new Refusal(info.kind === "join" ? "not_host" : "unknown_game");
      if (info.kind === "join") return await takeJoin(gid, bytes);
      return await turn(gid, bytes);
    } catch (e) {
      fail(e);
      return null;
    }
  }

  async function turn(gid, bytes) {
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    const chk = await call("friends_check", { gid, record: data.record, data: bytes });
    const info = chk.info || {};
    const vote = info.vote && chk.status !== "fork";
    if (chk.status === "new" || chk.status === "fork" || vote) {
      const bad = await firstBad(chk.checks);
      if (bad) throw new Refusal("bad_signature", { ...info, player: bad.p });
      if (chk.status === "fork") throw new Refusal("fork", info);
    } else if (chk.status === "applied" || chk.status === "stale") {
      if (host.current() !== gid) await resume(gid);
      noteDialog(refusalText(chk.status, info));
      return;
    } else {
      throw new Refusal(chk.status, info);
    }
    if (!id) throw new Refusal("no_secret");
    const snap = await call("friends_apply", { gid, record: data.record, data: bytes, root: id.root });
    data.stage = "play";
    keep(gid, snap.friends, data);
    await host.show(gid, snap);
    if (vote) askVote(gid, snap.friends, info.sender);
  }

  // -- a player who stopped answering: a majority hands their seats to a bot ---------------
  /** Ask this device's player to agree that ``f.ballot.q``'s seats go to a bot. */
  function askVote(gid, f, from) {
    const b = f.ballot;
    if (!b || b.votes[String(f.me)]) return;
    const name = f.parts[b.q].name;
    dialog("friends-vote", t("Hand {name}'s seat to a bot?", { name }),
      el("p", { text: t("{asker} asks to let a bot play {name}'s seat from now on, as {name} stopped answering. {have} of the {need} players needed agree so far.", {
        asker: f.parts[from] ? f.parts[from].name : "?", name, have: Object.keys(b.votes).length, need: f.need }) }),
      el("div", { class: "row" }, el("button", { type: "button", class: "primary", id: "friends-agree", text: t("Agree"), onclick: () => vote(gid, b.q).catch(fail) }),
        el("button", { type: "button", text: t("Not now"), onclick: () => closeBox("friends-vote") })));
  }

  /** Propose (or agree to) handing participant ``q``'s seats to a bot. */
  async function vote(gid, q) {
    closeBox("friends-vote");
    closeBox("friends-players");
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const { message } = await call("friends_vote_message", { gid, q });
    const got = await call("friends_vote", { gid, q, sig: await sign(id, message) });
    if (got.view) {   // a majority: the seat is a bot's now, and the game goes on
      keep(gid, got.friends, data);
      await host.show(gid, got);
      host.toast(t("{name}'s seat is played by a bot from now on.", { name: got.friends.parts[q].name }), "info");
      return;
    }
    data.record = got.record;
    saveFriends(gid, data);
    const todo = await call("friends_sign", { gid });
    const params = { gid, vote: true, budget: LINK_LIMIT - pageAddress().length - 8 };
    if (todo) Object.assign(params, { sig: await sign(id, todo.message), j: todo.j });
    const link = await call("friends_link", params);
    data.record = link.record;
    saveFriends(gid, data);
    linkDialog({
      title: t("Ask the others to agree"),
      text: t("Send this link to the other players: {need} of you must agree before a bot plays the seat.", { need: got.need }),
      link: linkOf(link.link), shareTitle: "Cairn",
    });
  }

  // -- sending -------------------------------------------------------------------------------
  async function send(gid) {
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const todo = await call("friends_sign", { gid });
    const params = { gid, budget: LINK_LIMIT - pageAddress().length - 8 };
    if (todo) Object.assign(params, { sig: await sign(id, todo.message), j: todo.j });
    const shown = host.current() === gid ? host.snap() : null;   // what this device sends: a turn, or only a draw
    const draw = !!(shown && shown.friends && shown.friends.draw_only);
    const got = await call("friends_link", params);
    data.record = got.record;
    data.sentAt = Date.now();
    if (!saveFriends(gid, data)) throw new Error(t("Browser storage is full: delete old saved games first."));
    const f = got.friends;
    keep(gid, f, data);
    bar(gid, f);
    host.setFriends(gid, f);
    const game = data.record.setup.game;
    const to = f.next != null ? f.parts[f.next].name : null;
    linkDialog({
      title: !to ? t("Send the end of the game") : draw ? t("Send the draw to {name}", { name: to }) : t("Send your turn to {name}", { name: to }),
      text: to ? t("Send this link to {name}: it holds the moves since they last played, signed on this device. Anyone else in the game can open it too.", { name: to })
        : t("Send this link to the others: it holds the last moves."),
      link: linkOf(got.link), shareTitle: t("Cairn: {game}", { game: host.title(game) }),
    });
  }

  // -- a game in play ------------------------------------------------------------------------
  /** Keep what a snapshot says of a friends' game (its record first). */
  function keep(gid, f, data = loadFriends(gid)) {
    if (!data || !f) return;
    if (data.next !== f.next || data.stage !== "play") data.since = Date.now();
    data.stage = "play";
    data.next = f.next;
    data.record = f.record;
    saveFriends(gid, data);
    store.annotate(gid, { friends: { fid: data.fid, stage: "play", line: statusLine(f, data.since), next: f.next, since: data.since, over: f.over } });
  }

  function onSnapshot(gid, snap) {
    if (!snap.friends) { dropBar(); return; }
    keep(gid, snap.friends);
    bar(gid, snap.friends);
  }

  function bar(gid, f) {
    renderBar(f, (loadFriends(gid) || {}).since, {
      send: () => send(gid).catch(fail),
      players: () => playersDialog(f, (loadFriends(gid) || {}).since, (q) => vote(gid, q).catch(fail)),
    });
  }

  async function resume(gid) {
    const data = loadFriends(gid);
    if (!data) return false;
    if (data.stage === "lobby") { showLobby(gid); return true; }
    if (data.stage === "joined") { sendAnswer(gid); return true; }
    const id = await identity(data.fid);
    const snap = await call("friends_load", { gid, record: data.record, root: id ? id.root : null });
    await host.openGame(gid, snap);
    return true;
  }

  function fail(e) {
    if (e instanceof Refusal) refusedDialog(refusalText(e.reason, e.info));
    else refusedDialog(t("Something went wrong: {message}", { message: (e && e.message) || String(e) }));
  }

  /** The saved-games list's line for a friends' game (null: not one). */
  function listLine(entry) {
    const f = entry.friends;
    if (!f) return null;
    if (f.stage === "lobby") return t("With friends \u00b7 inviting");
    if (f.stage === "joined") return t("With friends \u00b7 waiting for the start");
    return t("With friends \u00b7 {line}", { line: f.line || "" });
  }

  /** A friends' game deleted from the list: its record and this device's key and secret go too. */
  function forget(gid) {
    const data = loadFriends(gid);
    if (!data) return;
    dropFriends(gid);
    forgetIdentity(data.fid);
  }

  return {
    create: (req) => create(req).catch(fail),
    forget,
    openLink, resume, onSnapshot, listLine,
    isFriends: (gid) => !!loadFriends(gid),
    hint: (snap) => (snap.friends ? statusLine(snap.friends, (loadFriends(host.current()) || {}).since) : null),
    dialog,
  };
}
