"""``tutor puzzle``: puzzles served one after another in the terminal, rated as they are solved.

Each puzzle is shown as its kind says: an at-the-table puzzle from the seat's view only (its
hand, the calls, the kitty if it took it, the cards played: :func:`tutor.teach.seatview.seat_view`),
an open-hands one with every hand as it stands. The learner types a card; a right card says so,
a wrong one shows its refutation (the best line after it) and then the answer, and either way the
answer's note and the rating before and after follow. Which puzzle comes next is
:func:`tutor.teach.puzzles.serving.next_puzzle`'s; the ratings are :mod:`tutor.teach.ratings`'.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from tutor.engine.cards import Card, CardError
from tutor.engine.play import Play
from tutor.solve import Solver
from tutor.teach.glicko import SHOWN_THEME_DAMPING, Rating
from tutor.teach.memory import History
from tutor.teach.puzzles.reading import (
    PuzzleError,
    PuzzleFile,
    Solution,
    read_folder,
    shipped_puzzles,
    solve_puzzle,
)
from tutor.teach.puzzles.serving import next_puzzle, themes_of
from tutor.teach.ratings import PuzzleRecord, record_attempt, standing
from tutor.teach.topics import topic_words
from tutor.views.terminal.arguments import fill_columns
from tutor.views.terminal.decide import seat_lines
from tutor.views.terminal.replay import format_card

__all__ = ["ask_puzzle", "cmd_puzzle", "load_puzzles", "rating_words", "run_puzzles",
           "table_lines"]


def load_puzzles(folder: str | None, theme: str | None) -> list[PuzzleFile]:
    """The puzzles of ``folder`` (default: the shipped set), checked for ``theme``;
    :class:`PuzzleError` saying what is wrong and what there is."""
    where = Path(folder) if folder is not None else shipped_puzzles()
    try:
        puzzles = read_folder(where)
    except PuzzleError as err:
        if folder is None:
            raise PuzzleError(f"{err} (the shipped set; --from DIR reads another folder)") from None
        raise
    if theme is not None and not any(theme in p.themes for p in puzzles):
        themes = ", ".join(f"{t} ({n})" for t, n in themes_of(puzzles).items()) or "none"
        raise PuzzleError(f"no puzzle in {where} has the theme {theme!r}; the themes there: {themes}")
    return puzzles


def rating_words(r: Rating, *, symbols: bool = True) -> str:
    """A rating as shown: ``1500 ± 350`` (the deviation after the sign; ``+/-`` in ASCII)."""
    return f"{r.rating:.0f} {'±' if symbols else '+/-'} {r.deviation:.0f}"


def table_lines(s: Solution, *, symbols: bool = True) -> list[str]:
    """The position as the puzzle's kind shows it: the seat's view, or every hand open."""
    view = s.view
    if s.puzzle.kind == "open-hands":
        before = s.replay.states[view.step - 1]
        view = replace(view, open_hands={seat: tuple(cards) for seat, cards in before.hands.items()
                                         if seat != s.seat and seat not in before.out})
    return seat_lines(s.puzzle.hand, view, symbols=symbols)


def _card(text: str, s: Solution) -> Card:
    raw = text.strip()
    try:
        card = Play.parse(raw).card if ":" in raw else Card.parse(raw)
    except CardError as err:
        raise ValueError(f"{err}; answer with a card such as {s.legal[0]}") from None
    if card not in s.values:
        legal = " ".join(str(c) for c in s.legal)
        raise ValueError(f"{s.seat.word} cannot play {card} here; the cards {s.seat.word} may play: {legal}")
    return card


def ask_puzzle(s: Solution, read: Callable[[], str | None], write: Callable[[str], None], *,
               symbols: bool = True, theme: str | None = None) -> Card | None:
    """Show the puzzle and read a card (``None``: the learner stopped)."""
    p = s.puzzle
    kind = "all hands open" if p.kind == "open-hands" else f"at the table, as {s.seat.word} sees it"
    write(f"{p.title} ({kind})")
    write(f"Rules: {s.replay.rules.title} ({s.replay.rules.name})")
    if theme is not None:
        write(f"Theme: {topic_words(theme)}")
    for line in table_lines(s, symbols=symbols):
        write(line)
    write(fill_columns("", s.prompt))
    write(f"  {s.seat.word} may play: " + " ".join(format_card(c, symbols=symbols) for c in s.legal))
    while True:
        text = read()
        if text is None or text.strip().lower() in ("q", "quit"):
            return None
        try:
            return _card(text, s)
        except ValueError as err:
            write(f"  {err}")


def answer_lines(s: Solution, card: Card, solver: Solver, *, symbols: bool = True) -> list[str]:
    """What follows an answer: right, or the refutation first; then the answer and its note."""
    shown = [format_card(c, symbols=symbols) for c in sorted(s.right, key=s.legal.index)]
    answer = " or ".join(shown)
    out: list[str] = []
    if s.is_right(card):
        out.append(f"  Right: {answer}.")
    else:
        line = s.refutation_words(card, solver, symbols=symbols)
        out.append(fill_columns("  Not quite. ", f"After {format_card(card, symbols=symbols)} the "
                                f"contractor's side takes {s.values[card]}: {line}."))
        out.append(f"  The answer: {answer} (the contractor's side then takes {s.values[s.answer.card]}).")
    for text in s.note.strip().splitlines():
        out.append(fill_columns("  Why: ", text))
    themes = ", ".join(topic_words(t) for t in s.puzzle.themes)
    if themes:
        out.append(f"  Themes: {themes}")
    return out


def run_puzzles(puzzles: Sequence[PuzzleFile], history: History, read: Callable[[], str | None],
                write: Callable[[str], None], *, theme: str | None = None, count: int | None = None,
                seed: int = 0, symbols: bool = True) -> int:
    """Serve puzzles until ``count`` are answered, the learner stops or none is left; returns
    how many were answered."""
    solver = Solver()
    done = 0
    while count is None or done < count:
        served = next_puzzle(puzzles, standing(history), theme=theme, seed=seed + done)
        if served is None:
            write("No puzzle left to serve: every one" + (f" of {theme!r}" if theme else "")
                  + " has been tried and none is due again yet.")
            break
        s = solve_puzzle(served.puzzle, solver)
        if done:
            write("")
        write(f"Puzzle {done + 1}{' (a review: missed before)' if served.review else ''}; "
              f"your rating {rating_words(standing(history).learner, symbols=symbols)}")
        asked = time.monotonic()
        card = ask_puzzle(s, read, write, symbols=symbols, theme=theme)
        if card is None:
            break
        for line in answer_lines(s, card, solver, symbols=symbols):
            write(line)
        p = served.puzzle
        rated = record_attempt(history, PuzzleRecord(p.key, p.title, p.themes), solved=s.is_right(card),
                               theme_shown=served.theme_shown, given=str(card),
                               seconds=round(time.monotonic() - asked, 1))
        damped = (f" (the theme was shown, so it counts for {SHOWN_THEME_DAMPING:.0%})"
                  if served.theme_shown else "")
        def moved(before: Rating, after: Rating) -> str:
            return f"{rating_words(before, symbols=symbols)} -> {rating_words(after, symbols=symbols)}"

        write(f"  Your rating: {moved(rated.learner_before, rated.learner_after)}; the puzzle's: "
              f"{moved(rated.puzzle_before, rated.puzzle_after)}{damped}")
        if rated.due is not None and not rated.solved:
            write("  It comes back as a review at your next session.")
        done += 1
    return done


def cmd_puzzle(args: argparse.Namespace) -> int:
    from tutor.solve import warn_when_slow
    from tutor.views.terminal.decide import scripted_or_typed
    from tutor.views.terminal.history_commands import open_history

    try:
        puzzles = load_puzzles(args.folder, args.theme)
    except PuzzleError as err:
        print(f"tutor puzzle: {err}", file=sys.stderr)
        return 2
    history = open_history(args, "puzzle")
    if history is None:
        return 2
    warn_when_slow()
    count = args.count if args.count is not None or args.answers is None else \
        len(args.answers.split(";"))
    with history:
        try:
            run_puzzles(puzzles, history, scripted_or_typed(args.answers), print, theme=args.theme,
                        count=count, seed=args.seed, symbols=not args.ascii)
        except PuzzleError as err:
            print(f"tutor puzzle: {err}", file=sys.stderr)
            return 1
    return 0
