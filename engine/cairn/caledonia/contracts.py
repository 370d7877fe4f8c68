"""Export contracts: taking one, keeping drawn ones (building bonus, port 8), fulfilling
one, and the direct export bonuses it pays.

Rulebook, "2. Obter um Contrato": pay the round's cost (round 1: receive 5; then 0, 5,
10, 15) and put any contract from the export board in your empty export box; one open
contract at a time.  Clan Buchanan has two boxes and may take two in one action paying
the cost once (round 1: +5 once per action; appendix example: two in round 5 cost 15).

"7. Cumprir um Contrato": hand in the goods on the left; beef and mutton are paid by
slaughtering your own cows and sheep (the space becomes free; FAQ: only while fulfilling).
Then: import goods move the shared tracks (1 pound per marked step reached or passed),
hops are kept on the contract, money from the supply, and the direct export bonuses in
any order: a free-land Expand (unit cost only, neighbourhood bonus included) and bonus
upgrades (technology for 5, a free shipping step, a free merchant, or one of your
merchants back from the market; several may be the same kind).  Buchanan may fulfil up
to two contracts in one action.  MacEwen may brew after a contract with hops (see
:mod:`.clans`).

Readings: money, imports and hops are paid at once (they only help); the free-land Expand,
the bonus upgrades and MacEwen's brewing stay open in any order, and the player may forgo
what is left with ``done`` (a bonus is a right, not a duty).  Buchanan's second
fulfilment comes after the first one's bonuses (their Expand may buy what the second needs).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Dict, List

from . import economy
from .data import CONTRACTS, GOOD_INDEX, GOODS, TABLES
from .expand import expand_moves, start_expand
from .state import CaledoniaState, Player
from .trade import BUCHANAN, free_boxes
from . import clans

Move = Dict[str, Any]

_COSTS = TABLES["costs"]
_MEAT = {"beef": "cow", "mutton": "sheep"}


# -- taking contracts ---------------------------------------------------------------------
def take_moves(state: CaledoniaState, seat: int, paying: bool = True) -> List[Move]:
    """Any contract on the export board, with an empty box and the round's cost at hand."""
    p = state.players[seat]
    if free_boxes(p) <= 0:
        return []
    if paying and p.money + economy.round_contract_cost(state) < 0:
        return []
    return [{"type": "take_contract", "contract": c} for c in state.slots if c is not None]


def apply_take(state: CaledoniaState, seat: int, move: Move, paying: bool = True) -> None:
    p = state.players[seat]
    c = move["contract"]
    if paying:
        p.money += economy.round_contract_cost(state)
    state.slots[state.slots.index(c)] = None
    p.contracts.append(c)
    if paying and p.clan == BUCHANAN and free_boxes(p) > 0 and any(x is not None for x in state.slots):
        state.pending.append({"kind": "buchanan_take"})


def buchanan_take_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """Buchanan's second contract of the same action: free (the cost is paid once)."""
    return take_moves(state, seat, paying=False) + [{"type": "done"}]


