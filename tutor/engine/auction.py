"""Calls, the bid ladder and the auction.

>>> str(Bid.parse("8nt"))
'8NT'
>>> Bid.parse("misere").kind is BidKind.MISERE
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from tutor.engine.cards import Card, Joker, Rank, Suit, SuitedCard, TutorError
from tutor.engine.rules import RuleSet
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.seats import Seat, Side, table

__all__ = [
    "GRAND_NULLO_VALUE",
    "Auction",
    "AuctionError",
    "Bid",
    "BidKind",
    "Call",
    "CallError",
    "Contract",
    "Declaration",
    "Pass",
    "Strain",
    "ace_no_face",
    "contract_value",
    "ladder_key",
    "parse_call",
    "run_auction",
    "shows_joker_or_split_bowers",
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
    #: Not a call: everyone passed and the hand is played at no-trumps (setting all_pass).
    ALL_PASSED = "all-passed"
    #: West Seventh Street: both partners play to lose every trick (setting grand_nullo).
    GRAND_NULLO = "grand-nullo"


@dataclass(frozen=True)
class Bid:
    """A bid: a number of tricks and a strain, or misère, or open misère."""

    kind: BidKind
    tricks: int = 0
    strain: Strain | None = None
    #: "Seven No" / "Inkle No" (West Seventh Street): no-trumps that shows the joker or split
    #: bowers. Written ``7No``, ``6No``; it stands on the ladder where 7NT, 6NT stand.
    informative: bool = False
    #: What the table calls misère (setting misere_word: "nullo" in American play). Only how
    #: the bid is said, not which bid it is: equal bids compare equal whatever the word.
    misere_word: str = field(default="misère", compare=False)

    @classmethod
    def parse(cls, text: str) -> Bid:
        call = parse_call(text)
        if not isinstance(call, Bid):
            what = "a pass" if isinstance(call, Pass) else "a declaration"
            raise CallError(f"{text!r} is {what}, not a bid")
        return call

    @classmethod
    def of(cls, tricks: int, strain: Strain) -> Bid:
        return cls(BidKind.TRICKS, tricks, strain)

    def called(self, rules: RuleSet) -> Bid:
        """This bid as the table of ``rules`` says it (misère or nullo, setting misere_word)."""
        if self.is_misere and self.misere_word != rules.misere_word:
            return dataclasses.replace(self, misere_word=rules.misere_word)
        return self

    def __str__(self) -> str:
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            if self.informative:
                return f"{self.tricks}No"
            return f"{self.tricks}{self.strain.value}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"

    @property
    def is_misere(self) -> bool:
        return self.kind is BidKind.MISERE or self.kind is BidKind.OPEN_MISERE

    @property
    def is_all_passed(self) -> bool:
        """Everyone passed and the hand is played at no-trumps without a contract."""
        return self.kind is BidKind.ALL_PASSED

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
            if self.informative:
                return f"{self.tricks}No"
            return f"{self.tricks}{self.strain.symbol}"
        if self.is_misere:
            return _WORDS[self.kind.value].replace("misère", self.misere_word).capitalize()
        return _PRETTY[self.kind.value]

    def headline(self) -> str:
        """In words, with the notation after a trick bid: ``eight no-trumps (8NT)``, ``misère``.
        What a learner is shown wherever a contract heads a page or a table."""
        if self.kind is BidKind.TRICKS:
            return f"{self.words()} ({self.pretty()})"
        return self.words()

    def words(self) -> str:
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            if self.informative:
                return f"{'inkle' if self.tricks == 6 else _NUMBER_WORDS[self.tricks]} no"
            return f"{_NUMBER_WORDS[self.tricks]} {self.strain.word}"
        if self.is_misere:
            return _WORDS[self.kind.value].replace("misère", self.misere_word)
        return _WORDS[self.kind.value]


_PRETTY = {"all-passed": "All passed (NT)", "grand-nullo": "Grand nullo"}
_WORDS = {"misere": "misère", "open-misere": "open misère",
          "all-passed": "no-trumps with no contract (everyone passed)", "grand-nullo": "grand nullo"}


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


@dataclass(frozen=True)
class Declaration:
    """A call that is not a bid (West Seventh Street, setting ace_no_face): ``ace-no-face``
    proposes to throw the hand in, and partner answers ``agree`` or ``disagree`` at once."""

    word: str

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"parse_call({self.word!r})"

    def pretty(self) -> str:
        return _DECLARATION_PRETTY[self.word]

    def words(self) -> str:
        return _DECLARATION_PRETTY[self.word].lower()


_DECLARATION_PRETTY = {"ace-no-face": "Ace – no face", "agree": "Agree", "disagree": "Disagree"}
_DECLARATIONS = {
    "ACE-NO-FACE": "ace-no-face", "ACE NO FACE": "ace-no-face", "ACE–NO FACE": "ace-no-face",
    "ACE – NO FACE": "ace-no-face", "AGREE": "agree", "DISAGREE": "disagree",
}

Call = Bid | Pass | Declaration

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
    "GRAND-NULLO": BidKind.GRAND_NULLO,
    "GRAND NULLO": BidKind.GRAND_NULLO,
    "GRANOLA": BidKind.GRAND_NULLO,
}


def parse_call(text: str) -> Call:
    """Read a call: ``pass``, ``6S`` … ``10NT`` (suit symbols too), ``misere``, ``open-misere``."""
    raw = str(text).strip()
    key = raw.upper()
    if key in ("PASS", "P", "-"):
        return Pass()
    if key in _MISERE_WORDS:
        return Bid(_MISERE_WORDS[key])
    if key in _DECLARATIONS:
        return Declaration(_DECLARATIONS[key])
    if key in ("6NO", "7NO"):
        return Bid(BidKind.TRICKS, int(key[0]), Strain.NO_TRUMPS, informative=True)
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
    if bid.kind is BidKind.ALL_PASSED:
        return -1
    if bid.kind is BidKind.GRAND_NULLO:
        return ladder_key(Bid.of(10, Strain.HEARTS), rules) + 1  # beats 10H, loses to 10NT
    above = rules.open_misere_ranks_above
    return 2 * 25 + 1 if above == "top" else ladder_key(Bid.parse(above), rules) + 1


def contract_value(bid: Bid, rules: RuleSet) -> int:
    """What the contract is worth: the Avondale table, or the misère value."""
    if bid.kind is BidKind.TRICKS:
        assert bid.strain is not None
        return 40 + 20 * bid.strain.index + 100 * (bid.tricks - 6)
    if bid.kind is BidKind.MISERE:
        return rules.misere_value
    if bid.kind is BidKind.ALL_PASSED:
        return 0
    if bid.kind is BidKind.GRAND_NULLO:
        return GRAND_NULLO_VALUE
    return rules.open_misere_value


#: West Seventh Street: "Grand Nullo ... worth 510 points in bidding".
GRAND_NULLO_VALUE = 510


@dataclass(frozen=True)
class Contract:
    """The winning bid and who made it."""

    bid: Bid
    declarer: Seat
    #: Declared after taking the kitty (West Seventh Street, setting grand_slam).
    grand_slam: bool = False

    def to_json(self) -> dict[str, object]:
        if self.grand_slam:
            return {"bid": str(self.bid), "declarer": self.declarer.value, "grand_slam": True}
        return {"bid": str(self.bid), "declarer": self.declarer.value}

    def __str__(self) -> str:
        return f"{self.bid} by {self.declarer}"

    def words(self) -> str:
        if self.bid.is_all_passed:
            return self.bid.words()
        if self.grand_slam:
            return f"{self.declarer.word} {self.bid.words()}, grand slam"
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
    next_seat: Seat | None = None

    @property
    def thrown_in(self) -> bool:
        return self.complete and self.contract is None


def run_auction(
    calls: Sequence[Call],
    rules: RuleSet,
    dealer: Seat,
    *,
    hands: Mapping[Seat, Sequence[Card]] | None = None,
) -> Auction:
    """Check the calls in order against the rules; raise :class:`AuctionError` at the first bad one.

    ``hands`` (the deal, when known) lets the rules check what a bid tells partner ("Seven
    No": the joker or split bowers).
    """
    at = table(rules.players)
    seats = at.seats
    order = list(at.order_from(at.next(dealer)))
    calls = [c.called(rules) if isinstance(c, Bid) else c for c in calls]  # misère or nullo
    passed: set[Seat] = set()
    spoken: set[Seat] = set()
    high: Bid | None = None
    high_seat: Seat | None = None
    callers: list[Seat] = []
    rulings: list[Ruling] = []
    turn = 0
    complete = False
    passes_in_a_row = 0
    skip_passed = rules.auction == "australian" and not rules.bid_after_pass
    proposer: Seat | None = None  # an "ace – no face" waiting for partner's answer
    no_nullo: set[Side] = set()  # sides whose partner disagreed: no nullo or grand nullo
    abandoned = False
    for i, call in enumerate(calls):
        if proposer is not None or isinstance(call, Declaration):
            # Ace – no face and its answer, which are not turns of the bidding.
            if complete:
                raise AuctionError(i, _over_message(rules, high, high_seat))
            seat = order[turn % len(order)]
            if skip_passed:
                while seat in passed:
                    turn += 1
                    seat = order[turn % len(order)]
            ruling, proposer, abandoned = _declaration(
                i, call, seat, proposer, rules, hands, no_nullo
            )
            callers.append(ruling.seats[0])
            rulings.append(ruling)
            if abandoned:
                complete = True
                break
            continue
        if complete:
            if rules.raise_final_bid and isinstance(call, Bid) and high is not None and high_seat is not None:
                # The contractor raises the final bid: a new round of bidding.
                seat = high_seat
                _check_bid(i, seat, call, high, high_seat, rules, i, hands)
                rulings.pop()  # the auction was not over after all
                callers.append(seat)
                rulings.append(Ruling(Kind.BID, _raise_text(seat, call, rules), (seat,)))
                high = call
                passed, spoken = set(), {seat}
                turn = order.index(seat) + 1
                passes_in_a_row = 0
                complete = False
                continue
            raise AuctionError(i, _over_message(rules, high, high_seat))
        seat = order[turn % len(order)]
        if skip_passed:
            while seat in passed:
                turn += 1
                seat = order[turn % len(order)]
        callers.append(seat)
        if isinstance(call, Pass):
            passed.add(seat)
            passes_in_a_row += 1
            rulings.append(Ruling(Kind.PASS, _pass_text(seat, rules), (seat,)))
        else:
            _check_bid(i, seat, call, high, high_seat, rules, i, hands)
            _check_nullo(i, seat, call, no_nullo, callers[:-1], calls[:i], rules)
            high, high_seat = call, seat
            passes_in_a_row = 0
            rulings.append(Ruling(Kind.BID, _bid_text(seat, call, rules), (seat,)))
        spoken.add(seat)
        turn += 1
        if rules.auction == "one-round":
            complete = len(spoken) == len(seats)
        elif rules.bid_after_pass:
            # Passes are not final: over when all four pass at the start, or three in a row
            # pass after a bid.
            complete = passes_in_a_row == (len(seats) if high is None else len(seats) - 1)
        else:
            active = [s for s in seats if s not in passed]
            # Over when everyone has passed, or when all but the highest bidder have.
            # (A last player left who has not bid yet still gets a turn.)
            complete = not active or (len(active) == 1 and high is not None)
        if complete:
            rulings.append(_closing_ruling(high, high_seat, rules, dealer))
    if abandoned:
        return Auction(dealer, tuple(calls[: len(callers)]), tuple(callers), tuple(rulings), None,
                       True, None)
    contract = Contract(high, high_seat) if (complete and high and high_seat) else None
    if contract is not None and _inkle_stands(contract.bid, rules):
        contract = None
    if complete and high is None and rules.all_pass == "no-trumps":
        contract = Contract(Bid(BidKind.ALL_PASSED, strain=Strain.NO_TRUMPS), at.next(dealer))
    following: Seat | None = None
    if proposer is not None:
        following = proposer.partner
    elif not complete:
        following = order[turn % len(order)]
        while skip_passed and following in passed:
            turn += 1
            following = order[turn % len(order)]
    return Auction(dealer, tuple(calls), tuple(callers), tuple(rulings), contract, complete, following)


def next_caller(auction: Auction, rules: RuleSet) -> Seat | None:
    """Whose turn it is to call, or None when the auction is over."""
    del rules  # the auction knows: run_auction worked it out under the same rules
    return auction.next_seat


def _declaration(
    i: int,
    call: Call,
    seat: Seat,
    proposer: Seat | None,
    rules: RuleSet,
    hands: Mapping[Seat, Sequence[Card]] | None,
    no_nullo: set[Side],
) -> tuple[Ruling, Seat | None, bool]:
    """Ace – no face, or partner's answer to it: (the ruling, who waits for an answer, thrown in)."""
    if proposer is not None:
        partner = proposer.partner
        if not isinstance(call, Declaration) or call.word not in ("agree", "disagree"):
            raise AuctionError(
                i, f"{partner.word} must answer {proposer.word}'s ace – no face with agree or "
                f"disagree before anyone calls again, not {call}"
            )
        if call.word == "agree":
            return Ruling(
                Kind.THROWN_IN,
                f"{partner.word} agrees: the hand is thrown in and dealt again (the opponents have "
                f"no say).",
                (partner,),
            ), None, True
        no_nullo.add(partner.side)
        return Ruling(
            Kind.ACE_NO_FACE,
            f"{partner.word} disagrees: the bidding goes on, {proposer.word} still to call, but "
            f"{partner.side.word} may not bid nullo or grand nullo this hand.",
            (partner,),
        ), None, False
    assert isinstance(call, Declaration)
    if call.word != "ace-no-face":
        raise AuctionError(
            i, f"{seat.word} cannot say {call}: agree and disagree answer partner's ace – no face, "
            f"and no one proposed it"
        )
    if not rules.ace_no_face:
        raise AuctionError(
            i, f"{seat.word} cannot declare ace – no face: these rules ({rules.name}) do not have "
            f"it (setting ace_no_face)"
        )
    if seat.side in no_nullo:
        raise AuctionError(
            i, f"{seat.word} cannot declare ace – no face: {seat.side.word} already proposed it "
            f"this hand and it was disagreed to, so the bidding goes on (a side proposes it once "
            f"a hand, choice 24)"
        )
    held = hands.get(seat) if hands is not None else None
    if held is not None and not ace_no_face(held):
        raise AuctionError(
            i, f"{seat.word} cannot declare ace – no face: it needs exactly one ace and no king, "
            f"queen, jack or joker, and {seat.word} holds {', '.join(str(c) for c in held)}"
        )
    return Ruling(
        Kind.ACE_NO_FACE,
        f"{seat.word} declares ace – no face (one ace, no face card, no joker): a proposal to "
        f"throw the hand in. {seat.partner.word} must agree or disagree.",
        (seat,),
    ), seat, False


def ace_no_face(cards: Sequence[Card]) -> bool:
    """Exactly one ace and no king, queen, jack or joker: may declare "Ace – no face"."""
    ranks = [c.rank for c in cards if isinstance(c, SuitedCard)]
    return (
        len(ranks) == len(cards)
        and ranks.count(Rank.ACE) == 1
        and not any(r in (Rank.KING, Rank.QUEEN, Rank.JACK) for r in ranks)
    )


def _check_nullo(
    i: int,
    seat: Seat,
    bid: Bid,
    no_nullo: set[Side],
    callers: Sequence[Seat],
    calls: Sequence[Call],
    rules: RuleSet,
) -> None:
    """Nullo and grand nullo: not after partner disagreed to ace – no face; grand nullo only
    over partner's nullo (West Seventh Street)."""
    if not (bid.kind is BidKind.MISERE or bid.kind is BidKind.GRAND_NULLO):
        return
    if no_nullo and seat.side in no_nullo:
        raise AuctionError(
            i, f"{seat.word} cannot bid {bid.words()}: {seat.partner.word} disagreed to "
            f"ace – no face, so {seat.side.word} may not bid nullo or grand nullo this hand"
        )
    if bid.kind is BidKind.GRAND_NULLO:
        if not rules.grand_nullo:
            raise AuctionError(
                i, f"{seat.word} cannot bid grand nullo: these rules ({rules.name}) do not have it "
                f"(setting grand_nullo)"
            )
        partner_nullo = any(
            who == seat.partner and isinstance(c, Bid) and c.kind is BidKind.MISERE
            for who, c in zip(callers, calls, strict=False)
        )
        if not partner_nullo:
            raise AuctionError(
                i, f"{seat.word} cannot bid grand nullo: it may be bid only after partner "
                f"({seat.partner.word}) has bid nullo"
            )


def _inkle_stands(bid: Bid, rules: RuleSet) -> bool:
    """An inkle (a six-bid) that no one overbid: the hand is thrown in (setting inkle)."""
    return rules.inkle and bid.kind is BidKind.TRICKS and bid.tricks == 6


def _over_message(rules: RuleSet, high: Bid | None, high_seat: Seat | None) -> str:
    if high is None or high_seat is None:
        return "the auction is over: everyone passed, so the hand is thrown in; no more calls"
    why = (
        "each player speaks once"
        if rules.auction == "one-round"
        else "all but one have passed"
    )
    return f"the auction is over ({why}): {high_seat.word} won it with {_said(high, rules)}; no more calls"


def _pass_text(seat: Seat, rules: RuleSet) -> str:
    if rules.auction == "australian" and rules.bid_after_pass:
        return f"{seat.word} passes, but may still bid later (a variation these rules play)."
    if rules.auction == "australian":
        return f"{seat.word} passes, and may not bid again this hand."
    return f"{seat.word} passes (one round of bidding: each player speaks once)."


def _raise_text(seat: Seat, bid: Bid, rules: RuleSet) -> str:
    return (
        f"{seat.word} raises the final bid to {bid.words()}, worth {contract_value(bid, rules)}: "
        f"that opens a new round of bidding (a variation these rules play)."
    )


def _bid_text(seat: Seat, bid: Bid, rules: RuleSet) -> str:
    if bid.informative:
        inkle = " It is an inkle: " + _inkle_words(seat) if bid.tricks == 6 and rules.inkle else ""
        return (
            f"{seat.word} bids {bid.words()}: {_NUMBER_WORDS[bid.tricks]} no-trumps that tells "
            f"partner {seat.word} holds the joker or split bowers (a red jack and a black jack); "
            f"to take at least {bid.tricks} of the 10 tricks, worth {contract_value(bid, rules)}."
            f"{inkle}"
        )
    if rules.inkle and bid.kind is BidKind.TRICKS and bid.tricks == 6:
        assert bid.strain is not None
        return (
            f"{seat.word} bids inkle {bid.strain.word} (six {bid.strain.word}), worth "
            f"{contract_value(bid, rules)}. An inkle is a message to partner more than a contract: "
            + _inkle_words(seat)
        )
    if bid.kind is BidKind.GRAND_NULLO:
        return (
            f"{seat.word} bids grand nullo over {seat.partner.word}'s nullo: both partners play, "
            f"and neither may take a trick; worth {contract_value(bid, rules)}."
        )
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
    if rules.players == 2:
        return "against the opponent"
    return "alone against the others"


def _inkle_words(seat: Seat) -> str:
    return (
        f"{seat.partner.word} must overbid it or pass, and if no one overbids it the hand is "
        f"thrown in."
    )


def _closing_ruling(high: Bid | None, seat: Seat | None, rules: RuleSet, dealer: Seat) -> Ruling:
    if (high is None or seat is None) and rules.all_pass == "no-trumps":
        first = table(rules.players).next(dealer)
        return Ruling(
            Kind.ALL_PASSED_NO_TRUMPS,
            f"Everyone passed: the hand is played at no-trumps with no contract and no one takes "
            f"the {rules.kitty_word}; {first.word}, left of the dealer, leads, and each side scores "
            f"{rules.defender_trick_value} a trick (a variation these rules play).",
            (first,),
        )
    if high is None or seat is None:
        return Ruling(Kind.THROWN_IN, "Everyone passed: the hand is thrown in and dealt again.")
    if _inkle_stands(high, rules):
        return Ruling(
            Kind.THROWN_IN,
            f"No one overbid {seat.word}'s inkle ({high.words()}): the hand is thrown in, and the "
            f"same dealer, {dealer.word}, deals again.",
            (seat,),
        )
    why = "everyone has spoken once" if rules.auction == "one-round" else "the others have passed"
    if rules.players == 2 and rules.auction != "one-round":
        why = "the other player has passed"
    return Ruling(
        Kind.AUCTION_WON,
        f"{seat.word} wins the auction with {high.words()} ({why}) and is the contractor.",
        (seat,),
    )


def _check_bid(
    i: int,
    seat: Seat,
    bid: Bid,
    high: Bid | None,
    high_seat: Seat | None,
    rules: RuleSet,
    position: int = 0,
    hands: Mapping[Seat, Sequence[Card]] | None = None,
) -> None:
    """Raise :class:`AuctionError` if the bid is not allowed; ``position`` counts calls from 0."""
    said = _said(bid, rules)
    if bid.informative:
        if not rules.informative_no_trumps:
            raise AuctionError(
                i, f"{seat.word} cannot bid {said}: {rules.title} has no Seven No or "
                f"Inkle No (setting informative_no_trumps)"
            )
        if position >= 2:
            raise AuctionError(
                i, f"{seat.word} cannot bid {said}: only the first two to call may bid Seven No or "
                f"Inkle No (setting informative_no_trumps)"
            )
        held = hands.get(seat) if hands is not None else None
        if held is not None and not shows_joker_or_split_bowers(held):
            raise AuctionError(
                i, f"{seat.word} bids {bid.words()}, which tells partner of the joker or split "
                f"bowers (a red jack and a black jack), but holds neither: bid {bid.tricks}NT instead"
            )
    if rules.inkle and bid.kind is BidKind.TRICKS and bid.tricks == 6 and position >= 2:
        raise AuctionError(
            i, f"{seat.word} cannot bid {said}: a six-bid (an inkle) may be made only by the first "
            f"two to call (setting inkle)"
        )
    if bid.kind is BidKind.MISERE and rules.misere and not rules.misere_any_time and not (
        high is not None and (high.is_misere or high.tricks >= 7)
    ):
        why = rules.choice("misere_any_time") or "bidding it at any time is a variation"
        raise AuctionError(
            i, f"{seat.word} cannot bid {rules.misere_word} yet: under these rules it may be bid only once "
            f"someone has bid seven ({why}; setting misere_any_time)"
        )
    if bid.kind is BidKind.MISERE and not rules.misere:
        raise AuctionError(
            i, f"{seat.word} cannot bid {rules.misere_word}: {rules.title} has no {rules.misere_word}"
        )
    if bid.kind is BidKind.OPEN_MISERE and not rules.open_misere:
        raise AuctionError(
            i, f"{seat.word} cannot bid open misère: {rules.title} has no open misère"
        )
    if bid.kind is BidKind.TRICKS and bid.tricks < rules.lowest_bid:
        raise AuctionError(
            i,
            f"{seat.word} cannot bid {said}: the lowest legal bid is {rules.lowest_bid} tricks "
            f"(setting lowest_bid)",
        )
    if high is not None and high_seat is not None and ladder_key(bid, rules) <= ladder_key(high, rules):
        raise AuctionError(
            i,
            f"{seat.word} cannot bid {said}: it does not outrank {high_seat.word}'s {_said(high, rules)} "
            f"(a bid must be higher on the ladder {_ladder_hint(bid, high, rules)})",
        )


def _said(bid: Bid, rules: RuleSet) -> str:
    """A bid in words, as this table says it (misère or nullo)."""
    return bid.words().replace("misère", rules.misere_word)


def _ladder_hint(bid: Bid, high: Bid, rules: RuleSet) -> str:
    if bid.is_misere or high.is_misere:
        word = rules.misere_word
        hint = f"where {word} ranks just above {_said(Bid.parse(rules.misere_ranks_above), rules)}"
        if rules.open_misere:  # only where open misère is played (never open nullo in American play)
            above = rules.open_misere_ranks_above
            where = ("above every other bid" if above == "top"
                     else f"just above {_said(Bid.parse(above), rules)}")
            hint += f" and open {word} {where}"
        return hint
    return "of tricks, then spades < clubs < diamonds < hearts < no-trumps"


def shows_joker_or_split_bowers(cards: Sequence[Card]) -> bool:
    """What "Seven No" and "Inkle No" tell partner: the joker, or a red jack and a black jack."""
    jacks = {c.suit.is_red for c in cards if isinstance(c, SuitedCard) and c.rank is Rank.JACK}
    return any(isinstance(c, Joker) for c in cards) or jacks == {True, False}
