"""Moving a learner's history: export to JSON, import from it (into any history file).

The JSON holds the learner's answers and every question and deal they refer to, so that it can
be imported on another machine and the questions asked again there::

    {"format": "tutor-history", "version": 1, "learner": "ann",
     "deals": {"<id>": {"title": "...", "hand": "<hand-file text>"}},
     "questions": [{"key": "...", "deal": "<id>", "kind": "who-wins", "trick": 3, "place": null,
                    "topics": [...], "rulings": [...], "prompt": "..."}],
     "answers": [{"uid": "...", "question": "<key>", "at": "2026-01-01T09:00:00+00:00",
                  "correct": true, "seconds": 4.2, "given": ["N"]}],
     "rating": {"rating": 1562.3, "deviation": 212.0, "volatility": 0.06},
     "puzzles": [{"key": "<deal id>", "title": "...", "themes": ["ruffing"],
                  "rating": 1480.2, "deviation": 290.1, "volatility": 0.06}],
     "attempts": [{"uid": "...", "puzzle": "<key>", "at": "2026-01-01T09:05:00+00:00",
                   "solved": false, "theme_shown": true, "given": "KC", "seconds": 31.0}]}

Version 2 added the last three (the puzzles, :mod:`tutor.teach.ratings`): the learner's
Glicko-2 rating, the puzzles they attempted with their ratings, and the attempts; a version 1
export has none and still imports. The ratings are checked (a finite rating from -10,000 to
10,000, a deviation above 0 and at most 1,000, a volatility above 0 and at most 1) but not
stored as they are: like the schedules, they are worked out again from all the attempts in the
file once the new ones are in (:func:`tutor.teach.ratings.rebuild`), so an export imported into
an empty history has the ratings it was exported with.

Importing checks the whole export before it writes anything: every value has its type and a
sensible range (a time between 1970 and a day past this machine's clock, seconds from 0 to
10⁹, a trick from 1 to 99), every word is a list of strings, every deal is a hand file tutor
reads, every question's key is the one its deal, kind and place make, and nothing is listed
twice. One fault refuses the whole file, naming the file, the entry and the fault. The import
itself is one transaction: answers already there (the same ``uid``) are skipped, so importing
twice changes nothing, and each question's schedule is then worked out again from all its answers.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from tutor.files.handfile import loads
from tutor.files.problems import FileProblems
from tutor.teach.glicko import Rating
from tutor.teach.history_file import stored_time, stored_words
from tutor.teach.memory import History, HistoryError, iso, key_of
from tutor.teach.quiz import QuestionKind
from tutor.teach.ratings import learner_rating, rebuild

__all__ = ["FORMAT", "MAX_EXPORT_BYTES", "CheckedExport", "check_export", "export_history", "import_history",
           "read_export"]

FORMAT = "tutor-history"
VERSION = 2

#: The largest export ``tutor history import`` reads: 64 MiB. An answer takes about 0.8 kB of
#: export when a deal is asked three or four times, and up to 2.5 kB when each answer has a deal
#: of its own, so this is 25,000 to 80,000 answers: years of daily quizzes.
MAX_EXPORT_BYTES = 64 * 1024 * 1024

#: The earliest answer time an import accepts; the latest is a day past the importing clock.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
MAX_SECONDS = 10**9
MAX_TRICK = 99
#: The ranges an exported Glicko-2 rating's numbers are checked against.
RATING_RANGE = (-10_000.0, 10_000.0)
MAX_DEVIATION = 1_000.0
MAX_VOLATILITY = 1.0


def export_history(history: History) -> dict[str, Any]:
    """The history's learner's answers, questions and deals, as a JSON-ready dictionary."""
    answers = history.answers()
    questions = {q.key: q for _a, q in answers}
    deals: dict[str, dict[str, str]] = {}
    rows = history.connection.execute(
        "SELECT q.key, q.deal FROM questions q JOIN answers a ON a.question = q.key"
        " WHERE a.learner = ? GROUP BY q.key", (history.learner_id,),
    ).fetchall()
    deal_of = dict(rows)
    for key, q in questions.items():
        deals.setdefault(deal_of[key], {"title": q.title, "hand": q.hand})
    return {
        "format": FORMAT,
        "version": VERSION,
        "learner": history.learner,
        **_puzzle_export(history),
        "deals": dict(sorted(deals.items())),
        "questions": [
            {"key": q.key, "deal": deal_of[q.key], "kind": q.kind.value, "trick": q.trick, "place": q.place,
             "topics": list(q.topics), "rulings": list(q.rulings), "prompt": q.prompt}
            for q in sorted(questions.values(), key=lambda q: q.key)
        ],
        "answers": [
            {"uid": a.uid, "question": a.question, "at": iso(a.at), "correct": a.correct,
             "seconds": a.seconds, "given": list(a.given)}
            for a, _q in answers
        ],
    }


def _rating_json(r: Rating) -> dict[str, float]:
    return {"rating": r.rating, "deviation": r.deviation, "volatility": r.volatility}


def _puzzle_export(history: History) -> dict[str, Any]:
    """The learner's rating, the puzzles they attempted and their attempts (version 2)."""
    me = history.learner_id
    rows = history.connection.execute(
        "SELECT a.uid, a.puzzle, a.attempted_at, a.solved, a.theme_shown, a.given, a.seconds"
        " FROM attempts a WHERE a.learner = ? ORDER BY a.attempted_at, a.id", (me,)).fetchall()
    puzzles = history.connection.execute(
        "SELECT key, title, themes, rating, deviation, volatility FROM puzzles WHERE key IN"
        " (SELECT puzzle FROM attempts WHERE learner = ?) ORDER BY key", (me,)).fetchall()
    return {
        "rating": _rating_json(learner_rating(history)),
        "puzzles": [{"key": k, "title": t, "themes": list(stored_words(history.path, th, f"puzzle {k!r}")),
                     **_rating_json(Rating(r, d, v))} for k, t, th, r, d, v in puzzles],
        "attempts": [{"uid": u, "puzzle": p, "at": iso(stored_time(history.path, at, f"attempt {u!r}")),
                      "solved": bool(ok), "theme_shown": bool(shown), "given": g, "seconds": sec}
                     for u, p, at, ok, shown, g, sec in rows],
    }


