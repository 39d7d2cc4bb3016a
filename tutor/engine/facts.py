"""The count at any step of a hand: each seat's trumps, the trumps still out, the top cards left.

Counting trumps is a skill, and a lesson note that miscounts teaches the wrong count. This module
computes the counts once, from the cards themselves, for every front end to draw: the terminal
(``tutor replay --facts``), its JSON, and the replay widget's count panel. Nothing here says
anything a learner could not check by counting the cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.play import PlayContext, effective_suit, power
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat

__all__ = ["TOP", "Facts", "count_facts", "facts_at"]

#: How many of the best cards left in each suit the count shows.
TOP = 3


@dataclass(frozen=True)
class Facts:
    """The count: what is left of the trumps and of each suit, and who holds it.

    ``held`` maps every seat to its trumps, best first (joker and left bower included);
    ``out`` is every trump still in someone's hand, best first; ``gone`` counts the trumps
    already played; ``away`` counts the trumps in no one's hand and not played (in the kitty,
    put away with the discard, or left out of the deal); ``top`` holds, for each suit, the best
    cards left in it with their holders; ``wild`` the jokers still in hand when the joker
    belongs to no suit (no-trumps and misère without a nomination), with their holders.
    """

    trumps: Suit | None
    held: Mapping[Seat, tuple[Card, ...]]
    out: tuple[Card, ...]
    gone: int
    away: int
    top: Mapping[Suit, tuple[tuple[Card, Seat], ...]]
    wild: tuple[tuple[Card, Seat], ...] = ()

    @property
    def total(self) -> int:
        """How many trumps the pack has this hand (joker and left bower included)."""
        return len(self.out) + self.gone + self.away

    def to_json(self) -> dict[str, object]:
        return {
            "trumps": self.trumps.value if self.trumps else None,
            "held": {s.value: [str(c) for c in cards] for s, cards in self.held.items()},
            "out": [str(c) for c in self.out],
            "played": self.gone,
            "away": self.away,
            "total": self.total,
            "top": {
                s.value: [{"card": str(c), "seat": seat.value} for c, seat in cards]
                for s, cards in self.top.items()
            },
            "wild": [{"card": str(c), "seat": seat.value} for c, seat in self.wild],
        }


def count_facts(
    hands: Mapping[Seat, Sequence[Card]],
    played: Iterable[Card],
    ctx: PlayContext,
    pack: Iterable[Card],
    *,
    seats: Sequence[Seat] | None = None,
    top: int = TOP,
) -> Facts:
    """The count, given what each seat still holds (``hands``: hand and table cards alike),
    the cards played so far, the contract's meaning for play and the pack dealt."""
    order = tuple(seats) if seats is not None else tuple(hands)
    trumps = ctx.trumps

    def best_first(cards: Iterable[Card], led: Suit | None) -> list[Card]:
        return sorted(cards, key=lambda c: -power(c, led, ctx))

    def is_trump(card: Card) -> bool:
        return trumps is not None and effective_suit(card, ctx) is trumps

    held = {seat: tuple(best_first((c for c in hands.get(seat, ()) if is_trump(c)), trumps))
            for seat in order}
    out = tuple(best_first((c for cards in held.values() for c in cards), trumps))
    gone = sum(1 for c in played if is_trump(c))
    in_pack = sum(1 for c in pack if is_trump(c))
    # Pairs, not a mapping: a home-made pack may hold two identical cards.
    left = [(c, seat) for seat in order for c in hands.get(seat, ())]
    tops: dict[Suit, tuple[tuple[Card, Seat], ...]] = {}
    for suit in Suit:
        of_suit = [pair for pair in left if effective_suit(pair[0], ctx) is suit]
        of_suit.sort(key=lambda pair: -power(pair[0], suit, ctx))
        tops[suit] = tuple(of_suit[:top])
    wild = tuple(pair for pair in left if isinstance(pair[0], Joker) and ctx.wildcard)
    return Facts(
        trumps=trumps,
        held=held,
        out=out,
        gone=gone,
        away=in_pack - len(out) - gone,
        top=tops,
        wild=wild,
    )


def facts_at(rp: Replay, index: int) -> Facts | None:
    """The count after step ``index`` of a replay; None before there is a contract to count by
    (during the auction, or in a hand thrown in)."""
    state = rp.states[index]
    ctx = rp.context
    if state.contract is None or ctx is None:
        return None
    hands: dict[Seat, list[Card]] = {seat: list(cards) for seat, cards in state.hands.items()}
    for seat, piles in (state.piles or {}).items():  # the two-handed game's table cards
        for pile in piles:
            hands.setdefault(seat, []).extend(c for c in (pile.up, pile.down) if c is not None)
    played = [c for cards in state.played.values() for c in cards]
    return count_facts(hands, played, ctx, rp.rules.the_pack.cards, seats=rp.table.seats)
