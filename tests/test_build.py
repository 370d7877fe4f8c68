"""The site builder's pure parts (no network, no browser): wheel manifest,
file lists and hashes, MIME table, staleness, and that the web app refers to
nothing outside its own origin."""
import importlib.util
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("cairn_site_builder", os.path.join(ROOT, "build", "site.py"))
site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site)


def test_manifest_puts_the_engine_wheel_last_and_ignores_other_files():
    names = ["cairn-0.1.0-py3-none-any.whl", "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
             "manifest.json", "annotated_types-0.8.0-py3-none-any.whl", "pydantic-2.14.3-py3-none-any.whl",
             "/some/dir/typing_extensions-4.16.0-py3-none-any.whl"]
    m = site.wheel_manifest(names)
    assert m["wheels"] == ["annotated_types-0.8.0-py3-none-any.whl", "pydantic-2.14.3-py3-none-any.whl",
                           "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
                           "typing_extensions-4.16.0-py3-none-any.whl", "cairn-0.1.0-py3-none-any.whl"]


@pytest.mark.parametrize("path, mime", [
    ("pyodide/pyodide.asm.wasm", "application/wasm"),
    ("pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("js/app.js", "text/javascript; charset=utf-8"),
    ("wheels/manifest.json", "application/json"),
    ("wheels/cairn-0.1.0-py3-none-any.whl", "application/zip"),
    ("index.html", "text/html; charset=utf-8"),
    ("css/app.css", "text/css; charset=utf-8"),
    ("PYODIDE.ASM.WASM", "application/wasm"),
    ("strange.bin", "application/octet-stream"),
])
def test_mime_types(path, mime):
    assert site.mime_type(path) == mime


def test_file_list_hash_and_service_worker_fill(tmp_path):
    (tmp_path / "js" / "dev").mkdir(parents=True)
    (tmp_path / "js" / "a.js").write_text("a")
    (tmp_path / "js" / "dev" / "x.js").write_text("x")
    (tmp_path / "index.html").write_text("<html>")
    (tmp_path / "README.md").write_text("notes")
    assert site.list_files(str(tmp_path), {"dev"}, {"README.md"}) == ["index.html", "js/a.js"]
    h1 = site.hash_files(str(tmp_path), ["index.html", "js/a.js"])
    (tmp_path / "js" / "a.js").write_text("b")
    h2 = site.hash_files(str(tmp_path), ["index.html", "js/a.js"])
    assert h1 != h2 and len(h1) == 16

    (tmp_path / "sw.js").write_text(f'const BUILD = "{site.SW_PLACEHOLDER_ID}";\nconst FILES = {site.SW_PLACEHOLDER_FILES};\n')
    (tmp_path / "build.json").write_text("{}")
    files = site.site_files(str(tmp_path))
    assert "sw.js" not in files and "build.json" not in files and "js/a.js" in files
    build_id = site.finish_service_worker(str(tmp_path))
    text = (tmp_path / "sw.js").read_text()
    assert f'const BUILD = "{build_id}";' in text
    assert '"js/dev/x.js"' in text and '"index.html"' in text and "__CAIRN" not in text


def test_web_sw_has_the_placeholders_the_builder_fills():
    text = open(os.path.join(ROOT, "web", "sw.js")).read()
    assert site.SW_PLACEHOLDER_ID in text and site.SW_PLACEHOLDER_FILES in text


def test_missing_or_foreign_dist_is_stale(tmp_path):
    assert site.is_stale(str(tmp_path))
    for rel in site.NEEDED_FILES:
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("x")
    (tmp_path / "build.json").write_text('{"id": "x", "source": "not-this-tree"}')
    assert site.is_stale(str(tmp_path))
    (tmp_path / "build.json").write_text('{"id": "x", "source": "%s"}' % site.source_hash())
    assert not site.is_stale(str(tmp_path))


URL = re.compile(r"(?i)(?:https?:)?//([a-z0-9-]+(?:\.[a-z0-9-]+)+)")
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def external_urls(text):
    """Hosts of absolute or protocol-relative URLs in ``text`` other than the
    loopback and XML namespace names (which are never fetched)."""
    hosts = []
    for m in URL.finditer(text):
        host = m.group(1).lower()
        if host in LOCAL_HOSTS or host == "www.w3.org":
            continue
        hosts.append(host)
    return hosts


def test_url_finder_catches_cdns():
    assert external_urls('import x from "https://cdn.jsdelivr.net/npm/pyodide/pyodide.mjs"') == ["cdn.jsdelivr.net"]
    assert external_urls("<script src='//unpkg.com/x.js'>") == ["unpkg.com"]
    assert external_urls("fetch(new URL('wheels/manifest.json', base)) // a comment") == []
    assert external_urls("http://127.0.0.1:8000/ and http://www.w3.org/2000/svg") == []


def test_web_refers_to_no_external_url():
    offenders = []
    for rel in site.list_files(site.WEB, {"__pycache__"}):
        if not rel.endswith((".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".py")):
            continue
        with open(os.path.join(site.WEB, rel), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if external_urls(line):
                    offenders.append(f"{rel}:{n}: {line.strip()[:100]}")
    assert offenders == []


def test_built_site_is_complete_and_self_consistent():
    """Checks dist/ as built by ``python3 build/site.py`` (skipped when absent)."""
    import json

    dist = site.DIST
    if not os.path.exists(os.path.join(dist, "build.json")):
        pytest.skip("dist/ is not built")
    wheels = sorted(f for f in os.listdir(os.path.join(dist, "wheels")) if f.endswith(".whl"))
    with open(os.path.join(dist, "wheels", "manifest.json")) as f:
        manifest = json.load(f)["wheels"]
    assert sorted(manifest) == wheels and manifest[-1].startswith("cairn-")
    assert any(w.startswith("pydantic_core-") and "wasm32" in w for w in wheels)
    for name in site.PYODIDE_FILES:
        assert os.path.getsize(os.path.join(dist, "pyodide", name)) > 0, name
    assert not os.path.exists(os.path.join(dist, "dev"))   # the renderers' dev harness is not shipped
    with open(os.path.join(dist, "build.json")) as f:
        build_id = json.load(f)["id"]
    with open(os.path.join(dist, "sw.js")) as f:
        sw = f.read()
    assert f'"{build_id}"' in sw and "__CAIRN" not in sw
    assert build_id == site.hash_files(dist, site.site_files(dist))
