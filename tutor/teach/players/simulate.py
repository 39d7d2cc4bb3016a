"""No-trump and misère calls judged by simulation, as a layer over the count.

The count (:mod:`~tutor.teach.players.bidding`) is built for suit contracts: its no-trump count
(the joker, aces, guarded kings) almost never reaches a bid, and its misère test (few cards
that look like winners) often bids a misère the defenders beat. For these two calls the computer
players at the practice table ask instead what would happen: deal the cards the bidder cannot
see (the other hands and the kitty) many ways, each layout weighted by how well it fits the
calls made so far (the inference model, :mod:`~tutor.teach.players.inference`), pick up the
kitty and discard as the computer would (:mod:`~tutor.teach.players.discard`), solve the hand
double-dummy from the opening lead, and count how often the contract is made.

* **Misère** is bid when it is legal and is made in at least :data:`OFTEN` of the layouts
  (weighted); a misère the count would bid is left out when it is not (the count's next call
  is made instead).
* **No-trumps**: one simulation gives the tricks no-trumps takes in every layout, so the share
  that makes each level; the highest level made in at least :data:`OFTEN` of them is the
  no-trump count. No-trumps is bid when that count reaches the cheapest no-trump bid that
  outranks the bidding and ranks at least as high on the ladder as the count's own best call
  (its suit bid at its count, or misère when misère was found safe): the cheapest such bid in
  the Australian auction, straight to the count in a one-round auction, as the count bids.

Why :data:`OFTEN` is 70%: a contract made scores what a failed one loses, so 50% breaks even;
double-dummy play is perfect for the declarer (it never misguesses), so a contract that makes
double-dummy in a bare half of the layouts fails more often at the table. It is a judgement,
measured by ``benchmarks/practice_duplicate.py`` (made rates by kind of contract).

What it leaves out: the simulation assumes the others pass after the call (later bidding is
judged at the next turn); it is used at four-handed tables only (three-handed, the count
decides every call); the inference model still reads every call by the count, so a no-trump
bid made by simulation tells the other seats less than it could; double-dummy play from the
opening lead stands in for the play at the table (it never misguesses, for either side). The
lessons' decision checks, the review's continuation of a hand and puzzle mining use the count
alone (:func:`~tutor.teach.players.bidding.choose_call`), unchanged. Used by
:class:`~tutor.teach.players.game.Game` when its budget's ``bid_layouts`` is not 0.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.engine.auction import (
    AuctionError,
    Bid,
    BidKind,
    Call,
    Declaration,
    Pass,
    Strain,
    ladder_key,
    run_auction,
)
from tutor.engine.cards import Card
from tutor.engine.hand import Hand
from tutor.engine.kittyodds import unseen_by
from tutor.engine.replay import build
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat
from tutor.solve import SolveError, Solver, deal_of
from tutor.teach.players.bidding import (
    MISERE_DANGEROUS,
    Estimate,
    choose_call,
    counts_at,
    high_bid,
    legal_call,
    misere_danger,
)
from tutor.teach.players.decision import Decision
from tutor.teach.players.discard import choose_discard
from tutor.teach.players.inference import DEFAULT_MODEL, History, Model, call_likelihood, spots

__all__ = ["OFTEN", "Trial", "choose_call_simulated", "trial"]

#: The weighted share of layouts a contract must make in to be bid by simulation.
OFTEN = 0.7

#: With calls to weigh them by, how many layouts are dealt and weighted for each one solved
#: (the solved ones are drawn from them by their weights).
_DEALT = 4

#: No-trumps is simulated only when the count in no-trumps is within this many tricks of the
#: cheapest no-trump bid (a hand far from it is not worth the solves).
_NT_REACH = 2.5

#: Misère is simulated only on a hand with at most this many more cards that look like winners
#: than the kitty can take away, and a best suit count below this.
_MISERE_SPARE = 1
_MISERE_BELOW = 8.0


@dataclass(frozen=True)
class Trial:
    """A contract tried over layouts: ``tricks`` the contractor's side took double-dummy in each
    layout solved, with its ``weights`` (summing to 1)."""

    bid: Bid
    tricks: tuple[int, ...]
    weights: tuple[float, ...]

    @property
    def layouts(self) -> int:
        return len(self.tricks)

    def makes(self, bid: Bid | None = None) -> float:
        """The weighted share of layouts ``bid`` (default: the bid tried) is made in."""
        bid = bid or self.bid
        if bid.is_misere:
            return sum(w for t, w in zip(self.tricks, self.weights, strict=True) if t == 0)
        need = bid.tricks or 0
        return sum(w for t, w in zip(self.tricks, self.weights, strict=True) if t >= need)


def _draw(weights: Sequence[float], n: int, rng: random.Random) -> dict[int, int]:
    """``n`` draws from the indices of ``weights`` (any scale), each as likely as its weight, by
    systematic resampling (one random offset, ``n`` evenly spaced marks): index to how many
    times it was drawn."""
    total = sum(weights)
    if total <= 0 or n <= 0:
        return {}
    step = total / n
    mark = rng.random() * step
    out: dict[int, int] = {}
    acc = 0.0
    drawn = 0
    for i, w in enumerate(weights):
        acc += w
        while mark < acc and drawn < n:
            out[i] = out.get(i, 0) + 1
            drawn += 1
            mark += step
    return out


def _dangers(cards: Sequence[Card], rules: RuleSet) -> int:
    """How many cards of the hand the count finds likely to win a trick in misère."""
    return sum(1 for c in cards if misere_danger(c, cards, rules.the_pack) >= MISERE_DANGEROUS)


def _finish(calls: Sequence[Call], rules: RuleSet, dealer: Seat) -> tuple[Call, ...] | None:
    """The calls followed by passes until the auction ends (None: it cannot end so)."""
    out = tuple(calls)
    for _ in range(2 * rules.players + 2):
        try:
            auction = run_auction(out, rules, dealer)
        except AuctionError:
            return None
        if auction.complete:
            return out if auction.contract is not None else None
        out = (*out, Pass())
    return None


def trial(hand: Hand, seat: Seat, bid: Bid, *, layouts: int, rng: random.Random,
          model: Model = DEFAULT_MODEL) -> Trial | None:
    """``seat`` bids ``bid`` after ``hand.auction``: the tricks its side takes double-dummy over
    ``layouts`` layouts of the cards it cannot see (None: no layout could be played, e.g. the
    call is not legal here). After calls by others, four times as many layouts are dealt and
    weighted by the calls (:func:`~tutor.teach.players.inference.call_likelihood`), and those
    solved drawn from them by their weights (a layout drawn twice counts twice)."""
    rules = hand.rules
    calls = _finish((*hand.auction, bid), rules, hand.dealer)
    if calls is None:
        return None
    mine = tuple(hand.hands[seat])
    others = [s for s in hand.hands if s != seat]
    pool = list(unseen_by(rules.the_pack.cards, mine))
    history = History(rules, hand.dealer, tuple(hand.auction))
    at = [s for s in spots(history) if s.seat != seat] if hand.auction else []
    dealt: list[tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]] = []
    likely: list[float] = []
    for _ in range(layouts * _DEALT if at else layouts):
        rng.shuffle(pool)
        hands: dict[Seat, tuple[Card, ...]] = {seat: mine}
        k = 0
        for s in others:
            n = len(hand.hands[s])
            hands[s] = tuple(pool[k:k + n])
            k += n
        weight = 1.0
        for spot in at:
            counts = counts_at(spot.seat, hands[spot.seat], spot.before, rules)
            weight *= call_likelihood(spot, counts, hands[spot.seat], model)
        dealt.append((hands, tuple(pool[k:k + len(hand.kitty)])))
        likely.append(weight)
    tricks: list[int] = []
    weights: list[float] = []
    for i, times in _draw(likely, layouts, rng).items():
        hands, kitty = dealt[i]
        discard = choose_discard(seat, mine + kitty, bid, rules).choice
        played = replace(hand, hands=hands, kitty=kitty, auction=calls, discard=discard, play=())
        rep = build(played)
        if rep.problems:
            continue
        try:
            start = deal_of(rep).start
        except SolveError:
            continue
        tricks.append(Solver().value(start))
        weights.append(float(times))
    total = sum(weights)
    if not tricks or total <= 0:
        return None
    return Trial(bid, tuple(tricks), tuple(w / total for w in weights))


def _outranks(bid: Bid, high: Bid | None, rules: RuleSet) -> bool:
    return high is None or ladder_key(bid, rules) > ladder_key(high, rules)


def _share(made: float, n: int) -> str:
    return (f"in {made:.0%} of {n} layouts of the unseen cards (dealt to fit the bidding so far, "
            f"solved double-dummy)")


def choose_call_simulated(hand: Hand, seat: Seat, *, layouts: int,
                          rng: random.Random) -> Decision[Call]:
    """The computer's call for ``seat`` after ``hand.auction``: the count's call
    (:func:`~tutor.teach.players.bidding.choose_call`), with misère and no-trumps judged by
    simulation over ``layouts`` layouts (0: the count's call)."""
    rules = hand.rules
    cards = tuple(hand.hands[seat])
    calls = tuple(hand.auction)
    base = choose_call(seat, cards, calls, rules, hand.dealer)
    if layouts <= 0 or rules.players != 4 or (calls and calls[-1] == Declaration("ace-no-face")):
        return base
    auction = run_auction(calls, rules, hand.dealer)
    counts = counts_at(seat, cards, auction, rules)
    if counts is None:  # partner holds the bid
        return base
    high = high_bid(auction)[0]
    who = seat.word
    best = max((e.tricks for e in counts if e.strain is not None), default=0.0)
    chosen: Decision[Call] = base
    misere_ok = False
    if rules.misere:
        bid = Bid(BidKind.MISERE).called(rules)
        candidate = (best < _MISERE_BELOW
                     and _dangers(cards, rules) <= rules.kitty_size + _MISERE_SPARE
                     and _outranks(bid, high, rules) and legal_call(calls, bid, rules, hand.dealer))
        if candidate:
            tried = trial(hand, seat, bid, layouts=layouts, rng=rng)
            if tried is not None and tried.makes() >= OFTEN:
                misere_ok = True
                chosen = Decision(bid, f"{who} bids {bid.pretty()}: the {bid.misere_word} is made "
                                       f"{_share(tried.makes(), tried.layouts)}.")
            elif isinstance(base.choice, Bid) and base.choice.is_misere:
                plain = choose_call(seat, cards, calls, rules, hand.dealer, misere=False)
                made = tried.makes() if tried is not None else 0.0
                n = tried.layouts if tried is not None else 0
                chosen = Decision(plain.choice, f"{plain.reason[:-1]}; not {bid.pretty()}: it is "
                                                f"made only {_share(made, n)}.")
    nt = _no_trumps(hand, seat, calls, high, counts, layouts, rng)
    if nt is not None:
        level, made, n = nt
        mine = chosen.choice
        rival: Bid | None = None
        if isinstance(mine, Bid) and mine.is_misere and misere_ok:
            rival = mine
        elif isinstance(mine, Bid) and mine.kind is BidKind.TRICKS and mine.strain is not None:
            top = next(e for e in counts if e.strain == mine.strain)
            rival = Bid.of(max(mine.tricks or 0, min(10, int(top.tricks))), mine.strain)
        ours = Bid.of(level, Strain.NO_TRUMPS)
        if rival is None or ladder_key(ours, rules) >= ladder_key(rival, rules):
            call = _no_trump_bid(calls, high, level, rules, hand.dealer)
            if call is not None:
                chosen = Decision(call, f"{who} bids {call.pretty()}: no-trumps takes {level} "
                                        f"tricks {_share(made, n)}.")
    return chosen


def _no_trumps(hand: Hand, seat: Seat, calls: Sequence[Call], high: Bid | None,
               counts: Sequence[Estimate], layouts: int,
               rng: random.Random) -> tuple[int, float, int] | None:
    """The highest no-trump level made in at least :data:`OFTEN` of the layouts, its share and
    the number of layouts (None: not worth trying, or no level reaches the cheapest bid)."""
    rules = hand.rules
    cheapest = next((lv for lv in range(rules.lowest_bid, 11)
                     if _outranks(Bid.of(lv, Strain.NO_TRUMPS), high, rules)
                     and legal_call(calls, Bid.of(lv, Strain.NO_TRUMPS), rules, hand.dealer)), None)
    if cheapest is None:
        return None
    nt_count = next((e.tricks for e in counts if e.strain is Strain.NO_TRUMPS), 0.0)
    if nt_count < cheapest - _NT_REACH:
        return None
    tried = trial(hand, seat, Bid.of(cheapest, Strain.NO_TRUMPS), layouts=layouts, rng=rng)
    if tried is None:
        return None
    made = [(lv, tried.makes(Bid.of(lv, Strain.NO_TRUMPS))) for lv in range(cheapest, 11)]
    good = [(lv, m) for lv, m in made if m >= OFTEN]
    if not good:
        return None
    level, share = good[-1]
    return level, share, tried.layouts


def _no_trump_bid(calls: Sequence[Call], high: Bid | None, level: int, rules: RuleSet,
                  dealer: Seat) -> Bid | None:
    """The no-trump bid the computer makes with a no-trump count of ``level``: the cheapest that
    outranks (straight to the count in a one-round auction)."""
    levels = range(level, rules.lowest_bid - 1, -1) if rules.auction == "one-round" else range(
        rules.lowest_bid, level + 1)
    for lv in levels:
        bid = Bid.of(lv, Strain.NO_TRUMPS)
        if _outranks(bid, high, rules) and legal_call(calls, bid, rules, dealer):
            return bid
    return None
