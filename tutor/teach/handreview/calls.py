"""The calls of a review: each call of the seat judged by what follows from it, by simulation.

At each call the seat knows its own hand and the calls so far. The cards it cannot see (the
other hands and the kitty) are dealt many ways, weighted by how well each layout fits the calls
so far (:mod:`~tutor.teach.players.inference`). On each layout each candidate call (a pass, the
call made, the computer's call, and the cheapest legal bid of each strain and misère) is
followed to its end (:mod:`.following`): the computer bidder makes every later call, the seat's
own included, the contract the auction ends in is played double-dummy after the computer's
discard, and scored for the seat's side (its side's contract made +value, set −value; the other
side's made −value, set +value; a hand thrown in 0; the defenders' trick points left out). The
true layout is followed likewise, for the double-dummy figure beside the chances.

The judgement, one rule: a call's **expected score** is that score's weighted mean over the
layouts; the better call is the candidate of the highest. A call is marked ``?`` when it scores
more than :data:`~tutor.teach.handreview.value.CALL_DOUBTFUL` (40, a six-spade bid) points below
the better call on average, ``??`` more than :data:`~tutor.teach.handreview.value.CALL_BAD`
(100, a six-heart bid). A pass while partner holds the bid is judged like any call: the auction
goes on after it. Declarations (ace – no face) are not judged.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence

from tutor.engine.auction import AuctionError, Bid, BidKind, Call, Pass, Strain, run_auction
from tutor.engine.cards import without
from tutor.engine.hand import Hand
from tutor.engine.play import PlayContext
from tutor.engine.replay import Replay
from tutor.engine.scoring import signed
from tutor.engine.seats import Seat
from tutor.solve import Position
from tutor.teach.handreview.following import MISERE_BUDGET, Outcome, Table, follow
from tutor.teach.handreview.value import CALL_BAD, CALL_DOUBTFUL, Option, Verdict
from tutor.teach.players.bidding import choose_call
from tutor.teach.players.decision import Decision
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


def _key(bid: Bid) -> str:
    return "misere" if bid.is_misere else bid.strain.value if bid.strain else str(bid)


def _skeleton(rep: Replay, seat: Seat) -> tuple[Position, int]:
    """The deal as a position (any contract: only the hands matter) and the seat's index."""
    hand = rep.hand
    seats = tuple(s for s in rep.table.seats if s in hand.hands)
    side = rep.table.side_of(seat)
    pos = Position(seats=seats, hands=tuple(tuple(hand.hands[s]) for s in seats),
                   team=tuple(rep.table.side_of(s) == side for s in seats),
                   ctx=PlayContext.of(Bid.of(6, Strain.NO_TRUMPS)), pack=rep.rules.the_pack)
    return pos, seats.index(seat)


def candidates(hand: Hand, k: int, seat: Seat) -> tuple[list[Call], Decision[Call]]:
    """The calls judged at call ``k``: a pass, the call made, the computer's call, the cheapest
    legal bid of each strain and misère (each once, in that order); and the computer bidder's
    decision there (its call and its count)."""
    computer = choose_call(seat, hand.hands[seat], hand.auction[:k], hand.rules, hand.dealer)
    out: list[Call] = [Pass(), hand.auction[k]]
    if isinstance(computer.choice, (Pass, Bid)):
        out.append(computer.choice)
    cheapest: dict[str, Bid] = {}
    for b in _bids(hand, k):
        cheapest.setdefault(_key(b), b)
    out.extend(cheapest.values())
    unique: list[Call] = []
    for c in out:
        if c not in unique:
            unique.append(c)
    return unique, computer


@dataclasses.dataclass
class _Tally:
    """One candidate's outcomes over the layouts, weighted."""

    points: list[tuple[float, float]] = dataclasses.field(default_factory=list)  # (score, weight)
    made: list[tuple[bool, float]] = dataclasses.field(default_factory=list)
    ended: dict[str, float] = dataclasses.field(default_factory=dict)
    ended_made: dict[str, float] = dataclasses.field(default_factory=dict)
    unsettled: int = 0  # layouts left out: a misère the solver could not settle in its budget

    def add(self, o: Outcome, w: float) -> None:
        self.unsettled += o.unsettled
        if o.points is None:
            return
        self.points.append((o.points, w))
        if o.made is not None:
            self.made.append((o.made, w))
        key = _contract_words(o)
        self.ended[key] = self.ended.get(key, 0.0) + w
        self.ended_made[key] = self.ended_made.get(key, 0.0) + (w if o.made else 0.0)

    def mean(self) -> float | None:
        total = sum(w for _p, w in self.points)
        return sum(p * w for p, w in self.points) / total if total else None

    def make(self) -> float | None:
        total = sum(w for _m, w in self.made)
        return sum(w for m, w in self.made if m) / total if total else None

    def likeliest(self) -> tuple[str, float, float | None]:
        """The contract the auction most often ended in, in words, its share of the layouts,
        and the share of those it was made in (None: a hand thrown in)."""
        total = sum(self.ended.values())
        words, w = max(self.ended.items(), key=lambda kv: kv[1])
        made = self.ended_made[words] / w if w and not words.startswith("no contract") else None
        return words, w / total, made


