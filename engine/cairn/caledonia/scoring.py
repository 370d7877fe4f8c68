"""Clans of Caledonia scoring: the round's scoring tile, the final scoring, the winners.

Round scoring ("Fase 4: Pontuação"): after production every player gains the glory shown
on the round's scoring tile; nothing is spent.  The official solo opponent scores no tiles,
and the variant without scoring tiles has none.

Final scoring ("Pontuação final"), one victory point (VP) for each:

* glory on the glory track;
* basic good in stock (1 VP each), processed good in stock (2 VP each);
* 10 pounds (the solo opponent: 5 pounds);
* hops on fulfilled contracts (1 VP each);
* cotton / tobacco / sugar cane on fulfilled contracts: 5 VP each for the rarest on the
  shared import tracks, 4 for the middle one, 3 for the most imported; a tie counts cotton
  as the rarest, then tobacco, then sugar cane (rulebook example: least tobacco, most
  cotton, 3 tobacco + 2 sugar cane + 1 cotton = 15 + 8 + 3 = 26).  Variant "static
  imports": 4 VP each.  Solo mode: valued by the player's own counts;
* most fulfilled contracts: 12 / 6 VP for first / second with 3-4 seats, 8 with 2 seats;
* most settlements within shipping reach of one another: 18 / 12 / 6 with 3-4 seats,
  12 with 2 seats.  Ties add up the tied places' VP and split them, rounded down
  (rulebook example: 3 players, two tied first share 12 + 6 -> 9 each);
* the clan auction variant's bid is lost.

Readings chosen where the rulebook is silent (each repeated where it is coded):

* A player with no fulfilled contract (or no settlement) takes no place in that ranking:
  the places go to "the player with the most contracts fulfilled", and zero is none.
* MacKenzie's cellar at the end: a barrel may leave the cellar "at any time" (appendix,
  Clã MacKenzie), but no turn follows the last production phase, so final scoring takes
  every barrel out as the player would: it counts as a whisky in stock (2 VP) and pays
  its age (7 / 15 pounds; a fresh barrel nothing) before money is counted and before
  leftover money breaks ties.
* With the official solo opponent at a 2-seat table the head-to-head values apply to both
  seats (caledonia-automa notes): contracts 8 to the most (a tie splits it, 4 each) and 4
  to the other only with exactly one contract fewer; settlements 12 to the most (tie: 6
  each) and 6 to the other only with one or two fewer.  With 3-4 seats the normal values.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.i18n import N_
from .board import connected_settlements
from .data import (BASIC, CONTRACTS, FARM_UNITS, GOODS, IMPORTS, PROCESSED, SCORING_KEY, TABLES)
from .economy import board_of
from .state import CaledoniaState, Player

_FINAL = TABLES["final"]
_IMP = TABLES["imports"]
_SOLO = TABLES["solo"]
_AUTOMA = TABLES["automa"]
_MERCHANTS = TABLES["merchants"]
_BASIC_IDX = tuple(GOODS.index(g) for g in BASIC)
_PROCESSED_IDX = tuple(GOODS.index(g) for g in PROCESSED)
_BUILDINGS = tuple(u for u in FARM_UNITS if u != "field")

#: Pounds paid when a MacKenzie barrel leaves cellar spot 0 (fresh), 1 (aged once), 2 (aged twice).
CELLAR_VALUE = (0,) + tuple(TABLES["clans"]["mackenzie_cellar"])

#: Final scoring categories, in score-sheet order (the keys of every breakdown; the last,
#: the bid, only in a game with the clan auction variant).
CATEGORIES = ("glory", "basic", "processed", "money", "hops", "imports", "contracts",
              "settlements", "bid")


def categories(state: CaledoniaState) -> Tuple[str, ...]:
    """The score sheet's lines in this game: :data:`CATEGORIES`, the bid only with the clan
    auction (no "Bid 0" in a game that has none)."""
    return CATEGORIES if state.auction or any(p.bid for p in state.players) else CATEGORIES[:-1]


# -- helpers shared with the view and the tests ---------------------------------------------------
def cellar_pounds(p: Player) -> int:
    """What taking every barrel out of MacKenzie's cellar would pay now."""
    if not any(p.cellar):
        return 0
    return sum(n * CELLAR_VALUE[i] for i, n in enumerate(p.cellar))


def fulfilled_imports(p: Player) -> Dict[str, int]:
    """Cotton, tobacco and sugar cane on the player's fulfilled contracts."""
    out = dict.fromkeys(IMPORTS, 0)
    for cid in p.fulfilled:
        for g, n in CONTRACTS[cid].imports:
            out[g] += n
    return out


def fulfilled_hops(p: Player) -> int:
    return sum(CONTRACTS[cid].hops for cid in p.fulfilled)


