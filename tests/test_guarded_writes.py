"""Every file tutor writes, or opens as a database, is opened in a way that cannot hang and is
never a device (:mod:`tutor.files.writeguard`, issue 25): a pipe no one reads, ``/dev/zero``,
``/dev/full`` and a folder each get one line naming the path and the reason, exit 2, promptly.

Each case runs ``tutor`` in a subprocess with a generous timeout, so that a command which hangs
again (opening a FIFO that no one reads) fails the test instead of hanging the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "hands" / "first-night-seven-hearts.yaml"
TIMEOUT = 60  # seconds: far more than any of these takes, far less than for ever
PLAY = ("play", "--seed", "0", "--samples", "1", "--auto")

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/full").exists(),
                                reason="needs FIFOs, /dev/zero and /dev/full")


def tutor(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=TIMEOUT, env={**os.environ, "TUTOR_DEBUG": ""},
                          stdin=subprocess.DEVNULL, check=False)


def fifo(tmp: Path) -> Path:
    path = tmp / "out.pipe"
    os.mkfifo(path)  # no reader: opening it to write would wait for ever
    return path


def folder(tmp: Path) -> Path:
    path = tmp / "out.d"
    path.mkdir()
    return path


# What is at the path, and the words that name it in the refusal (beside the path).
KINDS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "fifo": (fifo, "a pipe"),
    "/dev/zero": (lambda tmp: Path("/dev/zero"), "a device"),
    "/dev/full": (lambda tmp: Path("/dev/full"), "a device"),
    "folder": (folder, "a folder"),
}

# Each command that writes a file or opens a database there: its arguments ({} is the path).
COMMANDS: dict[str, tuple[str, ...]] = {
    "play --save": (*PLAY, "--save", "{}"),
    "play --save --force": (*PLAY, "--save", "{}", "--force"),
    "history export": ("history", "export", "{}", "--db", "h.sqlite3"),
    "history export --db": ("history", "export", "--db", "{}"),
    "history import --db": ("history", "import", "in.json", "--db", "{}"),
    "progress --db": ("progress", "--db", "{}"),
    "quiz --db": ("quiz", str(GOOD), "--seed", "1", "--db", "{}"),
}

# How a pipe is spoken of, where not simply as "a pipe": the pipe of play --save is refused
# outright (it is written minutes later), the one of history export because no one reads it.
PIPE_WORDS = {"play --save": "a pipe, and the file is written only at the end",
              "play --save --force": "a pipe, and the file is written only at the end",
              "history export": "a pipe with no reader"}


def _one_line_naming(done: subprocess.CompletedProcess[str], path: Path, words: str) -> None:
    lines = (done.stdout + done.stderr).splitlines()
    assert done.returncode == 2, lines
    named = [line for line in lines if str(path) in line and words in line]
    assert len(named) == 1, lines
    assert not any("Traceback" in line or "disk I/O" in line for line in lines), lines


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_writing_command_refuses_a_path_it_must_not_write_in_one_line(
        tmp_path: Path, command: str, kind: str) -> None:
    make, words = KINDS[kind]
    path = make(tmp_path)
    if kind == "fifo":
        words = PIPE_WORDS.get(command, words)
    if command == "history export":
        _a_history(tmp_path)
    if command == "history import --db":  # a good export, so that only the --db path is wrong
        _a_history(tmp_path)
        assert tutor("history", "export", "in.json", "--db", "h.sqlite3", cwd=tmp_path).returncode == 0
    done = tutor(*(str(path) if a == "{}" else a for a in COMMANDS[command]), cwd=tmp_path)
    _one_line_naming(done, path, words)
    if command.startswith("play"):
        assert "Review of your decisions" not in done.stdout  # refused before the deal


def test_a_database_whose_wal_file_is_a_pipe_is_refused_before_sqlite_opens_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "h.sqlite3-wal")
    done = tutor("progress", "--db", "h.sqlite3", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == ("tutor progress: h.sqlite3-wal is a pipe, where SQLite keeps a file beside "
                           "the history h.sqlite3; move it away\n")
    assert not (tmp_path / "h.sqlite3").exists()


def _a_history(tmp: Path) -> None:
    """h.sqlite3 in ``tmp``, holding one answer (history export has nothing to export without)."""
    done = tutor("quiz", str(GOOD), "--seed", "1", "--count", "1", "--answers", "N", "--db", "h.sqlite3",
                 cwd=tmp)
    assert (tmp / "h.sqlite3").is_file(), done.stderr


def test_history_export_writes_to_a_pipe_that_someone_reads(tmp_path: Path) -> None:
    _a_history(tmp_path)
    pipe = fifo(tmp_path)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # the reader is there before tutor opens it
    try:
        done = tutor("history", "export", pipe, "--db", "h.sqlite3", cwd=tmp_path)
        got = os.read(reader, 1 << 16)  # the export of an empty history is far less than a pipe holds
    finally:
        os.close(reader)
    assert done.returncode == 0, done.stderr
    assert b'"format": "tutor-history"' in got


@pytest.mark.parametrize("command", [
    ("history", "export", "/dev/stdout", "--db", "h.sqlite3"),
    (*PLAY, "--save", "/dev/stdout", "--force"),
])
def test_standard_output_through_a_pipe_still_works(tmp_path: Path, command: tuple[str, ...]) -> None:
    if command[0] == "history":
        _a_history(tmp_path)
    done = tutor(*command, cwd=tmp_path)  # stdout is the pipe that subprocess reads
    assert done.returncode == 0, done.stderr
    assert '"format": "tutor-history"' in done.stdout or "tags: [practice]\n" in done.stdout


# tutor export: (what is made in the output folder or the templates, its arguments, the refusal)
def _site_pipe(tmp: Path, name: str) -> None:
    (tmp / "site").mkdir()
    os.mkfifo(tmp / "site" / name)


def _template(tmp: Path, name: str, kind: str) -> None:
    (tmp / "looks").mkdir()
    path = tmp / "looks" / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()


EXPORT: dict[str, tuple[Callable[[Path], None], tuple[str, ...], str]] = {
    "a page is a pipe": (lambda tmp: _site_pipe(tmp, "index.html"), (),
                         "in the way are index.html (a pipe where tutor writes a page)"),
    "the manifest is a pipe": (lambda tmp: _site_pipe(tmp, ".tutor-export"), (),
                               "in the way are .tutor-export (a pipe where tutor keeps the list"),
    "a template is a pipe": (lambda tmp: _template(tmp, "lesson.html", "fifo"), ("--templates", "looks"),
                             "looks/lesson.html: not a regular file (a pipe, device or socket), "
                             "so not a template"),
    "a template is a device": (lambda tmp: _template(tmp, "tutor.css", "device"), ("--templates", "looks"),
                               "looks/tutor.css: not a regular file (a pipe, device or socket), "
                               "so not a template"),
    "a template is a folder": (lambda tmp: _template(tmp, "base.html", "folder"), ("--templates", "looks"),
                               "looks/base.html: this is a folder, not a template"),
}


@pytest.mark.parametrize("case", EXPORT)
def test_export_refuses_a_pipe_device_or_folder_among_its_outputs_and_templates(
        tmp_path: Path, case: str) -> None:
    make, extra, said = EXPORT[case]
    make(tmp_path)
    done = tutor("export", GOOD, "-o", "site", "-q", *extra, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("tutor export: ") and said in line
    site = tmp_path / "site"
    assert not site.exists() or not any(p.is_file() for p in site.rglob("*"))  # nothing written


def test_export_leaves_a_pipe_where_its_analysis_cache_goes_and_builds_the_site(tmp_path: Path) -> None:
    _site_pipe(tmp_path, ".tutor-analysis.json")
    done = tutor("export", GOOD, "-o", "site", "-q", "--analysis", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / ".tutor-analysis.json").is_fifo()  # only a cache: not written, not removed
