"""A lesson's decision: the question a strategy lesson stops at, with its choices and answer.

A hand file may ask one decision (``decision:`` in ``docs/hand-format.md``): a call in the
auction, the contractor's discard, the joker's nomination or a card of the play. The answer is
what the hand goes on to do; the wrong choices are what a learner might do instead. The pages,
the widget and the quiz ask it before that step is shown; ``tutor check`` verifies it with the
solver. This module holds the value (:meth:`~tutor.engine.replay.Replay.decision_step` finds the
step where it is asked): nothing here decides whether the answer is right.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.engine.auction import Bid, Call, Pass
from tutor.engine.cards import Card, Suit
from tutor.engine.play import Play

__all__ = ["CARD_PLACE", "PLACES", "Choice", "LessonDecision", "choice_code", "choice_pretty",
           "choice_words", "same_choice"]

#: Where a decision may be asked, besides a card of the play (``"3.2"``).
PLACES = ("auction", "discard", "joker")
#: A card of the play: trick, then the card's place in the trick, counting from 1 (as notes are keyed).
CARD_PLACE = re.compile(r"([0-9]+)\.([0-9]+)")

#: One choice: a call (auction), a card as played (play), the cards put away (discard), a suit (joker).
Choice = Call | Play | tuple[Card, ...] | Suit


@dataclass(frozen=True)
class LessonDecision:
    """The question a lesson asks before it shows what was done.

    ``at`` is ``auction``, ``discard``, ``joker`` or a card of the play (``"1.3"``); ``call`` is the
    index of the call asked (auction only, counting from 0); ``answer`` indexes ``choices``;
    ``explanation`` is shown with the answer (``None``: the note at that place, see
    :meth:`explained_by`); ``tricks`` states, for a choice of call or nomination, the tricks the
    contractor's side would take with it after the best discard (``tutor check`` verifies it).
    """

    at: str
    question: str
    choices: tuple[Choice, ...]
    answer: int
    explanation: str | None = None
    call: int | None = None
    tricks: Mapping[int, int] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """``auction``, ``discard``, ``joker`` or ``play``."""
        return self.at if self.at in PLACES else "play"

    @property
    def card(self) -> tuple[int, int] | None:
        """The trick and the card's place in it, for a decision in the play (from 1)."""
        m = CARD_PLACE.fullmatch(self.at)
        return (int(m.group(1)), int(m.group(2))) if m else None

    @property
    def right(self) -> Choice:
        return self.choices[self.answer]

    def note_key(self) -> str:
        """The note that explains the answer when no explanation is written: the place's own."""
        return self.at

    def explained_by(self, notes: Mapping[str, str]) -> str:
        """The explanation shown with the answer: written, else the note at the decision's place."""
        return self.explanation if self.explanation is not None else notes.get(self.note_key(), "")


def same_choice(a: Choice, b: Choice) -> bool:
    """Two choices are the same: a discard's cards in any order."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return sorted(map(str, a)) == sorted(map(str, b))
    return a == b


def choice_pretty(choice: Choice) -> str:
    """A choice as the table writes it: ``7♥``, ``pass``, ``K♦``, ``10♣ 8♣ K♦``, ``♥``."""
    if isinstance(choice, tuple):
        return " ".join(c.pretty() for c in choice)
    if isinstance(choice, Suit):
        return choice.symbol
    return choice.pretty()


def choice_words(choice: Choice) -> str:
    """A choice in words: ``seven hearts``, ``pass``, ``the king of diamonds``, ``hearts``."""
    if isinstance(choice, Pass):
        return "pass"
    if isinstance(choice, Bid):
        return choice.words()
    if isinstance(choice, Play):
        return choice.card.words()
    if isinstance(choice, Suit):
        return choice.word
    if isinstance(choice, tuple):
        words = [c.words() for c in choice]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return choice.pretty()  # a declaration (ace – no face): its own words


def choice_code(choice: Choice) -> str:
    """A choice in hand-file notation: ``7H``, ``pass``, ``KD``, ``10C 8C KD``, ``H``."""
    if isinstance(choice, tuple):
        return " ".join(str(c) for c in choice)
    return str(choice)
