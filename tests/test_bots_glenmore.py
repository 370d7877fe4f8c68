"""Glen More's bot forecast: the hand forecast adds up as its docstring says (recounted here
from the scoring module's helpers and the chain), hard's learned weights weigh the same parts,
the end of the game is exact, and the training command is reproducible."""
import pytest
from forecast_helpers import random_positions, trained_twice

from cairn import new_game
from cairn.bots.forecast import bucket
from cairn.bots.glenmore import FEATURES, HARD, KNOWLEDGE, LEARNED, features, load_weights, tiles_left
from cairn.bots.knowledge import knowledge_for
from cairn.glenmore.scoring import chieftain_strength, difference_vp, final_card_vp
from cairn.glenmore.tiles import TILES


def rate(tid):
    """What a tile yields per turn left, by the forecast's table."""
    tile = TILES[tid]
    if tile.produces is not None:
        return 0.35
    table = {"village": 0.25, "castle": 0.3, "start_village": 0.25, "tavern": 0.3, "distillery": 0.35,
             "loch": 0.1, "bridge": 0.1}
    if tile.kind in table:
        return table[tile.kind]
    return 0.3 if tile.recipes or tile.kind == "abbey" else 0.1


def figures_ahead(s):
    """Per seat, the tiles on the chain from the rear to its figure (walked from the gap)."""
    chain = s.chain
    gap = [i for i in range(14) if chain[i] is None and chain[(i + 1) % 14] is not None][0]
    out, tiles = [0] * s.n, 0
    for k in range(1, 14):
        e = chain[(gap + k) % 14]
        if e and e[0] == "tile":
            tiles += 1
        elif e and e[0] == "fig":
            out[e[1]] = tiles
    return out


def room(display):
    return any((x + dx, y + dy) not in display for (x, y), spot in display.items() if spot.clansmen
               for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def reference(s, learned):
    """The forecast written out: VP scored + coins + 0.9 a resource + 0.5 a clan member on the
    display + the scorings left at today's differences + end cards - 3 a tile above the fewest
    + production in the turns left + 2.5 a turn (or the learned weights of the same parts),
    less what the payment under way still costs."""
    ps = s.players
    if s.current is None:
        return [float(p.total_vp) for p in ps]
    left = sum(len(st) for st in s.stacks[s.stack_index:])
    share = s.n + (0.5 if s.uses_die else 0)
    stream = left + 13 - s.n - (1 if s.uses_die else 0)
    ahead = figures_ahead(s)
    turns = [max(0.0, (stream - ahead[i]) / share) * (1 if room(p.display) else 0.3) for i, p in enumerate(ps)]
    sizes = [len(p.display) + (1 if i == s.current and s.turn.taken is not None else 0) for i, p in enumerate(ps)]
    final = [sizes[i] + turns[i] for i in range(s.n)]
    stats = [[p.whisky for p in ps], [chieftain_strength(p) for p in ps], [len(p.cards) for p in ps]]
    out = []
    for i, p in enumerate(ps):
        r = sum(rate(sp.tile) for sp in p.display.values())
        if i == s.current and s.turn.taken is not None:
            r += rate(s.turn.taken)
        leads = [(3 - s.scorings) * difference_vp(st[i] - min(st)) for st in stats]
        x = [p.coins, sum(p.holdings()), p.clansmen_on_display(), *leads, final_card_vp(p),
             final[i] - min(final), r * min(turns[i], 10), turns[i]]
        if learned:
            w = LEARNED[bucket(LEARNED["edges"], left)]
            v = w[-1] + sum(a * b for a, b in zip(w, x))
        else:
            v = x[0] + 0.9 * x[1] + 0.5 * x[2] + sum(leads) + x[6] - 3 * x[7] + x[8] + 2.5 * x[9]
        out.append(p.total_vp + v)
    pay = s.turn.pending
    if pay is not None:
        out[s.current] -= 0.9 * (sum(pay.res) + pay.distinct) + 2 * pay.whisky + pay.clansman
        if pay.then[0] == "act":
            out[s.current] += pay.then[1] + 2 * pay.then[2]
    return out


def test_both_forecasts_add_up_the_parts_as_written():
    checked = paying = 0
    for seed in range(4):
        for g in random_positions("glenmore", seed, 2 + seed % 3):
            s = g.state
            before = s.to_json()
            assert len(features(s)) == s.n and all(len(x) == len(FEATURES) for x in features(s))
            assert KNOWLEDGE.evaluate(g.rules, s) == pytest.approx(reference(s, False))
            assert HARD.evaluate(g.rules, s) == pytest.approx(reference(s, s.n == 2))
            assert s.to_json() == before
            checked += 1
            paying += s.turn.pending is not None
        assert KNOWLEDGE.evaluate(g.rules, s) == [float(x["total"]) for x in g.scores()]   # the end: exact
    assert checked > 400 and paying > 20


def test_hard_plays_the_learned_weights_and_the_other_levels_the_hand_forecast():
    know = knowledge_for("glenmore")
    assert LEARNED is not None   # the wheel ships data/glenmore.json
    assert know.for_level("hard") is HARD and HARD.learned
    for level in ("easy", "medium", "hard0"):
        assert know.for_level(level) is KNOWLEDGE and not KNOWLEDGE.learned
    s = new_game("glenmore", players=2, seed=3).state
    assert tiles_left(s) == 57 and LEARNED["edges"][0] < 57


def test_training_is_reproducible_and_writes_weights_the_bot_reads(tmp_path, monkeypatch):
    from cairn.bots import train_glenmore
    monkeypatch.setattr(train_glenmore.RECIPE, "iterations", 5)   # the games' strength does not matter here
    files = trained_twice(lambda out: train_glenmore.train(games=1, seed=5, out=out, procs=1, log=lambda *_: None),
                          tmp_path)
    assert files[0] == files[1]
    table = load_weights(files[0])
    assert table["edges"] == train_glenmore.EDGES
    assert all(len(table[i]) == len(FEATURES) + 1 for i in range(len(train_glenmore.EDGES)))
