"""Bidding by a count anyone can check: trumps, the joker and bowers, aces, what the kitty adds.

:func:`estimate` counts a hand's tricks in every strain it could name; :func:`choose_call` bids
the best of them as the table's auction allows (one round: straight to the level the count
reaches; Australian: the cheapest bid that outranks, up to that level), never over partner,
and says why in one sentence ("West bids 7♥: five trumps with the joker and right bower, two
aces, one more from the kitty and one from partner"). Misère takes its place on the ladder:
the engine's auction decides whether it may be bid at that point.

When partner has bid a suit and the opponents have bid over it, :func:`support` counts what
this hand adds to partner's bid (partner's level, less the trick partner counted on from this
seat, plus this hand's top trumps, trump length and side aces), and the player raises partner's
suit when that count is its best ("North bids 8♥: partner bid 7♥ counting one from North,
and North adds the joker, four trumps and one side ace: 9 tricks between them").

West Seventh Street's "ace – no face": with one ace and no face card or joker, a hand that
counts to no contract and would not bid nullo proposes to throw the hand in; partner agrees
unless its own count reaches seven.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.auction import (
    Auction,
    AuctionError,
    Bid,
    BidKind,
    Call,
    Declaration,
    Pass,
    Strain,
    ace_no_face,
    ladder_key,
    run_auction,
)
from tutor.engine.cards import Card, Joker, Pack, Rank, Suit, SuitedCard
from tutor.engine.play import PlayContext, effective_suit
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat, table
from tutor.teach.players.decision import Decision, count_words

__all__ = ["Estimate", "choose_call", "counts_at", "estimate", "evaluation", "high_bid", "legal_call",
           "support"]


@dataclass(frozen=True)
class Estimate:
    """The tricks a hand counts to in one strain (``None``: misère), and the words for the count."""

    strain: Strain | None
    tricks: float
    words: str
    raises: Bid | None = None
    """Partner's bid, where this is the count of a raise (:func:`support`)."""


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


def _top_trumps(trumps: Sequence[Card], ctx: PlayContext, suit: Suit) -> list[str]:
    """The top trumps among ``trumps``, highest first, by name: every joker, then the right
    bower, the left bower and the ace (each once)."""
    tops = [c.words() for c in trumps if isinstance(c, Joker)]
    if any(ctx.is_right_bower(c) for c in trumps):
        tops.append("right bower")
    if any(ctx.is_left_bower(c) for c in trumps):
        tops.append("left bower")
    if SuitedCard(Rank.ACE, suit) in trumps:
        tops.append("ace")
    return tops


def _side_honours(hand: Sequence[Card], ctx: PlayContext,
                  suit: Suit) -> tuple[list[SuitedCard], list[SuitedCard]]:
    """The side aces, and the side kings with another card of their suit beside them."""
    aces = [c for c in hand if isinstance(c, SuitedCard) and c.rank is Rank.ACE and c.suit is not suit]
    kings = [
        c for c in hand
        if isinstance(c, SuitedCard) and c.rank is Rank.KING and c.suit is not suit
        and sum(1 for d in hand if isinstance(d, SuitedCard) and d.suit is c.suit
                and effective_suit(d, ctx) is c.suit) >= 2
    ]
    return aces, kings


@functools.cache
def _trumps_in(suit: Suit) -> PlayContext:
    """The play context of a contract in ``suit`` (which cards are its trumps)."""
    return PlayContext.of(Bid.of(7, Strain(suit.value)), None)


def _suit_count(hand: Sequence[Card], suit: Suit) -> tuple[float, str]:
    ctx = _trumps_in(suit)
    trumps = [c for c in hand if effective_suit(c, ctx) is suit]
    tops = _top_trumps(trumps, ctx, suit)
    n = len(trumps)
    # Every trump counts when the top ones are held (or five with two of the three highest: the
    # joker and the bowers); otherwise the opponents' top trumps take one. The joker and the ace
    # with both bowers out is not solid: each bower beats the ace.
    highest = sum(1 for t in tops if t != "ace")
    solid = len(tops) >= 3 or (highest >= 2 and n >= 5)
    trick_count = float(n if solid else max(len(tops), n - 1))
    aces, kings = _side_honours(hand, ctx, suit)
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


