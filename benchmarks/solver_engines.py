"""The solver's compiled core against its pure-Python reference, in one run.

On seeded random four-handed deals (suit contracts, no-trumps, misère), plays each deal as
written down to ``--tricks`` tricks to go and values every legal card there with each engine
(``Solver("c").options`` and ``Solver("python").options``), position by position in turn, so
the ratio compares like with like even when the machine's load changes. Times are CPU seconds
of this process (``time.process_time``). It says what a C compiler at install time buys: the
pure-Python solver is what tutor uses without one. Run it from the project root:

    .venv/bin/python benchmarks/solver_engines.py              # 20 deals, 5 tricks to go
    .venv/bin/python benchmarks/solver_engines.py --deals 10 --tricks 6

Whole hands from the first card (what ``tutor analyse`` and ``tutor check`` ask) are far out
of the reference's reach: minutes or more a hand, where the core takes milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.engine.hand import RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import replay
from tutor.solve import FAST, Position, SolveError, Solver, apply, deal_of


def positions(deals: int, tricks: int) -> list[Position]:
    """``deals`` positions, each ``tricks`` tricks from the end of a random deal."""
    out: list[Position] = []
    seed = 0
    while len(out) < deals:
        seed += 1
        rep = replay(random_hand(seed, RulesSpec("australian")))
        try:
            deal = deal_of(rep)
        except SolveError:
            continue
        pos = deal.start
        if len(pos.hands[0]) < tricks:
            continue
        for play in deal.plays[: (len(pos.hands[0]) - tricks) * len(pos.seats)]:
            pos = apply(pos, play)
        out.append(pos)
    return out


def measure(deals: int = 20, tricks: int = 5) -> dict[str, float]:
    """CPU seconds of each engine on the same positions, and the ratio of their totals."""
    c_times: list[float] = []
    py_times: list[float] = []
    for pos in positions(deals, tricks):
        start = time.process_time()
        fast = Solver("c").options(pos)
        c_times.append(time.process_time() - start)
        start = time.process_time()
        slow = Solver("python").options(pos)
        py_times.append(time.process_time() - start)
        assert fast == slow, pos
    return {
        "c_median": statistics.median(c_times),
        "python_median": statistics.median(py_times),
        "ratio": sum(py_times) / max(sum(c_times), 1e-9),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--tricks", type=int, default=5, help="tricks to go at each position")
    args = parser.parse_args()
    if not FAST:
        raise SystemExit("the compiled core is not built: nothing to compare the reference with")
    result = measure(args.deals, args.tricks)
    print(f"{args.deals} positions, {args.tricks} tricks to go, every legal card valued:")
    print(f"  compiled core  median {result['c_median'] * 1000:8.2f} ms")
    print(f"  pure Python    median {result['python_median'] * 1000:8.2f} ms")
    print(f"  the core is {result['ratio']:,.0f} times faster (total CPU time)")


if __name__ == "__main__":
    main()
