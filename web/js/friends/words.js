// What the page says of a friends' game: each refusal by its reason (the
// engine's codes: engine/cairn/friends/; the page adds those of a signature
// that does not verify, by what it signs, and unknown_game, own_invite,
// not_host), naming the turn and the players it concerns (never "a player"
// where a name is known) and what to do next, in words that know who reads
// them (a refusal about the reader's own seat, or of a link the reader's own
// device sent, is said to them as such: never "ask yourself"); the status
// lines of the bar and the saved-games list; the turn clock; times and
// dates in the language chosen. docs/friends.md has the table of them all.

import { t, tn, N_, language } from "../i18n.js";

const REFUSALS = {
  damaged: N_("The link is damaged: part of it was lost or changed on the way (a chat app may have cut it). Ask whoever sent it to send it again."),
  old_link: N_("This link was made by an earlier version of Cairn, which did not sign its sender. Ask whoever sent it to open the game (the app updates itself) and press Send again."),
  other_game: N_("This link belongs to another game with friends: open it from the chat where that game's links are."),
  unknown_game: N_("This link is for a game with friends this browser has not joined. If you are in it and lost your phone or cleared this browser, open your invite here (the first link you were sent) and choose Rejoin; the player who invited you can send it again from their Players list."),
  diverged: N_("This link continues another version of the game, from turn {turn}: two versions of a turn exist and this device never got the turn where they part. Ask {sender} to press Send again."),
  own_link: N_("This link was sent from this device, but it no longer fits the game here (this device's copy changed since: it was put back, or went over to another version). Ask another player to press Send again."),
  not_started: N_("This game has not started on this device yet: open the start link the host sent you first."),
  gap: N_("This link starts later than this device has reached (you are at turn {turn}): some links never reached you. Ask {sender} to press Send again: the new link holds everything you missed."),
  stale: N_("This link is older than the game on this device (it ends at turn {turn}; you are at turn {now}): nothing to do."),
  applied: N_("You already opened this link: nothing changed."),
  "applied:own": N_("This is a link this device sent: it holds nothing new here."),
  fork: N_("Turn {turn} exists in two versions: {player} signed both. Open the link again to see them and go over to the version the others play."),
  illegal: N_("Turn {turn}: this link holds a move of {player} that the rules do not allow there, so it was changed on the way. Ask {sender} to send it again."),
  missing_draw: N_("Turn {turn}: {player}'s draw value is missing from this link, so the draw cannot be made. Ask {sender} to send it again."),
  bad_reveal: N_("Turn {turn}: {player}'s draw value in this link does not match what {player} committed to on joining, and {sender}'s device signed the link: it made that value or passed it on (an honest device refuses it). Ask {sender} to send it again; if it happens again, {sender}'s device is not playing fair."),
  "bad_reveal:sender": N_("Turn {turn}: {player}'s draw value in this link does not match what {player} committed to on joining, and {player}'s device signed the link: {player}'s device is not playing fair. The draw would not be fair, so nothing was taken in."),
  "bad_reveal:me": N_("Turn {turn}: this link holds a draw value in your name that your device never made, and {sender}'s device signed the link: {sender}'s device made it up. Nothing was taken in."),
  out_of_turn: N_("Turn {turn}: this link holds a draw value where a move was due, so it was changed on the way. Ask {sender} to send it again."),
  unsigned: N_("Turn {turn}: this link holds moves of {player} without {player}'s signature. Ask {sender} to send it again."),
  bad_signature: N_("Turn {turn}: {player}'s moves in this link were changed after {player} signed them, or signed on another device than {player}'s. Ask {sender} to send it again; if it happens again, someone may be playing {player}'s seat."),
  "bad_signature:me": N_("Turn {turn}: this link holds moves in your name that this device never signed, and {sender}'s device signed the link: {sender}'s device made them. Nothing was taken in."),
  bad_sender: N_("This link says it comes from {sender}, but {sender}'s device did not sign it: it was changed on the way or made by someone else. Ask {sender} to send it again."),
  "bad_sender:own": N_("This link says it comes from you, but this device did not sign it: it was changed on the way or made by someone else."),
  bad_vote: N_("This link holds a vote about {player}'s seat without a majority of the players behind it: it was changed. Ask {sender} to send it again."),
  bad_vote_sig: N_("A vote in this link about {subject}'s seat, said to be {player}'s, is not signed by {player}'s device: it was changed, or made by someone else. Ask {sender} to send it again."),
  bad_request_sig: N_("The request in this link to take {player}'s seat back is not signed by the device it comes from: it is refused."),
  bad_evidence: N_("The evidence of a double-signed turn in this link does not verify: it was changed. Ask {sender} to send it again."),
  bad_invite: N_("This invite was changed after {player} signed it: ask {player} to send it again."),
  bad_join: N_("This answer was changed after {player}'s device signed it: ask {player} to answer the invite again."),
  answered: N_("{player}'s seat was answered already, by another device (key {fp}); this answer comes from a device with key {other}. An invite is answered once: compare keys with {player} before you start."),
  joined_already: N_("This is {player}'s answer again: it was taken in already. Nothing changed."),
  started: N_("This game has started already: this answer came too late."),
  seat_taken: N_("The host started with another device in your seat (key {fp}; yours is {mine}). If that was not you, tell the others: they can give your seat back to this device (Ask for my seat)."),
  other_invite: N_("This answer is to another invite than the one {player} was sent for this game: ask {player} to answer the right invite."),
  version: N_("This link was made by another version of Cairn: open the game again (the app updates itself), then ask for the link again."),
  malformed: N_("Part of this link makes no sense (it was changed or made by another program). Ask whoever sent it to send it again."),
  record: N_("This game's record on this device is damaged: it cannot be opened."),
  too_soon: N_("By this device's records {player} has had the turn since {since}. The turn clock runs out at {until}: from then on you can hand {player}'s seat to a bot, if {player} still does not answer."),
  handover_early: N_("Turn {turn}: {by}'s device handed {player}'s seat to a bot, but by this device's records the game has waited for {player} only since {since}, and the turn clock ({clock}) runs out at {until}. Refused: nothing changed here. If {player} still has not answered then, open this link again."),
  "handover_early:me": N_("Turn {turn}: {by}'s device handed your seat to a bot, but by this device's records you have had the turn only since {since}, and the turn clock ({clock}) runs out at {until}. Refused: you play on. Play your turn and send it."),
  handover_not_waited: N_("Turn {turn}: {by}'s device handed {player}'s seat to a bot while the game was waiting for {waited}, not for {player}. Refused: only a player who keeps the game waiting can have their seat handed to a bot."),
  "handover_not_waited:me": N_("Turn {turn}: {by}'s device handed your seat to a bot while the game was waiting for {waited}, not for you. Refused: you play on."),
  back_early: N_("Turn {turn}: {by}'s device gave {player}'s seat to another device, but by this device's records the game has waited for {player} only since {since}, and the turn clock ({clock}) runs out at {until}. Refused: nothing changed here."),
  "back_early:me": N_("Turn {turn}: {by}'s device gave your seat to another device, but by this device's records you have had the turn only since {since}, and the turn clock ({clock}) runs out at {until}. Refused: you play on. If that other device is not yours, tell the others."),
  back_not_waited: N_("Turn {turn}: {by}'s device gave {player}'s seat to another device while the game was waiting for {waited}, not for {player}. Refused: nothing changed here."),
  "back_not_waited:me": N_("Turn {turn}: {by}'s device gave your seat to another device while the game was waiting for {waited}, not for you. Refused: you play on. If that other device is not yours, tell the others."),
  accept_too_soon: N_("By this device's records {player} has had the turn since {since}: until the turn clock runs out at {until}, {player}'s own device may still answer, so another device cannot take the seat yet. Open {player}'s request again from then, if {player} still has not answered."),
  accept_not_waited: N_("The game is waiting for {waited}, not for {player}: with two players another device can take {player}'s seat only once the game has waited for {player} longer than the turn clock."),
  clock_changed: N_("{player} started this game with a turn clock of {clock}, but the invite you joined said {invited}. Refused: ask {player} for a new invite, with the clock you agreed to."),
  bot_move: N_("Turn {turn}: this link holds a move for {seat}, a bot played on {player}'s device, that is not the move the bot makes there (every device plays it itself): {player}'s device chose it. Refused: nothing changed here."),
  not_sent: N_("You have not sent {player} the turn they are to answer yet: send it first (Send your turn)."),
  not_waited: N_("The game is not waiting for {player}: only the player the game waits for can be handed to a bot."),
  no_secret: N_("This device lost its secret for this game (its browser storage was cleared), so it cannot make draws. Open your invite again and choose Rejoin: the others can let this device take your seat back."),
  rejoining: N_("This device asked to take its seat back and waits for the whole game: open the links {sender} sends for it (the game, in parts)."),
  not_back: N_("This game does not hold your request to take your seat back yet: ask the others to accept it first."),
  catchup_mixed: N_("These parts come from two different sendings of the game: open every part of the newest one."),
  own_invite: N_("This is your own invite: send it to the friend it is for."),
  not_host: N_("This answer is for the device that created the game."),
};

