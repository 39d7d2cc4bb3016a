"""The computer bidder against itself without raises of partner's suit, scored double-dummy.

On the same seeded deals, one partnership bids with the computer bidder as it is (it raises
partner's suit when its support count is its best, :func:`tutor.teach.players.bidding.support`)
and the other with that turned off (each seat counts only its own hand, as before raises); each
deal is bid twice, the partnerships swapping roles, so both sides hold the same hands each way.
The contractor discards with the computer's discard, then the contract is played double-dummy
(the solver's par from the first lead) and scored by the engine's scoring. A deal passed out
scores nothing.

Reported: points per deal for each bidder (the difference is what raising partner is worth
when the card play is perfect), how often the two auctions of a deal differ, and contracts
made by each as contractor.

Run from the project root with the project's venv:

    .venv/bin/python benchmarks/bidding_duel.py --deals 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool

from tutor.engine.auction import Auction, Bid
from tutor.engine.rules import RuleSet, preset
from tutor.engine.scoring import score_hand
from tutor.engine.seats import Seat, Side, table
from tutor.solve import Solver
from tutor.teach.players import Budget, Game, Phase, bidding

_REAL_PARTNER_BID = bidding._partner_bid


def _without_raises(plain: Side) -> Callable[[Seat, Auction, RuleSet], Bid | None]:
    """Partner's bid as the bidder sees it, except that the seats of ``plain`` never see one."""
    def partner_bid(seat: Seat, auction: Auction, rules: RuleSet) -> Bid | None:
        if table(rules.players).side_of(seat) is plain:
            return None
        return _REAL_PARTNER_BID(seat, auction, rules)
    return partner_bid


def _bid_and_score(seed: int, rules: str, plain: Side) -> tuple[dict[Side, int], str, Side | None, bool]:
    """The points each side scores when ``plain`` bids without raises."""
    game = Game(rules, seed, budget=Budget(seconds=None, early=1, middle=1, late=1))
    bidding._partner_bid = _without_raises(plain)  # type: ignore[assignment]
    try:
        while game.phase in (Phase.AUCTION, Phase.DISCARD):
            game.computer()
    finally:
        bidding._partner_bid = _REAL_PARTNER_BID
    auction = " ".join(str(c) for c in game.hand.auction)
    contract = game.auction().contract
    if game.phase is not Phase.PLAY or contract is None or contract.bid.is_all_passed:
        return {Side.NS: 0, Side.EW: 0}, auction, None, False
    at = table(game.rules.players)
    side = at.side_of(contract.declarer)
    pos = game.position()
    taken = Solver().value(pos)  # the contractor's side's tricks (misère: the contractor's)
    tricks = {side: taken, (Side.EW if side is Side.NS else Side.NS): 10 - taken}
    score = score_hand(contract, tricks, game.rules)
    made = score.score[side] > 0
    return {s: score.score[s] for s in (Side.NS, Side.EW)}, auction, side, made


@dataclass(frozen=True)
class Bidding:
    """One bidding of a deal: each bidder's points, who was contractor and whether it made."""

    raises: int
    plain: int
    contractor: str | None  # "raises", "plain", or None (passed out)
    made: bool
    auction: str


def one_deal(args: tuple[int, str]) -> list[Bidding]:
    seed, rules = args
    out = []
    for plain in (Side.EW, Side.NS):
        raiser = Side.NS if plain is Side.EW else Side.EW
        points, auction, contractor, made = _bid_and_score(seed, rules, plain)
        who = "raises" if contractor is raiser else "plain" if contractor is plain else None
        out.append(Bidding(points[raiser], points[plain], who, made, auction))
    return out


def duel(deals: int, rules: str = "australian", jobs: int = 1) -> list[list[Bidding]]:
    """Bid seeds 0 to ``deals - 1`` twice each (see the module's docstring)."""
    work = [(seed, rules) for seed in range(deals)]
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(one_deal, work, chunksize=10)
    return [one_deal(w) for w in work]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rules", default="australian")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if preset(args.rules).players != 4:
        parser.error(f"{args.rules}: the computer raises partner at four-handed tables only")
    deals = duel(args.deals, args.rules, args.jobs)
    rows = [b for deal in deals for b in deal]
    raises = statistics.mean(b.raises for b in rows)
    plain = statistics.mean(b.plain for b in rows)
    differs = sum(1 for a, b in deals if a.auction != b.auction)
    print(f"{args.deals} deals ({args.rules}), each bid twice with the partnerships swapping roles")
    print(f"points per deal: raising partner {raises:+.1f}, not raising {plain:+.1f} "
          f"(difference {raises - plain:+.1f})")
    print(f"deals whose two auctions differ: {differs} of {args.deals}")
    for who, name in (("raises", "raising partner"), ("plain", "not raising")):
        mine = [b.made for b in rows if b.contractor == who]
        print(f"contracts, {name}: {len(mine)} bid, {sum(mine)} made")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
