"""The deal at the tables of three to six players: what the dealer gives out, and the check
that the whole pack was dealt once."""

from __future__ import annotations

from collections import Counter

from tutor.engine.builder import Builder, count_word
from tutor.engine.cards import Card
from tutor.engine.hand import Hand
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat, table
from tutor.engine.steps import Where

__all__ = ["check_deal", "deal_text"]

_DEAL_PATTERNS = {
    "australian": "three to each player, one to the kitty, four each, one to the kitty, three "
    "each, one to the kitty",
    "american": "three to each player, the widow, four each, three each",
    "west-seventh-street": "three to each player, three to the middle, two each, two to the "
    "middle, three each, two each",
}


def deal_pattern_text(rules: RuleSet) -> str:
    pattern = _DEAL_PATTERNS.get(rules.deal_pattern)
    return f" The deal goes {pattern}." if pattern else ""


def deal_text(hand: Hand, rules: RuleSet) -> str:
    """The deal's ruling: cards to each player and the kitty, who speaks first, the pattern."""
    at = table(rules.players)
    per_hand = (len(rules.the_pack) - rules.kitty_size) // rules.players
    return (
        f"{hand.dealer.word} deals {count_word(per_hand)} cards to each player and "
        f"{count_word(rules.kitty_size)} to the {rules.kitty_word}; {at.next(hand.dealer).word}, on "
        f"the dealer's left, speaks first."
    ) + deal_pattern_text(rules)


def check_deal(b: Builder) -> None:
    """Every player dealt their share and the kitty its cards: the whole pack, each card once."""
    hand, rules = b.hand, b.rules
    if hand.piles is not None:
        b.problem(("piles",), f"only the two-handed game has piles of table cards; with "
                  f"{count_word(b.table.players)} players there are none", "the deal")
        return
    pack = rules.the_pack
    per_hand = (len(pack) - rules.kitty_size) // rules.players
    at = b.table
    for seat in hand.hands:
        if seat not in at:
            b.problem(
                ("hands", seat.value),
                f"{seat.word} has no seat at a {count_word(at.players)}-handed table: the seats are "
                f"{at.seat_list}",
                "seats",
            )
    for seat in b.seats:
        cards = hand.hands.get(seat)
        if cards is None:
            b.problem(("hands",), f"the deal has no hand for {seat.word}", "the deal")
        elif len(cards) != per_hand:
            b.problem(
                ("hands", seat.value),
                f"{seat.word} is dealt {len(cards)} cards; each player is dealt {per_hand}",
                "the deal",
            )
    if len(hand.kitty) != rules.kitty_size:
        b.problem(
            ("kitty",),
            f"the kitty has {len(hand.kitty)} cards; it must have {rules.kitty_size}",
            "the deal",
        )
    everything = [*hand.kitty]
    for cards in hand.hands.values():
        everything.extend(cards)
    unique = frozenset(pack.cards)
    seen = set(everything)
    if len(seen) == len(everything) == len(unique) == len(pack.cards) and seen <= unique:
        return  # the fast path: every card of the pack dealt exactly once
    dealt: Counter[Card] = Counter(everything)
    in_pack = Counter(pack.cards)
    for card, n in dealt.items():
        if card not in in_pack:
            where = _where_is(hand, card)
            b.problem(
                where,
                f"{card} is not in the {pack.name}-card pack ({pack.description})",
                "the pack",
            )
        elif n > in_pack[card]:
            holders = [s.word for s in b.seats if card in hand.hands.get(s, ())]
            if card in hand.kitty:
                holders.append("the kitty")
            b.problem(
                _where_is(hand, card, last=True),
                f"{card} is dealt {n} times ({', '.join(holders)}); the pack has "
                f"{'only one' if in_pack[card] == 1 else in_pack[card]}",
                "the pack",
            )
    if not b.problems:
        missing = in_pack - dealt
        if missing:
            b.problem(
                ("hands",),
                f"the deal is missing {', '.join(str(c) for c in missing.elements())} from the "
                f"{pack.name}-card pack",
                "the pack",
            )


def _where_is(hand: Hand, card: Card, *, last: bool = False) -> Where:
    found: list[Where] = []
    for seat in [s for s in Seat if s in hand.hands]:
        cards = hand.hands.get(seat, ())
        for i, c in enumerate(cards):
            if c == card:
                found.append(("hands", seat.value, i))
    for i, c in enumerate(hand.kitty):
        if c == card:
            found.append(("kitty", i))
    if not found:
        return ("hands",)
    return found[-1] if last else found[0]
