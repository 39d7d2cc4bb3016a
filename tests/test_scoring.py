"""Scoring a hand and the end of the game, with the Cardzo worked example."""

from __future__ import annotations

import pytest

from tutor.engine.auction import Bid, Contract
from tutor.engine.rules import RuleSet, preset
from tutor.engine.rulings import Kind
from tutor.engine.scoring import HandScore, game_end, score_hand
from tutor.engine.seats import FOUR_SIDES, Seat, Side

NS, EW = Side.NS, Side.EW


def score(bid: str, by: Seat, taken: int, rules: RuleSet | None = None) -> HandScore:
    """Score a hand in which the contractor's side took ``taken`` tricks."""
    rules = rules or preset("australian")
    side = by.side
    contract = Contract(Bid.parse(bid), by)
    against = 10 - taken
    return score_hand(contract, {side: taken, side.other: against}, rules)


@pytest.mark.parametrize(
    ("bid", "taken", "ns", "ew", "kind"),
    [
        ("7H", 7, 200, 30, Kind.CONTRACT_MADE),
        # CardPractice: "Bid 6 hearts and take 8, and you still score 100."
        ("6H", 8, 100, 20, Kind.CONTRACT_MADE),
        # CardPractice: "If you had taken only 6, you would be set: minus 200, and they would
        # still score 40 for their 4 tricks."
        ("7H", 6, -200, 40, Kind.CONTRACT_SET),
        ("10NT", 9, -520, 10, Kind.CONTRACT_SET),
        ("8S", 0, -240, 100, Kind.CONTRACT_SET),
        # The rules page: "A slam ... scores 250 points (if the contract was worth less than 250)."
        ("6S", 10, 250, 0, Kind.SLAM),
        ("7D", 10, 250, 0, Kind.SLAM),
        ("8S", 10, 250, 0, Kind.SLAM),
        ("8C", 10, 260, 0, Kind.SLAM),
        ("9NT", 10, 420, 0, Kind.SLAM),
    ],
)
def test_australian_hand_scores(bid: str, taken: int, ns: int, ew: int, kind: Kind) -> None:
    result = score(bid, Seat.N, taken)
    assert dict(result.score) == {NS: ns, EW: ew}
    assert result.ruling.kind is kind
    assert result.made is (kind is not Kind.CONTRACT_SET)


@pytest.mark.parametrize(
    ("slam", "bid", "points"),
    [("minimum250", "6S", 250), ("minimum250", "9NT", 420), ("none", "6S", 40), ("none", "9NT", 420),
     ("plus250", "6S", 290), ("plus250", "9NT", 670)],
)
def test_slam_setting(slam: str, bid: str, points: int) -> None:
    assert score(bid, Seat.E, 10, preset("australian", {"slam": slam})).score[EW] == points


@pytest.mark.parametrize(("value", "points"), [(0, 0), (5, 15), (10, 30), (20, 60)])
def test_defenders_score_per_trick(value: int, points: int) -> None:
    rules = preset("australian", {"defender_trick_value": value})
    assert score("7H", Seat.N, 7, rules).score[EW] == points
    assert score("7H", Seat.N, 6, rules).score[EW] == points * 4 // 3  # set: they still score


@pytest.mark.parametrize(
    ("name", "overrides", "bid", "taken", "contractor", "defenders", "kind"),
    [
        # Cardzo: "Misère succeeds if the bidder takes no tricks at all, scoring 250. Taking even
        # one trick fails the contract and subtracts 250." Defenders score nothing by default.
        ("australian", {}, "misere", 0, 250, 0, Kind.MISERE_MADE),
        ("australian", {}, "misere", 1, -250, 0, Kind.MISERE_SET),
        ("australian", {}, "open-misere", 0, 500, 0, Kind.MISERE_MADE),
        ("australian", {}, "open-misere", 3, -500, 0, Kind.MISERE_SET),
        # Cardzo's setting on: the defenders score for the tricks they take (the worked example's
        # hand 3 pays them nothing "because defendersScoreOnMisere is off").
        ("australian", {"defenders_score_in_misere": True}, "misere", 2, -250, 80, Kind.MISERE_SET),
        ("australian", {"defenders_score_in_misere": True}, "misere", 0, 250, 100, Kind.MISERE_MADE),
        ("australian", {"defenders_score_in_misere": True, "misere_defenders_count": "contractor-tricks"},
         "misere", 2, -250, 20, Kind.MISERE_SET),
        # American: "all opponents earn 10 points per trick taken by the contractor".
        ("american", {}, "misere", 0, 250, 0, Kind.MISERE_MADE),
        ("american", {}, "misere", 4, -250, 40, Kind.MISERE_SET),
    ],
)
def test_misere_scores(
    name: str, overrides: dict[str, object], bid: str, taken: int, contractor: int, defenders: int,
    kind: Kind,
) -> None:
    contract = Contract(Bid.parse(bid), Seat.W)
    # In misère the contractor's partner sits out: the contractor's side's tricks are the
    # contractor's own, and the defenders took the rest.
    result = score_hand(contract, {EW: taken, NS: 10 - taken}, preset(name, overrides))
    assert dict(result.score) == {EW: contractor, NS: defenders}
    assert result.ruling.kind is kind


