"""What changed between two JSON values, as a short list of edits.

``diff(old, new)`` returns edits that turn ``old`` into ``new`` (``apply``
does it; the page's ``web/js/delta.js`` does the same in the browser), each
one of::

    ["set", path, value]               # the value at path is now value ([] = the whole)
    ["del", path]                      # the object key at path is gone
    ["splice", path, at, n, items]     # in the list at path, n items at ``at`` become items

``path`` is a list of object keys and list indices.  Objects are compared
key by key; lists keep what they share at both ends, and their middle is
compared item by item when it kept its length, else spliced: so a move that
changes one space of a large map costs one edit, a list that grew (placed
tiles, the log) costs only its new items, and one that lost an item in the
middle (two features that became one) costs that item and what changed
around it.
"""
from __future__ import annotations

import copy
from typing import Any, List

Edit = List[Any]


def diff(old: Any, new: Any, path: List[Any] = None) -> List[Edit]:
    """The edits that turn ``old`` into ``new`` (both plain JSON values)."""
    path = [] if path is None else path
    out: List[Edit] = []
    _diff(old, new, path, out)
    return out


def _diff(old: Any, new: Any, path: List[Any], out: List[Edit]) -> None:
    if old is new:
        return
    if type(old) is not type(new):
        out.append(["set", list(path), new])
    elif isinstance(new, dict):
        for k in old:
            if k not in new:
                out.append(["del", path + [k]])
        for k, v in new.items():
            if k not in old:
                out.append(["set", path + [k], v])
            elif old[k] != v:
                _diff(old[k], v, path + [k], out)
    elif isinstance(new, list):
        start, end_old, end_new = 0, len(old), len(new)
        while start < min(end_old, end_new) and old[start] == new[start]:
            start += 1
        while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
            end_old -= 1
            end_new -= 1
        if end_old - start == end_new - start:
            changed = end_new - start
            if changed > 4 and changed > len(new) // 2:   # most of it changed: send it whole
                out.append(["set", list(path), new])
                return
            for i in range(start, end_new):
                _diff(old[i], new[i], path + [i], out)
        else:
            out.append(["splice", list(path), start, end_old - start, new[start:end_new]])
    elif old != new:
        out.append(["set", list(path), new])


def apply(value: Any, edits: List[Edit]) -> Any:
    """``value`` with ``edits`` made (a new value; ``value`` is left as it was)."""
    value = copy.deepcopy(value)
    for edit in edits:
        op, path = edit[0], edit[1]
        if op == "set" and not path:
            value = copy.deepcopy(edit[2])
            continue
        parent = value
        for key in path[:-1] if op in ("set", "del") else path:
            parent = parent[key]
        if op == "set":
            parent[path[-1]] = copy.deepcopy(edit[2])
        elif op == "del":
            del parent[path[-1]]
        elif op == "splice":
            parent[edit[2]:edit[2] + edit[3]] = copy.deepcopy(edit[4])
        else:
            raise ValueError(f"unknown edit {op!r}")
    return value
