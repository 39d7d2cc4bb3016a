"""Execute the lesson notebooks into their checked copies in tests/golden/notebooks/.

The notebooks in notebooks/ ship without outputs (a learner should see a question before its
answer); what they print is checked by nbval against the executed copies kept in
tests/golden/notebooks/ (tests/test_notebooks.py). Run this after a change that alters what a
notebook prints, then read `git diff tests/golden/notebooks` before committing:

    .venv/bin/python scripts/run_notebooks.py [NOTEBOOK ...]

It also strips any outputs saved into the shipped notebooks (say, by JupyterLab's autosave).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "notebooks"


def strip(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook as shipped: no outputs, no execution counts, no saved widget state."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return nb


def executed(path: Path) -> nbformat.NotebookNode:
    """``path`` run top to bottom in its own folder, without the noise (widget state, timestamps)."""
    nb = strip(nbformat.read(path, as_version=4))
    where = {"metadata": {"path": str(path.parent)}}
    NotebookClient(nb, timeout=120, kernel_name="python3", resources=where).execute()
    nb.metadata.pop("widgets", None)  # saved widget state: large, and changes every run
    for n, cell in enumerate(nb.cells):
        cell.metadata.pop("execution", None)  # timestamps
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view is not None:  # a new random id every run (nbval does not compare this type)
                view["model_id"] = f"cell-{n}"
    return nb


def run(path: Path) -> None:
    nbformat.write(strip(nbformat.read(path, as_version=4)), path)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    nbformat.write(executed(path), GOLDEN / path.name)
    print(f"ran {path.relative_to(ROOT)} into {(GOLDEN / path.name).relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        run(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
