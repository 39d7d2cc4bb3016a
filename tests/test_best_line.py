"""The best line from a position: best play by every seat to the end, worth what the solver says."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine.replay import build
from tutor.files import handfile
from tutor.solve import Solver, apply, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.line import best_line

HANDS = Path(__file__).resolve().parent.parent / "hands"


@pytest.mark.parametrize(("lesson", "played"), [
    ("first-night-seven-hearts.yaml", 20),
    ("first-night-seven-hearts.yaml", 27),       # in mid-trick
    ("misere-defence-what-to-throw.yaml", 14),   # misère: the contractor wants fewest
])
def test_the_line_plays_out_the_hand_and_comes_to_the_solved_value(lesson: str, played: int) -> None:
    deal = deal_of(build(handfile.loads((HANDS / lesson).read_text("utf-8"))))
    pos = deal.start
    for play in deal.plays[:played]:
        pos = apply(pos, play)
    solver = Solver()
    options = solver.options(pos, 0)
    value = max(options.values()) if wants_more(pos, pos.to_move) else min(options.values())
    line = best_line(pos, solver)
    assert len(line) == sum(len(h) for h in pos.hands)
    for play in line:
        pos = apply(pos, play)
    assert pos.over and pos.won == value
