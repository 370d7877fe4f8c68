"""Dev tool: every position of a few random Clans of Caledonia games (each variant on, 1-4
seats, the solo opponent) drawn by the renderer in the dev harness at a phone and a laptop
size; fails on any drawing error, any board target that is not a legal move, any legal move
with no way to reach it (choice, board target or panel), and board targets under 44 px on
the phone.

    python3 web/dev/caledonia_fuzz.py [games]
"""
from __future__ import annotations

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from devtools import call, slim  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import serve_in_thread  # noqa: E402
from shots import launch  # noqa: E402
GAMES_SPECS = [
    (["human"], {}),
    (["human", {"kind": "automa", "level": "5"}], {"ports": True, "static_imports": True}),
    (["human", "human"], {"tight_map": True, "clan_auction": True}),
    (["human", "human", "human"], {"scoring_tiles": False, "ports": False, "clans": False}),
    (["human"] * 4, {"clan_auction": True}),
]

CHECK = """(snap) => {
  window.__show(snap);
  const r = window.__renderer;
  for (const t of ['map', 'market', 'export', 'players', 'offers', 'final']) { r.setTab(t); r.draw(); }
  const legal = new Set(snap.legal.map((m) => JSON.stringify(m)));
  const out = {bad: [], small: [], unreachable: []};
  const targets = r.targets();
  for (const t of targets) {
    if (t.move && !legal.has(JSON.stringify(t.move))) out.bad.push(t.label);
  }
  // every legal move can be reached: a choice item, a space mark, or a panel that opens it
  const plan = r.plan;
  const items = new Set(plan.items.filter((i) => i.move).map((i) => JSON.stringify(i.move)));
  const marked = new Set([...plan.marks.values()].flatMap((m) => m.moves.map((x) => JSON.stringify(x))));
  const panel = plan.panel;
  for (const m of snap.legal) {
    const k = JSON.stringify(m);
    if (items.has(k) || marked.has(k)) continue;
    if (m.type === 'trade' && panel.tradable.has(m.good)) continue;
    if (m.type === 'take_contract' && panel.take.has(m.contract)) continue;
    if (m.type === 'pick' && panel.pick.size) continue;
    if (m.type === 'pass' && plan.items.some((i) => i.move && i.move.type === 'pass')) continue;   // asks to confirm first
    out.unreachable.push(k);
  }
  return out;
}"""


def positions(rnd, players, options):
    snap = call(op="new", gid="fuzz", game="caledonia", players=players, seed=rnd.randrange(1 << 30),
                options=options)
    while True:
        yield snap
        v = snap["view"]
        if v["is_over"]:
            return
        if v["seats"][v["current_player"]]["kind"] == "automa":
            snap = call(op="bot", gid="fuzz")
            continue
        legal = snap["legal"]
        busy = [m for m in legal if m["type"] not in ("pass",)]
        snap = call(op="play", gid="fuzz", move=rnd.choice(busy if busy and rnd.random() < 0.8 else legal))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else len(GAMES_SPECS)
    rnd = random.Random(1)
    problems = 0
    url, server = serve_in_thread()
    with sync_playwright() as pw:
        browser = launch(pw)
        pages = {}
        for name, (w, h) in {"phone": (390, 760), "laptop": (1366, 700)}.items():
            page = browser.new_page(viewport={"width": w, "height": h})
            errors = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            page.goto(url + "?game=caledonia&bare=1")
            page.wait_for_function("window.__ready === true || document.getElementById('pick')")
            pages[name] = (page, errors)
        for g in range(n):
            players, options = GAMES_SPECS[g % len(GAMES_SPECS)]
            count = 0
            for snap in positions(rnd, players, options):
                count += 1
                for name, (page, errors) in pages.items():
                    res = page.evaluate(CHECK, slim(snap))
                    bad = {k: v for k, v in res.items() if v}
                    if bad or errors:
                        problems += 1
                        if problems < 12:
                            print(name, snap["view"]["phase"], snap["view"]["pending"][-1:] if snap["view"]["pending"] else "", bad, errors[-2:])
                        errors.clear()
            print(f"game {g + 1}: {len(players)} seats {options}: {count} positions drawn")
        browser.close()
    server.shutdown()
    print("problems:", problems)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
