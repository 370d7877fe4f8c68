"""The site builder's pure parts (no network, no browser): wheel manifest,
file lists and hashes, MIME table, staleness, and that the web app refers to
nothing outside its own origin."""
import importlib.util
import os
import re
import shutil

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
    assert build_id == site.hash_files(dist, [f for f in site.site_files(dist) if f != site.MANIFEST])


def _wheel(path, files):
    import zipfile

    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return str(path)


def test_packages_image_holds_every_wheel_file_at_its_index(tmp_path):
    a = _wheel(tmp_path / "a-1-py3-none-any.whl", {"a/__init__.py": b"x = 1\n", "a-1.dist-info/METADATA": b"m",
                                                  "a-1.dist-info/sboms/bom.json": b"{}"})
    b = _wheel(tmp_path / "b-1-cp314-wasm32.whl", {"b/_core.cpython-314-wasm32-emscripten.so": b"\0asm" + bytes(50),
                                                  "b/__init__.py": b""})
    data = site.packages_image([b, a])
    assert data[:4] == b"CRN1"
    files = site.read_image(data)
    # under site-packages/; no wheel metadata (the browser reads none: plugins are off)
    assert sorted(files) == ["site-packages/a/__init__.py", "site-packages/b/__init__.py",
                             "site-packages/b/_core.cpython-314-wasm32-emscripten.so"]
    assert files["site-packages/a/__init__.py"] == b"x = 1\n"
    assert files["site-packages/b/_core.cpython-314-wasm32-emscripten.so"] == b"\0asm" + bytes(50)
    assert site.read_image(site.image(files)) == files


def test_python_patches_find_what_they_change_exactly_once():
    """Each change build/python_patches.py makes to Pyodide's or pydantic's own
    Python finds its text once in the pinned versions (the build stops otherwise),
    and what it makes still compiles."""
    import zipfile

    patches = site._load_build_module("cairn_python_patches", "python_patches.py")
    site.ensure_built(site.DIST)
    wheels = [os.path.join(site.DIST, "wheels", w)
              for w in site.wheel_manifest(os.listdir(os.path.join(site.DIST, "wheels")))["wheels"]]
    files = site.packages_files(wheels)
    with zipfile.ZipFile(os.path.join(site.DIST, "pyodide", "python_stdlib.zip")) as z:
        for key in patches.PATCHES:
            text = (z.read(key[7:]) if key.startswith("stdlib:") else files[key]).decode("utf-8")
            changed = patches.apply(key, text)
            assert changed != text
            compile(changed, key, "exec")
    with pytest.raises(SystemExit, match="no longer has"):
        patches.apply("stdlib:pyodide/common.py", "import os\n")


@pytest.mark.parametrize("header, want", [
    ("gzip, deflate, br, zstd", ["br", "gzip"]),
    ("gzip", ["gzip"]),
    ("br;q=0, gzip;q=0.5", ["gzip"]),
    ("identity", []),
    (None, []),
    ("GZIP;q=bad", []),
])
def test_accepted_encodings(header, want):
    assert site.accepted_encodings(header) == want


def test_precompressed_copies_are_served_to_browsers_that_accept_them(tmp_path):
    import gzip
    import urllib.request

    big = ("let x = 1;\n" * 2000).encode()
    (tmp_path / "app.js").write_bytes(big)
    (tmp_path / "tiny.js").write_bytes(b"1")
    (tmp_path / "pic.png").write_bytes(bytes(5000))
    assert site.precompress(str(tmp_path)) == 1
    assert (tmp_path / "app.js.gz").exists() and not (tmp_path / "tiny.js.gz").exists()
    assert not (tmp_path / "pic.png.gz").exists()
    assert gzip.decompress((tmp_path / "app.js.gz").read_bytes()) == big
    assert site.site_files(str(tmp_path)) == ["app.js", "pic.png", "tiny.js"]   # no .gz in the precache

    server = site.serve_in_thread(str(tmp_path), 0)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/app.js"
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip, br"})) as r:
            assert r.headers["Content-Encoding"] == "gzip" and r.headers["Vary"] == "Accept-Encoding"
            assert r.headers["Content-Type"].startswith("text/javascript")
            assert gzip.decompress(r.read()) == big
            modified = r.headers["Last-Modified"]
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "identity"})) as r:
            assert r.headers.get("Content-Encoding") is None and r.read() == big
        req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip", "If-Modified-Since": modified})
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(req)
        assert e.value.code == 304
    finally:
        server.shutdown()


