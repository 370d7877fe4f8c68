"""The app in a real Chromium: boot, play by clicking the board, saves and
resume, export/import, bad imports, bot games to the end, undo, phone size,
storage trouble, worker crash recovery and offline reload."""
import json
import re

import pytest


def test_paints_before_engine_is_ready(app):
    app.open(wait_ready=False)
    # The shell is up while Python is still loading.
    assert app.page.is_visible("#home")
    assert app.page.is_visible("#saved-section")
    assert app.page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert app.page.is_visible("#boot-bar")
    app.wait_ready()
    assert not app.page.is_visible("#boot")
    games = app.games()
    hello = app.page.evaluate("window.cairn.engine.hello")
    assert games == [g["name"] for g in hello["games"]]
    assert "glenmore" in games
    assert app.page.inner_text("#game-list").count("players") == len(games)
    assert app.errors == []
    assert app.foreign == []   # no CDN, nothing beyond the site's own origin


def test_play_by_clicking_reload_resumes_and_undo(app):
    app.open()
    game = app.pick_game("glenmore")
    app.new_game(game, seats=("human", "human"), seed=4242)
    assert app.page.is_visible("#canvas") and app.page.is_visible("#panel")
    assert "Player 1" in app.page.inner_text("#turn")
    ways = [app.make_move() for _ in range(6)]
    if game == "glenmore":
        assert ways.count("canvas") >= 3, ways   # the Glen More board is clickable
    snap = app.snapshot()
    assert snap["view"]["ply"] == 6
    log_items = app.page.eval_on_selector_all("#log li", "els => els.length")
    assert log_items == len(snap["history"]) and log_items >= 6
    app.shot("play-desktop")

    app.page.reload()
    app.wait_ready()
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    again = app.snapshot()
    assert again["view"]["ply"] == 6
    assert again["history"] == snap["history"]
    assert again["save"]["moves"] == snap["save"]["moves"]

    # Undo the last move when the rules allow it.
    before = app.snapshot()
    while not before["view"]["can_undo"]:
        app.make_move()
        before = app.snapshot()
    assert app.page.is_enabled("#undo")
    app.page.click("#undo")
    app.page.wait_for_function(f"window.cairn.snapshot().view.ply === {before['view']['ply'] - 1}")
    after = app.snapshot()
    assert after["save"]["moves"] == before["save"]["moves"][:-1]
    # the log keeps the lines it had and drops the undone move's (it is not rebuilt on each move)
    lines = app.page.eval_on_selector_all("#log li", "els => els.length")
    assert lines == len(after["history"]) < len(before["history"])
    app.make_move()
    app.page.wait_for_function(f"document.querySelectorAll('#log li').length === window.cairn.snapshot().history.length")
    assert app.errors == []


def test_export_then_import(app, tmp_path):
    app.open()
    game = app.pick_game("glenmore")
    app.new_game(game, seats=("human", "human"), seed=777)
    for _ in range(3):
        app.make_move()
    snap = app.snapshot()
    with app.page.expect_download() as dl:
        app.page.click("#export")
    download = dl.value
    assert re.fullmatch(rf"{game}-\d{{4}}-\d\d-\d\d\.cairn\.json", download.suggested_filename)
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    save = json.loads(path.read_text())
    assert save["format"] == "cairn-save" and save["moves"] == snap["save"]["moves"]

    app.page.click("#home-btn")
    assert app.page.is_visible("#home")
    assert len(app.saved_index()) == 1
    app.page.set_input_files("#import-file", str(path))
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    imported = app.snapshot()
    assert imported["gid"] != snap["gid"]
    assert imported["view"]["ply"] == 3 and imported["history"] == snap["history"]
    app.page.click("#home-btn")
    assert len(app.saved_index()) == 2
    assert app.page.eval_on_selector_all("#saved-list li.saved", "els => els.length") == 2
    # The same file imported again opens the copy instead of making another.
    app.page.set_input_files("#import-file", str(path))
    app.page.wait_for_selector(".toast >> text=already in your saved games")
    app.page.wait_for_function(f"window.cairn.gid === '{imported['gid']}'")
    app.page.click("#home-btn")
    assert len(app.saved_index()) == 2

    # Delete the imported copy; the original stays.
    app.page.once("dialog", lambda d: d.accept())
    app.page.click(f"#saved-list li[data-gid='{imported['gid']}'] button.delete")
    assert [e["gid"] for e in app.saved_index()] == [snap["gid"]]
    assert app.page.evaluate(f"localStorage.getItem('cairn:save:{imported['gid']}')") is None


