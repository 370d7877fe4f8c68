"""The market ("depósito"): five rows (wood, stone, sheep, cattle, grain) of
spaces worth 1, 2, 3 coins.  A row's state is how many spaces hold coins.

* Buy (only to pay a cost or a converter's need right now): put coins on
  the cheapest empty space -> price = filled + 1; impossible when full.
* Sell (any time in your own turn): take the coins of the dearest filled
  space -> price = filled; impossible when empty.

Rulebook example (Anna, Iona Abbey): cattle row with 2 filled sells for 2,
stone row with 1 filled buys for 2, sheep row with 2 filled buys for 3.
"""
from __future__ import annotations

from itertools import combinations
from typing import List, Optional, Sequence


def buy_price(market: Sequence[int], r: int) -> Optional[int]:
    f = market[r]
    return f + 1 if f < 3 else None


def sell_price(market: Sequence[int], r: int) -> Optional[int]:
    f = market[r]
    return f if f > 0 else None


def can_afford(coins: int, holdings: Sequence[int], market: Sequence[int], need: Sequence[int]) -> bool:
    """Can ``need`` (counts per resource) be handed in, using own resources,
    buying the shortfall, and selling surplus resources to raise coins?

    Selling a resource you also need and buying it back gains nothing (same
    space, same price), so only true surplus is sold and only true shortfall
    is bought; rows are independent.
    """
    cost = income = 0
    for r in range(5):
        n, h, f = need[r], holdings[r], market[r]
        if n > h:
            d = n - h
            if f + d > 3:
                return False
            cost += d * f + d * (d + 1) // 2  # spaces f+1 .. f+d
        elif f:
            s = h - n
            if s > f:
                s = f
            income += s * f - s * (s - 1) // 2  # spaces f, f-1, ... (s of them)
    return coins + income >= cost


def can_afford_distinct(coins: int, holdings: Sequence[int], market: Sequence[int],
                        need: Sequence[int], k: int, used: Sequence[int]) -> bool:
    """As :func:`can_afford`, plus ``k`` more resources of different kinds,
    none of a kind in ``used``."""
    if k == 0:
        return can_afford(coins, holdings, market, need)
    free = [r for r in range(5) if r not in used]
    for combo in combinations(free, k):
        total: List[int] = list(need)
        for r in combo:
            total[r] += 1
        if can_afford(coins, holdings, market, total):
            return True
    return False
