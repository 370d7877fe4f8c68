"""Setting up a game of Clans of Caledonia, and the setup decisions players make.

The table (rulebook, "Preparação"): map modules on random sides; 4 random port tiles beside the
factories (the spots depend on the player count); market and export boards for the player count;
contracts face up in the boxes (3 players leave one box empty; the solo mode shows 5); 5 random
scoring tiles, one per round.  Then, as moves:

1. (clan auction variant) players bid victory points for the right to choose first;
2. players choose a (clan, starting tile) pair in reverse turn order from players + 1 pairs
   and receive the tile's money and goods (without clans: starting tiles only, plus 0/2/4/6
   pounds by turn order);
3. the official solo opponent places its 4 workers;
4. starting workers: one each in turn order, a second each in reverse turn order, then
   Fergusson's third; each worker pays unit + land cost and may go anywhere it suits.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from . import automa
from . import economy as eco
from .data import CLANS, STARTING_TILES, TABLES, GOODS
from .rounds import begin_actions
from .state import AUCTION, CLAN_PICK, START_WORKERS, CaledoniaState

Move = Dict[str, Any]
_SHIP = TABLES["shipping"]
_MERCHANTS = TABLES["merchants"]


def new_state(kinds: Sequence[str], levels: Sequence[Optional[str]], seed: int,
              options: Any) -> CaledoniaState:
    """A new game for seats of the given kinds ("human", "bot" or "automa")."""
    n = len(kinds)
    opts = options.model_dump() if hasattr(options, "model_dump") else dict(options or {})
    state = CaledoniaState(n, seed, opts)
    rng = state.rng
    state.sides = opts.get("sides") or "".join(str(1 + rng.below(2)) for _ in range(4))
    automa_seats = [i for i, k in enumerate(kinds) if k == "automa"]
    humans = [i for i in range(n) if i not in automa_seats]
    # turn order: a random start player among the humans, clockwise; the solo opponent is last
    start = rng.below(len(humans))
    state.order = humans[start:] + humans[:start] + automa_seats
    state.ports = rng.shuffled(range(1, 10))[:4] if opts.get("ports", True) else []
    state.scoring = rng.shuffled(range(1, 10))[:5] if opts.get("scoring_tiles", True) else []
    state.deck = rng.shuffled(range(1, 51))
    n_slots = TABLES["contract_slots"][str(n)]
    used = TABLES["contract_slots_used"][str(n)]
    state.slots = [state.deck.pop() if i < used else None for i in range(n_slots)]
    board = eco.board_of(state)
    if n == 1:
        # solo mode: neutral workers on every 1-pound space of the active map
        for sp in board.spaces:
            if sp.kind == "land" and sp.active and sp.cost == 1:
                state.blocked[sp.id] = "neutral"
    if opts.get("tight_map") and n in (2, 3):
        # rulebook, "Mapa mais apertado": a variant of the 2-3 player game (the 4-player map is
        # tight already; the solo mode has its own neutral workers)
        _cover_spaces(state, board)
    for seat in automa_seats:
        level = levels[seat] or "3"
        automa.setup(state, seat, int(level) if level.isdigit() and 1 <= int(level) <= 5 else 3)
    _deal_offers(state, len(humans))
    if opts.get("clan_auction") and opts.get("clans", True) and len(humans) > 1:
        state.phase = AUCTION
        first = humans[rng.below(len(humans))]
        state.auction = {"bidders": _from(humans, first), "high": None, "leader": None,
                         "to_bid": first, "won": []}
    else:
        state.phase = CLAN_PICK
        state.queue = [s for s in reversed(state.order) if s not in automa_seats]
    state.cur = current_setup_seat(state)
    return state


def _from(seats: List[int], first: int) -> List[int]:
    """``seats`` in clockwise order starting with ``first``."""
    i = seats.index(first)
    return seats[i:] + seats[:i]


def _deal_offers(state: CaledoniaState, humans: int) -> None:
    """Players + 1 random clans each beside a random starting tile (the auction deals one
    pair per player; without clans only starting tiles are dealt)."""
    rng = state.rng
    k = humans if state.options.get("clan_auction") and humans > 1 else humans + 1
    tiles = rng.shuffled(sorted(STARTING_TILES))[:k]
    if state.options.get("clans", True):
        clans = rng.shuffled(sorted(CLANS))[:k]
        state.offers = [[c, t] for c, t in zip(clans, tiles)]
    else:
        state.offers = [[None, t] for t in tiles]


def _cover_spaces(state: CaledoniaState, board: Any) -> None:
    """Tighter-map variant: spare port tiles cover four land spaces of the active map, "preferably
    one per module".  # substitute: the players choose them at the table; we draw one free active
    land space per module at random."""
    for module in "ABCD":
        choices = [sp.id for sp in board.spaces
                   if sp.module == module and sp.kind == "land" and sp.active and sp.id not in state.blocked]
        if choices:
            state.blocked[choices[state.rng.below(len(choices))]] = "covered"


def current_setup_seat(state: CaledoniaState) -> int:
    if state.phase == AUCTION:
        return state.auction["to_bid"]
    return state.queue[0] if state.queue else state.cur


# -- the clan auction (variant) -----------------------------------------------------------
def auction_legal(state: CaledoniaState) -> List[Move]:
    """Bid more than the high bid (any amount up to 30 VP; the first bid may be 0) or drop out of
    this round of bidding (the first bidder must bid)."""
    a = state.auction
    low = 0 if a["high"] is None else a["high"] + 1
    moves: List[Move] = [{"type": "bid", "vp": v} for v in range(low, TABLES["clans"]["auction_max_bid"] + 1)]
    if a["high"] is not None:
        moves.append({"type": "bid_pass"})
    return moves


def auction_apply(state: CaledoniaState, move: Move) -> None:
    """Bidding goes clockwise among those still in; a player who does not raise drops out of
    this round.  The last one left (or a bid of 30, which nobody can beat) wins."""
    a = state.auction
    seat = a["to_bid"]
    bidders: List[int] = a["bidders"]
    i = bidders.index(seat)
    if move["type"] == "bid":
        a["high"], a["leader"] = move["vp"], seat
        i += 1
    else:
        bidders.remove(seat)
    if len(bidders) == 1 or a["high"] == TABLES["clans"]["auction_max_bid"]:
        _auction_won(state, a["leader"])
        return
    a["to_bid"] = bidders[i % len(bidders)]


def _auction_won(state: CaledoniaState, winner: int) -> None:
    """The winner notes the bid as negative VP, takes the next turn-order space and chooses a
    pair; the player to the winner's left opens the next auction among those left."""
    a = state.auction
    state.players[winner].bid = a["high"] or 0
    a["won"].append(winner)
    state.phase = CLAN_PICK
    state.queue = [winner]


