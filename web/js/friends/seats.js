// The screens of a friends' game in play: the bar over the dock, the
// players and their devices (keys, the turn clock, Not answering?), two
// versions of a turn (a fork), a seat handed to a bot or taken by another
// device, a request to take a seat back, and several links to send in turn.

import { $, el } from "../ui.js";
import { t } from "../i18n.js";
import { dialog, linkDialog, seatRows } from "./screens.js";
import { statusLine, clock, clockName } from "./words.js";

const nameOf = (f, p) => (f.parts[p] ? f.parts[p].name : "?");

/** The players of a game in play and their devices' keys; whom the game waits
 * for and since when, by this device's records; Not answering? once the turn
 * clock ran out. actions: {retire(p), sendGame(p), invite(p) | null, askBack()} */
export function playersDialog(f, actions) {
  const w = f.wait;
  const now = Date.now();
  const rows = f.parts.map((p, i) => {
    const what = p.retired ? t("Stopped answering: a bot plays their seat")
      : p.double ? t("Signed two versions of a turn (key {fp})", { fp: p.fp || "?" })
        : p.epoch ? t("Plays from a new device since taking the seat back (key {fp})", { fp: p.fp || "?" })
          : t("Key {fp}", { fp: p.fp || "?" });
    const retire = w && w.p === i && now >= w.until && !f.over
      ? el("button", { type: "button", class: "retire", text: t("Not answering?"), onclick: () => confirmRetire(f, i, actions.retire) }) : null;
    const again = (p.epoch || p.retired) && i !== f.me && actions.sendGame ? el("button", { type: "button", class: "send-game", text: t("Send the game"), onclick: () => actions.sendGame(i) }) : null;
    const invite = actions.invite && i !== f.me && i > 0 ? el("button", { type: "button", class: "invite", text: t("Invite again"), onclick: () => actions.invite(i) }) : null;
    return el("li", { class: "lobby-row", "data-part": String(i) },
      el("div", {}, el("strong", { text: i === f.me ? t("{name} (this device)", { name: p.name }) : p.name }),
        el("div", { class: "muted small", text: what })), retire || again || invite);
  });
  const waiting = w && !f.over ? el("p", { id: "friends-wait", role: "status", text: now >= w.until
    ? t("The game has waited for {name} since {time}: longer than the turn clock ({clock}).", { name: nameOf(f, w.p), time: clock(w.since), clock: clockName(f.clock) })
    : t("The game has waited for {name} since {time}. The turn clock is {clock}: from {until} you can hand {name}'s seat to a bot if they still do not answer.", {
      name: nameOf(f, w.p), time: clock(w.since), clock: clockName(f.clock), until: clock(w.until) }) }) : null;
  const ballot = ballotLine(f);
  return dialog("friends-players", t("Players and devices"),
    el("ul", { class: "lobby" }, ...rows),
    waiting, ballot ? el("p", { role: "status", text: ballot }) : null,
    el("h3", { text: t("Seats") }), seatRows(f.seats, f.me, f.parts.map((p) => p.name)),
    el("p", { class: "muted small", text: t("Every turn is signed with its device's key; compare the keys with your friends to be sure no one else plays their seat.") }),
    f.retired_me || f.replaced ? el("div", { class: "row" }, el("button", { type: "button", class: "primary", id: "friends-ask-back",
      text: t("Ask for my seat back"), onclick: actions.askBack })) : null);
}

function ballotLine(f) {
  const b = f.ballot;
  if (!b) return null;
  if (b.kind === "rejoin") {
    return t("{have} of the {need} players needed accept that {name} takes their seat back (key {fp}).", {
      have: Object.keys(b.votes).length, need: f.need_back, name: nameOf(f, b.q), fp: b.fp || "?" });
  }
  return t("{have} of the {need} players needed agree to let a bot play {name}'s seat.", {
    have: Object.keys(b.votes).length, need: f.need, name: nameOf(f, b.q) });
}

