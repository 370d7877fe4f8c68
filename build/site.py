#!/usr/bin/env python3
"""Build the static Cairn site into dist/ and optionally serve it.

    python3 build/site.py [--serve] [--port 8000] [--no-build]

dist/ gets: the web app (web/, without web/dev/), Pyodide from the npm
package (build/package.json, pinned by build/package-lock.json: ``npm ci``), and
in dist/wheels/ the engine wheel (build/wheel.py) plus the pydantic wheels for
Pyodide as build/requirements.lock pins them, checked against its hashes
(downloaded once into build/.cache/ so rebuilds work offline), with
dist/wheels/manifest.json naming them.  dist/boot/ gets what the worker
starts from: the packages image (every file of those wheels, unpacked into
one blob with an index), a Pyodide memory snapshot taken under Node after the
engine is imported and a game of every registered game created
(build/snapshot.mjs), and the engine's catalogue.  dist/icons/ gets the app
icons, drawn from build/icon.json (build/icons.py).  Large text and binary
files get a gzip copy beside them (``file.gz``), which ``--serve`` (and any
static host that knows the convention) sends to browsers that accept it.
The worker downloads the big files (the runtime, the packages image, the
snapshot) as those gzip copies and unpacks them itself, whatever the host
sends; dist/boot/manifest.json names them with their sizes and hashes.
dist/build.json records the build id (a hash of every file) that the
service worker puts in its cache name; the service worker keeps each file
by its hash, so a new build downloads only what changed.

Reproducible: the same commit builds the same dist/, byte for byte, on any
machine and any day (the same build id): the catalogues and the wheel are
written here without dates, the snapshot is taken with the clock, the
random bytes, the environment and the program path the runtime sees held
fixed, every download is pinned by hash,
and gzip copies carry no name or time (they depend on zlib's output, the
same for the same zlib; build.json names the zlib that made them).  A build
that finds the builder's path, home, user or host name in what it made stops
(build/traces.py).

Needs only python3 (3.11+), pip, npm and node; nothing is fetched at run time.
"""
from __future__ import annotations

import argparse
import email.utils
import fcntl
import functools
import gzip
import hashlib
import importlib.util
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import zipfile
import zlib
from typing import Dict, Iterable, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WEB = os.path.join(ROOT, "web")
#: ``CAIRN_LATEST=1`` (``./test.sh --latest``): the newest pydantic for Pyodide instead of the
#: lock's, built into dist-latest/ so the locked site in dist/ is left alone
LATEST = os.environ.get("CAIRN_LATEST") == "1"
DIST = os.path.join(ROOT, "dist-latest" if LATEST else "dist")
CACHE = os.path.join(HERE, ".cache")

PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json"]
PYODIDE_PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14",
                    "--implementation", "cp", "--abi", "cp314"]

# Files of the source tree that are not part of the site.
WEB_EXCLUDE_DIRS = {"dev", "__pycache__", "locale"}  # web/locale/*.po are compiled to locale/*.json
WEB_EXCLUDE_NAMES = {"README.md", ".DS_Store"}
# Compressed copies are made for these types when they shrink by a tenth.
COMPRESS_EXTS = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".bin", ".zip", ".svg",
                 ".webmanifest", ".txt", ".map"}
COMPRESS_MIN_BYTES = 1024
# Left out of the service worker's precache: compressed copies (the browser
# stores what it decoded) and the wheels (the app boots from boot/).
PRECACHE_EXCLUDE_EXTS = (".gz", ".br", ".xz")
PRECACHE_EXCLUDE_DIRS = ("wheels/",)
# Records the app does not read (the worker has both in boot/manifest.json),
# and Pyodide's whole standard library: read only should a module the build's
# cut left out be imported (build/cairn_later.py; the tests make sure none is).
# The worker's two modules too: js/worker.js holds them (build/workerpack.py); they stay
# in the site for the build's Node scripts.
PRECACHE_EXCLUDE_FILES = ("pyodide/pyodide-lock.json", "boot/snapshot.json", "boot/python.json",
                          "pyodide/python_stdlib.zip", "js/pyboot.js", "js/files.js")
