"""A review as hand files: the whole hand as a lesson, and each mistake as a decision to practise.

:func:`lesson_hand` (``tutor review --save-lesson``): the hand with each marked decision's words
as its note, with claims ``tutor check`` verifies (a card's double-dummy ``cost:`` or ``best:``
and its single-dummy ``make:``, computed as ``tutor check`` computes it), a ``decision:`` at the
costliest marked decision ``tutor check`` verifies, and an ``intro`` for the author to edit. A
costliest call or discard is asked where the check passes it (:mod:`.asked`: a call by the
check's own rule, the call then passes, with ``tricks:`` for each choice); else the costliest
marked card the solver can verify as a decision (the better card best double-dummy, the card
played costing tricks), the intro saying why the call or discard is not asked. A decision's
answer is what the hand does, so from there on the file plays the better choice and then the
best line (:func:`~tutor.solve.line.best_line`; after a call, the auction as the review
continued it); the marks after it are listed in the intro.

:func:`mistake_hand`: one marked decision as a hand file that stops there and asks it (the call,
the discard or the card), the better choice as the answer and the review's words as the
explanation; a call's hand goes on after the better call as the review followed it on the actual
cards (:func:`~tutor.teach.handreview.following.continued`, the computer's discard), so what is
shown after the answer is the contract the review's figures rest on. :mod:`.remember` keeps it
in the quiz history.
"""

from __future__ import annotations

import dataclasses

from tutor.engine.auction import Contract, Pass, parse_call, run_auction
from tutor.engine.cards import Card, Suit, TutorError
from tutor.engine.decision import LessonDecision
from tutor.engine.hand import Hand, NoteClaim
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.files.handfile import dumps
from tutor.files.verify_decision import calls_after
from tutor.solve import SolveError, Solver, analyse, apply, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.line import best_line
from tutor.teach.chancecheck import LAYOUTS, SEED, card_chances
from tutor.teach.handreview.asked import (
    after_calls,
    bare,
    call_decision,
    choices,
    discard_decision,
    in_tricks,
)
from tutor.teach.handreview.following import continued
from tutor.teach.handreview.value import Review, Verdict
from tutor.teach.lessoncheck import check_lesson

__all__ = ["OWN_MISTAKES", "lesson_hand", "mistake_hand"]

#: The topic of a decision a review marked (docs/topics.md).
OWN_MISTAKES = "own-mistakes"


def _play_from(rep: Replay, index: int, play: Play) -> tuple[tuple[Play, ...], ...]:
    """The hand's cards up to card ``index``, ``play`` there, then the best line to the end."""
    deal = deal_of(rep)
    pos = next(p for k, (p, _q) in enumerate(deal.positions()) if k == index)
    flat = [*deal.plays[:index], play, *best_line(apply(pos, play))]
    return in_tricks(flat, len(deal.start.seats))


def _topics(rep: Replay) -> tuple[str, ...]:
    contract = rep.contract
    extra: tuple[str, ...] = ()
    if contract is not None and contract.bid.is_misere:
        extra = ("misere",)
    elif contract is not None and contract.bid.is_no_trumps:
        extra = ("no-trumps",)
    return (OWN_MISTAKES, *extra)


def mistake_hand(rep: Replay, v: Verdict) -> Hand | None:
    """A hand file asking the marked decision ``v`` again (None: it cannot be asked as one)."""
    hand = rep.hand
    who = v.seat.word
    intro = (f"From a hand you played as {who}; the review marked this decision {v.mark}. "
             f"{who} sees only its own cards, the calls and the cards played so far.")
    try:
        if v.kind == "play":
            t = int(v.place.split(".")[0])
            best, done = Play.parse(v.best.code), Play.parse(v.done.code)
            offered, answer = choices(best, done)
            new = bare(hand, play=_play_from(rep, v.index, best))
            decision = LessonDecision(v.place, f"What does {who} play here?", offered,
                                      answer, v.words)
            where = f"trick {t}"
        elif v.kind == "call":
            call, was = parse_call(v.best.code), parse_call(v.done.code)
            # the auction after the better call as the review continued it on the actual cards
            # (the computer bidding every later call, its discard), so the hand shown after the
            # answer ends in the contract the review's figures for that call rest on
            before = list(hand.auction[:v.index])
            if not (isinstance(call, Pass) and before
                    and run_auction(before, rep.rules, hand.dealer).complete):
                before.append(call)
            new = after_calls(hand, continued(before, hand.hands, rep.rules, hand.dealer), play=False)
            offered, answer = choices(call, was)
            decision = LessonDecision("auction", f"What does {who} call here?", offered,
                                      answer, v.words, v.index)
            where = "the auction"
        elif v.kind == "nomination":
            if v.best.code == "wildcard" or v.done.code == "wildcard":
                return None  # a joker decision asks which suit to name: keeping it is no choice there
            named, was_named = Suit(v.best.code), Suit(v.done.code)
            new = bare(hand, joker=named, play=())
            offered, answer = choices(named, was_named)
            decision = LessonDecision("joker", f"Which suit does {who} name for the joker?", offered,
                                      answer, v.words)
            where = "the joker's nomination"
        else:
            away = tuple(Card.parse(x) for x in v.best.code.split())
            was_away = tuple(Card.parse(x) for x in v.done.code.split())
            new = bare(hand, discard=away, play=())
            offered, answer = choices(away, was_away)
            decision = LessonDecision("discard", f"Which cards does {who} put away?", offered,
                                      answer, v.words)
            where = "the discard"
    except (ValueError, SolveError):
        return None
    out = dataclasses.replace(new, title=f"Your decision at {where}: {hand.title}",
                              notes={"intro": intro}, tags=_topics(rep), decision=decision)
    return out if not build(out).problems else None


