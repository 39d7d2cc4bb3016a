"""Single-dummy values: what each legal card is worth over layouts of the cards a seat cannot see.

Double-dummy analysis (:mod:`~tutor.solve.analysis`) judges a card with all hands open. A player
at the table sees only its own hand and what has been shown; single-dummy analysis asks what the
card was worth with what the player could see: solve each layout of the unseen cards (dealt and
weighted by the caller, :mod:`tutor.teach.players.inference`) double-dummy, and average. For each
legal card: the tricks the contractor's side takes in the whole hand on average (the unit of the
double-dummy values, whichever side the seat plays on), the chance the contract is made, the
contractor's side's expected score, and beside them the double-dummy value on the true layout.

The mark, by one rule (the open-source bridge engine BEN's): a card whose expected tricks fall
short of the best card's by more than :data:`DOUBTFUL` (0.1) trick is marked ``?``, by more
than :data:`BAD` (0.6) ``??``; short means fewer tricks for a seat that wants more, more for
one that wants fewer (a defender; the contractor in misère). The make chance does not set the
mark. A card that loses nothing is unmarked, even where another card makes the contract more
often: the words say so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tutor.engine.auction import BidKind, Contract
from tutor.engine.cards import TutorError
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.scoring import score_hand
from tutor.engine.seats import Seat, Side
from tutor.solve.analysis import wants_more
from tutor.solve.deal import deal_of
from tutor.solve.position import Position, SolveError
from tutor.solve.solver import Solver

__all__ = ["BAD", "DOUBTFUL", "CardEstimate", "Goal", "SingleDummy", "goal_of", "mark", "single_dummy"]

#: The loss in expected tricks against the best card above which a card is marked ``?``.
DOUBTFUL = 0.1
#: ... and ``??``.
BAD = 0.6
#: Expected values closer than this are equal (sums of weights are not exact).
_EPS = 1e-9


def mark(loss: float) -> str | None:
    """BEN's mark for a card that loses ``loss`` tricks on average against the best card."""
    if loss > BAD + _EPS:
        return "??"
    if loss > DOUBTFUL + _EPS:
        return "?"
    return None


@dataclass(frozen=True)
class Goal:
    """What the contract asks: ``need`` tricks for the contractor's side (misère, ``minimise``:
    none), and ``points[t]`` the contractor's side's score when it takes ``t`` tricks in the
    hand (empty when the hand has no contract to score)."""

    need: int
    minimise: bool
    points: tuple[int, ...] = ()

    def made(self, tricks: int) -> bool:
        return tricks == 0 if self.minimise else tricks >= self.need


def goal_of(rep: Replay) -> Goal:
    """The goal of a replayed hand's contract, scored by the engine for every trick count."""
    contract = rep.contract
    if contract is None:
        raise SolveError("this hand has no contract to play, so there is nothing to analyse")
    bid = contract.bid
    minimise = bid.is_misere
    need = bid.tricks if bid.kind is BidKind.TRICKS and bid.tricks is not None else 0
    total = len(deal_of(rep).start.hands[0])
    return Goal(need, minimise, _points(contract, rep, total))


def _points(contract: Contract, rep: Replay, total: int) -> tuple[int, ...]:
    rules = rep.rules
    if contract.bid.is_all_passed:
        return ()
    at = rep.table
    side = at.side_of(contract.declarer)
    others = [s for s in at.sides if s != side]
    partner = at.side_of(rep.partner) if rep.partner is not None else None
    out = []
    for t in range(total + 1):
        won: dict[Side, int] = {side: t, **{s: 0 for s in others}}
        if others:
            won[others[0]] = total - t  # a defender's own tricks do not change the contractor's
        try:
            out.append(score_hand(contract, won, rules, partner=partner).score[side])
        except TutorError:
            return ()
    return tuple(out)


@dataclass(frozen=True)
class CardEstimate:
    """One legal card over the layouts: the contractor's side's expected tricks in the hand,
    the chance the contract is made, the contractor's side's expected score (None: no score),
    the double-dummy value on the true layout (None: not asked), the loss and mark against the
    best card, and how many layouts it was solved on (fewer than all: stopped early, its
    figures over those)."""

    play: Play
    expected: float
    make: float
    score: float | None
    double_dummy: int | None
    loss: float
    mark: str | None
    solved: int = 0


