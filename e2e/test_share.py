"""Share a game as a link (web/js/share.js): the link made in one browser
opens the same position in a fresh profile (a game in progress copied to the
clipboard, a finished one from the saved list through the fallback field and
arriving while the app is open); Share through the Web Share API (stubbed);
damaged links show an error and change nothing, at start and while a game
is open."""
import base64
import json
import zlib

import pytest
from cairn import new_game
from cairn.bots import choose_move

from conftest import _finish, _new_app


def check_of(data: str) -> str:
    """A link's check: the CRC-32 of its data, 4 bytes big-endian, base64url (web/js/share.js)."""
    return base64.urlsafe_b64encode(zlib.crc32(data.encode()).to_bytes(4, "big")).decode().rstrip("=")


def fragment_of(raw: bytes) -> str:
    """``#save=`` + base64url (no padding) of raw deflate of ``raw`` + ``.`` + its check."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = base64.urlsafe_b64encode(comp.compress(raw) + comp.flush()).decode().rstrip("=")
    return f"#save={data}.{check_of(data)}"


def data_of(link: str) -> str:
    """A link's data (without its check, which must be right)."""
    data, check = link.split("#save=", 1)[1].rsplit(".", 1)
    assert check == check_of(data)
    return data


def compact(save) -> bytes:
    return json.dumps(save, separators=(",", ":"), ensure_ascii=False).encode()


def storage(app):
    return app.page.evaluate("Object.fromEntries(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]))")


def same_position(a, b):
    """Two snapshots show the same game at the same point."""
    assert a["view"] == b["view"]
    assert a["scores"] == b["scores"] and a["winners"] == b["winners"]
    assert a["save"]["moves"] == b["save"]["moves"] and a["save"]["seed"] == b["save"]["seed"]
    assert [h["text"] for h in a["history"]] == [h["text"] for h in b["history"]]


@pytest.fixture
def pair(request, chromium, site_url):
    """Two browsers with separate profiles: the sender (clipboard allowed) and the receiver."""
    made = []
    for _ in range(2):
        a = _new_app(request, chromium, site_url)
        made.append(a)
    made[0].context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    yield made
    for a in made:
        _finish(request, a)


def open_share_dialog(app, selector):
    app.page.click(selector)
    app.page.wait_for_selector("#share[open] #share-copy:enabled")
    return app.page.get_attribute("#share", "data-link")


