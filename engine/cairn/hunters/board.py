"""Placing tiles: edge matching, legal spots, and the feature union-finds."""
from __future__ import annotations

from typing import Dict, List, Tuple

from .state import HuntersState
from .tiles import DX, DY, FOREST, LAKE, MEADOW, OPP_HALF, RIVER, TEMPLATES, Template

ROLE_KIND = {"gatherer": FOREST, "fisher": RIVER, "hunter": MEADOW}


def find(parent: List[int], a: int) -> int:
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


def _union(s: HuntersState, a: int, b: int) -> None:
    parent = s.parent
    ra, rb = find(parent, a), find(parent, b)
    if ra == rb:
        s.opn[ra] -= 2
        return
    if len(s.nodes[ra]) < len(s.nodes[rb]):
        ra, rb = rb, ra
    parent[rb] = ra
    s.opn[ra] += s.opn[rb] - 2
    s.nodes[ra] += s.nodes[rb]
    if s.occ[rb]:
        s.occ[ra] += s.occ[rb]
    s.nodes[rb] = s.occ[rb] = ()


def _sunion(s: HuntersState, a: int, b: int, ports: int) -> None:
    """Join two river-system nodes; ``ports`` open ports closed by the join."""
    parent = s.sparent
    ra, rb = find(parent, a), find(parent, b)
    if ra == rb:
        s.sopen[ra] -= ports
        return
    if len(s.snodes[ra]) < len(s.snodes[rb]):
        ra, rb = rb, ra
    parent[rb] = ra
    s.sopen[ra] += s.sopen[rb] - ports
    s.snodes[ra] += s.snodes[rb]
    if s.shuts[rb]:
        s.shuts[ra] += s.shuts[rb]
    s.snodes[rb] = s.shuts[rb] = ()


def needs(s: HuntersState, x: int, y: int) -> List[Tuple[int, str]]:
    """(direction, edge letter the new tile must show there) for each neighbour."""
    out = []
    grid = s.grid
    for d in range(4):
        j = grid.get((x + DX[d], y + DY[d]))
        if j is not None:
            out.append((d, TEMPLATES[s.pt[j]].edges_r[s.prot[j]][(d + 2) % 4]))
    return out


_FITS: Dict[Tuple[int, str], Tuple[int, ...]] = {}


def _fits(t: int, pattern: str) -> Tuple[int, ...]:
    """Rotations of template ``t`` matching ``pattern`` (edge letters the
    neighbours demand per direction, '.' where there is none); cached."""
    key = (t, pattern)
    got = _FITS.get(key)
    if got is None:
        got = tuple(r for r, e in enumerate(TEMPLATES[t].edges_r)
                    if all(c == "." or c == e[d] for d, c in enumerate(pattern)))
        _FITS[key] = got
    return got


def spots_for(s: HuntersState, t: int) -> List[Tuple[int, int, int]]:
    """Every legal (x, y, rot) for template ``t``, in (x, y, rot) order."""
    out = []
    fr = s.frontier
    cached = _FITS.get
    for cell in sorted(fr):
        pat = fr[cell]
        rots = cached((t, pat))
        if rots is None:
            rots = _fits(t, pat)
        if rots:
            x, y = cell
            out.extend([(x, y, r) for r in rots])
    return out


def mismatches(s: HuntersState, t: int, x: int, y: int, r: int) -> List[Tuple[int, str, str]]:
    """(direction, our edge, their edge) for each neighbour that does not match."""
    e = TEMPLATES[t].edges_r[r]
    return [(d, e[d], c) for d, c in needs(s, x, y) if e[d] != c]


