"""Is the single-dummy make chance calibrated? With the auction model and without it.

Over random positions of hands the computer bid and played at every seat (seeded Australian
deals), the seat to play's card is valued single-dummy (:func:`tutor.teach.singledummy.
analyse_position`) twice over the same dealt layouts: weighted by the auction (the inference
model) and with every layout counted alike. The predicted chance that the contract is made
after the card played is set against what happened double-dummy on the true layout (the
contract made or not with best play from there on). Reported for each: a reliability table
(bins of predicted chance: positions, mean prediction, observed rate ± standard error) and the
Brier score ± its standard error, and the paired difference of the two Brier scores (negative:
the auction model predicts better). Positions of one deal are not independent, so the errors
are a little narrow.

Run from the project root with the project's venv:

    .venv/bin/python benchmarks/singledummy_calibration.py --positions 500 --layouts 30 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool

from tutor.engine.play import Play
from tutor.solve import deal_of, moves
from tutor.solve.singledummy import goal_of
from tutor.teach.players import Budget, Game, Phase
from tutor.teach.singledummy import analyse_position

#: The computer's thought per card: no clock (the same play every run), few layouts.
BUDGET = Budget(seconds=None, early=6, middle=10, late=20)

#: The bins of predicted chance: [0, 0.1), [0.1, 0.2), ..., [0.9, 1].
BINS = 10


@dataclass(frozen=True)
class Outcome:
    """One position: the make chance predicted with the auction model and without it, and
    whether the contract was made double-dummy after the card played."""

    auction: float
    uniform: float
    made: bool
    contractor: bool = False  # the seat to play is on the contractor's side


def positions_of(seed: int, per_deal: int, *, layouts: int, rules: str = "australian",
                 budget: Budget = BUDGET) -> list[Outcome]:
    """Up to ``per_deal`` random positions (where the seat had a choice) of deal ``seed``,
    bid and played by the computer at every seat."""
    game = Game(rules, seed, budget=budget)
    while game.phase in (Phase.AUCTION, Phase.DISCARD):
        game.computer()
    if game.phase is not Phase.PLAY:
        return []
    while game.to_act is not None:
        choice = game.decide().choice
        assert isinstance(choice, Play)
        game.play(choice)
    rep = game.replay
    goal = goal_of(rep)
    at = [(k, play) for k, (pos, play) in enumerate(deal_of(rep).positions()) if len(moves(pos)) > 1]
    rng = random.Random(seed)
    out = []
    positions = deal_of(rep).positions()
    team = {k: pos.team[pos.to_move] for k, (pos, _play) in enumerate(positions)}
    for k, play in sorted(rng.sample(at, min(per_deal, len(at))), key=lambda kp: kp[0]):
        weighted = analyse_position(rep, k, most=layouts, seed=seed).of(play)
        uniform = analyse_position(rep, k, most=layouts, seed=seed, auction=False).of(play)
        assert weighted.double_dummy is not None
        out.append(Outcome(weighted.make, uniform.make, goal.made(weighted.double_dummy), team[k]))
    return out


def brier(outcomes: Sequence[Outcome], which: str) -> tuple[float, float]:
    """The Brier score of the ``which`` predictions and its standard error."""
    errors = [(getattr(o, which) - o.made) ** 2 for o in outcomes]
    return statistics.mean(errors), statistics.stdev(errors) / math.sqrt(len(errors))


def difference(outcomes: Sequence[Outcome]) -> tuple[float, float]:
    """Brier(auction) - Brier(uniform), paired by position, and its standard error."""
    d = [(o.auction - o.made) ** 2 - (o.uniform - o.made) ** 2 for o in outcomes]
    return statistics.mean(d), statistics.stdev(d) / math.sqrt(len(d))


def reliability(outcomes: Sequence[Outcome], which: str) -> list[tuple[str, int, float, float, float]]:
    """For each bin of predicted chance with positions in it: its range, how many, the mean
    prediction, the observed rate and that rate's standard error."""
    rows = []
    for b in range(BINS):
        lo, hi = b / BINS, (b + 1) / BINS
        inside = [o for o in outcomes
                  if lo <= getattr(o, which) < hi or (b == BINS - 1 and getattr(o, which) == 1.0)]
        if not inside:
            continue
        n = len(inside)
        rate = sum(o.made for o in inside) / n
        rows.append((f"{lo:.1f}–{hi:.1f}", n, statistics.mean(getattr(o, which) for o in inside),
                     rate, math.sqrt(rate * (1 - rate) / n)))
    return rows


def _one(args: tuple[int, int, int, str]) -> list[Outcome]:
    seed, per_deal, layouts, rules = args
    return positions_of(seed, per_deal, layouts=layouts, rules=rules)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--per-deal", type=int, default=5, help="positions taken from each deal")
    ap.add_argument("--layouts", type=int, default=30, help="single-dummy layouts for each position")
    ap.add_argument("--rules", default="australian")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    outcomes: list[Outcome] = []
    seed = 0
    pool = Pool(args.jobs) if args.jobs > 1 else None
    while len(outcomes) < args.positions:
        need = math.ceil((args.positions - len(outcomes)) / args.per_deal) + 1
        work = [(s, args.per_deal, args.layouts, args.rules) for s in range(seed, seed + need)]
        seed += need
        for found in (pool.imap(_one, work) if pool else map(_one, work)):
            outcomes += found
    if pool:
        pool.close()
    outcomes = outcomes[:args.positions]
    print(f"{len(outcomes)} positions of {seed} seeded deals ({args.rules}, played by the computer), "
          f"{args.layouts} layouts for each; made: double-dummy on the true layout after the card "
          f"played ({sum(o.made for o in outcomes) / len(outcomes):.0%} of the positions)")
    for which, title in (("auction", "weighted by the auction"), ("uniform", "every layout alike")):
        score, se = brier(outcomes, which)
        print(f"\n{title}: Brier score {score:.4f} ± {se:.4f}")
        print("| predicted | positions | mean predicted | observed |")
        print("|---|---:|---:|---:|")
        for label, n, mean, rate, rate_se in reliability(outcomes, which):
            print(f"| {label} | {n} | {mean:.2f} | {rate:.2f} ± {rate_se:.2f} |")
    d, se = difference(outcomes)
    print(f"\nBrier(auction) − Brier(uniform) = {d:+.4f} ± {se:.4f} (paired by position)")
    print("\n| seat to play | positions | observed | auction: mean predicted, Brier | alike: mean "
          "predicted, Brier |")
    print("|---|---:|---:|---:|---:|")
    for contractor, who in ((True, "contractor's side"), (False, "defender")):
        part = [o for o in outcomes if o.contractor is contractor]
        if len(part) < 2:
            continue
        cells = [f"{statistics.mean(getattr(o, w) for o in part):.2f}, "
                 f"{brier(part, w)[0]:.4f} ± {brier(part, w)[1]:.4f}" for w in ("auction", "uniform")]
        print(f"| {who} | {len(part)} | {sum(o.made for o in part) / len(part):.2f} | "
              f"{cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main()
