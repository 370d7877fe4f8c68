"""Determinised single-observer information-set MCTS (Cowling, Powley and
Whitehouse 2012), shared by every game.

The observer is the seat to move.  Each iteration draws one determinisation
of the position (``rules.determinize``: hidden orders resampled from what
the observer knows, so the search never peeks), walks the one tree of the
observer's information set with UCB1 over *availability* counts (a move
that only some determinisations allow is judged against how often it was
available), adds one node, runs a truncated rollout with the game's
rollout policy, and backs up rewards as score margins (see :func:`margins`).  A node's reward is
from the point of view of the seat that made the move into it, so every
seat - bots, humans, an automa - is searched as playing for itself.

Moves are single steps of a turn (take, pay, place, ...), exactly as
``legal_moves`` lists them.  A position with one legal move (a forced step,
or an automa seat whose only move is ``{"type": "automa"}``) is played
through without a tree node.  Everything runs on the rules' unchecked fast
path: ``legal_moves``, ``apply``, ``copy``.
"""
from __future__ import annotations

import math
import time
from typing import Any, Dict, List, Optional, Tuple

from ..core.rng import Rng
from .knowledge import Knowledge

Move = Dict[str, Any]


def move_key(move: Move) -> Tuple[Any, ...]:
    """A hashable key of a JSON move (lists become tuples)."""
    key = tuple(move.items())
    try:
        hash(key)  # flat moves (most of them): their items are the key
    except TypeError:
        return tuple((k, _freeze(v)) for k, v in move.items())
    return key


def _freeze(v: Any) -> Any:
    if type(v) is list:
        return tuple(_freeze(x) for x in v)
    if type(v) is dict:
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    return v


#: totals over every search run in this process: {"iterations", "seconds"}
#: (read by the selfplay benchmark for iterations per second), and
#: "clocked": the searches (this tree search and :mod:`.lookahead`'s rollouts)
#: that their clock stopped before their iterations were done
STATS = {"iterations": 0, "seconds": 0.0, "clocked": 0}


class Node:
    __slots__ = ("move", "seat", "children", "visits", "avail", "total")

    def __init__(self, move: Optional[Move], seat: int) -> None:
        self.move = move
        self.seat = seat  # who made the move into this node
        self.children: Dict[Tuple[Any, ...], "Node"] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def margins(values: List[float], scale: float) -> List[float]:
    """Rewards: each seat's margin over the best other seat, in units of
    ``scale`` points; a seat alone (a solo game): its own points.  Never
    clipped: a seat far behind still prefers losing by less, so the search
    keeps a gradient in lopsided games."""
    n = len(values)
    if n == 1:
        return [values[0] / scale]
    if n == 2:
        m = (values[0] - values[1]) / scale
        return [m, -m]
    out = []
    for i in range(n):
        best = max(values[j] for j in range(n) if j != i)
        out.append((values[i] - best) / scale)
    return out


def rollout(rules: Any, state: Any, know: Knowledge, rng: Rng, plies: int) -> None:
    """Play ``state`` forward (in place) with the game's rollout policy for
    at most ``plies`` steps or to the end."""
    current, legal_moves, apply = rules.current_player, rules.legal_moves, rules.apply
    policy = know.rollout_move
    for _ in range(plies):
        if current(state) is None:
            return
        legal = legal_moves(state)
        apply(state, legal[0] if len(legal) == 1 else policy(rules, state, legal, rng))


def follow_turn(rules: Any, know: Knowledge, state: Any, seat: int, steps: int) -> None:
    """Play ``seat``'s next ``steps`` decisions of its own turn (in place),
    each the best one step ahead by ``know.greedy_value``; forced steps are
    free; stops when the turn passes."""
    current, legal_moves, apply, copy = rules.current_player, rules.legal_moves, rules.apply, rules.copy
    value = know.greedy_value
    while steps > 0 and current(state) == seat:
        legal = legal_moves(state)
        if len(legal) > 1:
            legal = know.candidates(rules, state, legal)
        if len(legal) == 1:
            apply(state, legal[0])
            continue
        steps -= 1
        best, best_value = legal[0], None
        for move in legal:
            trial = copy(state)
            apply(trial, move)
            v = value(rules, trial, seat)
            if best_value is None or v > best_value:
                best, best_value = move, v
        apply(state, best)


def _priors(rules: Any, d: Any, mover: int, legal: List[Move], know: Knowledge,
            node: "Node", weight: int, follow: int = 0) -> None:
    """Give every move of ``node`` a head start: ``weight`` virtual visits
    at the reward the forecast gives after it (progressive bias; the search
    starts where the easy level would and looks further): at the root after
    ``follow`` more greedy steps of the mover's own turn, as easy judges."""
    copy, apply, evaluate, scale = rules.copy, rules.apply, know.evaluate, know.scale
    children = node.children
    for m in legal:
        k = move_key(m)
        if k in children:
            continue
        trial = copy(d)
        apply(trial, m)
        if follow:
            follow_turn(rules, know, trial, mover, follow)
        child = Node(m, mover)
        child.visits = weight
        child.total = weight * margins(evaluate(rules, trial), scale)[mover]
        children[k] = child


def _decided(root: "Node", left: int, legal_keys: Dict[Tuple[Any, ...], Move]) -> bool:
    """Can no root move overtake the most visited one in ``left`` more
    iterations (each adds one visit to one root move)?  Then the answer of
    the full count is already known: stopping now changes nothing."""
    first = second = 0
    for k, child in root.children.items():
        if k not in legal_keys:
            continue
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


