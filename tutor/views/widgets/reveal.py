"""An answer behind a button: a notebook asks, and shows its answer only when the learner asks.

A notebook run with *Run All* executes every cell at once, so an answer printed by a cell lands
straight under the question. :class:`Reveal` holds the answer's text and shows it when its
button is pressed (or :meth:`Reveal.show` is called); until then the notebook shows the button
only, and its text output (what nbval compares) names no part of the answer.

>>> r = Reveal("West plays JD.")
>>> r.shown, r.answer_html.value
(False, '')
>>> r.show(); r.shown, "West plays JD." in r.answer_html.value
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from tutor.views.widgets._common import style_widget

__all__ = ["Reveal"]


class Reveal(widgets.VBox):  # type: ignore[misc]
    """The ``answer`` text (lines kept as written), shown only once the button is pressed; ``html``
    (a picture tutor drew, such as a score sheet) is shown above it at the same time."""

    shown = traitlets.Bool(False).tag(sync=True)

    def __init__(self, answer: str = "", label: str = "Show the answer", *, html: str = "",
                 **kwargs: Any) -> None:
        self.answer = answer
        self.html = html
        self.label = label
        self.button = widgets.Button(description=label, tooltip="think first: this shows the answer",
                                     layout=widgets.Layout(width="auto"))
        self.button.add_class("tutor-reveal-button")
        self.button.on_click(lambda _b: self.show())
        self.answer_html = widgets.HTML("")
        super().__init__([style_widget(), self.button, self.answer_html], **kwargs)
        self.add_class("tutor-widget")
        self.add_class("tutor-reveal")

    def show(self) -> None:
        """Show the answer under the button (the button then has nothing more to do)."""
        self.shown = True
        text = (f'<pre class="tw-answer" role="status">{escape(self.answer)}</pre>'
                if self.answer else "")
        self.answer_html.value = self.html + text
        self.button.disabled = True

    def __repr__(self) -> str:
        # What a notebook's text output shows (and nbval compares): the button, never the answer.
        return f"Reveal({self.label!r}, shown={self.shown})"
