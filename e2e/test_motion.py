"""Moves shown moving (web/js/motion.js), one page for the three games: after a bot's move the
board changes over several frames within 600 ms with motion on (?motion=1: the tests' ?fast=1
alone shows none); a tap on the board during such a run ends it at once (the end position drawn
in the same task); with prefers-reduced-motion the end position shows from the first frame after
the bot's move and nothing runs."""
from __future__ import annotations

import pytest

from conftest import _new_app

# every animation frame: a small signature of the canvas (a 24x24 copy's sum), the motion state
RECORD = """() => {
  const c = document.getElementById('canvas');
  const small = document.createElement('canvas'); small.width = 24; small.height = 24;
  const g = small.getContext('2d', { willReadFrequently: true });
  window.__sig = () => { g.drawImage(c, 0, 0, 24, 24); const d = g.getImageData(0, 0, 24, 24).data;
    let s = 0; for (let i = 0; i < d.length; i += 1) s = (s * 31 + d[i]) % 1000000007; return s; };
  window.__frames = [];
  const loop = () => { requestAnimationFrame(loop);   // (first: a frame that throws, e.g. on a canvas of no size, keeps the loop)
    const m = window.cairn.motion() || {}; const s = window.cairn.snapshot();
    window.__frames.push({ t: performance.now(), sig: window.__sig(), running: !!m.running, kind: m.kind, ms: m.ms,
                           flights: m.flights, ply: s ? s.view.ply : null, seat: s ? s.view.current_player : null });
    if (window.__frames.length > 4000) window.__frames.splice(0, 2000); };
  requestAnimationFrame(loop);
}"""

# the last run of others' moves in the frames: [first frame, ..., last frame] while it ran
LAST_RUN = """() => { const f = window.__frames; let end = -1;
  for (let i = f.length - 1; i >= 0; i--) if (f[i].running && f[i].kind === 'moves') { end = i; break; }
  if (end < 0) return null;
  let start = end; while (start > 0 && f[start - 1].running && f[start - 1].kind === 'moves' && f[start - 1].ply === f[end].ply) start--;
  return f.slice(start, end + 2); }"""

# at the next frame where others' moves are shown moving: a tap on the board (its corner, where
# nothing is to choose), what the motion says at once, and whether the canvas then is the end
# position (as a fresh draw paints it); null when the person is to move again with no run
TAP_IN_A_RUN = """() => new Promise((done) => {
  // the person's move played here, and the look for the bot's run begun in the same task (a
  // round trip from the test after the move could come after a short run had ended)
  const s0 = window.cairn.snapshot(), legal = s0.legal || [];
  const first = ['expand', 'start_worker', 'take', 'place', 'end_activation', 'end_turn'];
  window.cairn.play(first.map((t) => legal.find((x) => x.type === t)).find(Boolean) || legal.find((x) => !['pass', 'sell'].includes(x.type)) || legal[0]);
  const c = document.getElementById('canvas'), t0 = performance.now();
  const look = () => {
    const m = window.cairn.motion(), s = window.cairn.snapshot();
    if (m && m.running && m.kind === 'moves') {
      const r = c.getBoundingClientRect();
      const ev = { bubbles: true, cancelable: true, pointerId: 9, pointerType: 'mouse', clientX: r.right - 2, clientY: r.bottom - 2 };
      c.dispatchEvent(new PointerEvent('pointerdown', ev));
      const now = window.cairn.motion(), tapped = window.__sig();
      c.dispatchEvent(new PointerEvent('pointerup', ev));
      window.cairn.renderer.draw();
      return done({ running: now.running, steps: now.steps, same: tapped === window.__sig() });
    }
    const idle = s && !window.cairn.busy && !(m && m.running) && (s.view.is_over || s.view.seats[s.view.current_player ?? s.view.current].kind === 'human');
    if ((idle && performance.now() - t0 > 100) || performance.now() - t0 > 15000) return done(null);
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""

BOT_TO_MOVE = "() => { const s = window.cairn.snapshot(); return !!s && !s.view.is_over && s.view.seats[s.view.current_player ?? s.view.current].kind !== 'human'; }"

GAMES = ("glenmore", "hunters", "caledonia")


def _start(app, game):
    if app.page.is_visible("#home-btn"):
        app.page.click("#home-btn")
    app.page.wait_for_selector("#game-list [data-game]", state="visible")
    app.new_game(game, seats=("human", "bot:easy"), seed=3)


# the bots at a pace near their normal one (?fast=1 has their moves come some 30 ms apart, so a
# run is cut short by the next move after a frame or two): each bot move asked 260 ms later
PACE = """(on) => { const e = window.cairn.engine;
  if (!e.__request) e.__request = e.request.bind(e);
  e.request = on ? async (op, args, ms) => { if (op === 'bot') await new Promise((r) => setTimeout(r, 260)); return e.__request(op, args, ms); }
                 : e.__request; }"""


def _until_a_run(app, tries=40, play=None, piece=False, whole=False):
    """The person's moves until a bot's move is shown moving (``piece``: a piece, a tile or a
    price, not only a count swelling; ``whole``: to its end, not cut short by the next move);
    that run's frames."""
    app.page.evaluate("window.__frames = []")
    for _ in range(tries):
        _settle(app)
        _move(app, play)
        _settle(app)
        run = app.page.evaluate(LAST_RUN)
        if run and (not whole or run[-1]["t"] - run[0]["t"] >= min(run[0]["ms"] or [0]) * 0.8) \
                and (not piece or any(not f.startswith("count:") for f in run[0]["flights"] or [])):
            return run
    raise AssertionError("no bot move was shown moving")


