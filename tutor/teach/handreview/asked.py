"""A reviewed call or discard as a hand file: the auction as the review continued it, and the
call or discard as a lesson's ``decision:`` that ``tutor check`` verifies.

:func:`after_calls` plays an auction out as the review does (:mod:`.following`): the contractor
puts away what the computer would, at five players calls the partner the computer would, and
(asked for) the hand is played by the best line double-dummy. :func:`call_decision` and
:func:`discard_decision` give the reviewed hand with its decision at the marked call or the
discard, or say in words why ``tutor check`` could not verify it there. ``tutor check`` verifies
a call by its own rule (:mod:`tutor.files.verify_decision`): the call, then everyone passing,
all hands open after the contractor's best discard; so a call is asked only where the review's
better call is the better one by that rule too, scored for the seat's side as the review scores
(the contract's value, + made, − set), with ``tricks:`` stating what each choice's contract takes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tutor.engine.auction import Call, Pass, contract_value, parse_call, run_auction
from tutor.engine.cards import Card, Suit
from tutor.engine.decision import Choice, LessonDecision, choice_code
from tutor.engine.hand import Hand
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.engine.scoring import signed
from tutor.files.verify_decision import best_tricks, calls_after
from tutor.solve import SolveError, Solver, deal_of
from tutor.solve.line import best_line
from tutor.teach.handreview.following import continued, exchange
from tutor.teach.handreview.value import Verdict

__all__ = ["after_calls", "bare", "call_decision", "choices", "discard_decision", "in_tricks"]


def bare(hand: Hand, **changes: object) -> Hand:
    """``hand`` without its lesson parts (notes, claims, par, decision…), with ``changes``."""
    return dataclasses.replace(hand, notes={}, claims={}, kitty_claims={}, par=None, decision=None,
                               summary=None, level=None, order=None, **changes)  # type: ignore[arg-type]


def choices(best: Choice, done: Choice) -> tuple[tuple[Choice, ...], int]:
    """The two choices in notation order (so the answer is not always first), and the answer's."""
    pair = sorted([best, done], key=choice_code)
    return tuple(pair), pair.index(best)


def in_tricks(flat: Sequence[Play], size: int) -> tuple[tuple[Play, ...], ...]:
    """The cards in tricks of ``size`` (a card from each seat in play; misère: three)."""
    out = [tuple(flat[first:first + size]) for first in range(0, len(flat), size)]
    return tuple(t for t in out if t)


def after_calls(hand: Hand, calls: tuple[Call, ...], *, play: bool) -> Hand:
    """``hand`` (bare) with the auction ``calls``, played out as the review plays it: the
    computer's discard and, at five players, the partner it calls (:func:`.following.exchange`),
    the joker kept as the wildcard where that replays (:func:`with_joker`); with ``play`` the
    cards by the best line double-dummy, else none."""
    rules = hand.rules
    contract = run_auction(calls, rules, hand.dealer).contract
    base = bare(hand, auction=calls, play=(), discard=None, joker=None)
    if contract is None or contract.bid.is_all_passed:
        return base
    discard, called = exchange(hand.hands, hand.kitty, contract.declarer, contract.bid, rules)
    partner = called if rules.players == 5 and not contract.bid.is_misere else hand.partner
    base = dataclasses.replace(base, discard=discard, partner=partner)
    found = with_joker(base, (None,))
    if found is None:
        return base
    trial, rep = found
    if not play:
        return trial
    deal = deal_of(rep)
    return dataclasses.replace(trial, play=in_tricks(best_line(deal.start), len(deal.start.seats)))


def with_joker(base: Hand, first: tuple[Suit | None, ...]) -> tuple[Hand, Replay] | None:
    """``base`` with the joker's nomination that replays, and its replay (None: none does):
    the ``first`` choices in turn (the hand's own, keeping it as the wildcard), then each suit;
    but where keeping the joker would lose a misère by rule (``misere_needs_joker_nominated``)
    the contractor names the suit that takes fewest tricks with all hands open, as a
    contractor who knows the rule does."""
    rules = base.rules
    contract = run_auction(base.auction, rules, base.dealer).contract
    order: list[Suit | None] = [*first, *(s for s in Suit if s not in first)]
    if contract is not None and contract.bid.is_misere and rules.misere_needs_joker_nominated:
        order = [s for s in order if s is not None]
        scored = []
        for suit in order:
            rep = build(dataclasses.replace(base, joker=suit))
            if not rep.problems:
                scored.append((Solver().value(deal_of(rep).start), order.index(suit), suit))
        order = [suit for _t, _k, suit in sorted(scored)] + [None]
    for joker in order:
        trial = dataclasses.replace(base, joker=joker)
        rep = build(trial)
        if not rep.problems:
            return trial, rep
    return None


