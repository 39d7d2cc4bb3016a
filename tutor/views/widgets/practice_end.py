"""The end of a hand at the practice widget: the whole deal, the computer's reasons in full, the
learner's decisions with *Retry
from here* and *Show what happens*, and *New deal*.

*Show what happens* after one of the learner's cards draws a stepper: the table from that card
on, every hand face up, stepped card by card with the engine's rulings (*◀ Back*, *Next ▶*),
along the line that punishes the card (best play by everyone after it) or, at the flick of a
toggle, the line after the better card: the review's, with what the learner could see, when it
marked the card; else the double-dummy best (or the one passed in). The decisions the review
marked carry their ``?`` or ``??`` in the list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets
from markupsafe import Markup

from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import SolveError
from tutor.teach.handreview.table import marks, what_happens_after
from tutor.teach.handreview.value import Review
from tutor.teach.players.aftermath import WhatHappens, what_happens
from tutor.teach.players.retry import decisions, find_decision
from tutor.views.shared import render
from tutor.views.widgets.replay import ReplayWidget

__all__ = ["HandEnd"]


class HandEnd(widgets.VBox):  # type: ignore[misc]
    """The controls under a finished practice hand (empty while the hand is played)."""

    def __init__(self, on_retry: Callable[[str], None], on_new_deal: Callable[[], None]) -> None:
        self._on_retry, self._on_new_deal = on_retry, on_new_deal
        self._built = False
        self._setting = False  # what_happens is setting the toggle: it draws the line once, itself
        self._rep: Replay | None = None
        self._seat: Seat | None = None
        self._review: Review | str | None = None
        self.what: WhatHappens | None = None
        self.view: ReplayWidget | None = None
        super().__init__([])
        self.add_class("tutor-hand-end")

    def _build(self) -> None:
        """The controls, made at the first finished hand (a practice table makes many widgets;
        these wait until they are needed)."""
        if self._built:
            return
        self._built = True
        on_retry, on_new_deal = self._on_retry, self._on_new_deal
        self.deal_html = widgets.HTML()
        self.deal_html.add_class("tutor-whole-deal")
        self.reasons_html = widgets.HTML()
        self.reasons_html.add_class("tutor-full-reasons")
        self.picker = widgets.Dropdown(description="Your decision", options=[],
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", min_width="16em"))
        self.picker.add_class("tutor-decision-picker")
        self.retry_button = widgets.Button(description="Retry from here", button_style="primary",
                                           tooltip="play on from this decision against the computer",
                                           layout=widgets.Layout(width="auto"))
        self.retry_button.add_class("tutor-retry-button")
        self.retry_button.on_click(lambda _b: on_retry(str(self.picker.value)))
        self.show_button = widgets.Button(description="Show what happens",
                                          tooltip="best play by everyone after this card, and "
                                          "after the better card", layout=widgets.Layout(width="auto"))
        self.show_button.add_class("tutor-show-button")
        self.show_button.on_click(lambda _b: self.what_happens(str(self.picker.value)))
        self.new_button = widgets.Button(description="New deal", tooltip="the next deal",
                                         layout=widgets.Layout(width="auto"))
        self.new_button.add_class("tutor-new-deal-button")
        self.new_button.on_click(lambda _b: on_new_deal())
        self.line_toggle = widgets.ToggleButtons(options=[], style={"button_width": "auto"})
        self.line_toggle.add_class("tutor-line-toggle")
        self.line_toggle.observe(lambda _c: None if self._setting else self._draw_line(), "value")
        self.stepper = widgets.VBox()
        self.stepper.add_class("tutor-line-stepper")
        self.row = widgets.HBox([self.picker, self.retry_button, self.show_button, self.new_button],
                                layout=widgets.Layout(flex_flow="row wrap"))

    def clear(self) -> None:
        self.children = ()  # the controls wait under the next finished hand
        self._rep = self.what = self.view = self._review = None

    def show(self, rep: Replay, seat: Seat, reasons: Sequence[str] = (),
             review: Review | str | None = None) -> None:
        """Fill in for the finished hand ``rep``, the learner at ``seat``, with the computer's
        ``reasons`` in full (told during the hand only as far as the learner could know) and the
        ``review`` of the learner's decisions (their marks in the list, its better cards)."""
        self._build()
        self._rep, self._seat, self.what, self.view = rep, seat, None, None
        self._review = review
        hand = rep.hand
        parts = [render.render_hand(s, cards, context=rep.context) for s, cards in hand.hands.items()]
        kitty = " ".join(c.pretty() for c in render.sorted_hand(hand.kitty, rep.context))
        self.deal_html.value = str(Markup(
            '<div class="tw-feedback"><b>The whole deal, as dealt</b> (kitty: {kitty})</div>'
            '<div class="tutor-deal-hands">{hands}</div>').format(
                kitty=kitty, hands=Markup("").join(parts)))
        self.reasons_html.value = str(Markup(
            '<details><summary>The computer\'s reasons in full, now that every hand is shown'
            '</summary><div style="max-height:18em;overflow-y:auto">{lines}</div></details>').format(
                lines=Markup("<br>").join(reasons))) if reasons else ""
        mine = decisions(rep, seat)
        marked = marks(rep, review) if isinstance(review, Review) else {}
        self.picker.options = [(f"{d.label} {marked[d.at]}" if d.at in marked else d.label, d.at)
                               for d in mine]
        if mine:  # the last card first chosen: the one a learner most often wants again
            self.picker.value = mine[-1].at
        self.stepper.children = ()
        shown: tuple[widgets.Widget, ...] = (
            (self.deal_html, self.reasons_html, self.row, self.stepper) if mine
            else (self.deal_html, self.reasons_html, self.new_button))
        self.children = shown

    def what_happens(self, at: str, better: Play | None = None) -> WhatHappens | None:
        """Draw the stepper for the learner's card ``at`` (``better``: the card to compare with;
        default the review's better card when it marked the card, else the double-dummy best).
        Returns what it shows (None: not a card, or no solve)."""
        if self._rep is None or self._seat is None:
            return None
        rep = self._rep
        d = find_decision(rep, self._seat, at)
        if d.kind is not StepKind.CARD:
            self.stepper.children = (widgets.HTML(
                '<div class="tw-feedback tw-refused">What happens is shown after a card: pick one '
                'of your cards.</div>'),)
            return None
        number = sum(1 for s in rep.steps[:d.step] if s.kind is StepKind.CARD)
        try:
            self.what = (what_happens(rep, number, better) if better is not None
                         else what_happens_after(rep, number, self._review))
        except SolveError as err:
            self.stepper.children = (widgets.HTML(
                f'<div class="tw-feedback tw-refused">No line: {escape(str(err))}</div>'),)
            return None
        what = self.what
        options = [(f"After your {what.played.card.pretty()}", "played")]
        if what.better is not None:
            options.append((f"After {what.better.card.pretty()} instead", "better"))
        # new options reset the toggle's value, and each change of value would draw the line
        # again: a new view each time, under a click a browser may already have aimed at the last
        self._setting = True
        try:
            self.line_toggle.options = options
            self.line_toggle.value = "played"
        finally:
            self._setting = False
        self._draw_line()
        return what

    def _draw_line(self) -> None:
        what = self.what
        if what is None or self.line_toggle.value is None:
            return
        line = what.played if self.line_toggle.value == "played" or what.better is None else what.better
        view = ReplayWidget(line.replay, step=line.start, show="all")
        self.view = view
        contract = line.replay.contract
        side = f"{contract.declarer.word}'s side takes" if contract else "the contractors take"
        said = (f"Best play by everyone after your {what.played.card.pretty()} in trick {what.trick}"
                f", all hands open: {side} {line.tricks} tricks. Step through it card by card."
                if line is what.played else
                f"After {line.card.pretty()} instead ({what.best_by}): {side} {line.tricks} "
                f"tricks.")
        caption = widgets.HTML(f'<div class="tw-feedback tw-prompt tutor-line-caption">{escape(said)}'
                               f'</div>')
        steps = widgets.HBox([view.back_button, view.next_button])
        self.stepper.children = (self.line_toggle, caption, view.table, steps, view.ruling)
