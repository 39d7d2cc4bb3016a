"""No-trumps and misère judged by simulation at the practice table (issue 26): bid when a
simulation of the unseen cards says they make; the count stays for the lessons and mining."""

from __future__ import annotations

import random

import pytest

from tutor.engine.auction import Bid, BidKind, Strain
from tutor.engine.cards import Card
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.seats import Seat
from tutor.teach.players import Budget, Game, Phase, choose_call
from tutor.teach.players.simulate import OFTEN, choose_call_simulated, trial
from tutor.teach.puzzles import MINING_BUDGET


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def south_holds(south: str, *calls: str) -> Hand:
    """A deal with South's hand as given (the others' cards do not matter: the simulation deals
    them again), North dealing, East opening with ``calls``."""
    spec = RulesSpec("australian")
    rules = spec.resolve()
    mine = cards(south)
    rest = [c for c in rules.the_pack.cards if c not in mine]
    hands = {Seat.S: mine, Seat.W: tuple(rest[0:10]), Seat.N: tuple(rest[10:20]),
             Seat.E: tuple(rest[20:30])}
    return Hand("simulated", spec, Seat.N, hands, tuple(rest[30:33]),
                tuple(Bid.parse(c) for c in calls))


@pytest.mark.parametrize(("south", "opening", "bids_it"), [
    ("Jo AS KS QS AH KH QH AD KD AC", "6S", True),   # the joker, four aces, kings and queens
    ("AS AH AD KD 5S 6C 7D 4H 8S 9C", "8H", False),  # three aces and a king: not eight tricks
])
def test_no_trumps_is_bid_when_it_makes_in_most_layouts(south: str, opening: str, bids_it: bool) -> None:
    hand = south_holds(south, opening)
    level = int(opening[0])
    made = trial(hand, Seat.S, Bid.of(level, Strain.NO_TRUMPS), layouts=16, rng=random.Random(0))
    assert made is not None
    assert (made.makes() >= OFTEN) is bids_it
    call = choose_call_simulated(hand, Seat.S, layouts=16, rng=random.Random(0)).choice
    assert (isinstance(call, Bid) and call.strain is Strain.NO_TRUMPS) is bids_it


@pytest.mark.parametrize(("south", "bids_it"), [
    ("4H 5H 6H 4D 5D 5S 6S 5C 6C 7C", True),   # the lowest cards of every suit
    ("7H 8H 9H TH 7D 8D 9D TD 5S 6S", False),  # middling runs the defenders duck under
])
def test_misere_is_bid_only_when_it_makes_in_most_layouts(south: str, bids_it: bool) -> None:
    hand = south_holds(south, "7S")
    rules = hand.rules
    misere = Bid(BidKind.MISERE).called(rules)
    # the count (what the lessons' checks and the review use) bids misère on both hands
    assert choose_call(Seat.S, hand.hands[Seat.S], hand.auction, rules, hand.dealer).choice == misere
    made = trial(hand, Seat.S, misere, layouts=16, rng=random.Random(0))
    assert made is not None
    assert (made.makes() >= OFTEN) is bids_it
    decision = choose_call_simulated(hand, Seat.S, layouts=16, rng=random.Random(0))
    assert (decision.choice == misere) is bids_it
    if not bids_it:
        assert "not Misère: it is made only in" in decision.reason


def test_without_misere_the_count_makes_its_next_call() -> None:
    hand = south_holds("7H 8H 9H TH 7D 8D 9D TD 5S 6S", "7S")
    rules = hand.rules
    call = choose_call(Seat.S, hand.hands[Seat.S], hand.auction, rules, hand.dealer,
                       misere=False).choice
    assert not (isinstance(call, Bid) and call.is_misere)


def contract_of(seed: int, budget: Budget) -> Bid:
    game = Game("australian", seed, budget=budget)
    while game.phase is Phase.AUCTION:
        game.computer()
    contract = game.auction().contract
    assert contract is not None
    return contract.bid


#: No clock (the same calls every run), few layouts.
FEW = Budget(seconds=None, early=2, middle=2, late=2, bids=8)


def test_the_practice_game_bids_no_trumps_by_simulation_where_the_count_does_not() -> None:
    count = contract_of(0, Budget(seconds=None, early=2, middle=2, late=2, bids=0))
    simulated = contract_of(0, FEW)
    assert count.strain is not Strain.NO_TRUMPS
    assert simulated.strain is Strain.NO_TRUMPS


@pytest.mark.parametrize(("budget", "layouts"), [
    (Budget(), 32),                               # the practice table: a clock, 32 layouts
    (Budget(seconds=None, early=2, middle=2, late=2), 4),  # no clock: ``late``, at least 4
    (Budget(seconds=None, early=2, middle=2, late=2, bids=7), 7),
    (MINING_BUDGET, 0),                           # mining keeps the count
])
def test_the_budget_says_how_many_layouts_judge_a_call(budget: Budget, layouts: int) -> None:
    assert budget.bid_layouts == layouts
