"""The double-dummy solver against DDS (Bo Haglund's, through endplay), in one run.

On the same random four-handed suit-contract deals after the discard (seeded, reproducible),
times tutor's solver and ``endplay.dds.solve_board`` and prints the ratio of their medians and
90th percentiles for:

(a) a whole ten-trick deal, every opening lead's value (one ``solve_board``; tutor's
    ``Solver().options`` on the first position);
(b) every card of a whole played hand, what ``tutor analyse`` does: the value of every legal
    card at each of the forty plays (forty ``solve_board`` calls as the cards are played);
(c) no-trumps with the joker in play, and misère: tutor's time for (a) on such deals, against
    its own suit-contract time from (a).

Times are CPU seconds of this process (``time.process_time``), so a busy machine disturbs
them less than wall time; both sides are measured in the same run, deal by deal in turn (and
the no-trumps and misère deals among the suit deals), so the ratios compare like with like
even when the machine's load changes during the run. Run it from the project root with the project's venv:

    .venv/bin/python benchmarks/solver_vs_dds.py              # 200 deals
    .venv/bin/python benchmarks/solver_vs_dds.py --deals 50

It needs ``endplay``, which the test extras install (``pip install -e '.[test]'``); without it,
it says so and exits 2.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator

try:
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Denom, Player
except ImportError as err:  # only the test extras install endplay
    print(f"solver_vs_dds.py needs endplay (DDS) to compare with ({err}): install it with "
          "pip install -e '.[test]' (or pip install endplay)", file=sys.stderr)
    raise SystemExit(2) from None

from tutor.engine.cards import Joker
from tutor.engine.hand import RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import replay
from tutor.solve import Deal as SolverDeal
from tutor.solve import SolveError, Solver, apply, deal_of
from tutor.solve.bridge import to_bridge

PRESETS = ["australian", "avondale", "american", "new-zealand"]


def _deals(count: int, want: Callable[[SolverDeal], bool], start: int = 1) -> Iterator[SolverDeal]:
    seed = start
    found = 0
    while found < count:
        rep = replay(random_hand(seed, RulesSpec(PRESETS[seed % len(PRESETS)])))
        seed += 1
        if rep.context is None:
            continue
        try:
            deal = deal_of(rep)
        except SolveError:
            continue
        if len(deal.plays) == len(deal.start.seats) * len(deal.start.hands[0]) and want(deal):
            found += 1
            yield deal


def _suit(deal: SolverDeal) -> bool:
    try:
        to_bridge(deal.start)
    except SolveError:
        return False
    return True


def _timed(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def _bridge(deal: SolverDeal) -> tuple[Deal, dict[object, str]]:
    pbn, trumps, first, names = to_bridge(deal.start)
    return Deal(pbn, first=Player.find(first), trump=Denom.find(trumps)), dict(names)


def _dds_whole_hand(deal: SolverDeal) -> None:
    board, names = _bridge(deal)
    for play in deal.plays:
        solve_board(board)
        board.play(Card(names[play.card]))


def _ours_whole_hand(deal: SolverDeal) -> None:
    solver = Solver()
    pos = deal.start
    guess = None
    for play in deal.plays:
        options = solver.options(pos, guess)
        guess = options[play]
        pos = apply(pos, play)


def _stats(ours: list[float], theirs: list[float]) -> str:
    def p90(xs: list[float]) -> float:
        return statistics.quantiles(xs, n=10)[-1]

    mo, mt = statistics.median(ours), statistics.median(theirs)
    return (
        f"median {mo * 1000:8.2f} ms vs {mt * 1000:7.2f} ms: {mo / mt:6.1f}x   "
        f"p90 {p90(ours) * 1000:8.2f} ms vs {p90(theirs) * 1000:7.2f} ms: {p90(ours) / p90(theirs):6.1f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    suit = list(_deals(args.deals, _suit))

    def joker_nt(d: SolverDeal) -> bool:
        return (d.start.ctx.trumps is None and not d.start.minimise
                and any(isinstance(c, Joker) for h in d.start.hands for c in h))

    nt = list(_deals(max(20, args.deals // 4), joker_nt, start=10_000))
    misere = list(_deals(max(20, args.deals // 4), lambda d: d.start.minimise, start=20_000))
    # Each deal's four timings are taken one after the other, and the other contracts' deals
    # between the suit deals, so that a machine that gets busier or quieter during the run
    # weighs on both sides of every ratio alike.
    lead_ours: list[float] = []
    lead_dds: list[float] = []
    hand_ours: list[float] = []
    hand_dds: list[float] = []
    nt_ours: list[float] = []
    misere_ours: list[float] = []
    every = max(1, len(suit) // max(len(nt), len(misere)))
    for i, d in enumerate(suit):
        lead_ours.append(_timed(lambda d=d: Solver().options(d.start)))
        lead_dds.append(_timed(lambda d=d: solve_board(_bridge(d)[0])))
        hand_ours.append(_timed(lambda d=d: _ours_whole_hand(d)))
        hand_dds.append(_timed(lambda d=d: _dds_whole_hand(d)))
        if i % every == 0:
            k = i // every
            if k < len(nt):
                nt_ours.append(_timed(lambda d=nt[k]: Solver().options(d.start)))
            if k < len(misere):
                misere_ours.append(_timed(lambda d=misere[k]: Solver().options(d.start)))
    nt_ours += [_timed(lambda d=d: Solver().options(d.start)) for d in nt[len(nt_ours):]]
    misere_ours += [_timed(lambda d=d: Solver().options(d.start)) for d in misere[len(misere_ours):]]
    print(f"{len(suit)} suit-contract deals after the discard; CPU time per deal, tutor vs DDS")
    print(f"(a) every opening lead:        {_stats(lead_ours, lead_dds)}")
    print(f"(b) every card of a whole hand: {_stats(hand_ours, hand_dds)}")
    print("tutor's every opening lead on other contracts, against its own suit contracts in (a)")
    print(f"(c) no-trumps with the joker ({len(nt)} deals): {_stats(nt_ours, lead_ours)}")
    print(f"(c) misère ({len(misere)} deals):               {_stats(misere_ours, lead_ours)}")


if __name__ == "__main__":
    main()
