"""The contractor's discard: keep trumps and winners, make voids, keep misère's cards low.

Suit contracts keep every trump, the aces and the guarded kings, and put away the shortest side
suits without an ace first (a void lets the contractor ruff). No-trumps keeps the joker, aces
and guarded kings. Misère puts away the cards that could win a trick. A card's danger is the
bidder's misère count (:mod:`~tutor.teach.players.bidding`): the cards of its suit the pack holds
below it, less two for each lower card of the suit the hand keeps to play first (a 9 with
nothing lower beside it is more dangerous than a guarded one), two more for the top card of its
suit still out (an ace can never be ducked under), and the joker first of all. The pack is the
table's (a 5♠ is the lowest spade of the 43-card pack). The cards are put away one at a time,
the danger counted again after each (putting away a low card leaves the cards above it less
guarded), and a discard that empties a short suit is taken when it keeps no more dangerous cards:
a void lets the contractor throw a dangerous card whenever that suit is led.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.auction import Bid, BidKind
from tutor.engine.cards import Card, Joker, Pack, Rank, Suit, SuitedCard, without
from tutor.engine.play import PlayContext, effective_suit, power
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat
from tutor.teach.players.bidding import MISERE_DANGEROUS, misere_danger
from tutor.teach.players.decision import Decision, card_list

__all__ = ["choose_discard"]


def _misere_danger(card: Card, held: Sequence[Card], pack: Pack) -> float:
    """How likely ``card`` is to win a trick in misère, kept in ``held`` (higher: put away): the
    bidder's count (:func:`~tutor.teach.players.bidding.misere_danger`), two more for the top
    card of its suit still out."""
    danger = misere_danger(card, held, pack)
    if isinstance(card, Joker):
        return float(danger)
    assert isinstance(card, SuitedCard)
    top = not any(isinstance(d, SuitedCard) and d.suit is card.suit and d.rank.order > card.rank.order
                  and d not in held for d in pack.cards)
    return danger + (2.0 if top else 0.0)


def _voids(held: Sequence[Card], kept: Sequence[Card]) -> list[Suit]:
    """The suits ``held`` had that ``kept`` has none of (misère: a suit is a card's own)."""
    return [s for s in Suit if any(isinstance(c, SuitedCard) and c.suit is s for c in held)
            and not any(isinstance(c, SuitedCard) and c.suit is s for c in kept)]


def _greedy(held: Sequence[Card], n: int, pack: Pack, first: Sequence[Card] = ()) -> list[Card]:
    """``first`` and then, one at a time, the most dangerous card left, to ``n`` cards."""
    kept = without(held, first)
    out = list(first)
    while len(out) < n:
        worst = max(kept, key=lambda c: (_misere_danger(c, kept, pack),
                                         c.rank.order if isinstance(c, SuitedCard) else 99))
        kept.remove(worst)
        out.append(worst)
    return out


def _misere_discard(held: Sequence[Card], n: int, pack: Pack) -> tuple[Card, ...]:
    """The misère discard: the greedy one, or one that empties a short suit when that keeps no
    more dangerous cards (then the fewer dangerous kept, the lower the worst, the more voids)."""
    def cost(away: Sequence[Card]) -> tuple[int, float, int, float]:
        kept = without(held, away)
        danger = [_misere_danger(c, kept, pack) for c in kept]
        return (sum(1 for d in danger if d >= MISERE_DANGEROUS), max(danger, default=0.0),
                -len(_voids(held, kept)), sum(d for d in danger if d > 0))
    choices = [_greedy(held, n, pack)]
    for s in Suit:
        short = [c for c in held if isinstance(c, SuitedCard) and c.suit is s]
        if 0 < len(short) <= n:
            choices.append(_greedy(held, n, pack, short))
    best: list[Card] = min(choices, key=cost)
    return tuple(best)


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
        out = _misere_discard(held, n, rules.the_pack)
        voids = _voids(held, without(held, out))
        void = f", void in {' and '.join(s.word for s in voids)}" if voids else ""
        return Decision(out, f"{who} puts away {card_list(out)}: the cards most likely to win a "
                             f"trick{void}, keeping its lowest cards.")
    ctx = PlayContext.of(bid, None)
    ranked = sorted(held, key=lambda c: _keep_value(c, held, ctx))
    out = tuple(ranked[:n])
    kept = without(held, out)
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
