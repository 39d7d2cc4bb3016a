"""A call played out at the table: the contract it names, standing, on layouts of what the caller
could see, played by the computer card players on every seat, against double-dummy play.

``tutor review`` judges a call by playing the contract the auction ends in double-dummy, all
hands open. For a closed misère that means defenders who see the contractor's hand
(docs/analysis.md, "Where the call judgement is weak"). This asks the same question at a table:
for the call ``CALL`` made as call ``K`` of the file's auction (from 0), the cards the caller
could not see are dealt ``--layouts`` ways, weighted by the calls before it, as the review deals
them (``tutor.teach.players.inference.weighted_layouts``, the review's seed), and on each:

- the call stands (everyone after it passes), the computer puts the kitty away and the computer
  card players (``tutor.teach.players``, single-dummy: each seat sees only its own cards and the
  cards played) play every seat; whether the contract is made;
- the baseline, on the same layout and discard: double-dummy (the solver's value after the
  discard, all hands open), whether it is made.

Printed: the share made both ways, every layout alike (a binomial standard error) and weighted
by the auction (the standard error from the effective number of layouts), and the paired
difference layout by layout with its standard error. The card players run with no clock
(``--samples`` layouts a card), so a run is reproducible.

Run from the project root with the project's venv:

    .venv/bin/python benchmarks/misere_at_the_table.py hands/misere-or-seven-hearts.yaml S 3 misere
    .venv/bin/python benchmarks/misere_at_the_table.py hands/misere-or-seven-hearts.yaml S 3 7H

Measured (40 layouts, 16 samples a card, seed 0; about a minute each on the shared machine),
the lesson's South after 6♣ 6♥ 7♣: misère made at the table 92% ± 4% (37 of 40), double-dummy
75% ± 7% (30 of 40), paired +18 ± 6 points; seven hearts at the table 20% ± 6% (8 of 40),
double-dummy 22% ± 7% (9 of 40). Practice deal 316 (``tutor play --seed 316
--auto --samples 4 --save deal316.yaml``), East's misère over 7♣ (the lesson this one replaced):
see docs/analysis.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
from collections.abc import Sequence
from pathlib import Path

from tutor.engine.auction import Bid, Pass, Strain, parse_call
from tutor.engine.cards import without
from tutor.engine.play import PlayContext
from tutor.engine.replay import build
from tutor.engine.seats import Seat
from tutor.files.handfile import check
from tutor.solve import Position, Solver
from tutor.solve.deal import deal_of
from tutor.teach.players import Budget, Game, Phase
from tutor.teach.players.inference import History, weighted_layouts


@dataclasses.dataclass(frozen=True)
class Layout:
    weight: float
    table: bool  # made with the computer card players on every seat
    double_dummy: bool  # made with all hands open, the same discard


def play_out(path: Path, seat: Seat, k: int, call: str, *, layouts: int, seed: int,
             samples: int) -> tuple[list[Layout], float]:
    """Each layout's outcomes, and the effective number of layouts the auction's weights leave."""
    rep, problems = check(path)
    if rep is None or problems:
        raise SystemExit(f"{path}: {problems[0].message if problems else 'does not replay'}")
    hand = rep.hand
    rules = hand.rules
    seats = tuple(s for s in rep.table.seats if s in hand.hands)
    me = seats.index(seat)
    side = rep.table.side_of(seat)
    pos = Position(seats=seats, hands=tuple(tuple(hand.hands[s]) for s in seats),  # as the review
                   team=tuple(rep.table.side_of(s) == side for s in seats),      # deals them
                   ctx=PlayContext.of(Bid.of(6, Strain.NO_TRUMPS)), pack=rules.the_pack)
    history = History(rules=rules, dealer=hand.dealer, calls=tuple(hand.auction[:k]))
    weighted = weighted_layouts(pos, me, history, pack=rules.the_pack.cards,
                                rng=random.Random(seed * 1009 + 7919 + k), most=layouts)
    bid = parse_call(call)
    budget = Budget(seconds=None, early=samples, middle=samples, late=3 * samples)
    out = []
    for n, (layout, w) in enumerate(weighted):
        hands = {s: tuple(layout.hands[i]) for i, s in enumerate(layout.seats)}
        kitty = tuple(without(rules.the_pack.cards, [c for cs in hands.values() for c in cs]))
        start = dataclasses.replace(hand, hands=hands, kitty=kitty, auction=tuple(hand.auction[:k]),
                                    discard=None, play=(), notes={}, claims={}, kitty_claims={},
                                    decision=None, par=None)
        game = Game(hand.rules_spec, n, budget=budget, start=start)
        game.call(bid)
        while game.phase is Phase.AUCTION:
            game.call(Pass())
        while game.to_act is not None:
            game.computer()
        result = game.replay.result
        assert result is not None
        contract = result.contract
        value = Solver().value(deal_of(build(dataclasses.replace(game.hand, play=()))).start)
        dd = value == 0 if contract.bid.is_misere else value >= contract.bid.tricks
        out.append(Layout(w, result.made, dd))
    return out, weighted.ess


def _share(xs: Sequence[bool]) -> tuple[float, float]:
    p = sum(xs) / len(xs)
    return p, math.sqrt(p * (1 - p) / len(xs))


def report(rows: Sequence[Layout], ess: float, call: str) -> str:
    n = len(rows)
    lines = [f"{call}: {n} layouts ({ess:.1f} effective by the auction's weights)"]
    for name, pick in (("at the table (computer card players)", lambda r: r.table),
                       ("double-dummy (all hands open)", lambda r: r.double_dummy)):
        made = [pick(r) for r in rows]
        p, se = _share(made)
        total = sum(r.weight for r in rows)
        pw = sum(r.weight for r in rows if pick(r)) / total
        sew = math.sqrt(pw * (1 - pw) / max(ess, 1.0))
        lines.append(f"  {name}: made {100 * p:.0f}% ± {100 * se:.0f}% ({sum(made)} of {n}); "
                     f"weighted by the auction {100 * pw:.0f}% ± {100 * sew:.0f}%")
    diffs = [int(r.table) - int(r.double_dummy) for r in rows]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    lines.append(f"  at the table less double-dummy, paired: {100 * mean:+.0f} ± "
                 f"{100 * sd / math.sqrt(n):.0f} points of percentage")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("seat", help="the caller's seat")
    ap.add_argument("k", type=int, help="the call's place in the auction, from 0")
    ap.add_argument("call", help="the call to play out: misere, 7H, ...")
    ap.add_argument("--layouts", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--samples", type=int, default=16, help="layouts a card for the card players")
    args = ap.parse_args()
    rows, ess = play_out(args.file, Seat.parse(args.seat), args.k, args.call, layouts=args.layouts,
                         seed=args.seed, samples=args.samples)
    print(report(rows, ess, args.call))


if __name__ == "__main__":
    main()
