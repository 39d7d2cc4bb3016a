"""The count (:mod:`tutor.engine.facts`) in words, for the terminal and the widget's count panel.

The numbers come from :func:`tutor.engine.facts.count_facts`; this module only lays them out.
"""

from __future__ import annotations

from tutor.engine.cards import Card, Suit
from tutor.engine.facts import Facts
from tutor.engine.seats import Seat

__all__ = ["count_lines", "seat_trumps", "suit_order", "top_line", "trump_line"]


def suit_order(facts: Facts) -> tuple[Suit, ...]:
    """Trumps first, then the other suits in the usual order (spades, hearts, clubs, diamonds)."""
    rest = tuple(s for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS) if s is not facts.trumps)
    return (facts.trumps, *rest) if facts.trumps is not None else rest


def _card(card: Card, symbols: bool) -> str:
    return card.pretty() if symbols else str(card)


def _cards(cards: tuple[Card, ...], symbols: bool) -> str:
    return " ".join(_card(c, symbols) for c in cards)


def trump_line(facts: Facts) -> str:
    """``Trumps are hearts: 13 in all, 4 played, 0 put away, 9 still in hand.``"""
    if facts.trumps is None:
        return "No trumps this hand."
    away = f", {facts.away} in no one's hand (kitty or discards)" if facts.away else ""
    return (f"Trumps are {facts.trumps.word}: {facts.total} in all (joker and both bowers "
            f"included), {facts.gone} played{away}, {len(facts.out)} still out.")


def seat_trumps(facts: Facts, seat: Seat, symbols: bool = True) -> str:
    """``South 6: J♥ A♥ K♥ Q♥ 9♥ 4♥`` (or ``South 0``)."""
    cards = facts.held.get(seat, ())
    return f"{seat.word} {len(cards)}" + (f": {_cards(cards, symbols)}" if cards else "")


def top_line(facts: Facts, suit: Suit, symbols: bool = True) -> str:
    """``♥ J♥ (South), J♦ (West), A♥ (South)``, or ``♥ none left``."""
    label = suit.symbol if symbols else suit.value
    pairs = facts.top.get(suit, ())
    if not pairs:
        return f"{label} none left"
    return f"{label} " + ", ".join(f"{_card(c, symbols)} ({seat.word})" for c, seat in pairs)


def count_lines(facts: Facts, seats: tuple[Seat, ...], *, symbols: bool = True) -> list[str]:
    """The count as lines of text: the trumps, each seat's trumps, the top cards of each suit."""
    lines = [trump_line(facts)]
    if facts.trumps is not None:
        lines.append("Trumps held: " + "; ".join(seat_trumps(facts, s, symbols) for s in seats))
    for card, seat in facts.wild:
        lines.append(f"{card.words().capitalize()} (no suit this hand) is still in {seat.word}'s hand.")
    lines.append("Best cards left in each suit:")
    lines += [f"  {top_line(facts, s, symbols)}" for s in suit_order(facts)]
    return lines
