"""The app as an installed, offline app that starts at once: Chromium finds
it installable (from a sub-path too), after one visit it boots from the
start-up snapshot and plays every game, resumes and imports offline, a
damaged snapshot falls back to a normal start, the menu works while the
engine loads, and persistent storage is asked for."""
import functools
import json
import tempfile
import threading

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, load_site_module

pytestmark = pytest.mark.boot_by_link   # (how a start is chosen, and what it keeps, is what these test)

SUB_PATH = "/games/cairn/"


@pytest.fixture(scope="module")
def sub_path_url():
    """dist/ served under a sub-path (as on a static host's project page)."""
    site = load_site_module()
    site.ensure_built(site.DIST)

    class SubPathHandler(site.Handler):
        def translate_path(self, path):  # type: ignore[override]
            if not path.startswith(SUB_PATH):
                return "/nonexistent"
            return super().translate_path("/" + path[len(SUB_PATH):])

    server = site.Server(("127.0.0.1", 0), functools.partial(SubPathHandler, directory=site.DIST))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    server.shutdown()


def test_installable_from_a_sub_path(chromium, sub_path_url):
    # Installability is only judged in a normal (not incognito) profile.
    with tempfile.TemporaryDirectory(prefix="cairn-install-") as profile:
        ctx = chromium.browser_type.launch_persistent_context(profile, executable_path=CHROMIUM,
                                                              args=CHROMIUM_ARGS, headless=True)
        try:
            page = ctx.new_page()
            page.goto(sub_path_url)
            page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
            assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
            cdp = ctx.new_cdp_session(page)
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == []
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["errors"] == []
            assert manifest["url"] == sub_path_url + "manifest.webmanifest"
            parsed = json.loads(manifest["data"])
            assert parsed["display"] == "standalone" and parsed["short_name"] == "Cairn"
            icons = {(i["sizes"], i.get("purpose", "any")) for i in parsed["icons"]}
            assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= icons
            # Every icon and the apple-touch-icon load as PNGs of their size.
            sizes = page.evaluate("""async () => {
                const links = [...document.querySelectorAll("link[rel=apple-touch-icon]")].map(l => l.href);
                const m = await (await fetch(document.querySelector("link[rel=manifest]").href)).json();
                const urls = links.concat(m.icons.map(i => new URL(i.src, document.querySelector("link[rel=manifest]").href).href));
                return Promise.all(urls.map(async u => {
                    const b = await createImageBitmap(await (await fetch(u)).blob());
                    return [u.split('/').pop(), b.width, b.height];
                }));
            }""")
            assert sorted(sizes) == [["apple-touch-icon.png", 180, 180], ["icon-192.png", 192, 192],
                                     ["icon-512.png", 512, 512], ["icon-maskable-512.png", 512, 512]]
            # Start URL and scope are the sub-path the app was opened from.
            app_id = cdp.send("Page.getAppId")
            assert app_id.get("appId") == sub_path_url
        finally:
            ctx.close()


CACHED_PATHS = """caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k)
    .then(c => c.keys()).then(rs => rs.map(r => new URL(r.url).pathname))))).then(a => a.flat())"""


def _visit_and_cache(app, query="?fast=1&renderer=list"):
    app.open(query)
    assert app.page.evaluate("window.cairn.engine.boot.mode") == ("fresh" if "boot=light" in query else "snapshot")
    assert app.page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    app.page.wait_for_function("navigator.serviceWorker.controller !== null")
    if "boot=light" in query:   # a first start from scratch keeps a snapshot of its own
        app.page.wait_for_function("window.cairn.engine.boot.kept && window.cairn.engine.boot.kept.kept", timeout=60_000)
    keys = app.page.evaluate(CACHED_PATHS)
    assert any(k.endswith(("/boot/snapshot.bin.gz", "/boot/snapshot.local")) for k in keys)
    # Packed files are kept packed (the runtime and the native libraries also unpacked, by the
    # worker, for later starts); the wheels, Pyodide's whole standard library, the compressed
    # copies of plain files are not kept.
    assert any(k.endswith(("/pyodide/pyodide.asm.wasm.gz", "/pyodide/pyodide.asm.wasm.xz")) for k in keys)   # (the link chooses)
    assert not any(k.endswith((".whl", "/index.html.gz", "/python_stdlib.zip", "/stdlib.zip", "/engine.bin"))
                   for k in keys)
    assert len(app.page.evaluate("caches.keys()")) == 1


