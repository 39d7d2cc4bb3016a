"""``tutor check`` on a card's chance: ``make: 71`` and ``best_chance: true``, single-dummy.

A card's note may state what the card's chance was with what its player could see::

    "1.1":
      text: South leads the ace of clubs, the best chance.
      make: 71            # the card makes the contract in 71% of the layouts (a defender: sets it)
      best_chance: true   # no other legal card makes (sets) it more often

The figure is the one ``tutor analyse FILE --seat S`` prints for that card: the cards the seat
cannot see dealt every way when there are at most :data:`LAYOUTS` layouts (then the figure is
exact for the model), else :data:`LAYOUTS` random ways at seed :data:`SEED`; each layout weighted
by the auction (:mod:`tutor.teach.players.inference`) and solved double-dummy.

The tolerances, and why:

* ``make: N`` must be within :data:`TOLERANCE` (5) points of the figure. The figure is a
  sample's: its standard error (``sqrt(sum w_i^2 (x_i - p)^2)`` for weights ``w_i`` summing to
  one, about ``sqrt(p(1-p)/n)`` for ``n`` equal ones) is reported with it, and the author
  should not claim more precision than it has.
* ``best_chance: true`` must hold by a margin the sampling cannot overturn: against every
  other legal card, the card's chance must be higher by more than :data:`MARGIN` (2) standard
  errors of the difference, measured on the same layouts (a paired comparison: the error of
  ``x_i - y_i``). A card that does exactly as well on every layout (an equal card, such as the 9
  beside the 10) is the same choice and does not count against it. With every layout counted
  (exact), any positive margin holds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.hand import NoteClaim
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.files.handfile import FileProblem, LoadedHand
from tutor.solve import SolveError, Solver
from tutor.solve.singledummy import goal_of
from tutor.teach.singledummy import DEFAULT_LAYOUTS, layouts_at

__all__ = ["LAYOUTS", "MARGIN", "SEED", "TOLERANCE", "CardChances", "card_chances", "chance_problems"]

#: The layouts solved for a claim (the number ``tutor analyse --seat`` uses), and the seed.
LAYOUTS = DEFAULT_LAYOUTS
SEED = 0
#: How far a ``make:`` figure may be from the computed one, in percentage points.
TOLERANCE = 5
#: How many standard errors of the difference ``best_chance`` must hold by.
MARGIN = 2.0


@dataclass(frozen=True)
class CardChances:
    """Each legal card's outcome on each layout (True: the seat's side gets what it wants, the
    contract made for the contractor's side, set for the defenders), with the layouts' weights."""

    seat: Seat
    contractor_side: bool
    outcomes: Mapping[Play, tuple[bool, ...]]
    weights: tuple[float, ...]
    exact: bool
    note: str

    def chance(self, play: Play) -> float:
        return sum(w for w, x in zip(self.weights, self.outcomes[play], strict=True) if x)

    def error(self, play: Play) -> float:
        """The standard error of :meth:`chance` (0 when every layout was counted)."""
        return self._error([float(x) for x in self.outcomes[play]])

    def difference_error(self, a: Play, b: Play) -> float:
        """The standard error of ``chance(a) - chance(b)``, on the same layouts."""
        return self._error([float(x) - float(y) for x, y in
                            zip(self.outcomes[a], self.outcomes[b], strict=True)])

    def _error(self, values: Sequence[float]) -> float:
        if self.exact:
            return 0.0
        mean = sum(w * v for w, v in zip(self.weights, values, strict=True))
        return math.sqrt(sum(w * w * (v - mean) ** 2 for w, v in zip(self.weights, values, strict=True)))

    def key(self, play: Play) -> Play:
        """The play as the analysis names it (a last joker led: named or not)."""
        if play in self.outcomes:
            return play
        for p in self.outcomes:
            if p.card == play.card and (p.names is None or play.names is None):
                return p
        raise SolveError(f"{play} is not among the legal plays analysed: please report it")


def card_chances(rep: Replay, cards: int, *, most: int = LAYOUTS, seed: int = SEED) -> CardChances:
    """Every legal card's outcome on each weighted layout once ``cards`` cards have been played."""
    pos, weighted = layouts_at(rep, cards, most=most, seed=seed)
    goal = goal_of(rep)
    me = pos.to_move
    ours = bool(pos.team[me])
    outcomes: dict[Play, list[bool]] = {}
    for layout in weighted.layouts:
        for play, value in Solver().options(layout).items():
            outcomes.setdefault(play, []).append(goal.made(value) == ours)
    n = len(weighted.layouts)
    if n == 0 or any(len(v) != n for v in outcomes.values()):
        raise SolveError("the layouts of the unseen cards do not give every card a value")
    return CardChances(pos.seats[me], ours, {p: tuple(v) for p, v in outcomes.items()},
                       weighted.weights, weighted.exact, weighted.note)


