"""Chances on cards' notes (issue 30): ``make: N`` and ``best_chance: true``, verified by
``tutor check`` with the single-dummy analysis that ``tutor analyse --seat`` prints."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tutor.engine.play import Play
from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.teach.chancecheck import MARGIN, TOLERANCE, CardChances, card_chances
from tutor.teach.lessoncheck import check_lesson
from tutor.teach.singledummy import analyse_position

HANDS = Path(__file__).resolve().parent.parent / "hands"
LESSON = (HANDS / "count-then-bid.yaml").read_text("utf-8")


def _claim(key: str, claims: str) -> str:
    """count-then-bid with claims added to card ``key``'s note (made a mapping if it is text)."""
    mapping = f'  "{key}":\n    text:'
    if mapping in LESSON:
        return LESSON.replace(mapping, f'  "{key}":\n{claims}    text:')
    plain = f'  "{key}": >-\n'
    if plain not in LESSON:  # no note there yet: a new one
        return LESSON.replace("  outro: >-\n", f'  "{key}":\n{claims}    text: A card.\n  outro: >-\n', 1)
    head, tail = LESSON.split(plain, 1)
    body, rest = re.split(r"\n(?=  \S)", tail, maxsplit=1)
    indented = "".join("  " + line + "\n" for line in body.splitlines())
    return f'{head}  "{key}":\n{claims}    text: >-\n{indented}{rest}'


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.fixture(scope="module")
def east_at_trick_one() -> CardChances:
    rp, problems = handfile.check(HANDS / "count-then-bid.yaml")
    assert rp is not None and problems == []
    return card_chances(rp, 3)


def test_the_figure_is_the_one_tutor_analyse_seat_gives(east_at_trick_one: CardChances) -> None:
    rp, _ = handfile.check(HANDS / "count-then-bid.yaml")
    assert rp is not None
    # Every card on every layout (tutor analyse stops early on a card that cannot catch the best,
    # and then gives its figure over fewer layouts; the card played is always valued on all).
    sd = analyse_position(rp, 3, early_stop=False)
    for est in sd.cards:
        # analyse gives the contractor's make chance; East, a defender, counts the sets
        assert east_at_trick_one.chance(est.play) == pytest.approx(1 - est.make)
    full = {est.play: est for est in sd.cards}
    for est in analyse_position(rp, 3).cards:  # as tutor analyse --seat prints them
        if est.solved == full[est.play].solved:
            assert est.make == pytest.approx(full[est.play].make)
    assert east_at_trick_one.seat is Seat.E and not east_at_trick_one.contractor_side


@pytest.mark.parametrize(("key", "claims"), [
    ("1.4", "    make: 79\n"),                      # East's 6 of hearts sets seven hearts in 79%
    ("1.4", "    make: 75\n    best_chance: true\n"),   # within 5 points; the jack sets it in 51%
    ("9.1", "    make: 100\n    best_chance: true\n"),  # every layout counted: the queen makes it
    ("2.3", "    best_chance: true\n"),             # North's 6 and 5 of spades: the same on every layout
])
def test_a_true_chance_checks_clean(key: str, claims: str) -> None:
    _, problems = check_lesson("ctb.yaml", _claim(key, claims))
    assert problems == []


def test_a_figure_more_than_the_tolerance_away_is_reported_with_the_true_one() -> None:
    text = _claim("1.4", "    make: 70\n")
    _, problems = check_lesson("ctb.yaml", text)
    assert [p.line for p in problems] == [_line(text, "make: 70")]
    message = problems[0].message
    assert message.startswith("note '1.4': the note claims East's 6♥ sets the contract in 70% of "
                              "the layouts, but with what East could see it sets it in 79% (standard error")
    assert f"within {TOLERANCE} points" in message and "tutor analyse --seat E" in message
    assert problems[0].rule == "single-dummy"


@pytest.mark.parametrize(("key", "words"), [
    ("6.2", "but J♦ sets the contract in 29% of the layouts, against 5%"),     # West's 7 of hearts
    ("1.2", "the sampling cannot tell them apart"),                           # 47% against 46%
    ("1.1", "but A♠, K♠, Q♠ make the contract in 96% of the layouts, against 94%"),  # the joker lead
])
def test_a_best_chance_refuted_names_the_card_that_does_better_or_as_well(key: str, words: str) -> None:
    text = _claim(key, "    best_chance: true\n")
    _, problems = check_lesson("ctb.yaml", text)
    assert problems and all(p.line == _line(text, "best_chance: true") for p in problems)
    assert any(words in p.message for p in problems), [p.message for p in problems]


