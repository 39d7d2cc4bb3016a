"""Moving a learner's history: export to JSON, import from it (into any history file).

The JSON holds the learner's answers and every question and deal they refer to, so that it can
be imported on another machine and the questions asked again there::

    {"format": "tutor-history", "version": 1, "learner": "ann",
     "deals": {"<id>": {"title": "...", "hand": "<hand-file text>"}},
     "questions": [{"key": "...", "deal": "<id>", "kind": "who-wins", "trick": 3, "place": null,
                    "topics": [...], "rulings": [...], "prompt": "..."}],
     "answers": [{"uid": "...", "question": "<key>", "at": "2026-01-01T09:00:00+00:00",
                  "correct": true, "seconds": 4.2, "given": ["N"]}]}

Importing is one transaction: answers already there (the same ``uid``) are skipped, so importing
twice changes nothing, and each question's schedule is then worked out again from all its answers.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from tutor.teach.memory import History, HistoryError, iso
from tutor.teach.quiz import QuestionKind

__all__ = ["FORMAT", "export_history", "import_history"]

FORMAT = "tutor-history"
VERSION = 1


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


def _need(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise HistoryError(f"{where}: {key!r} is missing")
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise HistoryError(f"{where}: {key!r} should be {names}, not {json.dumps(value)}")
    return value


def import_history(history: History, data: Any, source: str = "<json>") -> int:
    """Add an exported history's answers to this history's learner; returns how many were new.

    Raises :class:`HistoryError` naming the source and the entry when the JSON is not an export.
    """
    if _need(data, "format", str, source) != FORMAT:
        raise HistoryError(f"{source}: 'format' should be {FORMAT!r}: is this a tutor history export?")
    if _need(data, "version", int, source) > VERSION:
        raise HistoryError(f"{source}: export version {data['version']} is newer than this tutor reads")
    deals = _need(data, "deals", dict, source)
    questions = _need(data, "questions", list, source)
    answers = _need(data, "answers", list, source)
    keys = set()
    with history.transaction() as db:
        learner = history.ensure_learner(db)
        for deal, body in deals.items():
            where = f"{source}: deals[{deal!r}]"
            db.execute("INSERT OR IGNORE INTO deals (id, title, hand) VALUES (?, ?, ?)",
                       (deal, _need(body, "title", str, where), _need(body, "hand", str, where)))
        for n, q in enumerate(questions):
            where = f"{source}: questions[{n}]"
            kind = _need(q, "kind", str, where)
            try:
                QuestionKind(kind)
            except ValueError:
                raise HistoryError(f"{where}: 'kind' {kind!r} is not a question kind") from None
            deal = _need(q, "deal", str, where)
            if deal not in deals:
                raise HistoryError(f"{where}: deal {deal!r} is not among the export's deals")
            db.execute(
                "INSERT OR IGNORE INTO questions (key, deal, kind, trick, place, topics, rulings, prompt)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (_need(q, "key", str, where), deal, kind, _need(q, "trick", (int, type(None)), where),
                 _need(q, "place", (str, type(None)), where), json.dumps(_need(q, "topics", list, where)),
                 json.dumps(_need(q, "rulings", list, where)), _need(q, "prompt", str, where)),
            )
            keys.add(q["key"])
        added = 0
        touched: set[str] = set()
        for n, a in enumerate(answers):
            where = f"{source}: answers[{n}]"
            key = _need(a, "question", str, where)
            if key not in keys:
                raise HistoryError(f"{where}: question {key!r} is not among the export's questions")
            at = _need(a, "at", str, where)
            try:
                when = iso(datetime.fromisoformat(at))
            except ValueError as err:
                raise HistoryError(f"{where}: 'at' {at!r} is not a time with a zone ({err})") from None
            cur = db.execute(
                "INSERT OR IGNORE INTO answers (uid, learner, question, answered_at, correct, seconds, given)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (_need(a, "uid", str, where), learner, key, when,
                 int(_need(a, "correct", bool, where)), _need(a, "seconds", (int, float, type(None)), where),
                 json.dumps(_need(a, "given", list, where))),
            )
            if cur.rowcount:
                added += 1
                touched.add(key)
        history.rebuild(db, sorted(touched))
    return added
