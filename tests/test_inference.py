"""The inference model: layouts of the unseen cards weighted by what the auction said.

The statistical tests deal a fixed number of layouts under fixed seeds and compare the weighted
with the unweighted figures over the same layouts: the bounds are wide enough that the seed does
not decide them, and narrow enough that a model which ignored the calls would fail.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.engine.auction import Bid, Call, Pass, parse_call, run_auction
from tutor.engine.cards import Card, Joker, Suit, SuitedCard
from tutor.engine.play import PlayContext, effective_suit
from tutor.engine.replay import build
from tutor.engine.rules import preset
from tutor.engine.seats import Seat
from tutor.files.handfile import load
from tutor.solve import Position
from tutor.teach.players.bidding import counts_at
from tutor.teach.players.inference import (
    DEFAULT_MODEL,
    History,
    Model,
    Spot,
    Weighted,
    call_likelihood,
    effective_size,
    history_of,
    layout_weight,
    spots,
    weighted_layouts,
)
from tutor.teach.singledummy import _own_discard, _position

RULES = preset("australian")
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def spot(seat: Seat, call: str, before: str = "", dealer: Seat = Seat.N) -> Spot:
    """The spot of ``call`` by ``seat`` after the calls ``before`` (North deals: East speaks first)."""
    calls: list[Call] = [parse_call(c) for c in before.split()]
    found = spots(History(RULES, dealer, (*calls, parse_call(call))))[-1]
    assert found.seat == seat
    return found


def likelihood(s: Spot, hand: str) -> float:
    held = cards(hand)
    return call_likelihood(s, counts_at(s.seat, held, s.before, RULES), held)


#: (spot, hand, least, most): how likely the computer's count makes that call.
LIKELIHOODS = [
    # East opens: a pass with the joker, both red bowers, ace-king of hearts and an ace is
    # very unlikely (the count is 9 in hearts); with nothing, it is what the computer does
    (spot(Seat.E, "pass"), "Jo JH JD AH KH AS 4C 5C 6S 7S", 0.02, 0.05),
    (spot(Seat.E, "pass"), "4H 5H 6C 7C 8D 9D 4S 5S 6S 7D", 0.95, 1.0),
    # 7♥ from a hand that counts 7 in hearts: likely; counting 4: unlikely, never impossible
    (spot(Seat.E, "7H"), "Jo JH AH 9H 7H AS 4C 5D 6S 7S", 0.5, 1.0),
    (spot(Seat.E, "7H"), "9H 7H 5H AS 4C 5D 6S 7S 8C 9C", 0.02, 0.05),
    # 7♥ when the hand's count is in spades: the strain is wrong
    (spot(Seat.E, "7H"), "Jo JS JC AS KS QS 4H 5H 4D 5D", 0.02, 0.1),
    # South passes over East's 7♥ with a hand counting 9 in spades: unlikely
    (spot(Seat.S, "pass", "7H"), "Jo JS JC AS KS QS AD 5H 4D 5D", 0.02, 0.1),
]


@pytest.mark.parametrize(("at", "hand", "least", "most"), LIKELIHOODS)
def test_a_call_is_as_likely_as_the_computers_count_makes_it(
    at: Spot, hand: str, least: float, most: float
) -> None:
    assert least <= likelihood(at, hand) <= most


def test_no_call_makes_a_layout_impossible() -> None:
    model = Model(softness=0.05, floor=0.01)
    at = spot(Seat.E, "7H")
    held = cards("4H 5H 6C 7C 8D 9D 4S 5S 6S 7D")
    assert call_likelihood(at, counts_at(at.seat, held, at.before, RULES), held, model) >= 0.01


def test_a_seat_that_does_not_count_says_nothing() -> None:
    # partner (West) holds the bid: the computer passes without counting
    at = spot(Seat.E, "pass", "pass 7S pass", dealer=Seat.E)
    assert counts_at(at.seat, cards("Jo JH JD AH KH AS 4C 5C 6S 7S"), at.before, RULES) is None
    assert likelihood(at, "Jo JH JD AH KH AS 4C 5C 6S 7S") == 1.0


# North deals; East bids 7♥ and the others pass: East takes the kitty and puts three away. North,
# to see the layouts, holds none of the joker and the jacks, and two hearts.
NORTH = cards("AH 4H AS 10S 9S 8S 10C 9C 10D 9D")
REST = [c for c in RULES.the_pack.cards if c not in NORTH]
HISTORY = History(RULES, Seat.N, (Bid.parse("7H"), Pass(), Pass(), Pass()), Seat.E, kitty=3)


def start() -> Position:
    """The first lead, East to play (the contractor leads in the Australian game)."""
    hands = (NORTH, tuple(REST[0:10]), tuple(REST[10:20]), tuple(REST[20:30]))
    ctx = PlayContext.of(Bid.parse("7H"), None)
    return Position(SEATS, hands, (False, True, False, True), ctx, leader=1)


def north_view(seed: int = 3, most: int = 300, model: Model | None = None,
               history: History | None = HISTORY) -> Weighted:
    return weighted_layouts(start(), 0, history, pack=RULES.the_pack.cards,
                            rng=random.Random(seed), most=most, model=model or DEFAULT_MODEL)


def means(w: Weighted, measure: Callable[[Position], float]) -> tuple[float, float]:
    """The weighted and the unweighted mean of ``measure`` over the same layouts."""
    values = [measure(p) for p in w.layouts]
    return sum(v * x for v, x in zip(values, w.weights, strict=True)), sum(values) / len(values)


def hearts(hand: tuple[Card, ...]) -> int:
    ctx = PlayContext.of(Bid.parse("7H"), None)
    return sum(1 for c in hand if effective_suit(c, ctx) is Suit.HEARTS)


def test_after_east_bids_seven_hearts_east_holds_more_hearts() -> None:
    w = north_view()
    weighted, unweighted = means(w, lambda p: hearts(p.hands[1]))
    # a random ten of the 33 unseen cards holds about 3.6 trumps (12 of 33); after 7♥ East
    # holds clearly more, and West and South fewer
    assert 3.0 <= unweighted <= 4.2
    assert weighted >= unweighted + 0.7
    assert means(w, lambda p: hearts(p.hands[2]))[0] < unweighted


def top_three(hand: tuple[Card, ...]) -> bool:
    """The joker and both bowers of one suit (the three best trumps there)."""
    jacks = {c.suit for c in hand if isinstance(c, SuitedCard) and c.rank.value == "J"}
    pairs = ({Suit.HEARTS, Suit.DIAMONDS}, {Suit.SPADES, Suit.CLUBS})
    return Joker() in hand and any(p <= jacks for p in pairs)


#: East deals: South passes first, West and North pass, East bids 6♥.
SOUTH_FIRST = History(RULES, Seat.E, (Pass(), Pass(), Pass(), Bid.parse("6H")), Seat.E, kitty=3)


def test_after_souths_pass_south_rarely_holds_the_joker_and_both_bowers() -> None:
    w = north_view(seed=5, most=1000, history=SOUTH_FIRST)
    weighted, unweighted = means(w, lambda p: float(top_three(p.hands[2])))
    assert unweighted >= 0.02  # the sample holds such hands for South
    assert weighted <= unweighted / 3


def test_weights_are_a_pure_function_of_the_layout_and_the_history() -> None:
    one, two = north_view(seed=4, most=20), north_view(seed=4, most=20)
    assert one == two
    pos = one.layouts[0]
    left = [c for c in REST if not any(c in h for h in pos.hands[1:])]
    assert layout_weight(pos, 0, HISTORY, left) == layout_weight(pos, 0, HISTORY, left)
    assert north_view(seed=9, most=20) != one


def test_the_contractors_own_calls_tell_it_nothing() -> None:
    # East sees its own hand and the kitty: only the others' passes weigh a layout for East,
    # while for North East's 7♥ weighs too
    lay = north_view(seed=1, most=5).layouts[0]
    left = [c for c in REST if not any(c in h for h in lay.hands)]
    passes = 1.0
    for s in spots(HISTORY)[1:]:
        held = lay.hands[SEATS.index(s.seat)]
        passes *= call_likelihood(s, counts_at(s.seat, held, s.before, RULES), held)
    assert layout_weight(lay, 1, HISTORY, left) == pytest.approx(passes)
    assert layout_weight(lay, 0, HISTORY, left) != pytest.approx(passes / likelihood(
        spots(HISTORY)[3], " ".join(str(c) for c in NORTH)))


def test_without_an_auction_every_layout_counts_alike() -> None:
    w = north_view(history=None, most=30)
    assert set(w.weights) == {1 / 30} and w.ess == 30
    assert "each counted alike" in w.note


def test_weights_that_collapse_are_widened_and_say_so() -> None:
    # a very hard model: almost every layout is far from what the calls say
    hard = Model(softness=0.02, floor=1e-9, kitty_draws=4, min_ess=40)
    w = north_view(seed=2, most=200, model=hard)
    assert w.power < 1.0
    assert w.ess >= 40
    assert "widened" in w.note and f"power {w.power:g}" in w.note
    # the weights the model gives as it is leave fewer than that
    same = north_view(seed=2, most=200, model=Model(softness=0.02, floor=1e-9, kitty_draws=4, min_ess=0))
    assert same.power == 1.0 and same.ess < 40


def test_the_model_as_it_is_keeps_enough_layouts() -> None:
    w = north_view(seed=3, most=300)
    assert w.power == 1.0 and 10 <= w.ess < 300
    assert "weighted by the auction" in w.note and "widened" not in w.note


@pytest.mark.parametrize(
    ("weights", "expected"),
    [([1.0, 1.0, 1.0, 1.0], 4.0), ([1.0, 0.0, 0.0], 1.0), ([3.0, 1.0], 1.6), ([0.5, 0.5], 2.0)],
)
def test_effective_size(weights: list[float], expected: float) -> None:
    assert effective_size(weights) == pytest.approx(expected)


def test_the_spots_follow_the_auction() -> None:
    at = spots(HISTORY)
    assert [s.seat for s in at] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert dict(at[0].needs)[Bid.parse("6H").strain] == 6  # type: ignore[index]
    # over 7♥: 8♠ (7♠ ranks below 7♥), 8♥, 7NT
    assert dict(at[1].needs)[Bid.parse("7S").strain] == 8  # type: ignore[index]
    assert dict(at[1].needs)[Bid.parse("7H").strain] == 8  # type: ignore[index]
    assert dict(at[1].needs)[Bid.parse("7NT").strain] == 7  # type: ignore[index]
    assert run_auction(HISTORY.calls, RULES, Seat.N).contract is not None


def test_the_model_sits_above_the_computer_bidder() -> None:
    """The model judges calls by the bidder's count, so it imports the bidder and never the
    other way round (the computer players may use the model later)."""
    import ast

    from tutor.teach.players import bidding, inference

    def imported(path: str | None) -> set[str]:
        assert path is not None
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}

    assert "tutor.teach.players.bidding" in imported(inference.__file__)
    assert not {m for m in imported(bidding.__file__) if m.endswith("inference")}


#: Weights of six layouts (seed 7) at a point of lessons of every kind of table and contract,
#: recorded from the model before its weighting was made quicker: the quicker code must give
#: the very same numbers.
RECORDED = [
    ('open-misere', 0, (
        0.07188638818231005, 0.18525700334159695, 0.18530600185469276,
        0.18406044322914117, 0.19109141162202264, 0.1823987517702366,
    ), 5.634132820880421),
    ('open-misere', 4, (
        0.042077906866700605, 0.015283439493888138, 0.045853453773832216,
        0.03226207948540464, 0.8417793998815186, 0.022743720498655817,
    ), 1.4000555968903141),
    ('first-night-seven-hearts', 0, (
        0.1819101310947032, 0.14998703971216523, 0.15276028862474422,
        0.1819101310947032, 0.15276028862474422, 0.18067212084893985,
    ), 5.952645615335628),
    ('first-night-seven-hearts', 5, (
        0.05782544927738248, 0.2417265197837959, 0.15446885260119386,
        0.03602650096924371, 0.2348694513145506, 0.27508322605383356,
    ), 4.5920330275294035),
    ('eight-hearts-set', 2, (
        0.00026060771798278124, 0.8156416261614752, 0.05965070810696676,
        0.08034019021959472, 0.019495292978570174, 0.02461157481541048,
    ), 1.4786995996547878),
    ('six-handed-misere-both-partners-out', 1, (
        0.07285531819770787, 0.31474039124309294, 0.037227780480058065,
        0.35293874289178595, 0.010441375597985839, 0.21179639158936933,
    ), 3.6325618769178276),
    ('five-handed-called-ace', 3, (
        0.1014947701968905, 0.1880547020067243, 0.16244131948307616,
        0.37618092066251946, 0.05840819275485082, 0.1134200948959387,
    ), 4.350840243575967),
    ('misere-defence-on-souths-nine', 7, (
        0.04195744682895497, 0.031384028498027766, 0.05160588186872045,
        0.044958424200158095, 0.7432373263907531, 0.08685689221338543,
    ), 1.7625007204386556),
    ('west-seventh-street-inkle', 1, (
        0.007980692914058386, 0.056979107024572616, 0.009895507952533683,
        0.887302788924849, 0.028914077468000968, 0.00892782571598544,
    ), 1.2632160818906284),
    ('canadian-two-jokers', 2, (
        0.061711615077768345, 0.17593284503539544, 0.08381290914345475,
        0.6086401231397967, 0.054726206956243945, 0.01517630064734095,
    ), 2.4070089957119847),
]


@pytest.mark.parametrize(("name", "cards_played", "weights", "ess"), RECORDED)
def test_the_weights_are_those_recorded(name: str, cards_played: int, weights: tuple[float, ...],
                                        ess: float) -> None:

    rep = build(load(Path(__file__).resolve().parent.parent / "hands" / f"{name}.yaml"))
    pos, known, _played = _position(rep, cards_played)
    me = pos.to_move
    history = history_of(rep, cards_played)
    gone = [*history.cards_played(), *_own_discard(rep, pos.seats[me])]
    w = weighted_layouts(pos, me, history, pack=rep.rules.the_pack.cards, known=known, gone=gone,
                         rng=random.Random(7), most=6)
    assert (w.weights, w.ess) == (weights, ess)
