"""Puzzle mining's throughput, against solving the same deals' opening leads in the same run.

Plays ``--deals`` seeded deals with the computer players as ``tutor puzzles mine`` does (timed
apart: the *play*), then, deal for deal, in this one process and in CPU time:

* the *mining*: :func:`tutor.teach.puzzles.mine_hand` on the deal as ``tutor puzzles mine
  --at-the-table`` runs it (every position solved, each kept puzzle's refutations and best line,
  the themes, and the single-dummy valuation of each ``contract`` puzzle with its seat's view);
* the *baseline*: every legal opening lead of the same deal valued double-dummy
  (:meth:`tutor.solve.Solver.options` at the first position, a fresh solver), the work a
  double-dummy "what to lead" costs, which the mining code did not write.

Which of the two goes first alternates from deal to deal, so a change of load on a shared
machine weighs on both. It prints puzzles per CPU-minute of mining, mining's CPU time as a
ratio to the baseline's (each also with the play counted in, what a whole ``tutor puzzles mine``
run costs), and the share of positions each filter of :class:`~tutor.teach.puzzles.Counts`
drops or keeps, each with its standard error over the deals (a ratio of sums: the error of
``sum y / sum x`` by the delta method, the deals the unit).

    python benchmarks/puzzle_mining.py                 # 40 deals, australian, seed 0
    python benchmarks/puzzle_mining.py --deals 100 --rules canadian
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields

from tutor.engine.replay import Replay, build
from tutor.solve import Solver, deal_of
from tutor.teach.puzzles import Counts, computer_deal, mine_hand


@dataclass
class Deal:
    play: float
    mining: float
    baseline: float
    puzzles: int
    counts: Counts


def ratio(ys: Sequence[float], xs: Sequence[float]) -> tuple[float, float]:
    """``sum(ys) / sum(xs)`` and its standard error over the pairs (delta method)."""
    n, sx = len(xs), sum(xs)
    r = sum(ys) / sx
    if n < 2:
        return r, math.nan
    var = sum((y - r * x) ** 2 for x, y in zip(xs, ys, strict=True)) / (n - 1)
    return r, math.sqrt(n * var) / sx


def _mine(rep: Replay) -> tuple[float, int, Counts]:
    t = time.process_time()
    puzzles, counts = mine_hand(rep, solver=Solver(), at_the_table=True)
    return time.process_time() - t, len(puzzles), counts


def _lead(rep: Replay) -> float:
    t = time.process_time()
    Solver().options(deal_of(rep).start)
    return time.process_time() - t


def measure(deals: int, seed: int = 0, rules: str = "australian") -> list[Deal]:
    reps, plays = [], []
    for s in range(seed, seed + deals):
        t = time.process_time()
        reps.append(build(computer_deal(s, rules)))
        plays.append(time.process_time() - t)
    out = []
    for k, (rep, play) in enumerate(zip(reps, plays, strict=True)):
        if k % 2:
            base = _lead(rep)
            mining, n, counts = _mine(rep)
        else:
            mining, n, counts = _mine(rep)
            base = _lead(rep)
        out.append(Deal(play, mining, base, n, counts))
    return out


def report(rows: list[Deal], command: str) -> str:
    mining = [d.mining for d in rows]
    whole = [d.mining + d.play for d in rows]
    base = [d.baseline for d in rows]
    found = [60.0 * d.puzzles for d in rows]
    per_min, per_se = ratio(found, mining)
    per_whole, whole_se = ratio(found, whole)
    r, r_se = ratio(mining, base)
    rw, rw_se = ratio(whole, base)
    total = sum(d.puzzles for d in rows)
    lines = [
        f"{command}",
        f"{len(rows)} deals, {total} puzzles ({sum(d.counts.at_the_table for d in rows)} at the table), "
        f"CPU s: {sum(d.play for d in rows):.1f} playing, {sum(mining):.1f} mining, "
        f"{sum(base):.2f} the baseline",
        f"puzzles per CPU-minute: {per_min:.0f} mining (standard error {per_se:.0f}), "
        f"{per_whole:.0f} with the play (standard error {whole_se:.0f})",
        f"CPU time as a ratio to solving the same deals' opening leads: mining {r:.1f}x "
        f"(standard error {r_se:.1f}), with the play {rw:.1f}x (standard error {rw_se:.1f})",
        "share of positions:",
    ]
    positions = [float(d.counts.positions) for d in rows]
    for f in fields(Counts):
        if f.name in ("positions", "tried", "at_the_table"):
            continue
        share, se = ratio([float(getattr(d.counts, f.name)) for d in rows], positions)
        lines.append(f"  {f.name:<10} {100 * share:5.1f}% (standard error {100 * se:.1f})")
    tried = [float(d.counts.tried) for d in rows]
    if sum(tried):
        share, se = ratio([float(d.counts.at_the_table) for d in rows], tried)
        lines.append(f"of the contract puzzles valued with the seat's view, at the table: {100 * share:.0f}% "
                     f"(standard error {100 * se:.0f}; {sum(tried):.0f} valued)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="australian")
    args = parser.parse_args()
    command = (f"python benchmarks/puzzle_mining.py --deals {args.deals} --seed {args.seed} "
               f"--rules {args.rules}")
    print(report(measure(args.deals, args.seed, args.rules), command))


if __name__ == "__main__":
    main()
