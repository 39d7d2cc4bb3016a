"""The contractor's discard: keep trumps and winners, make voids, keep misère's cards low.

Suit contracts keep every trump, the aces and the guarded kings, and put away the shortest side
suits without an ace first (a void lets the contractor ruff). No-trumps keeps the joker, aces
and guarded kings. Misère puts away the cards that could win a trick: the joker first, then
the lone middling cards (a 9 with nothing lower beside it is more dangerous than a guarded
ace).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.auction import Bid, BidKind
from tutor.engine.cards import Card, Joker, Rank, Suit, SuitedCard
from tutor.engine.play import PlayContext, effective_suit, power
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat
from tutor.teach.players.decision import Decision, card_list

__all__ = ["choose_discard"]


def _misere_danger(card: Card, held: Sequence[Card]) -> float:
    if isinstance(card, Joker):
        return 100.0
    assert isinstance(card, SuitedCard)
    cover = sum(1 for d in held if isinstance(d, SuitedCard) and d.suit is card.suit
                and d.rank.order < card.rank.order)
    return card.rank.order - 2.5 * cover


def _keep_value(card: Card, held: Sequence[Card], ctx: PlayContext) -> float:
    """How much a card is worth keeping in a trick-taking contract (higher: keep)."""
    suit = effective_suit(card, ctx)
    if suit is None or (ctx.trumps is not None and suit is ctx.trumps):
        return 100.0 + power(card, suit, ctx)
    assert isinstance(card, SuitedCard)
    length = sum(1 for d in held if effective_suit(d, ctx) is suit)
    if card.rank is Rank.ACE:
        return 50.0
    if card.rank is Rank.KING and length >= 2:
        return 40.0
    # Short suits go first: a void lets the contractor ruff (in no-trumps, long suits run).
    return card.rank.order / 10 + 3 * length


def choose_discard(seat: Seat, held: Sequence[Card], bid: Bid, rules: RuleSet) -> Decision[tuple[Card, ...]]:
    """The cards ``seat`` puts away from ``held`` (its hand and the kitty) for contract ``bid``."""
    n = rules.kitty_size
    who = seat.word
    if bid.is_misere or bid.kind is BidKind.GRAND_NULLO:  # grand nullo: both partners lose tricks
        ranked = sorted(held, key=lambda c: -_misere_danger(c, held))
        out = tuple(ranked[:n])
        return Decision(out, f"{who} puts away {card_list(out)}: the cards most likely to win a "
                             f"trick, keeping low cards in every suit.")
    ctx = PlayContext.of(bid, None)
    ranked = sorted(held, key=lambda c: _keep_value(c, held, ctx))
    out = tuple(ranked[:n])
    kept = [c for c in held if c not in out or held.count(c) > out.count(c)]
    voids = [s for s in Suit if any(effective_suit(c, ctx) is s for c in held)
             and not any(effective_suit(c, ctx) is s for c in kept)]
    parts = []
    if voids and ctx.trumps is not None:
        parts.append("voids " + " and ".join(s.word for s in voids))
    elif voids:  # no-trumps: a void ruffs nothing; what counts is the long suits kept
        parts.append("clears out its short " + " and ".join(s.word for s in voids)
                     + " (in no-trumps the long suits take the tricks)")
    if ctx.trumps is not None:
        trumps = sum(1 for c in kept if effective_suit(c, ctx) is ctx.trumps)
        every = trumps == sum(1 for c in held if effective_suit(c, ctx) is ctx.trumps)
        parts.append(f"keeps {'all' if every else 'its best'} {trumps} trumps")
    if not any(_keep_value(c, held, ctx) in (40.0, 50.0) for c in out):
        parts.append("keeps its side aces and guarded kings" if ctx.trumps is not None
                     else "keeps its aces and guarded kings")
    if not parts:
        parts.append("the cards it needs least")
    return Decision(out, f"{who} puts away {card_list(out)}: " + ", ".join(parts) + ".")
