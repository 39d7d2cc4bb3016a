"""Without a C compiler tutor still installs, solves in pure Python, and says so once a run.

The compiled core (tutor/solve/_core.c) is an optional extension: where it does not build, the
install goes on without it and the reference solver answers instead, much more slowly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
import yaml

import tutor.solve.reference
import tutor.solve.solver as solver_module
from tutor.cli import main
from tutor.solve import FAST, SLOW_WARNING, Position
from tutor.solve.core import Core

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "hands" / "defence-partners-ace-of-clubs.yaml"  # has a par and best-card notes

#: In the tutor installed without its core: not FAST, the reference answers, and the warning
#: asked for comes once however many solvers answer.
SOLVE = """
import sys
import tutor
from tutor.engine.cards import Card
from tutor.engine.play import PlayContext
from tutor.engine.seats import Seat
from tutor.solve import FAST, Position, Solver, warn_when_slow
assert tutor.__file__.startswith(sys.argv[1]), tutor.__file__
assert not FAST
hands = tuple(tuple(Card.parse(c) for c in h.split()) for h in ("AS KS", "AH KH", "QS QH", "JS 10H"))
pos = Position((Seat.N, Seat.E, Seat.S, Seat.W), hands, (True, False, True, False),
               PlayContext(trumps=None))
warn_when_slow()
assert Solver().engine == "python"
print(Solver().value(pos), Solver().value(pos))
"""


def test_without_a_c_compiler_tutor_installs_and_solves_in_pure_python(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    for folder in ("tutor", "templates"):
        shutil.copytree(ROOT / folder, project / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    site = tmp_path / "site"
    env = {**os.environ, "CC": "false", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INDEX": "1"}
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "-q",
         "--target", str(site), str(project)],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )
    assert install.returncode == 0, install.stderr
    assert not list((site / "tutor" / "solve").glob("_core*.so"))
    assert (site / "tutor" / "solve" / "reference.py").is_file()
    run = subprocess.run([sys.executable, "-c", SOLVE, str(site)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(site)}, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["2", "2"]  # N and S take the two spades
    assert run.stderr.count(SLOW_WARNING) == 1


def test_where_there_is_a_c_compiler_the_core_is_built() -> None:
    """The core is optional at install time, so a core that stopped compiling would only skip
    the C engine's tests: where a C compiler is, the core must be there."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}) here: the pure-Python solver is tested alone")
    assert FAST, "the compiled core did not build: pip install -e . -v says why"


@pytest.fixture
def without_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """tutor as installed without its core, and a fresh run: the Python engine answers (here
    with the core's numbers, so that whole hands take no minutes) and nothing was said yet."""
    if not FAST:
        pytest.skip("the compiled core stands in for the slow reference here")
    monkeypatch.setattr(solver_module, "FAST", False)
    monkeypatch.setattr(solver_module, "_SLOW", solver_module._SlowNote())
    monkeypatch.setattr(tutor.solve.reference, "value", lambda pos: Core().value(pos))


def _without_claims(tmp_path: Path) -> Path:
    data = yaml.safe_load(LESSON.read_text("utf-8"))
    for key in ("par", "notes", "decision"):
        data.pop(key, None)
    path = tmp_path / "plain.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    return path


@pytest.mark.usefixtures("without_the_core")
def test_analyse_says_once_that_the_slower_solver_is_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(LESSON), str(LESSON)]) == 0
    err = capsys.readouterr().err
    assert err.count(SLOW_WARNING) == 1
    assert "C compiler" in err and "reinstall" in err


@pytest.mark.usefixtures("without_the_core")
def test_check_says_it_only_where_the_solver_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "-q", str(_without_claims(tmp_path))]) == 0
    assert SLOW_WARNING not in capsys.readouterr().err
    assert main(["check", "-q", str(LESSON), str(LESSON)]) == 0  # par and claims: the solver runs
    assert capsys.readouterr().err.count(SLOW_WARNING) == 1


@pytest.mark.usefixtures("without_the_core")
def test_play_says_it_once(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115 - closed with the test
    main(["play", "--auto", "--samples", "2", "--seed", "1"])
    assert capsys.readouterr().err.count(SLOW_WARNING) == 1


def test_the_library_says_nothing_unless_asked(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(solver_module, "FAST", False)
    monkeypatch.setattr(solver_module, "_SLOW", solver_module._SlowNote())
    from tutor.engine.cards import Card
    from tutor.engine.play import PlayContext
    from tutor.engine.seats import Seat

    hands = tuple(tuple(Card.parse(c) for c in h.split()) for h in ("AS", "AH", "QS", "JS"))
    pos = Position((Seat.N, Seat.E, Seat.S, Seat.W), hands, (True, False, True, False),
                   PlayContext(trumps=None))
    assert solver_module.Solver().value(pos) == 1
    assert capsys.readouterr().err == ""
