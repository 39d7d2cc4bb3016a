"""The notebooks: shipped without outputs, checked by nbval on executed copies, and Run All
leaves the first table where the lesson starts.

A notebook saved with outputs shows each answer under the cell that asks the question, so the
shipped notebooks have none. What they print is still checked: nbval runs each executed copy in
tests/golden/notebooks/ (made by scripts/run_notebooks.py, reviewed like the golden site) in a
fresh kernel and compares every text output; the copies hold exactly the shipped cells.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
GOLDEN = ROOT / "tests" / "golden" / "notebooks"
REGENERATE = "TUTOR_REGENERATE_GOLDEN"
IDS = [p.stem for p in NOTEBOOKS]


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 5


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_shipped_notebook_has_no_outputs(path: Path) -> None:
    nb = read(path)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{path.name} cell {i} was saved with outputs: "
                "run scripts/run_notebooks.py (it strips them and updates the checked copy)")
    assert "widgets" not in nb.metadata


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_the_executed_copy_holds_the_shipped_cells(path: Path) -> None:
    golden = GOLDEN / path.name
    if os.environ.get(REGENERATE) == "1":
        subprocess.run([sys.executable, str(ROOT / "scripts" / "run_notebooks.py"), str(path)], check=True)
    assert golden.is_file(), f"no executed copy of {path.name}: run scripts/run_notebooks.py"
    shipped, copy = read(path), read(golden)
    cells = [(c.cell_type, c.source) for c in shipped.cells]
    assert [(c.cell_type, c.source) for c in copy.cells] == cells, (
        f"{golden} is not a copy of {path.name}: run scripts/run_notebooks.py and read the diff")
    assert any(c.get("outputs") for c in copy.cells), f"{golden} has no outputs to compare"


def test_nbval_on_the_executed_copies(tmp_path: Path) -> None:
    """nbval reruns every checked copy in a fresh kernel, beside the lesson files as in notebooks/,
    and compares each cell's text output (one pytest run for all of them: a start-up each is slow)."""
    work = tmp_path / "work"
    for folder in ("hands", "matches"):
        shutil.copytree(ROOT / folder, work / folder)
    shutil.copytree(ROOT / "tests" / "data", work / "tests" / "data")
    (work / "notebooks").mkdir()
    for path in NOTEBOOKS:
        shutil.copy(GOLDEN / path.name, work / "notebooks" / path.name)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
         "--rootdir", str(work), "--nbval", "--nbval-current-env", "notebooks"],
        cwd=work, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    cells = sum(1 for p in NOTEBOOKS for c in read(p).cells if c.cell_type == "code")
    assert f"{cells} passed" in run.stdout, run.stdout[-2000:]


def test_run_all_leaves_the_first_table_at_the_deal_with_south_face_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every cell of the first notebook, in order: the first table is still at the deal, showing
    only South's hand ("you are South") and the author's opening question."""
    from tutor.views.widgets import ReplayWidget

    monkeypatch.chdir(ROOT / "notebooks")
    names: dict[str, object] = {}
    for cell in read(ROOT / "notebooks" / "01-getting-started.ipynb").cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, "01-getting-started", "exec"), names)
    table = names["table"]
    assert isinstance(table, ReplayWidget)
    assert table.step == 0 and table.show == "S"
    assert table.table.value.count("card back") == 30  # the other three hands face down
    note = table.ruling.value
    assert "You are South" in note and "?" in note
