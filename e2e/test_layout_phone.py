"""The layout audit on every screen a person reaches (e2e/layout_screens.py),
on two phones (360x640 and 390x844, touch: the same page, its size changed
in place) in English, Portuguese and Romanian (switched in place): nothing
in the way, nothing cut, every legal move reachable, no word of another
language, no focus ring after a tap (issue 48; e2e/layout_audit.py)."""
from __future__ import annotations

import pytest

from layout_screens import PARTS, audit_everything

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)


@pytest.mark.parametrize("part", list(PARTS))
def test_every_screen_on_two_phones_in_three_languages(request, chromium, site_url, tmp_path, part):
    audit_everything(request, chromium, site_url, tmp_path, PHONE, phones=True, part=part)
