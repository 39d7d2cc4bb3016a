"""The quiz history: a week of answers on a fake clock, what is due each day, the file itself."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.teach import memory
from tutor.teach.memory import History, HistoryError, question_key
from tutor.teach.progress import progress, trend
from tutor.teach.quiz import BASIC_KINDS, Question, make_quiz
from tutor.teach.review import rebuild, review_quiz, weakest_topics

MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class FakeClock:
    """The history's clock, moved by the test: no sleeps, no real time."""

    def __init__(self, now: datetime = MONDAY) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def tick(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture(scope="module")
def three() -> dict[str, Question]:
    """Three questions (one of each kind), named A, B and C."""
    return dict(zip("ABC", make_quiz(seed=5, count=3), strict=True))


def open_history(tmp_path: Path, clock: FakeClock, learner: str = "ann") -> History:
    return History(tmp_path / "history.sqlite3", learner=learner, clock=clock, zone=UTC)


def test_a_week_of_answers_brings_back_each_question_on_the_right_day(
    tmp_path: Path, three: dict[str, Question]
) -> None:
    # Each morning at nine the learner answers what is due, right except where `wrong` says.
    # The expected days are FSRS's (tutor.teach.schedule): a miss comes back at the next session
    # (ten minutes on), a first right answer two days on (from the start of that day, 4 a.m.),
    # and each right answer after that spaces the question out further.
    clock = FakeClock()
    history = open_history(tmp_path, clock)
    name = {question_key(q): n for n, q in three.items()}
    wrong = {0: {"B"}, 2: {"C"}}
    expected_due = {
        0: [],                # nothing answered yet: A, B, C are new and asked
        1: ["B"],             # missed on Monday
        2: ["A", "B", "C"],   # A and C two days after their first right answer; B a day after its
        3: ["C"],             # C missed on Wednesday
        4: ["B", "C"],        # B spaced to two days; C back on its one-day step
        5: [],
        6: ["C"],             # C, right on Friday, two days on
    }
    for day, due_names in expected_due.items():
        clock.now = MONDAY + timedelta(days=day)
        due = [name[s.key] for s in history.due()]
        assert sorted(due) == due_names, f"day {day}"
        for n in due or (["A", "B", "C"] if day == 0 else []):
            history.record(three[n], correct=n not in wrong.get(day, set()), given=["x"], seconds=3.5)
            clock.tick(minutes=1)
        # Within the same morning's session nothing new falls due (a miss waits ten minutes).
        assert [name[s.key] for s in history.due()] == [], f"day {day} after the session"
    # Where each question stands after the week: B's next review is ten days after Monday.
    assert history.due_at(question_key(three["B"])) == MONDAY.replace(hour=4) + timedelta(days=10)
    assert history.due_at(question_key(three["A"])) == MONDAY.replace(hour=4) + timedelta(days=13)
    answers = history.answers()
    assert len(answers) == 3 + 1 + 3 + 1 + 2 + 1
    c_answers = [a.correct for a, q in answers if q.key == question_key(three["C"])]
    assert c_answers == [True, False, True, True, True]


def test_a_missed_question_comes_back_in_a_later_quiz_whatever_its_seed(
    tmp_path: Path, three: dict[str, Question]
) -> None:
    clock = FakeClock()
    history = open_history(tmp_path, clock)
    first = review_quiz(history, seed=1, count=3)
    assert len(first) == 3
    history.record(first[1], correct=False)
    for q in (first[0], first[2]):
        history.record(q, correct=True)
    # Ten minutes on, a quiz by another seed asks the missed question first, then new ones.
    clock.tick(minutes=10)
    later = review_quiz(history, seed=99, count=3)
    keys = [question_key(q) for q in later]
    assert keys[0] == question_key(first[1])
    assert (later[0].prompt, later[0].answer_text) == (first[1].prompt, first[1].answer_text)
    assert not set(keys[1:]) & {question_key(q) for q in first}, "new questions are new to the learner"
    # And new questions are on the topics of the missed one, the weakest.
    weak = weakest_topics(history)
    assert weak and set(weak) <= set(first[1].topics)
    for q in later[1:]:
        assert set(q.topics) & set(weak)


def test_a_question_is_named_by_its_deal_position_and_kind_not_by_its_title(
    three: dict[str, Question],
) -> None:
    import dataclasses

    q = three["A"]
    assert q.deal is not None
    renamed = dataclasses.replace(q, deal=dataclasses.replace(q.deal, title="Another name", notes={"1": "x"}))
    assert question_key(renamed) == question_key(q)
    kinds = {question_key(q).split("/")[1] for q in three.values()}
    assert kinds == {k.value for k in BASIC_KINDS}  # best-card is asked only when chosen
    b = three["B"]
    assert b.turn is not None and b.seat is not None
    assert question_key(b).endswith(f"/legal-plays/{b.turn.trick}.{len(b.turn.plays) + 1}{b.seat.value}")


def test_a_stored_question_is_rebuilt_from_its_deal(tmp_path: Path, three: dict[str, Question]) -> None:
    clock = FakeClock()
    history = open_history(tmp_path, clock)
    for q in three.values():
        history.record(q, correct=False)
    clock.tick(hours=1)
    for stored in history.due():
        again = rebuild(stored)
        assert again is not None
        original = next(q for q in three.values() if question_key(q) == stored.key)
        # (A score question's letters are shuffled afresh: the answer is the same in words.)
        assert (again.prompt, again.answer_text, again.kind) == (
            original.prompt, original.answer_text, original.kind)
        assert set(stored.topics) == set(original.topics)


def test_learners_sharing_a_file_keep_their_own_histories(tmp_path: Path, three: dict[str, Question]) -> None:
    clock = FakeClock()
    ann, bob = open_history(tmp_path, clock, "ann"), open_history(tmp_path, clock, "bob")
    ann.record(three["A"], correct=False)
    bob.record(three["A"], correct=True)
    bob.record(three["B"], correct=True)
    clock.tick(hours=1)
    assert [s.key for s in ann.due()] == [question_key(three["A"])]
    assert bob.due() == []
    assert (progress(ann).answered, progress(bob).answered, progress(bob).right) == (1, 2, 2)
    assert ann.learners() == ["ann", "bob"]
    with pytest.raises(HistoryError, match="needs a name"):
        open_history(tmp_path, clock, "  ")


def test_progress_counts_each_topic_and_its_trend(tmp_path: Path, three: dict[str, Question]) -> None:
    clock = FakeClock()
    history = open_history(tmp_path, clock)
    for correct in (False, False, True, True):
        clock.tick(days=3)
        history.record(three["C"], correct=correct)
    history.record(three["A"], correct=True)
    p = progress(history, now=clock.now)
    assert (p.answered, p.right) == (5, 3)
    scoring = p.topics["scoring"]  # the score question's topic
    assert (scoring.answered, scoring.right, scoring.trend) == (4, 2, "better")
    assert set(p.to_json()) == {"answered", "right", "due", "topics"}
    assert p.to_json()["topics"]["scoring"] == {"answered": 4, "right": 2, "due": 0, "trend": "better"}
    clock.tick(days=30)
    later = progress(history)
    assert later.due == 2 and later.topics["scoring"].due == 1


@pytest.mark.parametrize(("results", "word"), [
    ([True, True, True], "new"),
    ([False, False, True, True], "better"),
    ([True, True, False, False], "worse"),
    ([True, False, True, False], "steady"),
    ([False, True, True, True, True], "better"),
])
def test_trend(results: list[bool], word: str) -> None:
    assert trend(results) == word


def test_a_new_file_is_at_the_newest_schema_in_wal_mode(tmp_path: Path) -> None:
    History(tmp_path / "h.sqlite3").close()
    db = sqlite3.connect(tmp_path / "h.sqlite3")
    assert db.execute("PRAGMA user_version").fetchone() == (len(memory.MIGRATIONS),)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"learners", "deals", "questions", "answers", "cards",
                      "puzzles", "learner_ratings", "attempts", "puzzle_cards"}


