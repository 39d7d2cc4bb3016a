"""Double-dummy analysis of Five Hundred: what every card is worth with all hands open.

A :class:`Position` in, tricks out: :class:`Solver` answers with the compiled core
(``tutor/solve/_core.c``) when it is built and the pure-Python reference otherwise
(:data:`FAST`). Both play by the engine's own rules (``legal_plays``, ``trick_winner``).
The two-handed game is out of scope (its face-down table cards are known to no one).
"""

from tutor.solve.analysis import Analysis, CardValue, DiscardValue, analyse
from tutor.solve.core import FAST
from tutor.solve.deal import Deal, deal_of
from tutor.solve.position import OutOfScope, Position, SolveError, apply, moves
from tutor.solve.report import format_analysis
from tutor.solve.solver import SLOW_WARNING, Solver, warn_when_slow

__all__ = [
    "FAST",
    "SLOW_WARNING",
    "Analysis",
    "CardValue",
    "Deal",
    "DiscardValue",
    "OutOfScope",
    "Position",
    "SolveError",
    "Solver",
    "analyse",
    "apply",
    "deal_of",
    "format_analysis",
    "moves",
    "warn_when_slow",
]
