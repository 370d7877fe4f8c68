"""The facade answers every malformed request with ``bad_request`` (or the
error its kind of failure names: ``illegal_move``, ``bad_save``), never
``internal`` and never by raising: thousands of requests whose fields hold
every kind of JSON value, for every op, on an open game and on none."""
import json
import random

import pytest

from cairn.facade import handle

OPS = ["hello", "lang", "new", "load", "seek", "state", "play", "undo", "bot", "meta", "close", "nonsense", None, 3]
FIELDS = ["gid", "game", "players", "seed", "options", "meta", "move", "save", "upto", "ply", "lang"]


def junk(r: random.Random, depth: int = 0):
    """A JSON value of any kind (shallow)."""
    kinds = ["null", "bool", "int", "big", "float", "str", "list", "dict"]
    k = r.choice(kinds if depth < 2 else kinds[:6])
    if k == "null":
        return None
    if k == "bool":
        return r.random() < 0.5
    if k == "int":
        return r.randint(-3, 6)
    if k == "big":
        return r.choice([2**60, -2**60, 10**30])
    if k == "float":
        return r.choice([0.5, -1.5, 1e300, 2.0])
    if k == "str":
        return r.choice(["", "glenmore", "hunters", "caledonia", "x" * 80, "g", "human", "bot:hard", "pt-BR", "{}"])
    if k == "list":
        return [junk(r, depth + 1) for _ in range(r.randint(0, 3))]
    return {r.choice(FIELDS + ["kind", "type", "level"]): junk(r, depth + 1) for _ in range(r.randint(0, 3))}


def call(req):
    reply = json.loads(handle(json.dumps(req)))
    assert reply["ok"] or reply["error"]["code"] in ("bad_request", "illegal_move", "bad_save"), (req, reply)
    return reply


@pytest.mark.parametrize("seed", range(3))
def test_malformed_requests_get_bad_request_never_internal(seed):
    r = random.Random(seed)
    open_game = call({"id": 1, "op": "new", "gid": "g", "game": "glenmore", "players": 2, "seed": 5})
    assert open_game["ok"]
    for i in range(700):
        req = {"id": i, "op": r.choice(OPS)}
        for f in r.sample(FIELDS, r.randint(0, 4)):
            req[f] = junk(r)
        if r.random() < 0.5:
            req["gid"] = r.choice(["g", "x", junk(r)])
        call(req)
    call({"id": 0, "op": "close", "gid": "g"})


def test_the_reported_cases():
    """A `new` whose game is a list or an object answered `internal`."""
    for game in ([], ["glenmore"], {}, {"name": "glenmore"}):
        reply = call({"id": 1, "op": "new", "gid": "g", "game": game})
        assert reply["error"]["code"] == "bad_request"
    for text in ("[]", "3", "not json", json.dumps({"op": "new"})):
        reply = json.loads(handle(text))
        assert not reply["ok"] and reply["error"]["code"] == "bad_request"
