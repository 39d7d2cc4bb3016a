"""The joker's nomination in a review: the contractor's choice of the joker's suit, judged.

Where the rules let the contractor nominate the joker's suit (in no-trumps and misère: setting
``joker_nomination``, :func:`~tutor.teach.players.nomination.may_nominate`) and the contractor
holds the joker after the discard, naming a suit or keeping the wildcard is one of its
decisions. Each choice (each suit, and the wildcard where the rules let it be kept) is valued as
a card is: over the layouts the discard is judged on (the same seed: the cards the contractor
could not see after its discard, weighted by the auction, as for a card), each layout solved
double-dummy once a choice, the
contractor's side's tricks and make chance averaged; and on the true layout beside them. The
mark is BEN's rule, as for a card and the discard (docs/analysis.md). Where a misère is lost by
rule because its contractor kept the joker (setting ``misere_needs_joker_nominated``), keeping
it is not played: it ranks below every choice, made in no layout, with no trick figure. A
five-handed misère's nomination is not judged (one solve can take minutes).
"""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.engine.cards import Joker, Suit
from tutor.engine.kitty import play_context
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import Solver, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.singledummy import goal_of
from tutor.teach.handreview.discard import discard_seed
from tutor.teach.handreview.value import Option, Verdict, choice_words, ranked
from tutor.teach.players.inference import history_of, weighted_layouts
from tutor.teach.players.nomination import may_nominate

__all__ = ["judge_nomination"]

Choice = Suit | None  # None: the joker kept as the wildcard


def _code(choice: Choice) -> str:
    return "wildcard" if choice is None else choice.value


def _words(choice: Choice) -> str:
    return "keeping the joker as the wildcard" if choice is None else f"the joker as a {choice.singular}"


def judge_nomination(rep: Replay, seat: Seat, *, layouts: int, seed: int) -> tuple[Verdict | None, str]:
    """The verdict on ``seat``'s nomination of the joker, or None and why not (empty: it had
    none to make, or the hand stops before it)."""
    hand, contract, rules = rep.hand, rep.contract, rep.rules
    if contract is None or contract.declarer != seat or not may_nominate(contract.bid, rules):
        return None, ""
    if not any(s.kind in (StepKind.NOMINATE, StepKind.CARD) for s in rep.steps):
        return None, ""  # the hand stops before the nomination: none was made
    deal = deal_of(rep)
    start = deal.start
    if seat not in start.seats:
        return None, ""
    i = start.seats.index(seat)
    if not any(isinstance(c, Joker) for c in start.hands[i]):
        return None, ""
    bid = contract.bid
    if bid.is_misere and rules.players == 5:
        return None, ("the joker's nomination is not judged in a five-handed misère: each of its "
                      "five choices would need a solve that can take minutes a layout")
    forfeit = bid.is_misere and rules.misere_needs_joker_nominated  # kept, the misère is lost
    choices: list[Choice] = [None, *Suit]
    contexts = {c: play_context(bid, c, rules) for c in choices}
    weighted = weighted_layouts(start, i, history_of(rep, 0), pack=rules.the_pack.cards,
                                gone=hand.discard or (), rng=random.Random(discard_seed(seed)),
                                most=layouts)
    goal = goal_of(rep)
    more = wants_more(start, i)
    sign = 1.0 if more else -1.0
    solved = [c for c in choices if not (c is None and forfeit)]  # kept, lost by rule: no play
    sums = {c: [0.0, 0.0] for c in solved}  # weighted tricks and makes of each choice
    total = 0.0
    for layout, w in weighted:
        solver = Solver()
        for c in solved:
            t = solver.value(replace(layout, ctx=contexts[c]))
            sums[c][0] += w * t
            sums[c][1] += w * goal.made(t)
        total += w
    solver = Solver()
    judged: list[tuple[float, Option]] = []
    for c in solved:
        dd = solver.value(replace(start, ctx=contexts[c]))
        value, made = sums[c]
        judged.append((sign * value / total, Option(_code(c), _words(c), value / total, made / total, dd)))
    if forfeit:  # ranked below every choice played: as if it took every trick, shown as no figure
        judged.append((-float(len(start.hands[i])), Option(_code(None), _words(None), None, 0.0, None)))
    r = ranked(judged, _code(hand.joker))
    options, done, best, loss, m = r.options, r.done, r.best, r.loss, r.mark
    ruling = ""
    if forfeit:
        ruling = ("a misère contractor who keeps the joker must nominate its suit, or the misère "
                  "is lost whatever the tricks (setting misere_needs_joker_nominated).")
    return Verdict(
        kind="nomination", place="joker", index=0, trick=None, seat=seat, done=done, best=best,
        options=options, mark=m, loss=loss,
        words=choice_words(seat, "nomination", done, best, m, minimise=goal.minimise, better=best.words),
        note=weighted.note, ruling=ruling,
    ), ""