#: A card whose :func:`misere_danger` is this or more is likely to win a trick in misère.
MISERE_DANGEROUS = 3


def misere_danger(card: Card, hand: Sequence[Card], pack: Pack) -> int:
    """The misère count of ``card`` in ``hand``: the cards of its suit ``pack`` holds below it,
    less two for each lower card of the suit the hand holds beside it (a lone 9 is dangerous, a
    guarded one less so); the joker 100, the most dangerous of all."""
    if isinstance(card, Joker):
        return 100
    assert isinstance(card, SuitedCard)
    cover = sum(1 for d in hand if isinstance(d, SuitedCard) and d.suit is card.suit
                and d.rank.order < card.rank.order)
    return _below(pack)[card.suit, card.rank.order] - 2 * cover


def _misere_danger(hand: Sequence[Card], rules: RuleSet) -> list[Card]:
    """The cards likely to win a trick in misère: the joker, and any card with too few lower
    cards of its suit beside it (a lone 9, an unguarded king)."""
    return [c for c in hand if misere_danger(c, hand, rules.the_pack) >= MISERE_DANGEROUS]


@functools.cache
def _below(pack: Pack) -> dict[tuple[Suit, int], int]:
    """For each suit and rank (in the pack or not), how many cards of that suit the pack holds
    below that rank."""
    suited = [d for d in pack.cards if isinstance(d, SuitedCard)]
    return {(suit, rank.order): sum(1 for d in suited if d.suit is suit and d.rank.order < rank.order)
            for suit in Suit for rank in Rank}


def estimate(hand: Sequence[Card], rules: RuleSet) -> list[Estimate]:
    """The count in every strain (best first), misère last when it looks safe."""
    return list(_estimate(tuple(hand), rules))


@functools.lru_cache(maxsize=8192)
def _estimate(hand: tuple[Card, ...], rules: RuleSet) -> tuple[Estimate, ...]:
    """:func:`estimate`, remembered: the inference model counts the same hand at every call
    its seat made, and the computer bidder at every turn."""
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
    return tuple(out)


def support(hand: Sequence[Card], partner_bid: Bid, rules: RuleSet,
            who: str = "this seat") -> Estimate | None:
    """What a partnership counts to in partner's suit, seen from this hand (None: not a suit).

    Partner's bid counted one trick from this seat (:func:`estimate`), so that trick is taken
    off partner's level and this hand's own contribution put in its place: each of the joker,
    the bowers and the ace of trumps one trick, three or more trumps one more (length to ruff
    with and to draw the opponents' trumps), side aces one each, guarded side kings a half.
    In a one-round auction one trick less (the raise goes straight to the count).
    """
    strain = partner_bid.strain
    if strain is None or partner_bid.tricks is None or strain.suit is None:
        return None
    suit = strain.suit
    ctx = PlayContext.of(Bid.of(7, strain), None)
    trumps = [c for c in hand if effective_suit(c, ctx) is suit]
    tops = _top_trumps(trumps, ctx, suit)
    aces, kings = _side_honours(hand, ctx, suit)
    long = len(trumps) >= 3
    adds = len(tops) + (1 if long else 0) + len(aces) + 0.5 * len(kings)
    _kitty, from_me = _help(rules)
    parts = [_TOP_WORDS.get(t, t) for t in tops]
    if long:
        parts.append(count_words(len(trumps), "trump"))
    if aces:
        parts.append(count_words(len(aces), "side ace"))
    if kings:
        parts.append(count_words(len(kings), "guarded king"))
    words = (f"partner bid {partner_bid.pretty()} counting {_half(from_me)} from {who}, and {who} "
             f"adds {_and(parts) if parts else 'nothing'}")
    # In one round of bidding each player speaks once: a raise goes straight to the count with
    # no second chance, so the count is a trick more careful there (benchmarks/bidding_duel.py).
    careful = 1.0 if rules.auction == "one-round" else 0.0
    if careful:
        words += ", less one as the raise goes straight to the count"
    return Estimate(strain, partner_bid.tricks - from_me + adds - careful, words, partner_bid)


