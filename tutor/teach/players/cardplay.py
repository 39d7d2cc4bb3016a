"""Card play: deal the unseen cards many ways, solve each layout double-dummy, play the best average.

The seat to play sees its own cards, the cards played, the open hands and the voids shown
(:mod:`~tutor.teach.players.sampling`). It solves 64 layouts at the first tricks, more as the
tricks run out, and every possible layout once there are few enough (exact), a batch of layouts
at a time in one call into the compiled core (:meth:`~tutor.solve.Solver.options_batch`). A
:class:`Budget` caps the time: the clock is read between batches, and the learner never waits
much more than a second for a computer's card. (The duplicate benchmark,
``benchmarks/practice_duplicate.py``, measured the gain of the larger number against the 8, 20
and 60 layouts of before: README.)
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tutor.engine.auction import Bid, BidKind
from tutor.engine.cards import Card
from tutor.engine.play import Play, effective_suit, power
from tutor.engine.seats import Seat
from tutor.solve import Position, Solver, moves
from tutor.teach.players.cardwords import Aim, Tally, card_reason
from tutor.teach.players.decision import Decision
from tutor.teach.players.sampling import count_layouts, layouts, unseen

__all__ = ["DEFAULT_BUDGET", "Budget", "choose_play", "layouts_for"]


@dataclass(frozen=True)
class Budget:
    """How much thought a card gets: at most ``seconds`` (None: no clock, for reproducible
    tests) and at most this many layouts at 7 or more tricks left, at 4 to 6, and at 3 or
    fewer (where every layout is solved when there are no more than that).

    ``bids``: how many layouts judge a no-trump or misère call by simulation
    (:mod:`~tutor.teach.players.simulate`; 0: the count alone decides every call; None: 32
    with a clock, and with none, for reproducible runs, ``late`` but at least 4)."""

    seconds: float | None = 1.0
    early: int = 64
    middle: int = 100
    late: int = 200
    bids: int | None = None

    @property
    def bid_layouts(self) -> int:
        """How many layouts judge a simulated call (see ``bids``)."""
        if self.bids is not None:
            return self.bids
        return 32 if self.seconds is not None else max(4, self.late)

    def layouts(self, tricks_left: int) -> int:
        if tricks_left >= 7:
            return self.early
        return self.middle if tricks_left >= 4 else self.late


#: A card in about a second at most.
DEFAULT_BUDGET = Budget()

#: The layouts solved in the first call into the core; each call after solves twice as many,
#: while the clock allows (it is read between calls).
_FIRST_CHUNK = 8


def layouts_for(budget: Budget, pos: Position) -> int:
    """How many layouts to solve in ``pos``."""
    return budget.layouts(pos.tricks_left)


def _need(bid: Bid) -> int:
    return bid.tricks if bid.kind is BidKind.TRICKS else 0


def _goal(value: int, contractor: bool, pos: Position, need: int) -> bool:
    """Whether this many contractor tricks is what the seat to move plays for."""
    if pos.minimise:
        return (value == 0) == contractor
    return (value >= need) == contractor


def choose_play(
    pos: Position,
    seat: Seat,
    bid: Bid,
    *,
    pack: Sequence[Card],
    known: Collection[int] = (),
    gone: Collection[Card] = (),
    budget: Budget = DEFAULT_BUDGET,
    rng: random.Random | None = None,
    allowed: Sequence[Play] | None = None,
) -> Decision[Play]:
    """The card the seat to move in ``pos`` plays, seeing only its hand and the ``known`` hands.

    ``gone`` holds the cards this seat knows are out of play besides those in ``pos`` (the
    tricks already played, and the contractor's own discard)."""
    rng = rng or random.Random(0)
    me = pos.to_move
    who = seat.word
    options = [p for p in moves(pos) if allowed is None or p in allowed] or list(allowed or ())
    if len(options) == 1:
        return Decision(options[0], f"{who} plays {options[0].pretty()}: the only legal card.")
    contractor = pos.team[me]
    maximise = contractor != pos.minimise
    need = _need(bid)
    pool = unseen(pack, pos, me, known, gone)
    most = layouts_for(budget, pos)
    others = [i for i in range(len(pos.seats)) if i != me and i not in known]
    exact = count_layouts(pool, [len(pos.hands[i]) for i in others]) <= most
    start = time.monotonic()
    totals: dict[Play, list[int]] = {p: [] for p in moves(pos)}
    samples = list(layouts(pos, me, known, pool, rng, most))
    solver = Solver()
    done, chunk = 0, _FIRST_CHUNK
    while done < len(samples):
        spent = time.monotonic() - start
        if budget.seconds is not None and done and spent + spent / done * chunk > budget.seconds:
            exact = False  # the next batch would likely run past the budget: a smaller one
            if chunk == 1:
                break
            chunk //= 2
            continue
        part = samples[done:done + chunk]
        for values in solver.options_batch(part):  # each layout's values, as one solve each
            for play, value in values.items():
                totals.setdefault(play, []).append(value)
        done += len(part)
        chunk *= 2

    def score(play: Play) -> tuple[float, float, int]:
        values = totals.get(play) or [0]
        mean = sum(values) / len(values)
        made = sum(1 for v in values if _goal(v, contractor, pos, need)) / len(values)
        led = effective_suit(play.card, pos.ctx)
        return (2 * made + (mean if maximise else -mean), made, -power(play.card, led, pos.ctx))

    ranked = sorted(options, key=score, reverse=True)
    best = ranked[0]
    return Decision(best, _reason(who, best, ranked, totals, contractor, pos, need, exact))


def _reason(who: str, best: Play, ranked: Sequence[Play], totals: dict[Play, list[int]],
            contractor: bool, pos: Position, need: int, exact: bool) -> str:
    def tally(play: Play) -> Tally:
        values = totals.get(play) or [0]
        good = sum(1 for v in values if _goal(v, contractor, pos, need))
        return Tally(good, len(values), sum(values) / len(values))

    aim = Aim.of(contractor=contractor, misere=pos.minimise, need=need)
    other = next((p for p in ranked[1:] if p.card != best.card), None)
    return card_reason(who, best.pretty(), aim, tally(best), exact,
                       None if other is None else (other.pretty(), tally(other)))
