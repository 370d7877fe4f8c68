"""The page's shell (web/js/*.js but the renderers and the rules help,
web/index.html) draws what the engine's snapshot says and never works out
game meaning itself: no game is named in its code (a game's page parts come
from the registry of renderers, ``renderers/<game>.js`` and ``help/<game>.js``,
found by the catalogue's names)."""
import os
import re

import pytest

from cairn import GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHELL = os.path.join(ROOT, "web", "js")


def code_without_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(re.sub(r"(^|[^:\"'\\\\])//.*$", r"\1", line) for line in text.splitlines())


def shell_files():
    names = [os.path.join(SHELL, f) for f in sorted(os.listdir(SHELL)) if f.endswith(".js")]
    return names + [os.path.join(ROOT, "web", "index.html"), os.path.join(ROOT, "web", "sw.js")]


@pytest.mark.parametrize("path", shell_files(), ids=os.path.basename)
def test_no_game_is_named_in_the_shell(path):
    with open(path, encoding="utf-8") as f:
        code = code_without_comments(f.read())
    named = sorted({m.group(0) for m in re.finditer(r"\b(%s)\b" % "|".join(map(re.escape, GAMES)), code)})
    assert named == [], f"{os.path.relpath(path, ROOT)} names {named}: that belongs to the engine or the game's renderer"


def test_the_check_would_see_a_game_named():
    assert re.search(r"\bcaledonia\b", code_without_comments('if (g === "caledonia") x(); // caledonia'))
    assert not re.search(r"\bcaledonia\b", code_without_comments("x(); // caledonia\n/* hunters */"))
