"""Single-dummy analysis: each legal card over the layouts a seat could not tell apart."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Card
from tutor.engine.play import Play, PlayContext
from tutor.engine.replay import Replay, build
from tutor.engine.rules import preset
from tutor.engine.seats import Seat
from tutor.files.handfile import load
from tutor.solve import Position, SolveError, Solver, analyse, deal_of
from tutor.solve.singledummy import Goal, goal_of, mark, single_dummy
from tutor.solve.why import Reason, decisive_card
from tutor.teach.players.inference import history_of, weighted_layouts
from tutor.teach.singledummy import analyse_position, analyse_seat

HANDS = "hands"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def replay(name: str) -> Replay:
    return build(load(f"{HANDS}/{name}.yaml"))


@pytest.mark.parametrize(
    ("loss", "expected"),
    [(0.0, None), (0.1, None), (0.11, "?"), (0.6, "?"), (0.61, "??"), (2.0, "??")],
)
def test_the_mark_is_bens_rule_on_expected_tricks(loss: float, expected: str | None) -> None:
    assert mark(loss) == expected


def test_the_goal_scores_every_trick_count() -> None:
    goal = goal_of(replay("first-night-seven-hearts"))  # South's 7♥, Avondale: worth 200
    assert (goal.need, goal.minimise, len(goal.points)) == (7, False, 11)
    assert goal.points[7] == goal.points[8] == 200 and goal.points[6] == -200
    assert goal.made(7) and not goal.made(6)


@pytest.mark.parametrize("name", ["first-night-seven-hearts", "misere-defence-on-souths-nine"])
def test_with_every_hand_open_single_dummy_is_double_dummy(name: str) -> None:
    rep = replay(name)
    deal = deal_of(rep)
    goal = goal_of(rep)
    dd = analyse(rep)
    for k, (pos, _play) in enumerate(deal.positions()):
        if k % 3:
            continue
        me = pos.to_move
        others = [i for i in range(len(pos.seats)) if i != me]
        history = history_of(rep, k)
        w = weighted_layouts(pos, me, history, pack=rep.rules.the_pack.cards, known=others,
                             gone=history.cards_played(), rng=random.Random(0))
        sd = single_dummy(pos, w, goal, truth=pos)
        assert sd.layouts == 1
        options = dd.plays[k].options
        assert {c.play: c.expected for c in sd.cards} == options
        for c in sd.cards:
            assert c.double_dummy == options[c.play]
            assert c.make == (1.0 if goal.made(options[c.play]) else 0.0)
            cost = abs(dd.plays[k].best - options[c.play])
            assert c.mark == (None if cost == 0 else "??")


def test_the_last_card_of_the_hand_is_known_to_whoever_plays_it() -> None:
    rep = replay("first-night-seven-hearts")
    sd = analyse_position(rep, 39)
    assert sd.layouts == 1 and sd.best.expected == sd.best.double_dummy


# North led the 4♠ and East played the 3♠; South, to play, holds the A♠ Q♠ and its side needs
# both tricks. Unseen: the K♠ and three hearts. The queen (the finesse) wins both when East holds
# the king; the ace drops the king when West holds it, which is then always alone (West's other
# card a heart): West holds it in 6 of the 12 layouts, East in 3, North in 3.
FINESSE = Position(
    seats=(Seat.N, Seat.E, Seat.S, Seat.W),
    hands=(cards("8H"), cards("KS"), cards("AS QS"), cards("7H 9H")),
    team=(True, False, True, False),
    ctx=PlayContext.of(Bid.parse("6NT"), None),
    leader=0,
    trick=(Play(Card.parse("4S")), Play(Card.parse("3S"))),
    won=4,
)


def test_the_finesse_is_best_double_dummy_and_the_drop_single_dummy() -> None:
    pack = preset("australian").the_pack.cards
    gone = [c for c in pack if c not in cards("8H KS AS QS 7H 9H 4S 3S")]
    w = weighted_layouts(FINESSE, 2, None, pack=pack, gone=gone, rng=random.Random(0))
    assert w.exact and len(w.layouts) == 12
    sd = single_dummy(FINESSE, w, Goal(6, False), truth=FINESSE)
    ace, queen = sd.of(Play(Card.parse("AS"))), sd.of(Play(Card.parse("QS")))
    assert sd.best.play == ace.play
    # the ace: 6 tricks in 9 layouts (the king with West or North), 5 in 3
    assert ace.expected == pytest.approx(69 / 12) and ace.make == pytest.approx(9 / 12)
    # the queen: 6 with the king East or North; with it West, 5 when North's 8♥ beats
    # West's heart lead (the 7♥), 4 otherwise
    assert queen.expected == pytest.approx(62 / 12) and queen.make == pytest.approx(6 / 12)
    assert (ace.double_dummy, queen.double_dummy) == (5, 6)  # East holds the king
    assert queen.mark == "?" and ace.mark is None


def test_the_analysis_is_deterministic_under_a_seed() -> None:
    rep = replay("first-night-seven-hearts")
    one = analyse_position(rep, 5, most=30, seed=2)
    assert one == analyse_position(rep, 5, most=30, seed=2)
    assert one.layouts == 30 and one.ess < 30  # sampled, and weighted by the auction
    assert all(c.score is not None and -200 <= c.score <= 250 for c in one.cards)
    assert one != analyse_position(rep, 5, most=30, seed=3)


def test_every_card_a_seat_played_is_analysed_with_its_legal_alternatives() -> None:
    rep = replay("first-night-seven-hearts")
    deal = deal_of(rep)
    plays = dict(enumerate(deal.plays))
    found = list(analyse_seat(rep, Seat.W, most=10))
    assert [k for k, _sd in found] == [k for k in plays if k % 4 == 1]  # West plays second
    for k, sd in found:
        assert sd.seat == Seat.W and not sd.wants_more  # a defender
        sd.of(plays[k])  # the card played is among those valued
        expected = [c.expected for c in sd.cards]
        assert expected == sorted(expected)  # best first: fewest tricks to the contractors


def test_one_solver_values_every_layout_in_one_batch_and_one_the_truth() -> None:
    asked = []
    batches: list[int] = []

    class Counting(Solver):
        def __init__(self) -> None:
            super().__init__()
            asked.append(self)

        def options_batch(self, layouts: Sequence[Position], **kw: Any) -> list[dict[Play, int]]:
            batches.append(len(layouts))
            return super().options_batch(layouts, **kw)

    pack = preset("australian").the_pack.cards
    gone = [c for c in pack if c not in cards("8H KS AS QS 7H 9H 4S 3S")]
    w = weighted_layouts(FINESSE, 2, None, pack=pack, gone=gone, rng=random.Random(0))
    single_dummy(FINESSE, w, Goal(6, False), truth=FINESSE, solver=Counting)
    assert len(asked) == 2
    assert batches == [len(w.layouts)] == [12]


def test_the_finesse_did_better_double_dummy_because_east_held_the_king() -> None:
    queen, ace = Play(Card.parse("QS")), Play(Card.parse("AS"))
    hidden = [0, 1, 3]  # South sees neither North's nor East's nor West's cards
    # single-dummy found the queen worse; double-dummy it did better: moved to North the king
    # makes them equal, not the queen worse; moved to West (for either heart) the queen loses
    assert decisive_card(FINESSE, queen, ace, hidden, worse=True) == Reason(Card.parse("KS"), Seat.E, Seat.W)
    # single-dummy's best card, the ace, did worse double-dummy: with the king anywhere else
    # (North first) it would have been at least as good
    assert decisive_card(FINESSE, ace, queen, hidden, worse=False) == Reason(Card.parse("KS"), Seat.E, Seat.N)


@pytest.mark.parametrize(
    ("mine", "other", "hidden", "worse"),
    [
        ("QS", "AS", [0, 3], True),  # East's hand open: the king is not unseen, the hearts decide nothing
        ("QS", "AS", [0, 1, 3], False),  # double-dummy already agrees: the queen is as good
        ("AS", "QS", [0, 1, 3], True),  # ... the ace is worse
    ],
)
def test_no_card_is_named_when_no_single_unseen_card_explains_a_disagreement(
    mine: str, other: str, hidden: list[int], worse: bool
) -> None:
    mine_play, other_play = Play(Card.parse(mine)), Play(Card.parse(other))
    assert decisive_card(FINESSE, mine_play, other_play, hidden, worse=worse) is None


#: Positions (hand, cards played) where some card falls out of reach of the best before the
#: last of thirty layouts.
EARLY = [("defence-joker-gone-left-bower-held", 0), ("first-night-seven-hearts", 18),
         ("misere-defence-on-souths-nine", 6), ("misere-defence-on-souths-nine", 12)]


@pytest.mark.parametrize(("name", "cards_played"), EARLY)
def test_the_early_stop_solves_less_and_changes_no_mark_nor_the_best_card(name: str,
                                                                           cards_played: int) -> None:
    rep = replay(name)
    quick = analyse_position(rep, cards_played, most=30)
    full = analyse_position(rep, cards_played, most=30, early_stop=False)
    assert quick.best == full.best
    assert {c.play: c.mark for c in quick.cards} == {c.play: c.mark for c in full.cards}
    assert sum(c.solved for c in quick.cards) < sum(c.solved for c in full.cards)
    played = deal_of(rep).plays[cards_played]
    for c in quick.cards:
        if c.solved < 30:  # stopped early: sure to lose more than 0.6 trick
            assert c.mark == "??" and c.play != played
        else:  # solved everywhere: the same figures
            assert c == full.of(c.play)
    assert all(c.solved == 30 for c in full.cards)


def test_past_the_last_card_there_is_nothing_to_analyse() -> None:
    rep = replay("misere-defence-on-souths-nine")  # South's misère ends after the tenth trick
    with pytest.raises(SolveError, match="the hand is over here"):
        analyse_position(rep, len(deal_of(rep).plays), most=5)
