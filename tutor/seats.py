"""Seats at the table and the sides they form."""

from __future__ import annotations

from enum import Enum

from .cards import TutorError

__all__ = ["FOUR_SEATS", "Seat", "SeatError", "Side"]


class SeatError(TutorError):
    """Seat notation that cannot be read."""


class Seat(Enum):
    """The four compass seats; play goes clockwise N → E → S → W."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    __hash__ = object.__hash__  # members are singletons; much faster than Enum's hash

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = str(text).strip().upper()
        key = _LONG.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise SeatError(f"unknown seat {text!r}: expected N, E, S or W") from None

    def __str__(self) -> str:
        return self.value

    def next(self) -> Seat:
        """The seat to the left, who plays next (clockwise)."""
        return _NEXT[self]

    @property
    def partner(self) -> Seat:
        return _PARTNER[self]

    @property
    def side(self) -> Side:
        return Side.NS if self is Seat.N or self is Seat.S else Side.EW

    @property
    def word(self) -> str:
        return _WORDS[self]


class Side(Enum):
    """A partnership."""

    NS = "NS"
    EW = "EW"

    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def word(self) -> str:
        return "North–South" if self is Side.NS else "East–West"

    @classmethod
    def parse(cls, text: str) -> Side:
        key = str(text).strip().upper().replace("/", "").replace("-", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise SeatError(f"unknown side {text!r}: expected NS or EW")


FOUR_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_LONG = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_NEXT = {seat: FOUR_SEATS[(i + 1) % 4] for i, seat in enumerate(FOUR_SEATS)}
_PARTNER = {seat: FOUR_SEATS[(i + 2) % 4] for i, seat in enumerate(FOUR_SEATS)}
