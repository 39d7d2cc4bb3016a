"""Replaying a hand: every call, the kitty, every card and every trick, checked and explained.

:func:`build` walks a :class:`~tutor.engine.hand.Hand` once, producing the :class:`Step` list and the
:class:`State` after each step, so a front end can move forwards, backwards or jump without
replaying anything. Problems (a card not held, a revoke, a bid that does not outrank) are
collected as :class:`Problem` values that name where in the hand file they are.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import overload

from tutor.engine.auction import Auction, AuctionError, Bid, BidKind, Call, Contract, run_auction
from tutor.engine.cards import Card, Joker, Suit, SuitedCard, TutorError
from tutor.engine.hand import Hand
from tutor.engine.piles import Pile
from tutor.engine.play import (
    IllegalPlay,
    Play,
    PlayContext,
    effective_suit,
    joker_powerless,
    judge_play,
    led_suit,
    trick_winner,
)
from tutor.engine.rules import RuleSet
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.scoring import HandScore, score_hand
from tutor.engine.seats import TABLES, Seat, SeatError, Side, Table, table

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

    def step_of_trick(self, number: int) -> int:
        """The index of the first card of trick ``number`` (counting from 1)."""
        for i, step in enumerate(self.steps):
            if step.trick == number:
                return i
        raise IndexError(f"this hand has no trick {number}")

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


def _seats_from(at: Table, first: Seat, active: Sequence[Seat]) -> tuple[Seat, ...]:
    return tuple(s for s in at.order_from(first) if s is first or s in active)


_FIELDS = (
    "calls", "contract", "tricks", "tricks_won", "shown", "sitting_out", "to_play", "kitty_taken",
    "result", "out", "partner", "shown_void", "piles",
)


class States(Sequence[State]):
    """The state after each step, made when first asked for and then kept.

    :func:`build` records each step's values as a plain tuple; a :class:`State` is made
    from it only when a front end looks (``tutor check`` never does), so checking a hand
    does not pay for thousands of states nobody reads.
    """

    def __init__(self, raw: list[tuple[object, ...]]) -> None:
        self._raw = raw
        self._made: list[State | None] = [None] * len(raw)

    def __len__(self) -> int:
        return len(self._raw)

    @overload
    def __getitem__(self, index: int) -> State: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[State, ...]: ...

    def __getitem__(self, index: int | slice) -> State | tuple[State, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self._raw)
        if not 0 <= index < len(self._raw):
            raise IndexError("state index out of range")
        made = self._made[index]
        if made is None:
            made = self._made[index] = State(*self._raw[index])  # type: ignore[arg-type]
        return made

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} states>"


class _Builder:
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
        now = self.now
        now.update(changes)
        self.steps.append(step)
        self.raw_states.append(
            (dict(self.hands_now), dict(self.played_now), *[now[f] for f in _FIELDS])
        )


def build(hand: Hand) -> Replay:
    """Replay a hand as far as it goes, collecting every problem instead of stopping at the first."""
    rules = hand.rules
    try:
        at = table(rules.players)
    except SeatError as err:
        b = _Builder(hand, rules, table(4))
        b.problem(("rules",), f"setting players {rules.players}: {err}", "rules")
        return _finish(b, None, None, None)
    b = _Builder(hand, rules, at)
    if hand.dealer not in at:
        b.problem(
            ("dealer",),
            f"the dealer {hand.dealer.word} has no seat at a {_count(at.players)}-handed table: "
            f"the seats are {at.seat_list}",
            "seats",
        )
        return _finish(b, None, None, None)
    per_hand = (len(rules.the_pack) - rules.kitty_size) // rules.players
    deal_text = (
        f"{hand.dealer.word} deals {_count(per_hand)} cards to each player and "
        f"{_count(rules.kitty_size)} to the {rules.kitty_word}; {at.next(hand.dealer).word}, on "
        f"the dealer's left, speaks first."
    ) + _deal_pattern_text(rules)
    if at.players == 2:
        from tutor.engine.twohanded import deal_text as two_handed_deal

        deal_text = two_handed_deal(hand, rules)
    b.record(Step(StepKind.DEAL, Ruling(Kind.DEAL, deal_text, (hand.dealer,)), hand.dealer, note_key="intro"))
    if rules.three_handed != (rules.players == 3):
        b.problem(
            ("rules",),
            f"setting three_handed {'on' if rules.three_handed else 'off'} does not fit "
            f"players {rules.players}: each player scores on their own exactly when three play",
            "rules",
        )
        return _finish(b, None, None, None)
    if at.players == 2:
        from tutor.engine.twohanded import check_deal as check_two_handed_deal

        check_two_handed_deal(b)
    elif hand.piles is not None:
        b.problem(("piles",), f"only the two-handed game has piles of table cards; with "
                  f"{_count(at.players)} players there are none", "the deal")
    else:
        _check_deal(b)
    if b.problems:
        return _finish(b, None, None, None)
    auction = _run_auction(b)
    if auction is None or not auction.complete or auction.contract is None:
        if auction is not None and auction.thrown_in:
            extras = {"discard": hand.discard, "joker": hand.joker, "play": hand.play}
            for key, value in extras.items():
                if value:
                    b.problem((key,), f"everyone passed, so the hand is thrown in: there is no {key}",
                              "thrown-in")
        elif auction is not None and not auction.complete and (hand.discard or hand.play):
            b.problem(("auction",), _unfinished_auction(auction, rules), "auction")
        return _finish(b, auction, None, None)
    contract = auction.contract
    ctx = _kitty_and_discard(b, contract)
    if ctx is None:
        return _finish(b, auction, None, None)
    declared = b.now["contract"]  # a grand slam declared after the kitty changes the contract
    if isinstance(declared, Contract):
        contract = declared
    if at.players == 2:
        from tutor.engine.twohanded import play as play_two_handed

        tricks = play_two_handed(b, contract, ctx)
    else:
        tricks = _play(b, contract, ctx)
    return _finish(b, auction, ctx, tricks)


def _finish(
    b: _Builder, auction: Auction | None, ctx: PlayContext | None, tricks: list[TrickRecord] | None
) -> Replay:
    result = b.now["result"]
    assert result is None or isinstance(result, HandScore)
    return Replay(
        hand=b.hand,
        rules=b.rules,
        auction=auction,
        steps=tuple(b.steps),
        states=States(b.raw_states),
        tricks=tuple(tricks or ()),
        result=result,
        problems=tuple(b.problems),
        context=ctx,
        partner=b.partner,
    )


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 10: "ten"}

#: How each table deals (setting deal_pattern), in the rules page's words.
_DEAL_PATTERNS = {
    "australian": "three to each player, one to the kitty, four each, one to the kitty, three "
    "each, one to the kitty",
    "american": "three to each player, the widow, four each, three each",
    "west-seventh-street": "three to each player, three to the middle, two each, two to the "
    "middle, three each, two each",
}


def _deal_pattern_text(rules: RuleSet) -> str:
    pattern = _DEAL_PATTERNS.get(rules.deal_pattern)
    return f" The deal goes {pattern}." if pattern else ""


def _count(n: int) -> str:
    return _COUNT_WORDS.get(n, str(n))


def _check_deal(b: _Builder) -> None:
    hand, rules = b.hand, b.rules
    pack = rules.the_pack
    per_hand = (len(pack) - rules.kitty_size) // rules.players
    at = b.table
    for seat in hand.hands:
        if seat not in at:
            b.problem(
                ("hands", seat.value),
                f"{seat.word} has no seat at a {_count(at.players)}-handed table: the seats are "
                f"{at.seat_list}",
                "seats",
            )
    for seat in b.seats:
        cards = hand.hands.get(seat)
        if cards is None:
            b.problem(("hands",), f"the deal has no hand for {seat.word}", "the deal")
        elif len(cards) != per_hand:
            b.problem(
                ("hands", seat.value),
                f"{seat.word} is dealt {len(cards)} cards; each player is dealt {per_hand}",
                "the deal",
            )
    if len(hand.kitty) != rules.kitty_size:
        b.problem(
            ("kitty",),
            f"the kitty has {len(hand.kitty)} cards; it must have {rules.kitty_size}",
            "the deal",
        )
    everything = [*hand.kitty]
    for cards in hand.hands.values():
        everything.extend(cards)
    unique = frozenset(pack.cards)
    seen = set(everything)
    if len(seen) == len(everything) == len(unique) == len(pack.cards) and seen <= unique:
        return  # the fast path: every card of the pack dealt exactly once
    dealt: Counter[Card] = Counter(everything)
    in_pack = Counter(pack.cards)
    for card, n in dealt.items():
        if card not in in_pack:
            where = _where_is(hand, card)
            b.problem(
                where,
                f"{card} is not in the {pack.name}-card pack ({pack.description})",
                "the pack",
            )
        elif n > in_pack[card]:
            holders = [s.word for s in b.seats if card in hand.hands.get(s, ())]
            if card in hand.kitty:
                holders.append("the kitty")
            b.problem(
                _where_is(hand, card, last=True),
                f"{card} is dealt {n} times ({', '.join(holders)}); the pack has "
                f"{'only one' if in_pack[card] == 1 else in_pack[card]}",
                "the pack",
            )
    if not b.problems:
        missing = in_pack - dealt
        if missing:
            b.problem(
                ("hands",),
                f"the deal is missing {', '.join(str(c) for c in missing.elements())} from the "
                f"{pack.name}-card pack",
                "the pack",
            )


def _where_is(hand: Hand, card: Card, *, last: bool = False) -> Where:
    found: list[Where] = []
    for seat in [s for s in Seat if s in hand.hands]:
        cards = hand.hands.get(seat, ())
        for i, c in enumerate(cards):
            if c == card:
                found.append(("hands", seat.value, i))
    for i, c in enumerate(hand.kitty):
        if c == card:
            found.append(("kitty", i))
    if not found:
        return ("hands",)
    return found[-1] if last else found[0]


def _run_auction(b: _Builder) -> Auction | None:
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


def _kitty_and_discard(b: _Builder, contract: Contract) -> PlayContext | None:
    hand, rules = b.hand, b.rules
    who = contract.declarer
    if contract.bid.is_all_passed:
        return _all_passed_context(b, contract)
    kitty = list(hand.kitty)
    b.holding[who].extend(kitty)
    n = rules.kitty_size
    b.record(
        Step(
            StepKind.KITTY,
            Ruling(
                Kind.KITTY,
                f"{who.word} takes the {rules.kitty_word} ({', '.join(str(c) for c in kitty)}) "
                f"without showing it: "
                f"{len(b.holding[who])} cards, so {n} must be put away.",
                (who,),
                tuple(kitty),
            ),
            who,
        ),
        kitty_taken=True,
    )
    if hand.grand_slam is not None:
        if not _grand_slam(b, contract):
            return None
        n += 1
    elif hand.partner_discard is not None and contract.bid.kind is not BidKind.GRAND_NULLO:
        b.problem(
            ("partner_discard",),
            f"partner_discard is for grand nullo's exchange, and the contract is {contract.bid.words()}",
            "grand-nullo",
        )
        return None
    if hand.discard is None:
        b.problem(
            ("discard",), f"{who.word} won the auction, so the hand needs the {n} discards", "the kitty"
        )
        return None
    discard = list(hand.discard)
    if len(discard) != n:
        b.problem(
            ("discard",),
            f"{who.word} discards {len(discard)} cards; after taking the kitty the contractor "
            f"puts away exactly {n}",
            "the kitty",
        )
        return None
    for i, card in enumerate(discard):
        if card not in b.holding[who]:
            b.problem(
                ("discard", i),
                f"{who.word} discards {card} but holds only {', '.join(str(c) for c in b.holding[who])} "
                f"after taking the kitty: the discards must come from those cards",
                "the kitty",
            )
            return None
        b.holding[who].remove(card)
    b.record(
        Step(
            StepKind.DISCARD,
            Ruling(
                Kind.DISCARD,
                f"{who.word} puts away {', '.join(str(c) for c in discard)} face down, "
                f"back to ten cards.",
                (who,),
                tuple(discard),
            ),
            who,
            note_key="discard",
        )
    )
    bid = contract.bid
    if bid.kind is BidKind.GRAND_NULLO and not _nullo_exchange(b, contract, discard):
        return None
    if not _call_partner(b, contract):
        return None
    out = b.table.partners(who) if bid.is_misere else ()
    if len(out) == 1:
        sitting_out = out[0]
        b.record(
            Step(
                StepKind.SIT_OUT,
                Ruling(
                    Kind.PARTNER_SITS_OUT,
                    f"In {bid.words()} {who.word} plays alone: {sitting_out.word} puts their "
                    f"cards face down and takes no part, so each trick has three cards.",
                    (sitting_out,),
                ),
                sitting_out,
            ),
            sitting_out=sitting_out,
            out=frozenset(out),
        )
    elif out:
        names = " and ".join(s.word for s in out)
        b.record(
            Step(
                StepKind.SIT_OUT,
                Ruling(
                    Kind.PARTNER_SITS_OUT,
                    f"In {bid.words()} {who.word} plays alone: both partners, {names}, lay their "
                    f"cards face down and take no part, so each trick has "
                    f"{_count(b.table.players - len(out))} cards.",
                    out,
                ),
                out[0],
            ),
            sitting_out=out[0],
            out=frozenset(out),
        )
    nominated = hand.joker
    holds_joker = any(isinstance(c, Joker) for c in b.holding[who])
    if nominated is not None:
        if not bid.is_no_trumps:
            b.problem(
                ("joker",),
                f"the joker cannot be nominated in {bid.words()}: with a trump suit it is the "
                f"highest trump",
                "joker-nomination",
            )
            return None
        if rules.joker_nomination and not rules.joker_nomination_in_no_trumps and not bid.is_misere:
            b.problem(
                ("joker",),
                f"the joker cannot be nominated in {bid.words()} under these rules ({rules.name}): "
                f"it may be nominated only in {rules.misere_word} (setting "
                f"joker_nomination_in_no_trumps off)",
                "joker-nomination",
            )
            return None
        if not rules.joker_nomination:
            b.problem(
                ("joker",),
                f"the joker cannot be nominated under these rules ({rules.name}): in no-trumps "
                f"and {rules.misere_word} it is a card of its own (setting joker_nomination off)",
                "joker-nomination",
            )
            return None
        if not holds_joker:
            b.problem(
                ("joker",),
                f"{who.word} nominates the joker as a {nominated.singular} but does not hold it: "
                f"only its holder, the contractor, may nominate it",
                "joker-nomination",
            )
            return None
        b.record(
            Step(
                StepKind.NOMINATE,
                Ruling(
                    Kind.JOKER_NOMINATED,
                    f"{who.word} nominates the joker as a {nominated.singular}: it is the highest "
                    f"{nominated.singular} this hand: it counts as a {nominated.singular} when "
                    f"following suit, and when it is led the others must follow {nominated.word}.",
                    (who,),
                    (Joker(),),
                ),
                who,
            )
        )
    elif bid.is_misere and holds_joker and rules.misere_needs_joker_nominated:
        b.record(
            Step(
                StepKind.NOMINATE,
                Ruling(
                    Kind.MISERE_JOKER_NOT_NOMINATED,
                    f"{who.word} keeps the joker in {bid.words()} without nominating its suit: "
                    f"under these rules that loses the {rules.misere_word} whatever the tricks (setting "
                    f"misere_needs_joker_nominated).",
                    (who,),
                    (Joker(),),
                ),
                who,
            )
        )
    return _context(bid, nominated, rules)


def _grand_slam(b: _Builder, contract: Contract) -> bool:
    """Grand slam (West Seventh Street): partner gives one card and sits out; six discards."""
    hand, rules = b.hand, b.rules
    who, given = contract.declarer, hand.grand_slam
    partner = who.partner
    if not rules.grand_slam:
        b.problem(("grand_slam",), f"these rules ({rules.name}) have no grand slam (setting "
                  f"grand_slam)", "grand-slam")
        return False
    if contract.bid.kind is not BidKind.TRICKS:
        b.problem(("grand_slam",), f"a grand slam may be declared only on a suit or no-trump "
                  f"contract, not on {contract.bid.words()}", "grand-slam")
        return False
    if given not in b.holding[partner]:
        b.problem(
            ("grand_slam",),
            f"{partner.word} gives {given} for the grand slam but holds only "
            f"{', '.join(str(c) for c in b.holding[partner])}",
            "grand-slam",
        )
        return False
    assert given is not None
    put_away = [c for c in b.holding[partner] if c != given]
    b.holding[partner] = []
    b.holding[who].append(given)
    slam = dataclasses.replace(contract, grand_slam=True)
    b.record(
        Step(
            StepKind.SIT_OUT,
            Ruling(
                Kind.GRAND_SLAM,
                f"{who.word} declares a grand slam: to take all ten tricks alone. {partner.word} "
                f"gives {who.word} {given.words()}, puts the other {len(put_away)} away face down "
                f"and takes no further part, so each trick has three cards. {who.word} now holds "
                f"{len(b.holding[who])} cards and must put away {len(b.holding[who]) - 10}.",
                (who, partner),
                (given,),
            ),
            partner,
        ),
        contract=slam,
        sitting_out=partner,
        out=frozenset({partner}),
    )
    return True


def _nullo_exchange(b: _Builder, contract: Contract, discard: Sequence[Card]) -> bool:
    """Grand nullo: partner takes the contractor's five discards and puts away five."""
    hand = b.hand
    who = contract.declarer
    partner = who.partner
    b.holding[partner].extend(discard)
    b.record(
        Step(
            StepKind.KITTY,
            Ruling(
                Kind.NULLO_EXCHANGE,
                f"{partner.word}, who bid the nullo, picks up {who.word}'s "
                f"{_count(len(discard))} discards: {len(b.holding[partner])} cards, so "
                f"{_count(len(discard))} must be put away.",
                (partner,),
                tuple(discard),
            ),
            partner,
        )
    )
    theirs = hand.partner_discard
    if theirs is None or len(theirs) != len(discard):
        b.problem(
            ("partner_discard",) if theirs is not None else ("discard",),
            f"in grand nullo {partner.word} puts away exactly {_count(len(discard))} cards after "
            f"taking {who.word}'s discards: write them as partner_discard",
            "grand-nullo",
        )
        return False
    for i, card in enumerate(theirs):
        if card not in b.holding[partner]:
            b.problem(
                ("partner_discard", i),
                f"{partner.word} puts away {card} but holds only "
                f"{', '.join(str(c) for c in b.holding[partner])}",
                "grand-nullo",
            )
            return False
        b.holding[partner].remove(card)
    b.record(
        Step(
            StepKind.DISCARD,
            Ruling(
                Kind.NULLO_EXCHANGE,
                f"{partner.word} puts away {', '.join(str(c) for c in theirs)} face down, back to "
                f"ten cards. {who.word} leads, and neither partner may take a trick.",
                (partner,),
                tuple(theirs),
            ),
            partner,
        )
    )
    return True


