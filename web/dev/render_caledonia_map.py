"""Dev tool: draw the Clans of Caledonia map (a designed substitute) to PNG for review.

Renders every module side alone (A1 .. D2) and a few whole maps at 2 and 4 players as SVG,
then screenshots them with headless Chromium through Playwright (already a test dependency;
no Pillow needed).  Output goes to ``web/dev/out/caledonia/`` (git-ignored) unless a folder
is given:

    PYTHONPATH=engine .venv/bin/python web/dev/render_caledonia_map.py [outdir] [sides ...]

Legend: grassland light green, forest dark green, mountain grey (a mixed space is split into
vertical bands), lochs blue (central loch darker), costs in the white discs, rivers as thick
dark-blue lines along hex edges, river deltas as a yellow triangle, port spots as anchors
("1-2" / "3-4"; the one in use for the player count drawn solid), factories brown, mist-shaded
land hatched (greyed out when inactive at 1-2 players), the active map's border land outlined
in orange, module letters on the rock at the centre.
"""
from __future__ import annotations

import math
import os
import sys
from typing import List, Sequence, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "engine"))

from cairn.caledonia import board as B  # noqa: E402
from cairn.caledonia import hexgeom  # noqa: E402

COL = {"grassland": "#a5cf6a", "forest": "#2f7d3a", "mountain": "#9a9184"}
LOCH, CENTRAL, PORT, FACTORY = "#5aa7dc", "#3b84c2", "#2d6fa8", "#7b4a2a"
S = 34.0  # pixels per unit hex
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def _pts(points: Sequence[Tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def svg_for(board: B.Board, title: str, show_labels: bool = False,
            show_border: bool = True) -> Tuple[str, int, int]:
    """An SVG of ``board``; returns (svg, width, height)."""
    xs, ys = [], []
    for s in board.spaces:
        x, y = hexgeom.centre(s.q, s.r)
        xs.append(x)
        ys.append(y)
    pad = 1.6
    minx, miny = min(xs) - pad, min(ys) - pad - 0.8
    w = max(int((max(xs) - minx + pad) * S), 800)  # room for the legend
    h = int((max(ys) - miny + pad) * S) + 36

    def P(x: float, y: float) -> Tuple[float, float]:
        return (x - minx) * S, (y - miny) * S

    out: List[str] = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                      f'font-family="DejaVu Sans, sans-serif">',
                      '<defs><pattern id="mist" width="8" height="8" patternUnits="userSpaceOnUse" '
                      'patternTransform="rotate(45)"><rect width="8" height="8" fill="none"/>'
                      '<line x1="0" y1="0" x2="0" y2="8" stroke="#ffffff" stroke-width="3" '
                      'stroke-opacity="0.55"/></pattern></defs>',
                      f'<rect width="{w}" height="{h}" fill="#e9e4d6"/>',
                      f'<text x="10" y="22" font-size="16" font-weight="bold">{title}</text>',
                      f'<text x="10" y="{h - 22}" font-size="11" fill="#333">light green grassland, '
                      'dark green forest, grey mountain (bands: mixed) &#183; red number: cost &#183; '
                      'dark blue lines: rivers &#183; yellow triangle: river delta</text>',
                      f'<text x="10" y="{h - 8}" font-size="11" fill="#333">hatched: mist '
                      '(inactive at 1-2 players, then greyed) &#183; orange ring: border of the active '
                      'map &#183; anchors: port spots (solid: in use) &#183; brown: factory</text>']
    for s in board.spaces:
        cx, cy = hexgeom.centre(s.q, s.r)
        corners = [P(x, y) for x, y in hexgeom.corners(s.q, s.r)]
        poly = _pts(corners)
        if s.kind == "land":
            ts = [t for t in ("grassland", "forest", "mountain") if t in s.terrains]
            out.append(f'<clipPath id="c{s.id}"><polygon points="{poly}"/></clipPath>')
            x0 = P(cx - 1, cy)[0]
            bw = 2 * S / len(ts)
            for i, t in enumerate(ts):
                out.append(f'<rect clip-path="url(#c{s.id})" x="{x0 + i * bw:.1f}" '
                           f'y="{P(cx, cy - 1)[1]:.1f}" width="{bw + 0.5:.1f}" height="{2 * S:.1f}" '
                           f'fill="{COL[t]}"/>')
            out.append(f'<polygon points="{poly}" fill="none" stroke="#5b5443" stroke-width="1"/>')
            if s.shaded:
                out.append(f'<polygon points="{poly}" fill="url(#mist)"/>')
            if not s.active:
                out.append(f'<polygon points="{poly}" fill="#d8d8d8" fill-opacity="0.78"/>')
        elif s.kind == "loch":
            out.append(f'<polygon points="{poly}" fill="{CENTRAL if s.central else LOCH}" '
                       f'stroke="#2f5f88" stroke-width="0.8"/>')
        elif s.kind == "port":
            fill = PORT if s.active else "#9fc3e0"
            out.append(f'<polygon points="{poly}" fill="{fill}" stroke="#1b3f63" stroke-width="1.5"/>')
        else:
            out.append(f'<polygon points="{poly}" fill="{FACTORY}" stroke="#3b2312" stroke-width="1.5"/>')
    # border outlines (inset)
    for sid in (board.border if show_border else ()):
        s = board.spaces[sid]
        cx, cy = hexgeom.centre(s.q, s.r)
        inner = [P(cx + 0.82 * (x - cx), cy + 0.82 * (y - cy)) for x, y in hexgeom.corners(s.q, s.r)]
        out.append(f'<polygon points="{_pts(inner)}" fill="none" stroke="#f07f1a" stroke-width="2.5"/>')
    # rivers
    for rv in board.rivers:
        for a, b in rv["edges"]:
            sa, sb = board.spaces[a], board.spaces[b]
            p, q = hexgeom.edge_points((sa.q, sa.r), (sb.q, sb.r))
            (x1, y1), (x2, y2) = P(*p), P(*q)
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke="#123f8c" stroke-width="5.5" stroke-linecap="round"/>')
    # labels
    for s in board.spaces:
        x, y = P(*hexgeom.centre(s.q, s.r))
        if s.kind == "land":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.36 * S:.1f}" fill="#fffdf5" '
                       f'stroke="#5b5443" stroke-width="0.8"/>')
            out.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="14" text-anchor="middle" '
                       f'font-weight="bold" fill="#b3261e">{s.cost}</text>')
            if s.delta:
                tx, ty = x + 0.45 * S, y - 0.45 * S
                out.append(f'<polygon points="{_pts([(tx, ty - 7), (tx - 7, ty + 5), (tx + 7, ty + 5)])}" '
                           f'fill="#ffd43b" stroke="#6b5200" stroke-width="1"/>')
        elif s.kind == "port":
            spot = next(p for p in board.port_spots if p["id"] == s.id)
            out.append(f'<text x="{x:.1f}" y="{y - 2:.1f}" font-size="15" text-anchor="middle" '
                       f'fill="white">&#9875;</text>')
            out.append(f'<text x="{x:.1f}" y="{y + 13:.1f}" font-size="10" text-anchor="middle" '
                       f'fill="white">{spot["players"]}</text>')
        elif s.kind == "factory":
            out.append(f'<text x="{x:.1f}" y="{y + 6:.1f}" font-size="17" text-anchor="middle" '
                       f'fill="white">&#127981;</text>')
        if show_labels:
            out.append(f'<text x="{x:.1f}" y="{y + 0.72 * S:.1f}" font-size="8" text-anchor="middle" '
                       f'fill="#222">{s.label.split(":")[-1]}</text>')
    # module letters on the rock at the inner corner of each module
    mods = sorted({s.module for s in board.spaces})
    if len(mods) == 4:
        cen = [s for s in board.spaces if s.central]
        mx = sum(hexgeom.centre(s.q, s.r)[0] for s in cen) / len(cen)
        my = sum(hexgeom.centre(s.q, s.r)[1] for s in cen) / len(cen)
        for m, (dx, dy) in zip("ABCD", ((-1, -1), (1, -1), (1, 1), (-1, 1))):
            x, y = P(mx + dx * 0.55, my + dy * 0.55)
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="#6e6a60"/>'
                       f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="13" text-anchor="middle" '
                       f'fill="white" font-weight="bold">{m}</text>')
    out.append("</svg>")
    return "\n".join(out), w, h


