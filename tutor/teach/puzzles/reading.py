"""Puzzle files read back for serving: what the puzzle asks, what the seat sees, and the answer.

A puzzle is a hand file whose play stops at the answer card (:mod:`.writing`): the tags say
``puzzle``, its kind (``open-hands``: every hand shown; ``at-the-table``: the seat's own view
only) and its themes. :func:`read_folder` reads a folder of them without solving anything (so a
thousand puzzles load in a second or so); :func:`solve_puzzle` then solves the one served: every
legal card's value with all hands open, which cards are the answer (the answer card and the
cards equal to it), and for a wrong card its refutation, the best line after it
(:func:`tutor.solve.line.best_line`, the same line the miner wrote into the note).

A puzzle is named in the history by :func:`tutor.teach.memory.deal_id` of its hand (its cards and
play, not its title, notes or tags), so retagging a puzzle with new themes keeps its rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from tutor.engine.cards import Card, TutorError
from tutor.engine.decision import LessonDecision
from tutor.engine.equals import equal_runs
from tutor.engine.hand import Hand
from tutor.engine.order import sorted_hand
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.files.guard import UnreadableFile
from tutor.files.handfile import load
from tutor.files.problems import FileProblems
from tutor.solve import Position, SolveError, Solver, apply, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.line import best_line
from tutor.teach.memory import deal_id
from tutor.teach.puzzles.mine import contract_words
from tutor.teach.seatview import SeatView, seat_view

__all__ = [
    "KINDS",
    "PuzzleError",
    "PuzzleFile",
    "Solution",
    "read_folder",
    "read_puzzle",
    "shipped_puzzles",
    "solve_puzzle",
]

#: The kinds of puzzle, as their tag says: all hands shown, or the seat's own view only.
KINDS = ("open-hands", "at-the-table")
#: Tags that say what a file is rather than what it teaches.
_NOT_THEMES = frozenset({"puzzle", *KINDS})


class PuzzleError(TutorError):
    """A puzzle file or folder that cannot be served, naming the file and the fault."""


@dataclass(frozen=True)
class PuzzleFile:
    """One puzzle as read from its file: no solving yet."""

    path: Path
    key: str
    """The puzzle's name in the history: the deal's id (:func:`tutor.teach.memory.deal_id`)."""
    hand: Hand
    kind: str
    themes: tuple[str, ...]

    @property
    def title(self) -> str:
        return self.hand.title

    @property
    def place(self) -> str:
        """The answer's note key, ``"trick.card"``: the last card of the play."""
        trick = len(self.hand.play)
        return f"{trick}.{len(self.hand.play[-1])}"


def shipped_puzzles() -> Path:
    """The shipped set: ``puzzles/`` beside ``templates/`` and ``hands/`` in a checkout, found
    the way the shipped templates are (the ``tutor.templates`` package's folder)."""
    return Path(str(resources.files("tutor.templates"))).parent / "puzzles"


def read_puzzle(path: Path) -> PuzzleFile:
    """One puzzle file; :class:`PuzzleError` if it is not a hand file or not a puzzle."""
    try:
        hand = load(path)
    except (FileProblems, UnreadableFile) as err:
        first = err.problems[0] if isinstance(err, FileProblems) and err.problems else err
        raise PuzzleError(f"{first}") from None
    if "puzzle" not in hand.tags:
        raise PuzzleError(f"{path}: not a puzzle (its tags do not say 'puzzle')")
    if not hand.play or not hand.play[-1]:
        raise PuzzleError(f"{path}: a puzzle's play stops at its answer, and this one has no play")
    kinds = [t for t in hand.tags if t in KINDS]
    if len(kinds) != 1:
        raise PuzzleError(f"{path}: a puzzle is tagged with one kind ({' or '.join(KINDS)}), "
                          f"not {len(kinds)}")
    themes = tuple(t for t in hand.tags if t not in _NOT_THEMES)
    return PuzzleFile(path, deal_id(hand), hand, kinds[0], themes)


def read_folder(folder: Path) -> list[PuzzleFile]:
    """Every puzzle in ``folder`` (recursively, ``*.yaml``), in file-name order.

    :class:`PuzzleError` when the folder is missing or holds no puzzle, or a file in it is not
    one (naming the file): a shipped set is served whole or not at all."""
    if not folder.is_dir():
        raise PuzzleError(f"{folder}: no such folder of puzzles")
    files = sorted(p for p in folder.rglob("*.yaml") if p.is_file())
    if not files:
        raise PuzzleError(f"{folder}: no puzzles here (no *.yaml files); "
                          f"`tutor puzzles mine --deals N --seed S -o {folder}` writes some")
    out = [read_puzzle(p) for p in files]
    seen: dict[str, Path] = {}
    for p in out:
        if p.key in seen:
            raise PuzzleError(f"{p.path}: the same puzzle as {seen[p.key].name}")
        seen[p.key] = p.path
    return out