# The files the worker downloads packed (gzip, unpacked in the browser with
# DecompressionStream): the runtime, its JavaScript half, what Python starts
# from (build/pyimage.mjs: the native libraries, the cut standard library,
# the packages' and the engine's compiled modules), what it imports later,
# the start-up snapshot, and each language's engine catalogue
# (boot/lang/<lang>.mo, fetched for the language shown).  The raw copies stay
# for browsers without DecompressionStream (the snapshot's does not: they
# start afresh).
PACKED = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.mjs", "boot/native.bin", "boot/data.bin",
          "boot/stdlib.zip",
          "boot/deps.bin", "boot/engine.bin", "boot/later.bin", "boot/snapshot.bin")
LANG_DIR = "boot/lang/"
# Made in the player's browser (a start-up snapshot of its own, after a
# start from scratch): a key naming what it depends on.
LOCAL_SNAPSHOT = "boot/snapshot.local"
MANIFEST = "boot/manifest.json"
# A dist/ without any of these is incomplete.
NEEDED_FILES = ("index.html", "sw.js", "js/worker.js", "pyodide/pyodide.mjs", "wheels/manifest.json",
                "boot/native.bin.gz", "boot/later.bin.gz", "boot/manifest.json", "manifest.webmanifest")
SW_PLACEHOLDER_ID = "__CAIRN_BUILD_ID__"
SW_PLACEHOLDER_FILES = '["__CAIRN_FILES__"]'

MIME_TYPES: Dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".map": "application/json",
    ".bin": "application/octet-stream",
    ".txt": "text/plain; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
}


def log(msg: str) -> None:
    print(f"[site] {msg}", flush=True)


# -- pure helpers (unit-tested) -------------------------------------------
def mime_type(path: str) -> str:
    """The Content-Type the server sends for ``path``."""
    ext = os.path.splitext(path)[1].lower()
    return MIME_TYPES.get(ext, "application/octet-stream")


def wheel_manifest(names: Iterable[str]) -> Dict[str, List[str]]:
    """The manifest the worker reads: the wheel file names, sorted, with the
    engine wheel ('cairn-...') last so its dependencies install first."""
    wheels = sorted({os.path.basename(n) for n in names if n.endswith(".whl")})
    engine = [w for w in wheels if w.split("-")[0] == "cairn"]
    deps = [w for w in wheels if w not in engine]
    return {"wheels": deps + engine}


def list_files(top: str, exclude_dirs: Iterable[str] = (), exclude_names: Iterable[str] = ()) -> List[str]:
    """Every file under ``top`` as a sorted list of '/'-separated relative paths."""
    skip_dirs, skip_names = set(exclude_dirs), set(exclude_names)
    out: List[str] = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d not in skip_dirs and not d.startswith("."))
        for f in filenames:
            if f in skip_names or f.endswith(".pyc"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), top)
            out.append(rel.replace(os.sep, "/"))
    return sorted(out)