def _drop_file(page, name, text):
    page.evaluate("""([name, text]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, {type: "application/json"}));
        document.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
    }""", [name, text])


def test_corrupt_import_shows_error_and_changes_nothing(app, tmp_path):
    app.open()
    game = app.pick_game("glenmore")
    app.new_game(game, seats=("human", "human"), seed=99)
    app.make_move()
    good = app.snapshot()["save"]
    app.page.click("#home-btn")
    index = app.saved_index()
    listing = app.page.inner_text("#saved-list")

    bad = tmp_path / "broken.cairn.json"
    bad.write_text('{"format": "cairn-save", "format_ver')
    app.page.set_input_files("#import-file", str(bad))
    app.page.wait_for_selector("#import-error:not([hidden])")
    assert "not valid JSON" in app.page.inner_text("#import-error")

    # A well-formed file whose log holds an illegal move, dropped on the page.
    forged = dict(good, moves=[{"type": "take", "space": 999}] if game == "glenmore" else [{"type": "nonsense"}])
    app.page.eval_on_selector("#import-error", "e => { e.hidden = true; e.textContent = ''; }")
    _drop_file(app.page, "forged.cairn.json", json.dumps(forged))
    app.page.wait_for_selector("#import-error:not([hidden])")
    assert "illegal" in app.page.inner_text("#import-error")

    assert app.page.is_visible("#home")
    assert app.saved_index() == index
    assert app.page.inner_text("#saved-list") == listing
    assert app.page.evaluate("window.cairn.gid") is None
    assert app.errors == []


@pytest.mark.parametrize("game", ["glenmore", "hunters"])
def test_bots_play_a_full_game(app, game):
    app.open("?fast=1")
    if game not in app.games():
        pytest.skip(f"{game} is not in this build")
    app.new_game(game, seats=("bot:random", "bot:easy"), seed=31)
    app.page.wait_for_function("document.documentElement.dataset.over === '1'", timeout=120_000)
    snap = app.snapshot()
    assert snap["view"]["is_over"] and snap["winners"]
    table = app.page.wait_for_selector("#score-table")
    assert table.is_visible()
    rows = app.page.eval_on_selector_all("#score-table tbody tr", "rs => rs.map(r => r.innerText)")
    assert rows[-1].startswith("Total")
    totals = [int(x) for x in rows[-1].split("\t")[1:]]
    assert totals == [s["total"] for s in snap["scores"]]
    assert len(rows) == len(snap["scores"][0]["breakdown"]) + 1
    # the rows are named as the engine names its categories
    assert [r.split("\t")[0] for r in rows[:-1]] == [snap["categories"][k] for k in snap["scores"][0]["breakdown"]]
    winners = app.page.eval_on_selector_all("#score-table thead th.winner", "ths => ths.length")
    assert winners == len(snap["winners"])
    assert app.saved_index()[0]["over"] is True
    app.shot(f"final-{game}")
    assert app.errors == []
    assert app.foreign == []


def test_list_renderer_plays_any_game(app):
    app.open("?renderer=list")
    for game in app.games():
        app.new_game(game, seats=("human", "human"), seed=3)
        assert app.page.evaluate("window.cairn.targets()") == []
        n = app.page.eval_on_selector_all("#choices button.choice", "bs => bs.length")
        assert n == len(app.snapshot()["legal"]) > 0
        for _ in range(3):
            assert app.make_move(prefer_canvas=False) == "choice"
        assert app.ply() == 3
        app.shot(f"list-{game}")
        app.page.click("#home-btn")
    assert len(app.saved_index()) == len(app.games())
    assert app.errors == []


