"""Defenders during misère: Cardzo's setting counts their own tricks; American nullo the contractor's."""

import pytest

from tutor.engine.auction import Bid, Contract
from tutor.engine.rules import RulesError, preset
from tutor.engine.scoring import score_hand
from tutor.engine.seats import Seat, Side

MISERE = Contract(Bid.parse("misere"), Seat.E)


def test_default_pays_defenders_nothing() -> None:
    s = score_hand(MISERE, {Side.EW: 0, Side.NS: 10}, preset("australian"))
    assert s.score == {Side.EW: 250, Side.NS: 0}


def test_cardzo_setting_on_pays_defenders_their_tricks() -> None:
    # The Cardzo worked example, hand 3: E/W's misère made, N/S took all ten tricks.
    rules = preset("australian", {"defenders_score_in_misere": True})
    s = score_hand(MISERE, {Side.EW: 0, Side.NS: 10}, rules)
    assert s.score == {Side.EW: 250, Side.NS: 100}
    assert "for each trick they took" in s.ruling.text


def test_american_nullo_pays_per_trick_the_contractor_took() -> None:
    s = score_hand(MISERE, {Side.EW: 2, Side.NS: 8}, preset("american"))
    assert s.score == {Side.EW: -250, Side.NS: 20}
    assert "for each trick the contractor took" in s.ruling.text


def test_the_count_is_a_checked_setting() -> None:
    with pytest.raises(RulesError, match="their-tricks, contractor-tricks"):
        preset("australian", {"misere_defenders_count": "both"})
