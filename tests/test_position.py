"""What the solver accepts as a position: what cannot be one is refused with a SolveError that
names the problem, and the home-made pack's identical cards are still a position."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tutor.engine.cards import PACKS, Card, Joker, Suit
from tutor.engine.play import Play, PlayContext
from tutor.engine.seats import Seat
from tutor.solve import FAST, Position, SolveError, Solver, apply

FOUR = (Seat.N, Seat.E, Seat.S, Seat.W)
NO_TRUMPS = PlayContext(trumps=None)
SPADES = PlayContext(trumps=Suit.SPADES, joker_suit=Suit.SPADES)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def hands(*texts: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(cards(t) for t in texts)


#: A position that is fine: North leads, three cards each, North and South play the contract.
GOOD: dict[str, Any] = {
    "seats": FOUR,
    "hands": hands("AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC"),
    "team": (True, False, True, False),
    "ctx": NO_TRUMPS,
}

#: 66 cards, none more often than some pack holds it: the six-handed pack's 62 suited cards
#: and four of the home-made pack's second 2s and 3s.
MANY = tuple(c for c in PACKS["63"].cards if not isinstance(c, Joker)) + cards("2D 3D 2H 3H")

#: Positions that cannot be, as changes to GOOD, and the words the refusal must hold.
BAD: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("a card twice, no pack has two",
     {"hands": hands("AS KS QS", "AS KH QH", "AD KD QD", "AC KC QC")}, ("AS", "twice", "no pack")),
    ("a card twice, the pack has one",
     {"hands": hands("4D KS QS", "4D KH QH", "AD KD QD", "AC KC QC"), "pack": PACKS["53"]},
     ("4D", "twice", "53 pack", "one")),
    ("a card in the trick and in a hand",
     {"hands": hands("KS QS", "AS KH QH", "AD KD QD", "AC KC QC"), "trick": (Play(Card.parse("AS")),)},
     ("AS", "twice")),
    ("a card not in the pack", {"hands": hands("11S KS QS", "AH KH QH", "AD KD QD", "AC KC QC"),
                                "pack": PACKS["43"]}, ("11S", "not in the 43 pack")),
    ("four jokers, the same one", {"hands": hands("Jo KS QS", "Jo KH QH", "Jo KD QD", "Jo KC QC")},
     ("Jo", "4 times", "no pack")),
    ("four jokers, numbered",
     {"hands": tuple((Joker(k), *cards(f"K{s} Q{s}")) for k, s in enumerate("SHDC", 1))},
     ("Jo3", "no pack")),
    ("the leader's hand empty, cards elsewhere",
     {"hands": hands("", "AH KH QH", "AD KD QD", "AC KC QC")}, ("same number of cards", "N holds 0")),
    ("hands of different lengths", {"hands": hands("AS KS QS", "AH KH", "AD KD QD", "AC KC QC")},
     ("same number of cards", "E holds 2")),
    ("a seat that has played holds as many as one still to play",
     {"trick": (Play(Card.parse("JS")),)}, ("one fewer", "N holds 3")),
    ("a trick as long as the table", {
        "hands": hands("KS QS", "KH QH", "KD QD", "KC QC"),
        "trick": tuple(Play(c) for c in cards("AS AH AD AC"))}, ("trick", "4 plays", "4 seats")),
    ("the leader out of range", {"leader": 4}, ("leader", "4", "seats 0 to 3")),
    ("a seat twice", {"seats": (Seat.N, Seat.E, Seat.N, Seat.W)}, ("N", "twice")),
    ("no one plays the contract", {"team": (False,) * 4}, ("no seat plays for the contract",)),
    ("no one defends", {"team": (True,) * 4}, ("every seat plays for the contract",)),
    ("tricks won below zero", {"won": -1}, ("won", "-1")),
    ("a powerless play that is not in the trick", {"powerless": (0,)}, ("powerless", "play 0", "0 plays")),
    ("a powerless card that is no joker",
     {"hands": hands("KS QS", "AH KH QH", "AD KD QD", "AC KC QC"), "trick": (Play(Card.parse("AS")),),
      "powerless": (0,)}, ("only a joker", "AS")),
    ("a suit named by a card that is no joker",
     {"hands": hands("KS QS", "AH KH QH", "AD KD QD", "AC KC QC"),
      "trick": (Play(Card.parse("AS"), Suit.HEARTS),)}, ("only a led joker", "AS", "names hearts")),
    ("a suit named by a joker not led", {
        "hands": hands("KS QS", "Jo KH", "AD KD QD", "AC KC QC"),
        "trick": (Play(Card.parse("AS")), Play(Card.parse("QH"), Suit.CLUBS))},
     ("only a led joker", "QH")),
    ("a seat shown void in a suit it holds",
     {"shown_void": (frozenset(), frozenset({Suit.HEARTS}), frozenset(), frozenset())},
     ("E", "shown void in hearts", "AH")),
    ("more cards than any pack", {
        "seats": (Seat.N, Seat.NE, Seat.SE, Seat.S, Seat.SW, Seat.NW),
        "team": (True, False) * 3,
        "hands": tuple(MANY[i * 11:(i + 1) * 11] for i in range(6)),
    }, ("66 cards", "64")),
]


@pytest.mark.parametrize(("changes", "words"), [pytest.param(c, w, id=name) for name, c, w in BAD])
def test_what_cannot_be_a_position_is_refused(changes: dict[str, Any], words: tuple[str, ...]) -> None:
    with pytest.raises(SolveError) as caught:
        Position(**{**GOOD, **changes})
    for word in words:
        assert word in str(caught.value)


def test_a_changed_position_is_checked_too() -> None:
    good = Position(**GOOD)
    with pytest.raises(SolveError, match="twice"):
        replace(good, hands=hands("AS KS QS", "AS KH QH", "AD KD QD", "AC KC QC"))


#: The home-made pack's identical cards (the 2s, 3s and red 4s twice): positions all the same.
TWINS: dict[str, Any] = {
    "seats": (Seat.N, Seat.NE, Seat.SE, Seat.SW),
    "hands": hands("3D 4S KC", "2H 8C AH", "3C 4D 4H", "3H 4D QD"),
    "team": (True, False, False, False),
    "ctx": PlayContext(trumps=None, misere=True),
    "leader": 2,
    "won": 1,
}


@pytest.mark.parametrize("pack", [None, PACKS["63-homemade"]])
@pytest.mark.parametrize("engine", ["c", "python"])
def test_identical_cards_of_the_home_made_pack_are_a_position(engine: str, pack: Any) -> None:
    if engine == "c" and not FAST:
        pytest.skip("the compiled core is not built")
    pos = Position(**TWINS, pack=pack)
    assert Solver(engine).value(pos) == 3  # type: ignore[arg-type]
    after = apply(apply(pos, Play(Card.parse("4D"))), Play(Card.parse("4D")))
    assert after.trick == (Play(Card.parse("4D")),) * 2
    assert after.pack is pack


def test_the_pack_does_not_make_another_position() -> None:
    assert Position(**TWINS) == Position(**TWINS, pack=PACKS["63-homemade"])
    assert hash(Position(**TWINS)) == hash(Position(**TWINS, pack=PACKS["63-homemade"]))


def test_a_play_the_seat_cannot_make_is_refused() -> None:
    with pytest.raises(SolveError, match="N does not hold AH"):
        apply(Position(**GOOD), Play(Card.parse("AH")))
