"""Answering a lesson's decision in place: a choice is judged at once, a wrong one may be tried
again, and the answer (with the lesson's explanation) is shown only when it is found, revealed,
or the tries run out.

Bridge Master tells the learner at once whether a choice worked; lichess lets a wrong move be
retried. :class:`Asking` is that exchange as a value the front ends share: the notebook widget
lets the learner try until they find it or press Next, ``tutor replay`` allows one more try and
``reveal``. What a wrong choice is told never names the answer: only the solver's figures for
that choice (``tricks:`` in the hand file, which ``tutor check`` verifies), when the lesson
states them.

Once the answer is shown, a wrong card can show what happens after it (:func:`line_after`): the
best line on the true layout after that card (:func:`tutor.solve.line.best_line`, every seat
playing a double-dummy best card), trick by trick. It opens the other hands, so it comes only
with the answer, never while the learner may still try again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tutor.engine.auction import Bid, Call, Pass, parse_call
from tutor.engine.cards import Suit, TutorError
from tutor.engine.decision import Choice, LessonDecision, choice_code, choice_pretty, choice_words
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.solve import SolveError, Solver, deal_of
from tutor.solve.line import best_line
from tutor.solve.position import apply

__all__ = ["Asking", "LineAfter", "LineTrick", "Verdict", "choice_figures", "learner_seat", "line_after",
           "lines_after"]

_KEYS = "abcdefgh"


def learner_seat(replay: Replay) -> Seat | None:
    """The seat a lesson puts the learner in: the one its decision asks, else the one its intro
    names ("You are South, first to speak"; the first "you are" that names a seat of the table
    counts), else None. The site's viewer and the notebook widget open with that hand only."""
    at = replay.decision_step()
    if at is not None and replay.steps[at].seat is not None:
        return replay.steps[at].seat
    intro = replay.hand.note("intro") or ""
    words = {s.word.lower(): s for s in replay.table.seats}
    pattern = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    found = re.search(rf"\byou are ({pattern})\b", " ".join(intro.split()), re.IGNORECASE)
    return words[found.group(1).lower()] if found else None


