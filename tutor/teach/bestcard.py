"""Where to ask the quiz's best-card question: "South to play: which card keeps the contract?"

Asked at a card of a replayed hand where the best cards (by the solver, all hands open) are a
clear minority of the legal ones, so that guessing rarely works. The explanation gives each
legal card's value: the tricks the contractor's side takes in the whole hand after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.auction import Contract
from tutor.engine.cards import Card
from tutor.engine.order import sorted_hand
from tutor.engine.replay import Replay
from tutor.engine.seats import agree
from tutor.solve import SolveError, Solver
from tutor.teach.playalong import Turn, turn_at
from tutor.teach.values import TurnValues, step_values, takes

__all__ = ["BestCardSpot", "best_card_spots", "is_clear_minority"]


def is_clear_minority(best: int, legal: int) -> bool:
    """At least three legal cards, and at most a third of them best."""
    return legal >= 3 and 3 * best <= legal


def _made(contract: Contract, tricks: int) -> bool:
    bid = contract.bid
    if bid.is_misere:
        return tricks == 0
    return tricks >= (bid.tricks or 0)


def _ask(contract: Contract, tv: TurnValues, contractor: bool) -> str:
    """What to ask: the contract when the best cards alone decide it, else the most tricks."""
    made = {c: _made(contract, v) for c, v in tv.cards.items()}
    best = set(tv.best_cards())
    if len({made[c] for c in best}) == 1 and all(made[c] != made[next(iter(best))] for c in made
                                                  if c not in best):
        return "keeps the contract" if contractor else "beats the contract"
    if tv.wants_more:
        if contractor:
            return f"takes the most tricks for {tv.side_words}"
        return f"forces {tv.side_words} to take the most tricks"
    return f"holds {tv.side_words} to the fewest tricks"


@dataclass(frozen=True)
class BestCardSpot:
    """A turn worth asking about: the prompt, the legal cards, the best ones and the explanation.

    :mod:`tutor.teach.quiz` turns it into a question of kind ``best-card``."""

    turn: Turn
    prompt: str
    legal: tuple[Card, ...]
    best: frozenset[Card]
    explanation: tuple[str, ...]
    topics: frozenset[str]


def _spot(contract: Contract, turn: Turn, tv: TurnValues) -> BestCardSpot:
    contractor = tv.played.wants_more != contract.bid.is_misere
    # In the order the hand is shown (trumps first): the quiz's choices, the values in the
    # explanation and the pages' answers all list the cards so.
    legal = tuple(c for c in sorted_hand(dict.fromkeys(turn.hand), turn.ctx) if c in tv.cards)
    values = ", ".join(f"{c.pretty()} {tv.cards[c]}" for c in legal)
    need = "" if contract.bid.is_misere else f" ({agree(tv.side_words, 'need')} {contract.bid.tricks})"
    explanation = (
        f"With best play after each card (all hands open), {takes(tv.side_words)}{need}: {values}.",
        f"In the game {turn.seat.word} played {turn.actual.pretty()}: {tv.sentence()}",
    )
    bid = contract.bid
    topics = {"misere"} if bid.is_misere else {"no-trumps"} if bid.is_no_trumps else set()
    if turn.trick == 1 and not turn.plays:
        topics.add("opening-lead")
    return BestCardSpot(
        turn=turn,
        prompt=(f"Trick {turn.trick} of {contract.words()}: {turn.seat.word} to play. "
                f"Which card {_ask(contract, tv, contractor)}?"),
        legal=legal,
        best=frozenset(tv.best_cards()),
        explanation=explanation,
        topics=frozenset(topics),
    )


def best_card_spots(rp: Replay, *, solver: Solver | None = None,
                    values: dict[int, TurnValues] | None = None) -> list[BestCardSpot]:
    """Every turn a best-card question can ask about; none for hands the solver does not cover."""
    if rp.contract is None or rp.problems:
        return []
    if values is None:
        try:
            values = step_values(rp, solver=solver)
        except SolveError:
            return []
    contract = rp.contract
    out: list[BestCardSpot] = []
    for index, tv in values.items():
        if not is_clear_minority(len(tv.best_cards()), len(tv.cards)):
            continue
        turn = turn_at(rp, index)
        if turn is not None:
            out.append(_spot(contract, turn, tv))
    return out
