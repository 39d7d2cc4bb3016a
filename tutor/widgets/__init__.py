"""JupyterLab widgets: replay a hand (and play along as a seat), take a quiz, keep a score sheet.

One widget a module. The Python side holds only synced state (traitlets); every picture is
drawn by :mod:`tutor.render`, every rule decided by the engine.
"""

from .quiz import QuizWidget
from .replay import ReplayWidget
from .sheet import ScoreSheetWidget

__all__ = ["QuizWidget", "ReplayWidget", "ScoreSheetWidget"]
