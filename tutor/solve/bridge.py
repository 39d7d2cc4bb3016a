"""A four-handed suit contract of Five Hundred as a bridge deal, for checking against DDS.

With a trump suit every card of Five Hundred belongs to one effective suit and ranks in a
plain order within it (trumps: the joker, the right bower, the left bower, then A, K, Q, …),
and nothing else differs from bridge's trick play. So relabelling each effective suit's cards,
highest first, onto bridge ranks from the ace down gives a bridge deal with the same play.
"""

from __future__ import annotations

from tutor.engine.cards import Card, Suit
from tutor.engine.play import effective_suit, power
from tutor.engine.seats import Seat
from tutor.solve.position import Position, SolveError

__all__ = ["BridgeDeal", "to_bridge"]

_RANKS = "AKQJT98765432"
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_FOUR = (Seat.N, Seat.E, Seat.S, Seat.W)

#: (the PBN text "N:…", the trump suit's letter, the leader's seat letter, card → bridge card)
BridgeDeal = tuple[str, str, str, dict[Card, str]]


def to_bridge(pos: Position) -> BridgeDeal:
    """The bridge deal with the same play as ``pos`` (four seats, a trump suit, a trick start)."""
    ctx = pos.ctx
    if ctx.trumps is None or len(pos.seats) != 4 or pos.trick:
        raise SolveError("only a four-handed suit contract at the start of a trick maps onto bridge")
    owner: dict[Suit, list[tuple[int, int, Card]]] = {s: [] for s in Suit}
    for i, hand in enumerate(pos.hands):
        for card in hand:
            suit = effective_suit(card, ctx)
            assert suit is not None
            owner[suit].append((power(card, suit, ctx), i, card))
    names: dict[Card, str] = {}
    held: dict[tuple[int, Suit], str] = {}
    for suit, cards in owner.items():
        if len(cards) > 13:
            raise SolveError(f"{len(cards)} {suit.word} in play: more than a bridge suit holds")
        for k, (_power, i, card) in enumerate(sorted(cards, key=lambda t: -t[0])):
            names[card] = f"{suit.value}{_RANKS[k]}"
            held[(i, suit)] = held.get((i, suit), "") + _RANKS[k]
    hands = []
    for seat in _FOUR:
        i = pos.seats.index(seat)
        hands.append(".".join(held.get((i, s), "") for s in _PBN_SUITS))
    return "N:" + " ".join(hands), ctx.trumps.value, pos.seats[pos.leader].value, names
