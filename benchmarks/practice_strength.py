"""The computer players: how strong (against two baselines and double-dummy play), how fast.

Strength: on the same seeded deals (the computer bids and discards for every seat, so the
contract is the same each time), a computer partnership plays the cards against a partnership
that plays (a) a random legal card, (b) the highest legal card; each deal is played twice, the
partnerships swapping seats, so both sides hold the same hands each way. Reported: points per
deal for each partnership, and contracts made when each was the contractor.

Against double-dummy play: the same deals played by the computer at all four seats; every card
is rated by the solver with all hands open, and the tricks each card gave away (its cost in
``tutor analyse``) are summed per deal.

Speed: for computer card decisions on these deals, CPU time of the decision against one
double-dummy solve of the same position (``Solver().options``, every legal card), median and
90th percentile of the ratio, and of the decision's own wall time.

Run from the project root with the project's venv:

    .venv/bin/python benchmarks/practice_strength.py --deals 500 --jobs 2
    .venv/bin/python benchmarks/practice_strength.py --deals 20 --seconds 1.0   # the learner's budget
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from multiprocessing import Pool

from tutor.engine.play import Play, effective_suit, power
from tutor.engine.seats import Seat, Side
from tutor.solve import Position, Solver, analyse, moves
from tutor.teach.players import Budget, Game, Phase

Policy = Callable[[Game, random.Random], Play]


def _computer(game: Game, rng: random.Random) -> Play:
    choice = game.decide().choice
    assert isinstance(choice, Play)
    return choice


def _random(game: Game, rng: random.Random) -> Play:
    return rng.choice(game.legal())


def _highest(game: Game, rng: random.Random) -> Play:
    pos = game.position()
    led = None if not pos.trick else effective_suit(pos.trick[0].card, pos.ctx)
    return max(game.legal(), key=lambda p: power(p.card, led or effective_suit(p.card, pos.ctx),
                                                 pos.ctx))


BASELINES: dict[str, Policy] = {"random": _random, "highest": _highest}


def _bid(seed: int, rules: str, budget: Budget) -> Game | None:
    game = Game(rules, seed, budget=budget)
    while game.phase in (Phase.AUCTION, Phase.DISCARD):
        game.computer()
    return game if game.phase is Phase.PLAY else None


def _play(game: Game, policies: dict[Seat, Policy], rng: random.Random) -> Game:
    while game.to_act is not None:
        seat = game.to_act
        game.play(policies[seat](game, rng))
    return game


def one_deal(args: tuple[int, str, Budget]) -> dict[str, object]:
    seed, rules, budget = args
    start = _bid(seed, rules, budget)
    if start is None:
        return {}
    contract = start.auction().contract
    assert contract is not None
    out: dict[str, object] = {"bid": str(contract.bid)}
    for name, base in BASELINES.items():
        rows = []
        for computer_side in (Side.NS, Side.EW):
            game = Game(rules, seed, budget=budget, start=start.hand)
            policies = {s: (_computer if s.side is computer_side else base) for s in game.seats}
            _play(game, policies, random.Random(seed))
            result = game.replay.result
            assert result is not None
            declarer_side = contract.declarer.side
            rows.append({
                "computer": result.score[computer_side],
                "baseline": result.score[computer_side.other],
                "computer_contracted": declarer_side is computer_side,
                "made": result.ruling.kind.value in ("contract-made", "misere-made", "slam"),
            })
        out[name] = rows
    # All four seats by the computer, every card rated double-dummy; decisions timed.
    game = Game(rules, seed, budget=budget, start=start.hand)
    timings = []
    while game.to_act is not None:
        pos: Position = game.position()
        if len(moves(pos)) > 1:
            t0, w0 = time.process_time(), time.perf_counter()
            choice = game.decide().choice
            t1, w1 = time.process_time(), time.perf_counter()
            Solver().options(pos)
            t2 = time.process_time()
            timings.append((t1 - t0, max(t2 - t1, 1e-6), w1 - w0))
        else:
            choice = moves(pos)[0]
        assert isinstance(choice, Play)
        game.play(choice)
    analysis = analyse(game.replay)
    out["dd_lost"] = sum(p.cost for p in analysis.plays)
    out["timings"] = timings
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--rules", default="australian")
    ap.add_argument("--seconds", type=float, default=0.1, help="time budget per computer card")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    budget = Budget(seconds=args.seconds)
    work = [(seed, args.rules, budget) for seed in range(args.deals)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = [r for r in pool.imap(one_deal, work, chunksize=4) if r]
    else:
        results = [r for r in map(one_deal, work) if r]
    print(f"{len(results)} deals played ({args.rules}, {args.seconds}s budget a computer card)")
    for name in BASELINES:
        rows = [row for r in results for row in r[name]]  # type: ignore[attr-defined]
        comp = statistics.mean(float(x["computer"]) for x in rows)
        base = statistics.mean(float(x["baseline"]) for x in rows)
        cc = [x for x in rows if x["computer_contracted"]]
        bc = [x for x in rows if not x["computer_contracted"]]
        made_c = sum(1 for x in cc if x["made"]) / max(1, len(cc))
        made_b = sum(1 for x in bc if x["made"]) / max(1, len(bc))
        print(f"vs {name:8s} points per deal: computer {comp:+.1f}, {name} {base:+.1f}; "
              f"contracts made: computer {made_c:.0%} of {len(cc)}, {name} {made_b:.0%} of {len(bc)}")
    lost = [float(r["dd_lost"]) for r in results]  # type: ignore[arg-type]
    print(f"tricks given away per deal against double-dummy play (all four seats): "
          f"{statistics.mean(lost):.2f}")
    times = [t for r in results for t in r["timings"]]  # type: ignore[attr-defined]
    ratios = [c / s for c, s, _w in times]
    walls = [w for _c, _s, w in times]
    print(f"a computer card: wall median {statistics.median(walls):.3f}s, 90th percentile "
          f"{_pct(walls, 0.9):.3f}s, longest {max(walls):.3f}s; as a ratio to one double-dummy solve "
          f"of the same position: "
          f"median {statistics.median(ratios):.1f}x, 90th percentile {_pct(ratios, 0.9):.1f}x "
          f"({len(times)} decisions)")


if __name__ == "__main__":
    main()
