"""Bytes in and out: varints, a reader that refuses to read past the end,
base64url without padding (what links carry), and JSON with bytes fields."""
from __future__ import annotations

import base64
import json
import zlib
from typing import Any, Dict


class LinkError(ValueError):
    """A link (or stored record) that cannot be read; the message says why.
    ``code`` names the kind of refusal for the page (its words are the page's)."""

    def __init__(self, code: str, message: str, **info: Any) -> None:
        super().__init__(message)
        self.code = code
        self.info = info


def damaged(what: str) -> LinkError:
    return LinkError("damaged", f"the link is damaged or cut short ({what})")


class Writer:
    def __init__(self) -> None:
        self.buf = bytearray()

    def u8(self, n: int) -> "Writer":
        self.buf.append(n & 0xFF)
        return self

    def varint(self, n: int) -> "Writer":
        if n < 0:
            raise ValueError("varint of a negative number")
        while True:
            b = n & 0x7F
            n >>= 7
            if n:
                self.buf.append(b | 0x80)
            else:
                self.buf.append(b)
                return self

    def raw(self, data: bytes) -> "Writer":
        self.buf += data
        return self

    def blob(self, data: bytes) -> "Writer":
        return self.varint(len(data)).raw(data)

    def bytes(self) -> bytes:
        return bytes(self.buf)


class Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    @property
    def left(self) -> int:
        return len(self.data) - self.at

    def u8(self) -> int:
        if self.at >= len(self.data):
            raise damaged("it ends too soon")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self) -> int:
        n = shift = 0
        while True:
            b = self.u8()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 35:
                raise damaged("a number is too long")

    def raw(self, n: int) -> bytes:
        if n < 0 or self.at + n > len(self.data):
            raise damaged("it ends too soon")
        self.at += n
        return self.data[self.at - n:self.at]

    def blob(self, limit: int = 1 << 16) -> bytes:
        n = self.varint()
        if n > limit:
            raise damaged("a part is too long")
        return self.raw(n)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: Any, what: str = "data") -> bytes:
    if not isinstance(text, str) or len(text) > 200_000:
        raise damaged(f"{what} is not text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        raise damaged(f"{what} is not base64url") from None


def pack_json(obj: Dict[str, Any]) -> bytes:
    """Compact JSON, deflate-raw (zlib level 9)."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(text) + c.flush()


def unpack_json(data: bytes, limit: int = 64_000) -> Dict[str, Any]:
    try:
        d = zlib.decompressobj(-15)
        text = d.decompress(data, limit)
        if d.unconsumed_tail:
            raise damaged("its settings are too large")
        obj = json.loads(text.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise damaged("its settings do not unpack") from None
    if not isinstance(obj, dict):
        raise damaged("its settings are not an object")
    return obj


def canonical(obj: Any) -> bytes:
    """The bytes a JSON object is hashed as (sorted keys, no spaces, UTF-8)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
