// The screens of a friends' game: the dialog that sends a link (an invite,
// an answer, a turn), a refused link, the host's lobby, a friend's join, the
// players and their keys, and the bar over the game's dock. Plain DOM; every
// dialog is a <dialog> (keyboard and screen readers get its focus trap and
// Escape) titled by its heading.

import { $, el, toast } from "../ui.js";
import { t, tn } from "../i18n.js";
import { statusLine, clock } from "./words.js";
import { writeClipboard } from "../share.js";
import { shownName } from "../host.js";   // (a default seat name in the reader's language)

let ids = 0;

/** A modal dialog ``id`` with a heading and ``body`` nodes; returns it, open. */
export function dialog(id, title, ...body) {
  let box = document.getElementById(id);
  if (!box) {
    box = el("dialog", { id, class: "share-dialog friends-dialog" });
    document.body.append(box);
  }
  const head = `fh${++ids}`;
  const close = el("button", { type: "button", class: "close", text: t("Close"), onclick: () => box.close() });
  box.setAttribute("aria-labelledby", head);
  box.replaceChildren(el("div", { class: "share-head" }, el("h2", { id: head, text: title }), close),
    el("div", { class: "share-body" }, ...body));
  if (!box.open) box.showModal();
  return box;
}

/** Send ``link``: the system's Share where there is one, Copy link, and the
 * link itself in a field to select. ``text``: what it is and for whom. */
export function linkDialog({ title, text, link, shareTitle, note = "" }) {
  const field = el("input", { type: "text", id: "friends-link", readonly: true, value: link, "aria-label": t("The link") });
  const status = el("p", { class: "muted small", id: "friends-link-status", role: "status", text: tn("The link is {n} character long.", "The link is {n} characters long.", link.length) });
  const copyBtn = el("button", { type: "button", id: "friends-copy", class: "primary", text: t("Copy link") });
  const shareBtn = navigator.share ? el("button", { type: "button", id: "friends-share", class: "primary", text: t("Share\u2026") }) : null;
  const box = dialog("friends-send", title, el("p", { text }), note ? el("p", { class: "muted small", text: note }) : null,
    el("div", { class: "row" }, shareBtn, copyBtn), field, status);
  box.dataset.link = link;
  field.value = link;
  copyBtn.onclick = async () => {
    if (await writeClipboard(link)) {
      toast(t("Link copied: paste it in a message."), "info");
      box.close();
    } else {
      field.focus();
      field.select();
      status.textContent = t("Copying is blocked here: select the link and copy it.");
    }
  };
  if (shareBtn) {
    shareBtn.onclick = async () => {
      try {
        await navigator.share({ title: shareTitle, url: link });
        box.close();
      } catch (e) {
        if (!e || e.name !== "AbortError") status.textContent = t("Sharing did not work ({why}): copy the link instead.", { why: (e && e.message) || e });
      }
    };
  }
  (shareBtn || copyBtn).focus();
  return box;
}

/** A link refused: the reason, and that nothing changed. */
export function refusedDialog(text, title = t("Link refused")) {
  const ok = el("button", { type: "button", class: "primary", id: "friends-ok", text: t("OK") });
  const box = dialog("friends-refused", title, el("p", { class: "error-box", role: "alert", id: "friends-reason", text }),
    el("p", { class: "muted small", text: t("Nothing was changed: your game is as it was.") }), el("div", { class: "row" }, ok));
  ok.onclick = () => box.close();
  ok.focus();
  return box;
}

/** A plain note (a link already opened). */
export function noteDialog(text) {
  const ok = el("button", { type: "button", class: "primary", id: "friends-ok", text: t("OK") });
  const box = dialog("friends-refused", t("Nothing new"), el("p", { id: "friends-reason", role: "status", text }), el("div", { class: "row" }, ok));
  ok.onclick = () => box.close();
  ok.focus();
  return box;
}

const seatList = (seats, owner) => seats.map((s, i) => ({ ...s, i })).filter((s) => s.owner === owner);

/** The host's lobby: each friend's seat with its invite and whether it joined,
 * then Start once everyone has. actions: {invite(p), start()}. */
export function lobbyDialog({ title, setup, fingerprints, actions }) {
  const parts = setup.parts;
  const rows = parts.map((part, p) => {
    const seats = seatList(setup.seats, p).map((s) => shownName(s.name)).join(", ");
    const joined = !!part.key;
    if (p === 0) {
      return el("li", { class: "lobby-row" }, el("div", {}, el("strong", { text: t("You: {seats}", { seats }) }),
        el("div", { class: "muted small", text: t("Your key: {fp}", { fp: fingerprints[0] || "?" }) })));
    }
    return el("li", { class: `lobby-row${joined ? " joined" : ""}`, "data-part": String(p) },
      el("div", {}, el("strong", { text: shownName(part.name) }),
        el("div", { class: "muted small", text: joined ? t("Joined \u2713 key {fp}", { fp: fingerprints[p] || "?" }) : t("Not joined yet") })),
      el("button", { type: "button", class: "invite", text: joined ? t("Invite again") : t("Send invite"), onclick: () => actions.invite(p) }));
  });
  const bots = setup.seats.filter((s) => s.kind === "bot").map((s) => shownName(s.name));
  const ready = parts.every((p) => p.key);
  const start = el("button", { type: "button", id: "friends-start", class: "primary", disabled: !ready, text: t("Start the game"), onclick: () => actions.start() });
  const box = dialog("friends-lobby", title,
    el("p", { text: t("Send each friend their invite. When they open it on their phone, they join and send you an answer link: open it here.") }),
    el("ul", { class: "lobby" }, ...rows),
    bots.length ? el("p", { class: "muted small", text: t("Bots ({names}) are played by this device.", { names: bots.join(", ") }) }) : null,
    el("p", { class: "muted small", text: ready ? t("Everyone has joined.") : t("Start is possible once everyone has joined.") }),
    el("div", { class: "row" }, start));
  box.dataset.ready = ready ? "1" : "0";
  return box;
}

