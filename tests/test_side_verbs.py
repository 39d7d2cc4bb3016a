"""Verbs agree with the side they follow: a seat on its own takes the singular ("South takes"),
a partnership the plural ("North–South take"), in ``tutor analyse``, ``tutor check``, the
quiz's best-card question and the score rulings."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.auction import Bid, BidKind, Contract, Strain
from tutor.engine.rules import preset
from tutor.engine.scoring import game_end, score_hand
from tutor.engine.seats import Seat, Side, agree
from tutor.files.handfile import check
from tutor.teach.bestcard import best_card_spots
from tutor.teach.values import step_values

HANDS = Path(__file__).resolve().parent.parent / "hands"
THREE = HANDS / "three-handed-alone-against-two.yaml"  # South alone at three
MISERE = HANDS / "misere-which-three-to-put-away.yaml"  # South's partner sits out

#: A lone seat's name then a plural verb: what the fault printed.
_PLURAL_AFTER_ONE = re.compile(r"\b(?:North|East|South|West) (?:take|want|need|win|score) ")


@pytest.mark.parametrize(
    ("subject", "verb", "said"),
    [
        ("South", "take", "South takes"),
        ("North–South", "take", "North–South take"),
        ("West and North", "want", "West and North want"),
        ("Kim and Lee", "have", "Kim and Lee have"),
        ("East", "have", "East has"),
        ("East", "go", "East goes"),
        ("North's team (N, SE, SW)", "need", "North's team (N, SE, SW) needs"),
    ],
)
def test_agree(subject: str, verb: str, said: str) -> None:
    assert agree(subject, verb) == said


@pytest.mark.parametrize("path", [THREE, MISERE], ids=lambda p: p.stem)
def test_analyse_says_south_takes(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(path)]) == 0
    text = capsys.readouterr().out
    header = text.splitlines()[1]
    assert re.search(r": South takes \d+ with best play", header), header
    assert "(par; South wants the " in header
    assert not _PLURAL_AFTER_ONE.search(text)


def test_analyse_discard_line_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "--kitty", str(THREE)]) == 0
    text = capsys.readouterr().out
    assert re.search(r"South put away .*: South takes \d+\.", text)
    assert not _PLURAL_AFTER_ONE.search(text)


def test_partnership_keeps_the_plural(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(HANDS / "joker-led-in-no-trumps.yaml")]) == 0
    assert "North–South take 9 with best play" in capsys.readouterr().out


def test_best_card_explanation_agrees() -> None:
    """No shipped lone-contractor suit contract has a clear-minority turn, so one turn of the
    three-handed lesson is made one: only the card played keeps South's best."""
    rep, _ = check(THREE)
    assert rep is not None
    index, tv = next((i, tv) for i, tv in step_values(rep).items() if len(tv.cards) >= 4)
    cards = {c: tv.best if c == tv.actual.card else tv.best + (-1 if tv.wants_more else 1)
             for c in tv.cards}
    spots = best_card_spots(rep, values={index: replace(tv, cards=cards)})
    assert len(spots) == 1
    first = spots[0].explanation[0]
    assert "South takes (South needs 8)" in first, first
    assert not _PLURAL_AFTER_ONE.search(" ".join(spots[0].explanation))


def test_two_handed_game_end_names_one_winner_in_the_singular() -> None:
    rules = preset("two-handed")
    n, s = Side.ONLY_N, Side.ONLY_S
    result = score_hand(Contract(Bid.parse("8H"), Seat.N), {n: 5, s: 5}, rules)
    assert not result.made
    end = game_end({n: -520, s: 100}, result, rules)
    assert end is not None and end.winners == (s,)
    assert end.ruling.text.endswith(", so South wins."), end.ruling.text


def test_three_handed_all_passed_scores_each_in_the_singular() -> None:
    rules = preset("three-handed", {"all_pass": "no-trumps"})
    e, s, w = Side.ONLY_E, Side.ONLY_S, Side.ONLY_W
    nobody = Contract(Bid(BidKind.ALL_PASSED, strain=Strain.NO_TRUMPS), Seat.E)
    result = score_hand(nobody, {e: 3, s: 4, w: 3}, rules)
    text = result.ruling.text
    assert "East scores 30 for 3 tricks" in text and "South scores 40 for 4 tricks" in text, text