def module_board(key: str) -> B.Board:
    """One module side alone, at 4 players (shaded land hatched but active)."""
    lay = B.load_side(key[0], key[1])
    return B.Board([(key[0], lay, 0, 0)], 4, key)


def main(argv: Sequence[str]) -> None:
    out = argv[0] if argv else os.path.join(HERE, "out", "caledonia")
    configs = list(argv[1:]) or ["1111", "2222", "1212", "2121"]
    os.makedirs(out, exist_ok=True)
    jobs = []
    for m in "ABCD":
        for side in "12":
            key = m + side
            jobs.append((key, *svg_for(module_board(key), f"Module {key} (alone)", True, False)))
    for sides in configs:
        for n in (2, 4):
            b = B.build_board(sides, n)
            land = sum(1 for s in b.spaces if s.kind == "land" and s.active)
            title = (f"Sides {sides}, {n} players: {land} active land, "
                     f"{sum(1 for s in b.spaces if s.kind == 'loch')} loch spaces")
            jobs.append((f"map-{sides}-{n}p", *svg_for(b, title)))
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 400, "height": 300})
        for name, svg, w, h in jobs:
            page.set_viewport_size({"width": w, "height": h})
            page.set_content(f'<html><body style="margin:0">{svg}</body></html>')
            path = os.path.join(out, name + ".png")
            page.screenshot(path=path)
            print(path)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