def hash_files(top: str, rels: Iterable[str]) -> str:
    """A short hash over the names and contents of ``rels`` under ``top``."""
    h = hashlib.sha256()
    for rel in sorted(rels):
        h.update(rel.encode() + b"\0")
        with open(os.path.join(top, rel), "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        h.update(b"\0")
    return h.hexdigest()[:16]


def file_hash(path: str) -> str:
    """The hash a file is kept under (first 16 hex digits of its SHA-256)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


def packed_files(dist: str) -> List[str]:
    """PACKED and every language's engine catalogue of ``dist``."""
    langs = os.path.join(dist, LANG_DIR)
    extra = sorted(LANG_DIR + f for f in os.listdir(langs) if f.endswith(".mo")) if os.path.isdir(langs) else []
    return list(PACKED) + extra


def seen_files(dist: str) -> List[str]:
    """The page's catalogues (locale/<tag>.json and its packed copy, which the
    page reads): each is downloaded only for the language shown, so the
    service worker keeps those it sees, never fetching one itself."""
    top = os.path.join(dist, "locale")
    return sorted("locale/" + f for f in os.listdir(top) if f.endswith((".json", ".json.gz"))) if os.path.isdir(top) else []


def worker_files(dist: str) -> List[str]:
    """What the worker downloads (the packed copies): the service worker keeps
    them but never fetches them itself (only the worker knows which it needs)."""
    rels = packed_files(dist)
    return [p + ".gz" for p in rels] + [p + ".xz" for p in rels if os.path.exists(os.path.join(dist, p + ".xz"))]


def site_files(dist: str) -> List[str]:
    """The files the app reads and the service worker keeps: everything but
    itself, the build record, compressed copies (other than the packed
    files the worker downloads), the raw copies of packed files and the
    wheels."""
    raw = set(packed_files(dist))
    kept = set(worker_files(dist)) | set(seen_files(dist))
    return [f for f in list_files(dist) if f not in ("sw.js", "build.json") and f not in raw
            and f not in PRECACHE_EXCLUDE_FILES
            and (f in kept or not f.endswith(PRECACHE_EXCLUDE_EXTS))
            and not f.startswith(PRECACHE_EXCLUDE_DIRS)]


def gzip_file(path: str, out: Optional[str] = None) -> str:
    """gzip ``path`` into ``out`` (default ``path + '.gz'``), deterministic
    (no name, no time); returns ``out``."""
    out = out or path + ".gz"
    with open(path, "rb") as f:
        data = f.read()
    with open(out, "wb") as f:
        f.write(gzip.compress(data, compresslevel=9, mtime=0))
    return out


def boot_manifest(dist: str, build_id: str) -> dict:
    """What the worker reads first (boot/manifest.json): for each file it
    downloads, the URL (the packed copy for PACKED files), the unpacked size,
    the size sent and the hash it is kept under; the snapshot's record; the
    key of a snapshot made in the browser; and the runtime's package lock
    without its package list (the app loads no Pyodide package)."""
    files = {}
    for rel in packed_files(dist):
        url = rel + ".gz"
        if not os.path.exists(os.path.join(dist, url)):
            continue
        raw = os.path.join(dist, rel)
        size = os.path.getsize(raw) if os.path.exists(raw) else None
        files[rel] = {"url": url, "size": size, "bytes": os.path.getsize(os.path.join(dist, url)),
                      "hash": file_hash(os.path.join(dist, url)), "packed": True}
        xz = os.path.join(dist, rel + ".xz")
        if os.path.exists(xz):   # the same, packed tighter for slow links (build/xzpack.py)
            files[rel]["xz"] = {"url": rel + ".xz", "bytes": os.path.getsize(xz), "hash": file_hash(xz)}
    with open(os.path.join(dist, "boot", "snapshot.json")) as f:
        snapshot = json.load(f)
    with open(os.path.join(dist, "pyodide", "pyodide-lock.json")) as f:
        lock = {"info": json.load(f)["info"], "packages": {}}
    # A snapshot made in the browser holds the runtime, what Python started
    # from and what js/pyboot.js and js/worker.js did before taking it.
    inputs = [files[r]["hash"] for r in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "boot/native.bin",
                                         "boot/data.bin", "boot/stdlib.zip", "boot/deps.bin", "boot/engine.bin")
              if r in files]
    inputs += [file_hash(os.path.join(dist, r)) for r in ("js/pyboot.js", "js/worker.js")
               if os.path.exists(os.path.join(dist, r))]
    local_key = hashlib.sha256("".join(inputs).encode()).hexdigest()[:16]
    return {"build": build_id, "files": files, "snapshot": snapshot, "lock": lock,
            "local_snapshot": {"url": LOCAL_SNAPSHOT, "key": local_key}}


