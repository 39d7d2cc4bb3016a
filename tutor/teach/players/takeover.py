"""Taking over a recorded hand: the hand as it stood at one step of its replay, ready to play on.

"What if I had led the ace?": :func:`hand_until` cuts a lesson's hand at a step (the calls, the
discard and the cards up to and including it) so that a :class:`~tutor.teach.players.game.Game`
can continue it against the computer; :func:`game_at` starts that game, exchanges included (a hand
cut between the last call and an exchange is not yet a hand a game can start from, so the game
makes the last call and the exchanges already made itself); :func:`seat_to_take` says whose turn
it is there.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.engine.hand import Hand
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.teach.players.cardplay import DEFAULT_BUDGET, Budget
from tutor.teach.players.game import Game

__all__ = ["game_at", "hand_until", "seat_to_take"]


def hand_until(rep: Replay, index: int) -> Hand:
    """The hand of ``rep`` as it stood after step ``index``: the calls, exchanges and cards made
    by then (the lesson's notes, claims, decision, par and summary left out)."""
    steps = rep.steps[: index + 1]
    calls = sum(1 for s in steps if s.kind is StepKind.CALL)
    playing = any(s.kind in (StepKind.CARD, StepKind.NOMINATE) for s in steps)
    # Grand nullo has two exchanges, the contractor's then partner's: each is kept once made.
    exchanges = 2 if playing else sum(1 for s in steps if s.kind is StepKind.DISCARD)
    discarded = exchanges >= 1
    cards = sum(1 for s in steps if s.kind is StepKind.CARD)
    play: list[tuple[Play, ...]] = []
    for trick in rep.hand.play:
        if cards <= 0:
            break
        play.append(trick[:cards])
        cards -= len(trick)
    hand = rep.hand
    return replace(
        hand,
        title=f"{hand.title} (taken over)",
        auction=hand.auction[:calls],
        discard=hand.discard if discarded else None,
        partner_discard=hand.partner_discard if exchanges >= 2 else None,
        joker=hand.joker if playing else None,  # its suit once nominated, after the exchanges
        play=tuple(play),
        notes={},
        claims={},          # the lesson's claims speak of its own play, not the one taken over
        kitty_claims={},
        decision=None,
        par=None,
        summary=None,
    )


def seat_to_take(rep: Replay, index: int) -> Seat | None:
    """The seat whose turn comes after step ``index`` (None when the hand is over there)."""
    if index + 1 < len(rep.steps):
        nxt = rep.steps[index + 1]
        return nxt.seat
    return None


def game_at(rep: Replay, index: int, *, seed: int = 0, budget: Budget = DEFAULT_BUDGET,
            title: str | None = None) -> Game:
    """The game as it stood after step ``index`` of ``rep``, to play on against the computer.

    Between the auction's end and the first card (the contractor's exchange, and in grand nullo
    partner's), the hand is started before the last call and the game makes that call and the
    exchanges already made, so the seat whose exchange is next is to act."""
    hand = hand_until(rep, index)
    if title is not None:
        hand = replace(hand, title=title)
    steps = rep.steps[: index + 1]
    over = any(s.kind is StepKind.AUCTION for s in steps)
    playing = any(s.kind in (StepKind.CARD, StepKind.NOMINATE) for s in steps)
    made = sum(1 for s in steps if s.kind is StepKind.DISCARD)
    pending = made == 0 or (made == 1 and rep.hand.partner_discard is not None)
    if not over or playing or not pending or not hand.auction:
        return Game(rep.hand.rules_spec, seed, budget=budget, start=hand)
    start = replace(hand, auction=hand.auction[:-1], discard=None, partner_discard=None, joker=None)
    game = Game(rep.hand.rules_spec, seed, budget=budget, start=start)
    game.call(hand.auction[-1])
    if made and rep.hand.discard is not None:
        game.discard(rep.hand.discard)
    return game
