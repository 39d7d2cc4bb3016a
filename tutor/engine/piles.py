"""The two-handed game's table cards: five piles in front of each player.

Each pile is one card face down under one face-up card (rules page, "Two-Player Version").
A hand file writes a player's piles as two lists of five, ``up`` and ``down``: pile ``i`` is
``up[i]`` lying on ``down[i]``. This module holds only the values; the play is in
:mod:`tutor.engine.twohanded`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card

__all__ = ["PILES", "Pile", "TablePiles"]

#: Piles in front of each player.
PILES = 5


@dataclass(frozen=True)
class TablePiles:
    """One player's piles as dealt: ``up[i]`` lies face up on ``down[i]``."""

    up: tuple[Card, ...]
    down: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.up, *self.down)

    def start(self) -> tuple[Pile, ...]:
        """The piles before the first trick."""
        return tuple(Pile(u, d) for u, d in zip(self.up, self.down, strict=False))


@dataclass(frozen=True)
class Pile:
    """One pile during play: its face-up card (None once played) and the card still face down
    under it (None once turned)."""

    up: Card | None
    down: Card | None

    @property
    def empty(self) -> bool:
        return self.up is None and self.down is None

    def turned(self) -> Pile:
        """At a trick's end a face-down card with nothing on it is turned face up."""
        if self.up is None and self.down is not None:
            return Pile(self.down, None)
        return self