def _context(bid: Bid, nominated: Suit | None, rules: RuleSet) -> PlayContext:
    if bid.kind is BidKind.GRAND_NULLO:
        # Played like misère, both partners at the table; the rulings name it.
        bid = Bid(BidKind.MISERE, misere_word="grand nullo")
    return PlayContext.of(
        bid,
        nominated,
        joker_compulsory=rules.joker_compulsory_in_misere,
        joker_loses_power=rules.joker_loses_power,
        joker_lead=rules.joker_lead,
    )


def _all_passed_context(b: _Builder, contract: Contract) -> PlayContext | None:
    """Everyone passed and the hand is played at no-trumps (setting all_pass): no kitty taken."""
    for key, value in (("discard", b.hand.discard), ("joker", b.hand.joker)):
        if value:
            b.problem(
                (key,),
                f"everyone passed and the hand is played at no-trumps with no contractor: no one "
                f"takes the {b.rules.kitty_word}, so there is no {key}",
                "all-pass",
            )
            return None
    return _context(contract.bid, None, b.rules)


def _is_bower(card: Card, trumps: Suit | None) -> bool:
    return (
        trumps is not None and isinstance(card, SuitedCard) and card.rank.value == "J"
        and card.suit in (trumps, trumps.sister)
    )


def _call_partner(b: _Builder, contract: Contract) -> bool:
    """Five-handed: the contractor plays alone or calls a partner, by a card or by name.
    Record the step; report a problem and return False when the call breaks a rule."""
    hand, rules, who, bid = b.hand, b.rules, contract.declarer, contract.bid
    called = hand.partner
    if b.table.players != 5:
        if called is not None:
            b.problem(("partner",), f"only the five-handed game calls a partner; with "
                      f"{_count(b.table.players)} players there is no partner: key", "partner")
            return False
        return True
    if bid.is_misere:
        if called is not None and called != "alone":
            b.problem(("partner",), f"{bid.words()} is always played alone in the five-handed "
                      f"game: there is no partner to call", "partner")
            return False
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PLAYS_ALONE,
            f"{bid.words().capitalize()} is always played alone: {who.word} against the other four, "
            f"who each score on their own.", (who,)), who, note_key="partner"))
        return True
    how = "a card to call" if rules.partner_call == "card" else "a player to name"
    if called is None:
        b.problem(("partner",), f"in the five-handed game {who.word} plays alone or calls a "
                  f"partner after the discard: the hand needs partner: alone, or {how}", "partner")
        return False
    if called == "alone":
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PLAYS_ALONE,
            f"{who.word} says so and plays alone, one against four, taking the whole score "
            f"for the contract or the whole loss.", (who,)), who, note_key="partner"))
        return True
    if isinstance(called, Seat):
        if rules.partner_call != "seat":
            b.problem(("partner",), f"{who.word} names {called.word} as partner, but under these "
                      f"rules the contractor calls a card, not a player (setting partner_call "
                      f"card)", "partner")
            return False
        if called not in b.table or called == who:
            b.problem(("partner",), f"{who.word} cannot name {called.word}: the partner is one of "
                      f"the other players ({', '.join(s.value for s in b.seats if s != who)})",
                      "partner")
            return False
        b.partner = called
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PARTNER_CALLED,
            f"{who.word} names {called.word} as partner (the American way): the two share the "
            f"contract, winning or losing together, against the other three.", (who, called)),
            who, note_key="partner"), partner=called)
        return True
    card = called
    if rules.partner_call != "card":
        b.problem(("partner",), f"{who.word} calls {card}, but under these rules the contractor "
                  f"names a player, not a card (setting partner_call seat)", "partner")
        return False
    trumps = bid.strain.suit if bid.strain is not None else None
    if card not in rules.the_pack:
        b.problem(("partner",), f"{who.word} calls {card}, which is not in the pack", "partner")
        return False
    if isinstance(card, Joker):
        b.problem(("partner",), f"{who.word} cannot call the joker: a partner is called by any "
                  f"other card", "partner")
        return False
    if rules.called_card == "not-joker-or-bower" and _is_bower(card, trumps):
        b.problem(("partner",), f"{who.word} cannot call {card}: with {trumps.word if trumps else ''} "
                  f"trumps it is a bower, and bowers may not be called (setting called_card)",
                  "partner")
        return False
    if rules.called_card == "not-trump" and trumps is not None and (
        _is_bower(card, trumps) or (isinstance(card, SuitedCard) and card.suit is trumps)
    ):
        b.problem(("partner",), f"{who.word} cannot call {card}: it is a trump, and under these "
                  f"rules no trump may be called (setting called_card not-trump)", "partner")
        return False
    holder = next((s for s in b.seats if s != who and card in b.holding[s]), None)
    if holder is None:
        if not rules.secret_alone:
            where = "holds" if card in b.holding[who] else "discarded"
            b.problem(("partner",), f"{who.word} calls {card} but {where} it: calling your own "
                      f"card to play alone secretly is not allowed here (setting secret_alone)",
                      "partner")
            return False
        where = "holds it" if card in b.holding[who] else "put it away in the discard"
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PLAYS_ALONE,
            f"{who.word} calls {card.words()} but {where}: {who.word} plays alone, secretly; the "
            f"others find out only when the card turns up (setting secret_alone).", (who,), (card,)),
            who, note_key="partner"))
        return True
    b.partner = holder
    if rules.partner_revealed == "at-once":
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PARTNER_CALLED,
            f"{who.word} calls {card.words()}: {holder.word} holds it and says so at once, and "
            f"the two share the contract against the other three (setting partner_revealed "
            f"at-once).", (who, holder), (card,)), who, note_key="partner"), partner=holder)
        return True
    b.record(Step(StepKind.PARTNER, Ruling(
        Kind.PARTNER_CALLED,
        f"{who.word} calls {card.words()}: whoever holds it is {who.word}'s partner this hand, "
        f"and stays silent until the card is played. The two share the contract against the "
        f"other three.", (who,), (card,)), who, note_key="partner"))
    return True


