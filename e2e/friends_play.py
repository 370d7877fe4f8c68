"""Driving friends' games in e2e tests: each person is a browser context of
their own; links pass between them as text (read from the page's send
dialog, opened in the other page by setting its address's fragment, as a
tapped link in a chat app opens it). Moves are chosen through the page's
test hook (window.cairn.play), quickly, in the page."""
from __future__ import annotations

import json

import pytest

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


def people_(request, chromium, site_url, n, made, **size):
    """``n`` people, each a browser context of their own (a phone unless
    ``size`` says), their apps booting at once; appended to ``made`` (the
    fixture closes them)."""
    from conftest import _new_app
    apps = [_new_app(request, chromium, site_url, **(size or PHONE)) for _ in range(n)]
    made.extend(apps)
    for a in apps:
        a.open("?fast=1&nosw", wait_ready=False)
    for a in apps:
        a.wait_ready()
    return apps

# One player's whole turn, in the page: play this device's seats while they
# are to move (the bots of this device move by themselves), choosing each move
# by a small deterministic generator; resolves when it is no longer this
# device's turn.
PLAY_TURN = """async ([seed, most]) => {
  let x = seed >>> 0;
  let played = 0;
  const next = (n) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  const idle = () => new Promise((r) => { const w = () => (window.cairn.busy ? setTimeout(w, 5) : r()); w(); });
  for (let i = 0; i < 400; i++) {
    await idle();
    const s = window.cairn.snapshot();
    const f = s && s.friends;
    if (!f) return "none";
    if (f.my_bot) { await new Promise((r) => setTimeout(r, 10)); continue; }
    if (!f.my_turn || played >= most) return "done";
    const legal = s.legal;
    await window.cairn.play(legal[next(legal.length)]);
    played += 1;
  }
  return "long";
}"""


WAIT = """const wait = (f, ms = 30000) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const w = () => { let v = null; try { v = f(); } catch (e) { v = null; }
    if (v) resolve(v); else if (performance.now() - t0 > ms) reject(new Error("timed out")); else setTimeout(w, 5); };
  w(); });"""

# Send your turn, in the page: press the button, read the link from the dialog, close it.
SEND = """async () => { %s
  // (the bar shows Send once this device has signed its turn: a moment after the last move)
  (await wait(() => document.getElementById("friends-send-btn"))).click();
  const box = await wait(() => document.querySelector("#friends-send[open][data-link]"));
  const link = box.dataset.link;
  box.close();
  return link; }""" % WAIT

# Open a link in the page (its fragment set, as a tapped link does) and wait
# until the game moved on or a refusal shows: returns "ok" or the refusal.
OPEN = """async (hash) => { %s
  const s0 = window.cairn.snapshot();
  const before = s0 && s0.friends ? s0.friends.entries : -1;
  const gid = window.cairn.gid;
  location.hash = hash;
  await wait(() => { const r = document.querySelector("#friends-refused[open], #friends-fork[open], #friends-request[open], #friends-vote[open]"); if (r) return true;
    const s = window.cairn.snapshot();
    return s && s.friends && !window.cairn.busy && (window.cairn.gid !== gid || s.friends.entries !== before); });
  const fork = document.querySelector("#friends-fork[open]");
  if (fork) return "fork: " + fork.textContent;
  const asked = document.querySelector("#friends-request[open], #friends-vote[open]");
  if (asked) return "asked: " + asked.textContent;
  const r = document.querySelector("#friends-refused[open]");
  const started = document.querySelector("#friends-start-box[open]");   // the start: every seat's key, then Play
  if (started) started.close();
  if (!r) return "ok";
  const text = document.getElementById("friends-reason").textContent;
  r.close();
  return text; }""" % WAIT


def status(page):
    f = page.evaluate("window.cairn.snapshot() && window.cairn.snapshot().friends")
    return {k: v for k, v in (f or {}).items() if k != "record"}


def play_turn(page, seed=1, most=10_000):
    """This device's seats play while they are to move (at most ``most`` moves of a person's)."""
    got = page.evaluate(PLAY_TURN, [seed, most])
    assert got == "done", got


