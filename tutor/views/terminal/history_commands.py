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

if TYPE_CHECKING:
    from tutor.teach.memory import History
    from tutor.teach.quiz import Question

__all__ = ["add_history_options", "add_parsers", "open_history", "read_history", "review_summary"]


def add_history_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="PATH",
                   help="the quiz history file (default: history.sqlite3 in your data folder, "
                        "$XDG_DATA_HOME/tutor on Linux)")
    p.add_argument("--learner", default="default", metavar="NAME",
                   help="whose history: several learners can share one file (default: default)")


def open_history(args: argparse.Namespace, verb: str, *, write: bool = True) -> History | None:
    """The history ``--db``/``--learner`` name, or ``None`` after printing why it cannot be opened."""
    from tutor.teach.memory import History, HistoryError

    try:
        return History(args.db, learner=args.learner, write=write)
    except HistoryError as err:
        print(f"tutor {verb}: {err}", file=sys.stderr)
        return None


def read_history(args: argparse.Namespace, verb: str) -> tuple[History | None, bool]:
    """The history opened only to read (nothing is created or changed), and whether to go on:
    ``(None, True)`` when there is no history yet (which is said), ``(None, False)`` when the
    file cannot be read (which is said too)."""
    from tutor.teach.memory import History, HistoryError, NoHistory

    try:
        return History(args.db, learner=args.learner, write=False), True
    except NoHistory as err:
        print(f"tutor {verb}: {err}", file=sys.stderr)
        return None, True
    except HistoryError as err:
        print(f"tutor {verb}: {err}", file=sys.stderr)
        return None, False


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
    from tutor.teach.memory import HistoryError
    from tutor.teach.progress import Progress, progress
    from tutor.views.shared.progress import format_progress

    history, go_on = read_history(args, "progress")
    if not go_on:
        return 2
    if history is None:
        p, others = Progress(args.learner.strip(), 0, 0, 0), []
    else:
        with history:
            try:
                p = progress(history)
                others = history.learners()
            except HistoryError as err:
                print(f"tutor progress: {err}", file=sys.stderr)
                return 2
        if history.learner_id is None and others:
            print(f"tutor progress: no answers from {args.learner} yet (in {history.path}: "
                  f"{', '.join(others)}; choose with --learner NAME)", file=sys.stderr)
    if args.json:
        print(json.dumps(p.to_json(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(format_progress(p))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    return _export(args) if args.action == "export" else _import(args)


def _export(args: argparse.Namespace) -> int:
    from tutor.teach.memory import HistoryError
    from tutor.teach.transfer import export_history

    history, go_on = read_history(args, "history export")
    if history is None:
        return 1 if go_on else 2  # no history yet: nothing to export (and no file written)
    with history:
        try:
            text = json.dumps(export_history(history), indent=2, ensure_ascii=False) + "\n"
        except HistoryError as err:
            print(f"tutor history export: {err}", file=sys.stderr)
            return 2
    if args.file in (None, "-"):
        sys.stdout.write(text)
    else:
        from tutor.files.text import one_line
        from tutor.files.writeguard import UnwritableFile, write_output

        try:
            write_output(args.file, text.encode("utf-8"))  # never waits on a pipe no one reads
        except UnwritableFile as err:
            print(one_line(f"tutor history export: {err}"), file=sys.stderr)
            return 2
    return 0


def _import(args: argparse.Namespace) -> int:
    """Read and check the whole export first: a bad one is refused before the history is opened,
    so that it neither changes the history nor creates one."""
    from tutor.files.guard import UnreadableFile
    from tutor.teach.memory import HistoryError
    from tutor.teach.transfer import check_export, import_history, read_export

    if args.file is None:
        print("tutor history import: name the exported file (or - for standard input)", file=sys.stderr)
        return 2
    name = "<stdin>" if args.file == "-" else args.file
    try:
        export = check_export(read_export(_export_text(args.file), name), name)
    except UnreadableFile as err:
        print(f"{name}: {err}", file=sys.stderr)
        return 2
    except HistoryError as err:
        print(str(err), file=sys.stderr)
        return 2
    history = open_history(args, "history import")
    if history is None:
        return 2
    with history:
        try:
            added = import_history(history, export, name)
        except HistoryError as err:
            print(f"tutor history import: {err}", file=sys.stderr)
            return 2
    print(f"{added} answer{'s' if added != 1 else ''} imported for {args.learner}", file=sys.stderr)
    return 0


def _export_text(name: str) -> str:
    """The export's text through the file guard (regular files only, UTF-8, at most
    :data:`~tutor.teach.transfer.MAX_EXPORT_BYTES`); ``-`` reads standard input to the same limit."""
    from tutor.files.guard import UnreadableFile, read_text
    from tutor.teach.transfer import MAX_EXPORT_BYTES

    if name != "-":
        return read_text(name, "history export", limit=MAX_EXPORT_BYTES)
    if sys.stdin is None:
        raise UnreadableFile("standard input is closed")
    raw = getattr(sys.stdin, "buffer", None)
    data = raw.read(MAX_EXPORT_BYTES + 1) if raw is not None else sys.stdin.read(MAX_EXPORT_BYTES + 1)
    if len(data) > MAX_EXPORT_BYTES:
        raise UnreadableFile(f"more than {MAX_EXPORT_BYTES:,} bytes, the most a history export may be")
    if isinstance(data, str):
        return data
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as err:
        raise UnreadableFile(f"not UTF-8 text (byte {err.start + 1}), so not a history export") from None


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
