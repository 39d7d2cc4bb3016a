"""The course's new lessons (issue 30): the chances and counts their notes state, checked.

``tutor check`` verifies the claims (``kitty:``, ``make:``) against the exact count and the
single-dummy analysis (``tests/test_kitty_odds.py``, ``tests/test_chance_claims.py``); this file
checks that the words say what the claims say, works the kitty figures out again by hand, and
checks the facts about the deals that the notes rest on.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
from shipped_lessons import checked, lesson, note_text

from tutor.engine.auction import Bid, Contract, parse_call
from tutor.engine.cards import Card, parse_card
from tutor.engine.kittyodds import percent
from tutor.engine.play import effective_suit
from tutor.engine.replay import Replay, build
from tutor.engine.rules import preset
from tutor.engine.scoring import game_end, score_hand
from tutor.engine.seats import Seat, Side
from tutor.files import handfile
from tutor.solve import Solver, deal_of
from tutor.teach.players.bidding import MISERE_DANGEROUS, misere_danger

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
NEW = ("kitty-odds-one-trick-not-two", "misere-or-seven-hearts", "declarer-play-ruff-before-trumps",
       "three-handed-no-partner-count-the-kitty", "sacrifice-their-seven-spades-ends-the-game",
       "ten-level-nine-trumps-nine-or-ten", "competitive-their-trumps-let-them-play",
       "game-end-push-over-their-seven-hearts", "three-handed-two-against-one-west-has-the-trick",
       "five-handed-called-king-under-partners-joker",
       "misere-bidding-no-room-for-the-kitty", "defence-left-bower-on-the-ace")


@pytest.mark.parametrize("name", NEW)
def test_the_new_lesson_checks_clean_with_every_claim(name: str) -> None:
    rep, problems = checked(HANDS / f"{name}.yaml")
    assert rep is not None and problems == []
    assert rep.hand.par is not None and rep.hand.decision is not None


@pytest.mark.parametrize("path", sorted(HANDS.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_chance_claimed_is_the_figure_the_note_states(path: Path) -> None:
    hand = handfile.load(path)
    for key, claim in hand.claims.items():
        if claim.make is not None:
            assert f"{claim.make}% of the layouts" in " ".join(hand.notes[key].split()), key
    for key, kitty in hand.kitty_claims.items():
        text = " ".join(hand.notes[key].split())
        for k in kitty:
            assert f"{k.percent}%" in text, (key, k)


# --- what the kitty brings -------------------------------------------------------------------

def _unseen_by_south(rp: Replay) -> list[Card]:
    held = set(rp.hand.hands[Seat.S])
    return [c for c in rp.rules.the_pack.cards if c not in held]


def test_the_kitty_figures_worked_out_by_hand() -> None:
    rp = lesson("kitty-odds-one-trick-not-two")
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    unseen = _unseen_by_south(rp)
    trumps = [c for c in unseen if effective_suit(c, ctx) is ctx.trumps]
    aces = [c for c in unseen if str(c) in ("AS", "AC", "AD")]
    assert (len(unseen), len(trumps), len(aces)) == (33, 8, 3)   # "Eight of the thirteen trumps"
    kitties = comb(33, 3)
    assert kitties == 5456

    def at_least(good: int, k: int) -> int:
        return percent(Fraction(sum(comb(good, j) * comb(33 - good, 3 - j) for j in range(k, 4)), kitties))

    assert [at_least(8, 1), at_least(8, 2), at_least(11, 1), at_least(11, 2)] == [58, 14, 72, 25]
    # the claim's card list is exactly the eight trumps and the three aces South cannot see
    listed = next(k for k in rp.hand.kitty_claims["auction"] if k.any_of).any_of
    assert sorted(map(str, listed)) == sorted(map(str, trumps + aces))
    note = note_text(rp, "auction")
    for words in ("33 cards", "5456 kitties", "58%", "14%", "72%", "25%"):
        assert words in note
    # and the kitty that came brings one of them: the 10 of hearts, a trump
    assert [str(c) for c in rp.hand.kitty if c in trumps + aces] == ["10H"]


def test_the_kitty_lessons_south_holds_both_bowers_and_no_side_ace() -> None:
    rp = lesson("kitty-odds-one-trick-not-two")
    held = {str(c) for c in rp.hand.hands[Seat.S]}
    assert {"JH", "JD"} <= held and not held & {"AS", "AC", "AD", "AH", "Jo"}


def test_at_three_the_kitty_is_three_of_23_cards() -> None:
    rp = lesson("three-handed-no-partner-count-the-kitty")
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    unseen = _unseen_by_south(rp)
    trumps = [c for c in unseen if effective_suit(c, ctx) is ctx.trumps]
    aces = [c for c in unseen if str(c) in ("AS", "AC", "AD")]
    assert (len(unseen), len(trumps), len(aces)) == (23, 5, 2)
    assert "JH" in map(str, trumps)                      # the right bower is out
    assert comb(23, 3) == 1771

    def at_least(good: int, k: int) -> int:
        return percent(Fraction(sum(comb(good, j) * comb(23 - good, 3 - j) for j in range(k, 4)), 1771))

    assert [at_least(5, 1), at_least(7, 1), at_least(7, 2)] == [54, 68, 21]
    listed = rp.hand.kitty_claims["auction"][1].any_of
    assert sorted(map(str, listed)) == sorted(map(str, trumps + aces))
    # the kitty that came: the ace of diamonds, one of the seven, and the king of clubs
    assert [str(c) for c in rp.hand.kitty if c in trumps + aces] == ["AD"] and "KC" in map(str, rp.hand.kitty)
    # "three places in 23, not in 33": any one card is in the kitty in 13% of kitties, not 9%
    one_card = [percent(Fraction(comb(n - 1, 2), comb(n, 3))) for n in (23, 33)]
    assert one_card == [13, 9]


def test_at_three_the_left_bower_runs_into_the_right_and_south_ruffs_the_ace_of_spades() -> None:
    rp = lesson("three-handed-no-partner-count-the-kitty")
    third, fourth = rp.tricks[2], rp.tricks[3]
    assert [str(p.card) for p in third.plays][:2] == ["JD", "JH"] and third.winner is Seat.W
    assert [str(p.card) for p in fourth.plays] == ["AS", "JS", "8H"] and fourth.winner is Seat.S
    # "South scores 200; East scores 10 and West 20"
    assert rp.result is not None
    assert {side.value: points for side, points in rp.result.score.items()} == {"S": 200, "E": 10, "W": 20}


# --- misère or seven hearts --------------------------------------------------------------------

def _values_by_discard(rp: Replay) -> list[int]:
    """The contractor's side's tricks after each of the 286 discards, with best play."""
    start = deal_of(rp).start
    i = start.seats.index(Seat.S)
    pool = [*rp.hand.hands[Seat.S], *rp.hand.kitty]
    solver = Solver()
    out = []
    for away in combinations(range(len(pool)), 3):
        kept = tuple(c for j, c in enumerate(pool) if j not in away)
        out.append(solver.value(replace(start, hands=(*start.hands[:i], kept, *start.hands[i + 1:]))))
    return out


def _kept(rp: Replay) -> list[Card]:
    kept = [*rp.hand.hands[Seat.S], *rp.hand.kitty]
    for c in rp.hand.discard or ():
        kept.remove(c)
    return kept


def test_the_misere_is_safe_with_one_discard_and_seven_hearts_makes_only_exactly() -> None:
    rp = lesson("misere-or-seven-hearts")
    misere = _values_by_discard(rp)
    # "With all hands open it is the only one of the 286 discards that takes no trick"
    assert len(misere) == 286 and misere.count(0) == 1
    pool = [*rp.hand.hands[Seat.S], *rp.hand.kitty]
    safe = next(away for away, v in zip(combinations(pool, 3), misere, strict=True) if v == 0)
    assert set(safe) == set(rp.hand.discard or ())
    assert "only one of the 286 discards" in note_text(rp, "discard")
    auction = (*rp.hand.auction[:3], parse_call("7H"), *rp.hand.auction[4:])
    hearts = build(replace(rp.hand, auction=auction, play=(), notes={}, claims={}, kitty_claims={},
                           par=None, decision=None))
    seven = _values_by_discard(hearts)
    assert max(seven) == 7 and seven.count(7) == 13   # "only with 13 of the 286 discards"
    note = note_text(rp, "auction")
    assert "13 of the 286 discards" in note and "makes exactly seven" in note


def test_souths_hand_is_low_in_every_suit_and_partners_hearts_are_out_of_play() -> None:
    rp = lesson("misere-or-seven-hearts")
    south = {str(c) for c in rp.hand.hands[Seat.S]}
    # "no joker, ace, king or queen, and the jack of spades has three lower spades beside it"
    assert not any(c == "Jo" or c[:-1] in ("A", "K", "Q") for c in south)
    assert {"8S", "6S", "5S"} <= south
    # "the cards likeliest to win a trick are the jack and 9 of hearts (the computer bidder
    # counts those two)"
    rules = rp.hand.rules
    held = rp.hand.hands[Seat.S]
    danger = [str(c) for c in held if misere_danger(c, held, rules.the_pack) >= MISERE_DANGEROUS]
    assert sorted(danger) == ["9H", "JH"]
    # "you hold two trumps and no side ace": in hearts the jack of hearts and the 9
    assert sorted(c for c in south if c.endswith("H")) == ["9H", "JH"]
    north = {str(c) for c in rp.hand.hands[Seat.N]}
    assert {"AH", "10H", "8H", "5H"} <= north
    assert all(len(t.plays) == 3 and Seat.N not in t.seats for t in rp.tricks)
    # the joker, the four aces and the four kings are all among the 33 cards South cannot see:
    # two or more of those nine in 948 of the 5456 kitties of three
    two_or_more = comb(9, 2) * comb(24, 1) + comb(9, 3)
    assert percent(Fraction(two_or_more, comb(33, 3))) == 17
    assert "17% of the kitties" in note_text(rp, "auction")


def test_the_misere_discard_voids_south_in_hearts_and_keeps_the_low_spades() -> None:
    rp = lesson("misere-or-seven-hearts")
    kept = sorted(str(c) for c in _kept(rp))
    assert kept == sorted(["JS", "9S", "8S", "6S", "5S", "9D", "7D", "6D", "4D", "5C"])
    assert str(rp.tricks[0].plays[0].card) == "5S"
    # trick 2: South plays the 8 under the ace and keeps the 6 for East's 7 of spades at the end
    assert [str(p.card) for p in rp.tricks[1].plays] == ["AS", "10S", "8S"]
    assert [str(p.card) for p in rp.tricks[9].plays] == ["7S", "6S", "7H"]
    assert rp.tricks[9].winner is Seat.E


# --- draw trumps first? ----------------------------------------------------------------------

def test_four_trumps_out_rank_above_souths_queen_and_the_joker_above_the_right_bower() -> None:
    rp = lesson("declarer-play-ruff-before-trumps")
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    from tutor.engine.play import power

    def rank(card: str) -> int:
        return power(parse_card(card), ctx.trumps, ctx)

    out = [c for s in (Seat.N, Seat.E, Seat.W) for c in rp.hand.hands[s]
           if effective_suit(c, ctx) is ctx.trumps]
    assert len(out) == 8
    above = sorted(str(c) for c in out if rank(str(c)) > rank("QH"))
    assert above == ["AH", "JD", "Jo", "KH"]
    assert [str(c) for c in out if rank(str(c)) > rank("JH")] == ["Jo"]


def test_south_is_void_in_diamonds_and_norths_only_trump_ruffs_a_spade() -> None:
    rp = lesson("declarer-play-ruff-before-trumps")
    assert sorted(str(c) for c in rp.hand.discard or ()) == ["4D", "6D", "8D"]
    assert [str(c) for c in rp.hand.hands[Seat.N] if str(c).endswith("H")] == ["8H"]
    second = rp.tricks[1]
    assert str(second.plays[0].card) == "7S" and second.winner is Seat.N
    third = rp.tricks[2]
    assert third.leader is Seat.N and third.winner is Seat.S
    assert str(rp.tricks[-1].plays[0].card) == "JH" and rp.tricks[-1].winner is Seat.S
    assert re.search(r"ace of diamonds is still out", note_text(rp, "3.3"))


# --- the sacrifice ---------------------------------------------------------------------------

SACRIFICE = "sacrifice-their-seven-spades-ends-the-game"
BEFORE = {Side.NS: 220, Side.EW: 380}


def _premise() -> dict[Side, int]:
    """The score the intro states: "The score is North–South 220, East–West 380"."""
    m = re.search(r"The score is North–South (\d+), East–West (\d+)", note_text(lesson(SACRIFICE), "intro"))
    assert m is not None
    return {Side.NS: int(m[1]), Side.EW: int(m[2])}


def _after(bid: str, by: Seat, taken: int) -> tuple[dict[Side, int], tuple[Side, ...]]:
    """The intro's totals after ``bid`` by ``by`` takes ``taken`` tricks, and who wins (())."""
    assert _premise() == BEFORE
    rules = preset("australian")
    side = Side.NS if by in (Seat.N, Seat.S) else Side.EW
    other = Side.EW if side is Side.NS else Side.NS
    result = score_hand(Contract(Bid.parse(bid), by), {side: taken, other: 10 - taken}, rules)
    totals = {s: BEFORE[s] + result.score.get(s, 0) for s in BEFORE}
    end = game_end(totals, result, rules)
    return totals, (end.winners if end is not None else ())


