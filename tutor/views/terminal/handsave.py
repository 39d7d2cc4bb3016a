"""``tutor play --save FILE``: a hand played at the practice table is never lost to its file.

:func:`check_save` runs before the deal: the folder must exist and take a new file, the path must
not be a folder, a device or a pipe (it is written only at the end of the hand; tutor's own
standard output, ``/dev/stdout``, is fine), and an existing file is written over only with
``--force``. :func:`save_hand`
runs at the end: when writing fails anyway (a full disk, the folder removed meanwhile), the
hand goes to a temporary file instead, or, failing that too, to standard output, and the
message says where it went.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tutor.engine.hand import Hand
from tutor.files.handwrite import dumps
from tutor.files.writeguard import UnwritableFile, refusal, write_output

__all__ = ["SaveError", "Saved", "check_save", "save_hand"]


class SaveError(ValueError):
    """``--save FILE`` cannot be written: the message names the file and says what to do."""


@dataclass(frozen=True)
class Saved:
    """Where the hand went: ``path`` is the file asked for, a temporary file, or None (printed)."""

    path: str | None
    as_asked: bool
    message: str


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def _exists(path: Path) -> bool:
    return path.is_symlink() or path.exists()  # a link to nowhere is in the way too


def check_save(path: str, *, force: bool) -> None:
    """Raise :class:`SaveError` unless a hand file can be written at ``path``, before the deal."""
    p = Path(path)
    if p.is_dir():
        raise SaveError(f"--save {path}: that is a folder; give a file name in it, such as "
                        f"{p / 'hand.yaml'}")
    folder = p.parent
    if not folder.exists():
        raise SaveError(f"--save {path}: the folder {folder} does not exist; make it first or "
                        "save elsewhere")
    if not folder.is_dir():
        raise SaveError(f"--save {path}: {folder} is a file, not a folder")
    if _exists(p):
        why = refusal(p, pipes=False)  # opens nothing: a pipe must not see a writer come and go
        if why is not None:
            raise SaveError(f"--save {path}: that is {why}")
        if not force:
            raise SaveError(f"--save {path}: the file exists; add --force to write over it, or "
                            "give another name")
        if not p.is_file():
            return  # a standard stream, a link to nowhere: written through as it is, at the end
        folder = Path(os.path.realpath(p)).parent  # a new file made beside it replaces it
    try:  # os.access says yes to root even where no file can be made (/proc): make one
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".tutor-play-", suffix=".tmp")
    except OSError as err:
        raise SaveError(f"--save {path}: no file can be made in the folder {folder} "
                        f"({_reason(err)})") from None
    os.close(fd)
    os.unlink(probe)


def _write(path: Path, text: str, *, force: bool) -> None:
    """Write ``text`` to ``path``: a new file only, unless ``force``. An existing regular file
    (through any links) is replaced whole or not at all, so a failed write leaves its old
    content; a standard stream or a link to nowhere is written through as it is, and anything
    else (a pipe or device put there since the check) is refused without waiting on it."""
    data = text.encode("utf-8")
    if force and path.is_file():
        target = Path(os.path.realpath(path))
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            shutil.copymode(target, tmp)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        return
    if force and _exists(path):
        write_output(path, data, pipes=False)
        return
    try:
        f = open(path, "xb")  # noqa: SIM115 (closed below; a file made here is removed on failure)
    except FileExistsError:
        raise FileExistsError(f"a file named {path} appeared while the hand was played") from None
    try:
        with f:
            f.write(data)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise


def save_hand(hand: Hand, path: str, out: TextIO, *, force: bool) -> Saved:
    """Write ``hand`` to ``path``; when that fails, to a temporary file, else to ``out``."""
    text = dumps(hand)
    try:
        _write(Path(path), text, force=force)
        return Saved(path, True, f"saved the hand to {path} (tutor check {path})")
    except OSError as err:
        failed = f"could not write the hand to {path} ({_reason(err)})"
    except UnwritableFile as err:
        failed = f"could not write the hand to {path} ({err})"
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix="tutor-play-", suffix=".yaml")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as err:
        if tmp is not None:  # half written: not a file to keep
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        out.write("# the hand as played, a hand file: copy it from here to the end\n" + text)
        out.flush()
        return Saved(None, False, f"{failed}, nor to a temporary file ({_reason(err)}); it is "
                                  "printed above instead, from '# the hand as played' to the end")
    return Saved(tmp, False, f"{failed}; it is saved in {tmp} instead (tutor check {tmp})")
