"""The puzzle widget: puzzles near the learner's rating, one at a time, rated as they are solved.

Which puzzle comes next is :func:`tutor.teach.puzzles.serving.next_puzzle`'s, the ratings and the
review schedule :mod:`tutor.teach.ratings`' (kept in the history file ``db=``, as ``tutor puzzle
--db`` keeps them; default the learner's own history). An at-the-table puzzle shows the seat's
view only (its hand, the calls, the kitty if it took it, the cards played), an open-hands one
every hand as it stands; the answer opens every hand. A wrong card shows its refutation (its
best line) first, then the answer. State: ``key`` (the puzzle shown, ``""`` when none is left),
``theme`` (``""`` or a theme the puzzles are chosen by, shown, so a solve counts for less),
``feedback`` (HTML) and ``rating`` (the learner's).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets
from markupsafe import Markup, escape

from tutor.engine.cards import Card
from tutor.solve import Solver
from tutor.teach.glicko import SHOWN_THEME_DAMPING, Rating
from tutor.teach.memory import DEFAULT_LEARNER, History
from tutor.teach.puzzles.reading import Solution, read_folder, shipped_puzzles, solve_puzzle
from tutor.teach.puzzles.serving import next_puzzle, themes_of
from tutor.teach.ratings import PuzzleRecord, record_attempt, standing
from tutor.teach.topics import topic_words
from tutor.views.shared import render
from tutor.views.widgets._common import card_button, style_widget

__all__ = ["PuzzleWidget"]


def _rating(r: Rating) -> str:
    return f"{r.rating:.0f} ± {r.deviation:.0f}"


def _table(s: Solution, *, open_all: bool) -> str:
    """The position: the seat's view, or (open-hands, or after the answer) every hand."""
    view = s.view
    before = s.replay.states[view.step - 1]
    ctx = s.position.ctx
    parts: list[str] = []
    hidden: list[str] = []
    for seat in s.position.seats:
        cards = before.hands.get(seat, ())
        if open_all or s.puzzle.kind == "open-hands" or view.sees(seat):
            parts.append(str(render.render_hand(seat, list(cards), context=ctx)))
        else:
            hidden.append(seat.word)
    if view.kitty:
        parts.append(f"<p>{escape(view.seat.word)} took the kitty: "
                     + " ".join(str(render.render_card(c)) for c in view.kitty) + "</p>")
    if view.discard:
        parts.append(f"<p>{escape(view.seat.word)} put away: "
                     + " ".join(str(render.render_card(c)) for c in view.discard) + "</p>")
    calls = ", ".join(f"{who.word} {c.pretty()}" for who, c in zip(view.callers, view.calls, strict=False))
    if calls:
        parts.append(f"<p>The auction: {render.suits(calls)}</p>")
    if view.contract is not None:
        parts.append(f"<p>Contract: {render.suits(view.contract.bid.headline())} by "
                     f"{escape(view.contract.declarer.word)}</p>")
    for trick in view.tricks:
        played = ", ".join(f"{w.word} {p.pretty()}" for w, p in zip(trick.seats, trick.plays, strict=False))
        won = f"; {trick.winner.word} won" if trick.winner is not None else ""
        parts.append(f"<p>Trick {trick.number}: {render.suits(played + won)}</p>")
    if hidden:
        parts.append(f"<p><em>{escape(', '.join(hidden))}: hands open after the answer.</em></p>")
    return "".join(parts)


