"""Retry from here: a seat's decisions in a played hand, and the game at one of them, to play on.

After a practice hand (or from any hand file), the learner picks one of the decisions of their
seat (a call, the discard, a card) and plays on from there against the computer: the hand as it
stood just before that decision (the same deal, kitty, calls and cards), with that seat to move.
A decision is named as the command line writes it: ``4`` (the seat's card in trick 4), ``4.2``
(the second card of trick 4, which must be the seat's), ``discard``, ``joker`` (the
contractor's nomination of the joker's suit, where the rules gave it one) or ``call2`` (the
seat's second call).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Joker, TutorError, without
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.teach.players.cardplay import DEFAULT_BUDGET, Budget
from tutor.teach.players.game import Game
from tutor.teach.players.nomination import may_nominate
from tutor.teach.players.takeover import game_at

__all__ = ["RetryError", "SeatDecision", "decisions", "find_decision", "retry"]


class RetryError(TutorError):
    """A retry point that is not a decision of the seat in this hand."""


@dataclass(frozen=True)
class SeatDecision:
    """One decision of a seat in a played hand: the replay step that made it, and its name."""

    step: int
    kind: StepKind
    at: str
    label: str

    @property
    def trick(self) -> int | None:
        return int(self.at.split(".")[0]) if self.kind is StepKind.CARD else None


def _nominates(rep: Replay, seat: Seat) -> bool:
    """Whether ``seat`` is the contractor and had the joker's suit to nominate (or not) before
    the first card: the rules allowing it, the joker in its hand after the discard."""
    hand, contract = rep.hand, rep.contract
    if contract is None or contract.declarer != seat or not may_nominate(contract.bid, rep.rules):
        return False
    kept = without([*hand.hands[seat], *hand.kitty], hand.discard or ())
    return any(isinstance(c, Joker) for c in kept)


def decisions(rep: Replay, seat: Seat) -> list[SeatDecision]:
    """Every decision ``seat`` made in ``rep``, in order: its calls, its discard, its nomination
    of the joker (at the nomination's step; kept as the wildcard, at the first card's, the game
    just before it being the same), its cards."""
    out: list[SeatDecision] = []
    calls = 0
    joker = _nominates(rep, seat)
    for i, step in enumerate(rep.steps):
        if joker and step.kind in (StepKind.NOMINATE, StepKind.CARD):
            out.append(SeatDecision(i, StepKind.NOMINATE, "joker", "the joker's nomination"))
            joker = False
            if step.kind is StepKind.NOMINATE:
                continue
        if step.seat != seat:
            continue
        if step.kind is StepKind.CALL:
            calls += 1
            call = rep.hand.auction[sum(1 for s in rep.steps[:i] if s.kind is StepKind.CALL)]
            out.append(SeatDecision(i, step.kind, f"call{calls}", f"call {calls}: {call.pretty()}"))
        elif step.kind is StepKind.DISCARD and not any(d.kind is StepKind.DISCARD for d in out):
            out.append(SeatDecision(i, step.kind, "discard", "the discard"))
        elif step.kind is StepKind.CARD and step.play is not None:
            out.append(SeatDecision(i, step.kind, f"{step.trick}.{step.position}",
                                    f"trick {step.trick}: {step.play.pretty()}"))
    return out


def find_decision(rep: Replay, seat: Seat, at: str) -> SeatDecision:
    """The decision of ``seat`` named ``at`` (``4``, ``4.2``, ``discard``, ``call2``)."""
    mine = decisions(rep, seat)
    text = at.strip().lower().replace(" ", "")
    for d in mine:
        if text == d.at or (d.kind is StepKind.CARD and text == d.at.split(".")[0]):
            return d
    if "." in text:
        trick, _, card = text.partition(".")
        for step in rep.steps:
            if step.kind is StepKind.CARD and f"{step.trick}.{step.position}" == text and step.seat:
                raise RetryError(f"card {card} of trick {trick} is {step.seat.word}'s, not "
                                 f"{seat.word}'s: retry from a decision of {seat.word}'s")
    names = ", ".join(d.at for d in mine) or "none"
    raise RetryError(f"{seat.word} made no decision {at!r} in {rep.hand.title!r} "
                     f"({seat.word}'s decisions: {names})")


def retry(rep: Replay, seat: Seat, at: str | SeatDecision, *, seed: int = 0,
          budget: Budget = DEFAULT_BUDGET) -> Game:
    """The game at decision ``at`` of ``seat`` in ``rep``: the hand as it stood just before it,
    ``seat`` to move, ready to play on against the computer."""
    decision = at if isinstance(at, SeatDecision) else find_decision(rep, seat, at)
    title = rep.hand.title.removesuffix(" (taken over)").split(" (retried from ")[0]
    where = ("the discard" if decision.kind is StepKind.DISCARD else
             "the joker's nomination" if decision.kind is StepKind.NOMINATE else
             decision.label.split(":")[0])
    game = game_at(rep, decision.step - 1, seed=seed, budget=budget,
                   title=f"{title} (retried from {where})")
    if decision.kind is StepKind.NOMINATE:
        if not game.nominating(seat):  # pragma: no cover - the replay and the game agree
            raise RetryError(f"{seat.word} is not to nominate the joker at {decision.label}")
        return game
    if game.to_act != seat:  # pragma: no cover - the replay and the game agree on turns
        raise RetryError(f"{seat.word} is not to move at {decision.label}")
    return game
