"""The readable solver: zero-window search over the engine's own moves and trick winner.

It is the reference that the C core is tested against, and the fallback when the core is not
built. It asks :func:`~tutor.solve.position.moves` and :func:`~tutor.solve.position.apply`
(both built on ``legal_plays`` and ``trick_winner``) for everything, and remembers, at the start
of each trick, the bounds it has proved on the tricks still to come.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.solve.position import Position, apply, moves

__all__ = ["max_side_tricks", "value"]

_Memo = dict[Position, tuple[int, int]]


def value(pos: Position) -> int:
    """The tricks the contractor's side takes in the whole hand (those won so far included),
    with best play by everyone from ``pos`` on."""
    left = pos.tricks_left
    best = max_side_tricks(pos)
    return pos.won + (left - best if pos.minimise else best)


def max_side_tricks(pos: Position, memo: _Memo | None = None) -> int:
    """The tricks still to come that the maximising side takes: the contractor's side, or in
    misère the defenders. Found by asking "at least ``t``?" in a binary search."""
    memo = {} if memo is None else memo
    lo, hi = 0, pos.tricks_left
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _at_least(pos, mid, memo):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _gained(before: Position, after: Position) -> int:
    """1 when the play just made completed a trick for the maximising side."""
    if after.trick:
        return 0
    contractor = after.won - before.won
    return 1 - contractor if before.minimise else contractor


def _at_least(pos: Position, target: int, memo: _Memo) -> bool:
    """Whether the maximising side takes at least ``target`` of the tricks still to come."""
    if target <= 0:
        return True
    if target > pos.tricks_left:
        return False
    key = None
    if not pos.trick:
        key = replace(pos, won=0)
        lower, upper = memo.get(key, (0, pos.tricks_left))
        if lower >= target:
            return True
        if upper < target:
            return False
    maximiser = pos.team[pos.to_move] != pos.minimise
    result = not maximiser
    for play in moves(pos):
        child = apply(pos, play)
        if _at_least(child, target - _gained(pos, child), memo) == maximiser:
            result = maximiser
            break
    if key is not None:
        lower, upper = memo.get(key, (0, pos.tricks_left))
        memo[key] = (max(lower, target), upper) if result else (lower, min(upper, target - 1))
    return result
