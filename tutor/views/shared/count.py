"""The count (:mod:`tutor.engine.facts`) in words, for the terminal and the widget's count panel.

The numbers come from :func:`tutor.engine.facts.count_facts`; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Collection

from markupsafe import Markup

from tutor.engine.cards import Card, Joker, Suit, SuitedCard
from tutor.engine.facts import Facts
from tutor.engine.seats import Seat

__all__ = ["count_html", "count_lines", "seat_trumps", "suit_order", "top_line", "trump_line"]


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
            f"included), {facts.gone} played{away}, {len(facts.out)} not yet played.")


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
        if facts.out:
            lines.append("Trumps still out, best first: " + _cards(facts.out, symbols))
    for card, seat in facts.wild:
        lines.append(f"{card.words().capitalize()} (no suit this hand) is still in {seat.word}'s hand.")
    lines.append("Best cards left in each suit:")
    lines += [f"  {top_line(facts, s, symbols)}" for s in suit_order(facts)]
    return lines


def _card_html(card: Card) -> Markup:
    colour = "#5a2a91" if isinstance(card, Joker) else (
        "#c0161d" if isinstance(card, SuitedCard) and card.suit.is_red else "#111111"
    )
    return Markup('<span class="tw-count-card" style="color:{};font-weight:bold" '
                  'title="{}">{}</span>').format(colour, card.words(), card.pretty())


def count_html(facts: Facts, seats: tuple[Seat, ...], visible: Collection[Seat] | None = None) -> Markup:
    """The count panel of the replay widget: the same count as :func:`count_lines`, as HTML.

    ``visible``: the seats whose cards the learner may see (None: all). Another seat's trumps
    and cards are then counted but not named, so that opening the panel shows no hidden hand.
    """
    def shown(seat: Seat) -> bool:
        return visible is None or seat in visible

    def cards(cs: tuple[Card, ...]) -> Markup:
        return Markup(" ").join(_card_html(c) for c in cs)

    rows: list[Markup] = [Markup("<p class=\"tw-count-trumps\">{}</p>").format(trump_line(facts))]
    if facts.trumps is not None:
        items = []
        hidden = 0
        for seat in seats:
            held = facts.held.get(seat, ())
            if shown(seat):
                items.append(Markup('<li class="tw-count-seat" data-seat="{}">{} {}{}</li>').format(
                    seat.value, seat.word, len(held), Markup(": ") + cards(held) if held else ""))
            else:
                hidden += len(held)
        if visible is not None:
            items.append(Markup('<li class="tw-count-seat" data-seat="others">In hands you cannot '
                                'see: {}</li>').format(hidden))
        rows.append(Markup('<p>Trumps held:</p><ul class="tw-count-held">{}</ul>').format(
            Markup("").join(items)))
    for card, seat in facts.wild:
        where = f"in {seat.word}'s hand" if shown(seat) else "not played yet"
        rows.append(Markup("<p>{} (no suit this hand) is {}.</p>").format(card.words().capitalize(), where))
    tops = []
    for suit in suit_order(facts):
        pairs = facts.top.get(suit, ())
        listed = Markup(", ").join(
            Markup("{} ({})").format(_card_html(c), seat.word if shown(seat) else "not yet played")
            for c, seat in pairs
        ) if pairs else Markup("none left")
        tops.append(Markup('<li class="tw-count-top" data-suit="{}">{} {}</li>').format(
            suit.value, suit.symbol, listed))
    rows.append(Markup('<p>Best cards left in each suit:</p><ul>{}</ul>').format(Markup("").join(tops)))
    return Markup('<div class="tw-count" style="border:1px solid #bbb;border-radius:6px;'
                  'padding:0.3em 0.8em;margin:0.3em 0;background:#fafaf5">{}</div>').format(
        Markup("").join(rows))