# the person's move, as a tap would play it (window.cairn.play): the first legal move, one that
# puts something on the board first (Caledonia's expansions and starting workers)
PLAY = """() => { const s = window.cairn.snapshot(), legal = s.legal || [];
  const m = legal.find((x) => ['expand', 'start_worker'].includes(x.type)) || legal.find((x) => x.type !== 'pass') || legal[0];
  const ply = s.view.ply; window.cairn.play(m); return ply; }"""


# the same, a move that gets on with the turn first (a Glen More tile taken and placed, the
# activations and the turn ended; no market sales): the bots move more often
ON = """() => { const s = window.cairn.snapshot(), legal = s.legal || [];
  const first = ['expand', 'start_worker', 'take', 'place', 'end_activation', 'end_turn'];
  const m = first.map((t) => legal.find((x) => x.type === t)).find(Boolean) || legal.find((x) => !['pass', 'sell'].includes(x.type)) || legal[0];
  const ply = s.view.ply; window.cairn.play(m); return ply; }"""


def _move(app, play=None):
    ply = app.page.evaluate(play or PLAY)
    app.page.wait_for_function(f"window.cairn.snapshot().view.ply !== {ply}")


def _settle(app):
    app.page.wait_for_function("""() => { const s = window.cairn.snapshot(); const m = window.cairn.motion();
      if (!s || window.cairn.busy || (m && m.running)) return false;
      return s.view.is_over || s.view.seats[s.view.current_player ?? s.view.current].kind === 'human'; }""", timeout=60_000)


@pytest.fixture(scope="module")
def app(chromium, site_url):
    """One page for the module's tests (one engine start)."""
    a = _new_app(None, chromium, site_url)
    a.open("?fast=1&nosw=1&motion=1&lang=en")
    a.page.evaluate(RECORD)
    yield a
    a.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_is_shown_moving_and_a_tap_ends_it(app, game):
    app.page.emulate_media(reduced_motion="no-preference")
    _start(app, game)
    painted = app.page.evaluate("window.cairn.renderer.tiles ? {...window.cairn.renderer.tiles.painted} : null")
    app.page.evaluate(PACE, True)
    try:
        run = _until_a_run(app, piece=True, whole=True)
    finally:
        app.page.evaluate(PACE, False)
    # the canvas changes over several frames within 600 ms; each step of the run 200-600 ms
    early = [f for f in run if f["t"] - run[0]["t"] <= 600]
    sigs = {f["sig"] for f in early}
    assert len(sigs) >= 3, (game, len(run), len(sigs))
    assert all(200 <= ms <= 600 for ms in run[0]["ms"]), (game, run[0]["ms"])
    # a run that ended by itself leaves the end position as a fresh draw paints it (what its
    # frames painted over is all put back)
    # (the first frame after the run, when no move came since)
    fresh = app.page.evaluate("() => { window.cairn.renderer.draw(); return [window.__sig(), window.cairn.snapshot().view.ply]; }")
    ended = run[-1] if not run[-1]["running"] else None
    if ended and fresh[1] == ended["ply"]:
        assert ended["sig"] == fresh[0], game
    # what the bots' moves changed moves too, within the runs of a few moves: a count they
    # raised (a score, coins, goods) flies to the players' panel from where the move was played
    # (a count lowered swells in place); Glen More's figure hops from the chain space it stood on,
    # Hunters' tile comes from the drawn tile (Caledonia's bots mostly spend in these rounds: a
    # count of theirs shown moving either way)
    want = {"glenmore": {"count:gain", "chain:travel"}, "hunters": {"count:gain", "tile:travel"}}.get(game, {"count:pulse"})
    flights = set(run[0]["flights"] or [])
    for _ in range(12):
        if want <= flights or (game == "caledonia" and "count:gain" in flights):
            break
        _until_a_run(app, play=ON)
        flights |= set(app.page.evaluate("window.__frames.flatMap((f) => f.flights || [])"))
    assert want <= flights or (game == "caledonia" and "count:gain" in flights), (game, flights)
    if game == "hunters":
        # the bots' tiles were painted off the page (js/renderers/hunters/artcache.js) before
        # their moves were shown: a move's frame only draws them (painting one there was 10-40 ms)
        now = app.page.evaluate("window.cairn.renderer.tiles.painted")
        assert now["worker"] - painted["worker"] >= 3 and now["page"] - painted["page"] < now["worker"] - painted["worker"], (painted, now)
    # a tap during a run ends it at once: the end position is drawn in the same task
    for _ in range(40):
        _settle(app)
        out = app.page.evaluate(TAP_IN_A_RUN)
        if out is None:
            continue
        assert out == {"running": False, "steps": 0, "same": True}, (game, out)
        break
    else:
        raise AssertionError("no run to tap")
    assert not app.errors, app.errors


