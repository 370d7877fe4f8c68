"""Run inside Pyodide by build/pyimage.mjs (which says what it makes): trace
what a start imports, compile, write the images.  Not imported by anything.
Nothing is imported here before the trace but what Pyodide's own start
imported (so the trace sees every import the warm-up makes)."""
import _imp
import os
import sys

STDLIB_ZIP = "/lib/python314.zip"
ROOT = "/lib/python3.14/"
SITE = "site-packages/"
ENGINE = SITE + "cairn/"
OUT = "/build/out/"
DATE = (1980, 1, 1, 0, 0, 0)
MAGIC = b"CRN1"
# Never read at run time: wheel metadata (pydantic's plugins are off), type stubs.
DROPPED = (".pyi", "/py.typed")


class WhoImports:
    """The first finder while tracing: notes which module's code imported each
    module (the record's ``why``: what to change to keep a module out)."""

    seen = {}

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name not in cls.seen:
            frame = sys._getframe(1)
            while frame is not None and frame.f_globals.get("__name__", "").startswith(("importlib", "_frozen_importlib")):
                frame = frame.f_back
            cls.seen[name] = frame.f_globals.get("__name__", "?") if frame is not None else "?"
        return None


def trace():
    """Run the warm-up: {module: file} of every module imported but frozen ones."""
    WhoImports.before = sorted(sys.modules)
    sys.meta_path.insert(0, WhoImports)
    with open("/build/warm_up.py") as f:
        exec(compile(f.read(), "<warm-up>", "exec"), {"__name__": "__warm_up__"})
    sys.meta_path.remove(WhoImports)
    mods = {}
    for name, m in list(sys.modules.items()):
        f = getattr(m, "__file__", None)
        # frozen modules (the runtime holds them) under their own names or another's
        # (sys.modules["collections.abc"] is _collections_abc, "importlib._bootstrap" _frozen_importlib)
        frozen = _imp.is_frozen(getattr(m, "__name__", name)) or getattr(getattr(m, "__spec__", None), "origin", None) == "frozen"
        if isinstance(f, str) and not frozen:
            mods[name] = f
    return mods


def _varint(out, v):
    while v >= 64:
        out.append(0x40 | (v & 0x3F))
        v >>= 6
    out.append(v)


def lines_only(code):
    """``code`` (and the code inside it) with its locations cut to line
    numbers: tracebacks still say the line, without the column marks; the
    table is a third of its size."""
    consts = tuple(lines_only(c) if isinstance(c, CodeType) else c for c in code.co_consts)
    lines = [p[0] for p in code.co_positions()]
    out = bytearray()
    prev, i = code.co_firstlineno, 0
    while i < len(lines):
        line, j = lines[i], i + 1
        while j < len(lines) and j - i < 8 and lines[j] == line:
            j += 1
        if line is None:
            out.append(0x80 | (15 << 3) | (j - i - 1))   # no location
        else:
            out.append(0x80 | (13 << 3) | (j - i - 1))   # a line, no columns
            d = line - prev
            _varint(out, ((-d) << 1) | 1 if d < 0 else d << 1)
            prev = line
        i = j
    new = code.replace(co_consts=consts, co_linetable=bytes(out))
    if [p[0] for p in new.co_positions()] != lines:
        raise AssertionError(f"line numbers changed in {code.co_filename}:{code.co_name}")
    return new


def pyc(source, filename, optimize):
    code = lines_only(compile(source, filename, "exec", dont_inherit=True, optimize=optimize))
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def image(files):
    index, blob = {}, bytearray()
    for path in sorted(files):
        index[path] = [len(blob), len(files[path])]
        blob += files[path]
    head = json.dumps(index, separators=(",", ":"), sort_keys=True).encode()
    return MAGIC + len(head).to_bytes(4, "little") + head + bytes(blob)


def write_zip(path, files):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for name in sorted(files):
            zi = zipfile.ZipInfo(name, DATE)
            zi.external_attr = 0o644 << 16
            zi.create_system = 3
            z.writestr(zi, files[name])


