"""``tutor review FILE --seat S``: the review of one seat's decisions, the costliest first.

The summary comes first (the two or three decisions that cost the most, in words), then every
decision in order: the calls (judged by simulation, with the computer bidder's count named as
such), the discard (ranked single-dummy), each card (single-dummy, double-dummy beside it).
``--json`` prints the :class:`~tutor.teach.handreview.Review` as JSON; ``--save-lesson OUT.yaml``
writes it as a lesson; ``--remember`` keeps its mistakes in the quiz history. Without those two
it reads only: no file is made or changed.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

from tutor.engine.cards import TutorError
from tutor.engine.seats import Seat
from tutor.files.text import one_line
from tutor.teach.handreview import Review, Verdict, review_hand
from tutor.teach.handreview.value import CALL_BAD, CALL_DOUBTFUL
from tutor.views.terminal.arguments import positive
from tutor.views.terminal.history_commands import add_history_options

__all__ = ["add_review_parser", "cmd_review", "review_text"]

_COLUMNS = 100


def _wrap(text: str, first: str = "", rest: str = "    ") -> list[str]:
    return textwrap.wrap(text, _COLUMNS, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False)


def _line(v: Verdict, *, full: bool) -> list[str]:
    where = {"call": "Auction", "discard": "Discard", "nomination": "Joker"}.get(v.kind, f"Trick {v.trick}")
    lines = _wrap(f"{where}: {v.words}", "  ")
    if full and v.computer:
        lines += _wrap(v.computer, "    ", "      ")
    if full and v.ruling:
        lines += _wrap(f"The rule: {v.ruling}", "    ", "      ")
    if full and v.note:
        lines += _wrap(f"[{v.note}]", "    ", "      ")
    return lines


def review_text(review: Review) -> str:
    """The review in words: the summary, then every decision in order."""
    who = review.seat.word
    out = _wrap(f"Review of {who}'s decisions: {review.title}", "", "  ")
    top = review.costliest()
    marked = len(review.marked)
    if top:
        out.append(f"In short: {marked} of {len(review.decisions)} decisions marked; the costliest:")
        for v in top:
            out += _line(v, full=False)
    else:
        out += _wrap(f"In short: none of {who}'s {len(review.decisions)} decisions is marked: with "
                     f"what {who} could see, none fell short of the best choice by the marks' lines.",
                     "", "  ")
    out.append("")
    out += _wrap(f"Every decision (each over at most {review.layouts} layouts of the cards {who} "
                 f"could not see, dealt by seed {review.seed}; a card or discard is marked ? when it "
                 "loses more than 0.1 trick on average against the best choice, ?? above 0.6; a "
                 f"call ? when it scores more than {CALL_DOUBTFUL:.0f} points below the better call on "
                 f"average, ?? more than {CALL_BAD:.0f}; docs/analysis.md):", "", "")
    for v in review.decisions:
        out += _line(v, full=True)
    for why in review.skipped:
        out += _wrap(f"Not judged: {why}.", "  ")
    return "\n".join(out) + "\n"


def add_review_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``review`` command's arguments."""
    p = sub.add_parser("review", help="review one seat's decisions in a played hand: the costliest first")
    p.add_argument("file", help="a hand file: a lesson, a saved practice hand, a hand typed in")
    p.add_argument("--seat", required=True, metavar="S", help="whose decisions (N, E, S, W, ...)")
    p.add_argument("--layouts", type=positive, default=30, metavar="N",
                   help="layouts of the unseen cards dealt for each decision (default 30)")
    p.add_argument("--seed", type=int, default=0, help="the seed they are dealt by (default 0)")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument("--save-lesson", metavar="OUT.yaml", help="also write the review as a lesson")
    p.add_argument("--force", action="store_true", help="with --save-lesson: write over OUT.yaml")
    p.add_argument("--remember", action="store_true",
                   help="keep each marked decision in the quiz history, due for `tutor quiz --review`")
    add_history_options(p)
    p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    p.set_defaults(func=cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    from tutor.files.handfile import check, dumps
    from tutor.files.writeguard import UnwritableFile, write_output
    from tutor.solve import OutOfScope, SolveError, warn_when_slow
    from tutor.teach.handreview.lesson import lesson_hand
    from tutor.views.terminal.handsave import SaveError, check_save
    from tutor.views.terminal.history_commands import open_history

    path = Path(args.file)
    try:
        seat = Seat.parse(args.seat)
    except TutorError as err:
        print(f"tutor review: --seat {args.seat}: {err}", file=sys.stderr)
        return 2
    if args.save_lesson:
        try:
            check_save(args.save_lesson, force=args.force)
        except SaveError as err:
            print(f"tutor review: {str(err).replace('--save ', '--save-lesson ', 1)}", file=sys.stderr)
            return 2
    rep, problems = check(path)
    for problem in problems:
        print(problem, file=sys.stderr)
    if rep is None or problems:
        return 1
    warn_when_slow()
    try:
        review = review_hand(rep, seat, layouts=args.layouts, seed=args.seed)
    except OutOfScope as err:  # not a failure: a kind of hand the solver does not cover
        print(one_line(f"{path}: skipped: {err}"), file=sys.stderr)
        return 0
    except SolveError as err:
        print(one_line(f"{path}: {err}"), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(review.to_json(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(review_text(review))
    if args.save_lesson:
        lesson, at = lesson_hand(rep, review)
        try:
            write_output(args.save_lesson, dumps(lesson).encode("utf-8"), pipes=False)
        except UnwritableFile as err:
            print(f"tutor review: {err}", file=sys.stderr)
            return 2
        asked = (", asking no decision" if at is None else f", asking {at.seat.word}'s call"
                 if at.kind == "call" else f", asking {at.seat.word}'s discard" if at.kind == "discard"
                 else f", asking {at.seat.word}'s card at trick {at.trick}")
        print(f"Wrote the lesson {args.save_lesson}{asked}; edit its intro, then `tutor check` it.",
              file=sys.stderr)
    if args.remember:
        from tutor.teach.handreview.remember import remember

        history = open_history(args, "review")
        if history is None:
            return 2
        with history:
            keys = remember(history, rep, review)
        print(f"Kept {len(keys)} marked decision{'s' if len(keys) != 1 else ''} in the quiz history "
              f"({history.path}): `tutor quiz --review` asks them when they are due.", file=sys.stderr)
    return 0
