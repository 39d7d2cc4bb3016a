"""The review at the practice table's end of a hand: the learner's seat reviewed on a small
budget, its short summary, and the better card a marked card's "what happens" compares with.

Every front end of the practice table (the terminal's ``tutor play``, the practice widget) ends
a hand with :func:`table_review` and shows :func:`summary_lines`; "Show what happens" after a card
passes :func:`better_card` (the review's single-dummy better card) to
:func:`~tutor.teach.players.aftermath.what_happens` as the better line.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import SolveError
from tutor.teach.handreview.review import review_hand
from tutor.teach.handreview.value import Review, Verdict
from tutor.teach.players.aftermath import WhatHappens, what_happens
from tutor.teach.players.retry import decisions

__all__ = ["BY_THE_REVIEW", "TABLE_LAYOUTS", "better_card", "marks", "summary_lines", "table_review",
           "verdict_at", "what_happens_after"]

#: Layouts of the unseen cards dealt for each decision at the end of a practice hand: 8, so
#: that the review of a four-handed hand takes about a second or two of CPU (``tutor review``
#: deals 30; a computer's card early in the hand solves 64).
TABLE_LAYOUTS = 8


def table_review(rep: Replay, seat: Seat, *, seed: int = 0) -> Review | str:
    """The review of ``seat``'s decisions in the finished hand ``rep`` over
    :data:`TABLE_LAYOUTS` layouts dealt by ``seed``, or why there is none (in words)."""
    try:
        return review_hand(rep, seat, layouts=TABLE_LAYOUTS, seed=seed)
    except SolveError as err:
        return f"No review: {err}"


def summary_lines(review: Review) -> list[str]:
    """The review's short summary: the two or three costliest decisions in words (with their
    ``?`` or ``??``), what it rests on, and what it did not judge."""
    who = review.seat.word
    top = review.costliest()
    if top:
        out = [f"Review of your decisions, {who} ({len(review.marked)} of "
               f"{len(review.decisions)} marked); the costliest:"]
        out += [f"  {_where(v)}: {v.words}" for v in top]
    elif review.decisions:
        out = [f"Review of your decisions, {who}: none of your {len(review.decisions)} decisions is "
               f"marked: with what you could see, none fell short of the best choice."]
    else:
        out = [f"Review of your decisions, {who}: you made none this hand."]
    out.append(f"  (each over at most {review.layouts} layouts of the cards you could not see; "
               f"`tutor review` gives every decision over more)")
    out += [f"  Not judged: {why}." for why in review.skipped]
    return out


def _where(v: Verdict) -> str:
    return {"call": "Auction", "discard": "Discard"}.get(v.kind, f"Trick {v.trick}")


def verdict_at(review: Review, card: int) -> Verdict | None:
    """The review's verdict on card number ``card`` of the hand (0: the first card of trick 1),
    None when the seat did not play it."""
    return next((v for v in review.plays if v.index == card), None)


def better_card(review: Review, card: int) -> Play | None:
    """The review's better card at card number ``card`` (single-dummy, with what the seat could
    see), None when the card played was not marked (or not the seat's)."""
    v = verdict_at(review, card)
    if v is None or not v.mark or v.best.code == v.done.code:
        return None
    return Play.parse(v.best.code)


#: Why the review's better card is better, as the line after it says.
BY_THE_REVIEW = "the better card with what you could see, by the review"


def what_happens_after(rep: Replay, card: int, review: Review | str | None) -> WhatHappens:
    """What happens after card number ``card`` of ``rep``: the line after it, and the line after
    the review's better card when the review marked it (else the double-dummy best card, when
    the card played was not one). Raises :class:`~tutor.solve.SolveError` when there is no solve."""
    better = better_card(review, card) if isinstance(review, Review) else None
    what = what_happens(rep, card, better)
    return replace(what, best_by=BY_THE_REVIEW) if better is not None else what


def marks(rep: Replay, review: Review) -> dict[str, str]:
    """The review's mark (``?``, ``??``) of each marked decision of its seat in ``rep``, by the
    decision's name at the practice table (``call1``, ``discard``, ``joker``, ``4.2``:
    :func:`~tutor.teach.players.retry.decisions`)."""
    calls = {v.index: v.mark for v in review.calls if v.mark}
    cards = {v.place: v.mark for v in review.plays if v.mark}
    out: dict[str, str] = {}
    for d in decisions(rep, review.seat):
        if d.kind is StepKind.CALL:
            mark = calls.get(sum(1 for s in rep.steps[:d.step] if s.kind is StepKind.CALL))
        elif d.kind is StepKind.DISCARD:
            mark = review.discard.mark if review.discard else None
        elif d.kind is StepKind.NOMINATE:
            mark = review.nomination.mark if review.nomination else None
        else:
            mark = cards.get(d.at)
        if mark:
            out[d.at] = mark
    return out
