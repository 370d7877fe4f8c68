"""The turn links of friends' games where real friends do what they do (see
friends_link_lengths.py --trials): hand-overs, new phones, double-signed
turns, each a third of the way into a whole game, every link of the rest of
the game measured (characters of the whole address)."""
from __future__ import annotations

import time

from cairn import GAMES
from cairn.core.rng import Rng
from friends_pages import DAY, T0, Page, ok, setup, unb64

DEBUG = False
NAMES = ["Ana", "Bruno", "Cara", "Dan", "Eva"]


class Table:
    """The devices of one game, every link measured."""

    def __init__(self, game, n, url_len, tag):
        fid = (tag + game)[:8].ljust(8, "x").encode()
        self.pages = setup(game, NAMES[:n], fid=fid, gids=[f"L{tag}{game}{i}" for i in range(n)])
        self.by = dict(enumerate(self.pages))
        self.url_len = url_len
        self.lengths = []
        self.rng = Rng(len(tag) * 7 + n)

    def measure(self, link):
        self.lengths.append(self.url_len(len(unb64(link))))
        return link

    def actor(self):
        for p in self.pages:
            if p is getattr(self, "silent", None):
                continue
            st = p.status()
            if st["my_turn"] or st["my_bot"] or st["to_send"]:
                return p
        return self.by[self.pages[0].status()["next"]]

    def turn(self, page, now=T0):
        """``page`` plays and sends to every other device still in the game; returns False at the end."""
        page.play_turn(pick=self.rng.below(50))
        self.deliver(page, self.measure(page.send(now=now)), now)
        return not page.status()["over"]

    def deliver(self, sender, link, now=T0):
        """Every other device opens ``link``: new to it, or a fork (it goes
        over when the link's version is the game, else keeps its own)."""
        from friends_pages import call
        for other in self.pages:
            if other is sender:
                continue
            got = call("friends_check", gid=other.gid, record=other.record, data=link)
            if not got["ok"]:
                if DEBUG:
                    print("  not opened by", other.name, got["error"])
                continue
            r = got["result"]
            if r["status"] == "refused":
                if DEBUG:
                    print("  not opened by", other.name, r["info"])
                continue
            if r["status"] == "fork" and r["info"]["keep"] == "theirs":
                other.switch(link, now=now)
            elif r["status"] == "fork":
                other.keep(ok("friends_apply", gid=other.gid, record=other.record, data=link, root=other.root, now=now))
            else:
                other.open(link, now=now)

    def until(self, frac, total):
        page = self.pages[0]
        while page.state()["view"]["ply"] < frac * total:
            if not self.turn(page):
                return False
            page = self.actor()
        for p in self.pages:   # what a device has not sent yet goes out: every device at the same point
            if p.status()["to_send"]:
                self.deliver(p, self.measure(p.send()))
        return True

    def finish(self, now=T0):
        for _ in range(2000):
            if any(p.status()["over"] for p in self.pages):
                return
            page = self.actor()
            before = [p.status()["entries"] for p in self.pages]
            if not self.turn(page, now):
                return
            if [p.status()["entries"] for p in self.pages] == before:
                keys = ("next", "my_turn", "my_bot", "to_send", "entries", "waiting")
                raise AssertionError(f"{page.name} has nothing to play: " + str([(p.name, {k: p.status()[k] for k in keys}) for p in self.pages]))
        raise AssertionError("the game did not end")


PLIES = {"hunters": 160, "glenmore": 90, "caledonia": 120}


def hand_over(t):
    q = t.pages[0].status()["next"]
    voters = [p for p in t.pages if p.me != q]
    later = T0 + 2 * DAY
    for v in voters:
        st = v.status()
        if st["ballot"] and str(v.me) in st["ballot"]["votes"]:
            continue
        snap = v.vote(q, now=later)
        if "retired" in snap:
            t.deliver(v, t.measure(v.send(now=later)), later)
            break
        link = t.measure(v.send(now=later, vote=True))
        for other in voters:
            if other is not v:
                other.open(link, now=later)
    t.silent = t.by[q]
    t.finish(now=later)


