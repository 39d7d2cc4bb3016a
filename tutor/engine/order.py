"""The order a hand is shown in: jokers (or trumps) first, the other suits' colours alternating.

Every front end shows hands, and the quiz offers and explains cards, in this one order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from tutor.engine.cards import Card, Joker, Suit, SuitedCard
from tutor.engine.play import PlayContext, effective_suit, power

__all__ = ["hand_key", "sorted_hand"]

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def sorted_hand(cards: Iterable[Card], context: PlayContext | None = None) -> list[Card]:
    """Jokers first, then spades, hearts, clubs, diamonds (colours alternate), high to low.

    With the ``context`` of a suit contract, trumps come first as they rank this hand (the
    joker, the right bower, the left bower, then the rest), and the other suits follow with
    their colours alternating.
    """
    return sorted(cards, key=hand_key(context))


def hand_key(context: PlayContext | None = None) -> Callable[[Card], tuple[int, int]]:
    """The sort key of :func:`sorted_hand`: a card's place depends on the card and the contract
    only, never on the rest of the hand, so a hand that loses a card keeps its order and a
    caller may remember each card's key."""
    trumps = context.trumps if context is not None else None
    if context is None or trumps is None:

        def key(c: Card) -> tuple[int, int]:
            if isinstance(c, Joker):
                return (-1, c.number)
            assert isinstance(c, SuitedCard)
            return (_SUIT_ORDER.index(c.suit), -c.rank.order)

        return key
    ctx = context
    order = _side_suits(trumps)

    def trump_key(c: Card) -> tuple[int, int]:
        if effective_suit(c, ctx) is trumps:
            return (-1, -power(c, trumps, ctx))
        assert isinstance(c, SuitedCard)
        return (order.index(c.suit), -c.rank.order)

    return trump_key


@cache
def _side_suits(trumps: Suit) -> tuple[Suit, ...]:
    """The suits other than trumps, colours alternating: opposite colour to trumps first."""
    rest = [s for s in _SUIT_ORDER if s is not trumps]
    out: list[Suit] = []
    want_red = not trumps.is_red
    while rest:
        pick = next((s for s in rest if s.is_red == want_red), rest[0])
        out.append(pick)
        rest.remove(pick)
        want_red = not want_red
    return tuple(out)
