"""The practice table's log as the learner's seat may read it while the hand is played.

The log tells every call and card in the engine's words, but the kitty and the cards another
seat puts away stay face down until the end of the hand (as at the table): their rulings are
told without the cards ("South takes the kitty without showing it"), and the computer's reason
for a discard (which names what it kept) is left out. The whole deal is shown at the end.
"""

from __future__ import annotations

from tutor.engine.seats import Seat
from tutor.engine.steps import Step, StepKind
from tutor.teach.players.decision import count_words

__all__ = ["log_text", "why_shown"]

_FACE_DOWN = (StepKind.KITTY, StepKind.DISCARD)


def log_text(step: Step, learner: Seat) -> str:
    """``step``'s ruling as the learner at ``learner`` may read it now."""
    if step.kind not in _FACE_DOWN or step.seat is None or step.seat == learner:
        return step.ruling.text
    who = step.seat.word
    if step.kind is StepKind.KITTY:
        return f"{who} takes the kitty without showing it."
    n = len(step.ruling.cards)
    return f"{who} puts {count_words(n, 'card') if n else 'cards'} away face down."


def why_shown(step: Step, learner: Seat) -> bool:
    """Whether the computer's reason for the move of ``step`` may be shown to ``learner`` (not a
    discard of another seat's: it names the cards kept)."""
    return step.kind is not StepKind.DISCARD or step.seat == learner