def write_boot_manifest(dist: str) -> str:
    """Pack the big files (Zopfli, but the snapshot: build/zopfli.mjs), write
    boot/manifest.json; returns the build id (a hash of every file the app
    reads but the manifest itself)."""
    pairs = []
    for rel in packed_files(dist):
        path = os.path.join(dist, rel)
        if not os.path.exists(path):
            continue
        if rel == "boot/snapshot.bin":   # new with every change of the engine, and 36 MB: zlib's best
            gzip_file(path)
        else:
            pairs += [path, path + ".gz"]
    if pairs:
        pyodide_package_dir()   # npm ci: the pinned Zopfli with the pinned Pyodide
        run([_node(), os.path.join(HERE, "zopfli.mjs"), os.path.join(CACHE, "zopfli")] + pairs, quiet=True)
    xzpack = _load_build_module("cairn_xzpack", "xzpack.py")
    xzpack.write_xz(dist, xzpack.XZ_FILES, os.path.join(CACHE, "xz"))
    build_id = hash_files(dist, [f for f in site_files(dist) if f != MANIFEST])
    manifest = boot_manifest(dist, build_id)
    snap = os.path.join(dist, "boot", "snapshot.bin")
    if os.path.exists(snap):
        os.remove(snap)   # only its packed copy is served
    with open(os.path.join(dist, MANIFEST), "w") as f:
        json.dump(manifest, f, separators=(",", ":"))
    return build_id


def packages_files(wheels: Iterable[str]) -> Dict[str, bytes]:
    """Every file of ``wheels`` (paths), as they would be unpacked into
    site-packages: {path under ``site-packages/``: bytes}.  Wheel metadata
    (*.dist-info: pydantic's plugins are off) is left out, as the browser has
    none, so build/pyimage.mjs's trace sees the start the browser makes
    (Pyodide reads every *.dist-info as it starts)."""
    files: Dict[str, bytes] = {}
    for wheel in sorted(wheels, key=os.path.basename):
        with zipfile.ZipFile(wheel) as z:
            for info in sorted(z.infolist(), key=lambda i: i.filename):
                name = "site-packages/" + info.filename
                if info.is_dir() or ".dist-info/" in name or name in files:
                    continue
                files[name] = z.read(info)
    return files


def packages_image(wheels: Iterable[str]) -> bytes:
    """:func:`packages_files` as one image (build/cairn_later.py's format)."""
    return image(packages_files(wheels))


def patched_packages(wheels: Iterable[str]) -> bytes:
    """The packages' image with build/python_patches.py's changes made: what
    build/pyimage.mjs starts the trace from."""
    patches = _load_build_module("cairn_python_patches", "python_patches.py")
    files = packages_files(wheels)
    for name in [k for k in patches.PATCHES if not k.startswith("stdlib:")]:
        if name not in files:
            raise SystemExit(f"build/python_patches.py: the wheels have no {name}")
        files[name] = patches.apply(name, files[name].decode("utf-8")).encode("utf-8")
    return image(files)


def patched_stdlib(src: str, dest: str) -> None:
    """Pyodide's standard library zip ``src`` with build/python_patches.py's
    changes made, into ``dest``."""
    patches = _load_build_module("cairn_python_patches", "python_patches.py")
    keys = {k[len("stdlib:"):] for k in patches.PATCHES if k.startswith("stdlib:")}
    with zipfile.ZipFile(src) as z, zipfile.ZipFile(dest, "w", zipfile.ZIP_STORED) as out:
        names = z.namelist()
        missing = keys - set(names)
        if missing:
            raise SystemExit(f"build/python_patches.py: Pyodide's standard library has no {sorted(missing)}")
        for info in z.infolist():
            data = z.read(info)
            if info.filename in keys:
                data = patches.apply("stdlib:" + info.filename, data.decode("utf-8")).encode("utf-8")
            out.writestr(zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0)), data)


