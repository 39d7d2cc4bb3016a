"""A computer card's reason in words a learner reads: what the card does, and how often.

The computer plays the card that does best over the layouts of the unseen cards it solved
(:mod:`~tutor.teach.players.cardplay`). Its sentence says what the card is for (make the
contract, beat it, make or beat the misère) and how often it does that in words ("in most of
the hands West can imagine"), with the count beside it ("7 of the 8 it tried"), since the count
is what the words rest on; then how the next best card compares, without naming it (the card is
in a hand the learner cannot see). How often, in words:

- every layout: "in all four hands West tried" ("however the unseen cards lie" when every
  possible layout was solved);
- at least three in four: "in most of the hands West can imagine";
- more than half: "in more than half the hands West can imagine"; exactly half: "in half";
- fewer: "in only 1 of the 4 hands West tried";
- none: no card does it there, and the card plays for tricks (the average is then the point).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.teach.players.decision import count_words

__all__ = ["Aim", "Tally", "card_reason"]


@dataclass(frozen=True)
class Tally:
    """How a card did over the layouts solved: ``good`` of ``n`` reached the aim, ``mean``
    tricks to the contractors on average."""

    good: int
    n: int
    mean: float


@dataclass(frozen=True)
class Aim:
    """What the seat plays for: ``verb`` says it of a card ("makes the contract"), ``more``
    whether the seat wants the contractors to take more tricks."""

    verb: str
    more: bool

    @classmethod
    def of(cls, *, contractor: bool, misere: bool, need: int) -> Aim:
        if misere:
            return cls("makes the misère" if contractor else "beats the misère", not contractor)
        if need:
            return cls("makes the contract" if contractor else "beats the contract", contractor)
        return cls("does best for its side", contractor)


def _how_often(who: str, t: Tally, exact: bool) -> str:
    if exact:
        if t.good == t.n:
            return "however the unseen cards lie"
        return f"in {t.good} of the {t.n} ways the unseen cards can lie"
    if t.good == t.n:
        return ("in the one hand " if t.n == 1 else f"in all {count_words(t.n, 'hand')} ") + f"{who} tried"
    tried = f"({t.good} of the {t.n} it tried)"
    if 4 * t.good >= 3 * t.n:
        return f"in most of the hands {who} can imagine {tried}"
    if 2 * t.good > t.n:
        return f"in more than half the hands {who} can imagine {tried}"
    if 2 * t.good == t.n:
        return f"in half the hands {who} tried ({t.good} of {t.n})"
    return f"in only {t.good} of the {t.n} hands {who} tried"


def _tricks(aim: Aim) -> str:
    return "takes more tricks" if aim.more else "gives the contractors fewer tricks"


def card_reason(who: str, card: str, aim: Aim, best: Tally, exact: bool,
                other: tuple[str, Tally] | None = None) -> str:
    """``West plays 10♣: it beats the contract in most of the hands West can imagine (7 of the
    8 it tried); the next best card only in 4.`` (``card`` as the table writes it; ``other``:
    the next best card and its tally, compared but not named)."""
    if best.good == 0:
        where = "however the unseen cards lie" if exact else f"in the hands {who} tried"
        verb = aim.verb.split(" ", 1)
        text = (f"{who} plays {card}: no card {verb[0]} {verb[1]} {where}, so it plays for tricks "
                f"({best.mean:.1f} to the contractors on average")
        if other is not None and other[1].mean != best.mean:
            text += f"; the next best card {other[1].mean:.1f}"
        return text + ")."
    text = f"{who} plays {card}: it {aim.verb} {_how_often(who, best, exact)}"
    if other is not None:
        o = other[1]
        if o.good < best.good:
            text += f"; the next best card only in {o.good}" if o.good else "; no other card in any"
        elif o.good > best.good:
            text += (f"; another card would more often ({o.good}), but {card} {_tricks(aim)} on "
                     f"average")
        elif o.mean != best.mean:
            text += f"; another card as often, but {card} {_tricks(aim)} on average"
        else:
            text += "; another card would do as well"
    return text + "."
