"""Dev tool: play Hunters games through the JSON facade (random moves) and
dump snapshots of several phases and player counts to
web/dev/hunters-snapshots.json for the renderer's dev harness.

    PYTHONPATH=engine python3 web/dev/gen_hunters_snapshots.py
"""
from __future__ import annotations

import json
import os
import random

from devtools import call, slim

OUT = os.path.join(os.path.dirname(__file__), "hunters-snapshots.json")




def gallery():
    """Every tile template of the engine in a grid (not a legal board): for
    checking the tile art of each one."""
    from cairn.hunters.tiles import TEMPLATES

    snap = call(op="new", gid="gallery", game="hunters", players=2, seed=1)
    v = snap["view"]
    temps = list(TEMPLATES.values()) if isinstance(TEMPLATES, dict) else list(TEMPLATES)
    board = []
    for k, t in enumerate(temps):
        board.append({"x": k % 10, "y": k // 10, "tile": t.id, "rot": 0, "meeples": []})
    v = dict(v, phase="over", drawn=None, just_placed=None, board=board, features=[],
             tiles={t.id: t.json for t in temps})
    return {"gid": "gallery", "view": v, "legal": [], "scores": [0, 0], "winners": [], "history": []}


def main():
    out = {}
    for n, seed, stops in ((2, 1, (30, 31)), (3, 4, (60, 61)), (4, 9, (110,)), (5, 2, ())):
        rng = random.Random(seed)
        players = [{"kind": "human", "name": f"P{i + 1}"} for i in range(n)]
        gid = f"h{n}"
        snap = call(op="new", gid=gid, game="hunters", players=players, seed=seed)
        out[f"real-{n}p-start"] = slim(snap)
        k = 0
        bonus_seen = False
        wants = {"meeple-many": lambda s: len(s["legal"]) >= 5,
                 "meeple-hut": lambda s: any(m.get("role") == "hut" for m in s["legal"])
                 and any(m.get("role") == "fisher" for m in s["legal"])}
        while snap["legal"]:
            move = rng.choice(snap["legal"])
            # prefer putting members out so the board shows them
            meeples = [m for m in snap["legal"] if m["type"] == "meeple"]
            if meeples and rng.random() < 0.3:
                move = rng.choice(meeples)
            snap = call(op="play", gid=gid, move=move)
            k += 1
            v = snap["view"]
            if k in stops:
                out[f"real-{n}p-{k}-{v['phase']}"] = slim(snap)
            if v["phase"] == "meeple" and k > 12:
                for tag, ok in list(wants.items()):
                    if ok(snap) and not any(name.endswith(f"-{k}") for name in out):
                        out[f"real-{n}p-{tag}-{k}"] = slim(snap)
                        del wants[tag]
            if not bonus_seen and v.get("drawn") and v["drawn"].get("bonus"):
                bonus_seen = True
                out[f"real-{n}p-bonus-{k}"] = slim(snap)
        out[f"real-{n}p-over"] = slim(snap)
    out["gallery-all-tiles"] = gallery()
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
    for name, s in out.items():
        print(name, s["view"]["phase"], len(s["view"]["board"]), "tiles", len(s["legal"]), "legal")


if __name__ == "__main__":
    main()
