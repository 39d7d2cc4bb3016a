"""What a computer player decided and why, in one sentence."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from tutor.engine.cards import Card

__all__ = ["Decision", "card_list", "count_words"]

T = TypeVar("T")

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve", "thirteen")


@dataclass(frozen=True)
class Decision(Generic[T]):
    """A choice (a call, a discard, a card) with the sentence that explains it."""

    choice: T
    reason: str

    @property
    def why(self) -> str:
        """The reason without its opening "South plays K♠: " (every reason is "who does what:
        why"), for a log that has already named the call or card."""
        _head, sep, rest = self.reason.partition(": ")
        return rest[:1].upper() + rest[1:] if sep else self.reason

    def __str__(self) -> str:
        return self.reason


def count_words(n: int, what: str, plural: str | None = None) -> str:
    """``two aces``, ``one ace``, ``no aces``."""
    word = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{word} {what if n == 1 else (plural or what + 's')}"


def card_list(cards: Iterable[Card]) -> str:
    """Cards as the table writes them: ``K♠ 9♦``."""
    return " ".join(c.pretty() for c in cards)
