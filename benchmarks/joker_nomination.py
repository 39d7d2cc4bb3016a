"""The computer contractor's joker nomination against keeping the joker as the wildcard.

Australian deals set in no-trumps as the puzzle miner sets them (the best no-trumps count bids
it, the others pass: tutor/teach/puzzles/deals.py), every seat the computer. Where the
contractor, after its discard, nominates the joker (tutor/teach/players/nomination.py), the
deal is played a second time with the same discard and the joker kept as the wildcard, the
rules' play without a nomination and what the computer did before it could nominate; the
deals where it keeps the wildcard play the same both ways and are left out. Paired by deal:
the contractor's side's tricks and contracts made, nominating less wildcard, each with its
standard error (the deals' spread over the root of their number).

Run from the project root with the project's venv:

    .venv/bin/python benchmarks/joker_nomination.py --seeds 10000 26000
    .venv/bin/python benchmarks/joker_nomination.py --seeds 10000 11000 --layouts 8   # a quick look
"""

from __future__ import annotations

import argparse
import math

from tutor.engine.replay import build
from tutor.teach.players import Budget, Game, Phase
from tutor.teach.puzzles.deals import _no_trumps_bid


def _result(game: Game) -> tuple[int, bool]:
    rep = build(game.hand)
    contract = rep.contract
    assert contract is not None and contract.bid.tricks is not None
    side = {contract.declarer, contract.declarer.partner}
    won = sum(1 for t in rep.tricks if t.winner in side)
    return won, won >= contract.bid.tricks


def _mean(xs: list[int]) -> str:
    n = len(xs)
    if n < 2:
        return f"n={n}"
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return f"{m:+.3f} ± {sd / math.sqrt(n):.3f} (n={n})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs=2, default=(10000, 26000), metavar=("FROM", "TO"))
    ap.add_argument("--layouts", type=int, default=4,
                    help="layouts a card early in the hand, no clock (default 4: the miner's)")
    args = ap.parse_args()
    budget = Budget(seconds=None, early=args.layouts, middle=2 * args.layouts, late=4 * args.layouts)
    tricks: list[int] = []
    made: list[int] = []
    deals = 0
    for seed in range(*args.seeds):
        game = Game("australian", seed, budget=budget)
        if not _no_trumps_bid(game):
            continue
        deals += 1
        discard = game.decide().choice
        game.computer()  # the discard, then the nomination
        if game.hand.joker is None:
            continue
        wildcard = Game("australian", seed, budget=budget)
        _no_trumps_bid(wildcard)
        assert isinstance(discard, tuple)
        wildcard.discard(discard)
        for g in (game, wildcard):
            while g.phase is not Phase.OVER:
                g.computer()
        (t1, m1), (t2, m2) = _result(game), _result(wildcard)
        tricks.append(t1 - t2)
        made.append(int(m1) - int(m2))
    print(f"seeds {args.seeds[0]}-{args.seeds[1] - 1}: {deals} no-trumps deals, the joker nominated "
          f"in {len(tricks)}")
    print(f"contractor's side's tricks, nominating less wildcard: {_mean(tricks)}")
    print(f"contracts made, nominating less wildcard: {_mean(made)}")


if __name__ == "__main__":
    main()
