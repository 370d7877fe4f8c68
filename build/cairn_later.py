"""What the browser's Python imports after it started: the worker's side of the
"later" image, shipped compiled as the standard library module ``_cairn_later``
(build/pyimage.mjs appends the tables at the end of this file).

A start brings only what the engine imports before it is ready (the build
traces it: the standard library cut to those modules, pydantic's and the
engine's alike); the rest of the engine, of its packages and of the cut
standard library (build/stdlib_used.txt) is the later image,
``boot/later.bin``, which the worker downloads once the app is ready and
writes into the file system (:func:`arrived`).  An import of one of its
modules before that (a hint asked at once, a friends' link opened first)
loads it here, at once, from the same file (:class:`LaterFirst`, the first
finder Python asks, which answers only for those).  A module of the standard library that the cut left out
altogether loads Pyodide's whole library instead, with a warning naming it
(:data:`FALLBACKS`): the tests play every game from the cut library and fail
on any such name, so a player never needs it.

The image format (the build's ``later.bin`` and the other images): ``CRN1``,
a 4-byte little-endian length, that many bytes of JSON ``{path: [offset,
length]}`` (paths under ``/lib/python3.14/``), then the files' bytes.
"""
import json
import os
import sys
import zlib

#: where every image's paths start; on sys.path (after the rest) for the
#: standard library's later modules
ROOT = "/lib/python3.14"
LATER_IMAGE = "boot/later.bin"
FULL_STDLIB = "pyodide/python_stdlib.zip"
FULL_ZIP = "/lib/python314-full.zip"
MAGIC = b"CRN1"

#: the modules of the later image, and those the cut left out (build/pyimage.mjs sets them)
LATER = frozenset()
CUT = frozenset()
#: modules loaded at once from the later image before it arrived, and standard
#: library modules the cut lacked (each loaded Pyodide's whole library)
SYNC_LOADS = []
FALLBACKS = []
_later_in = False
_full_in = False


def unpack(data):
    """The files of an image (gzip or not): {path under ROOT: bytes}."""
    if data[:2] == b"\x1f\x8b":
        data = zlib.decompress(data, 31)
    if data[:4] != MAGIC:
        raise ImportError("the later image is damaged")
    n = int.from_bytes(data[4:8], "little")
    index = json.loads(data[8:8 + n])
    base = 8 + n
    return {path: data[base + off:base + off + size] for path, (off, size) in index.items()}


def write(files):
    """Write an image's files under ROOT."""
    for path, data in files.items():
        full = ROOT + "/" + path
        os.makedirs(full.rpartition("/")[0], exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)


def _fetch(rel):
    """The bytes of ``rel`` (a file of the site), at once: the worker's
    synchronous download (``cairnFetchSync``), or under Node the build's file."""
    import js
    return bytes(js.cairnFetchSync(rel).to_py())


def refresh():
    """Let the import system see files written since it last looked (what
    importlib.invalidate_caches() does, but for importlib.metadata's caches:
    that would import it, and with it email, csv, zipfile ...)."""
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()


def arrived():
    """The later image's files are in place (the worker wrote them)."""
    global _later_in
    _later_in = True
    refresh()


def _load_later(name):
    global _later_in
    SYNC_LOADS.append(name)
    write(unpack(_fetch(LATER_IMAGE + ".gz")))
    arrived()


def _load_full(name):
    global _full_in
    FALLBACKS.append(name)
    print(f"cairn: the standard library module {name} is not in this build's cut; loading the whole library",
          file=sys.stderr)
    data = _fetch(FULL_STDLIB)
    with open(FULL_ZIP, "wb") as f:
        f.write(data)
    _full_in = True
    sys.path.append(FULL_ZIP)
    refresh()


class LaterFinder:
    """The last finder: a module of the later image before it arrived, or one
    the standard library's cut left out."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name in LATER and not _later_in:
            _load_later(name)
        elif name in CUT and not _full_in:
            _load_full(name)
        else:
            return None
        from importlib.machinery import PathFinder
        parent = sys.modules.get(name.rpartition(".")[0]) if "." in name else None
        if _full_in and parent is not None and hasattr(parent, "__path__"):
            inside = FULL_ZIP + "/" + name.rpartition(".")[0].replace(".", "/")
            if inside not in parent.__path__:
                parent.__path__.append(inside)
            path = parent.__path__
        return PathFinder.find_spec(name, path)

    @classmethod
    def invalidate_caches(cls):
        pass


class LaterFirst(LaterFinder):
    """The first finder: only a module of the later image before it arrived."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name in LATER and not _later_in:
            return LaterFinder.find_spec(name, path, target)
        return None


def install():
    """Put the finders in place (:class:`LaterFirst` first, :class:`LaterFinder`
    last) and ROOT on the path (once; a snapshot keeps them).  First: a package of the later image whose data files every start has (its
    folder exists before its modules arrive) would otherwise be found by the
    path finder as a namespace package, without its ``__init__`` or ``__file__``;
    the finder answers nothing for any other name."""
    if not any(f is LaterFirst for f in sys.meta_path):
        sys.meta_path.insert(0, LaterFirst)
    if not any(f is LaterFinder for f in sys.meta_path):
        sys.meta_path.append(LaterFinder)
    if ROOT not in sys.path:
        sys.path.append(ROOT)


def restored():
    """After a snapshot was restored: the file system is a new one.  The
    standard library's zip the snapshot read is not there (a restore gets an
    empty one: every module of the cut is imported already), so its importer
    is dropped from the cache; nothing the snapshot's Python had written in
    (the later image, Pyodide's whole library) is there yet."""
    global _later_in, _full_in
    import zipimport
    for path, finder in list(sys.path_importer_cache.items()):
        if isinstance(finder, zipimport.zipimporter):
            del sys.path_importer_cache[path]
    if FULL_ZIP in sys.path:
        sys.path.remove(FULL_ZIP)
    _later_in = _full_in = False
    del SYNC_LOADS[:], FALLBACKS[:]
    install()
