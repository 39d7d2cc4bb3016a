"""Shared pytest set-up: the --benchmark switch, and Debian's Chromium for browser tests
(Playwright cannot download a browser here)."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright hook: use the system Chromium instead of a downloaded one."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def base_url() -> str | None:
    """pytest-playwright's own ``base_url`` fixture is a session fixture defined on a class,
    which pytest 9 warns about and pytest 10 will refuse; the browser tests open pages by full
    URL, so this plain one (no base URL) takes its place."""
    return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--benchmark",
        action="store_true",
        default=False,
        help="also run the benchmarks in benchmarks/ (timed; skipped by default)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "benchmark: a timed benchmark, run only with --benchmark")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--benchmark"):
        return
    skip = pytest.mark.skip(reason="a benchmark: run with --benchmark")
    for item in items:
        if "benchmark" in item.keywords:
            item.add_marker(skip)
