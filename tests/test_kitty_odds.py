"""The kitty's odds, exactly (issue 30): what the kitty brings a seat, counted over every kitty,
and ``kitty:`` claims on notes, verified by ``tutor check``."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.cards import PACKS, Card
from tutor.engine.kittyodds import KittyOddsError, kitty_odds, percent, unseen_by
from tutor.engine.rules import preset
from tutor.files import handfile
from tutor.files.schema import schema
from tutor.files.verify import verify

HANDS = Path(__file__).resolve().parent.parent / "hands"
LESSON = (HANDS / "count-then-bid.yaml").read_text("utf-8")


def _unseen(n: int, asked: int) -> tuple[list[Card], set[Card]]:
    """``n`` distinct cards, the first ``asked`` of them the ones asked for."""
    pack = list(dict.fromkeys(preset("canadian").the_pack.cards))
    assert len(pack) >= n
    return pack[:n], set(pack[:asked])


# (unseen cards, of them asked for, kitty size, at least, the chance worked out by hand)
CASES = [
    # four-handed, 43 cards: South's 10 leave 33 unseen, a kitty of 3
    (33, 8, 3, 1, 1 - Fraction(comb(25, 3), comb(33, 3))),          # a trump, eight out: 58%
    (33, 2, 3, 1, 1 - Fraction(comb(31, 3), comb(33, 3))),          # one of the two bowers
    (33, 8, 3, 2, Fraction(comb(8, 2) * 25 + comb(8, 3), comb(33, 3))),
    (33, 8, 3, 3, Fraction(comb(8, 3), comb(33, 3))),               # three trumps
    (33, 1, 3, 1, Fraction(3, 33)),                                 # one card: 3 places in 33
    (33, 0, 3, 1, Fraction(0)),                                     # nothing to bring
    (33, 8, 3, 4, Fraction(0)),                                     # more than the kitty holds
    (33, 33, 3, 3, Fraction(1)),                                    # every card asked for
    # three-handed, 33 cards: 23 unseen; Canadian, 46 cards and a kitty of 6: 36 unseen
    (23, 5, 3, 1, 1 - Fraction(comb(18, 3), comb(23, 3))),
    (36, 6, 6, 2, 1 - Fraction(comb(30, 6) + 6 * comb(30, 5), comb(36, 6))),
]


@pytest.mark.parametrize(("n", "asked", "size", "at_least", "chance"), CASES, ids=str)
def test_the_chance_is_the_count_of_kitties_worked_out_by_hand(
        n: int, asked: int, size: int, at_least: int, chance: Fraction) -> None:
    unseen, wanted = _unseen(n, asked)
    odds = kitty_odds(unseen, size, wanted.__contains__, at_least)
    assert odds.kitties == comb(n, size)
    assert odds.chance == chance
    assert (odds.unseen, odds.asked) == (n, asked)


@pytest.mark.parametrize(("n", "asked", "size", "at_least"),
                         [(33, 8, 3, 1), (33, 8, 3, 2), (23, 5, 3, 1), (20, 6, 6, 2), (12, 4, 5, 3)])
def test_the_count_is_every_kitty_listed_one_by_one(n: int, asked: int, size: int, at_least: int) -> None:
    unseen, wanted = _unseen(n, asked)
    listed = [sum(c in wanted for c in kitty) >= at_least for kitty in combinations(unseen, size)]
    odds = kitty_odds(unseen, size, wanted.__contains__, at_least)
    assert (odds.kitties, odds.bringing) == (len(listed), sum(listed))


@given(st.integers(1, 14), st.data())
def test_any_small_case_agrees_with_listing_every_kitty(n: int, data: st.DataObject) -> None:
    asked = data.draw(st.integers(0, n))
    size = data.draw(st.integers(1, n))
    at_least = data.draw(st.integers(1, size + 1))
    unseen, wanted = _unseen(n, asked)
    listed = [sum(c in wanted for c in kitty) >= at_least for kitty in combinations(unseen, size)]
    odds = kitty_odds(unseen, size, wanted.__contains__, at_least)
    assert odds.chance == Fraction(sum(listed), len(listed))


@pytest.mark.parametrize(("chance", "whole"), [
    (Fraction(3156, 5456), 58), (Fraction(1, 8), 13), (Fraction(1, 200), 1), (Fraction(1, 201), 0),
    (Fraction(0), 0), (Fraction(1), 100), (Fraction(199, 200), 100), (Fraction(2, 3), 67),
])
def test_a_chance_is_rounded_to_a_whole_percent_halves_up(chance: Fraction, whole: int) -> None:
    assert percent(chance) == whole


def test_the_unseen_cards_are_the_pack_less_the_hand_and_repeated_cards_count_each_copy() -> None:
    pack = preset("australian").the_pack.cards
    held = [Card.parse(c) for c in ("Jo", "AS", "KS", "AH", "KH", "10H", "8H", "7C", "6C", "5D")]
    unseen = unseen_by(pack, held)
    assert len(unseen) == 33 and not set(unseen) & set(held)
    six = PACKS["63-homemade"].cards  # the home-made pack repeats cards
    twice = next(c for c in six if six.count(c) > 1)
    assert unseen_by(six, [twice]).count(twice) == six.count(twice) - 1


@pytest.mark.parametrize(("n", "size", "at_least", "words"), [
    (2, 3, 1, "cannot be drawn from 2"), (33, 0, 1, "no kitty"), (33, 3, 0, "at_least must be 1"),
])
def test_what_cannot_be_counted_says_why(n: int, size: int, at_least: int, words: str) -> None:
    unseen, wanted = _unseen(n, 1)
    with pytest.raises(KittyOddsError, match=words):
        kitty_odds(unseen, size, wanted.__contains__, at_least)


# --- the claim in a hand file ----------------------------------------------------------------

def _with_intro_claim(claim: str) -> str:
    """count-then-bid with a kitty claim on its intro (South: the joker and four hearts held, so
    eight of the thirteen trumps are among the 33 cards South cannot see)."""
    head, rest = LESSON.split("  intro: >-\n", 1)
    body, tail = rest.split("  auction:", 1)
    indented = "".join("  " + line + "\n" for line in body.splitlines())
    return f"{head}  intro:\n    kitty: {claim}\n    text: >-\n{indented}  auction:{tail}"


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def _at_least(asked: int, k: int, unseen: int = 33, size: int = 3) -> int:
    """The percent of kitties holding ``k`` or more of ``asked`` cards, by math.comb."""
    n = sum(comb(asked, j) * comb(unseen - asked, size - j) for j in range(k, size + 1))
    return percent(Fraction(n, comb(unseen, size)))


#: (claim with {} for its percent, the cards asked for that the seat cannot see, at least):
#: seven hearts, so thirteen trumps (eleven hearts, the left bower and the joker).
CLAIMS = [
    ("{{seat: S, brings: {{suit: trumps}}, percent: {}}}", 8, 1),          # South holds five: 58%
    ("{{seat: S, brings: {{suit: hearts, at_least: 2}}, percent: {}}}", 8, 2),
    ("{{seat: S, brings: {{suit: diamonds}}, percent: {}}}", 9, 1),       # ten, the jack a trump
    ("{{seat: S, brings: {{any_of: [JH, JD]}}, percent: {}}}", 2, 1),     # a bower
    ("{{seat: S, brings: {{any_of: [Jo, JD]}}, percent: {}}}", 1, 1),     # South holds the joker
    ("{{seat: N, brings: {{suit: trumps}}, percent: {}}}", 12, 1),        # North holds one
    ("[{{seat: S, brings: {{suit: C}}, percent: {}}}]", 8, 1),
]


@pytest.mark.parametrize(("claim", "asked", "k"), CLAIMS, ids=str)
def test_a_true_kitty_claim_checks_clean(claim: str, asked: int, k: int) -> None:
    rep, problems = verify("ctb.yaml", _with_intro_claim(claim.format(_at_least(asked, k))))
    assert rep is not None and problems == []
    assert rep.hand.kitty_claims["intro"]
    _, wrong = verify("ctb.yaml", _with_intro_claim(claim.format(_at_least(asked, k) + 1)))
    assert len(wrong) == 1 and f"{_at_least(asked, k)}%" in wrong[0].message


def test_the_figures_of_the_table() -> None:
    assert [_at_least(8, 1), _at_least(8, 2), _at_least(9, 1), _at_least(12, 1)] == [58, 14, 63, 76]


def test_a_wrong_kitty_claim_is_reported_at_its_line_with_the_true_figure() -> None:
    text = _with_intro_claim("{seat: S, brings: {suit: trumps, at_least: 1}, percent: 76}")
    _, problems = verify("ctb.yaml", text)
    assert [str(p) for p in problems] == [
        f"ctb.yaml:{_line(text, 'percent: 76')}: note 'intro': the claim says the kitty brings "
        f"South at least one trump in 76% of the kitties it could be, but counted exactly it does "
        f"in 58% (3156 of the 5456 kitties of 3 cards from the 33 cards South cannot see, 8 of "
        f"them asked for)"]
    assert problems[0].rule == "kitty odds"


@pytest.mark.parametrize(("claim", "words"), [
    ("{seat: NE, brings: {suit: trumps}, percent: 5}", "North-East is not at this table"),
    ("{seat: S, brings: {suit: trumps, at_least: 0}, percent: 5}", "at_least: must be a number"),
    ("{seat: S, brings: {suit: trumps, any_of: [Jo]}, percent: 5}", "either a suit or any_of"),
    ("{seat: S, brings: {suit: royals}, percent: 5}", "'royals' is not a suit"),
    ("{seat: S, brings: {suit: trumps}, percent: 101}", "whole percent from 0 to 100"),
    ("{seat: S, brings: {suit: trumps}}", "has no percent"),
    ("{seat: S, brings: {any_of: [ZZ]}, percent: 5}", "any_of"),
    ("{seat: S, brings: {suit: trumps}, percent: 5, odds: 1}", "'odds' is unknown"),
])
def test_a_kitty_claim_that_cannot_be_counted_says_why(claim: str, words: str) -> None:
    _, problems = verify("ctb.yaml", _with_intro_claim(claim))
    assert len(problems) == 1 and words in problems[0].message, problems


def test_trumps_in_a_contract_without_them_is_refused_by_name() -> None:
    text = (LESSON.split("play:")[0].replace("auction: [7H,", "auction: [7NT,")
            + "notes:\n  intro:\n    kitty: {seat: S, brings: {suit: trumps}, percent: 5}\n    text: a\n")
    _, problems = verify("ctb.yaml", text)
    assert any("has no trump suit" in p.message for p in problems), problems


def test_a_kitty_claim_on_a_card_note_is_refused() -> None:
    text = LESSON.replace('  "1.4":\n    text:', '  "1.4":\n    kitty: {seat: S, brings: {suit: trumps}, '
                                                  'percent: 58}\n    text:')
    with pytest.raises(handfile.HandFileError, match="belongs on the intro, auction or discard note"):
        handfile.loads(text, "ctb.yaml")


def test_kitty_claims_are_written_back_and_read_alike() -> None:
    text = _with_intro_claim("[{seat: S, brings: {suit: trumps}, percent: 58}, "
                             "{seat: S, brings: {any_of: [JH, JD], at_least: 2}, percent: 1}]")
    hand = handfile.loads(text, "ctb.yaml")
    again = handfile.loads(handfile.dumps(hand), "again.yaml")
    assert again.kitty_claims == hand.kitty_claims and len(hand.kitty_claims["intro"]) == 2


def test_the_schema_accepts_a_kitty_claim_and_rejects_a_misspelt_one() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    good = yaml.safe_load(_with_intro_claim("{seat: S, brings: {suit: trumps, at_least: 1}, percent: 58}"))
    good = {str(k): v for k, v in good.items()}
    good["notes"] = {str(k): v for k, v in good["notes"].items()}
    validator.validate(good)
    good["notes"]["intro"]["kitty"]["brings"] = {"suits": "trumps"}
    assert not validator.is_valid(good)
