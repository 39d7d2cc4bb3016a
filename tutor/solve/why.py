"""Why double-dummy and single-dummy disagree: the one unseen card whose placement decided it.

Single-dummy analysis values a card over the layouts a seat could not tell apart; double-dummy
values it on the true layout. When they disagree (the finesse that single-dummy calls worse
and double-dummy as good), the reason is usually where one unseen card lay: the queen was as
good because East held the king. :func:`decisive_card` looks for that card honestly: a card is
named only if moving it, on the true layout, to another seat the player could not see would
change the double-dummy verdict between the two cards to single-dummy's, whatever card it is
swapped with there. When no single card does that, it names none: no guess.

The candidates are the unseen cards of the suits that matter to the two cards (the suit led to
the trick, the suits of the two cards), highest first. A move is a swap with one card of the
other seat (its lowest of each suit it holds, those being the cards least likely to matter),
and only swaps that keep the layout one the player could not rule out: no seat is given a card
of a suit it has shown void in.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from tutor.engine.cards import Card, Suit
from tutor.engine.play import Play, effective_suit, power
from tutor.engine.seats import Seat
from tutor.solve.analysis import wants_more
from tutor.solve.position import Position
from tutor.solve.solver import Solver

__all__ = ["Reason", "decisive_card"]

#: The most candidate cards tried (each costs a few solves of the position).
_MOST = 6


@dataclass(frozen=True)
class Reason:
    """``holder`` held ``card``; had ``elsewhere`` held it, the verdict would have changed."""

    card: Card
    holder: Seat
    elsewhere: Seat


def _suit(play: Play, pos: Position) -> Suit | None:
    return play.names if play.names is not None else effective_suit(play.card, pos.ctx)


def _strength(card: Card, pos: Position) -> int:
    return power(card, effective_suit(card, pos.ctx), pos.ctx)


def _swap(pos: Position, a: int, ca: Card, b: int, cb: Card) -> Position:
    hands = list(pos.hands)
    hands[a] = tuple(cb if c == ca else c for c in hands[a])
    hands[b] = tuple(ca if c == cb else c for c in hands[b])
    return replace(pos, hands=tuple(hands))


def _fits(card: Card, seat: int, pos: Position) -> bool:
    return effective_suit(card, pos.ctx) not in pos.shown_void[seat]


def _lowest_of_each_suit(hand: tuple[Card, ...], pos: Position) -> list[Card]:
    low: dict[Suit | None, Card] = {}
    for c in hand:
        s = effective_suit(c, pos.ctx)
        if s not in low or _strength(c, pos) < _strength(low[s], pos):
            low[s] = c
    return list(low.values())


def _value(values: dict[Play, int], play: Play) -> int:
    """``play``'s value (a joker led as the last card: named or not)."""
    if play in values:
        return values[play]
    return next(v for p, v in values.items() if p.card == play.card)


def decisive_card(
    pos: Position,
    mine: Play,
    other: Play,
    hidden: Collection[int],
    *,
    worse: bool,
    solver: Callable[[], Solver] = Solver,
) -> Reason | None:
    """The unseen card whose placement on the true layout ``pos`` decided the double-dummy
    verdict between ``mine`` and ``other`` (two legal plays of the seat to move), against
    single-dummy's: ``worse`` True when single-dummy found ``mine`` worse than ``other`` (the
    card is one whose move makes ``mine`` worse double-dummy too), False when it found ``mine``
    at least as good (the move makes ``mine`` at least as good). ``hidden``: the indices of the
    seats whose cards the seat to move could not see. None when no single card explains it."""
    me = pos.to_move
    sign = 1 if wants_more(pos, me) else -1

    def agrees(layout: Position) -> bool:
        values = solver().options(layout)
        gain = sign * (_value(values, mine) - _value(values, other))
        return gain < 0 if worse else gain >= 0

    if agrees(pos):
        return None  # double-dummy already says what single-dummy says
    seats = [i for i in hidden if i != me]
    suits = {_suit(p, pos) for p in (mine, other)}
    if pos.trick:
        suits.add(_suit(pos.trick[0], pos))
    candidates = sorted(((c, i) for i in seats for c in pos.hands[i]
                         if effective_suit(c, pos.ctx) in suits),
                        key=lambda ci: -_strength(ci[0], pos))[:_MOST]
    for card, holder in candidates:
        for there in seats:
            if there == holder or not _fits(card, there, pos):
                continue
            swaps = [d for d in _lowest_of_each_suit(pos.hands[there], pos) if _fits(d, holder, pos)]
            if swaps and all(agrees(_swap(pos, holder, card, there, d)) for d in swaps):
                return Reason(card, pos.seats[holder], pos.seats[there])
    return None
