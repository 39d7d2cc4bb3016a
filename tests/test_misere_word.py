"""The word for misère comes from the rule set: American tables (and West Seventh Street,
which builds on them) call it nullo, and every ruling says so."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tutor.engine.auction import AuctionError, Bid, BidKind, parse_call, run_auction
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, build
from tutor.engine.rules import preset
from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.views.terminal.replay import format_replay

HANDS = Path(__file__).resolve().parent.parent / "hands"


@pytest.mark.parametrize(
    ("name", "word"),
    [("australian", "misère"), ("avondale", "misère"), ("american", "nullo"),
     ("west-seventh-street", "nullo")],
)
def test_each_preset_names_misere(name: str, word: str) -> None:
    assert preset(name).misere_word == word


def test_the_word_is_how_a_bid_is_said_not_which_bid_it_is() -> None:
    nullo = Bid.parse("misere").called(preset("american"))
    assert nullo == Bid.parse("misere") and hash(nullo) == hash(Bid.parse("misere"))
    assert str(nullo) == "misere"  # the notation does not change
    assert nullo.words() == "nullo" and nullo.pretty() == "Nullo"
    assert Bid.parse("open-misere").called(preset("american")).words() == "open nullo"
    assert Bid.parse("misere").called(preset("australian")).words() == "misère"


def misere_hand(rules: str, *, open_misere: bool = False) -> tuple[Hand, Replay]:
    want = BidKind.OPEN_MISERE if open_misere else BidKind.MISERE
    for seed in range(3000):
        hand = random_hand(seed, RulesSpec(rules))
        rp = build(hand)
        if rp.contract is not None and rp.contract.bid.kind is want and rp.complete:
            return hand, rp
    raise AssertionError(f"no {want.value} hand under {rules}")


@pytest.mark.parametrize("rules", ["american", "west-seventh-street"])
def test_every_ruling_of_a_nullo_hand_says_nullo(rules: str) -> None:
    hand, rp = misere_hand(rules)
    texts = [s.ruling.text for s in rp.steps]
    assert not [t for t in texts if "misère" in t.lower()]
    assert any("bids nullo" in t for t in texts)  # the auction
    assert rp.auction is not None and "Nullo" in [c.pretty() for c in rp.auction.calls]  # widget, pages
    assert rp.contract is not None and rp.contract.bid.pretty() == "Nullo"
    assert rp.result is not None and "nullo" in rp.result.ruling.text  # the score
    terminal = format_replay(rp)
    assert "misère" not in terminal.lower() and "nullo" in terminal.lower()
    # The same hand with the setting changed says misère.
    other = build(dataclasses.replace(hand, rules_spec=RulesSpec(rules, {"misere_word": "misère"})))
    assert not other.problems
    assert any("bids misère" in s.ruling.text for s in other.steps)
    assert not [s.ruling.text for s in other.steps if "nullo" in s.ruling.text]


def test_a_wildcard_joker_in_nullo_is_explained_in_nullo() -> None:
    for seed in range(3000):
        hand = random_hand(seed, RulesSpec("american"))
        rp = build(hand)
        if rp.contract is None or not rp.contract.bid.is_misere:
            continue
        joker = [s.ruling.text for s in rp.steps if "joker" in s.ruling.text and s.trick]
        if joker:
            assert all("misère" not in t for t in joker)
            assert any("in nullo" in t for t in joker), joker
            return
    raise AssertionError("no nullo hand with the joker played")


def test_auction_refusals_say_nullo_under_american_rules() -> None:
    with pytest.raises(AuctionError, match="American Five Hundred has no open misère"):
        run_auction([parse_call("open-misere")], preset("american"), Seat.N)
    with pytest.raises(AuctionError, match="Australian four-handed Five Hundred has no misère"):
        run_auction([parse_call("misere")], preset("australian", {"misere": False}), Seat.N)


def test_grand_nullo_play_is_explained_as_grand_nullo() -> None:
    rp = build(handfile.load(HANDS / "west-seventh-street-grand-nullo.yaml"))
    texts = " ".join(s.ruling.text for s in rp.steps)
    assert "misère" not in texts
    assert "in grand nullo, with no trump suit" in texts
