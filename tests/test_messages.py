"""Messages about a hand written wrong or in part say what a learner or an author needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli import main
from tutor.files import handfile

DEAL = """\
title: "Messages"
rules: {rules}
dealer: E
hands:
  N: [4D, 7H, 9D, 9H, 4H, JH, KH, 10D, 5D, 5H]
  E: [6C, AH, 8D, 9C, AS, 9S, 7S, AC, QD, 10S]
  S: [KS, 8C, JS, 5S, 10H, KC, 8H, QC, 7C, Jo]
  W: [JD, AD, 7D, QS, 5C, 8S, 10C, KD, 6S, 6H]
kitty: [6D, JC, QH]
auction: {auction}
"""


def write(tmp_path: Path, rules: str, auction: str, rest: str = "") -> Path:
    path = tmp_path / "hand.yaml"
    path.write_text(DEAL.format(rules=rules, auction=auction) + rest, "utf-8")
    return path


@pytest.mark.parametrize(("rules", "auction", "said"), [
    ("avondale", "[pass, 7NT]", "The auction is unfinished: North and East have not spoken"),
    ("australian", "[pass, 7NT]", "The auction is unfinished: West, North and East have not passed"),
    ("australian", "[pass, 7NT, pass]", "The auction is unfinished: West and East have not passed"),
])
def test_an_unfinished_auction_says_so_and_who_is_to_speak(
    tmp_path: Path, rules: str, auction: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rp, problems = handfile.check(write(tmp_path, rules, auction))
    assert rp is not None and not problems
    assert rp.stopped is not None and rp.stopped.startswith(said)
    assert main(["replay", str(tmp_path / "hand.yaml")]) == 0
    out = capsys.readouterr().out
    assert said in " ".join(out.split()) and "before the last trick" not in out


def test_a_partial_play_still_says_the_hand_stops_early(tmp_path: Path) -> None:
    rest = "discard: [6H, KD, 8S]\nplay:\n  - [KC, 10C, 5H, AC]\n"
    rp, problems = handfile.check(write(tmp_path, "avondale", "[pass, 7NT, pass, pass]", rest))
    assert rp is not None and not problems
    assert rp.stopped == "The hand stops before the last trick: a partial hand gets no score."


@pytest.mark.parametrize(("rules", "auction", "why"), [
    ("avondale", "[pass, 7NT, pass, pass]", "South leads first, sitting left of the dealer"),
    ("australian", "[pass, 7NT, pass, pass]", "West leads first, as the contractor"),
])
def test_a_first_card_by_the_wrong_seat_says_who_leads_and_why(
    tmp_path: Path, rules: str, auction: str, why: str
) -> None:
    rest = "discard: [6H, KD, 8S]\nplay:\n  - [AC, 10C, 5H, KC]\n"
    _rp, problems = handfile.check(write(tmp_path, rules, auction, rest))
    assert len(problems) == 1
    said = problems[0].message
    assert said.startswith("trick 1, card 1: the first card is ")
    assert why in said and "the ace of clubs is in East's hand" in said
    assert "does not hold" not in said
