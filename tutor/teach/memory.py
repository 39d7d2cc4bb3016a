"""The quiz history: every answer a learner gives, kept in one SQLite file, and what is due when.

One file holds any number of learners (``learner=``). Each answer is one row (when, which
question, right or wrong, how long it took, what was given); each question is stored once with
the topics and ruling kinds it tests and the deal it comes from (as hand-file text), so that it can
be asked again on any machine. A question is named by what it tests, the deal and the point of
play and the kind (``<deal>/who-wins/3``, ``<deal>/legal-plays/4E``, ``<deal>/score``), never by
the quiz or seed that first asked it: a missed question comes back whichever quiz is run.

Safety: the file is in WAL mode and every answer is one ``BEGIN IMMEDIATE`` transaction (the
answer, the question, and the question's new schedule together), so a crash loses at most the
answer in flight, and two processes answering at once wait their turn instead of losing one.
The schema is versioned (``PRAGMA user_version``) and brought up to date by :data:`MIGRATIONS`
when a file is opened to write, each step in the same transaction as its version number. Opened
to read (``write=False``: ``tutor progress``, ``tutor history export``), the file is neither
created nor changed (:mod:`tutor.teach.history_file`); either way, a file that is not a tutor
history, or a damaged one, is a :class:`HistoryError` naming the file and the fault.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from types import TracebackType

import platformdirs
from fsrs import Card

from tutor.files.handfile import dumps
from tutor.files.writeguard import database_problem
from tutor.teach import schedule
from tutor.teach.history_file import (
    HistoryError,
    NoHistory,
    check_tables,
    connect,
    damaged,
    newer,
    not_foreign,
    readable_version,
    sql_problem,
    stored_time,
    tables,
)
from tutor.teach.keys import deal_id, key_of
from tutor.teach.quiz import Question, QuestionKind
from tutor.teach.stored import QUESTION_COLUMNS, Answer, StoredQuestion, stored_answer, stored_question

__all__ = [
    "DEFAULT_LEARNER",
    "MIGRATIONS",
    "Answer",
    "History",
    "HistoryError",
    "NoHistory",
    "StoredQuestion",
    "deal_id",
    "default_path",
    "key_of",
    "locator",
    "question_key",
]

DEFAULT_LEARNER = "default"

Clock = Callable[[], datetime]

#: The schema, one step a version: a file at version N gets steps N+1… when it is opened.
#: To change the schema, append a step (ALTER TABLE, CREATE INDEX, an UPDATE that fills a new
#: column); never edit a step once released, since files made by it are already at its version.
MIGRATIONS: list[tuple[str, ...]] = [
    (
        """CREATE TABLE learners (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE
        )""",
        # A deal as hand-file text: the history can rebuild every question it stores.
        """CREATE TABLE deals (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            hand TEXT NOT NULL
        )""",
        """CREATE TABLE questions (
            key TEXT PRIMARY KEY,
            deal TEXT NOT NULL REFERENCES deals(id),
            kind TEXT NOT NULL,
            trick INTEGER,
            place TEXT,
            topics TEXT NOT NULL,
            rulings TEXT NOT NULL,
            prompt TEXT NOT NULL
        )""",
        """CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            learner INTEGER NOT NULL REFERENCES learners(id),
            question TEXT NOT NULL REFERENCES questions(key),
            answered_at TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            seconds REAL,
            given TEXT NOT NULL
        )""",
        "CREATE INDEX answers_by_learner ON answers (learner, answered_at)",
        # The scheduler's state of each question for each learner: derived from the answers.
        """CREATE TABLE cards (
            learner INTEGER NOT NULL REFERENCES learners(id),
            question TEXT NOT NULL REFERENCES questions(key),
            due TEXT NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (learner, question)
        )""",
        "CREATE INDEX cards_by_due ON cards (learner, due)",
    ),
    (
        # Puzzles (issue 28): each puzzle's Glicko-2 rating, one for the whole file (every
        # learner's solves rate it), and its title and themes as last served.
        """CREATE TABLE puzzles (
            key TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            themes TEXT NOT NULL,
            rating REAL NOT NULL,
            deviation REAL NOT NULL CHECK (deviation > 0),
            volatility REAL NOT NULL CHECK (volatility > 0)
        )""",
        # Each learner's Glicko-2 rating: derived from the attempts, like the cards from answers.
        """CREATE TABLE learner_ratings (
            learner INTEGER PRIMARY KEY REFERENCES learners(id),
            rating REAL NOT NULL,
            deviation REAL NOT NULL CHECK (deviation > 0),
            volatility REAL NOT NULL CHECK (volatility > 0)
        )""",
        # One row an attempt at a puzzle: a game between the learner and the puzzle.
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            learner INTEGER NOT NULL REFERENCES learners(id),
            puzzle TEXT NOT NULL REFERENCES puzzles(key),
            attempted_at TEXT NOT NULL,
            solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
            theme_shown INTEGER NOT NULL CHECK (theme_shown IN (0, 1)),
            given TEXT NOT NULL,
            seconds REAL
        )""",
        "CREATE INDEX attempts_by_learner ON attempts (learner, attempted_at)",
        # A missed puzzle's review schedule (FSRS), from its first miss on.
        """CREATE TABLE puzzle_cards (
            learner INTEGER NOT NULL REFERENCES learners(id),
            puzzle TEXT NOT NULL REFERENCES puzzles(key),
            due TEXT NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (learner, puzzle)
        )""",
    ),
]


