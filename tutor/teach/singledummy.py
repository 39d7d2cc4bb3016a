"""Single-dummy analysis of a played hand: with what the player could see, what was each card worth?

For a position of a replayed hand, the seat to play sees its own cards, the cards played, the
hands the rules show and (as contractor) its discard. :func:`analyse_position` deals the cards
it cannot see many ways (every way when there are few enough), weights each layout by what the
auction said (:mod:`~tutor.teach.players.inference`), solves each double-dummy and values every
legal card over them (:func:`~tutor.solve.singledummy.single_dummy`), with the double-dummy
value on the true layout beside it. Deterministic: the same seed gives the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tutor.engine.auction import BidKind
from tutor.engine.cards import Card
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import Position, deal_of
from tutor.solve.singledummy import SingleDummy, goal_of, single_dummy
from tutor.solve.why import Reason, decisive_card
from tutor.teach.players.inference import DEFAULT_MODEL, Model, Weighted, history_of, weighted_layouts

__all__ = ["DEFAULT_LAYOUTS", "analyse_position", "analyse_seat", "layouts_at", "reason"]

#: Layouts solved for each card when there are more than that.
DEFAULT_LAYOUTS = 100


def _shown(rep: Replay, cards: int) -> frozenset[Seat]:
    """The seats whose hands are open to the table before the ``cards``-th card (from 0)."""
    steps = [i for i, s in enumerate(rep.steps) if s.kind is StepKind.CARD]
    at = steps[cards] - 1 if cards < len(steps) else len(rep.states) - 1
    return frozenset(rep.states[max(at, 0)].shown)


def _own_discard(rep: Replay, seat: Seat) -> tuple[Card, ...]:
    """The cards this seat put away itself and so knows are out of play (the contractor's
    discard; in grand nullo partner's own five, not the bidder's, which partner picked up)."""
    hand, contract = rep.hand, rep.contract
    if contract is None:
        return ()
    if contract.bid.kind is BidKind.GRAND_NULLO:
        return tuple(hand.partner_discard or ()) if seat == contract.declarer.partner else ()
    return tuple(hand.discard or ()) if seat == contract.declarer else ()


def _position(rep: Replay, cards: int) -> tuple[Position, list[int], Play | None]:
    """The true position once ``cards`` cards have been played, the indices of the seats whose
    hands the seat to play then can see besides its own, and the card it played there."""
    deal = deal_of(rep)
    pos, played = deal.start, None
    for k, (here, play) in enumerate(deal.positions()):
        if k == cards:
            pos, played = here, play
            break
    else:
        pos = deal.final()
    shown = _shown(rep, cards)
    return pos, [i for i, s in enumerate(pos.seats) if s in shown and i != pos.to_move], played


def analyse_position(rep: Replay, cards: int, *, most: int = DEFAULT_LAYOUTS, seed: int = 0,
                     model: Model = DEFAULT_MODEL, auction: bool = True,
                     early_stop: bool = True) -> SingleDummy:
    """The single-dummy values of every legal card once ``cards`` cards have been played, for
    the seat to play then. ``auction`` False: the layouts are not weighted by the calls;
    ``early_stop``: :func:`~tutor.solve.singledummy.single_dummy`'s (the card played is
    always valued on every layout)."""
    pos, known, played = _position(rep, cards)
    weighted = _weighted(rep, cards, pos, known, most=most, seed=seed, model=model, auction=auction)
    return single_dummy(pos, weighted, goal_of(rep), truth=pos, ess=weighted.ess, note=weighted.note,
                        power=weighted.power, keep=played, early_stop=early_stop)


def layouts_at(rep: Replay, cards: int, *, most: int = DEFAULT_LAYOUTS, seed: int = 0,
               model: Model = DEFAULT_MODEL, auction: bool = True) -> tuple[Position, Weighted]:
    """The true position once ``cards`` cards have been played, and the weighted layouts of
    what the seat to play then cannot see (the ones :func:`analyse_position` values)."""
    pos, known, _played = _position(rep, cards)
    return pos, _weighted(rep, cards, pos, known, most=most, seed=seed, model=model, auction=auction)


def _weighted(rep: Replay, cards: int, pos: Position, known: list[int], *, most: int, seed: int,
              model: Model, auction: bool) -> Weighted:
    me = pos.to_move
    history = history_of(rep, cards)
    gone = [*history.cards_played(), *_own_discard(rep, pos.seats[me])]
    return weighted_layouts(pos, me, history if auction else None, pack=rep.rules.the_pack.cards,
                            known=known, gone=gone, rng=random.Random(seed * 1009 + cards),
                            most=most, model=model)


def reason(rep: Replay, cards: int, mine: Play, other: Play, *, worse: bool) -> Reason | None:
    """Where single-dummy and double-dummy disagree on ``mine`` against ``other`` at the
    ``cards``-th card: the unseen card whose placement on the true layout decided it
    (:func:`~tutor.solve.why.decisive_card`; ``worse``: single-dummy found ``mine`` worse)."""
    pos, known, _played = _position(rep, cards)
    hidden = [i for i in range(len(pos.seats)) if i != pos.to_move and i not in known]
    return decisive_card(pos, mine, other, hidden, worse=worse)


def analyse_seat(rep: Replay, seat: Seat, *, most: int = DEFAULT_LAYOUTS, seed: int = 0,
                 model: Model = DEFAULT_MODEL, auction: bool = True) -> Iterator[tuple[int, SingleDummy]]:
    """:func:`analyse_position` at every card ``seat`` played, with the card's index in the hand."""
    deal = deal_of(rep)
    for k, (pos, _play) in enumerate(deal.positions()):
        if pos.seats[pos.to_move] == seat:
            yield k, analyse_position(rep, k, most=most, seed=seed, model=model, auction=auction)