def import_values(state: CaledoniaState, counts: Optional[Sequence[int]] = None) -> Dict[str, int]:
    """VP per unit of each import good: 5 for the rarest, 4, 3 for the most imported, by the
    shared import tracks (or ``counts``, in IMPORTS order); ties: cotton counts as rarest,
    then tobacco, then sugar cane.  Variant static imports: 4 each."""
    if state.options.get("static_imports"):
        return dict.fromkeys(IMPORTS, _IMP["static_vp"])
    counts = state.imports if counts is None else counts
    tie = {g: i for i, g in enumerate(_IMP["tie_order"])}
    ranked = sorted(IMPORTS, key=lambda g: (counts[IMPORTS.index(g)], tie[g]))
    return {g: vp for g, vp in zip(ranked, _IMP["vp_by_rank"])}


def split_places(values: Sequence[int], vps: Sequence[int]) -> List[int]:
    """VP for a ranking: the best value takes ``vps[0]``, the next ``vps[1]``, ...; tied
    players add up the VP of the places they share and split them, rounded down (rulebook:
    3 players, two tied first -> (12 + 6) // 2 = 9 each, the third nothing).  A value of 0
    takes no place (reading: zero contracts is not "the most contracts")."""
    out = [0] * len(values)
    place = 0
    for v in sorted(set(values), reverse=True):
        tied = [i for i, x in enumerate(values) if x == v]
        if v > 0:
            share = sum(vps[place:place + len(tied)]) // len(tied)
            for i in tied:
                out[i] = share
        place += len(tied)
    return out


def duel_places(values: Sequence[int], vps: Sequence[int], gap: int) -> List[int]:
    """Head to head with the official solo opponent (2 seats): the most takes ``vps[0]``
    (a tie splits it, rounded down); the other takes ``vps[1]`` only when at most ``gap``
    behind (contracts: exactly one fewer, gap 1; settlements: one or two fewer, gap 2)."""
    a, b = values
    if a == b:
        share = vps[0] // 2 if a > 0 else 0
        return [share, share]
    hi, lo = (0, 1) if a > b else (1, 0)
    out = [0, 0]
    out[hi] = vps[0]
    if values[lo] > 0 and values[hi] - values[lo] <= gap:
        out[lo] = vps[1]
    return out


def solo_threshold(value: int, table: Sequence[Sequence[int]]) -> int:
    """Solo mode: the VP of the first row whose threshold ``value`` reaches (best row first)."""
    for least, vp in table:
        if value >= least:
            return vp
    return 0


#: the solo mode's ratings: (the least total, the name), lowest first
SOLO_RATINGS = [(int(least), str(label)) for least, label in _SOLO["ratings"]]
for _least, _label in SOLO_RATINGS:
    N_(_label)   # the ratings' names are translated (in the solo game's outcome line)


def solo_rating(total: int) -> str:
    """The solo mode's rating for a final total: Newbie (0-115), Rookie (116-130), Average
    (131-145), Expert (146-160), Genius (161+)."""
    name = _SOLO["ratings"][0][1]
    for least, label in _SOLO["ratings"]:
        if total >= least:
            name = label
    return name


def own_units(state: CaledoniaState, seat: int) -> List[int]:
    """Spaces holding the seat's units (fishermen included)."""
    return [s for s, (o, _) in state.units.items() if o == seat]


def settlement_counts(state: CaledoniaState) -> List[int]:
    """Each seat's settlements within shipping reach of one another (final scoring)."""
    b = board_of(state)
    return [connected_settlements(b, own_units(state, i), p.shipping)
            for i, p in enumerate(state.players)]