def test_whole_app_works_offline_after_one_visit(app, tmp_path):
    # the build's snapshot asked for: on a first visit the worker judges the link by how fast the
    # first downloads arrive, and a loaded machine (the suite's two processes, each with its
    # browser) once made this server look like a slow link, so the worker started from scratch
    # (a fresh-clone run); how the link is judged is test_first_visit's, not this test's
    _visit_and_cache(app, "?fast=1&renderer=list&boot=snapshot")
    games = app.games()
    assert len(games) >= 2
    app.new_game(games[0], seats=("human", "human"), seed=21)
    app.make_move(prefer_canvas=False)
    save = app.snapshot()["save"]
    (tmp_path / "kept.cairn.json").write_text(json.dumps(save))

    app.context.set_offline(True)
    app.page.reload()
    app.wait_ready()
    assert app.page.evaluate("window.cairn.engine.boot.mode") == "snapshot"
    # The open game came back by itself.
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    assert app.snapshot()["save"]["moves"] == save["moves"]
    app.page.click("#home-btn")
    for game in games:
        app.new_game(game, seats=("human", "human"), seed=5)
        assert app.snapshot()["view"]["game"] == game
        app.make_move(prefer_canvas=False)
        assert app.ply() == 1
        app.page.click("#home-btn")
    app.page.set_input_files("#import-file", str(tmp_path / "kept.cairn.json"))
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    assert app.snapshot()["save"]["moves"] == save["moves"]
    assert app.errors == [] and app.foreign == []


def test_first_start_from_scratch_keeps_a_snapshot_and_a_damaged_one_falls_back(app):
    """The light first start (a slow link's: nothing but the runtime and the
    packages) makes a start-up snapshot in the browser; the next start
    restores it; a damaged one is refused by its checksum, the engine starts
    from scratch and keeps a good one again."""
    _visit_and_cache(app, "?fast=1&renderer=list&boot=light")
    app.page.goto(app.url + "?fast=1&renderer=list")
    app.wait_ready()
    boot = app.page.evaluate("window.cairn.engine.boot")
    assert (boot["mode"], boot["source"], boot["bytes"]) == ("snapshot", "local", 0)
    app.page.evaluate("""async () => {
        for (const k of await caches.keys()) {
            const c = await caches.open(k);
            const url = new URL("boot/snapshot.local", location.href).href;
            const old = await c.match(url);
            const bytes = new Uint8Array(await old.arrayBuffer());
            for (let i = 1000000; i < bytes.length; i += 4096) bytes[i] ^= 0x5a;   // same size, damaged
            await c.put(url, new Response(bytes, { headers: old.headers }));
        }
    }""")
    app.page.reload()
    app.wait_ready()
    boot = app.page.evaluate("window.cairn.engine.boot")
    assert boot["mode"] == "fresh" and "damaged" in boot["reason"]
    texts = [e[0] for e in app.page.evaluate("window.cairn.bootLog")]
    assert any("from scratch" in t for t in texts)
    game = app.pick_game("glenmore")
    app.new_game(game, seats=("human", "human"), seed=8)
    app.make_move(prefer_canvas=False)
    assert app.ply() == 1
    app.page.wait_for_function("window.cairn.engine.boot.kept && window.cairn.engine.boot.kept.kept", timeout=60_000)
    app.page.reload()
    app.wait_ready()
    assert app.page.evaluate("window.cairn.engine.boot.source") == "local"
    assert app.errors == []


