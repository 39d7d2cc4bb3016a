"""Re-execute the lesson notebooks in place, keeping their outputs but not the noise.

Run this after a change that alters what a notebook prints, then read `git diff notebooks/`
before committing: the stored outputs are what nbval compares against.

    .venv/bin/python scripts/run_notebooks.py [NOTEBOOK ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    where = {"metadata": {"path": str(path.parent)}}
    NotebookClient(nb, timeout=120, kernel_name="python3", resources=where).execute()
    nb.metadata.pop("widgets", None)  # saved widget state: large, and changes every run
    for cell in nb.cells:
        cell.metadata.pop("execution", None)  # timestamps
    nbformat.write(nb, path)
    print(f"ran {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        run(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