def new_phone(t, invites):
    while t.pages[0].status()["next"] == 0:   # the game waits for the one whose phone is lost
        if not t.turn(t.actor()):
            return
    q = t.pages[0].status()["next"]
    old = t.by[q]
    new = Page(old.name, old.gid + "-new", "phone")
    begun = ok("friends_rejoin_begin", fid=old.record["setup"]["gid"], invite=invites[q], pub=new.pub, root=new.root)
    made = ok("friends_rejoin_link", record=begun["record"], sig=new.sign(begun["message"]))
    new.record = made["record"]
    request = t.measure(ok("friends_seal", body=made["body"], sig=new.sign(made["message"]))["link"])
    others = [p for p in t.pages if p is not old]
    for p in others:
        ok("friends_open_request", gid=p.gid, data=request)
        p.keep(ok("friends_take_request", gid=p.gid, data=request, q=q))
        snap = p.accept(now=T0 + 2 * DAY)   # (two players: only once the game waited for q a turn clock)
        if "back" in snap:
            new.take_catchup([t.measure(x) for x in p.catchup()])
            t.pages[t.pages.index(old)] = new
            t.by[q] = new
            link = t.measure(p.send())
            for o in t.pages:
                if o is not p and o is not new:
                    o.open(link)
            break
        link = t.measure(p.send(vote=True))
        for o in others:
            if o is not p:
                o.open(link)
    t.finish()


def fork(t):
    host = t.pages[0]
    while not host.status()["my_turn"]:
        if not t.turn(t.actor()):
            return
    kept = dict(host.record)
    host.play_turn(pick=0)
    v1 = t.measure(host.send())
    ok("friends_load", gid=host.gid, record=kept, root=host.root, now=T0)
    host.record = kept
    host.play_turn(pick=1)
    v2 = t.measure(host.send())
    nxt = t.by[host.status()["next"]]
    nxt.open(v1)
    for p in t.pages:
        if p is not host and p is not nxt:
            p.open(v2)
    nxt.play_turn(pick=2)
    link = t.measure(nxt.send())
    for p in t.pages:
        if p is not nxt:
            reach(t, p, nxt, link)
    t.finish()


def reach(t, p, nxt, link):
    """``p`` opens ``link`` of the version played on: new to it, or a fork it
    goes over from; a device that cannot tell (its version parted before the
    link begins: the double signer's own) sends its own link first, then
    gets one from the fork point."""
    from friends_pages import call
    got = call("friends_check", gid=p.gid, record=p.record, data=link)
    if got["ok"] and got["result"]["status"] == "refused" and got["result"]["info"]["reason"] == "diverged":
        mine = t.measure(p.send())
        check = nxt.check(mine)
        assert check["status"] == "fork" and check["info"]["keep"] == "mine", check
        nxt.keep(ok("friends_apply", gid=nxt.gid, record=nxt.record, data=mine, root=nxt.root))
        link = t.measure(nxt.send())
        got = call("friends_check", gid=p.gid, record=p.record, data=link)
    assert got["ok"], got
    if got["result"]["status"] == "fork" and got["result"]["info"]["keep"] == "theirs":
        p.switch(link)
    else:
        p.open(link)


def trials(games, url_len, limit):
    print(f"{'game':10} {'players':>7} {'trial':12} {'links':>6} {'longest':>8} {'median':>7} {'s':>6}")
    worst = 0
    for game in games:
        rules = GAMES[game]
        for n in sorted({max(2, rules.min_players), 3, rules.max_players}):
            if n > rules.max_players:
                continue
            for name in ("hand-over", "new phone", "fork"):
                t0 = time.time()
                t = Table(game, n, url_len, name[:3] + str(n))
                invites = t.pages[0].invites
                t.until(1 / 3, PLIES[game])
                {"hand-over": hand_over, "new phone": lambda t: new_phone(t, invites), "fork": fork}[name](t)
                ls = sorted(t.lengths)
                worst = max(worst, ls[-1])
                print(f"{game:10} {n:>7} {name:12} {len(ls):>6} {ls[-1]:>8} {ls[len(ls) // 2]:>7} {time.time() - t0:6.1f}", flush=True)
    print(f"longest link in the trials: {worst} characters (bar: {limit})")
