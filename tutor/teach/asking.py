"""Which "who wins this trick?" questions a lesson asks, and in what order their choices stand.

Two ways a learner could score without reading the cards, closed here:

* **the position of the answer**: in the order played the leader comes first, and the leader
  wins most tricks, so the first button was right in most questions. The choices keep the order
  round the table (the order played) but start from a place chosen by a hash of the question's
  key: the same question is always asked the same way, and the place says nothing.
* **one seat winning nearly every trick**: in a lesson where South takes eight tricks, "South"
  is nearly always right. The questions answered by the most frequent answer are capped at as
  many as all the other answers together (never fewer than :data:`FEWEST`), so that answering
  the same seat every time is right at most half the time once the other seats win
  :data:`FEWEST` or more; the tricks not asked are shown with their winner instead.

>>> choice_order("abc/who-wins/1", 4) == choice_order("abc/who-wins/1", 4)
True
>>> sorted(asked_tricks({1: "S", 2: "S", 3: "S", 4: "N", 5: "S"}))
[1, 2, 4]
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping

from tutor.engine.replay import Replay, TrickRecord
from tutor.teach.keys import QuestionKind, deal_id, key_of

__all__ = ["FEWEST", "asked_in", "asked_tricks", "choice_order", "choice_orders"]

#: The most frequent answer is asked at least this often (when it answers that many tricks).
FEWEST = 2


def choice_order(key: str, count: int) -> tuple[int, ...]:
    """The order to show ``count`` choices given in the order played: the same cyclic order,
    starting from a place derived from a hash of ``key`` (the question's key), so that every
    place is as likely to be right and the same question is always shown alike."""
    if count < 1:
        raise ValueError(f"a question needs at least one choice, not {count}")
    start = int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big") % count
    return tuple((start + i) % count for i in range(count))


def asked_tricks(answers: Mapping[int, str], rank: Mapping[int, int] | None = None) -> frozenset[int]:
    """The tricks to ask of ``answers`` (trick number → right answer): all of them, but the
    ones the most frequent answer answers capped at ``max(FEWEST, the others' count)``.

    Of that answer's tricks, those with the lowest ``rank`` are kept (a lesson ranks the tricks
    it has notes on first), then the earliest. On a tie for the most frequent answer none is
    capped: neither then answers more than half.
    """
    counts = Counter(answers.values())
    if not counts:
        return frozenset()
    (top, most), *_ = counts.most_common(1)
    others = len(answers) - most
    cap = max(FEWEST, others)
    if most <= cap:
        return frozenset(answers)
    ranks = rank or {}
    theirs = sorted((t for t, a in answers.items() if a == top), key=lambda t: (ranks.get(t, 0), t))
    return frozenset(t for t, a in answers.items() if a != top) | frozenset(theirs[:cap])


def _answer(trick: TrickRecord) -> str:
    assert trick.winner is not None and trick.winner_index is not None
    seats = trick.seats[: len(trick.plays)]
    by_card = len(set(seats)) < len(seats)  # a seat plays two cards: the answer is the card
    return str(trick.plays[trick.winner_index]) if by_card else trick.winner.value


def asked_in(rp: Replay) -> frozenset[int]:
    """The complete tricks of a replay whose "who wins?" is asked (see :func:`asked_tricks`):
    of the most frequent winner's, first those the lesson has a note on, then those the leader
    did not win, then the earliest."""
    complete = [t for t in rp.tricks if t.complete]
    noted = {k.split(".")[0] for k in rp.hand.notes}
    rank = {t.number: 0 if str(t.number) in noted else 1 if t.winner_index != 0 else 2 for t in complete}
    return asked_tricks({t.number: _answer(t) for t in complete}, rank)


def choice_orders(rp: Replay) -> dict[int, tuple[int, ...]]:
    """For each complete trick, the order to show its cards as choices (indices into its plays),
    from the key the quiz history gives the question (``<deal>/who-wins/<trick>``)."""
    deal = deal_id(rp.hand)
    return {t.number: choice_order(key_of(deal, QuestionKind.WHO_WINS, t.number, None), len(t.plays))
            for t in rp.tricks if t.complete}
