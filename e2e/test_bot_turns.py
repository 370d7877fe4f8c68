"""A bot's turn in the app is cancelled at once by Undo, Home or a new game:
the answer the worker is computing is dropped (never shown, never saved),
and the game is what the player expects.  The bot plays Hard (it thinks
for most of a second per step), the page runs with ``?fast=1`` (no pause
between bot steps)."""
import time

# Every value data-ply takes, in order (a MutationObserver sees each set,
# so a snapshot shown for a moment is recorded too).
WATCH_PLIES = """() => {
  window.__plies = [];
  new MutationObserver((records) => {
    for (const r of records) window.__plies.push(document.documentElement.dataset.ply ?? null);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ply"] });
}"""

# The bot (seat 2) is thinking, and the move it is thinking about could be
# undone (it has played a step of its turn already).
BOT_THINKING = """() => {
  const s = window.cairn.snapshot();
  return !!s && !s.view.is_over && s.view.current_player === 1 && s.view.can_undo && window.cairn.busy;
}"""

# Click a button in the same task as reading what is shown, so nothing
# the worker answers can slip in between.
CLICK = """(sel) => {
  const s = window.cairn.snapshot();
  const shown = { gid: window.cairn.gid, moves: s.save.moves.length, ply: s.view.ply };
  window.__plies = [];
  document.querySelector(sel).click();
  return shown;
}"""

SAVED_MOVES = """(gid) => {
  const raw = localStorage.getItem('cairn:save:' + gid);
  return raw ? JSON.parse(raw).moves.length : null;
}"""


