"""What a newcomer trips on: each says what is wrong and what to do (issue 11)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from tutor.cli import build_parser, main
from tutor.files.handfile import check
from tutor.files.match import MatchFileError, load
from tutor.teach.quiz import QuestionKind, make_quiz
from tutor.views.site.export import Site
from tutor.views.terminal.safe_text import display_width

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "hands" / "first-night-seven-hearts.yaml"
CARDZO = ROOT / "matches" / "cardzo-worked-example.yaml"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert re.fullmatch(r"tutor \d+\.\d+\.\d+\n", capsys.readouterr().out)


def test_every_positional_argument_has_help() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [
        f"{name} {action.dest}"
        for name, command in sub.choices.items()
        for action in command._actions
        if not action.option_strings and not action.help
    ]
    assert missing == []


def test_quiz_without_a_seed_picks_a_new_one_and_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quiz", str(GOOD), "--count", "2", "--show-answers"]) == 0
    out, err = capsys.readouterr()
    seed = re.fullmatch(r"quiz seed (\d+) \(--seed \1 asks these questions again\)\n", err)
    assert seed is not None
    assert main(["quiz", str(GOOD), "--count", "2", "--show-answers", "--seed", seed.group(1)]) == 0
    again, err = capsys.readouterr()
    assert again == out and err == ""


def test_quiz_count_zero_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["quiz", "--count", "0"])
    assert done.value.code == 2
    assert "argument --count: must be at least 1, not 0" in capsys.readouterr().err


def test_quiz_unknown_topic_lists_the_topics_without_searching(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quiz", "--topic", "nope", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tutor quiz: no question has the topic 'nope'; the topics are bidding,")
    assert "left-bower" in err and "misere" in err


def test_make_quiz_refuses_no_kinds_and_no_questions() -> None:
    with pytest.raises(ValueError, match="at least one kind"):
        make_quiz(kinds=[])
    with pytest.raises(ValueError, match="at least one question"):
        make_quiz(count=0, kinds=[QuestionKind.WHO_WINS])


def test_a_missing_file_and_a_folder_name_no_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "nope.yaml")]) == 1
    assert capsys.readouterr().err == f"{tmp_path / 'nope.yaml'}: no such file\n"
    assert main(["replay", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"{tmp_path}: this is a folder, not a hand file\n"


def test_a_match_file_to_check_and_a_hand_file_to_score_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CARDZO), "-q"]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "this is a match file" in out and "tutor score" in out
    assert main(["score", str(GOOD)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "this is a hand file" in err and "tutor replay" in err


def _edited(tmp_path: Path, old: str, new: str) -> list[str]:
    text = GOOD.read_text("utf-8")
    assert old in text
    path = tmp_path / "hand.yaml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return [f"{p.line}: {p.message}" for p in check(path)[1]]


@pytest.mark.parametrize(("old", "new", "said"), [
    ("notes:\n", 'notes:\n  outro: "first"\n', "note 'outro' appears twice"),
    ("notes:\n", 'notes:\n  "\u0663": "Arabic-Indic three"\n', "a note belongs to intro"),
    ("notes:\n", 'notes:\n  "3\\n": "with a newline"\n', "a note belongs to intro"),
    ("rules: avondale", "rules: {preset: avondale, target: 500, target: 300}",
     "setting 'target' appears twice"),
    ("tags: [", 'tags: ["", ', "a tag is empty"),
])
def test_silent_acceptances_in_hand_files_are_problems(tmp_path: Path, old: str, new: str, said: str) -> None:
    problems = _edited(tmp_path, old, new)
    assert any(said in p for p in problems), problems


@pytest.mark.parametrize(("text", "said"), [
    ("rules: {preset: australian, players: 5}\nhands:\n  - {bid: 7S, by: NS, tricks: 7}\n",
     "1: the rules say players: 5, but a match file scores two partnerships (four players): 4 players"),
    ("partnerships: {NS: [Ann, Bob], EW: [ann, Cat]}\nrules: australian\nhands:\n"
     "  - {bid: 7S, by: NS, tricks: 7}\n", "1: 'ann' plays in two seats"),
])
def test_silent_acceptances_in_match_files_are_problems(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(MatchFileError) as err:
        load(path)
    assert any(f"{p.line}: {p.message}".startswith(said) for p in err.value.problems), err.value.problems


def test_site_given_one_path_as_a_string_reads_that_path(tmp_path: Path) -> None:
    report = Site(str(ROOT / "tests" / "export_hands"), tmp_path / "site").build()
    assert report.ok and report.lessons == 6


def test_the_readme_says_how_to_get_tutor_on_the_path() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    first_bare = readme.index("\ntutor ")
    assert readme.index("source .venv/bin/activate") < first_bare


def _widest(capsys: pytest.CaptureFixture[str], *argv: str) -> int:
    assert main(list(argv)) == 0
    return max(display_width(line) for line in capsys.readouterr().out.splitlines())


def test_terminal_output_fits_100_columns(capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.engine.rules import PRESET_NAMES

    widths = {f"rules {name}": _widest(capsys, "rules", name) for name in PRESET_NAMES}
    for match in sorted((ROOT / "matches").glob("*.yaml")):
        widths[f"score {match.name}"] = _widest(capsys, "score", str(match))
    for hand in sorted((ROOT / "hands").glob("*.yaml")):
        widths[f"replay {hand.name}"] = _widest(capsys, "replay", str(hand))
    widths["quiz"] = _widest(capsys, "quiz", "--seed", "3", "--count", "12", "--show-answers")
    assert {k: w for k, w in widths.items() if w > 100} == {}


def test_the_joker_glyph_does_not_shift_its_trick_row(capsys: pytest.CaptureFixture[str]) -> None:
    """The joker is drawn "Jo" (one glyph everywhere); its row lines up with the others."""
    assert main(["replay", str(GOOD)]) == 0
    out = capsys.readouterr().out
    assert "In each trick, * marks the card that wins it." in out
    rows = re.findall(r"^  (?:North|East|South|West) +\S+(?: \S+)? +(?:\*| ) (?=\S)", out, flags=re.M)
    joker_rows = [r for r in rows if re.search(r"\bJo\b", r)]
    assert joker_rows and {display_width(r) for r in rows} == {display_width(joker_rows[0])}


@pytest.mark.parametrize("change", [
    {"tags": ("no", "a, b", "[x]", "kitty")},
    {"notes": {"intro": "line one\x1b\nline two"}, "claims": {}},  # claims sit on notes
    {"notes": {"intro": "a\u2028b\nc"}, "claims": {}},
    {"title": "a\r\nb"},
])
def test_dumps_reads_back(change: dict[str, object]) -> None:
    from dataclasses import replace

    from tutor.files import handfile

    if "notes" in change:  # new notes replace the old ones, and with them the claims they made
        change = {**change, "claims": {}}
    hand = replace(handfile.load(GOOD), **change)  # type: ignore[arg-type]
    text = handfile.dumps(hand)
    assert handfile.loads(text) == hand
    assert "tags: [\"no\", \"a, b\", \"[x]\", kitty]" in text or "tags" not in change


def test_check_of_a_folder_without_hand_files_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"tutor check: no hand files (*.yaml) in {tmp_path}\n"


def test_one_card_notation_in_the_engine_s_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOOD)]) == 0
    out = capsys.readouterr().out
    assert "Kitty  Q♥ 4♥ 7♦" in out
    # The engine's sentences name cards in words (issue 10), so no notation is mixed in at all.
    assert "South takes the kitty (the queen and 4 of hearts and the 7 of diamonds) without" in out
    assert "South puts away the 10 and 8 of spades and the 6 of diamonds face down" in out
    assert "QH" not in out and "Q♥, 4♥" not in out
    assert main(["replay", str(GOOD), "--ascii"]) == 0
    ascii_out = capsys.readouterr().out
    assert "South takes the kitty (the queen and 4 of hearts and the 7 of diamonds) without" in ascii_out


@pytest.mark.parametrize("notes", [{"\u0663": "x"}, {"3\n": "x"}])
def test_the_schema_refuses_the_note_keys_the_reader_refuses(notes: dict[str, str]) -> None:
    import jsonschema
    import yaml

    from tutor.files.schema import schema

    hand = {**yaml.safe_load(GOOD.read_text("utf-8")), "notes": notes}
    jsonschema.validate({**hand, "notes": {"3": "x", "intro": "y"}, "tags": ["kitty"]}, schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(hand, schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**hand, "notes": {}, "tags": [" "]}, schema())
