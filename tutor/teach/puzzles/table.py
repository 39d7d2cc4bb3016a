"""At-the-table puzzles: the answer is also the best card for a seat that sees only its own view.

An open-hands puzzle of kind ``contract`` (its answer alone keeps the contract made, or set) is
also an at-the-table puzzle when, with what the seat to play could see (its own hand, the
auction, the cards played, the kitty it took and its discard, a hand the rules show), the answer
makes (sets) the contract more often than every other legal card by at least
:data:`MARGIN_POINTS` (20) percentage points of the weighted layouts, and by more than
:data:`~tutor.teach.chancecheck.MARGIN` standard errors of the difference: the margin
``tutor check`` asks of a ``best_chance: true`` claim, on the same layouts at the same seed
(:func:`~tutor.teach.chancecheck.card_chances`), so the claim written checks by construction.
A card that does the same on every layout (an equal card) is the same choice and no rival.

Twenty points, not any lead: the chance is a model's (the layouts weighted by what the calls
said), and a puzzle fair to a player who cannot see the other hands should not turn on a few
points of it. Puzzles where the contract is already decided (kind ``score``) are never at the
table: every card's chance of making it is the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.solve import SolveError
from tutor.teach.chancecheck import MARGIN, card_chances

__all__ = ["MARGIN_POINTS", "TableChances", "table_chances"]

#: The least lead, in percentage points of the weighted layouts, over every other card.
MARGIN_POINTS = 20


@dataclass(frozen=True)
class TableChances:
    """The answer's chance with the seat's view and the next best card's, as ``tutor check``
    computes them."""

    chance: float
    error: float
    runner: Play
    runner_chance: float
    #: The standard error of ``chance - runner_chance`` on the same layouts (0 when exact).
    difference_error: float
    exact: bool
    #: How the layouts were dealt and weighted (the analysis's words).
    note: str
    #: Whether the seat is on the contractor's side (its chance is of making the contract).
    contractor: bool


def table_chances(rep: Replay, index: int, answer: Play) -> TableChances | None:
    """The single-dummy chances at the ``index``-th card of ``rep`` when ``answer`` leads every
    other card by the margin (:data:`MARGIN_POINTS`, and :data:`~tutor.teach.chancecheck.MARGIN`
    standard errors), else None (None too where the analysis cannot value the position)."""
    try:
        ch = card_chances(rep, index)
        play = ch.key(answer)
    except SolveError:
        return None
    mine = ch.outcomes[play]
    p = ch.chance(play)
    rivals = [o for o, outcome in ch.outcomes.items() if outcome != mine]
    if not rivals:
        return None
    for other in rivals:
        margin = p - ch.chance(other)
        if margin < MARGIN_POINTS / 100 or margin <= MARGIN * ch.difference_error(play, other):
            return None
    runner = max(rivals, key=ch.chance)  # the first of the best, in the analysis's order
    return TableChances(p, ch.error(play), runner, ch.chance(runner),
                        ch.difference_error(play, runner), ch.exact, ch.note, ch.contractor_side)