def image(files: Dict[str, bytes]) -> bytes:
    """An image: ``CRN1``, the index's length (4 bytes, little-endian), the
    index (JSON {path: [offset, length]}), the files' bytes (sorted by path)."""
    index: Dict[str, List[int]] = {}
    blob = bytearray()
    for path in sorted(files):
        index[path] = [len(blob), len(files[path])]
        blob += files[path]
    head = json.dumps(index, separators=(",", ":"), sort_keys=True).encode()
    return b"CRN1" + len(head).to_bytes(4, "little") + head + bytes(blob)


def read_image(data: bytes) -> Dict[str, bytes]:
    """The files of an image."""
    if data[:4] != b"CRN1":
        raise ValueError("not an image")
    n = int.from_bytes(data[4:8], "little")
    index = json.loads(data[8:8 + n])
    return {p: data[8 + n + o:8 + n + o + ln] for p, (o, ln) in index.items()}


def accepted_encodings(header: Optional[str]) -> List[str]:
    """The precompressed encodings (br, gzip) an Accept-Encoding header
    allows, best first."""
    allowed = set()
    for part in (header or "").split(","):
        token, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if q > 0:
            allowed.add(token.strip().lower())
    return [e for e in ("br", "gzip") if e in allowed]


def source_hash() -> str:
    """A hash of every input of the build; dist/ is stale when it differs."""
    parts = []
    for top, ex_dirs in ((WEB, WEB_EXCLUDE_DIRS - {"locale"}),
                         (os.path.join(ROOT, "engine", "cairn"), {"__pycache__", "LC_MESSAGES"})):
        rels = list_files(top, ex_dirs)
        parts.append(hash_files(top, rels))
    singles = [p for p in ("pyproject.toml", "build/site.py", "build/package-lock.json", "build/snapshot.mjs",
                           "build/pyimage.mjs", "build/pyimage.py", "build/node_env.mjs", "build/cairn_later.py",
                           "build/zopfli.mjs", "build/xzpack.py", "build/workerpack.py",
                           "build/python_patches.py",
                           "build/stdlib_used.txt",
                           "build/icons.py", "build/icon.json", "build/i18n.py", "build/wheel.py", "build/lock.py", "build/traces.py",
                           "build/requirements.lock")
               if os.path.exists(os.path.join(ROOT, p))]
    parts.append(hash_files(ROOT, singles))
    return hashlib.sha256("".join(parts).encode()).hexdigest()[:16]


def is_stale(dist: str = DIST) -> bool:
    """True when dist/ is missing, incomplete, or built from other sources."""
    try:
        with open(os.path.join(dist, "build.json")) as f:
            info = json.load(f)
    except (OSError, ValueError):
        return True
    if not all(os.path.exists(os.path.join(dist, n)) for n in NEEDED_FILES):
        return True
    return info.get("source") != source_hash()


# -- build steps -------------------------------------------------------------
def run(cmd: List[str], cwd: Optional[str] = None, quiet: bool = False) -> None:
    log("$ " + " ".join(cmd[:3] + (["..."] if quiet and len(cmd) > 3 else cmd[3:])))
    subprocess.run(cmd, cwd=cwd, check=True)


def build_engine_wheel(dest: str) -> str:
    """The engine wheel (build/wheel.py: the same bytes from the same sources); returns its path."""
    return _load_build_module("cairn_wheel", "wheel.py").write_wheel(dest)


def load_lock_module():
    """build/lock.py: reads the pins (with hashes) of build/requirements.lock."""
    return _load_build_module("cairn_lock", "lock.py")