def _after_auction_pick(state: CaledoniaState) -> None:
    a = state.auction
    humans = [s for s in range(state.n) if not state.players[s].automa]
    left = [s for s in humans if s not in a["won"]]
    if len(left) == 1:
        # the last player takes the remaining pair for nothing and is last in turn order
        a["won"].append(left[0])
        state.queue = [left[0]]
        a["done"] = True
        return
    last = a["won"][-1]
    first = next(s for k in range(1, state.n + 1) for s in [(last + k) % state.n] if s in left)
    a.update(bidders=_from(left, first), high=None, leader=None, to_bid=first)
    state.phase = AUCTION


# -- choosing clans -----------------------------------------------------------------------
def pick_legal(state: CaledoniaState) -> List[Move]:
    return [{"type": "pick", "clan": c, "tile": t} for c, t in state.offers]


def pick_apply(state: CaledoniaState, move: Move) -> None:
    seat = state.queue.pop(0)
    state.offers.remove([move["clan"], move["tile"]])
    p = state.players[seat]
    p.clan, p.start_tile = move["clan"], move["tile"]
    tile = STARTING_TILES[move["tile"]]
    p.money += tile.money
    for g, k in tile.goods:
        p.goods[GOODS.index(g)] += k
    small = eco.small_table(state)
    if p.clan == "stewart":
        p.pool, p.track = _MERCHANTS["stewart_pool"], _MERCHANTS["total"] - _MERCHANTS["stewart_pool"]
        p.shipping = _SHIP["stewart"]
    elif p.clan == "macdonald" and small:
        p.shipping = _SHIP["macdonald_small"]
    elif p.clan == "fergusson":
        p.shipping = _SHIP["fergusson_small" if small else "fergusson_large"]
    if state.auction:
        if state.auction.get("done"):
            _start_workers(state)
        else:
            _after_auction_pick(state)
        return
    if not state.queue:
        _start_workers(state)


