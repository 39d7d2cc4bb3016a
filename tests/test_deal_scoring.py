"""Scoring by party (partnerships or three players): agrees with score_hand and game_end for
partnerships, and follows the three-handed and American end-of-game rules."""

from __future__ import annotations

import random

import pytest

from tutor.auction import Bid, Contract
from tutor.party_scoring import DealScore, TrickOrderNeeded, deal_end, score_deal
from tutor.rules import preset
from tutor.rulings import Kind
from tutor.scoring import game_end, score_hand
from tutor.seats import FOUR_SIDES, Seat

BIDS = [f"{n}{s}" for n in range(6, 11) for s in ("S", "C", "D", "H", "NT")] + ["misere", "open-misere"]
RULES = [
    preset("australian"),
    preset("american"),
    preset("australian", {"slam": "plus250", "defenders_score_in_misere": True, "misere_value": 300}),
    preset("australian", {"slam": "none", "defender_trick_value": 0}),
    preset("american", {"misere_defenders_count": "their-tricks", "defender_trick_value": 15}),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(sorted(r.differences().items())) or r.name)
def test_partnership_scores_agree_with_score_hand(rules: object) -> None:
    from tutor.rules import RuleSet

    assert isinstance(rules, RuleSet)
    for text in BIDS:
        bid = Bid.parse(text)
        for declarer in (Seat.N, Seat.W):
            side = declarer.side
            for taken in range(11):
                for forfeit in (None, "a reason") if bid.is_misere else (None,):
                    won = {side: taken, side.other: 10 - taken}
                    old = score_hand(Contract(bid, declarer), won, rules, forfeit=forfeit)
                    new = score_deal(bid, side.value, {s.value: n for s, n in won.items()}, rules,
                                     forfeit=forfeit)
                    assert new.made == old.made
                    assert new.score == {s.value: v for s, v in old.score.items()}
                    assert new.ruling.kind == old.ruling.kind


def test_partnership_game_end_agrees_with_game_end() -> None:
    rng = random.Random(500)
    for rules in RULES:
        for _ in range(3000):
            bid = Bid.parse(rng.choice(BIDS))
            declarer = rng.choice([Seat.N, Seat.E])
            side = declarer.side
            taken = rng.randrange(11)
            won = {side: taken, side.other: 10 - taken}
            before = {s: rng.randrange(-490, 500, 10) for s in FOUR_SIDES}
            hand = score_hand(Contract(bid, declarer), won, rules)
            totals = {s: before[s] + hand.score[s] for s in FOUR_SIDES}
            old = game_end(totals, hand, rules)
            deal = score_deal(bid, side.value, {s.value: n for s, n in won.items()}, rules)
            new = deal_end({s.value: v for s, v in before.items()}, deal, rules)
            assert (old is None) == (new is None), (before, bid, taken)
            if old is None or new is None:
                continue
            assert new.losers == tuple(s.value for s in old.losers)
            if old.winners:
                assert new.winners == tuple(s.value for s in old.winners)
            else:  # out the back door: with two sides, the other one wins
                assert new.winners == tuple(s.value for s in FOUR_SIDES if s not in old.losers)


THREE = ("Ann", "Bob", "Cat")


def deal(bid: str, by: str, tricks: tuple[int, int, int], rules_name: str = "australian",
         **settings: object) -> DealScore:
    rules = preset(rules_name, settings)
    return score_deal(Bid.parse(bid), by, dict(zip(THREE, tricks, strict=True)), rules)


def test_three_handed_opponents_each_score_their_own_tricks() -> None:
    d = deal("8H", "Ann", (7, 2, 1))
    assert not d.made
    assert d.score == {"Ann": -300, "Bob": 20, "Cat": 10}
    assert "Bob scores 20 for their 2 tricks and Cat scores 10 for their 1 trick" in d.ruling.text
    assert "Ann loses 300" in d.ruling.text


