"""Friends' games begun before the protocol's second version still load and
go on: records written by the app's first version (a set-up without a turn
clock, signatures by participant only, no sender signature in its links;
tests/data/friends_v1.json, made by that version's code) open, take the day
clock, send links of the new version the other device opens; a link of the
first version still in flight is refused with its own reason (its sender was
not signed), never taken for damage."""
import json
import os

from friends_helpers import KEYS
from friends_pages import Page, b64, call, ok

DATA = json.load(open(os.path.join(os.path.dirname(__file__), "data", "friends_v1.json")))


def device(me):
    page = Page(f"old{me}", f"old-{me}")
    page.secret = bytes.fromhex(DATA["secrets"][me])
    page.pub = {"key": DATA["keys"][me]}
    KEYS[DATA["keys"][me]] = page.secret
    page.root = DATA["roots"][me]
    page.record = DATA["records"][me]
    return page


def test_a_game_of_the_first_version_loads_and_goes_on():
    host, friend = device("0"), device("1")
    assert host.record["setup"]["v"] == 1 and "clock" not in host.record["setup"]
    for page in (host, friend):
        snap = page.keep(ok("friends_load", gid=page.gid, record=page.record, root=page.root, now=1))
        assert snap["friends"]["clock"] == 86400 and snap["view"]["ply"] > 5
    # the link the host had made with the first version, still in flight: refused, saying why
    old = call("friends_check", gid=friend.gid, record=friend.record, data=b64(bytes.fromhex(DATA["in_flight"])))
    assert not old["ok"] and old["error"]["reason"] == "old_link" and old["error"]["info"]["sender"] == 0
    # Send again: a link of the new version, which the friend's old record opens
    link = host.send(now=1)
    status, snap = friend.open(link, now=1)
    assert status == "new" and snap["friends"]["next"] in (0, 1)
    assert friend.state()["save"]["moves"][:len(host.state()["save"]["moves"])] == host.state()["save"]["moves"]
