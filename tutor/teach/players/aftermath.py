"""Show what happens: after a card of a played hand, the line that punishes it and the line after
the better card, each to the end of the hand.

Both lines are :func:`tutor.solve.line.best_line` (best play by everyone on the true layout, all
hands open) from the position after the card. "The better card" is the double-dummy best card
at that point unless another is passed in (a single-dummy verdict, when a review gives one).
Each line comes with the hand as it would then go (a hand file's worth), so a viewer can step
through it card by card with the engine's rulings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine.hand import Hand
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import SolveError, Solver, apply, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.line import best_line

__all__ = ["Line", "WhatHappens", "what_happens"]


@dataclass(frozen=True)
class Line:
    """A card and best play by everyone after it: the cards in order, the tricks the contractors
    take in the whole hand, and the hand played that way (``start``: the index of the card's
    step in its replay)."""

    card: Play
    plays: tuple[Play, ...]
    tricks: int
    hand: Hand
    start: int

    @property
    def replay(self) -> Replay:
        return build(self.hand)


@dataclass(frozen=True)
class WhatHappens:
    """What happens after ``seat``'s card in ``trick``: the line ``played`` (the card it played)
    and the line after ``better`` (None when the card played was already a best card and no
    other was asked for); ``best_by``: why the better card is better ("double-dummy best")."""

    trick: int
    seat: Seat
    played: Line
    better: Line | None
    best_by: str


def _index(options: dict[Play, int], play: Play) -> Play:
    if play in options:
        return play
    plain = Play(play.card)
    if plain in options:
        return plain
    named = [p for p in options if p.card == play.card]
    if named:
        return named[0]
    raise SolveError(f"{play.pretty()} is not a legal card here")


def what_happens(rep: Replay, card: int, better: Play | None = None, *,
                 solver: Solver | None = None) -> WhatHappens:
    """The lines after card number ``card`` (0 for the first card of trick 1) of ``rep``, and
    after ``better`` instead (default: the first double-dummy best card, when the card played
    was not one)."""
    deal = deal_of(rep)
    if not 0 <= card < len(deal.plays):
        raise SolveError(f"the hand has {len(deal.plays)} cards played, no card {card + 1}")
    solver = solver or Solver()
    positions = list(deal.positions())
    pos, played = positions[card]
    options = solver.options(pos)
    more = wants_more(pos, pos.to_move)
    best = max(options.values()) if more else min(options.values())
    key = _index(options, played)
    best_by = "the card you named"
    if better is None:
        if options[key] != best:
            better = next(p for p, v in options.items() if v == best)
            best_by = "the double-dummy best card"
    else:
        better = _index(options, better)
    card_steps = [i for i, s in enumerate(rep.steps) if s.kind is StepKind.CARD]
    start = card_steps[card]
    n = len(deal.start.seats)

    def line(first: Play) -> Line:
        after = best_line(apply(pos, first), solver, options[first])
        cards = (*deal.plays[:card], first, *after)
        tricks = tuple(tuple(cards[i:i + n]) for i in range(0, len(cards), n))
        hand = replace(rep.hand, play=tricks, notes={}, summary=None, claims={}, kitty_claims={},
                       decision=None)
        return Line(first, (first, *after), options[first], hand, start)

    trick = card // n + 1
    return WhatHappens(trick, pos.seats[pos.to_move], line(key),
                       None if better is None else line(better), best_by)
