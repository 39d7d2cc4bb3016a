"""A review as hand files: the whole hand as a lesson, and each mistake as a decision to practise.

:func:`lesson_hand` (``tutor review --save-lesson``): the hand with each marked decision's words
as its note, with claims ``tutor check`` verifies (a card's double-dummy ``cost:`` or ``best:``
and its single-dummy ``make:``, computed as ``tutor check`` computes it), a ``decision:`` at the
costliest marked card the solver can verify as a decision (the better card best double-dummy,
the card played costing tricks), and an ``intro`` for the author to edit. A decision's answer is
what the hand does, so from that card on the file plays the better card and then the best line
(:func:`~tutor.solve.line.best_line`); the marks after it are listed in the intro.

:func:`mistake_hand`: one marked decision as a hand file that stops there and asks it (the call,
the discard or the card), the better choice as the answer and the review's words as the
explanation; :mod:`.remember` keeps it in the quiz history.
"""

from __future__ import annotations

import dataclasses

from tutor.engine.auction import parse_call
from tutor.engine.cards import Card, Suit
from tutor.engine.decision import Choice, LessonDecision, choice_code
from tutor.engine.hand import Hand, NoteClaim
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.files.verify_decision import calls_after
from tutor.solve import SolveError, Solver, analyse, apply, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.line import best_line
from tutor.teach.chancecheck import LAYOUTS, SEED, card_chances
from tutor.teach.handreview.value import Review, Verdict
from tutor.teach.players.discard import choose_discard

__all__ = ["OWN_MISTAKES", "lesson_hand", "mistake_hand"]

#: The topic of a decision a review marked (docs/topics.md).
OWN_MISTAKES = "own-mistakes"


def _play_from(rep: Replay, index: int, play: Play) -> tuple[tuple[Play, ...], ...]:
    """The hand's cards up to card ``index``, ``play`` there, then the best line to the end."""
    deal = deal_of(rep)
    pos = next(p for k, (p, _q) in enumerate(deal.positions()) if k == index)
    flat = [*deal.plays[:index], play, *best_line(apply(pos, play))]
    size = len(deal.start.seats)  # a trick has a card from each seat in play (misère: three)
    out = [tuple(flat[first:first + size]) for first in range(0, len(flat), size)]
    return tuple(t for t in out if t)


def _bare(hand: Hand, **changes: object) -> Hand:
    return dataclasses.replace(hand, notes={}, claims={}, kitty_claims={}, par=None, decision=None,
                               summary=None, level=None, order=None, **changes)  # type: ignore[arg-type]


def _topics(rep: Replay) -> tuple[str, ...]:
    contract = rep.contract
    extra: tuple[str, ...] = ()
    if contract is not None and contract.bid.is_misere:
        extra = ("misere",)
    elif contract is not None and contract.bid.is_no_trumps:
        extra = ("no-trumps",)
    return (OWN_MISTAKES, *extra)


def _choices(best: Choice, done: Choice) -> tuple[tuple[Choice, ...], int]:
    """The two choices in notation order (so the answer is not always first), and the answer's."""
    pair = sorted([best, done], key=choice_code)
    return tuple(pair), pair.index(best)


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
            choices, answer = _choices(best, done)
            new = _bare(hand, play=_play_from(rep, v.index, best))
            decision = LessonDecision(v.place, f"What does {who} play here?", choices,
                                      answer, v.words)
            where = f"trick {t}"
        elif v.kind == "call":
            call, was = parse_call(v.best.code), parse_call(v.done.code)
            calls = calls_after(hand, v.index, call)
            contract = build(_bare(hand, auction=calls, play=(), discard=None)).contract
            discard = None
            if contract is not None and hand.kitty:
                held = [*hand.hands[contract.declarer], *hand.kitty]
                discard = choose_discard(contract.declarer, held, contract.bid, rep.rules).choice
            new = _bare(hand, auction=calls, play=(), discard=discard, joker=None)
            choices, answer = _choices(call, was)
            decision = LessonDecision("auction", f"What does {who} call here?", choices,
                                      answer, v.words, v.index)
            where = "the auction"
        elif v.kind == "nomination":
            if v.best.code == "wildcard" or v.done.code == "wildcard":
                return None  # a joker decision asks which suit to name: keeping it is no choice there
            named, was_named = Suit(v.best.code), Suit(v.done.code)
            new = _bare(hand, joker=named, play=())
            choices, answer = _choices(named, was_named)
            decision = LessonDecision("joker", f"Which suit does {who} name for the joker?", choices,
                                      answer, v.words)
            where = "the joker's nomination"
        else:
            away = tuple(Card.parse(x) for x in v.best.code.split())
            was_away = tuple(Card.parse(x) for x in v.done.code.split())
            new = _bare(hand, discard=away, play=())
            choices, answer = _choices(away, was_away)
            decision = LessonDecision("discard", f"Which cards does {who} put away?", choices,
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


def lesson_hand(rep: Replay, review: Review) -> tuple[Hand, Verdict | None]:
    """The reviewed hand as a lesson, and the decision it asks (None: no marked card could be
    verified as one, and the file asks none)."""
    hand = rep.hand
    at = _decision_at(rep, review)
    later: list[Verdict] = []
    if at is not None:
        best = Play.parse(at.best.code)
        new = _bare(hand, play=_play_from(rep, at.index, best))
        later = [v for v in review.plays if v.mark and v.index > at.index]
    else:
        new = _bare(hand)
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
        choices, answer = _choices(best, done)
        decision = LessonDecision(at.place, f"What should {at.seat.word} play here?",
                                  choices, answer)
        notes[at.place] = (f"{at.seat.word} played the {done.pretty()} here, and the review marked it "
                           f"{at.mark}. {at.words}")
    intro = (f"A hand reviewed with `tutor review --seat {review.seat.value}` "
             f"({review.layouts} layouts, seed {review.seed}): {len(review.marked)} of "
             f"{review.seat.word}'s decisions marked ? or ??, each in the notes. Edit this "
             f"introduction to set the scene.")
    if at is None:
        intro += " No marked card could be asked as a decision the solver verifies, so none is asked."
    if later:
        intro += (" Later in the hand as played, also marked: "
                  + "; ".join(f"trick {v.trick} ({v.mark})" for v in later) + ".")
    lesson = dataclasses.replace(new, title=f"{hand.title} (reviewed)", notes={"intro": intro, **notes},
                                 claims=claims, tags=tuple(dict.fromkeys((*hand.tags, OWN_MISTAKES))),
                                 decision=decision)
    return lesson, at


