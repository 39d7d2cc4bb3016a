"""West Seventh Street rules (St. Paul, Minnesota), case by case from the rules page."""

from __future__ import annotations

import dataclasses

import pytest

from tutor.engine.auction import (
    AuctionError,
    Bid,
    BidKind,
    Contract,
    Declaration,
    ace_no_face,
    contract_value,
    ladder_key,
    parse_call,
    run_auction,
)
from tutor.engine.cards import Card
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.kitty import play_context
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, StepKind, build
from tutor.engine.rules import preset
from tutor.engine.rulings import Kind
from tutor.engine.scoring import score_hand
from tutor.engine.seats import Seat, Side
from tutor.files import handfile

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
RULES = preset("west-seventh-street")
SPEC = RulesSpec("west-seventh-street")


def calls(text: str) -> list[object]:
    return [parse_call(t) for t in text.split()]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


@pytest.fixture(scope="module")
def sample() -> list[tuple[Hand, Replay]]:
    out = []
    for seed in range(500):
        hand = random_hand(seed, SPEC)
        out.append((hand, build(hand)))
    return out


# --- the pack and the deal --------------------------------------------------------------------


def test_pack_and_middle() -> None:
    # "A 45-card deck is used—this is a standard deck with the twos and threes removed, but
    # with a joker included." "The remaining 5 cards are called the middle."
    assert len(RULES.the_pack) == 45 and RULES.kitty_size == 5 and RULES.kitty_word == "middle"
    # "Standard American 500 rules apply": one round of bidding.
    assert RULES.auction == "one-round"


def test_the_deal_ruling_gives_the_pattern(sample: list[tuple[Hand, Replay]]) -> None:
    # "3 cards each → 3 to the middle → 2 each → 2 to the middle → 3 each → 2 each."
    text = sample[0][1].steps[0].ruling.text
    assert "ten cards to each player and five to the middle" in text
    assert ("three to each player, three to the middle, two each, two to the middle, three each, "
            "two each") in text


# --- inkles -----------------------------------------------------------------------------------


def test_only_the_first_two_bidders_may_inkle() -> None:
    # "Only the first two players in the bidding round can make an inkle bid."
    run_auction(calls("pass 6D pass 7S"), RULES, W)
    with pytest.raises(AuctionError, match="only by the first two"):
        run_auction(calls("pass pass 6D"), RULES, W)


def test_an_inkle_no_one_overbids_is_thrown_in_by_the_same_dealer() -> None:
    # "If no one bids higher than an inkle, the hand is thrown in and re-dealt by the same dealer."
    auction = run_auction(calls("6D pass pass pass"), RULES, W)
    assert auction.thrown_in
    assert auction.rulings[-1].kind is Kind.THROWN_IN
    assert "same dealer, West, deals again" in auction.rulings[-1].text
    # The inkler's partner "must either bid higher or pass": the bid says so.
    assert "South must overbid it or pass" in auction.rulings[0].text
    overbid = run_auction(calls("6D pass 7D pass"), RULES, W)
    assert overbid.contract == Contract(Bid.parse("7D"), S)


# --- Seven No and Inkle No --------------------------------------------------------------------

JOKER_HAND = {N: cards("Jo AS KS 4H 5H 6H 7H 8C 9C 10D")}
SPLIT = {N: cards("JS JD AS KS 4H 5H 6H 7H 8C 9C")}
PLAIN = {N: cards("JS JC AS KS 4H 5H 6H 7H 8C 9C")}


def test_seven_no_shows_the_joker_or_split_bowers() -> None:
    # "'Seven No' = No Trump bid with either the joker or split bowers (i.e., two jacks of
    # opposite colors)."
    for hands in (JOKER_HAND, SPLIT):
        auction = run_auction(calls("7No pass pass pass"), RULES, W, hands=hands)
        assert auction.contract is not None and str(auction.contract.bid) == "7No"
        assert "joker or split bowers" in auction.rulings[0].text
    with pytest.raises(AuctionError, match="holds neither"):
        run_auction(calls("7No"), RULES, W, hands=PLAIN)
    # "Seven No Trump" = the standard no-trump bid, whatever the hand.
    run_auction(calls("7NT"), RULES, W, hands=PLAIN)


