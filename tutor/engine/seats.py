"""Seats at the table, the tables for each number of players, and the sides that score.

The four-handed game seats North, East, South and West, partners opposite. Other tables
use more compass points (see docs/rules.md, "Seats for other numbers of players"):

- two players: North and South, each on their own (each also plays from five piles of
  table cards, see tutor/engine/twohanded.py);
- three players: East, South, West (each scores on their own);
- five players: North, East, South-East, South-West, West (each scores on their own; the
  contractor may call a partner for one hand);
- six players: North, North-East, South-East, South, South-West, North-West, in two teams of
  three sitting alternately (N, SE, SW against NE, S, NW).

``Seat.next()``, ``Seat.partner`` and ``Seat.side`` answer for the four-handed table;
:class:`Table` answers for any table (``table(5).next(Seat.W) is Seat.N``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.engine.cards import TutorError

__all__ = [
    "FOUR_SEATS", "FOUR_SIDES", "TABLES", "Seat", "SeatError", "Side", "Table", "agree", "table",
]


class SeatError(TutorError):
    """Seat notation that cannot be read."""


class Seat(Enum):
    """The compass seats; play goes clockwise (N → E → S → W at four)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"
    NE = "NE"
    SE = "SE"
    SW = "SW"
    NW = "NW"

    __hash__ = object.__hash__  # members are singletons; much faster than Enum's hash

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = str(text).strip().upper().replace("-", "").replace(" ", "")
        key = _LONG.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise SeatError(
                f"unknown seat {text!r}: expected N, E, S or W (or NE, SE, SW, NW at five or six)"
            ) from None

    def __str__(self) -> str:
        return self.value

    def next(self) -> Seat:
        """The seat to the left at the four-handed table, who plays next (clockwise)."""
        found = _NEXT.get(self)
        if found is None:
            raise SeatError(f"{self.word} does not sit at the four-handed table: ask the Table")
        return found

    @property
    def partner(self) -> Seat:
        """The partner opposite at the four-handed table."""
        found = _PARTNER.get(self)
        if found is None:
            raise SeatError(f"{self.word} does not sit at the four-handed table: ask the Table")
        return found

    @property
    def side(self) -> Side:
        """The four-handed partnership this seat belongs to."""
        found = _FOUR_SIDE.get(self)
        if found is None:
            raise SeatError(f"{self.word} does not sit at the four-handed table")
        return found

    @property
    def word(self) -> str:
        return _WORDS[self]


