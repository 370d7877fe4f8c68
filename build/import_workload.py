"""What players make the engine do, through the facade as the browser's
worker calls it: run inside Pyodide by build/trace_imports.mjs (which lists
every standard library module it imports: build/stdlib_used.txt) and by
tests/test_cut_library.py (which runs it from the build's cut library and
fails naming any module the cut lacks).  Not imported by the engine.

Every game at every seat count, each option of its options model turned, a
whole game with random moves (saved, loaded, replayed, its moves undone), a
few moves of a bot of every level, hints (and a re-dealt hint), every
language, refused requests and damaged saves, each tutorial's script played
as written, and friends' games by links (the worker's friends' ops, as the
engine's own tests drive them: tests/test_friends_facade.py).

``run(tutorials, friends)`` returns what it did, by part."""
import json


class Refused(Exception):
    pass


def _call(handle, op, **params):
    return json.loads(handle(json.dumps({"id": 1, "op": op, **params})))


def _ok(handle, op, **params):
    reply = _call(handle, op, **params)
    if not reply["ok"]:
        raise Refused(f"{op}: {reply['error']}")
    return reply["result"]


def _option_sets(schema):
    """The defaults, then each boolean option flipped, each enumerated one tried."""
    out = [{}]
    for name, prop in sorted(schema.get("properties", {}).items()):
        if prop.get("type") == "boolean":
            out.append({name: not prop.get("default", False)})
        for alt in prop.get("anyOf", []):
            if alt.get("pattern") == "^[12]{4}$":
                out.append({name: "2121"})
    return out


def _random_game(handle, rng, gid, game, players, options, moves=2000):
    """A new game and up to ``moves`` random moves (lean replies, as the page
    asks for them); the whole snapshot at the end."""
    snap = _ok(handle, "new", gid=gid, game=game, players=players, seed=rng.below(10**6), options=options)
    rev, legal, played = snap["rev"], snap["legal"], 0
    while legal and played < moves:
        reply = _ok(handle, "play", gid=gid, move=legal[rng.below(len(legal))], base=rev)
        rev, legal = reply["rev"], reply["legal"]
        played += 1
    return _ok(handle, "state", gid=gid), played


