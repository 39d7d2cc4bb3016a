"""Positions cut from random hands, for the solver's tests: one recipe, so that the tests that
compare engines, batches and equal cards all draw their positions the same way."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tutor.engine.cards import Card
from tutor.engine.hand import RulesSpec
from tutor.engine.play import effective_suit
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, replay
from tutor.solve import Position, SolveError, apply, deal_of
from tutor.solve.position import changed

#: How many tricks a position keeps to go, drawn from the seed's rng and the number of seats.
ToGo = Callable[[random.Random, int], int]


def random_positions(seeds: range, specs: Sequence[RulesSpec], to_go: ToGo, *,
                     keep: Callable[[Replay], bool] = lambda rep: True,
                     ) -> list[tuple[Position, Sequence[Card]]]:
    """For each seed, a random hand of ``specs[seed % len(specs)]`` played by random legal cards,
    cut ``to_go`` tricks from the end and part-way into a trick (a random number of its cards
    played), with the pack it was dealt from. Hands the solver does not take (the two-handed
    game, a hand whose auction was passed out) and those ``keep`` refuses are left out."""
    out: list[tuple[Position, Sequence[Card]]] = []
    for seed in seeds:
        rep = replay(random_hand(seed, specs[seed % len(specs)]))
        if not keep(rep):
            continue
        try:
            deal = deal_of(rep)
        except SolveError:
            continue
        rng = random.Random(seed)
        n = len(deal.start.seats)
        go = to_go(rng, n)
        pos = deal.start
        for play in deal.plays[:(len(pos.hands[0]) - go) * n + rng.randrange(n)]:
            pos = apply(pos, play)
        out.append((pos, rep.rules.the_pack.cards))
    return out


def layouts_of(pos: Position, rng: random.Random, count: int, *, pack: Sequence[Card] = (),
               spare: int = 0) -> list[Position]:
    """``count`` layouts of what the seat to move cannot see: the other hands' cards and, with
    ``spare``, up to that many cards of ``pack`` out of play (so that a card is in play in one
    layout and not in another), dealt again to the same lengths, each seat's shown voids kept.
    The first is ``pos`` itself."""
    me = pos.to_move
    others = [i for i in range(len(pos.seats)) if i != me]
    in_play = [c for h in pos.hands for c in h] + [p.card for p in pos.trick]
    out = list(pack)
    for c in in_play:
        if c in out:
            out.remove(c)
    pool = [c for i in others for c in pos.hands[i]] + rng.sample(out, min(len(out), spare))
    found = [pos]
    for _ in range(count * 20):
        if len(found) == count:
            break
        rng.shuffle(pool)
        hands = list(pos.hands)
        at = 0
        for i in others:
            hands[i] = tuple(pool[at:at + len(pos.hands[i])])
            at += len(pos.hands[i])
        if any(effective_suit(c, pos.ctx) in pos.shown_void[i] for i in others for c in hands[i]):
            continue
        found.append(changed(pos, hands=tuple(hands)))
    return found
