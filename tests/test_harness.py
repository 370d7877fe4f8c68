"""The end-to-end harness's own assumptions (e2e/conftest.py), checked without a browser."""
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_browsers_disabled_features_keep_playwrights_own():
    """Chromium takes the last --disable-features it is given: the harness's list must hold every
    feature Playwright itself disables (read from the installed Playwright), or a Playwright
    upgrade would silently turn some back on."""
    playwright = pytest.importorskip("playwright")
    bundle = os.path.join(os.path.dirname(playwright.__file__), "driver", "package", "lib", "coreBundle.js")
    if not os.path.exists(bundle):
        pytest.skip("this Playwright keeps its switches elsewhere")
    with open(bundle, encoding="utf-8") as f:
        source = f.read()
    block = re.search(r"disabledFeatures = \[(.*?)\]", source, re.S)
    assert block, "Playwright's disabledFeatures list was not found"
    theirs = set(re.findall(r'"([A-Za-z0-9]+)"', re.sub(r"//[^\n]*", "", block.group(1))))
    assert {"PaintHolding", "HttpsUpgrades"} <= theirs   # (the list was read)
    with open(os.path.join(ROOT, "e2e", "conftest.py"), encoding="utf-8") as f:
        conftest = f.read()
    ours = set(re.findall(r'"([A-Za-z0-9]+)"', re.search(r"DISABLED_FEATURES = \[(.*?)\]", conftest, re.S).group(1)))
    assert theirs <= ours, f"add Playwright's {sorted(theirs - ours)} to e2e/conftest.py DISABLED_FEATURES"
