"""A position for the solver: the cards each active seat still holds, the trick so far, the contract.

Everything here asks the engine (``legal_plays``, ``joker_lead_suits``, ``joker_powerless``,
``trick_winner``), so the solver's moves and tricks are the engine's: the two cannot disagree.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tutor.engine.cards import PACKS, Card, Joker, Pack, Suit, TutorError
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

__all__ = ["OutOfScope", "Position", "SolveError", "apply", "changed", "moves"]


class SolveError(TutorError):
    """A hand or position the solver does not cover (the two-handed game, an unfinished auction),
    or a position that cannot be (a card twice that no pack has twice, hands of odd lengths)."""


#: A card may be in play as often as the pack holds it; without a pack, as often as some pack
#: does (the home-made six-handed pack's 2s, 3s and red 4s twice, every other card once).
_MOST = Counter[Card]()
for _pack in PACKS.values():
    for _card, _count in Counter(_pack.cards).items():
        _MOST[_card] = max(_MOST[_card], _count)

#: The compiled core numbers the cards of a position in one 64-bit mask.
MAX_CARDS = 64


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
    wants as few tricks as possible; otherwise as many. ``pack`` is the pack dealt: no card may
    be in play more often than it holds the card (without it, than some pack does). It is not
    part of what the position is (two positions with the same cards are equal).

    What cannot be a position is refused with a :class:`SolveError` that says why.
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
    pack: Pack | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        n = len(self.seats)
        if not self.shown_void:
            object.__setattr__(self, "shown_void", (frozenset(),) * n)
        if not (len(self.hands) == len(self.team) == len(self.shown_void) == n):
            raise SolveError("a position needs one hand, one side and one shown-void set per seat")
        if not 2 <= n <= 6:
            raise SolveError(f"a position has 2 to 6 seats in play, not {n}")
        _check(self)

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


def _check(pos: Position) -> None:
    """Raise :class:`SolveError` when ``pos`` cannot be a position, saying why."""
    n = len(pos.seats)
    if len(set(pos.seats)) < n:
        seat = next(s for s in pos.seats if pos.seats.count(s) > 1)
        raise SolveError(f"seat {seat} is in the position twice: each seat plays one hand")
    if not 0 <= pos.leader < n:
        raise SolveError(f"the leader must be one of seats 0 to {n - 1}, not {pos.leader}")
    if len(pos.trick) >= n:
        raise SolveError(f"a trick in progress has {len(pos.trick)} plays at a table of {n} seats: "
                         f"a trick is complete, and taken, when each of the {n} has played")
    if True not in pos.team:
        raise SolveError("no seat plays for the contract: someone must be the contractor")
    if False not in pos.team:
        raise SolveError("every seat plays for the contract: there is no one to play against")
    if pos.won < 0:
        raise SolveError(f"won counts the tricks the contractor's side has taken: not {pos.won}")
    _check_lengths(pos)
    _check_cards(pos)
    if pos.powerless or any(p.names is not None for p in pos.trick):
        _check_trick(pos)
    ctx = pos.ctx
    for seat, hand, void in zip(pos.seats, pos.hands, pos.shown_void, strict=True):
        if void and not void.isdisjoint(effective_suit(c, ctx) for c in hand):
            card = next(c for c in hand if effective_suit(c, ctx) in void)
            suit = effective_suit(card, ctx)
            assert suit is not None
            raise SolveError(f"{seat} is shown void in {suit.word} (it did not follow "
                             f"{suit.word} before) but holds {card}")


def _check_lengths(pos: Position) -> None:
    n = len(pos.seats)
    k = len(pos.trick)
    lengths = [len(hand) for hand in pos.hands]
    size = lengths[(pos.leader + k) % n]
    if k == 0:
        if lengths.count(size) == n:
            return
    elif size and lengths == [size - ((i - pos.leader) % n < k) for i in range(n)]:
        return
    held = ", ".join(f"{seat} holds {len(hand)}" for seat, hand in zip(pos.seats, pos.hands, strict=True))
    fewer = " (one fewer for the seats that have played to the trick)" if k else ""
    raise SolveError(f"every seat must hold the same number of cards{fewer}: {held}")


_TIMES = {2: "twice", 3: "3 times", 4: "4 times", 5: "5 times", 6: "6 times"}


#: How often each pack holds each card, by the pack's id (a pack is a constant).
_HELD: dict[int, tuple[Pack, Counter[Card]]] = {}


def _held(pack: Pack | None) -> Counter[Card]:
    if pack is None:
        return _MOST
    known = _HELD.get(id(pack))
    if known is None or known[0] is not pack:
        known = _HELD[id(pack)] = (pack, Counter(pack.cards))
    return known[1]


def _check_cards(pos: Position) -> None:
    cards = [c for hand in pos.hands for c in hand]
    cards += [p.card for p in pos.trick]
    pack = pos.pack
    held = _held(pack)
    for card, k in Counter(cards).items():
        most = held.get(card, 0)
        if k <= most:
            continue
        if not most:
            where = f"not in the {pack.name} pack" if pack is not None else "in no pack"
            raise SolveError(f"{card} is {where}")
        times = _TIMES.get(k, f"{k} times")
        if pack is not None:
            once = "one" if most == 1 else str(most)
            raise SolveError(f"{card} is in play {times}, but the {pack.name} pack has {once}")
        raise SolveError(f"{card} is in play {times}, but no pack has more than {most}")
    if len(cards) > MAX_CARDS:
        raise SolveError(f"{len(cards)} cards are in play: the solver takes at most {MAX_CARDS} "
                         f"(the largest pack has {max(len(p) for p in PACKS.values())})")


def _check_trick(pos: Position) -> None:
    k = len(pos.trick)
    for index in pos.powerless:
        if not 0 <= index < k:
            raise SolveError(f"powerless names play {index}, but the trick has {k} plays")
        card = pos.trick[index].card
        if card.__class__ is not Joker:
            raise SolveError(f"only a joker loses its power: play {index} of the trick is {card}")
    for index, play in enumerate(pos.trick):
        if play.names is not None and (index or play.card.__class__ is not Joker or not pos.ctx.wildcard):
            raise SolveError(f"only a led joker names a suit (in no-trumps and misère): play {index} "
                             f"of the trick, {play.card}, names {play.names.word}")


def changed(pos: Position, **changes: object) -> Position:
    """``pos`` with ``changes``, not checked again (``dataclasses.replace`` checks): for the
    solver's own steps, such as a legal play, which leave a position a position. Checking every
    position a search reaches made the reference solver 2.7 times slower."""
    new = object.__new__(Position)
    new.__dict__.update(pos.__dict__)
    new.__dict__.update(changes)
    return new


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
    if card not in hand:
        raise SolveError(f"{pos.seats[i]} does not hold {card}, so cannot play it")
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
        return changed(pos, hands=hands, trick=trick, powerless=powerless, shown_void=shown_void,
                        led=led_before)
    index, _ruling = trick_winner(_order(pos), trick, ctx, powerless=powerless)
    winner = (pos.leader + index) % len(pos.seats)
    return changed(
        pos,
        hands=hands,
        trick=(),
        powerless=(),
        shown_void=shown_void,
        leader=winner,
        won=pos.won + (1 if pos.team[winner] else 0),
    )