def test_wheels_are_left_out_of_the_precache(tmp_path):
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "cairn-0.1.0-py3-none-any.whl").write_bytes(b"zip")
    (tmp_path / "boot").mkdir()
    (tmp_path / "boot" / "catalogue.json").write_bytes(b"{}")
    assert site.site_files(str(tmp_path)) == ["boot/catalogue.json"]


def test_packed_files_are_kept_packed_and_the_rest_as_served(tmp_path):
    """The service worker keeps the packed copies the worker downloads (never
    fetching them itself), not their raw twins, and other files as they are
    served (their .gz copies are for servers that compress); the page's
    catalogues, raw and packed, once the page has read them; never Pyodide's
    whole standard library (a fallback the tests make sure is never needed)."""
    for d in ("boot/lang", "pyodide", "locale"):
        (tmp_path / d).mkdir(parents=True)
    for rel in ("boot/native.bin", "boot/native.bin.gz", "boot/native.bin.xz", "pyodide/pyodide.asm.wasm",
                "pyodide/pyodide.asm.wasm.gz", "pyodide/pyodide.asm.wasm.xz",
                "boot/lang/ro.mo", "boot/lang/ro.mo.gz", "locale/ro.json", "locale/ro.json.gz",
                "pyodide/python_stdlib.zip", "pyodide/pyodide.mjs", "pyodide/pyodide.mjs.gz", "index.html", "notes.txt.xz"):
        (tmp_path / rel).write_bytes(rel.encode())
    assert site.site_files(str(tmp_path)) == ["boot/lang/ro.mo.gz", "boot/native.bin.gz", "boot/native.bin.xz", "index.html",
                                              "locale/ro.json", "locale/ro.json.gz", "pyodide/pyodide.asm.wasm.gz",
                                              "pyodide/pyodide.asm.wasm.xz", "pyodide/pyodide.mjs.gz"]
    files = site.service_worker_files(str(tmp_path))
    assert files["index.html"] == [site.file_hash(str(tmp_path / "index.html")), True]
    assert files["boot/native.bin.gz"][1] is False and files["boot/lang/ro.mo.gz"][1] is False
    assert files["boot/native.bin.xz"][1] is False   # the worker's, either copy
    assert files["locale/ro.json.gz"][1] == files["locale/ro.json"][1] == "seen"
    import hashlib

    assert files["index.html"][0] == hashlib.sha256(b"index.html").hexdigest()[:16]


xz_spec = importlib.util.spec_from_file_location("cairn_xzpack", os.path.join(ROOT, "build", "xzpack.py"))
xzpack = importlib.util.module_from_spec(xz_spec)
xz_spec.loader.exec_module(xzpack)


@pytest.mark.parametrize("n, want", [(1, 4096), (4096, 4096), (4097, 6144), (6145, 8192), (9_598_218, 12 << 20),
                                     (12 << 20, 12 << 20), ((12 << 20) + 1, 16 << 20)])
def test_xz_dictionary_is_the_smallest_lzma2_can_name_that_holds_the_file(n, want):
    assert xzpack.dict_size(n) == want


def test_xz_copies_unpack_to_their_file_are_made_once_and_are_the_same_bytes_each_time(tmp_path):
    import lzma

    (tmp_path / "boot").mkdir()
    data = bytes(range(256)) * 3000 + b"the same bytes again " * 500
    (tmp_path / "boot" / "native.bin").write_bytes(data)
    cache = tmp_path / "cache"
    assert xzpack.write_xz(str(tmp_path), ["boot/native.bin", "boot/absent.bin"], str(cache)) == ["boot/native.bin"]
    first = (tmp_path / "boot" / "native.bin.xz").read_bytes()
    assert lzma.decompress(first) == data and len(first) < len(data) // 20
    # the stream says what the browser's decoder needs: CRC32 check, a dictionary no bigger than the file needs
    assert first[:6] == b"\xfd7zXZ\x00" and first[7] == lzma.CHECK_CRC32
    (kept,) = list(cache.iterdir())
    kept.write_bytes(b"from the cache")
    xzpack.write_xz(str(tmp_path), ["boot/native.bin"], str(cache))
    assert (tmp_path / "boot" / "native.bin.xz").read_bytes() == b"from the cache"
    assert xzpack.xz_bytes(data) == first