def test_phone_portrait_touch(phone):
    phone.open()
    game = phone.pick_game("glenmore")
    phone.new_game(game, seats=("human", "bot:easy"), seed=5)
    # both measured at once: a first tip shown a moment after the game opens grows the panel and
    # shrinks the board (two reads apart once saw the board before and the panel after: CI)
    board, panel = phone.page.evaluate("""() => ['#board', '#panel'].map(
        (s) => document.querySelector(s).getBoundingClientRect().toJSON())""")
    assert panel["top"] >= board["bottom"] - 1 and board["height"] > 250   # board above, panel below
    assert panel["right"] <= 361
    targets = phone.page.evaluate("window.cairn.targets()")
    before = phone.ply()
    if targets:
        phone.page.touchscreen.tap(targets[0]["x"], targets[0]["y"])
    else:
        phone.page.tap("#choices button.choice")
    phone.page.wait_for_function(f"window.cairn.snapshot().view.ply > {before}")
    phone.shot("play-phone")
    assert phone.errors == []


# Every warning toast the page shows, recorded the moment it is added: a warning stays 12 s, and
# on a loaded machine the engine's start-up (which app.open() waits for) once took longer than
# that, so the toast was gone before the test looked (a fresh-clone run).
RECORD_WARNINGS = """
    window.__warns = [];
    new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes)
            if (n.classList && n.classList.contains('toast') && n.classList.contains('warn')) window.__warns.push(n.textContent);
    }).observe(document, { childList: true, subtree: true });
"""


def test_damaged_and_full_storage_do_not_crash(app):
    app.page.add_init_script("""
        if (!sessionStorage.getItem('seeded')) {
            sessionStorage.setItem('seeded', '1');
            localStorage.setItem('cairn:index', '[{"gid": "x", "game": ');
            localStorage.setItem('cairn:save:broken', '{{{');
        }
    """ + RECORD_WARNINGS)
    app.open()
    assert app.page.is_visible("#home")
    app.page.wait_for_function("window.__warns.length > 0")
    game = app.pick_game("glenmore")
    # Now make every write fail as if the storage were full.
    app.page.evaluate("""() => {
        Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
    }""")
    app.new_game(game, seats=("human", "human"), seed=1)
    app.page.wait_for_function("window.__warns.some((w) => w.includes('storage is full'))")
    app.make_move()
    assert app.ply() == 1
    assert app.errors == []


def test_crashed_worker_is_restarted_and_game_reloaded(app):
    app.open()
    game = app.pick_game("glenmore")
    app.new_game(game, seats=("human", "human"), seed=8)
    app.make_move()
    app.make_move()
    before = app.snapshot()
    # The worker "hangs": the next request is swallowed, so no answer comes
    # within the (shortened) timeout.
    app.page.evaluate("""() => {
        const e = window.cairn.engine;
        e.timeoutMs = 1500;
        e.worker.postMessage = () => { e.timeoutMs = 60000; };
    }""")
    targets = app.page.evaluate("window.cairn.targets()")
    if targets:
        app.page.mouse.click(targets[0]["x"], targets[0]["y"])
    else:
        app.page.click("#choices button.choice")
    app.page.wait_for_selector(".toast >> text=stopped")
    app.page.wait_for_selector(".toast >> text=reloaded", timeout=120_000)
    app.wait_ready()
    after = app.snapshot()
    assert after["view"]["ply"] == 2 and after["history"] == before["history"]
    app.make_move()
    assert app.ply() == 3
    assert app.errors == []


def test_works_offline_after_first_load(app):
    app.open()
    # The service worker is active once it has cached the whole site.
    assert app.page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    cached = app.page.evaluate("caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys()))))")
    assert sum(len(c) for c in cached) > 10
    app.context.set_offline(True)
    app.page.reload()
    app.wait_ready()
    game = app.pick_game("glenmore")
    app.new_game(game, seats=("human", "human"), seed=2)
    app.make_move()
    assert app.ply() == 1
