"""Changes the build makes to Pyodide's and pydantic's own Python before it
traces and compiles them (build/pyimage.py), each moving an import a start
never uses out of the way, so that the cut standard library leaves those
modules out (and Python starts faster):

* Pyodide's package installer imports shutil, tempfile and zipfile (and with
  them bz2, lzma, zstd, random, fnmatch ...) and registers the wheel format
  with shutil as it is imported: here on first use (the app installs no
  package).
* pydantic imports importlib.metadata (and with it email, csv, zipfile ...)
  to find its plugins even when plugins are off (PYDANTIC_DISABLE_PLUGINS,
  js/pyboot.js PYTHON_ENV): here only when they are on.

(Pyodide's event loop, and asyncio with it, stay: the runtime's C core imports
asyncio as it starts, and a snapshot expects the JavaScript references its
set-up makes, in their order.)

Each ``old`` text must be found exactly once in its file, as the pinned
versions have it: an upgrade that changed one stops the build, naming it.
Keys: ``stdlib:<entry>`` (Pyodide's standard library zip) or a path under
/lib/python3.14/ (the wheels' files)."""

_LAZY_MODULE = '''
class _LazyModule:
    """(cairn) The module, imported on first use."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        import importlib

        return getattr(importlib.import_module(self._name), attr)


'''

PATCHES = {
    "stdlib:pyodide/_package_loader.py": [
        ("import re\nimport shutil\n", "import re\n"),
        ("from tempfile import NamedTemporaryFile\n", ""),
        ("from zipfile import ZipFile\n",
         _LAZY_MODULE + "shutil = _LazyModule(\"shutil\")\n\n\n"
         "def ZipFile(*args, **kwargs):  # (cairn) zipfile on first use\n"
         "    from zipfile import ZipFile as _ZipFile\n\n"
         "    return _ZipFile(*args, **kwargs)\n"),
        ("if IN_PYODIDE:\n    shutil.register_archive_format(",
         "def _register_wheel_format() -> None:  # (cairn) on first use\n"
         "    if not IN_PYODIDE or any(f[0] == \"whl\" for f in shutil.get_unpack_formats()):\n"
         "        return\n"
         "    shutil.register_archive_format("),
        ("def get_format(format: str) -> str:\n", "def get_format(format: str) -> str:\n    _register_wheel_format()\n"),
        ("    with NamedTemporaryFile(suffix=filename) as f:\n",
         "    from tempfile import NamedTemporaryFile\n\n    _register_wheel_format()\n"
         "    with NamedTemporaryFile(suffix=filename) as f:\n"),
    ],
    "stdlib:pyodide/common.py": [
        ("import os\nimport shutil\n", "import os\n"),
        ("    src = Path(src).resolve()\n", "    import shutil\n\n    src = Path(src).resolve()\n"),
    ],
    "site-packages/pydantic/plugin/_loader.py": [
        ("from importlib.metadata import entry_points\n", ""),
        ("    elif _plugins is None:\n",
         "    elif _plugins is None:\n        from importlib.metadata import entry_points  # (cairn) only when plugins are on\n\n"),
    ],
}


def apply(key, text):
    """``text`` (the file ``key`` names) with its patches made."""
    for old, new in PATCHES.get(key, ()):
        if text.count(old) != 1:
            raise SystemExit(f"build/python_patches.py: {key} no longer has, exactly once: {old!r}")
        text = text.replace(old, new)
    return text