icons_spec = importlib.util.spec_from_file_location("cairn_icons", os.path.join(ROOT, "build", "icons.py"))
icons = importlib.util.module_from_spec(icons_spec)
icons_spec.loader.exec_module(icons)


def _read_png(data):
    """(width, height, rows of RGB bytes) of an 8-bit RGB PNG, decoded independently."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, colour, *_ = ihdr
    assert (depth, colour) == (8, 2)
    raw = zlib.decompress(idat)
    rows = [raw[y * (3 * w + 1):(y + 1) * (3 * w + 1)] for y in range(h)]
    assert all(r[0] == 0 for r in rows)
    return w, h, [r[1:] for r in rows]


def test_png_writer_round_trips():
    rows = [b"".join(bytes([x * 40, y * 60, 7]) for x in range(4)) for y in range(3)]
    w, h, back = _read_png(icons.png(4, 3, rows))
    assert (w, h) == (4, 3) and back == rows
    with pytest.raises(ValueError):
        icons.png(4, 3, rows[:2])


def test_drawing_is_rasterised_with_shapes_in_order():
    drawing = {"background": "#000000", "shapes": [
        {"fill": "#ff0000", "polygon": [[0, 0], [50, 0], [50, 100], [0, 100]]},
        {"fill": "#00ff00", "ellipse": [50, 50, 20, 20]}]}
    rows = icons.render(drawing, 20)
    px = lambda x, y: tuple(rows[y][3 * x:3 * x + 3])   # noqa: E731
    assert px(2, 2) == (255, 0, 0)        # left half red
    assert px(17, 2) == (0, 0, 0)         # right half background
    assert px(10, 10) == (0, 255, 0)      # the circle, painted last, on top
    assert px(10, 1) not in ((0, 255, 0),)
    # Shrunk (maskable): the circle keeps its place, the half-plane still reaches the edge.
    small = icons.render(drawing, 20, scale=0.5)
    assert tuple(small[10][30:33]) == (0, 255, 0) and tuple(small[0][0:3]) == (255, 0, 0)
    with pytest.raises(ValueError):
        icons.parse_colour("red")


def test_icon_source_draws_every_icon(tmp_path):
    names = icons.write_icons(os.path.join(ROOT, "build", "icon.json"), str(tmp_path))
    sizes = {n: _read_png((tmp_path / n).read_bytes())[:2] for n in names}
    assert sizes == {"icon-192.png": (192, 192), "icon-512.png": (512, 512),
                     "icon-maskable-512.png": (512, 512), "apple-touch-icon.png": (180, 180)}


def test_manifest_names_the_built_icons_and_works_from_any_path():
    import json

    with open(os.path.join(ROOT, "web", "manifest.webmanifest")) as f:
        m = json.load(f)
    assert m["start_url"] == "./" and m["scope"] == "./" and "id" not in m   # relative: any sub-path
    assert m["display"] == "standalone" and m["name"] and m["short_name"]
    assert m["theme_color"] == m["background_color"]
    built = {n for n, _, _ in icons.ICONS}
    assert {i["src"].split("/")[-1] for i in m["icons"]} <= built
    assert any(i.get("purpose") == "maskable" for i in m["icons"])
    html = open(os.path.join(ROOT, "web", "index.html")).read()
    assert 'rel="manifest" href="manifest.webmanifest"' in html and 'rel="apple-touch-icon" href="icons/apple-touch-icon.png"' in html


def test_built_boot_files_match_the_build():
    """dist/boot/ (skipped when dist/ is absent): the snapshot record names
    the snapshot's size and every registered game; the manifest names every
    packed file as it is served."""
    import json

    dist = site.DIST
    if not os.path.exists(os.path.join(dist, "boot", "snapshot.json")):
        pytest.skip("dist/ is not built")
    import gzip

    with open(os.path.join(dist, "boot", "snapshot.json")) as f:
        meta = json.load(f)
    with gzip.open(os.path.join(dist, "boot", "snapshot.bin.gz")) as f:
        packed = f.read()
    # without its pages of zeros (js/pyboot.js sparse): the whole size, then the runs kept
    assert packed[:4] == b"CRNS" and int.from_bytes(packed[4:8], "little") == meta["size"]
    assert len(packed) < meta["size"] * 0.7
    assert not os.path.exists(os.path.join(dist, "boot", "snapshot.bin"))   # served packed only
    # The manifest the worker reads names every packed file by what is served.
    with open(os.path.join(dist, "boot", "manifest.json")) as f:
        manifest = json.load(f)
    assert manifest["snapshot"] == meta and manifest["lock"]["packages"] == {}
    for rel, e in manifest["files"].items():
        served = os.path.join(dist, e["url"])
        assert e["bytes"] == os.path.getsize(served) and e["hash"] == site.file_hash(served), rel
        assert e["url"] == (rel + ".gz" if e["packed"] else rel)
        if e["packed"] and rel != "boot/snapshot.bin":
            with gzip.open(served) as f:
                assert len(f.read()) == e["size"] == os.path.getsize(os.path.join(dist, rel)), rel
        if "xz" in e:   # the xz copy (slow links) unpacks to the same bytes, a quarter smaller or better
            import lzma

            xz = os.path.join(dist, e["xz"]["url"])
            assert e["xz"]["url"] == rel + ".xz" and e["xz"]["hash"] == site.file_hash(xz), rel
            assert e["xz"]["bytes"] == os.path.getsize(xz) < e["bytes"], rel
            with open(xz, "rb") as f, open(os.path.join(dist, rel), "rb") as raw:
                assert lzma.decompress(f.read()) == raw.read(), rel
    assert set(manifest["files"]) == set(site.packed_files(dist))
    assert {r for r, e in manifest["files"].items() if "xz" in e} == set(xzpack.XZ_FILES)
    assert sum(manifest["files"][r]["xz"]["bytes"] for r in xzpack.XZ_FILES) < 0.8 * sum(
        manifest["files"][r]["bytes"] for r in xzpack.XZ_FILES)
    assert os.path.exists(os.path.join(dist, xzpack.DECODER_REL))
    assert {"boot/lang/pt_BR.mo", "boot/lang/ro.mo"} <= set(manifest["files"])
    with open(os.path.join(dist, "boot", "catalogue.json")) as f:
        catalogue = json.load(f)
    assert [g["name"] for g in catalogue["games"]] == meta["games"]
    if not site.is_stale(dist):
        from cairn import GAMES

        assert sorted(meta["games"]) == sorted(GAMES)   # every registered game is warm in the snapshot
        # the games' titles in each language, as the engine itself names them (the page shows
        # them before the engine is up)
        from cairn.facade import handle

        assert sorted(catalogue["titles"]) == ["pt_BR", "ro"]
        for lang, titles in catalogue["titles"].items():
            assert json.loads(handle(json.dumps({"id": 1, "op": "lang", "lang": lang})))["ok"]
            hello = json.loads(handle(json.dumps({"id": 2, "op": "hello"})))["result"]
            assert titles == {g["name"]: g["title"] for g in hello["games"]}, lang
        assert catalogue["titles"]["pt_BR"]["caledonia"] == "Clãs da Caledônia"
        handle(json.dumps({"id": 3, "op": "lang", "lang": "en"}))
    for rel in ("icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-512.png",
                "icons/apple-touch-icon.png", "boot/snapshot.bin.gz"):
        assert os.path.exists(os.path.join(dist, rel)), rel


RESTORE = r"""
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
const [dist, damage] = [process.argv[2], process.argv[3] === "damage"];
const { loadPyodide } = await import(join(dist, "pyodide/pyodide.mjs"));
const createPyodideModule = (await import(join(dist, "pyodide/pyodide.asm.mjs"))).default;
const tmp = mkdtempSync(join(tmpdir(), "cairn-restore-"));
writeFileSync(join(tmp, "pyboot.mjs"), readFileSync(join(dist, "js/pyboot.js")));
const { startPython, checksum, parseImage, unsparse } = await import(join(tmp, "pyboot.mjs"));
const meta = JSON.parse(readFileSync(join(dist, "boot/snapshot.json")));
const native = parseImage(new Uint8Array(readFileSync(join(dist, "boot/native.bin"))));
const data = parseImage(new Uint8Array(readFileSync(join(dist, "boot/data.bin"))));
const { gunzipSync } = await import("node:zlib");
const snap = unsparse(new Uint8Array(gunzipSync(readFileSync(join(dist, "boot/snapshot.bin.gz")))));
if (damage) snap[snap.length >> 1] ^= 1;
if (checksum(snap) !== meta.checksum) { console.log(JSON.stringify({ checksum: false })); process.exit(0); }
// As the browser restores: no standard library zip (the cut is in the snapshot), the later
// image read at once should something need it.
writeFileSync(join(tmp, "empty.zip"), new Uint8Array([0x50, 0x4b, 5, 6, ...new Array(18).fill(0)]));
globalThis.cairnFetchSync = (rel) => new Uint8Array(readFileSync(join(dist, rel)));
let n = 0;
const t0 = performance.now();
const py = await startPython({ loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/", native, data, meta,
  snapshot: Promise.resolve(snap), snapshotReady: Promise.resolve(), stdLibURL: join(tmp, "empty.zip"),
  locateLib: (name, data) => { const p = join(tmp, `l${n++}.so`); writeFileSync(p, data); return p; } });
