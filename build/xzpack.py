"""The xz copies of the big downloads, for a first visit on a slow link.

A first visit's bytes are mostly the runtime and what Python starts from, sent
gzipped (the browser unpacks gzip itself). xz packs the same files a quarter
smaller (the runtime's wasm 3.4 -> 2.6 MB, the native libraries 1.3 -> 0.9 MB),
but the browser has no xz of its own: a small decoder (the npm package
``xz-decompress``, xz-embedded compiled to WebAssembly, 20 KB) unpacks them in the
worker, four to five times slower than gzip. On a slow link that is free (it
unpacks faster than the bytes arrive); on a fast one gzip is quicker. So the
build writes both, ``f.gz`` and ``f.xz``, and the worker chooses by the link
(js/worker.js, js/files.js).

Deterministic: the same bytes give the same .xz (one thread, fixed settings),
kept in a cache by the input's hash (packing takes seconds).
"""
from __future__ import annotations

import hashlib
import json
import lzma
import os
import shutil
from typing import Iterable, List

HERE = os.path.dirname(os.path.abspath(__file__))
# What gets an xz copy: what a first start downloads and is large enough to
# matter (the start-up snapshot is downloaded on fast links only).
XZ_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "boot/native.bin", "boot/stdlib.zip",
            "boot/deps.bin", "boot/engine.bin", "boot/later.bin")
SETTINGS = "xz-lzma2-9e-crc32-v1"
DECODER_PACKAGE = os.path.join(HERE, "node_modules", "xz-decompress")
DECODER_FILE = os.path.join(DECODER_PACKAGE, "dist", "package", "xz-decompress.min.js")
# Where the page's copy of the decoder goes (a module js/files.js imports when it needs it).
DECODER_REL = "js/vendor/xz-decompress.mjs"


def dict_size(n: int) -> int:
    """The smallest dictionary LZMA2 can name (2^k or 3 * 2^(k-1)) that holds ``n``
    bytes: the decoder allocates what the header names, so no bigger."""
    size = 1 << 12
    while True:
        if size >= n:
            return size
        if size + size // 2 >= n:
            return size + size // 2
        size <<= 1


def xz_bytes(data: bytes) -> bytes:
    """``data`` packed as an .xz stream the decoder reads (LZMA2, CRC32 check)."""
    filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": dict_size(len(data))}]
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters)


def write_xz(dist: str, rels: Iterable[str], cache: str) -> List[str]:
    """Write ``rel.xz`` beside each of ``rels`` present in ``dist`` (from ``cache``
    when the same bytes were packed before); returns those written."""
    os.makedirs(cache, exist_ok=True)
    done = []
    for rel in rels:
        path = os.path.join(dist, rel)
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        kept = os.path.join(cache, hashlib.sha256(SETTINGS.encode() + data).hexdigest()[:32] + ".xz")
        if not os.path.exists(kept):
            with open(kept + ".tmp", "wb") as f:
                f.write(xz_bytes(data))
            os.replace(kept + ".tmp", kept)
        shutil.copyfile(kept, path + ".xz")
        done.append(rel)
    return done


def write_decoder(dist: str) -> str:
    """The decoder as a module the worker can import (its bundle is UMD: run here
    with ``this`` as the object it fills in); returns its path in ``dist``."""
    with open(os.path.join(DECODER_PACKAGE, "package.json"), encoding="utf-8") as f:
        version = json.load(f)["version"]
    with open(DECODER_FILE, encoding="utf-8") as f:
        bundle = f.read()
    text = (f"// xz-decompress {version} (npm; MIT, with xz-embedded: public domain, and walloc: MIT), as the\n"
            "// build packs it (build/xzpack.py): the decoder of downloads packed with xz (js/files.js).\n"
            "const root = {};\n"
            "(function () {\n" + bundle + "\n}).call(root);\n"
            "export const XzReadableStream = root[\"xz-decompress\"].XzReadableStream;\n")
    out = os.path.join(dist, DECODER_REL)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    return out
