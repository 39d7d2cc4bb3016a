"""The C core behind the same question as the reference: a position in, the contractor's tricks out.

:func:`encode` turns a :class:`~tutor.solve.position.Position` into plain numbers, asking the
engine for each card's effective suit and power, so the core needs no rules of its own beyond
following suit, the joker's lead and winning a trick on power. Without the compiled module
(``tutor/solve/_core.c``, built by ``pip install -e .``) :data:`FAST` is False and the
reference solver answers instead, much more slowly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.play import Play, PlayContext, effective_suit, power
from tutor.solve.position import Position, SolveError, moves

try:
    import tutor.solve._core as _core
except ImportError:  # pragma: no cover - depends on the build
    _core = None  # type: ignore[assignment]

__all__ = ["FAST", "Core", "encode", "same_public_part"]

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

    def at_least(self, pos: Position, tricks: int, budget: int = 0) -> bool | None:
        """Whether the contractor's side takes at least ``tricks`` in the whole hand (won so far
        included), with best play from ``pos``: one zero-window search of the core; ``budget``
        (positions, 0: none): None once the search has visited that many undecided."""
        target = tricks - pos.won
        if target <= 0:
            return True
        if target > pos.tricks_left:
            return False
        try:
            return self._solver.at_least(*encode(pos), target, budget)
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

    def options_batch(self, layouts: Sequence[Position], guess: int | None = None,
                      weights: Sequence[float] | None = None,
                      margin: float | None = None, keep: Play | None = None,
                      cap: int | None = None) -> list[dict[Play, int]]:
        """:meth:`options` for each of ``layouts`` (one position's layouts of the hidden cards:
        see :func:`same_public_part`) in one call into the core: a fresh table for each (kept
        across layouts, the table searched more, not less: see ``Solver_options_batch``).

        ``weights`` and ``margin``: the early stop (see ``options_batch`` in the core and
        :meth:`tutor.solve.solver.Solver.options_batch`): a play that cannot come within
        ``margin`` tricks of the best play's weighted average is left out of the later
        layouts' answers; ``keep`` (a legal play) never is. ``cap``: each value is
        min(value, ``cap``), found without asking past it."""
        if not layouts:
            return []
        first = layouts[0]
        same_public_part(layouts)
        if first.tricks_left == 0:
            return [{} for _ in layouts]
        args, cards = _encode_batch(layouts)
        hint = -1 if guess is None else guess - first.won
        if margin is not None and weights is None:
            raise SolveError("the early stop needs the layouts' weights")
        top = -1 if cap is None else max(0, cap - first.won)
        try:
            if margin is None and cap is None:
                rows = self._solver.options_batch(*args, hint)
            else:
                rows = self._solver.options_batch(*args, hint, None if weights is None else list(weights),
                                                  -1.0 if margin is None else margin,
                                                  _keep_masks(layouts[0], cards, keep), top)
        except ValueError as error:  # pragma: no cover - Position refuses what the core would
            raise SolveError(f"the solver's core cannot take these layouts: {error}") from None
        plays = moves(first)
        out = []
        for valued in rows:
            found: dict[tuple[Card, Suit | None], int] = {}
            for card, named, run, value in valued:
                suit = None if named < 0 else _SUITS[named]
                worth = first.won + value if cap is None else min(first.won + value, cap)
                found[cards[card], suit] = worth
                while run:
                    low = run & -run
                    found[cards[low.bit_length() - 1], suit] = worth
                    run ^= low
            answer = {play: found[play.card, play.names] for play in plays
                      if (play.card, play.names) in found}
            if margin is None and len(answer) < len(plays):  # pragma: no cover - they agree
                raise RuntimeError("the solver's core left out a move: please report it")
            out.append(answer)
        return out


def _keep_masks(pos: Position, cards: list[Card], keep: Play | None) -> list[int]:
    """The core's form of the play the early stop keeps: per named suit + 1 (0: none named), a
    mask of the numbers of its card in the hand to play (twins of the six-handed pack: each)."""
    masks = [0] * 6
    if keep is not None:
        mine = set(pos.hands[pos.to_move])
        named = 0 if keep.names is None else 1 + _SUIT_INDEX[keep.names]
        masks[named] = sum(1 << i for i, card in enumerate(cards) if card == keep.card and card in mine)
    return masks


def same_public_part(layouts: Sequence[Position]) -> None:
    """Raise :class:`SolveError` unless ``layouts`` are layouts of one position: the same
    seats, sides, contract, trick, shown voids, tricks won and suits led, and the same hand
    for the seat to move; only the other seats' hands (and the cards out of play) differ."""
    first = layouts[0]
    me = first.to_move
    mine = Counter(first.hands[me])
    for k, lay in enumerate(layouts):
        for name in ("seats", "team", "ctx", "leader", "trick", "powerless", "shown_void", "won", "led"):
            if getattr(lay, name) != getattr(first, name):
                raise SolveError(f"layout {k} is not a layout of the first one's position: its "
                                 f"{name} differ, where only the hidden hands may")
        if lay.hands[me] != first.hands[me] and Counter(lay.hands[me]) != mine:
            raise SolveError(f"layout {k} is not a layout of the first one's position: "
                             f"{first.seats[me]}, to play, holds other cards")


#: The arguments of ``_core.Solver.options_batch`` but the guess and the early stop's.
Batch = tuple[int, int, int, int, int, bytes, list[int], list[list[int]], list[int], int,
              list[tuple[int, int, int]]]


def _encode_batch(layouts: Sequence[Position]) -> tuple[Batch, list[Card]]:
    """The core's numbering of every card in play in any of ``layouts`` (a card as many times
    as some layout holds it), each layout's hands as masks of it, and the card each number
    stands for. A card a layout leaves out of play is held by no one there."""
    first = layouts[0]
    ctx = first.ctx
    me = first.to_move
    most: Counter[Card] = Counter()
    for lay in layouts:
        here = Counter(c for hand in lay.hands for c in hand)
        here.update(p.card for p in lay.trick)
        most |= here
    owned = sorted(((*_category(card, ctx), str(card), copy), card)
                   for card, times in most.items() for copy in range(times))
    cards = [card for _key, card in owned]
    numbers: dict[Card, list[int]] = {}
    for index, card in enumerate(cards):
        numbers.setdefault(card, []).append(index)
    # The trick's cards and the hand to play take the same numbers in every layout.
    taken: Counter[Card] = Counter()
    trick = []
    for k, play in enumerate(first.trick):
        trick.append((numbers[play.card][taken[play.card]],
                      _SUIT_INDEX[play.names] if play.names is not None else -1,
                      int(k in first.powerless)))
        taken[play.card] += 1
    mine = 0
    for card in first.hands[me]:
        mine |= 1 << numbers[card][taken[card]]
        taken[card] += 1
    hands = []
    for lay in layouts:
        used = taken.copy()
        masks = []
        for i, hand in enumerate(lay.hands):
            if i == me:
                masks.append(mine)
                continue
            mask = 0
            for card in hand:
                mask |= 1 << numbers[card][used[card]]
                used[card] += 1
            masks.append(mask)
        hands.append(masks)
    voids = [sum(1 << _SUIT_INDEX[s] for s in void) for void in first.shown_void]
    team = sum(1 << i for i, t in enumerate(first.team) if t)
    trumps = _SUIT_INDEX[ctx.trumps] if ctx.trumps is not None else -1
    args: Batch = (len(first.seats), team, int(first.minimise), trumps, _flags(ctx, first.led),
                   bytes(o[0][0] for o in owned), [o[0][1] for o in owned], hands, voids,
                   first.leader, trick)
    return args, cards
