"""Equal cards: no card still in play ranks between them, so either comes to the same."""

from __future__ import annotations

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Card
from tutor.engine.equals import equal_runs
from tutor.engine.play import PlayContext


def _cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


@pytest.mark.parametrize(("bid", "hand", "others", "runs"), [
    # the ace gone, king and queen are one card
    ("7H", "KS QS", "JS 10S", "KS QS"),
    # the king out between them, ace and queen are not
    ("7H", "AS QS", "KS 10S", "AS | QS"),
    # the king separates the ace from the queen, and nothing still in play the queen from the nine
    ("7H", "AS QS 9S", "KS", "AS | QS 9S"),
    # the left bower joins trumps: right bower and left bower held, nothing between
    ("7S", "JS JC AS", "KS", "JS JC AS"),
    # the left bower is no longer a club: the queen and ten of clubs are equal around it
    ("7S", "QC 10C", "AC JC", "QC 10C"),
    # the joker is equal only to itself, even above the right bower in trumps
    ("7S", "Jo JS", "QS", "Jo | JS"),
    # suits apart: the kings of two suits are never one card
    ("7NT", "KS KH", "AS AH", "KS | KH"),
])
def test_equal_runs(bid: str, hand: str, others: str, runs: str) -> None:
    ctx = PlayContext.of(Bid.parse(bid))
    got = equal_runs(_cards(hand), _cards(others), ctx)
    for run in runs.split("|"):
        cards = _cards(run)
        assert {got[c] for c in cards} == {cards[0]}, run
    tops = {got[c] for c in _cards(hand)}
    assert len(tops) == runs.count("|") + 1
