"""`tutor quiz` keeps answers, `--review` asks what is due, `tutor progress`, `tutor history`."""

from __future__ import annotations

import copy
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.teach.memory import History, question_key
from tutor.teach.quiz import make_quiz
from tutor.teach.transfer import export_history, import_history


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_quiz_keeps_each_answer_and_progress_reports_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "h.sqlite3")
    questions = make_quiz(seed=5, count=3)
    (seat,) = questions[0].answer
    status, out, _ = run(capsys, "quiz", "--seed", "5", "--count", "3", "--db", db, "--learner", "ann",
                         "--answers", f"{seat};;a")
    assert status == 0 and "Score: 1 of 3 right" in out
    with History(db, learner="ann") as history:
        answers = history.answers()
    assert [q.key for _a, q in answers] == [question_key(q) for q in questions]
    assert [a.correct for a, _q in answers] == [True, False, questions[2].answer == frozenset("a")]
    assert answers[0][0].given == (seat,) and answers[0][0].seconds is not None

    status, out, _ = run(capsys, "progress", "--db", db, "--learner", "ann", "--json")
    report = json.loads(out)
    assert status == 0 and set(report) == {"answered", "right", "due", "topics"}
    assert (report["answered"], report["right"], report["due"]) == (3, sum(a.correct for a, _ in answers), 0)
    assert report["topics"]["scoring"] == {
        "answered": 1, "right": int(answers[2][0].correct), "due": 0, "trend": "new"}
    for q in questions:
        for topic in q.topics:
            assert topic in report["topics"]

    status, out, _ = run(capsys, "progress", "--db", db, "--learner", "ann")
    assert status == 0
    assert out.splitlines()[0] == f"ann: 3 answered, {report['right']} right, 0 due now"
    assert any(line.split()[:2] == ["scoring", "1"] for line in out.splitlines())
    # Another learner in the same file has answered nothing; looking does not add them.
    status, out, err = run(capsys, "progress", "--db", db, "--learner", "bob", "--json")
    assert json.loads(out) == {"answered": 0, "right": 0, "due": 0, "topics": {}}
    assert err == f"tutor progress: no answers from bob yet (in {db}: ann; choose with --learner NAME)\n"
    with History(db, learner="ann") as history:
        assert history.learners() == ["ann"]


def test_show_answers_keeps_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "h.sqlite3"
    assert run(capsys, "quiz", "--seed", "5", "--count", "2", "--show-answers", "--db", str(db))[0] == 0
    assert not db.exists()


def test_quiz_review_asks_what_is_due_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "h.sqlite3"
    missed = make_quiz(seed=8, count=2)[1]
    an_hour_ago = datetime.now(UTC) - timedelta(hours=1)
    with History(db, learner="ann", clock=lambda: an_hour_ago) as history:
        history.record(missed, correct=False)
    status, out, _ = run(capsys, "quiz", "--review", "--count", "2", "--db", str(db), "--learner", "ann",
                         "--show-answers", "--ascii")
    assert status == 0
    assert out.startswith("Review for ann: 1 question due, then 1 new.\n")
    blocks = out.split("Question ")[1:]
    assert len(blocks) == 2
    assert missed.prompt in blocks[0]
    assert missed.prompt not in blocks[1]
    # Bob shares the file but missed nothing: his review starts with new questions.
    status, out, _ = run(capsys, "quiz", "--review", "--count", "1", "--db", str(db), "--learner", "bob",
                         "--show-answers")
    assert status == 0 and missed.prompt not in out
    assert out.startswith("Review for bob: nothing due, 1 new.\n")


def test_a_history_that_cannot_be_opened_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database\n" * 200)
    status, _out, err = run(capsys, "progress", "--db", str(junk))
    assert status == 2 and err.startswith(f"tutor progress: {junk}: not a tutor history file")
    for review in (["--review"], []):
        status, out, err = run(capsys, "quiz", *review, "--db", str(junk), "--answers", "a")
        assert (status, out) == (2, "") and err.startswith(f"tutor quiz: {junk}: not a tutor history file")
    # Without --db, a default file that cannot be made does not stop a plain quiz.
    monkeypatch.setenv("XDG_DATA_HOME", str(junk))  # a file where the folder should be
    status, out, err = run(capsys, "quiz", "--seed", "1", "--count", "1", "--answers", "a")
    assert status == 0 and "Score: " in out and err.endswith("tutor quiz: answers will not be kept\n")


