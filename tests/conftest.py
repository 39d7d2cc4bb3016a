"""Shared pytest set-up."""

from __future__ import annotations

import pytest


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