const ms = performance.now() - t0;
console.log(py.runPython(`
import json, sys
already = "cairn.facade" in sys.modules and "pydantic_core" in sys.modules
from cairn.facade import handle
from cairn.core.rng import Rng
import _cairn_later
def call(**req):
    return json.loads(handle(json.dumps({"id": 1, **req})))
out = {"checksum": True, "modules_before": already, "games": {}}
for g in call(op="hello")["result"]["games"]:
    snap = call(op="new", gid="g", game=g["name"], players=g["min_players"], seed=3)["result"]
    r = Rng(4)
    for _ in range(30):
        if not snap["legal"]:
            break
        snap = call(op="play", gid="g", move=snap["legal"][r.below(len(snap["legal"]))])["result"]
    again = call(op="load", gid="h", save=json.dumps(snap["save"]))["result"]
    out["games"][g["name"]] = again["view"] == snap["view"] and snap["view"]["ply"] > 0
bad = call(op="load", gid="x", save={"format": "cairn-save", "format_version": "x"})
out["bad_save"] = bad["error"]["code"]
out["loaded_later"] = _cairn_later.SYNC_LOADS + _cairn_later.FALLBACKS
json.dumps(out)
`));
console.log(JSON.stringify({ ms }));
process.exit(0);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_built_snapshot_restores_with_pydantic_core_and_every_game(tmp_path):
    """The snapshot restored by the app's own loader (js/pyboot.js) under
    Node, as the browser restores it (no standard library: it is in the
    snapshot): the engine is already imported, games of every kind play and
    reload without anything of the later image, pydantic (a native library
    loaded before the snapshot) validates; a damaged snapshot is refused by
    its checksum."""

    dist = site.DIST
    if not os.path.exists(os.path.join(dist, "boot", "snapshot.json")):
        pytest.skip("dist/ is not built")
    from node_helpers import run_node

    result = run_node(tmp_path, RESTORE, dist)[1]   # its last line is the time it took
    assert result["checksum"] and result["modules_before"]
    assert result["games"] and all(result["games"].values()), result["games"]
    assert result["bad_save"] == "bad_save"
    assert result["loaded_later"] == []   # games play from what the start brought
    assert run_node(tmp_path, RESTORE, dist, "damage")[0] == {"checksum": False}


