"""Which puzzle next: a missed one that is due, else a new one near the learner's rating.

The rules, in order (:func:`next_puzzle`):

1. Only puzzles of the theme asked for, when one is (``--theme``; the theme is then shown, so
   the solve counts for less: :data:`tutor.teach.glicko.SHOWN_THEME_DAMPING`), and never the
   puzzle the learner attempted last, so a miss is not asked again straight away.
2. A missed puzzle that is due again (its FSRS review, :mod:`tutor.teach.ratings`) comes
   first, the longest overdue first.
3. Else a puzzle this learner has never attempted, the one whose rating is nearest the
   learner's (lichess serves near the player's rating too); puzzles equally near (every new
   puzzle starts at 1500) are taken in an order shuffled by ``seed``.
4. Else nothing: every puzzle of the theme has been attempted and none is due.

The same rules are written once more in JavaScript for the exported site (its
``puzzles.js``); the test of the site holds the two to the same choices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.teach import glicko
from tutor.teach.puzzles.reading import PuzzleFile
from tutor.teach.ratings import Standing

__all__ = ["Served", "next_puzzle", "themes_of"]


@dataclass(frozen=True)
class Served:
    """The puzzle to ask, whether it comes back as a review, and whether its theme is shown."""

    puzzle: PuzzleFile
    review: bool
    theme_shown: bool


def themes_of(puzzles: Sequence[PuzzleFile]) -> dict[str, int]:
    """Every theme of these puzzles with how many puzzles have it, by name."""
    counts: dict[str, int] = {}
    for p in puzzles:
        for theme in p.themes:
            counts[theme] = counts.get(theme, 0) + 1
    return dict(sorted(counts.items()))


def next_puzzle(puzzles: Sequence[PuzzleFile], standing: Standing, *, theme: str | None = None,
                seed: int = 0) -> Served | None:
    """The next puzzle by the rules of the module's text, or ``None`` when there is none left."""
    pool = [p for p in puzzles if (theme is None or theme in p.themes) and p.key != standing.last]
    by_key = {p.key: p for p in pool}
    shown = theme is not None
    for key in standing.due:
        if key in by_key:
            return Served(by_key[key], review=True, theme_shown=shown)
    fresh = [p for p in pool if p.key not in standing.attempted]
    if not fresh:
        return None
    random.Random(seed).shuffle(fresh)
    mine = standing.learner.rating
    fresh.sort(key=lambda p: abs(standing.puzzles.get(p.key, glicko.DEFAULT).rating - mine))
    return Served(fresh[0], review=False, theme_shown=shown)
