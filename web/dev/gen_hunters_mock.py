"""Dev tool: hand-made Hunters snapshots for the renderer's dev harness
(web/dev/harness.html?game=hunters), written from engine/cairn/hunters/README.md without
the engine.  Tiles follow the shared rule notes (rules/hunters-tiles.tsv) loosely; the
board is laid by edge matching, features by joining pieces across edges.
Not rules-exact (values and legality are rough): only for drawing.

    python3 web/dev/gen_hunters_mock.py      # -> web/dev/hunters-mock.json
"""
from __future__ import annotations

import json
import os
import random

OUT = os.path.join(os.path.dirname(__file__), "hunters-mock.json")

CW = {"N": "E", "E": "S", "S": "W", "W": "N", "Nw": "En", "Ne": "Es", "En": "Se", "Es": "Sw",
      "Se": "Ws", "Sw": "Wn", "Ws": "Nw", "Wn": "Ne"}
ACROSS = {"N": ((0, -1), "S"), "E": ((1, 0), "W"), "S": ((0, 1), "N"), "W": ((-1, 0), "E"),
          "Nw": ((0, -1), "Sw"), "Ne": ((0, -1), "Se"), "En": ((1, 0), "Wn"), "Es": ((1, 0), "Ws"),
          "Se": ((0, 1), "Ne"), "Sw": ((0, 1), "Nw"), "Ws": ((-1, 0), "Es"), "Wn": ((-1, 0), "En")}
ALL_HALF = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"]


def T(tid, *specs, bonus=None):
    """specs: 'F:N,E:gold', 'R:S,W', 'R:N>L', 'L:2' (lake with fish), 'M:Sw,Ws:deer,deer'."""
    pieces, lakes = [], []
    for s in specs:
        kind, ports, *rest = s.split(":") + [""]
        attrs = [a for a in (rest[0].split(",") if rest and rest[0] else [])]
        if kind == "L":
            pieces.append({"kind": "lake", "fish": int(ports)})
            lakes.append(len(pieces) - 1)
            continue
        plist = [p for p in ports.split(",") if p]
        if kind == "F":
            p = {"kind": "forest", "ports": plist}
            for a in attrs:
                p[a] = True
        elif kind == "R":
            end = None
            if len(plist) == 1 and ">" in plist[0]:
                port, end = plist[0].split(">")
                plist = [port]
            p = {"kind": "river", "ports": plist}
            if end == "spring":
                p["spring"] = True
            elif end:
                p["lake"] = "pending"
        else:
            p = {"kind": "meadow", "ports": ALL_HALF if plist == ["all"] else plist}
            animals = {}
            for a in attrs:
                if a in ("shrine", "fire"):
                    p[a] = True
                else:
                    animals[a] = animals.get(a, 0) + 1
            if animals:
                p["animals"] = animals
        pieces.append(p)
    # rivers ending in a lake: the next lake after them, else the last one
    for i, p in enumerate(pieces):
        if p.get("lake") == "pending":
            after = [li for li in lakes if li > i]
            p["lake"] = after[0] if after else lakes[-1]
    edges = []
    for side in "NESW":
        e = "M"
        for p in pieces:
            if side in p.get("ports", []):
                e = "F" if p["kind"] == "forest" else "R"
        edges.append(e)
    return {"id": tid, "edges": edges, "bonus": bonus, "pieces": pieces}