def _claim(rep: Replay, index: int, cost: int) -> NoteClaim:
    """What ``tutor check`` will verify about card ``index``: its double-dummy cost and its
    single-dummy make chance, computed as the check computes it."""
    chances = card_chances(rep, index)
    play = rep.hand.play
    flat = [p for trick in play for p in trick]
    p = chances.chance(chances.key(flat[index]))
    return NoteClaim(best=True if cost == 0 else None, cost=cost or None, make=round(100 * p))


def _decision_at(rep: Replay, review: Review) -> Verdict | None:
    """The costliest marked card the solver verifies as a decision: the better card best on the
    true layout, the card played costing tricks there."""
    deal = deal_of(rep)
    positions = [p for p, _q in deal.positions()]
    for v in sorted((v for v in review.plays if v.mark), key=lambda v: (v.mark != "??", -v.severity)):
        pos = positions[v.index]
        options = Solver().options(pos)
        more = wants_more(pos, pos.to_move)
        top = max(options.values()) if more else min(options.values())
        best, done = Play.parse(v.best.code), Play.parse(v.done.code)
        value = {p.card: x for p, x in options.items() if p.names in (None, best.names)}
        if value.get(best.card) == top and value.get(done.card) != top:
            return v
    return None


def _where(v: Verdict) -> str:
    if v.kind == "call":
        return f"{v.seat.word}'s {v.done.words} in the auction ({v.mark})"
    if v.kind == "discard":
        return f"the discard ({v.mark})"
    if v.kind == "nomination":
        return f"the joker's nomination ({v.mark})"
    return f"trick {v.trick} ({v.mark})"


def _intro(review: Review) -> str:
    return (f"A hand reviewed with `tutor review --seat {review.seat.value}` "
            f"({review.layouts} layouts, seed {review.seed}): {len(review.marked)} of "
            f"{review.seat.word}'s decisions marked ? or ??, each in the notes where the hand as "
            f"written still reaches it, else named below. Edit this introduction to set the "
            f"scene.")


def _finish(rep: Replay, review: Review, new: Hand, intro: str, notes: dict[str, str],
            claims: dict[str, NoteClaim], decision: LessonDecision | None) -> Hand:
    return dataclasses.replace(new, title=f"{rep.hand.title} (reviewed)", notes={"intro": intro, **notes},
                               claims=claims, tags=tuple(dict.fromkeys((*rep.hand.tags, OWN_MISTAKES))),
                               decision=decision)


def _before_play(rep: Replay, review: Review, at: Verdict) -> tuple[Hand | None, str]:
    """The lesson asking the marked call or discard ``at``, or None and why not (for the intro):
    ``tutor check`` verifies it by its own rule, or refuses it."""
    name = f"The costliest mark, {_where(at)}, is in the notes and not asked"
    done = ("passed" if at.done.code == "pass" else f"called {at.done.words}") if at.kind == "call" \
        else f"put away {at.done.words}"
    decided = f"{at.seat.word} {done} here"
    head = f"{decided}, and the review marked it {at.mark}. {at.words}"
    notes: dict[str, str] = {}
    try:
        if rep.rules.players == 5 and any(c is not None and c.bid.is_misere for c in _contracts(rep, at)):
            return None, (f"{name}: a five-handed misère is not solved (one solve can take "
                          f"minutes), so `tutor check` could not verify it in good time.")
        return _asked(rep, review, at, name, head, notes)
    except TutorError as err:  # the hand cannot be played out that way
        return None, f"{name}: it cannot be played out as a decision ({err})."


def _contracts(rep: Replay, at: Verdict) -> list[Contract | None]:
    """The contracts a call or discard decision at ``at`` would play: the hand's own (a
    discard), or each of the two calls followed by passes (as ``tutor check`` plays them) and
    the better call followed as the review followed it."""
    hand = rep.hand
    if at.kind != "call":
        return [rep.contract]
    out: list[Contract | None] = []
    for code in (at.best.code, at.done.code):
        call = parse_call(code)
        out.append(run_auction(calls_after(hand, at.index, call), rep.rules, hand.dealer).contract)
    call = parse_call(at.best.code)
    before = list(calls_after(hand, at.index, call)[:at.index + 1])
    whole = continued(before, hand.hands, rep.rules, hand.dealer)
    out.append(run_auction(whole, rep.rules, hand.dealer).contract)
    return out