def bot_mid_turn(app):
    """Play the human's steps until the bot is thinking mid-turn (a minute at most: the Hard
    bot's steps take the clock's time, and a turn whose first step revealed a tile does not
    count, so how many polls this takes depends on the machine's speed)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if app.page.evaluate(BOT_THINKING):
            return
        snap = app.snapshot()
        if snap["view"]["current_player"] == 0 and not app.page.evaluate("window.cairn.busy"):
            app.make_move()
        else:
            app.page.wait_for_timeout(10)
    raise AssertionError("the bot never thought mid-turn")


def test_undo_home_and_new_game_during_a_bots_turn_drop_its_answer(app):
    """One page (one engine boot, to keep it quick): a game (human, Hard bot)
    where the bot is thinking about a step after its first one, then Undo;
    again, Home (then resume); again, Home and a new game at once."""
    app.open("?fast=1")
    game = app.pick_game("glenmore")
    app.page.evaluate(WATCH_PLIES)
    app.new_game(game, seats=("human", "bot:hard"), seed=4321)

    # Undo.
    bot_mid_turn(app)
    shown = app.page.evaluate(CLICK, "#undo")
    # a refused undo may leave the position as shown without drawing it again
    app.page.wait_for_function("window.__plies.length > 0 || document.body.innerText.includes('Undo stops at move')",
                               timeout=10_000)
    app.page.wait_for_timeout(300)
    plies = app.page.evaluate("window.__plies")
    first = int(plies[0]) if plies else shown["ply"]
    # The answer the bot was computing never shows: the first position after
    # the click is the one shown, or earlier with the human to move.  (Here a
    # tile was revealed before the bot's turn, so undo cannot reach the
    # human's move: the game stays as shown, and a toast says why.)
    assert first <= shown["ply"]
    if first == shown["ply"]:
        assert "Undo stops at move" in app.page.inner_text("body")   # in the game's words (issue 58)
    else:
        assert app.snapshot()["view"]["current_player"] == 0

    # Home: nothing shown or saved after the click; resumed, the game is as left.
    bot_mid_turn(app)
    shown = app.page.evaluate(CLICK, "#home-btn")
    assert app.page.is_visible("#home") and not app.page.is_visible("#play")
    app.page.wait_for_timeout(2500)   # longer than the bot's step: its answer has come back by now
    assert app.page.evaluate("window.cairn.snapshot()") is None
    assert all(p is None for p in app.page.evaluate("window.__plies"))
    assert app.page.evaluate(SAVED_MOVES, shown["gid"]) == shown["moves"]
    app.page.evaluate("window.__plies = []")
    app.page.click(f"#saved-list [data-gid='{shown['gid']}'] .resume")
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    assert app.page.evaluate("window.__plies.filter((p) => p !== null)[0]") == str(shown["ply"])

    # Home and at once a new game: the old bot's answer never reaches it.
    bot_mid_turn(app)
    shown = app.page.evaluate(CLICK, "#home-btn")
    app.new_game(game, seats=("human", "bot:hard"), seed=777)
    assert app.page.evaluate("window.cairn.gid") != shown["gid"]
    app.page.wait_for_timeout(2500)   # the old bot's answer has come back by now
    now = app.snapshot()
    assert now["view"]["ply"] == 0 and now["save"]["moves"] == [] and now["view"]["current_player"] == 0
    assert app.page.evaluate(SAVED_MOVES, shown["gid"]) == shown["moves"]
    assert app.errors == []


# When the page shows the bot to move with only its turn's end left and no request out, the
# page waits its pause (350 ms) before asking the worker.  In that very moment (a
# MutationObserver on data-ply runs right after the page applied the snapshot, before any
# timer), without waiting for anything: the worker is asked for that step itself (as the
# page's own request would), and Undo is clicked on the page while the step is on its way.
# Then, in the moment the page shows its next position, the page's and the worker's games are
# read. No timing is involved: the load of the machine cannot let the page's bot in between.
STEP_AHEAD_THEN_UNDO = """() => {
  const c = window.cairn;
  window.__ahead = null;
  const watch = new MutationObserver(() => {
    const s = c.snapshot();
    if (!s || c.busy || s.view.current_player !== 1) return;
    if (s.legal.length !== 1 || s.legal[0].type !== 'end_turn') return;
    watch.disconnect();
    const shown = s.save.moves;
    c.engine.request('bot', { gid: c.gid }).then(
      (r) => { window.__ahead = { shown, ply: r.view.ply, can_undo: r.view.can_undo }; },
      (e) => { window.__ahead = { shown, error: String(e) }; });
    document.querySelector('#undo').click();
    // the page's next position shown (after the refusal, the worker given the shown position
    // back): the page's and the worker's games in that moment, before the bot may go on
    const after = new MutationObserver(() => {
      after.disconnect();
      const page = c.snapshot().save.moves.length;
      c.engine.request('state', { gid: c.gid }).then((w) => { window.__after = { page, worker: w.save.moves.length }; });
    });
    after.observe(document.documentElement, { attributes: true, attributeFilter: ['data-ply'] });
  });
  window.__after = null;
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-ply'] });
}"""

def test_a_refused_undo_puts_the_shown_position_back_in_the_worker(app):
    """Undo clicked while a bot's step is being computed cancels it on the page, but the
    worker still plays that step.  When the undo is then refused (the step revealed a tile),
    the step is dropped in the worker too: the worker's game is the one shown and saved, and
    the bot goes on from it (before, the next bot request started from a position never
    shown, and was refused for good if that step had ended the bot's turn)."""
    app.open()   # the bot's speed "normal": 350 ms before each of its steps
    game = app.pick_game("glenmore")
    app.new_game(game, seats=("human", "bot:random"), seed=4321)
    app.page.evaluate(STEP_AHEAD_THEN_UNDO)
    # the human plays until the bot comes to a turn whose last step is a forced end that refills
    # the rondel (a reveal, then the human's turn)
    deadline = time.monotonic() + 90
    while not app.page.evaluate("window.__ahead"):
        assert time.monotonic() < deadline, "the bot never came to its turn's last step"
        snap = app.snapshot()
        if snap["view"]["current_player"] == 0 and not app.page.evaluate("window.cairn.busy"):
            app.make_move()
        else:
            app.page.wait_for_timeout(20)
    ahead = app.page.evaluate("window.__ahead")
    shown = ahead["shown"]
    assert ahead.get("ply") == len(shown) + 1 and not ahead.get("can_undo"), ahead
    app.page.wait_for_function("document.body.innerText.includes('Undo stops at move')", timeout=10_000)
    app.page.wait_for_function("window.__after", timeout=10_000)
    now = app.page.evaluate("window.__after")
    assert now == {"page": len(shown), "worker": len(shown)}, now
    # and the bot goes on from there
    app.page.wait_for_function(f"window.cairn.snapshot().save.moves.length > {len(shown)}", timeout=15_000)
    assert app.snapshot()["save"]["moves"][:len(shown)] == shown
