"""The calls of a review: each call of the seat judged by simulation, and the computer's count.

At each call the seat knows its own hand and the calls so far. The cards it cannot see (the
other hands and the kitty) are dealt many ways, weighted by how well each layout fits the calls
so far (:mod:`~tutor.teach.players.inference`). On each layout every contract the hand could
bid there is played out as the contract it leads to (that bid, then everyone passing, the
convention of a lesson's call decision), the seat taking the kitty and putting away what the
computer would (:func:`~tutor.teach.players.discard.choose_discard`), solved double-dummy, and
counted: how often each bid would make, and the caller's side's tricks on average. The same
contracts are solved on the true layout too, for the double-dummy figure beside them.

The judgement, one rule: a bid's **expected value** is its contract's value times (2p − 1) for
a make chance p (made, it scores its value; set, it loses it; the defenders' trick points left
out). The better call is the bid of the highest expected value, or a pass when none is above
zero. A bid is marked ``?`` when its make chance falls short of an even chance by more than
:data:`~tutor.teach.handreview.value.CALL_DOUBTFUL` (10) points, ``??`` by more than
:data:`~tutor.teach.handreview.value.CALL_BAD` (30); a pass likewise when the better bid's make
chance is above an even one by as much. A pass while partner holds the bid is not judged (the
hand's own contracts are not the question then), nor are declarations (ace – no face).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence

from tutor.engine.auction import AuctionError, Bid, BidKind, Call, Pass, Strain, contract_value, run_auction
from tutor.engine.cards import Card, Suit
from tutor.engine.hand import Hand
from tutor.engine.play import PlayContext
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.files.verify_decision import calls_after
from tutor.solve import Position, SolveError, Solver, deal_of
from tutor.teach.handreview.value import CALL_BAD, CALL_DOUBTFUL, Option, Verdict
from tutor.teach.players.bidding import choose_call
from tutor.teach.players.discard import choose_discard
from tutor.teach.players.inference import History, weighted_layouts

__all__ = ["judge_calls"]


def _legal(hand: Hand, before: Sequence[Call], call: Call) -> bool:
    try:
        run_auction([*before, call], hand.rules, hand.dealer)
    except AuctionError:
        return False
    return True


def _bids(hand: Hand, k: int) -> list[Bid]:
    """Every bid the hand could make as call ``k``: each strain's legal levels, and misère."""
    before = hand.auction[:k]
    rules = hand.rules
    out: list[Bid] = []
    for strain in Strain:
        out.extend(b for level in range(rules.lowest_bid, 11)
                   if _legal(hand, before, b := Bid.of(level, strain)))
    if rules.misere:
        misere = Bid(BidKind.MISERE).called(rules)
        if _legal(hand, before, misere):
            out.append(misere)
    return out


def _partner_holds(rep: Replay, k: int, seat: Seat) -> bool:
    """Whether partner holds the highest bid when ``seat`` makes call ``k``."""
    hand = rep.hand
    auction = run_auction(hand.auction[:k], hand.rules, hand.dealer)
    held = [s for c, s in zip(auction.calls, auction.callers, strict=False) if isinstance(c, Bid)]
    if not held or hand.rules.players not in (4, 6):
        return False
    return held[-1] != seat and rep.table.side_of(held[-1]) == rep.table.side_of(seat)


def _tricks(hand: Hand, k: int, bid: Bid, seat: Seat, hands: dict[Seat, tuple[Card, ...]],
            kitty: tuple[Card, ...]) -> int | None:
    """The caller's side's tricks double-dummy with ``bid`` as call ``k`` standing, on these
    hands and kitty, after the computer's discard (None: the contract cannot be played here)."""
    rules = hand.rules
    held = (*hands[seat], *kitty)
    discard = choose_discard(seat, held, bid, rules).choice if kitty else None
    trial = dataclasses.replace(hand, hands=hands, kitty=kitty, auction=calls_after(hand, k, bid),
                                discard=discard, play=(), joker=None, notes={}, claims={},
                                kitty_claims={}, par=None, decision=None, summary=None)
    for joker in (None, *Suit):
        rep = build(dataclasses.replace(trial, joker=joker) if joker else trial)
        if not rep.problems:
            try:
                return Solver().value(deal_of(rep).start)
            except SolveError:
                return None
    return None


def _key(bid: Bid) -> str:
    return "misere" if bid.is_misere else bid.strain.value if bid.strain else str(bid)


def _makes(bid: Bid, tricks: int) -> bool:
    return tricks == 0 if bid.is_misere else tricks >= bid.tricks


def _skeleton(rep: Replay, seat: Seat) -> tuple[Position, int]:
    """The deal as a position (any contract: only the hands matter) and the seat's index."""
    hand = rep.hand
    seats = tuple(s for s in rep.table.seats if s in hand.hands)
    side = rep.table.side_of(seat)
    pos = Position(seats=seats, hands=tuple(tuple(hand.hands[s]) for s in seats),
                   team=tuple(rep.table.side_of(s) == side for s in seats),
                   ctx=PlayContext.of(Bid.of(6, Strain.NO_TRUMPS)), pack=rep.rules.the_pack)
    return pos, seats.index(seat)


