"""Shared bits of the dev scripts: talk to the facade in-process, and trim
snapshots for the harness files."""
from __future__ import annotations

import json

from cairn.facade import handle


def call(**req):
    """One facade request; raises if the facade says no."""
    r = json.loads(handle(json.dumps({"id": 1, **req})))
    assert r["ok"], r
    return r["result"]


def slim(snap, history=8):
    """A snapshot without its save and with only the last log lines."""
    snap = dict(snap)
    snap.pop("save", None)
    snap["history"] = snap["history"][-history:]
    return snap