function confirmRetire(f, p, onRetire) {
  const name = nameOf(f, p);
  const go = el("button", { type: "button", class: "primary", id: "friends-retire", text: t("Ask to hand the seat to a bot"), onclick: () => onRetire(p) });
  dialog("friends-players", t("{name} is not answering", { name }),
    el("p", { text: t("The game has waited for {name} since {time}, longer than the turn clock ({clock}).", { name, time: clock(f.wait.since), clock: clockName(f.clock) }) }),
    el("p", { text: f.need > 1
      ? t("A bot can play {name}'s seat from now on if {need} of the other players agree (you are one). The bot's moves are made on the device that created the game. The game's log and final scores will say so, and {name} can ask for the seat back.", { name, need: f.need })
      : t("A bot can play {name}'s seat from now on. With no one else left in the game, its draws are no longer protected: they are made on this device. The game's log and final scores will say so, and {name} can ask for the seat back.", { name }) }),
    el("div", { class: "row" }, go));
  go.focus();
}

/** The bar over the dock: the status, and Send (or Send again), Players. */
export function renderBar(f, since, actions) {
  let bar = $("#friends-bar");
  if (!bar) {
    bar = el("div", { id: "friends-bar", role: "status" });
    $("#dock").prepend(bar);
  }
  // Send again stays at the end: the end's link may be lost, and whoever missed it needs it
  const send = f.to_send
    ? el("button", { type: "button", id: "friends-send-btn", class: "primary", text: f.over ? t("Send the end") : t("Send your turn"), onclick: actions.send })
    : ((f.next !== f.me || f.over) && !f.retired_me && !f.replaced ? el("button", { type: "button", id: "friends-again-btn", text: t("Send again"), onclick: actions.send }) : null);
  const back = (f.retired_me || f.replaced) && !f.over && !f.asked_back
    ? el("button", { type: "button", id: "friends-back-btn", class: "primary", text: t("Ask for my seat back"), onclick: actions.askBack }) : null;
  // a player whose seat a bot plays learns it (and can ask for it back) from the game this device sends them
  const gone = f.parts.map((p, i) => i).filter((i) => i !== f.me && f.parts[i].retired);
  const tell = gone.length && !f.to_send && !f.replaced ? el("button", { type: "button", id: "friends-tell-btn",
    text: t("Send {name} the game", { name: nameOf(f, gone[0]) }), onclick: () => actions.sendGame(gone[0]) }) : null;
  const state = f.to_send ? "send" : f.over ? "over" : f.my_turn || f.my_bot ? "mine" : back ? "out" : "waiting";
  bar.replaceChildren(...[el("span", { class: "friends-status", text: statusLine(f, since) }), send, back, tell,
    el("button", { type: "button", id: "friends-players-btn", text: t("Players"), onclick: actions.players })].filter(Boolean));
  bar.dataset.state = state;
  // the turn line and the choices say it is yours: the dock keeps its room (at the end the bar
  // stays: Send again and Players)
  bar.hidden = state === "mine" && !tell;
  return bar;
}

export function dropBar() {
  const bar = $("#friends-bar");
  if (bar) bar.remove();
}

/** Two versions of a turn: who signed and who holds each, which one the game
 * is and why; ``onOver``: go over to the link's (when it is the game), ``onKeep``. */