@dataclass(frozen=True)
class SingleDummy:
    """Every legal card of the seat to play, best first (by expected tricks, then make chance,
    then score), over ``layouts`` layouts that count as ``ess`` equal ones; ``power``: the
    power the inference model's weights were flattened to (1: as the model gives them, below
    1: widened, 0: every layout counted alike)."""

    seat: Seat
    wants_more: bool
    minimise: bool
    cards: tuple[CardEstimate, ...]
    layouts: int
    ess: float
    note: str = ""
    power: float = 1.0

    @property
    def best(self) -> CardEstimate:
        return self.cards[0]

    def of(self, play: Play) -> CardEstimate:
        """The estimate of ``play`` (a joker led as the last card: named or not)."""
        for c in self.cards:
            if c.play == play:
                return c
        for c in self.cards:
            if c.play.card == play.card and (c.play.names is None or play.names is None):
                return c
        raise SolveError(f"{play} is not among the legal plays analysed: please report it")

    def to_json(self) -> dict[str, object]:
        return {
            "expected": {str(c.play): round(c.expected, 3) for c in self.cards},
            "make": {str(c.play): round(c.make, 3) for c in self.cards},
            "layouts": self.layouts,
            "effective": round(self.ess, 1),
            "power": self.power,
        }


def single_dummy(
    pos: Position,
    samples: Iterable[tuple[Position, float]],
    goal: Goal,
    *,
    truth: Position | None = None,
    ess: float | None = None,
    note: str = "",
    power: float = 1.0,
    solver: Callable[[], Solver] = Solver,
    keep: Play | None = None,
    early_stop: bool = True,
) -> SingleDummy:
    """Each legal card of the seat to move in ``pos``, valued over ``samples`` (layouts of the
    unseen cards with their weights, any scale), all solved double-dummy in one call of one
    solver (:meth:`Solver.options_batch`); ``truth``: the true layout, for the double-dummy
    value beside each card, by a second solver.

    The layouts are solved heaviest first. With ``early_stop``, a card that can no longer come
    within :data:`BAD` trick of the best card, however the layouts still to solve turn out (each
    is worth between the tricks won so far and those plus the tricks still to play), is not
    solved on them (the batch's early stop, with the margin :data:`BAD`): it is marked ``??``
    whatever they hold, and its figures are over the layouts it was solved on
    (:attr:`CardEstimate.solved`). The best card, and every other card's figures and mark, are
    the same as without the early stop. ``keep`` (the card played) is always solved on every
    layout."""
    me = pos.to_move
    more = wants_more(pos, me)
    sign = 1.0 if more else -1.0
    dealt = sorted(samples, key=lambda s: -s[1])
    total = sum(w for _lay, w in dealt)
    if not dealt or total <= 0:
        raise SolveError("no layout of the unseen cards to analyse")
    squares = sum(w * w for _lay, w in dealt)
    weights = [w for _lay, w in dealt]
    rows = solver().options_batch([lay for lay, _w in dealt], weights=weights,
                                  margin=BAD if early_stop else None, keep=keep)
    # the seat's view of a layout's value (more is better for it), and its bounds
    low, high = pos.won, pos.won + pos.tricks_left
    worst, best = (low, high) if more else (-high, -low)
    sums: dict[Play, list[float]] = {}  # weighted tricks, makes, points; weight, layouts solved
    dropped: dict[Play, float] = {}  # a card stopped early: the loss it is sure to exceed
    left = total
    for k, (values, weight) in enumerate(zip(rows, weights, strict=True)):
        for play, value in values.items():
            acc = sums.setdefault(play, [0.0, 0.0, 0.0, 0.0, 0.0])
            acc[0] += weight * value
            acc[1] += weight * goal.made(value)
            if goal.points:
                acc[2] += weight * goal.points[min(value, len(goal.points) - 1)]
            acc[3] += weight
            acc[4] += 1
        left -= weight
        if k + 1 < len(rows):  # a card the batch stopped here: by how much it is sure to lose
            later = rows[k + 1]
            gone = [p for p in values if p not in later]
            if gone:
                floor = max(sign * sums[p][0] + left * worst for p in values)
                for p in gone:  # the core's sums, in its order, decided: never below the mark's edge
                    gap = (floor - (sign * sums[p][0] + left * best)) / total
                    dropped[p] = max(gap, math.nextafter(BAD + _EPS, math.inf))
    if not sums:
        raise SolveError("the hand is over here: there is no card to analyse")
    dd = solver().options(truth) if truth is not None else {}
    raw = [(p, a[0] / a[3], a[1] / a[3], a[2] / a[3] if goal.points else None, int(a[4]))
           for p, a in sums.items()]
    side = 1.0 if pos.team[me] else -1.0  # the contractor's side wants the make and the score
    # best first: the tricks the seat wants, then its chance to make (or set), then the score;
    # the cards stopped early last
    raw.sort(key=lambda r: (r[0] in dropped, -sign * round(r[1], 9), -side * round(r[2], 9),
                            -side * (r[3] or 0.0)))
    top = raw[0][1]
    cards = []
    for p, e, m, s, solved in raw:
        loss = max(0.0, sign * (top - e), dropped.get(p, 0.0))
        cards.append(CardEstimate(p, e, m, s, dd.get(p), loss, mark(loss), solved))
    return SingleDummy(pos.seats[me], more, goal.minimise, tuple(cards), len(dealt),
                       total * total / squares if ess is None else ess, note, power)
