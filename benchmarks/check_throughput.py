"""Whole-process ``tutor check`` throughput on random legal deals written as hand files.

Writes ``--deals`` random deals (all three presets, seeded, reproducible) as hand files into a
temporary folder, then times ``python -m tutor check FOLDER`` as a fresh process several times
and prints deals per second: from the best and median wall time, and from the CPU time the
process used (user + system), which is what one core does undisturbed even when other work
shares the machine. Start-up (imports) and YAML parsing are included: that is what an author
waits for. The target is judged on the median CPU figure.

    python benchmarks/check_throughput.py            # 1,000 deals, 5 runs
    python benchmarks/check_throughput.py --deals 5000 --runs 3
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tutor.engine.randomdeal import random_hand
from tutor.files import handfile

TARGET = 1000.0  # deals per second, on one core


def write_deals(folder: Path, deals: int, seed: int = 0) -> None:
    for i in range(deals):
        hand = random_hand(seed + i)
        handfile.dump(hand, folder / f"deal-{i:05d}.yaml")


def time_check(folder: Path) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one whole ``tutor check`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "tutor", "check", "--quiet", str(folder)],
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"tutor check found problems in random legal deals:\n{proc.stdout[:2000]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def measure(deals: int = 1000, runs: int = 5) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="tutor-bench-") as tmp:
        folder = Path(tmp)
        write_deals(folder, deals)
        results = [time_check(folder) for _ in range(runs)]
    walls = [w for w, _ in results]
    cpus = [c for _, c in results]
    return {
        "deals": deals,
        "best_s": min(walls),
        "median_s": statistics.median(walls),
        "best_per_s": deals / min(walls),
        "median_per_s": deals / statistics.median(walls),
        "cpu_median_s": statistics.median(cpus),
        "cpu_per_s": deals / statistics.median(cpus),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    r = measure(args.deals, args.runs)
    print(
        f"tutor check: {r['deals']:.0f} deals in {args.runs} runs; wall best {r['best_s']:.3f} s "
        f"({r['best_per_s']:,.0f} deals/s), median {r['median_s']:.3f} s "
        f"({r['median_per_s']:,.0f} deals/s); CPU median {r['cpu_median_s']:.3f} s "
        f"({r['cpu_per_s']:,.0f} deals/s on one core); target {TARGET:,.0f} deals/s"
    )
    return 0 if r["cpu_per_s"] >= TARGET else 1

if __name__ == "__main__":
    raise SystemExit(main())
