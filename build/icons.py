"""The app icons, drawn by the build from one source drawing (build/icon.json):
filled ellipses and polygons on a square background, rasterised with 3x3
supersampling and written as PNG with nothing but the standard library.

    write_icons(drawing_json, dest_dir)   # icon-192.png, icon-512.png,
                                          # icon-maskable-512.png, apple-touch-icon.png

The maskable icon draws the same picture shrunk into the middle
(``maskable_scale``) so that every mask shape (circle, squircle) keeps it whole.
"""
from __future__ import annotations

import json
import os
import struct
import zlib
from typing import Dict, List, Sequence, Tuple

SUPERSAMPLE = 3
ICONS = (("icon-192.png", 192, False), ("icon-512.png", 512, False),
         ("icon-maskable-512.png", 512, True), ("apple-touch-icon.png", 180, False))

RGB = Tuple[int, int, int]


def parse_colour(text: str) -> RGB:
    """'#rrggbb' -> (r, g, b)."""
    t = text.lstrip("#")
    if len(t) != 6:
        raise ValueError(f"colour must be #rrggbb: {text!r}")
    return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)


def png(width: int, height: int, rows: Sequence[bytes]) -> bytes:
    """A PNG file (8-bit RGB, no interlace) from ``height`` rows of 3*width bytes."""
    if len(rows) != height or any(len(r) != 3 * width for r in rows):
        raise ValueError("rows do not match the size")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)   # filter type 0 on every row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _spans(shape: Dict, y: float) -> List[Tuple[float, float]]:
    """The x ranges a shape covers on the horizontal line at ``y`` (drawing units)."""
    if "ellipse" in shape:
        cx, cy, rx, ry = shape["ellipse"]
        d = 1.0 - ((y - cy) / ry) ** 2
        if d <= 0:
            return []
        half = rx * d ** 0.5
        return [(cx - half, cx + half)]
    pts = shape["polygon"]
    xs = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    return list(zip(xs[0::2], xs[1::2]))   # even-odd rule


def render(drawing: Dict, size: int, scale: float = 1.0) -> List[bytes]:
    """The drawing as ``size`` rows of RGB bytes; ``scale`` < 1 shrinks the
    picture about the centre (the background and shapes that touch the
    picture's edge still reach the icon's edge)."""
    palette = [parse_colour(drawing["background"])] + [parse_colour(s["fill"]) for s in drawing["shapes"]]
    if len(palette) > 256:
        raise ValueError("at most 255 shapes")
    n = size * SUPERSAMPLE
    unit = n / 100.0 * scale
    offset = n * (1 - scale) / 2
    sub_rows = []
    for sy in range(n):
        row = bytearray(n)
        # Outside the shrunk picture, what touches its edge runs on to the
        # icon's edge (the hill of a maskable icon fills the bottom).
        y = min(max((sy + 0.5 - offset) / unit, 0.0), 99.999)
        for index, shape in enumerate(drawing["shapes"], 1):
            for x0, x1 in _spans(shape, y):
                a = 0 if x0 <= 0 else max(0, int(round(x0 * unit + offset)))
                b = n if x1 >= 100 else min(n, int(round(x1 * unit + offset)))
                if b > a:
                    row[a:b] = bytes([index]) * (b - a)
        sub_rows.append(bytes(row))
    out = []
    area = SUPERSAMPLE * SUPERSAMPLE
    for y in range(size):
        block = sub_rows[y * SUPERSAMPLE:(y + 1) * SUPERSAMPLE]
        line = bytearray()
        for x in range(size):
            lo, hi = x * SUPERSAMPLE, (x + 1) * SUPERSAMPLE
            cells = b"".join(r[lo:hi] for r in block)
            first = cells[0]
            if cells.count(first) == area:
                line += bytes(palette[first])
                continue
            r = g = b_ = 0
            for c in cells:
                pr, pg, pb = palette[c]
                r += pr
                g += pg
                b_ += pb
            line += bytes(((r + area // 2) // area, (g + area // 2) // area, (b_ + area // 2) // area))
        out.append(bytes(line))
    return out


def write_icons(drawing_path: str, dest: str) -> List[str]:
    """Draw every icon of ICONS into ``dest``; returns the file names."""
    with open(drawing_path, encoding="utf-8") as f:
        drawing = json.load(f)
    os.makedirs(dest, exist_ok=True)
    names = []
    for name, size, maskable in ICONS:
        rows = render(drawing, size, drawing.get("maskable_scale", 0.75) if maskable else 1.0)
        with open(os.path.join(dest, name), "wb") as f:
            f.write(png(size, size, rows))
        names.append(name)
    return names