/** Every kind of refusal and its words in English (the message ids). */
export const REFUSAL_WORDS = REFUSALS;

/** The words for a refusal; ``info``: {turn, now, player|part, sender, by, waited, q, me, names, fp,
 * other, mine, since, until, clock, invited, seat_name}. Said to its reader: a variant when the
 * refusal is about the reader's own seat (``:me``), when the player named signed the link
 * itself (``:sender``), or when the link came from the reader's own device (``:own``). */
export function refusalText(reason, info = {}) {
  const names = info.names || [];
  const who = (p) => (p != null && names[p]) || t("a player");
  if (reason === "too_soon" && info.until == null) reason = "not_sent";
  const player = info.player ?? info.part;
  const me = info.me;
  const mine = (p) => me != null && p != null && p === me;
  const variant = (suffix) => REFUSALS[`${reason}:${suffix}`] ? `${reason}:${suffix}` : null;
  let key = reason;
  if (mine(info.sender) && REFUSALS[reason] && REFUSALS[reason].includes("{sender}")) {
    key = variant("own") || "own_link";
  } else if (mine(info.sender)) {
    key = variant("own") || reason;
  } else if (mine(player)) {
    key = variant("me") || reason;
  } else if (player != null && player === info.sender) {
    key = variant("sender") || reason;
  }
  const fill = {
    turn: info.turn ?? "?",
    now: info.now ?? "?",
    player: who(player),
    sender: who(info.sender),
    by: who(info.by),
    waited: who(info.waited),
    subject: who(info.q),
    seat: info.seat_name || who(player),
    fp: info.fp || "?",
    other: info.other || "?",
    mine: info.mine || "?",
    since: info.since ? clock(info.since) : "?",
    until: info.until ? clock(info.until) : "?",
    clock: info.clock ? clockName(info.clock) : "?",
    invited: info.invited ? clockName(info.invited) : "?",
  };
  return t(REFUSALS[key] || N_("This link cannot be opened ({reason})."), { ...fill, reason });
}