def _said(call: Call) -> str:
    return "a pass" if isinstance(call, Pass) else call.pretty()


def _scored(rep: Replay, v: Verdict, call: Call) -> tuple[int | None, int, str]:
    """``call`` at ``v``'s place as ``tutor check`` plays it: its contract's tricks (None: the
    hand thrown in), its score for ``v``'s seat's side (the review's rule), and in words."""
    hand = rep.hand
    calls = calls_after(hand, v.index, call)
    contract = run_auction(calls, hand.rules, hand.dealer).contract
    if contract is None or contract.bid.is_all_passed:
        return None, 0, f"after {_said(call)} the hand is thrown in (0)"
    tricks, played = best_tricks(bare(hand), calls, contract, Solver())
    bid = contract.bid
    made = tricks == 0 if bid.is_misere else tricks >= bid.tricks
    at = rep.table
    ours = (at.side_of(contract.declarer) == at.side_of(v.seat) if at.fixed_partners
            else v.seat in (contract.declarer, played.partner))
    value = contract_value(bid, hand.rules)
    points = value if made == ours else -value
    contract_words = f"{bid.pretty()} by {contract.declarer.word}"
    lead = contract_words if call == bid else f"after {_said(call)}, {contract_words} stands and"
    words = (f"{lead} takes {tricks} trick{'s' if tricks != 1 else ''}, {'made' if made else 'set'} "
             f"({signed(points)})")
    return tricks, points, words


def call_decision(rep: Replay, v: Verdict) -> tuple[Hand | None, LessonDecision | None, str]:
    """The hand asking the marked call ``v`` as its decision, continued after the better call as
    the review continued it on the actual cards and played by the best line; or None and why
    ``tutor check`` could not verify it (words for the intro)."""
    hand = rep.hand
    better, done = parse_call(v.best.code), parse_call(v.done.code)
    try:
        (t_best, p_best, w_best), (t_done, p_done, w_done) = _scored(rep, v, better), _scored(rep, v, done)
    except SolveError as err:
        return None, None, f"`tutor check` cannot play it out: {err}"
    rule = ("`tutor check` verifies a call as that call followed by passes, with all hands open "
            f"after the best discard: there {w_best}, and {w_done}")
    if p_best <= p_done:
        return None, None, f"{rule}, so the review's better call is not the better one by that rule"
    before = list(calls_after(hand, v.index, better)[:v.index + 1])
    calls = continued(before, hand.hands, hand.rules, hand.dealer)
    new = after_calls(hand, calls, play=True)
    pair, answer = choices(better, done)
    tricks = {i: t for i, t in enumerate(t_best if c == better else t_done for c in pair) if t is not None}
    decision = LessonDecision("auction", f"What should {v.seat.word} call here?", pair, answer,
                              None, v.index, tricks)
    return new, decision, rule


def discard_decision(rep: Replay, v: Verdict) -> tuple[Hand, LessonDecision]:
    """The hand asking the marked discard ``v``: the better discard made, then the best line."""
    hand = rep.hand
    away = tuple(Card.parse(x) for x in v.best.code.split())
    was = tuple(Card.parse(x) for x in v.done.code.split())
    base = bare(hand, discard=away, play=())
    new = base
    found = with_joker(base, (hand.joker, None) if hand.joker is not None else (None,))
    if found is not None:
        trial, built = found
        deal = deal_of(built)
        new = dataclasses.replace(trial, play=in_tricks(best_line(deal.start), len(deal.start.seats)))
    pair, answer = choices(away, was)
    return new, LessonDecision("discard", f"Which cards should {v.seat.word} put away?", pair, answer)
