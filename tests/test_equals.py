"""Equal cards: no card still in play ranks between them, so either comes to the same."""

from __future__ import annotations

import pytest
from random_positions import random_positions

from tutor.engine.auction import Bid
from tutor.engine.cards import Card
from tutor.engine.equals import equal_runs
from tutor.engine.hand import RulesSpec
from tutor.engine.play import PlayContext
from tutor.solve import Solver


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


SPECS = [
    *(RulesSpec(p) for p in ("australian", "avondale", "american", "canadian", "three-handed",
                             "five-handed", "six-handed")),
    RulesSpec("six-handed", {"pack": "63-homemade"}),  # identical twins: equal only to themselves
]


def test_the_solver_values_equal_cards_the_same_on_random_positions() -> None:
    """The solver groups equal cards its own way (in the C core); whatever ``equal_runs`` calls one
    card must come to the same tricks there, or a puzzle's "only card" would be wrong."""
    solver = Solver()
    checked = 0
    for pos, _ in random_positions(range(1, 160), SPECS, lambda rng, n: rng.choice((2, 3, 4, 5))):
        hand = pos.hands[pos.to_move]
        others = [c for i, h in enumerate(pos.hands) if i != pos.to_move for c in h]
        runs = equal_runs(hand, [*others, *(p.card for p in pos.trick)], pos.ctx)
        options = solver.options(pos)
        by_run: dict[Card, set[int]] = {}
        for play, tricks in options.items():
            if play.names is None:
                by_run.setdefault(runs[play.card], set()).add(tricks)
        for top, values in by_run.items():
            assert len(values) == 1, (pos, top, options)
            checked += len([c for c in runs if runs[c] == top]) > 1
    assert checked > 50  # runs of two or more cards were really tried (69 with these seeds)
