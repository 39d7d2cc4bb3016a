"""A seat's turn to play, taken from a replay: what it holds, the trick so far, and what it may play.

Play-along (the learner picks the card before it is shown) and the quiz question "which cards
may this player play?" both stand at a card step of a replay and ask the engine
(:func:`~tutor.engine.play.judge_play`, :func:`~tutor.engine.play.legal_plays`) about a card. Nothing here
decides a rule; it only gathers the engine's inputs from the replay's states.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.play import (
    IllegalPlay,
    Play,
    PlayContext,
    joker_lead_suits,
    judge_play,
    legal_plays,
)
from tutor.engine.replay import Replay, StepKind
from tutor.engine.rulings import Ruling
from tutor.engine.seats import Seat
from tutor.engine.twohanded import turn_view

__all__ = ["Pick", "Turn", "turn_at", "turns"]


@dataclass(frozen=True)
class Turn:
    """A seat about to play a card: the card step ``index`` of a replay, seen from just before it."""

    index: int
    seat: Seat
    trick: int
    position: int
    hand: tuple[Card, ...]
    plays: tuple[Play, ...]
    seats: tuple[Seat, ...]
    ctx: PlayContext
    shown_void: frozenset[Suit]
    actual: Play
    ruling: Ruling
    note: str | None
    #: The left bower is in no one's hand any more (played, or put away with the kitty).
    left_bower_out: bool = False
    #: The suits led to earlier tricks (setting joker_lead not-yet-led).
    led_before: frozenset[Suit] = frozenset()

    def play_for(self, card: Card) -> Play:
        """``card`` as this seat would play it; a wildcard joker led names a suit it may name.

        The suit is the one named in the game when the same joker was led, else the first the
        engine allows.
        """
        if self.plays or not (isinstance(card, Joker) and self.ctx.wildcard):
            return Play(card)
        if card == self.actual.card and self.actual.names is not None:
            return self.actual
        allowed = joker_lead_suits(self.hand, self.ctx, self.shown_void, led_before=self.led_before)
        return Play(card, allowed[0] if allowed else None)

    def judge(self, card: Card) -> Ruling:
        """The engine's ruling for playing ``card`` now; raises :class:`~tutor.engine.play.IllegalPlay`."""
        return judge_play(
            self.seat, self.hand, self.plays, self.play_for(card), self.ctx,
            shown_void=self.shown_void, left_bower_out=self.left_bower_out,
            led_before=self.led_before,
        )

    def legal(self) -> list[Card]:
        """The cards this seat may play, in the order held."""
        return legal_plays(self.hand, self.plays, self.ctx, shown_void=self.shown_void,
                           led_before=self.led_before)

    def pick(self, card: Card) -> Pick:
        """What happens when the learner picks ``card``: refused with the engine's reason, or allowed."""
        try:
            ruling = self.judge(card)
        except IllegalPlay as err:
            return Pick(self, card, None, str(err))
        return Pick(self, card, ruling, None)


@dataclass(frozen=True)
class Pick:
    """A learner's card at a turn: the engine's ruling if it is legal, its refusal if not."""

    turn: Turn
    card: Card
    ruling: Ruling | None
    refusal: str | None

    @property
    def legal(self) -> bool:
        return self.ruling is not None

    @property
    def same_as_played(self) -> bool:
        return self.card == self.turn.actual.card


def turn_at(replay: Replay, index: int) -> Turn | None:
    """The turn whose card is step ``index``, or None when that step is not a card."""
    if not 0 < index < len(replay.steps):
        return None
    step = replay.steps[index]
    ctx = replay.context
    if step.kind is not StepKind.CARD or ctx is None or step.seat is None or step.play is None:
        return None
    assert step.trick is not None and step.position is not None
    before = replay.states[index - 1]
    current = before.current_trick
    if step.position == 1 or current is None or current.complete:
        plays: tuple[Play, ...] = ()
        seats: tuple[Seat, ...] = ()
    else:
        plays = current.plays
        seats = current.seats[: len(plays)]
    hand = before.hands[step.seat]
    void = frozenset(before.shown_void.get(step.seat, ()))
    left_out = ctx.left_bower is None or not any(
        ctx.left_bower in held for s, held in before.hands.items() if s not in before.out
    )
    if replay.table.players == 2:  # the two-handed game: hand and face-up table cards
        hand, void = turn_view(replay.steps, replay.states, replay.context, index)
        # Out only once played: until then it may also lie on the table, face up or face down.
        on_table = {c for piles in (before.piles or {}).values() for p in piles for c in (p.up, p.down)}
        left_out = left_out and ctx.left_bower not in on_table
    return Turn(
        index=index,
        seat=step.seat,
        trick=step.trick,
        position=step.position,
        hand=hand,
        plays=plays,
        seats=seats,
        ctx=ctx,
        shown_void=void,
        actual=step.play,
        ruling=step.ruling,
        note=replay.hand.note(step.note_key) if step.note_key else None,
        left_bower_out=left_out,
        led_before=frozenset(t.led for t in before.tricks if t.led is not None and t.number < step.trick),
    )


def turns(replay: Replay, seat: Seat | None = None) -> Iterator[Turn]:
    """Every card turn of a replay in order, or only ``seat``'s."""
    for i, step in enumerate(replay.steps):
        if step.kind is StepKind.CARD and (seat is None or step.seat == seat):
            t = turn_at(replay, i)
            if t is not None:
                yield t