START = T("S0", "F:E,S:gold", "R:W>L", "L:1", "M:Nw,Ne,Wn:mammoth", "M:Ws")
LAND = [
    T("T01", "F:N,E:gold", "R:S,W", "M:Sw,Ws:deer", "M:Se", "M:Wn"),
    T("T02", "F:E", "F:W", "M:Nw,Ne,Se,Sw:deer"),
    T("T03", "R:E,S", "M:Nw,Ne,En,Sw,Ws,Wn", "M:Es,Se:deer"),
    T("T06", "R:N>L", "R:S>L", "R:W>L", "L:1", "M:Nw,Wn:deer", "M:Sw,Ws:mammoth", "M:Ne,En,Es,Se"),
    T("T07", "M:all:mammoth"),
    T("T08", "F:N,W", "M:En,Es,Se,Sw:tiger"),
    T("T10", "F:E", "F:W", "R:N,S", "M:Nw,Sw", "M:Ne,Se:deer"),
    T("T12", "F:N,E,W:gold", "M:Se,Sw:tiger"),
    T("T14", "F:N,E:gold", "R:S>spring", "M:Ws,Wn", "M:Sw", "M:Se"),
    T("T15", "F:N,E,S:gold", "R:W>L", "L:1", "M:Wn", "M:Ws"),
    T("T19", "R:E,W", "M:Nw,Ne,En,Wn", "M:Es,Se,Sw,Ws:mammoth"),
    T("T22", "F:N,E:gold", "M:Se,Sw,Ws,Wn:tiger"),
    T("T23", "R:N,E", "R:S,W", "M:Ne,En:deer", "M:Sw,Ws:tiger", "M:Nw,Es,Se,Wn"),
    T("T26", "F:N", "F:W", "R:E,S", "M:En,Sw", "M:Es,Se"),
    T("T27", "F:E,W", "M:Nw,Ne", "M:Se,Sw"),
    T("T31", "F:E,S", "F:W", "R:N>spring", "M:Nw", "M:Ne"),
    T("T35", "F:S,W", "R:N>spring", "R:E>spring", "M:Nw", "M:Ne,En", "M:Es"),
    T("T45", "F:S", "R:W>L", "L:2", "M:Nw,Ne,En,Es,Wn", "M:Ws"),
    T("T69", "R:N>L", "R:E>L", "R:S>L", "R:W>L", "L:2", "M:Ne,En", "M:Es,Se", "M:Sw,Ws", "M:Wn,Nw"),
    T("T20", "F:E", "M:Nw,Ne,Se,Sw,Ws,Wn:mammoth"),
    T("T28", "R:N,W", "M:Nw,Wn", "M:Ne,En,Es,Se,Sw,Ws:deer"),
    T("T36", "F:N", "F:E,S", "R:W>L", "L:2", "M:Wn", "M:Ws"),
    T("T52", "R:E,W", "M:Nw,Ne,En,Wn", "M:Es,Se,Sw,Ws"),
    T("T60", "M:all"),
    T("T76", "F:W,E", "R:N>spring", "M:Nw", "M:Ne", "M:Se,Sw:deer"),
    T("T41", "F:S,W", "M:Nw,Ne,En,Es:deer"),
]
BONUS = [
    T("B02", "F:S,W:mushrooms", "M:Nw,Ne,En,Es", bonus="mushrooms"),
    T("B03", "F:N,W:gold", "M:En,Es,Se,Sw:tiger,shrine", bonus="shrine"),
    T("B04", "R:E>L", "R:S>L", "L:1", "M:Nw,Ne,Ws,Wn,En,Sw:aurochs", "M:Es,Se", bonus="aurochs"),
    T("B05", "M:all:tiger,fire", bonus="fire"),
    T("B10", "R:N>L", "R:W>L", "L:2", "R:E>L", "R:S>L", "L:2", "M:Ne,En:deer", "M:Sw,Ws:deer",
      "M:Nw,Wn", "M:Es,Se", bonus="aurochs"),
]
TILES = {t["id"]: t for t in [START] + LAND + BONUS}


def rot_port(p, r):
    for _ in range(r % 4):
        p = CW[p]
    return p


def edge(t, side, rot):
    # side after rotation -> original side
    orig = side
    for _ in range(rot % 4):
        orig = {v: k for k, v in CW.items()}[orig]
    return t["edges"]["NESW".index(orig)]


def fits(board, tid, x, y, rot):
    t = TILES[tid]
    touching = False
    for side, (dx, dy), opp in (("N", (0, -1), "S"), ("E", (1, 0), "W"), ("S", (0, 1), "N"), ("W", (-1, 0), "E")):
        nb = board.get((x + dx, y + dy))
        if nb:
            touching = True
            if edge(t, side, rot) != edge(TILES[nb["tile"]], opp, nb["rot"]):
                return False
    return touching