def test_a_first_start_from_scratch_speaks_the_pages_language_at_once(app):
    """A first visit that starts Python from scratch keeps a snapshot before answering the
    rest (a second or so); the page's language and the games' names in it are answered
    first, so the menu is never in the engine's English once the engine is ready."""
    app.page.goto(app.url + "?fast=1&renderer=list&boot=light&lang=pt-BR")
    app.page.wait_for_function("document.documentElement.dataset.engine === 'ready' && "
                               "document.querySelector('#game-list [data-game=caledonia]')", timeout=120_000)
    app.page.wait_for_function("document.querySelector('#game-list').innerText.includes('Clãs da Caledônia')", timeout=5_000)
    assert app.page.evaluate("window.cairn.engine.boot.mode") == "fresh"
    app.page.wait_for_function("window.cairn.engine.boot.kept && window.cairn.engine.boot.kept.kept", timeout=60_000)
    # answered before the snapshot was taken, not after it
    first = app.page.evaluate("window.cairn.engine.boot.kept.first")
    assert first[:1] == ["lang"] and "hello" in first, first
    # the next start, from that snapshot, is told its language again
    app.page.goto(app.url + "?fast=1&renderer=list&lang=ro")
    app.wait_ready()
    assert app.page.evaluate("window.cairn.engine.boot.source") == "local"
    app.page.wait_for_function("document.querySelector('#game-list').innerText.includes('Carcassonne: Vânători')", timeout=5_000)
    assert app.errors == []


HOLD_READY = """
(() => {
  // Holds the engine worker's "ready" message until window.__release().
  const desc = Object.getOwnPropertyDescriptor(Worker.prototype, "onmessage")
            || Object.getOwnPropertyDescriptor(EventTarget.prototype, "onmessage");
  let held = [], released = false;
  window.__release = () => { released = true; held.forEach(f => f()); held = []; };
  Object.defineProperty(Worker.prototype, "onmessage", {
    configurable: true,
    set(fn) {
      desc.set.call(this, (ev) => {
        if (!released && ev.data && ev.data.kind !== "progress") held.push(() => fn(ev));
        else fn(ev);
      });
    },
    get() { return desc.get.call(this); },
  });
})();
"""


def test_the_menu_names_the_games_in_the_pages_language_before_the_engine_is_up(app):
    """The build's copy of the engine's catalogue, shown while Python starts, carries the
    games' titles in each language: a first visit in Portuguese never lists them in English."""
    app.page.add_init_script(HOLD_READY)
    app.open("?renderer=list&lang=pt-BR", wait_ready=False)
    app.page.wait_for_function("document.querySelector('#game-list').innerText.includes('Clãs da Caledônia')", timeout=15_000)
    menu = app.page.inner_text("#game-list")
    assert "Carcassonne: Caçadores e Coletores" in menu and "Hunters" not in menu
    assert app.page.evaluate("document.documentElement.dataset.engine") == "loading"
    app.page.select_option("#lang-select", "ro")
    app.page.wait_for_function("document.querySelector('#game-list').innerText.includes('Carcassonne: Vânători')", timeout=5_000)
    app.page.evaluate("window.__release()")
    app.wait_ready()
    app.page.wait_for_function("document.querySelector('#game-list').innerText.includes('Carcassonne: Vânători')", timeout=5_000)
    assert app.errors == []


def test_menu_works_while_the_engine_loads(app):
    app.page.add_init_script(HOLD_READY)
    app.open("?renderer=list", wait_ready=False)
    app.page.click("#game-list [data-game='glenmore']")
    app.page.select_option("#ng-count", "3")
    app.page.evaluate("document.getElementById('ng-more').open = true")   # the seed is under More
    app.page.fill("#ng-seed", "77")
    app.page.click("#ng-start")
    app.page.wait_for_selector(".toast >> text=as soon as the engine is ready")
    assert app.page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert app.page.is_enabled("#import-btn")
    app.page.evaluate("window.__release()")
    app.wait_ready()
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    snap = app.snapshot()
    assert snap["view"]["game"] == "glenmore" and len(snap["view"]["seats"]) == 3
    assert app.errors == []


def test_persistent_storage_is_requested_and_usage_shown(app):
    app.open()
    assert app.page.evaluate("window.cairnStorage.requested") is False   # not before the player does anything
    app.page.click("#saved-section h2")
    app.page.wait_for_function("window.cairnStorage.requested || window.cairnStorage.persisted")
    app.page.wait_for_function("/use .* of this device's storage/.test(document.getElementById('storage-info').textContent)")
    assert app.page.is_visible("#storage-info")
