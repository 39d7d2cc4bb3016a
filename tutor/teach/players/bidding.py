"""Bidding by a count anyone can check: trumps, the joker and bowers, aces, what the kitty adds.

:func:`estimate` counts a hand's tricks in every strain it could name; :func:`choose_call` bids
the best of them as the table's auction allows (one round: straight to the level the count
reaches; Australian: the cheapest bid that outranks, up to that level), never over partner,
and says why in one sentence ("West bids 7♥: five trumps with the joker and right bower, two
aces, one more from the kitty and one from partner"). Misère takes its place on the ladder:
the engine's auction decides whether it may be bid at that point.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.auction import (
    AuctionError,
    Bid,
    BidKind,
    Call,
    Pass,
    Strain,
    ladder_key,
    run_auction,
)
from tutor.engine.cards import Card, Joker, Rank, Suit, SuitedCard
from tutor.engine.play import PlayContext, effective_suit
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat, table
from tutor.teach.players.decision import Decision, count_words

__all__ = ["Estimate", "choose_call", "estimate", "evaluation"]


@dataclass(frozen=True)
class Estimate:
    """The tricks a hand counts to in one strain (``None``: misère), and the words for the count."""

    strain: Strain | None
    tricks: float
    words: str


def _help(rules: RuleSet) -> tuple[float, float]:
    """What the kitty and partner are counted for, in tricks."""
    kitty = 1.0 if rules.kitty_size <= 3 else 1.5
    partner = 1.0 if rules.players in (4, 6) else 0.0
    return kitty, partner


def _extras(rules: RuleSet) -> str:
    kitty, partner = _help(rules)
    parts = [f"{_half(kitty)} from the {rules.kitty_word}"]
    if partner:
        parts.append(f"{_half(partner)} from partner")
    return " and ".join(parts)


def _half(x: float) -> str:
    whole = int(x)
    word = count_words(whole, "x").split()[0] if whole else ""
    if x - whole >= 0.5:
        return f"{word} and a half" if whole else "a half"
    return word


def _suit_count(hand: Sequence[Card], suit: Suit) -> tuple[float, str]:
    ctx = PlayContext.of(Bid.of(7, Strain(suit.value)), None)
    trumps = [c for c in hand if effective_suit(c, ctx) is suit]
    tops: list[str] = []
    for c in trumps:
        if isinstance(c, Joker):
            tops.append(c.words())
    if any(ctx.is_right_bower(c) for c in trumps):
        tops.append("right bower")
    if any(ctx.is_left_bower(c) for c in trumps):
        tops.append("left bower")
    if SuitedCard(Rank.ACE, suit) in trumps:
        tops.append("ace")
    n = len(trumps)
    # Every trump counts when the top ones are held (or five with two of the three highest: the
    # joker and the bowers); otherwise the opponents' top trumps take one. The joker and the ace
    # with both bowers out is not solid: each bower beats the ace.
    highest = sum(1 for t in tops if t != "ace")
    solid = len(tops) >= 3 or (highest >= 2 and n >= 5)
    trick_count = float(n if solid else max(len(tops), n - 1))
    aces = [c for c in hand if isinstance(c, SuitedCard) and c.rank is Rank.ACE and c.suit is not suit]
    kings = [
        c for c in hand
        if isinstance(c, SuitedCard) and c.rank is Rank.KING and c.suit is not suit
        and sum(1 for d in hand if isinstance(d, SuitedCard) and d.suit is c.suit
                and effective_suit(d, ctx) is c.suit) >= 2
    ]
    total = trick_count + len(aces) + 0.5 * len(kings)
    words = count_words(n, "trump")
    if tops:
        words += " with " + _and(tops)
    if aces:
        words += ", " + count_words(len(aces), "side ace")
    if kings:
        words += ", " + count_words(len(kings), "guarded king")
    return total, words


def _no_trumps_count(hand: Sequence[Card]) -> tuple[float, str]:
    jokers = sum(1 for c in hand if isinstance(c, Joker))
    aces = sum(1 for c in hand if isinstance(c, SuitedCard) and c.rank is Rank.ACE)
    kings = sum(
        1 for c in hand
        if isinstance(c, SuitedCard) and c.rank is Rank.KING
        and sum(1 for d in hand if isinstance(d, SuitedCard) and d.suit is c.suit) >= 2
    )
    words = count_words(aces, "ace") + (", the joker" if jokers else "")
    if kings:
        words += ", " + count_words(kings, "guarded king")
    return jokers + aces + 0.5 * kings - (0 if jokers else 2), words


def _misere_danger(hand: Sequence[Card], rules: RuleSet) -> list[Card]:
    """The cards likely to win a trick in misère: the joker, and any card with too few lower
    cards of its suit beside it (a lone 9, an unguarded king)."""
    pack = rules.the_pack.cards
    out: list[Card] = []
    for c in hand:
        if isinstance(c, Joker):
            out.append(c)
            continue
        assert isinstance(c, SuitedCard)
        below = sum(1 for d in pack if isinstance(d, SuitedCard) and d.suit is c.suit
                    and d.rank.order < c.rank.order)
        cover = sum(1 for d in hand if isinstance(d, SuitedCard) and d.suit is c.suit
                    and d.rank.order < c.rank.order)
        if below - 2 * cover >= 3:
            out.append(c)
    return out


def estimate(hand: Sequence[Card], rules: RuleSet) -> list[Estimate]:
    """The count in every strain (best first), misère last when it looks safe."""
    kitty, partner = _help(rules)
    out = []
    for suit in Suit:
        tricks, words = _suit_count(hand, suit)
        out.append(Estimate(Strain(suit.value), tricks + kitty + partner, words))
    tricks, words = _no_trumps_count(hand)
    out.append(Estimate(Strain.NO_TRUMPS, tricks + kitty + partner, words))
    out.sort(key=lambda e: -e.tricks)
    if rules.misere:
        danger = _misere_danger(hand, rules)
        if len(danger) <= max(1, rules.kitty_size - 1):
            out.append(Estimate(None, 0.0, f"{count_words(len(danger), 'card')} that could win a "
                                f"trick, to put away with the {rules.kitty_word}"))
    return out


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _legal(calls: Sequence[Call], bid: Bid, rules: RuleSet, dealer: Seat,
           hands: dict[Seat, tuple[Card, ...]] | None) -> bool:
    try:
        run_auction([*calls, bid], rules, dealer, hands=hands)
    except AuctionError:
        return False
    return True


def _high(calls: Sequence[Call], rules: RuleSet, dealer: Seat) -> tuple[Bid | None, Seat | None]:
    auction = run_auction(calls, rules, dealer)
    high: Bid | None = None
    high_seat: Seat | None = None
    for call, caller in zip(auction.calls, auction.callers, strict=False):
        if isinstance(call, Bid):
            high, high_seat = call, caller
    return high, high_seat


def _partner_holds(seat: Seat, high_seat: Seat | None, rules: RuleSet) -> bool:
    at = table(rules.players)
    return (high_seat is not None and high_seat != seat and rules.players in (4, 6)
            and at.side_of(high_seat) == at.side_of(seat))


def evaluation(
    seat: Seat, hand: Sequence[Card], calls: Sequence[Call], rules: RuleSet, dealer: Seat
) -> list[Estimate] | None:
    """The counts :func:`choose_call` bids on at this point (best first), or None where it does
    not count the hand at all: partner holds the highest bid, and it never bids over partner."""
    _high_bid, high_seat = _high(calls, rules, dealer)
    if _partner_holds(seat, high_seat, rules):
        return None
    return estimate(hand, rules)


def choose_call(
    seat: Seat, hand: Sequence[Card], calls: Sequence[Call], rules: RuleSet, dealer: Seat
) -> Decision[Call]:
    """This seat's call after ``calls``, with the sentence that explains it."""
    high, high_seat = _high(calls, rules, dealer)
    who = seat.word
    if _partner_holds(seat, high_seat, rules):
        return Decision(Pass(), f"{who} passes: partner's {high.pretty() if high else ''} bid "
                                f"stands, and {who} does not bid over partner.")
    counts = estimate(hand, rules)
    best = counts[0]
    misere = next((e for e in counts if e.strain is None), None)
    if misere is not None and best.tricks < 7.5:
        for kind in (BidKind.MISERE,):
            bid = Bid(kind).called(rules)
            if (high is None or ladder_key(bid, rules) > ladder_key(high, rules)) and _legal(
                calls, bid, rules, dealer, None
            ):
                return Decision(bid, f"{who} bids {bid.pretty()}: {misere.words}.")
    top = min(10, int(best.tricks))
    extra = _extras(rules)
    if top >= rules.lowest_bid and best.strain is not None:
        levels = range(rules.lowest_bid, top + 1)
        if rules.auction == "one-round":
            levels = range(top, rules.lowest_bid - 1, -1)
        for level in levels:
            bid = Bid.of(level, best.strain)
            if high is not None and ladder_key(bid, rules) <= ladder_key(high, rules):
                continue
            if _legal(calls, bid, rules, dealer, None):
                return Decision(bid, f"{who} bids {bid.pretty()}: {best.words}, {extra}, counts "
                                     f"to {top} tricks.")
    name = best.strain.word if best.strain else "misère"
    need = f"to outbid {high.pretty()}" if high is not None else "to bid"
    return Decision(Pass(), f"{who} passes: the best count, in {name} ({best.words}, {extra}), "
                            f"comes to {int(best.tricks)} tricks, short of what it takes {need}.")