#: How a raise names the top trumps it adds (a joker is named by its own words).
_TOP_WORDS = {"right bower": "the right bower", "left bower": "the left bower", "ace": "the ace of trumps"}


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def legal_call(calls: Sequence[Call], call: Call, rules: RuleSet, dealer: Seat,
               hands: dict[Seat, tuple[Card, ...]] | None = None) -> bool:
    """Whether ``call`` may follow ``calls`` (``hands``: where the rules look at them)."""
    try:
        run_auction([*calls, call], rules, dealer, hands=hands)
    except AuctionError:
        return False
    return True


def high_bid(auction: Auction) -> tuple[Bid | None, Seat | None]:
    """The highest bid so far and its bidder (None, None: no bid yet)."""
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


def _partner_bid(seat: Seat, auction: Auction, rules: RuleSet) -> Bid | None:
    """Partner's latest bid in a suit partner named first (four-handed tables), if any.

    Partner's bid in a suit this seat named first is a raise of this seat, which already
    counts this hand: it is not counted again. (At six, a raise by the other partner has
    already taken off the trick counted from this side, so raises are left to four players.)
    """
    if rules.players != 4:
        return None
    at = table(rules.players)
    named_by: dict[Strain, Seat] = {}  # who on this side named each suit first
    found: Bid | None = None
    for call, caller in zip(auction.calls, auction.callers, strict=False):
        if (not isinstance(call, Bid) or call.strain is None or call.strain.suit is None
                or at.side_of(caller) != at.side_of(seat)):
            continue
        first = named_by.setdefault(call.strain, caller)
        if caller != seat and first == caller:
            found = call
    return found


def _counts(seat: Seat, hand: Sequence[Card], auction: Auction, rules: RuleSet) -> list[Estimate]:
    """:func:`estimate`, with partner's suit counted by :func:`support` where that is more."""
    counts = estimate(hand, rules)
    partner_bid = _partner_bid(seat, auction, rules)
    raised = support(hand, partner_bid, rules, seat.word) if partner_bid is not None else None
    if raised is None:
        return counts
    own = next(e for e in counts if e.strain == raised.strain)
    if raised.tricks <= own.tricks:
        return counts
    strains = sorted((raised if e is own else e for e in counts if e.strain is not None),
                     key=lambda e: -e.tricks)
    return [*strains, *(e for e in counts if e.strain is None)]


def evaluation(
    seat: Seat, hand: Sequence[Card], calls: Sequence[Call], rules: RuleSet, dealer: Seat
) -> list[Estimate] | None:
    """The counts :func:`choose_call` bids on at this point (best first), or None where it does
    not count the hand at all: partner holds the highest bid, and it never bids over partner."""
    return counts_at(seat, hand, run_auction(calls, rules, dealer), rules)


def counts_at(seat: Seat, hand: Sequence[Card], auction: Auction, rules: RuleSet) -> list[Estimate] | None:
    """:func:`evaluation` at an auction already run (the calls so far): what the inference
    model (:mod:`tutor.teach.players.inference`) asks of many hands at the same point of the bidding."""
    _high_bid, high_seat = high_bid(auction)
    if _partner_holds(seat, high_seat, rules):
        return None
    return _counts(seat, hand, auction, rules)


