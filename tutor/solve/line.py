"""The best line: how the hand goes from a position when every seat plays a double-dummy best card.

This is what "the line that punishes a mistake" means everywhere tutor shows one (a puzzle's
refutation, a review's "what happens after it", a lesson decision's wrong choice): from the
position after the card, best play by both sides on the true layout, to the end of the hand.
Among equally good cards each seat plays the first in the solver's order, so the line is one of
possibly several best lines, and the same one every time.
"""

from __future__ import annotations

from tutor.engine.play import Play
from tutor.solve.analysis import wants_more
from tutor.solve.position import Position, apply
from tutor.solve.solver import Solver

__all__ = ["best_line"]


def best_line(pos: Position, solver: Solver | None = None, guess: int = 0) -> tuple[Play, ...]:
    """Best play by everyone from ``pos`` to the end of the hand.

    ``guess`` is a hint for the solver's search (the value expected; 0 is always safe).
    """
    solver = solver or Solver()
    line: list[Play] = []
    while pos.tricks_left:
        options = solver.options(pos, guess)
        more = wants_more(pos, pos.to_move)
        best = max(options.values()) if more else min(options.values())
        play = next(p for p, v in options.items() if v == best)
        line.append(play)
        pos = apply(pos, play)
        guess = best
    return tuple(line)
