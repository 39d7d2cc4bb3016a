"""``tutor play --save FILE``: the path is checked before the deal, an existing file is written
over only with ``--force``, and a hand whose file cannot be written at the end goes somewhere
that works (a temporary file, else standard output), never lost.

Each case plays a whole hand with the computer at every seat (``--auto``), a fixed number of
layouts a card, so the same seed gives the same hand file every time.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.files.handfile import check, loads
from tutor.views.terminal import practice

PLAY = ["play", "--seed", "0", "--samples", "1", "--auto"]
NEW = "# the hand as played, a hand file: copy it from here to the end\n"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The hand file that ``PLAY`` writes when all goes well."""
    path = tmp_path / "played" / "hand.yaml"
    path.parent.mkdir()
    status, _out, err = _run([*PLAY, "--save", str(path)], capsys)
    assert status == 0 and err == f"saved the hand to {path} (tutor check {path})\n"
    assert check(path)[1] == []
    return path.read_text("utf-8")


# (what is at the path, the path given, what the refusal says): each refused before the deal
REFUSED: list[tuple[str, str, str]] = [
    ("nothing", "missing/hand.yaml", "the folder {tmp}/missing does not exist"),
    ("a folder", "folder", "that is a folder; give a file name in it, such as {tmp}/folder/hand.yaml"),
    ("a file", "file/hand.yaml", "{tmp}/file is a file, not a folder"),
    ("a file", "file", "the file exists; add --force to write over it"),
    ("nothing", "/proc/hand.yaml", "no file can be made in the folder /proc"),
]


@pytest.mark.parametrize(("there", "given", "said"), REFUSED)
def test_a_path_that_cannot_take_the_hand_is_refused_before_the_deal(
        there: str, given: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("the user's own file\n", "utf-8")
    path = given if given.startswith("/") else f"{tmp_path}/{given}"
    status, out, err = _run([*PLAY, "--save", path], capsys)
    assert status == 2
    assert out == ""  # not a card dealt
    assert err.startswith(f"tutor play: --save {path}: ")
    assert said.format(tmp=tmp_path) in err
    assert (tmp_path / "file").read_text("utf-8") == "the user's own file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "folder"]
    assert list((tmp_path / "folder").iterdir()) == []


def test_force_writes_over_an_existing_file(tmp_path: Path, played: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text("the user's own file\n", "utf-8")
    status, _out, err = _run([*PLAY, "--save", str(path), "--force"], capsys)
    assert status == 0 and err.startswith(f"saved the hand to {path}")
    assert path.read_text("utf-8") == played
    assert [p.name for p in tmp_path.iterdir() if p.name != "played"] == ["hand.yaml"]  # no leftovers


def _remove_folder(path: Path) -> None:
    path.parent.rmdir()


def _make_the_file(path: Path) -> None:
    path.write_text("made meanwhile\n", "utf-8")


def _make_a_pipe(path: Path) -> None:
    os.mkfifo(path)  # no reader: writing to it would wait for ever


# (the path given, --force, what happens while the hand is played, the reason the write fails)
AT_THE_END: list[tuple[str, bool, Callable[[Path], None], str]] = [
    ("hand.yaml", True, _make_a_pipe, "{path} is a pipe, and the file is written only at the end: "
                                      "give a file name (or /dev/stdout)"),
    ("gone/hand.yaml", False, _remove_folder, "No such file or directory"),
    ("hand.yaml", False, _make_the_file, "a file named {path} appeared while the hand was played"),
]


@pytest.mark.parametrize(("given", "force", "meanwhile", "reason"), AT_THE_END)
def test_a_hand_whose_file_fails_at_the_end_goes_to_a_temporary_file(
        given: str, force: bool, meanwhile: Callable[[Path], None], reason: str, tmp_path: Path,
        played: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(given) if given.startswith("/") else tmp_path / given
    path.parent.mkdir(exist_ok=True)
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    real = practice.play_in_terminal

    def play_and_meanwhile(*args: object, **kwargs: bool) -> int:
        status = real(*args, **kwargs)  # type: ignore[arg-type]
        meanwhile(path)
        return status

    monkeypatch.setattr(practice, "play_in_terminal", play_and_meanwhile)
    status, out, err = _run([*PLAY, "--save", str(path), *(["--force"] if force else [])], capsys)
    assert status == 1
    assert "Review of your decisions, South" in out  # the hand was played to the end
    [kept] = list(temp.iterdir())
    assert err == (f"tutor play: could not write the hand to {path} ({reason.format(path=path)}); "
                   f"it is saved in {kept} instead (tutor check {kept})\n")
    assert kept.read_text("utf-8") == played
    if meanwhile is _make_the_file:
        assert path.read_text("utf-8") == "made meanwhile\n"  # not written over without --force
    if meanwhile is _remove_folder:
        assert not path.parent.exists()


def test_a_hand_no_file_can_take_is_printed(tmp_path: Path, played: str, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "gone" / "hand.yaml"
    path.parent.mkdir()
    real = practice.play_in_terminal

    def play_and_remove(*args: object, **kwargs: bool) -> int:
        status = real(*args, **kwargs)  # type: ignore[arg-type]
        _remove_folder(path)
        return status

    monkeypatch.setattr(practice, "play_in_terminal", play_and_remove)
    monkeypatch.setattr(tempfile, "tempdir", "/proc")  # no temporary file either
    status, out, err = _run([*PLAY, "--save", str(path)], capsys)
    assert status == 1
    assert err == (f"tutor play: could not write the hand to {path} (No such file or directory), nor "
                   "to a temporary file (No such file or directory); it is printed above instead, "
                   "from '# the hand as played' to the end\n")
    assert out.endswith(NEW + played)
    assert loads(out.split(NEW)[1]).play == loads(played).play


def test_force_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--force with --save: write over an existing file" in said
    assert "checked before the deal" in said



def test_force_keeps_the_old_file_when_the_new_one_cannot_be_put_in_its_place(
        tmp_path: Path, played: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text("the user's own file\n", "utf-8")
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))

    def replace_fails(src: object, dst: object) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "replace", replace_fails)
    status, _out, err = _run([*PLAY, "--save", str(path), "--force"], capsys)
    assert status == 1 and f"could not write the hand to {path} (Input/output error)" in err
    assert path.read_text("utf-8") == "the user's own file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.yaml", "played", "temp"]
    [kept] = list(temp.iterdir())
    assert kept.read_text("utf-8") == played


def test_force_through_a_link_replaces_the_file_it_points_to(
        tmp_path: Path, played: str, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "hands" / "mine.yaml"
    real.parent.mkdir()
    real.write_text("the user's own file\n", "utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    status, _out, _err = _run([*PLAY, "--save", str(link), "--force"], capsys)
    assert status == 0
    assert link.is_symlink() and real.read_text("utf-8") == played
    assert [p.name for p in real.parent.iterdir()] == ["mine.yaml"]
