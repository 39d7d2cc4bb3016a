"""Taking over a recorded hand: the hand as it stood at one step of its replay, ready to play on.

"What if I had led the ace?": :func:`hand_until` cuts a lesson's hand at a step (the calls, the
discard and the cards up to and including it) so that a :class:`~tutor.teach.players.game.Game`
can continue it against the computer; :func:`seat_to_take` says whose turn it is there.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.engine.hand import Hand
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind

__all__ = ["hand_until", "seat_to_take"]


def hand_until(rep: Replay, index: int) -> Hand:
    """The hand of ``rep`` as it stood after step ``index`` (notes and summary left out)."""
    steps = rep.steps[: index + 1]
    calls = sum(1 for s in steps if s.kind is StepKind.CALL)
    discarded = any(s.kind in (StepKind.DISCARD, StepKind.CARD, StepKind.NOMINATE) for s in steps)
    cards = sum(1 for s in steps if s.kind is StepKind.CARD)
    play: list[tuple[Play, ...]] = []
    for trick in rep.hand.play:
        if cards <= 0:
            break
        play.append(trick[:cards])
        cards -= len(trick)
    hand = rep.hand
    return replace(
        hand,
        title=f"{hand.title} (taken over)",
        auction=hand.auction[:calls],
        discard=hand.discard if discarded else None,
        joker=hand.joker if discarded else None,
        play=tuple(play),
        notes={},
        summary=None,
    )


def seat_to_take(rep: Replay, index: int) -> Seat | None:
    """The seat whose turn comes after step ``index`` (None when the hand is over there)."""
    if index + 1 < len(rep.steps):
        nxt = rep.steps[index + 1]
        return nxt.seat
    return None