def place_tile(s: HuntersState, t: int, x: int, y: int, r: int) -> int:
    """Put template ``t`` at (x, y) turned ``r``; join its pieces to their
    neighbours.  Returns the placed index.  No legality check."""
    tpl: Template = TEMPLATES[t]
    i = len(s.pt)
    base = len(s.nkind)
    s.pt.append(t)
    s.prot.append(r)
    s.px.append(x)
    s.py.append(y)
    s.pbase.append(base)
    for p, kind in enumerate(tpl.kinds):
        node = base + p
        s.nkind.append(kind)
        s.ntile.append(i)
        s.npiece.append(p)
        s.parent.append(node)
        s.opn.append(tpl.nports[p])
        s.nodes.append((node,))
        s.occ.append(())
        s.sparent.append(node)
        s.sopen.append(tpl.nports[p] if kind == RIVER else 0)
        s.snodes.append((node,))
        s.shuts.append(())
    for p, lake in enumerate(tpl.river_lake):
        if lake >= 0:
            _sunion(s, base + p, base + lake, 0)
    grid = s.grid
    mo, ho = tpl.mid_owner[r], tpl.half_owner[r]
    edges = tpl.edges_r[r]
    for d in range(4):
        j = grid.get((x + DX[d], y + DY[d]))
        if j is None:
            continue
        nt = TEMPLATES[s.pt[j]]
        nr = s.prot[j]
        nbase = s.pbase[j]
        od = (d + 2) % 4
        e = edges[d]
        if e != "M":
            a, b = base + mo[d], nbase + nt.mid_owner[nr][od]
            _union(s, a, b)
            if e == "R":
                _sunion(s, a, b, 2)
        if e != "F":
            nho = nt.half_owner[nr]
            for h in (2 * d, 2 * d + 1):
                _union(s, base + ho[h], nbase + nho[OPP_HALF[h]])
    grid[(x, y)] = i
    fr = s.frontier
    fr.pop((x, y), None)
    for d in range(4):
        c = (x + DX[d], y + DY[d])
        if c not in grid:
            # the cell's neighbour in direction (d + 2) % 4 is the new tile
            pat = fr.get(c, "....")
            od = (d + 2) % 4
            fr[c] = pat[:od] + edges[d] + pat[od + 1:]
    return i


def meeple_options(s: HuntersState, i: int, seat: int) -> List[Tuple[int, str]]:
    """(piece, role) choices on placed tile ``i`` for ``seat``."""
    out = []
    base = s.pbase[i]
    tpl = TEMPLATES[s.pt[i]]
    has_member = s.members[seat] > 0
    has_hut = s.huts[seat] > 0
    for p, kind in enumerate(tpl.kinds):
        node = base + p
        if kind == FOREST or kind == MEADOW or kind == RIVER:
            if has_member and not s.occ[find(s.parent, node)]:
                out.append((p, "gatherer" if kind == FOREST else "hunter" if kind == MEADOW else "fisher"))
        if (kind == RIVER or kind == LAKE) and has_hut and not s.shuts[find(s.sparent, node)]:
            out.append((p, "hut"))
    return out


def put_meeple(s: HuntersState, node: int, seat: int, role: str) -> None:
    s.meeples[node] = (seat, role)
    if role == "hut":
        s.huts[seat] -= 1
        r = find(s.sparent, node)
        s.shuts[r] += (node,)
    else:
        s.members[seat] -= 1
        r = find(s.parent, node)
        s.occ[r] += (node,)


def roots(s: HuntersState) -> List[int]:
    """Roots of the forest/river/meadow features, in node order."""
    parent = s.parent
    return [a for a in range(len(parent)) if parent[a] == a and s.nkind[a] != LAKE]


def occupied_roots(s: HuntersState) -> List[int]:
    """The roots of ``roots(s)`` whose feature holds tribe members (gatherers,
    fishers, hunters), in node order: found from the members, not the board."""
    parent = s.parent
    return sorted({find(parent, n) for n, (_, role) in s.meeples.items() if role != "hut"})


def hut_roots(s: HuntersState) -> List[int]:
    """The roots of ``system_roots(s)`` whose river system holds huts, in node order."""
    parent = s.sparent
    return sorted({find(parent, n) for n, (_, role) in s.meeples.items() if role == "hut"})


def system_roots(s: HuntersState) -> List[int]:
    parent, kinds = s.sparent, s.nkind
    return [a for a in range(len(parent)) if parent[a] == a
            and (kinds[a] == RIVER or kinds[a] == LAKE)]
