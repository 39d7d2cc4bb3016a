"""What the deciding seat could know when a lesson asks its decision: the table from one seat.

Bridge Master shows the learner only their own hand at a decision, and opens the other hands
after the answer. :func:`seat_view` says what that one seat knows at the moment it is asked
(the state just before the decision's step): its own hand as it stands then, the calls so far,
the cards played so far, the kitty only if this seat has taken it (and what it put away), and
the hands the rules lay open (open misère's hand after the first trick, the six-handed misère
partners' hands, the two-handed game's face-up table cards). Everything else (the other hands,
the kitty, the rest of the play) is the answer's to show. The site, the hand viewer and the
notebook widget draw the table before the answer from this value; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.engine.auction import Call, Contract
from tutor.engine.cards import Card, TutorError
from tutor.engine.decision import LessonDecision
from tutor.engine.replay import Replay, StepKind, TrickRecord
from tutor.engine.seats import Seat

__all__ = ["SeatView", "SeatViewError", "seat_view"]


class SeatViewError(TutorError):
    """The decision cannot be seen from a seat: the hand never reaches it, or no one is asked."""


@dataclass(frozen=True)
class SeatView:
    """The table as the deciding seat sees it just before it decides."""

    seat: Seat
    """The seat asked."""
    step: int
    """The index of the decision's step in the replay (the view is the state before it)."""
    hand: tuple[Card, ...]
    """The seat's cards at that moment (the contractor's after taking the kitty includes it)."""
    calls: tuple[Call, ...] = ()
    """The calls made before the decision, in order."""
    callers: tuple[Seat, ...] = ()
    """Who made each of ``calls``."""
    contract: Contract | None = None
    """The contract, once the auction has ended before the decision."""
    tricks: tuple[TrickRecord, ...] = ()
    """The tricks so far, the last as far as it has been played (only cards already played)."""
    kitty: tuple[Card, ...] = ()
    """The kitty's cards, only if this seat has taken it (empty otherwise)."""
    discard: tuple[Card, ...] = ()
    """The cards this seat has put away (empty unless it took the kitty and discarded)."""
    open_hands: Mapping[Seat, tuple[Card, ...]] = field(default_factory=dict)
    """Other seats' hands that the rules lay face up at this moment (open misère after the
    first trick; the partners of six-handed misère)."""
    table_cards: Mapping[Seat, tuple[Card, ...]] = field(default_factory=dict)
    """The two-handed game: each player's face-up table cards (the face-down ones are unseen)."""
    out: frozenset[Seat] = frozenset()
    """The seats sitting out (misère's partner)."""

    @property
    def seen_kitty(self) -> bool:
        return bool(self.kitty)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(c for t in self.tricks for c in t.cards)

    def sees(self, seat: Seat) -> bool:
        """Whether this seat sees ``seat``'s hand: its own, or one the rules lay open."""
        return seat == self.seat or seat in self.open_hands


def seat_view(replay: Replay, decision: LessonDecision) -> SeatView:
    """What the seat asked ``decision`` could know at that moment, from the replay's states.

    Raises :class:`SeatViewError` when the replay never reaches the decision or its step has no
    seat.
    """
    index = replay.decision_step(decision)
    if index is None:
        raise SeatViewError(f"decision at {decision.at}: the hand never gets there, so no seat "
                            f"is asked")
    step = replay.steps[index]
    seat = step.seat
    if seat is None:
        raise SeatViewError(f"decision at {decision.at}: no seat decides at that step")
    before = replay.states[index - 1] if index > 0 else replay.states[0]
    kitty: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    for earlier in replay.steps[:index]:
        if earlier.seat != seat:
            continue
        if earlier.kind is StepKind.KITTY:
            kitty = earlier.ruling.cards  # taken unseen by the table, seen by the one who took it
        elif earlier.kind is StepKind.DISCARD:
            discard = earlier.ruling.cards
    auction = replay.auction
    callers = auction.callers[: len(before.calls)] if auction is not None else ()
    open_hands = {s: cards for s, cards in before.hands.items() if s in before.shown and s != seat}
    table_cards = {
        s: tuple(p.up for p in piles if p.up is not None) for s, piles in before.piles.items()
    } if before.piles else {}
    return SeatView(
        seat=seat,
        step=index,
        hand=tuple(before.hands.get(seat, ())),
        calls=tuple(before.calls),
        callers=tuple(callers),
        contract=before.contract,
        tricks=tuple(before.tricks),
        kitty=tuple(kitty),
        discard=tuple(discard),
        open_hands=open_hands,
        table_cards=table_cards,
        out=before.out,
    )
