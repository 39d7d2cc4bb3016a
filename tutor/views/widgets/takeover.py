"""*Take over from here*: a replay widget's hand, cut at the step shown, played on at the practice table.

The replay widget's contents make way for a :class:`PracticeWidget` continuing the hand from that
step (the learner at the seat they play along as, or at the seat whose turn it is), with a
*Back to the lesson* button that puts the recorded hand back as it was.
"""

from __future__ import annotations

import ipywidgets as widgets

from tutor.teach.players import Budget, GameError
from tutor.teach.players.takeover import game_at, seat_to_take
from tutor.views.widgets.practice import PracticeWidget
from tutor.views.widgets.replay import ReplayWidget

__all__ = ["take_over"]


def take_over(replay_widget: ReplayWidget, samples: int | None = None) -> PracticeWidget | None:
    """Swap the replay widget's contents for the practice table from its current step
    (``samples``: a fixed number of layouts a computer card, for reproducible play)."""
    rep = replay_widget.replay
    index = replay_widget.step
    seat = replay_widget.play_as or (s.value if (s := seat_to_take(rep, index)) else "")
    if not seat and rep.contract is not None:
        seat = rep.contract.declarer.value
    try:
        budget = Budget() if samples is None else Budget(None, samples, samples, samples)
        game = game_at(rep, index, budget=budget)
        practice = PracticeWidget(game, seat or game.seats[0].value)
    except (GameError, ValueError) as err:
        replay_widget.feedback = f'<div class="tw-feedback tw-refused">Cannot take over here: {err}</div>'
        return None
    lesson = replay_widget.children
    back = widgets.Button(description="Back to the lesson", tooltip="the recorded hand, as it was")
    back.add_class("tutor-back-button")

    def restore(_b: object) -> None:
        replay_widget.children = lesson

    back.on_click(restore)
    replay_widget.children = (back, practice)
    return practice


ReplayWidget.taking_over = take_over