@pytest.mark.parametrize(("bid", "by", "taken", "totals", "winners"), [
    ("7S", Seat.W, 10, {Side.NS: 220, Side.EW: 630}, (Side.EW,)),   # a pass: their slam, 250
    ("7S", Seat.W, 7, {Side.NS: 250, Side.EW: 520}, (Side.EW,)),    # made exactly still wins
    ("7C", Seat.S, 5, {Side.NS: 60, Side.EW: 430}, ()),             # the sacrifice: two off
    ("7C", Seat.S, 0, {Side.NS: 60, Side.EW: 480}, ()),             # even no trick: the game goes on
])
def test_the_sacrifice_at_this_score(bid: str, by: Seat, taken: int, totals: dict[Side, int],
                                     winners: tuple[Side, ...]) -> None:
    assert _after(bid, by, taken) == (totals, winners)


def test_the_sacrifice_the_lesson_plays_and_the_words_that_state_it() -> None:
    rp = lesson(SACRIFICE)
    assert rp.contract is not None and rp.result is not None
    assert (str(rp.contract.bid), rp.contract.declarer) == ("7C", Seat.S)
    assert dict(rp.result.score) == {Side.NS: -160, Side.EW: 50}
    totals = {s: BEFORE[s] + rp.result.score[s] for s in BEFORE}
    assert totals == {Side.NS: 60, Side.EW: 430}
    decision = rp.hand.decision
    assert decision is not None
    assert [decision.tricks[i] for i in range(len(decision.choices))] == [10, 5]
    intro, auction, outro = (note_text(rp, k) for k in ("intro", "auction", "outro"))
    for words in ("North–South 220, East–West 380", "Seven spades made is 140", "to 520",
                  "seven clubs, 160", "10 a trick"):
        assert words in intro
    for words in ("costs 160", "fall to 60", "takes five tricks, two off", "all ten, a slam worth 250"):
        assert words in auction
    assert "East–West score 50, to 60 against 430" in outro
    # "any contract East–West make from seven spades up wins": they need 120, seven spades is 140
    assert 500 - BEFORE[Side.EW] == 120 and "need 120" in rp.hand.title


