"""Shared pytest set-up: the --benchmark switch, and Debian's Chromium for browser tests
(Playwright cannot download a browser here)."""

from __future__ import annotations

import os
import shutil
import tempfile
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


@pytest.fixture(autouse=True)
def _quiz_history_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tutor quiz` keeps answers in the user's data folder: tests (and their subprocesses) use a
    temporary one instead of the real home's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


@pytest.fixture(scope="session")
def base_url() -> str | None:
    """pytest-playwright's own ``base_url`` fixture is a session fixture defined on a class,
    which pytest 9 warns about and pytest 10 will refuse; the browser tests open pages by full
    URL, so this plain one (no base URL) takes its place."""
    return None


#: Tests that share what is costly to build in a test process, each group run on one worker
#: (scripts/test.sh's ``--dist loadgroup``, the groups handed out first, the largest first): the
#: property deals, the solver's brute-force values (cached by position, for both engines), a
#: JupyterLab server, the shipped lessons' whole check (tests/shipped_lessons.py). By node-id
#: prefix here, not by ``xdist_group`` marks: pytest-xdist 3.8 adds a mark's group to the node id,
#: which pytest 9.2 no longer lets it change, so the marks are silently ignored
#: (pytest-dev/pytest-xdist#1386).
XDIST_GROUPS = {
    "tests/test_properties.py::": "properties-deals",
    "tests/test_solver.py::": "solver-brute-force",
    "tests/test_browser_widget.py::": "jupyterlab",
    "tests/test_browser_practice.py::": "jupyterlab",
    "tests/test_decision.py::test_every_shipped_lesson_passes_the_whole_check": "shipped-lessons",
    "tests/test_verify.py::test_every_lesson_the_solver_covers_states_a_verified_par[": "shipped-lessons",
    "tests/test_course_lessons.py::test_the_new_lesson_checks_clean_with_every_claim[": "shipped-lessons",
    "tests/test_defence_lessons.py::test_the_lesson_checks_clean_with_every_claim[": "shipped-lessons",
}


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown where xdist is off (-p no:xdist)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadgroup``: xdist's group scheduling, the groups taken from XDIST_GROUPS."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class Grouped(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            group = next((g for prefix, g in XDIST_GROUPS.items() if nodeid.startswith(prefix)), None)
            return group or super()._split_scope(nodeid)

    return Grouped(config, log)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--benchmark",
        action="store_true",
        default=False,
        help="also run the benchmarks in benchmarks/ (timed; skipped by default)",
    )


_DATA_HOME = pytest.StashKey[str]()


def pytest_unconfigure(config: pytest.Config) -> None:
    if _DATA_HOME in config.stash:
        shutil.rmtree(config.stash[_DATA_HOME], ignore_errors=True)


def pytest_configure(config: pytest.Config) -> None:
    # `tutor quiz` keeps answers in the user's data folder: no test, nor a notebook kernel or a
    # JupyterLab server that a test starts, may write to the real one.
    config.stash[_DATA_HOME] = os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="tutor-test-data-")
    config.addinivalue_line("markers", "benchmark: a timed benchmark, run only with --benchmark")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--benchmark"):
        return
    skip = pytest.mark.skip(reason="a benchmark: run with --benchmark")
    for item in items:
        if "benchmark" in item.keywords:
            item.add_marker(skip)
