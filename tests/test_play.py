"""The play of the cards, as the three rule sources state it.

Sources: the rules page (Australian four-handed section and its joker rules, the American
section), the CardPractice Avondale page (trump ranking with hearts, following suit) and the
Cardzo score-sheet page. Each table row is one rule case.
"""

from __future__ import annotations

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Card, Suit
from tutor.engine.play import IllegalPlay, Play, PlayContext, judge_play, legal_plays, power, trick_winner
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def plays(text: str) -> list[Play]:
    return [Play.parse(c) for c in text.split()]


def ctx(contract: str, *, joker: str | None = None, compulsory: bool = False) -> PlayContext:
    return PlayContext.of(
        Bid.parse(contract), Suit.parse(joker) if joker else None, joker_compulsory=compulsory
    )


# --- card ranking -----------------------------------------------------------------------------

# CardPractice, "Trump rank, with hearts as the example": joker, right bower, left bower, then
# ace, king, queen, 10, and 9 through 4 of hearts.
HEARTS_HIGH_TO_LOW = "Jo JH JD AH KH QH 10H 9H 8H 7H 6H 5H 4H"
# The rules page: with spades trumps, down to the 5 (black suits have no 4s).
SPADES_HIGH_TO_LOW = "Jo JS JC AS KS QS 10S 9S 8S 7S 6S 5S"


@pytest.mark.parametrize(
    ("contract", "order"),
    [("7H", HEARTS_HIGH_TO_LOW), ("7S", SPADES_HIGH_TO_LOW),
     ("6D", "Jo JD JH AD KD QD 10D 9D 8D 7D 6D 5D 4D"),
     ("6C", "Jo JC JS AC KC QC 10C 9C 8C 7C 6C 5C")],
)
@pytest.mark.parametrize("led", list(Suit))
def test_trump_ranking_whatever_is_led(contract: str, order: str, led: Suit) -> None:
    c = ctx(contract)
    powers = [power(card, led, c) for card in cards(order)]
    assert powers == sorted(powers, reverse=True)
    assert len(set(powers)) == len(powers)
    assert min(powers) > 0


@pytest.mark.parametrize("contract", ["7H", "7S", "6D", "6C"])
def test_no_off_suit_card_beats_the_lowest_trump(contract: str) -> None:
    c = ctx(contract)
    trumps = c.trumps
    assert trumps is not None
    lowest_trump = Card.parse(f"{'4' if trumps.is_red else '5'}{trumps}")
    for suit in Suit:
        if suit is trumps:
            continue
        ace = Card.parse(f"A{suit}")
        assert power(ace, suit, c) < power(lowest_trump, suit, c)


@pytest.mark.parametrize(
    "order",
    ["AS KS QS JS 10S 9S 8S 7S 6S 5S", "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D"],
)
def test_no_trumps_ranks_ace_high_and_jacks_are_just_jacks(order: str) -> None:
    c = ctx("8NT")
    led = Card.parse(order.split()[0]).suit  # type: ignore[attr-defined]
    powers = [power(card, led, c) for card in cards(order)]
    assert powers == sorted(powers, reverse=True)
    assert len(set(powers)) == len(powers)
    # CardPractice: "In no trump there are no bowers. Jacks are just jacks." The jack of the
    # other suit of the same colour is not a card of the suit led.
    other_jack = Card.parse(f"J{led.sister}")
    assert power(other_jack, led, c) == 0
    assert power(Card.parse("Jo"), led, c) > powers[0]


# --- following suit ---------------------------------------------------------------------------

