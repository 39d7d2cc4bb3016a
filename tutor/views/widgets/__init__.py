"""JupyterLab widgets: replay a hand (and play along as a seat), take a quiz, solve puzzles, keep a
score sheet, keep an answer behind a button.

One widget a module. The Python side holds only synced state (traitlets); every picture is
drawn by :mod:`tutor.views.shared.render`, every rule decided by the engine.
"""

from tutor.views.widgets.practice import PracticeWidget
from tutor.views.widgets.puzzle import PuzzleWidget
from tutor.views.widgets.quiz import QuizWidget
from tutor.views.widgets.replay import ReplayWidget
from tutor.views.widgets.reveal import Reveal
from tutor.views.widgets.sheet import ScoreSheetWidget
from tutor.views.widgets.takeover import take_over

__all__ = [
    "PracticeWidget", "PuzzleWidget", "QuizWidget", "ReplayWidget", "Reveal", "ScoreSheetWidget", "take_over",
]