def fetch_pydantic_wheels(cache: str = CACHE) -> List[str]:
    """The pydantic wheels for Pyodide: pydantic and what it needs as the lock pins them,
    each checked against the lock's hashes, downloaded once into ``cache``."""
    if LATEST:
        return _fetch_latest_pydantic_wheels(cache)
    lock = load_lock_module()
    pins = lock.read_lock()
    names = lock.closure(pins, "pydantic")
    reqs = lock.requirements(names, pins)
    key = hashlib.sha256(reqs.encode()).hexdigest()[:12]
    folder = os.path.join(cache, "pyodide-wheels", f"{lock.pin('pydantic', pins).replace('==', '-')}-{key}")
    done = os.path.join(folder, ".complete")
    if not os.path.exists(done):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        req_file = os.path.join(folder, "requirements.txt")
        with open(req_file, "w") as f:
            f.write(reqs)
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", *PYODIDE_PLATFORM,
             "--require-hashes", "-r", req_file, "-d", folder])
        with open(done, "w") as f:
            f.write("ok\n")
    wheels = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".whl"))
    if not any(os.path.basename(w).startswith("pydantic_core-") for w in wheels):
        raise SystemExit(f"no pydantic_core wheel for Pyodide in {folder}")
    return wheels


def _fetch_latest_pydantic_wheels(cache: str) -> List[str]:
    """The newest pydantic with a wheel for the Pyodide platform and what it needs (no lock)."""
    folder = os.path.join(cache, "pyodide-wheels", "latest")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    run([sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:", *PYODIDE_PLATFORM, "pydantic",
         "-d", folder])
    wheels = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".whl"))
    log("newest for Pyodide: " + ", ".join(os.path.basename(w).split("-")[0] + " " + os.path.basename(w).split("-")[1]
                                           for w in wheels))
    return wheels


def pyodide_package_dir() -> str:
    """node_modules/pyodide at the pinned version (and the build's other npm packages),
    installing them with npm if needed."""
    pkg = os.path.join(HERE, "node_modules", "pyodide")
    try:
        with open(os.path.join(pkg, "package.json")) as f:
            if json.load(f).get("version") == PYODIDE_VERSION and all(
                    os.path.isdir(os.path.join(HERE, "node_modules", *d.split("/"))) for d in ("@gfx/zopfli", "xz-decompress")):
                return pkg
    except (OSError, ValueError):
        pass
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed to fetch Pyodide (apt-get install npm)")
    lock = os.path.exists(os.path.join(HERE, "package-lock.json"))
    run([npm, "ci" if lock else "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE)
    return pkg


def copy_pyodide(dest: str) -> None:
    pkg = pyodide_package_dir()
    os.makedirs(dest, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(os.path.join(pkg, name), os.path.join(dest, name))


def write_python_images(wheels: Iterable[str], dist: str) -> None:
    """What Python starts from (build/pyimage.mjs: the standard library cut
    to what a start imports, the packages and the engine split into what a
    start imports and what comes later, all compiled), from every file of
    ``wheels``."""
    os.makedirs(os.path.join(dist, "boot"), exist_ok=True)
    staged = os.path.join(dist, "boot", "wheels.bin")
    with open(staged, "wb") as f:
        f.write(patched_packages(wheels))
    stdlib = os.path.join(dist, "boot", "stdlib-full.zip")
    patched_stdlib(os.path.join(dist, "pyodide", "python_stdlib.zip"), stdlib)
    run([_node(), os.path.join(HERE, "pyimage.mjs"), dist])
    os.remove(staged)
    os.remove(stdlib)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to build the Python images and snapshot (apt-get install nodejs)")
    return node


def make_snapshot(dist: str) -> None:
    """Run build/snapshot.mjs on the staged site (writes boot/snapshot.*)."""
    run([_node(), os.path.join(HERE, "snapshot.mjs"), dist])


def load_icons_module():
    return _load_build_module("cairn_icons", "icons.py")


def ensure_babel(cache: str = CACHE) -> None:
    """Babel (pure Python) extracts and reads the catalogues.  The site builds with a
    bare ``python3``: without Babel installed, the lock's Babel is fetched from PyPI once
    (checked against the lock's hashes) into the build cache and used from there."""
    try:
        import babel  # noqa: F401
        return
    except ImportError:
        pass
    lock = load_lock_module()
    lib = os.path.join(cache, "babel-lib", lock.pin("babel").replace("==", "-"))
    if not os.path.isdir(os.path.join(lib, "babel")):
        os.makedirs(lib, exist_ok=True)
        req_file = os.path.join(lib, "requirements.txt")
        with open(req_file, "w") as f:
            f.write(lock.requirements(["babel"]))
        run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--require-hashes", "--target", lib,
             "-r", req_file])
    sys.path.insert(0, lib)


def load_i18n_module():
    """build/i18n.py: compiles the translation catalogues (needs Babel)."""
    ensure_babel()
    return _load_build_module("cairn_i18n", "i18n.py")


def _load_build_module(name: str, filename: str):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, filename))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def precompress(dist: str) -> int:
    """Write ``f.gz`` beside every compressible file of ``dist`` that it
    shrinks by a tenth or more; returns how many were written."""
    n = 0
    for rel in list_files(dist):
        path = os.path.join(dist, rel)
        if (os.path.splitext(rel)[1].lower() not in COMPRESS_EXTS or os.path.getsize(path) < COMPRESS_MIN_BYTES
                or os.path.exists(path + ".gz")):   # packed already (PACKED)
            continue
        with open(path, "rb") as f:
            data = f.read()
        packed = gzip.compress(data, compresslevel=9 if len(data) < (4 << 20) else 6, mtime=0)
        if len(packed) <= len(data) * 0.9:
            with open(path + ".gz", "wb") as f:
                f.write(packed)
            n += 1
    return n