export function forkDialog(info, { onOver, onKeep }) {
  const names = info.names || [];
  const who = (p) => names[p] || "?";
  const whoList = (ps) => ps.map(who).join(", ") || t("no one");
  const why = {
    played_on: t("the other players went on playing on it"),
    held: t("more players hold it"),
    bot: t("the seat was handed to a bot there (a majority decided it)"),
    back: t("the seat was taken back there (a majority accepted it)"),
    tie: t("neither was played on yet; the app picks the same one on every device"),
  }[info.why] || "";
  const version = (v, title) => el("li", { class: "lobby-row fork-version" }, el("div", {},
    el("strong", { text: title }),
    el("div", { class: "muted small", text: v.signers.length
      ? t("Made by {author}; signed by {signers}; held by {holders}", { author: who(v.author), signers: whoList(v.signers), holders: whoList(v.holders) })
      : t("Made by {author}, not sent yet; held by {holders}", { author: who(v.author), holders: whoList(v.holders) }) }),
    v.played_on.length ? el("div", { class: "muted small", text: t("Played on by {names}", { names: whoList(v.played_on) }) }) : null));
  const theirs = info.keep === "theirs";
  const go = el("button", { type: "button", class: "primary", id: theirs ? "friends-go-over" : "friends-keep",
    text: theirs ? t("Go over to the version the others play") : t("Keep my version") });
  const box = dialog("friends-fork", t("Turn {turn} exists in two versions", { turn: info.turn }),
    info.double != null ? el("p", { class: "error-box", id: "friends-double", text: t("{name} signed two different versions of turn {turn}: their device sent one to some players and another to others. Everyone is told, and the evidence (both signatures) goes in the game's log.", { name: who(info.double), turn: info.turn }) })
      : el("p", { text: info.why === "bot" || info.why === "back"
        ? t("{name}'s answer came after {name}'s seat was handed to a bot or taken back, at turn {turn}: both happened at the same point, and only one can be the game.", { name: who(lateOf(info)), turn: info.turn })
        : t("Two players added to the game at the same point (turn {turn}).", { turn: info.turn }) }),
    el("ul", { class: "lobby" }, version(info.mine, t("Your version")), version(info.theirs, t("The version in this link (from {sender})", { sender: who(info.sender) }))),
    el("p", { id: "friends-fork-why", text: theirs ? t("The game goes on with the version in this link: {why}.", { why }) : t("The game goes on with your version: {why}. {sender}'s app offers to go over to it when they open your next link.", { why, sender: who(info.sender) }) }),
    theirs ? el("p", { class: "muted small", text: t("Going over replays your own moves made since on that version where the rules still allow them; the others are undone.") }) : null,
    el("div", { class: "row" }, go));
  go.onclick = () => { box.close(); (theirs ? onOver : onKeep)(); };
  go.focus();
  return box;
}

/** The player whose late entry met a hand-over (or a seat taken back). */
function lateOf(info) {
  return info.mine.q != null ? info.theirs.author : info.mine.author;
}

/** This device's seat went to a bot: who asked, when, from which turn; Ask for it back. */
export function retiredDialog(f, e, onAsk) {
  const ask = el("button", { type: "button", class: "primary", id: "friends-ask-back", text: t("Ask for my seat back"), onclick: onAsk });
  const later = el("button", { type: "button", text: t("Not now") });
  const by = e.asker != null && f.parts[e.asker] ? f.parts[e.asker].name : e.names.join(", ");
  const box = dialog("friends-gone", t("A bot plays your seat"),
    el("p", { id: "friends-gone-text", text: e.minutes
      ? t("Your seat is played by a bot from turn {turn}, at {by}'s request, made on {when}: by their records you had not answered for longer than the turn clock ({clock}).", { turn: e.turn, by, when: clock(e.minutes * 60000), clock: clockName(f.clock) })
      : t("Your seat is played by a bot from turn {turn}, at {by}'s request.", { turn: e.turn, by }) }),
    el("p", { text: t("You can ask for your seat back: the others accept it in their next link, and you play on from there.") }),
    el("div", { class: "row" }, ask, later));
  later.onclick = () => box.close();
  ask.focus();
  return box;
}

/** Someone asks to take a seat back with a device (key ``fp``): accept, for seat ``q`` (chosen when unknown). */
export function requestDialog({ name, fp, q, names, fps, me, onAccept }) {
  const seats = names.map((n, i) => i).filter((i) => i !== me);
  const pick = el("select", { id: "friends-request-seat", "aria-label": t("Whose seat") },
    ...seats.map((i) => el("option", { value: String(i), text: names[i] })));
  if (q != null) pick.value = String(q);
  const accept = el("button", { type: "button", class: "primary", id: "friends-accept", text: t("Accept") });
  const later = el("button", { type: "button", text: t("Not now") });
  const box = dialog("friends-request", t("{name} asks to take their seat back", { name }),
    el("p", { text: t("A device with key {fp} asks to play {seat}'s seat from now on (their old device's key: {old}). Accept only if {seat} told you themselves, by voice or in person, and the key is the one on their new device.", {
      fp, seat: q != null ? names[q] : name, old: q != null ? fps[q] : "?" }) }),
    q == null ? el("label", { class: "field" }, el("span", { text: t("Whose seat") }), pick) : null,
    el("div", { class: "row" }, accept, later));
  accept.onclick = () => { box.close(); onAccept(Number(pick.value)); };
  later.onclick = () => box.close();
  accept.focus();
  return box;
}

