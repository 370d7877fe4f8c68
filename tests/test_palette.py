"""The seat colours (web/js/ui.js SEAT_COLOURS) stay apart for people with
colour-vision deficiency: every pair of the first five seats (the most seats a
game has) is at least MIN_DE apart in CIELAB (CIE76 delta E) as seen normally
and under full protanopia, deuteranopia and tritanopia (Machado, Oliveira and
Fernandes 2009, severity 1.0, applied in linear RGB); each seat also has its
own shape (SEAT_SHAPES), all different."""
from __future__ import annotations

import itertools
import json
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = 5
MIN_DE = 25.0

SIMULATIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def js_list(name):
    src = open(os.path.join(ROOT, "web", "js", "ui.js"), encoding="utf-8").read()
    m = re.search(r"export const %s = (\[[^\]]*\]);" % name, src)
    assert m, f"{name} not found in web/js/ui.js"
    return json.loads(m.group(1))


def linear(hex_colour):
    h = hex_colour.lstrip("#")
    out = []
    for i in (0, 2, 4):
        c = int(h[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def lab(rgb):
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def seen(hex_colour, sim):
    m, c = SIMULATIONS[sim], linear(hex_colour)
    return lab([sum(m[i][j] * c[j] for j in range(3)) for i in range(3)])


def delta_e(a, b):
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def distances(colours, sim):
    return {(a, b): delta_e(seen(a, sim), seen(b, sim)) for a, b in itertools.combinations(colours, 2)}


def test_simulation_matrices_keep_white_and_grey():
    for sim in SIMULATIONS:
        for grey in ("#ffffff", "#808080"):
            assert delta_e(seen(grey, sim), seen(grey, "normal")) < 1.0, sim


def test_full_protanopia_confuses_red_and_green():
    # the simulation sees what it should: the old red/green seats nearly merge for protanopes
    assert delta_e(seen("#d94a3d", "protanopia"), seen("#3aa55a", "protanopia")) < 25
    assert delta_e(seen("#d94a3d", "normal"), seen("#3aa55a", "normal")) > 60


@pytest.mark.parametrize("sim", list(SIMULATIONS))
def test_seat_colours_stay_apart(sim):
    colours = [c.lower() for c in js_list("SEAT_COLOURS")[:SEATS]]
    assert len(set(colours)) == SEATS
    d = distances(colours, sim)
    worst = min(d, key=d.get)
    print(f"{sim}: closest pair {worst} delta E {d[worst]:.1f}")
    assert d[worst] >= MIN_DE, (sim, worst, round(d[worst], 1))


def test_seats_have_distinct_shapes():
    shapes = js_list("SEAT_SHAPES")
    assert len(shapes) >= len(js_list("SEAT_COLOURS"))
    assert len(set(shapes[:SEATS])) == SEATS