def read_dialog_link(page):
    page.wait_for_selector("#friends-send[open]")
    link = page.get_attribute("#friends-send", "data-link")
    page.click("#friends-send .close")
    page.wait_for_selector("#friends-send", state="hidden")
    return link


def send_turn(page, click=False):
    """Press Send your turn; the link it shows (``click``: as a pointer would, slower)."""
    if not click:
        return page.evaluate(SEND)
    page.click("#friends-send-btn")
    return read_dialog_link(page)


def fragment(link):
    return "#f=" + link.split("#f=", 1)[1]


def open_link(page, link, expect="new"):
    """Open ``link`` in ``page`` (the app already running there), as a tapped
    link does; waits until the game moved on or a refusal shows.  ``expect``:
    "new" (asserts it moved on; returns the status), "refused" (asserts a
    refusal; returns its text)."""
    got = page.evaluate(OPEN, fragment(link))
    if expect == "refused":
        assert got != "ok", "the link was not refused"
        return got
    assert got == "ok", got
    return status(page)


def create_game(page, game, kinds, names=None):
    """The host's new game with friends from the form: ``kinds`` for seats 2..n
    ("friend", "here", "bot:easy"); returns the invite links by participant."""
    page.click(f"#game-list [data-game='{game}']")
    page.check("input[name=where][value=friends]")
    page.select_option("#ng-count", str(len(kinds) + 1))
    selects = page.query_selector_all("#ng-seats .seat-kind")
    for sel, kind in zip(selects[1:], kinds):
        sel.select_option(kind)
    for i, name in enumerate(names or []):
        page.fill(f"#ng-seats input[name=name{i}]", name)
    page.click("#ng-start")
    page.wait_for_selector("#friends-lobby[open]")
    invites = {}
    rows = page.query_selector_all("#friends-lobby .lobby-row[data-part]")
    for row in rows:
        p = int(row.get_attribute("data-part"))
        row.query_selector("button.invite").click()
        invites[p] = read_dialog_link(page)
    return invites


def join(page, link, name=None):
    """A friend opens an invite and joins; returns the answer link."""
    page.evaluate("h => { location.hash = h; }", fragment(link))
    page.wait_for_selector("#friends-join-box[open]")
    if name:
        page.fill("#friends-name", name)
    page.click("#friends-join")
    return read_dialog_link(page)


def take_answer(page, link):
    """The host opens a friend's answer: waits until the lobby shows one more seat joined."""
    joined = "document.querySelectorAll('#friends-lobby[open] .lobby-row.joined').length"
    before = page.evaluate(joined)
    page.evaluate("h => { location.hash = h; }", fragment(link))
    page.wait_for_function(f"{joined} > {before}")


def start(page):
    page.wait_for_selector("#friends-lobby[open] #friends-start:enabled")
    page.click("#friends-start")
    page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().friends && !window.cairn.busy")
    page.wait_for_selector("#friends-start-box[open]")
    page.click("#friends-start-ok")


def setup(host, friends, game, kinds, names=None):
    """Invite, join and start: ``friends`` pages for the "friend" seats in order."""
    invites = create_game(host, game, kinds, names)
    for p, page in zip(sorted(invites), friends):
        take_answer(host, join(page, invites[p]))
    start(host)


def record_of(page):
    return json.loads(page.evaluate("JSON.stringify(window.cairn.snapshot().friends.record)"))


# -- the people's clocks and what the screens say ---------------------------------------------
def later(page, hours):
    """The page's clock (Date) ``hours`` from the real now (timers keep running):
    how a test lets a day pass without sleeping."""
    import time
    page.clock.set_fixed_time(time.time() + hours * 3600)


def read_link(page, box="#friends-send"):
    """The link a send dialog shows (it stays in the page's hands), closed."""
    page.wait_for_selector(f"{box}[open][data-link]")
    link = page.get_attribute(box, "data-link")
    page.evaluate("s => document.querySelector(s).close()", box)
    return link


