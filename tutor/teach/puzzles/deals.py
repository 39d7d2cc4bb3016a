"""Deals for mining: each seeded deal bid, discarded and played to the end by the computer.

The computer players think without a clock here (:data:`MINING_BUDGET`), so a seed gives the
same hand on every machine, and with fewer layouts than at the practice table: the puzzles come
from the double-dummy analysis afterwards, so the play need only be sensible, not strong.

A contract can be asked for (:data:`CONTRACTS`), for puzzles of a kind the computer's auctions
give rarely or never:

- ``misere``: the deal as the computer bids it, kept only when its auction ends in misère (the
  other seeds give no deal);
- ``no-trumps``: the computer bidder never bids no-trumps (its count there is a cautious one),
  so the auction is set instead: the seat whose no-trumps count
  (:func:`~tutor.teach.players.bidding.estimate`) is highest (the first in the auction's order
  among equals) bids it at that count (6 to 10; a seed where no seat counts six gives no deal),
  the others pass, and the computer then discards and plays. The bid is not the point of such a
  puzzle; the play is.
"""

from __future__ import annotations

from tutor.engine.auction import Bid, Pass, Strain
from tutor.engine.hand import Hand
from tutor.teach.players import Budget, Game, GameError, Phase
from tutor.teach.players.bidding import estimate

__all__ = ["CONTRACTS", "MINING_BUDGET", "computer_deal", "contract_deal"]

#: No clock (reproducible); a few layouts a card; the count bids every call (no simulation:
#: the mined and shipped puzzles stay as they were).
MINING_BUDGET = Budget(seconds=None, early=4, middle=8, late=16, bids=0)

#: The contracts a mining run may ask for.
CONTRACTS = ("misere", "no-trumps")


def _play_out(game: Game) -> Hand:
    while game.phase is not Phase.OVER:
        game.computer()
    return game.hand


def computer_deal(seed: int, rules: str = "australian", budget: Budget = MINING_BUDGET) -> Hand:
    """The hand dealt from ``seed`` (a thrown-in deal dealt again) played out by the computer
    at every seat."""
    return _play_out(Game(rules, seed, budget=budget))


def _no_trumps_bid(game: Game) -> bool:
    """Set the auction: the best no-trumps count bids it, the others pass (False: no seat
    counts six)."""
    first = game.auction().next_seat
    seats = list(game.seats)
    start = seats.index(first) if first in seats else 0
    order = seats[start:] + seats[:start]
    counts = {s: next(e.tricks for e in estimate(game.held(s), game.rules)
                      if e.strain is Strain.NO_TRUMPS) for s in order}
    best = max(order, key=lambda s: counts[s])  # the first of the highest
    if counts[best] < 6:
        return False
    bid = Bid.of(min(10, int(counts[best])), Strain.NO_TRUMPS)
    try:
        while game.phase is Phase.AUCTION:
            game.call(bid if game.to_act == best and bid not in game.hand.auction else Pass())
    except GameError:  # a bid these rules do not allow there (West Seventh Street's inkle)
        return False
    return True


def contract_deal(seed: int, contract: str, rules: str = "australian",
                  budget: Budget = MINING_BUDGET) -> Hand | None:
    """The deal of ``seed`` played out in ``contract`` (one of :data:`CONTRACTS`, as the
    module says), or None where that seed gives no such deal."""
    if contract not in CONTRACTS:
        raise ValueError(f"a mining contract is one of {', '.join(CONTRACTS)}, not {contract!r}")
    game = Game(rules, seed, budget=budget)
    if contract == "misere":
        while game.phase is Phase.AUCTION:
            game.computer()
        bid = game.auction().contract
        if bid is None or not bid.bid.is_misere:
            return None
        return _play_out(game)
    if not _no_trumps_bid(game):
        return None
    return _play_out(game)