def test_misere_forfeit_when_the_joker_is_not_nominated() -> None:
    # The rules page: "Failing to nominate the joker in Misere results in an automatic loss."
    contract = Contract(Bid.parse("misere"), Seat.W)
    result = score_hand(contract, {EW: 0, NS: 10}, preset("australian"), forfeit="joker kept")
    assert result.score[EW] == -250
    assert not result.made
    assert result.ruling.kind is Kind.MISERE_JOKER_NOT_NOMINATED


# --- the Cardzo worked example ------------------------------------------------------------------

CARDZO_HANDS = [
    # contract, declarer, contractor's side's tricks, hand score (NS, EW), running total (NS, EW)
    ("7D", Seat.N, 8, (180, 20), (180, 20)),
    ("8H", Seat.E, 7, (30, -300), (210, -280)),
    ("misere", Seat.E, 0, (0, 250), (210, -30)),
    ("9NT", Seat.S, 10, (420, 0), (630, -30)),
]


def test_cardzo_worked_example() -> None:
    # "Settings: targetScore: 500, defenderTrickValue: 10, slamBonus: minimum250."
    rules = preset("australian", {"target": 500, "defender_trick_value": 10, "slam": "minimum250"})
    totals = {NS: 0, EW: 0}
    ends = []
    for bid, declarer, taken, hand_score, running in CARDZO_HANDS:
        result = score(bid, declarer, taken, rules)
        assert (result.score[NS], result.score[EW]) == hand_score
        totals = {s: totals[s] + result.score[s] for s in FOUR_SIDES}
        assert (totals[NS], totals[EW]) == running
        ends.append(game_end(totals, result, rules))
    # "finished: true after hand 4, because N/S crossed 500 on a made contract."
    assert ends[:3] == [None, None, None]
    final = ends[3]
    assert final is not None
    assert final.winners == (NS,)
    assert final.losers == ()
    assert final.ruling.kind is Kind.GAME_WON
    assert "made contract" in final.ruling.text


# --- the end of the game ------------------------------------------------------------------------

GAME_END = [
    # preset, totals after the hand (NS, EW), contract, declarer, made?, winners, losers
    # Cardzo: "a side sitting on 460 must win a contract to finish; they cannot back into a win
    # on defender tricks alone."
    ("australian", (520, 100), "7H", Seat.E, True, (), ()),
    ("australian", (520, 100), "7H", Seat.E, False, (), ()),
    ("australian", (500, 100), "7H", Seat.N, True, (NS,), ()),
    ("australian", (520, 530), "7H", Seat.N, True, (NS,), ()),
    # "A side that drops to −500 loses at once."
    ("australian", (-500, 100), "8H", Seat.N, False, (EW,), (NS,)),
    ("australian", (-490, 100), "8H", Seat.N, False, (), ()),
    # American: "Opponents can win by accumulating 10-point trick scores."
    ("american", (510, 100), "7H", Seat.E, True, (NS,), ()),
    ("american", (510, 100), "7H", Seat.E, False, (NS,), ()),
    # "If both the contractor and an opponent reach 500+ in the same deal, the contractor wins."
    ("american", (510, 520), "7H", Seat.E, True, (EW,), ()),
    ("american", (-500, 200), "8H", Seat.N, False, (EW,), (NS,)),
    # Avondale (CardPractice): "A side reaches 500 — That side wins the game".
    ("avondale", (500, 100), "7H", Seat.E, True, (NS,), ()),
]


@pytest.mark.parametrize(("name", "totals", "bid", "declarer", "made", "winners", "losers"), GAME_END)
def test_game_end(
    name: str, totals: tuple[int, int], bid: str, declarer: Seat, made: bool,
    winners: tuple[Side, ...], losers: tuple[Side, ...],
) -> None:
    rules = preset(name)
    taken = Bid.parse(bid).tricks if made else 0
    result = score(bid, declarer, taken, rules)
    assert result.made is made
    end = game_end({NS: totals[0], EW: totals[1]}, result, rules)
    if not winners and not losers:
        assert end is None
    else:
        assert end is not None
        assert (end.winners, end.losers) == (winners, losers)
        assert end.ruling.text.startswith("Game over: ")


@pytest.mark.parametrize(
    ("target", "total", "over"), [(300, 300, True), (300, 290, False), (1500, 1490, False)]
)
def test_play_to_setting(target: int, total: int, over: bool) -> None:
    rules = preset("australian", {"target": target})
    result = score("7H", Seat.N, 7, rules)
    assert (game_end({NS: total, EW: 0}, result, rules) is not None) is over
