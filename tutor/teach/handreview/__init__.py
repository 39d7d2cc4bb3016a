"""The review of a played hand: every decision of one seat judged, the costliest first.

:func:`review_hand` makes the :class:`Review` value (:mod:`.value`): the calls judged by
simulation (:mod:`.calls`), the discard ranked single-dummy (:mod:`.discard`), each card
single-dummy with double-dummy beside it (:mod:`.plays`). :mod:`.lesson` writes a review as a
hand file (``tutor review --save-lesson``) and each mistake as a decision to practise;
:mod:`.remember` keeps those in the quiz history.
"""

from __future__ import annotations

from tutor.teach.handreview.review import review_hand
from tutor.teach.handreview.value import Option, Review, Verdict

__all__ = ["Option", "Review", "Verdict", "review_hand"]