# -- round scoring --------------------------------------------------------------------------------
def tile_glory(state: CaledoniaState, seat: int, tile: int) -> int:
    """The glory scoring tile ``tile`` gives ``seat`` now (rulebook appendix, "Peças de
    Pontuação")."""
    p = state.players[seat]
    key = SCORING_KEY[tile]
    if key == "basic_goods":        # 1 per basic good in stock
        return sum(p.goods[i] for i in _BASIC_IDX)
    if key == "processed_pairs":    # 3 per 2 processed goods in stock; the cellar's whisky counts
        return 3 * ((sum(p.goods[i] for i in _PROCESSED_IDX) + sum(p.cellar)) // 2)
    if key == "farm_units":         # 1 per sheep, cow, dairy, bakery, distillery; 2 per field
        return sum(p.deployed[u] for u in _BUILDINGS) + 2 * p.deployed["field"]
    if key == "workers":            # 2 per worker on the map, MacDonald's fishermen included
        return 2 * (p.deployed["woodcutter"] + p.deployed["miner"] + p.deployed["fisherman"])
    if key == "border_pairs":       # 3 per 2 units on border spaces of the active map
        border = board_of(state).border
        return 3 * (sum(1 for s in own_units(state, seat) if s in border) // 2)
    if key == "imports":            # 1 per import good on fulfilled contracts
        return sum(fulfilled_imports(p).values())
    if key == "meat":               # 2 per meat icon on fulfilled contracts
        return 2 * sum(CONTRACTS[c].meat for c in p.fulfilled)
    if key == "upgrades":
        return upgrades(p)
    if key == "dear_land":          # 2 per occupied 5- or 6-pound space
        spaces = board_of(state).spaces
        return 2 * sum(1 for s in own_units(state, seat) if spaces[s].cost >= 5)
    raise ValueError(f"unknown scoring tile {tile!r}")


def upgrades(p: Player) -> int:
    """Scoring tile 8: the spaces left of the shipping marker (the start space included, so
    the marker's position), the free merchant spots on the board (merchants hired beyond the
    two every player starts with: Stewart's three extra count) and the flipped technology
    tiles; upgrades a clan starts with count ("Você também ganha Glória pelas atualizações
    com as quais seu Clã começou a partida")."""
    hired = _MERCHANTS["total"] - _MERCHANTS["pool"] - p.track
    return p.shipping + hired + sum(1 for t in p.tech if t)


def score_round(state: CaledoniaState) -> List[int]:
    """Score the round's tile: add its glory to every seat except the solo opponent's.
    Returns the glory per seat and appends a ``{"kind": "scoring", ...}`` entry to
    ``state.summary``.  Nothing happens in the variant without scoring tiles."""
    gained = [0] * state.n
    if not state.scoring or state.round > len(state.scoring):
        return gained
    tile = state.scoring[state.round - 1]
    for seat, p in enumerate(state.players):
        if p.automa:
            continue
        g = tile_glory(state, seat, tile)
        p.glory += g
        gained[seat] = g
    state.summary = list(state.summary) + [
        {"kind": "scoring", "round": state.round, "tile": tile, "key": SCORING_KEY[tile],
         "glory": gained[:]}]
    return gained


# -- final scoring --------------------------------------------------------------------------------
def _automa_glory(state: CaledoniaState) -> int:
    a = state.automa
    level = a.difficulty if a else 3
    return _AUTOMA["glory"][max(1, min(5, int(level))) - 1]


def final_money(p: Player) -> int:
    """Leftover money at the end: money plus what MacKenzie's cellar pays when emptied."""
    return p.money + cellar_pounds(p)


def final_scores(state: CaledoniaState,
                 settled: Optional[Sequence[int]] = None) -> List[Dict[str, Any]]:
    """Per seat ``{"total": int, "breakdown": {category: VP}}`` (categories in
    :data:`CATEGORIES`).  Pure; valid at any time: mid-game it is the score the position
    would get if the game ended now.  ``settled``: :func:`settlement_counts` if already known."""
    n = state.n
    players = state.players
    solo = n == 1
    rows: List[Dict[str, int]] = []
    own_imports = [fulfilled_imports(p) for p in players]
    if solo:
        values = import_values(state, [own_imports[0][g] for g in IMPORTS])
    else:
        values = import_values(state)
    for p, imp in zip(players, own_imports):
        money = final_money(p)
        rows.append({
            "glory": p.glory + (_automa_glory(state) if p.automa else 0),
            "basic": _FINAL["basic_vp"] * sum(p.goods[i] for i in _BASIC_IDX),
            # reading: the cellar's barrels are taken out at the end (see the module docstring)
            "processed": _FINAL["processed_vp"] * (sum(p.goods[i] for i in _PROCESSED_IDX) + sum(p.cellar)),
            "money": money // (_AUTOMA["money_per_vp"] if p.automa else _FINAL["money_per_vp"]),
            "hops": _FINAL["hops_vp"] * fulfilled_hops(p),
            "imports": sum(imp[g] * values[g] for g in IMPORTS),
            "contracts": 0, "settlements": 0,
            "bid": -p.bid,
        })
    contracts = [len(p.fulfilled) for p in players]
    if settled is None:
        settled = settlement_counts(state)
    for r, c, s in zip(rows, ranking_vps(state, contracts, "contracts"), ranking_vps(state, settled, "settlements")):
        r["contracts"], r["settlements"] = c, s
    keys = categories(state)
    return [{"total": sum(r.values()), "breakdown": {k: r[k] for k in keys}} for r in rows]


def ranking_vps(state: CaledoniaState, counts: Sequence[int], kind: str) -> List[int]:
    """Per seat, the VP of the ``kind`` ranking ("contracts" fulfilled or connected
    "settlements") for these ``counts``: the solo mode's thresholds, head to head against the
    solo opponent, or the places of 2 and of 3-4 seats."""
    n = state.n
    if n == 1:
        return [solo_threshold(counts[0], _SOLO["contracts_vp" if kind == "contracts" else "settlements_vp"])]
    if n == 2 and any(p.automa for p in state.players):
        if kind == "contracts":
            return duel_places(counts, _AUTOMA["contracts_duel"], 1)
        return duel_places(counts, _AUTOMA["settlements_duel"], 2)
    size = "small" if n == 2 else "large"
    return split_places(counts, _FINAL[f"{kind}_{size}"])


def winners(state: CaledoniaState, scores: Optional[List[Dict[str, Any]]] = None) -> List[int]:
    """The seats with the most VP; a tie goes to the most leftover money (the cellar emptied,
    see :func:`final_money`); still tied: all of them win."""
    scores = final_scores(state) if scores is None else scores
    key = [(s["total"], final_money(p)) for s, p in zip(scores, state.players)]
    best = max(key)
    return [i for i, k in enumerate(key) if k == best]
