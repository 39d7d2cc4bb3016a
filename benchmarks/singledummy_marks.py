"""Single-dummy marks on hands played by random cards against hands the computer played.

The check of issue 26: BEN's ?/?? marks should be many on hands played by a random legal card
and few on hands the computer played. On the same seeded deals (the computer bids and
discards for every seat, so each deal is played from the same contract both ways), every seat
is played (a) by the computer, (b) by a random legal card; then every card that was a choice
(more than one legal card) is valued single-dummy for the seat that played it
(``tutor analyse --seat all``) and its mark counted. Reported: the share of those cards marked
``?`` or ``??`` and marked ``??``, for each kind of play, with standard errors across hands
(each hand's cards are not independent of one another).

Run from the project root with the project's venv:

    .venv/bin/python benchmarks/singledummy_marks.py --hands 200 --layouts 20 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool

from tutor.engine.play import Play
from tutor.solve import deal_of, moves
from tutor.teach.players import Budget, Game, Phase
from tutor.teach.singledummy import analyse_position

Policy = Callable[[Game, random.Random], Play]

#: The computer's thought per card: no clock (the same play every run), few layouts.
BUDGET = Budget(seconds=None, early=6, middle=10, late=20)


def computer(game: Game, rng: random.Random) -> Play:
    choice = game.decide().choice
    assert isinstance(choice, Play)
    return choice


def random_card(game: Game, rng: random.Random) -> Play:
    return rng.choice(game.legal())


POLICIES: dict[str, Policy] = {"computer": computer, "random": random_card}


@dataclass(frozen=True)
class Marks:
    """One played hand: how many of its cards were a choice, and how many were marked."""

    choices: int
    marked: int
    bad: int


def _bid(seed: int, rules: str, budget: Budget) -> Game | None:
    game = Game(rules, seed, budget=budget)
    while game.phase in (Phase.AUCTION, Phase.DISCARD):
        game.computer()
    return game if game.phase is Phase.PLAY else None


def play_and_mark(seed: int, policy: str, *, layouts: int, rules: str = "australian",
                  budget: Budget = BUDGET) -> Marks | None:
    """Deal ``seed``, let the computer bid, play every card by ``policy`` and count the single-
    dummy marks on the cards that were a choice (None: everyone passed)."""
    start = _bid(seed, rules, budget)
    if start is None:
        return None
    game = Game(rules, seed, budget=budget, start=start.hand)
    rng = random.Random(seed)
    while game.to_act is not None:
        game.play(POLICIES[policy](game, rng))
    rep = game.replay
    choices = marked = bad = 0
    for k, (pos, play) in enumerate(deal_of(rep).positions()):
        if len(moves(pos)) < 2:
            continue
        choices += 1
        mark = analyse_position(rep, k, most=layouts, seed=seed).of(play).mark
        marked += mark is not None
        bad += mark == "??"
    return Marks(choices, marked, bad)


def rate(hands: Sequence[Marks], which: str = "marked") -> tuple[float, float]:
    """The share of the cards that were a choice that were marked (``which``: ``marked`` or
    ``bad``), and its standard error across hands (a ratio estimator: hands are the units)."""
    n = sum(h.choices for h in hands)
    m = sum(getattr(h, which) for h in hands)
    r = m / n if n else 0.0
    h = len(hands)
    if h < 2 or n == 0:
        return r, float("nan")
    spread = sum((getattr(x, which) - r * x.choices) ** 2 for x in hands)
    return r, math.sqrt(spread * h / (h - 1)) / n


def _one(args: tuple[int, str, int, str]) -> tuple[str, Marks | None]:
    seed, policy, layouts, rules = args
    return policy, play_and_mark(seed, policy, layouts=layouts, rules=rules)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=200, help="deals, each played both ways")
    ap.add_argument("--layouts", type=int, default=20, help="single-dummy layouts for each card")
    ap.add_argument("--rules", default="australian")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    work = [(seed, policy, args.layouts, args.rules) for seed in range(args.hands) for policy in POLICIES]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = list(pool.imap(_one, work, chunksize=2))
    else:
        results = list(map(_one, work))
    print(f"{args.hands} deals ({args.rules}), {args.layouts} layouts for each card; the share of "
          f"the cards that were a choice, ± one standard error across hands")
    for policy in POLICIES:
        hands = [m for p, m in results if p == policy and m is not None]
        marked, se_marked = rate(hands)
        bad, se_bad = rate(hands, "bad")
        print(f"{policy:9s} {len(hands)} hands, {sum(h.choices for h in hands)} cards: "
              f"marked ? or ?? {marked:.1%} ± {se_marked:.1%}, ?? {bad:.1%} ± {se_bad:.1%}")


if __name__ == "__main__":
    main()
