"""The quiz widget: one question at a time, the engine's ruling as feedback, a running tally.

The questions and their checking live in :mod:`tutor.teach.quiz`; this widget only shows them. State:
``index`` (the question shown), ``topic`` (``""`` or a topic that filters the questions),
``selected`` (the cards marked, for "which cards may be played"), ``feedback`` (HTML),
``right`` and ``asked`` (the tally).

With ``db=`` (a history file's path, or an open :class:`~tutor.teach.memory.History`) each answer
is kept for ``learner`` as ``tutor quiz --db`` keeps it, the learner's progress is drawn below
the question as a bar chart, and ``review=True`` asks what is due first, like ``tutor quiz --review``.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from tutor.engine.replay import Replay
from tutor.teach.memory import DEFAULT_LEARNER, History
from tutor.teach.quiz import (
    BASIC_KINDS,
    TOPIC_CHOICES,
    Feedback,
    Question,
    QuestionKind,
    QuizSession,
    make_quiz,
    shortfall,
)
from tutor.teach.review import review_quiz
from tutor.views.shared import render
from tutor.views.widgets._common import card_button, macros, style_widget
from tutor.views.widgets._memory import chart_html, open_history

__all__ = ["QuizWidget"]


class QuizWidget(widgets.VBox):  # type: ignore[misc]
    """Questions on tricks, legal cards and scores, from hand files or random deals by seed."""

    index = traitlets.Int(0).tag(sync=True)
    topic = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    right = traitlets.Int(0).tag(sync=True)
    asked = traitlets.Int(0).tag(sync=True)
    #: True while a topic change builds new questions (random deals take a moment).
    busy = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        replays: Sequence[Replay] = (),
        *,
        seed: int = 0,
        count: int = 5,
        topic: str = "",
        kinds: Iterable[QuestionKind] = BASIC_KINDS,
        questions: Sequence[Question] | None = None,
        db: str | Path | History | None = None,
        learner: str = DEFAULT_LEARNER,
        review: bool = False,
        **kwargs: Any,
    ) -> None:
        if review and db is None:
            raise ValueError("review=True asks what a history says is due: give it db= too")
        self.history = open_history(db, learner)
        self._review = review
        self._shown_at = time.monotonic()
        self.progress_html = widgets.HTML(chart_html(self.history))
        self._replays = tuple(replays)
        self._seed = seed
        self._count = count
        # a review asks the decisions its history holds too (`tutor review --remember`'s mistakes)
        chosen = tuple(kinds)
        self._kinds = (*chosen, QuestionKind.DECISION) if review and chosen == tuple(BASIC_KINDS) else chosen
        self._fixed = list(questions) if questions is not None else None
        self.session = QuizSession([])
        self.short = ""
        self.tally_html = widgets.HTML()
        self.question_html = widgets.HTML()
        self.choice_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_row.add_class("tutor-choices")
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.check_button.on_click(lambda _b: self.answer(self.selected))
        self.feedback_html = widgets.HTML()
        self.next_button = widgets.Button(description="Next question ▶")
        self.next_button.on_click(lambda _b: self.next())
        self.restart_button = widgets.Button(description="↺ Start again",
                                             tooltip="the same questions, from the first")
        self.restart_button.on_click(lambda _b: self.restart())
        self.busy_html = widgets.HTML()
        self.topic_picker = widgets.Dropdown(
            options=[("Any topic", "")] + [(t.replace("-", " "), t) for t in TOPIC_CHOICES],
            description="Topic", layout=widgets.Layout(width="16em"),
        )
        self.topic_picker.disabled = self._fixed is not None
        self._toggles: dict[str, widgets.ToggleButton] = {}
        self._choice_buttons: dict[str, widgets.Button] = {}
        super().__init__(
            [style_widget(), self.tally_html, self.question_html, self.choice_row, self.feedback_html,
            widgets.HBox([self.next_button, self.restart_button, self.topic_picker, self.busy_html],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.progress_html],
            **kwargs,
        )
        self.add_class("tutor-widget")
        self.add_class("tutor-quiz")
        widgets.link((self.topic_picker, "value"), (self, "topic"))
        self.observe(self._on_index, "index")
        self.observe(self._on_topic, "topic")
        self.observe(lambda c: setattr(self.feedback_html, "value", c["new"]), "feedback")
        self.observe(self._on_selected, "selected")
        self.set_trait("topic", topic)
        self._restart()

    # ------------------------------------------------------------------ validation

    @traitlets.validate("index")
    def _valid_index(self, proposal: Any) -> int:
        value = int(proposal["value"])
        if not 0 <= value <= len(self.session.questions):
            raise traitlets.TraitError(
                f"question {value} is outside this quiz (0 to {len(self.session.questions)})"
            )
        return value

    @traitlets.validate("selected")
    def _valid_selected(self, proposal: Any) -> list[str]:
        q = self.question
        keys = {c.key for c in q.choices} if q else set()
        bad = [k for k in proposal["value"] if k not in keys]
        if bad:
            raise traitlets.TraitError(
                f"{', '.join(bad)} is not one of the choices ({', '.join(sorted(keys))})"
            )
        return list(proposal["value"])

    # ------------------------------------------------------------------ actions

    @property
    def question(self) -> Question | None:
        return self.session.question

    def answer(self, keys: Iterable[str]) -> Feedback:
        """Answer the current question with choice keys (a seat, card codes, a letter)."""
        if self.session.index in self.session.answers:
            raise ValueError("this question is answered: go on to the next one")
        fb = self.session.answer(keys)
        q = self.question
        if self.history is not None and q is not None:
            self.history.record(q, correct=fb.correct, given=sorted(fb.given),
                                seconds=round(time.monotonic() - self._shown_at, 1))
            self.progress_html.value = chart_html(self.history)
        self.right, self.asked = self.session.right, self.session.asked
        css = "tw-right" if fb.correct else "tw-wrong"
        self.feedback = str(macros("widget_table.html").feedback_box(css, fb.headline, list(fb.reasons)))
        for key, b in (*self._choice_buttons.items(), *self._toggles.items()):
            b.disabled = True
            self._mark(b, right=key in fb.expected, chosen=key in fb.given)
        self.check_button.disabled = True
        self._draw_tally()
        return fb

    def next(self) -> None:
        if self.index < len(self.session.questions):
            self.index += 1

    def restart(self) -> None:
        """Start again from the first question, with the same questions and a fresh tally."""
        self.session = QuizSession(list(self.session.questions))
        self.right = self.asked = 0
        if self.index == 0:
            self._draw()
        else:
            self.index = 0

    @staticmethod
    def _mark(button: widgets.Widget, *, right: bool, chosen: bool) -> None:
        """After answering: the right answer in green, a wrong choice in red, in words as well."""
        if right:
            button.add_class("tw-right-answer")
            button.button_style = "success"
        if chosen:
            button.add_class("tw-chosen")
            if not right:
                button.button_style = "danger"
        if right or chosen:
            button.description += " ✓" if right else " ✗"

    # ------------------------------------------------------------------ drawing

    def _restart(self) -> None:
        if self._fixed is not None:
            questions = self._fixed
        elif self._review and self.history is not None:
            questions = review_quiz(
                self.history, self._replays, seed=self._seed, count=self._count,
                topics=(self.topic,) if self.topic else (), kinds=self._kinds,
            )
        else:
            # Random deals take a moment: say so while they are built (the change is sent at once).
            self.busy = True
            self.topic_picker.disabled = True
            on = f" on {self.topic.replace('-', ' ')}" if self.topic else ""
            self.busy_html.value = f'<span class="tw-busy" role="status">Building questions{on}…</span>'
            try:
                questions = make_quiz(
                    self._replays, seed=self._seed, count=self._count,
                    topics=(self.topic,) if self.topic else (), kinds=self._kinds,
                )
            finally:
                self.busy = False
                self.topic_picker.disabled = False
                self.busy_html.value = ""
        self.short = "" if self._fixed is not None else shortfall(self._count, len(questions), self.topic)
        self.session = QuizSession(list(questions))
        self.right = self.asked = 0
        if self.index == 0:
            self._draw()
        else:
            self.index = 0

    def _on_topic(self, change: dict[str, Any]) -> None:
        self._restart()

    def _on_index(self, change: dict[str, Any]) -> None:
        self.session.index = self.index
        self._draw()

    def _on_selected(self, change: dict[str, Any]) -> None:
        for key, toggle in self._toggles.items():
            toggle.value = key in change["new"]

    def _on_toggle(self, key: str, on: bool) -> None:
        have = [k for k in self.selected if k != key]
        self.selected = [*have, key] if on else have

    def _draw_tally(self) -> None:
        total = len(self.session.questions)
        short = f'<div class="tw-short">{self.short}</div>' if self.short else ""
        self.tally_html.value = (
            f'<div class="tw-tally">Tally: {self.right} of {self.asked} right'
            f' · {total} question{"s" if total != 1 else ""}</div>{short}'
        )

    def _draw(self) -> None:
        self._shown_at = time.monotonic()
        self.feedback = ""
        self.selected = []
        self._toggles = {}
        self._choice_buttons = {}
        self._draw_tally()
        q = self.question
        m = macros("widget_quiz.html")
        if q is None:
            done = "No questions on that topic." if not self.session.questions else (
                f"That is the end of the quiz: {self.right} of {self.asked} right."
            )
            self.question_html.value = f'<div class="tw-question"><b>{done}</b></div>'
            self.choice_row.children = ()
            self.next_button.disabled = True
            return
        self.next_button.disabled = False
        trick = render.render_trick(q.trick) if q.trick is not None and q.trick.plays else None
        ctx = q.turn.ctx if q.turn is not None else None  # trumps first, as the hand is shown
        # Best-card: the hand drawn. Legal-plays: the card toggles are the hand, so it is not drawn twice.
        shown = q.seat is not None and q.turn is not None and not q.multiple
        hand = render.render_hand(q.seat, q.hand, context=ctx) if shown and q.seat else None
        if q.view is not None:  # a lesson's decision: the deciding seat's hand, and no other
            hand = render.render_hand(q.view.seat, q.view.hand)
        self.question_html.value = str(m.question({
            "number": self.index + 1, "total": len(self.session.questions), "source": q.source,
            "rules": q.rules, "prompt": q.prompt, "trick": trick, "hand": hand,
        }))
        buttons: list[widgets.Widget] = []
        if q.multiple:
            # q.choices are in the order the hand is shown (trumps first): the feedback lists
            # cards in that order too.
            for choice in q.choices:
                assert choice.card is not None
                t = card_button(choice.card, toggle=True)
                t.observe(lambda c, k=choice.key: self._on_toggle(k, bool(c["new"])), "value")
                self._toggles[choice.key] = t
                buttons.append(t)
            self.check_button.disabled = False
            buttons.append(self.check_button)
        else:
            for choice in q.choices:
                b = widgets.Button(description=choice.label, layout=widgets.Layout(width="auto"))
                b.add_class("tutor-choice")
                b.on_click(lambda _b, k=choice.key: self.answer([k]))
                self._choice_buttons[choice.key] = b
                buttons.append(b)
        self.choice_row.children = tuple(buttons)

    @property
    def choice_buttons(self) -> dict[str, widgets.Button]:
        """The answer buttons (single-answer questions) by key, or the card toggles by code."""
        return dict(self._choice_buttons or self._toggles)

    def __repr__(self) -> str:
        # Short and free of model ids: notebooks compare this text output (nbval).
        return (
            f"QuizWidget(questions={len(self.session.questions)}, index={self.index}, "
            f"topic={self.topic!r}, right={self.right}, asked={self.asked})"
        )

    @property
    def text(self) -> str:
        return "\n".join(w.value for w in (self.tally_html, self.question_html, self.feedback_html))
