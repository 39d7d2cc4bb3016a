"""The command line under faults: terminal escapes from files, and each way a command can fail
ending in one clear line and a nonzero status, never a traceback (issue 11)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import cli
from tutor.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "hands" / "first-night-seven-hearts.yaml"
CARDZO = ROOT / "matches" / "cardzo-worked-example.yaml"
ESC = "\x1b"


def tutor(*args: str, shell_tail: str = "", env: dict[str, str] | None = None,
          **kw: object) -> subprocess.CompletedProcess[bytes]:
    """``tutor ARGS`` in its own process (so that its streams are real files)."""
    command = " ".join(f"'{a}'" for a in (sys.executable, "-m", "tutor", *args))
    return subprocess.run(f"{command} {shell_tail}", shell=True, capture_output="stdout" not in kw,
                          env={**os.environ, **(env or {})}, cwd=ROOT, check=False, **kw)  # type: ignore[call-overload,no-any-return]


# terminal escapes -----------------------------------------------------------------------------


def test_escapes_in_a_title_and_notes_are_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = GOOD.read_text("utf-8")
    title = next(line for line in text.splitlines() if line.startswith("title:"))
    text = text.replace(title, 'title: "Evil\\e]52;c;cGF5bG9hZA==\\a\\e[2J title"', 1)
    text = text.replace("notes:\n", 'notes:\n  "5": "bye\\e]0;owned\\a\\r"\n', 1)
    path = tmp_path / "evil.yaml"
    path.write_text(text, "utf-8")
    assert main(["check", str(path), "-q"]) == 0  # valid: the escape is only text
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert ESC not in out and "\a" not in out and "\r" not in out
    assert "Evil\\x1b]52;c;cGF5bG9hZA==\\x07\\x1b[2J title" in out
    assert "bye\\x1b]0;owned\\x07" in out


def test_escapes_in_player_names_are_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(CARDZO.read_text("utf-8").replace("NS: North–South", 'NS: "North\\e[2J"'), "utf-8")
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert ESC not in out and "North\\x1b[2J" in out


def test_a_newline_in_a_file_name_cannot_forge_a_problem_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.yaml\nok.yaml:1: forged"
    path.write_text("title: [", "utf-8")
    assert main(["check", str(path), "-q"]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith(str(path).replace("\n", "\\n") + ":2: not valid YAML")


# the traceback causes ---------------------------------------------------------------------------


def test_ctrl_c_is_one_line_and_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(["quiz", str(GOOD), "--seed", "1", "--count", "1"]) == 130
    assert capsys.readouterr().err == "\ntutor: interrupted\n"


@pytest.mark.parametrize("command", ["check", "replay", "score", "export", "rules", "quiz", "schema"])
def test_ctrl_c_in_every_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str, tmp_path: Path
) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, f"cmd_{command}", interrupted)
    argv = {"check": [str(GOOD)], "replay": [str(GOOD)], "score": [str(CARDZO)], "rules": [],
            "export": [str(GOOD), "-o", str(tmp_path)], "quiz": [], "schema": []}[command]
    assert main([command, *argv]) == 130
    assert capsys.readouterr().err.endswith("tutor: interrupted\n")


def test_an_unknown_preset_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tutor: unknown rules preset 'nope': expected one of american,")
    assert err.count("\n") == 1


def test_a_file_name_too_long_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("check", "replay", "score", "export"):
        assert main([command, "x" * 5000]) in (1, 2)
        err = capsys.readouterr().err
        assert err.count("\n") <= 2 and "Traceback" not in err and ("too long" in err or "no such" in err)


def test_an_unreadable_folder_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def refuse(self: Path, pattern: str) -> object:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "rglob", refuse)
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"tutor: {tmp_path}: permission denied (tutor cannot read or write it)\n"


def test_a_full_standard_output_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = tutor("replay", str(GOOD), stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 1
    assert done.stderr == b"tutor: cannot write to standard output: No space left on device\n"


def test_a_closed_standard_output_is_one_line() -> None:
    done = tutor("replay", str(GOOD), shell_tail=">&-")
    assert done.returncode == 1
    assert done.stderr == b"tutor: standard output is closed, so there is nowhere to print to\n"


def test_a_pipe_whose_reader_has_gone_is_quiet() -> None:
    read, write = os.pipe()
    os.close(read)  # no reader at all: the first write fails
    try:
        done = tutor("replay", str(GOOD), stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert done.returncode == 1 and done.stderr == b""


@pytest.mark.parametrize("flags", [(), ("--ascii",)])
@pytest.mark.parametrize("command", ["replay", "score", "quiz"])
def test_a_terminal_that_is_not_utf8_gets_ascii(command: str, flags: tuple[str, ...]) -> None:
    target = {"replay": [str(GOOD)], "score": [str(CARDZO)],
              "quiz": [str(GOOD), "--seed", "3", "--show-answers", "--count", "2"]}[command]
    done = tutor(command, *target, *flags, env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and done.stderr == b""
    assert b"Trick 1" in done.stdout or b"Question 1" in done.stdout or b"Final standings" in done.stdout


def test_ascii_output_is_ascii_even_on_a_utf8_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOOD), "--ascii"]) == 0
    assert capsys.readouterr().out.isascii()


def test_a_newline_in_an_export_source_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(tmp_path / "a\nb.yaml:1: forged"), "-o", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a\\nb.yaml:1: forged: no such file or folder" in err
