"""Today's game: one deal a day per game, the same for everyone on that date
(UTC), and results shared as links that prove themselves.

The deal of a date follows from the game and the date alone (:func:`deal`):
the seed, who sits where, the options, the opponent.  Clans of Caledonia's
is the solo mode (the rulebook's rated score); Glen More's and Hunters and
Gatherers' a game against one hard bot.  The bots of today's game search a
fixed number of iterations, never stopped by a clock
(:func:`bot_move`), so everyone who makes the same moves meets the same
game, on a fast laptop or a slow phone.

A result link (:func:`result_link`, :func:`read_result`) carries the game,
the date, a fingerprint of the deal it was played on, the player's name and
score, whether it was a practice try, and every move as its index among the
legal moves (forced moves left out: the reader knows them), with a check.
Opening one replays the whole game on that date's deal: it is accepted only
when every move is legal there, the game ends exactly where the moves do and
the score is the link's.  :func:`check_bot_moves` goes further, move by
move (it takes the bot's time): the bot's moves are those today's bot plays.
A refusal is a :class:`ResultError` whose ``code`` says which check failed
(the page words each) and whose ``info`` names the move or the scores.

What it cannot prove: anyone who runs the engine can compute a date's deal
in advance, so a result proves the game was played by the rules on that
deal, not that it was played blind; "practice" is what the player's own
device said.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
from typing import Any, Dict, List, Optional

from . import new_game
from .bots import fixed_move
from .core.errors import IllegalMove
from .core.game import Game
from .core.rng import derive_seed
from .core.save import MAX_SEED
from .core.codec import LinkError, Reader, Writer, b64, unb64

#: What today's game is, per game: the opponent's bot level (None: the solo mode) and the
#: options (the games' defaults: the full rules).  The order is the link's game number.
DAILY: Dict[str, Dict[str, Any]] = {
    "glenmore": {"opponent": "hard", "options": {}},
    "hunters": {"opponent": "hard", "options": {}},
    "caledonia": {"opponent": None, "options": {}},
}
GAMES = tuple(DAILY)
EPOCH = _dt.date(2024, 1, 1)   # day 0 of the links' day numbers
LAST_DAY = _dt.date(2199, 12, 31)
VERSION = 1
FLAG_PRACTICE = 1
CHECK_BYTES = 4
DEAL_PRINT_BYTES = 3
MAX_NAME_BYTES = 60
MAX_LINK_CHARS = 4000
FAR = 366   # how many days around a link's date a deal is looked for (another date's deal)


class ResultError(LinkError):
    """A result link refused; ``code``: damaged, version, game, date, future, deal, illegal,
    unfinished, extra, score, bots."""


def parse_day(day: Any) -> _dt.date:
    """A date as ``YYYY-MM-DD`` (or a ``date``), from 2024-01-01 to 2199-12-31."""
    if isinstance(day, _dt.date):
        d = day
    else:
        try:
            if not isinstance(day, str) or len(day) != 10:
                raise ValueError
            d = _dt.date.fromisoformat(day)
        except ValueError:
            raise ValueError("a date is written YYYY-MM-DD") from None
    if not EPOCH <= d <= LAST_DAY:
        raise ValueError(f"today's games run from {EPOCH.isoformat()} to {LAST_DAY.isoformat()}")
    return d


def deal(game: str, day: Any) -> Dict[str, Any]:
    """The deal of ``game`` on ``day`` (the same for everyone): ``{game, date, seed, players,
    options, human, opponent, fingerprint}``; ``players`` are seat specs for :func:`cairn.new_game`,
    ``human`` the person's seat."""
    if game not in DAILY:
        raise ValueError(f"there is no today's game of '{game}'")
    d = parse_day(day)
    spec = DAILY[game]
    seed = derive_seed("cairn today's game", game, d.isoformat()) % (MAX_SEED + 1)
    if spec["opponent"] is None:
        players: List[Dict[str, Any]] = [{"kind": "human"}]
        human = 0
    else:
        human = seed % 2   # who starts follows from the deal too
        players = [{"kind": "human"}, {"kind": "bot", "level": spec["opponent"]}]
        if human:
            players.reverse()
    return {"game": game, "date": d.isoformat(), "seed": seed, "players": players,
            "options": dict(spec["options"]), "human": human, "opponent": spec["opponent"],
            "fingerprint": fingerprint(game, d.isoformat(), seed, spec["options"]).hex()}


