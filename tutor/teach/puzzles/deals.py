"""Deals for mining: each seeded deal bid, discarded and played to the end by the computer.

The computer players think without a clock here (:data:`MINING_BUDGET`), so a seed gives the
same hand on every machine, and with fewer layouts than at the practice table: the puzzles come
from the double-dummy analysis afterwards, so the play need only be sensible, not strong.
"""

from __future__ import annotations

from tutor.engine.hand import Hand
from tutor.teach.players import Budget, Game, Phase

__all__ = ["MINING_BUDGET", "computer_deal"]

#: No clock (reproducible); a few layouts a card.
MINING_BUDGET = Budget(seconds=None, early=4, middle=8, late=16)


def computer_deal(seed: int, rules: str = "australian", budget: Budget = MINING_BUDGET) -> Hand:
    """The hand dealt from ``seed`` (a thrown-in deal dealt again) played out by the computer
    at every seat."""
    game = Game(rules, seed, budget=budget)
    while game.phase is not Phase.OVER:
        game.computer()
    return game.hand
