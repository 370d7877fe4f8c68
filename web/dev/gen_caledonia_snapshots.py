"""Dev tool: real Clans of Caledonia snapshots (through the facade, as the browser gets them)
for the renderer's dev harness (web/dev/harness.html?game=caledonia): setup, the action phase with each kind
of sub-decision, production and the final table, at 1, 2 (with the solo opponent) and 4 seats.
Moves are chosen by a seeded random player that prefers doing something over passing.

    PYTHONPATH=engine python3 web/dev/gen_caledonia_snapshots.py   # -> web/dev/caledonia-snapshots.json
"""
from __future__ import annotations

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cairn import GAMES  # noqa: E402
from cairn.core.registry import register  # noqa: E402

if "caledonia" not in GAMES:
    from cairn.caledonia.rules import CaledoniaRules

    register(CaledoniaRules())

from devtools import call, slim  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "caledonia-snapshots.json")
KEEP = ("solo-clan_pick", "solo-actions-place", "solo-over", "automa-actions-r2", "automa-actions-neighbour",
        "automa-actions-swap", "automa-over", "four-clan_pick", "four-actions-r3", "four-production", "four-over")
SETUPS = {
    "solo": ["human"],
    "automa": ["human", {"kind": "automa", "level": "3", "name": "Automa"}],
    "four": ["human", "human", "human", "human"],
}


def step(gid, snap, rnd):
    v = snap["view"]
    seat = v["seats"][v["current_player"]]
    if seat["kind"] == "automa":
        return call(op="bot", gid=gid)
    legal = snap["legal"]
    busy = [m for m in legal if m["type"] not in ("pass", "done", "end_turn")]
    pool = busy if busy and rnd.random() < 0.85 else legal
    return call(op="play", gid=gid, move=rnd.choice(pool))


def main():
    out = {}
    for name, players in SETUPS.items():
        rnd = random.Random(3)
        gid = name
        snap = call(op="new", gid=gid, game="caledonia", players=players, seed=11)
        seen = set()
        while True:
            v = snap["view"]
            top = v["pending"][-1]["kind"] if v["pending"] else ""
            key = f"{v['phase']}" + (f"-{top}" if top else "") + (f"-r{v['round']}" if v["phase"] == "actions" and not top else "")
            human = v["current_player"] is not None and v["seats"][v["current_player"]]["kind"] == "human"
            if key not in seen and (human or v["phase"] == "over"):
                seen.add(key)
                out[f"{name}-{key}"] = slim(snap)
            if v["is_over"]:
                break
            snap = step(gid, snap, rnd)
    out = {k: v for k, v in out.items() if k in KEEP}   # a few of each kind keep the file small
    for v in out.values():
        v["history"] = v["history"][-4:]
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"{len(out)} snapshots -> {OUT} ({os.path.getsize(OUT) // 1024} KB)")
    for k in out:
        print(" ", k)


if __name__ == "__main__":
    main()