def test_export_and_import_move_a_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home, laptop = str(tmp_path / "home.sqlite3"), str(tmp_path / "laptop.sqlite3")
    run(capsys, "quiz", "--seed", "3", "--count", "3", "--db", home, "--learner", "ann", "--answers", "x;y;z")
    exported = tmp_path / "ann.json"
    assert run(capsys, "history", "export", str(exported), "--db", home, "--learner", "ann")[0] == 0
    data = json.loads(exported.read_text())
    assert data["format"] == "tutor-history" and len(data["answers"]) == 3

    status, _out, err = run(capsys, "history", "import", str(exported), "--db", laptop, "--learner", "ann")
    assert (status, err) == (0, "3 answers imported for ann\n")
    status, _out, err = run(capsys, "history", "import", str(exported), "--db", laptop, "--learner", "ann")
    assert (status, err) == (0, "0 answers imported for ann\n"), "importing twice adds nothing"
    reports = [json.loads(run(capsys, "progress", "--db", db, "--learner", "ann", "--json")[1])
               for db in (home, laptop)]
    assert reports[0] == reports[1] and reports[0]["answered"] == 3
    with History(home, learner="ann") as a, History(laptop, learner="ann") as b:
        later = datetime.now(UTC) + timedelta(days=1)
        assert [q.key for q in a.due(later)] == [q.key for q in b.due(later)] != []
        assert export_history(a)["answers"] == export_history(b)["answers"]
        for key in a.known():
            assert a.due_at(key) == b.due_at(key)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "'format' should be 'tutor-history'"),
    (lambda d: d.pop("answers"), "'answers' is missing"),
    (lambda d: d["answers"][1].update(at="yesterday"), "answers[1]: 'at' 'yesterday' is not a time"),
    (lambda d: d["answers"][0].update(correct="yes"), "answers[0]: 'correct' should be bool, not \"yes\""),
    (lambda d: d["answers"][2].update(question="nope"), "answers[2]: question 'nope' is not among"),
    (lambda d: d["questions"][0].update(kind="riddle"), "questions[0]: 'kind' 'riddle' is not a question"),
    (lambda d: d["questions"].append(dict(d["questions"][0])), "questions[3]: the question '"),
    (lambda d: d["answers"].append(dict(d["answers"][0])), "answers[3]: the answer '"),
])
def test_a_bad_export_is_refused_whole_naming_the_entry(tmp_path: Path, change: object, message: str) -> None:
    """Each bad value named by its entry; an entry listed twice (a question's key, an answer's
    uid) too."""
    with History(tmp_path / "a.sqlite3") as history:
        for q in make_quiz(seed=3, count=3):
            history.record(q, correct=True)
        data = export_history(history)
    assert callable(change)
    change(data)
    with History(tmp_path / "b.sqlite3") as other:
        with pytest.raises(ValueError, match=r"^ann\.json: .*" + re.escape(message)):
            import_history(other, data, "ann.json")
        assert other.answers() == []
        assert other.connection.execute("SELECT count(*) FROM deals").fetchone() == (0,)


def test_import_reports_json_errors_with_a_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "format": "tutor-history",\n  oops\n}\n')
    status, _out, err = run(capsys, "history", "import", str(bad), "--db", str(tmp_path / "h.sqlite3"))
    assert status == 2 and err.startswith(f"{bad}:3: not JSON")
    assert not (tmp_path / "h.sqlite3").exists(), "a bad export does not even create the history"


# --------------------------------------------------------------------------- damaged exports and files