def read_parts(page):
    """Every link of a several-links dialog (the whole game sent in parts)."""
    links = []
    while True:
        page.wait_for_selector("#friends-send[open][data-link]")
        links.append(page.get_attribute("#friends-send", "data-link"))
        if page.query_selector("#friends-next-part"):
            page.click("#friends-next-part")
            page.wait_for_function("n => document.querySelector('#friends-send').dataset.part === String(n)", arg=len(links))
        else:
            page.evaluate("document.querySelector('#friends-send').close()")
            return links


def tamper(link, change):
    """``link`` with its bytes changed by ``change(bytearray)`` and a right check
    (what anyone handling the link can do: the check is no secret)."""
    import base64
    import zlib
    head, rest = link.split("#f=", 1)
    data = rest.rsplit(".", 1)[0]
    raw = bytearray(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    change(raw)
    data = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    check = base64.urlsafe_b64encode(zlib.crc32(data.encode()).to_bytes(4, "big")).decode().rstrip("=")
    return f"{head}#f={data}.{check}"


def stored(page):
    """What the device keeps of its friends' games (records, saves, the list but when each was last opened)."""
    got = json.loads(page.evaluate("JSON.stringify(Object.keys(localStorage).filter(k => k.startsWith('cairn:friends:') || k.startsWith('cairn:save:') || k === 'cairn:index').sort().map(k => [k, localStorage.getItem(k)]))"))
    out = []
    for k, v in got:
        if k == "cairn:index":
            v = sorted((e["gid"], e.get("ply"), json.dumps(e.get("friends"), sort_keys=True)) for e in json.loads(v))
        out.append((k, v))
    return out


def notes(page):
    """The lines the game's log shows of what happened outside its moves."""
    return page.evaluate("(window.cairn.snapshot().history || []).filter(h => h.kind === 'note').map(h => h.text)")


WATCH = """() => { window.__errorToasts = []; new MutationObserver(() => {
  for (const t of document.querySelectorAll('.toast.error')) if (!t.dataset.watched) { t.dataset.watched = '1'; window.__errorToasts.push(t.textContent); } })
  .observe(document.body, { childList: true, subtree: true }); }"""


def watch_errors(*pages):
    """From now on, keep every error toast the pages show (an engine refusal of a move...)."""
    for p in pages:
        p.evaluate(WATCH)


def error_toasts(page):
    return page.evaluate("window.__errorToasts || []")


def take_parts(page, links, done):
    """``page`` opens every link of the whole game sent to it (each at most
    2,000 characters), then waits until ``done`` (a JS function) holds."""
    assert all(len(x) <= 2000 for x in links)
    for part in links:
        page.evaluate("h => { location.hash = h; }", fragment(part))
    page.wait_for_function(done)
    page.evaluate("() => { const d = document.getElementById('friends-start-box'); if (d && d.open) d.close(); }")


def rejoin(phone, invite):
    """A new phone opens the invite, chooses Rejoin: the request link it shows."""
    phone.evaluate("h => { location.hash = h; }", fragment(invite))
    phone.wait_for_selector("#friends-join-box[open]")
    phone.click("#friends-rejoin")
    return read_link(phone)


@pytest.fixture
def people(request, chromium, site_url):
    """``people(n)``: n people, each a browser context (closed at the end)."""
    from conftest import _finish
    made = []
    yield lambda n: globals()["people_"](request, chromium, site_url, n, made)
    for a in made:
        _finish(request, a)


# -- whole games: turns passed to every device, forks settled as their dialogs offer --------------
IDLE = "() => { const s = window.cairn.snapshot(); return s && s.friends && !window.cairn.busy; }"


def deliver(link, pages):
    """Each of ``pages`` opens ``link``; two versions met are settled as the
    fork dialog offers (go over to the version the others play, else keep
    one's own). Returns the fork dialogs' texts."""
    forks = []
    for p in pages:
        got = p.evaluate(OPEN, fragment(link))
        if got.startswith("fork: "):
            forks.append(got)
            over = p.query_selector("#friends-fork[open] #friends-go-over")
            before = p.evaluate("JSON.stringify(window.cairn.snapshot().friends.record)")
            p.click("#friends-go-over" if over else "#friends-keep")
            # (going over changes the game this device keeps: wait for it, not only for the engine
            # to be idle; the other version may hold as many entries as this one did)
            p.wait_for_function("([over, was]) => { const s = window.cairn.snapshot(); return s && s.friends && !window.cairn.busy"
                                " && !document.querySelector('#friends-fork[open]') && (!over || JSON.stringify(s.friends.record) !== was); }",
                                arg=[bool(over), before])
        else:
            assert got == "ok", got
    return forks


def acting(pages):
    """The page with something to do now (its turn, its bot's, or a link to send)."""
    for p in pages:
        st = status(p)
        if st.get("to_send") or st.get("my_turn") or st.get("my_bot"):
            return p
    raise AssertionError("no device has anything to do")


def pass_turns(by, current, until=None, to=None, seed=1, max_links=300):
    """Turns by links from ``current`` (the page to act): it plays and sends,
    and the next to act opens the link (``to``: also these pages; "all": every
    other page of ``by``), until ``until(page)`` holds for the page to act
    next or the game is over (the end goes to every other page of ``by``).
    Returns ``(that page or None at the end, the forks met)``."""
    forks = []
    for n in range(max_links):
        if until is not None and until(current):
            return current, forks
        play_turn(current, seed + n)
        st = status(current)
        if st["over"] and not st["to_send"]:
            return None, forks
        link = send_turn(current)
        assert len(link) <= 2000, len(link)
        if st["over"] or to == "all":
            targets = list(by.values())
        else:
            targets = [by[st["next"]]] + list(to or [])
        seen = []
        for p in targets:
            if p is not current and p not in seen:
                seen.append(p)
        forks += deliver(link, seen)
        if st["over"]:
            return None, forks
        current = by[st["next"]]
    raise AssertionError("the game did not end")


def rolled_back(page, key, copy):
    """``page``'s device put back to an earlier copy of its record (a restored
    backup, or cheating), reloaded."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, copy])
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready' && window.cairn.snapshot() && window.cairn.snapshot().friends && !window.cairn.busy")


def two_versions(page):
    """``page`` (whose turn it is) signs two versions of its turn: the first
    played from its first legal move, then its device put back and the turn
    played again from its last. Returns both links and who acts next in the first."""
    gid = page.evaluate("window.cairn.gid")
    key = f"cairn:friends:{gid}"
    copy = page.evaluate("k => localStorage.getItem(k)", key)
    legal = page.evaluate("window.cairn.snapshot().legal")
    assert len(legal) > 1
    page.evaluate("m => window.cairn.play(m)", legal[0])
    play_turn(page, 11)
    first_next = status(page)["next"]
    v1 = send_turn(page)
    rolled_back(page, key, copy)
    page.evaluate("m => window.cairn.play(m)", legal[-1])
    play_turn(page, 12)
    v2 = send_turn(page)
    return v1, v2, first_next


def hand_over(page, name):
    """``page`` (its clock past the turn clock) asks, from Players, to hand the seat
    the game waits for to a bot (Not answering?, confirmed)."""
    page.click("#friends-players-btn")
    page.wait_for_selector("#friends-players[open] button.retire")
    assert f"{name}" in page.text_content("#friends-players")
    page.click("#friends-players button.retire")
    page.click("#friends-retire")


def play_alone(page, seed=40):
    """The one device left plays to the end (its seats and the bots it plays)."""
    for n in range(400):
        if status(page)["over"]:
            return
        play_turn(page, seed + n)
        page.wait_for_function(IDLE)
    raise AssertionError("the game did not end")


def same_play(pages):
    """Every page holds the same moves, draws and scores; their snapshots, the first's first."""
    snaps = [p.evaluate("window.cairn.snapshot()") for p in pages]
    first = snaps[0]
    for s in snaps[1:]:
        assert s["save"]["moves"] == first["save"]["moves"]
        assert s["save"]["chance"] == first["save"]["chance"]
        assert s["scores"] == first["scores"]
    return snaps


def same_log(pages):
    """Every page holds the same game: moves, draws, scores, the log's notes."""
    first, *others = same_play(pages)
    for s in others:
        assert [h for h in s["history"] if h.get("kind") == "note"] == [h for h in first["history"] if h.get("kind") == "note"]
    return first