def test_east_west_hold_the_joker_and_both_bowers_of_spades_and_clubs() -> None:
    rp = lesson(SACRIFICE)
    east_west = {str(c) for s in (Seat.E, Seat.W) for c in rp.hand.hands[s]}
    assert {"Jo", "JS", "JC"} <= east_west
    # South's count: five clubs to the ace and the ace of spades, with the kitty and partner's one
    south = [str(c) for c in rp.hand.hands[Seat.S]]
    assert sorted(c for c in south if c.endswith("C")) == ["6C", "8C", "9C", "AC", "QC"]
    assert "AS" in south
    second = rp.tricks[1]
    assert [str(p.card) for p in second.plays] == ["JC", "10C", "JS", "8C"] and second.winner is Seat.W
    assert {str(c) for c in rp.hand.hands[Seat.E] if str(c) in ("Jo", "JS")} == {"Jo", "JS"}


# --- when not to bid ten ---------------------------------------------------------------------

TEN = "ten-level-nine-trumps-nine-or-ten"


def test_nine_trumps_with_the_three_best_and_four_out() -> None:
    rp = lesson(TEN)
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    south = [c for c in rp.hand.hands[Seat.S]]
    trumps = [str(c) for c in south if effective_suit(c, ctx) is ctx.trumps]
    assert len(trumps) == 9 and {"Jo", "JH", "JD"} <= set(trumps)
    assert [str(c) for c in south if str(c) not in trumps] == ["QD"]   # "the tenth card"
    unseen = _unseen_by_south(rp)
    out = sorted(str(c) for c in unseen if effective_suit(c, ctx) is ctx.trumps)
    assert out == sorted(["AH", "QH", "10H", "7H"])
    assert {"AD", "KD"} <= {str(c) for c in unseen}