@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A good export of three answers, as JSON data."""
    with History(tmp_path_factory.mktemp("export") / "h.sqlite3", learner="ann") as history:
        for q in make_quiz(seed=3, count=3):
            history.record(q, correct=True, given=["x"], seconds=2.5)
        return export_history(history)


def _edit(change: Callable[[dict[str, Any]], object]) -> Callable[[dict[str, Any]], bytes]:
    def make(data: dict[str, Any]) -> bytes:
        data = copy.deepcopy(data)
        change(data)
        return json.dumps(data).encode()
    return make


def _text(text: str) -> Callable[[dict[str, Any]], bytes]:
    return lambda _data: text.encode()


def _json_with(old: str, new: str) -> Callable[[dict[str, Any]], bytes]:
    """The export as JSON text with one piece of it written another way (what json.dumps cannot)."""
    def make(data: dict[str, Any]) -> bytes:
        text = json.dumps(data)
        assert old in text
        return text.replace(old, new, 1).encode()
    return make


def _first_deal(d: dict[str, Any]) -> dict[str, Any]:
    return d["deals"][next(iter(d["deals"]))]  # type: ignore[no-any-return]


#: (what the file holds, what the one line says after the file's name)
BAD_IMPORTS: list[tuple[str, Callable[[dict[str, Any]], bytes], str]] = [
    ("topics not strings", _edit(lambda d: d["questions"][0].update(topics=[1, [2]])),
     "questions[0]: 'topics' should be a list of strings, but item 0 is 1"),
    ("rulings not strings", _edit(lambda d: d["questions"][1].update(rulings=[None])),
     "questions[1]: 'rulings' should be a list of strings"),
    ("given not strings", _edit(lambda d: d["answers"][2].update(given=[{"a": 1}])),
     "answers[2]: 'given' should be a list of strings"),
    ("topics not a list", _edit(lambda d: d["questions"][0].update(topics="scoring")),
     "questions[0]: 'topics' should be list"),
    ("year 9999, west of UTC", _edit(lambda d: d["answers"][0].update(at="9999-12-31T23:59:59-05:00")),
     "answers[0]: 'at' '9999-12-31T23:59:59-05:00' is not between 1970 and now"),
    ("year 9999", _edit(lambda d: d["answers"][1].update(at="9999-12-31T23:59:59+00:00")),
     "answers[1]: 'at' '9999-12-31T23:59:59+00:00' is not between 1970 and now"),
    ("year 1", _edit(lambda d: d["answers"][1].update(at="0001-01-01T00:00:00+05:00")),
     "answers[1]: 'at' '0001-01-01T00:00:00+05:00' is not between 1970 and now"),
    ("no time zone", _edit(lambda d: d["answers"][0].update(at="2026-01-01T09:00:00")),
     "answers[0]: 'at' '2026-01-01T09:00:00' is not a time with a zone"),
    ("100,000 deep", _text("[" * 100_000 + "]" * 100_000), "nested too deeply"),
    ("400-digit seconds", _edit(lambda d: d["answers"][0].update(seconds=10**400)),
     "answers[0]: 'seconds' should be from 0 to 1e+09, not 1000"),
    ("400-digit trick", _edit(lambda d: d["questions"][0].update(trick=10**400)),
     "questions[0]: 'trick' should be from 1 to 99"),
    ("400-digit version", _edit(lambda d: d.update(version=10**400)), "export version 1000"),
    ("5,000-digit number", _json_with('"seconds": 2.5', '"seconds": ' + "9" * 5000), "not JSON tutor reads"),
    ("NaN seconds", _json_with('"seconds": 2.5', '"seconds": NaN'), "not JSON tutor reads (NaN"),
    ("negative seconds", _edit(lambda d: d["answers"][0].update(seconds=-1)), "'seconds' should be from 0"),
    ("UTF-16", lambda d: json.dumps(d).encode("utf-16"), "not UTF-8 text (byte 1)"),
    ("binary", lambda _d: bytes(range(256)) * 4, "not UTF-8 text"),
    ("empty", _text(""), ":1: not JSON"),
    ("a list", _text("[1, 2]"), "not a tutor history export (the JSON is a list"),
    ("a lone surrogate", _json_with('"x"', '"\\ud800"'), "answers[0]: given[0] holds an escape"),
    ("a key not its question's", _edit(lambda d: d["questions"][0].update(key="made-up")),
     "questions[0]: 'key' 'made-up' is not the key of its deal, kind, trick and place"),
    ("a deal that is not a hand", _edit(lambda d: _first_deal(d).update(hand="deal: [")),
     "'hand' is not a hand file tutor reads"),
    ("an answer twice", _edit(lambda d: d["answers"].append(d["answers"][0])),
     "answers[3]: the answer '"),
    ("correct not a bool", _edit(lambda d: d["answers"][0].update(correct=1)),
     "answers[0]: 'correct' should be bool, not 1"),
]


@pytest.mark.parametrize(("content", "message"), [(c, m) for _n, c, m in BAD_IMPORTS],
                         ids=[n for n, _c, _m in BAD_IMPORTS])
def test_a_bad_import_is_one_line_and_imports_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], exported: dict[str, Any],
    content: Callable[[dict[str, Any]], bytes], message: str,
) -> None:
    bad = tmp_path / "ann.json"
    bad.write_bytes(content(exported))
    db = tmp_path / "h.sqlite3"
    status, out, err = run(capsys, "history", "import", str(bad), "--db", str(db))
    assert (status, out) == (2, "")
    assert err.startswith(str(bad)) and message in err and err.count("\n") == 1, err
    assert "internal error" not in err
    assert not db.exists(), "nothing imported, not even an empty history made"


def test_the_import_refuses_what_is_not_a_regular_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    fifo = tmp_path / "export.json"
    os.mkfifo(fifo)
    for name in (str(fifo), "/dev/zero", str(tmp_path)):
        status, _out, err = run(capsys, "history", "import", name, "--db", str(tmp_path / "h.sqlite3"))
        assert status == 2 and err.startswith(f"{name}: ") and err.count("\n") == 1, err
        assert "folder" in err or "not a regular file" in err
    assert not (tmp_path / "h.sqlite3").exists()


def _history(tmp_path: Path) -> Path:
    """A history of three answers (to three questions), each due again by now."""
    db = tmp_path / "h.sqlite3"
    long_ago = datetime(2026, 1, 1, 9, tzinfo=UTC)
    with History(db, learner="default", clock=lambda: long_ago) as history:
        for q in make_quiz(seed=3, count=3):
            history.record(q, correct=False)
    return db


# Four questions: the three due, and one new on the weakest topic (which reads every answer).
READING = [["progress"], ["history", "export"], ["quiz", "--review", "--show-answers", "--seed", "1",
                                                 "--count", "4"]]
WRITING = [["quiz", "--review", "--seed", "1", "--count", "4", "--answers", "x"]]
EVERY = READING + WRITING

#: (how the file is damaged, what the one line says, the commands that meet it)
DAMAGED: list[tuple[str, str, str, list[list[str]]]] = [
    ("a dropped table", "DROP TABLE cards", "damaged history: the table 'cards' is missing", EVERY),
    ("a dropped column", "ALTER TABLE answers DROP COLUMN given",
     "damaged history: the table 'answers' has no column 'given'", EVERY),
    ("a time that is not one", "UPDATE answers SET answered_at = 'yesterday'",
     "damaged history: answer '", EVERY),
    ("topics not JSON", "UPDATE questions SET topics = '[scoring'", "its topics is not JSON", EVERY),
    ("topics not words", "UPDATE questions SET topics = '[1, 2]'", "its topics is not a list of words",
     EVERY),
    ("a kind no tutor asks", "UPDATE questions SET kind = 'riddle'", "'riddle' is not a kind of question",
     EVERY),
    ("a card's state not JSON", "UPDATE cards SET state = '{oops'", "the schedule of question", WRITING),
    ("a card's state not a card", "UPDATE cards SET state = '{\"due\": 5}'", "the schedule of question",
     WRITING),
]


@pytest.mark.parametrize(("damage", "message", "argv"),
                         [(d, m, a) for _n, d, m, commands in DAMAGED for a in commands],
                         ids=[f"{n}: {' '.join(a[:2])}" for n, _d, _m, commands in DAMAGED for a in commands])
def test_a_damaged_history_is_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str, message: str, argv: list[str],
) -> None:
    db = _history(tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute(damage)
    conn.close()
    status, _out, err = run(capsys, *argv, "--db", str(db))
    assert status == 2, err
    assert f"{db}: " in err and message in err and err.count("\n") == 1, err
    assert "internal error" not in err


def _sqlite_of_another_program(path: Path) -> bytes:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        conn.execute("INSERT INTO recipes VALUES ('soup', 40)")
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("argv", [*READING, *WRITING, ["history", "import", "EXPORT"]])
def test_another_programs_sqlite_file_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], exported: dict[str, Any], argv: list[str],
) -> None:
    other = tmp_path / "recipes.db"
    before = _sqlite_of_another_program(other)
    export = tmp_path / "ann.json"
    export.write_text(json.dumps(exported))
    status, _out, err = run(capsys, *[str(export) if a == "EXPORT" else a for a in argv], "--db", str(other))
    assert status == 2
    assert f"{other}: not a tutor history file (an SQLite file with other tables: recipes)" in err
    assert err.count("\n") == 1, err
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ann.json", "recipes.db"]


def test_reading_commands_create_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "not" / "yet" / "h.sqlite3"
    status, out, err = run(capsys, "progress", "--db", str(db), "--json")
    assert status == 0 and json.loads(out) == {"answered": 0, "right": 0, "due": 0, "topics": {}}
    assert err == f"tutor progress: {db}: no history yet (`tutor quiz` keeps one from the first answer)\n"
    status, out, err = run(capsys, "history", "export", str(tmp_path / "ann.json"), "--db", str(db))
    assert (status, out) == (1, "") and "no history yet" in err and err.count("\n") == 1
    status, out, err = run(capsys, "quiz", "--review", "--show-answers", "--seed", "1", "--count", "1",
                           "--db", str(db))
    assert status == 0 and "Question 1 of 1" in out and "no history yet" in err
    assert list(tmp_path.iterdir()) == [], "no folder, no history, no export"
    # An empty file (made by `touch`) is no history yet either, and stays empty.
    db.parent.mkdir(parents=True)
    db.touch()
    status, out, err = run(capsys, "progress", "--db", str(db))
    assert status == 0 and "no history yet" in err and db.read_bytes() == b""


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` cannot be written, even by root (who ignores permissions: then the file is made
    immutable, where the file system allows it)."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode:
        pytest.skip("running as root, where only an immutable file is read-only, and chattr +i fails here")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


def test_a_read_only_history_is_read_but_not_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], exported: dict[str, Any],
) -> None:
    db = _history(tmp_path)
    export = tmp_path / "ann.json"
    export.write_text(json.dumps(exported))
    before = db.read_bytes()
    with read_only(db):
        for argv in [*WRITING, ["history", "import", str(export)]]:
            status, out, err = run(capsys, *argv, "--db", str(db))
            assert (status, out) == (2, ""), err
            assert err.endswith(f"{db}: cannot be written (the file or its folder is read-only), so answers "
                                f"cannot be kept in it\n") and err.count("\n") == 1, err
        for argv in READING:
            status, out, err = run(capsys, *argv, "--db", str(db))
            assert status == 0 and err == "", err
        assert "3 answered, 0 right, 3 due now" in run(capsys, "progress", "--db", str(db))[1]
    assert db.read_bytes() == before


@pytest.mark.parametrize(("content", "status", "message"), [
    (lambda d: json.dumps(d).encode(), 0, "3 answers imported for default\n"),
    (lambda d: json.dumps(d).encode("utf-16"), 2,
     "<stdin>: not UTF-8 text (byte 1), so not a history export\n"),
    (lambda d: b"[" * 100_000, 2, "<stdin>: nested too deeply"),
])
def test_an_import_from_standard_input_is_checked_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    exported: dict[str, Any], content: Callable[[dict[str, Any]], bytes], status: int, message: str,
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(content(exported)), encoding="utf-8"))
    got, _out, err = run(capsys, "history", "import", "-", "--db", str(tmp_path / "h.sqlite3"))
    assert got == status and err.startswith(message) and err.count("\n") == 1, err