def default_path() -> Path:
    """``history.sqlite3`` in the user's data folder (``$XDG_DATA_HOME/tutor`` on Linux)."""
    return Path(platformdirs.user_data_dir("tutor", appauthor=False)) / "history.sqlite3"


def _utcnow() -> datetime:
    return datetime.now(UTC)


def iso(when: datetime) -> str:
    """A time as the history stores it: UTC, to the microsecond, so text order is time order."""
    if when.tzinfo is None:
        raise ValueError(f"{when} has no time zone: the history stores times in UTC")
    return when.astimezone(UTC).isoformat(timespec="microseconds")


def locator(q: Question) -> tuple[int | None, str | None]:
    """Where in the deal a question is asked: the trick, and for legal plays the place in it.

    The place is the card's number in the trick and the seat to play it (``3E``: East plays the
    third card); the seat alone would not do where one player plays twice to a trick (two-handed).
    """
    if q.kind is QuestionKind.WHO_WINS and q.trick is not None:
        return q.trick.number, None
    if q.kind is QuestionKind.DECISION and q.deal is not None and q.deal.decision is not None:
        return None, q.deal.decision.at  # the lesson's one decision: auction, discard, joker, "3.2"
    placed = (QuestionKind.LEGAL_PLAYS, QuestionKind.BEST_CARD)
    if q.kind in placed and q.turn is not None and q.seat is not None:
        return q.turn.trick, f"{len(q.turn.plays) + 1}{q.seat.value}"
    return None, None


def question_key(q: Question) -> str:
    """``<deal>/<kind>[/<trick>[.<place>]]``: the same position and kind give the same key.

    ``…/who-wins/3`` asks who wins trick 3; ``…/legal-plays/4.3E`` what East may play as the third
    card of trick 4; ``…/score`` what the hand scores; ``…/decision/auction`` (or ``/discard``,
    ``/joker``, ``/1.3``) the lesson's decision.
    """
    if q.deal is None:
        raise ValueError("this question does not say which deal it is from, so it cannot be remembered")
    return key_of(deal_id(q.deal), q.kind, *locator(q))


def _rulings(q: Question) -> list[str]:
    kinds = {q.ruling.kind.value}
    if q.turn is not None:
        kinds.add(q.turn.ruling.kind.value)
    return sorted(kinds)


