"""Equal cards: cards of one hand that no card still in play ranks between, so playing either
comes to the same.

Holding the king and queen of spades with the ace of spades already played, the king and the
queen are one card: whichever is played, every trick goes the same way. A puzzle's answer and a
claim that a card was the only best one count such cards as one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine.cards import Card, Joker
from tutor.engine.play import PlayContext, effective_suit, power

__all__ = ["equal_runs"]


def equal_runs(hand: Sequence[Card], others: Iterable[Card], ctx: PlayContext) -> dict[Card, Card]:
    """Each card of ``hand`` mapped to the highest card of its run of equal cards.

    ``others`` are the cards still in play besides ``hand``: the other seats' hands and the
    trick in progress (a card played to it still separates two cards that could beat it or not).
    Two cards are equal when they belong to the same suit this hand (the bowers to trumps) and
    every card ranking between them is in ``hand`` too. A joker is equal only to itself, and so
    is a card whose identical twin (the six-handed pack's) is elsewhere."""
    mine = set(hand)
    elsewhere = set(others)
    by_suit: dict[object, list[tuple[int, bool, Card]]] = {}
    for card in mine | elsewhere:
        suit = effective_suit(card, ctx)
        rank = power(card, suit, ctx) if suit is not None else -1
        by_suit.setdefault(suit if suit is not None else card, []).append((rank, card in mine, card))
    out: dict[Card, Card] = {}
    for cards in by_suit.values():
        top: Card | None = None
        for _, held, card in sorted(cards, key=lambda x: (-x[0], str(x[2]))):
            if not held:
                top = None
                continue
            if isinstance(card, Joker) or card in elsewhere:  # a twin elsewhere: first played wins
                out[card] = card
                top = None
                continue
            if top is None:
                top = card
            out[card] = top
    return out
