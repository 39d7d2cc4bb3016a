"""Hand files: every mistake reported as FILE:LINE naming the trick, the card and the rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.engine.cards import Card
from tutor.engine.hand import RulesSpec
from tutor.engine.seats import Seat
from tutor.files import handfile

DATA = Path(__file__).parent / "data"
EXAMPLE = (DATA / "spec-example.yaml").read_text("utf-8")


def problems_of(text: str, path: str = "hand.yaml") -> list[str]:
    _, problems = handfile.check(path, text)
    return [str(p) for p in problems]


def edit(old: str, new: str, text: str = EXAMPLE) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


MISTAKES = [
    # (what is changed, line, words that must be in the message)
    pytest.param(
        edit("  - [5H, QH, JH, AH]", "  - [5H, 8C, JH, AH]"), 14,
        "trick 2, card 2 (West plays 8C): West must follow suit: hearts were led and West "
        "holds the queen, 8 and 4 of hearts, so cannot play the 8 of clubs",
        id="revoke",
    ),
    pytest.param(
        edit("  - [9C, AC, 10C, 7C]", "  - [9C, AD, 10C, 7C]"), 13,
        "trick 1, card 2 (South plays AD): South does not hold the ace of diamonds", id="card-not-held",
    ),
    pytest.param(
        edit("  - [9S, KS, QS, 5S]", "  - [9S, KS, QS]"), 16,
        "trick 4 has 3 cards; with 4 players each trick has 4", id="short-trick",
    ),
    pytest.param(
        edit("  - [Jo:S, 6S, AD, 7S]", "  - [Jo, 6S, AD, 7S]"), 18,
        "trick 6, card 1 (East plays Jo): East leads the joker in no-trumps without naming a suit",
        id="joker-led-unnamed",
    ),
    pytest.param(
        edit("  - [Jo:S, 6S, AD, 7S]", "  - [Jo:X, 6S, AD, 7S]"), 18,
        "trick 6, card 1: unknown suit 'X'", id="joker-bad-suit",
    ),
    pytest.param(edit("dealer: N", "dealer: no"), 3,
                 "dealer is 'no', which YAML reads as a boolean (false), not as text", id="yaml-no"),
    pytest.param(
        edit("auction: [8NT, pass, pass, pass]", "auction: [8NT, pass, off, pass]"), 10,
        "call 3 is 'off', which YAML reads as a boolean (false)", id="yaml-off",
    ),
    pytest.param(
        edit("rules: avondale ", "rules: {preset: avondale, first_leader: off}"), 2,
        "setting first_leader cannot be off: expected one of contractor, left-of-dealer",
        id="yaml-off-setting",
    ),
    pytest.param(edit("dealer: N", 'dealer: "no"'), 3, "unknown seat 'no'", id="quoted-no"),
    pytest.param(EXAMPLE + "trumps: H\n", 23, "unknown key 'trumps'", id="unknown-key"),
    pytest.param(
        edit("rules: avondale ", "rules: {preset: avondale, slam_bonus: big}"), 2,
        "setting slam cannot be big", id="bad-setting",
    ),
    pytest.param(edit("rules: avondale ", "rules: whist "), 2, "unknown rules preset 'whist'",
                 id="unknown-preset"),
    pytest.param(edit("  N: [10S, 6H,", "  N: [10S, 6X,"), 5,
                 "North's card: cannot read card '6X'", id="bad-card"),
    pytest.param(edit("  N: [10S, 6H, 7C,", "  N: [10S, 6H, 3C,"), 5,
                 "3C is not in the 43-card pack", id="not-in-pack"),
    pytest.param(edit("  N: [10S, 6H,", "  N: [10S, 5H,"), 7,
                 "5H is dealt 2 times (North, South); the pack has only one", id="dealt-twice"),
    pytest.param(edit("  N: [10S, 6H, 7C,", "  N: [10S, 6H,"), 5,
                 "North is dealt 9 cards; each player is dealt 10", id="short-hand"),
    pytest.param(edit("kitty: [Jo, 6C, JC]", "kitty: [Jo, 6C]"), 9,
                 "the kitty has 2 cards; it must have 3", id="short-kitty"),
    pytest.param(
        edit("discard: [10H, 6D, 10D]", "discard: [10H, 6D, AS]"), 11,
        "East discards AS but holds only", id="discard-not-held",
    ),
    pytest.param(
        edit("discard: [10H, 6D, 10D]", "discard: [10H, 6D]"), 11,
        "after taking the kitty the contractor puts away exactly 3", id="discard-count",
    ),
    pytest.param(
        edit("auction: [8NT, pass, pass, pass]", "auction: [8NT, 7S, pass, pass]"), 10,
        "call 2: South cannot bid seven spades: it does not outrank East's eight no-trumps", id="bid-too-low",
    ),
    pytest.param(
        edit("auction: [8NT, pass, pass, pass]", "auction: [8NT, pass, pass]"), 10,
        "the auction is not finished after 3 calls (each player speaks once)", id="short-auction",
    ),
    pytest.param(
        edit("auction: [8NT, pass, pass, pass]", "auction: [8NT, pass, pass, pass, 9NT]"), 10,
        "call 5: the auction is over (each player speaks once)", id="long-auction",
    ),
    pytest.param(
        edit("auction: [8NT, pass, pass, pass]", "auction: [8NT, pass, pass, pass]\njoker: H"), 11,
        "the joker cannot be nominated under these rules (avondale)", id="joker-nomination",
    ),
    pytest.param(EXAMPLE + 'notes:\n  "11": too many\n', 24,
                 "note '11' is for a card or trick that the hand does not play", id="note-no-trick"),
    pytest.param(EXAMPLE + "notes:\n  later: hm\n", 24, "note 'later': a note belongs to",
                 id="note-bad-key"),
    pytest.param(edit("kitty: [Jo, 6C, JC]\n", ""), 1, "the hand has no 'kitty'", id="missing-key"),
    pytest.param(edit("hands:", "hands: [oops"), 5, "not valid YAML", id="bad-yaml"),
    pytest.param(EXAMPLE + "title: again\n", 23, "key 'title' appears twice", id="duplicate-key"),
    pytest.param(edit("dealer: N", "dealer:"), 3, "dealer is empty", id="empty-value"),
    pytest.param(edit("  - [9C, AC, 10C, 7C]", "  - [9C, AC, 10C, ~]"), 13,
                 "trick 1, card 4 is empty", id="empty-card"),
    pytest.param(edit("dealer: N", "dealer: N\nlevel: expert"), 4,
                 "level 'expert' is not a stage of the learning path: write one of start, trumps",
                 id="bad-level"),
    pytest.param(edit("dealer: N", "dealer: N\norder: first"), 4,
                 "order must be a whole number from 1", id="order-not-a-number"),
    pytest.param(edit("dealer: N", "dealer: N\norder: 0"), 4,
                 "order must be a whole number from 1, not 0", id="order-zero"),
]


@pytest.mark.parametrize(("text", "line", "words"), MISTAKES)
def test_mistakes_are_reported_at_their_line(text: str, line: int, words: str) -> None:
    found = problems_of(text)
    assert found, "the mistake was not reported"
    assert any(p.startswith(f"hand.yaml:{line}: ") and words in p for p in found), found


def test_the_spec_example_has_no_problems() -> None:
    assert problems_of(EXAMPLE) == []


def test_yaml_booleans_as_settings_are_read_as_on_and_off() -> None:
    # The spec's own example of a rules mapping: {preset: australian, slam_bonus: off}.
    text = edit("rules: avondale ", "rules: {preset: avondale, slam_bonus: off, misere: no} ")
    hand = handfile.loads(text)
    assert hand.rules.slam == "none"
    assert hand.rules.misere is False


def test_long_forms_are_accepted() -> None:
    text = edit("  N: [10S, 6H, 7C, 7S, 8S, 9S, JD, JH, KC, QD]", "  north: 10S 6H 7C 7S 8S 9S JD JH KC QD")
    text = edit("  - [9C, AC, 10C, 7C]", "  - [9♣, A♣, T♣, 7c]", text)
    assert problems_of(text) == []


# --- writing ------------------------------------------------------------------------------------


def test_level_and_order_are_read_and_dumped() -> None:
    text = EXAMPLE.replace("dealer: N", "dealer: N\nlevel: joker\norder: 7", 1)
    rp, problems = handfile.check("hand.yaml", text)
    assert rp is not None and not problems
    assert (rp.hand.level, rp.hand.order) == ("joker", 7)
    again = handfile.loads(handfile.dumps(rp.hand))
    assert (again.level, again.order) == ("joker", 7)


def test_dump_then_load_gives_the_same_hand() -> None:
    hand = handfile.loads(EXAMPLE)
    text = handfile.dumps(hand)
    assert handfile.loads(text) == hand
    assert handfile.dumps(handfile.loads(text)) == text


def test_dump_keeps_notes_tags_and_settings() -> None:
    hand = handfile.loads(
        edit("rules: avondale ", "rules: {preset: australian, slam: none, target: 1000} ")
        + 'notes:\n  intro: "You are South.\\nTwo lines: and a colon."\n  "6.1": no\'s in text\n'
        + "tags: [joker-in-no-trumps, no-trumps]\nsummary: 'Yes: a summary.'\n"
    )
    back = handfile.loads(handfile.dumps(hand))
    assert back == hand
    assert back.notes["intro"] == "You are South.\nTwo lines: and a colon."
    assert back.rules_spec == RulesSpec("australian", {"slam": "none", "target": 1000})


def test_dump_writes_canonical_notation(tmp_path: Path) -> None:
    hand = handfile.loads(edit("  - [9C, AC, 10C, 7C]", "  - [9♣, a♣, T♣, 7c]"))
    path = tmp_path / "out.yaml"
    handfile.dump(hand, path)
    assert "  - [9C, AC, 10C, 7C]" in path.read_text("utf-8")
    assert handfile.load(path).hands[Seat.N][0] == Card.parse("10S")


# --- tutor check --------------------------------------------------------------------------------


def run_tutor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True)


def test_check_reports_every_bad_file_and_never_stops(tmp_path: Path) -> None:
    (tmp_path / "a-good.yaml").write_text(EXAMPLE, "utf-8")
    (tmp_path / "b-revoke.yaml").write_text(edit("  - [5H, QH, JH, AH]", "  - [5H, 8C, JH, AH]"), "utf-8")
    (tmp_path / "c-not-yaml.yaml").write_text("title: [unclosed\n", "utf-8")
    (tmp_path / "d-binary.yaml").write_bytes(b"\xff\xfe\x00bad")
    sub = tmp_path / "more"
    sub.mkdir()
    (sub / "e-bool.yml").write_text(edit("dealer: N", "dealer: off"), "utf-8")
    (sub / "readme.txt").write_text("not a hand", "utf-8")
    out = run_tutor("check", str(tmp_path), str(tmp_path / "missing.yaml"))
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    # A problem with the whole file (not UTF-8, missing) names no line: `FILE: message`.
    for name, where in (("b-revoke.yaml", ":14: "), ("c-not-yaml.yaml", ":2: "),
                        ("d-binary.yaml", ": not UTF-8"), ("e-bool.yml", ":3: "),
                        ("missing.yaml", ": no such file")):
        assert any(f"{name}{where}" in x for x in lines), (name, lines)
    assert not any("a-good.yaml" in x or "readme" in x for x in lines)
    assert "6 files checked, 5 with problems" in out.stderr


def test_check_exits_0_when_all_is_well(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(EXAMPLE, "utf-8")
    out = run_tutor("check", str(tmp_path))
    assert (out.returncode, out.stdout) == (0, "")


def test_check_imports_no_front_end() -> None:
    # tutor check starts a fresh process per run: it must not pay for Jinja or the widgets.
    code = (
        "import sys; from tutor.cli import main; main(['check', '-q', sys.argv[1]]); "
        "print(sorted(m for m in ('jinja2', 'ipywidgets', 'traitlets', 'markupsafe') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(DATA)], capture_output=True, text=True)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout + out.stderr
