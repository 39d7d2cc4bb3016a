"""Calls, the bid ladder and the auction.

>>> str(Bid.parse("8nt"))
'8NT'
>>> Bid.parse("misere").kind is BidKind.MISERE
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import Suit, TutorError
from .rules import RuleSet
from .rulings import Kind, Ruling
from .seats import Seat, table

__all__ = [
    "Auction",
    "AuctionError",
    "Bid",
    "BidKind",
    "Call",
    "CallError",
    "Contract",
    "Pass",
    "Strain",
    "contract_value",
    "ladder_key",
    "parse_call",
    "run_auction",
]


class CallError(TutorError):
    """A call that cannot be read."""


class AuctionError(TutorError):
    """A call that the rules do not allow at that point; ``index`` counts calls from 0."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


class Strain(Enum):
    """What a bid names: a trump suit or no-trumps, in ladder order."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NO_TRUMPS = "NT"

    @property
    def suit(self) -> Suit | None:
        return None if self is Strain.NO_TRUMPS else Suit(self.value)

    @property
    def index(self) -> int:
        return _STRAINS.index(self)

    @property
    def word(self) -> str:
        return "no-trumps" if self is Strain.NO_TRUMPS else self.name.lower()

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NO_TRUMPS else Suit(self.value).symbol


_STRAINS = tuple(Strain)


class BidKind(Enum):
    TRICKS = "tricks"
    MISERE = "misere"
    OPEN_MISERE = "open-misere"


@dataclass(frozen=True)
class Bid:
    """A bid: a number of tricks and a strain, or misère, or open misère."""

    kind: BidKind
    tricks: int = 0
    strain: Strain | None = None

    @classmethod
    def parse(cls, text: str) -> Bid:
        call = parse_call(text)
        if not isinstance(call, Bid):
            raise CallError(f"{text!r} is a pass, not a bid")
        return call

    @classmethod
    def of(cls, tricks: int, strain: Strain) -> Bid:
        return cls(BidKind.TRICKS, tricks, strain)

    def __str__(self) -> str:
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            return f"{self.tricks}{self.strain.value}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"

    @property
    def is_misere(self) -> bool:
        return self.kind is not BidKind.TRICKS

    @property
    def trumps(self) -> Suit | None:
        return self.strain.suit if self.strain is not None else None

    @property
    def is_no_trumps(self) -> bool:
        """No trump suit: no-trumps, misère and open misère."""
        return self.trumps is None

    def pretty(self) -> str:
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            return f"{self.tricks}{self.strain.symbol}"
        return {"misere": "Misère", "open-misere": "Open misère"}[self.kind.value]

    def words(self) -> str:
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            return f"{_NUMBER_WORDS[self.tricks]} {self.strain.word}"
        return {"misere": "misère", "open-misere": "open misère"}[self.kind.value]


_NUMBER_WORDS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


@dataclass(frozen=True)
class Pass:
    """A pass."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"

    def pretty(self) -> str:
        return "Pass"


Call = Bid | Pass

_MISERE_WORDS = {
    "MISERE": BidKind.MISERE,
    "MISÈRE": BidKind.MISERE,
    "NULLO": BidKind.MISERE,
    "OPEN-MISERE": BidKind.OPEN_MISERE,
    "OPEN MISERE": BidKind.OPEN_MISERE,
    "OPEN-MISÈRE": BidKind.OPEN_MISERE,
    "OPEN MISÈRE": BidKind.OPEN_MISERE,
    "OPEN_MISERE": BidKind.OPEN_MISERE,
    "OPEN-NULLO": BidKind.OPEN_MISERE,
}


