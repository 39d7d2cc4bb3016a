"""The readable solver: zero-window search over the engine's own moves and trick winner.

It is the reference that the C core is tested against, and the fallback when the core is not
built. It asks :func:`~tutor.solve.position.moves` and :func:`~tutor.solve.position.apply`
(both built on ``legal_plays`` and ``trick_winner``) for everything, and remembers, at the start
of each trick, the bounds it has proved on the tricks still to come.
"""

from __future__ import annotations

from tutor.solve.position import Position, apply, changed, moves

__all__ = ["at_least", "value"]

_Memo = dict[Position, tuple[int, int]]


def value(pos: Position) -> int:
    """The tricks the contractor's side takes in the whole hand (those won so far included),
    with best play by everyone from ``pos`` on.

    The contractor's side wants the most tricks, the defenders the fewest; in misère and
    nullo the other way round. Found by asking "at least ``t`` more?" in a binary search.
    """
    memo: _Memo = {}
    lo, hi = 0, pos.tricks_left
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _at_least(pos, mid, memo):
            lo = mid
        else:
            hi = mid - 1
    return pos.won + lo


def at_least(pos: Position, tricks: int) -> bool:
    """Whether the contractor's side takes at least ``tricks`` in the whole hand (those won so
    far included), with best play by everyone from ``pos`` on: one zero-window search, where
    :func:`value` makes several."""
    return _at_least(pos, tricks - pos.won, {})


def _at_least(pos: Position, target: int, memo: _Memo) -> bool:
    """Whether the contractor's side takes at least ``target`` of the tricks still to come."""
    if target <= 0:
        return True
    if target > pos.tricks_left:
        return False
    key = None
    if not pos.trick:
        key = changed(pos, won=0)
        lower, upper = memo.get(key, (0, pos.tricks_left))
        if lower >= target:
            return True
        if upper < target:
            return False
    wants_more = pos.team[pos.to_move] != pos.minimise
    result = not wants_more
    for play in moves(pos):
        child = apply(pos, play)
        if _at_least(child, target - (child.won - pos.won), memo) == wants_more:
            result = wants_more
            break
    if key is not None:
        lower, upper = memo.get(key, (0, pos.tricks_left))
        memo[key] = (max(lower, target), upper) if result else (lower, min(upper, target - 1))
    return result
