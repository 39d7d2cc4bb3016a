"""Single-dummy speed: every legal card at a position over 100 layouts, tutor against DDS, in one run.

On random four-handed suit-contract deals after the discard (seeded, as in solver_vs_dds.py),
at the start of trick 1, 2 or 3, the seat to play's unseen cards are dealt 100 ways (the
analysis's own sampler, unweighted) and every legal card is valued on every layout:

(a) tutor: one ``Solver().options_batch`` call (one call into the C core, a fresh table a
    layout in the same memory), without the early stop, and with it (single-dummy analysis's
    one early stop, margin ``BAD``: ``single_dummy`` makes this call, the card played kept);
(b) tutor as it was before the batch: a new ``Solver().options`` per layout;
(c) DDS (endplay's ``solve_board``): the same 100 layouts relabelled into bridge deals
    (tutor.solve.bridge, as solver_vs_dds.py), one ``solve_board`` call each.

Printed: the median and 90th percentile over the positions of tutor's time over DDS's (each
with its standard error, by the bootstrap), position by position (both measured one after
the other, so a machine whose load changes weighs on both alike). Then a whole hand's
``tutor analyse --seat S`` at 100 layouts a decision (``analyse_seat``, the auction weighting
included), per decision, on random deals.
CPU seconds of this process (``time.process_time``). From the project root:

    .venv/bin/python benchmarks/singledummy_speed.py              # 60 positions, 6 hands
    .venv/bin/python benchmarks/singledummy_speed.py --positions 20 --hands 2

It needs ``endplay`` (the test extras: ``pip install -e '.[test]'``); without it, it exits 2.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player
from solver_vs_dds import PRESETS, _deals, _suit

from tutor.engine.hand import RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, replay
from tutor.engine.rules import preset
from tutor.solve import Deal as SolverDeal
from tutor.solve import Position, SolveError, Solver, apply, deal_of
from tutor.solve.bridge import to_bridge
from tutor.solve.singledummy import BAD
from tutor.teach.players.inference import weighted_layouts
from tutor.teach.singledummy import analyse_seat

LAYOUTS = 100


def _timed(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def _position(deal: SolverDeal, trick: int) -> list[Position]:
    """100 layouts of what the seat to play cannot see at the start of ``trick`` (from 0) (the
    cards played are known to it)."""
    pos = deal.start
    for play in deal.plays[:trick * 4]:
        pos = apply(pos, play)
    pack = preset("australian").the_pack.cards  # the four-handed presets share the 43-card pack
    me = pos.to_move
    lays = weighted_layouts(pos, me, None, pack=pack, gone=[p.card for p in deal.plays[:trick * 4]],
                            rng=random.Random(trick), most=LAYOUTS)
    return list(lays.layouts)


def _dds(boards: list[Deal]) -> None:
    for board in boards:
        solve_board(board)


def _board(lay: Position) -> Deal:
    pbn, trumps, first, _names = to_bridge(lay)
    return Deal(pbn, first=Player.find(first), trump=Denom.find(trumps))


def _ratios(ours: list[float], theirs: list[float]) -> list[float]:
    return [a / b for a, b in zip(ours, theirs, strict=True)]


def _stats(ratios: list[float]) -> str:
    """The median and 90th percentile, each with its standard error by the bootstrap (seeded)."""
    rng = random.Random(0)
    meds, p90s = [], []
    for _ in range(400):
        again = rng.choices(ratios, k=len(ratios))
        meds.append(statistics.median(again))
        p90s.append(statistics.quantiles(again, n=10)[-1])
    return (f"median {statistics.median(ratios):5.2f}x (se {statistics.stdev(meds):4.2f})  "
            f"p90 {statistics.quantiles(ratios, n=10)[-1]:5.2f}x (se {statistics.stdev(p90s):4.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--hands", type=int, default=6)
    args = parser.parse_args()
    batch: list[float] = []
    early: list[float] = []
    apart: list[float] = []
    dds: list[float] = []
    for i, deal in enumerate(_deals(args.positions, _suit)):
        lays = _position(deal, i % 3)
        boards = [_board(lay) for lay in lays]
        weights = [1.0] * len(lays)
        batch.append(_timed(lambda lays=lays: Solver().options_batch(lays)))
        dds.append(_timed(lambda boards=boards: _dds(boards)))
        early.append(_timed(lambda lays=lays, w=weights: Solver().options_batch(lays, weights=w, margin=BAD)))
        apart.append(_timed(lambda lays=lays: [Solver().options(lay) for lay in lays]))
    ms = statistics.median(dds) * 1000
    print(f"{len(dds)} suit-contract positions (tricks 1-3), every legal card over {LAYOUTS} layouts;")
    print(f"CPU time per position, as a multiple of DDS's ({LAYOUTS} solve_board calls, median {ms:.1f} ms)")
    print(f"(a) tutor, one batch call:              {_stats(_ratios(batch, dds))}")
    print(f"(a) tutor, one batch call, early stop:  {_stats(_ratios(early, dds))}")
    print(f"(b) tutor, a solver per layout:         {_stats(_ratios(apart, dds))}")
    print(f"    the batch against a solver per layout: {_stats(_ratios(batch, apart))}")
    per: list[float] = []
    for rep in _hands(args.hands):
        deal = deal_of(rep)
        seat = deal.start.seats[(deal.start.leader + 1) % 4]  # second to play to the first trick
        t = time.process_time()
        decisions = sum(1 for _ in analyse_seat(rep, seat, most=LAYOUTS))
        per.append((time.process_time() - t) / decisions)
    print(f"tutor analyse --seat S at {LAYOUTS} layouts a decision, {len(per)} random hands: "
          f"median {statistics.median(per) * 1000:.0f} ms a decision, "
          f"slowest hand {max(per) * 1000:.0f} ms a decision")


def _hands(count: int) -> list[Replay]:
    """Whole played four-handed suit-contract hands (random, seeded)."""
    out: list[Replay] = []
    seed = 5_000
    while len(out) < count:
        rep = replay(random_hand(seed, RulesSpec(PRESETS[seed % len(PRESETS)])))
        seed += 1
        try:
            deal = deal_of(rep)
        except SolveError:
            continue
        if rep.context is not None and len(deal.plays) == 40 and _suit(deal):
            out.append(rep)
    return out


if __name__ == "__main__":
    main()