def copy_web(dest: str) -> None:
    for rel in list_files(WEB, WEB_EXCLUDE_DIRS, WEB_EXCLUDE_NAMES):
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(WEB, rel), target)


def service_worker_files(dist: str) -> Dict[str, List]:
    """{file: [hash, fetch]} for the service worker: every file the app reads,
    fetch false for those the worker downloads (it may need the snapshot or
    not), "seen" for the page's catalogues (kept once the page read one), and
    the browser-made snapshot under its key, fetch None (never on the host)."""
    worker, seen = set(worker_files(dist)), set(seen_files(dist))
    files: Dict[str, List] = {f: [file_hash(os.path.join(dist, f)),
                                  "seen" if f in seen else f not in worker]
                              for f in site_files(dist)}
    try:
        with open(os.path.join(dist, MANIFEST)) as f:
            local = json.load(f)["local_snapshot"]
        files[local["url"]] = [local["key"], None]
        files[local["url"] + ".json"] = [local["key"], None]
    except (OSError, ValueError, KeyError):
        pass
    return files


def finish_service_worker(dist: str, build_id: Optional[str] = None) -> str:
    """Fill the build id and file list into dist/sw.js; returns the build id."""
    files = service_worker_files(dist)
    if build_id is None:
        build_id = hash_files(dist, [f for f in site_files(dist) if f != MANIFEST])
    sw = os.path.join(dist, "sw.js")
    with open(sw, encoding="utf-8") as f:
        text = f.read()
    text = text.replace(SW_PLACEHOLDER_ID, build_id).replace(SW_PLACEHOLDER_FILES, json.dumps(files))
    with open(sw, "w", encoding="utf-8") as f:
        f.write(text)
    return build_id


