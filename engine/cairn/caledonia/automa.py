"""The official solo opponent of Clans of Caledonia ("Automa"): a card-driven seat.

It plays against 1-3 humans from its own player board (a :class:`~.state.Player` with
``automa`` set; its deck, discard pile and unit pointer are the table's
:class:`~.state.AutomaState`).  It never searches: every decision is a card rule.

* **Setup** (:func:`setup`): money by difficulty (50/60/70/80/90), shipping two steps up (it
  crosses a loch of size 1), the unit pointer on worker + a d6 roll, the round-1 deck.
  :func:`place_start_workers` puts its 4 paid workers on the map before the humans place theirs.
* **Round start** (:func:`prepare_round`, rounds 2-5): 10 pounds; every card of the current round
  or earlier, minus the skip cards that left the game, is shuffled into a new draw pile.
* **Turn** (:func:`take_turn`): draw a card and try its actions left to right; the first possible
  one is done.  When the action being tried is Expand or Upgrade, a support card is drawn (once
  per turn): its modules, criteria order, pointer step and upgrade preference serve the action.
  Nothing possible: it passes (the flow pays the normal pass money).  Skip cards 10-13 leave the
  game once drawn as the turn's card; when the draw pile runs out the discards are reshuffled.
* **Production** (:func:`produce`): normal worker income, 5 pounds per income icon its deployed
  farm units uncover (factories need no inputs).  It never holds goods and scores no scoring tile.

Where the published notes are silent the readings chosen are stated in each docstring
(``Reading:``); the expansion rules live in :mod:`.automa_expand`.  In short:

* it never goes into debt: an action it cannot pay for is not possible;
* only the turn's own card can leave the game (a skip card 10-13 drawn as a support card is
  discarded as usual), and the support card is drawn at most once a turn;
* a port tile already in reach at the start of its turn (its starting workers) is claimed then;
* rounds 4-5 contracts: goods with equal import counts are equally rare (their contracts tie,
  then the most expensive, then random); a field uncovers two income icons (its two grain);
* it slaughters nothing (it pays 10 per meat) and takes no building bonus;
* expansion: see :mod:`.automa_expand` (nearest = hex steps; pointer moves only on an Expand).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

from ..core.i18n import _, join, msg, name, seat_ref
from . import automa_expand as _ex
from . import economy as eco
from .data import (AUTOMA_CYCLE, AUTOMA_DECK, CONTRACTS, GOOD_INDEX, GOODS, IMPORTS, TABLES,
                   UNIT_TYPES, WORKERS, bracket)
from .state import AutomaState, CaledoniaState, Player
from .words import TECH, contract_name, count, money, space_name, unit_a

_A = TABLES["automa"]
_COSTS = TABLES["costs"]
NAME = "Automa"


# -- randomness -------------------------------------------------------------------------------
def roll(state: CaledoniaState, n: int) -> int:
    """A public random outcome in ``range(n)`` (a die, a random pick): bumps ``reveals``."""
    state.reveals += 1
    return state.rng.below(n)


def seat_player(state: CaledoniaState) -> Player:
    assert state.automa is not None, "no solo opponent in this game"
    return state.players[state.automa.seat]


# -- setup ---------------------------------------------------------------------------------------
def setup(state: CaledoniaState, seat: int, difficulty: int) -> None:
    """Make ``seat`` the solo opponent at ``difficulty`` 1-5: starting money by difficulty, no clan
    and no starting tile, shipping two steps up, the unit pointer on worker plus a d6 roll (so
    never on worker at first), and the round-1 draw pile (cards 1-14 shuffled)."""
    if not 1 <= difficulty <= 5:
        raise ValueError(_("the solo opponent's level must be 1-5, not {level}").format(level=repr(difficulty)))
    p = state.players[seat]
    p.automa = True
    p.clan = None
    p.money = _A["money"][difficulty - 1]
    p.shipping = TABLES["shipping"]["automa"]
    a = AutomaState(seat, difficulty)
    a.pointer = (AUTOMA_CYCLE.index("worker") + 1 + roll(state, 6)) % len(AUTOMA_CYCLE)
    state.automa = a
    new_pile(state)


def place_start_workers(state: CaledoniaState) -> None:
    """Its 4 starting workers, paid, one per module (see :func:`.automa_expand.place_start_workers`)."""
    _ex.place_start_workers(state)


def prepare_round(state: CaledoniaState) -> None:
    """Preparation of rounds 2-5 (``state.round`` already the new round): 10 pounds, and a new
    draw pile of every card whose round is at most the current one, less the removed cards."""
    seat_player(state).money += _A["preparation_money"]
    new_pile(state)


def new_pile(state: CaledoniaState) -> None:
    """Shuffle every card of round <= ``state.round`` not removed into the draw pile; the
    discard pile is emptied (its cards are among those shuffled)."""
    a = state.automa
    assert a is not None
    cards = [c.id for c in AUTOMA_DECK.values() if c.round <= state.round and c.id not in a.removed]
    state.rng.shuffle(cards)
    a.draw, a.discard = cards, []
    a.card = a.support = None


def draw_card(state: CaledoniaState) -> int:
    """The top card of the draw pile; an empty pile first takes the shuffled discards."""
    a = state.automa
    assert a is not None
    if not a.draw:
        a.draw, a.discard = a.discard, []
        state.rng.shuffle(a.draw)
    if not a.draw:
        raise RuntimeError("the solo opponent has no card left to draw")
    state.reveals += 1
    return a.draw.pop()


# -- the turn --------------------------------------------------------------------------------------
def take_turn(state: CaledoniaState) -> bool:
    """Play one card.  Returns True when it passes (no action on the card was possible).

    Ports first: any unclaimed port tile already within its reach (e.g. from its starting
    workers) is claimed at the start of its turn for 10 pounds (Reading: a port "coming into
    reach" is claimed as soon as it could be used, which for a human is their next turn).
    Then the card's actions are tried left to right.  ``state.automa.last`` records the card,
    the support card and what was done; one journal line tells it in players' words."""
    a = state.automa
    assert a is not None
    p = seat_player(state)
    money0 = p.money
    a.card = a.support = None
    ports = _ex.claim_ports(state)
    card = AUTOMA_DECK[draw_card(state)]
    a.card = card.id
    done: Optional[Dict[str, Any]] = None
    tried: List[str] = []
    for act in card.actions:
        if act in ("E", "U") and a.support is None:
            a.support = draw_card(state)
        tried.append(act)
        done = ACTIONS[act](state)
        if done is not None:
            break
    if card.removed:
        a.removed.append(card.id)
    else:
        a.discard.append(card.id)
    if a.support is not None:
        # Reading: only the turn's own card leaves the game; a skip card drawn as a support
        # card only lends its support half and is discarded as usual.
        a.discard.append(a.support)
    passed = done is None
    if passed:
        done = {"action": "pass"}
    ports += done.pop("ports", [])
    a.last = {"card": card.id, "support": a.support, "tried": tried, **done,
              "ports": ports, "money": p.money - money0}
    if not state.quiet:  # a bot's copy never shows its journal: the words are not made
        state.journal.append(_line(state, a.last))
    return passed


# -- the actions (each returns what it did, or None when impossible) -----------------------------
def act_skip(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    """Skip: nothing happens this turn (it is not a pass)."""
    return {"action": "skip"}


def act_technology(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    """Technology: only with 3 or more deployed workers of one type whose tile is not flipped;
    pays 10 to flip it.  Both types qualify: a random one.  Impossible without 10 pounds
    (Reading: it never goes into debt for any action)."""
    p = seat_player(state)
    cost = _COSTS["technology"]
    kinds = [i for i, w in enumerate(WORKERS) if not p.tech[i] and p.deployed[w] >= 3]
    if not kinds or p.money < cost:
        return None
    i = kinds[roll(state, len(kinds))] if len(kinds) > 1 else kinds[0]
    p.money -= cost
    p.tech[i] = True
    return {"action": "technology", "worker": WORKERS[i], "paid": cost}


def act_trade(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    """Trade: a random good it has not traded this round (a reroll otherwise: the same as a
    random pick among the others), 1-3 merchants by a d3 (no more than it has); the good's
    current bracket decides: upper sells, lower buys, middle a coin flip.  It gains 1 pound per
    merchant, the price moves a step per merchant as usual, no money changes hands for the goods.
    Impossible with no merchant in its pool or every good traded this round.  Since it only
    picks untouched goods it never has merchants on both sides of a good."""
    p = seat_player(state)
    free = [g for g in GOODS if p.market[GOOD_INDEX[g]] == 0]
    if p.pool <= 0 or not free:
        return None
    good = free[roll(state, len(free))]
    n = min(1 + roll(state, 3), p.pool)
    i = GOOD_INDEX[good]
    where = bracket(state.prices[i])
    buy = where == "lower" or (where == "middle" and roll(state, 2) == 0)
    p.pool -= n
    p.market[i] += n if buy else -n
    eco.move_price(state, good, n if buy else -n)
    gain = n * _A["merchant_trade_money"]
    p.money += gain
    return {"action": "trade", "good": good, "side": "buy" if buy else "sell", "n": n, "gain": gain}


def fulfil_price(cid: int) -> int:
    """What fulfilling a contract costs it: 5 per wool, 10 per processed good or meat."""
    c = CONTRACTS[cid]
    return sum((_A["contract_price_wool"] if g == "wool" else _A["contract_price_other"]) * n
               for g, n in c.needs)


def money_bonus(cid: int) -> int:
    """The contract's money plus 5 per bonus upgrade or free-land icon."""
    c = CONTRACTS[cid]
    return c.money + _A["bonus_icon_money"] * (c.bonus_upgrade + c.free_land)


def _fulfil(state: CaledoniaState, cid: int) -> Dict[str, Any]:
    p = seat_player(state)
    c = CONTRACTS[cid]
    cost = fulfil_price(cid)
    p.money -= cost
    steps = sum(eco.advance_import(state, g, n) for g, n in c.imports)
    gain = money_bonus(cid) + steps
    p.money += gain
    p.contracts.remove(cid)
    p.fulfilled.append(cid)
    return {"contract": cid, "paid": cost, "gain": gain}


def act_fulfil(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    """Fulfil: its open contract, paying 5 per wool and 10 per processed good or meat (it slaughters
    nothing); gains the contract's money, the import tracks' pounds (the markers move as for
    anyone) and 5 per bonus upgrade or free-land icon instead of using them.  Imports and hops
    count at the end as usual.  Impossible with no open contract or too little money."""
    p = seat_player(state)
    for cid in p.contracts:
        if p.money >= fulfil_price(cid):
            return {"action": "fulfil", **_fulfil(state, cid)}
    return None


def import_counts(state: CaledoniaState) -> Dict[str, int]:
    """How many of each import good are on the shared tracks, counting the imports of contracts
    the humans hold as if they were fulfilled (fewer = rarer).  Goods with the same count are
    equally rare: no order is made up between them."""
    count = {g: state.imports[i] for i, g in enumerate(IMPORTS)}
    for q in state.players:
        if q.automa:
            continue
        for cid in q.contracts:
            for g, n in CONTRACTS[cid].imports:
                count[g] += n
    return count


def contract_rarity(cid: int, counts: Dict[str, int]) -> int:
    """How rare the rarest import good a contract brings is: that good's count (lower = rarer);
    a contract bringing no import comes after every one that does."""
    return min((counts[g] for g, _n in CONTRACTS[cid].imports), default=1 << 30)


def act_take_contract(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    """Take a contract, only with an empty export box, gaining or paying the round's cost.
    Rounds 1-3: the cheapest to fulfil (wool 5, others 10); ties: the highest money bonus, then
    random.  Rounds 4-5: the one whose import good is rarest (:func:`import_counts`); goods
    with equal counts are equally rare, so their contracts tie and the most expensive to
    fulfil is taken, then a random one.  Round 5: only contracts it can afford to take and fulfil at
    once (round cost + fulfilment), and it fulfils it at once.  Impossible when it cannot pay
    the round cost or no contract is face up."""
    p = seat_player(state)
    if p.contracts:
        return None
    cost = eco.round_contract_cost(state)  # > 0: received
    offer = [c for c in state.slots if c is not None]
    if state.round >= 5:
        offer = [c for c in offer if p.money + cost >= fulfil_price(c)]
    elif p.money + cost < 0:
        return None
    if not offer:
        return None
    if state.round <= 3:
        key: Callable[[int], Any] = lambda c: (fulfil_price(c), -money_bonus(c))
    else:
        counts = import_counts(state)
        key = lambda c: (contract_rarity(c, counts), -fulfil_price(c))
    best = min(key(c) for c in offer)
    ties = sorted(c for c in offer if key(c) == best)
    cid = ties[roll(state, len(ties))] if len(ties) > 1 else ties[0]
    state.slots[state.slots.index(cid)] = None
    p.money += cost
    p.contracts.append(cid)
    out: Dict[str, Any] = {"action": "take_contract", "contract": cid, "cost": cost}
    if state.round >= 5:
        out["fulfilled"] = _fulfil(state, cid)
    return out


def act_upgrade(state: CaledoniaState) -> Optional[Dict[str, Any]]:
    """Upgrade: 4 pounds for a merchant (from its board to its pool) or a shipping step, in the
    support card's preferred order; the other when one is at its end.  A port that comes into
    reach is claimed at once.  Impossible when both are maxed or it has less than 4 pounds."""
    a = state.automa
    p = seat_player(state)
    assert a is not None and a.support is not None
    pref = ("M", "Sh") if AUTOMA_DECK[a.support].upgrade == "M" else ("Sh", "M")
    for kind in pref:
        if kind == "M" and p.track > 0 and p.money >= _COSTS["hire"]:
            p.money -= _COSTS["hire"]
            p.track -= 1
            p.pool += 1
            return {"action": "upgrade", "kind": "merchant", "paid": _COSTS["hire"]}
        if kind == "Sh" and p.shipping < TABLES["shipping"]["max"] and p.money >= _COSTS["shipping"]:
            p.money -= _COSTS["shipping"]
            p.shipping += 1
            return {"action": "upgrade", "kind": "shipping", "paid": _COSTS["shipping"],
                    "ports": _ex.claim_ports(state)}
    return None


ACTIONS: Dict[str, Callable[[CaledoniaState], Optional[Dict[str, Any]]]] = {
    "S": act_skip, "T": act_technology, "R": act_trade, "F": act_fulfil,
    "C": act_take_contract, "U": act_upgrade, "E": _ex.act_expand,
}


# -- production ------------------------------------------------------------------------------------
def income(state: CaledoniaState) -> Dict[str, int]:
    """What it earns in a production phase: workers as anyone (woodcutter 4, miner 6; 6 and 8
    with the technology), and 5 pounds per income icon uncovered on its board: one per deployed
    sheep, cow, cheese dairy, bakery and distillery (no inputs needed) and, Reading, two per
    field (the field column shows its two grain, "field icons count as on the board")."""
    p = seat_player(state)
    workers = 0
    for i, w in enumerate(WORKERS):
        t = UNIT_TYPES[w]
        workers += p.deployed[w] * (t.income_tech if p.tech[i] else t.income)
    icons = sum(p.deployed[u] * t.amount for u, t in UNIT_TYPES.items() if not t.worker)
    return {"workers": workers, "icons": icons, "goods_money": icons * _A["income_per_icon"],
            "money": workers + icons * _A["income_per_icon"]}


def produce(state: CaledoniaState) -> Dict[str, int]:
    """Pay its production income (:func:`income`) and return it (for the production summary)."""
    got = income(state)
    seat_player(state).money += got["money"]
    return got


# -- journal -----------------------------------------------------------------------------------------
def _line(state: CaledoniaState, last: Dict[str, Any]) -> Dict[str, Any]:
    act = last.get("action")
    if act == "pass":
        what = msg("passes: nothing on its card is possible")
    elif act == "skip":
        what = msg("skips its turn")
    elif act == "technology":
        what = msg("upgrades {tech} for {money}", tech=_tech(last["worker"]), money=money(last["paid"]))
    elif act == "trade":
        goods, gain = count(last["n"], last["good"]), money(last["gain"])
        what = (msg("buys {goods} on the market ({money} for its merchants)", goods=goods, money=gain)
                if last["side"] == "buy" else
                msg("sells {goods} on the market ({money} for its merchants)", goods=goods, money=gain))
    elif act == "fulfil":
        what = msg("fulfils {contract}: pays {paid}, gains {gain}", contract=contract_name(last["contract"]),
                   paid=money(last["paid"]), gain=money(last["gain"]))
    elif act == "take_contract":
        c, cost = contract_name(last["contract"]), last["cost"]
        what = (msg("takes {contract} and receives {money}", contract=c, money=money(cost)) if cost > 0 else
                msg("takes {contract} for {money}", contract=c, money=money(-cost)) if cost < 0 else
                msg("takes {contract}", contract=c))
        if "fulfilled" in last:
            f = last["fulfilled"]
            what = msg("{line}, fulfilling it at once: pays {paid}, gains {gain}", line=what,
                       paid=money(f["paid"]), gain=money(f["gain"]))
    elif act == "upgrade":
        what = (msg("hires a merchant for {money}", money=money(last["paid"])) if last["kind"] == "merchant"
                else msg("upgrades its shipping for {money}", money=money(last["paid"])))
    elif act == "expand":
        what = msg("expands with {unit} on {space} for {money}", unit=unit_a(last["unit"]),
                   space=space_name(state, last["space"]), money=money(last["paid"]))
        if last.get("bought"):
            what = msg("{line}; neighbourhood bonus: buys {goods} ({money})", line=what,
                       goods=join([count(n, g) for g, n in last["bought"]]), money=money(last["bonus"]))
    else:
        what = str(act)
    ports = last.get("ports") or []
    if ports:
        where = join([_ex.port_where(state, t) for t in ports])
        claim = money(_A["port_claim_money"])
        what = (msg("{line}; claims {ports} ({money} each)", line=what, ports=where, money=claim) if len(ports) > 1
                else msg("{line}; claims {ports} ({money})", line=what, ports=where, money=claim))
    return msg("{seat} (card {card}) {what}", seat=seat_ref(state.automa.seat), card=last["card"], what=what)


def _tech(worker: str) -> Dict[str, Any]:
    return name(TECH[worker])
