"""``review_hand``: every decision of one seat in a played hand, judged (see the package)."""

from __future__ import annotations

from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.solve import SolveError, deal_of
from tutor.teach.handreview.calls import judge_calls
from tutor.teach.handreview.discard import judge_discard
from tutor.teach.handreview.nomination import judge_nomination
from tutor.teach.handreview.plays import judge_plays
from tutor.teach.handreview.value import Review

__all__ = ["ReviewError", "review_hand"]


class ReviewError(SolveError):
    """A hand or seat that cannot be reviewed, with the reason."""


def review_hand(replay: Replay, seat: Seat, *, layouts: int, seed: int) -> Review:
    """The review of ``seat``'s decisions in ``replay``, over at most ``layouts`` layouts of the
    unseen cards at each, dealt by ``seed`` (the same seed gives the same review)."""
    deal = deal_of(replay)  # the two-handed game and hands without a contract: refused here
    if seat not in replay.hand.hands:
        raise ReviewError(f"{seat.word} is not at this table (the seats are "
                          f"{', '.join(s.value for s in replay.hand.hands)})")
    skipped: list[str] = []
    calls = tuple(judge_calls(replay, seat, layouts=layouts, seed=seed))
    discard, why = judge_discard(replay, seat, layouts=layouts, seed=seed)
    if why:
        skipped.append(why)
    nomination, why = judge_nomination(replay, seat, layouts=layouts, seed=seed)
    if why:
        skipped.append(why)
    if seat in deal.start.seats:
        plays = tuple(judge_plays(replay, seat, layouts=layouts, seed=seed))
    else:
        plays = ()
        skipped.append(f"{seat.word} sat out the play")
    return Review(seat, replay.hand.title, layouts, seed, calls, discard, plays, tuple(skipped),
                  nomination)

