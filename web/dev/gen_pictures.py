"""Writes web/js/renderers/pictures-data.js: what the home screen's pictures of the boards show
(web/js/renderers/pictures.js), cut from the engine's own positions in the dev snapshots
(web/dev/<game>-snapshots.json): a Glen More estate, a corner of a Hunters landscape, a patch of
Caledonia's map.

    python3 web/dev/gen_pictures.py
"""
from __future__ import annotations

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "js", "renderers", "pictures-data.js")


def snap(game, name):
    with open(os.path.join(HERE, f"{game}-snapshots.json"), encoding="utf-8") as f:
        return json.load(f)[name]["view"]


def main():
    g = snap("glenmore", "2p over (ply 112)")
    estate = []
    for d in g["players"][1]["display"]:
        t = g["tiles"][str(d["tile"])] if isinstance(g["tiles"], dict) else g["tiles"][d["tile"]]
        estate.append({"at": d["at"], "tile": {k: t.get(k) for k in ("kind", "colour", "river", "road", "card", "name")}})
    h = snap("hunters", "real-2p-30-place")
    near = [b for b in h["board"] if -1 <= b["x"] <= 2 and -2 <= b["y"] <= 0]
    land = [{"x": b["x"], "y": b["y"], "rot": b["rot"], "tile": h["tiles"][b["tile"]]} for b in near]
    c = snap("caledonia", "four-actions-r3")["map"]
    patch = [{"x": s["x"], "y": s["y"], "kind": s["kind"], "terrains": s["terrains"], "central": s["flags"]["central"]}
             for s in c["spaces"] if 6 <= s["x"] <= 16.5 and 10 <= s["y"] <= 15]
    data = {"glenmore": estate, "hunters": land, "caledonia": patch}
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("// What the home screen's pictures of the boards show (js/renderers/pictures.js): cut from\n"
                "// the engine's positions by web/dev/gen_pictures.py (do not edit by hand).\n")
        f.write("export default " + json.dumps(data, separators=(",", ":")) + ";\n")
    print(OUT, os.path.getsize(OUT), "bytes:", {k: len(v) for k, v in data.items()})


if __name__ == "__main__":
    main()
