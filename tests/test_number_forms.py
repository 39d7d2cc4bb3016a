"""Whole numbers in hand and match files: YAML's other spellings of numbers (hexadecimal,
octal, ``1_000``, base 60, ``.inf``, thousands of digits, booleans) are each a ``FILE:LINE``
problem saying what was expected and what was found, never a crash (issue 25).

``order: 0x10`` once made ``tutor check`` say "tutor could not check this file (ValueError …)"
and ``tutor replay`` exit 70: YAML resolves ``0x10`` as an integer and ``int()`` refused it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.files.match import MatchFileError, loads
from tutor.files.numbers import found, whole_number
from tutor.teach.lessoncheck import check_lesson

ROOT = Path(__file__).resolve().parent.parent
LESSON = (ROOT / "hands" / "open-misere.yaml").read_text("utf-8")  # an order, par: 0, a claim
#: The lesson's own ``order:`` line, whatever its place on the path.
ORDER = re.search(r"(?m)^order: \d+$", LESSON).group(0)  # type: ignore[union-attr]
AUCTION = (ROOT / "hands" / "count-then-bid.yaml").read_text("utf-8").split("decision:")[0]
DECISION = "decision:\n  at: auction\n  question: Seven hearts or eight?\n  choices: [7H, 8H]\n  answer: 7H\n"
MATCH = ("title: t\npartnerships: {NS: N-S, EW: E-W}\nrules:\n  preset: australian\n"
         "  target: 500\nhands:\n  - {bid: 7S, by: NS, tricks: 7}\n")

#: (a spelling YAML reads as something other than a plain whole number, what the message says of it)
FORMS = [
    ("0x10", "0x10 (which YAML reads as a hexadecimal number)"),
    ("0b11", "0b11 (which YAML reads as a binary number)"),
    ("010", "010 (which YAML reads as an octal number: write it without the leading zero)"),
    ("1_000", "1_000 (write the digits without underscores)"),
    ("1__0", "1__0 (write the digits without underscores)"),
    ("1:30", "1:30 (which YAML reads as a base-60 number, like a time)"),
    ("9" * 5000, "a number of 5000 digits"),
    ("99999999999999999999", "a number of 20 digits"),
    (".inf", ".inf (which YAML reads as infinity)"),
    ("-.inf", "-.inf (which YAML reads as infinity)"),
    (".nan", ".nan (which YAML reads as not a number)"),
    ("1.5", "1.5 (which YAML reads as a number with a fraction or an exponent)"),
    ("true", "true (which YAML reads as a boolean)"),
    ("off", "off (which YAML reads as a boolean)"),
    ("~", "~ (which YAML reads as nothing)"),
    ("'5'", "the text '5' (in quotes)"),
    ("[1]", "a list"),
]

#: (the key, the file with {} where the value goes, the line to blame, what the message expects)
HAND_KEYS = [
    ("order", LESSON.replace(ORDER, "order: {}"), "order: {}", "order must be a whole number from 1"),
    ("par", LESSON.replace("par: 0", "par: {}"), "par: {}", "par must be a number of tricks"),
    ("cost", LESSON.replace("    best: true\n  outro", "    cost: {}\n  outro", 1), "cost: {}",
     "cost: must be a number of tricks (0 or more)"),
    ("rules setting", LESSON.replace("rules: {preset: australian, misere_any_time: on}",
                                     "rules:\n  preset: australian\n  misere_any_time: on\n  target: {}"),
     "target: {}", "setting target must be a whole number"),
    ("decision tricks", AUCTION + DECISION + "  tricks: {{8H: {}}}\n", "tricks:",
     "decision: tricks: 8H must be a number of tricks from 0 to 10"),
    ("decision call", AUCTION + DECISION + "  call: {}\n", "call: {}",
     "decision: call: must be the call's number in the auction, from 1"),
]


def _line(text: str, marker: str) -> int:
    return max(i for i, line in enumerate(text.splitlines(), 1) if marker in line)


@pytest.mark.parametrize(("value", "words"), FORMS, ids=[f[0][:12] for f in FORMS])
@pytest.mark.parametrize(("key", "template", "marker", "expected"), HAND_KEYS, ids=[k[0] for k in HAND_KEYS])
def test_a_number_yaml_spells_otherwise_is_a_problem_at_its_line(
    key: str, template: str, marker: str, expected: str, value: str, words: str
) -> None:
    if key == "rules setting" and value.startswith(("true", "off", "~", ".", "-.", "1.5", "'", "[")):
        # not read as an integer: the rules say what a setting takes (tests/test_rules.py)
        kind = "single value" if value == "[1]" else "whole number"
        words, expected = "", f"setting target must be a {kind}"
    text = template.replace("{}", value).replace("{{", "{").replace("}}", "}")
    _, problems = check_lesson("lesson.yaml", text)
    assert len(problems) == 1, [str(p) for p in problems]
    problem = problems[0]
    assert problem.line == _line(text, marker.replace("{}", value[:20]))
    assert expected in problem.message
    assert f"not {words}" in problem.message
    assert "could not check" not in problem.message


@pytest.mark.parametrize(("value", "words"), FORMS, ids=[f[0][:12] for f in FORMS])
def test_a_match_files_tricks_spelt_otherwise_is_a_problem_at_its_line(value: str, words: str) -> None:
    text = MATCH.replace("tricks: 7}", f"tricks: {value}}}")
    with pytest.raises(MatchFileError) as caught:
        loads(text, "m.yaml")
    assert [str(p) for p in caught.value.problems] == [
        f"m.yaml:7: hand 1's tricks (taken by the contractor's side) must be a number of tricks "
        f"from 0 to 10, not {words}"]


@pytest.mark.parametrize("value", ["0x10", "1_000", "010", "1:30", "9" * 5000])
def test_a_match_files_setting_spelt_otherwise_is_a_problem_at_its_line(value: str) -> None:
    with pytest.raises(MatchFileError) as caught:
        loads(MATCH.replace("target: 500", f"target: {value}"), "m.yaml")
    [problem] = caught.value.problems
    assert problem.line == 5
    assert "setting target must be a whole number written in plain digits" in problem.message


@pytest.mark.parametrize(("text", "number"), [
    ("7", 7), ("0", 0), ("-1", -1), ("+3", 3), ("123456789", 123456789), ("1234567890", None),
    ("0x10", None), ("010", None), ("'7'", None), ("true", None), ("7.0", None),
])
def test_only_plain_digits_are_a_whole_number(text: str, number: int | None) -> None:
    import yaml

    node = yaml.compose(text)
    assert node is not None
    assert whole_number(node) == number
    if number is None:
        assert found(node)


def test_replay_of_a_hexadecimal_order_is_one_line_and_status_1(tmp_path: Path) -> None:
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON.replace(ORDER, "order: 0x10"), "utf-8")
    done = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr == (f"{path}:5: order must be a whole number from 1 (the lesson's place on the "
                           f"learning path), not 0x10 (which YAML reads as a hexadecimal number)\n")
