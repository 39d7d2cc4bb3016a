"""The score-sheet widget: a whole match's running sheet, scored again when a setting changes.

Cardzo's promise: change a setting and the match in progress is recalculated. The scoring is
:func:`tutor.views.sheet.model.score_match`'s and the sheet is drawn by
:mod:`tutor.views.sheet.html` (the same
sheet as ``tutor score`` and the exported pages); this widget holds only the settings a table
most often changes, as synced traitlets checked against the rules' ranges:

``target``, ``lose_at``, ``slam``, ``misere_value``, ``defender_trick_value``,
``defenders_score_in_misere`` and ``win_on_defence``.

Each starts at the match file's value. ``changed`` lists the ones that differ now, and
``error`` holds the reason when the game cannot be scored under them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets
from markupsafe import escape

from tutor.engine.rules import SETTINGS, RulesError
from tutor.engine.scoring import minus
from tutor.files.match import Match
from tutor.files.match import load as load_match
from tutor.views.sheet.html import render_score_sheet
from tutor.views.sheet.model import ScoreSheet, score_match
from tutor.views.widgets._common import macros, style_widget

__all__ = ["SHEET_CONTROLS", "ScoreSheetWidget"]

#: The settings the widget offers, in the order shown.
SHEET_CONTROLS = (
    "target", "lose_at", "slam", "misere_value", "defender_trick_value",
    "defenders_score_in_misere", "win_on_defence",
)

_SLAM_LABELS = (("at least 250", "minimum250"), ("the contract value", "none"),
                ("the contract value + 250", "plus250"))


class ScoreSheetWidget(widgets.VBox):  # type: ignore[misc]
    """A match's score sheet with controls for its settings; each change rescores the whole game."""

    target = traitlets.Int(500).tag(sync=True)
    lose_at = traitlets.Int(-500).tag(sync=True)
    slam = traitlets.Unicode("minimum250").tag(sync=True)
    misere_value = traitlets.Int(250).tag(sync=True)
    defender_trick_value = traitlets.Int(10).tag(sync=True)
    defenders_score_in_misere = traitlets.Bool(False).tag(sync=True)
    win_on_defence = traitlets.Bool(False).tag(sync=True)
    changed = traitlets.List(traitlets.Unicode()).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, match: Match, **settings: Any) -> None:
        self.match = match
        self.file_sheet = score_match(match)
        self.sheet: ScoreSheet | None = self.file_sheet
        base = match.rules
        self._drawing = True
        for name in SHEET_CONTROLS:
            self.set_trait(name, getattr(base, name))
        self._drawing = False

        self.summary_html = widgets.HTML()
        self.summary_html.add_class("tutor-sheet-summary")
        self.sheet_html = widgets.HTML()
        self.sheet_html.add_class("tutor-sheet-table")
        self.controls = self._make_controls()
        self.reset_button = widgets.Button(
            description="The file's settings", tooltip="score the game as the match file says",
            layout=widgets.Layout(width="auto"),
        )
        self.reset_button.on_click(lambda _b: self.reset())
        panel = widgets.VBox(
            [widgets.HTML('<div class="tw-sheet-controls-head">Change a setting: the whole game '
                          "is scored again from the first hand.</div>"),
             widgets.HBox(list(self.controls.values())[:3], layout=widgets.Layout(flex_flow="row wrap")),
             widgets.HBox(list(self.controls.values())[3:5], layout=widgets.Layout(flex_flow="row wrap")),
             widgets.HBox([*list(self.controls.values())[5:], self.reset_button],
                          layout=widgets.Layout(flex_flow="row wrap"))],
        )
        panel.add_class("tutor-sheet-controls")
        super().__init__([style_widget(), _style_widget(), panel, self.summary_html, self.sheet_html])
        self.add_class("tutor-widget")
        self.add_class("tutor-sheet")
        for name, control in self.controls.items():
            widgets.link((control, "value"), (self, name))
        self.observe(self._on_setting, list(SHEET_CONTROLS))
        for name, value in settings.items():
            if name not in SHEET_CONTROLS:
                raise ValueError(
                    f"{name!r} is not one of the sheet's settings ({', '.join(SHEET_CONTROLS)})"
                )
            setattr(self, name, value)
        self._rescore()

    @classmethod
    def from_file(cls, path: str | Path, **settings: Any) -> ScoreSheetWidget:
        """A widget for a match file; raises :class:`~tutor.files.match.MatchFileError` for a bad file."""
        return cls(load_match(path), **settings)

    def _make_controls(self) -> dict[str, widgets.Widget]:
        style = {"description_width": "initial"}

        def slider(name: str, label: str) -> widgets.IntSlider:
            s = SETTINGS[name]
            return widgets.IntSlider(
                value=getattr(self, name), min=s.minimum, max=s.maximum, step=s.step,
                description=label, style=style, continuous_update=False,
                layout=widgets.Layout(width="22em"),
            )

        return {
            "target": slider("target", "Play to"),
            "lose_at": slider("lose_at", "Lose at"),
            "slam": widgets.Dropdown(options=_SLAM_LABELS, value=self.slam, description="All ten tricks",
                                     style=style, layout=widgets.Layout(width="22em")),
            "misere_value": slider("misere_value", "Misère is worth"),
            "defender_trick_value": slider("defender_trick_value", "Defenders per trick"),
            "defenders_score_in_misere": widgets.Checkbox(
                value=self.defenders_score_in_misere, description="Defenders score during misère",
                indent=False, layout=widgets.Layout(width="auto"),
            ),
            "win_on_defence": widgets.Checkbox(
                value=self.win_on_defence, description="Defenders' trick points can win",
                indent=False, layout=widgets.Layout(width="auto"),
            ),
        }

    # ------------------------------------------------------------------ validation

    @traitlets.validate(*SHEET_CONTROLS)
    def _valid_setting(self, proposal: Any) -> object:
        name = proposal["trait"].name
        try:
            return SETTINGS[name].check(proposal["value"])
        except RulesError as err:
            raise traitlets.TraitError(str(err)) from None

    # ------------------------------------------------------------------ actions

    @property
    def overrides(self) -> dict[str, object]:
        """The settings that differ from the match file's, by name."""
        base = self.match.rules
        return {n: getattr(self, n) for n in SHEET_CONTROLS if getattr(self, n) != getattr(base, n)}

    def reset(self) -> None:
        """Back to the match file's settings."""
        base = self.match.rules
        self._drawing = True
        try:
            for name in SHEET_CONTROLS:
                setattr(self, name, getattr(base, name))
        finally:
            self._drawing = False
        self._rescore()

    def _on_setting(self, _change: dict[str, Any]) -> None:
        if not self._drawing:
            self._rescore()

    def _rescore(self) -> None:
        overrides = self.overrides
        self.changed = sorted(overrides)
        self.reset_button.disabled = not overrides
        try:
            self.sheet = score_match(self.match, overrides)
        except (RulesError, ValueError) as err:
            # A game that cannot be scored this way (MatchFileError is a ValueError): say why.
            self.sheet = None
            self.error = str(err)
            self.summary_html.value = (
                f'<div class="tw-feedback tw-wrong"><b>Cannot score this game so:</b> '
                f"{escape(self.error)}</div>"
            )
            self.sheet_html.value = ""
            return
        self.error = ""
        self.summary_html.value = _summary(self.file_sheet, self.sheet)
        self.sheet_html.value = str(render_score_sheet(self.sheet))

    def __repr__(self) -> str:
        # Short and free of model ids: notebooks compare this text output (nbval).
        return f"ScoreSheetWidget(match={self.match.title!r}, changed={self.changed!r})"

    @property
    def text(self) -> str:
        """Everything the widget shows now, as HTML (for tests and for a quick look)."""
        return f"{self.summary_html.value}\n{self.sheet_html.value}"


def _outcome(sheet: ScoreSheet) -> str:
    totals = ", ".join(f"{p.name} {minus(sheet.totals[p.key])}" for p in sheet.parties)
    if sheet.finished:
        won = [s.party.name for s in sheet.standings if s.winner]
        return f"{totals}; finished after hand {sheet.finished_after}, {' and '.join(won) or 'no one'} won"
    return f"{totals}; not finished"


def _summary(before: ScoreSheet, now: ScoreSheet) -> str:
    """One line when nothing changed; otherwise the file's outcome and the new one, side by side."""
    return str(macros("widget_sheet.html").summary({
        "changed": bool(now.changed),
        "before": _outcome(before),
        "now": _outcome(now),
        "same": _outcome(before) == _outcome(now),
    }))


def _style_widget() -> widgets.HTML:
    style = macros("widget_sheet.html").style()
    return widgets.HTML(str(style), layout=widgets.Layout(display="none"))