def test_what_the_kitty_brings_to_nine_trumps_worked_out_by_hand() -> None:
    rp = lesson(TEN)
    assert comb(33, 3) == 5456

    def at_least_one(good: int) -> int:
        return percent(Fraction(comb(33, 3) - comb(33 - good, 3), comb(33, 3)))

    assert [at_least_one(4), at_least_one(7)] == [33, 52]    # four trumps; and the three aces
    claims = rp.hand.kitty_claims["auction"]
    assert sorted(map(str, claims[1].any_of)) == sorted(["AH", "QH", "10H", "7H", "AS", "AC", "AD"])
    note = note_text(rp, "auction")
    for words in ("33 cards", "5456 kitties", "33%", "52%", "a set costs 500"):
        assert words in note
    assert "48% of kitties" in note_text(rp, "outro") and 100 - 52 == 48
    # the kitty that came brings a tenth trump, and South keeps ten trumps
    assert [str(c) for c in rp.hand.kitty if str(c) in ("AH", "QH", "10H", "7H")] == ["7H"]
    kept = set(rp.hand.hands[Seat.S]) | set(rp.hand.kitty)
    kept -= set(rp.hand.discard or ())
    ctx = rp.context
    assert ctx is not None and all(effective_suit(c, ctx) is ctx.trumps for c in kept)


