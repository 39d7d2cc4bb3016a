"""The ``tutor`` command line."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.views.terminal.history_commands import add_history_options, review_summary
from tutor.views.terminal.history_commands import add_parsers as add_history_parsers
from tutor.views.terminal.puzzle_args import add_parser as add_puzzle_parser

if TYPE_CHECKING:
    from tutor.teach.memory import History

from tutor.files.text import one_line
from tutor.views.terminal.arguments import announce_seed, fill_columns, fresh_seed, positive, version

__all__ = ["main"]


def _hand_files(paths: Sequence[str]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and not p.is_dir())
        else:
            yield path


def cmd_check(args: argparse.Namespace) -> int:
    from tutor.solve import warn_when_slow
    from tutor.teach.lessoncheck import check_lesson as check  # solver and computer bidder too

    warn_when_slow()
    bad = 0
    count = 0
    for path in _hand_files(args.paths):
        count += 1
        problems: list[object]
        try:
            problems = list(check(path)[1])
        except Exception as err:  # a bug in tutor must not stop the other files being checked
            problems = [one_line(f"{path}:1: tutor could not check this file ({type(err).__name__}: "
                                 f"{err}); please report it")]
        if problems:
            bad += 1
            for problem in problems:
                print(problem)
    if count == 0:
        print(f"tutor check: no hand files (*.yaml) in {', '.join(args.paths)}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"{count} file{'s' if count != 1 else ''} checked, {bad} with problems", file=sys.stderr)
    return 1 if bad else 0


def cmd_play(args: argparse.Namespace) -> int:
    from tutor.engine.seats import Seat
    from tutor.solve import warn_when_slow
    from tutor.teach.players import Budget, Game, GameError
    from tutor.views.terminal.handsave import check_save, save_hand
    from tutor.views.terminal.practice import game_from_file, play_in_terminal

    warn_when_slow()
    budget = Budget() if args.samples is None else Budget(
        seconds=None, early=args.samples, middle=args.samples, late=args.samples)
    try:
        if args.save is not None:
            check_save(args.save, force=args.force)  # before the deal, so no hand is played for nothing
        seat = Seat.parse(args.seat)
        if (args.from_file is None) != (args.at is None):
            raise GameError("--from FILE and --at TRICK[.CARD] go together (see docs/practice.md)")
        game = (Game(args.rules, args.seed, budget=budget) if args.from_file is None
                else game_from_file(args.from_file, seat, args.at, seed=args.seed, budget=budget))
        if seat not in game.seats:
            raise GameError(f"{seat.word} does not sit at the {game.rules.players}-handed table "
                            f"(seats {' '.join(s.value for s in game.seats)})")
    except (GameError, ValueError) as err:
        print(f"tutor play: {err}", file=sys.stderr)
        return 2
    status = play_in_terminal(game, seat, sys.stdin, sys.stdout, auto=args.auto)
    if args.save is not None:
        saved = save_hand(game.hand, args.save, sys.stdout, force=args.force)
        print(saved.message if saved.as_asked else f"tutor play: {saved.message}", file=sys.stderr)
        return status if saved.as_asked else 1
    return status


def cmd_puzzles(args: argparse.Namespace) -> int:
    from tutor.files.writeguard import UnwritableFile
    from tutor.views.terminal.puzzles import mine_deals, summary

    try:
        mined = mine_deals(args.deals, args.seed, Path(args.out), rules=args.rules, cap=args.cap,
                           at_the_table=args.at_the_table, jobs=args.jobs, contract=args.contract,
                           theme=args.theme)
    except (UnwritableFile, ValueError, OSError) as err:
        print(f"tutor puzzles mine: {err}", file=sys.stderr)
        return 2
    summary(mined, Path(args.out), sys.stdout)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from tutor.files.handfile import check
    from tutor.views.terminal.replay import format_replay

    result, problems = check(args.file)
    for problem in problems:
        print(problem, file=sys.stderr)
    if result is None or problems:
        return 1
    if args.json:
        data = result.to_json()
        if args.facts:
            from tutor.engine.facts import facts_at

            steps = data["steps"]
            assert isinstance(steps, list)
            for i, step in enumerate(steps):
                counted = facts_at(result, i)
                step["facts"] = counted.to_json() if counted is not None else None
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        if result.hand.decision is not None and not args.whole and (
                args.answers is not None or sys.stdin.isatty()):
            from tutor.views.terminal.decide import ask_decision, scripted_or_typed

            if ask_decision(result, scripted_or_typed(args.answers), print, symbols=not args.ascii):
                print()
        sys.stdout.write(format_replay(result, symbols=not args.ascii, facts=args.facts))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from tutor.files.handfile import check
    from tutor.solve import OutOfScope, SolveError, Solver, analyse, format_analysis, warn_when_slow
    from tutor.views.terminal.singledummy import single_dummy_report

    warn_when_slow()
    status = 0
    results: list[object] = []
    paths = list(_hand_files(args.files))
    for path in paths:
        rep, problems = check(path)
        for problem in problems:
            print(problem, file=sys.stderr)
        if rep is None or problems:
            status = 1
            continue
        try:
            analysis = analyse(rep, solver=Solver(), kitty=args.kitty)
        except OutOfScope as err:  # not a failure: a kind of hand the solver does not cover
            print(one_line(f"{path}: skipped: {err}"), file=sys.stderr)
            continue
        except SolveError as err:
            print(f"{path}: {err}", file=sys.stderr)
            status = 1
            continue
        data, text = analysis.to_json(), format_analysis(analysis)
        if args.seat:  # single-dummy: with what the seat could see
            try:
                sd = single_dummy_report(rep, analysis, args.seat, layouts=args.layouts, seed=args.seed)
            except SolveError as err:
                print(f"{path}: {err}", file=sys.stderr)
                status = 1
                continue
            data, text = sd.json(data), text + sd.text
        if args.json:
            results.append(data)
        else:
            sys.stdout.write(text)
    if args.json and (results or len(paths) != 1):  # a list for several files, as the help says
        print(json.dumps(results[0] if len(paths) == 1 else results, indent=2, ensure_ascii=False))
    return status


def cmd_schema(args: argparse.Namespace) -> int:
    from tutor.files.schema import schema_json

    print(schema_json())
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from tutor.engine.rules import PRESET_NAMES, SETTINGS, preset

    if args.preset is None:
        for name in PRESET_NAMES:
            print(f"{name:<12} {preset(name).title}")
        return 0
    rules = preset(args.preset)
    print(f"{rules.name}: {rules.title}\nsource: {rules.source}\n")
    for key, value in rules.settings().items():
        shown = ("on" if value else "off") if isinstance(value, bool) else value
        print(fill_columns(f"  {key:<30} {shown!s:<12} ", SETTINGS[key].help))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from tutor.views.site.export import ExportError, Site

    try:
        site = Site(args.paths, args.out, templates=args.templates, title=args.title, matches=args.matches,
                    embed=args.embed, analysis=args.analysis, puzzles=args.puzzles)
        report = site.build(force=args.force)
    except ExportError as err:
        print(one_line(f"tutor export: {err}"), file=sys.stderr)
        return 2
    for problem in report.problems:
        print(problem, file=sys.stderr)
    for name in report.removed:
        print(f"removed {args.out}/{name} (no longer part of the site)", file=sys.stderr)
    for name in report.kept:
        print(f"kept {args.out}/{name}: no longer part of the site, but not as tutor wrote it "
              f"(changed since, or listed without a hash by an older tutor)", file=sys.stderr)
    if not args.quiet:
        print(report.summary(args.out), file=sys.stderr)
    return 0 if report.ok else 1


def cmd_quiz(args: argparse.Namespace) -> int:
    from tutor.files.handfile import check
    from tutor.teach.quiz import (
        BASIC_KINDS,
        QuestionKind,
        QuizSession,
        known_topics,
        make_quiz,
        shortfall,
        unknown_topics,
    )
    from tutor.views.terminal.decide import quiz_lines
    from tutor.views.terminal.replay import format_card

    replays, paths = [], []
    for path in _hand_files(args.files):
        result, problems = check(path)
        for problem in problems:
            print(problem, file=sys.stderr)
        if result is None or problems:
            return 1
        replays.append(result)
        paths.append(path)
    # Lessons that ask a decision ask it in the quiz too; random deals have none to ask, but a
    # review asks the decisions the history holds (the mistakes `tutor review --remember` kept).
    kinds = ([QuestionKind(k) for k in args.kind] if args.kind
             else [*BASIC_KINDS, *([QuestionKind.DECISION] if replays or args.review else [])])
    if unknown_topics(args.topic or ()):
        print(f"tutor quiz: no question has the topic {', '.join(map(repr, unknown_topics(args.topic)))}; "
              f"the topics are {', '.join(known_topics())}", file=sys.stderr)
        return 2
    history, go_on = _quiz_history(args) if args.review else (None, True)
    if not go_on:
        return 2
    seed = fresh_seed(args.seed, announce=False)  # said once the history is open (or refused)
    if args.review and history is not None:
        from tutor.teach.review import review_quiz

        questions = review_quiz(history, replays, seed=seed, count=args.count,
                                topics=args.topic or (), kinds=kinds)
    else:
        questions = make_quiz(replays, seed=seed, count=args.count, topics=args.topic or (), kinds=kinds)
    if not questions:
        from tutor.views.terminal.quiz_messages import nothing_to_ask

        print(nothing_to_ask(paths, replays, kinds, args.topic or (), chosen=bool(args.kind)),
              file=sys.stderr)
        return 1
    if not args.review:  # opened (made, when new) only once there is something to ask and keep
        history, go_on = _quiz_history(args)
        if not go_on:
            return 2
    if args.seed is None:
        announce_seed(seed)
    if args.review and history is not None:
        print(review_summary(history, questions) + "\n")
    scripted = [a.strip() for a in args.answers.split(";")] if args.answers is not None else None
    short = shortfall(args.count, len(questions), " or ".join(args.topic or ()))
    if short:
        print(short)
    session = QuizSession(questions)
    symbols = not args.ascii
    for n, q in enumerate(questions, 1):
        print(fill_columns("", f"Question {n} of {len(questions)}: {one_line(q.source)}"))
        print(fill_columns("  ", f"Rules: {one_line(q.rules)}"))
        print(fill_columns("  ", q.prompt))
        for line in quiz_lines(q, answered=False, symbols=symbols):  # a decision: the seat's view
            print(line)
        if q.trick is not None and q.trick.plays:
            cards = "  ".join(
                f"{s.word} {p.pretty() if symbols else p}" for s, p in zip(q.trick.seats, q.trick.plays,
                                                                          strict=False)
            )
            print(f"  Trick so far: {cards}" if q.turn is not None else f"  The trick: {cards}")
        if q.multiple:
            print(f"  {q.seat.word if q.seat else ''} holds: "
                  + " ".join(format_card(c, symbols=symbols) for c in q.hand_in_order()))
            print(f"  {q.answer_hint()}")
        else:
            for c in q.choices:
                print(f"    {c.key}) {c.text(symbols=symbols)}")
        if args.show_answers:
            feedback = q.check(q.answer)
            print(fill_columns("  Answer: ", f"{q.answer_words(symbols=symbols)}."))
            for reason in feedback.reasons:
                print(fill_columns("  Why: ", reason))
            for line in quiz_lines(q, answered=True, symbols=symbols):
                print(line)
            print()
            continue
        asked_at = time.monotonic()
        while True:
            if scripted is not None:
                text = scripted.pop(0) if scripted else ""
                print(f"  > {text}")
            else:
                try:
                    text = input("  > ")
                except EOFError:
                    print()
                    print(f"Score: {session.tally}")
                    return 0
            try:
                given = q.parse(text)
            except ValueError as err:
                print(f"  {err}")
                if scripted is not None:
                    given = frozenset()
                else:
                    continue
            break
        feedback = session.answer(given)
        if history is not None:
            history.record(q, correct=feedback.correct, given=sorted(given),
                           seconds=round(time.monotonic() - asked_at, 1))
        print("  Right." if feedback.correct else f"  Not quite: {q.answer_words(symbols=symbols)}.")
        for reason in feedback.reasons:
            print(fill_columns("  Why: ", reason))
        for line in quiz_lines(q, answered=True, symbols=symbols):
            print(line)
        print(f"  Tally: {session.tally}")
        print()
        session.next()
    if not args.show_answers:
        print(f"Score: {session.tally}")
    return 0


def _quiz_history(args: argparse.Namespace) -> tuple[History | None, bool]:
    """Where the quiz keeps its answers, and whether to go on: only a plain quiz goes on without
    a history, when the default file cannot be opened (a --db or --review needs its file)."""
    from tutor.views.terminal.history_commands import open_history, read_history

    if args.show_answers and not args.review:
        return None, True  # nothing is answered
    if args.show_answers:
        return read_history(args, "quiz")  # a review with its answers shown only reads the history
    history = open_history(args, "quiz")
    if history is None:
        if args.review or args.db is not None:
            return None, False
        print("tutor quiz: answers will not be kept", file=sys.stderr)
    return history, True


def cmd_score(args: argparse.Namespace) -> int:
    from tutor.engine.cards import TutorError
    from tutor.files.match import MatchFileError, load
    from tutor.views.sheet.model import parse_setting, score_match
    from tutor.views.sheet.text import format_sheet

    try:
        match = load(args.file)
    except MatchFileError as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
        return 1
    overrides: dict[str, object] = {}
    for raw in args.set or ():
        try:
            key, value = parse_setting(raw)
            match.rules.with_settings({key: value})  # each --set is checked on its own first
        except TutorError as err:
            print(f"tutor score: --set {raw}: {err}", file=sys.stderr)
            return 2
        overrides[key] = value
    try:
        sheet = score_match(match, overrides)
    except MatchFileError as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
        return 1
    except TutorError as err:
        print(f"tutor score: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(sheet.to_json(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(format_sheet(sheet, symbols=not args.ascii, why=not args.brief))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tutor", description="Learn Five Hundred by replaying real deals trick by trick."
    )
    parser.add_argument("--version", action="version", version=version())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("replay", help="tell a hand trick by trick, with the ruling behind every card")
    p.add_argument("file", help="a hand file (.yaml)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    p.add_argument("--facts", action="store_true",
                   help="the count at each step: each seat's trumps, the trumps still out, the "
                        "best cards left in each suit")
    p.add_argument("--answers", metavar="A;B", help="a lesson's decision: answer without asking "
                   "(tries separated by ';', or reveal)")
    p.add_argument("--whole", action="store_true", help="a lesson's decision: print the whole "
                   "hand without asking it first")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("play", help="play a hand against computer players (answers on stdin)")
    p.add_argument("--rules", default="australian", help="a preset (three- or four-handed)")
    p.add_argument("--seat", default="S", help="the learner's seat (default S)")
    p.add_argument("--seed", type=int, default=0, help="which deal (the same seed, the same deal)")
    p.add_argument("--save", metavar="FILE", help="write the hand as played to a hand file (checked "
                   "before the deal; if writing fails at the end, the hand goes to a temporary file)")
    p.add_argument("--force", action="store_true", help="with --save: write over an existing file")
    p.add_argument("--auto", action="store_true", help="the computer plays the learner's seat too")
    p.add_argument("--from", dest="from_file", metavar="FILE",
                   help="play on from a decision of --seat in this hand file (with --at; the "
                   "file's rules)")
    p.add_argument("--at", metavar="TRICK[.CARD]", help="with --from: the decision to retry "
                   "(4: the seat's card in trick 4; 4.2; discard; call1: its first call)")
    p.add_argument("--samples", type=int, metavar="N",
                   help="solve N layouts a card with no clock (reproducible; default: about a "
                   "second a card)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("puzzles", help="puzzles mined from play: one card alone keeps the result")
    puzzles = p.add_subparsers(dest="puzzles_command", required=True, metavar="ACTION",
                               help="mine: play seeded deals and write the puzzles as hand files")
    p = puzzles.add_parser("mine", help="play seeded deals with the computer and write each "
                           "open-hands puzzle found as a hand file (tutor check verifies it)")
    p.add_argument("--deals", type=positive, default=10, help="how many deals (default 10)")
    p.add_argument("--seed", type=int, default=0, help="the first deal's seed (default 0)")
    p.add_argument("-o", "--out", required=True, metavar="DIR", help="the folder to write to")
    p.add_argument("--rules", default="australian", help="a preset (three- or four-handed)")
    p.add_argument("--cap", type=positive, default=3, help="at most this many puzzles a deal (default 3)")
    p.add_argument("--at-the-table", action="store_true",
                   help="also value each puzzle with its seat's view; keep at-the-table ones first")
    p.add_argument("--jobs", type=positive, default=1,
                   help="processes to mine in (the same files whatever the number; default 1)")
    p.add_argument("--contract", choices=("misere", "no-trumps"),
                   help="only deals played in this contract (misère as the computer bids it; "
                        "no-trumps bid by the best no-trumps count); --deals seeds are tried")
    p.add_argument("--theme", metavar="THEME",
                   help="keep only the puzzles with this theme (docs/puzzles.md's table)")
    p.set_defaults(func=cmd_puzzles)
    add_puzzle_parser(sub)

    p = sub.add_parser("check", help="check hand files (folders recursively); one line a problem")
    p.add_argument("paths", nargs="+", help="hand files, or folders of them (searched for *.yaml)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("export", help="write a static site of lesson pages from hand files")
    p.add_argument("paths", nargs="+", help="hand files or folders of them")
    p.add_argument("-o", "--out", default="site", help="the output folder (default: site)")
    p.add_argument("--templates", help="a folder of templates that win over the shipped ones by name")
    p.add_argument("--analysis", action="store_true",
                   help="add the solver's analysis (best cards, costs, par) and best-card questions; "
                        "cached in OUT/.tutor-analysis.json")
    p.add_argument("--title", default="Five Hundred lessons", help="the site's title")
    p.add_argument("--matches", nargs="+", default=[], metavar="PATH",
                   help="match files (or folders of them) to publish as score sheets")
    p.add_argument("--embed", action="store_true",
                   help="also write embed/NAME.html: each lesson's hand viewer alone, for an <iframe>")
    p.add_argument("--force", action="store_true",
                   help="overwrite files in the output folder that tutor did not write")
    p.add_argument("--puzzles", metavar="DIR",
                   help="a folder of puzzle files (tutor puzzles mine): a puzzles section, by theme, "
                        "with the learner's rating kept in the browser")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "analyse", help="double-dummy analysis: what every card played was worth, all hands open"
    )
    p.add_argument("files", nargs="+", help="hand files (folders recursively)")
    p.add_argument("--json", action="store_true", help="print JSON (a list for several files)")
    p.add_argument("--kitty", action="store_true", help="also rate the contractor's discard")
    p.add_argument("--seat", metavar="S", help="single-dummy too: each card of seat S (or all) "
                   "valued with what that seat could see (docs/analysis.md)")
    p.add_argument("--layouts", type=positive, default=100, metavar="N",
                   help="with --seat: layouts of the unseen cards dealt for each card (default 100)")
    p.add_argument("--seed", type=int, default=0, help="with --seat: the seed they are dealt by")
    p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    p.set_defaults(func=cmd_analyse)

    p = sub.add_parser("schema", help="print the JSON Schema for hand files")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser(
        "score", help="score a whole game from a match file, under its settings or others (--set)"
    )
    p.add_argument("file", help="a match file (.yaml; see docs/match-format.md)")
    p.add_argument(
        "--set", action="append", metavar="NAME=VALUE",
        help="score the whole game again with a setting changed, e.g. --set target=300 "
        "--set slam=none (repeatable; see `tutor rules australian` for the settings)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    p.add_argument("--brief", action="store_true", help="leave out the ruling behind each hand's score")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("rules", help="list the presets, or show one preset's settings")
    p.add_argument("preset", nargs="?", help="a preset's name, such as australian (default: list them)")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("quiz", help="questions on tricks, legal cards and scores, checked by the engine")
    p.add_argument("files", nargs="*", help="hand files or folders (default: random deals by seed)")
    p.add_argument("--seed", type=int, default=None,
                   help="the same seed asks the same questions (default: a new one each run, printed)")
    p.add_argument("--count", type=positive, default=5, help="how many questions (at least 1)")
    p.add_argument("--topic", action="append", help="left-bower, joker, no-trumps, misere, follow-suit, "
                   "scoring or any lesson tag (repeatable)")
    p.add_argument("--kind", action="append",
                   choices=["who-wins", "legal-plays", "score", "best-card", "decision"],
                   help="only this kind of question (repeatable)")
    p.add_argument("--answers", help="answer without asking: one answer a question, separated by ';'")
    p.add_argument("--show-answers", action="store_true", help="print each question with its answer")
    p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    p.add_argument("--review", action="store_true",
                   help="ask what your history says is due first, then new questions on your weakest topics")
    add_history_options(p)
    p.set_defaults(func=cmd_quiz)
    add_history_parsers(sub)
    from tutor.views.terminal.review import add_review_parser

    add_review_parser(sub)  # tutor review FILE --seat S
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``tutor`` command; every way it can fail ends in one line
    (:mod:`tutor.views.terminal.failures`)."""
    from tutor.views.terminal.failures import Streams, run

    def command(streams: Streams) -> int:
        args = build_parser().parse_args(argv)
        streams.ascii_only = bool(getattr(args, "ascii", False))
        return int(args.func(args))

    return run(command)