def games(handle, hello, rng, quick):
    """Whole random games of every kind, seat count and option; saves, replays, undo."""
    done = 0
    for g in hello["games"]:
        counts = range(g["min_players"], g["max_players"] + 1)
        for players in ([g["min_players"], g["max_players"]] if quick else counts):
            for options in _option_sets(g["options"]):
                whole = not options and (players == g["max_players"] or not quick)
                snap, played = _random_game(handle, rng, "w", g["name"], players, options,
                                            moves=2000 if whole else 40)
                save = json.dumps(snap["save"])
                again = _ok(handle, "load", gid="w2", save=save)
                assert again["view"] == snap["view"], g["name"]
                rep = _ok(handle, "load", gid="r", save=save, upto=0)
                for ply in (played // 2, played, 1):
                    _ok(handle, "seek", gid="r", ply=ply)
                for _ in range(3):
                    if _call(handle, "undo", gid="w2")["ok"] is False:
                        break
                _ok(handle, "meta", gid="w2", meta={"note": "x"})
                for gid in ("w", "w2", "r"):
                    _ok(handle, "close", gid=gid)
                done += 1 if rep else 0
    return done


def bots(handle, hello, quick):
    """A few moves of a bot of every level in every game; the solo opponent."""
    moves = 0
    for g in hello["games"]:
        for level in hello["bot_levels"]:
            seats = [{"kind": "bot", "level": level}] * max(2, g["min_players"])
            snap = _ok(handle, "new", gid="b", game=g["name"], players=seats, seed=5)
            for _ in range(1 if level.startswith("hard") else 3):
                if not snap["legal"]:
                    break
                snap = _ok(handle, "bot", gid="b")
                moves += 1
        if "automa" in g["seat_kinds"]:
            snap = _ok(handle, "new", gid="b", game=g["name"], players=["human", "automa"], seed=6)
            for _ in range(40):
                if not snap["legal"]:
                    break
                reply = _call(handle, "bot", gid="b")   # the solo opponent's turn, else the human's
                snap = reply["result"] if reply["ok"] else _ok(handle, "play", gid="b", move=snap["legal"][0])
                moves += 1
        _ok(handle, "close", gid="b")
    return moves


def hints(handle, hello, rng):
    """A hint in every game, early and later, and one re-dealt (hidden)."""
    n = 0
    for g in hello["games"]:
        snap, _ = _random_game(handle, rng, "h", g["name"], g["min_players"] if g["min_players"] > 1 else 2, {},
                               moves=0)
        for k in range(2):
            _ok(handle, "hint", gid="h")
            _ok(handle, "hint", gid="h", hidden=k + 1)
            snap = _ok(handle, "state", gid="h")
            for _ in range(12):
                if snap["legal"]:
                    snap = _ok(handle, "play", gid="h", move=snap["legal"][rng.below(len(snap["legal"]))])
            n += 2
        _ok(handle, "close", gid="h")
    return n


def languages(handle, hello, rng):
    """Every language: the catalogue, a game's words and log, a refusal."""
    n = 0
    for lang in ("pt_BR", "ro", "en"):
        _ok(handle, "hello", lang=lang)
        for g in hello["games"]:
            snap, _ = _random_game(handle, rng, "l", g["name"], max(2, g["min_players"]), {}, moves=25)
            _call(handle, "play", gid="l", move={"type": "nonsense"})
            n += len(snap["history"])
        _ok(handle, "close", gid="l")
    _ok(handle, "lang", lang="en")
    return n


def refusals(handle, hello):
    """Bad requests and damaged saves: each refused with its reason."""
    bad = [{"op": "nope"}, {"op": "play", "gid": "none", "move": {}}, {"op": "new", "game": "chess"},
           {"op": "load", "gid": "x", "save": "{not json"}, {"op": "load", "gid": "x", "save": {"format": "cairn-save"}},
           {"op": "load", "gid": "x", "save": {"format": "cairn-save", "format_version": 1, "game": "glenmore",
                                               "players": "many", "log": [{}]}},
           {"op": "new", "gid": "x", "game": "caledonia", "players": 2, "options": {"sides": "9999"}},
           {"op": "new", "gid": "x", "game": "glenmore", "players": [{"kind": "bot", "level": "x" * 99}]}]
    refused = 0
    for req in bad:
        op = req.pop("op")
        reply = _call(handle, op, **req)
        refused += not reply["ok"]
    return refused


def tutorials(handle, scripts):
    """Each tutorial's moves, as written."""
    steps = 0
    for tut in scripts:
        snap = _ok(handle, "new", gid="t", game=tut["game"], players=tut["players"], seed=tut["seed"],
                   options=tut["options"])
        for step in tut["steps"]:
            if step["move"] not in snap["legal"]:
                raise AssertionError(f"{tut['game']} tutorial step {steps}: not legal")
            snap = _ok(handle, "play", gid="t", move=step["move"])
            steps += 1
        _ok(handle, "close", gid="t")
    return steps


def friends(module):
    """The engine's own tests of friends' games by links (tests/test_friends_facade.py)."""
    n = 0
    for name in sorted(dir(module)):
        fn = getattr(module, name)
        if name.startswith("test_") and callable(fn) and not fn.__code__.co_argcount:
            fn()
            n += 1
    return n


def daily(handle, hello):
    """Today's games: each deal, a start and a bot's move, a result link of an unfinished
    game and a damaged link (both refused), the bot's moves checked again."""
    n = 0
    for d in hello.get("daily", []):
        deal = _ok(handle, "daily_deal", game=d["game"], date="2026-11-28")
        snap = _ok(handle, "daily_new", gid="d", game=d["game"], date=deal["date"], name="Ana")
        for _ in range(2):
            reply = _call(handle, "bot", gid="d")
            if not reply["ok"] and snap["legal"]:
                reply = _call(handle, "play", gid="d", move=snap["legal"][0])
            snap = reply["result"] if reply["ok"] else snap
        n += not _call(handle, "daily_result", gid="d")["ok"]
        n += not _call(handle, "daily_read", data="AAAA", today="2026-11-28")["ok"]
        _call(handle, "daily_check", save=_ok(handle, "state", gid="d")["save"], start=0, count=2)
        _ok(handle, "close", gid="d")
    return n


def review(handle, hello, rng):
    """A review of a short game in every game: opened, judged for a moment, saved, its
    record summarised, closed."""
    n = 0
    for g in hello["games"]:
        snap, _ = _random_game(handle, rng, "v", g["name"], max(2, g["min_players"]), {}, moves=30)
        opened = _ok(handle, "review_open", rid="v", save=json.dumps(snap["save"]))
        for _ in range(2):
            got = _ok(handle, "review_step", rid="v", ms=300)
            n += len(got.get("verdicts", []))
        kept = _ok(handle, "review_save", rid="v")
        _ok(handle, "review_record", saves=[kept["save"]],
            games=[g["name"]])
        _ok(handle, "review_close", rid="v")
        _ok(handle, "close", gid="v")
        n += len(opened.get("decisions", [])) > 0
    return n


def run(scripts, friends_tests=None, quick=False):
    from cairn.core.rng import Rng
    from cairn.facade import handle

    rng = Rng(2026)
    hello = _ok(handle, "hello")
    out = {"games": games(handle, hello, rng, quick), "bots": bots(handle, hello, quick),
           "hints": hints(handle, hello, rng), "languages": languages(handle, hello, rng),
           "refusals": refusals(handle, hello), "tutorials": tutorials(handle, scripts),
           "daily": daily(handle, hello), "review": review(handle, hello, rng)}
    if friends_tests is not None:
        out["friends"] = friends(friends_tests)
    return out
