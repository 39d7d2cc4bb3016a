"""The later presets (canadian, new-zealand) and the Australian variations and American
extras as settings, each case taken from the rules page's own words."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tutor.engine.auction import (
    AuctionError,
    Bid,
    BidKind,
    Contract,
    contract_value,
    ladder_key,
    parse_call,
    run_auction,
)
from tutor.engine.cards import PACKS, Card, Joker, Rank, Suit
from tutor.engine.hand import RulesSpec
from tutor.engine.play import IllegalPlay, Play, PlayContext, judge_play, legal_plays, trick_winner
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import StepKind, build
from tutor.engine.rules import PRESET_NAMES, preset
from tutor.engine.rulings import Kind
from tutor.engine.scoring import game_end, score_hand
from tutor.engine.seats import Seat, Side
from tutor.files import handfile

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def calls(text: str) -> list[Bid | object]:
    return [parse_call(t) for t in text.split()]


def plays(text: str) -> list[Play]:
    return [Play.parse(t) for t in text.split()]


# --- New Zealand ------------------------------------------------------------------------------


def test_new_zealand_is_australian_until_a_source_gives_its_variations() -> None:
    # "Same general rules as Australian Five Hundred, however the variations are quite
    # different" -- and none is named.
    assert "new-zealand" in PRESET_NAMES
    assert preset("new-zealand").settings() == preset("australian").settings()
    assert "no variations given" in preset("new-zealand").source


# --- Canadian (Cinq Cents) --------------------------------------------------------------------


def test_canadian_pack_is_46_cards_with_two_distinct_jokers() -> None:
    # "removing the twos and threes from a standard 52-card pack and adding two distinct jokers"
    rules = preset("canadian")
    pack = rules.the_pack
    assert len(pack) == 46 and rules.pack == "46"
    assert [c for c in pack.cards if c.is_joker] == [Joker(1), Joker(2)]
    ranks = {c.rank for c in pack.cards if not c.is_joker}  # type: ignore[attr-defined]
    assert Rank.TWO not in ranks and Rank.THREE not in ranks and Rank.FOUR in ranks
    # "The highest bidder picks up the six-card kitty and then discards six cards."
    assert rules.kitty_size == 6
    assert (len(pack) - rules.kitty_size) // rules.players == 10


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("JH Jo2 JD AH", 1),   # the second joker beats both bowers
        ("Jo2 Jo JH AH", 1),   # the first joker beats the second
        ("4H 5H Jo2 KH", 2),
        ("AS Jo2 4H KS", 1),   # trumping spades with the second joker
    ],
)
def test_canadian_jokers_are_the_two_highest_trumps(trick: str, winner: int) -> None:
    ctx = PlayContext.of(Bid.parse("8H"))
    index, ruling = trick_winner([N, E, S, W], plays(trick), ctx)
    assert index == winner
    if Card.parse("Jo2") == plays(trick)[winner].card:
        assert "second-highest trump" in ruling.text
        assert "highest trump of all" not in ruling.text


def test_canadian_second_joker_in_no_trumps_wins_unless_the_first_is_played() -> None:
    ctx = PlayContext.of(Bid.parse("8NT"))
    index, ruling = trick_winner([N, E, S, W], plays("AS Jo2 KS QS"), ctx)
    assert index == 1 and ruling.kind is Kind.JOKER_WINS
    assert "every card but the other joker" in ruling.text
    index, ruling = trick_winner([N, E, S, W], plays("AS Jo2 Jo QS"), ctx)
    assert index == 2 and "beats every other card" in ruling.text
    # Void in spades and holding both jokers: either may be played.
    hand = cards("Jo Jo2 4H")
    assert legal_plays(hand, plays("AS"), ctx) == hand


def test_canadian_hand_takes_six_and_puts_away_six() -> None:
    hand = random_hand(3, RulesSpec("canadian"))
    rp = build(hand)
    assert rp.problems == ()
    kitty = next(s for s in rp.steps if s.kind is StepKind.KITTY)
    assert "16 cards, so 6 must be put away" in kitty.ruling.text
    assert hand.discard is not None and len(hand.discard) == 6
    short = handfile.loads(handfile.dumps(hand).replace(
        f"discard: [{', '.join(str(c) for c in hand.discard)}]",
        f"discard: [{', '.join(str(c) for c in hand.discard[:5])}]",
    ))
    assert any("puts away exactly 6" in p.message for p in build(short).problems)


def test_all_jokers_in_hand_may_lead_naming_any_suit() -> None:
    # Shown void everywhere but holding both jokers: a joker must still be playable.
    ctx = PlayContext.of(Bid.parse("8NT"))
    hand = cards("Jo Jo2")
    assert legal_plays(hand, [], ctx, shown_void=set(Suit)) == hand
    judge_play(N, hand, [], Play.parse("Jo2:S"), ctx, shown_void=set(Suit))


# --- 1. Joker rules in no-trumps --------------------------------------------------------------


def test_joker_cannot_be_pre_nominated_in_no_trumps() -> None:
    # "Some play that the joker cannot be pre-nominated in No Trumps."
    spec = RulesSpec("australian", {"joker_nomination_in_no_trumps": False})
    for seed in range(400):
        hand = random_hand(seed, spec)
        rp = build(hand)
        assert rp.problems == ()
        assert rp.contract is not None
        if hand.joker is not None:
            assert rp.contract.bid.is_misere
    nominated = next(
        h for h in (random_hand(s, RulesSpec("australian")) for s in range(400))
        if h.joker is not None and not _bid_of(h).is_misere
    )
    forbidden = handfile.loads(handfile.dumps(nominated).replace(
        "rules: australian", "rules: {preset: australian, joker_nomination_in_no_trumps: off}"))
    problems = build(forbidden).problems
    assert problems and "only in misère" in problems[0].message


def _bid_of(hand: object) -> Bid:
    rp = build(hand)  # type: ignore[arg-type]
    assert rp.contract is not None
    return rp.contract.bid


def test_joker_loses_its_power_after_its_holder_discarded() -> None:
    # "Some rule that the joker loses power if played after discarding in a suit."
    ctx = PlayContext.of(Bid.parse("8NT"), joker_loses_power=True)
    hand = cards("Jo 9H")
    ruling = judge_play(E, hand, plays("AS"), Play.parse("Jo"), ctx, shown_void={Suit.CLUBS})
    assert ruling.kind is Kind.JOKER_LOST_POWER and "wins nothing" in ruling.text
    index, win = trick_winner([N, E, S, W], plays("AS Jo KS QS"), ctx, powerless=[1])
    assert index == 0 and win.kind is Kind.HIGHEST_OF_SUIT_LED
    # Not yet discarded: full power.
    ruling = judge_play(E, hand, plays("AS"), Play.parse("Jo"), ctx, shown_void=set())
    assert ruling.kind is Kind.JOKER_ONLY_WHEN_VOID
    # Led after losing its power, it wins only if no one follows the suit it named.
    lead = judge_play(N, hand, [], Play.parse("Jo:H"), ctx, shown_void={Suit.CLUBS})
    assert lead.kind is Kind.JOKER_LOST_POWER
    assert trick_winner([N, E, S, W], plays("Jo:H 4H 5S 6S"), ctx, powerless=[0])[0] == 1
    index, win = trick_winner([N, E, S, W], plays("Jo:H 4S 5S 6S"), ctx, powerless=[0])
    assert index == 0 and win.kind is Kind.JOKER_LOST_POWER
    # With trumps the setting changes nothing: the joker is the highest trump.
    trumps = PlayContext.of(Bid.parse("8H"), joker_loses_power=True)
    assert trick_winner([N, E, S, W], plays("AS Jo KS QS"), trumps, powerless=[])[0] == 1


def test_joker_led_any_time_unless_void_in_the_suit() -> None:
    # "Others allow the joker to be led anytime unless void in that suit."
    ctx = PlayContext.of(Bid.parse("8NT"), joker_lead="unless-void")
    hand = cards("Jo 9H 10H")
    judge_play(N, hand, [], Play.parse("Jo:H"), ctx)
    with pytest.raises(IllegalPlay, match="holds no spades"):
        judge_play(N, hand, [], Play.parse("Jo:S"), ctx)


# --- 2. Bidding ---------------------------------------------------------------------------------


def test_bidding_again_after_passing() -> None:
    # "Some allow players to bid again after passing."
    rules = preset("australian", {"bid_after_pass": True})
    auction = run_auction(calls("pass 6S pass pass 7S pass pass pass"), rules, W)
    assert auction.complete and auction.contract == Contract(Bid.parse("7S"), N)
    assert "may still bid later" in auction.rulings[0].text
    with pytest.raises(AuctionError):  # without the setting North may not speak again
        run_auction(calls("pass 6S pass pass 7S"), preset("australian"), W)
    assert run_auction(calls("pass pass pass pass"), rules, W).thrown_in


def test_raising_the_final_bid_opens_a_new_round() -> None:
    # "Some let the contractor raise their final bid, triggering a new round of bidding."
    rules = preset("australian", {"raise_final_bid": True})
    done = run_auction(calls("7H pass pass pass"), rules, W)
    assert done.complete and done.contract == Contract(Bid.parse("7H"), N)
    auction = run_auction(calls("7H pass pass pass 8H 8NT pass pass pass"), rules, W)
    assert auction.callers[4] == N and "raises the final bid" in auction.rulings[4].text
    assert auction.contract == Contract(Bid.parse("8NT"), E)
    with pytest.raises(AuctionError, match="does not outrank"):
        run_auction(calls("7H pass pass pass 7D"), rules, W)
    with pytest.raises(AuctionError, match="auction is over"):
        run_auction(calls("7H pass pass pass 8H"), preset("australian"), W)


# --- 3. Misère and open misère ------------------------------------------------------------------


def test_misere_disallowed() -> None:
    # "Some disallow Misere entirely."
    rules = preset("australian", {"misere": False, "open_misere": False})
    with pytest.raises(AuctionError, match="no misère"):
        run_auction(calls("7S misere"), rules, W)


def test_misere_at_any_time_or_only_after_a_seven() -> None:
    # "Some let Misere be bid at any time": a variation, so the Australian default is off.
    rules = preset("australian")
    assert rules.misere_any_time is False and preset("new-zealand").misere_any_time is False
    with pytest.raises(AuctionError, match="only once someone has bid seven"):
        run_auction(calls("misere"), rules, W)
    with pytest.raises(AuctionError, match="only once someone has bid seven"):
        run_auction(calls("6NT misere"), rules, W)
    run_auction(calls("7S misere"), rules, W)
    anytime = preset("australian", {"misere_any_time": True})
    assert run_auction(calls("misere"), anytime, W).calls
    assert preset("american").misere_any_time is True  # nullo: its place on the ladder only


def test_open_misere_between_9nt_and_10s_or_highest_at_520() -> None:
    # "Open Misere may rank between 9 No Trumps and 10 Spades or as the highest bid (520 points)."
    rules = preset("australian", {"open_misere_ranks_above": "9NT"})
    om = Bid(BidKind.OPEN_MISERE)
    assert ladder_key(Bid.parse("9NT"), rules) < ladder_key(om, rules) < ladder_key(Bid.parse("10S"), rules)
    top = preset("australian", {"open_misere_ranks_above": "top", "open_misere_520": True})
    assert ladder_key(om, top) > ladder_key(Bid.parse("10NT"), top)
    assert contract_value(om, top) == 520
    assert contract_value(om, preset("australian")) == 500


# --- 4. Opponents' trick scoring ----------------------------------------------------------------


def score(bid: str, ns: int, rules: Mapping[str, object], totals: Mapping[Side, int] | None = None,
          base: str = "australian") -> dict[Side, int]:
    hs = score_hand(Contract(Bid.parse(bid), N), {Side.NS: ns, Side.EW: 10 - ns},
                    preset(base, rules), totals=totals)
    return dict(hs.score)


def test_defenders_trick_points_capped_at_490_or_460() -> None:
    # "Some reduce the maximum trick points to 490 or 460."
    assert score("8H", 8, {"defenders_cap": 490}, {Side.NS: 0, Side.EW: 480}) == {Side.NS: 300, Side.EW: 10}
    assert score("8H", 8, {"defenders_cap": 460}, {Side.NS: 0, Side.EW: 480}) == {Side.NS: 300, Side.EW: 0}
    assert score("8H", 8, {"defenders_cap": 490}, {Side.NS: 0, Side.EW: 100}) == {Side.NS: 300, Side.EW: 20}
    assert score("8H", 8, {}, {Side.NS: 0, Side.EW: 480}) == {Side.NS: 300, Side.EW: 20}


def test_no_trick_points_when_the_contract_is_made() -> None:
    # "Some remove trick points entirely when the contractor wins."
    assert score("8H", 8, {"defenders_score": "when-set"}) == {Side.NS: 300, Side.EW: 0}
    assert score("8H", 7, {"defenders_score": "when-set"}) == {Side.NS: -300, Side.EW: 30}


def test_only_the_winning_side_scores() -> None:
    # "Some play that only the winning team scores."
    assert score("8H", 8, {"defenders_score": "winner-only"}) == {Side.NS: 300, Side.EW: 0}
    assert score("8H", 7, {"defenders_score": "winner-only"}) == {Side.NS: 0, Side.EW: 30}


# --- 5. Slam bonus ------------------------------------------------------------------------------


def test_no_slam_bonus() -> None:
    # "Some do not award extra points for winning all 10 tricks if fewer were bid."
    assert score("7S", 10, {"slam": "none"}) == {Side.NS: 140, Side.EW: 0}
    assert score("7S", 10, {}) == {Side.NS: 250, Side.EW: 0}


# --- American extras ----------------------------------------------------------------------------


def test_all_pass_is_played_at_no_trumps_ten_a_trick_each_side() -> None:
    # "If all players pass, the hand can be played as No Trump, with each trick worth 10
    # points per player or team."
    rules = preset("american", {"all_pass": "no-trumps"})
    auction = run_auction(calls("pass pass pass pass"), rules, W)
    assert not auction.thrown_in and auction.contract is not None
    assert auction.contract.bid.is_all_passed and auction.contract.declarer == N
    assert auction.rulings[-1].kind is Kind.ALL_PASSED_NO_TRUMPS
    hs = score_hand(auction.contract, {Side.NS: 6, Side.EW: 4}, rules)
    assert dict(hs.score) == {Side.NS: 60, Side.EW: 40} and not hs.made
    # On defence points the American game may be won; the Australian one not.
    end = game_end({Side.NS: 540, Side.EW: 140}, hs, rules)
    assert end is not None and end.winners == (Side.NS,)
    assert game_end({Side.NS: 540, Side.EW: 140}, hs, preset("australian", {"all_pass": "no-trumps"})) is None
    spec = RulesSpec("american", {"all_pass": "no-trumps"})
    dealt = (random_hand(s, spec) for s in range(300))
    passed_out = [h for h in dealt if all(str(c) == "pass" for c in h.auction)]
    assert passed_out
    for hand in passed_out:
        rp = build(hand)
        assert rp.problems == () and hand.discard is None
        assert rp.tricks[0].leader == hand.dealer.next()
        assert rp.result is not None
        assert dict(rp.result.score) == {s: 10 * n for s, n in rp.tricks_won().items()}


def test_the_game_without_a_joker_has_a_two_card_widow() -> None:
    # "The game can be played without a joker, in which case the widow only contains two cards."
    rules = preset("american", {"pack": "42", "kitty_size": 2})
    assert len(rules.the_pack) == 42 and not any(c.is_joker for c in PACKS["42"].cards)
    hand = random_hand(1, RulesSpec("american", {"pack": "42", "kitty_size": 2}))
    assert len(hand.kitty) == 2 and build(hand).problems == ()
