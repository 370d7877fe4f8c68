"""Dev tool: screenshots of a first visit as it starts, over a throttled link from a
plain static host (build/boot_bench.py's), in each language, at phone and laptop
sizes: the page a second in, half way through the downloads, and once playable
(the engine's words in the language shown, downloaded for it alone).

    python3 web/dev/shoot_boot.py [outdir] [--langs en,pt-BR,ro] [--rate 10]
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SIZES = {"phone": (360, 640), "laptop": (1366, 768)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", nargs="?", default=os.path.join(HERE, "out", "boot"))
    ap.add_argument("--langs", default="en,pt-BR,ro")
    ap.add_argument("--rate", type=float, default=10.0)
    args = ap.parse_args()
    spec = importlib.util.spec_from_file_location("cairn_boot_bench", os.path.join(ROOT, "build", "boot_bench.py"))
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    site = bench.load_site()
    site.ensure_built(site.DIST)
    link, tally = bench.Link(args.rate * 1e6 / 8, 0.04), bench.Tally()
    server = bench.plain_server(site, site.DIST, link, tally)
    url = f"http://127.0.0.1:{server.server_address[1]}{bench.SUB_PATH}"
    os.makedirs(args.outdir, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        for lang in args.langs.split(","):
            for size, (w, h) in SIZES.items():
                with tempfile.TemporaryDirectory() as prof:
                    ctx = pw.chromium.launch_persistent_context(
                        prof, executable_path="/usr/bin/chromium", args=bench.CHROMIUM_ARGS, headless=True,
                        viewport={"width": w, "height": h}, has_touch=size == "phone", locale=lang)
                    page = ctx.new_page()
                    t0 = time.monotonic()
                    page.goto(url + f"?lang={lang}")
                    for name, at in (("1s", 1.0), ("4s", 4.0)):
                        time.sleep(max(0.0, at - (time.monotonic() - t0)))
                        page.screenshot(path=os.path.join(args.outdir, f"{lang}-{size}-{name}.png"))
                    bench.wait_ready(page)
                    page.wait_for_timeout(300)
                    page.screenshot(path=os.path.join(args.outdir, f"{lang}-{size}-ready.png"))
                    boot = page.evaluate("window.cairn.engine.boot")
                    print(lang, size, f"ready {page.evaluate('window.cairn.readyAt') / 1000:.1f} s", boot["mode"],
                          "fetched:", ", ".join(boot["fetched"]))
                    ctx.close()
    server.shutdown()


if __name__ == "__main__":
    main()