CHECKSUM = r"""
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
const dist = process.argv[2];
const tmp = mkdtempSync(join(tmpdir(), "cairn-checksum-"));
writeFileSync(join(tmp, "pyboot.mjs"), readFileSync(join(dist, "js/pyboot.js")));
const { checksum, snapshotArray, unsparse } = await import(join(tmp, "pyboot.mjs"));
// the definition, read word by word with a DataView (little-endian), no WebAssembly
const reference = (bytes) => {
  let a = 1, b = 0;
  const n = bytes.byteLength >>> 2, dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) { a = (a + dv.getUint32(4 * i, true)) | 0; b = (b + a) | 0; }
  for (let i = n << 2; i < bytes.byteLength; i++) { a = (a + bytes[i]) | 0; b = (b + a) | 0; }
  return (b >>> 0).toString(16).padStart(8, "0") + (a >>> 0).toString(16).padStart(8, "0");
};
const out = { same: [], fast: null };
for (const n of [0, 1, 3, 4, 7, 4096, (1 << 20) - 1, 1 << 20, (1 << 20) + 3, 3 * (1 << 20) + 5]) {
  const x = snapshotArray(n);
  for (let i = 0; i < n; i++) x[i] = (Math.imul(i, 2654435761) >>> 24) ^ (i & 0xff);
  const y = new Uint8Array(x);               // a plain array (copied where WebAssembly sums it)
  const z = new Uint8Array(n + 4).subarray(4); z.set(y);   // a view that starts 4 bytes in
  const want = reference(y);
  out.same.push([n, checksum(x) === want && checksum(y) === want && checksum(z) === want]);
}
const meta = JSON.parse(readFileSync(join(dist, "boot/snapshot.json")));
const snap = snapshotArray(meta.size);
unsparse(new Uint8Array(gunzipSync(readFileSync(join(dist, "boot/snapshot.bin.gz")))), snap);
out.snapshot = checksum(snap) === meta.checksum && reference(snap) === meta.checksum;
snap[snap.length >> 1] ^= 1;
out.damaged = checksum(snap) !== meta.checksum;
console.log(JSON.stringify(out));
"""


