"""The benchmarks in benchmarks/, run as tests with ``pytest --benchmark`` (skipped otherwise)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.benchmark
def test_check_throughput_meets_its_target() -> None:
    bench = load("check_throughput")
    result = bench.measure(deals=1000, runs=3)
    print(f"\ntutor check: {result['cpu_per_s']:,.0f} deals/s on one core (CPU time, median of 3)")
    assert result["cpu_per_s"] >= bench.TARGET


@pytest.mark.benchmark
def test_raising_partner_pays_double_dummy() -> None:
    bench = load("bidding_duel")
    rows = [b for deal in bench.duel(2000) for b in deal]
    raises = sum(b.raises for b in rows) / len(rows)
    plain = sum(b.plain for b in rows) / len(rows)
    print(f"\nraising partner {raises:+.1f} points a deal, not raising {plain:+.1f} (2,000 deals)")
    assert raises > plain
