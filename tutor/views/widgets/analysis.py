"""The replay widget's *Analysis* toggle and *Hint* button: the solver's values, card by card.

:class:`AnalysisPanel` is what :class:`~tutor.views.widgets.replay.ReplayWidget` shows under its
controls. Off by default, so nothing is spoiled. Switched on, it shows each legal card of the
player to move with its value (the tricks the contractor's side takes in the whole hand after
it, all hands open, as ``tutor analyse`` counts them), the best cards highlighted, and par from
here under the widget's header.

The whole hand is analysed once, in a background thread: a step shows "analysing..." and fills
in when the answer arrives, so stepping never waits on the solver. :meth:`AnalysisPanel.wait`
joins that thread (for tests and scripts).

Values are shown only for a seat the learner can see (the hidden-hands mode), and never for the
learner's own cards before they pick in play-along: there the verdict comes after the card
("the 9♠ kept East–West to 6"), and *Hint* shows the legal cards, then the best one (the
player to move's, when just watching; for a face-down hand it says why it shows none).
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from markupsafe import Markup

from tutor.engine.cards import Card
from tutor.engine.replay import Replay, StepKind
from tutor.engine.seats import Seat
from tutor.solve import SolveError
from tutor.teach.playalong import Turn, turn_at
from tutor.teach.values import TurnValues, step_values, takes
from tutor.views.shared import render

__all__ = ["AnalysisPanel"]

_STYLE = (
    "<style>.tutor-widget .tw-analysis{margin:.3rem 0}"
    ".tutor-widget .tw-value{display:inline-flex;flex-direction:column;align-items:center;margin:0 2px}"
    ".tutor-widget .tw-value b{font-size:.85em;color:#555}"
    ".tutor-widget .tw-value.best .card{box-shadow:0 0 0 2px #1e7d32;background:#e6f4e7}"
    ".tutor-widget .tw-value.best b{color:#1e7d32}"
    ".tutor-widget .tw-par{padding:.2rem .6rem;color:#1e4f7d}</style>"
)


class AnalysisPanel(widgets.VBox):  # type: ignore[misc]
    """The Analysis toggle, the Hint button, the values of the cards to play, and par from here."""

    def __init__(self, replay: Replay, **kwargs: Any) -> None:
        self.replay = replay
        self.toggle = widgets.ToggleButton(value=False, description="Analysis",
                                           tooltip="what each card is worth, all hands open")
        self.hint_button = widgets.Button(description="Hint", tooltip="first the legal cards, then the best",
                                          disabled=True)
        self.par_html = widgets.HTML()  # the widget puts it under its header
        self.values_html = widgets.HTML()
        self.hint_html = widgets.HTML()
        for w, css in ((self.toggle, "tutor-analysis-toggle"), (self.hint_button, "tutor-hint"),
                       (self.values_html, "tutor-analysis-values"), (self.par_html, "tutor-par")):
            w.add_class(css)
        self._values: dict[int, TurnValues] | None = None
        self._error: str | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._at: tuple[int, Turn | None, Callable[[Seat], bool]] = (0, None, lambda _s: True)
        self._hints = 0
        self._hint_turn: int | None = None
        self._picked: tuple[int, Card] | None = None
        self.toggle.observe(lambda _c: self._render(), "value")
        self.hint_button.on_click(lambda _b: self.hint())
        super().__init__([widgets.HBox([self.toggle, self.hint_button]), self.values_html, self.hint_html],
                         **kwargs)
        self.add_class("tutor-analysis")

    # ------------------------------------------------------------------ the solver, in the background

    @property
    def on(self) -> bool:
        return bool(self.toggle.value)

    @property
    def ready(self) -> bool:
        return self._values is not None or self._error is not None

    def start(self) -> None:
        """Analyse the hand in a background thread, once."""
        with self._lock:
            if self._thread is not None or self.ready:
                return
            self._thread = threading.Thread(target=self._run, name="tutor-analysis", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        try:
            values = step_values(self.replay)
        except SolveError as err:
            self._error = f"Analysis is not available for this hand: {err}."
        except Exception as err:  # a bug in the solver must not leave the widget analysing forever
            self._error = f"Analysis failed ({type(err).__name__}: {err}); please report it."
        else:
            self._values = values
        self._render()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the analysis (started if it was not); True when it is there."""
        self.start()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.ready

    # ------------------------------------------------------------------ what the widget calls

    def update(self, index: int, awaiting: Turn | None, visible: Callable[[Seat], bool]) -> None:
        """The widget shows step ``index``; ``awaiting`` is the learner's turn in play-along."""
        self._at = (index, awaiting, visible)
        turn = self._hint_for()
        if turn is None or turn.index != self._hint_turn:
            self._hints = 0
            self._hint_turn = turn.index if turn is not None else None
            self.hint_html.value = ""
        self.hint_button.disabled = turn is None
        self._render()

    def _hint_for(self) -> Turn | None:
        """The turn a hint is about: the learner's in play-along, else the next card's, if any."""
        index, awaiting, _visible = self._at
        return awaiting if awaiting is not None else turn_at(self.replay, index + 1)

    def verdict(self, turn: Turn, card: Card) -> str | None:
        """The play-along verdict on the learner's card, once analysed; None when the toggle is off."""
        self._picked = (turn.index, card)
        if not self.on:
            return None
        tv = self._values.get(turn.index) if self._values is not None else None
        if tv is None:
            self.start()
            return None if self._error else "Analysing: your card's value will show under Analysis."
        return _verdict(tv, card)

    def hint(self) -> None:
        """First press: the legal cards; second: the best one (analysing first if need be)."""
        if self._hint_for() is None:
            return
        self._hints = min(self._hints + 1, 2)
        self._render()

    # ------------------------------------------------------------------ drawing

    def _render(self) -> None:
        index, awaiting, visible = self._at
        if self._hints:
            self.hint_html.value = self._hint_text(self._hint_for(), awaiting, visible)
        if not self.on:
            self.values_html.value = ""
            self.par_html.value = ""
            return
        self.start()
        if self._error is not None:
            self.values_html.value = f'<div class="tw-analysis">{html.escape(self._error)}</div>'
            self.par_html.value = ""
            return
        if self._values is None:
            self.values_html.value = '<div class="tw-analysis tw-analysing">analysing...</div>'
            self.par_html.value = '<div class="tw-par">Par from here: analysing...</div>'
            return
        self.par_html.value = self._par(index)
        self.values_html.value = _STYLE + self._cards(index, awaiting, visible)

    def _next_values(self, index: int) -> TurnValues | None:
        """The values at the next card to be played from step ``index``."""
        assert self._values is not None
        for i in range(index + 1, len(self.replay.steps)):
            if self.replay.steps[i].kind is StepKind.CARD:
                return self._values.get(i)
        return None

    def _par(self, index: int) -> str:
        tv = self._next_values(index)
        if tv is None:
            return ""
        return (f'<div class="tw-par">Par from here: {html.escape(takes(tv.side_words))} {tv.best} '
                f"with best play by everyone (all hands open).</div>")

    def _cards(self, index: int, awaiting: Turn | None, visible: Callable[[Seat], bool]) -> str:
        lines: list[str] = []
        assert self._values is not None
        if self._picked is not None and self._picked[0] in self._values and self._picked[0] <= index:
            at, card = self._picked
            lines.append(f"<div>Your last card: {html.escape(self._values[at].verdict(card))}</div>")
        turn = turn_at(self.replay, index + 1)
        tv = self._values.get(index + 1)
        if turn is None or tv is None:
            return '<div class="tw-analysis">' + "".join(lines) + "</div>"
        seat = turn.seat
        if awaiting is not None and awaiting.index == turn.index:
            lines.append(f"<div>Your turn, {seat.word}: each card's value shows after you pick "
                         f"(or ask for a hint).</div>")
        elif not visible(seat):
            lines.append(f"<div>{seat.word}'s hand is face down: its values are hidden.</div>")
        else:
            cells = []
            for card in render.sorted_hand(tuple(tv.cards), turn.ctx):
                best = tv.cards[card] == tv.best
                cell = Markup('<span class="tw-value{}" data-card="{}" data-value="{}">{}<b>{}</b></span>')
                cells.append(cell.format(" best" if best else "", str(card), tv.cards[card],
                                         render.render_card(card), tv.cards[card]))
            lines.append(f"<div>{seat.word} to play: each card's value for {html.escape(tv.side_words)} "
                         f"(best highlighted)</div><div>{''.join(cells)}</div>")
        return '<div class="tw-analysis">' + "".join(lines) + "</div>"

    def _hint_text(self, turn: Turn | None, awaiting: Turn | None, visible: Callable[[Seat], bool]) -> str:
        if turn is None:
            return ""
        own = awaiting is not None and awaiting.index == turn.index
        if not own and not visible(turn.seat):
            # Say why rather than show nothing: the hint would give the hidden cards away.
            return ('<div class="tw-feedback tw-hint">' + html.escape(
                f"{turn.seat.word}'s hand is face down: show it (Show: all hands) to get a hint.")
                + "</div>")
        legal = ", ".join(c.pretty() for c in render.sorted_hand(tuple(turn.legal()), turn.ctx))
        lines = [f"You may play: {legal}." if own else f"{turn.seat.word} may play: {legal}."]
        if self._hints >= 2:
            if self._values is None:
                self.start()
                lines.append(self._error or "The best card: analysing...")
            elif turn.index in self._values:
                tv = self._values[turn.index]
                best = ", ".join(c.pretty() for c in tv.best_cards())
                lines.append(f"The best: {best} ({takes(tv.side_words)} {tv.best}).")
        return '<div class="tw-feedback tw-hint">' + html.escape(" ".join(lines)) + "</div>"

    @property
    def card_values(self) -> dict[str, int]:
        """The values shown now, by card code (empty when none are shown)."""
        index, awaiting, visible = self._at
        if not self.on or self._values is None:
            return {}
        turn = turn_at(self.replay, index + 1)
        tv = self._values.get(index + 1)
        if turn is None or tv is None or (awaiting is not None and awaiting.index == turn.index):
            return {}
        if not visible(turn.seat):
            return {}
        return {str(c): v for c, v in tv.cards.items()}


def _verdict(tv: TurnValues, card: Card) -> str:
    """``Your 8♥ was a best card.`` / ``Your A♦ cost a trick: the 7♦ kept East–West to 6.``"""
    text = tv.verdict(card)
    return f"Your {text}" if text else ""
