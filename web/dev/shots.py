"""What the screenshot scripts in web/dev share: page sizes, how Chromium is
launched, the sideways-overflow probe and the site builder."""
from __future__ import annotations

import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
SMALL = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2)
LAPTOP = dict(viewport={"width": 1366, "height": 768})
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

# the widest elements when the page scrolls sideways (none expected)
OVERFLOW_JS = """() => {
  const w = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= w) return [];
  return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 1)
    .slice(0, 5).map(e => `${e.tagName}#${e.id}.${e.className} right=${Math.round(e.getBoundingClientRect().right)}`);
}"""


def load_site():
    """build/site.py as a module (builds and serves dist/)."""
    spec = importlib.util.spec_from_file_location("site_builder", os.path.join(ROOT, "build", "site.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def serve_site():
    """dist/ built when stale and served on a free port: (its URL, the server)."""
    site = load_site()
    site.ensure_built(site.DIST)
    server = site.serve_in_thread(site.DIST, 0)
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def launch(pw):
    """Debian's Chromium with the flags this machine needs."""
    return pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
