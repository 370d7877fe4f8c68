"""Commitments and the mixing of secrets (a friends' game's chance).

Each participant (a device: it holds one or more seats) draws a random root
``r`` when it joins and publishes its *anchor* ``c_0`` of a hash chain

    c_L = r,   c_(k-1) = H16(tag, gid, p, k, c_k)   for k = L .. 1

(bound to the game ``gid``, the participant ``p`` and the position ``k``, so a
chain cannot be copied into another seat or game).  It later reveals
``c_1, c_2, ...`` in that order, one per draw it takes part in; anyone checks
``c_k`` by hashing it back to ``c_(k-1)``, and no revealed value tells
anything of the next one.

* The set-up seed mixes every participant's ``c_1`` (:func:`setup_seed`).
* Draw ``d`` (the ``d``-th move of the game that reveals something) is made
  from the next values of two different participants: the one whose seat made
  the move and the *resolver*, who reveals its value only after the move is
  fixed (:func:`draw_entropy`).  The move itself is not an input: whatever the
  mover chooses, draw ``d`` comes from the same two values.

H16 is SHA-256 cut to 16 bytes (128 bits: finding a preimage is out of reach).
"""
from __future__ import annotations

import hashlib
from typing import Iterable, Sequence, Tuple

VALUE_BYTES = 16
DEPTH = 1024          # values per chain: far more draws than any game has
MAX_SEED = 2**53 - 1
ANY_SEAT = 0xFF       # what a chain begun to take a seat back is bound to (see Session.tag)

_CHAIN = b"cairn-friends/chain"
_DRAW = b"cairn-friends/draw"
_SEED = b"cairn-friends/seed"
_EPOCH = b"cairn-friends/epoch"


def h16(*parts: bytes) -> bytes:
    """SHA-256 of the parts, each length-prefixed, cut to 16 bytes."""
    return _h(*parts)[:VALUE_BYTES]


def _h(*parts: bytes) -> bytes:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.digest()


def _step(gid: bytes, p: int, k: int, value: bytes) -> bytes:
    return h16(_CHAIN, gid, bytes([p]), k.to_bytes(4, "big"), value)


def chain_value(root: bytes, gid: bytes, p: int, k: int, depth: int = DEPTH) -> bytes:
    """``c_k`` of the chain whose root is ``root`` (``k`` = 0 is the anchor)."""
    if not 0 <= k <= depth:
        raise ValueError(f"chain position {k} is outside 0..{depth}")
    value = root
    for j in range(depth, k, -1):
        value = _step(gid, p, j, value)
    return value


def anchor(root: bytes, gid: bytes, p: int, depth: int = DEPTH) -> bytes:
    return chain_value(root, gid, p, 0, depth)


def follows(prev: bytes, value: bytes, gid: bytes, p: int, k: int) -> bool:
    """Whether ``value`` is ``c_k`` of the chain whose ``c_(k-1)`` is ``prev``."""
    return len(value) == VALUE_BYTES and _step(gid, p, k, value) == prev


def back(value: bytes, gid: bytes, p: int, k: int, steps: int) -> bytes:
    """``c_(k - steps)`` from ``c_k`` of the same chain (hashing down)."""
    for j in range(k, k - steps, -1):
        value = _step(gid, p, j, value)
    return value


def epoch_root(root: bytes, epoch: int) -> bytes:
    """The root of a device's chain for a later *epoch* of its seat (a chain
    begun again when the seat is taken back): derived from the device's own
    secret root, so nothing more is stored."""
    return root if epoch == 0 else h16(_EPOCH, root, epoch.to_bytes(4, "big"))


def draw_entropy(gid: bytes, d: int, shares: Sequence[Tuple[int, bytes]]) -> bytes:
    """The 32 bytes of draw ``d``: SHA-256 over the game, the draw's number and
    each share ``(participant, value)`` in order (mover first, then resolver)."""
    parts = [_DRAW, gid, d.to_bytes(4, "big")]
    for p, value in shares:
        parts += [bytes([p]), value]
    return _h(*parts)


def setup_seed(gid: bytes, firsts: Iterable[bytes]) -> int:
    """The set-up's seed (0..2**53-1) from every participant's first value."""
    return int.from_bytes(_h(_SEED, gid, *firsts)[:8], "big") & MAX_SEED


def digest(*parts: bytes) -> bytes:
    """SHA-256 of length-prefixed parts (heads of the log, hashes of set-ups)."""
    return _h(*parts)


def fingerprint(alg: str, key: bytes) -> str:
    """A public key's short fingerprint for people to compare: 8 letters and
    digits in two groups (base32 of 40 bits of its SHA-256), e.g. ``K3QF-7ZMA``."""
    import base64

    code = base64.b32encode(hashlib.sha256(alg.encode() + b":" + key).digest()[:5]).decode()
    return f"{code[:4]}-{code[4:]}"
