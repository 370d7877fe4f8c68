"""The layout audit on every screen a person reaches (e2e/layout_screens.py),
on a laptop (1366x768, a mouse) in English, Portuguese and Romanian: nothing
in the way, nothing cut, every legal move reachable, no word of another
language, no focus ring after a click (issue 48; e2e/layout_audit.py)."""
from __future__ import annotations

import pytest

from layout_screens import PARTS, audit_everything

LAPTOP = dict(viewport={"width": 1366, "height": 768})


@pytest.mark.parametrize("part", list(PARTS))
def test_every_screen_on_a_laptop_in_three_languages(request, chromium, site_url, tmp_path, part):
    audit_everything(request, chromium, site_url, tmp_path, LAPTOP, phones=False, part=part)
