"""Today's game (cairn.daily): one deal a day per game, and result links that prove
themselves - round trips, every kind of refusal, and a fuzz of mangled links."""
import datetime as dt
import json

import pytest

from cairn import daily
from cairn.core.rng import Rng
from cairn.facade import handle
from cairn.core.codec import b64, unb64

DAY = "2026-11-28"


def play_out(game, day=DAY, seed=5, bots="random", name="Ana", practice=False):
    """Today's game played to the end: the person by random moves, the bot by ``bots``
    ("random": random legal moves; "daily": today's bot)."""
    g = daily.new_daily(game, day, name, practice=practice)
    r = Rng(seed)
    while not g.is_over:
        if g.seats[g.current_player].kind == "bot" and bots == "daily":
            g.play(daily.bot_move(g))
        else:
            legal = g.legal_moves()
            g.play(legal[r.below(len(legal))])
    return g


def resealed(raw: bytes) -> str:
    """Link data whose check is made again after an edit (what a cheat would do)."""
    body = raw[:-daily.CHECK_BYTES]
    return b64(body + daily._check(body))


def refusal(data, today=DAY):
    with pytest.raises(daily.ResultError) as e:
        daily.read_result(data, today)
    return e.value


@pytest.fixture(scope="module")
def solo():
    return play_out("caledonia")


@pytest.fixture(scope="module")
def solo_link(solo):
    return daily.result_link(solo)


def test_the_same_date_and_game_give_the_same_deal_and_dates_differ():
    for game in daily.GAMES:
        a, b = daily.deal(game, DAY), daily.deal(game, dt.date(2026, 11, 28))
        assert a == b
        seeds = {daily.deal(game, dt.date(2026, 1, 1) + dt.timedelta(days=k))["seed"] for k in range(60)}
        assert len(seeds) == 60
        assert daily.deal(game, "2026-11-29")["fingerprint"] != a["fingerprint"]
    # the games' deals of one day differ from one another too
    assert len({daily.deal(g, DAY)["seed"] for g in daily.GAMES}) == len(daily.GAMES)
    solo = daily.deal("caledonia", DAY)
    assert solo["players"] == [{"kind": "human"}] and solo["opponent"] is None
    duel = daily.deal("glenmore", DAY)
    assert sorted(p["kind"] for p in duel["players"]) == ["bot", "human"]
    assert duel["players"][duel["human"]] == {"kind": "human"}


def test_dates_are_checked():
    for bad in ("2026-13-01", "28/11/2026", "2023-12-31", "2200-01-01", 20261128, None, "2026-11-28x"):
        with pytest.raises(ValueError):
            daily.deal("caledonia", bad)
    with pytest.raises(ValueError):
        daily.deal("chess", DAY)


def test_the_deal_is_the_game_everyone_meets():
    a, b = daily.new_daily("hunters", DAY, "Ana"), daily.new_daily("hunters", DAY, "Bruno")
    assert a.legal_moves() == b.legal_moves() and a.view(None)["seats"] != b.view(None)["seats"]
    assert a.state.__class__ is b.state.__class__
    assert json.dumps(a.view(0), sort_keys=True).replace("Ana", "X") == json.dumps(b.view(0), sort_keys=True).replace("Bruno", "X")


def test_a_result_link_round_trips(solo, solo_link):
    r = daily.read_result(solo_link, DAY)
    assert r["score"] == solo.scores()[0]["total"] and r["name"] == "Ana" and r["date"] == DAY
    assert r["game"] == "caledonia" and r["won"] is None and r["practice"] is False
    assert r["save"]["moves"] == solo.log
    assert r["outcome"]["msg"].startswith("Solo rating")
    assert len(solo_link) <= 1000
    practice = daily.read_result(daily.result_link(play_out("caledonia", practice=True)), DAY)
    assert practice["practice"] is True


def test_a_duel_round_trips_with_the_bots_moves_checked():
    g = play_out("hunters", bots="daily", seed=3)
    r = daily.read_result(daily.result_link(g), DAY)
    human = daily.deal("hunters", DAY)["human"]
    assert r["scores"] == [s["total"] for s in g.scores()] and r["human"] == human
    assert r["won"] == (human in g.winners())
    step = daily.check_bot_moves(r["save"], 0, 5)
    assert not step["done"] and 0 < step["next"] < step["plies"]
    assert daily.check_bot_moves(r["save"], step["next"], 10_000)["done"]


def test_a_bot_that_did_not_play_as_todays_bot_is_found():
    g = play_out("hunters", bots="random", seed=3)
    r = daily.read_result(daily.result_link(g), DAY)   # every move legal: the link itself is fine
    with pytest.raises(daily.ResultError) as e:
        daily.check_bot_moves(r["save"], 0, 10_000)
    assert e.value.code == "bots" and e.value.info["move"] >= 1


def test_a_changed_score_is_refused_with_both_scores(solo, solo_link):
    raw = bytearray(unb64(solo_link))
    score = solo.scores()[0]["total"]
    # version, game, day (varint), fingerprint, flags, then the score (varint)
    at = 2 + len(_varint((dt.date.fromisoformat(DAY) - daily.EPOCH).days)) + daily.DEAL_PRINT_BYTES + 1
    assert bytes(raw[at:at + len(_varint(score))]) == _varint(score)
    raw[at] ^= 1
    e = refusal(resealed(bytes(raw)))
    assert e.code == "score" and e.info["score"] == score and e.info["claimed"] != score
    raw[-1] ^= 0x55     # the same edit without the check made again: damage
    assert refusal(b64(bytes(raw))).code == "damaged"


