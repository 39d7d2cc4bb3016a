"""From a replayed hand to the solver's positions: who plays for the contract, where play starts.

The two-handed game is out of scope: each player also plays from table piles whose face-down
cards no one knows, so "all hands open" does not describe it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tutor.engine.auction import BidKind
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve.position import OutOfScope, Position, SolveError, apply

__all__ = ["Deal", "deal_of"]


@dataclass(frozen=True)
class Deal:
    """A replayed hand as the solver sees it: the position at the first card and every play made
    (a last trick the hand stops inside included)."""

    start: Position
    plays: tuple[Play, ...]
    declarer: Seat
    contractors: tuple[Seat, ...]

    @property
    def side(self) -> str:
        """The contractor's side as the analysis names it: ``NS``, or the seats joined by ``+``."""
        seats = set(self.contractors)
        for name, pair in (("NS", {Seat.N, Seat.S}), ("EW", {Seat.E, Seat.W})):
            if seats == pair:
                return name
        return "+".join(s.value for s in self.start.seats if s in seats) or self.declarer.value

    def positions(self) -> Iterator[tuple[Position, Play]]:
        """Each position in the hand as far as it was played, with the play made there."""
        pos = self.start
        for play in self.plays:
            yield pos, play
            pos = apply(pos, play)

    def final(self) -> Position:
        """The position after the last play written."""
        pos = self.start
        for play in self.plays:
            pos = apply(pos, play)
        return pos


def deal_of(rep: Replay) -> Deal:
    """The solver's view of a replayed hand; raise :class:`SolveError` for what it does not cover."""
    rules = rep.rules
    if rules.players == 2:
        raise OutOfScope(
            "the two-handed game is out of scope for analysis: its face-down table cards are "
            "known to no one, so there is no all-hands-open answer"
        )
    contract = rep.contract
    ctx = rep.context
    if contract is None or ctx is None or not rep.states:
        raise SolveError("this hand has no contract to play, so there is nothing to analyse")
    at = rep.table
    first_card = next((i for i, s in enumerate(rep.steps) if s.kind is StepKind.CARD), None)
    before = rep.states[first_card - 1] if first_card else rep.states[-1]
    out = rep.states[-1].out
    seats = tuple(s for s in at.seats if s not in out)
    declarer = contract.declarer
    if rules.players in (4, 6):
        contractors = tuple(s for s in at.side_of(declarer).seats if s in seats)
    elif rules.players == 5 and rep.partner is not None:
        contractors = (declarer, rep.partner)
    else:
        contractors = (declarer,)
    if rep.tricks:
        leader = rep.tricks[0].leader
    elif rules.first_leader == "contractor" or contract.bid.is_all_passed or (
        contract.bid.kind is BidKind.GRAND_NULLO
    ):
        leader = declarer
    else:
        leader = at.next(rep.hand.dealer)
        while leader not in seats:
            leader = at.next(leader)
    hands = tuple(tuple(before.hands.get(s, ())) for s in seats)
    if len({len(h) for h in hands}) != 1 or not hands[0]:
        raise SolveError("the hands at the start of play are not all the same length")
    start = Position(
        seats=seats,
        hands=hands,
        team=tuple(s in contractors for s in seats),
        ctx=ctx,
        leader=seats.index(leader),
        pack=rules.the_pack,
    )
    # Every card played, those of a trick the file stops inside included: the position before
    # each is known, so each can be valued (a claim or a decision on one is checked too).
    plays = tuple(s.play for s in rep.steps if s.kind is StepKind.CARD and s.play is not None)
    return Deal(start, plays, declarer, contractors)
