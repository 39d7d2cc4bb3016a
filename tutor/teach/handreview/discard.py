"""The discard of a review: the contractor's choices ranked single-dummy.

Putting away three of thirteen has 286 choices; most are plainly bad (a trump, an ace). The
choices ranked are those made of the cards the computer player values least: the cards it puts
away (:func:`~tutor.teach.players.discard.choose_discard`) and the next three it would put away
from what is left, every way of choosing the discard's number among them (20 choices with a
kitty of three), with the discard actually made. Each is valued over the same layouts of the
cards the contractor could not see after the discard (weighted by the auction, as for a card)
and on the true layout; the mark is BEN's rule, as for a card (docs/analysis.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from tutor.engine.auction import BidKind
from tutor.engine.cards import Card, without
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.solve import Position, Solver, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.singledummy import goal_of
from tutor.teach.handreview.value import Option, Verdict, choice_words, ranked
from tutor.teach.players.discard import choose_discard
from tutor.teach.players.inference import history_of, weighted_layouts

__all__ = ["candidates", "discard_seed", "judge_discard"]


def candidates(rep: Replay) -> list[tuple[Card, ...]]:
    """The discards ranked: every choice of the discard's size among the cards the computer
    values least (its discard and the next three), the discard made first."""
    hand, contract = rep.hand, rep.contract
    assert contract is not None and hand.discard is not None
    held = [*hand.hands[contract.declarer], *hand.kitty]
    size = len(hand.discard)
    first = choose_discard(contract.declarer, held, contract.bid, rep.rules).choice
    rest = without(held, first)
    second = (choose_discard(contract.declarer, rest, contract.bid, rep.rules).choice
              if len(rest) > size else ())
    spare = [*first, *second[:3]]
    out: list[tuple[Card, ...]] = [tuple(hand.discard)]
    seen = {_key(hand.discard)}
    for combo in combinations(spare, size):
        if _key(combo) not in seen:
            seen.add(_key(combo))
            out.append(tuple(combo))
    return out


def discard_seed(seed: int) -> int:
    """The seed of the layouts the discard is judged on, a review's ``seed`` given (the joker's
    nomination, judged after it, deals the same ones)."""
    return seed * 1009 + 4099


def _key(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in cards))


def _code(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _words(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def judge_discard(rep: Replay, seat: Seat, *, layouts: int, seed: int) -> tuple[Verdict | None, str]:
    """The verdict on ``seat``'s discard, or None and why not (empty: the seat made none)."""
    hand, contract = rep.hand, rep.contract
    if contract is None or contract.declarer != seat or hand.discard is None:
        return None, ""
    if hand.grand_slam is not None or contract.bid.kind is BidKind.GRAND_NULLO:
        return None, ("the discard is not judged in grand nullo or a grand slam: there the exchange "
                      "is two players' choices together")
    deal = deal_of(rep)
    start = deal.start
    if seat not in start.seats:
        return None, ""
    i = start.seats.index(seat)
    held = [*hand.hands[seat], *hand.kitty]
    weighted = weighted_layouts(start, i, history_of(rep, 0), pack=rep.rules.the_pack.cards,
                                gone=hand.discard, rng=random.Random(discard_seed(seed)), most=layouts)
    goal = goal_of(rep)
    more = wants_more(start, i)
    sign = 1.0 if more else -1.0
    choices = candidates(rep)
    kept = [tuple(without(held, away)) for away in choices]
    sums = [[0.0, 0.0] for _ in choices]  # weighted tricks and makes of each choice
    total = 0.0
    for layout, w in weighted:  # one solver a layout: the choices differ in three cards only
        solver, guess = Solver(), None
        for j, cards in enumerate(kept):
            guess = t = solver.value(_with(layout, i, cards), guess)
            sums[j][0] += w * t
            sums[j][1] += w * goal.made(t)
        total += w
    solver = Solver()
    judged: list[tuple[float, Option]] = []
    for away, cards, (value, made) in zip(choices, kept, sums, strict=True):
        dd = solver.value(_with(start, i, cards))
        judged.append((sign * value / total, Option(_code(away), _words(away), value / total,
                                                    made / total, dd)))
    r = ranked(judged, _code(hand.discard))
    options, done, best, loss, m = r.options, r.done, r.best, r.loss, r.mark
    computer = choose_discard(seat, held, contract.bid, rep.rules)
    return Verdict(
        kind="discard", place="discard", index=0, trick=None, seat=seat, done=done, best=best,
        options=options, mark=m, loss=loss,
        words=choice_words(seat, "discard", done, best, m, minimise=goal.minimise,
                           better=f"putting away {best.words}"),
        note=weighted.note + f"; {len(options)} discards ranked",
        computer=f"The computer's discard: {computer.reason}",
    ), ""


def _with(pos: Position, i: int, kept: tuple[Card, ...]) -> Position:
    return replace(pos, hands=(*pos.hands[:i], kept, *pos.hands[i + 1:]))