def test_seven_no_stands_where_seven_no_trumps_stands() -> None:
    seven_no, seven_nt = Bid.parse("7No"), Bid.parse("7NT")
    assert seven_no.informative and seven_no.is_no_trumps
    assert ladder_key(seven_no, RULES) == ladder_key(seven_nt, RULES)
    assert contract_value(seven_no, RULES) == 220
    with pytest.raises(AuctionError, match="does not outrank"):
        run_auction(calls("7No 7NT"), RULES, W)


def test_only_the_first_two_bidders_may_bid_seven_no_or_inkle_no() -> None:
    # "The first two bidders have an alternative way to bid No Trump."
    with pytest.raises(AuctionError, match="only the first two"):
        run_auction(calls("pass pass 7No"), RULES, W)
    assert run_auction(calls("pass 6No"), RULES, W).calls
    with pytest.raises(AuctionError, match="no Seven No"):
        run_auction(calls("7No"), preset("american"), W)


# --- Ace – no face ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "may"),
    [
        ("AS 10S 9S 8H 7H 6H 5D 4D 10C 9C", True),
        ("AS AH 9S 8H 7H 6H 5D 4D 10C 9C", False),   # two aces
        ("AS KS 9S 8H 7H 6H 5D 4D 10C 9C", False),   # a face card
        ("AS Jo 9S 8H 7H 6H 5D 4D 10C 9C", False),   # the joker
        ("10S 9S 8S 8H 7H 6H 5D 4D 10C 9C", False),  # no ace
    ],
)
def test_ace_no_face_needs_one_ace_and_no_face_card_or_joker(hand: str, may: bool) -> None:
    # "If a player has exactly one ace but no face cards or joker, they may declare 'Ace – no face'"
    assert ace_no_face(cards(hand)) is may


def test_partner_agrees_and_the_hand_is_thrown_in() -> None:
    # "If the partner agrees, the hand is thrown in and re-dealt (opponents have no say)."
    auction = run_auction([Declaration("ace-no-face"), Declaration("agree")], RULES, W)
    assert auction.thrown_in and auction.callers == (N, S)
    assert auction.rulings[1].kind is Kind.THROWN_IN and "no say" in auction.rulings[1].text


def test_partner_disagrees_and_that_team_cannot_bid_nullo() -> None:
    # "If the partner disagrees, the game continues, but that team cannot bid Nullo or Grand Nullo."
    auction = run_auction(calls("ace-no-face disagree 7S"), RULES, W)
    assert auction.callers == (N, S, N) and auction.next_seat == E
    with pytest.raises(AuctionError, match="disagreed to ace – no face"):
        run_auction(calls("ace-no-face disagree 7S pass nullo"), RULES, W)
    run_auction(calls("ace-no-face disagree 7S nullo"), RULES, W)  # East–West still may
    with pytest.raises(AuctionError, match="must answer"):
        run_auction(calls("ace-no-face 7S"), RULES, W)
    # the rules page is silent on a second proposal; tutor lets a side propose once a hand
    # (choice 24), or a player could propose again at every turn
    for again in ("ace-no-face disagree ace-no-face", "ace-no-face disagree pass pass ace-no-face"):
        with pytest.raises(AuctionError, match="already proposed it this hand"):
            run_auction(calls(again), RULES, W)
    run_auction(calls("ace-no-face disagree pass ace-no-face agree"), RULES, W)  # East–West may
    with pytest.raises(AuctionError, match="no one proposed"):
        run_auction(calls("agree"), RULES, W)
    with pytest.raises(AuctionError, match="setting ace_no_face"):
        run_auction(calls("ace-no-face"), preset("american"), W)