def parse_call(text: str) -> Call:
    """Read a call: ``pass``, ``6S`` … ``10NT`` (suit symbols too), ``misere``, ``open-misere``."""
    raw = str(text).strip()
    key = raw.upper()
    if key in ("PASS", "P", "-"):
        return Pass()
    if key in _MISERE_WORDS:
        return Bid(_MISERE_WORDS[key])
    for strain in (Strain.NO_TRUMPS, *_STRAINS[:4]):
        for token in (strain.value, strain.symbol):
            if key.endswith(token) and key[: -len(token)].isdigit():
                tricks = int(key[: -len(token)])
                if 6 <= tricks <= 10:
                    return Bid.of(tricks, strain)
                raise CallError(f"cannot bid {tricks} tricks in {raw!r}: bids are 6 to 10 tricks")
    raise CallError(
        f"cannot read call {raw!r}: expected pass, 6S … 10NT, misere or open-misere"
    )


def ladder_key(bid: Bid, rules: RuleSet) -> int:
    """Where a bid stands on this table's ladder: a higher key outranks a lower one."""
    if bid.kind is BidKind.TRICKS:
        assert bid.strain is not None
        return 2 * ((bid.tricks - 6) * 5 + bid.strain.index)
    if bid.kind is BidKind.MISERE:
        return ladder_key(Bid.parse(rules.misere_ranks_above), rules) + 1
    above = rules.open_misere_ranks_above
    return 2 * 25 + 1 if above == "top" else ladder_key(Bid.parse(above), rules) + 1


def contract_value(bid: Bid, rules: RuleSet) -> int:
    """What the contract is worth: the Avondale table, or the misère value."""
    if bid.kind is BidKind.TRICKS:
        assert bid.strain is not None
        return 40 + 20 * bid.strain.index + 100 * (bid.tricks - 6)
    if bid.kind is BidKind.MISERE:
        return rules.misere_value
    return rules.open_misere_value


@dataclass(frozen=True)
class Contract:
    """The winning bid and who made it."""

    bid: Bid
    declarer: Seat

    def to_json(self) -> dict[str, str]:
        return {"bid": str(self.bid), "declarer": self.declarer.value}

    def __str__(self) -> str:
        return f"{self.bid} by {self.declarer}"

    def words(self) -> str:
        return f"{self.declarer.word} {self.bid.words()}"


@dataclass(frozen=True)
class Auction:
    """A finished (or unfinished) auction: who said what, the rulings, and the contract."""

    dealer: Seat
    calls: tuple[Call, ...]
    callers: tuple[Seat, ...]
    rulings: tuple[Ruling, ...]
    contract: Contract | None
    complete: bool

    @property
    def thrown_in(self) -> bool:
        return self.complete and self.contract is None


def run_auction(calls: Sequence[Call], rules: RuleSet, dealer: Seat) -> Auction:
    """Check the calls in order against the rules; raise :class:`AuctionError` at the first bad one."""
    at = table(rules.players)
    seats = at.seats
    order = list(at.order_from(at.next(dealer)))
    passed: set[Seat] = set()
    spoken: set[Seat] = set()
    high: Bid | None = None
    high_seat: Seat | None = None
    callers: list[Seat] = []
    rulings: list[Ruling] = []
    turn = 0
    complete = False
    for i, call in enumerate(calls):
        if complete:
            raise AuctionError(i, _over_message(rules, high, high_seat))
        seat = order[turn % len(order)]
        if rules.auction == "australian":
            while seat in passed:
                turn += 1
                seat = order[turn % len(order)]
        callers.append(seat)
        if isinstance(call, Pass):
            passed.add(seat)
            rulings.append(Ruling(Kind.PASS, _pass_text(seat, rules), (seat,)))
        else:
            _check_bid(i, seat, call, high, high_seat, rules)
            high, high_seat = call, seat
            rulings.append(Ruling(Kind.BID, _bid_text(seat, call, rules), (seat,)))
        spoken.add(seat)
        turn += 1
        if rules.auction == "one-round":
            complete = len(spoken) == len(seats)
        else:
            active = [s for s in seats if s not in passed]
            # Over when everyone has passed, or when all but the highest bidder have.
            # (A last player left who has not bid yet still gets a turn.)
            complete = not active or (len(active) == 1 and high is not None)
        if complete:
            rulings.append(_closing_ruling(high, high_seat, rules))
    contract = Contract(high, high_seat) if (complete and high and high_seat) else None
    return Auction(dealer, tuple(calls), tuple(callers), tuple(rulings), contract, complete)