def _first_leader(b: _Builder, contract: Contract, active: Sequence[Seat]) -> tuple[Seat, str]:
    if contract.bid.is_all_passed:
        return contract.declarer, (
            f"{contract.declarer.word} leads first, sitting left of the dealer (no one bid)"
        )
    if b.rules.first_leader == "contractor" or contract.bid.kind is BidKind.GRAND_NULLO:
        return contract.declarer, f"{contract.declarer.word} leads first, as the contractor"
    seat = b.table.next(b.hand.dealer)
    why = f"{seat.word} leads first, sitting left of the dealer"
    while seat not in active:
        seat = b.table.next(seat)
        why = f"{seat.word} leads first (the player left of the dealer sits out)"
    return seat, why


def _play(b: _Builder, contract: Contract, ctx: PlayContext) -> list[TrickRecord]:
    hand, rules = b.hand, b.rules
    out = b.now["out"]
    assert isinstance(out, frozenset)
    at = b.table
    active = [s for s in b.seats if s not in out]
    leader, lead_reason = _first_leader(b, contract, active)
    shown_void: dict[Seat, set[Suit]] = {s: set() for s in b.seats}
    won: dict[Side, int] = dict.fromkeys(at.sides, 0)
    records: list[TrickRecord] = []
    n_tricks = len(hand.hands[b.seats[0]])
    called = hand.partner if isinstance(hand.partner, Card) else None
    reveal = called if (called is not None and b.partner is not None and b.now["partner"] is None) else None
    if len(hand.play) > n_tricks:
        b.problem(
            ("play", n_tricks), f"the hand has {len(hand.play)} tricks; there are only {n_tricks}", "play"
        )
    b.now["to_play"] = leader
    left = ctx.left_bower
    # The rulings remind the learner where the left bower belongs only while someone holds it.
    left_out = left is None or not any(left in b.holding[s] for s in active)
    for t, trick in enumerate(hand.play[:n_tricks]):
        number = t + 1
        seats = _seats_from(at, leader, active)
        last_listed = t == len(hand.play) - 1
        if len(trick) > len(seats) or (len(trick) < len(seats) and not last_listed):
            b.problem(
                ("play", t),
                f"trick {number} has {len(trick)} cards; with {len(seats)} players each trick has "
                f"{len(seats)} (only the last trick written may stop early)",
                "play",
            )
            return records
        plays: list[Play] = []
        rulings: list[Ruling] = []
        led: Suit | None = None
        powerless: list[int] = []
        for c, play in enumerate(trick):
            seat = seats[c]
            try:
                ruling = judge_play(
                    seat, b.holding[seat], plays, play, ctx,
                    shown_void=shown_void[seat], left_bower_out=left_out,
                )
            except IllegalPlay as err:
                b.problem(
                    ("play", t, c),
                    f"trick {number}, card {c + 1} ({seat.word} plays {play}): {err}",
                    err.rule.value,
                )
                return records
            if t == 0 and c == 0:
                ruling = dataclasses.replace(ruling, text=f"{lead_reason}. {ruling.text}")
            if ctx.joker_loses_power and joker_powerless(play.card, ctx, shown_void[seat]):
                powerless.append(c)
            if c == 0:
                led = led_suit([play], ctx)
            elif led is not None and led not in shown_void[seat] and (
                effective_suit(play.card, ctx) is not led
            ):
                shown_void[seat].add(led)
                b.now["shown_void"] = {s: frozenset(v) for s, v in shown_void.items()}
            b.holding[seat].remove(play.card)
            b.played[seat].append(play.card)
            if play.card == left:
                left_out = not any(left in b.holding[s] for s in active)
            plays.append(play)
            rulings.append(ruling)
            record = TrickRecord(number, leader, seats, tuple(plays), tuple(rulings), led,
                                 powerless=tuple(powerless) if powerless else ())
            nxt = seats[c + 1] if c + 1 < len(seats) else None
            b.record(
                Step(StepKind.CARD, ruling, seat, number, c + 1, play, note_key=f"{number}.{c + 1}"),
                changed=seat,
                tricks=(*records, record),
                to_play=nxt,
            )
            if reveal is not None and play.card == reveal and seat == b.partner:
                reveal = None
                b.record(
                    Step(
                        StepKind.REVEAL,
                        Ruling(
                            Kind.PARTNER_REVEALED,
                            f"That is the called card, {play.card.words()}: {seat.word} is "
                            f"revealed as {contract.declarer.word}'s partner.",
                            (contract.declarer, seat),
                            (play.card,),
                        ),
                        seat,
                        number,
                        c + 1,
                    ),
                    changed=seat,
                    partner=seat,
                )
        if len(plays) < len(seats):
            return records
        index, win_ruling = trick_winner(seats, plays, ctx, powerless=powerless)
        winner = seats[index]
        if contract.bid.kind is BidKind.GRAND_NULLO and winner.side == contract.declarer.side and (
            won[winner.side] == 0
        ):
            win_ruling = dataclasses.replace(
                win_ruling,
                text=f"{win_ruling.text} That is a trick for {winner.side.word}, so the grand "
                f"nullo has failed.",
            )
        if contract.bid.is_misere and winner == contract.declarer and won[at.side_of(winner)] == 0:
            win_ruling = dataclasses.replace(
                win_ruling,
                text=f"{win_ruling.text} That is a trick for the contractor, so the "
                f"{contract.bid.words()} has failed.",
            )
        won[at.side_of(winner)] += 1
        record = TrickRecord(
            number, leader, seats, tuple(plays), tuple(rulings), led, winner, index, win_ruling,
            tuple(powerless),
        )
        records.append(record)
        leader = winner
        b.record(
            Step(StepKind.TRICK, win_ruling, winner, number, note_key=str(number)),
            changed=winner,
            tricks=tuple(records),
            tricks_won=dict(won),
            to_play=winner if number < n_tricks else None,
        )
        if number == 1 and contract.bid.kind is BidKind.OPEN_MISERE:
            b.record(
                Step(
                    StepKind.SHOW,
                    Ruling(
                        Kind.OPEN_MISERE_SHOWN,
                        f"After the first trick {contract.declarer.word} lays their hand face up "
                        f"on the table: that is what makes the {rules.misere_word} open.",
                        (contract.declarer,),
                        tuple(b.holding[contract.declarer]),
                    ),
                    contract.declarer,
                ),
                shown=frozenset({contract.declarer}),
            )
    if len(records) == n_tricks:
        forfeit = None
        if any(s.ruling.kind is Kind.MISERE_JOKER_NOT_NOMINATED for s in b.steps):
            forfeit = (
                f"the contractor kept the joker without nominating its suit, which loses a "
                f"{rules.misere_word} (setting misere_needs_joker_nominated)"
            )
        partner = at.side_of(b.partner) if b.partner is not None else None
        result = score_hand(contract, won, rules, forfeit=forfeit, partner=partner)
        b.record(Step(StepKind.RESULT, result.ruling, contract.declarer, note_key="outro"), result=result)
    return records
