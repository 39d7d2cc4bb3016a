"""Dealing the cards a seat cannot see, consistent with everything it knows.

A seat knows its own cards, every card played, the hands the rules show (open misère after the
first trick), the suits each seat has shown void in, how many cards each still holds, and (as
contractor) its own discard. Everything else is the unseen pool: :func:`layouts` deals it to the
other seats, never giving a seat a card of a suit it has shown void in; what is left over is
the kitty's discard or a sitting-out partner's hand.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace

from tutor.engine.cards import Card, Suit
from tutor.engine.play import effective_suit
from tutor.solve import Position

__all__ = ["count_layouts", "layouts", "unseen"]


def unseen(pack: Sequence[Card], pos: Position, me: int, known: Collection[int],
           gone: Collection[Card] = ()) -> list[Card]:
    """The cards ``me`` cannot place: the pack less its hand, the known hands, the cards played
    (``gone``: every card played before ``pos`` and the contractor's own discard)."""
    seen = list(pos.hands[me]) + [p.card for p in pos.trick] + list(gone)
    for i in known:
        seen += pos.hands[i]
    pool = list(pack)
    for c in seen:
        if c in pool:
            pool.remove(c)
    return pool


def _fits(card: Card, void: frozenset[Suit], pos: Position) -> bool:
    return not void or effective_suit(card, pos.ctx) not in void


def count_layouts(pool: Sequence[Card], sizes: Sequence[int]) -> int:
    """How many ways the pool can be dealt into hands of these sizes (voids ignored)."""
    n = len(pool)
    out = 1
    for k in sizes:
        out *= math.comb(n, k)
        n -= k
    return out


def _deal(
    pool: Sequence[Card], seats: Sequence[int], pos: Position, rng: random.Random
) -> dict[int, tuple[Card, ...]] | None:
    cards = list(pool)
    rng.shuffle(cards)
    out: dict[int, tuple[Card, ...]] = {}
    # The seats with the most shown voids choose first, from the cards they may hold.
    for i in sorted(seats, key=lambda i: -len(pos.shown_void[i])):
        need = len(pos.hands[i])
        fit = [c for c in cards if _fits(c, pos.shown_void[i], pos)]
        if len(fit) < need:
            return None
        take = fit[:need]
        for c in take:
            cards.remove(c)
        out[i] = tuple(take)
    return out


def layouts(pos: Position, me: int, known: Collection[int], pool: Sequence[Card],
            rng: random.Random, most: int) -> Iterator[Position]:
    """Up to ``most`` positions with the unknown hands dealt from ``pool``: every possible
    layout when there are no more than ``most`` of them (exact), random ones otherwise."""
    seats = [i for i in range(len(pos.seats)) if i != me and i not in known]
    sizes = [len(pos.hands[i]) for i in seats]
    if not seats:
        yield pos
        return
    if count_layouts(pool, sizes) <= most:
        yield from _every(pos, seats, pool)
        return
    made = 0
    tries = 0
    while made < most and tries < most * 20:
        tries += 1
        dealt = _deal(pool, seats, pos, rng)
        if dealt is None:
            continue
        made += 1
        yield _with(pos, dealt)
    if made == 0:  # nothing fits the voids shown (should not happen): ignore them
        cards = list(pool)
        rng.shuffle(cards)
        dealt, k = {}, 0
        for i, n in zip(seats, sizes, strict=True):
            dealt[i] = tuple(cards[k:k + n])
            k += n
        yield _with(pos, dealt)


def _every(pos: Position, seats: Sequence[int], pool: Sequence[Card]) -> Iterator[Position]:
    def rec(k: int, rest: list[Card], dealt: dict[int, tuple[Card, ...]]) -> Iterator[Position]:
        if k == len(seats):
            yield _with(pos, dealt)
            return
        i = seats[k]
        fit = [c for c in rest if _fits(c, pos.shown_void[i], pos)]
        for take in itertools.combinations(fit, len(pos.hands[i])):
            left = list(rest)
            for c in take:
                left.remove(c)
            yield from rec(k + 1, left, {**dealt, i: take})
    yield from rec(0, list(pool), {})


def _with(pos: Position, dealt: dict[int, tuple[Card, ...]]) -> Position:
    hands = tuple(dealt.get(i, h) for i, h in enumerate(pos.hands))
    return replace(pos, hands=hands)