FOLLOW_CASES = [
    # contract, trick so far, hand, card, legal, kind (legal) or rule (illegal), words in the text
    ("7H", "5H", "JD 9C", "JD", True, Kind.LEFT_BOWER_IS_TRUMP, "it is a heart this hand"),
    ("7H", "5H", "JD 9C", "9C", False, Kind.LEFT_BOWER_IS_TRUMP, "the jack of diamonds is a heart"),
    ("7H", "5D", "JD 9C", "9C", True, Kind.VOID_ANY_CARD,
     "East has no diamonds (the jack of diamonds is a heart this hand, not a diamond), "
     "so may play any card"),
    ("7H", "5D", "JD 6D", "JD", False, Kind.LEFT_BOWER_IS_TRUMP, "must follow suit"),
    ("7H", "5D", "JD 6D", "6D", True, Kind.FOLLOW_SUIT, "follows suit with the 6 of diamonds"),
    ("7H", "5D", "JD 9C", "JD", True, Kind.LEFT_BOWER_IS_TRUMP,
     "the jack of diamonds (the left bower) is a heart this hand, not a diamond. So East may play "
     "any card, and trumps with it"),
    ("7H", "JD", "5D 6C", "5D", True, Kind.VOID_ANY_CARD,
     "East has no hearts, so may play any card"),
    ("7H", "JD", "5H 6D", "6D", False, Kind.FOLLOW_SUIT, "hearts were led"),
    ("7H", "JD", "5H 6D", "5H", True, Kind.FOLLOW_SUIT, "follows suit"),
    ("7S", "5C", "JS JC 9H", "JC", True, Kind.LEFT_BOWER_IS_TRUMP, "is a spade this hand, not a club"),
    ("7S", "5C", "JC 6C", "JC", False, Kind.LEFT_BOWER_IS_TRUMP, "East holds the 6 of clubs"),
    ("7S", "5C", "JS JC 9H", "9H", True, Kind.VOID_ANY_CARD, "has no clubs"),
    ("7S", "5S", "JC 9H", "JC", True, Kind.LEFT_BOWER_IS_TRUMP, "it is a spade this hand"),
    ("7S", "5S", "JH 9H", "JH", True, Kind.VOID_ANY_CARD, "discards the jack of hearts"),
    # The joker in a suit contract is the highest trump.
    ("7H", "5H", "Jo 6D", "Jo", True, Kind.JOKER_IS_TRUMP, "belongs to hearts"),
    ("7H", "5H", "Jo 6D", "6D", False, Kind.FOLLOW_SUIT, "must follow suit"),
    ("7H", "5C", "Jo 6C", "Jo", False, Kind.FOLLOW_SUIT, "the joker, the highest trump: it is a heart"),
    ("7H", "5C", "Jo 6D", "Jo", True, Kind.VOID_ANY_CARD, "trumps with the joker"),
    ("7H", "Jo", "5D 6C", "6C", True, Kind.VOID_ANY_CARD, "has no hearts"),
    ("7H", "Jo", "5H 6C", "6C", False, Kind.FOLLOW_SUIT, "hearts were led"),
    # No-trumps: no bowers; the joker is a wildcard played only when void.
    ("8NT", "5H", "JD 6H", "JD", False, Kind.FOLLOW_SUIT, "hearts were led"),
    ("8NT", "5D", "JD 6H", "JD", True, Kind.FOLLOW_SUIT, "follows suit with the jack of diamonds"),
    ("8NT", "5H", "Jo 6H", "Jo", False, Kind.JOKER_ONLY_WHEN_VOID, "only when void"),
    ("8NT", "5H", "Jo 6C", "Jo", True, Kind.JOKER_ONLY_WHEN_VOID, "so may play the joker"),
    ("8NT", "5H", "Jo 6C", "6C", True, Kind.VOID_ANY_CARD, "may play any card"),
    ("8NT", "Jo:S", "AS 6C", "6C", False, Kind.FOLLOW_SUIT, "spades were led"),
    ("8NT", "Jo:S", "AS 6C", "AS", True, Kind.FOLLOW_SUIT, "follows suit"),
    ("8NT", "Jo:S", "AH 6C", "6C", True, Kind.VOID_ANY_CARD, "has no spades"),
    ("8NT", "Jo", "AH 6C", "6C", True, Kind.VOID_ANY_CARD, "led as the last card"),
]