def judge_calls(rep: Replay, seat: Seat, *, layouts: int, seed: int) -> Iterator[Verdict]:
    """A :class:`Verdict` for every call ``seat`` made that a simulation can judge, in order."""
    hand = rep.hand
    rules = hand.rules
    whole = run_auction(hand.auction, rules, hand.dealer)
    pos, me = _skeleton(rep, seat)
    others = [i for i in range(len(pos.seats)) if i != me]
    for k, (call, caller) in enumerate(zip(whole.calls, whole.callers, strict=False)):
        if caller != seat or not (isinstance(call, Pass) or (isinstance(call, Bid) and (
                call.kind is BidKind.TRICKS or call.is_misere))):
            continue
        bids = _bids(hand, k)
        if not bids:
            continue
        partner_holds = isinstance(call, Pass) and _partner_holds(rep, k, seat)
        computer = choose_call(seat, hand.hands[seat], hand.auction[:k], rules, hand.dealer)
        if partner_holds:  # not judged: nothing to simulate
            passing = Option("pass", "pass", None, None)
            yield Verdict(kind="call", place="auction", index=k, trick=None, seat=seat, done=passing,
                          best=passing, options=(), mark=None, loss=0.0,
                          words=_words(seat, call, passing, passing, None, [], True),
                          computer=f"The computer bidder's count: {computer.reason}")
            continue
        history = History(rules=rules, dealer=hand.dealer, calls=tuple(hand.auction[:k]))
        weighted = weighted_layouts(pos, me, history, pack=rules.the_pack.cards,
                                    rng=random.Random(seed * 1009 + 7919 + k), most=layouts)
        # one contract a strain (its cheapest level here) and misère: the tricks on each layout
        strains: dict[str, Bid] = {}
        for b in bids:
            strains.setdefault(_key(b), b)
        sums: dict[str, list[int]] = {key: [] for key in strains}
        weights: dict[str, list[float]] = {key: [] for key in strains}
        for layout, w in weighted:
            hands = {s: tuple(layout.hands[i]) for i, s in enumerate(layout.seats)}
            kitty = (_kitty(rules.the_pack.cards, [hand.hands[seat], *(layout.hands[i] for i in others)])
                     if hand.kitty else ())
            for key, b in strains.items():
                t = _tricks(hand, k, b, seat, hands, kitty)
                if t is not None:
                    sums[key].append(t)
                    weights[key].append(w)
        truth = {key: _tricks(hand, k, b, seat, dict(hand.hands), tuple(hand.kitty))
                 for key, b in strains.items()}
        options: list[tuple[float, Option]] = []
        for b in bids:
            key = _key(b)
            ts, ws = sums[key], weights[key]
            if not ts:
                continue
            total = sum(ws)
            p = sum(w for t, w in zip(ts, ws, strict=True) if _makes(b, t)) / total
            mean = sum(t * w for t, w in zip(ts, ws, strict=True)) / total
            dd = truth[key]
            options.append((contract_value(b, rules) * (2 * p - 1),
                            Option(str(b), b.pretty(), mean, p, dd)))
        if not options:
            continue
        options.sort(key=lambda vo: -vo[0])
        top_value, top = options[0]
        passing = Option("pass", "pass", None, None)
        best = top if top_value > 0 else passing
        if isinstance(call, Pass):
            done = passing
            loss = 0.0 if partner_holds or best is passing else 100 * (top.make or 0.0) - 50
        else:
            done = next((o for _v, o in options if o.code == str(call)),
                        Option(str(call), call.pretty(), None, None))
            loss = max(0.0, 50 - 100 * (done.make or 0.0)) if done.make is not None else 0.0
        mark = "??" if loss > CALL_BAD else "?" if loss > CALL_DOUBTFUL else None
        yield Verdict(
            kind="call", place="auction", index=k, trick=None, seat=seat, done=done,
            best=best if mark else done, options=tuple(o for _v, o in options), mark=mark, loss=loss,
            words=_words(seat, call, done, best, mark, [o for _v, o in options], partner_holds),
            note=weighted.note, computer=f"The computer bidder's count: {computer.reason}",
        )


def _kitty(pack: Sequence[Card], hands: Sequence[Sequence[Card]]) -> tuple[Card, ...]:
    """The cards of the pack no hand holds (the pack may hold a card twice)."""
    left = list(pack)
    for h in hands:
        for c in h:
            left.remove(c)
    return tuple(left)


def _pc(p: float | None) -> str:
    return f"{round(100 * (p or 0.0))}%"


def _words(seat: Seat, call: Call, done: Option, best: Option, mark: str | None,
           options: Sequence[Option], partner_holds: bool) -> str:
    who = seat.word
    named = "pass" if isinstance(call, Pass) else call.pretty()
    head = f"{who}'s {named}{' ' + mark if mark else ''}"
    if isinstance(call, Pass):
        if partner_holds:
            return f"{head}: partner's bid stood, so the hand's own contracts were not the question."
        strongest = max(options, key=lambda o: (o.make or 0.0))
        if best.code == "pass":
            return (f"{head}: no contract the hand could bid made often enough to be worth it; the "
                    f"likeliest, {strongest.words}, made in {_pc(strongest.make)} of the layouts.")
        actual = (f"; on the actual cards it would have taken {best.double_dummy}"
                  if best.double_dummy is not None else "")
        return (f"{head}: {best.words} would have made in {_pc(best.make)} of the layouts "
                f"({best.expected:.1f} tricks on average), the best bid by expected value{actual}.")
    text = (f"{head}: with what {who} could see, {done.words} made in {_pc(done.make)} of the "
            f"layouts ({(done.expected or 0):.1f} tricks on average)")
    if done.double_dummy is not None:
        text += f"; on the actual cards it took {done.double_dummy}"
    if best.code != done.code:
        if best.code == "pass":
            text += "; no bid was worth making: passing was better"
        else:
            text += f"; {best.words} made in {_pc(best.make)}, the best bid by expected value"
    return text + "."
