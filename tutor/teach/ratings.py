"""Puzzle ratings in the history: every attempt is a Glicko-2 game between a learner and a puzzle.

The history file (:mod:`tutor.teach.memory`, schema step 2) keeps one row an attempt (who, which
puzzle, when, solved or not, whether the theme was shown, the card given), each learner's rating
and each puzzle's rating (one for the whole file: every learner's solves rate it). A new learner
and a new puzzle start at Glicko-2's defaults (1500, deviation 350, volatility 0.06).

:func:`record_attempt` rates one attempt as one rating period of one game for each side
(:func:`tutor.teach.glicko.solve`, damped to :data:`~tutor.teach.glicko.SHOWN_THEME_DAMPING` of the
full change when the puzzle was served with its theme shown), and keeps the attempt, both new
ratings and the puzzle's review schedule in one transaction. The ratings are what the attempts
make them, in the order they were made: :func:`rebuild` works every rating out again from all the
attempts in the file, oldest first (after an import adds attempts, possibly older than some
already there), and gives what the attempts gave one by one.

A missed puzzle becomes a review item: from its first miss on, each attempt at it is an FSRS
review (:mod:`tutor.teach.schedule`: a miss is due again ten minutes later, at the next
session; a solve spaces it out, two days, then eleven, …). A puzzle solved at the first try is
not asked again as a review.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from fsrs import Card

from tutor.teach import glicko, schedule
from tutor.teach.glicko import Rating
from tutor.teach.history_file import damaged, sql_problem, stored_time
from tutor.teach.memory import History, iso

__all__ = ["Attempt", "PuzzleRecord", "Standing", "learner_rating", "rebuild", "record_attempt", "standing"]


@dataclass(frozen=True)
class PuzzleRecord:
    """What the history keeps of a puzzle besides its rating: its key, title and themes."""

    key: str
    title: str
    themes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Attempt:
    """One attempt rated: the ratings before and after, and from when the puzzle is due again
    (``None``: it was solved at the first try, so it does not come back)."""

    solved: bool
    learner_before: Rating
    learner_after: Rating
    puzzle_before: Rating
    puzzle_after: Rating
    due: datetime | None


@dataclass(frozen=True)
class Standing:
    """What serving needs from the history: the learner's rating, every puzzle's rating, the
    puzzles this learner has attempted (and the last), and the review items due."""

    learner: Rating
    puzzles: dict[str, Rating]
    attempted: frozenset[str]
    last: str | None
    due: tuple[str, ...]
    """The missed puzzles due now, the longest overdue first."""


def _rating(path: object, row: Sequence[object] | None, what: str) -> Rating:
    if row is None:
        return glicko.DEFAULT
    try:
        values = [float(v) for v in row]  # type: ignore[arg-type]
        return Rating(*values)
    except (TypeError, ValueError):
        raise damaged(str(path), f"{what} is not a Glicko-2 rating: {tuple(row)!r}") from None


def _rows(history: History, sql: str, args: Sequence[object]) -> list[tuple[object, ...]]:
    """A read from the history, an SQLite error named as the history's."""
    try:
        return [tuple(r) for r in history.connection.execute(sql, tuple(args)).fetchall()]
    except sqlite3.Error as err:
        raise sql_problem(history.path, err) from err


def learner_rating(history: History) -> Rating:
    """The learner's rating (the defaults before a first attempt)."""
    rows = _rows(history, "SELECT rating, deviation, volatility FROM learner_ratings WHERE learner = ?",
                 (history.learner_id,))
    return _rating(history.path, rows[0] if rows else None, f"the rating of {history.learner!r}")


def standing(history: History, now: datetime | None = None) -> Standing:
    """The learner's standing at ``now`` (default: the history's clock)."""
    when = iso(now or history.now())
    me = history.learner_id
    puzzles = {str(k): _rating(history.path, (r, d, v), f"the rating of puzzle {k!r}")
               for k, r, d, v in _rows(history, "SELECT key, rating, deviation, volatility FROM puzzles", ())}
    done = [str(r[0]) for r in _rows(
        history, "SELECT puzzle FROM attempts WHERE learner = ? ORDER BY attempted_at, id", (me,))]
    due = tuple(str(r[0]) for r in _rows(
        history, "SELECT puzzle FROM puzzle_cards WHERE learner = ? AND due <= ? ORDER BY due, puzzle",
        (me, when)))
    return Standing(learner_rating(history), puzzles, frozenset(done), done[-1] if done else None, due)


def _store(db: sqlite3.Connection, learner: int, puzzle: str, mine: Rating, theirs: Rating) -> None:
    db.execute(
        "INSERT INTO learner_ratings (learner, rating, deviation, volatility) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (learner) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,"
        " volatility = excluded.volatility", (learner, mine.rating, mine.deviation, mine.volatility))
    db.execute("UPDATE puzzles SET rating = ?, deviation = ?, volatility = ? WHERE key = ?",
               (theirs.rating, theirs.deviation, theirs.volatility, puzzle))