@pytest.mark.parametrize(("bid", "taken", "score", "words"), [
    ("9H", 10, 400, "nine hearts 400"),   # all ten on nine hearts: the slam adds nothing to it
    ("10H", 10, 500, "Ten hearts is worth 500"),
    ("10H", 9, -500, "a contract set costs its whole value"),   # ten one off costs 500
    ("7H", 10, 250, "all ten tricks on a contract worth less than 250 score 250"),
])
def test_what_nine_and_ten_hearts_score(bid: str, taken: int, score: int, words: str) -> None:
    assert words in note_text(lesson(TEN), "intro")
    result = score_hand(Contract(Bid.parse(bid), Seat.S), {Side.NS: taken, Side.EW: 10 - taken},
                        preset("australian"))
    assert result.score[Side.NS] == score


def test_nine_hearts_takes_all_ten_and_scores_400() -> None:
    rp = lesson(TEN)
    assert rp.contract is not None and rp.result is not None
    assert dict(rp.result.score) == {Side.NS: 400, Side.EW: 0}
    assert "400 to North–South" in note_text(rp, "outro") and "scored 500" in note_text(rp, "outro")
    decision = rp.hand.decision
    assert decision is not None and [decision.tricks[i] for i in range(2)] == [10, 10]
    second = rp.tricks[1]
    assert [str(p.card) for p in second.plays][:2] == ["JH", "AH"] and second.winner is Seat.S


# --- let them play ---------------------------------------------------------------------------

LET = "competitive-their-trumps-let-them-play"


def test_souths_strength_is_in_their_trumps_and_none_in_partners() -> None:
    rp = lesson(LET)
    assert rp.contract is not None and (str(rp.contract.bid), rp.contract.declarer) == ("8H", Seat.E)
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    south = rp.hand.hands[Seat.S]
    assert not [c for c in south if str(c).endswith("S") or str(c) == "JC"]   # "not one spade"
    trumps = sorted(str(c) for c in south if effective_suit(c, ctx) is ctx.trumps)
    assert trumps == ["6H", "AH", "JD", "KH"]                 # the left bower, ace and king
    from tutor.engine.play import power
    above = [c for c in rp.rules.the_pack.cards if effective_suit(c, ctx) is ctx.trumps
             and power(c, ctx.trumps, ctx) > power(parse_card("JD"), ctx.trumps, ctx)]
    assert sorted(map(str, above)) == ["JH", "Jo"]            # only the joker and the right bower
    # the two aces and two kings South raised on
    assert {"AD", "AH", "KD", "KH"} <= {str(c) for c in south}


def test_letting_them_play_costs_them_300_and_bidding_on_would_cost_340() -> None:
    rp = lesson(LET)
    assert rp.result is not None and dict(rp.result.score) == {Side.NS: 40, Side.EW: -300}
    decision = rp.hand.decision
    assert decision is not None and decision.call == 8   # the ninth call, South's pass
    assert [decision.tricks[i] for i in range(2)] == [6, 6]
    rules = preset("australian")
    nine = score_hand(Contract(Bid.parse("9S"), Seat.S), {Side.NS: 6, Side.EW: 4}, rules)
    assert dict(nine.score) == {Side.NS: -340, Side.EW: 40}
    note = note_text(rp, "auction")
    for words in ("six tricks, two off", "six too, three off", "East–West lose 300", "North–South 340"):
        assert words in note
    # the auction the intro tells, and South the only one still able to bid
    assert [str(c) for c in rp.hand.auction] == ["pass", "6S", "6H", "7S", "pass", "7H", "8S", "8H", "pass"]