def read_export(text: str, source: str) -> Any:
    """An export's text as JSON; a :class:`HistoryError` naming the file (and line) if it is not.

    Strict JSON only: ``NaN`` and ``Infinity`` are refused, and so is nesting too deep to read.
    """
    def constant(name: str) -> None:
        raise ValueError(f"{name} is not a JSON number")

    try:
        return json.loads(text, parse_constant=constant)
    except json.JSONDecodeError as err:
        raise HistoryError(f"{source}:{err.lineno}: not JSON ({err.msg})") from None
    except RecursionError:
        raise HistoryError(f"{source}: nested too deeply to be a history export (a list or object "
                           f"inside thousands of others)") from None
    except ValueError as err:  # a constant, or an integer of thousands of digits
        raise HistoryError(f"{source}: not JSON tutor reads ({err})") from None


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, dict | list) else (
        "an object" if isinstance(value, dict) else "a list")
    return text if len(text) <= 60 else text[:57] + "..."


def _said(text: str) -> str:
    """A string from the export as a message quotes it (``'…'``), cut short if long."""
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _need(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict):
        raise HistoryError(f"{where}: should be an object with {key!r}, not {_shown(obj)}")
    if key not in obj:
        raise HistoryError(f"{where}: {key!r} is missing")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise HistoryError(f"{where}: {key!r} should be {names}, not {_shown(value)}")
    if isinstance(value, str):
        _text(value, f"{where}: {key!r}")
    return value