def test_the_checksum_is_the_same_at_webassemblys_speed(tmp_path):
    """js/pyboot.js checksum(): summed in WebAssembly (a snapshotArray(), or a big array
    copied into one) it gives what the definition gives, read word by word, for every
    size and alignment; the build's snapshot matches its record, a changed byte does not."""
    dist = site.DIST
    if not os.path.exists(os.path.join(dist, "boot", "snapshot.json")):
        pytest.skip("dist/ is not built")
    from node_helpers import run_node

    out = run_node(tmp_path, CHECKSUM, dist)[0]
    assert out["same"] and all(ok for _, ok in out["same"]), out["same"]
    assert out["snapshot"] and out["damaged"]


def test_ci_runs_every_test_and_deploys_only_what_passed():
    """.github/workflows/ci.yml: every push and pull request runs the README's test command;
    Pages gets the dist/ those tests ran against, only from a push to main, only after them."""
    text = open(os.path.join(ROOT, ".github", "workflows", "ci.yml")).read()
    readme = open(os.path.join(ROOT, "README.md")).read()
    ci_run = open(os.path.join(ROOT, ".ci", "run")).read()
    assert "./test.sh" in readme and "./test.sh" in ci_run
    assert re.search(r"^on:\s*\n\s+push:\s*\n\s+pull_request:", text, re.M)
    test_job, deploy_job = text.split("\n  deploy:\n")
    assert "run: CI=true bash .ci/run" in test_job
    assert re.search(r"upload-pages-artifact@v\d+\s+with:\s+path: dist\b", test_job)
    assert "needs: test" in deploy_job and "refs/heads/main" in deploy_job
    assert "actions/deploy-pages@" in deploy_job and "pages: write" in deploy_job and "id-token: write" in deploy_job
    assert not os.path.exists(os.path.join(ROOT, ".github", "workflows", "pages.yml"))   # no deploy that skips the tests


