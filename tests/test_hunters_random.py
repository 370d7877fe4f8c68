"""Random full games: invariants after every move, determinism, hidden
information, save/load.  ``CAIRN_SOAK=N`` multiplies the game counts (the
thousands-of-games soak run, docs/benchmarks.md; the default is a seeded
sample that keeps the suite fast)."""
import json
import os

from hunters_helpers import RULES

from cairn import load_game, new_game
from cairn.core.i18n import render
from cairn.core.rng import Rng
from cairn.hunters.board import find, mismatches
from cairn.hunters.scoring import final_points
from cairn.hunters.state import HUTS, MEMBERS, OVER
from cairn.hunters.tiles import DX, DY, FOREST, OPP_HALF, TEMPLATES

SOAK = int(os.environ.get("CAIRN_SOAK", "1"))
GAMES = 300 * SOAK          # 2,100 at CAIRN_SOAK=7
FULL_EVERY = 100            # games checked against the independent recount after every move


def recompute_features(s):
    """Forest/river/meadow components and their open ports, computed from the
    board alone (independent of the engine's union-find)."""
    parent = list(range(len(s.nkind)))

    def f(a):
        while parent[a] != a:
            a = parent[a]
        return a

    open_ports = [TEMPLATES[s.pt[s.ntile[n]]].nports[s.npiece[n]] for n in range(len(s.nkind))]
    for (x, y), i in s.grid.items():
        t, r, base = TEMPLATES[s.pt[i]], s.prot[i], s.pbase[i]
        for d in (1, 2):  # each shared edge once: east and south
            j = s.grid.get((x + DX[d], y + DY[d]))
            if j is None:
                continue
            u, ur, ubase = TEMPLATES[s.pt[j]], s.prot[j], s.pbase[j]
            assert t.edges_r[r][d] == u.edges_r[ur][(d + 2) % 4]
            pairs = []
            if t.edges_r[r][d] != "M":
                pairs.append((base + t.mid_owner[r][d], ubase + u.mid_owner[ur][(d + 2) % 4]))
            if t.edges_r[r][d] != "F":
                for h in (2 * d, 2 * d + 1):
                    pairs.append((base + t.half_owner[r][h], ubase + u.half_owner[ur][OPP_HALF[h]]))
            for a, b in pairs:
                open_ports[a] -= 1
                open_ports[b] -= 1
                ra, rb = f(a), f(b)
                if ra != rb:
                    parent[ra] = rb
    comp = {}
    for n in range(len(s.nkind)):
        comp.setdefault(f(n), []).append(n)
    return comp, open_ports


def check_features(s):
    comp, open_ports = recompute_features(s)
    for nodes in comp.values():
        roots = {find(s.parent, n) for n in nodes}
        assert len(roots) == 1
        r = roots.pop()
        assert sorted(s.nodes[r]) == sorted(nodes)
        assert s.opn[r] == sum(open_ports[n] for n in nodes)
        holders = [n for n in nodes if n in s.meeples and s.meeples[n][1] != "hut"]
        assert sorted(s.occ[r]) == sorted(holders)


def check_forest_gold(s):
    """Rulebook: only a 2-segment forest can lack gold - for forests of land
    tiles (bonus tiles carry no nuggets).  Checked on every completed forest."""
    comp, open_ports = recompute_features(s)
    for nodes in comp.values():
        if s.nkind[nodes[0]] != FOREST or sum(open_ports[n] for n in nodes):
            continue
        pieces = [TEMPLATES[s.pt[s.ntile[n]]] for n in nodes]
        if len(nodes) >= 3 and all(t.bonus is None for t in pieces):
            assert any(t.pieces[s.npiece[n]].gold for t, n in zip(pieces, nodes)), nodes


def check_conservation(s):
    for p in range(s.n):
        on_board = [v for v in s.meeples.values() if v[0] == p]
        assert s.members[p] + sum(1 for v in on_board if v[1] != "hut") == MEMBERS
        assert s.huts[p] + sum(1 for v in on_board if v[1] == "hut") == HUTS
        assert s.members[p] >= 0 and s.huts[p] >= 0


