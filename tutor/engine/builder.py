"""The builder that walks a hand once, recording steps, states and problems.

:func:`tutor.engine.replay.build` drives it through the named steps of a hand (the deal, the
auction, the kitty, the play); each table's way of dealing and playing (:class:`TableGame`)
records into it through :meth:`Builder.record` and :meth:`Builder.problem`.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Protocol

from tutor.engine.auction import BidKind, Contract
from tutor.engine.cards import Card
from tutor.engine.hand import Hand
from tutor.engine.play import PlayContext
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat, Table
from tutor.engine.steps import Problem, Step, TrickRecord, Where

__all__ = ["Builder", "TableGame", "count_word", "first_leader", "seats_from"]

_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 10: "ten"}


def count_word(n: int) -> str:
    return _COUNT_WORDS.get(n, str(n))


def seats_from(at: Table, first: Seat, active: Sequence[Seat]) -> tuple[Seat, ...]:
    return tuple(s for s in at.order_from(first) if s is first or s in active)


_FIELDS = (
    "calls", "contract", "tricks", "tricks_won", "shown", "sitting_out", "to_play", "kitty_taken",
    "result", "out", "partner", "shown_void", "piles",
)
_NOW = itemgetter(*_FIELDS)  # the fields' values after a step, in State's order


class Builder:
    """Walks a hand once, recording steps, states and problems."""

    def __init__(self, hand: Hand, rules: RuleSet, at: Table) -> None:
        self.hand = hand
        self.rules = rules
        self.table = at
        self.seats = at.seats
        self.partner: Seat | None = None
        self.problems: list[Problem] = []
        self.steps: list[Step] = []
        self.raw_states: list[tuple[object, ...]] = []
        self.holding: dict[Seat, list[Card]] = {s: list(hand.hands.get(s, ())) for s in self.seats}
        self.played: dict[Seat, list[Card]] = {s: [] for s in self.seats}
        self.hands_now: dict[Seat, tuple[Card, ...]] = {}
        self.played_now: dict[Seat, tuple[Card, ...]] = {}
        # The fields of State after the last step (hands and played aside).
        self.now: dict[str, object] = {
            "calls": (), "contract": None, "tricks": (), "tricks_won": dict.fromkeys(at.sides, 0),
            "shown": frozenset(), "sitting_out": None, "to_play": None, "kitty_taken": False,
            "result": None, "out": frozenset(), "partner": None,
            "shown_void": {s: frozenset() for s in self.seats},
            "piles": None,
        }

    def problem(self, where: Where, message: str, rule: str) -> None:
        self.problems.append(Problem(where, message, rule))

    def record(self, step: Step, *, changed: Seat | None = None, **changes: object) -> None:
        """Add a step and the state after it. ``changed`` is the only seat whose cards moved
        (None: look at every seat), so unchanged hands are shared between states."""
        seats = self.seats if changed is None else (changed,)
        for s in seats:
            self.hands_now[s] = tuple(self.holding[s])
            self.played_now[s] = tuple(self.played[s])
        self.now.update(changes)
        self.steps.append(step)
        self.raw_states.append((dict(self.hands_now), dict(self.played_now), *_NOW(self.now)))


def first_leader(b: Builder, contract: Contract, active: Sequence[Seat]) -> tuple[Seat, str]:
    if contract.bid.is_all_passed:
        return contract.declarer, (
            f"{contract.declarer.word} leads first, sitting left of the dealer (no one bid)"
        )
    if contract.bid.kind is BidKind.GRAND_NULLO:
        return contract.declarer, f"{contract.declarer.word} leads first, as the contractor"
    if b.rules.first_leader == "contractor":
        choice = b.rules.choice("first_leader")  # a source silent on it: say it is tutor's choice
        return contract.declarer, (
            f"{contract.declarer.word} leads first, as the contractor" + (f" ({choice})" if choice else "")
        )
    seat = b.table.next(b.hand.dealer)
    why = f"{seat.word} leads first, sitting left of the dealer"
    while seat not in active:
        seat = b.table.next(seat)
        why = f"{seat.word} leads first (the player left of the dealer sits out)"
    return seat, why


class TableGame(Protocol):
    """How a table deals and plays: three to six players (:mod:`tutor.engine.tricks`), or
    two with their table cards (:mod:`tutor.engine.twohanded`)."""

    def deal_text(self, hand: Hand, rules: RuleSet) -> str:
        """The deal's ruling: who deals what to whom, and who speaks first."""
        ...

    def check_deal(self, b: Builder) -> None:
        """Report every problem with the cards dealt (the whole pack, once)."""
        ...

    def play(self, b: Builder, contract: Contract, ctx: PlayContext) -> list[TrickRecord]:
        """Replay the tricks written in the hand, recording a step for every card and trick."""
        ...
