#!/usr/bin/env python3
"""The Python lock: every package the build and the tests install, pinned with hashes.

    python3 build/lock.py            # upgrade: resolve build/requirements.in anew
    python3 build/lock.py --check    # does the lock still answer requirements.in?
    python3 build/lock.py --diff VENV  # what VENV has that the lock pins otherwise, and npm's news

``build/requirements.in`` says what is wanted (pydantic at the version whose pydantic-core has
a wheel for the browser's Pyodide, the test tools, Babel, setuptools and pip); the lock,
``build/requirements.lock``, is uv's resolution of it for CPython 3.11 from PyPI with the
SHA-256 of every file of every pinned release (the Pyodide wheel of pydantic-core among them).
``./test.sh`` installs it with ``pip --require-hashes``; ``build/site.py`` downloads the
browser's pydantic wheels and, when missing, Babel from it; the CI workflow installs it too.
``./test.sh --latest`` ignores it to show what the newest versions would change.

The resolver is uv at a fixed version, installed once into ``build/.cache/lock-tool/``.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from typing import Dict, List, Set

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
IN = os.path.join(HERE, "requirements.in")
LOCK = os.path.join(HERE, "requirements.lock")
UV = "uv==0.13.9"
TOOL = os.path.join(HERE, ".cache", "lock-tool")
PYTHON = "3.11"
INDEX = "https://pypi.org/simple"

#: in the lock for the locked venv itself (pip's version, a build backend for the editable
#: install without isolation); --latest installs neither
TOOLS = frozenset(("pip", "setuptools"))

_ENTRY = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)", re.M)


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def entries(text: str) -> Dict[str, dict]:
    """The lock's packages: normalised name -> {"name", "version", "text" (its whole
    requirement with hashes, as pip reads it), "via" (the packages that need it)}."""
    out: Dict[str, dict] = {}
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text)
    for block in blocks:
        m = _ENTRY.match(block)
        if not m:
            continue
        req_lines, via = [], []
        for line in block.splitlines():
            s = line.strip()
            if s.startswith("#"):
                words = s.lstrip("#").strip()
                if words.startswith("via"):
                    words = words[3:].strip()
                if words and not words.startswith("-r "):
                    via.append(_normal(words))
            elif s:
                req_lines.append(line.rstrip())
        out[_normal(m.group(1))] = {"name": m.group(1), "version": m.group(2),
                                    "text": "\n".join(req_lines).rstrip(" \\"), "via": via}
    return out


def read_lock(path: str = LOCK) -> Dict[str, dict]:
    with open(path, encoding="utf-8") as f:
        return entries(f.read())


def closure(lock: Dict[str, dict], root: str) -> List[str]:
    """``root`` and every package the lock installs for it (by its "via" notes), sorted."""
    want: Set[str] = {_normal(root)}
    grew = True
    while grew:
        grew = False
        for name, e in lock.items():
            if name not in want and any(v in want for v in e["via"]):
                want.add(name)
                grew = True
    return sorted(want)


def requirements(names: List[str], lock: Dict[str, dict] = None) -> str:
    """A requirements file (with hashes) of ``names`` as the lock pins them."""
    lock = lock or read_lock()
    missing = [n for n in names if _normal(n) not in lock]
    if missing:
        raise SystemExit(f"build/requirements.lock has no {', '.join(missing)} (python3 build/lock.py)")
    return "\n".join(lock[_normal(n)]["text"] for n in names) + "\n"


def pin(name: str, lock: Dict[str, dict] = None) -> str:
    """``name==version`` as the lock pins it."""
    e = (lock or read_lock())[_normal(name)]
    return f"{e['name']}=={e['version']}"


def _uv() -> str:
    exe = os.path.join(TOOL, "bin", "uv")
    marker = os.path.join(TOOL, UV)
    if not os.path.exists(marker):
        subprocess.run([sys.executable, "-m", "venv", "--clear", TOOL], check=True)
        subprocess.run([os.path.join(TOOL, "bin", "python"), "-m", "pip", "install", "-q", UV], check=True)
        open(marker, "w").close()
    return exe


def compile_lock(upgrade: bool, out: str) -> None:
    cmd = [_uv(), "pip", "compile", IN, "--generate-hashes", "--python-version", PYTHON,
           "--index-url", INDEX, "--no-config", "--custom-compile-command", "python3 build/lock.py",
           "-o", out, "--quiet"]
    if upgrade:
        cmd.append("--upgrade")
    elif os.path.exists(LOCK) and out != LOCK:
        with open(LOCK, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as g:
            g.write(f.read())   # uv keeps what an existing output file pins
    subprocess.run(cmd, check=True, cwd=ROOT)


def diff(venv: str) -> List[str]:
    """The packages installed in ``venv`` at another version than the lock pins, and the
    npm pins with a newer release (``npm outdated``)."""
    out = subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "list", "--format=json"],
                         capture_output=True, text=True, check=True).stdout
    import json
    have = {_normal(p["name"]): p["version"] for p in json.loads(out)}
    lines = []
    for name, e in sorted(read_lock().items()):
        if name in TOOLS:
            continue   # pip and setuptools: the locked venv's own tools, not the project's
        got = have.get(name)
        if got != e["version"]:
            lines.append(f"{e['name']}: lock {e['version']}, newest {got or 'not installed'}")
    npm = subprocess.run(["npm", "outdated", "--json"], capture_output=True, text=True, cwd=HERE)
    try:
        for name, v in sorted(json.loads(npm.stdout or "{}").items()):
            lines.append(f"npm {name}: lock {v.get('current')}, newest {v.get('latest')} (a deliberate upgrade: build/package.json)")
    except ValueError:
        lines.append("npm outdated: " + (npm.stderr.strip() or "no answer"))
    return lines


def main(argv: List[str]) -> int:
    if argv[:1] == ["--diff"] and len(argv) == 2:
        lines = diff(argv[1])
        print("\n".join(["[lock] the newest versions differ from the lock:"] + ["  " + x for x in lines])
              if lines else "[lock] the newest versions are the lock's")
        return 1 if lines else 0
    if argv[:1] == ["--check"]:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "requirements.lock")
            compile_lock(False, out)
            with open(out, encoding="utf-8") as f, open(LOCK, encoding="utf-8") as g:
                same = {k: v["version"] for k, v in entries(f.read()).items()} == \
                       {k: v["version"] for k, v in entries(g.read()).items()}
        print("the lock answers build/requirements.in" if same else "the lock is stale: python3 build/lock.py")
        return 0 if same else 1
    compile_lock(True, LOCK)
    for e in sorted(read_lock().values(), key=lambda e: e["name"].lower()):
        print(f"{e['name']}=={e['version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