def test_ace_no_face_is_checked_against_the_hand() -> None:
    with pytest.raises(AuctionError, match="exactly one ace"):
        run_auction(calls("ace-no-face"), RULES, W, hands={N: cards("AS AH 9S 8H 7H 6H 5D 4D 10C 9C")})


# --- Nullo and Grand Nullo ----------------------------------------------------------------------


def test_grand_nullo_ranks_above_ten_hearts_below_ten_no_trumps_worth_510() -> None:
    # "Grand Nullo ... worth 510 points in bidding. It beats a 10 Hearts bid but loses to 10 No Trump."
    gn = Bid(BidKind.GRAND_NULLO)
    assert ladder_key(Bid.parse("10H"), RULES) < ladder_key(gn, RULES) < ladder_key(Bid.parse("10NT"), RULES)
    assert contract_value(gn, RULES) == 510
    # Nullo keeps the American place, between 8♠ and 8♣, and its 250.
    assert RULES.misere_ranks_above == "8S" and contract_value(Bid(BidKind.MISERE), RULES) == 250


def test_grand_nullo_only_over_partners_nullo() -> None:
    # "Grand Nullo can only be bid if the bidder's partner had previously bid Nullo."
    auction = run_auction(calls("nullo pass grand-nullo pass"), RULES, W)
    assert auction.contract == Contract(Bid(BidKind.GRAND_NULLO), S)
    with pytest.raises(AuctionError, match="only after partner"):
        run_auction(calls("nullo grand-nullo"), RULES, W)
    with pytest.raises(AuctionError, match="only after partner"):
        run_auction(calls("pass pass grand-nullo"), RULES, W)


def test_grand_nullo_exchange_and_play(sample: list[tuple[Hand, Replay]]) -> None:
    # "1. The Grand Nullo bidder picks up the middle and discards any 5 cards. 2. The original
    # Nullo bidder picks up those 5 discarded cards and discards 5 more. 3. The Grand Nullo
    # bidder leads the first trick. 4. The team wins if neither bidder takes a trick."
    found = [(h, rp) for h, rp in sample if rp.contract and rp.contract.bid.kind is BidKind.GRAND_NULLO]
    assert len(found) >= 5
    for hand, rp in found:
        assert rp.problems == ()
        assert rp.contract is not None
        who = rp.contract.declarer
        partner = who.partner
        kinds = [(s.kind, s.seat) for s in rp.steps if s.kind in (StepKind.KITTY, StepKind.DISCARD)]
        assert kinds == [(StepKind.KITTY, who), (StepKind.DISCARD, who),
                         (StepKind.KITTY, partner), (StepKind.DISCARD, partner)]
        pick_up = next(s for s in rp.steps if s.kind is StepKind.KITTY and s.seat == partner)
        assert pick_up.ruling.cards == hand.discard
        assert rp.tricks[0].leader == who
        assert all(len(t.plays) == 4 for t in rp.tricks)  # both partners play
        assert rp.result is not None
        ours = rp.tricks_won()[who.side]
        assert rp.result.made is (ours == 0)
        assert rp.result.score[who.side] == (510 if ours == 0 else -510)
        # "If either bidder wins a trick, they lose, and their opponents score 10 points per
        # trick taken": the American count, the tricks the bidders took.
        assert rp.result.score[who.side.other] == 10 * ours


