"""Dev tool: the same screenshots before and after a change to the renderers or the page,
to put side by side.  Each game is opened in the built app (dist/, built when stale) by
importing a save through the page's own import button, at a human's turn:

    glenmore-start, -mid, -end      2 players (you and an easy bot): early, the middle, the last turn
    hunters-mid                     the same, the middle of the game
    caledonia4-early                4 players (you and three easy bots), round 1, actions
    caledonia4-late                 the same game in round 5, the map well filled
    caledonia4-end                  the same game, your last turn

at phone (390x844) and laptop (1366x768) sizes, Caledonia also at small phone (360x640)
size and its late position also on its players' tab.  The saves are played here by the
engine's bots (Caledonia's seats prefer expanding, so the map fills as in a real game), so
the positions are the same on every run; the saves are written beside the PNGs, and
--saves takes an earlier run's (the same positions even when the engine's bots have changed
since).  Only the page's normal UI (the import button, the toasts' and sheet's buttons,
taps on the board's targets from window.cairn.targets()) is used.

    python3 web/dev/shoot_compare.py --out web/dev/out/before
    python3 web/dev/shoot_compare.py --out web/dev/out/after --saves web/dev/out/before [--sizes=phone,laptop] [glenmore caledonia4-late ...]
    python3 web/dev/shoot_compare.py ... --lang=ro --tabs=market,export,players,map caledonia4-late
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))
sys.path.insert(0, os.path.join(ROOT, "e2e"))
sys.path.insert(0, HERE)

from shots import OVERFLOW_JS, SIZES, open_app, site_and_browser  # noqa: E402

from play_helpers import Player  # noqa: E402

HUMAN = {"kind": "human"}
EASY = {"kind": "bot", "level": "easy"}

# name: (game, players, seed, where to stop, extra tabs to shoot, sizes by default)
SHOTS = {
    "glenmore-start": ("glenmore", [HUMAN, EASY], 7, ("fraction", 0.06), [], ["small", "laptop"]),
    "glenmore-mid": ("glenmore", [HUMAN, EASY], 7, ("fraction", 0.55), [], ["phone", "laptop"]),
    "glenmore-end": ("glenmore", [HUMAN, EASY], 7, ("fraction", 1.0), [], ["small", "laptop"]),
    "hunters-mid": ("hunters", [HUMAN, EASY], 7, ("fraction", 0.55), [], ["phone", "laptop"]),
    "caledonia4-early": ("caledonia", [HUMAN] + [EASY] * 3, 21, ("round", 1, 3), [], ["phone", "small", "laptop"]),
    "caledonia4-late": ("caledonia", [HUMAN] + [EASY] * 3, 21, ("round", 5, 2), ["players"],
                        ["phone", "small", "laptop"]),
    "caledonia4-end": ("caledonia", [HUMAN] + [EASY] * 3, 21, ("round", 5, 99), [], ["small", "laptop"]),
}


def _fresh_turn(game):
    """Seat 0 (the human) starts a decision of its own (not the middle of one)."""
    if game.is_over or game.current_player != 0:
        return False
    if game.name != "caledonia":
        return True
    v = game.view()
    return v["phase"] == "actions" and not v["pending"] and any(m["type"] == "pass" for m in game.legal_moves())


def save_at(game_name, players, seed, stop):
    """A save of a game the engine's bots play (seat 0 too), cut where ``stop`` says, at a
    decision of seat 0: ("fraction", f) that far into the game, ("round", r, k) at seat 0's
    k-th turn of Caledonia's round r."""
    from cairn import load_game, new_game
    from cairn.bots import choose_move

    g = new_game(game_name, players=players, seed=seed)
    rng = random.Random(seed)
    turns = []      # indices of the moves where seat 0 starts a decision, with the round
    n = 0
    while not g.is_over:
        if _fresh_turn(g):
            turns.append((n, g.view().get("round")))
        legal = g.legal_moves()
        expand = [m for m in legal if m["type"] == "expand"]
        g.play(rng.choice(expand) if expand else choose_move(g, "easy", seed=n))
        n += 1
    if stop[0] == "fraction":
        cut = min(turns, key=lambda t: abs(t[0] - stop[1] * n))[0]
    else:
        in_round = [i for i, r in turns if r == stop[1]]
        cut = in_round[min(stop[2], len(in_round)) - 1]
    whole = g.to_save()
    return load_game({**whole, "moves": whole["moves"][:cut]}).to_save()


