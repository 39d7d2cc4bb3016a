"""Match files: what they accept, and every problem as FILE:LINE: message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.engine.auction import Bid
from tutor.files import match
from tutor.files.match import MatchFileError

DATA = Path(__file__).parent / "data"
MATCHES = Path(__file__).parent.parent / "matches"


def problems(text: str, path: str = "m.yaml") -> list[str]:
    with pytest.raises(MatchFileError) as err:
        match.loads(text, path)
    return [str(p) for p in err.value.problems]


def test_the_worked_example_loads() -> None:
    m = match.load(MATCHES / "cardzo-worked-example.yaml")
    assert [p.key for p in m.parties] == ["NS", "EW"]
    assert [h.bid for h in m.hands] == [Bid.parse(b) for b in ("7D", "8H", "misere", "9NT")]
    assert [h.contractor for h in m.hands] == ["NS", "EW", "EW", "NS"]
    assert m.hands[1].tricks == {"NS": 3, "EW": 7}
    assert m.rules.target == 500 and m.rules.slam == "minimum250"
    assert not m.rules.defenders_score_in_misere


def test_by_a_seat_a_side_or_a_player() -> None:
    m = match.loads(
        "partnerships: {NS: [Ann, Bob], EW: The Smiths}\n"
        "rules: australian\n"
        "hands:\n"
        "  - {bid: 7S, by: W, tricks: 7}\n"
        "  - {bid: 6H, by: Bob, tricks: 6}\n"
        "  - {bid: 6NT, by: north-south, tricks: 9}\n"
        "  - {bid: 8C, by: E/W, tricks: 2}\n"
        "  - {bid: pass}\n"
    )
    assert [(h.contractor, h.bidder) for h in m.hands] == [
        ("EW", "West"), ("NS", "Bob"), ("NS", "Ann & Bob"), ("EW", "The Smiths"), (None, None)
    ]
    assert m.party("NS").name == "Ann & Bob"
    assert m.hands[4].bid is None


def test_three_players_make_the_game_three_handed() -> None:
    m = match.loads(
        "players: [Ann, Bob, Cat]\nrules: australian\nhands:\n"
        "  - {bid: 7S, by: ann, tricks: {Ann: 7, Bob: 2, Cat: 1}}\n"
        "  - {bid: 6H, by: Cat, order: [Cat, Cat, Bob, Cat, Cat, Ann, Cat, Cat, Bob, Cat]}\n"
    )
    assert m.three_handed and m.rules.three_handed
    assert m.hands[0].contractor == "Ann"
    assert m.hands[1].tricks == {"Ann": 1, "Bob": 2, "Cat": 7}
    assert m.hands[1].order is not None and m.hands[1].order[0] == "Cat"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rules: australian\nhands:\n  - {bid: 7S, by: NS, tricks: 11}\n",
         "m.yaml:3: hand 1's tricks (taken by the contractor's side) must be a number of tricks "
         "from 0 to 10, not 11"),
        ("rules: australian\nhands:\n  - {bid: 7S, by: NS}\n", "m.yaml:3: hand 1 needs 'tricks'"),
        ("rules: australian\nhands:\n  - {bid: 5S, by: NS, tricks: 5}\n", "m.yaml:3: hand 1's bid: "),
        ("rules: australian\nhands:\n  - {bid: 7S, by: X, tricks: 5}\n",
         "m.yaml:3: hand 1's by 'X' is not at this table: expected NS, EW or a seat (N, E, S, W)"),
        ("rules: australian\nhands:\n  - {bid: 7S, by: NS, tricks: on}\n",
         "m.yaml:3: hand 1's tricks (taken by the contractor's side) must be a number of tricks from 0 to "
         "10, not on (which YAML reads as a boolean)"),
        ("rules: {preset: australian, target: 275}\nhands:\n  - {bid: 7S, by: NS, tricks: 7}\n",
         "m.yaml:1: setting target cannot be 275: expected 300 to 1500 in steps of 50"),
        ("rules:\n  preset: australian\n  defender_trick_value: 12\nhands: []\n",
         "m.yaml:3: setting defender_trick_value cannot be 12: expected 0 to 20 in steps of 5"),
        ("rules: {preset: australian, slam: maybe}\nhands: [{bid: pass}]\n",
         "m.yaml:1: setting slam cannot be maybe: expected one of minimum250, none, plus250"),
        ("rules: australian\nhands:\n  - {bid: 7S, by: NS, trick: 7}\n",
         "m.yaml:3: hand 1: unknown key 'trick'"),
        ("rules: australian\nscores: 3\nhands: []\n", "m.yaml:2: unknown key 'scores'"),
        ("hands: []\n", "m.yaml:1: the match has no 'rules'"),
        ("rules: australian\nhands:\n  - nowhere.yaml\n",
         "m.yaml:3: hand 1: no such hand file 'nowhere.yaml'"),
        ("players: [Ann, Bob, Cat]\nrules: australian\nhands:\n  - {bid: 7S, by: Ann, tricks: 7}\n",
         "m.yaml:4: hand 1's tricks: in three-handed play each player scores their own tricks"),
        ("players: [Ann, Bob, Cat]\nrules: australian\nhands:\n"
         "  - {bid: 7S, by: Ann, tricks: {Ann: 7, Bob: 2, Cat: 2}}\n",
         "m.yaml:4: hand 1's tricks add up to 11, not ten"),
        ("players: [Ann, Bob, Yes]\nrules: australian\nhands: [{bid: pass}]\n",
         "m.yaml:1: player is 'Yes', which YAML reads as a boolean (true), not as text"),
        ("players: [Ann, Bob, Cat]\nrules: {preset: australian, three_handed: off}\nhands: [{bid: pass}]\n",
         "m.yaml:2: the rules say three_handed off, but the match has three players"),
        ("rules: {preset: australian, three_handed: on}\nhands: [{bid: pass}]\n",
         "m.yaml:1: the rules say three_handed on, but the match has two partnerships"),
        ("rules: australian\nhands:\n  - {bid: 7S, by: NS, tricks: 7, order: [NS, EW]}\n",
         "m.yaml:3: hand 1's order names who won each of the ten tricks, not 2"),
        ("rules: australian\nhands:\n  - {bid: pass, by: NS}\n",
         "m.yaml:3: hand 1 was thrown in (everyone passed), so it has no by"),
        ("rules: australian\nhands: [\n", "m.yaml:3: not valid YAML"),
    ],
)
def test_problems_name_the_file_and_line(text: str, expected: str) -> None:
    found = problems(text)
    assert any(p.startswith(expected) for p in found), found


def test_yaml_booleans_are_never_read_as_names() -> None:
    # `on`, `yes`, `no` unquoted are booleans in YAML 1.1: a setting takes them as on/off,
    # but a name or a seat never silently becomes True.
    m = match.loads("rules: {preset: australian, defenders_score_in_misere: yes}\nhands: [{bid: pass}]\n")
    assert m.rules.defenders_score_in_misere is True
    found = problems("partnerships: {NS: no, EW: Them}\nrules: australian\nhands: [{bid: pass}]\n")
    assert found[0].startswith("m.yaml:1: NS's name is 'no', which YAML reads as a boolean")
    m = match.loads("partnerships: {NS: 'no', EW: Them}\nrules: australian\nhands: [{bid: pass}]\n")
    assert m.party("NS").name == "no"


def test_a_hand_file_is_replayed_and_its_contract_and_tricks_taken(tmp_path: Path) -> None:
    shutil.copy(DATA / "spec-example.yaml", tmp_path / "hand.yaml")
    (tmp_path / "m.yaml").write_text(
        "rules: avondale\nhands:\n  - hand.yaml\n  - {file: hand.yaml, note: again}\n"
    )
    m = match.load(tmp_path / "m.yaml")
    first = m.hands[0]
    assert first.bid == Bid.parse("8NT") and first.contractor == "EW" and first.bidder == "East"
    assert first.tricks == {"NS": 6, "EW": 4}
    assert first.order is not None and len(first.order) == 10 and first.order[0] == "NS"
    assert first.replay is not None and first.file == "hand.yaml"
    assert m.hands[1].note == "again"


def test_hand_file_problems_are_passed_on(tmp_path: Path) -> None:
    text = (DATA / "spec-example.yaml").read_text().replace("[9C, AC, 10C, 7C]", "[9C, AC, 10C, 9C]")
    (tmp_path / "bad.yaml").write_text(text)
    (tmp_path / "m.yaml").write_text("rules: avondale\nhands:\n  - bad.yaml\n")
    found = problems((tmp_path / "m.yaml").read_text(), str(tmp_path / "m.yaml"))
    assert any(p.startswith(f"{tmp_path / 'bad.yaml'}:") for p in found), found
    assert found[-1] == (
        f"{tmp_path / 'm.yaml'}:3: hand 1: the hand file bad.yaml has the problems listed above"
    )


def test_hand_file_under_other_rules_or_unfinished(tmp_path: Path) -> None:
    shutil.copy(DATA / "spec-example.yaml", tmp_path / "hand.yaml")
    found = problems("rules: australian\nhands:\n  - hand.yaml\n", str(tmp_path / "m.yaml"))
    assert found == [f"{tmp_path / 'm.yaml'}:3: hand 1: the hand file hand.yaml is played under avondale "
                     f"rules, but the match under australian"]
    text = (DATA / "spec-example.yaml").read_text()
    (tmp_path / "short.yaml").write_text(text[: text.index("  - [9H, 4H, 6H, 8D]")])
    found = problems("rules: avondale\nhands:\n  - short.yaml\n", str(tmp_path / "m.yaml"))
    assert found[0].endswith("does not play all ten tricks, so it has no score; give the hand as "
                             "{bid: …, by: …, tricks: …} instead")