def _tricks(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


def choice_figures(decision: LessonDecision, index: int) -> str | None:
    """What the solver says of choice ``index`` (the lesson's ``tricks:``), without naming any
    other choice; None when the lesson states no figure for it."""
    if index not in decision.tricks:
        return None
    n = decision.tricks[index]
    choice: Choice = decision.choices[index]
    if isinstance(choice, Pass):
        return f"Pass: the contract that stands takes {_tricks(n)} with best play."
    if isinstance(choice, Bid) and choice.is_misere:
        return f"{choice_words(choice).capitalize()}: best play leaves the contractor {_tricks(n)}."
    if isinstance(choice, Bid):
        need = choice.tricks
        made = "made" if n >= need else f"{need - n} short of the {need} it needs"
        return (f"{choice_words(choice).capitalize()}: with best play after the best discard the "
                f"contractor's side takes {_tricks(n)}, {made}.")
    if isinstance(choice, Suit):
        return f"Naming {choice.word}: with best play the contractor takes {_tricks(n)}."
    return None


@dataclass(frozen=True)
class Verdict:
    """The word on one answer: ``head`` at once, the figures of the choice made, and, once the
    answer is shown (``final``), the lesson's explanation."""

    right: bool
    final: bool
    head: str
    figures: str | None = None
    explanation: str = ""


@dataclass
class Asking:
    """One decision asked of the learner; ``tries`` is how many wrong choices end it (None:
    as many as there are wrong choices; the learner reveals the answer instead)."""

    replay: Replay
    decision: LessonDecision
    tries: int | None = None
    tried: list[int] = field(default_factory=list)
    wrong: int = 0
    done: bool = False

    @property
    def keys(self) -> str:
        return _KEYS[: len(self.decision.choices)]

    def index_of(self, key: str) -> int:
        """The choice a key (``a``, ``b``, …) names; ``ValueError`` saying the keys otherwise."""
        if len(key) != 1 or key not in self.keys:
            raise ValueError(f"{key!r} is not a choice: the choices are {', '.join(self.keys)}")
        return self.keys.index(key)

    def parse(self, text: str) -> int:
        """A typed answer: a choice's letter, or the choice in notation (``7H``, ``pass``, a
        discard's cards in any order, ``KS``, a suit by letter or name). ``ValueError`` saying
        what may be typed otherwise."""
        raw = " ".join(text.replace(",", " ").split())
        if raw.lower() in self.keys and len(raw) == 1:
            return self.keys.index(raw.lower())
        wanted = sorted(raw.upper().split())
        try:
            call: Call | None = parse_call(raw)
        except TutorError:
            call = None
        for i, choice in enumerate(self.decision.choices):
            if wanted == sorted(choice_code(choice).upper().split()) or (call is not None and call == choice):
                return i
            if isinstance(choice, Suit) and raw.lower() in (choice.word, choice.singular, choice.symbol):
                return i
        codes = ", ".join(choice_code(c) for c in self.decision.choices)
        raise ValueError(f"cannot read {raw!r}: answer with a letter ({', '.join(self.keys)}) or a "
                         f"choice as written ({codes})")

    def _explanation(self) -> str:
        return self.decision.explained_by(self.replay.hand.notes)

    def answer(self, index: int) -> Verdict:
        """Judge choice ``index``: right ends the asking; a wrong one says so with its figures,
        and ends it (showing the answer) only when the tries are used up."""
        if self.done:
            raise ValueError("this decision is answered: the answer is shown")
        right_words = choice_words(self.decision.right)
        figures = choice_figures(self.decision, index)
        if index == self.decision.answer:
            self.done = True
            return Verdict(True, True, f"Right: {right_words}.", figures, self._explanation())
        if index not in self.tried:
            self.tried.append(index)
        self.wrong += 1
        words = choice_words(self.decision.choices[index])
        if self.tries is not None and self.wrong >= self.tries:
            self.done = True
            return Verdict(False, True, f"Not {words} either: the answer is {right_words}."
                           if self.wrong > 1 else f"Not this one: the answer is {right_words}.",
                           figures, self._explanation())
        return Verdict(False, False, f"Not {words}.", figures)

    def reveal(self) -> Verdict:
        """Show the answer without finding it."""
        self.done = True
        return Verdict(False, True, f"The answer: {choice_words(self.decision.right)}.",
                       choice_figures(self.decision, self.decision.answer), self._explanation())


@dataclass(frozen=True)
class LineTrick:
    """One trick of a line: its number, its cards in the order played (the first may have been
    played before the choice), and who won it (None while the hand stops inside it)."""

    number: int
    plays: tuple[tuple[Seat, Play], ...]
    winner: Seat | None

    def words(self, *, symbols: bool = True, chosen: Play | None = None) -> str:
        """``Trick 8: East 8♦, South 6♥, West Q♠ (your card); East wins``."""
        cards = ", ".join(f"{s.word} {p.pretty() if symbols else p}"
                          + (" (your card)" if chosen is not None and p == chosen else "")
                          for s, p in self.plays)
        won = f"; {self.winner.word} wins" if self.winner is not None else ""
        return f"Trick {self.number}: {cards}{won}"


@dataclass(frozen=True)
class LineAfter:
    """What happens after a wrong card: the best line from it on the true layout."""

    choice: Play
    tricks: tuple[LineTrick, ...]
    won: int
    """The tricks the contractor's side takes in the whole hand, this line played out."""
    made: bool
    """Whether the contract is made (a misère: no trick taken)."""
    contractors: tuple[Seat, ...]
    contract: str
    """The contract in words, as the end of the line names it (``seven hearts``, ``the misère``)."""

    def lines(self, *, symbols: bool = True) -> list[str]:
        """The line in words: a heading, a line a trick, and how the hand ends."""
        shown = choice_pretty(self.choice) if symbols else str(self.choice)
        who = "–".join(s.word for s in self.contractors)
        took = "no trick" if self.won == 0 else _tricks(self.won)
        verb = "takes" if len(self.contractors) == 1 else "take"
        end = f"In all {who} {verb} {took}, so {self.contract} {'makes' if self.made else 'is beaten'}."
        return [f"What happens after {shown} (best play by every seat on the real cards, by the "
                "solver)", *(t.words(symbols=symbols, chosen=self.choice) for t in self.tricks), end]


def line_after(replay: Replay, decision: LessonDecision, index: int,
               solver: Solver | None = None) -> LineAfter | None:
    """The best line after choice ``index`` of a decision in the play, when that choice is
    wrong; None for the right one, for a call, a discard or a joker's suit (there is no card to
    play on from), and for what the solver does not cover (the two-handed game)."""
    where = decision.card
    choice = decision.choices[index]
    if index == decision.answer or where is None or not isinstance(choice, Play):
        return None
    try:
        deal = deal_of(replay)
    except SolveError:
        return None
    trick, place = where
    seats = len(deal.start.seats)
    before = (trick - 1) * seats + place - 1
    if before > len(deal.plays):
        return None
    pos = deal.start
    for play in deal.plays[:before]:
        pos = apply(pos, play)
    line = (choice, *best_line(apply(pos, choice), solver))
    tricks: list[LineTrick] = []
    cards = [(pos.seats[(pos.leader + i) % seats], p) for i, p in enumerate(pos.trick)]
    for play in line:
        cards.append((pos.seats[pos.to_move], play))
        pos = apply(pos, play)
        if not pos.trick:  # the trick is complete: its winner leads the next
            tricks.append(LineTrick(trick, tuple(cards), pos.seats[pos.leader]))
            trick, cards = trick + 1, []
    if cards:
        tricks.append(LineTrick(trick, tuple(cards), None))
    contract = replay.contract
    assert contract is not None  # deal_of needs one
    bid = contract.bid
    made = pos.won == 0 if pos.minimise else pos.won >= bid.tricks
    named = f"the {bid.words()}" if bid.is_misere else bid.words()
    return LineAfter(choice, tuple(tricks), pos.won, made, deal.contractors, named)


def lines_after(replay: Replay, decision: LessonDecision) -> dict[int, LineAfter]:
    """:func:`line_after` for every wrong choice that has one (the site writes them all at export:
    it is static), by choice index; one solver for all of them."""
    solver = Solver()
    found = {i: line_after(replay, decision, i, solver) for i in range(len(decision.choices))}
    return {i: a for i, a in found.items() if a is not None}
