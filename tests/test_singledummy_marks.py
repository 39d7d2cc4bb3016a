"""The marks check of issue 26, small: single-dummy marks many on random play, few on the computer's.

The benchmark (``benchmarks/singledummy_marks.py``, 200 deals) gives the figures with standard
errors; here six seeded deals each way, with few layouts, and a bound that a mark blind to the
play (or a computer no better than chance) would fail.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _bench() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "singledummy_marks.py"
    spec = importlib.util.spec_from_file_location("singledummy_marks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["singledummy_marks"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def played() -> dict[str, list[object]]:
    bench = _bench()
    out: dict[str, list[object]] = {}
    for policy in bench.POLICIES:
        marks = [bench.play_and_mark(seed, policy, layouts=6) for seed in range(6)]
        out[policy] = [m for m in marks if m is not None]
    return out


def test_random_cards_are_marked_far_more_often_than_the_computers(played: dict[str, list[object]]) -> None:
    bench = _bench()
    computer, _se = bench.rate(played["computer"])
    random_play, _se = bench.rate(played["random"])
    assert len(played["computer"]) >= 4 and len(played["random"]) >= 4
    print(f"\nmarked: computer {computer:.1%}, random {random_play:.1%}")
    assert random_play >= computer + 0.10
    assert computer <= 0.25
    bad_computer, _se = bench.rate(played["computer"], "bad")
    bad_random, _se = bench.rate(played["random"], "bad")
    assert bad_random >= 2 * bad_computer and bad_random >= 0.08


@pytest.mark.parametrize(
    ("hands", "expected", "se"),
    [
        ([(10, 2, 0), (10, 2, 0)], 0.2, 0.0),  # the same share in every hand: no spread
        ([(10, 0, 0), (10, 4, 0)], 0.2, 0.2),  # hands of 0% and 40%: √(2·2² · 2) / 20
    ],
)
def test_the_rate_and_its_standard_error(hands: list[tuple[int, int, int]], expected: float,
                                         se: float) -> None:
    bench = _bench()
    r, s = bench.rate([bench.Marks(*h) for h in hands])
    assert r == pytest.approx(expected) and s == pytest.approx(se)