def _card_after(history: History, db: sqlite3.Connection, learner: int, puzzle: str, solved: bool,
                when: datetime) -> datetime | None:
    row = db.execute("SELECT state FROM puzzle_cards WHERE learner = ? AND puzzle = ?",
                     (learner, puzzle)).fetchone()
    if row is None and solved:
        return None  # solved at the first try (or never missed): not a review item
    try:
        card = None if row is None else schedule.card_from_json(str(row[0]))
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError):
        raise damaged(history.path, f"the review schedule of puzzle {puzzle!r} is not one tutor "
                                    f"wrote") from None
    new = schedule.review(card, correct=solved, when=when)
    due = schedule.shown_due(new, history.zone)
    db.execute(
        "INSERT INTO puzzle_cards (learner, puzzle, due, state) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (learner, puzzle) DO UPDATE SET due = excluded.due, state = excluded.state",
        (learner, puzzle, iso(due), schedule.card_to_json(new)))
    return due


def _ensure_puzzle(db: sqlite3.Connection, puzzle: PuzzleRecord) -> None:
    d = glicko.DEFAULT
    db.execute(
        "INSERT INTO puzzles (key, title, themes, rating, deviation, volatility) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (key) DO UPDATE SET title = excluded.title, themes = excluded.themes",
        (puzzle.key, puzzle.title, json.dumps(list(puzzle.themes)), d.rating, d.deviation, d.volatility))


def record_attempt(history: History, puzzle: PuzzleRecord, *, solved: bool, theme_shown: bool,
                   given: str, seconds: float | None = None) -> Attempt:
    """Keep one attempt, rate it, and schedule the puzzle's review (one transaction)."""
    with history.transaction() as db:
        learner = history.ensure_learner(db)
        when = history.clock()
        _ensure_puzzle(db, puzzle)
        row = db.execute("SELECT rating, deviation, volatility FROM learner_ratings WHERE learner = ?",
                         (learner,)).fetchone()
        mine = _rating(history.path, row, f"the rating of {history.learner!r}")
        row = db.execute("SELECT rating, deviation, volatility FROM puzzles WHERE key = ?",
                         (puzzle.key,)).fetchone()
        theirs = _rating(history.path, row, f"the rating of puzzle {puzzle.key!r}")
        new_mine, new_theirs = glicko.solve(mine, theirs, solved, theme_shown=theme_shown)
        db.execute(
            "INSERT INTO attempts (uid, learner, puzzle, attempted_at, solved, theme_shown, given, seconds)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (uuid.uuid4().hex, learner, puzzle.key, iso(when), int(solved), int(theme_shown), given,
             seconds))
        _store(db, learner, puzzle.key, new_mine, new_theirs)
        due = _card_after(history, db, learner, puzzle.key, solved, when)
    return Attempt(solved, mine, new_mine, theirs, new_theirs, due)


def rebuild(history: History, db: sqlite3.Connection) -> None:
    """Work out every rating and every puzzle's review schedule again from all the attempts in
    the file, oldest first (inside a write transaction: after an import)."""
    rows = db.execute("SELECT learner, puzzle, attempted_at, solved, theme_shown FROM attempts"
                      " ORDER BY attempted_at, id").fetchall()
    learners: dict[int, Rating] = {}
    puzzles: dict[str, Rating] = {}
    db.execute("DELETE FROM puzzle_cards")
    cards: dict[tuple[int, str], Card] = {}
    for learner, puzzle, at, solved, shown in rows:
        when = stored_time(history.path, at, f"an attempt at puzzle {str(puzzle)[:40]!r}: its time")
        mine, theirs = learners.get(learner, glicko.DEFAULT), puzzles.get(puzzle, glicko.DEFAULT)
        learners[learner], puzzles[puzzle] = glicko.solve(mine, theirs, bool(solved),
                                                          theme_shown=bool(shown))
        pair = (int(learner), str(puzzle))
        if pair in cards or not solved:
            cards[pair] = schedule.review(cards.get(pair), correct=bool(solved), when=when)
    d = glicko.DEFAULT
    db.execute("UPDATE puzzles SET rating = ?, deviation = ?, volatility = ?",
               (d.rating, d.deviation, d.volatility))
    for key, r in puzzles.items():
        db.execute("UPDATE puzzles SET rating = ?, deviation = ?, volatility = ? WHERE key = ?",
                   (r.rating, r.deviation, r.volatility, key))
    for learner, r in learners.items():
        db.execute(
            "INSERT INTO learner_ratings (learner, rating, deviation, volatility) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (learner) DO UPDATE SET rating = excluded.rating, deviation ="
            " excluded.deviation, volatility = excluded.volatility",
            (learner, r.rating, r.deviation, r.volatility))
    for (learner, puzzle), card in cards.items():
        db.execute("INSERT INTO puzzle_cards (learner, puzzle, due, state) VALUES (?, ?, ?, ?)",
                   (learner, puzzle, iso(schedule.shown_due(card, history.zone)),
                    schedule.card_to_json(card)))
