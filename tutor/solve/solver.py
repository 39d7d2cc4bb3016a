"""One entry point for both implementations: the value of a position and of every legal play.

:class:`Solver` uses the compiled core when it is built and the pure-Python reference
otherwise (:data:`tutor.solve.core.FAST` says which). A solver keeps its transposition table
between questions about the same hand, which is what makes analysing every card of a played
hand cheap; it holds no other state, and a new one answers the same. :meth:`Solver.options_batch`
values every legal play over many layouts of one position's hidden cards in one call (single-dummy
analysis), with an optional early stop for plays that cannot catch the best.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Literal

from tutor.engine.play import Play
from tutor.solve import reference
from tutor.solve.core import FAST, Core, same_public_part
from tutor.solve.position import Position, SolveError, apply, moves

__all__ = ["SLOW_WARNING", "Solver", "warn_when_slow"]

#: What tutor says when it has to analyse without the compiled core.
SLOW_WARNING = (
    "the solver's compiled core is not built (no C compiler when tutor was installed), so the "
    "slower pure-Python solver is in use: install a C compiler (such as gcc) and reinstall "
    "tutor (pip install -e .) to make analysis hundreds of times faster"
)


class _SlowNote:
    """Whether this run asked for :data:`SLOW_WARNING`, and whether it was said (see
    warn_when_slow)."""

    asked = False
    said = False


_SLOW = _SlowNote()


def warn_when_slow() -> None:
    """At the start of a run of the command line's solving commands (``analyse``, ``check``,
    ``play``): the first time in the run that a :class:`Solver` answers in pure Python because
    the compiled core is missing, say :data:`SLOW_WARNING` on stderr, once. The library says
    nothing unless asked."""
    _SLOW.asked = True
    _SLOW.said = False


def _pure_python_answers() -> None:
    if _SLOW.asked and not _SLOW.said:
        _SLOW.said = True
        print(f"tutor: {SLOW_WARNING}", file=sys.stderr, flush=True)


Engine = Literal["auto", "c", "python"]


class Solver:
    """Double-dummy values: the tricks the contractor's side takes in the whole hand.

    ``engine``: ``"c"`` for the compiled core, ``"python"`` for the reference, ``"auto"`` for
    the core when it is built.
    """

    def __init__(self, engine: Engine = "auto") -> None:
        #: answering in pure Python for want of the core, not by choice
        self._fallback = engine == "auto" and not FAST
        if engine == "auto":
            engine = "c" if FAST else "python"
        self.engine = engine
        self._core: Core | None = None

    def _fast(self, pos: Position) -> Core | None:
        """The compiled core, its table made on the first question: 2^11 buckets of 16 entries
        (3.5 MB) for up to four hands, small enough to stay in the processor's caches (about
        10% quicker than 2^14 of 8); 2^13 for misère, whose positions need nearly every card's
        owner (the six-handed misère lesson needs ten times the search in 2^11); 2^15 (54 MB)
        for the many more positions of five and six hands (more than 44 cards), and for a
        misère against three or four defenders (one against three at six hands, four at five),
        whose positions are many more than a misère's at three seats: the six-handed misère
        lesson's opening lead over 4 layouts, single-dummy, searched 1,054 million positions
        in 2^13, 227 million in 2^14, 62 million in 2^15 and 45 million in 2^16 (a misère at
        three seats, the four-handed game's, the same in 2^13 and 2^15)."""
        if self.engine != "c":
            return None
        if self._core is None:
            cards = sum(len(hand) for hand in pos.hands) + len(pos.trick)
            many = cards > 44 or (pos.minimise and len(pos.seats) > 3)
            self._core = Core(15 if many else 13 if pos.minimise else 11)
        return self._core

    @property
    def nodes(self) -> int:
        """The positions the compiled core has searched so far (0 for the reference)."""
        return self._core.nodes if self._core is not None else 0

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The contractor's side's tricks (won so far included), with best play from ``pos``.

        ``guess`` (a nearby position's value) only makes the compiled core quicker."""
        if pos.tricks_left == 0:
            return pos.won
        core = self._fast(pos)
        if core is not None:
            return core.value(pos, guess)
        if self._fallback:
            _pure_python_answers()
        return reference.value(pos)

    def at_least(self, pos: Position, tricks: int) -> bool:
        """Whether the contractor's side takes at least ``tricks`` tricks in the whole hand (won
        so far included), with best play from ``pos``: ``value(pos) >= tricks``, asked as the one
        zero-window question that decides it, without the exact number after it.

        Opt-in, for callers to whom only a threshold counts: a misère's made or set is
        ``not at_least(pos, 1)``, a contract of seven ``at_least(pos, 7)``. Where the exact
        value would take several searches (a misère set by many tricks: each trick more is
        another search), this takes one. Both engines give the same answers."""
        if tricks <= pos.won:
            return True
        if tricks > pos.won + pos.tricks_left:
            return False
        answer = self.at_least_within(pos, tricks, 0)
        assert answer is not None  # no budget, so always an answer
        return answer

    def at_least_within(self, pos: Position, tricks: int, nodes: int) -> bool | None:
        """:meth:`at_least`, or None when the compiled core has searched ``nodes`` positions
        (0: no limit) without deciding it: for a caller that would rather leave a position out,
        and say so, than wait (a five-handed misère the contractor makes can take minutes to
        prove). The reference has no such count and always answers."""
        if tricks <= pos.won:
            return True
        if tricks > pos.won + pos.tricks_left:
            return False
        if nodes < 0:
            raise SolveError("the node budget must be 0 (none) or more")
        core = self._fast(pos)
        if core is not None:
            return core.at_least(pos, tricks, nodes)
        if self._fallback:
            _pure_python_answers()
        return reference.at_least(pos, tricks)

    def options(self, pos: Position, guess: int | None = None) -> dict[Play, int]:
        """Every legal play of the seat to move (equal cards too), with the value after it."""
        core = self._fast(pos)
        if core is not None:
            return core.options(pos, guess) if pos.tricks_left else {}
        if self._fallback:
            _pure_python_answers()
        return {play: reference.value(apply(pos, play)) for play in moves(pos)}

    def options_batch(self, layouts: Sequence[Position], *, weights: Sequence[float] | None = None,
                      margin: float | None = None, guess: int | None = None,
                      keep: Play | None = None, cap: int | None = None) -> list[dict[Play, int]]:
        """:meth:`options` for each of ``layouts``, layouts of the hidden cards of one position
        (the same seats, contract, trick, shown voids, tricks won and hand to play: else a
        :class:`SolveError`), in one call into the compiled core (each layout with a fresh table, whose
        memory is reused); the reference answers each in turn, the same numbers.

        The early stop, with ``weights`` (one per layout, any scale) and ``margin`` (tricks):
        after each layout, a play whose weighted average over all the layouts could not come
        within ``margin`` of the best play's, were it to take every trick left in each layout
        still to solve (for the seat to move) and the best none, is solved no further: it is
        missing from the later layouts' answers. It can then be neither the best play nor
        within ``margin`` of it. ``keep`` (a legal play: the card played, in single-dummy
        analysis) is never stopped. Both engines stop the same plays at the same layout. This
        is single-dummy analysis's early stop (:func:`tutor.solve.singledummy.single_dummy`),
        the only one.

        ``cap`` (opt-in): each value is min(value, ``cap``) (tricks in the whole hand), found by
        searches that never ask past it: where only a threshold counts (a misère's made or
        set: ``cap=1``), cheaper than the exact values. The early stop then sums the capped
        values."""
        if not layouts:
            return []
        if margin is not None and (weights is None or len(weights) != len(layouts)):
            raise SolveError("the early stop needs one weight per layout")
        core = self._fast(layouts[0])
        if core is not None:
            return core.options_batch(layouts, guess, weights, margin, keep, cap)
        same_public_part(layouts)
        if self._fallback:
            _pure_python_answers()
        return _reference_batch(layouts, weights, margin, keep, cap)


def _reference_batch(layouts: Sequence[Position], weights: Sequence[float] | None,
                     margin: float | None, keep: Play | None = None,
                     cap: int | None = None) -> list[dict[Play, int]]:
    """The reference's :meth:`Solver.options_batch`: each layout in turn, with the core's early
    stop step for step (the same sums in the same order, so the same plays stop)."""
    first = layouts[0]
    me = first.to_move
    more = first.team[me] != first.minimise
    left_tricks = first.tricks_left
    stop = weights is not None and margin is not None
    total = 0.0
    for w in weights or ():
        total += w
    left = total
    sums: dict[Play, float] = {}
    stopped: set[Play] = set()
    out = []
    for k, lay in enumerate(layouts):
        found = {play: _capped(apply(lay, play), cap) for play in moves(lay) if play not in stopped}
        out.append(found)
        if not stop:
            continue
        assert weights is not None and margin is not None
        for play, value in found.items():
            u = value - lay.won if more else left_tricks - (value - lay.won)
            sums[play] = sums.get(play, 0.0) + weights[k] * u
        left -= weights[k]
        open_sums = [v for p, v in sums.items() if p not in stopped]
        if not open_sums:
            continue
        top = max(open_sums)
        for play, v in sums.items():
            if play not in stopped and play != keep \
                    and v + left * left_tricks < top - (margin + 1e-9) * total:
                stopped.add(play)
    return out


def _capped(pos: Position, cap: int | None) -> int:
    """min(value, ``cap``), as the core's capped batch counts it: ``cap`` itself where it lies
    at or below the tricks won so far."""
    if cap is None:
        return reference.value(pos)
    if cap <= pos.won:
        return cap
    value = pos.won
    while value < cap and reference.at_least(pos, value + 1):
        value += 1
    return value