/** A friend opening an invite: who invites, to what, which seat; Join. */
export function joinDialog({ info, onJoin }) {
  const host = info.parts[0].name;
  const mine = info.seats.filter((s) => s.owner === info.p).map((s) => s.name).join(", ");
  const name = el("input", { type: "text", id: "friends-name", maxlength: "40", value: info.parts[info.p].name, "aria-label": t("Your name") });
  const join = el("button", { type: "button", id: "friends-join", class: "primary", text: t("Join") });
  const box = dialog("friends-join-box", t("{host} invites you to play {game}", { host, game: info.title }),
    el("ul", { class: "seat-list" }, ...info.seats.map((s) => el("li", {}, el("span", {
      text: s.owner === info.p ? t("{name} (you)", { name: s.name }) : s.kind === "bot" ? t("{name} (a bot on {host}'s device)", { name: s.name, host }) : s.name,
    })))),
    el("label", { class: "field" }, el("span", { text: t("Your name") }), name),
    el("p", { class: "muted small", text: t("{host}'s key: {fp}. Compare it with {host} (by voice or in person) to be sure the invite is theirs.", { host, fp: info.fingerprints[0] }) }),
    el("p", { class: "muted small", text: t("Joining makes a key for this game on this device: only this device can play your seat.") }),
    el("div", { class: "row" }, join));
  join.onclick = () => onJoin(name.value.trim() || mine);
  name.focus();
  return box;
}

/** The players of a game in play, their devices' keys and who is waited for;
 * for that player, when they stop answering: hand their seat to a bot
 * (``onRetire(p)``, which asks the others to agree). */
export function playersDialog(f, since, onRetire) {
  const waited = f.next != null && f.next !== f.me && !f.over && !f.parts[f.next].retired ? f.next : null;
  const ballot = f.ballot ? t("{have} of the {need} players needed agree to let a bot play {name}'s seat.", {
    have: Object.keys(f.ballot.votes).length, need: f.need, name: f.parts[f.ballot.q].name }) : null;
  return dialog("friends-players", t("Players and devices"),
    el("ul", { class: "lobby" }, ...f.parts.map((p, i) => el("li", { class: "lobby-row" },
      el("div", {}, el("strong", { text: i === f.me ? t("{name} (this device)", { name: p.name }) : p.name }),
        el("div", { class: "muted small", text: p.retired ? t("Stopped answering: a bot plays their seat") : t("Key {fp}", { fp: p.fp || "?" }) })),
      i === waited ? el("button", { type: "button", class: "retire", text: t("Not answering?"), onclick: () => confirmRetire(f, i, since, onRetire) }) : null))),
    ballot ? el("p", { role: "status", text: ballot }) : null,
    el("p", { class: "muted small", text: t("Every turn is signed with its device's key; compare the keys with your friends to be sure no one else plays their seat.") }));
}

function confirmRetire(f, p, since, onRetire) {
  const name = f.parts[p].name;
  const go = el("button", { type: "button", class: "primary", id: "friends-retire", text: t("Ask to hand the seat to a bot"), onclick: () => onRetire(p) });
  dialog("friends-players", t("{name} is not answering", { name }),
    el("p", { text: since ? t("The game has waited for {name} since {time}.", { name, time: clock(since) }) : t("The game is waiting for {name}.", { name }) }),
    el("p", { text: f.need > 1
      ? t("A bot can play {name}'s seat from now on if {need} of the other players agree (you are one). The bot's moves are made on the device that created the game.", { name, need: f.need })
      : t("A bot can play {name}'s seat from now on. With no one else left in the game, its draws are no longer protected: they are made on this device.", { name }) }),
    el("div", { class: "row" }, go));
  go.focus();
}

/** The bar over the dock: the status, and Send or Send again. */
export function renderBar(f, since, actions) {
  let bar = $("#friends-bar");
  if (!bar) {
    bar = el("div", { id: "friends-bar", role: "status" });
    $("#dock").prepend(bar);
  }
  const send = f.to_send
    ? el("button", { type: "button", id: "friends-send-btn", class: "primary", text: f.over ? t("Send the end") : t("Send your turn"), onclick: actions.send })
    : (f.next !== f.me && !f.over ? el("button", { type: "button", id: "friends-again-btn", text: t("Send again"), onclick: actions.send }) : null);
  const state = f.to_send ? "send" : f.over ? "over" : f.my_turn || f.my_bot ? "mine" : "waiting";
  bar.replaceChildren(...[el("span", { class: "friends-status", text: statusLine(f, since) }), send,
    el("button", { type: "button", id: "friends-players-btn", text: t("Players"), onclick: actions.players })].filter(Boolean));
  bar.dataset.state = state;
  // the turn line and the choices say it is yours (or that the game is over): the dock keeps its room
  bar.hidden = state === "mine" || state === "over";
  return bar;
}

export function dropBar() {
  const bar = $("#friends-bar");
  if (bar) bar.remove();
}
