"""When a question comes back: FSRS, the scheduler Anki uses by default, one card a question.

The arithmetic is the ``fsrs`` package's (the reference implementation, kept by the Open Spaced
Repetition project); this module only chooses its settings and turns a quiz answer into a rating:

* a wrong answer is *again*: the question is due ten minutes later, so it comes back at the
  learner's next session (a quiz asks its questions once each, so "ten minutes" means "next time");
* a right answer is *good*: the first one schedules the question two days on, and each later
  right answer spaces it out further (11 days, then 46, …); a miss after that starts it over short.

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
from datetime import datetime, timedelta

from fsrs import Card, Rating, Scheduler

__all__ = ["SCHEDULER", "card_from_json", "card_to_json", "replay_answers", "review"]

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
