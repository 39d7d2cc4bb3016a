"""What a seat may infer from the auction: layouts of the unseen cards, weighted by the calls.

:mod:`~tutor.teach.players.sampling` deals the cards a seat cannot see consistently with what it
has seen (its own cards, the cards played, open hands, shown voids, hand sizes). This module
adds what the calls said, as a model that can be read and tested. Its assumptions:

* **Everyone bids like the computer, more or less.** A call is judged by the computer bidder's
  own count of the caller's hand in the layout (:func:`~tutor.teach.players.bidding.counts_at`,
  the count :func:`~tutor.teach.players.bidding.choose_call` bids on at that point of the
  auction). The computer bids a strain when its count there reaches the level (it bids its
  best strain, and never over partner); so a bid of L in a strain is likely when the count in
  that strain is L or more and no other strain counts clearly more, a pass when no strain's
  count reaches the cheapest bid that would have outranked. "Likely" is soft: a logistic curve
  of the margin in tricks (:attr:`Model.softness`), so a hand a trick short of the computer's
  call is still possible, only less likely; misère and the ace – no face answers likewise.
* **No layout is impossible.** Every call's likelihood is at least :attr:`Model.floor`, so a
  player who bids unlike the computer only makes the layouts that fit less likely.
* **The calls are independent given the hands.** A layout's weight is the product of its
  calls' likelihoods.
* **The kitty and the discard.** The contractor knows its kitty and its discard, so its own calls
  tell it nothing new. The others know only that the contractor picked up the kitty and put away
  as many cards: the contractor held, in the auction, its thirteen less the kitty, and any
  three of the thirteen were equally likely to have been the kitty (it was dealt at random).
  So the contractor's calls are judged over :attr:`Model.kitty_draws` such splits of the
  layout's thirteen, averaged. The choice of discard itself is taken as telling nothing.
* **What is left out.** The cards played are not weighted by how plausible each was for its
  player (a later step); a seat sitting out (misère's partner) is not judged by its calls; in
  grand nullo and a grand slam the bidding side's calls are not judged (their exchanges do not
  fit the model); calls other than bids of tricks, misère, passes and the ace – no face
  declarations count as telling nothing.

When the calls fit few of the layouts dealt (the effective number of layouts,
(Σw)² / Σw², falls below :attr:`Model.min_ess`), the model is widened: the weights are
flattened to a power below one (a power of 0 is the unweighted sampler) until enough layouts
count, and :attr:`Weighted.note` says so. Everything is deterministic under the random
generator passed in; the weights themselves are pure functions of a layout and the history.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterator, Sequence
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
from tutor.engine.cards import Card, without
from tutor.engine.replay import Replay
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat
from tutor.solve import Position, deal_of
from tutor.teach.players.bidding import Estimate, counts_at
from tutor.teach.players.sampling import count_layouts, layouts, unseen

__all__ = [
    "DEFAULT_MODEL",
    "History",
    "Model",
    "Spot",
    "Weighted",
    "auction_hand",
    "call_likelihood",
    "effective_size",
    "history_of",
    "layout_weight",
    "spots",
    "weighted_layouts",
]


@dataclass(frozen=True)
class Model:
    """The knobs of the inference model.

    ``softness``: the logistic scale, in tricks, of how sure a count makes a call (smaller is
    harder); ``floor``: the least likelihood of any call; ``kitty_draws``: how many splits of
    the contractor's thirteen into auction hand and kitty judge the contractor's calls;
    ``min_ess``: the fewest effective layouts the weights may leave (at most a fifth of those
    dealt) before the model is widened.
    """

    softness: float = 0.5
    floor: float = 0.02
    kitty_draws: int = 16
    min_ess: float = 10.0


DEFAULT_MODEL = Model()

#: Where the count's curve is centred against the level it must reach: counts go by halves,
#: and the computer bids at a count of exactly the level, so a quarter trick below it.
_CENTRE = 0.25

#: The computer bids misère only when its best count is at most this
#: (:func:`~tutor.teach.players.bidding.choose_call`).
_MISERE_AT_MOST = 7.0

#: How likely a misère bid is from a hand the computer's count finds unsafe for it.
_MISERE_UNSAFE = 0.2

#: The count at which the computer disagrees with partner's ace – no face (a contract of seven).
_PLAY_ON = 7.0

#: The flattening powers tried in turn when the weights leave too few layouts.
_POWERS = (1.0, 0.5, 0.25, 0.1, 0.0)


@dataclass(frozen=True)
class History:
    """What the whole table has seen: the auction, who took the kitty, the cards played.

    ``kitty``: how many cards the contractor picked up and put away (0: none, or an exchange
    the model does not judge); ``unjudged``: seats whose calls the model leaves out;
    ``played``: each seat's cards played so far, a trick in progress included.
    """

    rules: RuleSet
    dealer: Seat
    calls: tuple[Call, ...]
    declarer: Seat | None = None
    kitty: int = 0
    unjudged: frozenset[Seat] = frozenset()
    played: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()

    def played_by(self, seat: Seat) -> tuple[Card, ...]:
        return next((cards for s, cards in self.played if s == seat), ())

    def cards_played(self) -> list[Card]:
        return [c for _s, cards in self.played for c in cards]


def history_of(rep: Replay, cards: int) -> History:
    """The public history of a replayed hand when ``cards`` cards have been played."""
    hand = rep.hand
    contract = rep.contract
    deal = deal_of(rep)
    played: dict[Seat, list[Card]] = {s: [] for s in deal.start.seats}
    for k, (pos, play) in enumerate(deal.positions()):
        if k >= cards:
            break
        played[pos.seats[pos.to_move]].append(play.card)
    declarer = contract.declarer if contract is not None else None
    unjudged: frozenset[Seat] = frozenset()
    kitty = len(hand.discard) if hand.discard else 0
    if contract is not None and (contract.grand_slam or contract.bid.kind is BidKind.GRAND_NULLO):
        unjudged, kitty = frozenset({contract.declarer, contract.declarer.partner}), 0
    return History(
        rules=rep.rules,
        dealer=hand.dealer,
        calls=tuple(hand.auction),
        declarer=declarer,
        kitty=kitty,
        unjudged=unjudged,
        played=tuple((s, tuple(c)) for s, c in played.items()),
    )


@dataclass(frozen=True)
class Spot:
    """One call and the point of the auction it was made at (the same for every layout):
    ``needs`` holds, for each strain, the cheapest legal bid level that would have outranked
    the bidding so far; ``misere`` whether a misère bid was legal there; ``one_round``
    whether each player speaks once (the computer then bids straight to its count)."""

    seat: Seat
    call: Call
    before: Auction
    needs: tuple[tuple[Strain, int], ...]
    misere: bool
    one_round: bool


def _legal(calls: Sequence[Call], call: Call, rules: RuleSet, dealer: Seat) -> bool:
    try:
        run_auction([*calls, call], rules, dealer)
    except AuctionError:
        return False
    return True


def spots(history: History) -> tuple[Spot, ...]:
    """Every call of the auction with its point in the bidding (no hand needed)."""
    rules, dealer = history.rules, history.dealer
    whole = run_auction(history.calls, rules, dealer)
    out = []
    for i, (call, seat) in enumerate(zip(whole.calls, whole.callers, strict=False)):
        before = whole.calls[:i]
        auction = run_auction(before, rules, dealer)
        high = next((c for c in reversed(auction.calls) if isinstance(c, Bid)), None)
        needs = []
        for strain in Strain:
            for level in range(rules.lowest_bid, 11):
                bid = Bid.of(level, strain)
                if high is not None and ladder_key(bid, rules) <= ladder_key(high, rules):
                    continue
                if _legal(before, bid, rules, dealer):
                    needs.append((strain, level))
                break
        misere = rules.misere and _legal(before, Bid(BidKind.MISERE).called(rules), rules, dealer)
        out.append(Spot(seat, call, auction, tuple(needs), misere, rules.auction == "one-round"))
    return tuple(out)


def _curve(margin: float, model: Model) -> float:
    """How likely a call is whose count clears what it needs by ``margin`` tricks (a count
    of exactly what it needs clears it by 0)."""
    x = (margin + _CENTRE) / model.softness
    return 1.0 / (1.0 + math.exp(-x)) if x > -60 else 0.0


def call_likelihood(spot: Spot, counts: Sequence[Estimate] | None, hand: Sequence[Card],
                    model: Model = DEFAULT_MODEL) -> float:
    """How likely the computer's count of ``hand`` (``counts``, best first, the misère count
    last when it finds misère safe) makes this call at this point: between ``model.floor``
    and 1. ``counts`` None: the bidder does not count (partner holds the bid), so no call
    says anything.

    A bid of L in a strain needs the count there to reach L and to be the best strain; in a
    one-round auction also to stay below L + 1. A pass needs every strain's count short of the
    cheapest bid in it that would have outranked, and, where misère could be bid, a hand the
    computer would not bid misère on (a best count above seven, or misère unsafe)."""
    if counts is None:
        return 1.0
    strains = {e.strain: e.tricks for e in counts if e.strain is not None}
    best = max(strains.values())
    misere_safe = any(e.strain is None for e in counts)
    call = spot.call
    p: float
    if isinstance(call, Pass):
        margin = max((strains[s] - level for s, level in spot.needs), default=-10.0)
        misere = _curve(_MISERE_AT_MOST - best, model) if spot.misere and misere_safe else 0.0
        p = (1.0 - _curve(margin, model)) * (1.0 - misere)
    elif isinstance(call, Bid) and call.kind is BidKind.TRICKS and call.strain is not None:
        c = strains[call.strain]
        others = max((t for s, t in strains.items() if s != call.strain), default=-10.0)
        p = _curve(c - call.tricks, model) * _curve(c - others, model)
        if spot.one_round and call.tricks < 10:
            p *= _curve(call.tricks + 0.5 - c, model)  # straight to the count, not below it
    elif isinstance(call, Bid) and call.kind is BidKind.MISERE:
        p = _curve(_MISERE_AT_MOST - best, model) * (1.0 if misere_safe else _MISERE_UNSAFE)
    elif call == Declaration("ace-no-face"):
        p = 1.0 if ace_no_face(hand) else 0.0
    elif call == Declaration("agree"):
        p = _curve(_PLAY_ON - 0.5 - best, model)
    elif call == Declaration("disagree"):
        p = _curve(best - _PLAY_ON, model)
    else:
        return 1.0
    return model.floor + (1.0 - model.floor) * p


def auction_hand(layout: Position, seat: Seat, history: History) -> tuple[Card, ...]:
    """What ``seat`` held in the auction in this layout: the cards it holds now and those it
    has played (for the contractor the cards it kept: :func:`layout_weight` adds the kitty)."""
    i = layout.seats.index(seat)
    return tuple(layout.hands[i]) + history.played_by(seat)


def _contractor_hands(kept: Sequence[Card], left: Sequence[Card], history: History,
                      model: Model) -> list[tuple[Card, ...]]:
    """Auction hands the contractor may have held: its kept cards and a discard from the cards
    left over in the layout (as many as it put away), less a kitty of as many of those
    thirteen; ``model.kitty_draws`` of them, drawn by a generator seeded by the cards alone,
    so the answer is a pure function of the layout."""
    k = history.kitty
    if k == 0:
        return [tuple(kept)]
    rng = random.Random(",".join(sorted(str(c) for c in (*kept, *left))))
    out = []
    for _ in range(model.kitty_draws):
        discard = rng.sample(list(left), min(k, len(left)))
        thirteen = [*kept, *discard]
        kitty = set(rng.sample(range(len(thirteen)), k))
        out.append(tuple(c for j, c in enumerate(thirteen) if j not in kitty))
    return out


def _judged(spot: Spot, hand: Sequence[Card], history: History, model: Model) -> float:
    counts = counts_at(spot.seat, hand, spot.before, history.rules)
    return call_likelihood(spot, counts, hand, model)


def layout_weight(layout: Position, me: int, history: History, left: Sequence[Card],
                  model: Model = DEFAULT_MODEL, at: Sequence[Spot] | None = None) -> float:
    """The likelihood of the auction given this layout, as seen by seat index ``me``: the
    product over the calls of the other seats in play of :func:`call_likelihood` (for a
    contractor the viewer does not know the kitty of, averaged over its possible auction
    hands). ``left``: the cards the layout leaves out of the hands in play (the contractor's
    discard, a sitting-out hand). ``at``: :func:`spots` of the history, if already made."""
    at = spots(history) if at is None else at
    viewer = layout.seats[me]
    weight = 1.0
    contractor: list[Spot] = []
    for spot in at:
        if spot.seat == viewer or spot.seat in history.unjudged or spot.seat not in layout.seats:
            continue
        if spot.seat == history.declarer and history.kitty:
            contractor.append(spot)
            continue
        weight *= _judged(spot, auction_hand(layout, spot.seat, history), history, model)
    if contractor and history.declarer is not None:
        kept = auction_hand(layout, history.declarer, history)
        hands = _contractor_hands(kept, left, history, model)
        weight *= sum(math.prod(_judged(s, h, history, model) for s in contractor)
                      for h in hands) / len(hands)
    return weight


def effective_size(weights: Sequence[float]) -> float:
    """The effective number of layouts, (Σw)² / Σw² (all equal: their number)."""
    total = sum(weights)
    square = sum(w * w for w in weights)
    return total * total / square if square > 0 else 0.0


@dataclass(frozen=True)
class Weighted:
    """Layouts of the unseen cards and their weights (summing to 1).

    ``ess``: the effective number of layouts the weights leave; ``power``: the power the
    model's weights were flattened to (1: as the model says; 0: unweighted); ``exact``:
    every possible layout is here; ``note``: the words for it all."""

    layouts: tuple[Position, ...]
    weights: tuple[float, ...]
    ess: float
    power: float
    exact: bool
    note: str

    def __iter__(self) -> Iterator[tuple[Position, float]]:
        return iter(zip(self.layouts, self.weights, strict=True))


def weighted_layouts(
    pos: Position,
    me: int,
    history: History | None,
    *,
    pack: Sequence[Card],
    known: Collection[int] = (),
    gone: Collection[Card] = (),
    rng: random.Random,
    most: int = 100,
    model: Model = DEFAULT_MODEL,
) -> Weighted:
    """Up to ``most`` layouts of what seat index ``me`` cannot see (:func:`~tutor.teach.players.
    sampling.layouts`: every one when there are few enough), weighted by the auction in
    ``history`` (None: unweighted). ``gone``: the cards ``me`` knows are out of play besides
    the trick in progress (the cards played, its own discard as contractor)."""
    pool = unseen(pack, pos, me, known, gone)
    others = [i for i in range(len(pos.seats)) if i != me and i not in known]
    dealt = list(layouts(pos, me, known, pool, rng, most))
    exact = count_layouts(pool, [len(pos.hands[i]) for i in others]) <= most
    n = len(dealt)
    if history is None or not history.calls:
        return Weighted(tuple(dealt), (1.0 / n,) * n, float(n), 0.0, exact,
                        f"{_layouts(n, exact)}, each counted alike")
    at = spots(history)
    raw = [layout_weight(lay, me, history, _left(pool, lay, others), model, at) for lay in dealt]
    floor = min(model.min_ess, n / 5)
    power, weights, ess = 1.0, raw, effective_size(raw)
    for power in _POWERS:
        weights = [w ** power for w in raw]
        ess = effective_size(weights)
        if ess >= floor:
            break
    total = sum(weights)
    note = f"{_layouts(n, exact)}, weighted by the auction: {ess:.1f} effective"
    if power < 1:
        note += (f" (the calls fit few of them, {effective_size(raw):.1f} effective, so the "
                 f"model was widened: its weights flattened to the power {power:g})")
    return Weighted(tuple(dealt), tuple(w / total for w in weights), ess, power, exact, note)


def _left(pool: Sequence[Card], lay: Position, others: Sequence[int]) -> list[Card]:
    return without(pool, [c for i in others for c in lay.hands[i]])


def _layouts(n: int, exact: bool) -> str:
    what = "layout" if n == 1 else "layouts"
    return f"all {n} possible {what}" if exact else f"{n} sampled {what}"
