"""Writing a set of files into a folder that may hold the user's own files too, losing none.

:func:`publish` is the whole protocol the exporter follows:

- it takes a lock on the folder, so that two builds into one folder cannot interleave;
- it keeps a manifest (``.tutor-export``) of every file it wrote, each with the SHA-256 of what
  it wrote, and treats a file as its own only while the file's content still has that hash;
- before writing anything it checks every file it means to write: one that exists, differs and
  is not its own (the user's ``index.html``, say, or a page edited since) is refused, all such
  files are listed, and nothing is written, unless ``force`` is set;
- it writes each file to a temporary file beside it and renames it into place, so that a hard
  link in the folder is never written through and a reader never sees half a page;
- it removes a file it wrote earlier that the new site no longer has only when the file's
  content still matches the manifest, and reports the files it removed and those it kept.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import os
import re
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

__all__ = ["MANIFEST", "FolderError", "Published", "inside", "publish"]

#: The manifest of the files a build wrote, in the output folder: ``SHA256  path`` a line (a path
#: may have two lines, its old and new content, while a build is under way).
MANIFEST = ".tutor-export"
_LINE = re.compile(r"^([0-9a-f]{64})  (\S.*)$")


class FolderError(ValueError):
    """The files cannot be written: the message says why and what to do, in one paragraph."""


@dataclass
class Published:
    """What :func:`publish` did: files removed (no longer part of the site) and files kept."""

    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    """Files an earlier build wrote that the site no longer has, left because they changed since."""


def digest(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex, as the manifest records it."""
    return hashlib.sha256(data).hexdigest()


def inside(root: Path, rel: str) -> Path | None:
    """The file ``rel`` names inside ``root``, or None when it would be anywhere else."""
    pure = PurePosixPath(rel)
    if not rel or pure.is_absolute() or any(part in ("..", "") for part in pure.parts) or "\\" in rel:
        return None
    target = root.joinpath(*pure.parts)
    if not target.resolve().is_relative_to(root):
        return None
    return target


def publish(out: Path, files: Mapping[str, bytes], *, force: bool = False) -> Published:
    """Write ``files`` (path inside ``out`` → bytes) into ``out`` by the protocol above.

    Raises :class:`FolderError` when the folder is locked by another build, when a file in the
    way is not tutor's (and ``force`` is not set), or when the folder cannot be written.
    """
    try:
        out.mkdir(parents=True, exist_ok=True)
        root = out.resolve()
        with _locked(root, out):
            previous = _read_manifest(root)
            targets = _plan(root, out, files, previous, force)
            new = {rel: digest(data) for rel, data in files.items()}
            # Before writing, list both the old and the new content of every file as tutor's, so
            # that a build cut short (Ctrl-C, a full disk) leaves a folder the next one can finish.
            both = {rel: previous.get(rel, set()) | ({new[rel]} if rel in new else set())
                    for rel in set(previous) | set(new)}
            _write_manifest(root, both)
            for rel, target in targets.items():
                _write(target, files[rel])
            done = Published()
            for rel in sorted(set(previous) - set(files)):
                _remove_stale(root, rel, previous[rel], done)
            _write_manifest(root, {rel: {new[rel]} for rel in new})
            return done
    except OSError as err:
        raise FolderError(_os_words(err, out)) from None