/** Ask this device's player to agree with a ballot the link brought. A hand-over is agreed to
 * only once the turn clock ran out by this device's records: until then the dialog says from
 * when (and Agree waits). */
export function ballotDialog(f, from, onAgree) {
  const b = f.ballot;
  const name = nameOf(f, b.q);
  const asker = nameOf(f, b.by != null ? Number(b.by) : from);
  const w = f.wait;
  const early = b.kind !== "rejoin" && !(w && w.p === b.q && Date.now() >= w.until);
  const agree = el("button", { type: "button", class: "primary", id: "friends-agree", disabled: early,
    text: b.kind === "rejoin" ? t("Accept") : t("Agree"), onclick: onAgree });
  const later = el("button", { type: "button", text: t("Not now") });
  const text = b.kind === "rejoin"
    ? t("{name} asks to take their seat back (device key {fp}). Accept only if {name} told you so themselves. {have} of the {need} players needed accept so far.", {
      name, fp: b.fp || "?", have: Object.keys(b.votes).length, need: f.need_back })
    : t("{asker} asks to let a bot play {name}'s seat from now on, as {name} stopped answering. {have} of the {need} players needed agree so far.", {
      asker, name, have: Object.keys(b.votes).length, need: f.need });
  const when = !early ? null : w && w.p === b.q
    ? t("By this device's records the game has waited for {name} since {since}: you can agree from {until} (the turn clock is {clock}), if {name} still has not answered. Open this link again then, or use Players.", {
      name, since: clock(w.since), until: clock(w.until), clock: clockName(f.clock) })
    : t("By this device's records the game is not waiting for {name}: you cannot agree now.", { name });
  const box = dialog("friends-vote", b.kind === "rejoin" ? t("{name} asks for their seat back", { name }) : t("Hand {name}'s seat to a bot?", { name }),
    el("p", { text }), when ? el("p", { class: "muted small", id: "friends-vote-when", role: "status", text: when }) : null,
    el("div", { class: "row" }, agree, later));
  later.onclick = () => box.close();
  (early ? later : agree).focus();
  return box;
}

/** This device's seat is played by another device now: who accepted it and from which turn;
 * Ask for my seat back. */
export function replacedDialog(f, e, onAsk) {
  const ask = el("button", { type: "button", class: "primary", id: "friends-ask-back", text: t("Ask for my seat back"), onclick: onAsk });
  const later = el("button", { type: "button", text: t("Not now") });
  const box = dialog("friends-gone", t("Your seat moved to another device"),
    el("p", { id: "friends-gone-text", text: e
      ? t("Another device (key {fp}) plays your seat since turn {turn}, accepted by {by}. If that was not you, tell them; you can ask for your seat back.", {
        fp: f.parts[f.me].fp, turn: e.turn, by: e.names.join(", ") })
      : t("Another device plays your seat now (key {fp}): the others accepted it. If that was not you, tell them; you can ask for your seat back.", { fp: f.parts[f.me].fp }) }),
    el("div", { class: "row" }, ask, later));
  later.onclick = () => box.close();
  ask.focus();
  return box;
}

/** Several links to send in turn (the whole game for a device that took its seat back). */
export function partsDialog({ title, text, links, shareTitle }) {
  if (links.length === 1) return linkDialog({ title, text, link: links[0], shareTitle });
  let i = 0;
  const show = () => {
    const box = linkDialog({ title: t("{title} ({i} of {n})", { title, i: i + 1, n: links.length }), text, link: links[i], shareTitle,
      note: t("Send all {n} links, one after the other.", { n: links.length }) });
    box.dataset.part = String(i);
    box.dataset.parts = String(links.length);
    if (i + 1 < links.length) {
      const next = el("button", { type: "button", id: "friends-next-part", text: t("Next link") });
      next.onclick = () => { i += 1; show(); };
      box.querySelector(".share-body").append(el("div", { class: "row" }, next));
    }
    return box;
  };
  return show();
}