def places(board, tid):
    free = {(x + dx, y + dy) for (x, y) in board for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))} - set(board)
    out = []
    for (x, y) in sorted(free, key=lambda p: (p[1], p[0])):
        for r in range(4):
            if fits(board, tid, x, y, r):
                out.append({"type": "place", "x": x, "y": y, "rot": r})
    return out


def features(board):
    parent = {}

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(a, b):
        parent[find(a)] = find(b)

    for (x, y), b in board.items():
        for i, p in enumerate(TILES[b["tile"]]["pieces"]):
            parent[(x, y, i)] = (x, y, i)
    for (x, y), b in board.items():
        t = TILES[b["tile"]]
        for i, p in enumerate(t["pieces"]):
            if p["kind"] == "river" and isinstance(p.get("lake"), int):
                union((x, y, i), (x, y, p["lake"]))
            for port in p.get("ports", []):
                rp = rot_port(port, b["rot"])
                (dx, dy), opp = ACROSS[rp]
                nb = board.get((x + dx, y + dy))
                if not nb:
                    continue
                for j, q in enumerate(TILES[nb["tile"]]["pieces"]):
                    if any(rot_port(qp, nb["rot"]) == opp for qp in q.get("ports", [])):
                        union((x, y, i), (x + dx, y + dy, j))
    groups = {}
    for k in parent:
        groups.setdefault(find(k), []).append(k)
    out = []
    for fid, (root, parts) in enumerate(sorted(groups.items(), key=lambda g: sorted(g[1])[0])):
        parts.sort()
        kinds = {TILES[board[(x, y)]["tile"]]["pieces"][i]["kind"] for x, y, i in parts}
        kind = "forest" if "forest" in kinds else "river" if kinds & {"river", "lake"} else "meadow"
        occ = {}
        for x, y, i in parts:
            for m in board[(x, y)].get("meeples", []):
                if m["piece"] == i and m["role"] != "hut":
                    occ[str(m["seat"])] = occ.get(str(m["seat"]), 0) + 1
        tiles = len({(x, y) for x, y, _ in parts})
        value = 0
        for x, y, i in parts:
            p = TILES[board[(x, y)]["tile"]]["pieces"][i]
            value += p.get("fish", 0) + 2 * sum((p.get("animals") or {}).values()) + (2 if p.get("mushrooms") else 0)
        value += tiles * (2 if kind == "forest" else 1 if kind == "river" else 0)
        open_ports = 0
        for x, y, i in parts:
            b = board[(x, y)]
            for port in TILES[b["tile"]]["pieces"][i].get("ports", []):
                (dx, dy), _ = ACROSS[rot_port(port, b["rot"])]
                if (x + dx, y + dy) not in board:
                    open_ports += 1
        out.append({"id": fid, "kind": kind, "parts": [list(p) for p in parts],
                    "complete": kind != "meadow" and open_ports == 0, "occupants": occ, "value": value})
    return out


def occupied(board, feats, x, y, piece, hut):
    for f in feats:
        if [x, y, piece] in f["parts"]:
            for fx, fy, fi in f["parts"]:
                for m in board[(fx, fy)].get("meeples", []):
                    if m["piece"] == fi and (m["role"] == "hut") == hut:
                        return True
    return False


def build(seed, n_tiles, players, meeple_rate=0.35):
    rng = random.Random(seed)
    board = {(0, 0): {"x": 0, "y": 0, "tile": "S0", "rot": 0, "meeples": []}}
    stack = [t["id"] for t in LAND] * 3
    rng.shuffle(stack)
    seat = 0
    placed = 0
    while placed < n_tiles and stack:
        tid = stack.pop()
        if any(b["tile"] == tid for b in board.values()) and rng.random() < 0.7:
            continue
        opts = places(board, tid)
        if not opts:
            continue
        # prefer compact boards: places with most neighbours
        opts.sort(key=lambda m: -sum((m["x"] + dx, m["y"] + dy) in board for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))))
        m = opts[rng.randrange(min(len(opts), 4))]
        b = {"x": m["x"], "y": m["y"], "tile": tid, "rot": m["rot"], "meeples": []}
        board[(m["x"], m["y"])] = b
        if rng.random() < meeple_rate:
            feats = features(board)
            t = TILES[tid]
            i = rng.randrange(len(t["pieces"]))
            k = t["pieces"][i]["kind"]
            role = {"forest": "gatherer", "meadow": "hunter", "river": rng.choice(["fisher", "hut"]),
                    "lake": rng.choice(["fisher", "hut"])}[k]
            if not occupied(board, feats, m["x"], m["y"], i, role == "hut"):
                b["meeples"].append({"piece": i, "seat": seat, "role": role})
        seat = (seat + 1) % players
        placed += 1
    return board