def module_of(path):
    """'email/message.py' -> 'email.message', 'email/__init__.py' -> 'email'."""
    name = path[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def entry_of(name, entries):
    """The standard library zip's entry of module ``name``, or None."""
    base = name.replace(".", "/")
    for cand in (base + ".py", base + "/__init__.py"):
        if cand in entries:
            return cand
    return None


def make_images():
    mods = trace()
    global importlib, json, marshal, zipfile, CodeType
    import importlib.util
    import json
    import marshal
    import zipfile
    from types import CodeType
    std = zipfile.ZipFile(STDLIB_ZIP)
    entries = {e for e in std.namelist() if e.endswith(".py")}
    # -- the standard library: what the start imported, what later needs, the rest cut
    start_std = sorted({f[len(STDLIB_ZIP) + 1:] for f in mods.values() if f.startswith(STDLIB_ZIP + "/")} & entries)
    with open("/build/stdlib_used.txt") as f:
        listed = [ln.split("#")[0].strip() for ln in f]
    unknown = [n for n in listed if n and entry_of(n, entries) is None]
    if unknown:
        raise SystemExit(f"build/stdlib_used.txt names modules the standard library lacks: {unknown}")
    later_std = sorted({entry_of(n, entries) for n in listed if n} - set(start_std))
    cut = sorted(module_of(e) for e in entries - set(start_std) - set(later_std))
    # -- the packages: every file of the wheels
    site_files = {}
    for dirpath, _dirs, names in os.walk(ROOT + SITE):
        for n in names:
            full = os.path.join(dirpath, n)
            site_files[full[len(ROOT):]] = full
    imported = {f[len(ROOT):] for f in mods.values() if f.startswith(ROOT + SITE)}
    native, datafiles, deps, engine, later, lang = {}, {}, {}, {}, {}, {}
    start_pkgs, later_mods = [], [module_of(e) for e in later_std]
    for rel in sorted(site_files):
        full = site_files[rel]
        if ".dist-info/" in rel or rel.endswith(DROPPED):
            continue
        with open(full, "rb") as f:
            data = f.read()
        start = engine if rel.startswith(ENGINE) else deps
        if rel.endswith(".so"):
            native[rel] = data
        elif rel.endswith(".mo") and rel.startswith(ENGINE + "locale/"):
            lang[rel.split("/")[3]] = data
        elif rel.endswith(".py"):
            code = pyc(data, ROOT + rel, 0 if rel.startswith(ENGINE) else 2)
            if rel in imported:
                start[rel + "c"] = code
                start_pkgs.append(module_of(rel[len(SITE):]))
            else:
                later[rel + "c"] = code
                later_mods.append(module_of(rel[len(SITE):]))
        else:   # a data file: every start has them all (the engine reads some only when a game needs them)
            datafiles[rel] = data
    for e in later_std:
        later[e + "c"] = pyc(std.read(e), ROOT + e, 2)
    # -- the standard library's zip: the start's modules and _cairn_later with its tables
    zipped = {e + "c": pyc(std.read(e), STDLIB_ZIP + "/" + e, 2) for e in start_std}
    with open("/build/cairn_later.py") as f:
        later_src = f.read()
    later_src += ("\n\n# Set by build/pyimage.py.\nLATER = frozenset(%r)\nCUT = frozenset(%r)\n"
                  % (tuple(sorted(set(later_mods))), tuple(cut)))
    zipped["_cairn_later.pyc"] = pyc(later_src, STDLIB_ZIP + "/_cairn_later.py", 0)
    os.makedirs(OUT, exist_ok=True)
    written = {}

    def put(rel, data):
        path = OUT + rel.replace("/", "_")
        with open(path, "wb") as f:
            f.write(data)
        written[rel] = path

    write_zip(OUT + "stdlib.zip", zipped)
    written["boot/stdlib.zip"] = OUT + "stdlib.zip"
    for rel, files in (("boot/native.bin", native), ("boot/data.bin", datafiles), ("boot/deps.bin", deps),
                       ("boot/engine.bin", engine), ("boot/later.bin", later)):
        put(rel, image(files))
    for code, data in sorted(lang.items()):
        put(f"boot/lang/{code}.mo", data)
    record = {
        "start": {"stdlib": [module_of(e) for e in start_std] + ["_cairn_later"], "packages": sorted(start_pkgs)},
        "later": sorted(set(later_mods)),
        "cut": len(cut),
        # who imported each module the warm-up brought (those Pyodide's own start imports are not here)
        "why": {name: WhoImports.seen[name] for name in sorted(WhoImports.seen) if name in mods},
        "pyodide": WhoImports.before,   # what Pyodide's own start imported
        "languages": sorted(lang),
        "sizes": {rel: os.path.getsize(p) for rel, p in sorted(written.items())},
    }
    return json.dumps({"written": written, "record": record})