def _asked(rep: Replay, review: Review, at: Verdict, name: str, head: str,
           notes: dict[str, str]) -> tuple[Hand | None, str]:
    if at.kind == "call":
        new, decision, why = call_decision(rep, at)
        if new is None or decision is None:
            return None, f"{name}: {why}."
        earlier = [v.words for v in review.calls if v.mark and v.index < at.index]
        notes["auction"] = " ".join([*earlier, head, f"{why[0].upper()}{why[1:]}."])
        later = [v for v in review.marked if v.kind != "call" or v.index > at.index]
        how = ("After the better call the computer bidder makes every call, as the review "
               "continued it on the actual cards, and the cards are played by the best line with "
               "all hands open.")
    else:
        new, decision = discard_decision(rep, at)
        if review.calls and any(v.mark for v in review.calls):
            notes["auction"] = " ".join(v.words for v in review.calls if v.mark)
        named = review.nomination
        notes["discard"] = head + (f" {named.words}" if named is not None and named.mark else "")
        later = [v for v in review.plays if v.mark]
        how = "After the better discard the cards are played by the best line with all hands open."
    intro = f"{_intro(review)} {how}"
    if later:
        intro += " Later in the hand as played, also marked: " + "; ".join(map(_where, later)) + "."
    lesson = _finish(rep, review, new, intro, notes, {}, decision)
    _rep, problems = check_lesson("<the reviewed lesson>", dumps(lesson))
    if problems:
        message = problems[0].message.removeprefix("decision: ")
        return None, f"{name}: `tutor check` would refuse it there ({message})."
    return lesson, ""


def lesson_hand(rep: Replay, review: Review) -> tuple[Hand, Verdict | None]:
    """The reviewed hand as a lesson, and the decision it asks (None: none could be verified,
    and the file asks none). The costliest marked decision is asked where ``tutor check``
    verifies it: a call or the discard (:func:`_before_play`), else the costliest card that can
    be (:func:`_decision_at`), the intro saying why the call or discard is not asked."""
    why = ""
    top = review.costliest(1)
    if top and top[0].kind in ("call", "discard"):
        lesson, why = _before_play(rep, review, top[0])
        if lesson is not None:
            return lesson, top[0]
    elif top and top[0].kind == "nomination":
        why = (f"The costliest mark, {_where(top[0])}, is in the discard's note and not asked: "
               "`tutor check` verifies a joker decision with all hands open, where the review "
               "judged it with what the contractor could see.")
    hand = rep.hand
    at = _decision_at(rep, review)
    later: list[Verdict] = []
    if at is not None:
        best = Play.parse(at.best.code)
        new = bare(hand, play=_play_from(rep, at.index, best))
        later = [v for v in review.plays if v.mark and v.index > at.index]
    else:
        new = bare(hand)
    built = build(new)
    an = analyse(built, solver=Solver())
    notes: dict[str, str] = {}
    claims: dict[str, NoteClaim] = {}
    calls = [v for v in review.calls if v.mark]
    if calls:
        notes["auction"] = " ".join(v.words for v in calls)
    after = [v for v in (review.discard, review.nomination) if v is not None and v.mark]
    if after:  # the nomination has no note of its own: it follows the discard, before any card
        notes["discard"] = " ".join(v.words for v in after)
    for v in review.plays:
        if not v.mark or v in later or v is at:
            continue
        claim = _claim(built, v.index, an.plays[v.index].cost)
        aim = "made" if v.seat in deal_of(built).contractors else "set"
        notes[v.place] = (f"{v.words} Counted as `tutor check` counts (at most {LAYOUTS} layouts, "
                          f"seed {SEED}), it {aim} the contract in {claim.make}% of them.")
        claims[v.place] = claim
    decision = None
    if at is not None:
        best, done = Play.parse(at.best.code), Play.parse(at.done.code)
        offered, answer = choices(best, done)
        decision = LessonDecision(at.place, f"What should {at.seat.word} play here?",
                                  offered, answer)
        notes[at.place] = (f"{at.seat.word} played the {done.pretty()} here, and the review marked it "
                           f"{at.mark}. {at.words}")
    intro = _intro(review)
    if why:
        intro += f" {why}"
    if at is None:
        intro += " No marked card could be asked as a decision the solver verifies, so none is asked."
    if later:
        intro += " Later in the hand as played, also marked: " + "; ".join(map(_where, later)) + "."
    return _finish(rep, review, new, intro, notes, claims, decision), at
