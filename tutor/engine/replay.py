"""Replaying a hand: every call, the kitty, every card and every trick, checked and explained.

:func:`build` walks a :class:`~tutor.engine.hand.Hand` once, producing the :class:`Step` list and the
:class:`State` after each step, so a front end can move forwards, backwards or jump without
replaying anything. Problems (a card not held, a revoke, a bid that does not outrank) are
collected as :class:`Problem` values that name where in the hand file they are.

The walk is a sequence of named steps, each in a module of its own: the deal
(:mod:`~tutor.engine.deal`), the auction, the kitty and what follows it
(:mod:`~tutor.engine.kitty`), and the tricks, played by the table's :class:`TableGame`
(:mod:`~tutor.engine.tricks`, or :mod:`~tutor.engine.twohanded` for two players).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

from tutor.engine import tricks, twohanded
from tutor.engine.auction import Auction, AuctionError, Contract, Pass, run_auction
from tutor.engine.builder import Builder, Change, TableGame, count_word, state_values
from tutor.engine.decision import LessonDecision
from tutor.engine.hand import Hand
from tutor.engine.kitty import kitty_and_discard
from tutor.engine.play import PlayContext
from tutor.engine.rules import RuleSet
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.scoring import HandScore
from tutor.engine.seats import TABLES, Seat, SeatError, Side, Table, table
from tutor.engine.steps import Problem, ReplayError, State, Step, StepKind, TrickRecord

__all__ = [
    "Problem",
    "Replay",
    "ReplayError",
    "State",
    "States",
    "Step",
    "StepKind",
    "TrickRecord",
    "Walker",
    "build",
    "replay",
]


@dataclass(frozen=True)
class Replay:
    """A hand replayed: its steps and the state after each, walkable in both directions."""

    hand: Hand
    rules: RuleSet
    auction: Auction | None
    steps: tuple[Step, ...]
    states: Sequence[State]
    tricks: tuple[TrickRecord, ...]
    result: HandScore | None
    problems: tuple[Problem, ...]
    context: PlayContext | None = None
    partner: Seat | None = None
    """Five-handed: the seat of the contractor's called partner (None: alone)."""

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def contract(self) -> Contract | None:
        contract = self.auction.contract if self.auction else None
        if contract is not None and self.hand.grand_slam is not None and self.states:
            declared = self.states[-1].contract  # declared after the kitty (West Seventh Street)
            return declared if declared is not None else contract
        return contract

    @property
    def complete(self) -> bool:
        return self.result is not None

    @property
    def table(self) -> Table:
        """The seating (the four-handed table for a player count tutor does not seat)."""
        return TABLES.get(self.rules.players, TABLES[4])

    def tricks_won(self) -> dict[Side, int]:
        at = self.table
        won = dict.fromkeys(at.sides, 0)
        for t in self.tricks:
            if t.winner is not None:
                won[at.side_of(t.winner)] += 1
        return won

    @property
    def stopped(self) -> str | None:
        """Why a hand written only in part has no score, in words (None for a finished hand or
        one thrown in): the auction is unfinished, and who has still to speak, or the play
        stops before the last trick."""
        auction = self.auction
        if self.result is not None or auction is None or auction.thrown_in:
            return None
        if not auction.complete:
            at = self.table
            order = at.order_from(at.next(self.hand.dealer))
            if self.rules.auction == "one-round":
                waiting = [s for s in order if s not in auction.callers]
                verb = "has not spoken" if len(waiting) == 1 else "have not spoken"
            else:
                passed = {s for s, c in zip(auction.callers, auction.calls, strict=False)
                          if isinstance(c, Pass)}
                waiting = [s for s in order if s not in passed]
                verb = "has not passed" if len(waiting) == 1 else "have not passed"
            names = [s.word for s in waiting]
            who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            return (f"The auction is unfinished: {who} {verb}, so there is no contract yet and "
                    f"no score.")
        return "The hand stops before the last trick: a partial hand gets no score."

    def step_of_trick(self, number: int) -> int:
        """The index of the first card of trick ``number`` (counting from 1)."""
        for i, step in enumerate(self.steps):
            if step.trick == number:
                return i
        raise IndexError(f"this hand has no trick {number}")

    def decision_step(self, decision: LessonDecision | None = None) -> int | None:
        """The index of the step that shows the answer to the hand's decision (the widget and
        the viewer stop just before it), or None when the hand asks none or does not reach it.
        ``decision`` asks another decision of the same hand instead of its own."""
        decision = decision if decision is not None else self.hand.decision
        if decision is None:
            return None
        calls = -1
        for i, step in enumerate(self.steps):
            if step.kind is StepKind.CALL:
                calls += 1
            if decision.kind == "auction" and step.kind is StepKind.CALL and calls == decision.call:
                return i
            if ((decision.kind == "discard" and step.kind is StepKind.DISCARD)
                    or (decision.kind == "joker" and step.kind is StepKind.NOMINATE)
                    or (decision.kind == "play" and step.kind is StepKind.CARD
                    and (step.trick, step.position) == decision.card)):
                return i
        return None

    def to_json(self) -> dict[str, object]:
        contract = self.contract
        extra: dict[str, object] = {}
        if self.rules.players != 4:
            extra["players"] = self.rules.players
            extra["seats"] = [s.value for s in self.table.seats]
        if self.hand.partner is not None:
            extra["partner"] = self.partner.value if self.partner else None
        if self.hand.piles is not None:
            extra["piles"] = {
                s.value: {"up": [str(c) for c in p.up], "down": [str(c) for c in p.down]}
                for s, p in self.hand.piles.items()
            }
        return {
            "title": self.hand.title,
            "rules": self.rules.name,
            "settings": self.rules.differences(),
            "dealer": self.hand.dealer.value,
            "auction": [str(c) for c in self.hand.auction],
            "contract": contract.to_json() if contract else None,
            "discard": [str(c) for c in self.hand.discard] if self.hand.discard else None,
            "joker": self.hand.joker.value if self.hand.joker else None,
            "tricks": [t.to_json() for t in self.tricks],
            "tricks_won": {s.value: n for s, n in self.tricks_won().items()},
            "complete": self.complete,
            "score": {s.value: self.result.score[s] for s in self.result.sides} if self.result else None,
            "result": self.result.ruling.to_json() if self.result else None,
            "steps": [
                {"kind": s.kind.value, "seat": s.seat.value if s.seat else None, **s.ruling.to_json()}
                for s in self.steps
            ],
            **extra,
        }