@pytest.mark.parametrize(("contract", "trick", "hand", "card", "legal", "kind", "words"), FOLLOW_CASES)
def test_follow_suit(
    contract: str, trick: str, hand: str, card: str, legal: bool, kind: Kind, words: str
) -> None:
    c = ctx(contract)
    held = cards(hand)
    if legal:
        ruling = judge_play(Seat.E, held, plays(trick), Play.parse(card), c)
        assert ruling.kind is kind
        assert words in ruling.text
        assert Card.parse(card) in legal_plays(held, plays(trick), c)
    else:
        with pytest.raises(IllegalPlay) as err:
            judge_play(Seat.E, held, plays(trick), Play.parse(card), c)
        assert err.value.rule is kind
        assert words in str(err.value)
        assert Card.parse(card) not in legal_plays(held, plays(trick), c)


def test_a_card_not_held_cannot_be_played() -> None:
    with pytest.raises(IllegalPlay, match="East does not hold the 9 of clubs"):
        judge_play(Seat.E, cards("5H 6H"), plays("4H"), Play.parse("9C"), ctx("7H"))


# --- misère: the joker compulsory or optional -----------------------------------------------

@pytest.mark.parametrize(
    ("compulsory", "nominated", "card", "legal", "kind"),
    [
        # Australian: "In Misere/Open Misere, it must be played when void."
        (True, None, "6C", False, Kind.JOKER_COMPULSORY),
        (True, None, "Jo", True, Kind.JOKER_COMPULSORY),
        # American: "playing it is optional".
        (False, None, "6C", True, Kind.VOID_ANY_CARD),
        (False, None, "Jo", True, Kind.JOKER_ONLY_WHEN_VOID),
        # A nominated joker is a club: void in hearts, the holder may discard anything.
        (True, "C", "6C", True, Kind.VOID_ANY_CARD),
        (True, "C", "Jo", True, Kind.VOID_ANY_CARD),
    ],
)
def test_misere_joker_when_void(
    compulsory: bool, nominated: str | None, card: str, legal: bool, kind: Kind
) -> None:
    c = ctx("misere", joker=nominated, compulsory=compulsory)
    if legal:
        assert judge_play(Seat.W, cards("Jo 6C"), plays("5H"), Play.parse(card), c).kind is kind
    else:
        with pytest.raises(IllegalPlay) as err:
            judge_play(Seat.W, cards("Jo 6C"), plays("5H"), Play.parse(card), c)
        assert err.value.rule is kind
        assert "must be played as soon as its holder is void" in str(err.value)


def test_compulsory_joker_is_not_forced_when_following_suit() -> None:
    c = ctx("misere", compulsory=True)
    assert judge_play(Seat.W, cards("Jo 6H"), plays("5H"), Play.parse("6H"), c).kind is Kind.FOLLOW_SUIT
    with pytest.raises(IllegalPlay):
        judge_play(Seat.W, cards("Jo 6H"), plays("5H"), Play.parse("Jo"), c)


def test_nominated_joker_follows_its_suit_in_no_trumps() -> None:
    c = ctx("8NT", joker="H")
    with pytest.raises(IllegalPlay, match="must follow suit"):
        judge_play(Seat.S, cards("Jo 6C"), plays("5H"), Play.parse("6C"), c)
    ruling = judge_play(Seat.S, cards("Jo 6C"), plays("5H"), Play.parse("Jo"), c)
    assert ruling.kind is Kind.JOKER_NOMINATED_SUIT


# --- leading the joker ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("contract", "hand", "lead", "shown_void", "legal", "words"),
    [
        ("8NT", "Jo 5H 6C", "Jo:H", "", True, "names hearts"),
        ("8NT", "Jo 5H 6C", "Jo:S", "", True, "the others must follow spades"),
        ("8NT", "Jo 5H 6C", "Jo", "", False, "without naming a suit"),
        # American: "they cannot call a suit in which they have already shown a void".
        ("8NT", "Jo 5H 6C", "Jo:S", "S", False, "already shown void in spades"),
        ("misere", "Jo 5H 6C", "Jo:D", "D", False, "already shown void in diamonds"),
        ("8NT", "Jo 5H 6C", "Jo:H", "S C D", True, "names hearts"),
        # "It cannot be led once all four suits have been played, except for the last trick."
        ("8NT", "Jo 5H", "Jo:H", "S C D H", False, "no suit left to name"),
        ("8NT", "Jo", "Jo:H", "S C D H", True, "names hearts"),
        ("8NT", "Jo", "Jo", "S C D H", True, "as the last card"),
        # With trumps the joker is a trump and names nothing.
        ("7H", "Jo 5H", "Jo", "", True, "the others must follow hearts"),
        ("7H", "Jo 5H", "Jo:S", "", False, "cannot name a suit"),
        ("7H", "5H JD", "5H:S", "", False, "cannot read"),
    ],
)
def test_leading_the_joker(
    contract: str, hand: str, lead: str, shown_void: str, legal: bool, words: str
) -> None:
    c = ctx(contract)
    void = {Suit.parse(s) for s in shown_void.split()}
    if lead.startswith("5H:"):
        with pytest.raises(ValueError, match=words):
            Play.parse(lead)
        return
    if legal:
        ruling = judge_play(Seat.N, cards(hand), [], Play.parse(lead), c, shown_void=void)
        assert words in ruling.text
    else:
        with pytest.raises(IllegalPlay) as err:
            judge_play(Seat.N, cards(hand), [], Play.parse(lead), c, shown_void=void)
        assert words in str(err.value)


