"""Taking a lesson over midway: the hand as it stood at that step, and nothing made after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine.replay import build
from tutor.files import handfile
from tutor.teach.players.takeover import game_at, hand_until, seat_to_take

GRAND_NULLO = Path(__file__).resolve().parent.parent / "hands" / "west-seventh-street-grand-nullo.yaml"


# The steps of the grand nullo lesson: 1-4 the calls, 6-7 West takes the kitty and puts five
# away, 8-9 East (partner) does the same, 10 on the cards.
@pytest.mark.parametrize(("step", "calls", "discard", "partners"), [
    (3, 3, False, False),   # in the auction: no exchange yet
    (7, 4, True, False),    # West has put away five; East's exchange is still to make
    (9, 4, True, True),     # both exchanges made
    (12, 4, True, True),    # in the play
])
def test_a_take_over_keeps_only_the_exchanges_made_by_then(step: int, calls: int, discard: bool,
                                                          partners: bool) -> None:
    rep = build(handfile.loads(GRAND_NULLO.read_text("utf-8")))
    hand = hand_until(rep, step)
    assert len(hand.auction) == calls
    assert (hand.discard is not None) == discard
    assert (hand.partner_discard is not None) == partners
    assert not hand.claims and hand.decision is None and hand.par is None


def test_taken_over_before_partners_exchange_partner_is_to_exchange() -> None:
    rep = build(handfile.loads(GRAND_NULLO.read_text("utf-8")))
    game = game_at(rep, 7)
    assert game.to_act == seat_to_take(rep, 7)   # East, to make the second exchange
    assert game.hand.discard == rep.hand.discard and game.hand.partner_discard is None
