"""What ``tutor quiz`` says when it has nothing to ask: which files, kinds and topics came up empty.

>>> from tutor.teach.quiz import QuestionKind
>>> nothing_to_ask([], [], [QuestionKind.DECISION], [], chosen=True).split(":")[1]
' random deals have no decision to ask'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tutor.engine.replay import Replay
from tutor.teach.quiz import QuestionKind, known_topics

__all__ = ["nothing_to_ask"]

_DECISIONS = ("only a lesson with a `decision:` asks one (docs/hand-format.md), such as the strategy "
              "lessons in hands/")


def nothing_to_ask(paths: Sequence[Path], replays: Sequence[Replay], kinds: Sequence[QuestionKind],
                   topics: Sequence[str], *, chosen: bool) -> str:
    """The one line for a quiz that found no question (``chosen``: the kinds came from ``--kind``)."""
    if chosen and set(kinds) == {QuestionKind.DECISION}:
        if not replays:
            return f"tutor quiz: random deals have no decision to ask: {_DECISIONS}"
        without = [str(p) for p, rp in zip(paths, replays, strict=True) if rp.hand.decision is None]
        if len(without) == len(replays):
            if len(without) == 1:
                return f"tutor quiz: {without[0]} has no decision: {_DECISIONS}"
            return f"tutor quiz: none of these {len(without)} hand files has a decision: {_DECISIONS}"
    of = f" of the kind {' or '.join(k.value for k in kinds)}" if chosen else ""
    on = f" on {' or '.join(topics)}" if topics else ""
    where = "in these hands" if replays else "in random deals"
    return f"tutor quiz: no questions{of}{on} {where}; the topics are {', '.join(known_topics())}"