def test_chances_are_checked_beside_a_refuted_kitty_claim() -> None:
    kitty = "    kitty: {seat: S, brings: {suit: trumps}, percent: 50}\n"
    text = _claim("1.4", "    make: 70\n").replace("  intro: >-\n", f"  intro:\n{kitty}    text: >-\n", 1)
    text = re.sub(r"(?m)^(    You are South.*|    (?:ace and|which tricks|cards add).*)$", r"  \1", text)
    _, problems = check_lesson("ctb.yaml", text)
    assert sorted(p.rule for p in problems) == ["kitty odds", "single-dummy"]


@pytest.mark.parametrize(("place", "claims", "words"), [
    ("intro", "make: 50", "belongs on a card's note"),
    ("1.4", "make: 150", "whole percent from 0 to 100"),
    ("1.4", "best_chance: false", "best_chance: false says nothing"),
    ("1.4", "make: 0x1f", "whole percent"),
])
def test_a_malformed_chance_is_refused_at_reading(place: str, claims: str, words: str) -> None:
    if place == "intro":
        text = LESSON.replace("  intro: >-\n", f"  intro:\n    {claims}\n    text: >-\n", 1)
        text = re.sub(r"(?m)^(    You are South.*|    (?:ace and|which tricks|cards add).*)$", r"  \1", text)
    else:
        text = _claim(place, f"    {claims}\n")
    with pytest.raises(handfile.HandFileError, match=words):
        handfile.loads(text, "ctb.yaml")


def test_chances_are_written_back_and_read_alike() -> None:
    hand = handfile.loads(_claim("1.4", "    make: 79\n    best_chance: true\n"), "ctb.yaml")
    again = handfile.loads(handfile.dumps(hand), "again.yaml")
    assert again.claims["1.4"] == hand.claims["1.4"]
    assert (hand.claims["1.4"].make, hand.claims["1.4"].best_chance) == (79, True)


# --- the standard errors, on hand-made outcomes ----------------------------------------------

A, B, C = (Play.parse(c) for c in ("AS", "KS", "QS"))


def _chances(a: tuple[bool, ...], b: tuple[bool, ...], weights: tuple[float, ...] | None = None,
             exact: bool = False) -> CardChances:
    n = len(a)
    return CardChances(Seat.S, True, {A: a, B: b, C: b}, weights or (1 / n,) * n, exact, "test")


def test_equal_weights_give_the_binomial_standard_error() -> None:
    ch = _chances((True,) * 30 + (False,) * 70, (True,) * 100)
    assert ch.chance(A) == pytest.approx(0.3)
    assert ch.error(A) == pytest.approx(math.sqrt(0.3 * 0.7 / 100))
    assert ch.error(B) == pytest.approx(0.0)   # the same on every layout: no spread


def test_the_difference_is_measured_on_the_same_layouts() -> None:
    # A makes on the first 60 layouts, B on the first 50: A is never worse, so the paired error
    # (of a 10% difference in 100 layouts) is far below the unpaired sqrt(se_a^2 + se_b^2)
    ch = _chances((True,) * 60 + (False,) * 40, (True,) * 50 + (False,) * 50)
    paired = ch.difference_error(A, B)
    assert paired == pytest.approx(math.sqrt(0.1 * 0.9 / 100))
    assert paired < math.hypot(ch.error(A), ch.error(B)) / 2
    assert ch.chance(A) - ch.chance(B) > MARGIN * paired
    assert ch.difference_error(B, C) == 0.0


def test_every_layout_counted_has_no_sampling_error() -> None:
    ch = _chances((True, False, True), (False, False, True), exact=True)
    assert ch.error(A) == 0.0 and ch.difference_error(A, B) == 0.0


def test_weights_count_as_weights() -> None:
    ch = _chances((True, False), (False, False), weights=(0.9, 0.1))
    assert ch.chance(A) == pytest.approx(0.9)
    assert ch.error(A) == pytest.approx(math.sqrt(0.81 * 0.01 + 0.01 * 0.81))
