"""Traces of the builder's machine in a built site.

A site is published to strangers: nothing in it may name the machine that built
it (a home folder names its owner), and two machines building one commit must
ship the same bytes.  The build holds fixed what Python reads of its
surroundings while the start-up snapshot is taken (web/js/pyboot.js
``PYTHON_ENV``, build/snapshot.mjs), and checks the result here:
``find_traces`` reads every file of a site, gzip copies unpacked, and reports
each place a given string occurs.

``builder_needles`` names what this machine could leak: the checkout's path,
the home folder, the user and host names and the temporary folder.  A needle
that cannot be told apart from the runtime's own bytes is left out, with the
reason: one shorter than 4 characters ("vm" occurs by chance in any binary),
or one the pinned runtime already holds as it comes from npm (Pyodide's
binaries name their own builder's "/root/repo/..."; a builder whose home is
/root cannot be told from it).  tests/test_build.py also builds the site from
a checkout under a folder named by a sentinel, with HOME, USER, LOGNAME and
TMPDIR set to sentinel values, and fails on any sentinel in the site.
"""
from __future__ import annotations

import getpass
import gzip
import os
import socket
import tempfile
from typing import Dict, Iterable, List, Tuple

MIN_NEEDLE = 4


def _files(top: str) -> Iterable[Tuple[str, str]]:
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames.sort()
        for f in sorted(filenames):
            path = os.path.join(dirpath, f)
            yield os.path.relpath(path, top).replace(os.sep, "/"), path


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".gz"):
        data = gzip.decompress(data)
    return data


def find_traces(top: str, needles: Dict[str, str]) -> List[Tuple[str, str, int]]:
    """Every (file, needle's label, count) where a needle occurs in a file under
    ``top`` (gzip files unpacked first); an empty list when the site is clean."""
    wanted = {label: s.encode() for label, s in needles.items() if s}
    found = []
    for rel, path in _files(top):
        data = _read(path)
        for label, needle in wanted.items():
            n = data.count(needle)
            if n:
                found.append((rel, label, n))
    return found


def builder_needles(checkout: str, runtime: Iterable[str] = ()) -> Tuple[Dict[str, str], Dict[str, str]]:
    """(needles, left_out): what this machine could leak into a site built from
    ``checkout``, by label, and the candidates left out with the reason.
    ``runtime``: files taken as they are from pinned packages (Pyodide's)."""
    home = os.path.expanduser("~")
    candidates = {
        "checkout path": os.path.abspath(checkout),
        "home folder": home if home not in ("", "/") else "",
        "user name": _user(),
        "host name": socket.gethostname(),
        "temporary folder": tempfile.gettempdir(),
    }
    blobs = [_read(p) for p in runtime]
    needles, left_out = {}, {}
    for label, s in candidates.items():
        if len(s) < MIN_NEEDLE:
            left_out[label] = f"{s!r} is too short to tell from chance bytes"
        elif s in ("/tmp", "/var/tmp"):
            left_out[label] = f"{s!r} is the same on every machine"
        elif any(s.encode() in b for b in blobs):
            left_out[label] = f"{s!r} occurs in the pinned runtime itself"
        else:
            needles[label] = s
    return needles, left_out


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""


def runtime_files(site: str) -> List[str]:
    """The files of ``site`` copied as they are from the pinned Pyodide package."""
    top = os.path.join(site, "pyodide")
    return [p for _rel, p in _files(top) if not p.endswith(".gz")] if os.path.isdir(top) else []


def check(site: str, checkout: str) -> None:
    """Raise SystemExit naming every trace of this machine found in ``site``."""
    needles, _left_out = builder_needles(checkout, runtime_files(site))
    found = find_traces(site, needles)
    if found:
        lines = "\n".join(f"  {rel}: the {label} ({n}x)" for rel, label, n in found)
        raise SystemExit(f"the built site names this machine:\n{lines}\n"
                         "(what Python sees while the snapshot is taken must be held fixed: "
                         "web/js/pyboot.js PYTHON_ENV, build/snapshot.mjs)")