@dataclass(frozen=True)
class Solution:
    """A served puzzle solved: the question, the seat's view, each card's value, the answer."""

    puzzle: PuzzleFile
    replay: Replay
    position: Position
    seat: Seat
    trick: int
    legal: tuple[Card, ...]
    """The legal cards in the order the hand is shown (trumps first)."""
    values: dict[Card, int]
    """Each legal card's value: the tricks the contractor's side takes with best play after it
    (a led joker: its best naming for the seat)."""
    plays: dict[Card, Play]
    """Each legal card as it is best played (a led joker with its best suit named)."""
    answer: Play
    right: frozenset[Card]
    """The answer card and the cards equal to it: any of them is right."""
    goal: str
    """What the seat plays for, in words that give nothing away: ``keeps 8♠ by South made``
    (open hands; at the table, where the seat cannot know whether the contract can be made,
    ``is best, with what South can see``)."""
    note: str
    """The answer's note (the file's explanation), shown after the answer."""
    view: SeatView
    """What the seat could know at the table (an at-the-table puzzle shows only this)."""

    @property
    def prompt(self) -> str:
        return f"Trick {self.trick}: {self.seat.word} to play. Which card {self.goal}?"

    def refutation(self, card: Card, solver: Solver | None = None) -> tuple[Play, ...]:
        """The wrong card's best line: the card, then best play by everyone to the end."""
        play = self.plays[card]
        return (play, *best_line(apply(self.position, play), solver, self.values[card]))

    def refutation_words(self, card: Card, solver: Solver | None = None, *, symbols: bool = True) -> str:
        """The refutation in words, a trick at a time: ``Jo 5♠ 6♠ / J♥ A♥ 5♥ 8♥ / …`` (the first
        part finishes the trick in progress)."""
        plays = self.refutation(card, solver)
        n = len(self.position.seats)
        first = n - len(self.position.trick)
        parts = [plays[:first], *(plays[i:i + n] for i in range(first, len(plays), n))]
        return " / ".join(" ".join(p.pretty() if symbols else str(p) for p in part) for part in parts if part)

    def is_right(self, card: Card) -> bool:
        return card in self.right


def _goal(pos: Position, values: Sequence[int], need: int, contract: str) -> str:
    me = pos.to_move
    contractor = pos.team[me]
    made = {(v == 0) if pos.minimise else (v >= need) for v in values}
    if len(made) > 1:
        return f"keeps {contract} made" if contractor else f"sets {contract}"
    if wants_more(pos, me):
        return "takes the most tricks for the contractor's side" if contractor else \
            "gives the contractor's side the most tricks"
    return "holds the contractor's side to the fewest tricks"


def solve_puzzle(puzzle: PuzzleFile, solver: Solver | None = None) -> Solution:
    """Solve the puzzle's position (all hands open); :class:`PuzzleError` naming the file when
    its play does not stand or the solver cannot take it."""
    rep = build(puzzle.hand)
    where = f"{puzzle.path}: card {puzzle.place}"
    if rep.problems or rep.contract is None:
        first = rep.problems[0].message if rep.problems else "there is no contract"
        raise PuzzleError(f"{where}: the play does not stand ({first})")
    try:
        deal = deal_of(rep)
        *_, (pos, answer) = deal.positions()
        options = (solver or Solver()).options(pos)
    except (SolveError, ValueError) as err:
        raise PuzzleError(f"{where}: {err}") from None
    me = pos.to_move
    more = wants_more(pos, me)
    plays: dict[Card, Play] = {}
    for play, value in options.items():
        best = plays.get(play.card)
        if best is None or (value > options[best] if more else value < options[best]):
            plays[play.card] = play
    values = {c: options[p] for c, p in plays.items()}
    others = [c for i, h in enumerate(pos.hands) if i != me for c in h] + [p.card for p in pos.trick]
    runs = equal_runs(pos.hands[me], others, pos.ctx)
    top = runs.get(answer.card, answer.card)
    right = frozenset(c for c in values if runs.get(c, c) == top)
    contract = rep.contract
    bid = contract.bid
    need = 0 if bid.is_misere else (bid.tricks or 0)
    words = contract_words(contract)
    trick = len(puzzle.hand.play)
    view = seat_view(rep, LessonDecision(at=puzzle.place, question="", choices=(answer,), answer=0))
    legal = tuple(c for c in sorted_hand(list(pos.hands[me]), pos.ctx) if c in values)
    return Solution(
        puzzle=puzzle, replay=rep, position=pos, seat=pos.seats[me], trick=trick, legal=legal,
        values=values, plays=plays, answer=answer, right=right,
        goal=(_goal(pos, list(values.values()), need, words) if puzzle.kind == "open-hands"
              else f"is best, with what {pos.seats[me].word} can see"),
        note=puzzle.hand.note(puzzle.place) or "", view=view,
    )