def fingerprint(game: str, day: str, seed: int, options: Dict[str, Any]) -> bytes:
    text = f"{game}|{day}|{seed}|{sorted(options.items())}"
    return hashlib.sha256(text.encode()).digest()[:DEAL_PRINT_BYTES]


def new_daily(game: str, day: Any, player: str = "", practice: bool = False) -> Game:
    """Today's game of ``game`` on ``day``, the person in seat ``deal()["human"]`` named ``player``;
    ``meta.daily`` holds the date (and ``meta.practice`` true for a try that does not count)."""
    d = deal(game, day)
    players = [dict(p) for p in d["players"]]
    if player:
        players[d["human"]]["name"] = player[:40]
    g = new_game(game, players=players, seed=d["seed"], options=d["options"])
    g.meta = {"daily": d["date"]}
    if practice:
        g.meta["practice"] = True
    return g


def is_daily(game: Game) -> bool:
    return isinstance(game.meta.get("daily"), str)


def bot_move(game: Game) -> Dict[str, Any]:
    """The move of the non-human seat to move in today's game: a bot searches exactly its
    level's most iterations (never stopped by the clock), so its move is the same on every
    device for the same position."""
    return fixed_move(game)


# -- result links ------------------------------------------------------------------------
def result_link(game: Game, player: Optional[str] = None) -> str:
    """The result of a finished today's game as link data (base64url); ``player``: the player's
    name to show on the results board (default: the seat's)."""
    day = game.meta.get("daily")
    if not isinstance(day, str) or not game.is_over:
        raise ValueError("only a finished today's game has a result to share")
    d = deal(game.rules.name, day)
    human = d["human"]
    replay = new_game(game.rules.name, players=d["players"], seed=d["seed"], options=d["options"])
    indices: List[int] = []
    for move in game.log:
        legal = replay.legal_moves()
        if len(legal) > 1:
            indices.append(legal.index(move))
        replay.play(move)
    w = Writer().u8(VERSION).u8(GAMES.index(game.rules.name)).varint((parse_day(day) - EPOCH).days)
    w.raw(bytes.fromhex(d["fingerprint"]))
    w.u8(FLAG_PRACTICE if game.meta.get("practice") else 0)
    w.varint(game.scores()[human]["total"])
    w.blob(_name_bytes(player if player is not None else game.seats[human].name))
    w.varint(len(indices))
    for i in indices:
        w.varint(i)
    body = w.bytes()
    return b64(body + _check(body))


def _name_bytes(player: str) -> bytes:
    """A name as the link holds it: at most MAX_NAME_BYTES of UTF-8, never a character cut."""
    data = player.strip()[:40].encode("utf-8")[:MAX_NAME_BYTES]
    return data.decode("utf-8", "ignore").encode("utf-8")


def _check(body: bytes) -> bytes:
    return hashlib.sha256(b"cairn result" + body).digest()[:CHECK_BYTES]


def _refuse(code: str, message: str, **info: Any) -> ResultError:
    return ResultError(code, message, **info)


