"""What a question is and where it stands in a deal, by name: its kind, the deal's id and its key.

The quiz makes questions (:mod:`tutor.teach.quiz`), the history keeps them under these keys
(:mod:`tutor.teach.memory`), and the fair order of a question's choices is drawn from the same
key (:mod:`tutor.teach.asking`), so all three stand on this module and none on the others.
"""

from __future__ import annotations

import dataclasses
import hashlib
from enum import Enum

from tutor.engine.hand import Hand
from tutor.files.handfile import dumps

__all__ = ["QuestionKind", "deal_id", "key_of"]


class QuestionKind(Enum):
    WHO_WINS = "who-wins"
    LEGAL_PLAYS = "legal-plays"
    SCORE = "score"
    #: Which card is best here? Answered by the solver (:func:`tutor.teach.quiz.best_card_questions`);
    #: asked only when requested, since it analyses every hand it draws from.
    BEST_CARD = "best-card"
    #: A lesson's own decision (``decision:`` in a hand file): the call, the discard, the joker's
    #: suit or the card to play, answered by the lesson (verified by ``tutor check``).
    DECISION = "decision"

    def __str__(self) -> str:
        return self.value


def deal_id(hand: Hand) -> str:
    """The deal's name in the history: a hash of its cards and play, not of its title or notes."""
    bare = dataclasses.replace(hand, title="", notes={}, tags=(), summary=None, decision=None)
    return hashlib.sha256(dumps(bare).encode()).hexdigest()[:16]


def key_of(deal: str, kind: QuestionKind, trick: int | None, place: str | None) -> str:
    """The key of the question of this kind at this point of this deal
    (see :func:`tutor.teach.memory.question_key`)."""
    where = "" if trick is None else f"/{trick}" + (f".{place}" if place else "")
    if trick is None and place:
        where = f"/{place}"
    return f"{deal}/{kind.value}{where}"
