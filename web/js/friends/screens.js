// The screens of a friends' game before and around play: the dialog that
// sends a link (an invite, an answer, a turn, a request), a refused link, a
// note, the host's lobby, a friend's join (or rejoin), and the start: every
// seat with its device's key. The screens in play are js/friends/seats.js.
// Plain DOM; every dialog is a <dialog> (keyboard and screen readers get its
// focus trap and Escape) titled by its heading.

import { el, toast } from "../ui.js";
import { t, tn } from "../i18n.js";
import { clockName } from "./words.js";
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

/** A link refused (or, ``title`` says, another step): the reason, and that nothing changed. */
export function refusedDialog(text, title = t("Link refused")) {
  const ok = el("button", { type: "button", class: "primary", id: "friends-ok", text: t("OK") });
  const box = dialog("friends-refused", title, el("p", { class: "error-box", role: "alert", id: "friends-reason", text }),
    el("p", { class: "muted small", text: t("Nothing was changed: your game is as it was.") }), el("div", { class: "row" }, ok));
  ok.onclick = () => box.close();
  ok.focus();
  return box;
}

/** A plain note (a link already opened, a game received). */
export function noteDialog(text, title = t("Nothing new")) {
  const ok = el("button", { type: "button", class: "primary", id: "friends-ok", text: t("OK") });
  const box = dialog("friends-refused", title, el("p", { id: "friends-reason", role: "status", text }), el("div", { class: "row" }, ok));
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
    el("p", { class: "muted small", id: "friends-clock", text: t("Turn clock: {clock}. A player who keeps the others waiting longer can have their seat handed to a bot.", { clock: clockName(setup.clock || 86400) }) }),
    el("p", { class: "muted small", text: ready ? t("Everyone has joined: compare each key with its friend before you start.") : t("Start is possible once everyone has joined.") }),
    el("div", { class: "row" }, start));
  box.dataset.ready = ready ? "1" : "0";
  return box;
}

/** A friend opening an invite: who invites, to what, which seat, the turn
 * clock; Join, or Rejoin for one who joined before on a device that lost the game. */
export function joinDialog({ info, onJoin, onRejoin }) {
  const host = info.parts[0].name;
  const mine = info.seats.filter((s) => s.owner === info.p).map((s) => s.name).join(", ");
  const name = el("input", { type: "text", id: "friends-name", maxlength: "40", value: info.parts[info.p].name, "aria-label": t("Your name") });
  const join = el("button", { type: "button", id: "friends-join", class: "primary", text: t("Join") });
  const rejoin = el("button", { type: "button", id: "friends-rejoin", text: t("Rejoin") });
  const box = dialog("friends-join-box", t("{host} invites you to play {game}", { host, game: info.title }),
    el("ul", { class: "seat-list" }, ...info.seats.map((s) => el("li", {}, el("span", {
      text: s.owner === info.p ? t("{name} (you)", { name: s.name }) : s.kind === "bot" ? t("{name} (a bot on {host}'s device)", { name: s.name, host }) : s.name,
    })))),
    el("label", { class: "field" }, el("span", { text: t("Your name") }), name),
    el("p", { class: "muted small", text: t("{host}'s key: {fp}. Compare it with {host} (by voice or in person) to be sure the invite is theirs.", { host, fp: info.fingerprints[0] }) }),
    el("p", { class: "muted small", text: t("Turn clock: {clock}. A player who keeps the others waiting longer can have their seat handed to a bot.", { clock: clockName(info.clock || 86400) }) }),
    el("p", { class: "muted small", text: t("Joining makes a key for this game on this device: only this device can play your seat.") }),
    el("div", { class: "row" }, join),
    el("p", { class: "muted small", text: t("Joined before, on a phone you no longer have (or this browser was cleared)? Rejoin asks the others to let this device take your seat back.") }),
    el("div", { class: "row" }, rejoin));
  join.onclick = () => onJoin(name.value.trim() || mine);
  rejoin.onclick = () => onRejoin(name.value.trim() || mine);
  name.focus();
  return box;
}

/** Every seat and the key of the device that plays it (the start, and the
 * Players view): ``seats`` [{name, kind, owner, fp}], ``me`` this device's participant. */
export function seatRows(seats, me, names = []) {
  return el("ul", { class: "lobby seat-keys" }, ...seats.map((s) => el("li", { class: "lobby-row", "data-owner": String(s.owner) },
    el("div", {}, el("strong", { text: s.owner === me && s.kind === "human" ? t("{name} (this device)", { name: s.name }) : s.name }),
      el("div", { class: "muted small", text: s.kind === "bot"
        ? t("A bot, played by {name}'s device (key {fp})", { name: names[s.owner] || "?", fp: s.fp || "?" })
        : t("Device key {fp}", { fp: s.fp || "?" }) })))));
}

/** The game has started: every seat with its device's key, to compare. */
export function startDialog(f, onOk) {
  const ok = el("button", { type: "button", class: "primary", id: "friends-start-ok", text: t("Play") });
  const names = f.parts.map((p) => p.name);
  const box = dialog("friends-start-box", t("The game has started"),
    el("p", { text: t("Each seat and the key of the device that plays it. Compare the keys with your friends (by voice or in person): a key you do not recognise is another device in that seat.") }),
    seatRows(f.seats, f.me, names),
    el("p", { class: "muted small", text: t("Turn clock: {clock}.", { clock: clockName(f.clock) }) }),
    el("div", { class: "row" }, ok));
  ok.onclick = () => { box.close(); if (onOk) onOk(); };
  ok.focus();
  return box;
}