def _start_workers(state: CaledoniaState) -> None:
    """Everyone has a clan: money by turn order without clans, the solo opponent's workers, then
    the starting workers: turn order, reverse turn order, Fergusson's third after everyone."""
    if state.auction.get("won"):
        automa_seats = [s for s in state.order if state.players[s].automa]
        state.order = state.auction["won"] + automa_seats
    humans = [s for s in state.order if not state.players[s].automa]
    if not state.options.get("clans", True):
        bonus = TABLES["clans"]["no_clans_money"]
        for i, s in enumerate(humans):
            state.players[s].money += bonus[i]
    if state.automa is not None:
        automa.place_start_workers(state)
    state.queue = humans + humans[::-1] + [s for s in humans if state.players[s].clan == "fergusson"]
    state.phase = START_WORKERS
    _skip_stuck_workers(state)


def start_worker_legal(state: CaledoniaState, first_only: bool = False) -> List[Move]:
    """A woodcutter on a forest space or a miner on a mountain space (MacDonald: also a fisherman
    on a loch or port spot), on any free active space, paying unit + land cost.  Fergusson's
    three starting workers all go on border spaces of the active map."""
    seat = state.queue[0]
    p = state.players[seat]
    board = eco.board_of(state)
    units = ["woodcutter", "miner"] + (["fisherman"] if p.clan == "macdonald" else [])
    border_only = p.clan == "fergusson"
    units_map, blocked, spaces = state.units, state.blocked, board.spaces
    disc = 0
    if p.clan == "robertson":
        disc = TABLES["clans"]["robertson_discount_small" if eco.small_table(state)
                               else "robertson_discount_large"]
    out: List[Move] = []
    for unit in units:
        if eco.units_left(state, seat, unit) <= 0:
            continue
        unit_cost = eco.unit_cost(state, seat, unit)
        for sid in _candidates(board, unit):  # active spaces whose land suits the unit
            if border_only and sid not in board.border:
                continue
            if sid in units_map or sid in blocked:
                continue
            if unit == "fisherman" and not eco.suits(state, seat, unit, sid):
                continue  # never next to another fisherman
            cost = unit_cost + spaces[sid].cost - (disc if disc and sid in board.deltas else 0)
            if max(0, cost) <= p.money:
                out.append({"type": "start_worker", "unit": unit, "space": sid})
                if first_only:
                    return out
    return out


_CANDIDATES: Dict[Any, Dict[str, List[int]]] = {}


def _candidates(board: Any, unit: str) -> List[int]:
    """Active spaces whose kind and land could take ``unit`` (cached per board)."""
    key = (board.sides, board.n_players)
    table = _CANDIDATES.get(key)
    if table is None:
        land = {"woodcutter": "forest", "miner": "mountain"}
        table = {u: [sp.id for sp in board.spaces if sp.active and sp.kind == "land" and t in sp.terrains]
                 for u, t in land.items()}
        table["fisherman"] = [sp.id for sp in board.spaces if sp.active and sp.kind in ("loch", "port")]
        _CANDIDATES[key] = table
    return table[unit]


def start_worker_apply(state: CaledoniaState, move: Move) -> None:
    seat = state.queue.pop(0)
    unit, space = move["unit"], move["space"]
    state.players[seat].money -= eco.expand_cost(state, seat, unit, space)
    eco.place_unit(state, seat, unit, space)
    _skip_stuck_workers(state)


def _skip_stuck_workers(state: CaledoniaState) -> None:
    """A player who cannot place a starting worker anywhere (no money or no space) skips it;
    with nobody left to place, the first round begins."""
    while state.queue and not start_worker_legal(state, first_only=True):
        state.queue.pop(0)
    if state.queue:
        state.cur = state.queue[0]
        return

    begin_actions(state)