def build(dist: str = DIST) -> str:
    """Build the whole site into ``dist`` (replacing it); returns the build id."""
    source = source_hash()
    # A private staging folder (git-ignored); other builds may run at the same time.
    os.makedirs(CACHE, exist_ok=True)
    tmp = os.path.join(CACHE, f"dist-staging-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    copy_web(tmp)
    _load_build_module("cairn_workerpack", "workerpack.py").bundle(tmp)   # js/worker.js as one file
    pyodide_package_dir()   # npm ci (the xz decoder is one of the build's npm packages)
    _load_build_module("cairn_xzpack", "xzpack.py").write_decoder(tmp)
    i18n = load_i18n_module()
    i18n.compile_engine()  # the engine's .mo files go into the wheel
    i18n.compile_page(tmp)
    for rel in list_files(os.path.join(tmp, "locale")):   # the page reads the packed copy (js/i18n.js)
        if rel.endswith(".json"):
            gzip_file(os.path.join(tmp, "locale", rel))
    wheels = os.path.join(tmp, "wheels")
    build_engine_wheel(wheels)
    for w in fetch_pydantic_wheels():
        shutil.copy2(w, wheels)
    with open(os.path.join(wheels, "manifest.json"), "w") as f:
        json.dump(wheel_manifest(os.listdir(wheels)), f, indent=1)
    copy_pyodide(os.path.join(tmp, "pyodide"))
    write_python_images([os.path.join(wheels, w) for w in wheel_manifest(os.listdir(wheels))["wheels"]], tmp)
    make_snapshot(tmp)
    i18n.titles_in_catalogue(tmp)   # the games' names in each language, before the engine is up
    load_icons_module().write_icons(os.path.join(HERE, "icon.json"), os.path.join(tmp, "icons"))
    build_id = write_boot_manifest(tmp)
    finish_service_worker(tmp, build_id)
    precompress(tmp)
    _load_build_module("cairn_traces", "traces.py").check(tmp, ROOT)   # nothing of this machine in the site
    with open(os.path.join(tmp, "build.json"), "w") as f:
        json.dump({"id": build_id, "source": source, "pyodide": PYODIDE_VERSION, "zlib": zlib.ZLIB_RUNTIME_VERSION,
                   **({"latest": True} if LATEST else {})}, f)
    for attempt in range(3):
        shutil.rmtree(dist, ignore_errors=True)
        try:
            os.replace(tmp, dist)
            break
        except OSError:
            if attempt == 2:
                raise
    log(f"built {dist} (build {build_id})")
    return build_id


def ensure_built(dist: str = DIST) -> None:
    """Build ``dist`` if it is missing or stale; one process at a time (the tests run in
    several: the others wait, then find it built)."""
    os.makedirs(CACHE, exist_ok=True)
    with open(os.path.join(CACHE, "build.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if is_stale(dist):
            build(dist)


# -- serving -----------------------------------------------------------------
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(MIME_TYPES)

    def guess_type(self, path):  # type: ignore[override]
        return mime_type(str(path))

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):  # type: ignore[override]
        """As the standard handler, but send ``f.br``/``f.gz`` with its
        Content-Encoding when it exists and the browser accepts it."""
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            for enc in accepted_encodings(self.headers.get("Accept-Encoding")):
                packed = path + (".br" if enc == "br" else ".gz")
                if os.path.isfile(packed):
                    return self._send_packed(path, packed, enc)
        return super().send_head()

    def _send_packed(self, path: str, packed: str, enc: str):
        f = open(packed, "rb")
        st = os.fstat(f.fileno())
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    f.close()
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", enc)
        self.send_header("Content-Length", str(st.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def log_message(self, format, *args):  # noqa: A002 - quiet by default
        if os.environ.get("CAIRN_SERVE_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """The standard threading server, quiet when a browser drops a connection mid-reply
    (a page closed or navigated while it loaded): nothing went wrong on this side."""

    def handle_error(self, request, client_address) -> None:  # type: ignore[override]
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(dist: str = DIST, port: int = 0, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``dist`` (port 0 = any free port); call serve_forever()."""
    handler = functools.partial(Handler, directory=dist)
    server = Server((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(dist: str = DIST, port: int = 0) -> http.server.ThreadingHTTPServer:
    server = make_server(dist, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serve", action="store_true", help="serve dist/ on 127.0.0.1 after building")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    args = ap.parse_args(argv)
    if not args.no_build:
        build()
    if args.serve or args.no_build:
        server = make_server(DIST, args.port)
        log(f"serving {DIST} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
