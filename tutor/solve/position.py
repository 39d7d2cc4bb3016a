"""A position for the solver: the cards each active seat still holds, the trick so far, the contract.

Everything here asks the engine (``legal_plays``, ``joker_lead_suits``, ``joker_powerless``,
``trick_winner``), so the solver's moves and tricks are the engine's: the two cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine.cards import Card, Joker, Suit, TutorError
from tutor.engine.play import (
    Play,
    PlayContext,
    effective_suit,
    joker_lead_suits,
    joker_powerless,
    led_suit,
    legal_plays,
    trick_winner,
)
from tutor.engine.seats import Seat

__all__ = ["OutOfScope", "Position", "SolveError", "apply", "moves"]


class SolveError(TutorError):
    """A hand or position the solver does not cover (the two-handed game, an unfinished auction)."""


class OutOfScope(SolveError):
    """A whole kind of hand the solver does not analyse (the two-handed game): not a mistake in
    the file, so ``tutor analyse`` skips it with the reason instead of failing."""


@dataclass(frozen=True)
class Position:
    """Who holds what, the trick in progress and the contract: all the solver needs.

    ``seats`` are the active seats in the order of play (clockwise); ``hands``, ``team`` and
    ``shown_void`` follow that order. ``team[i]`` says whether seat ``i`` plays on the
    contractor's side. ``leader`` is the index of the seat that led the trick in progress (or
    leads the next one); ``trick`` holds the plays so far and ``powerless`` the indices of the
    jokers in it that had lost their power. ``won`` counts the tricks the contractor's side has
    already taken. With ``ctx.misere`` (misère, open misère, grand nullo) the contractor's side
    wants as few tricks as possible; otherwise as many.
    """

    seats: tuple[Seat, ...]
    hands: tuple[tuple[Card, ...], ...]
    team: tuple[bool, ...]
    ctx: PlayContext
    leader: int = 0
    trick: tuple[Play, ...] = ()
    powerless: tuple[int, ...] = ()
    shown_void: tuple[frozenset[Suit], ...] = ()
    won: int = 0
    #: The suits led to a trick so far this hand (a suit named by a led joker included): under
    #: ``joker_lead`` ``not-yet-led`` a led joker may name only a suit not among them.
    led: frozenset[Suit] = frozenset()

    def __post_init__(self) -> None:
        n = len(self.seats)
        if not self.shown_void:
            object.__setattr__(self, "shown_void", (frozenset(),) * n)
        if not (len(self.hands) == len(self.team) == len(self.shown_void) == n):
            raise SolveError("a position needs one hand, one side and one shown-void set per seat")
        if not 2 <= n <= 6:
            raise SolveError(f"a position has 2 to 6 seats in play, not {n}")

    @property
    def to_move(self) -> int:
        """The index of the seat to play next."""
        return (self.leader + len(self.trick)) % len(self.seats)

    @property
    def minimise(self) -> bool:
        """Whether the contractor's side wants fewest tricks (misère and nullo)."""
        return self.ctx.misere

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the one in progress included (the seat to move has not
        played to it yet, so it holds one card for each)."""
        return len(self.hands[self.to_move])

    @property
    def over(self) -> bool:
        return not self.trick and not self.hands[self.leader]


def _order(pos: Position) -> tuple[Seat, ...]:
    n = len(pos.seats)
    return tuple(pos.seats[(pos.leader + k) % n] for k in range(n))


def moves(pos: Position) -> list[Play]:
    """Every legal play of the seat to move: one per different card, and a led wildcard joker
    once for each suit it may name (as the last card: unnamed, and named too when it has lost
    its power, since naming then lets a follower beat it)."""
    i = pos.to_move
    hand = pos.hands[i]
    void = pos.shown_void[i]
    ctx = pos.ctx
    out: list[Play] = []
    for card in legal_plays(hand, pos.trick, ctx, shown_void=void, led_before=pos.led):
        if not pos.trick and card.__class__ is Joker and ctx.wildcard:
            if len(hand) == 1:
                out.append(Play(card))
                if joker_powerless(card, ctx, void):
                    out += [Play(card, s) for s in Suit]
            else:
                out += [Play(card, s) for s in joker_lead_suits(hand, ctx, void, led_before=pos.led)]
        else:
            out.append(Play(card))
    return out


def apply(pos: Position, play: Play) -> Position:
    """The position after ``play`` by the seat to move (a completed trick is taken at once)."""
    i = pos.to_move
    ctx = pos.ctx
    card = play.card
    hand = list(pos.hands[i])
    hand.remove(card)
    hands = (*pos.hands[:i], tuple(hand), *pos.hands[i + 1:])
    void = pos.shown_void[i]
    powerless = pos.powerless
    if joker_powerless(card, ctx, void):
        powerless = (*powerless, len(pos.trick))
    shown_void = pos.shown_void
    led_before = pos.led
    if pos.trick:
        led = led_suit(pos.trick, ctx)
        if led is not None and led not in void and effective_suit(card, ctx) is not led:
            shown_void = (*shown_void[:i], void | {led}, *shown_void[i + 1:])
    elif (first := led_suit([play], ctx)) is not None:
        led_before = led_before | {first}  # the lead: its suit is now led this hand
    trick = (*pos.trick, play)
    if len(trick) < len(pos.seats):
        return replace(pos, hands=hands, trick=trick, powerless=powerless, shown_void=shown_void,
                       led=led_before)
    index, _ruling = trick_winner(_order(pos), trick, ctx, powerless=powerless)
    winner = (pos.leader + index) % len(pos.seats)
    return replace(
        pos,
        hands=hands,
        trick=(),
        powerless=(),
        shown_void=shown_void,
        leader=winner,
        won=pos.won + (1 if pos.team[winner] else 0),
    )
