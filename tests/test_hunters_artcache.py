"""Hunters' tile pictures (web/js/renderers/hunters/artcache.js) around a change of zoom, run
under Node with a stand-in canvas and worker: what a move waits for is only its tiles with no
picture at all (the board's tiles of another size do for the move's frame: the camera may leave
the zoom onto your tile with the move, and 40 tiles asked at the zoom's size kept a bot's new tile
waiting until it was painted on the page, 15-20 ms in the move's frame); a zoom out draws the
bigger pictures scaled for now and makes the smaller ones when the page is idle, not all in the
frame; a zoom's sharper pictures not yet sent for a level left behind are not painted."""
from __future__ import annotations

import os
import shutil

import pytest

from node_helpers import run_node

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JS = os.path.join(ROOT, "web", "js", "renderers", "hunters", "artcache.js")

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")

SCRIPT = r"""
let made = 0;
globalThis.OffscreenCanvas = class {
  constructor(w, h) { this.width = w; this.height = h; made++; }
  getContext() { return new Proxy({}, { get: (t, k) => (k in t ? t[k] : () => {}), set: (t, k, v) => { t[k] = v; return true; } }); }
};
const posted = [];
globalThis.Worker = class { postMessage(m) { posted.push(m.key); } terminate() {} };
const idle = [];
globalThis.requestIdleCallback = (f) => { idle.push(f); return idle.length; };
const runIdle = () => { while (idle.length) idle.shift()({ timeRemaining: () => 50, didTimeout: false }); };

const { TileArt } = await import(process.argv[2]);
const pic = (size) => new OffscreenCanvas(size, size);
const tiles = { T1: { kind: "a" }, T2: { kind: "b" }, T3: { kind: "c" } };
const out = {};

// 1. a move prepared while the camera is zoomed in on your tile (450 device px: pictures of 512)
{
  let arrived = 0;
  const art = new TileArt(() => null, (id) => tiles[id], () => arrived++, () => {});
  art.art.set("T1@128", pic(128));
  art.art.set("T2@128", pic(128));
  await Promise.race([art.prepare(tiles, ["T1", "T2", "T3"], 450), new Promise((r) => setTimeout(r, 20))]);
  out.prepare = { posted: [...posted], queued: art.queue.map((j) => j.key) };
}

// 2. a zoom out: every tile smaller; the frame draws the bigger pictures, the page makes the
// smaller ones when idle and then draws again
{
  let arrived = 0;
  const art = new TileArt(() => null, (id) => tiles[id], () => arrived++, () => {});
  const big1 = pic(256), big2 = pic(256);
  art.art.set("T1@256", big1);
  art.art.set("T2@256", big2);
  art.size = 256;
  made = 0;
  const drawn = [art.get("T1", 99), art.get("T2", 99)];
  const inFrame = { same: drawn[0] === big1 && drawn[1] === big2, made, small: art.art.has("T1@128") || art.art.has("T2@128"), arrived };
  runIdle();
  const after = art.get("T1", 99);
  out.zoomOut = { inFrame, idle: { made, arrived, size: after.width, kept: art.art.has("T2@128") } };
}

// 3. a zoom's sharper pictures queued for the level left (later), and a move's (now)
{
  posted.length = 0;
  const art = new TileArt(() => null, (id) => ({ kind: id }), () => {}, () => {});
  art.size = 512;
  art.ask("T7", 512, true);      // sent at once (the worker paints one at a time)
  art.ask("T8", 512, true);      // a zoom's, waiting
  art.ask("T9", 512, false);     // a move's, waiting
  const before = art.queue.map((j) => j.key);
  art.get("X", 200);             // the zoom goes to pictures of 256
  out.queue = { posted: [...posted], before, after: art.queue.map((j) => j.key), asked: [...art.asked.keys()].sort() };
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    [out] = run_node(tmp_path_factory.mktemp("artcache"), SCRIPT, JS)
    return out


def test_a_move_waits_only_for_its_tiles_with_no_picture(result):
    # T1 and T2 have a picture of another size (the board before the zoom); T3 is the move's new tile
    assert result["prepare"]["posted"] == ["T3@512"], result
    assert result["prepare"]["queued"] == [], result


def test_a_zoom_out_scales_the_bigger_pictures_and_makes_the_smaller_ones_when_idle(result):
    z = result["zoomOut"]
    assert z["inFrame"] == {"same": True, "made": 0, "small": False, "arrived": 0}, z
    assert z["idle"] == {"made": 2, "arrived": 1, "size": 128, "kept": True}, z


def test_a_zooms_pictures_for_a_level_left_are_not_painted(result):
    q = result["queue"]
    assert q["posted"] == ["T7@512"], q
    assert q["before"] == ["T9@512", "T8@512"], q
    assert q["after"] == ["T9@512"], q
    assert q["asked"] == ["T7@512", "T9@512"], q