class History:
    """One learner's view of a history file: record answers, ask what is due, read the past.

    ``clock`` gives the time of each answer and of "now" (tests pass a fake one); ``zone`` is the
    time zone whose 4 a.m. starts the learner's day (default: the machine's).
    ``connection`` is the open ``sqlite3`` connection (autocommit; writes use :meth:`transaction`).
    ``write=False`` opens the file only to read it: a file that is not there is
    :class:`NoHistory` (nothing is created), and one from an older tutor is not brought up to date.
    """

    def __init__(
        self, path: str | Path | None = None, *, learner: str = DEFAULT_LEARNER,
        clock: Clock = _utcnow, zone: tzinfo | None = None, timeout: float = 30.0, write: bool = True,
    ) -> None:
        name = learner.strip()
        if not name:
            raise HistoryError("a learner needs a name (--learner NAME)")
        self.path = Path(path) if path is not None else default_path()
        self.learner = name
        self.clock = clock
        self.zone = zone
        if (problem := database_problem(self.path)) is not None:  # before SQLite waits on a pipe
            raise HistoryError(problem)
        self.connection = connect(self.path, write=write, timeout=timeout)
        try:
            if write:
                not_foreign(self.connection, self.path)  # before WAL mode changes the file's header
                self.connection.execute("PRAGMA journal_mode=WAL")
                # FULL: a committed answer survives a power cut too, not only a killed process.
                self.connection.execute("PRAGMA synchronous=FULL")
                self.connection.execute("PRAGMA foreign_keys=ON")
                migrate(self.connection, self.path)
            else:
                readable_version(self.connection, self.path, len(MIGRATIONS))
            check_tables(tables(self.connection), self.path)
            # A learner is added with their first answer, not by opening the history to look.
            row = self.connection.execute("SELECT id FROM learners WHERE name = ?", (name,)).fetchone()
            self._learner_id: int | None = None if row is None else int(row[0])
        except sqlite3.Error as err:
            self.connection.close()
            raise sql_problem(self.path, err, opening=True) from err
        except HistoryError:
            self.connection.close()
            raise

    # ------------------------------------------------------------------ plumbing

    def __enter__(self) -> History:
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    def now(self) -> datetime:
        return self.clock()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``: all of it is written, or (on any error) none of it."""
        with self._sql():
            yield from _transaction(self.connection)

    @contextmanager
    def _sql(self) -> Iterator[None]:
        """An error from SQLite (a table gone, a read-only file) as a :class:`HistoryError`."""
        try:
            yield
        except sqlite3.Error as err:
            raise sql_problem(self.path, err) from err

    # ------------------------------------------------------------------ writing

    def record(
        self, question: Question, *, correct: bool, given: Sequence[str] = (),
        seconds: float | None = None,
    ) -> datetime:
        """Store one answer and reschedule its question; returns from when it is next due."""
        key = question_key(question)
        assert question.deal is not None
        deal = deal_id(question.deal)
        trick, place = locator(question)
        with self.transaction() as db:
            learner = self.ensure_learner(db)
            when = self.clock()  # read inside the lock: answers are stored in the order they happen
            db.execute("INSERT OR IGNORE INTO deals (id, title, hand) VALUES (?, ?, ?)",
                       (deal, question.deal.title, dumps(question.deal)))
            db.execute(
                "INSERT OR IGNORE INTO questions (key, deal, kind, trick, place, topics, rulings, prompt)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (key, deal, question.kind.value, trick, place, json.dumps(sorted(question.topics)),
                 json.dumps(_rulings(question)), question.prompt),
            )
            db.execute(
                "INSERT INTO answers (uid, learner, question, answered_at, correct, seconds, given)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (uuid.uuid4().hex, learner, key, iso(when), int(correct), seconds,
                 json.dumps(sorted(given))),
            )
            card = self._card(db, key)
            try:
                new = schedule.review(card, correct=correct, when=when)
            except OverflowError:  # a stored schedule centuries away
                raise damaged(self.path, f"the schedule of question {key!r} is out of range") from None
            self._store_card(db, key, new)
        return schedule.shown_due(new, self.zone)

    def _card(self, db: sqlite3.Connection, key: str) -> Card | None:
        row = db.execute("SELECT state FROM cards WHERE learner = ? AND question = ?",
                         (self._learner_id, key)).fetchone()
        if row is None:
            return None
        try:
            return schedule.card_from_json(str(row[0]))
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError):
            raise damaged(self.path, f"the schedule of question {key!r} is not one tutor wrote: "
                                     f"{str(row[0])[:40]!r}") from None

    def _store_card(self, db: sqlite3.Connection, key: str, card: Card) -> None:
        db.execute(
            "INSERT INTO cards (learner, question, due, state) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (learner, question) DO UPDATE SET due = excluded.due, state = excluded.state",
            (self._learner_id, key, iso(schedule.shown_due(card, self.zone)), schedule.card_to_json(card)),
        )

    def rebuild(self, db: sqlite3.Connection, keys: Sequence[str]) -> None:
        """Recompute these questions' schedules from all their answers (after an import)."""
        for key in keys:
            rows = db.execute(
                "SELECT answered_at, correct FROM answers WHERE learner = ? AND question = ?"
                " ORDER BY answered_at, id", (self._learner_id, key),
            ).fetchall()
            answers = [(stored_time(self.path, at, f"an answer to {key!r}: its time"), bool(ok))
                       for at, ok in rows]
            try:
                card = schedule.replay_answers(answers)
            except OverflowError:
                raise damaged(self.path, f"the answers to {key!r} are out of range in time") from None
            if card is not None:
                self._store_card(db, key, card)

    @property
    def learner_id(self) -> int | None:
        """The learner's row in the file; ``None`` until their first answer is stored."""
        return self._learner_id

    def ensure_learner(self, db: sqlite3.Connection) -> int:
        """The learner's row, added if need be (inside a write transaction; looked up each time,
        since a transaction that adds it may yet be rolled back)."""
        db.execute("INSERT OR IGNORE INTO learners (name) VALUES (?)", (self.learner,))
        (found,) = db.execute("SELECT id FROM learners WHERE name = ?", (self.learner,)).fetchone()
        self._learner_id = int(found)
        return self._learner_id

    # ------------------------------------------------------------------ reading

    def due(self, now: datetime | None = None, *, limit: int | None = None) -> list[StoredQuestion]:
        """The questions due at ``now`` (default: the clock), the longest overdue first."""
        with self._sql():
            rows = self.connection.execute(
                f"SELECT {QUESTION_COLUMNS} FROM cards c JOIN questions q ON q.key = c.question"
                " JOIN deals d ON d.id = q.deal WHERE c.learner = ? AND c.due <= ?"
                " ORDER BY c.due, q.key LIMIT ?",
                (self._learner_id, iso(now or self.clock()), -1 if limit is None else limit),
            ).fetchall()
        return [stored_question(r, self.path) for r in rows]

    def due_at(self, key: str) -> datetime | None:
        """From when this question is next due for this learner (``None``: never answered)."""
        with self._sql():
            row = self.connection.execute("SELECT due FROM cards WHERE learner = ? AND question = ?",
                                          (self._learner_id, key)).fetchone()
        return None if row is None else stored_time(self.path, row[0], f"when {key!r} is due")

    def known(self) -> set[str]:
        """The keys of every question this learner has answered."""
        with self._sql():
            rows = self.connection.execute("SELECT question FROM cards WHERE learner = ?",
                                           (self._learner_id,)).fetchall()
        return {str(r[0]) for r in rows}

    def answers(self) -> list[tuple[Answer, StoredQuestion]]:
        """Every answer of this learner with its question, oldest first."""
        with self._sql():
            rows = self.connection.execute(
                f"SELECT a.uid, a.answered_at, a.correct, a.seconds, a.given, {QUESTION_COLUMNS}"
                " FROM answers a JOIN questions q ON q.key = a.question JOIN deals d ON d.id = q.deal"
                " WHERE a.learner = ? ORDER BY a.answered_at, a.id", (self._learner_id,),
            ).fetchall()
        return [stored_answer(row, self.path) for row in rows]

    def learners(self) -> list[str]:
        with self._sql():
            return [str(r[0]) for r in self.connection.execute("SELECT name FROM learners ORDER BY name")]


def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def migrate(conn: sqlite3.Connection, path: Path | str = "<history>") -> int:
    """Bring a history file up to the newest schema; returns the version it was at.

    Refuses an SQLite file that holds other tables and is not a history (tutor does not add its
    tables to some other program's database), and one it cannot write: the schema's version is
    written again even when it is the newest, so a read-only file is found here, before a quiz
    asks a question whose answer it could not keep.
    """
    with contextmanager(_transaction)(conn):
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        if version > len(MIGRATIONS):
            raise newer(path, version, len(MIGRATIONS))
        if version == 0:
            found = tables(conn)
            if found:
                check_tables(found, path)  # someone else's tables: refused, not added to
        for number in range(version + 1, len(MIGRATIONS) + 1):
            for statement in MIGRATIONS[number - 1]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
        conn.execute(f"PRAGMA user_version = {max(version, len(MIGRATIONS))}")
    return int(version)
