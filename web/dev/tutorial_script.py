"""A game's tutorial (web/js/help/<game>.tutorial.js) as the engine plays it: every move
with the seat that makes it, the engine's words for it, the kinds of move the learner was
offered, the step's words and what the rules said after it (scorings, draws). For writing
and checking a script: a move that is no longer legal stops it with the legal moves there.

    python web/dev/tutorial_script.py glenmore [--lang pt_BR]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "engine"))

READ = """import { pathToFileURL } from "node:url";
const m = await import(pathToFileURL(process.argv[1]).href);
console.log(JSON.stringify(m.default));"""


def read(game):
    path = os.path.join(ROOT, "web", "js", "help", f"{game}.tutorial.js")
    out = subprocess.run(["node", "--input-type=module", "-e", READ, path], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--lang", default="en", help="the engine's language for its words (en, pt_BR, ro)")
    args = ap.parse_args()
    from cairn import new_game
    from cairn.core import i18n
    from cairn.facade import history_text, labels
    i18n.set_language(args.lang)
    tut = read(args.game)
    g = new_game(args.game, players=tut["players"], seed=tut["seed"], options=tut["options"])
    learner = 0
    for i, step in enumerate(tut["steps"]):
        legal = g.legal_moves()
        if step["move"] not in legal:
            sys.exit(f"move {i} {step['move']} is not legal; legal: {legal}")
        words = labels(g, legal)[legal.index(step["move"])]["label"]
        who = g.seats[g.current_player].name
        if step.get("say"):
            learner += 1
            print(f"{i:3} [{learner}] {who}: {words}   offered: {sorted({m['type'] for m in legal})}")
            print(f"        {step['say']}")
        else:
            print(f"{i:3}     {who}: {words}")
        h = len(g.history)
        g.play(step["move"])
        for line in history_text(g, h):
            if line["seat"] is None:
                print(f"        > {line['text']}")
    print(f"{learner} steps; then {'the game is over' if g.is_over else g.seats[g.current_player].name + ' to move'}")
    print(f"end: {tut['end']}")


if __name__ == "__main__":
    main()
