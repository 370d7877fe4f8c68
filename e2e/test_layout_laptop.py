"""The layout audit on every screen a person reaches (e2e/layout_screens.py),
on a laptop (1366x768, a mouse) in English, Portuguese and Romanian: nothing
in the way, nothing cut, every legal move reachable, no word of another
language, no focus ring after a click (issue 48; e2e/layout_audit.py)."""
from __future__ import annotations

from layout_screens import audit_everything

LAPTOP = dict(viewport={"width": 1366, "height": 768})


def test_every_screen_on_a_laptop_in_three_languages(request, chromium, site_url, tmp_path):
    audit_everything(request, chromium, site_url, tmp_path, LAPTOP, phones=False)
