"""Every negative score is written with a true minus sign (U+2212), as the sentences write it,
by one function: :func:`tutor.engine.scoring.signed` (and :func:`~tutor.engine.scoring.minus`
for totals). The quiz, the replay widget, the pages, the terminal, the score sheets and the
scoring notebook all print through it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.scoring import minus, signed
from tutor.files.handfile import check
from tutor.views.widgets import ReplayWidget

ROOT = Path(__file__).resolve().parent.parent
SET_HAND = ROOT / "hands" / "eight-hearts-set.yaml"  # West's eight hearts one trick short: −300


@pytest.mark.parametrize(
    ("n", "total", "points"),
    [(-320, "−320", "−320"), (0, "0", "0"), (140, "140", "+140"), (-1, "−1", "−1")],
)
def test_minus_and_signed(n: int, total: str, points: str) -> None:
    assert minus(n) == total and signed(n) == points
    assert "-" not in minus(n) + signed(n)  # never a hyphen-minus


def test_replay_widget_shows_a_set_contract_with_a_true_minus() -> None:
    rp, _ = check(SET_HAND)
    assert rp is not None and rp.result is not None
    w = ReplayWidget(rp, step=len(rp.steps) - 1)
    assert "East–West −300" in w.header.value and "-300" not in w.header.value


def test_no_module_or_notebook_writes_a_sign_of_its_own() -> None:
    """A format with a sign (``:+d``) prints a hyphen for a negative number, and a second copy
    of the minus rule can drift: outside tutor/engine/scoring.py there is neither."""
    own_sign = re.compile(r":\+d|:\+\.|f\"−\{-|replace\(\"-\", \"−\"\)")
    paths = [*sorted((ROOT / "tutor").rglob("*.py")), *sorted((ROOT / "notebooks").glob("*.ipynb"))]
    found = [
        f"{p.relative_to(ROOT)}:{i}: {line.strip()}"
        for p in paths if p.name != "scoring.py"
        for i, line in enumerate(p.read_text("utf-8").splitlines(), 1) if own_sign.search(line)
    ]
    assert found == []
