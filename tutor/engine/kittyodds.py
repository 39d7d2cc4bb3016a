"""The kitty's odds, exactly: what the kitty brings a seat, counted over every kitty it could be.

A seat looking at its own hand cannot see the other hands or the kitty: to it, the kitty is any
``size`` of the cards it does not hold, each set equally likely (the deal was random). The chance
that the kitty brings at least ``k`` of some cards (the trumps, the hearts, the joker or a bower)
is the number of those kitties that hold ``k`` or more of them, over the number of kitties. The
kitties are counted by how many of the cards asked for they hold: ``C(m, j) * C(n - m, size - j)``
kitties hold exactly ``j`` of the ``m`` asked-for cards among the ``n`` unseen, which is every
kitty, counted in groups (``tests/test_kitty_odds.py`` checks it against listing them one by one).
Pure functions: no solver, no sampling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from tutor.engine.cards import Card, Suit, SuitedCard, TutorError
from tutor.engine.play import PlayContext, effective_suit

__all__ = ["KittyOdds", "KittyOddsError", "in_suit", "kitty_odds", "percent", "unseen_by"]


class KittyOddsError(TutorError):
    """A kitty claim that cannot be counted (a seat with no hand, a kitty larger than the unseen
    cards, trumps asked for in a contract without them)."""


@dataclass(frozen=True)
class KittyOdds:
    """Of ``kitties`` equally likely kitties (``size`` cards from ``unseen``), ``bringing`` hold
    at least ``at_least`` of the ``asked`` cards the seat cannot see."""

    unseen: int
    size: int
    asked: int
    at_least: int
    kitties: int
    bringing: int

    @property
    def chance(self) -> Fraction:
        return Fraction(self.bringing, self.kitties)

    @property
    def percent(self) -> int:
        return percent(self.chance)


def percent(chance: Fraction) -> int:
    """A chance as a whole percent, halves rounded up (exact: no float rounding)."""
    scaled = chance * 100 + Fraction(1, 2)
    return scaled.numerator // scaled.denominator


def unseen_by(pack: Iterable[Card], held: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of the pack a seat holding ``held`` cannot see (the other hands and the kitty),
    in pack order. A pack may repeat a card (a home-made pack): each copy counts once."""
    mine = Counter(held)
    out: list[Card] = []
    for card in pack:
        if mine[card]:
            mine[card] -= 1
        else:
            out.append(card)
    if +mine:
        missing = ", ".join(str(c) for c in mine.elements())
        raise KittyOddsError(f"the hand holds {missing}, which the pack does not have")
    return tuple(out)


def in_suit(suit: Suit, ctx: PlayContext | None) -> Callable[[Card], bool]:
    """Whether a card belongs to ``suit`` as the cards count in the contract ``ctx`` (a hand
    with no contract: the printed suit, the joker in none)."""
    if ctx is None:
        return lambda card: isinstance(card, SuitedCard) and card.suit is suit
    return lambda card: effective_suit(card, ctx) is suit


def kitty_odds(unseen: Sequence[Card], size: int, asked: Callable[[Card], bool],
               at_least: int = 1) -> KittyOdds:
    """The exact chance that a kitty of ``size`` cards drawn from ``unseen`` holds at least
    ``at_least`` cards for which ``asked`` is true."""
    n = len(unseen)
    if size < 1:
        raise KittyOddsError("this table has no kitty, so the kitty brings nothing")
    if size > n:
        raise KittyOddsError(f"a kitty of {size} cards cannot be drawn from {n} unseen cards")
    if at_least < 1:
        raise KittyOddsError(f"at_least must be 1 or more, not {at_least}")
    m = sum(1 for card in unseen if asked(card))
    bringing = sum(comb(m, j) * comb(n - m, size - j) for j in range(at_least, min(m, size) + 1))
    return KittyOdds(n, size, m, at_least, comb(n, size), bringing)