def test_the_defence_wins_with_the_ace_of_hearts_and_the_left_bower() -> None:
    rp = lesson(LET)
    third, fourth, fifth = rp.tricks[2], rp.tricks[3], rp.tricks[4]
    assert [str(p.card) for p in third.plays][:2] == ["Jo", "KH"] and third.winner is Seat.E
    assert str(fourth.plays[1].card) == "AH" and fourth.winner is Seat.S
    assert str(fifth.plays[0].card) == "JD" and fifth.winner is Seat.S


# --- bidding to the score: push over their game-winning contract -----------------------------

PUSH = "game-end-push-over-their-seven-hearts"
AT = {Side.NS: 240, Side.EW: 380}


@pytest.mark.parametrize(("bid", "by", "taken", "totals", "winners"), [
    ("7H", Seat.E, 7, {Side.NS: 270, Side.EW: 580}, (Side.EW,)),   # a pass: their seven hearts makes
    ("8D", Seat.S, 8, {Side.NS: 520, Side.EW: 400}, (Side.NS,)),   # as played
    ("8D", Seat.S, 9, {Side.NS: 520, Side.EW: 390}, (Side.NS,)),   # after the best discard
    ("8D", Seat.S, 7, {Side.NS: -40, Side.EW: 410}, ()),           # one off: the game goes on
])
def test_at_240_to_380_whoever_makes_this_hand_wins(
        bid: str, by: Seat, taken: int, totals: dict[Side, int], winners: tuple[Side, ...]) -> None:
    m = re.search(r"The score is North–South (\d+), East–West (\d+)", note_text(lesson(PUSH), "intro"))
    assert m is not None and {Side.NS: int(m[1]), Side.EW: int(m[2])} == AT
    rules = preset("australian")
    side = Side.NS if by in (Seat.N, Seat.S) else Side.EW
    other = Side.EW if side is Side.NS else Side.NS
    result = score_hand(Contract(Bid.parse(bid), by), {side: taken, other: 10 - taken}, rules)
    after = {s: AT[s] + result.score.get(s, 0) for s in AT}
    end = game_end(after, result, rules)
    assert (after, end.winners if end is not None else ()) == (totals, winners)


def test_the_push_the_lesson_plays_and_the_words_that_state_it() -> None:
    rp = lesson(PUSH)
    assert rp.contract is not None and rp.result is not None
    assert (str(rp.contract.bid), rp.contract.declarer) == ("8D", Seat.S)
    assert dict(rp.result.score) == {Side.NS: 280, Side.EW: 20}
    decision = rp.hand.decision
    assert decision is not None and [decision.tricks[i] for i in range(2)] == [7, 9]
    assert rp.hand.par == 8   # the discard South made costs the ninth trick
    for words in ("to take East–West to 580", "to take you to 520", "seven diamonds"):
        assert words in note_text(rp, "intro")
    for words in ("costs 280", "seven tricks, exactly enough", "nine after the best discard"):
        assert words in note_text(rp, "auction")
    assert "reach 520 and win the game" in note_text(rp, "outro")
    # "the joker, the left bower and two more trumps" in partner's diamonds
    ctx = rp.context
    assert ctx is not None
    trumps = sorted(str(c) for c in rp.hand.hands[Seat.S] if effective_suit(c, ctx) is ctx.trumps)
    assert trumps == ["10D", "9D", "JH", "Jo"]
    assert [str(c) for c in rp.hand.auction] == ["6H", "7D", "7H", "8D", "pass", "pass", "pass"]
    fourth = rp.tricks[3]
    assert [str(p.card) for p in fourth.plays] == ["JD", "6D", "8H", "4D"]


# --- three-handed: two against one -----------------------------------------------------------

TWO = "three-handed-two-against-one-west-has-the-trick"


def test_wests_jack_has_the_trick_and_east_has_no_spade() -> None:
    rp = lesson(TWO)
    assert rp.rules.players == 3 and rp.contract is not None
    assert (str(rp.contract.bid), rp.contract.declarer) == ("6H", Seat.S)
    first, second = rp.tricks[0], rp.tricks[1]
    assert [str(p.card) for p in first.plays] == ["AS", "9S", "KS"]
    assert [str(p.card) for p in second.plays] == ["7S", "JS", "7C"] and second.winner is Seat.W
    east_then = set(rp.hand.hands[Seat.E]) - {parse_card("KS")}
    assert not [c for c in east_then if str(c).endswith("S")]          # "no spade left"
    ctx = rp.context
    assert ctx is not None
    assert sorted(str(c) for c in east_then if effective_suit(c, ctx) is ctx.trumps) == ["9H", "AH", "JH"]


