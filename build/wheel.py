"""The engine wheel, written here byte for byte the same from the same sources.

``pip wheel`` with setuptools stamps every file with its modification time (a fresh clone's
is the clone's) and names the setuptools version that built it, so two machines built two
different wheels.  This writes the same wheel setuptools would install from: the packages
under ``engine/`` (every directory with an ``__init__.py``), their modules and the package data
``pyproject.toml`` names (``[tool.setuptools.package-data]``), the metadata from its
``[project]`` table; entries sorted, stored (not deflated: the same bytes whatever zlib the
machine has), dated 1980-01-01.  ``pip install`` of it gives what ``pip install .`` gives.
"""
from __future__ import annotations

import base64
import glob
import hashlib
import os
import tomllib
import zipfile
from typing import Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATE = (1980, 1, 1, 0, 0, 0)


def project() -> dict:
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)


def package_files(root: str = ROOT) -> List[Tuple[str, str]]:
    """(path inside the wheel, file on disk) of every module and package-data file: each
    package's ``*.py`` and what the package-data globs match from its folder, as setuptools
    reads them."""
    conf = project()["tool"]["setuptools"]
    src = os.path.join(root, conf["package-dir"][""])
    patterns = ["*.py"] + conf.get("package-data", {}).get("*", [])
    out = set()
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
        if "__init__.py" not in filenames:
            continue
        for pattern in patterns:
            for disk in glob.glob(os.path.join(dirpath, pattern)):
                if os.path.isfile(disk):
                    out.add((os.path.relpath(disk, src).replace(os.sep, "/"), disk))
    return sorted(out)


def metadata() -> str:
    p = project()["project"]
    lines = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {p['version']}"]
    if p.get("description"):
        lines.append(f"Summary: {p['description']}")
    if p.get("requires-python"):
        lines.append(f"Requires-Python: {p['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in p.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(dest: str, root: str = ROOT) -> str:
    """Write the engine wheel into folder ``dest``; returns its path."""
    p = project()["project"]
    name = p["name"].replace("-", "_")
    info = f"{name}-{p['version']}.dist-info"
    files: Dict[str, bytes] = {}
    for arc, disk in package_files(root):
        with open(disk, "rb") as f:
            files[arc] = f.read()
    files[f"{info}/METADATA"] = metadata().encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: cairn build/wheel.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    top = sorted({arc.split("/")[0] for arc in files if not arc.startswith(info)})
    files[f"{info}/top_level.txt"] = ("\n".join(top) + "\n").encode()
    record = [f"{arc},{_record_hash(data)},{len(data)}" for arc, data in sorted(files.items())]
    files[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode()
    os.makedirs(dest, exist_ok=True)
    path = os.path.join(dest, f"{name}-{p['version']}-py3-none-any.whl")
    order = sorted(a for a in files if not a.startswith(info)) + sorted(a for a in files if a.startswith(info))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for arc in order:
            zi = zipfile.ZipInfo(arc, DATE)
            zi.external_attr = 0o644 << 16
            zi.create_system = 3
            z.writestr(zi, files[arc])
    return path
