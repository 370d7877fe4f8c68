"""The bots' fast path through Hunters scoring agrees with the full one:
occupied features found from the members equal a scan of the board, and
final points without log lines equal those with them."""
import random

from cairn import new_game
from cairn.hunters.board import hut_roots, occupied_roots, roots, system_roots
from cairn.hunters.scoring import final_points


def test_fast_scoring_agrees_with_the_board_scan():
    checked = 0
    for seed in range(6):
        g = new_game("hunters", players=2 + seed % 4, seed=seed)
        r = random.Random(seed)
        while not g.is_over:
            s = g.state
            assert occupied_roots(s) == [x for x in roots(s) if s.occ[x]]
            assert hut_roots(s) == [x for x in system_roots(s) if s.shuts[x]]
            pts, lines = final_points(s)
            assert final_points(s, with_lines=False) == (pts, [])
            checked += bool(lines)
            g.play(r.choice(g.legal_moves()))
    assert checked > 50  # positions with huts or hunters to score were seen
