"""Dev tool: screenshots of "share as a link" (web/js/share.js) at phone size
(390x844) in each language: the game bar with its Share button, the share
dialog, the fallback field when copying is blocked, the saved list's Share
buttons, the prompt for an opened link and the error for a damaged one.

    python3 web/dev/shoot_share.py [outdir] [en,pt,ro]

Uses dist/ (built when stale, like the e2e tests).
"""
from __future__ import annotations

import os
import sys

from playwright.sync_api import sync_playwright

from shots import PHONE, launch, serve_site  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
READY = "document.documentElement.dataset.engine === 'ready'"


def shoot(browser, url, out, lang):
    sender = browser.new_context(**PHONE)
    page = sender.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + f"?fast=1&lang={lang}")
    page.wait_for_function(READY, timeout=120_000)
    page.click("#game-list [data-game='glenmore']")
    page.select_option("#ng-count", "4")
    for sel in page.query_selector_all("#ng-seats .seat-kind")[1:]:
        sel.select_option("bot:random")
    page.click("#ng-start")
    page.wait_for_function("window.cairn.snapshot() !== null && !window.cairn.busy")
    page.screenshot(path=os.path.join(out, f"{lang}-1-game-bar.png"))
    page.click("#share-btn")
    page.wait_for_selector("#share[open] #share-copy:enabled")
    link = page.get_attribute("#share", "data-link")
    page.screenshot(path=os.path.join(out, f"{lang}-2-share-dialog.png"))
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('blocked')); }")
    page.click("#share-copy")
    page.wait_for_selector("#share-link:visible")
    page.screenshot(path=os.path.join(out, f"{lang}-3-copy-fallback.png"))
    page.click("#share-close")
    page.click("#home-btn")
    page.wait_for_selector("#saved-list li.saved button.share")
    page.screenshot(path=os.path.join(out, f"{lang}-4-saved-list.png"))
    sender.close()

    receiver = browser.new_context(**PHONE)
    page = receiver.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + f"index.html?lang={lang}#save=" + link.split("#save=", 1)[1])
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_selector("#link-prompt[open]")
    page.screenshot(path=os.path.join(out, f"{lang}-5-link-prompt.png"))
    page.click("#link-cancel")
    page.evaluate("h => { location.hash = h; }", "#save=" + link.split("#save=", 1)[1][:60])
    page.wait_for_selector(".toast.error")
    page.screenshot(path=os.path.join(out, f"{lang}-6-bad-link.png"))
    receiver.close()
    print(lang, "link", len(link), "characters; page errors:", errors or "none", flush=True)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/shareshots"
    langs = (sys.argv[2] if len(sys.argv) > 2 else "en,pt,ro").split(",")
    os.makedirs(out, exist_ok=True)
    url, server = serve_site()
    with sync_playwright() as pw:
        browser = launch(pw)
        for lang in langs:
            shoot(browser, url, out, lang)
        browser.close()
    server.shutdown()
    print("screenshots in", out)


if __name__ == "__main__":
    main()