def _lock():
    spec = importlib.util.spec_from_file_location("cairn_lock_test", os.path.join(ROOT, "build", "lock.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


LOCK = _lock()


def test_the_lock_pins_every_package_with_hashes_and_reads_its_closures():
    pins = LOCK.read_lock()
    assert {"pydantic", "pydantic-core", "pytest", "playwright", "babel", "setuptools", "pip"} <= set(pins)
    for name, e in pins.items():
        assert re.fullmatch(r"[\w.]+", e["version"]), name
        assert e["text"].startswith(f"{e['name']}=={e['version']}") and "--hash=sha256:" in e["text"], name
    assert LOCK.closure(pins, "pydantic") == ["annotated-types", "pydantic", "pydantic-core", "typing-extensions",
                                              "typing-inspection"]
    assert "pluggy" in LOCK.closure(pins, "pytest")
    text = LOCK.requirements(["babel"], pins)
    assert text.count("==") == 1 and "--hash=sha256:" in text


def test_the_tests_run_the_pydantic_the_browser_gets():
    """The CPython tests and the site's Pyodide wheels come from the same lock (with
    ``./test.sh --latest``: both are the newest, so still the same pydantic)."""
    import importlib.metadata
    import json

    pins = LOCK.read_lock()
    names = LOCK.closure(pins, "pydantic")
    if not site.LATEST:
        for name in names:
            assert importlib.metadata.version(name) == pins[name]["version"], name
    dist = site.DIST
    if not os.path.exists(os.path.join(dist, "wheels", "manifest.json")):
        pytest.skip("dist/ is not built")
    with open(os.path.join(dist, "wheels", "manifest.json")) as f:
        shipped = {w.split("-")[0].replace("_", "-"): w.split("-")[1] for w in json.load(f)["wheels"]}
    for name in ("pydantic", "pydantic-core"):
        assert shipped[name] == importlib.metadata.version(name), name


def _wheel_module():
    spec = importlib.util.spec_from_file_location("cairn_wheel_test", os.path.join(ROOT, "build", "wheel.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_engine_wheel_is_the_same_bytes_whatever_the_files_times(tmp_path):
    import base64
    import hashlib
    import zipfile

    wheel = _wheel_module()
    src = tmp_path / "src"
    shutil.copytree(os.path.join(ROOT, "engine"), src / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), src)
    first = open(wheel.write_wheel(str(tmp_path / "a"), str(src)), "rb").read()
    for dirpath, _dirs, files in os.walk(src):
        for f in files:
            os.utime(os.path.join(dirpath, f), (1_700_000_000, 1_700_000_000))   # a clone made on another day
    path = wheel.write_wheel(str(tmp_path / "b"), str(src))
    assert open(path, "rb").read() == first
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        assert "cairn/__init__.py" in names and "cairn/caledonia/data/map/A1.txt" in names
        assert "cairn/bots/data/caledonia.json" in names and "cairn/py.typed" in names
        assert not any("__pycache__" in n or n.endswith((".pyc", ".po", "README.md")) for n in names)
        record = z.read("cairn-0.1.0.dist-info/RECORD").decode().splitlines()
        for line in record[:-1]:   # every file's hash, as pip checks it
            arc, digest, size = line.rsplit(",", 2)
            data = z.read(arc)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        assert len(record) == len(names)


UNXZ = r"""
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
const [dist] = process.argv.slice(2);
const { loadXzDecoder, releaseXzDecoder, readAll } = await import(pathToFileURL(join(dist, "js/files.js")).href);
const manifest = JSON.parse(readFileSync(join(dist, "boot/manifest.json"), "utf8"));
const sha = (b) => createHash("sha256").update(b).digest("hex");
const out = {};
const unxz = async (rel) => {
  const { XzReadableStream } = await loadXzDecoder();
  const e = manifest.files[rel];
  const got = await readAll(new XzReadableStream(new Blob([readFileSync(join(dist, e.xz.url))]).stream()), e.size);
  return sha(got) === sha(readFileSync(join(dist, rel)));
};
for (const [rel, e] of Object.entries(manifest.files)) if (e.xz) out[rel] = await unxz(rel);
await releaseXzDecoder();
out.again = await unxz("boot/native.bin");   // loaded again after its memory was let go
console.log(JSON.stringify(out));
"""


def test_the_page_decoder_unpacks_every_xz_copy_of_the_build_to_its_file(tmp_path):
    """The decoder the worker loads (js/vendor/xz-decompress.mjs, through js/files.js), under
    Node: every xz copy the manifest names unpacks to its file, the runtime's 9.6 MB too, and
    the decoder works again after its memory was let go."""
    from node_helpers import run_node

    site.ensure_built(site.DIST)
    out = run_node(tmp_path, UNXZ, site.DIST)[0]
    assert set(out) == set(xzpack.XZ_FILES) | {"again"}
    assert all(out.values()), out


WORKER_IN_ONE = r"""
import { readFileSync } from "node:fs";
import { join } from "node:path";
const dist = process.argv[2];
const text = readFileSync(join(dist, "js/worker.js"), "utf8");
// the one file parses as a module and names nothing it does not hold itself
let parsed = true;
try { new Function("return async () => {" + text.replace(/import\.meta\.url/g, "'file:///x/js/worker.js'") + "}"); }
catch (e) { parsed = String(e); }
console.log(JSON.stringify({ parsed, staticImports: (text.match(/^import\s[^\n]*["'];?$/gm) || []).length,
                             exports: (text.match(/^export\s/gm) || []).length }));
"""


def test_the_worker_is_one_file_in_the_site(tmp_path):
    """build/workerpack.py: dist/js/worker.js holds js/files.js and js/pyboot.js (no second
    round of requests before the worker starts its work); it parses, imports and exports
    nothing; every function the two modules export is in it once."""
    workerpack = site._load_build_module("cairn_workerpack", "workerpack.py")
    dist = site.DIST
    if not os.path.exists(os.path.join(dist, "js", "worker.js")):
        pytest.skip("dist/ is not built")
    from node_helpers import run_node

    with open(os.path.join(dist, "js", "worker.js"), encoding="utf-8") as f:
        one = f.read()
    assert run_node(tmp_path, WORKER_IN_ONE, dist)[0] == {"parsed": True, "staticImports": 0, "exports": 0}
    for part in workerpack.PARTS:
        with open(os.path.join(site.WEB, part), encoding="utf-8") as f:
            names = re.findall(r"^export (?:async )?(?:function|const|class) (\w+)", f.read(), re.M)
        assert names, part
        for name in names:
            assert len(re.findall(rf"^(?:async )?(?:function|const|class) {name}\b", one, re.M)) == 1, (part, name)
    with open(os.path.join(site.WEB, "js", "worker.js"), encoding="utf-8") as f:
        assert f.read().split("\n", 1)[0] in one   # the worker's own text follows


def test_the_worker_bundle_refuses_what_it_cannot_keep():
    """A clash of names, an import it does not know or an export it cannot drop is an
    error of the build, not a broken worker."""
    workerpack = site._load_build_module("cairn_workerpack", "workerpack.py")
    worker = 'import { a } from "./files.js";\nimport { b } from "./pyboot.js";\nconst c = a + b;\n'
    names = ["js/files.js", "js/pyboot.js"]
    out = workerpack.bundled(worker, ["export const a = 1;\n", "export function b() {}\n"], names)
    assert "const a = 1;" in out and "function b() {}" in out and "import" not in out and "export" not in out
    # a Python line in a template string is not an import
    assert "import gc, json" in workerpack.bundled(worker, ["export const a = `\nimport gc, json\n`;\n",
                                                            "export function b() {}\n"], names)
    for parts, worker_, says in [
        (["export const a = 1;\n", "export const a = 2;\n"], worker, "in both"),
        (["export const a = 1;\n", "export function b() {}\n"], worker + "const a = 3;\n", "in both"),
        (["export const a = 1;\n", 'import { x } from "./other.js";\nexport function b() {}\n'], worker, "import or export"),
        (["export default 1;\n", "export function b() {}\n"], worker, "import or export"),
        (["export const a = 1;\n", "export function b() {}\n"], worker + 'import { z } from "./ui.js";\n', "something else"),
        (["export const a = 1;\n", "export function b() {}\n"], 'import { a } from "./files.js";\n', "imports"),
    ]:
        with pytest.raises(workerpack.BundleError, match=says):
            workerpack.bundled(worker_, parts, names)