def apply_buchanan_take(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    state.pending.pop()
    if move["type"] == "take_contract":
        apply_take(state, seat, move, paying=False)


def keep_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """Keep none, or 1..max of the drawn contracts paying the round's cost once."""
    p = state.players[seat]
    out: List[Move] = [{"type": "keep_contracts", "contracts": []}]
    if p.money + economy.round_contract_cost(state) < 0:
        return out
    k = min(top["max"], free_boxes(p))
    drawn = sorted(top["drawn"])
    for size in range(1, k + 1):
        for combo in combinations(drawn, size):
            out.append({"type": "keep_contracts", "contracts": list(combo)})
    return out


def apply_keep(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    state.pending.pop()
    p = state.players[seat]
    kept = list(move["contracts"])
    if kept:
        p.money += economy.round_contract_cost(state)
        p.contracts.extend(kept)
    economy.bottom_of_deck(state, [c for c in top["drawn"] if c not in kept])


# -- fulfilling -------------------------------------------------------------------------------
def _animals(state: CaledoniaState, seat: int, kind: str) -> List[int]:
    return sorted(s for s, (o, u) in state.units.items() if o == seat and u == kind)


def _has_goods(p: Player, cid: int) -> bool:
    for g, n in CONTRACTS[cid].needs:
        if g not in _MEAT and p.goods[GOOD_INDEX[g]] < n:
            return False
    return True


def slaughters(state: CaledoniaState, seat: int, cid: int, fewer: int = 0) -> List[List[int]]:
    """Every choice of animals to slaughter for contract ``cid`` (sorted space lists);
    ``fewer`` = 1 with port 1 (one animal fewer, of either kind the contract asks for)."""
    c = CONTRACTS[cid]
    beef, mutton = c.need("beef"), c.need("mutton")
    if fewer and beef + mutton == 0:
        return []
    needs = [(beef, mutton)]
    if fewer:
        needs = []
        if beef:
            needs.append((beef - 1, mutton))
        if mutton:
            needs.append((beef, mutton - 1))
    cows = _animals(state, seat, "cow") if beef else []
    sheep = _animals(state, seat, "sheep") if mutton else []
    out: List[List[int]] = []
    seen = set()
    for nb, nm in needs:
        if nb > len(cows) or nm > len(sheep):
            continue
        for cc in combinations(cows, nb):
            for ss in combinations(sheep, nm):
                key = tuple(sorted(cc + ss))
                if key not in seen:
                    seen.add(key)
                    out.append(list(key))
    return out


def fulfil_moves(state: CaledoniaState, seat: int, fewer: int = 0, meat_only: bool = False) -> List[Move]:
    p = state.players[seat]
    out: List[Move] = []
    for cid in p.contracts:
        if meat_only and not CONTRACTS[cid].meat:
            continue
        if not _has_goods(p, cid):
            continue
        for sl in slaughters(state, seat, cid, fewer):
            out.append({"type": "fulfil", "contract": cid, "slaughter": sl})
    return out


def apply_fulfil(state: CaledoniaState, seat: int, move: Move) -> None:
    """Hand in goods and animals, collect imports, hops and money, then open the direct
    export bonuses (free land, bonus upgrades; MacEwen's brewing)."""
    p = state.players[seat]
    cid = move["contract"]
    c = CONTRACTS[cid]
    for g, n in c.needs:
        if g not in _MEAT:
            p.goods[GOOD_INDEX[g]] -= n
    for s in move["slaughter"]:
        economy.remove_unit(state, s)
    p.contracts.remove(cid)
    p.fulfilled.append(cid)
    # The static-imports variant only fixes the final values ("no need to worry about the
    # tracks"); the tracks still move and pay their pounds (as the solo opponent's do).
    for g, n in c.imports:
        p.money += economy.advance_import(state, g, n)
    p.money += c.money
    done = state.turn.get("fulfilled", 0) + 1
    state.turn["fulfilled"] = done
    if p.clan == BUCHANAN and done < 2 and p.contracts:
        state.pending.append({"kind": "fulfil_more"})
    brew = clans.brew_limit(p, c.hops)
    if c.free_land or c.bonus_upgrade or brew:
        state.pending.append({"kind": "rewards", "contract": cid, "free_land": c.free_land,
                              "upgrades": c.bonus_upgrade, "brew": brew})


def fulfil_more_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    """Buchanan: a second contract in the same action, or stop."""
    return fulfil_moves(state, seat) + [{"type": "done"}]


def apply_fulfil_more(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    state.pending.pop()
    if move["type"] == "fulfil":
        apply_fulfil(state, seat, move)


# -- direct export bonuses --------------------------------------------------------------------
def bonus_upgrade_moves(state: CaledoniaState, seat: int) -> List[Move]:
    """Technology for 5 (not MacDonald), a free shipping step, a free merchant from the
    board, or one of your merchants back from the market (naming its good)."""
    p = state.players[seat]
    out: List[Move] = []
    if p.clan != "macdonald" and p.money >= _COSTS["technology_bonus"]:
        for i, w in enumerate(("woodcutter", "miner")):
            if not p.tech[i]:
                out.append({"type": "bonus_upgrade", "kind": "technology", "worker": w})
    if p.shipping < TABLES["shipping"]["max"]:
        out.append({"type": "bonus_upgrade", "kind": "shipping"})
    if p.track > 0:
        out.append({"type": "bonus_upgrade", "kind": "hire"})
    for i, g in enumerate(GOODS):
        if p.market[i]:
            out.append({"type": "bonus_upgrade", "kind": "recall", "good": g})
    return out


def apply_bonus_upgrade(state: CaledoniaState, seat: int, move: Move) -> None:
    p = state.players[seat]
    kind = move["kind"]
    if kind == "technology":
        p.money -= _COSTS["technology_bonus"]
        p.tech[0 if move["worker"] == "woodcutter" else 1] = True
    elif kind == "shipping":
        p.shipping += 1
    elif kind == "hire":
        p.track -= 1
        p.pool += 1
    elif kind == "recall":
        i = GOOD_INDEX[move["good"]]
        p.market[i] += -1 if p.market[i] > 0 else 1
        p.pool += 1
    else:
        raise ValueError(f"unknown bonus upgrade {kind!r}")


def reward_moves(state: CaledoniaState, seat: int, top: Dict[str, Any]) -> List[Move]:
    out: List[Move] = []
    if top["free_land"]:
        out += expand_moves(state, seat, free_land=True)
    if top["upgrades"]:
        out += bonus_upgrade_moves(state, seat)
    if top["brew"]:
        out += clans.brew_moves(state, seat, top["brew"])
    out.append({"type": "done"})
    return out


def apply_reward(state: CaledoniaState, seat: int, top: Dict[str, Any], move: Move) -> None:
    t = move["type"]
    if t == "done":
        state.pending.pop()
    elif t == "expand":
        top["free_land"] -= 1
        start_expand(state, seat, move["unit"], free_land=True)
    elif t == "bonus_upgrade":
        top["upgrades"] -= 1
        apply_bonus_upgrade(state, seat, move)
    elif t == "brew":
        top["brew"] = 0
        clans.apply_brew(state, seat, move)
    else:
        raise ValueError(f"a {t!r} move is not a contract reward")

