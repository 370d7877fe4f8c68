"""Dev tool: play Glen More games through the JSON facade and dump snapshots
of several phases and player counts to web/dev/glenmore-snapshots.json, for
the renderer's dev harness (web/dev/harness.html?game=glenmore).

    PYTHONPATH=engine python3 web/dev/gen_glenmore_snapshots.py
"""
from __future__ import annotations

import json
import os
import random

from devtools import call
from devtools import slim as _slim


def slim(snap):
    return _slim(snap, history=12)


OUT = os.path.join(os.path.dirname(__file__), "glenmore-snapshots.json")




def wanted(snap):
    """Labels of the interesting situations this snapshot shows."""
    v, legal = snap["view"], snap["legal"]
    types = {m["type"] for m in legal}
    tags = set()
    if v["phase"] == "over":
        tags.add("over")
    for t in ("take", "place", "gain", "move"):
        if t in types:
            tags.add(t)
    if "pay" in types:
        tags.add("pay")
    if "buy" in types and v["phase"] == "pay":
        tags.add("buy")
    if any(m["type"] == "activate" and "use" in m for m in legal):
        tags.add("activate_use")
    elif "activate" in types:
        tags.add("activate")
    if any(m["type"] == "move" and m["to"] == "chieftain" for m in legal):
        tags.add("chieftain")
    return tags


def main():
    out = {}
    for n, seed in ((2, 11), (3, 5), (4, 7), (5, 3)):
        rng = random.Random(seed)
        players = [{"kind": "bot", "level": "basic", "name": f"Bot {i + 1}"} for i in range(n)]
        players[0] = {"kind": "human", "name": "Ailsa"}
        gid = f"g{n}"
        snap = call(op="new", gid=gid, game="glenmore", players=players, seed=seed)
        out[f"{n}p start"] = slim(snap)
        seen = set()
        while True:
            v = snap["view"]
            if v["ply"] > 25 or n == 2:
                for tag in wanted(snap) - seen:
                    if v["ply"] < 20 and tag not in ("take", "place", "pay", "buy"):
                        continue
                    seen.add(tag)
                    out[f"{n}p {tag} (ply {v['ply']})"] = slim(snap)
            if snap["view"]["is_over"]:
                break
            seat = v["current_player"]
            if seat == 0 or rng.random() < 0.15:
                snap = call(op="play", gid=gid, move=rng.choice(snap["legal"]))
            else:
                # play every seat with the bot: mark it as a bot seat for the call
                snap = call(op="bot", gid=gid) if players[seat]["kind"] == "bot" else \
                    call(op="play", gid=gid, move=rng.choice(snap["legal"]))
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(len(out), "snapshots:", ", ".join(out))


if __name__ == "__main__":
    main()
