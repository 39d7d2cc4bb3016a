"""Tables for three, five and six players, from the rules seed's "Variations Based on Number of
Players": the seats, the packs, who partners whom, and how each table scores."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tutor.engine.auction import Bid, Contract
from tutor.engine.cards import PACKS, Card, Rank
from tutor.engine.hand import RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import StepKind, build
from tutor.engine.rules import preset
from tutor.engine.rulings import Kind
from tutor.engine.scoring import game_end, score_hand
from tutor.engine.seats import Seat, SeatError, Side, table
from tutor.files import handfile

HANDS = "hands"


# --- seats and tables -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (3, "E S W"),
        (4, "N E S W"),
        (5, "N E SE SW W"),
        (6, "N NE SE S SW NW"),
    ],
)
def test_each_table_seats_clockwise(players: int, seats: str) -> None:
    at = table(players)
    assert [s.value for s in at.seats] == seats.split()
    # Going round to the left visits every seat once and comes back.
    seat = at.seats[0]
    seen = []
    for _ in range(players):
        seen.append(seat)
        seat = at.next(seat)
    assert seat is at.seats[0] and set(seen) == set(at.seats)


def test_four_handed_table_agrees_with_seat_shortcuts() -> None:
    at = table(4)
    for seat in at.seats:
        assert at.next(seat) is seat.next()
        assert at.partners(seat) == (seat.partner,)
        assert at.side_of(seat) is seat.side


def test_six_handed_teams_of_three_sit_alternately() -> None:
    # "Played with two partnerships of three, where teammates sit alternately."
    at = table(6)
    for seat in at.seats:
        assert at.side_of(at.next(seat)) is not at.side_of(seat)
        assert len(at.partners(seat)) == 2
    assert at.sides == (Side.N_SE_SW, Side.NE_S_NW)
    assert Side.N_SE_SW.other is Side.NE_S_NW


@pytest.mark.parametrize("players", [3, 5])
def test_three_and_five_handed_score_each_player_alone(players: int) -> None:
    # "Scores are tracked individually."
    at = table(players)
    assert not at.fixed_partners
    assert [side.seats for side in at.sides] == [(s,) for s in at.seats]
    assert all(at.partners(s) == () for s in at.seats)


@pytest.mark.parametrize(
    ("text", "seat"), [("se", Seat.SE), ("South-West", Seat.SW), ("north east", Seat.NE)]
)
def test_seat_names_for_bigger_tables(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


def test_no_table_for_other_counts() -> None:
    with pytest.raises(SeatError, match="no table for 7 players"):
        table(7)
    with pytest.raises(SeatError):
        Seat.NE.next()


# --- presets and packs, from the seed's text ----------------------------------------------


def test_three_handed_pack_has_sevens_lowest() -> None:
    # "A 33-card deck is used, with sevens as the lowest cards in each suit."
    rules = preset("three-handed")
    assert rules.players == 3 and rules.three_handed and len(rules.the_pack) == 33
    ranks = {c.rank for c in rules.the_pack.cards if not c.is_joker}  # type: ignore[attr-defined]
    assert min(r.order for r in ranks) == Rank.SEVEN.order
    assert (len(rules.the_pack) - rules.kitty_size) // rules.players == 10


def test_five_handed_pack_is_the_full_deck_and_a_joker() -> None:
    # "A full standard deck plus a joker is used (53 cards total)."
    rules = preset("five-handed")
    assert rules.players == 5 and len(rules.the_pack) == 53
    calls = (rules.partner_call, rules.called_card, rules.secret_alone)
    assert calls == ("card", "not-joker-or-bower", False)


def test_six_handed_pack_has_elevens_twelves_and_red_thirteens() -> None:
    # "11s and 12s in all suits and 13s in the red suits ... above 10 and below face cards."
    rules = preset("six-handed")
    assert rules.players == 6 and len(rules.the_pack) == 63
    names = {str(c) for c in rules.the_pack.cards}
    assert {"11S", "12S", "11C", "12C", "13D", "13H"} <= names
    assert "13S" not in names and "13C" not in names
    assert Rank.TEN.order < Rank.ELEVEN.order < Rank.TWELVE.order < Rank.THIRTEEN.order < Rank.JACK.order


def test_home_made_pack_repeats_twos_threes_and_red_fours() -> None:
    # "add the 2s, 3s, and red 4s from a second deck"
    pack = PACKS["63-homemade"]
    twice = sorted(str(c) for c, n in Counter(pack.cards).items() if n == 2)
    assert len(pack) == 63
    assert twice == sorted(["2S", "3S", "2C", "3C", "2D", "3D", "4D", "2H", "3H", "4H"])


# --- the lessons ---------------------------------------------------------------------------


def test_three_handed_lesson_scores_each_player() -> None:
    rp, problems = handfile.check(f"{HANDS}/three-handed-alone-against-two.yaml")
    assert problems == [] and rp is not None and rp.result is not None
    data = rp.to_json()
    assert data["tricks_won"] == {"E": 1, "S": 8, "W": 1}
    assert data["score"] == {"E": 10, "S": 300, "W": 10}
    assert data["players"] == 3 and data["seats"] == ["E", "S", "W"]
    assert all(len(t.plays) == 3 for t in rp.tricks)


def test_five_handed_called_card_partner_is_silent_until_played() -> None:
    rp, problems = handfile.check(f"{HANDS}/five-handed-called-ace.yaml")
    assert problems == [] and rp is not None and rp.result is not None
    assert rp.partner is Seat.W
    call = next(i for i, s in enumerate(rp.steps) if s.kind is StepKind.PARTNER)
    reveal = next(i for i, s in enumerate(rp.steps) if s.kind is StepKind.REVEAL)
    assert rp.steps[call].ruling.kind is Kind.PARTNER_CALLED
    assert rp.states[call].partner is None  # nobody knows yet
    assert rp.steps[reveal].trick == 4 and rp.steps[reveal - 1].play is not None
    assert str(rp.steps[reveal - 1].play) == "AH" and rp.states[reveal].partner is Seat.W
    # "If playing with a partner, both share the contract's outcome (win or loss)."
    assert rp.to_json()["score"] == {"N": 140, "E": 10, "SE": 0, "SW": 10, "W": 140}
    assert rp.to_json()["partner"] == "W"


def test_six_handed_misere_both_partners_sit_out() -> None:
    rp, problems = handfile.check(f"{HANDS}/six-handed-misere-both-partners-out.yaml")
    assert problems == [] and rp is not None
    sit = next(i for i, s in enumerate(rp.steps) if s.kind is StepKind.SIT_OUT)
    assert rp.states[sit].out == frozenset({Seat.NE, Seat.NW})
    assert set(rp.steps[sit].ruling.seats) == {Seat.NE, Seat.NW}
    for trick in rp.tricks:
        assert len(trick.plays) == 4 and not {Seat.NE, Seat.NW} & set(trick.seats)
    # the 12 ranks below the queen
    assert str(rp.tricks[1].plays[rp.tricks[1].winner_index or 0]) == "QD"


# --- five-handed partner calls, and the errors -------------------------------------------


def _five(**changes: object) -> list[str]:
    hand = handfile.load(f"{HANDS}/five-handed-called-ace.yaml")
    hand = replace(hand, **changes)  # type: ignore[arg-type]
    return [p.message for p in build(hand).problems]


@pytest.mark.parametrize(
    ("partner", "overrides", "expected"),
    [
        ("Jo", {}, "cannot call the joker"),
        ("JC", {}, "it is a bower"),
        ("QS", {"called_card": "not-trump"}, "it is a trump"),
        ("AS", {}, "calls AS but holds it"),
        ("4D", {}, "calls 4D but discarded it"),
        ("E", {}, "calls a card, not a player"),
        ("AH", {"partner_call": "seat"}, "names a player, not a card"),
        ("N", {"partner_call": "seat"}, "cannot name North"),
        (None, {}, "needs partner: alone, or a card to call"),
    ],
)
def test_five_handed_partner_errors(partner: str | None, overrides: dict[str, object], expected: str) -> None:
    value: object = None
    if partner is not None:
        try:
            value = Seat.parse(partner)
        except SeatError:
            value = Card.parse(partner)
    problems = _five(partner=value, rules_spec=RulesSpec("five-handed", overrides))
    assert any(expected in p for p in problems), problems


def test_five_handed_secret_alone_and_named_partner() -> None:
    # "a contractor can secretly play alone by nominating a card they hold or have discarded"
    hand = handfile.load(f"{HANDS}/five-handed-called-ace.yaml")
    alone = build(replace(hand, partner=Card.parse("AS"),
                          rules_spec=RulesSpec("five-handed", {"secret_alone": True})))
    assert alone.problems == () and alone.partner is None and alone.result is not None
    assert alone.result.score[Side.ONLY_N] == 140 and alone.result.score[Side.ONLY_W] == 10
    # The American way: "The contractor names a specific player as a partner."
    american = RulesSpec("five-handed", {"partner_call": "seat"})
    named = build(replace(hand, partner=Seat.W, rules_spec=american))
    assert named.problems == () and named.partner is Seat.W
    step = next(i for i, s in enumerate(named.steps) if s.kind is StepKind.PARTNER)
    assert named.states[step].partner is Seat.W  # known at once
    assert not any(s.kind is StepKind.REVEAL for s in named.steps)


def test_partner_key_outside_five_handed_is_a_problem() -> None:
    hand = handfile.load(f"{HANDS}/three-handed-alone-against-two.yaml")
    problems = [p.message for p in build(replace(hand, partner="alone")).problems]
    assert any("only the five-handed game calls a partner" in p for p in problems)


def test_partner_round_trips_through_the_hand_file() -> None:
    hand = handfile.load(f"{HANDS}/five-handed-called-ace.yaml")
    assert "partner: AH" in handfile.dumps(hand)
    assert handfile.loads(handfile.dumps(hand)) == hand


def test_seats_not_at_the_table_are_reported() -> None:
    hand = handfile.load(f"{HANDS}/three-handed-alone-against-two.yaml")
    moved = dict(hand.hands)
    moved[Seat.N] = moved.pop(Seat.E)
    problems = [p.message for p in build(replace(hand, hands=moved)).problems]
    assert any("North has no seat at a three-handed table: the seats are E, S, W" in p for p in problems)
    problems = [p.message for p in build(replace(hand, dealer=Seat.N)).problems]
    assert any("the dealer North has no seat" in p for p in problems)


# --- scoring and the end of the game -------------------------------------------------------


def test_five_handed_misere_is_always_alone() -> None:
    # "Misere and Open Misere are always played solo."
    spec = RulesSpec("five-handed")
    for seed in range(200):
        rp = build(random_hand(seed, spec))
        assert rp.problems == ()
        if rp.contract is not None and rp.contract.bid.is_misere:
            assert rp.partner is None
            assert any(s.ruling.kind is Kind.PLAYS_ALONE for s in rp.steps)
            return
    raise AssertionError("no misère in 200 five-handed deals")


def test_two_players_can_win_at_once() -> None:
    # "If two players simultaneously reach 500+ points, both win."
    rules = preset("five-handed")
    contract = Contract(Bid.parse("7S"), Seat.N)
    won = {Side.ONLY_N: 6, Side.ONLY_E: 1, Side.ONLY_SE: 0, Side.ONLY_SW: 1, Side.ONLY_W: 2}
    hand = score_hand(contract, won, rules, partner=Side.ONLY_W)
    assert hand.made and hand.team == (Side.ONLY_N, Side.ONLY_W)
    totals = {s: 400 + hand.score[s] for s in won}
    end = game_end(totals, hand, rules)
    assert end is not None and set(end.winners) == {Side.ONLY_N, Side.ONLY_W}
    # ... and two can lose at once.
    set_hand = score_hand(Contract(Bid.parse("10NT"), Seat.N), won, rules, partner=Side.ONLY_W)
    totals = {s: -200 + set_hand.score[s] for s in won}
    end = game_end(totals, set_hand, rules)
    assert end is not None and set(end.losers) == {Side.ONLY_N, Side.ONLY_W} and not end.winners


def test_three_handed_defenders_score_their_own_tricks() -> None:
    rules = preset("three-handed")
    won = {Side.ONLY_E: 3, Side.ONLY_S: 5, Side.ONLY_W: 2}
    hand = score_hand(Contract(Bid.parse("6H"), Seat.S), won, rules)
    assert dict(hand.score) == {Side.ONLY_E: 30, Side.ONLY_S: -100, Side.ONLY_W: 20}
    assert "South bid six hearts but took only 5: set by 1, South loses 100." in hand.ruling.text


def test_home_made_pack_first_of_identical_cards_wins() -> None:
    # "If identical cards are played in the same trick, the first played beats the second."
    spec = RulesSpec("six-handed", {"pack": "63-homemade"})
    for seed in range(100):
        rp = build(random_hand(seed, spec))
        for trick in rp.tricks:
            if trick.ruling is not None and trick.ruling.kind is Kind.FIRST_OF_IDENTICAL:
                i = trick.winner_index
                assert i is not None
                assert trick.cards[i] in trick.cards[i + 1:]
                return
    raise AssertionError("no identical cards met in 100 home-made deals")


# --- the pictures: widget and lesson pages draw every seat of the table --------------------


@pytest.mark.parametrize(
    ("lesson", "seats", "count"),
    [
        ("three-handed-alone-against-two", ("E", "S", "W"), "three"),
        ("five-handed-called-ace", ("N", "E", "SE", "SW", "W"), "five"),
        ("six-handed-misere-both-partners-out", ("N", "NE", "SE", "S", "SW", "NW"), "six"),
    ],
)
def test_widget_and_lesson_page_draw_every_seat(lesson: str, seats: tuple[str, ...], count: str) -> None:
    from tutor.views.shared.render import Pictures, environment
    from tutor.views.site.pages import lesson_view
    from tutor.views.widgets.replay import ReplayWidget

    w = ReplayWidget.from_file(f"{HANDS}/{lesson}.yaml")
    assert w.show_picker.options[0] == (f"All {count} hands", "all")
    for seat in seats:
        assert f"tw-seat tw-seat-{seat}" in w.table.value
    assert f"table-{len(seats)}" in w.table.value
    w.step = len(w.replay.steps) - 1
    assert "Score:" in w.header.value and "—" not in w.header.value
    w.show = seats[-1]
    with pytest.raises(Exception, match="show must be"):
        w.show = "NE" if "NE" not in seats else "E"
    view = lesson_view(w.replay, Pictures(environment()))
    assert view["seat_order"] == list(seats) and view["table_class"] == f"table-{len(seats)}"
    assert len(view["won"]) == len(w.replay.table.sides)  # type: ignore[arg-type]