class PuzzleWidget(widgets.VBox):  # type: ignore[misc]
    """Puzzles from a folder of puzzle files (default: the shipped ``puzzles/``), served near the
    learner's rating and rated in the history ``db``."""

    key = traitlets.Unicode("").tag(sync=True)
    theme = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    rating = traitlets.Float(1500.0).tag(sync=True)

    def __init__(self, folder: str | Path | None = None, *, db: str | Path | History | None = None,
                 learner: str = DEFAULT_LEARNER, theme: str = "", seed: int = 0, **kwargs: Any) -> None:
        self.puzzles = read_folder(Path(folder) if folder is not None else shipped_puzzles())
        self.history = db if isinstance(db, History) else History(db, learner=learner)
        self._seed = seed
        self._served = 0
        self._solver = Solver()
        self.solution: Solution | None = None
        self._theme_shown = False
        self._asked = time.monotonic()
        self.head_html = widgets.HTML()
        self.table_html = widgets.HTML()
        self.prompt_html = widgets.HTML()
        self.card_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.feedback_html = widgets.HTML()
        self.next_button = widgets.Button(description="Next puzzle ▶")
        self.next_button.on_click(lambda _b: self.next())
        choices = [("Any theme (not shown)", "")] + [
            (f"{topic_words(t)} ({n})", t) for t, n in themes_of(self.puzzles).items()]
        self.theme_picker = widgets.Dropdown(options=choices, description="Theme",
                                             layout=widgets.Layout(width="20em"))
        self._buttons: dict[str, widgets.Button] = {}
        super().__init__([style_widget(), self.head_html, self.table_html, self.prompt_html, self.card_row,
                          self.feedback_html, widgets.HBox([self.next_button, self.theme_picker])], **kwargs)
        self.add_class("tutor-widget")
        self.add_class("tutor-puzzle")
        self.observe(lambda c: setattr(self.feedback_html, "value", c["new"]), "feedback")
        widgets.link((self.theme_picker, "value"), (self, "theme"))
        self.set_trait("theme", theme)
        self.observe(lambda _c: self.next(), "theme")
        self.next()

    @traitlets.validate("theme")
    def _valid_theme(self, proposal: Any) -> str:
        theme = str(proposal["value"])
        if theme and theme not in themes_of(self.puzzles):
            raise traitlets.TraitError(f"no puzzle has the theme {theme!r}; the themes: "
                                       f"{', '.join(themes_of(self.puzzles)) or 'none'}")
        return theme

    def next(self) -> None:
        """Serve the next puzzle (none left: say so)."""
        theme = self.theme or None
        served = next_puzzle(self.puzzles, standing(self.history), theme=theme,
                             seed=self._seed + self._served)
        self.feedback = ""
        self.rating = standing(self.history).learner.rating
        mine = _rating(standing(self.history).learner)
        if served is None:
            self.solution = None
            self.key = ""
            self.head_html.value = (f"<p>Your rating: {mine}. No puzzle left to serve: every one has "
                                    f"been tried, and none missed is due again yet.</p>")
            self.table_html.value = self.prompt_html.value = ""
            self.card_row.children = ()
            return
        self._served += 1
        s = solve_puzzle(served.puzzle, self._solver)
        self.solution = s
        self._theme_shown = served.theme_shown
        kind = ("all hands open" if s.puzzle.kind == "open-hands"
                else f"at the table, as {s.seat.word} sees it")
        review = " · a review: missed before" if served.review else ""
        shown = f" · theme: {escape(topic_words(theme))}" if theme else ""
        self.head_html.value = (f"<p><b>{escape(s.puzzle.title)}</b> ({kind}{review}{shown})<br>"
                                f"Your rating: {mine}</p>")
        self.table_html.value = _table(s, open_all=False)
        self.prompt_html.value = f"<p><b>{escape(s.prompt)}</b></p>"
        self._buttons = {}
        for card in s.legal:
            button = card_button(card)
            button.on_click(lambda _b, c=card: self.answer(c))
            self._buttons[str(card)] = button
        self.card_row.children = tuple(self._buttons.values())
        self.key = s.puzzle.key
        self._asked = time.monotonic()

    def answer(self, card: Card | str) -> bool:
        """Answer with a card (``Card`` or its code): the feedback, the rating moved; whether right."""
        s = self.solution
        if s is None:
            raise ValueError("no puzzle is being asked: call next()")
        chosen = card if isinstance(card, Card) else Card.parse(card)
        if chosen not in s.values:
            raise ValueError(f"{s.seat.word} cannot play {chosen} here; the cards: "
                             f"{' '.join(str(c) for c in s.legal)}")
        right = s.is_right(chosen)
        p = s.puzzle
        rated = record_attempt(self.history, PuzzleRecord(p.key, p.title, p.themes), solved=right,
                               theme_shown=self._theme_shown, given=str(chosen),
                               seconds=round(time.monotonic() - self._asked, 1))
        answers = " or ".join(c.pretty() for c in s.legal if c in s.right)
        out: list[str] = []
        if right:
            out.append(f"<p class='tutor-right'><b>Right: {render.suits(answers)}.</b></p>")
        else:
            line = s.refutation_words(chosen, self._solver)
            out.append(f"<p class='tutor-refutation'><b>Not quite.</b> After "
                       f"{render.suits(chosen.pretty())} the contractor's side takes {s.values[chosen]}: "
                       f"{render.suits(line)}.</p>")
            out.append(f"<p class='tutor-answer'>The answer: {render.suits(answers)} (the contractor's side "
                       f"then takes {s.values[s.answer.card]}).</p>")
        out += [f"<p>{render.suits(text)}</p>" for text in s.note.strip().splitlines()]
        damped = (f" (the theme was shown, so it counts for {SHOWN_THEME_DAMPING:.0%})"
                  if self._theme_shown else "")
        out.append(f"<p>Your rating: {_rating(rated.learner_before)} → {_rating(rated.learner_after)}; the "
                   f"puzzle's: {_rating(rated.puzzle_before)} → {_rating(rated.puzzle_after)}{damped}</p>")
        self.feedback = str(Markup("".join(out)))
        self.table_html.value = _table(s, open_all=True)
        for button in self._buttons.values():
            button.disabled = True
        self.rating = rated.learner_after.rating
        return right

    @property
    def card_buttons(self) -> dict[str, widgets.Button]:
        """The answer buttons by card code."""
        return dict(self._buttons)

    @property
    def text(self) -> str:
        parts = (self.head_html, self.table_html, self.prompt_html, self.feedback_html)
        return "\n".join(w.value for w in parts)

    def __repr__(self) -> str:
        # Short and free of model ids: notebooks compare this text output (nbval).
        return f"PuzzleWidget(puzzles={len(self.puzzles)}, theme={self.theme!r}, served={self._served})"