class Walker:
    """A position in a replay that a front end moves: first, back, next, last, jump to a trick."""

    def __init__(self, replay: Replay, index: int = 0) -> None:
        self.replay = replay
        self.index = max(0, min(index, len(replay.steps) - 1))

    @property
    def step(self) -> Step:
        return self.replay.steps[self.index]

    @property
    def state(self) -> State:
        return self.replay.states[self.index]

    def next(self) -> bool:
        if self.index + 1 < len(self.replay.steps):
            self.index += 1
            return True
        return False

    def back(self) -> bool:
        if self.index > 0:
            self.index -= 1
            return True
        return False

    def first(self) -> None:
        self.index = 0

    def last(self) -> None:
        self.index = len(self.replay.steps) - 1

    def goto(self, index: int) -> None:
        if not 0 <= index < len(self.replay.steps):
            raise IndexError(f"step {index} is outside this replay (0 to {len(self.replay.steps) - 1})")
        self.index = index

    def goto_trick(self, number: int) -> None:
        self.index = self.replay.step_of_trick(number)


def replay(hand: Hand) -> Replay:
    """Replay a hand; raise :class:`ReplayError` listing every problem if it breaks a rule."""
    result = build(hand)
    if result.problems:
        raise ReplayError(result.problems)
    return result


class States(Sequence[State]):
    """The state after each step, made when first asked for and then kept.

    :func:`build` records what each step changed; the states' values are made from it
    (:func:`~tutor.engine.builder.state_values`), and a :class:`State` from those, only when
    a front end looks (``tutor check`` never does), so checking a hand does not pay for
    thousands of states nobody reads.
    """

    def __init__(self, first: dict[str, object], changes: list[Change]) -> None:
        self._count = len(changes)
        self._values = state_values(first, changes)
        self._raw: list[tuple[object, ...]] = []  # the values of the states made so far, in order
        self._made: list[State | None] = [None] * self._count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> State: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[State, ...]: ...

    def __getitem__(self, index: int | slice) -> State | tuple[State, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("state index out of range")
        made = self._made[index]
        if made is None:
            while len(self._raw) <= index:
                self._raw.append(next(self._values))
            made = self._made[index] = State(*self._raw[index])  # type: ignore[arg-type]
        return made

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} states>"