def chance_problems(loaded: LoadedHand, rep: Replay) -> list[FileProblem]:
    """Every ``make:`` and ``best_chance:`` claim that the single-dummy analysis refutes."""
    hand = loaded.hand
    starts = [0]
    for trick in hand.play:
        starts.append(starts[-1] + len(trick))
    out: list[FileProblem] = []
    for key, claim in hand.claims.items():
        if claim.make is None and not claim.best_chance:
            continue
        t, c = (int(x) for x in key.split("."))
        index = starts[t - 1] + c - 1
        if index >= starts[-1]:  # tutor check has reported the note already
            continue
        try:
            chances = card_chances(rep, index)
            messages = _refuted(claim, chances, hand.play[t - 1][c - 1])
        except SolveError as err:
            messages = [f"chances are verified by single-dummy analysis, but {err}"]
        where = ("notes", key, "make" if claim.make is not None else "best_chance")
        out.extend(FileProblem(loaded.path, loaded.line_of(where), f"note {key!r}: {m}", "single-dummy")
                   for m in messages)
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _refuted(claim: NoteClaim, ch: CardChances, played: Play) -> list[str]:
    play = ch.key(played)
    seat = ch.seat.word
    card = f"{seat}'s {play.pretty()}"
    verb = "makes" if ch.contractor_side else "sets"
    p, se = ch.chance(play), ch.error(play)
    how = (f"{'every layout counted' if ch.exact else f'standard error {100 * se:.1f} points'}; "
           f"{ch.note}, seed {SEED}")
    out: list[str] = []
    if claim.make is not None and abs(claim.make - 100 * p) > TOLERANCE:
        out.append(f"the note claims {card} {verb} the contract in {claim.make}% of the layouts, "
                   f"but with what {seat} could see it {verb} it in {_pct(p)} ({how}); a claim "
                   f"must be within {TOLERANCE} points of the figure `tutor analyse --seat "
                   f"{ch.seat.value}` gives")
    if claim.best_chance:
        # cards that do the same on every layout (the 6 and the 5 of a suit) are named together
        alike: dict[tuple[bool, ...], list[Play]] = {}
        for other, outcome in ch.outcomes.items():
            if outcome != ch.outcomes[play]:  # not the card itself, nor one equal to it
                alike.setdefault(outcome, []).append(other)
        for group in alike.values():
            other, names = group[0], ", ".join(o.pretty() for o in group)
            q = ch.chance(other)
            margin, err = p - q, ch.difference_error(play, other)
            if margin <= 0:
                out.append(f"the note claims {card} had the best chance, but {names} "
                           f"{verb if len(group) == 1 else verb[:-1]} the contract in {_pct(q)} "
                           f"of the layouts, against {_pct(p)} ({how})")
            elif margin <= MARGIN * err:
                out.append(f"the note claims {card} had the best chance, but its lead over "
                           f"{names} ({_pct(p)} against {_pct(q)}) is {100 * margin:.1f} points, "
                           f"not more than {MARGIN:g} standard errors of the difference (one is "
                           f"{100 * err:.1f} points): the sampling cannot tell them apart")
    return out