def test_a_trump_on_wests_trick_lets_six_hearts_make() -> None:
    rp = lesson(TWO)
    from tutor.solve import analyse
    third_card = analyse(rp).plays[5]          # trick 2, card 3: East's
    assert third_card.seat is Seat.E and str(third_card.play) == "7C"
    values = {str(p): v for p, v in third_card.options.items()}
    assert values["7C"] == 4 and values["9H"] == values["JH"] == values["AH"] == 6
    assert "four tricks" in note_text(rp, "2.3") and "take six and make" in note_text(rp, "2.3")


def test_each_defender_scores_their_own_tricks() -> None:
    rp = lesson(TWO)
    assert rp.result is not None
    assert {side.value: points for side, points in rp.result.score.items()} == {"S": -100, "E": 10, "W": 40}
    assert "South loses 100, West scores 40 for four tricks and East 10 for one" in note_text(rp, "outro")
    ninth = rp.tricks[8]
    assert [str(p.card) for p in ninth.plays] == ["10S", "9D", "JH"] and ninth.winner is Seat.E


# --- five-handed: the called partner ---------------------------------------------------------

CALLED = "five-handed-called-king-under-partners-joker"


def test_south_west_holds_the_called_king_and_the_right_bower() -> None:
    rp = lesson(CALLED)
    assert rp.rules.players == 5 and str(rp.hand.partner) == "KD"
    assert rp.contract is not None and (str(rp.contract.bid), rp.contract.declarer) == ("7D", Seat.N)
    sw = {str(c) for c in rp.hand.hands[Seat.SW]}
    assert {"KD", "JD", "6D"} <= sw
    north = {str(c) for c in rp.hand.hands[Seat.N]} | {str(c) for c in rp.hand.kitty}
    assert "KD" not in north                                   # "a card North does not hold"
    first = rp.tricks[0]
    assert [str(p.card) for p in first.plays] == ["Jo", "4D", "2D", "6D", "5D"] and first.winner is Seat.N


def test_a_high_trump_under_the_joker_throws_a_trick_away() -> None:
    rp = lesson(CALLED)
    from tutor.solve import analyse
    card = analyse(rp).plays[3]                                # trick 1, card 4: South-West's
    assert card.seat is Seat.SW
    assert {str(p): v for p, v in card.options.items()} == {"6D": 9, "KD": 8, "JD": 8}
    assert "take nine tricks" in note_text(rp, "1.4") and "eight" in note_text(rp, "1.4")


def test_the_called_partner_shares_the_contract_and_shows_itself_by_the_card() -> None:
    rp = lesson(CALLED)
    assert rp.result is not None
    score = {side.value: points for side, points in rp.result.score.items()}
    assert score == {"N": 180, "SW": 180, "E": 0, "SE": 0, "W": 10}
    third = rp.tricks[2]
    assert [str(p.card) for p in third.plays] == ["6H", "3H", "8C", "KD", "4H"]
    assert "KH" in {str(c) for c in rp.hand.hands[Seat.W]}    # "West ... could hold a higher heart"
    assert "each of them scores 180" in note_text(rp, "outro")
# --- the left bower on the ace ---------------------------------------------------------------

LEFT_ON_ACE = "defence-left-bower-on-the-ace"


def _trumps_now(rp: Replay, cards: int) -> dict[Seat, list[str]]:
    """Each seat's trumps once ``cards`` cards have been played."""
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    gone = {p.card for p in [p for t in rp.tricks for p in t.plays][:cards]}
    held = {s: [c for c in rp.hand.hands[s] if c not in gone] for s in (Seat.N, Seat.S, Seat.W)}
    assert rp.contract is not None and rp.contract.declarer is Seat.E
    kept = [c for c in (*rp.hand.hands[Seat.E], *rp.hand.kitty) if c not in set(rp.hand.discard or ())]
    held[Seat.E] = [c for c in kept if c not in gone]
    return {s: [str(c) for c in cards if effective_suit(c, ctx) is ctx.trumps] for s, cards in held.items()}