def test_link_opens_the_same_position_in_a_fresh_profile(pair):
    sender, receiver = pair
    sender.open("?fast=1")
    sender.new_game("glenmore", seats=("human", "human"), seed=2024)
    for _ in range(4):
        sender.make_move()
    snap = sender.snapshot()

    link = open_share_dialog(sender, "#share-btn")
    sender.page.click("#share-copy")
    sender.page.wait_for_selector(".toast >> text=Link copied")
    copied = sender.page.evaluate("navigator.clipboard.readText()")
    assert copied == link and "/index.html#save=" in link
    data = data_of(link)
    assert set(data) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    # the same raw deflate as Python's zlib (wbits=-15); sizes close, the JSON identical
    padded = data + "=" * (-len(data) % 4)
    assert zlib.decompress(base64.urlsafe_b64decode(padded), -15) == compact(snap["save"])
    py = fragment_of(compact(snap["save"]))
    print(f"link fragment for {snap['view']['ply']} moves: browser {len(data) + 13}, python zlib {len(py)}")
    assert abs(len(py) - (len(data) + 13)) <= 0.1 * len(py)

    receiver.open(link[len(sender.url):])   # index.html#save=... on the receiver's own server address
    receiver.page.wait_for_selector("#link-prompt[open] #link-resume")
    assert "Glen More" in receiver.page.inner_text("#link-prompt") and "4 moves" in receiver.page.inner_text("#link-prompt")
    assert receiver.saved_index() == []          # nothing stored before the player says so
    receiver.page.click("#link-resume")
    receiver.page.wait_for_function("window.cairn.snapshot() !== null")
    receiver.wait_idle()
    same_position(receiver.snapshot(), snap)
    assert receiver.page.evaluate("location.hash") == ""
    assert len(receiver.saved_index()) == 1
    # reloading does not import again
    receiver.page.reload()
    receiver.wait_ready()
    receiver.page.wait_for_function("window.cairn.snapshot() !== null")
    assert len(receiver.saved_index()) == 1 and not receiver.page.is_visible("#link-prompt")

    # a finished 4-player game (played by the engine's random bots in Python),
    # shared from the saved list with the clipboard blocked
    g = new_game("glenmore", players=[{"kind": "bot", "level": "random", "name": f"Bot {i + 1}"} for i in range(4)], seed=77)
    while not g.is_over:
        g.play(choose_move(g, "random", seed=len(g.log)))
    done = g.to_save()
    sender.page.click("#home-btn")
    sender.page.evaluate("""([save, plies]) => {
        localStorage.setItem("cairn:save:gdone", JSON.stringify(save));
        const index = JSON.parse(localStorage.getItem("cairn:index") || "[]");
        index.unshift({gid: "gdone", game: "glenmore", title: "Glen More", players: save.seats.map(s => s.name),
                       ply: plies, over: true, result: "", created: Date.now(), updated: Date.now()});
        localStorage.setItem("cairn:index", JSON.stringify(index));
    }""", [done, len(done["moves"])])
    sender.page.reload()
    sender.wait_ready()
    sender.page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('blocked')); }")
    link2 = open_share_dialog(sender, "#saved-list li[data-gid='gdone'] button.share")
    sender.page.click("#share-copy")
    field = sender.page.wait_for_selector("#share-link:visible")
    assert field.input_value() == link2
    assert sender.page.evaluate("document.activeElement.id") == "share-link"
    sender.page.click("#share-close")
    data2 = data_of(link2)
    assert zlib.decompress(base64.urlsafe_b64decode(data2 + "=" * (-len(data2) % 4)), -15) == compact(done)
    py = fragment_of(compact(done))
    print(f"finished 4-player Glen More ({len(done['moves'])} moves): link {len(link2)} characters, "
          f"fragment browser {len(data2) + 13}, python zlib {len(py)}")
    assert abs(len(py) - (len(data2) + 13)) <= 0.1 * len(py)

    # it arrives while the receiver's app is open, in a game; a finished game
    # opens in the replay view at its end
    frag2 = "#save=" + link2.split("#save=", 1)[1]
    receiver.page.evaluate("h => { location.hash = h; }", frag2)
    receiver.page.wait_for_selector("#link-prompt[open] #link-resume")
    assert "Finished" in receiver.page.inner_text("#link-prompt")
    receiver.page.click("#link-resume")
    plies = len(done["moves"])
    receiver.page.wait_for_function(f"window.cairn.replay && window.cairn.replay.open && window.cairn.replay.ply === {plies} && !window.cairn.replay.busy")
    shown = receiver.page.evaluate("window.cairn.replay.snapshot()")
    assert shown["view"]["is_over"] and shown["view"]["ply"] == plies
    assert [x["total"] for x in shown["scores"]] == [x["total"] for x in g.scores()]
    assert shown["winners"] == g.winners()
    index = receiver.saved_index()
    assert len(index) == 2 and index[0]["over"] is True
    stored = json.loads(receiver.page.evaluate(f"localStorage.getItem('cairn:save:{index[0]['gid']}')"))
    assert stored["moves"] == done["moves"] and stored["seed"] == done["seed"]

    # the same link again: already there, no copy made; Replay starts at the first move
    receiver.page.evaluate("h => { location.hash = h; }", frag2)
    receiver.page.wait_for_selector("#link-prompt[open] >> text=already in your saved games")
    receiver.page.click("#link-replay")
    receiver.page.wait_for_function("window.cairn.replay.open && window.cairn.replay.ply === 0 && !window.cairn.replay.busy")
    assert len(receiver.saved_index()) == 2
    # Cancel on the prompt changes nothing
    before = storage(receiver)
    receiver.page.evaluate("h => { location.hash = h; }", "#save=" + link.split("#save=", 1)[1])
    receiver.page.wait_for_selector("#link-prompt[open] #link-cancel")
    receiver.page.click("#link-cancel")
    assert storage(receiver) == before
    assert sender.errors == [] and receiver.errors == []
    assert sender.foreign == [] and receiver.foreign == []


