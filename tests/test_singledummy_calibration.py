"""The calibration benchmark's arithmetic: Brier scores, their paired difference, reliability bins."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _bench() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "singledummy_calibration.py"
    spec = importlib.util.spec_from_file_location("singledummy_calibration", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["singledummy_calibration"] = module
    spec.loader.exec_module(module)
    return module


BENCH = _bench()
Outcome = BENCH.Outcome

#: (auction, uniform, made) for four positions.
FOUR = [Outcome(1.0, 0.5, True), Outcome(0.0, 0.5, False), Outcome(0.75, 0.5, True), Outcome(0.25, 0.5, True)]


def test_the_brier_score_is_the_mean_squared_error_of_the_chance() -> None:
    score, se = BENCH.brier(FOUR, "auction")
    assert score == pytest.approx((0 + 0 + 0.0625 + 0.5625) / 4)
    assert BENCH.brier(FOUR, "uniform") == pytest.approx((0.25, 0.0))
    d, _se = BENCH.difference(FOUR)
    assert d == pytest.approx(score - 0.25)
    assert se > 0


def test_reliability_bins_count_predict_and_observe() -> None:
    rows = BENCH.reliability(FOUR, "auction")
    assert [(label, n, mean, rate) for label, n, mean, rate, _se in rows] == [
        ("0.0–0.1", 1, 0.0, 0.0), ("0.2–0.3", 1, 0.25, 1.0), ("0.7–0.8", 1, 0.75, 1.0),
        ("0.9–1.0", 1, 1.0, 1.0),  # a chance of exactly 1 falls in the last bin
    ]
    (label, n, mean, rate, se), = BENCH.reliability(FOUR, "uniform")
    assert (label, n, mean, rate) == ("0.5–0.6", 4, 0.5, 0.75)
    assert se == pytest.approx((0.75 * 0.25 / 4) ** 0.5)
