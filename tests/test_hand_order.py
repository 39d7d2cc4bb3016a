"""Hands are drawn in the order they rank: once a suit contract is known, trumps come first,
with the joker and both bowers at the top, and the left bower is no longer shown with its
printed suit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Card
from tutor.engine.play import PlayContext
from tutor.engine.replay import StepKind, build
from tutor.files import handfile
from tutor.views.shared import render
from tutor.views.shared.render import Pictures
from tutor.views.site.pages import lesson_view
from tutor.views.widgets.replay import ReplayWidget

HANDS = Path(__file__).resolve().parent.parent / "hands"
HAND = "AS JD 5H Jo JH KD 9C 4D AH QC"


def order(cards: str, contract: str | None) -> str:
    ctx = PlayContext.of(Bid.parse(contract)) if contract else None
    return " ".join(str(c) for c in render.sorted_hand([Card.parse(t) for t in cards.split()], ctx))


@pytest.mark.parametrize(
    ("contract", "expected"),
    [
        (None, "Jo AS AH JH 5H QC 9C KD JD 4D"),
        ("7NT", "Jo AS AH JH 5H QC 9C KD JD 4D"),  # no trump suit: the usual order
        ("misere", "Jo AS AH JH 5H QC 9C KD JD 4D"),
        ("7H", "Jo JH JD AH 5H AS KD 4D QC 9C"),  # the left bower JD sits with the hearts
        ("7D", "Jo JD JH KD 4D AS AH 5H QC 9C"),
        ("7S", "Jo AS AH JH 5H QC 9C KD JD 4D"),  # no bower held: spades first all the same
        ("7C", "Jo QC 9C AH JH 5H AS KD JD 4D"),
    ],
)
def test_sorted_hand_puts_trumps_first_in_the_order_they_rank(contract: str | None, expected: str) -> None:
    assert order(HAND, contract) == expected


def test_two_jokers_and_both_bowers_top_the_trump_suit() -> None:
    assert order("4S JC Jo2 AS JS Jo 9H", "8S") == "Jo Jo2 JS JC AS 4S 9H"


def codes(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def test_widget_and_pick_row_draw_trumps_first_once_the_contract_is_known() -> None:
    rp = build(handfile.load(HANDS / "first-night-seven-hearts.yaml"))  # seven hearts by South
    # South holds 10S 8S and JH: before the auction spades come first, after it hearts do.
    at_deal = codes(ReplayWidget(rp, step=0).table.value)
    assert at_deal.index("10S") < at_deal.index("JH")
    contract = next(i for i, s in enumerate(rp.steps) if s.kind is StepKind.AUCTION)
    known = codes(ReplayWidget(rp, step=contract).table.value)
    assert known.index("JH") < known.index("10S")
    # West holds the left bower JD: in play-along it heads West's cards, before the spades.
    w = ReplayWidget(rp, play_as="W", step=rp.step_of_trick(2))
    assert w.awaiting is not None and w.awaiting.seat.value == "W"
    buttons = list(w.pick_buttons)
    assert buttons[0] == "JD" and buttons.index("JD") < buttons.index("KS")


def test_lesson_pages_draw_the_deal_and_the_declarers_hand_trumps_first() -> None:
    rp = build(handfile.load(HANDS / "first-night-seven-hearts.yaml"))
    view = lesson_view(rp, Pictures(render.environment()))
    deal = view["deal"]
    assert isinstance(deal, dict)
    assert codes(str(deal["W"]))[0] == "JD"  # West's left bower, not among the diamonds
    assert codes(str(deal["S"]))[:3] == ["Jo", "JH", "AH"]
    discard = next(i for i, s in enumerate(rp.steps) if s.kind is StepKind.DISCARD)
    assert codes(str(view["declarer_hand"]))[:3] == ["Jo", "JH", "AH"]
    assert rp.steps[discard].seat is not None
