"""The contractor's joker: nominate its suit or keep it as the wildcard, by solving layouts.

Where the rules let the contractor nominate the joker's suit (setting ``joker_nomination``, in
no-trumps only with ``joker_nomination_in_no_trumps``), the choice changes the play: a
nominated joker is the highest card of its suit (it counts for that suit's length and must
follow it), the wildcard beats everything but may be played only when void in the suit led,
or led naming a suit while the rules allow it. Neither is always right, so the computer
contractor, holding the joker after its discard, deals the cards it cannot see a few ways
(:mod:`~tutor.teach.players.sampling`, the same layouts card play uses at the first trick),
solves each layout double-dummy once for every choice (the wildcard and each suit), and takes
the choice that makes the contract in the most layouts, then the most tricks on average; the
wildcard where nominating does no better. The chance rests on those few layouts, each solved
with all hands open: a guide, not a certainty. In misère the computer has put the joker away
(:mod:`~tutor.teach.players.discard`); should it keep it where the rules lose a misère with the
joker kept but not nominated (setting ``misere_needs_joker_nominated``), it chooses among the
suits only, by the fewest tricks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Sequence
from dataclasses import replace

from tutor.engine.auction import Bid, BidKind
from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.kitty import play_context
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat
from tutor.solve import Position, Solver
from tutor.teach.players.cardplay import DEFAULT_BUDGET, Budget
from tutor.teach.players.sampling import count_layouts, layouts, unseen

__all__ = ["choose_nomination", "may_nominate"]


def may_nominate(bid: Bid, rules: RuleSet) -> bool:
    """Whether these rules let the contractor of ``bid`` nominate the joker's suit."""
    return (bid.is_no_trumps and not bid.is_all_passed and bid.kind is not BidKind.GRAND_NULLO
            and rules.joker_nomination and (bid.is_misere or rules.joker_nomination_in_no_trumps))


def _words(choice: Suit | None) -> str:
    return "keeping it as the wildcard" if choice is None else f"as a {choice.singular}"


def choose_nomination(pos: Position, seat: Seat, bid: Bid, rules: RuleSet, *, pack: Sequence[Card],
                      gone: Collection[Card] = (), budget: Budget = DEFAULT_BUDGET,
                      rng: random.Random | None = None) -> tuple[Suit | None, str] | None:
    """The nomination of the contractor at ``seat`` (to move or not) in ``pos``, the start of the
    play with the joker not nominated, and the sentence that says why; None where there is no
    choice (the rules allow none, or the contractor does not hold the joker). ``gone``: the
    contractor's own discard."""
    me = pos.seats.index(seat)
    if not may_nominate(bid, rules) or not any(isinstance(c, Joker) for c in pos.hands[me]):
        return None
    rng = rng or random.Random(0)
    minimise = bid.is_misere
    choices: list[Suit | None] = list(Suit)
    if not (minimise and rules.misere_needs_joker_nominated):
        choices.insert(0, None)  # first: the wildcard unless a nomination does better
    contexts = {c: play_context(bid, c, rules) for c in choices}
    need = bid.tricks if bid.kind is BidKind.TRICKS else 0
    pool = unseen(pack, pos, me, (), gone)
    most = budget.layouts(pos.tricks_left)
    others = [len(pos.hands[i]) for i in range(len(pos.seats)) if i != me]
    exact = count_layouts(pool, others) <= most
    totals: dict[Suit | None, list[int]] = {c: [] for c in choices}
    start = time.monotonic()
    for sample in layouts(pos, me, (), pool, rng, most):
        solver = Solver()
        for c in choices:
            totals[c].append(solver.value(replace(sample, ctx=contexts[c])))
        if budget.seconds is not None and time.monotonic() - start > budget.seconds:
            exact = False
            break

    def made(c: Suit | None) -> int:
        return sum(1 for v in totals[c] if (v == 0 if minimise else v >= need))

    def mean(c: Suit | None) -> float:
        return sum(totals[c]) / len(totals[c])

    def rank(c: Suit | None) -> tuple[int, float]:
        return made(c), -mean(c) if minimise else mean(c)

    best = max(choices, key=rank)  # the first of equals
    rival = max((c for c in choices if c != best), key=rank)
    n = len(totals[best])
    how = f"every one of the {n} layouts" if exact else f"{n} layouts of the cards it cannot see"
    verb = ("keeps the joker as the wildcard" if best is None
            else f"nominates the joker as a {best.singular}")
    contract = bid.pretty() if bid.kind is BidKind.TRICKS else bid.words()
    reason = (f"{seat.word} {verb}: solved with all hands open over {how}, that makes "
              f"{contract} in {made(best)} ({mean(best):.1f} tricks on average), "
              f"{_words(rival)} in {made(rival)} ({mean(rival):.1f}).")
    return best, reason
