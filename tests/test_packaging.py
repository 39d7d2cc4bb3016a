"""The wheel lists every package of the source tree (a package left out installs editable but
fails to import from a wheel: tutor play, the puzzles and the review each did once)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_of_the_source_is_in_the_wheels_list() -> None:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    listed = set(settings["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tutor").rglob("__init__.py")}
    assert found - listed == set()