def test_three_handed_slam_and_overtricks() -> None:
    assert deal("6S", "Bob", (0, 10, 0)).score == {"Ann": 0, "Bob": 250, "Cat": 0}
    assert deal("6S", "Bob", (0, 10, 0), slam="none").score["Bob"] == 40
    assert deal("7D", "Cat", (1, 1, 8)).score == {"Ann": 10, "Bob": 10, "Cat": 180}


def test_three_handed_misere_defenders() -> None:
    assert deal("misere", "Ann", (1, 5, 4)).score == {"Ann": -250, "Bob": 0, "Cat": 0}
    on = deal("misere", "Ann", (2, 5, 3), defenders_score_in_misere=True)
    assert on.score == {"Ann": -250, "Bob": 50, "Cat": 30}  # Cardzo: each scores their own tricks
    nullo = deal("misere", "Ann", (2, 5, 3), "american")
    assert nullo.score == {"Ann": -250, "Bob": 20, "Cat": 20}  # American: per trick Ann took


def end(before: tuple[int, int, int], d: DealScore, rules_name: str = "american",
        order: list[str] | None = None) -> tuple[tuple[str, ...], tuple[str, ...], str] | None:
    e = deal_end(dict(zip(THREE, before, strict=True)), d, preset(rules_name), order=order)
    return None if e is None else (e.winners, e.losers, e.ruling.text)


def test_australian_opponents_cannot_back_into_a_win() -> None:
    d = deal("7S", "Ann", (7, 3, 0), "australian")
    assert end((0, 480, 0), d, "australian") is None


def test_american_opponent_wins_on_trick_points() -> None:
    d = deal("7S", "Ann", (7, 3, 0), "american")
    result = end((0, 480, 0), d)
    assert result is not None and result[0] == ("Bob",)


def test_american_contractor_wins_when_both_reach() -> None:
    d = deal("7S", "Ann", (7, 3, 0), "american")
    result = end((400, 480, 0), d)
    assert result is not None and result[0] == ("Ann",)
    assert "contractor wins" in result[2]


def test_american_first_opponent_to_reach_counts() -> None:
    d = deal("8S", "Ann", (5, 3, 2), "american")  # set: Ann loses, Bob and Cat both pass 500
    order = ["Ann", "Bob", "Ann", "Cat", "Ann", "Cat", "Bob", "Ann", "Bob", "Ann"]
    # Bob at 480 needs two tricks (reached at trick 7); Cat at 490 needs one (trick 4): Cat first.
    result = end((0, 480, 490), d, order=order)
    assert result is not None
    assert result[0] == ("Cat",)
    assert "Bob got there later" in result[2]
    with pytest.raises(TrickOrderNeeded, match="order of the tricks"):
        end((0, 480, 490), d)


def test_american_two_opponents_on_the_same_trick_both_win() -> None:
    rules = preset("american")
    d = score_deal(Bid.parse("misere"), "Ann", {"Ann": 1, "Bob": 5, "Cat": 4}, rules)
    order = ["Bob", "Cat", "Ann", "Bob", "Cat", "Bob", "Cat", "Bob", "Cat", "Bob"]
    e = deal_end({"Ann": 0, "Bob": 490, "Cat": 495}, d, rules, order=order)
    assert e is not None and e.winners == ("Bob", "Cat")  # both earn 10 on the trick Ann took


def test_three_handed_back_door_names_no_winner() -> None:
    d = deal("10NT", "Ann", (9, 1, 0), "australian")
    e = deal_end({"Ann": -100, "Bob": 0, "Cat": 0}, d, preset("australian"))
    assert e is not None
    assert e.winners == () and e.losers == ("Ann",)
    assert e.ruling.kind is Kind.GAME_LOST
    assert "ranked by their totals" in e.ruling.text


def test_win_and_back_door_in_one_deal() -> None:
    rules = preset("american")
    d = score_deal(Bid.parse("10NT"), "NS", {"NS": 4, "EW": 6}, rules)
    e = deal_end({"NS": -100, "EW": 450}, d, rules)
    assert e is not None and e.winners == ("EW",) and e.losers == ("NS",)
    assert e.ruling.kind is Kind.GAME_WON
    assert "out the back door" in e.ruling.text
