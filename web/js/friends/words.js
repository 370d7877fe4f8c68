// What the page says of a friends' game: refusals of links by their reason
// (the engine's `reason` codes, js/friends/flow.js adds bad_signature and
// unknown_game), and the status lines of the bar and the saved-games list.

import { t, N_ } from "../i18n.js";

const REFUSALS = {
  damaged: N_("The link is damaged: part of it was lost or changed on the way. Ask for it again."),
  invalid: N_("This link holds a move the rules do not allow here: it was changed after it was made."),
  bad_reveal: N_("{player}'s draw value in this link does not match the one they committed to when joining: the draw would not be fair."),
  unsigned: N_("This link holds moves of {player} without {player}'s signature."),
  bad_signature: N_("This link was changed after {player} signed it, or was signed on another device than {player}'s: someone may be playing a seat that is not theirs."),
  other_game: N_("This link belongs to another game."),
  diverged: N_("This link continues a different version of this game (from turn {turn})."),
  not_started: N_("This game has not started on this device yet: open the host's start link first."),
  started: N_("This game has started already."),
  seat_taken: N_("Another device took this seat."),
  no_secret: N_("This device lost its secret for this game (its browser storage was cleared): it cannot take part in draws any more."),
  gap: N_("This link continues from a later point than this device has reached (you are at turn {turn}): open the links you missed first, or ask {sender} to send theirs again."),
  stale: N_("This link is older than the game you have (it ends at turn {turn}; you are at turn {now}): nothing to do."),
  applied: N_("You already opened this link: nothing changed."),
  fork: N_("Turn {turn} was played twice, differently: {player} sent other moves for it than the ones you have (this link is from {sender}). You keep the version you have."),
  unknown_game: N_("This link is for a game with friends that this browser has not joined."),
  own_invite: N_("This is your own invite: send it to the friend it is for."),
  not_host: N_("This answer is for the device that created the game."),
};

/** The words for a refusal; ``info``: {turn, now, player, sender, part, names}. */
export function refusalText(reason, info = {}) {
  const names = info.names || [];
  const who = (p) => (p != null && names[p]) || t("a player");
  const fill = {
    turn: info.turn ?? "?",
    now: info.now ?? "?",
    player: who(info.player ?? info.part),
    sender: who(info.sender),
  };
  return t(REFUSALS[reason] || N_("This link cannot be opened ({reason})."), { ...fill, reason });
}

/** "21:14" today, else a short date and time. */
export function clock(ms) {
  const d = new Date(ms);
  const today = new Date();
  const same = d.toDateString() === today.toDateString();
  return same ? d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleString([], { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** The status of a friends' game in play, one line: whose move and since when. */
export function statusLine(f, since) {
  const name = (p) => (f.parts[p] ? f.parts[p].name : "?");
  if (f.over) return f.to_send ? t("Game over: send the last moves to the others") : t("Game over");
  if (f.to_send) {
    if (f.draw_only) return t("{name} needs the draw made here: send it to them", { name: name(f.next) });
    if (f.waiting && f.waiting.from !== f.me) return t("Your move waits for a draw from {name}: send it to them", { name: name(f.waiting.from) });
    return t("Your turn is done: send it to {name}", { name: name(f.next) });
  }
  if (f.my_turn) return t("Your turn");
  if (f.my_bot) return t("{name} plays on this device", { name: f.seat_name || name(f.me) });
  const who = name(f.next);
  if (f.waiting) return since ? t("Waiting for a draw from {name} since {time}", { name: who, time: clock(since) }) : t("Waiting for a draw from {name}", { name: who });
  return since ? t("Waiting for {name} since {time}", { name: who, time: clock(since) }) : t("Waiting for {name}", { name: who });
}