def test_system_share_and_bad_links(app):
    """Share through the Web Share API (stubbed: headless Chromium has none);
    then damaged links show an error and change nothing."""
    app.open("?fast=1")
    app.new_game("glenmore", seats=("human", "human"), seed=99)
    app.make_move()
    app.make_move()
    good_save = app.snapshot()["save"]
    # where the browser has the Web Share API (phones), Share sends the link or the file
    app.page.evaluate("""() => {
        navigator.share = async (d) => { window.sent = {url: d.url, files: d.files && await Promise.all(d.files.map(async f => [f.name, await f.text()]))}; };
        navigator.canShare = (d) => !!(d.files && d.files.every(f => f.name.endsWith(".cairn.json")));
    }""")
    link = open_share_dialog(app, "#share-btn")
    app.page.click("#share-send")
    app.page.wait_for_function("window.sent && window.sent.url")
    assert app.page.evaluate("window.sent.url") == link and not app.page.is_visible("#share")
    open_share_dialog(app, "#share-btn")
    app.page.click("#share-file")
    app.page.wait_for_function("window.sent && window.sent.files")
    [[filename, text]] = app.page.evaluate("window.sent.files")
    assert filename.startswith("glenmore-") and filename.endswith(".cairn.json") and json.loads(text) == good_save
    data = data_of(link)
    check = check_of(data)
    gid, ply = app.page.evaluate("window.cairn.gid"), app.ply()
    before = storage(app)

    flipped = data[:40] + ("A" if data[40] != "A" else "B") + data[41:]
    bad_move = dict(good_save, moves=[{"type": "no-such-move"}] + good_save["moves"])
    bad = {
        "truncated": "#save=" + data[: len(data) // 2],
        "flipped": "#save=" + flipped,
        "flipped, with its check": f"#save={flipped}.{check}",
        "check fails": f"#save={data}.{'AAAAAA' if check != 'AAAAAA' else 'BBBBBB'}",
        "not base64": "#save=" + data[:20] + "!*~" + data[20:],
        "one char too many": "#save=" + data + "A",
        "garbage": "#save=aGVsbG8gd29ybGQ",
        "empty": "#save=",
        "not a save": fragment_of(b'{"hello": "world"}'),
        "not json": fragment_of(b"<html>nope</html>"),
        "refused by the engine": fragment_of(compact(bad_move)),
        "too large unpacked": fragment_of(b" " * (5 * 1024 * 1024)),
    }
    for name, frag in bad.items():
        app.page.evaluate("document.querySelector('#toasts').replaceChildren()")
        app.page.evaluate("h => { location.hash = h; }", frag)
        toast = app.page.wait_for_selector(".toast.error", timeout=15_000)
        text = toast.inner_text()
        assert "Cannot open the shared game" in text, (name, text)
        assert not app.page.is_visible("#link-prompt"), name
        assert app.page.evaluate("location.hash") == "", name
        assert app.page.evaluate("window.cairn.gid") == gid and app.ply() == ply, name
        assert storage(app) == before, name
        print(f"{name}: {text.strip()}")
        if name in ("check fails", "flipped, with its check"):
            assert "check does not match" in text, (name, text)
    assert "too large" in text

    # opened with a bad link: the current game comes back, the error shows, nothing stored
    app.page.goto(app.url + "index.html?fast=1" + bad["truncated"])
    app.wait_ready()
    app.page.wait_for_selector(".toast.error >> text=Cannot open the shared game")
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    assert app.page.evaluate("window.cairn.gid") == gid and app.ply() == ply
    after = storage(app)   # resuming the game re-saves it: only its "last played" time moves
    unstamped = lambda index: [{k: v for k, v in e.items() if k != "updated"} for e in json.loads(index)]
    assert unstamped(after.pop("cairn:index")) == unstamped(before.pop("cairn:index"))
    assert after == before
    assert app.errors == []