def test_reduced_motion_shows_the_end_at_once(app):
    app.page.emulate_media(reduced_motion="reduce")
    _start(app, "glenmore")
    for _ in range(3):
        _settle(app)
        app.page.evaluate("window.__frames = []")
        _move(app)
        _settle(app)
        frames = app.page.evaluate("window.__frames")
        assert frames, "no frame recorded"
        assert not any(f["running"] for f in frames), "a run with reduced motion"
        # from the first frame after the bot's last move: the end position, unchanged
        last_ply = frames[-1]["ply"]
        after = [f["sig"] for f in frames if f["ply"] == last_ply]
        end = app.page.evaluate("window.__sig()")
        assert after and after[0] == end, (len(after), after[:3], end)
    app.page.emulate_media(reduced_motion="no-preference")
    assert not app.errors, app.errors


def test_a_step_of_the_replay_is_shown_moving_and_a_jump_is_not(app):
    """The replay (js/replay.js): one move forward (a step, the autoplay) is marked on the board
    and shown moving as in a game; a jump (the slider, Home) shows its position at once."""
    app.page.emulate_media(reduced_motion="no-preference")
    _start(app, "hunters")
    for _ in range(3):
        _settle(app)
        _move(app, ON)
    _settle(app)
    app.page.evaluate("document.getElementById('replay-btn').click()")   # the sheet's "Replay this game"
    app.page.wait_for_function("window.cairn.replay && window.cairn.replay.open && !window.cairn.replay.busy && window.cairn.replay.plies > 2")
    watch = """(go) => new Promise((done) => { const M = window.cairn.replay.renderer.motion; const was = window.cairn.replay.ply;
      go(); const t0 = performance.now(); let seen = null;
      const look = () => { const s = M.state(); if (s.running && s.kind === 'moves') seen = s;
        if (seen || performance.now() - t0 > 3000) return done({ seen, ply: window.cairn.replay.ply, was });
        requestAnimationFrame(look); }; requestAnimationFrame(look); })"""
    app.page.evaluate("window.cairn.replay.seek(0)")
    app.page.wait_for_function("window.cairn.replay.ply === 0 && !window.cairn.replay.busy")
    # a step: the move is shown moving, what it placed marked
    out = app.page.evaluate(watch.replace("go()", "window.cairn.replay.seek(1)"))
    assert out["seen"] and out["seen"]["flights"], out
    app.page.wait_for_function("!window.cairn.replay.renderer.motion.state().running")
    assert app.page.evaluate("window.cairn.replay.renderer.marked().length") > 0
    # a jump: the position at once, nothing marked
    out = app.page.evaluate(watch.replace("go()", "window.cairn.replay.seek(window.cairn.replay.plies)"))
    assert out["seen"] is None, out
    assert app.page.evaluate("window.cairn.replay.renderer.marked().length") == 0
    assert not app.errors, app.errors
