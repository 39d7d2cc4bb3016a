"""Run All keeps every answer behind a step the learner takes.

A notebook's cells run at once under *Run All*, so a cell that prints the engine's answer puts
it straight under the question it answers. In the executed copies (tests/golden/notebooks, what
Run All shows), once a section asks a question (a bold question, or "think first"), its cells
show only widgets: the table to play at, and the answer behind a :class:`Reveal` button not yet
pressed. Before, notebook 01 printed West's card under "Which card must West play?", and 02, 03
and 07 printed the engine's or the solver's answer after each "play as East" table.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from tutor.views.widgets import Reveal

ROOT = Path(__file__).parent.parent
GOLDEN = ROOT / "tests" / "golden" / "notebooks"
NOTEBOOKS = sorted(GOLDEN.glob("*.ipynb"))
QUESTION = re.compile(r"\*\*[^*]*\?\*\*|think first", re.IGNORECASE)
#: What a widget's text output starts with: the table, the quiz, the practice table, the button.
WIDGETS = ("ReplayWidget(", "QuizWidget(", "PracticeWidget(", "ScoreSheetWidget(", "PuzzleWidget(", "Reveal(")


def _text(output: nbformat.NotebookNode) -> str:
    if output.output_type == "stream":
        return str(output.text)
    if output.output_type == "error":
        return f"{output.ename}: {output.evalue}"
    return str(output.get("data", {}).get("text/plain", ""))


def shown_after_questions(path: Path) -> list[tuple[int, str]]:
    """(cell, text) of every output that stands, under Run All, after a question in its section."""
    nb = nbformat.read(path, as_version=4)
    asked = False
    found: list[tuple[int, str]] = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            if cell.source.lstrip().startswith("#"):
                asked = False  # a new section
            asked = asked or bool(QUESTION.search(cell.source))
        elif asked:
            found += [(i, _text(o)) for o in cell.get("outputs", [])]
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_run_all_shows_no_answer_under_a_question(path: Path) -> None:
    for cell, text in shown_after_questions(path):
        assert text.startswith(WIDGETS), (
            f"{path.name} cell {cell}: Run All prints this after the question, before the learner "
            f"has answered: {text[:200]!r}")
        if text.startswith("Reveal("):
            assert "shown=False" in text, f"{path.name} cell {cell}: the answer is open: {text}"


@pytest.mark.parametrize("name", ["01-getting-started", "02-left-bower", "03-joker", "07-strategy"])
def test_the_answers_are_there_behind_a_button(name: str) -> None:
    reveals = [t for _c, t in shown_after_questions(GOLDEN / f"{name}.ipynb") if t.startswith("Reveal(")]
    assert reveals, f"{name}: the answers are kept behind Reveal buttons"


def test_a_reveal_shows_its_answer_only_when_pressed() -> None:
    r = Reveal("West plays JD: West follows suit with the jack of diamonds.")
    assert "JD" not in repr(r) and "JD" not in r.answer_html.value and not r.shown
    r.button.click()
    assert r.shown and "West plays JD" in r.answer_html.value and "shown=True" in repr(r)
