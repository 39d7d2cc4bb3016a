"""The words of ``tutor analyse``: each card's value beside the best, and the cards that cost tricks."""

from __future__ import annotations

from tutor.engine.cards import Joker
from tutor.engine.play import Play
from tutor.engine.seats import agree
from tutor.solve.analysis import Analysis, CardValue

__all__ = ["better_words", "cost_sentence", "format_analysis"]


def _pretty(play: Play) -> str:
    return play.pretty()


def _tricks(n: int) -> str:
    return "a trick" if n == 1 else f"{n} tricks"


def _alternative(cv: CardValue) -> Play:
    """The best play to name instead: a plain card rather than a joker when both do as well."""
    best = cv.best_plays()
    plain = [p for p in best if not isinstance(p.card, Joker)]
    return (plain or best)[0]


def better_words(alt: Play, side_words: str, best: int, wants_more: bool) -> str:
    """What the best card instead would have done, in plain words: ``the 9♠ kept North–South to
    6`` for a player holding the contractor's side down (a defender; the contractor in misère),
    ``the A♥ gave South 9`` for one pushing it up. The number is always the tricks of the
    contractor's side (named by ``side_words``) in the whole hand."""
    card = _the(alt)
    if wants_more:
        return f"{card} gave {side_words} {best}"
    return f"{card} kept {side_words} to {best}"


def _the(play: Play) -> str:
    """``the 9♠``; a joker in words, as the rulings name it: ``the joker naming clubs``."""
    if isinstance(play.card, Joker):
        return play.card.words() + (f" naming {play.names.word}" if play.names else "")
    return f"the {play.pretty()}"


def cost_sentence(cv: CardValue, side_words: str) -> str:
    """``West's K♠ cost a trick: the 9♠ kept North–South to 6.``"""
    who = f"{cv.seat.word}'s {_pretty(cv.play)} cost {_tricks(cv.cost)}"
    return f"{who}: {better_words(_alternative(cv), side_words, cv.best, cv.wants_more)}."


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