def view(board, players, phase, drawn, just_placed, land_left, bonus_left):
    used = {b["tile"] for b in board.values()} | ({drawn["tile"]} if drawn else set())
    ps = []
    for s in range(players):
        on = [m for b in board.values() for m in b["meeples"] if m["seat"] == s]
        ps.append({"seat": s, "score": 3 * s + len(on) * 2 + 4, "members": 5 - sum(m["role"] in ("gatherer", "fisher", "hunter") for m in on),
                   "huts": 2 - sum(m["role"] == "hut" for m in on)})
    return {
        "phase": phase, "drawn": drawn, "just_placed": just_placed,
        "land_left": land_left, "bonus_left": bonus_left,
        "board": [board[k] for k in sorted(board, key=lambda p: (p[1], p[0]))],
        "players": ps, "features": features(board),
        "tiles": {tid: TILES[tid] for tid in sorted(used)},
    }


def snap(name, v, legal, players):
    return {"gid": name, "view": v, "legal": legal, "scores": [p["score"] for p in v["players"]],
            "winners": [] if v["phase"] != "over" else [max(range(players), key=lambda s: v["players"][s]["score"])],
            "history": []}


def meeple_moves(board, x, y):
    feats = features(board)
    t = TILES[board[(x, y)]["tile"]]
    out = []
    for i, p in enumerate(t["pieces"]):
        roles = {"forest": ["gatherer"], "meadow": ["hunter"], "river": ["fisher", "hut"], "lake": ["fisher", "hut"]}[p["kind"]]
        for r in roles:
            if not occupied(board, feats, x, y, i, r == "hut"):
                out.append({"type": "meeple", "piece": i, "role": r})
    return out + [{"type": "skip"}]


def main():
    out = {}
    # 1. the opening: only the volcano
    board = build(1, 0, 2)
    out["start-place"] = snap("start", view(board, 2, "place", {"tile": "T23", "bonus": False}, None, 78, 12),
                              places(board, "T23"), 2)
    # 2. two players, mid game, place phase
    board = build(3, 14, 2)
    out["mid-place"] = snap("mid", view(board, 2, "place", {"tile": "T01", "bonus": False}, None, 50, 12),
                            places(board, "T01"), 2)
    # 3. meeple phase on a river/lake tile just placed
    board = build(3, 14, 2)
    opts = places(board, "T06")
    m = opts[0]
    board[(m["x"], m["y"])] = {"x": m["x"], "y": m["y"], "tile": "T06", "rot": m["rot"], "meeples": []}
    out["mid-meeple"] = snap("mid", view(board, 2, "meeple", None, {"x": m["x"], "y": m["y"]}, 49, 12),
                             meeple_moves(board, m["x"], m["y"]), 2)
    # 4. four players, bonus tile drawn
    board = build(8, 32, 4)
    out["bonus-place"] = snap("bonus", view(board, 4, "place", {"tile": "B03", "bonus": True}, None, 30, 9),
                              places(board, "B03"), 4)
    # 5. five players, game over with many tiles
    board = build(5, 60, 5, meeple_rate=0.5)
    for b in BONUS[:3]:
        opts = places(board, b["id"])
        if opts:
            o = opts[len(opts) // 2]
            board[(o["x"], o["y"])] = {"x": o["x"], "y": o["y"], "tile": b["id"], "rot": o["rot"], "meeples": []}
    out["over-5p"] = snap("over", view(board, 5, "over", None, None, 0, 9), [], 5)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=None, separators=(",", ":"))
    for k, s in out.items():
        print(k, len(s["view"]["board"]), "tiles,", len(s["legal"]), "legal")


if __name__ == "__main__":
    main()
