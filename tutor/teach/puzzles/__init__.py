"""Puzzles mined from play (issue 28): positions where one card alone keeps the result.

:mod:`~tutor.teach.puzzles.mine` finds the open-hands puzzles of a replayed hand (a lesson, a
saved hand, or a deal the computer played: :mod:`~tutor.teach.puzzles.deals`), and
:mod:`~tutor.teach.puzzles.writing` writes each as a hand file that ``tutor check`` verifies.
"""

from tutor.teach.puzzles.deals import CONTRACTS, MINING_BUDGET, computer_deal, contract_deal
from tutor.teach.puzzles.mine import DEFAULT_CAP, Counts, Puzzle, Refutation, mine_hand, position_key
from tutor.teach.puzzles.themes import THEME_RULES
from tutor.teach.puzzles.writing import puzzle_hand, puzzle_note

__all__ = [
    "CONTRACTS",
    "DEFAULT_CAP",
    "MINING_BUDGET",
    "THEME_RULES",
    "Counts",
    "Puzzle",
    "Refutation",
    "computer_deal",
    "contract_deal",
    "mine_hand",
    "position_key",
    "puzzle_hand",
    "puzzle_note",
]
