"""The words of ``tutor analyse``: each card's value beside the best, and the cards that cost tricks."""

from __future__ import annotations

from tutor.engine.cards import Joker
from tutor.engine.play import Play
from tutor.engine.seats import agree
from tutor.solve.analysis import Analysis, CardValue

__all__ = ["cost_sentence", "format_analysis"]


def _pretty(play: Play) -> str:
    return play.pretty()


def _tricks(n: int) -> str:
    return "a trick" if n == 1 else f"{n} tricks"


def _alternative(cv: CardValue) -> Play:
    """The best play to name instead: a plain card rather than a joker when both do as well."""
    best = cv.best_plays()
    plain = [p for p in best if not isinstance(p.card, Joker)]
    return (plain or best)[0]


def cost_sentence(cv: CardValue, side_words: str) -> str:
    """``West's K♠ cost a trick: the 9♠ would have held North–South to 6.``"""
    alt = _pretty(_alternative(cv))
    who = f"{cv.seat.word}'s {_pretty(cv.play)} cost {_tricks(cv.cost)}"
    if cv.wants_more:
        return f"{who}: {alt} would have given {side_words} {cv.best}."
    return f"{who}: {alt} would have held {side_words} to {cv.best}."


def format_analysis(an: Analysis, *, slow_note: str | None = None) -> str:
    """The analysis as text: a header with par, then each trick's cards with their values."""
    aim = "fewest" if an.minimise else "most"
    lines = [
        f"{an.title}",
        f"{an.bid} by {an.declarer.word}: {agree(an.side_words, 'take')} {an.par} with best play by "
        f"everyone after the discard (par; {agree(an.side_words, 'want')} the {aim} tricks).",
        "Double-dummy: every value counts the tricks the contractor's side takes in the whole hand "
        "with all hands open.",
    ]
    if slow_note:
        lines.append(f"Note: {slow_note}.")
    trick = 0
    for cv in an.plays:
        if cv.trick != trick:
            trick = cv.trick
            lines.append(f"Trick {trick}")
        mark = "" if cv.cost == 0 else f"  <- {cost_sentence(cv, an.side_words)}"
        others = ", ".join(f"{p.pretty()} {v}" for p, v in cv.options.items())
        lines.append(
            f"  {cv.seat.word:<11} {_pretty(cv.play):<6} {cv.value:>2}  best {cv.best:>2}  ({others}){mark}"
        )
    if an.discard is not None:
        lines.append("The discard")
        lines.append(
            f"  {an.declarer.word} put away {' '.join(c.pretty() for c in an.discard.cards)}: "
            f"{agree(an.side_words, 'take')} {an.discard.value}."
        )
        best = [d for d in an.discards if d.value == an.discards[0].value]
        shown = ", ".join(" ".join(c.pretty() for c in d.cards) for d in best[:5])
        more = f" and {len(best) - 5} more" if len(best) > 5 else ""
        lines.append(f"  Best discards ({an.discards[0].value}): {shown}{more}.")
    costly = [cv for cv in an.plays if cv.cost]
    lines.append(
        f"{len(costly)} card{'s' if len(costly) != 1 else ''} cost tricks."
        if costly else "Every card played was a best card."
    )
    return "\n".join(lines) + "\n"