def choose_call(
    seat: Seat, hand: Sequence[Card], calls: Sequence[Call], rules: RuleSet, dealer: Seat,
    *, misere: bool = True,
) -> Decision[Call]:
    """This seat's call after ``calls``, with the sentence that explains it. ``misere``
    False: the count's call with misère left out (the simulation,
    :mod:`~tutor.teach.players.simulate`, found the misère the count would bid unsafe)."""
    auction = run_auction(calls, rules, dealer)
    high, high_seat = high_bid(auction)
    who = seat.word
    if calls and calls[-1] == Declaration("ace-no-face"):  # partner's: answered at once
        return _answer_ace_no_face(who, _counts(seat, hand, auction, rules)[0], rules)
    if _partner_holds(seat, high_seat, rules):
        return Decision(Pass(), f"{who} passes: partner's {high.pretty() if high else ''} bid "
                                f"stands, and {who} does not bid over partner.")
    counts = _counts(seat, hand, auction, rules)
    best = counts[0]
    low = next((e for e in counts if e.strain is None), None) if misere else None
    if low is not None and best.tricks < 7.5:
        for kind in (BidKind.MISERE,):
            bid = Bid(kind).called(rules)
            if (high is None or ladder_key(bid, rules) > ladder_key(high, rules)) and legal_call(
                calls, bid, rules, dealer, None
            ):
                return Decision(bid, f"{who} bids {bid.pretty()}: {low.words}.")
    top = min(10, int(best.tricks))
    extra = _extras(rules)
    if (rules.ace_no_face and ace_no_face(hand) and top < _A_CONTRACT
            and legal_call(calls, Declaration("ace-no-face"), rules, dealer, None)):
        return Decision(Declaration("ace-no-face"), f"{who} declares ace – no face: one ace and no "
                        f"king, queen, jack or joker, and the best count, in {_strain_word(best)} "
                        f"({_how(best, rules)}), comes to {int(best.tricks)} tricks; partner "
                        f"decides whether the hand is thrown in.")
    if top >= rules.lowest_bid and best.strain is not None:
        levels = range(rules.lowest_bid, top + 1)
        if rules.auction == "one-round":
            levels = range(top, rules.lowest_bid - 1, -1)
        for level in levels:
            bid = Bid.of(level, best.strain)
            if high is not None and ladder_key(bid, rules) <= ladder_key(high, rules):
                continue
            if legal_call(calls, bid, rules, dealer, None):
                if best.raises is not None:
                    return Decision(bid, f"{who} bids {bid.pretty()}: {best.words}: {top} tricks "
                                         f"between them.")
                return Decision(bid, f"{who} bids {bid.pretty()}: {best.words}, {extra}, counts "
                                     f"to {top} tricks.")
    name = best.strain.word if best.strain else "misère"
    need = f"to outbid {high.pretty()}" if high is not None else "to bid"
    how = _how(best, rules)
    return Decision(Pass(), f"{who} passes: the best count, in {name} ({how}), "
                            f"comes to {int(best.tricks)} tricks, short of what it takes {need}.")


#: The count that makes a hand worth playing on with: a seven bid (at West Seventh Street an
#: inkle, six, never stands: with no bid over it the hand is thrown in).
_A_CONTRACT = 7


def _how(best: Estimate, rules: RuleSet) -> str:
    """The words of a count: a raise counts partner's bid, not the kitty and partner again."""
    return best.words if best.raises is not None else f"{best.words}, {_extras(rules)}"


def _strain_word(e: Estimate) -> str:
    return e.strain.word if e.strain is not None else "misère"


def _answer_ace_no_face(who: str, best: Estimate, rules: RuleSet) -> Decision[Call]:
    """Partner declared ace – no face: agree (throw the hand in) unless this hand counts to a
    contract of its own, seven tricks."""
    count = (f"the best count, in {_strain_word(best)} ({_how(best, rules)}), comes to "
             f"{int(best.tricks)} tricks")
    if int(best.tricks) >= _A_CONTRACT:
        return Decision(Declaration("disagree"), f"{who} disagrees: {count}, enough to play on "
                                                 f"(without nullo for this side).")
    return Decision(Declaration("agree"), f"{who} agrees: {count}, short of a contract of "
                                          f"{_A_CONTRACT}: the hand is thrown in.")
