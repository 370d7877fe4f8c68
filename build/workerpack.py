"""The engine's worker as one file in the site.

``web/js/worker.js`` imports ``js/files.js`` and ``js/pyboot.js``. A module worker
fetches its imports only once its own file has arrived and been read: a second
round of requests before any of its work starts, queued behind the page's own
files on a busy first visit (a browser opens at most six connections to an
HTTP/1.1 host). So the build writes ``dist/js/worker.js`` with both modules
inside: their text as it is, the ``export`` keywords dropped, the worker's two
``import`` lines dropped. No names clash (checked here), and ``import.meta.url``
means the same in the one file (all three sit in ``js/``). The two modules stay in
the site too (the build's Node scripts and tests load ``js/pyboot.js``).
"""
from __future__ import annotations

import os
import re
from typing import List

WORKER = "js/worker.js"
PARTS = ("js/files.js", "js/pyboot.js")   # in the order they run (neither imports the other)
_IMPORT = re.compile(r'^import \{[^}]*\} from "\./(files|pyboot)\.js";\n', re.M)
_EXPORT = re.compile(r"^export (?=(?:async function|function|const|let|class) )", re.M)
_STATIC_IMPORT = re.compile(r"""^import\s[^\n]*["'];?$""", re.M)   # (not a Python line in a string)
_NAME = re.compile(r"^(?:async function|function|const|let|class) ([A-Za-z_$][\w$]*)", re.M)


class BundleError(ValueError):
    """The worker's modules cannot be put in one file as they are."""


def bundled(worker: str, parts: List[str], names: List[str]) -> str:
    """The worker's source (``worker``) with the ``parts`` (the sources of the
    modules it imports, named ``names``) inside."""
    found = sorted(m.group(1) for m in _IMPORT.finditer(worker))
    wanted = sorted(os.path.basename(n)[:-3] for n in names)
    if found != wanted:
        raise BundleError(f"js/worker.js imports {found}, not {wanted}")
    body = _IMPORT.sub("", worker)
    if _STATIC_IMPORT.search(body):
        raise BundleError("js/worker.js imports something else")
    texts, seen = [], {}
    for name, text in [*zip(names, parts), (WORKER, body)]:
        if name != WORKER:
            text = _EXPORT.sub("", text)
            if _STATIC_IMPORT.search(text) or re.search(r"^export\s", text, re.M):
                raise BundleError(f"{name} has an import or export this cannot keep")
        for top in _NAME.findall(text):
            if top in seen:
                raise BundleError(f"{top} is in both {seen[top]} and {name}")
            seen[top] = name
        texts.append(f"// ---- {name} (build/workerpack.py) ----\n{text}")
    return "\n".join(texts)


def bundle(dist: str) -> None:
    """Replace ``dist``'s js/worker.js with the one-file worker."""
    def read(rel: str) -> str:
        with open(os.path.join(dist, rel), encoding="utf-8") as f:
            return f.read()

    out = bundled(read(WORKER), [read(p) for p in PARTS], list(PARTS))
    with open(os.path.join(dist, WORKER), "w", encoding="utf-8") as f:
        f.write(out)