def test_the_left_bower_takes_the_ace_and_the_joker_the_right_bower() -> None:
    from tutor.engine.play import power

    rp = lesson(LEFT_ON_ACE)
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None

    def rank(card: str) -> int:
        return power(parse_card(card), ctx.trumps, ctx)

    # "Only four trumps rank above your king": the joker, both bowers and the ace
    above = sorted(str(c) for c in rp.rules.the_pack.cards
                   if effective_suit(c, ctx) is ctx.trumps and rank(str(c)) > rank("KH"))
    assert above == ["AH", "JD", "JH", "Jo"]
    # at the question (trick 5, North last): North holds the joker, the left bower and the king,
    # the ace is on the table, West has shown no trumps and the right bower is East's
    held = _trumps_now(rp, 4 * 4 + 3)
    assert sorted(held[Seat.N]) == ["JD", "Jo", "KH"] and held[Seat.W] == []
    assert "JH" in held[Seat.E]
    fifth = rp.tricks[4]
    assert [str(p.card) for p in fifth.plays] == ["AH", "4H", "7S", "JD"] and fifth.seats[-1] is Seat.N
    # the trump played before: East's 6 of hearts on North's club
    assert [str(p.card) for p in rp.tricks[2].plays][:2] == ["6C", "6H"]
    # the joker takes the right bower, and the king, then the best trump left, takes the 10
    seventh, ninth = rp.tricks[6], rp.tricks[8]
    assert str(seventh.plays[0].card) == "JH" and seventh.winner is Seat.N
    assert str(seventh.plays[seventh.winner_index or 0].card) == "Jo"
    assert str(ninth.plays[0].card) == "10H" and ninth.winner is Seat.N
    assert str(ninth.plays[ninth.winner_index or 0].card) == "KH"
    left = _trumps_now(rp, 8 * 4)
    assert max(rank(c) for cards in left.values() for c in cards) == rank("KH")
    # three trump tricks for North, four for North–South: set by one
    ns = [t for t in rp.tricks if t.winner in (Seat.N, Seat.S)]
    assert len(ns) == 4 and rp.result is not None and not rp.result.made
    assert dict(rp.result.score) == {Side.NS: 40, Side.EW: -200}
    assert "lose 200" in note_text(rp, "outro") and "score 40" in note_text(rp, "outro")


# --- no room for the kitty -------------------------------------------------------------------

NO_ROOM = "misere-bidding-no-room-for-the-kitty"


def test_the_misere_that_leaves_no_room_for_the_kitty_counted_by_hand() -> None:
    rp = lesson(NO_ROOM)
    south = [str(c) for c in rp.hand.hands[Seat.S]]
    honours = ("A", "K", "Q", "J")
    # "Seven low cards, and three that could win a trick": the ace, the king and the jack
    high = sorted(c for c in south if c[:-1] in honours)
    assert high == ["AC", "JD", "KH"]
    assert sum(1 for c in south if c[:-1] in ("9", "8", "7", "6", "5", "4")) == 7
    # "14 of those are aces, kings, queens, jacks or the joker", of the 33 South cannot see
    unseen = _unseen_by_south(rp)
    danger = sorted(str(c) for c in unseen if str(c) == "Jo" or str(c)[:-1] in honours)
    assert (len(unseen), len(danger)) == (33, 14)
    for claim in rp.hand.kitty_claims["auction"]:
        assert sorted(map(str, claim.any_of)) == danger

    def at_least(k: int) -> int:
        return percent(Fraction(sum(comb(14, j) * comb(19, 3 - j) for j in range(k, 4)), comb(33, 3)))

    assert (at_least(1), at_least(2)) == (82, 38)
    note = note_text(rp, "auction")
    for words in ("33 cards", "14 of those", "82%", "38%", "at least four tricks", "ten tricks",
                  "nine after", "cost them 250"):
        assert words in note
    # the kitty that came holds two of them
    assert sorted(str(c) for c in rp.hand.kitty if str(c) in danger) == ["KD", "QH"]
    # "North–South hold only two of the twelve trumps, the 9 and the 6, and both fall on this
    # trick" (the fifth)
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    ns = sorted(str(c) for s in (Seat.N, Seat.S) for c in rp.hand.hands[s]
                if effective_suit(c, ctx) is ctx.trumps)
    assert ns == ["6S", "9S"]
    assert {"6S", "9S"} <= {str(p.card) for p in rp.tricks[4].plays}
    assert str(rp.tricks[4].plays[0].card) == "AS"
    # West makes nine; North–South score 10 for their one trick
    assert rp.contract is not None and (str(rp.contract.bid), rp.contract.declarer) == ("7S", Seat.W)
    assert rp.result is not None and rp.result.made
    assert rp.result.tricks_won[Side.NS] == 1 and rp.result.score[Side.NS] == 10
    decision = rp.hand.decision
    assert decision is not None and decision.call == 5   # `call: 6`, the sixth call
    assert [str(c) for c in rp.hand.auction[:5]] == ["pass", "6S", "6H", "7S", "pass"]