def test_the_default_file_is_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert memory.default_path() == tmp_path / "data" / "tutor" / "history.sqlite3"
    with History() as history:
        assert history.path == tmp_path / "data" / "tutor" / "history.sqlite3"
    assert history.path.exists()


def test_migrations_run_once_each_and_a_failed_one_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, three: dict[str, Question]
) -> None:
    path = tmp_path / "h.sqlite3"
    with History(path) as history:
        history.record(three["A"], correct=True)
    v1 = list(memory.MIGRATIONS)
    broken = [*v1, ("ALTER TABLE answers ADD COLUMN hint TEXT", "CREATE TABLE oops (x)", "NOT SQL")]
    monkeypatch.setattr(memory, "MIGRATIONS", broken)
    with pytest.raises(HistoryError, match="not a tutor history"):
        History(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (len(v1),)
    assert "hint" not in {r[1] for r in db.execute("PRAGMA table_info(answers)")}
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'oops'").fetchone() == (0,)
    db.close()

    monkeypatch.setattr(memory, "MIGRATIONS", [*v1, ("ALTER TABLE answers ADD COLUMN hint TEXT",)])
    with History(path) as history:
        assert len(history.answers()) == 1, "the answers are kept across the upgrade"
        assert memory.migrate(history.connection, path) == len(v1) + 1, "already up to date"
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (len(v1) + 1,)
    assert "hint" in {r[1] for r in db.execute("PRAGMA table_info(answers)")}


def test_a_file_from_a_newer_tutor_or_not_sqlite_is_refused_by_name(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(newer)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(HistoryError, match=r"newer\.sqlite3: this history is schema version 99, made by"):
        History(newer)
    junk = tmp_path / "notes.txt"
    junk.write_text("my notes, not a database\n" * 100)
    with pytest.raises(HistoryError, match=r"notes\.txt: not a tutor history file"):
        History(junk)


def test_an_error_inside_an_answer_writes_none_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, three: dict[str, Question]
) -> None:
    clock = FakeClock()
    history = open_history(tmp_path, clock)
    history.record(three["A"], correct=True)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the scheduler broke after the answer was inserted")

    monkeypatch.setattr(memory.schedule, "review", broken)
    with pytest.raises(RuntimeError):
        history.record(three["B"], correct=True)
    # A new learner's first answer failing: the learner is not added either.
    bob = open_history(tmp_path, clock, "bob")
    with pytest.raises(RuntimeError):
        bob.record(three["B"], correct=True)
    monkeypatch.undo()
    assert [a.question for a, _q in history.answers()] == [question_key(three["A"])]
    count = history.connection.execute("SELECT count(*) FROM questions").fetchone()
    assert count == (1,), "nor the question of the answer in flight"
    assert history.learners() == ["ann"]
    assert history.connection.in_transaction is False
    history.record(three["B"], correct=True)
    bob.record(three["B"], correct=True)
    assert len(history.answers()) == 2
    assert history.learners() == ["ann", "bob"]
    assert [a.question for a, _q in bob.answers()] == [question_key(three["B"])]


def test_every_lesson_question_has_a_key_of_its_own_and_comes_back_the_same(tmp_path: Path) -> None:
    # All the shipped lessons, the two-handed ones too (where one player plays twice to a trick).
    import random

    from tutor.files.handfile import check
    from tutor.teach.quiz import questions_from

    clock = FakeClock()
    history = open_history(tmp_path, clock)
    asked: dict[str, Question] = {}
    for path in sorted((Path(__file__).parent.parent / "hands").rglob("*.yaml")):
        rp, problems = check(path)
        assert rp is not None and not problems
        for q in questions_from(rp, random.Random(1)):
            key = question_key(q)
            assert key not in asked, f"{path.name}: {q.prompt} has the key of {asked[key].prompt}"
            asked[key] = q
    assert len(asked) > 500
    for q in asked.values():
        history.record(q, correct=False)
    clock.tick(hours=1)
    due = history.due()
    assert {s.key for s in due} == set(asked)
    for stored in due:
        again = rebuild(stored)
        assert again is not None, stored.key
        assert (again.prompt, again.answer_text) == (asked[stored.key].prompt, asked[stored.key].answer_text)
