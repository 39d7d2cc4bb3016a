"""What each card was worth at each turn of a replay: the solver's answers, by replay step.

The quiz's best-card question, the lesson pages' analysis and the replay widget's *Analysis*
toggle all stand at a card step of a replay and ask the same thing: for each card the seat to
play holds, how many tricks the contractor's side takes in the whole hand after it, with best
play by everyone (double-dummy, as ``tutor analyse`` counts them). :func:`step_values` answers
for every card step at once, from one :func:`~tutor.solve.analyse` run.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card, Joker
from tutor.engine.play import Play
from tutor.engine.replay import Replay, StepKind
from tutor.engine.seats import Seat, agree
from tutor.solve import Analysis, CardValue, Solver, analyse
from tutor.solve.report import better_words, cost_sentence

__all__ = ["TurnValues", "card_values", "step_values", "takes"]


def takes(side_words: str) -> str:
    """``North–South take``, ``South takes``."""
    return agree(side_words, "take")


@dataclass(frozen=True)
class TurnValues:
    """The solver's view of one card step: each card's value, the best, and the card played."""

    index: int
    seat: Seat
    trick: int
    cards: dict[Card, int]
    best: int
    wants_more: bool
    played: CardValue
    side_words: str

    @property
    def actual(self) -> Play:
        return self.played.play

    @property
    def value(self) -> int:
        """The tricks the contractor's side takes after the card actually played."""
        return self.played.value

    @property
    def cost(self) -> int:
        return self.played.cost

    def best_cards(self) -> list[Card]:
        return [c for c, v in self.cards.items() if v == self.best]

    def cost_of(self, card: Card) -> int:
        """How many tricks ``card`` would give away against the best card here."""
        return abs(self.best - self.cards[card])

    def verdict(self, card: Card) -> str:
        """A sentence on ``card``: a best card, or what it cost and which card did better."""
        if card not in self.cards:
            return ""
        cost = self.cost_of(card)
        if not cost:
            return (f"{card.pretty()} was a best card: {takes(self.side_words)} {self.best} "
                    f"with best play from here.")
        tricks = "a trick" if cost == 1 else f"{cost} tricks"
        better = better_words(Play(self.alternative()), self.side_words, self.best, self.wants_more)
        return f"{card.pretty()} cost {tricks}: {better}."

    def alternative(self) -> Card:
        """The best card to name: a plain card rather than a joker when both do as well."""
        best = self.best_cards()
        plain = [c for c in best if not isinstance(c, Joker)]
        return (plain or best)[0]

    def sentence(self) -> str:
        """The card played and what it was worth, in the words of ``tutor analyse``."""
        if not self.cost:
            return f"{self.seat.word}'s {self.actual.pretty()} was a best card."
        return cost_sentence(self.played, self.side_words)


def card_values(cv: CardValue) -> dict[Card, int]:
    """Each card's value at a turn: a joker led naming suits counts its best naming."""
    out: dict[Card, int] = {}
    for play, value in cv.options.items():
        old = out.get(play.card)
        if old is None or (value > old if cv.wants_more else value < old):
            out[play.card] = value
    return out


def step_values(rep: Replay, *, solver: Solver | None = None,
                analysis: Analysis | None = None) -> dict[int, TurnValues]:
    """Every card step of the replay (by step index) with the solver's values there.

    Raises :class:`~tutor.solve.SolveError` for hands the solver does not cover."""
    an = analysis or analyse(rep, solver=solver)
    steps = [i for i, s in enumerate(rep.steps) if s.kind is StepKind.CARD]
    out: dict[int, TurnValues] = {}
    for index, cv in zip(steps, an.plays, strict=False):
        played = rep.steps[index].play
        assert played is not None and played.card == cv.play.card
        out[index] = TurnValues(
            index=index,
            seat=cv.seat,
            trick=cv.trick,
            cards=card_values(cv),
            best=cv.best,
            wants_more=cv.wants_more,
            played=cv,
            side_words=an.side_words,
        )
    return out
