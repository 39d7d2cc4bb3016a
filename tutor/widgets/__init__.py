"""JupyterLab widgets: replay a hand (and play along as a seat), and take a quiz.

One widget a module. The Python side holds only synced state (traitlets); every picture is
drawn by :mod:`tutor.render`, every rule decided by the engine.
"""

from .quiz import QuizWidget
from .replay import ReplayWidget

__all__ = ["QuizWidget", "ReplayWidget"]
