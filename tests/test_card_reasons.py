"""The computer's reason for a card, in words: what the card does and how often, the count beside
the words, and how the next best card compares, never naming a card of a hidden hand
(tutor/teach/players/cardwords.py)."""

from __future__ import annotations

import pytest

from tutor.engine.cards import Card
from tutor.engine.play import Play
from tutor.teach.players import Budget, Game, Phase
from tutor.teach.players.cardwords import Aim, Tally, card_reason
from tutor.teach.players.decision import Decision

DEFEND = Aim.of(contractor=False, misere=False, need=7)
DECLARE = Aim.of(contractor=True, misere=False, need=7)


@pytest.mark.parametrize(("aim", "best", "exact", "other", "said"), [
    (DEFEND, Tally(7, 8, 5.0), False, ("9♣", Tally(4, 8, 6.0)),
     "East plays 10♣: it beats the contract in most of the hands East can imagine (7 of the 8 it "
     "tried); the next best card only in 4."),
    (DECLARE, Tally(4, 4, 8.0), False, ("9♣", Tally(4, 4, 8.0)),
     "East plays 10♣: it makes the contract in all four hands East tried; another card would do as well."),
    (DECLARE, Tally(3, 5, 7.0), False, None,
     "East plays 10♣: it makes the contract in more than half the hands East can imagine (3 of the "
     "5 it tried)."),
    (DECLARE, Tally(2, 4, 7.0), False, ("9♣", Tally(2, 4, 6.5)),
     "East plays 10♣: it makes the contract in half the hands East tried (2 of 4); another card as often, "
     "but 10♣ takes more tricks on average."),
    (DEFEND, Tally(1, 4, 7.0), False, ("9♣", Tally(1, 4, 7.5)),
     "East plays 10♣: it beats the contract in only 1 of the 4 hands East tried; another card as often, but "
     "10♣ gives the contractors fewer tricks on average."),
    (DEFEND, Tally(1, 4, 6.0), False, ("9♣", Tally(2, 4, 7.5)),
     "East plays 10♣: it beats the contract in only 1 of the 4 hands East tried; another card would "
     "more often (2), but 10♣ gives the contractors fewer tricks on average."),
    (DEFEND, Tally(0, 4, 7.8), False, ("9♣", Tally(0, 4, 8.0)),
     "East plays 10♣: no card beats the contract in the hands East tried, so it plays for tricks "
     "(7.8 to the contractors on average; the next best card 8.0)."),
    (DECLARE, Tally(6, 6, 8.0), True, ("9♣", Tally(5, 6, 7.0)),
     "East plays 10♣: it makes the contract however the unseen cards lie; the next best card only in 5."),
    (DECLARE, Tally(2, 3, 7.0), True, ("9♣", Tally(0, 3, 5.0)),
     "East plays 10♣: it makes the contract in 2 of the 3 ways the unseen cards can lie; no other card "
     "in any."),
    (Aim.of(contractor=True, misere=True, need=0), Tally(1, 1, 0.0), False, None,
     "East plays 10♣: it makes the misère in the one hand East tried."),
    (Aim.of(contractor=False, misere=True, need=0), Tally(3, 4, 0.8), False, None,
     "East plays 10♣: it beats the misère in most of the hands East can imagine (3 of the 4 it "
     "tried)."),
])
def test_a_card_reason_says_what_the_card_does_and_how_often(
    aim: Aim, best: Tally, exact: bool, other: tuple[str, Tally] | None, said: str
) -> None:
    assert card_reason("East", "10♣", aim, best, exact, other) == said


def test_a_computer_card_is_explained_without_layouts_and_averages_of_tricks() -> None:
    game = Game("australian", 1, budget=Budget(None, 4, 4, 4))  # docs/practice.md's example
    while game.phase is not Phase.PLAY:
        game.computer()
    d = game.decide()
    assert "layouts" not in d.reason and "tricks to the contractors on average" not in d.reason
    assert d.reason.startswith("South plays A♥: it makes the contract")  # in 6NT, bid by simulation
    assert "K♠" not in d.reason  # the next best card is in South's hand: compared, not named


@pytest.mark.parametrize(("reason", "why"), [
    ("South plays K♠: it makes the contract.", "It makes the contract."),
    ("North passes: partner's 6♥ bid stands.", "Partner's 6♥ bid stands."),
    ("West plays Jo:♥: the only legal card.", "The only legal card."),
])
def test_the_why_is_the_reason_after_naming_the_move(reason: str, why: str) -> None:
    assert Decision(Play(Card.parse("KS")), reason).why == why