def next_caller(auction: Auction, rules: RuleSet) -> Seat | None:
    """Whose turn it is to call, or None when the auction is over."""
    if auction.complete:
        return None
    at = table(rules.players)
    order = list(at.order_from(at.next(auction.dealer)))
    if rules.auction == "one-round":
        return order[len(auction.calls)]
    passed = {s for s, c in zip(auction.callers, auction.calls, strict=True) if isinstance(c, Pass)}
    if not auction.callers:
        return order[0]
    seat = at.next(auction.callers[-1])
    while seat in passed:
        seat = at.next(seat)
    return seat


def _over_message(rules: RuleSet, high: Bid | None, high_seat: Seat | None) -> str:
    if high is None or high_seat is None:
        return "the auction is over: everyone passed, so the hand is thrown in; no more calls"
    why = (
        "each player speaks once"
        if rules.auction == "one-round"
        else "all but one have passed"
    )
    return f"the auction is over ({why}): {high_seat.word} won it with {high}; no more calls"


def _pass_text(seat: Seat, rules: RuleSet) -> str:
    if rules.auction == "australian":
        return f"{seat.word} passes, and may not bid again this hand."
    return f"{seat.word} passes (one round of bidding: each player speaks once)."


def _bid_text(seat: Seat, bid: Bid, rules: RuleSet) -> str:
    if bid.is_misere:
        what = "to lose every trick, " + _sitting_out_words(rules)
        if bid.kind is BidKind.OPEN_MISERE:
            what += ", with the hand shown after the first trick"
        return f"{seat.word} bids {bid.words()} ({what}), worth {contract_value(bid, rules)}."
    return (
        f"{seat.word} bids {bid.words()}: to take at least {bid.tricks} of the 10 tricks, "
        f"worth {contract_value(bid, rules)}."
    )


def _sitting_out_words(rules: RuleSet) -> str:
    if rules.players == 4:
        return "partner sitting out"
    if rules.players == 6:
        return "both partners sitting out"
    return "alone against the others"


def _closing_ruling(high: Bid | None, seat: Seat | None, rules: RuleSet) -> Ruling:
    if high is None or seat is None:
        return Ruling(Kind.THROWN_IN, "Everyone passed: the hand is thrown in and dealt again.")
    why = "everyone has spoken once" if rules.auction == "one-round" else "the others have passed"
    return Ruling(
        Kind.AUCTION_WON,
        f"{seat.word} wins the auction with {high.words()} ({why}) and is the contractor.",
        (seat,),
    )


def _check_bid(
    i: int, seat: Seat, bid: Bid, high: Bid | None, high_seat: Seat | None, rules: RuleSet
) -> None:
    if bid.kind is BidKind.MISERE and not rules.misere:
        raise AuctionError(i, f"{seat.word} cannot bid misère: these rules ({rules.name}) have no misère")
    if bid.kind is BidKind.OPEN_MISERE and not rules.open_misere:
        raise AuctionError(
            i, f"{seat.word} cannot bid open misère: these rules ({rules.name}) have no open misère"
        )
    if bid.kind is BidKind.TRICKS and bid.tricks < rules.lowest_bid:
        raise AuctionError(
            i,
            f"{seat.word} cannot bid {bid}: the lowest legal bid is {rules.lowest_bid} tricks "
            f"(setting lowest_bid)",
        )
    if high is not None and high_seat is not None and ladder_key(bid, rules) <= ladder_key(high, rules):
        raise AuctionError(
            i,
            f"{seat.word} cannot bid {bid}: it does not outrank {high_seat.word}'s {high} "
            f"(a bid must be higher on the ladder {_ladder_hint(bid, high, rules)})",
        )


def _ladder_hint(bid: Bid, high: Bid, rules: RuleSet) -> str:
    if bid.is_misere or high.is_misere:
        return (
            f"where misère ranks just above {rules.misere_ranks_above} and open misère just above "
            f"{rules.open_misere_ranks_above}"
        )
    return "of tricks, then spades < clubs < diamonds < hearts < no-trumps"
