"""The history's SQLite file as a file: opened to read or to write, checked, and its faults in words.

:mod:`tutor.teach.memory` keeps the answers; this module opens the file for it and says, in one
line naming the file, what is wrong when something is:

* a reading command (``tutor progress``, ``tutor history export``) opens the file read-only and
  never creates, migrates or changes it: a file that is not there is :class:`NoHistory`;
* a writing command opens it read-write, and a file it cannot write (read-only, or in a read-only
  folder) is refused before any question is asked;
* an SQLite file with tables of its own but not tutor's (some other program's database) is
  refused rather than given tutor's tables; one with some of tutor's tables gone, or with values
  no tutor wrote (a card's state that is not JSON, a time that is not a time), is *damaged*.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from tutor.engine.cards import TutorError

__all__ = [
    "TABLES",
    "HistoryError",
    "NoHistory",
    "check_tables",
    "connect",
    "damaged",
    "newer",
    "not_foreign",
    "readable_version",
    "sql_problem",
    "stored_time",
    "stored_words",
    "tables",
]

#: The columns each of tutor's tables has at least (later schema steps may add more).
TABLES: dict[str, tuple[str, ...]] = {
    "learners": ("id", "name"),
    "deals": ("id", "title", "hand"),
    "questions": ("key", "deal", "kind", "trick", "place", "topics", "rulings", "prompt"),
    "answers": ("id", "uid", "learner", "question", "answered_at", "correct", "seconds", "given"),
    "cards": ("learner", "question", "due", "state"),
    "puzzles": ("key", "title", "themes", "rating", "deviation", "volatility"),
    "learner_ratings": ("learner", "rating", "deviation", "volatility"),
    "attempts": ("id", "uid", "learner", "puzzle", "attempted_at", "solved", "theme_shown", "given",
                 "seconds"),
    "puzzle_cards": ("learner", "puzzle", "due", "state"),
}

# SQLite's primary result codes (the low byte of an extended code).
_BUSY, _LOCKED, _READONLY, _CORRUPT, _CANTOPEN, _NOTADB = 5, 6, 8, 11, 14, 26


class HistoryError(TutorError):
    """A history file that cannot be used: not SQLite, made by a newer tutor, a bad learner name."""


class NoHistory(HistoryError):
    """A reading command was pointed at a history that does not exist yet (nothing is created)."""


def damaged(path: Path | str, what: str) -> HistoryError:
    """The error for a file whose contents tutor did not write: ``PATH: damaged history: WHAT``."""
    return HistoryError(f"{path}: damaged history: {what}")


def sql_problem(path: Path | str, err: sqlite3.Error, *, opening: bool = False) -> HistoryError:
    """An error from SQLite, in words that name the file (``opening``: while checking it is one)."""
    code = (getattr(err, "sqlite_errorcode", 0) or 0) & 0xFF
    if code == _READONLY:
        return HistoryError(f"{path}: cannot be written (the file or its folder is read-only), "
                            f"so answers cannot be kept in it")
    if code in (_BUSY, _LOCKED):
        return HistoryError(f"{path}: another program is writing this history; try again when it is done")
    if code == _CANTOPEN:
        return HistoryError(f"{path}: cannot open a history here ({err})")
    if opening or code in (_NOTADB,):
        return HistoryError(f"{path}: not a tutor history file ({err})")
    if isinstance(err, sqlite3.OperationalError) or code == _CORRUPT:
        return damaged(path, str(err))
    return HistoryError(f"{path}: {err}")


def connect(path: Path, *, write: bool, timeout: float) -> sqlite3.Connection:
    """An autocommit connection to ``path``: read-write (creating the file and its folders), or
    read-only, in which case nothing is created and a missing file is :class:`NoHistory`."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if not write:
            raise NoHistory(f"{path}: no history yet (`tutor quiz` keeps one from the first answer)") \
                from None
        info = None
    except OSError as err:
        raise HistoryError(f"{path}: cannot open a history here ({err.strerror or err})") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a pipe, device or socket)"
        raise HistoryError(f"{path}: {what}, so not a tutor history file")
    try:
        if write:
            path.parent.mkdir(parents=True, exist_ok=True)
            return sqlite3.connect(path, timeout=timeout, isolation_level=None)
        uri = "file:" + quote(str(path.absolute()), safe="/") + "?mode=ro"
        return sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    except OSError as err:
        raise HistoryError(f"{path}: cannot open a history here ({err.strerror or err})") from None
    except sqlite3.Error as err:
        raise sql_problem(path, err, opening=True) from err


def tables(conn: sqlite3.Connection) -> dict[str, set[str]]:
    """Every table in the file with its columns."""
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    column = "SELECT name FROM pragma_table_info(?)"
    return {str(n): {str(r[0]) for r in conn.execute(column, (n,))} for n in names}


def check_tables(found: dict[str, set[str]], path: Path | str) -> None:
    """Refuse a file without tutor's tables (another program's database) or with some of them gone."""
    if not set(found) & set(TABLES):
        raise HistoryError(
            f"{path}: not a tutor history file (an SQLite file with other tables: "
            f"{', '.join(sorted(found)[:5])}{', …' if len(found) > 5 else ''}); tutor leaves it as it is")
    for table, columns in TABLES.items():
        if table not in found:
            raise damaged(path, f"the table {table!r} is missing")
        for column in columns:
            if column not in found[table]:
                raise damaged(path, f"the table {table!r} has no column {column!r}")


def stored_words(path: Path | str, text: object, what: str) -> tuple[str, ...]:
    """A stored JSON list of words (topics, rulings, the cards given)."""
    try:
        value = json.loads(str(text))
    except (ValueError, RecursionError):
        raise damaged(path, f"{what} is not JSON: {str(text)[:40]!r}") from None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise damaged(path, f"{what} is not a list of words: {str(text)[:40]!r}")
    return tuple(value)


def stored_time(path: Path | str, text: object, what: str) -> datetime:
    """A stored time: ISO 8601 with a zone, as :func:`tutor.teach.memory.iso` writes it."""
    try:
        when = datetime.fromisoformat(str(text))
    except ValueError:
        raise damaged(path, f"{what} {str(text)[:40]!r} is not a time") from None
    if when.tzinfo is None:
        raise damaged(path, f"{what} {str(text)[:40]!r} has no time zone")
    return when


def not_foreign(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse some other program's SQLite file (tables, but none of tutor's) before touching it."""
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    found = tables(conn)
    if found and (version == 0 or not set(found) & set(TABLES)):
        check_tables(found, path)


def readable_version(conn: sqlite3.Connection, path: Path, newest: int) -> None:
    """The checks migrating makes, for a file opened only to read (which is not migrated)."""
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if version > newest:
        raise newer(path, version, newest)
    if version == 0 and not tables(conn):
        raise NoHistory(f"{path}: no history yet (an empty file; `tutor quiz` keeps one from the "
                        f"first answer)")
    if 0 < version < newest:
        raise HistoryError(f"{path}: this history is schema version {version}, from an older tutor: "
                           f"answer a question with `tutor quiz --db {path}` to bring it up to date")


def newer(path: Path | str, version: int, newest: int) -> HistoryError:
    return HistoryError(
        f"{path}: this history is schema version {version}, made by a newer tutor "
        f"(this one knows up to {newest}): upgrade tutor to use it"
    )
