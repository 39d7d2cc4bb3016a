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
    result = bench.measure(deals=1000, runs=3, processes=False)
    print("\n" + bench.report(result))
    assert result["ratio"] <= bench.TARGET_RATIO


@pytest.mark.benchmark
def test_raising_partner_pays_double_dummy() -> None:
    bench = load("bidding_duel")
    rows = [b for deal in bench.duel(2000) for b in deal]
    raises = sum(b.raises for b in rows) / len(rows)
    plain = sum(b.plain for b in rows) / len(rows)
    print(f"\nraising partner {raises:+.1f} points a deal, not raising {plain:+.1f} (2,000 deals)")
    assert raises > plain


def test_the_bare_pass_judges_every_card_as_tutor_check_does(tmp_path: Path) -> None:
    """The benchmark's baseline does the work it stands for: each card held to the rules, and a
    file with tricks swapped (cards out of turn, or off suit) refused exactly when ``tutor check``
    finds a problem with it."""
    from tutor.files.handfile import check

    bench = load("check_throughput")
    paths = bench.write_deals(tmp_path, 40)
    refused = 0
    for n, path in enumerate(paths):
        played = sum(len(t) for t in bench.yaml.safe_load(path.read_text("utf-8"))["play"])
        assert bench.bare_pass(path) == played
        lines = path.read_text("utf-8").splitlines()
        tricks = [i for i, line in enumerate(lines) if line.startswith("  - [")]
        a, b = tricks[n % 3], tricks[3 + n % 5]
        lines[a], lines[b] = lines[b], lines[a]
        path.write_text("\n".join(lines) + "\n", "utf-8")
        try:
            bench.bare_pass(path)
        except bench.Illegal:
            refused += 1
            assert check(path)[1], path.read_text("utf-8")
        else:
            assert not check(path)[1], path.read_text("utf-8")
    assert refused > 30


def test_the_duplicate_benchmark_plays_each_deal_both_ways_against_both_players() -> None:
    """benchmarks/practice_duplicate.py's small run: each deal bid once, then played at two
    tables with the computer partnership in North–South's seats at one and East–West's at the
    other, against the perfect-information player and the heuristic one; the report gives
    points a deal (both tables) with a standard error, and the made rates and card times."""
    from tutor.teach.players import Budget

    bench = load("practice_duplicate")
    tiny = Budget(seconds=None, early=1, middle=1, late=2)
    results = bench.run(2, budget=tiny)
    assert len(results) == 2
    for r in results:
        for name in ("perfect", "heuristic"):
            tables = r.tables[name]
            assert [t.computer_side for t in tables] == ["NS", "EW"]
            # bidding fixed per deal: the same side contracts at both tables, so the computer
            # contracts at exactly one of them
            assert sorted(t.computer_contracted for t in tables) == [False, True]
    text = bench.report(results, ("perfect", "heuristic"))
    assert "vs perfect" in text and "vs heuristic" in text and "±" in text and "points a deal" in text
    assert "99th percentile" in text
    again = [bench.DealResult.from_json(r.to_json()) for r in results]
    assert bench.report(again, ("perfect", "heuristic")) == text


def test_the_duplicate_benchmark_pairs_two_runs_on_the_deals_both_played(tmp_path: Path) -> None:
    """--report with --baseline: the paired difference a deal is this run's figure less the
    baseline's on the same deal, over the deals both files hold."""
    bench = load("practice_duplicate")

    def deal(seed: int, net: int) -> object:
        table = bench.Table("NS", net, 0, True, True)
        return bench.DealResult(seed, "suit", {"perfect": [table, bench.Table("EW", 0, 0, False, True)]})

    new = [deal(0, 100), deal(1, -40), deal(2, 60)]
    old = tmp_path / "old.jsonl"
    old.write_text("".join(r.to_json() + "\n" for r in (deal(0, 40), deal(1, -60))), encoding="utf-8")
    text = bench.paired(new, str(old), ("perfect",), "cpu")
    assert "this run less the baseline +40.0 ± 20.0 points a deal (paired, 2 deals)" in text