def read_result(data: Any, today: Any = None) -> Dict[str, Any]:
    """Check a result link and replay its game: ``{game, date, name, score, practice, won,
    scores, outcome, save, moves}`` (``save``: the game as a save file, for the replay, its
    ``meta.shared`` true: someone else's game; ``name``: the link's, possibly empty).
    ``today`` (the reader's date): a result of a later date is refused.

    :raises ResultError: with the code of the check that failed.
    """
    if not isinstance(data, str) or len(data) > MAX_LINK_CHARS:
        raise _refuse("damaged", "the link is damaged or too long")
    try:
        raw = unb64(data, "the result")
    except LinkError:
        raise _refuse("damaged", "the link is damaged (not base64url)") from None
    if len(raw) < CHECK_BYTES + 2:
        raise _refuse("damaged", "the link is cut short")
    body, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if _check(body) != check:
        raise _refuse("damaged", "the link is damaged or cut short (its check does not match)")
    r = Reader(body)
    try:
        version = r.u8()
        if version != VERSION:
            raise _refuse("version", f"a result link of version {version} (this app reads {VERSION})")
        number = r.u8()
        if number >= len(GAMES):
            raise _refuse("game", "the link names no game of this app")
        game = GAMES[number]
        days = r.varint()
        try:
            day = parse_day(EPOCH + _dt.timedelta(days=days))
        except (ValueError, OverflowError):
            raise _refuse("date", "the link's date is out of range") from None
        printed = r.raw(DEAL_PRINT_BYTES)
        flags = r.u8()
        claimed = r.varint()
        try:
            player = r.blob(MAX_NAME_BYTES).decode("utf-8")
        except UnicodeDecodeError:
            raise _refuse("damaged", "the player's name is not text") from None
        count = r.varint()
        if count > 20_000:
            raise _refuse("damaged", "the link holds too many moves")
        indices = [r.varint() for _ in range(count)]
        if r.left:
            raise _refuse("damaged", "the link has extra data")
    except ResultError:
        raise
    except LinkError as e:
        raise _refuse("damaged", str(e)) from None
    if today is not None and day > parse_day(today):
        raise _refuse("future", f"the result is dated {day.isoformat()}, after today", date=day.isoformat())
    d = deal(game, day)
    if printed.hex() != d["fingerprint"]:
        other = _deal_day(game, day, printed)
        raise _refuse("deal", f"the moves were played on another day's deal, not {day.isoformat()}'s",
                      date=day.isoformat(), played=other)
    g = new_daily(game, day, player, practice=bool(flags & FLAG_PRACTICE))
    used = 0
    while not g.is_over:
        legal = g.legal_moves()
        if len(legal) == 1:
            g.play(legal[0])
            continue
        if used == len(indices):
            raise _refuse("unfinished", "the game in the link is not finished", moves=len(g.log))
        i = indices[used]
        used += 1
        if i >= len(legal):
            raise _refuse("illegal", f"move {len(g.log) + 1} is not one of the moves allowed there",
                          move=len(g.log) + 1)
        g.play(legal[i])
    if used != len(indices):
        raise _refuse("extra", "the link holds moves after the game's end", moves=len(g.log))
    human = d["human"]
    scores = [s["total"] for s in g.scores()]
    if scores[human] != claimed:
        raise _refuse("score", f"the link says {claimed} points; the game it holds ends with {scores[human]}",
                      claimed=claimed, score=scores[human])
    g.meta["shared"] = True   # someone else's game: its person is named, never spoken to
    return summary(g) | {"name": player, "moves": len(g.log)}


def summary(g: Game) -> Dict[str, Any]:
    """A finished today's game as the results board shows it."""
    d = deal(g.rules.name, g.meta["daily"])
    human = d["human"]
    scores = [s["total"] for s in g.scores()]
    winners = g.winners()
    return {"game": g.rules.name, "date": d["date"], "name": g.seats[human].name, "human": human,
            "score": scores[human], "scores": scores, "practice": bool(g.meta.get("practice")),
            "won": (human in winners) if d["opponent"] else None,
            "tied": len(winners) > 1 and human in winners, "outcome": g.outcome(), "save": g.to_save()}


def _deal_day(game: str, day: _dt.date, printed: bytes) -> Optional[str]:
    """The date (within a year of ``day``) whose deal has fingerprint ``printed``, if any."""
    for k in range(1, FAR + 1):
        for other in (day - _dt.timedelta(days=k), day + _dt.timedelta(days=k)):
            if EPOCH <= other <= LAST_DAY and deal(game, other)["fingerprint"] == printed.hex():
                return other.isoformat()
    return None


def check_bot_moves(save: Any, start: int = 0, count: int = 1) -> Dict[str, Any]:
    """Play the bot's turns of a today's game again, from ply ``start``, for ``count`` bot
    decisions: ``{next, plies, done}`` (``next``: the ply to go on from).

    :raises ResultError: ``bots`` when a bot move differs from what today's bot plays.
    """
    from . import load_game
    full = load_game(save)
    if not is_daily(full):
        raise ValueError("not a today's game")
    d = deal(full.rules.name, full.meta["daily"])
    g = new_daily(full.rules.name, d["date"])
    log = full.log
    for move in log[:start]:
        g.play(move)
    ply, checked = start, 0
    while ply < len(log) and checked < count:
        seat = g.current_player
        if g.seats[seat].kind == "bot" and len(g.legal_moves()) > 1:
            if bot_move(g) != log[ply]:
                raise _refuse("bots", f"move {ply + 1} is not the move today's bot plays there", move=ply + 1)
            checked += 1
        try:
            g.play(log[ply])
        except IllegalMove:
            raise _refuse("illegal", f"move {ply + 1} is not allowed", move=ply + 1) from None
        ply += 1
    return {"next": ply, "plies": len(log), "done": ply >= len(log)}