def _text(value: str, where: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise HistoryError(f"{where} holds an escape (\\ud800…\\udfff) that is not a character") from None
    return value


def _name(obj: Any, key: str, where: str) -> str:
    value: str = _need(obj, key, str, where)
    if not value.strip():
        raise HistoryError(f"{where}: {key!r} is empty")
    return value


def _once(seen: set[str], name: str, what: str, where: str) -> str:
    """``name``, added to ``seen``: a HistoryError where it is there already (listed twice)."""
    if name in seen:
        raise HistoryError(f"{where}: the {what} {_said(name)} is listed twice")
    seen.add(name)
    return name


def _words(obj: Any, key: str, where: str) -> list[str]:
    value: list[Any] = _need(obj, key, list, where)
    for n, word in enumerate(value):
        if not isinstance(word, str):
            raise HistoryError(f"{where}: {key!r} should be a list of strings, but item {n} is "
                               f"{_shown(word)}")
        _text(word, f"{where}: {key}[{n}]")
    return value


def _number(obj: Any, key: str, where: str, low: float, high: float, kind: tuple[type, ...]) -> Any:
    value = _need(obj, key, (*kind, type(None)), where)
    if value is None:
        return None
    if (isinstance(value, float) and not math.isfinite(value)) or not low <= value <= high:
        raise HistoryError(f"{where}: {key!r} should be from {low:g} to {high:g}, not {_shown(value)}")
    return value


def _time(obj: Any, key: str, where: str, now: datetime) -> str:
    at: str = _need(obj, key, str, where)
    try:
        when = datetime.fromisoformat(at)
    except ValueError as err:
        raise HistoryError(f"{where}: {key!r} {_said(at)} is not a time with a zone ({err})") from None
    if when.tzinfo is None:
        raise HistoryError(f"{where}: {key!r} {_said(at)} is not a time with a zone (it has none)")
    try:
        in_range = EARLIEST <= when <= now + timedelta(days=1)
    except OverflowError:  # a time at the very end of the calendar, in a zone west of UTC
        in_range = False
    if not in_range:
        raise HistoryError(f"{where}: {key!r} {_said(at)} is not between 1970 and now "
                           f"(this machine's clock says {now:%Y-%m-%d})")
    return iso(when)


@dataclass(frozen=True)
class CheckedExport:
    """An export with every value checked (:func:`check_export`): rows ready to insert."""

    deals: list[tuple[str, str, str]]
    questions: list[tuple[str, str, str, int | None, str | None, str, str, str]]
    answers: list[tuple[str, str, str, bool, float | None, str]]
    puzzles: list[tuple[str, str, str, float, float, float]] = field(default_factory=list)
    attempts: list[tuple[str, str, str, bool, bool, str, float | None]] = field(default_factory=list)
    rating: Rating | None = None


def check_export(data: Any, source: str = "<json>", now: datetime | None = None) -> CheckedExport:
    """Check every value of an export (see the module's text); :class:`HistoryError` at the first
    fault, naming ``source``, the entry and the fault. ``now``: the clock answers may not be
    after (by more than a day); default this machine's."""
    now = datetime.now(UTC) if now is None else now
    if not isinstance(data, dict):
        raise HistoryError(f"{source}: not a tutor history export (the JSON is {_shown(data)}, "
                           f"not an object)")
    if _need(data, "format", str, source) != FORMAT:
        raise HistoryError(f"{source}: 'format' should be {FORMAT!r}: is this a tutor history export?")
    version = _need(data, "version", int, source)
    if version > VERSION:
        raise HistoryError(f"{source}: export version {_shown(version)} is newer than this tutor reads")
    if version < 1:
        raise HistoryError(f"{source}: 'version' should be 1 to {VERSION}, not {version}")
    deals: dict[str, Any] = _need(data, "deals", dict, source)
    out = CheckedExport([], [], [])
    for deal, body in deals.items():
        where = f"{source}: deals[{_said(deal)}]"
        _text(deal, where)
        title, hand = _need(body, "title", str, where), _need(body, "hand", str, where)
        try:
            loads(hand, "<hand>")
        except FileProblems as err:
            first = err.problems[0].message if err.problems else str(err)
            raise HistoryError(f"{where}: 'hand' is not a hand file tutor reads ({first})") from None
        out.deals.append((deal, title, hand))
    keys: set[str] = set()
    for n, q in enumerate(_need(data, "questions", list, source)):
        where = f"{source}: questions[{n}]"
        kind = _need(q, "kind", str, where)
        try:
            known = QuestionKind(kind)
        except ValueError:
            raise HistoryError(f"{where}: 'kind' {_said(kind)} is not a question kind") from None
        deal = _need(q, "deal", str, where)
        if deal not in deals:
            raise HistoryError(f"{where}: deal {_said(deal)} is not among the export's deals")
        key = _need(q, "key", str, where)
        trick = _number(q, "trick", where, 1, MAX_TRICK, (int,))
        place = _need(q, "place", (str, type(None)), where)
        if key != key_of(deal, known, trick, place):
            raise HistoryError(f"{where}: 'key' {_said(key)} is not the key of its deal, kind, trick "
                               f"and place ({_said(key_of(deal, known, trick, place))})")
        _once(keys, key, "question", where)
        out.questions.append((key, deal, kind, trick, place, json.dumps(_words(q, "topics", where)),
                              json.dumps(_words(q, "rulings", where)), _need(q, "prompt", str, where)))
    uids: set[str] = set()
    for n, a in enumerate(_need(data, "answers", list, source)):
        where = f"{source}: answers[{n}]"
        key = _need(a, "question", str, where)
        if key not in keys:
            raise HistoryError(f"{where}: question {_said(key)} is not among the export's questions")
        uid = _once(uids, _name(a, "uid", where), "answer", where)
        when = _time(a, "at", where, now)
        correct = _need(a, "correct", bool, where)
        seconds = _number(a, "seconds", where, 0, MAX_SECONDS, (int, float))
        given = json.dumps(_words(a, "given", where))
        out.answers.append((uid, key, when, correct, None if seconds is None else float(seconds), given))
    if version >= 2:
        out = _check_puzzles(data, source, now, out)
    return out


def _checked_rating(obj: Any, where: str) -> Rating:
    low, high = RATING_RANGE
    rating = _number(obj, "rating", where, low, high, (int, float))
    deviation = _number(obj, "deviation", where, 0, MAX_DEVIATION, (int, float))
    volatility = _number(obj, "volatility", where, 0, MAX_VOLATILITY, (int, float))
    for key, value in (("rating", rating), ("deviation", deviation), ("volatility", volatility)):
        if value is None:
            raise HistoryError(f"{where}: {key!r} should be a number, not null")
    if deviation == 0 or volatility == 0:
        raise HistoryError(f"{where}: a Glicko-2 rating's deviation and volatility are above 0")
    return Rating(float(rating), float(deviation), float(volatility))


def _check_puzzles(data: Any, source: str, now: datetime, out: CheckedExport) -> CheckedExport:
    """Version 2's rating, puzzles and attempts (see the module's text)."""
    rating = _checked_rating(_need(data, "rating", dict, source), f"{source}: rating")
    keys: set[str] = set()
    for n, p in enumerate(_need(data, "puzzles", list, source)):
        where = f"{source}: puzzles[{n}]"
        key = _once(keys, _name(p, "key", where), "puzzle", where)
        r = _checked_rating(p, where)
        out.puzzles.append((key, _need(p, "title", str, where), json.dumps(_words(p, "themes", where)),
                            r.rating, r.deviation, r.volatility))
    uids: set[str] = set()
    for n, a in enumerate(_need(data, "attempts", list, source)):
        where = f"{source}: attempts[{n}]"
        uid = _once(uids, _name(a, "uid", where), "attempt", where)
        key = _need(a, "puzzle", str, where)
        if key not in keys:
            raise HistoryError(f"{where}: puzzle {_said(key)} is not among the export's puzzles")
        when = _time(a, "at", where, now)
        seconds = _number(a, "seconds", where, 0, MAX_SECONDS, (int, float))
        out.attempts.append((uid, key, when, _need(a, "solved", bool, where),
                             _need(a, "theme_shown", bool, where), _need(a, "given", str, where),
                             None if seconds is None else float(seconds)))
    return replace(out, rating=rating)


def import_history(history: History, data: Any, source: str = "<json>") -> int:
    """Add an exported history's answers and puzzle attempts to this history's learner; returns
    how many were new.

    ``data`` is the JSON, or an export already checked. Raises :class:`HistoryError` naming the
    source and the entry when the JSON is not an export; then nothing at all is imported.
    """
    export = data if isinstance(data, CheckedExport) else check_export(data, source, history.now())
    with history.transaction() as db:
        learner = history.ensure_learner(db)
        db.executemany("INSERT OR IGNORE INTO deals (id, title, hand) VALUES (?, ?, ?)", export.deals)
        db.executemany(
            "INSERT OR IGNORE INTO questions (key, deal, kind, trick, place, topics, rulings, prompt)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", export.questions)
        added = 0
        touched: set[str] = set()
        for uid, key, when, correct, seconds, given in export.answers:
            cur = db.execute(
                "INSERT OR IGNORE INTO answers (uid, learner, question, answered_at, correct, seconds, given)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (uid, learner, key, when, int(correct), seconds, given),
            )
            if cur.rowcount:
                added += 1
                touched.add(key)
        history.rebuild(db, sorted(touched))
        db.executemany(
            "INSERT OR IGNORE INTO puzzles (key, title, themes, rating, deviation, volatility)"
            " VALUES (?, ?, ?, ?, ?, ?)", export.puzzles)
        tried = 0
        for uid, key, when, solved, shown, given, seconds in export.attempts:
            cur = db.execute(
                "INSERT OR IGNORE INTO attempts (uid, learner, puzzle, attempted_at, solved, theme_shown,"
                " given, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (uid, learner, key, when, int(solved), int(shown), given, seconds))
            tried += cur.rowcount
        if tried:
            rebuild(history, db)
    return added + tried
