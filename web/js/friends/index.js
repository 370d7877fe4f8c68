// Friends' games, the page's side (the protocol is the engine's:
// engine/cairn/friends/, and docs/friends.md). The app shell calls
// installFriends(host) once and routes to it: a #f= link, Resume of a
// friends' game, every snapshot of one; it asks it whose move it is.
//
// Each step has its own part: the lobby (making a game, invites, answers,
// the start, joining and rejoining: lobby.js), opening a link (opener.js),
// sending a turn or the whole game (sender.js), the votes about seats
// (votes.js), the game in play on this device (table.js); what they share is
// context.js. Nothing is kept before it is stored: the record the engine
// returns is written to localStorage before a link is shown or a game drawn.

import { t } from "../i18n.js";
import { dialog } from "./screens.js";
import { Context, PREFIX } from "./context.js";
import { Lobby } from "./lobby.js";
import { LinkOpener } from "./opener.js";
import { TurnSender } from "./sender.js";
import { Votes } from "./votes.js";
import { Table } from "./table.js";
import { loadFriends } from "./records.js";

/** The data of a ``#f=`` fragment, or null. */
export function friendsData(hash) {
  return typeof hash === "string" && hash.startsWith(PREFIX) ? hash.slice(PREFIX.length) : null;
}

/** host: {engine, store, newGid, title(game), toast, openGame(gid, snap), show(gid, snap),
 *  current() -> gid | null, snap() -> the snapshot shown, refreshSaved(), setFriends(gid, status)} */
export function installFriends(host) {
  const ctx = new Context(host);
  const table = new Table(ctx);
  const lobby = new Lobby(ctx, table);
  const sender = new TurnSender(ctx, table);
  const votes = new Votes(ctx, table, sender);
  const opener = new LinkOpener(ctx, { table, lobby, votes });
  const guard = (fn, title) => (...args) => fn(...args).catch((e) => ctx.fail(e, title));
  table.actions = {
    lobby,
    send: guard((gid) => sender.send(gid)),
    // (a step of this device's refused, not a link: said as such)
    retire: guard((gid, q) => votes.retire(gid, q), t("Not possible now")),
    askBack: guard((gid) => votes.askBack(gid)),
    sendGame: guard((gid, p) => sender.sendGame(gid, p)),
    invite: (gid, p) => lobby.invite(gid, p),
  };
  return {
    create: guard((req) => lobby.create(req)),
    forget: (gid) => table.forget(gid),
    openLink: (text) => opener.open(text),
    resume: (gid) => table.resume(gid),
    onSnapshot: (gid, snap) => table.onSnapshot(gid, snap),
    listLine: (entry) => table.listLine(entry),
    isFriends: (gid) => !!loadFriends(gid),
    hint: (snap) => table.hint(snap),
    dialog,
    parts: { ctx, table, lobby, sender, votes, opener },   // (e2e: each step by its name)
  };
}
