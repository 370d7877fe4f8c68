"""Following a tutorial as a learner would (e2e/test_tutorial.py, web/dev/shoot_tutorial.py):
only what is lit: the button with the light (js/spotlight.js), else the ring's middle on
the board, tapped (touch) or clicked; each step checked to move on."""
from __future__ import annotations

LIGHT = """() => {
  const b = document.querySelector('#choices button.spot');
  if (b) {   // the middle of the part of it in sight (a wide button in a row that scrolls sideways)
    const q = b.getBoundingClientRect(), p = b.parentElement.getBoundingClientRect();
    const x0 = Math.max(q.left, p.left, 0), x1 = Math.min(q.right, p.right, window.innerWidth);
    return {kind: 'button', x: (x0 + x1) / 2, y: q.y + q.height / 2, sig: 'b:' + b.textContent}; }
  const r = document.getElementById('spot-ring');
  if (r && !r.hidden) { const q = r.getBoundingClientRect();
    return {kind: 'ring', x: q.x + q.width / 2, y: q.y + q.height / 2, sig: 'r:' + Math.round(q.x) + ',' + Math.round(q.y)}; }
  return null; }"""

STATE = """() => { const s = window.cairn.snapshot(); const c = document.getElementById('tutor');
  return { ply: s ? s.view.ply : -1, busy: window.cairn.busy, step: c.dataset.step || null,
           ended: !!c.querySelector('.tut-real'), text: (c.querySelector('.tut-say') || {}).textContent || '' }; }"""


def tap(page, x, y, touch):
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def wait_learner(page, timeout=30_000):
    """Until the learner is to move (the card lights a move) or the tutorial has ended."""
    page.wait_for_function("""() => { const s = window.cairn.snapshot(); const c = document.getElementById('tutor');
      if (!s || window.cairn.busy || c.hidden) return false;
      if (c.querySelector('.tut-real')) return true;
      const seat = s.view.seats[s.view.current_player];
      return !!seat && seat.kind === 'human' && c.dataset.step === String(s.view.ply)
        && (!!document.querySelector('#choices button.spot') || !document.getElementById('spot-ring').hidden); }""", timeout=timeout)


def follow_step(page, touch, limit=8):
    """Tap what is lit until the step's move is played; returns the taps it took."""
    ply = page.evaluate("window.cairn.snapshot().view.ply")
    for taps in range(1, limit + 1):
        try:
            page.wait_for_function(f"!!({LIGHT})()", timeout=5000)
        except Exception:
            raise AssertionError(f"nothing lit at ply {ply}") from None
        light = page.evaluate(LIGHT)
        tap(page, light["x"], light["y"], touch)
        page.wait_for_function(f"""() => {{ const s = window.cairn.snapshot();
          if (s && s.view.ply !== {ply}) return true;
          const l = ({LIGHT})(); return !l || l.sig !== {light["sig"]!r}; }}""", timeout=30_000)   # (a loaded machine: the engine's reply)
        if page.evaluate("window.cairn.snapshot().view.ply") != ply:
            return taps
    raise AssertionError(f"the step at ply {ply} did not move on after {limit} taps")


def follow_all(page, touch, on_step=None):
    """Follow the open tutorial to its end; returns the learner's moves as played."""
    played = []
    for _ in range(60):
        wait_learner(page)
        st = page.evaluate(STATE)
        if st["ended"]:
            return played
        if on_step:
            on_step(st)
        before = page.evaluate("window.cairn.snapshot().view.ply")
        follow_step(page, touch)
        played.append(page.evaluate(f"window.cairn.snapshot().save.moves[{before}]"))
    raise AssertionError("the tutorial did not end")
