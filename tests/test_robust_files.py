"""Hand and match files that would hang, exhaust memory or leak another file: each refused in
one line that says why (issue 11, "Hangs and unbounded work" and "the match path")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tutor.files.guard import MAX_BYTES, MAX_VALUES
from tutor.files.handfile import FileProblem, check
from tutor.files.match import MatchFileError, load

HANDS = Path(__file__).resolve().parent.parent / "hands"
GOOD = HANDS / "first-night-seven-hearts.yaml"

# 263 bytes: nine to the seventh power (4.8 million) values once the aliases are expanded,
# used as a mapping key (an alias keeps the line of its anchor, 7), whose message once
# formatted the whole expanded tree.
BOMB = """\
a: &a ["x","x","x","x","x","x","x","x","x"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
? *g
: 1
"""


def lines(problems: list[FileProblem]) -> list[str]:
    return [str(p) for p in problems]


def test_an_alias_bomb_as_a_key_is_refused_without_expanding_it(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB)
    result, problems = check(path)
    assert result is None
    shown = lines(problems)
    assert f"{path}:7: a key must be a single value such as a word or a number, not a list or a mapping" \
        in shown
    assert any(f"expand to more than {MAX_VALUES:,} values" in x for x in shown)
    assert all(len(x) < 300 for x in shown)  # nothing formats the tree


def test_an_alias_bomb_as_a_value_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB.replace("? *g\n: 1\n", "title: *g\n"))
    _, problems = check(path)
    assert [p.line for p in problems] == [1] and "expand to more than" in problems[0].message


def test_an_alias_that_contains_itself_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text("title: &a [x, *a]\n")
    _, problems = check(path)
    assert lines(problems) == [f"{path}:1: an alias (*name) refers to the value it is part of, which "
                               f"would never end; write the value out instead"]


def test_a_file_over_the_size_limit_is_refused_and_the_limit_said(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(GOOD.read_text("utf-8") + "#" * MAX_BYTES)
    _, problems = check(path)
    assert len(problems) == 1
    assert problems[0].line == 0
    assert "may be at most 256 kB (262,144 bytes)" in str(problems[0])


def test_a_play_list_longer_than_a_hand_is_not_read(tmp_path: Path) -> None:
    text = GOOD.read_text("utf-8").replace("play:\n", "play:\n" + "  - [AS, KS, QS, JS]\n" * 5000)
    path = tmp_path / "long.yaml"
    path.write_text(text)
    _, problems = check(path)
    assert [p.message for p in problems] == [
        "play has 5010 tricks; a hand of Five Hundred has at most 10 (ten cards each)"]


@pytest.mark.parametrize("name", ["fifo", "folder", "dev-zero"])
def test_a_file_that_is_not_regular_is_refused(tmp_path: Path, name: str) -> None:
    if name == "fifo":
        path = tmp_path / "hand.yaml"
        os.mkfifo(path)  # no writer: reading it would wait for ever
    elif name == "folder":
        path = tmp_path / "hand.yaml"
        path.mkdir()
    else:
        path = Path("/dev/zero")  # reading it never ends
    result, problems = check(path)
    assert result is None and len(problems) == 1 and problems[0].line == 0
    assert "folder" in problems[0].message or "not a regular file" in problems[0].message
    with pytest.raises(MatchFileError, match=r"not a regular file|folder"):
        load(path)


def test_a_match_hand_path_to_another_kind_of_file_is_one_line_and_never_quoted(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "shadow").write_text("root: $6$hash$secret\ndaemon: '*'\n")
    (secret / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (secret / "tabs").write_text("a:\tb\n\tc\n")
    matches = tmp_path / "matches"
    matches.mkdir()
    match = matches / "m.yaml"
    match.write_text(
        "rules: australian\nhands:\n"
        "  - {file: ../secret/shadow}\n  - {file: ../secret/passwd}\n  - {file: ../secret/tabs}\n"
        f"  - {{file: {GOOD}}}\n"
    )
    with pytest.raises(MatchFileError) as err:
        load(match)
    shown = lines(err.value.problems)
    assert shown[:3] == [
        f"{match}:3: hand 1: ../secret/shadow is not a hand file that tutor can read (it is not a "
        f"mapping of a hand file's keys)",
        f"{match}:4: hand 2: ../secret/passwd is not a hand file that tutor can read (it is not a "
        f"mapping of a hand file's keys)",
        f"{match}:5: hand 3: ../secret/tabs is not a hand file that tutor can read (it is not valid YAML)",
    ]
    assert not any("$6$" in x or "/bin/bash" in x or "daemon" in x for x in shown)


def test_a_match_file_given_as_a_hand_and_a_hand_given_as_a_match_say_so(tmp_path: Path) -> None:
    match = Path(__file__).resolve().parent.parent / "matches" / "cardzo-worked-example.yaml"
    _, problems = check(match)
    assert len(problems) == 1
    assert problems[0].message.startswith("this is a match file (a list of hands), not a hand file: "
                                          "score it with `tutor score FILE`")
    with pytest.raises(MatchFileError) as err:
        load(GOOD)
    assert len(err.value.problems) == 1
    assert err.value.problems[0].message.startswith("this is a hand file (one deal), not a match file")


def test_a_file_name_with_control_characters_prints_as_one_escaped_line() -> None:
    problem = FileProblem("evil\n/x.yaml:1: forged\x1b]0;title\x07", 3, "bad \x1b[2J note")
    assert str(problem) == "evil\\n/x.yaml:1: forged\\x1b]0;title\\x07:3: bad \\x1b[2J note"
    assert "\n" not in str(problem) and "\x1b" not in str(problem)


def test_a_list_as_a_key_is_refused_without_aliases_too(tmp_path: Path) -> None:
    path = tmp_path / "key.yaml"
    path.write_text("title: x\n? [a, b]\n: 1\nnotes: {? {c: d} : e}\n")
    _, problems = check(path)
    assert [(p.line, p.message[:26]) for p in problems] == [
        (2, "a key must be a single val"), (4, "a key must be a single val")]
