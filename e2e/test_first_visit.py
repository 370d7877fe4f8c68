"""A first visit as from a plain static host (every file as it is: no
Content-Encoding, no Cache-Control) under a sub-path: the app boots, no file
is requested twice (the service worker keeps what the page and the worker
already downloaded), a game of every kind starts, and the reload offline
boots from what was kept.  Both first starts: the light one of a slow link
(Python from scratch, a snapshot made in the browser) and the fast link's
(the build's snapshot downloaded)."""
import collections
import contextlib
import importlib.util
import os
import time

import pytest

from conftest import ROOT, load_site_module

spec = importlib.util.spec_from_file_location("cairn_boot_bench", os.path.join(ROOT, "build", "boot_bench.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


@pytest.fixture(scope="module")
def plain_host():
    site = load_site_module()
    site.ensure_built(site.DIST)
    tally = bench.Tally()
    server = bench.plain_server(site, site.DIST, bench.Link(), tally)
    yield f"http://127.0.0.1:{server.server_address[1]}{bench.SUB_PATH}", tally
    server.shutdown()


@pytest.mark.parametrize("how, pack", [("light", "gzip"), ("light", "xz"), ("snapshot", "gzip")])
def test_first_visit_on_a_plain_host_downloads_each_file_once(chromium, plain_host, how, pack):
    """(The packing chosen: the worker's own choice goes by the link, see
    test_a_slow_link_gets_the_xz_copies.)"""
    url, tally = plain_host
    context = chromium.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        t0 = time.monotonic()
        page.goto(url + f"?fast=1&renderer=list&boot={how}&pack={pack}")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        boot = page.evaluate("window.cairn.engine.boot")
        assert boot["mode"] == ("fresh" if how == "light" else "snapshot"), boot
        # The progress bar said how much was left to download, down to nothing.
        left = [e[3] for e in page.evaluate("window.cairn.bootLog") if e[3] is not None]
        assert max(left) > 2e6 and left[-1] == 0
        assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
        if how == "light":
            page.wait_for_function("window.cairn.engine.boot.kept && window.cairn.engine.boot.kept.kept", timeout=60_000)
        bench.settle(tally, quiet=1.5, limit=60)
        rows = tally.since(t0)
        counts = collections.Counter(r[1] for r in rows)
        assert [p for p, n in counts.items() if n > 1] == []
        paths = set(counts)
        prefix = bench.SUB_PATH
        # Packed downloads only, in the packing chosen (the runtime's JavaScript, which
        # tells the link's speed, always gzip); the raw runtime and images never, nor
        # Pyodide's whole standard library (the build's cut has every module the engine imports).
        ext, other = (".xz", ".gz") if pack == "xz" else (".gz", ".xz")
        assert prefix + "pyodide/pyodide.asm.mjs.gz" in paths
        assert {prefix + p + ext for p in ("pyodide/pyodide.asm.wasm", "boot/native.bin", "boot/later.bin")} <= paths
        assert not [p for p in paths if p.endswith(other) and not p.endswith(("/pyodide.asm.mjs.gz", "/pyodide.mjs.gz",
                                                                             "/data.bin.gz", "/snapshot.bin.gz"))]
        if pack == "xz":
            assert prefix + "js/vendor/xz-decompress.mjs" in paths
        assert not paths & {prefix + p for p in ("pyodide/pyodide.asm.wasm", "boot/native.bin", "boot/later.bin",
                                                  "pyodide/pyodide-lock.json", "pyodide/python_stdlib.zip")}
        assert (prefix + "boot/snapshot.bin.gz" in paths) == (how == "snapshot")
        # A start from scratch brings the cut standard library and the start's modules;
        # a restore needs none of them.
        start = {prefix + p + ext for p in ("boot/stdlib.zip", "boot/deps.bin", "boot/engine.bin")}
        assert (start <= paths) == (how == "light") and (not start & paths) == (how == "snapshot")
        # English: no language's catalogue (neither the engine's nor the page's)
        assert not [p for p in paths if "/lang/" in p or "/locale/" in p]
        sent = sum(r[2] for r in rows)
        assert sent < ((7e6 if pack == "xz" else 12e6) if how == "light" else 22e6), sent

        # Every game starts and takes a move; then the same offline.
        games = page.eval_on_selector_all("#game-list [data-game]", "els => els.map(e => e.dataset.game)")
        assert len(games) == 3

        def play_each():
            for game in games:
                page.click(f"#game-list [data-game='{game}']")
                page.click("#ng-start")
                page.wait_for_function("window.cairn.snapshot() !== null && !window.cairn.busy")
                assert page.evaluate("window.cairn.snapshot().view.game") == game
                if page.is_visible("#choices button.more"):   # (a phone's bar: its choices in a list)
                    page.click("#choices button.more")
                page.click("#choices button:not(.more) >> nth=0")
                page.wait_for_function("window.cairn.snapshot().view.ply >= 1 || window.cairn.snapshot().history.length > 1")
                page.click("#home-btn")

        play_each()
        context.set_offline(True)
        page.goto(url + "?fast=1&renderer=list")   # the usual start, from what was kept
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        again = page.evaluate("window.cairn.engine.boot")
        assert again["mode"] == "snapshot" and again["bytes"] == 0, again
        # a start from scratch made this browser's snapshot; the build's was kept unpacked as one
        assert again["source"] == "local"
        play_each()
        assert errors == []
    finally:
        context.close()


@contextlib.contextmanager
def first_visit(chromium, dist, query, link=None):
    """``dist`` served as a plain host does (through ``link``), opened afresh with ``query``
    until the engine is ready: (the page, the paths the host sent since)."""
    site = load_site_module()
    tally = bench.Tally()
    server = bench.plain_server(site, str(dist), link or bench.Link(), tally)
    context = chromium.new_context()
    page = context.new_page()
    try:
        t0 = time.monotonic()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}{bench.SUB_PATH}{query}")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        yield page, {r[1] for r in tally.since(t0)}
    finally:
        context.close()
        server.shutdown()


def a_copy_of_the_site(tmp_path):
    import shutil

    site = load_site_module()
    site.ensure_built(site.DIST)
    dist = tmp_path / "dist"
    shutil.copytree(site.DIST, dist)
    return dist


def starts_a_game(page, game):
    page.click(f"#game-list [data-game='{game}']")
    page.click("#ng-start")
    page.wait_for_function("window.cairn.snapshot() !== null && window.cairn.snapshot().legal.length > 0")


def test_a_missing_build_snapshot_falls_back_to_a_start_from_scratch(chromium, tmp_path):
    """The host lacks boot/snapshot.bin.gz (a partial upload): the fast
    link's start asks for it, gets a 404, and starts Python from scratch."""
    dist = a_copy_of_the_site(tmp_path)
    (dist / "boot" / "snapshot.bin.gz").unlink()
    with first_visit(chromium, dist, "?fast=1&renderer=list&boot=snapshot") as (page, _):
        boot = page.evaluate("window.cairn.engine.boot")
        assert boot["mode"] == "fresh" and "404" in boot["reason"], boot
        starts_a_game(page, "hunters")


def test_a_slow_link_gets_the_xz_copies(chromium):
    """The worker times the runtime's JavaScript as it arrives: on a phone's
    link (here 8 Mbit/s, 40 ms) it asks for the xz copies (a quarter fewer
    bytes) and not the build's snapshot; the game plays."""
    site = load_site_module()
    site.ensure_built(site.DIST)
    with first_visit(chromium, site.DIST, "?fast=1&renderer=list&nosw", bench.Link(rate=1e6, rtt=0.04)) as (page, paths):
        boot = page.evaluate("window.cairn.engine.boot")
        assert boot["mode"] == "fresh" and boot["packing"] == "xz" and boot["link"] < 4e6, boot
        assert {bench.SUB_PATH + p for p in ("pyodide/pyodide.asm.wasm.xz", "boot/native.bin.xz", "boot/stdlib.zip.xz")} <= paths
        assert not [p for p in paths if p.endswith(("wasm.gz", "native.bin.gz", "stdlib.zip.gz", "snapshot.bin.gz"))]
        starts_a_game(page, "caledonia")


@pytest.mark.parametrize("broken", ["copies", "decoder"])
def test_xz_copies_missing_or_damaged_fall_back_to_gzip(chromium, tmp_path, broken):
    """A copy of the site without the runtime's xz copy (a 404) and with a damaged
    one of the native libraries, or without the decoder: the worker takes the gzip
    copies instead and starts."""
    dist = a_copy_of_the_site(tmp_path)
    if broken == "copies":
        (dist / "pyodide" / "pyodide.asm.wasm.xz").unlink()
        damaged = bytearray((dist / "boot" / "native.bin.xz").read_bytes())
        for i in range(4096, len(damaged) - 4096, 65536):
            damaged[i] ^= 0x5A
        (dist / "boot" / "native.bin.xz").write_bytes(bytes(damaged))
    else:
        (dist / "js" / "vendor" / "xz-decompress.mjs").unlink()
    with first_visit(chromium, dist, "?fast=1&renderer=list&boot=light&pack=xz&nosw") as (page, paths):
        assert page.evaluate("window.cairn.engine.boot.mode") == "fresh"
        assert {bench.SUB_PATH + p for p in ("pyodide/pyodide.asm.wasm.gz", "boot/native.bin.gz")} <= paths
        if broken == "copies":
            assert bench.SUB_PATH + "boot/native.bin.xz" in paths   # tried, then gzip
        else:
            assert not [p for p in paths if p.endswith(".xz")]
        starts_a_game(page, "glenmore")
