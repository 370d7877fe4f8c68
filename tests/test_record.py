"""Checked records (cairn.core.record): the seats and options a game is made
from, checked without pydantic; pydantic comes only with the first save read."""
import json
import os
import subprocess
import sys

import pytest

from cairn.caledonia.options import CaledoniaOptions
from cairn.core.api import new_game
from cairn.core.record import RecordError
from cairn.core.rules import NoOptions
from cairn.core.seats import Seat, normalize_seats


def test_fields_take_their_type_exactly_and_name_what_they_refuse():
    assert CaledoniaOptions().model_dump() == {
        "static_imports": False, "scoring_tiles": True, "ports": True, "tight_map": False,
        "clans": True, "clan_auction": False, "sides": None}
    o = CaledoniaOptions(ports=False, sides="1221")
    assert (o.ports, o.sides, o.clans) == (False, "1221", True)
    refused = {
        "ports: expected boolean": dict(ports=1),          # no coercion: 1 is not True
        "clans: expected boolean": dict(clans="true"),
        "sides: should match pattern": dict(sides="1231"),
        "sides: expected string or null": dict(sides=1221),
        "colour: unknown field": dict(colour="red"),
    }
    for message, values in refused.items():
        with pytest.raises(RecordError) as e:
            CaledoniaOptions(**values)
        assert str(e.value).startswith(message), (message, str(e.value))
        assert isinstance(e.value, ValueError)
    with pytest.raises(RecordError, match="unknown field"):
        NoOptions(anything=True)


def test_frozen_seats_copy_compare_and_hash():
    s = Seat(kind="bot", level="hard", name="Ada")
    with pytest.raises(AttributeError):
        s.name = "Bob"
    t = s.model_copy(update={"name": "Bob"})
    assert (t.kind, t.level, t.name, s.name) == ("bot", "hard", "Bob", "Ada")
    assert s == Seat(kind="bot", level="hard", name="Ada") and s != t and len({s, t, s}) == 2
    with pytest.raises(RecordError, match="name: should have at most 40 characters"):
        s.model_copy(update={"name": "x" * 41})
    with pytest.raises(ValueError, match=r"seat 2: kind: should match pattern"):
        normalize_seats(["human", {"kind": "Bot!"}])
    options = CaledoniaOptions()
    options.ports = False   # options are not frozen, and stay checked
    with pytest.raises(RecordError):
        options.ports = "no"


def test_the_options_schema_is_the_one_the_new_game_form_reads():
    schema = CaledoniaOptions.model_json_schema()
    assert schema["title"] == "CaledoniaOptions" and schema["type"] == "object"
    assert schema["additionalProperties"] is False and "required" not in schema
    ports = schema["properties"]["ports"]
    assert ports == {"type": "boolean", "default": True, "title": "Ports",
                     "description": "Play with the port bonus tiles (off: the simplified game)."}
    assert schema["properties"]["tight_map"]["title"] == "Tight Map"
    assert schema["properties"]["sides"]["anyOf"] == [{"type": "string", "pattern": "^[12]{4}$"}, {"type": "null"}]
    assert list(schema["properties"]) == list(CaledoniaOptions.fields)
    assert NoOptions.model_json_schema()["properties"] == {}
    json.dumps(schema)


def test_a_new_game_refuses_bad_options_with_the_option_named():
    with pytest.raises(ValueError, match="bad option 'tight_map': expected boolean"):
        new_game("caledonia", players=2, seed=1, options={"tight_map": "yes"})
    g = new_game("caledonia", players=2, seed=1, options={"sides": "2112"})
    assert g.to_save()["options"]["sides"] == "2112" and g.state.sides == "2112"


PLAY_WITHOUT_PYDANTIC = r"""
import json, sys
from cairn.facade import handle
def call(**req):
    reply = json.loads(handle(json.dumps({"id": 1, **req})))
    assert reply["ok"], reply
    return reply["result"]
hello = call(op="hello")
for g in hello["games"]:
    snap = call(op="new", gid="g", game=g["name"], players=g["min_players"], seed=5)
    for _ in range(12):
        if not snap["legal"]:
            break
        snap = call(op="play", gid="g", move=snap["legal"][-1])
played = [m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core")]
again = call(op="load", gid="h", save=json.dumps(snap["save"]))
read = "pydantic_core._pydantic_core" in sys.modules and again["view"] == snap["view"]
print(json.dumps({"played": played, "read": read}))
"""


def test_games_play_without_pydantic_and_the_first_save_read_imports_it():
    """What the app's start brings (build/pyimage.mjs traces it) has no pydantic:
    new games, moves and their saves need none of it; reading a save does."""
    out = subprocess.run([sys.executable, "-c", PLAY_WITHOUT_PYDANTIC], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)})
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"played": [], "read": True}