class Side(Enum):
    """Who scores together: a partnership, a team of three, or a player on their own."""

    NS = "NS"
    EW = "EW"
    # six-handed teams of three, sitting alternately
    N_SE_SW = "N-SE-SW"
    NE_S_NW = "NE-S-NW"
    # players on their own (two-, three- and five-handed)
    ONLY_N = "N"
    ONLY_E = "E"
    ONLY_SE = "SE"
    ONLY_S = "S"
    ONLY_SW = "SW"
    ONLY_W = "W"

    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value

    @property
    def other(self) -> Side:
        """The opposing partnership or team (four- and six-handed only)."""
        found = _OTHER.get(self)
        if found is None:
            raise SeatError(f"{self.word} plays on their own: there is no one other side")
        return found

    @property
    def seats(self) -> tuple[Seat, ...]:
        return _SIDE_SEATS[self]

    @property
    def alone(self) -> bool:
        """One player scoring on their own."""
        return len(_SIDE_SEATS[self]) == 1

    @property
    def word(self) -> str:
        return _SIDE_WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Side:
        key = str(text).strip().upper().replace("/", "").replace("-", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        for side in Side:
            if side.value.replace("-", "") == key:
                return side
        raise SeatError(f"unknown side {text!r}: expected NS or EW")


@dataclass(frozen=True)
class Table:
    """Who sits where for a number of players, who plays next, and who scores together."""

    players: int
    seats: tuple[Seat, ...]
    sides: tuple[Side, ...]
    fixed_partners: bool

    def next(self, seat: Seat) -> Seat:
        """The seat to the left, who plays next (clockwise)."""
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def order_from(self, first: Seat) -> tuple[Seat, ...]:
        """Every seat once, clockwise, starting with ``first``."""
        i = self.seats.index(first)
        return self.seats[i:] + self.seats[:i]

    def side_of(self, seat: Seat) -> Side:
        return self._side[seat]

    def partners(self, seat: Seat) -> tuple[Seat, ...]:
        """The seat's fixed partners (none where each plays on their own)."""
        return tuple(s for s in self.side_of(seat).seats if s != seat)

    def __contains__(self, seat: object) -> bool:
        return seat in self.seats

    @property
    def _side(self) -> dict[Seat, Side]:
        return _SIDE_OF[self.players]

    @property
    def seat_list(self) -> str:
        """``E, S, W``: the seats for messages."""
        return ", ".join(s.value for s in self.seats)


FOUR_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
#: The two partnerships of the four-handed game (``Side`` also holds other tables' sides).
FOUR_SIDES: tuple[Side, ...] = (Side.NS, Side.EW)
_WORDS = {
    Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West",
    Seat.NE: "North-East", Seat.SE: "South-East", Seat.SW: "South-West", Seat.NW: "North-West",
}
_LONG = {
    "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W",
    "NORTHEAST": "NE", "SOUTHEAST": "SE", "SOUTHWEST": "SW", "NORTHWEST": "NW",
}
_NEXT = {seat: FOUR_SEATS[(i + 1) % 4] for i, seat in enumerate(FOUR_SEATS)}
_PARTNER = {seat: FOUR_SEATS[(i + 2) % 4] for i, seat in enumerate(FOUR_SEATS)}
_FOUR_SIDE = {Seat.N: Side.NS, Seat.S: Side.NS, Seat.E: Side.EW, Seat.W: Side.EW}
_OTHER = {
    Side.NS: Side.EW, Side.EW: Side.NS, Side.N_SE_SW: Side.NE_S_NW, Side.NE_S_NW: Side.N_SE_SW,
}
_SIDE_SEATS: dict[Side, tuple[Seat, ...]] = {
    Side.NS: (Seat.N, Seat.S),
    Side.EW: (Seat.E, Seat.W),
    Side.N_SE_SW: (Seat.N, Seat.SE, Seat.SW),
    Side.NE_S_NW: (Seat.NE, Seat.S, Seat.NW),
    Side.ONLY_N: (Seat.N,),
    Side.ONLY_E: (Seat.E,),
    Side.ONLY_S: (Seat.S,),
    Side.ONLY_W: (Seat.W,),
    Side.ONLY_SE: (Seat.SE,),
    Side.ONLY_SW: (Seat.SW,),
}
_SIDE_WORDS = {
    Side.NS: "North–South",
    Side.EW: "East–West",
    Side.N_SE_SW: "North's team (N, SE, SW)",
    Side.NE_S_NW: "South's team (NE, S, NW)",
    **{side: _WORDS[side.seats[0]] for side in Side if len(_SIDE_SEATS[side]) == 1},
}
_ALONE = {side.seats[0]: side for side in Side if len(_SIDE_SEATS[side]) == 1}


def _table(seats: tuple[Seat, ...], sides: tuple[Side, ...], fixed: bool) -> Table:
    return Table(len(seats), seats, sides, fixed)


TABLES: dict[int, Table] = {
    t.players: t
    for t in (
        _table((Seat.N, Seat.S), (Side.ONLY_N, Side.ONLY_S), False),
        _table((Seat.E, Seat.S, Seat.W), tuple(_ALONE[s] for s in (Seat.E, Seat.S, Seat.W)), False),
        _table(FOUR_SEATS, (Side.NS, Side.EW), True),
        _table(
            (Seat.N, Seat.E, Seat.SE, Seat.SW, Seat.W),
            tuple(_ALONE[s] for s in (Seat.N, Seat.E, Seat.SE, Seat.SW, Seat.W)),
            False,
        ),
        _table(
            (Seat.N, Seat.NE, Seat.SE, Seat.S, Seat.SW, Seat.NW), (Side.N_SE_SW, Side.NE_S_NW), True
        ),
    )
}
_SIDE_OF: dict[int, dict[Seat, Side]] = {
    n: {seat: side for side in t.sides for seat in side.seats} for n, t in TABLES.items()
}


def table(players: int) -> Table:
    """The table for ``players`` players."""
    found = TABLES.get(players)
    if found is None:
        raise SeatError(
            f"there is no table for {players} players: tutor seats "
            f"{', '.join(str(n) for n in TABLES)}"
        )
    return found


def agree(subject: str, verb: str) -> str:
    """``verb`` (as it follows "they") after a seat's or a side's words, agreeing with them:
    ``agree("South", "take") == "South takes"``, ``agree("North–South", "take") == "North–South take"``.

    A side of more than one seat is written with a dash or "and" ("North–South", "West and
    North", "Kim and Lee") and takes the plural; a seat, a player on their own or a team's one
    name ("North's team (N, SE, SW)") takes the singular."""
    if "–" in subject or " and " in subject:
        return f"{subject} {verb}"
    if verb == "have":
        return f"{subject} has"
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return f"{subject} {verb}es"
    return f"{subject} {verb}s"
