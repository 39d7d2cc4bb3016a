"""Every command that reads a file reads it through the guard (:mod:`tutor.files.guard`): a FIFO,
a device such as ``/dev/zero`` and a file over the size limit each get one line naming the file
and the usual failure status, promptly (issue 25).

Each case runs ``tutor`` in a subprocess with a generous timeout, so that a command which hangs
again (reading a FIFO that no one writes, or ``/dev/zero`` until memory runs out) fails the
test instead of hanging the suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.files.guard import MAX_BYTES

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "hands" / "first-night-seven-hearts.yaml"
MATCH = ROOT / "matches" / "cardzo-worked-example.yaml"
MAX_EXPORT_BYTES = 64 * 1024 * 1024  # a history export (tutor.teach.transfer)
TIMEOUT = 120  # seconds: far more than any of these takes, far less than for ever

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                                reason="needs FIFOs and /dev/zero")
pytestmark = needs_fifo


def tutor(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=TIMEOUT, env={**os.environ, "TUTOR_DEBUG": ""}, check=False)


def fifo(tmp: Path, name: str) -> Path:
    path = tmp / name
    os.mkfifo(path)  # no writer: reading it would wait for ever
    return path


def device(tmp: Path, name: str) -> Path:
    return Path("/dev/zero")  # reading it never ends


def oversize(tmp: Path, name: str) -> Path:
    path = tmp / name
    if name.endswith(".json"):
        with path.open("wb") as fp:  # sparse: over the limit without writing 64 MB
            fp.truncate(MAX_EXPORT_BYTES + 1)
    else:
        # a good file padded past the limit with a comment: it would read and replay fine
        source = MATCH if name.startswith("match") else GOOD
        path.write_text(source.read_text("utf-8") + "#" * (270 * 1024) + "\n", "utf-8")
    return path


KINDS: dict[str, tuple[Callable[[Path, str], Path], str]] = {
    "fifo": (fifo, "not a regular file (a pipe, device or socket)"),
    "device": (device, "not a regular file (a pipe, device or socket)"),
    "oversize": (oversize, "may be at most"),
}

# Each command that takes a file: its arguments around the file ({} is the file) and its
# failure status.
COMMANDS: dict[str, tuple[tuple[str, ...], str, int]] = {
    "check": (("check", "{}"), "hand.yaml", 1),
    "replay": (("replay", "{}"), "hand.yaml", 1),
    "analyse": (("analyse", "{}"), "hand.yaml", 1),
    "export": (("export", "{}", "-o", "site", "-q"), "hand.yaml", 1),
    "export --matches": (("export", str(GOOD), "--matches", "{}", "-o", "site", "-q"), "match.yaml", 1),
    "score": (("score", "{}"), "match.yaml", 1),
    "quiz": (("quiz", "{}", "--show-answers", "--seed", "1"), "hand.yaml", 1),
    "history import": (("history", "import", "{}", "--db", "h.sqlite3"), "history.json", 2),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_refuses_a_file_it_must_not_read_in_one_line(
    tmp_path: Path, command: str, kind: str
) -> None:
    args, name, status = COMMANDS[command]
    make, reason = KINDS[kind]
    path = make(tmp_path, name)
    done = tutor(*(str(path) if a == "{}" else a for a in args), cwd=tmp_path)
    lines = (done.stdout + done.stderr).splitlines()
    named = [line for line in lines if str(path) in line and reason in line]
    assert done.returncode == status, lines
    assert len(named) == 1, lines
    assert not any("internal error" in line or "could not check" in line or "Traceback" in line
                   for line in lines), lines
    if kind == "oversize":
        limit = MAX_EXPORT_BYTES if name.endswith(".json") else MAX_BYTES
        assert f"({limit:,} bytes)" in named[0]


def test_check_of_a_folder_reports_the_bad_files_and_checks_the_others(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    shutil.copy(GOOD, folder / "a-good.yaml")
    big = oversize(folder, "b-big.yaml")
    pipe = fifo(folder, "c-pipe.yaml")
    shutil.copy(GOOD, folder / "d-good.yaml")
    done = tutor("check", folder, cwd=tmp_path)
    assert done.returncode == 1
    assert [line.split(": ")[0] for line in done.stdout.splitlines()] == [str(big), str(pipe)]
    assert done.stderr == "4 files checked, 2 with problems\n"


def test_a_match_hand_that_names_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo(tmp_path, "lesson.yaml")
    match = tmp_path / "m.yaml"
    match.write_text("title: t\npartnerships: {NS: N-S, EW: E-W}\nrules: australian\n"
                     "hands:\n  - {file: lesson.yaml}\n", "utf-8")
    done = tutor("score", match, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{match}:5: hand 1: lesson.yaml is not a hand file that tutor can read (not a regular file "
        f"(a pipe, device or socket), so not a hand file)"]


@pytest.mark.parametrize("reader", ["verify", "check_lesson"])
def test_the_solver_checks_read_through_the_guard_too(tmp_path: Path, reader: str) -> None:
    from tutor.files.verify import verify
    from tutor.teach.lessoncheck import check_lesson

    path = oversize(tmp_path, "hand.yaml")
    rep, problems = (verify if reader == "verify" else check_lesson)(path)
    assert rep is None and [p.line for p in problems] == [0]
    assert f"a hand file may be at most 256 kB ({MAX_BYTES:,} bytes)" in problems[0].message
