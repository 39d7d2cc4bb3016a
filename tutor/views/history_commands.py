"""The quiz history on the command line: ``--db``/``--learner``, ``tutor progress``, ``tutor history``.

:mod:`tutor.cli` adds these verbs and options from here, so that its quiz verb only asks for a
history and records into it; opening, reporting and moving a history is this module's.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tutor.files.guard import UnreadableFile, read_text
from tutor.files.text import one_line
from tutor.files.writeguard import UnwritableFile, write_output

if TYPE_CHECKING:
    from tutor.teach.memory import History
    from tutor.teach.quiz import Question

__all__ = ["MAX_EXPORT_BYTES", "add_history_options", "add_parsers", "open_history", "review_summary"]

#: The largest history export read: 64 MB (each deal in it is a few kB, each answer a few
#: hundred bytes, so this holds a great many), read through the same guard as hand files.
MAX_EXPORT_BYTES = 64 * 1024 * 1024


def add_history_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="PATH",
                   help="the quiz history file (default: history.sqlite3 in your data folder, "
                        "$XDG_DATA_HOME/tutor on Linux)")
    p.add_argument("--learner", default="default", metavar="NAME",
                   help="whose history: several learners can share one file (default: default)")


def open_history(args: argparse.Namespace, verb: str) -> History | None:
    """The history ``--db``/``--learner`` name, or ``None`` after printing why it cannot be opened."""
    from tutor.teach.memory import History, HistoryError

    try:
        return History(args.db, learner=args.learner)
    except (HistoryError, OSError) as err:
        print(f"tutor {verb}: {err}", file=sys.stderr)
        return None


def review_summary(history: History, questions: Sequence[Question]) -> str:
    """What a review quiz holds: ``Review: 2 questions due, then 3 new.``"""
    from tutor.teach.memory import question_key

    known = history.known()
    due = sum(1 for q in questions if question_key(q) in known)
    new = len(questions) - due
    parts = [f"{due} question{'s' if due != 1 else ''} due" if due else "nothing due"]
    if new:
        parts.append(f"{'then ' if due else ''}{new} new")
    return f"Review for {history.learner}: {', '.join(parts)}."


def cmd_progress(args: argparse.Namespace) -> int:
    from tutor.teach.progress import progress
    from tutor.views.progress import format_progress

    history = open_history(args, "progress")
    if history is None:
        return 2
    with history:
        p = progress(history)
        others = history.learners()
    if history.learner_id is None and others:
        print(f"tutor progress: no answers from {args.learner} yet (in {history.path}: "
              f"{', '.join(others)}; choose with --learner NAME)", file=sys.stderr)
    if args.json:
        print(json.dumps(p.to_json(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(format_progress(p))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from tutor.teach.memory import HistoryError
    from tutor.teach.transfer import export_history, import_history

    history = open_history(args, f"history {args.action}")
    if history is None:
        return 2
    with history:
        if args.action == "export":
            text = json.dumps(export_history(history), indent=2, ensure_ascii=False) + "\n"
            if args.file in (None, "-"):
                sys.stdout.write(text)
            else:
                try:
                    write_output(args.file, text.encode("utf-8"))  # never waits on a pipe no one reads
                except UnwritableFile as err:
                    print(one_line(f"tutor history export: {err}"), file=sys.stderr)
                    return 2
            return 0
        if args.file is None:
            print("tutor history import: name the exported file (or - for standard input)", file=sys.stderr)
            return 2
        try:
            text = sys.stdin.read() if args.file == "-" else read_text(args.file, "history export",
                                                                        limit=MAX_EXPORT_BYTES)
            data = json.loads(text)
        except UnreadableFile as err:
            print(one_line(f"tutor history import: {args.file}: {err}"), file=sys.stderr)
            return 2
        except OSError as err:
            print(f"tutor history import: {args.file}: {err.strerror or err}", file=sys.stderr)
            return 2
        except json.JSONDecodeError as err:
            print(f"{args.file}:{err.lineno}: not JSON ({err.msg})", file=sys.stderr)
            return 1
        try:
            added = import_history(history, data, args.file)
        except HistoryError as err:
            print(str(err), file=sys.stderr)
            return 1
    print(f"{added} answer{'s' if added != 1 else ''} imported for {args.learner}", file=sys.stderr)
    return 0


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``progress`` and ``history`` to the ``tutor`` command line."""
    p = sub.add_parser("progress", help="what you have answered, per topic: right, due now, the trend")
    add_history_options(p)
    p.add_argument("--json", action="store_true",
                   help='print {"answered": N, "right": N, "due": N, "topics": {TOPIC: {...}}}')
    p.set_defaults(func=cmd_progress)

    p = sub.add_parser("history", help="export a learner's quiz history as JSON, or import one")
    p.add_argument("action", choices=["export", "import"],
                   help="export: write the history as JSON; import: add a JSON history to this one")
    p.add_argument("file", nargs="?", help="the JSON file (export: default standard output; - for stdin/out)")
    add_history_options(p)
    p.set_defaults(func=cmd_history)
