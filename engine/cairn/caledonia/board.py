"""The Clans of Caledonia map: four double-sided modules, spaces, rivers, lochs and reach.

The map is a designed substitute (no per-hex data of the printed board is public): the eight
module sides live in ``data/map/A1.txt`` .. ``D2.txt`` (format at the top of each file and in
the package README).  ``build_board("1221", n_players)`` joins the chosen sides of modules A
(top-left), B (top-right), C (bottom-right) and D (bottom-left) around the central loch.

Rules encoded here (rulebook, "Expandir", "Frota Mercante", "Povoados", 2-player game):

* *Vizinho* (neighbour): an adjacent space not separated by a river.  Rivers run along hex
  edges between two land spaces only, so a land space next to a loch or a port spot is always
  its neighbour (nothing lies on a land-water edge).
* Shipping levels: none -> neighbours only; river crossing -> also adjacent land across a
  river; loch-k -> also every land space or port reached by crossing 1..k connected loch
  spaces in a row.  One Expand crosses lochs *or* a river, never both, and never jumps land
  (FAQ; the red-player example): a loch crossing starts at a loch next to your unit and ends
  on the first land beyond it.
* Port spots are reached like land: by a unit next to them, or across 1..k lochs at loch-k
  (the rulebook's port example: black neighbours the port, red needs loch-2).  They are
  destinations only: nothing sails *through* a port spot.
* With 1-2 players the mist-shaded land is inactive (lochs stay active); the active land next
  to it, or to the map's edge, is the border ("Partida com 2 jogadores").
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, FrozenSet, Iterable, List, Sequence, Set, Tuple

from . import hexgeom
from .mapfile import (LAND_RE, MODULES, TERRAIN_LETTER, Layout, MapError, load_side,  # noqa: F401
                      parse_layout)

SHIPPING_LEVELS = ("none", "river", "loch1", "loch2", "loch3", "loch4")  # track positions 0..5
TERRAINS = ("grassland", "forest", "mountain")


class Space:
    """One hex of the map.

    ``kind`` is ``"land"``, ``"loch"``, ``"port"`` (a port spot: where a port tile lies, for
    one player-count bracket) or ``"factory"`` (decoration, never usable).  ``central`` marks
    the spaces of the central loch, ``shaded`` the mist-shaded land inactive at 1-2 players.
    """

    __slots__ = ("id", "q", "r", "module", "kind", "terrains", "cost", "active", "border",
                 "delta", "central", "shaded", "label")

    def __init__(self, id: int, q: int, r: int, module: str, kind: str,
                 terrains: FrozenSet[str], cost: int, active: bool, border: bool,
                 delta: bool, central: bool, shaded: bool, label: str) -> None:
        for name, value in (("id", id), ("q", q), ("r", r), ("module", module), ("kind", kind),
                            ("terrains", terrains), ("cost", cost), ("active", active),
                            ("border", border), ("delta", delta), ("central", central),
                            ("shaded", shaded), ("label", label)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Space is frozen")

    def __repr__(self) -> str:
        t = "+".join(sorted(self.terrains))
        return f"<Space {self.id} {self.label} {self.kind}{' ' + t if t else ''}{' £%d' % self.cost if self.cost else ''}>"


# ---------------------------------------------------------------------------------------------
# The board


class Board:
    """The assembled map for one choice of module sides and one player count.

    Static after construction; every query is a table look-up.
    """

    def __init__(self, parts: Sequence[Tuple[str, Layout, int, int]], n_players: int,
                 sides: str = "") -> None:
        if n_players not in (1, 2, 3, 4):
            raise ValueError(f"n_players must be 1-4, not {n_players!r}")
        self.sides = sides
        self.n_players = n_players
        small = n_players <= 2
        port_tok = "P2" if small else "P4"

        # 1. cells -> raw records, ids in module order, then row, then column
        recs: List[Dict[str, Any]] = []
        at: Dict[Tuple[int, int], int] = {}  # axial -> id
        voids: Set[Tuple[int, int]] = set()
        for module, lay, col0, row0 in parts:
            for (col, row) in sorted(lay.cells, key=lambda c: (c[1], c[0])):
                tok = lay.cells[(col, row)]
                q, r = hexgeom.offset_to_axial(col + col0, row + row0)
                if (q, r) in at or (q, r) in voids:
                    raise MapError(f"{lay.name}: cell overlaps another module")
                if tok == ".":
                    voids.add((q, r))
                    continue
                at[(q, r)] = len(recs)
                recs.append({"q": q, "r": r, "module": module, "tok": tok,
                             "label": f"{module}{lay.name[1:2] if len(lay.name) > 1 else ''}:"
                                      f"{chr(97 + col)}{row + 1}"})
        n = len(recs)

        # 2. kinds, terrains, costs
        kinds: List[str] = []
        for rec in recs:
            tok = rec["tok"]
            m = LAND_RE.match(tok)
            if m:
                rec.update(kind="land", terrains=frozenset(TERRAIN_LETTER[c] for c in m.group(1)),
                           cost=int(m.group(2)), shaded=bool(m.group(3)), central=False)
            else:
                kind = {"~": "loch", "=": "loch", "X": "factory", "P2": "port", "P4": "port"}[tok]
                rec.update(kind=kind, terrains=frozenset(), cost=0, shaded=False,
                           central=(tok == "="))
            kinds.append(rec["kind"])
        for rec in recs:
            if rec["kind"] == "land" and len(rec["terrains"]) != len(LAND_RE.match(rec["tok"]).group(1)):
                raise MapError(f"{rec['label']}: terrain letter repeated")
        active = []
        for rec in recs:
            k = rec["kind"]
            if k == "land":
                active.append(not (small and rec["shaded"]))
            elif k == "loch":
                active.append(True)
            elif k == "port":
                active.append(rec["tok"] == port_tok)
            else:
                active.append(False)

        # 3. adjacency (factories take no part) and rivers
        adj: List[List[int]] = [[] for _ in range(n)]
        for i, rec in enumerate(recs):
            if kinds[i] == "factory":
                continue
            for nb in hexgeom.neighbours(rec["q"], rec["r"]):
                j = at.get(nb)
                if j is not None and kinds[j] != "factory":
                    adj[i].append(j)
        river_edges: Set[FrozenSet[int]] = set()
        rivers: List[Dict[str, Any]] = []
        deltas: Set[int] = set()
        for module, lay, col0, row0 in parts:
            for edges in lay.rivers:
                ids = []
                for a, b in edges:
                    ia = at.get(hexgeom.offset_to_axial(a[0] + col0, a[1] + row0))
                    ib = at.get(hexgeom.offset_to_axial(b[0] + col0, b[1] + row0))
                    where = f"{lay.name}: river edge {chr(97 + a[0])}{a[1] + 1}|{chr(97 + b[0])}{b[1] + 1}"
                    if ia is None or ib is None or ib not in adj[ia]:
                        raise MapError(f"{where} does not join two adjacent spaces")
                    if kinds[ia] != "land" or kinds[ib] != "land":
                        raise MapError(f"{where}: rivers run between two land spaces only")
                    e = frozenset((ia, ib))
                    if e in river_edges:
                        raise MapError(f"{where} used twice")
                    river_edges.add(e)
                    ids.append((ia, ib))
                mouth = _river_mouth(ids, adj, kinds, lay.name)
                deltas.update(ids[-1])
                rivers.append({"edges": ids, "mouth": mouth})

        # 4. border of the active map
        border: Set[int] = set()
        for i, rec in enumerate(recs):
            if kinds[i] != "land" or not active[i]:
                continue
            for nb in hexgeom.neighbours(rec["q"], rec["r"]):
                j = at.get(nb)
                if j is None or (kinds[j] == "land" and not active[j]):
                    border.add(i)
                    break

        self.spaces: Tuple[Space, ...] = tuple(
            Space(i, rec["q"], rec["r"], rec["module"], rec["kind"], rec["terrains"], rec["cost"],
                  active[i], i in border, i in deltas, rec["central"], rec["shaded"], rec["label"])
            for i, rec in enumerate(recs))
        self.deltas: FrozenSet[int] = frozenset(deltas)
        self.border: FrozenSet[int] = frozenset(border)
        self.rivers: Tuple[Dict[str, Any], ...] = tuple(rivers)
        self.river_edges: FrozenSet[FrozenSet[int]] = frozenset(river_edges)
        self.at: Dict[Tuple[int, int], int] = at

        # ports: one per module for this player count, and every port spot for renderers
        ports: List[int] = []
        self.port_spots: Tuple[Dict[str, Any], ...] = tuple(
            {"id": i, "module": recs[i]["module"],
             "players": "1-2" if recs[i]["tok"] == "P2" else "3-4", "active": active[i]}
            for i in range(n) if kinds[i] == "port")
        for module, _lay, _c, _r in parts:
            mine = [i for i in range(n) if recs[i]["module"] == module and recs[i]["tok"] == port_tok]
            if len(mine) > 1:
                raise MapError(f"module {module} has {len(mine)} {port_tok} port spots")
            ports.extend(mine)
        self.ports: Tuple[int, ...] = tuple(ports)
        self.factories: Tuple[int, ...] = tuple(i for i in range(n) if kinds[i] == "factory")

        # 5. neighbour tables
        self._adjacent: Tuple[Tuple[int, ...], ...] = tuple(tuple(a) for a in adj)
        across: List[List[int]] = [[] for _ in range(n)]
        for e in river_edges:
            a, b = tuple(e)
            across[a].append(b)
            across[b].append(a)
        self._neighbours: Tuple[Tuple[int, ...], ...] = tuple(
            tuple(j for j in adj[i] if j not in across[i]) for i in range(n))
        self._across: Tuple[Tuple[int, ...], ...] = tuple(
            tuple(j for j in adj[i] if j in across[i]) for i in range(n))
        self._loch_reach: List[List[FrozenSet[int]]] = [[frozenset()] * n for _ in range(5)]
        self._loch_waters: List[List[FrozenSet[int]]] = [[frozenset()] * n for _ in range(5)]
        is_loch = [k == "loch" for k in kinds]
        shoreable = [kinds[t] in ("land", "port") and active[t] for t in range(n)]
        for i in range(n):
            if kinds[i] != "land":
                continue
            # breadth-first over lochs: layer d = the lochs d crossings away
            seen = {i}
            layer = [j for j in adj[i] if is_loch[j]]
            seen.update(layer)
            waters: Set[int] = set()
            shore: Set[int] = set()
            for k in range(1, 5):
                nxt = []
                for j in layer:
                    waters.add(j)
                    for t in adj[j]:
                        if shoreable[t]:
                            shore.add(t)
                        elif is_loch[t] and t not in seen:
                            seen.add(t)
                            nxt.append(t)
                shore.discard(i)
                self._loch_reach[k][i] = frozenset(shore)
                self._loch_waters[k][i] = frozenset(waters)
                layer = nxt
        # reach of one land space per shipping level (active spaces only)
        self._reach1: List[List[FrozenSet[int]]] = []
        water_reach = [frozenset(j for j in adj[i] if active[j]) for i in range(n)]
        for level in range(6):
            row: List[FrozenSet[int]] = []
            for i in range(n):
                if kinds[i] != "land":
                    row.append(water_reach[i])
                    continue
                s = set(self._neighbours[i])
                if level >= 1:
                    s.update(self._across[i])
                if level >= 2:
                    s.update(self._loch_reach[level - 1][i])
                    s.update(self._loch_waters[level - 1][i])
                row.append(frozenset(j for j in s if active[j]))
            self._reach1.append(row)

    # -- queries ------------------------------------------------------------------------------

    def neighbours(self, sid: int) -> Tuple[int, ...]:
        """Adjacent spaces not separated by a river (the rulebook's *vizinho*); lochs and port
        spots next to a land space are always its neighbours.  Factories never are."""
        return self._neighbours[sid]

    def adjacent(self, sid: int) -> Tuple[int, ...]:
        """All adjacent spaces (factories excluded), rivers ignored."""
        return self._adjacent[sid]

    def across_river(self, sid: int) -> Tuple[int, ...]:
        """Adjacent land spaces separated from ``sid`` by a river."""
        return self._across[sid]

    def loch_reach(self, sid: int, k: int) -> FrozenSet[int]:
        """Active land and port spaces reached from land space ``sid`` by crossing 1..k loch
        spaces in a row (each loch next to the previous one, the first next to ``sid``), never
        land: the Loch-k shipping level ("Frota Mercante")."""
        if not 1 <= k <= 4:
            raise ValueError("k must be 1..4")
        return self._loch_reach[k][sid]

    def loch_waters(self, sid: int, k: int) -> FrozenSet[int]:
        """The loch spaces a Loch-k crossing from land space ``sid`` passes over (1..k lochs
        away); MacDonald may put a fisherman on them."""
        if not 1 <= k <= 4:
            raise ValueError("k must be 1..4")
        return self._loch_waters[k][sid]

    def to_json(self) -> Dict[str, Any]:
        """The static map for renderers (unit hex size, flat-top, y down)."""
        spaces = []
        for s in self.spaces:
            x, y = hexgeom.centre(s.q, s.r)
            spaces.append({
                "id": s.id, "q": s.q, "r": s.r, "x": round(x, 4), "y": round(y, 4),
                "module": s.module, "label": s.label, "kind": s.kind,
                "terrains": sorted(s.terrains), "cost": s.cost,
                "flags": {"active": s.active, "border": s.border, "delta": s.delta,
                          "port": s.id in self.ports, "factory": s.kind == "factory",
                          "central": s.central, "shaded": s.shaded},
            })
        rivers = []
        for rv in self.rivers:
            segs = []
            for a, b in rv["edges"]:
                sa, sb = self.spaces[a], self.spaces[b]
                p, q = hexgeom.edge_points((sa.q, sa.r), (sb.q, sb.r))
                segs.append([[round(p[0], 4), round(p[1], 4)], [round(q[0], 4), round(q[1], 4)]])
            rivers.append({"edges": [list(e) for e in rv["edges"]], "mouth": rv["mouth"],
                           "segments": segs})
        return {"sides": self.sides, "n_players": self.n_players, "spaces": spaces,
                "rivers": rivers, "ports": list(self.ports),
                "port_spots": [dict(p) for p in self.port_spots],
                "factories": list(self.factories)}


def _river_mouth(edges: List[Tuple[int, int]], adj: List[List[int]], kinds: List[str],
                 name: str) -> int:
    """Check a river is a chain of hex edges and return the loch its last edge flows into.

    An edge (a, b) has two end points; at each, a third hex ``c`` touches both a and b.  Two
    edges follow each other when they share an end point.  The mouth is the end point of the
    last edge not shared with the previous edge: its third hex must be a loch.
    """
    def thirds(a: int, b: int) -> List[int]:
        return [c for c in adj[a] if c in adj[b]]

    for (a, b), (c, d) in zip(edges, edges[1:]):
        shared = {a, b} & {c, d}
        other = list({a, b} ^ {c, d})
        if len(shared) != 1 or len(other) != 2 or other[1] not in adj[other[0]]:
            raise MapError(f"{name}: river edges {a}|{b} and {c}|{d} do not meet")
    a, b = edges[-1]
    ends = thirds(a, b)
    if len(edges) > 1:
        p, q = edges[-2]
        ends = [c for c in ends if c not in (p, q)]
    lochs = [c for c in ends if kinds[c] == "loch"]
    if not lochs:
        raise MapError(f"{name}: river ending at {a}|{b} does not flow into a loch")
    return lochs[0]


# ---------------------------------------------------------------------------------------------
# Assembly


def assemble(layouts: Sequence[Layout], n_players: int, sides: str = "") -> Board:
    """Join four module layouts A, B, C, D (each the same size) clockwise from the top left."""
    a = layouts[0]
    for lay in layouts:
        if (lay.width, lay.height) != (a.width, a.height):
            raise MapError(f"{lay.name}: module size {lay.width}x{lay.height}, want "
                           f"{a.width}x{a.height}")
    if a.width % 2:
        raise MapError("module width must be even so the hex columns line up")
    w, h = a.width, a.height
    offsets = ((0, 0), (w, 0), (w, h), (0, h))
    parts = [(m, lay, c, r) for m, lay, (c, r) in zip(MODULES, layouts, offsets)]
    return Board(parts, n_players, sides)


@lru_cache(maxsize=64)
def build_board(sides: str, n_players: int) -> Board:
    """The map for module sides ``sides`` (e.g. ``"1221"``: sides of A, B, C, D) and
    ``n_players`` (1-4).  Cached: the same object for the same arguments.

    :raises ValueError: for a bad ``sides`` string or player count.
    """
    if not isinstance(sides, str) or len(sides) != 4 or any(c not in "12" for c in sides):
        raise ValueError(f"sides must be four of '1'/'2' (A, B, C, D), not {sides!r}")
    if n_players not in (1, 2, 3, 4):
        raise ValueError(f"n_players must be 1-4, not {n_players!r}")
    return assemble([load_side(m, s) for m, s in zip(MODULES, sides)], n_players, sides)


def board_from_text(text: str, n_players: int = 4) -> Board:
    """A one-module board from a map text (tests and examples): module "A", no port rules."""
    lay = parse_layout(text, "T")
    return Board([("A", lay, 0, 0)], n_players, "")


# ---------------------------------------------------------------------------------------------
# Reach and settlements


def reach(board: Board, own: Iterable[int], shipping: int,
          fishermen: Iterable[int] = ()) -> Set[int]:
    """Every active space a player with units on ``own`` may expand to at shipping level
    ``shipping`` (0..5), before filtering for emptiness and terrain.

    From each land unit: its neighbours (lochs and port spots included); at level >= 1 also
    the land across a river; at level >= 2 (loch-k, k = level - 1) also the land and port
    spaces beyond 1..k lochs, and the lochs crossed (for MacDonald's fishermen).  A unit on
    a loch or port spot in ``own`` and every space in ``fishermen`` contribute the spaces
    adjacent to it (MacDonald: land next to a fisherman counts as neighbouring, whatever the
    shipping level).  Crossing lochs and a river in one Expand is not allowed (FAQ), and
    nothing jumps land: that is built into the tables.
    """
    if not 0 <= shipping <= 5:
        raise ValueError("shipping level must be 0..5")
    table = board._reach1[shipping]
    out: Set[int] = set()
    for sid in own:
        out |= table[sid]
    for sid in fishermen:
        out |= board._reach1[0][sid] if board.spaces[sid].kind != "land" else table[sid]
    return out


def port_in_reach(board: Board, own: Iterable[int], shipping: int, port_sid: int,
                  fishermen: Iterable[int] = ()) -> bool:
    """A port may be used by a player with a unit next to the port spot or reaching it by
    shipping (rulebook: "Utilizar um Porto"); a fisherman on the port spot itself counts."""
    fishermen = tuple(fishermen)
    if port_sid in fishermen:
        return True
    return port_sid in reach(board, own, shipping, fishermen)


def settlements(board: Board, own: Iterable[int]) -> List[frozenset]:
    """The player's settlements: groups of units joined through neighbours (adjacent and not
    separated by a river); a lone unit is a settlement too ("Povoados").  Sorted by the
    smallest id."""
    units = set(own)
    seen: Set[int] = set()
    groups: List[frozenset] = []
    for start in sorted(units):
        if start in seen:
            continue
        stack = [start]
        seen.add(start)
        group = []
        while stack:
            s = stack.pop()
            group.append(s)
            for t in board._neighbours[s]:
                if t in units and t not in seen:
                    seen.add(t)
                    stack.append(t)
        groups.append(frozenset(group))
    return groups


def connected_settlements(board: Board, own: Iterable[int], shipping: int) -> int:
    """The largest number of the player's settlements within shipping reach of one another
    (final scoring, "Povoados"): settlement S links T when some unit of T lies in the reach of
    S's units; the answer is the size of the biggest connected group of settlements.
    MacDonald's fishermen may be passed in ``own``: a unit on a loch or port spot joins the
    land next to it and reaches the spaces adjacent to it."""
    groups = settlements(board, own)
    if not groups:
        return 0
    where = {s: i for i, g in enumerate(groups) for s in g}
    links: List[Set[int]] = [set() for _ in groups]
    for i, g in enumerate(groups):
        for s in reach(board, g, shipping):
            j = where.get(s)
            if j is not None and j != i:
                links[i].add(j)
                links[j].add(i)
    best = 0
    seen: Set[int] = set()
    for i in range(len(groups)):
        if i in seen:
            continue
        stack, size = [i], 0
        seen.add(i)
        while stack:
            k = stack.pop()
            size += 1
            for j in links[k]:
                if j not in seen:
                    seen.add(j)
                    stack.append(j)
        best = max(best, size)
    return best