/** The refusal of a signature that does not verify, by what it signs. */
export const BAD_SIGNATURE = { turn: "bad_signature", sender: "bad_sender", vote: "bad_vote_sig", request: "bad_request_sig",
  evidence: "bad_evidence", invite: "bad_invite", join: "bad_join" };

/** "21:14" today, else a short date and time: in the language chosen (not the browser's). */
export function clock(ms) {
  const d = new Date(ms);
  const today = new Date();
  const same = d.toDateString() === today.toDateString();
  // in the page's language (not the browser's): "21:14", "28 nov., 21:14"
  const lang = language();
  return same ? new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }).format(d)
    : new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(d);
}

/** The turn clock's choices (seconds) and their words. */
export const CLOCKS = [3600, 86400, 3 * 86400, 7 * 86400];
export function clockName(seconds) {
  if (seconds % 86400 === 0) return seconds === 7 * 86400 ? t("1 week") : tn("{n} day", "{n} days", seconds / 86400);
  return tn("{n} hour", "{n} hours", Math.round(seconds / 3600));
}

/** The status of a friends' game in play, one line: whose turn and since when. */
export function statusLine(f, since) {
  const name = (p) => (f.parts[p] ? f.parts[p].name : "?");
  if (f.replaced) return t("Another device plays your seat now");
  if (f.over) return f.to_send ? t("Game over: send the last moves to the others") : t("Game over");
  if (f.retired_me) return t("A bot plays your seat since turn {turn}", { turn: f.retired_me.turn });
  if (f.to_send) {
    if (f.draw_only) return t("{name} needs the draw made here: send it to them", { name: name(f.next) });
    if (f.waiting && f.waiting.mid && f.waiting.from !== f.me && f.owner && f.owner[f.waiting.seat] === f.me) {
      return t("Your move waits for a draw from {name}: send it to them", { name: name(f.waiting.from) });
    }
    return t("Your turn is done: send it to {name}", { name: name(f.next) });
  }
  if (f.my_turn) return t("Your turn");
  if (f.my_bot) return t("{name} plays on this device", { name: f.seat_name || name(f.me) });
  const who = name(f.next);
  // a draw another player's move waits for, in the middle of that player's turn
  const mid = f.waiting && f.waiting.mid && f.owner && f.owner[f.waiting.seat] !== f.next;
  if (mid) return t("{mover}'s move waits for a draw from {name}", { mover: name(f.owner[f.waiting.seat]), name: who });
  return since ? t("{name}'s turn, since {time}", { name: who, time: clock(since) }) : t("{name}'s turn", { name: who });
}

/** What the saved-games list keeps of a game's status (read again in the reader's language). */
export function listStatus(f) {
  return {
    parts: f.parts.map((p) => ({ name: p.name })), next: f.next, me: f.me, over: f.over, to_send: f.to_send,
    my_turn: f.my_turn, my_bot: f.my_bot, draw_only: f.draw_only, seat_name: f.seat_name, owner: f.owner,
    waiting: f.waiting ? { from: f.waiting.from, seat: f.waiting.seat, mid: f.waiting.mid } : null,
    retired_me: f.retired_me ? { turn: f.retired_me.turn } : null, replaced: f.replaced,
    bots: (f.events || []).filter((e) => e.kind === "bot").map((e) => ({ name: f.parts[e.p].name, turn: e.turn })),
  };
}