def build(hand: Hand) -> Replay:
    """Replay a hand as far as it goes, collecting every problem instead of stopping at the first."""
    b = _seat_the_table(hand)
    if b is None or b.problems:
        return _finish(b or Builder(hand, hand.rules, table(4)), None, None, None)
    game = _game_of(b.table)
    _deal(b, game)
    if b.problems:
        return _finish(b, None, None, None)
    auction = _run_auction(b)
    if auction is None or not auction.complete or auction.contract is None:
        _no_contract(b, auction)
        return _finish(b, auction, None, None)
    ctx = kitty_and_discard(b, auction.contract)
    if ctx is None:
        return _finish(b, auction, None, None)
    declared = b.now["contract"]  # a grand slam declared after the kitty changes the contract
    contract = declared if isinstance(declared, Contract) else auction.contract
    return _finish(b, auction, ctx, game.play(b, contract, ctx))


def _game_of(at: Table) -> TableGame:
    """The two-handed game has its own deal and tricks; every other table plays alike."""
    return twohanded if at.players == 2 else tricks


def _seat_the_table(hand: Hand) -> Builder | None:
    """A builder for the hand's table; a problem when the table or the dealer has no seats."""
    rules = hand.rules
    try:
        at = table(rules.players)
    except SeatError as err:
        b = Builder(hand, rules, table(4))
        b.problem(("rules",), f"setting players {rules.players}: {err}", "rules")
        return b
    b = Builder(hand, rules, at)
    if hand.dealer not in at:
        b.problem(
            ("dealer",),
            f"the dealer {hand.dealer.word} has no seat at a {count_word(at.players)}-handed table: "
            f"the seats are {at.seat_list}",
            "seats",
        )
    return b


def _deal(b: Builder, game: TableGame) -> None:
    """The deal's step, then every problem with the settings or the cards dealt."""
    hand, rules = b.hand, b.rules
    text = game.deal_text(hand, rules)
    b.record(Step(StepKind.DEAL, Ruling(Kind.DEAL, text, (hand.dealer,)), hand.dealer, note_key="intro"))
    if rules.three_handed != (rules.players == 3):
        b.problem(
            ("rules",),
            f"setting three_handed {'on' if rules.three_handed else 'off'} does not fit "
            f"players {rules.players}: each player scores on their own exactly when three play",
            "rules",
        )
        return
    game.check_deal(b)


def _no_contract(b: Builder, auction: Auction | None) -> None:
    """The auction ended with no contract, or stopped early: nothing after it may be written."""
    hand = b.hand
    if auction is not None and auction.thrown_in:
        extras = {"discard": hand.discard, "joker": hand.joker, "play": hand.play}
        for key, value in extras.items():
            if value:
                b.problem((key,), f"everyone passed, so the hand is thrown in: there is no {key}",
                          "thrown-in")
    elif auction is not None and not auction.complete and (hand.discard or hand.play):
        b.problem(("auction",), _unfinished_auction(auction, b.rules), "auction")


def _finish(
    b: Builder, auction: Auction | None, ctx: PlayContext | None, tricks: list[TrickRecord] | None
) -> Replay:
    result = b.now["result"]
    assert result is None or isinstance(result, HandScore)
    return Replay(
        hand=b.hand,
        rules=b.rules,
        auction=auction,
        steps=tuple(b.steps),
        states=States(b.first, b.changes),
        tricks=tuple(tricks or ()),
        result=result,
        problems=tuple(b.problems),
        context=ctx,
        partner=b.partner,
    )


def _run_auction(b: Builder) -> Auction | None:
    hand, rules = b.hand, b.rules
    try:
        auction = run_auction(hand.auction, rules, hand.dealer, hands=hand.hands)
    except AuctionError as err:
        b.problem(("auction", err.index), f"call {err.index + 1}: {err}", "the auction")
        return None
    for i, (seat, ruling) in enumerate(zip(auction.callers, auction.rulings, strict=False)):
        b.record(Step(StepKind.CALL, ruling, seat), changed=seat, calls=auction.calls[: i + 1],
                 to_play=None)
    if auction.complete:
        closing = auction.rulings[-1]
        b.record(
            Step(StepKind.AUCTION, closing, auction.contract.declarer if auction.contract else None,
                 note_key="auction"),
            contract=auction.contract,
        )
    return auction


def _unfinished_auction(auction: Auction, rules: RuleSet) -> str:
    how = (
        "each player speaks once"
        if rules.auction == "one-round"
        else "it goes on until all but one have passed"
    )
    return (
        f"the auction is not finished after {len(auction.calls)} calls ({how}), "
        f"so there can be no discard or play yet"
    )
