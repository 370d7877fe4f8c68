"""What the screenshot scripts in web/dev share: page sizes, how Chromium is
launched, the sideways-overflow probe, the site builder and opening the app."""
from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
SMALL = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2)
LAPTOP = dict(viewport={"width": 1366, "height": 768})
WIDE = dict(viewport={"width": 1280, "height": 800})
SIZES = {"phone": PHONE, "small": SMALL, "laptop": LAPTOP, "wide": WIDE}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

# the widest elements when the page scrolls sideways (none expected)
OVERFLOW_JS = """() => {
  const w = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= w) return [];
  return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 1)
    .slice(0, 5).map(e => `${e.tagName}#${e.id}.${e.className} right=${Math.round(e.getBoundingClientRect().right)}`);
}"""


def arguments(name, langs="en", sizes="phone,small,laptop"):
    """The command line the app's screenshot scripts share - [outdir] (default web/dev/out/NAME)
    --langs --sizes - for a script to add its own options to."""
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=os.path.join(HERE, "out", name))
    ap.add_argument("--langs", default=langs, help="comma-separated language tags (default %(default)s)")
    ap.add_argument("--sizes", default=sizes, help="comma-separated names of SIZES (default %(default)s)")
    return ap


def load_site():
    """build/site.py as a module (builds and serves dist/)."""
    spec = importlib.util.spec_from_file_location("site_builder", os.path.join(ROOT, "build", "site.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def serve_site(dist=None):
    """dist/ built when stale (or another built site, ``dist``) served on a free port:
    (its URL, the server)."""
    site = load_site()
    if not dist:
        dist = site.DIST
        site.ensure_built(dist)
    server = site.serve_in_thread(dist, 0)
    return f"http://127.0.0.1:{server.server_address[1]}/", server


@contextlib.contextmanager
def site_and_browser(dist=None):
    """The site served (serve_site) and Chromium launched: yields (the site's URL, the browser)."""
    from playwright.sync_api import sync_playwright

    url, server = serve_site(dist)
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            yield url, browser
        finally:
            browser.close()
            server.shutdown()


def launch(pw):
    """Debian's Chromium with the flags this machine needs."""
    return pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)


def open_app(browser, url, size, query="?fast=1&nosw=1", init_script=None):
    """The app at ``url + query`` in a new context of ``size`` (a name of SIZES or its
    options), once its engine is ready: (the context, the page, the page's errors as they come)."""
    context = browser.new_context(**(SIZES[size] if isinstance(size, str) else size))
    page = context.new_page()
    if init_script:
        page.add_init_script(init_script)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + query)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=400_000)
    return context, page, errors
