"""The values a replay is made of: each step at the table, each trick, the state after a step,
and the problems found in a hand that does not replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from tutor.engine.auction import Call, Contract
from tutor.engine.cards import Card, Suit, TutorError
from tutor.engine.frozen import quick_init
from tutor.engine.piles import Pile
from tutor.engine.play import Play
from tutor.engine.rulings import Ruling
from tutor.engine.scoring import HandScore
from tutor.engine.seats import Seat, Side

__all__ = ["Problem", "ReplayError", "State", "Step", "StepKind", "TrickRecord", "Where"]

Where = tuple[str | int, ...]


class StepKind(Enum):
    DEAL = "deal"
    CALL = "call"
    AUCTION = "auction-end"
    KITTY = "kitty"
    DISCARD = "discard"
    SIT_OUT = "sit-out"
    NOMINATE = "joker"
    CARD = "card"
    TRICK = "trick"
    SHOW = "show-hand"
    RESULT = "result"
    PARTNER = "partner"
    REVEAL = "partner-revealed"
    TURN = "table-card-turned"


@dataclass(frozen=True)
class Problem:
    """Something wrong in a hand: where (a path into the hand file), what, and the rule that decides."""

    where: Where
    message: str
    rule: str

    def __str__(self) -> str:
        return self.message


class ReplayError(TutorError):
    """A hand that does not replay; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = tuple(problems)


@quick_init
@dataclass(frozen=True)
class Step:
    """One thing that happens at the table, with the ruling behind it."""

    kind: StepKind
    ruling: Ruling
    seat: Seat | None = None
    trick: int | None = None
    position: int | None = None
    play: Play | None = None
    note_key: str | None = None


@quick_init
@dataclass(frozen=True)
class TrickRecord:
    """A trick as far as it has been played."""

    number: int
    leader: Seat
    seats: tuple[Seat, ...]
    plays: tuple[Play, ...]
    rulings: tuple[Ruling, ...]
    led: Suit | None = None
    winner: Seat | None = None
    winner_index: int | None = None
    ruling: Ruling | None = None
    #: Indices of jokers played after they lost their power (setting joker_loses_power).
    powerless: tuple[int, ...] = ()
    #: The two-handed game: where each card came from, "hand" or "table" (empty elsewhere).
    sources: tuple[str, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)

    @property
    def complete(self) -> bool:
        return self.winner is not None

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "leader": self.leader.value,
            "seats": [s.value for s in self.seats[: len(self.plays)]],
            "cards": [str(p) for p in self.plays],
            "rulings": [r.to_json() for r in self.rulings],
            "winner": self.winner.value if self.winner else None,
            "ruling": self.ruling.to_json() if self.ruling else None,
            **({"sources": list(self.sources)} if self.sources else {}),
        }


@dataclass(frozen=True)
class State:
    """The table after a step: what each seat holds, the tricks so far, the count of tricks."""

    hands: Mapping[Seat, tuple[Card, ...]]
    played: Mapping[Seat, tuple[Card, ...]]
    calls: tuple[Call, ...] = ()
    contract: Contract | None = None
    tricks: tuple[TrickRecord, ...] = ()
    tricks_won: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    shown: frozenset[Seat] = frozenset()
    sitting_out: Seat | None = None
    to_play: Seat | None = None
    kitty_taken: bool = False
    result: HandScore | None = None
    out: frozenset[Seat] = frozenset()
    """Every seat sitting out (misère: the partner at four, both partners at six)."""
    partner: Seat | None = None
    """Five-handed: the called partner, once the table knows who it is."""
    shown_void: Mapping[Seat, frozenset[Suit]] = field(default_factory=dict)
    """The suits each seat has shown void in (failed to follow a suit led) so far this hand."""
    piles: Mapping[Seat, tuple[Pile, ...]] | None = None
    """The two-handed game: each player's table piles (None at other tables)."""

    @property
    def current_trick(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None