def test_a_follower_cannot_name_a_suit() -> None:
    with pytest.raises(IllegalPlay, match="cannot name a suit"):
        judge_play(Seat.E, cards("Jo 6C"), plays("5H"), Play.parse("Jo:C"), ctx("8NT"))


# --- who wins the trick -------------------------------------------------------------------------

WINNER_CASES = [
    # contract, cards in order (N leads, then E, S, W), winner, kind
    ("7H", "5C AC 4H KC", Seat.S, Kind.TRUMPED),
    ("7H", "5C AC JD 4H", Seat.S, Kind.TRUMPED),  # the left bower beats the 4 of hearts
    ("7H", "JD JH AH Jo", Seat.W, Kind.HIGHEST_OF_SUIT_LED),  # the joker over both bowers
    ("7H", "JD AH KH QH", Seat.N, Kind.HIGHEST_OF_SUIT_LED),  # the left bower over the ace
    ("7H", "5D AD JD KD", Seat.S, Kind.TRUMPED),  # the jack of diamonds is not a diamond
    ("7H", "5D AD 9C KD", Seat.E, Kind.HIGHEST_OF_SUIT_LED),
    ("7S", "5D AD JC KD", Seat.S, Kind.TRUMPED),
    ("6C", "5H JS AH 10H", Seat.E, Kind.TRUMPED),
    ("8NT", "5D AD JD KD", Seat.E, Kind.HIGHEST_OF_SUIT_LED),
    ("8NT", "5D 6D Jo KD", Seat.S, Kind.JOKER_WINS),
    ("8NT", "Jo:S AS KS QS", Seat.N, Kind.JOKER_WINS),
    ("8NT", "5D AS KS QS", Seat.N, Kind.HIGHEST_OF_SUIT_LED),  # off-suit aces win nothing
]


@pytest.mark.parametrize(("contract", "trick", "winner", "kind"), WINNER_CASES)
def test_trick_winner(contract: str, trick: str, winner: Seat, kind: Kind) -> None:
    seats = [Seat.N, Seat.E, Seat.S, Seat.W]
    index, ruling = trick_winner(seats, plays(trick), ctx(contract))
    assert seats[index] is winner
    assert ruling.kind is kind
    assert ruling.seats == (winner,)
    assert ruling.text.startswith(winner.word + " wins")


@pytest.mark.parametrize(
    ("trick", "joker", "winner"),
    [("5H Jo AH", "H", 1), ("5C Jo AC", "H", 2), ("Jo AH KH", "H", 0), ("5H 9H KH", None, 2)],
)
def test_misere_tricks_have_three_cards(trick: str, joker: str | None, winner: int) -> None:
    index, _ = trick_winner([Seat.N, Seat.E, Seat.W], plays(trick), ctx("misere", joker=joker))
    assert index == winner


def test_identical_cards_first_played_wins() -> None:
    # The rules page, six-handed home-made pack: "the first played beats the second".
    index, ruling = trick_winner([Seat.N, Seat.E, Seat.S], plays("5H AH AH"), ctx("8NT"))
    assert index == 1
    assert ruling.kind is Kind.FIRST_OF_IDENTICAL
