"""The C core behind the same question as the reference: a position in, the contractor's tricks out.

:func:`encode` turns a :class:`~tutor.solve.position.Position` into plain numbers, asking the
engine for each card's effective suit and power, so the core needs no rules of its own beyond
following suit, the joker's lead and winning a trick on power. Without the compiled module
(``tutor/solve/_core.c``, built by ``pip install -e .``) :data:`FAST` is False and the
reference solver answers instead, much more slowly.
"""

from __future__ import annotations

from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.play import Play, PlayContext, effective_suit, power
from tutor.solve.position import Position, SolveError, moves

try:
    import tutor.solve._core as _core
except ImportError:  # pragma: no cover - depends on the build
    _core = None  # type: ignore[assignment]

__all__ = ["FAST", "Core", "encode"]

#: Whether the compiled core is here; without it analysis runs in pure Python (slowly).
FAST = _core is not None

_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_SUITS = tuple(Suit)
_WILD = 4
_LOSES, _UNLESS, _COMPULSORY, _NOT_YET = 1, 2, 4, 8


def _category(card: Card, ctx: PlayContext) -> tuple[int, int]:
    """A card's category (its effective suit's index, or 4 for a wildcard joker) and level."""
    if card.__class__ is Joker and ctx.wildcard:
        return _WILD, power(card, None, ctx)
    suit = effective_suit(card, ctx)
    assert suit is not None
    return _SUIT_INDEX[suit], power(card, suit, ctx)


def _flags(ctx: PlayContext, led: frozenset[Suit] = frozenset()) -> int:
    """The rule switches of the core; under ``not-yet-led`` the suits led so far ride in bits 4-7."""
    flags = 0
    if ctx.joker_loses_power and ctx.wildcard:
        flags |= _LOSES
    if ctx.joker_lead == "unless-void":
        flags |= _UNLESS
    if ctx.joker_compulsory and ctx.wildcard:
        flags |= _COMPULSORY
    if ctx.joker_lead == "not-yet-led" and ctx.wildcard:
        flags |= _NOT_YET | sum(1 << (4 + _SUIT_INDEX[suit]) for suit in led)
    return flags


#: The arguments of ``_core.Solver.value`` but the guess.
Encoded = tuple[
    int, int, int, int, int, bytes, list[int], list[int], list[int], int, list[tuple[int, int, int]]
]


def encode(pos: Position) -> Encoded:
    """The arguments of ``_core.Solver.value`` for ``pos``."""
    return _encode(pos)[0]


def _encode(pos: Position) -> tuple[Encoded, list[Card]]:
    """The arguments of ``_core.Solver.value`` for ``pos``, and the card each number stands for."""
    ctx = pos.ctx
    owned: list[tuple[int, int, int, int]] = []  # (category, level, owner or -1 - trick index, n)
    cards: list[Card] = []
    for seat, hand in enumerate(pos.hands):
        for card in hand:
            cat, level = _category(card, ctx)
            owned.append((cat, level, seat, len(owned)))
            cards.append(card)
    for k, play in enumerate(pos.trick):
        cat, level = _category(play.card, ctx)
        owned.append((cat, level, -1 - k, len(owned)))
        cards.append(play.card)
    owned.sort()
    hands = [0] * len(pos.seats)
    trick_index = [0] * len(pos.trick)
    for index, (_cat, _level, owner, _n) in enumerate(owned):
        if owner >= 0:
            hands[owner] |= 1 << index
        else:
            trick_index[-1 - owner] = index
    trick = [
        (trick_index[k], _SUIT_INDEX[p.names] if p.names is not None else -1, int(k in pos.powerless))
        for k, p in enumerate(pos.trick)
    ]
    voids = [sum(1 << _SUIT_INDEX[s] for s in void) for void in pos.shown_void]
    team = sum(1 << i for i, t in enumerate(pos.team) if t)
    trumps = _SUIT_INDEX[ctx.trumps] if ctx.trumps is not None else -1
    cats = bytes(o[0] for o in owned)
    levels = [o[1] for o in owned]
    encoded = (len(pos.seats), team, int(pos.minimise), trumps, _flags(ctx, pos.led), cats, levels, hands,
               voids, pos.leader, trick)
    return encoded, [cards[o[3]] for o in owned]


class Core:
    """The compiled search with its transposition table, kept across the positions of one deal."""

    def __init__(self, size_log2: int = 15) -> None:
        if _core is None:
            raise RuntimeError("the compiled solver core is not built: run pip install -e .")
        self._solver = _core.Solver(size_log2)

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The tricks the contractor's side takes in the whole hand, with best play from ``pos``.

        ``guess``: a value near the answer (a neighbouring position's) saves searches."""
        if pos.tricks_left == 0:
            return pos.won
        hint = -1 if guess is None else guess - pos.won
        try:
            return pos.won + self._solver.value(*encode(pos), hint)
        except ValueError as error:  # pragma: no cover - Position refuses what the core would
            raise SolveError(f"the solver's core cannot take this position: {error}") from None

    def options(self, pos: Position, guess: int | None = None) -> dict[Play, int]:
        """Every legal play of the seat to move (equal cards too), with the value after it.

        One search of the whole position per play, as DDS values all cards (see
        ``solve_options`` in the core), instead of valuing each play's position apart."""
        encoded, cards = _encode(pos)
        hint = -1 if guess is None else guess - pos.won
        found: dict[tuple[Card, Suit | None], int] = {}
        try:
            valued = self._solver.options(*encoded, hint)
        except ValueError as error:  # pragma: no cover - Position refuses what the core would
            raise SolveError(f"the solver's core cannot take this position: {error}") from None
        for card, named, run, value in valued:
            suit = None if named < 0 else _SUITS[named]
            found[cards[card], suit] = pos.won + value
            while run:
                low = run & -run
                found[cards[low.bit_length() - 1], suit] = pos.won + value
                run ^= low
        out: dict[Play, int] = {}
        for play in moves(pos):
            key = (play.card, play.names)
            if key not in found:  # pragma: no cover - the core and the engine agree on moves
                raise RuntimeError(f"the solver's core has no move {play}: please report it")
            out[play] = found[key]
        return out

    @property
    def nodes(self) -> int:
        return self._solver.nodes