@contextlib.contextmanager
def _locked(root: Path, out: Path) -> Iterator[None]:
    fd = os.open(root, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FolderError(f"another tutor export is writing to {out} now; run this one again "
                              f"when it has finished") from None
        yield
    finally:
        os.close(fd)  # closing the folder releases the lock


def _plan(root: Path, out: Path, files: Mapping[str, bytes], previous: Mapping[str, set[str]],
          force: bool) -> dict[str, Path]:
    """The files that need writing, once every file in the way has been found to be tutor's."""
    targets: dict[str, Path] = {}
    refused: list[str] = []
    blocked: list[str] = []
    manifest = root / MANIFEST
    if not manifest.is_symlink() and manifest.exists() and not manifest.is_file():
        blocked.append(f"{MANIFEST} ({_what(manifest)} where tutor keeps the list of files it wrote)")
    for rel, data in files.items():
        target = inside(root, rel)
        if target is None:
            raise FolderError(f"refusing to write {rel!r}: it is outside the output folder {out}")
        for parent in reversed(PurePosixPath(rel).parents[:-1]):
            here = root / parent
            if here.is_symlink() or (here.exists() and not here.is_dir()):
                what = "link" if here.is_symlink() else "file"
                blocked.append(f"{parent} (a {what} where tutor needs a folder)")
        if target.is_symlink() or (target.exists() and not target.is_file()):
            blocked.append(f"{rel} ({_what(target)} where tutor writes a page)")
            continue
        if target.is_file():
            current = target.read_bytes()
            if current == data:
                continue
            if not force and digest(current) not in previous.get(rel, set()):
                refused.append(rel)
        targets[rel] = target
    if blocked:
        raise FolderError(f"cannot write the site into {out}: in the way are "
                          f"{_listed(sorted(set(blocked)))}; move them away. Nothing was written.")
    if refused:
        raise FolderError(
            f"{out} holds files that tutor did not write (or that changed since it wrote them): "
            f"{_listed(refused)}. Nothing was written; move them away, or run again with --force "
            f"to overwrite them."
        )
    return targets


def _what(path: Path) -> str:
    """What is at ``path``, in words, when it is not a regular file: a link, a folder, a pipe..."""
    if path.is_symlink():
        return "a link"
    mode = path.stat().st_mode
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a socket" if stat.S_ISSOCK(mode) else "something other than a file"


def _listed(names: list[str], most: int = 8) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def _write(target: Path, data: bytes) -> None:
    """Write ``data`` to a new file beside ``target`` and rename it into place."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.{os.getpid()}.tutor-tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        try:  # a new file only: never through a link, nor into a pipe left under this name
            fd = os.open(temp, flags, 0o666)
        except FileExistsError:  # tutor's own name: left by a build cut short in this process id
            temp.unlink()
            fd = os.open(temp, flags, 0o666)
        with os.fdopen(fd, "wb") as fp:
            fp.write(data)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


def _remove_stale(root: Path, rel: str, expected: set[str], done: Published) -> None:
    target = inside(root, rel)
    if target is None or target.is_symlink() or not target.is_file():
        return
    if digest(target.read_bytes()) in expected:
        target.unlink()
        done.removed.append(rel)
    else:
        done.kept.append(rel)


def _read_manifest(root: Path) -> dict[str, set[str]]:
    """Each path an earlier build wrote, with the hashes it may have (none in the old, hashless
    list: such a file is not known to be tutor's)."""
    path = root / MANIFEST
    try:
        lines = path.read_text("utf-8").splitlines() if path.is_file() else []
    except (OSError, UnicodeDecodeError):
        return {}
    out: dict[str, set[str]] = {}
    for line in lines:
        match = _LINE.match(line)
        rel, hashed = (match.group(2), match.group(1)) if match else (line, None)
        if rel and inside(root, rel) is not None:
            out.setdefault(rel, set()).update({hashed} if hashed else set())
    return out


def _write_manifest(root: Path, hashes: Mapping[str, set[str]]) -> None:
    text = "".join(f"{h}  {rel}\n" for rel in sorted(hashes) for h in sorted(hashes[rel]))
    _write(root / MANIFEST, text.encode("utf-8"))


def _os_words(err: OSError, out: Path) -> str:
    """One line for an error the file system gave while writing the site."""
    where = err.filename if err.filename is not None else out
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot write to {where}: permission denied (choose another folder with -o)"
    if err.errno == errno.ENAMETOOLONG:
        return f"cannot write to {out}: a file name is too long for this file system"
    if err.errno == errno.ENOSPC:
        return f"cannot write to {where}: the disk is full"
    if err.errno in (errno.ENOTDIR, errno.EEXIST):
        return f"cannot write the site into {out}: a file is in the way where tutor needs a folder"
    if err.errno == errno.EISDIR:
        return f"cannot write {where}: a folder is in the way where tutor writes a page"
    return f"cannot write the site into {out}: {err.strerror or err}"