def settle(page, p):
    """Wait until the human is to move, with no coach mark, moment card, open sheet or toast on top."""
    p.wait_idle()
    page.wait_for_function("""() => { const s = window.cairn.snapshot();
        return !!s && !window.cairn.busy && (s.view.is_over || (s.view.seats[s.view.current_player] || {}).kind === 'human'); }""",
                           timeout=120_000)
    p.dismiss_coach()
    for _ in range(3):
        box = page.query_selector("#moment:not([hidden])")
        if not box:
            break
        p.tap_el(box)
        page.wait_for_timeout(300)
    p.close_sheet()
    for _ in range(4):   # "Imported ..." and any other toast: its close button
        x = page.query_selector("#toasts .toast button")
        if not x:
            break
        p.tap_el(x)
    page.wait_for_timeout(400)


def tab(page, p, name):
    """Caledonia's board tab ``name`` by tapping it (False when the board has no such tab)."""
    tabs = [t for t in page.evaluate("window.cairn.targets()") if t["label"] == f"tab {name}"]
    if not tabs:
        return False
    p.tap(tabs[0]["x"], tabs[0]["y"])
    page.wait_for_timeout(400)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "out", "compare"), help="folder for the PNGs")
    ap.add_argument("--sizes", help="comma-separated: phone,small,laptop (default: per shot)")
    ap.add_argument("--saves", help="a folder of an earlier run: its saves (<shot>.cairn.json), not new ones")
    ap.add_argument("--dist", help="another built site to serve (default dist/, built when stale)")
    ap.add_argument("--lang", default="", help="the page's language (en, pt-BR, ro; default the browser's)")
    ap.add_argument("--tabs", help="Caledonia: comma-separated board tabs to shoot too (map,market,export,players)")
    ap.add_argument("names", nargs="*", help="shots (or their prefixes) to take; default all: " + " ".join(SHOTS))
    a = ap.parse_args()
    names = [n for n in SHOTS if not a.names or any(n.startswith(x) for x in a.names)]
    os.makedirs(a.out, exist_ok=True)
    saves = {}
    for n in names:
        saves[n] = os.path.join(a.saves or a.out, f"{n}.cairn.json")
        if not a.saves:
            with open(saves[n], "w") as f:
                json.dump(save_at(*SHOTS[n][:4]), f)
    taken = []
    with site_and_browser(a.dist) as (url, browser):
        for name in names:
            game, _, _, _, tabs, sizes = SHOTS[name]
            if a.tabs and game == "caledonia":
                tabs = a.tabs.split(",")
            for size in (a.sizes.split(",") if a.sizes else sizes):
                q = "?fast=1&nosw=1" + (f"&lang={a.lang}" if a.lang else "")
                ctx, page, errors = open_app(browser, url, size, query=q)
                p = Player(page, touch=bool(SIZES[size].get("has_touch")))
                page.set_input_files("#import-file", saves[name])
                page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().view.ply > 0",
                                       timeout=120_000)
                settle(page, p)
                lg = f"-{a.lang}" if a.lang else ""
                shots = [(f"{name}{lg}-{size}.png", None)] + [(f"{name}{lg}-{t}-{size}.png", t) for t in tabs]
                for fname, t in shots:
                    if t and not tab(page, p, t):
                        print(f"  {name} {size}: no tab '{t}' on the board, skipped")
                        continue
                    path = os.path.join(a.out, fname)
                    page.screenshot(path=path)
                    taken.append(path)
                    wide = page.evaluate(OVERFLOW_JS)
                    snap = page.evaluate("window.cairn.snapshot().view")
                    print(f"{fname:36s} ply {snap['ply']:3d} round {snap.get('round', '-')}",
                          f"wider than the screen: {wide}" if wide else "", errors[-2:] if errors else "",
                          flush=True)
                ctx.close()
    print(len(taken), "screenshots in", a.out)


if __name__ == "__main__":
    main()