def play_checked(s, rng, full=False):
    """Play ``s`` to the end with random moves, checking invariants."""
    prev = [row[:] for row in s.score]
    moves = []
    while RULES.current_player(s) is not None:
        legal = RULES.legal_moves(s)
        assert legal
        m = legal[rng.below(len(legal))]
        if m["type"] == "meeple":
            node = s.pbase[s.just] + m["piece"]
            if m["role"] == "hut":
                assert not s.shuts[find(s.sparent, node)]
            else:
                assert not s.occ[find(s.parent, node)]
                if full:  # independent check: nobody in the feature before
                    comp, _ = recompute_features(s)
                    for nodes in comp.values():
                        if node in nodes:
                            assert not any(n in s.meeples and s.meeples[n][1] != "hut" for n in nodes)
        RULES.apply(s, m)
        moves.append(m)
        if m["type"] == "place":
            i = len(s.pt) - 1
            assert not mismatches(s, s.pt[i], s.px[i], s.py[i], s.prot[i])
            assert s.just == i
        for p in range(s.n):
            for k in range(4):
                assert s.score[p][k] >= prev[p][k]
        prev = [row[:] for row in s.score]
        check_conservation(s)
        if full:
            check_features(s)
    assert s.phase == OVER and not s.land
    # gatherers and fishers on unfinished features went home at the end
    assert all(role in ("hunter", "hut") for _, role in s.meeples.values())
    pts, _ = final_points(s)
    for p in range(s.n):
        assert [s.score[p][2], s.score[p][3]] == pts[p]
    return moves


def test_random_games_keep_the_invariants():
    rng = Rng(2024)
    tiles_placed = 0
    for k in range(GAMES):
        n = 2 + k % 4
        s = RULES.setup(n, rng.next64() >> 12, RULES.Options())
        play_checked(s, rng, full=(k % FULL_EVERY == 0))
        check_features(s)
        check_forest_gold(s)
        tiles_placed += len(s.pt)
        assert len(s.pt) + len(s.discards) >= 79
    assert tiles_placed > 79 * GAMES


def test_games_through_game_with_save_round_trip_and_determinism():
    rng = Rng(7)
    for k in range(40):
        g = new_game("hunters", players=2 + k % 4, seed=100 + k)
        while not g.is_over:
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
        assert g.winners()
        totals = [sc["total"] for sc in g.scores()]
        assert all(sc["total"] == sum(sc["breakdown"].values()) for sc in g.scores())
        h = load_game(g.to_save())
        assert h.state.to_json() == g.state.to_json()
        again = new_game("hunters", players=2 + k % 4, seed=100 + k)
        for m in g.log:
            again.play(m)
        assert again.state.dumps() == g.state.dumps()
        assert [sc["total"] for sc in again.scores()] == totals
        assert any(render(e["text"], lang="en") == "Game over: final scoring" for e in g.history)


def test_view_never_shows_the_stack_order():
    g = new_game("hunters", players=3, seed=5)
    rng = Rng(1)
    for _ in range(30):
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    s = g.state
    other = s.copy()
    other.land.reverse()
    other.bonus.reverse()
    assert other.land != s.land
    assert RULES.view(s) == RULES.view(other)
    v = g.view()
    text = json.dumps(v)
    json.loads(text)
    assert v["land_left"] == len(s.land) and v["bonus_left"] == len(s.bonus)
    shown = set(v["tiles"])
    hidden = {TEMPLATES[t].id for t in s.land}
    assert not (shown & hidden)
    assert v["drawn"]["tile"] in shown
    assert v["phase"] in ("place", "meeple")
    assert {f["kind"] for f in v["features"]} >= {"forest", "river", "meadow", "system"}
    assert len(v["board"]) == len(s.pt)


def test_undo_within_a_turn():
    g = new_game("hunters", players=2, seed=3)
    before = g.state.dumps()
    g.play(g.legal_moves()[0])
    assert g.can_undo
    g.undo()
    assert g.state.dumps() == before
    g.play(g.legal_moves()[0])
    g.play({"type": "skip"})
    assert not g.can_undo  # the next tile was drawn