def _contract_words(o: Outcome) -> str:
    if o.bid is None or o.declarer is None:
        return "no contract (the hand thrown in)"
    called = f" with {o.partner.word} the called partner" if o.partner else ""
    return f"{o.bid.pretty()} by {o.declarer.word}{called}"


def _code(call: Call) -> str:
    return "pass" if isinstance(call, Pass) else str(call)


def _said(call: Call) -> str:
    return "pass" if isinstance(call, Pass) else call.pretty()


def judge_calls(rep: Replay, seat: Seat, *, layouts: int, seed: int) -> Iterator[Verdict]:
    """A :class:`Verdict` for every call ``seat`` made that a simulation can judge, in order."""
    hand = rep.hand
    rules = hand.rules
    whole = run_auction(hand.auction, rules, hand.dealer)
    pos, me = _skeleton(rep, seat)
    others = [i for i in range(len(pos.seats)) if i != me]
    truth = Table(hand, seat, hand.hands, tuple(hand.kitty))
    for k, (call, caller) in enumerate(zip(whole.calls, whole.callers, strict=False)):
        if caller != seat or not (isinstance(call, Pass) or (isinstance(call, Bid) and (
                call.kind is BidKind.TRICKS or call.is_misere))):
            continue
        if not _bids(hand, k) and not _partner_holds(rep, k, seat):
            continue
        calls, computer = candidates(hand, k, seat)
        history = History(rules=rules, dealer=hand.dealer, calls=tuple(hand.auction[:k]))
        weighted = weighted_layouts(pos, me, history, pack=rules.the_pack.cards,
                                    rng=random.Random(seed * 1009 + 7919 + k), most=layouts)
        tallies = {_code(c): _Tally() for c in calls}
        for layout, w in weighted:
            hands = {s: tuple(layout.hands[i]) for i, s in enumerate(layout.seats)}
            kitty = (tuple(without(rules.the_pack.cards,
                                   [*hand.hands[seat], *(c for i in others for c in layout.hands[i])]))
                     if hand.kitty else ())
            table = Table(hand, seat, hands, kitty)
            for c in calls:
                tallies[_code(c)].add(follow(hand, k, c, table), w)
        judged: list[tuple[float, Option, _Tally, Outcome]] = []
        unjudged: list[str] = []
        for c in calls:
            tally = tallies[_code(c)]
            mean = tally.mean()
            if mean is None:
                unjudged.append(_said(c))
                continue
            real = follow(hand, k, c, truth)
            judged.append((mean, Option(_code(c), _said(c), mean, tally.make(), real.points), tally, real))
        if not judged:
            continue
        judged.sort(key=lambda j: -j[0])
        top = judged[0]
        done = next((j for j in judged if j[1].code == _code(call)), None)
        if done is None:
            continue
        loss = max(0.0, top[0] - done[0])
        mark = "??" if loss > CALL_BAD else "?" if loss > CALL_DOUBTFUL else None
        better = top if mark else done
        yield Verdict(
            kind="call", place="auction", index=k, trick=None, seat=seat, done=done[1],
            best=better[1], options=tuple(j[1] for j in judged), mark=mark, loss=loss,
            words=_words(seat, call, done, better, mark, rules.players),
            note=weighted.note + (f"; not judged, left out on every layout (a misère the solver "
                                  f"could not settle, or a contract not played here): "
                                  f"{', '.join(unjudged)}" if unjudged else ""),
            computer=f"The computer bidder's count: {computer.reason}",
        )


def _pc(p: float | None) -> str:
    return f"{round(100 * (p or 0.0))}%"


def _pts(x: float) -> str:
    return signed(round(x))


def _led_to(j: tuple[float, Option, _Tally, Outcome]) -> str:
    """Where a call led, in words: the contract the auction most often ended in, how often,
    and how often it was made there."""
    ended, share, made = j[2].likeliest()
    text = f"the auction most often ended in {ended} ({_pc(share)} of the layouts"
    text += f", made in {_pc(made)} of those)" if made is not None else ")"
    n = j[2].unsettled
    if n:
        text += (f" ({n} more layout{'s' if n > 1 else ''} left out: a misère the solver could "
                 f"not settle within {MISERE_BUDGET:,} positions)")
    return text


def _actual(j: tuple[float, Option, _Tally, Outcome]) -> str:
    real = j[3]
    if real.unsettled:
        return (f"; on the actual cards it ended in {_contract_words(real)}, which the solver "
                f"could not settle within {MISERE_BUDGET:,} positions")
    if real.points is None:
        return ""
    if real.bid is None:
        return "; on the actual cards the hand was thrown in (0)"
    how = "made" if real.made else "set"
    return (f"; on the actual cards it ended in {_contract_words(real)}, {how} "
            f"({_pts(real.points)})")


def _words(seat: Seat, call: Call, done: tuple[float, Option, _Tally, Outcome],
           best: tuple[float, Option, _Tally, Outcome], mark: str | None, players: int) -> str:
    who = seat.word
    side = "" if players in (3, 5) else "'s side"
    head = f"{who}'s {_said(call)}{' ' + mark if mark else ''}"
    text = (f"{head}: with what {who} could see, after {done[1].words} {_led_to(done)}; "
            f"{who}{side} scored {_pts(done[0])} on average{_actual(done)}")
    if best[1].code != done[1].code:
        text += (f"; after {best[1].words} {_led_to(best)}, {_pts(best[0])} on average: "
                 f"the better call by expected score")
    return text + "."
