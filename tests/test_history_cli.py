"""`tutor quiz` keeps answers, `--review` asks what is due, `tutor progress`, `tutor history`."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

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
])
def test_a_bad_export_is_refused_whole_naming_the_entry(tmp_path: Path, change: object, message: str) -> None:
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
    assert status == 1 and err.startswith(f"{bad}:3: not JSON")
