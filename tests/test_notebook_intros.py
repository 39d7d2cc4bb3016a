"""A lesson's intro is printed once in a notebook: a replay widget opened at the deal shows it
under the table, so the notebook's own text around that widget does not quote it again (issue 29)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tutor.files import handfile

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
INTROS = {p.name: " ".join((handfile.load(p).notes.get("intro") or "").split())
          for p in sorted((ROOT / "hands").glob("*.yaml"))}
RUN = 60  # characters: a quotation, not a phrase two texts share by chance


def _words(text: str) -> str:
    return " ".join(text.replace("*", "").split())


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_notebook_text_repeats_the_intro_of_a_lesson_it_shows(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    # a cell that loads the lesson and opens its widget at the deal (no step=, no goto)
    at_deal = [c.source for c in nb.cells if c.cell_type == "code" and "ReplayWidget" in c.source
               and "step=" not in c.source and ".goto(" not in c.source]
    shown = [name for name in INTROS if INTROS[name] and any(name in src for src in at_deal)]
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        text = _words(cell.source)
        for name in shown:
            intro = INTROS[name]
            quoted = next((intro[n:n + RUN] for n in range(0, max(1, len(intro) - RUN))
                           if intro[n:n + RUN] in text), None)
            assert quoted is None, (f"{path.name} cell {i} repeats the intro of {name}, which its "
                                    f"widget prints: {quoted!r}")
