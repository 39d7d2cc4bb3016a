"""PuzzleWidget, driven in plain pytest as the browser would (its buttons and its theme picker).

An at-the-table puzzle shows the seat's own hand only until the answer; a wrong card's refutation
comes before the answer; the rating moves and is kept in the history the widget was given.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import traitlets

from tutor.teach import glicko
from tutor.teach.memory import History
from tutor.teach.ratings import learner_rating
from tutor.views.shared.render import suits
from tutor.views.terminal.puzzles import mine_deals
from tutor.views.widgets import PuzzleWidget


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("puzzles")
    mine_deals(3, 1, out)
    files = sorted(out.glob("*.yaml"))
    # the themes the tests serve by, set by hand (the rest have none, whatever the miner found)
    chosen = ["open-hands, ruffing", "at-the-table, ducking"]
    for path, tags in zip(files, chosen + ["open-hands"] * len(files), strict=False):
        path.write_text(re.sub(r"(?m)^tags: \[puzzle, .*\]$", f"tags: [puzzle, {tags}]", path.read_text()))
    return out


def test_a_wrong_card_shows_its_refutation_then_the_answer_and_the_rating_moves(
        folder: Path, tmp_path: Path) -> None:
    w = PuzzleWidget(folder, db=tmp_path / "h.sqlite3", learner="ann", theme="ducking")
    s = w.solution
    assert s is not None and s.puzzle.kind == "at-the-table" and w.key == s.puzzle.key
    assert w.table_html.value.count('class="hand"') == 1, "the seat's own hand only"
    assert "hands open after the answer" in w.table_html.value
    wrong = next(c for c in s.legal if c not in s.right)
    w.card_buttons[str(wrong)].click()
    text = w.feedback
    line = str(suits(s.refutation_words(wrong)))
    assert text.index("Not quite.") < text.index(line) < text.index("The answer:")
    assert "counts for 50%" in text
    assert w.table_html.value.count('class="hand"') == len(s.position.seats), "the answer opens every hand"
    assert all(b.disabled for b in w.card_buttons.values())
    want, _ = glicko.solve(glicko.DEFAULT, glicko.DEFAULT, False, theme_shown=True)
    assert w.rating == pytest.approx(want.rating)
    with History(tmp_path / "h.sqlite3", learner="ann") as h:
        assert learner_rating(h).rating == pytest.approx(want.rating)


def test_the_theme_picker_serves_that_theme_and_refuses_an_unknown_one(folder: Path, tmp_path: Path) -> None:
    w = PuzzleWidget(folder, db=tmp_path / "h.sqlite3")
    w.theme_picker.value = "ruffing"
    assert w.solution is not None and w.solution.puzzle.themes == ("ruffing",)
    assert w.table_html.value.count('class="hand"') == len(w.solution.position.seats), "open hands"
    right = next(iter(w.solution.right))
    assert w.answer(right) is True and "Right:" in w.feedback and w.rating > 1500
    w.next()
    assert w.key == "" and "No puzzle left" in w.text, "the only ruffing puzzle was just tried"
    with pytest.raises(traitlets.TraitError, match="no puzzle has the theme 'squeeze'"):
        w.theme = "squeeze"
