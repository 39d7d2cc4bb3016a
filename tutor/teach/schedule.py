"""When a question comes back: FSRS (the scheduler Anki offers beside SM-2), one card a question.

The arithmetic is the ``fsrs`` package's (the reference implementation, kept by the Open Spaced
Repetition project); this module only chooses its settings and turns a quiz answer into a rating:

* a wrong answer is *again*: the question is due ten minutes later, so it comes back at the
  learner's next session (a quiz asks its questions once each, so "ten minutes" means "next time");
* a right answer is *good*: the first one schedules the question two days on, and each later
  right answer spaces it out further (11 days, then 46, …); a miss after that starts it over short.

Days, as Anki counts them: a learner's day starts at 4 a.m. (local time), and a question whose
interval is whole days is due from the start of its day, not at the minute of the day it was
last answered; a question in its ten-minute step is due at that minute.

Fuzz (the small random spread Anki adds to intervals) is off: the same answers at the same times
always give the same days, which is what the history's tests and a learner's export rely on.

>>> from datetime import datetime, timezone
>>> t = datetime(2026, 1, 1, 9, tzinfo=timezone.utc)
>>> card = review(None, correct=True, when=t)
>>> (card.due - t).days
2
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime, time, timedelta, tzinfo

from fsrs import Card, Rating, Scheduler, State

__all__ = [
    "DAY_STARTS", "SCHEDULER", "card_from_json", "card_to_json", "day_start", "replay_answers", "review",
    "shown_due",
]

#: When a learner's day starts, as in Anki: answers after midnight still count as the evening's.
DAY_STARTS = time(4, 0)

#: The scheduler every history uses: one ten-minute (re)learning step, no fuzz.
SCHEDULER = Scheduler(
    learning_steps=(timedelta(minutes=10),),
    relearning_steps=(timedelta(minutes=10),),
    enable_fuzzing=False,
)


def review(card: Card | None, *, correct: bool, when: datetime) -> Card:
    """The card after one answer at ``when`` (``None``: a question never answered before)."""
    rating = Rating.Good if correct else Rating.Again
    # The card id is fsrs's own bookkeeping; ours is the question key, so keep it fixed.
    start = card if card is not None else Card(card_id=0, due=when)
    new, _log = SCHEDULER.review_card(start, rating, when)
    return new


def replay_answers(answers: Iterable[tuple[datetime, bool]]) -> Card | None:
    """The card after a question's answers, oldest first (``None`` when there are none)."""
    card: Card | None = None
    for when, correct in answers:
        card = review(card, correct=correct, when=when)
    return card


def card_to_json(card: Card) -> str:
    """The card's state as stored in the history (fsrs's own dictionary, as JSON)."""
    return json.dumps(card.to_dict(), sort_keys=True)


def card_from_json(text: str) -> Card:
    return Card.from_dict(json.loads(text))


def day_start(when: datetime, zone: tzinfo | None = None) -> datetime:
    """The start of the learner's day that ``when`` falls in (``zone``: default the local one).

    >>> from datetime import timezone
    >>> day_start(datetime(2026, 1, 2, 3, 30, tzinfo=timezone.utc), timezone.utc).isoformat()
    '2026-01-01T04:00:00+00:00'
    """
    local = when.astimezone(zone)
    start = datetime.combine(local.date(), DAY_STARTS, local.tzinfo)
    return start if local >= start else start - timedelta(days=1)


def shown_due(card: Card, zone: tzinfo | None = None) -> datetime:
    """From when the question is due: the start of its day once it is spaced by days."""
    return day_start(card.due, zone) if card.state is State.Review else card.due
