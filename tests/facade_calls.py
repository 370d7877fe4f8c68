"""The facade as the browser's worker calls it, for the engine's tests: a request's result,
or its refusal."""
import json

from cairn import facade


def request(**req):
    """The result of ``req`` (it must be answered)."""
    out = json.loads(facade.handle(json.dumps({"id": 1, **req})))
    assert out["ok"], out
    return out["result"]


def refused(**req):
    """The error of ``req`` (it must be refused)."""
    out = json.loads(facade.handle(json.dumps({"id": 1, **req})))
    assert not out["ok"]
    return out["error"]