class Tree:
    """One search's tree over the observer's information set, grown one iteration at a
    time (:meth:`iterate`), so a caller may stop and go on later (a game's review does, to
    answer the player between steps): the same iterations in the same order give the same
    tree, however they are spread over calls.  ``root_legal``: the moves searched at the root
    (public, so the same in every determinisation: the game's candidates; a review adds the
    move played), one of which :meth:`best` answers."""

    def __init__(self, rules: Any, state: Any, seat: int, know: Knowledge, rng: Rng,
                 root_legal: List[Move], exploration: float = 0.25) -> None:
        self.rules, self.state, self.seat, self.know, self.rng = rules, state, seat, know, rng
        self.exploration = exploration
        self.root = Node(None, seat)
        self.root_legal = root_legal
        self.legal_keys = {move_key(m): m for m in root_legal}
        self.done = 0

    def iterate(self, forced: Optional[Tuple[Any, ...]] = None) -> None:
        """One iteration: a fresh determinisation, a walk down the tree by UCB (through the
        root move of key ``forced`` when given: it is judged by visits of its own), one new
        node, a rollout, the rewards backed up."""
        rules, know, rng, root = self.rules, self.know, self.rng, self.root
        current, legal_moves, apply = rules.current_player, rules.legal_moves, rules.apply
        candidates = know.candidates
        prior_depth, prior_weight = know.prior_depth, know.prior_weight
        exploration = self.exploration
        log, sqrt = math.log, math.sqrt
        self.done += 1
        d = rules.determinize(self.state, self.seat, rng)
        node = root
        path: List[Node] = []
        expanded = False
        if forced is not None:
            expanded = self._force(d, forced, path)
            node = path[0]
        while not expanded:
            mover = current(d)
            if mover is None:
                break
            if node is root:
                legal = self.root_legal   # the root's moves are public: the same in every world
            else:
                legal = legal_moves(d)
                if len(legal) > 1:
                    legal = candidates(rules, d, legal)
                if len(legal) == 1:
                    apply(d, legal[0])
                    continue
            if len(path) < prior_depth:
                _priors(rules, d, mover, legal, know, node, prior_weight, know.easy_follow if node is root else 0)
            children = node.children
            fresh = []
            best, best_score = None, -1e300
            for m in legal:
                k = move_key(m)
                child = children.get(k)
                if child is None:
                    fresh.append((k, m))
                    continue
                child.avail += 1
                if not fresh:
                    score = child.total / child.visits + exploration * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = child, score
            if fresh:
                k, m = fresh[rng.below(len(fresh))] if len(fresh) > 1 else fresh[0]
                child = Node(m, mover)
                children[k] = child
                apply(d, m)
                path.append(child)
                expanded = True
            else:
                apply(d, best.move)
                path.append(best)
                node = best
                if best.visits <= prior_weight:
                    expanded = True  # a node known only by its prior: look beyond it now
        if current(d) is not None:
            rollout(rules, d, know, rng, know.rollout_plies)
        rewards = margins(know.evaluate(rules, d), know.scale)
        for n in path:
            n.visits += 1
            n.total += rewards[n.seat]

    def _force(self, d: Any, key: Tuple[Any, ...], path: List["Node"]) -> bool:
        """Play the root move ``key`` in ``d`` (its node made with its prior if new); True
        when the walk stops there (a node known only by its prior)."""
        know = self.know
        child = self.root.children.get(key)
        if child is None:
            _priors(self.rules, d, self.seat, [self.legal_keys[key]], know, self.root, know.prior_weight,
                    know.easy_follow)
            child = self.root.children[key]
        self.rules.apply(d, child.move)
        path.append(child)
        return child.visits <= know.prior_weight

    def decided(self, left: int) -> bool:
        """Can no root move overtake the most visited one in ``left`` more iterations?"""
        return _decided(self.root, left, self.legal_keys)

    def best(self) -> Move:
        """The most visited root move (ties: the first made)."""
        best_move, best_visits = self.root_legal[0], -1
        for k, child in self.root.children.items():
            if k in self.legal_keys and child.visits > best_visits:
                best_move, best_visits = self.legal_keys[k], child.visits
        return best_move


def ismcts(rules: Any, state: Any, seat: int, know: Knowledge, rng: Rng,
           iterations: Optional[int], budget_s: Optional[float],
           exploration: float = 0.25, min_iterations: int = 1) -> Move:
    """The most visited move at the root after ``iterations`` iterations,
    or earlier when ``budget_s`` seconds have passed and at least
    ``min_iterations`` are done (no budget: the move ``iterations``
    iterations give).  With ``iterations`` the search stops as soon as no
    other root move can overtake the most visited one in the iterations
    left: the same move, sooner.

    Nodes within ``know.prior_depth`` decisions of the root start with
    ``know.prior_weight`` virtual visits at their one-step forecast."""
    root_legal = know.candidates(rules, state, rules.legal_moves(state))
    if len(root_legal) == 1:
        return root_legal[0]
    tree = Tree(rules, state, seat, know, rng, root_legal, exploration)
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    limit = iterations if iterations is not None else (1 << 60)
    floor = max(1, min_iterations)
    started = time.perf_counter()
    check = 8 if iterations is not None else 0
    while tree.done < limit:
        done = tree.done
        if deadline is not None and done >= floor and time.perf_counter() >= deadline:
            STATS["clocked"] += 1
            break
        if check and done >= check:
            check = done + 8
            if tree.decided(limit - done):
                break
        tree.iterate()
    STATS["iterations"] += tree.done
    STATS["seconds"] += time.perf_counter() - started
    return tree.best()
