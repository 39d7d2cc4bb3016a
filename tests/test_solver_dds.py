"""The solver against Bo Haglund's DDS (through endplay) on random four-handed suit contracts.

A suit contract of Five Hundred is a bridge deal once each effective suit's cards are
relabelled onto bridge ranks (tutor.solve.bridge). At the start of every trick of 500 random
deals, as they were played, the value of every legal card must be the same as DDS gives.
``solve_board`` is exact on ten-card hands (``calc_dd_table`` is not: it counts 13 tricks).
"""

from __future__ import annotations

import pytest

from tutor.engine.hand import RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import replay
from tutor.solve import FAST, SolveError, Solver, apply, deal_of
from tutor.solve.bridge import to_bridge

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")

PRESETS = ["australian", "avondale", "american", "new-zealand"]
DEALS = 500
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "S": "S", "H": "H", "D": "D", "C": "C"}


def _dds_values(pbn: str, trumps: str, first: str) -> dict[str, int]:
    """DDS's tricks for the side on lead, per card, keyed like ``SA``."""
    deal = endplay_types.Deal(
        pbn, first=endplay_types.Player.find(first), trump=endplay_types.Denom.find(trumps)
    )
    out = {}
    for card, tricks in endplay_dds.solve_board(deal):
        text = str(card)
        suit, rank = (text[0], text[1:]) if text[0] in _SUIT_LETTER else (text[-1], text[:-1])
        out[_SUIT_LETTER[suit] + rank.replace("10", "T")] = tricks
    return out


@pytest.mark.skipif(not FAST, reason="the compiled core is not built")
def test_every_lead_of_every_trick_agrees_with_dds() -> None:
    deals = compared = 0
    seed = 0
    while deals < DEALS:
        seed += 1
        rep = replay(random_hand(seed, RulesSpec(PRESETS[seed % len(PRESETS)])))
        if rep.context is None or rep.context.trumps is None:
            continue
        try:
            deal = deal_of(rep)
            to_bridge(deal.start)
        except SolveError:  # a suit longer than thirteen cards cannot be a bridge suit
            continue
        deals += 1
        solver = Solver("c")
        pos = deal.start
        n = len(pos.seats)
        for k, play in enumerate(deal.plays):
            if k % n == 0:
                pbn, trumps, first, names = to_bridge(pos)
                dds = _dds_values(pbn, trumps, first)
                ours = solver.options(pos)
                leads_for_contract = pos.team[pos.leader]
                for option, value in ours.items():
                    mine = value - pos.won
                    expected = mine if leads_for_contract else pos.tricks_left - mine
                    assert dds[names[option.card][0] + names[option.card][1]] == expected, (
                        seed, k // n + 1, str(option), pbn, trumps, first
                    )
                    compared += 1
                assert len(dds) == len(ours)
            pos = apply(pos, play)
    assert compared > DEALS * 10