def _varint(n):
    from cairn.core.codec import Writer
    return Writer().varint(n).bytes()


def test_a_changed_move_is_refused(solo_link):
    raw = bytearray(unb64(solo_link))
    body_end = len(raw) - daily.CHECK_BYTES
    raw[body_end - 1] = 0x7F    # the last move: an index past any legal list
    e = refusal(resealed(bytes(raw)))
    assert e.code == "illegal" and e.info["move"] > 1
    codes = set()
    for k in range(1, 12):      # another legal index: another game, found by what follows
        raw = bytearray(unb64(solo_link))
        raw[body_end - 12 + k] ^= 1
        try:
            daily.read_result(resealed(bytes(raw)), DAY)
        except daily.ResultError as err:
            codes.add(err.code)
    assert codes and codes <= {"illegal", "unfinished", "extra", "score"}


def test_another_dates_deal_is_named(solo_link):
    raw = bytearray(unb64(solo_link))
    assert raw[2] & 0x80   # the day number takes two bytes; the next day is one more
    raw[2] += 1
    e = refusal(resealed(bytes(raw)), "2026-12-31")
    assert e.code == "deal" and e.info == {"date": "2026-11-29", "played": DAY}


def test_a_result_from_a_later_date_is_refused(solo_link):
    e = refusal(solo_link, "2026-11-27")
    assert e.code == "future" and e.info["date"] == DAY
    assert daily.read_result(solo_link, "2027-02-01")["date"] == DAY   # an old day's result stays good


def test_a_cut_link_is_damaged(solo_link):
    for n in (0, 1, 5, len(solo_link) // 2, len(solo_link) - 1):
        assert refusal(solo_link[:n]).code == "damaged"


def test_an_unfinished_game_has_no_result_and_its_link_is_refused():
    g = daily.new_daily("caledonia", DAY)
    with pytest.raises(ValueError):
        daily.result_link(g)
    done = play_out("caledonia", seed=8)
    raw = unb64(daily.result_link(done))
    # the same link with its last moves left out (the count made smaller, the check made again)
    assert refusal(_without_last_moves(raw, 3)).code == "unfinished"


def _without_last_moves(raw: bytes, n: int) -> str:
    from cairn.core.codec import Reader, Writer
    r = Reader(raw[:-daily.CHECK_BYTES])
    w = Writer()
    for _ in range(2):
        w.u8(r.u8())
    w.varint(r.varint()).raw(r.raw(daily.DEAL_PRINT_BYTES)).u8(r.u8()).varint(r.varint()).blob(r.blob())
    count = r.varint()
    moves = [r.varint() for _ in range(count)][:count - n]
    w.varint(len(moves))
    for m in moves:
        w.varint(m)
    body = w.bytes()
    return b64(body + daily._check(body))


def test_a_thousand_mangled_links_are_refused_never_a_crash(solo_link):
    """Byte flips, cuts, insertions and swaps, each with its check made again or not: every
    one is refused with a code (or, rarely, is a link to the same game still: then it reads
    as one), and the facade answers every one as a ``daily`` error, never ``internal``."""
    raw = unb64(solo_link)
    rng = Rng(2026)
    codes = {}
    accepted = 0
    for k in range(1000):
        b = bytearray(raw)
        kind = k % 4
        if kind == 0:
            b[rng.below(len(b))] ^= 1 << rng.below(8)
        elif kind == 1:
            del b[rng.below(len(b)):]
        elif kind == 2:
            b.insert(rng.below(len(b) + 1), rng.below(256))
        else:
            i, j = rng.below(len(b)), rng.below(len(b))
            b[i], b[j] = b[j], b[i]
        data = resealed(bytes(b)) if k % 2 and len(b) > daily.CHECK_BYTES else b64(bytes(b))
        reply = json.loads(handle(json.dumps({"id": k, "op": "daily_read", "data": data, "today": DAY})))
        if reply["ok"]:
            accepted += 1
            assert reply["result"]["score"] == daily.read_result(data, DAY)["score"]
            continue
        assert reply["error"]["code"] == "daily", reply
        codes[reply["error"]["reason"]] = codes.get(reply["error"]["reason"], 0) + 1
    print("fuzz: accepted", accepted, "refused", codes)
    assert accepted <= 20     # a swap of two equal bytes, a flip in the name...
    assert {"damaged", "illegal"} <= set(codes), codes


def test_the_facade_plays_todays_game_with_the_fixed_bot():
    def call(**req):
        reply = json.loads(handle(json.dumps({"id": 1, **req})))
        assert reply["ok"], reply
        return reply["result"]

    snap = call(op="daily_new", gid="d", game="glenmore", date=DAY, name="Ana")
    assert snap["save"]["meta"] == {"daily": DAY}
    human = daily.deal("glenmore", DAY)["human"]
    assert snap["view"]["seats"][human]["name"] == "Ana"
    if snap["view"]["current_player"] != human:
        snap = call(op="bot", gid="d")
        g = daily.new_daily("glenmore", DAY)
        assert snap["bot_move"] == daily.bot_move(g)
    reply = json.loads(handle(json.dumps({"id": 2, "op": "daily_result", "gid": "d"})))
    assert not reply["ok"] and reply["error"]["code"] == "bad_request"
    call(op="close", gid="d")
