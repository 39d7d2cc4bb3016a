"""The builder that walks a hand once, recording steps, states and problems.

:func:`tutor.engine.replay.build` drives it through the named steps of a hand (the deal, the
auction, the kitty, the play); each table's way of dealing and playing (:class:`TableGame`)
records into it through :meth:`Builder.record` and :meth:`Builder.problem`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from operator import itemgetter
from typing import Protocol

from tutor.engine.auction import BidKind, Contract
from tutor.engine.cards import Card
from tutor.engine.hand import Hand
from tutor.engine.play import PlayContext
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat, Table
from tutor.engine.steps import Problem, Step, TrickRecord, Where

__all__ = ["Builder", "Change", "TableGame", "count_word", "first_leader", "seats_from", "state_values"]

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

#: What one step changed: each seat whose cards moved, with what it holds and has played
#: after the step, and the State fields the step set.
Change = tuple[tuple[tuple[Seat, tuple[Card, ...], tuple[Card, ...]], ...], dict[str, object]]


def state_values(first: Mapping[str, object], changes: Sequence[Change]) -> Iterator[tuple[object, ...]]:
    """The values of the State after each step, in order, from the fields before the first
    step and what each step changed (:meth:`Builder.record`). Unchanged hands are shared."""
    hands: dict[Seat, tuple[Card, ...]] = {}
    played: dict[Seat, tuple[Card, ...]] = {}
    now = dict(first)
    for cards, fields in changes:
        for seat, held, gone in cards:
            hands[seat] = held
            played[seat] = gone
        now.update(fields)
        yield (dict(hands), dict(played), *_NOW(now))


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
        #: What each step changed; the states are made from it only when asked for (States).
        self.changes: list[Change] = []
        self.holding: dict[Seat, list[Card]] = {s: list(hand.hands.get(s, ())) for s in self.seats}
        self.played: dict[Seat, list[Card]] = {s: [] for s in self.seats}
        # The fields of State after the last step (hands and played aside): read them here,
        # change them with record(), set_now() or amend_last(), never by assigning to them.
        self.now: dict[str, object] = {
            "calls": (), "contract": None, "tricks": (), "tricks_won": dict.fromkeys(at.sides, 0),
            "shown": frozenset(), "sitting_out": None, "to_play": None, "kitty_taken": False,
            "result": None, "out": frozenset(), "partner": None,
            "shown_void": {s: frozenset() for s in self.seats},
            "piles": None,
        }
        self.first: dict[str, object] = dict(self.now)  # the fields before the first step
        self._pending: dict[str, object] = {}  # set since the last step, recorded with the next

    def problem(self, where: Where, message: str, rule: str) -> None:
        self.problems.append(Problem(where, message, rule))

    def record(self, step: Step, *, changed: Seat | None = None, **changes: object) -> None:
        """Add a step and what it changed in the state. ``changed`` is the only seat whose
        cards moved (None: look at every seat), so unchanged hands are shared between states.

        Only the change is kept: ``tutor check`` never looks at a state, and a front end that
        does has :func:`state_values` make them."""
        holding, played = self.holding, self.played
        if changed is None:
            cards = tuple((s, tuple(holding[s]), tuple(played[s])) for s in self.seats)
        else:
            cards = ((changed, tuple(holding[changed]), tuple(played[changed])),)
        if self._pending:
            changes = {**self._pending, **changes}
            self._pending = {}
        self.now.update(changes)
        self.steps.append(step)
        self.changes.append((cards, changes))

    def set_now(self, **changes: object) -> None:
        """Set fields of the state now; the next step's state shows them."""
        self.now.update(changes)
        self._pending.update(changes)

    def amend_last(self, **changes: object) -> None:
        """Set fields of the state now, and show them in the last step's state too."""
        self.now.update(changes)
        if self.changes:
            self.changes[-1][1].update(changes)


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