def test_random_grand_nullo_is_played_as_the_replay_plays_it() -> None:
    """Random deals play grand nullo under the context the replay uses (misère, both partners
    at the table): with the joker compulsory in misère, a void holder of the joker must play it,
    and the replay accepts every deal generated."""
    spec = RulesSpec("west-seventh-street", {"joker_compulsory_in_misere": True})
    rules = spec.resolve()
    found = compulsory = 0
    for seed in range(300):
        hand = random_hand(seed, spec)
        rp = build(hand)
        assert rp.problems == (), (seed, rp.problems[0].message)
        if not (rp.contract and rp.contract.bid.kind is BidKind.GRAND_NULLO):
            continue
        found += 1
        assert rp.context == play_context(rp.contract.bid, hand.joker, rules)
        assert rp.context is not None and rp.context.misere and rp.context.joker_compulsory
        compulsory += sum(s.ruling.kind is Kind.JOKER_COMPULSORY for s in rp.steps)
    assert found >= 20
    assert compulsory >= 5  # the rule that the old non-misère context ignored really came up


def test_grand_nullo_needs_the_partners_discard() -> None:
    hand = next(h for h in (random_hand(s, SPEC) for s in range(500)) if h.partner_discard)
    missing = dataclasses.replace(hand, partner_discard=None)
    assert any("partner_discard" in p.message for p in build(missing).problems)
    text = handfile.dumps(hand)
    assert "partner_discard:" in text and handfile.loads(text) == hand


# --- Grand Slam ---------------------------------------------------------------------------------


def test_grand_slam_partner_gives_one_card_and_six_are_discarded(sample: list[tuple[Hand, Replay]]) -> None:
    # "The contractor's partner gives them 1 card, then discards the other 9 and takes no further
    # part in the game. The contractor now has 16 cards and must discard 6 before playing."
    found = [(h, rp) for h, rp in sample if h.grand_slam is not None]
    assert len(found) >= 5
    for hand, rp in found:
        assert rp.problems == () and rp.contract is not None and rp.contract.grand_slam
        who, partner = rp.contract.declarer, rp.contract.declarer.partner
        assert hand.grand_slam in hand.hands[partner]
        assert hand.discard is not None and len(hand.discard) == 6
        slam = next(s for s in rp.steps if s.ruling.kind is Kind.GRAND_SLAM)
        assert "holds 16 cards and must put away 6" in slam.ruling.text
        assert all(len(t.plays) == 3 and partner not in t.seats for t in rp.tricks)
        assert rp.result is not None
        # "Success: 500 points for a trump suit, 520 for No Trump. Failure: The contractor's
        # team loses 500 points, and the opponents score 10 per trick won."
        won = rp.tricks_won()
        if won[who.side] == 10:
            assert rp.result.score[who.side] == (520 if rp.contract.bid.is_no_trumps else 500)
        else:
            assert rp.result.score[who.side] == -500
        assert rp.result.score[who.side.other] == 10 * won[who.side.other]
        assert rp.to_json()["contract"] == {"bid": str(rp.contract.bid), "declarer": who.value,
                                            "grand_slam": True}


@pytest.mark.parametrize(("bid", "taken", "ours", "theirs"), [
    ("8H", 10, 500, 0), ("6S", 10, 500, 0), ("8NT", 10, 520, 0), ("10NT", 9, -500, 10),
])
def test_grand_slam_scores(bid: str, taken: int, ours: int, theirs: int) -> None:
    contract = Contract(Bid.parse(bid), N, grand_slam=True)
    hs = score_hand(contract, {Side.NS: taken, Side.EW: 10 - taken}, RULES)
    assert dict(hs.score) == {Side.NS: ours, Side.EW: theirs}


def test_grand_slam_refused_without_the_setting_or_on_nullo() -> None:
    hand = next(h for h in (random_hand(s, SPEC) for s in range(500)) if h.grand_slam)
    off = dataclasses.replace(hand, rules_spec=RulesSpec("west-seventh-street", {"grand_slam": False}))
    assert any("setting grand_slam" in p.message for p in build(off).problems)
    bad = dataclasses.replace(hand, grand_slam=Card.parse("Jo"))
    if Card.parse("Jo") not in hand.hands[build(hand).contract.declarer.partner]:  # type: ignore[union-attr]
        assert any("gives Jo" in p.message for p in build(bad).problems)
