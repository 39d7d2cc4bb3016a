"""Puzzles served and rated (issue 28): ratings in the history, which puzzle next, ``tutor puzzle``.

The puzzles are mined in a fixture (three seeded deals, as ``tutor puzzles mine --deals 3 --seed 1``
writes them), two of them given a theme and one made an at-the-table puzzle, since the shipped
set is not needed to test the rules.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.teach import glicko
from tutor.teach.glicko import Rating
from tutor.teach.memory import History, HistoryError
from tutor.teach.puzzles.reading import PuzzleError, PuzzleFile, read_folder, solve_puzzle
from tutor.teach.puzzles.serving import next_puzzle
from tutor.teach.ratings import PuzzleRecord, Standing, learner_rating, record_attempt, standing
from tutor.teach.transfer import export_history, import_history
from tutor.views.terminal.puzzles import mine_deals

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("puzzles")
    mine_deals(3, 1, out)
    files = sorted(out.glob("*.yaml"))
    assert len(files) >= 4, "the fixture needs a few puzzles"
    # the themes the tests serve by, set by hand (the rest have none, whatever the miner found)
    chosen = ["open-hands, ruffing", "at-the-table, ducking", "open-hands, ruffing"]
    for path, tags in zip(files, chosen + ["open-hands"] * len(files), strict=False):
        path.write_text(re.sub(r"(?m)^tags: \[puzzle, .*\]$", f"tags: [puzzle, {tags}]", path.read_text()))
    return out


@pytest.fixture(scope="module")
def puzzles(folder: Path) -> list[PuzzleFile]:
    return read_folder(folder)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def _history(path: Path, clock: Clock, learner: str = "ann") -> History:
    return History(path, learner=learner, clock=clock, zone=UTC)


def _record(p: PuzzleFile) -> PuzzleRecord:
    return PuzzleRecord(p.key, p.title, p.themes)


@pytest.mark.parametrize("solved", [True, False])
@pytest.mark.parametrize("theme_shown", [False, True])
def test_an_attempt_rates_learner_and_puzzle_as_glicko2_says(
        tmp_path: Path, puzzles: list[PuzzleFile], solved: bool, theme_shown: bool) -> None:
    clock = Clock()
    with _history(tmp_path / "h.sqlite3", clock) as h:
        first = record_attempt(h, _record(puzzles[0]), solved=True, theme_shown=False, given="x")
        clock.now += timedelta(minutes=1)
        rated = record_attempt(h, _record(puzzles[1]), solved=solved, theme_shown=theme_shown, given="x")
        want_me, want_puzzle = glicko.solve(first.learner_after, glicko.DEFAULT, solved,
                                            theme_shown=theme_shown)
        assert rated.learner_before == first.learner_after
        assert (rated.learner_after, rated.puzzle_after) == (want_me, want_puzzle)
        assert learner_rating(h) == want_me
        assert standing(h).puzzles[puzzles[1].key] == want_puzzle
        moved = abs(rated.learner_after.rating - rated.learner_before.rating)
        full = abs(glicko.solve(first.learner_after, glicko.DEFAULT, solved)[0].rating
                   - first.learner_after.rating)
        assert moved == pytest.approx(full * (glicko.SHOWN_THEME_DAMPING if theme_shown else 1.0))


def test_a_missed_puzzle_comes_back_as_a_review_when_due(tmp_path: Path, puzzles: list[PuzzleFile]) -> None:
    clock = Clock()
    with _history(tmp_path / "h.sqlite3", clock) as h:
        served = next_puzzle(puzzles, standing(h), seed=3)
        assert served is not None and not served.review
        missed = served.puzzle
        rated = record_attempt(h, _record(missed), solved=False, theme_shown=False, given="x")
        assert rated.due == T0 + timedelta(minutes=10)
        clock.now += timedelta(minutes=1)
        assert standing(h).due == (), "not due a minute later"
        other = next_puzzle(puzzles, standing(h), seed=3)
        assert other is not None and other.puzzle.key != missed.key and not other.review
        record_attempt(h, _record(other.puzzle), solved=True, theme_shown=False, given="x")
        clock.now = T0 + timedelta(minutes=11)
        back = next_puzzle(puzzles, standing(h), seed=3)
        assert back is not None and back.review and back.puzzle.key == missed.key
        solved_first = other.puzzle.key
        clock.now = T0 + timedelta(days=30)
        assert solved_first not in standing(h).due, "a puzzle solved at the first try is no review item"


def _standing(learner: float = 1500.0, puzzles: dict[str, float] | None = None,
              attempted: tuple[str, ...] = (), last: str | None = None,
              due: tuple[str, ...] = ()) -> Standing:
    return Standing(Rating(learner, 100.0), {k: Rating(r, 100.0) for k, r in (puzzles or {}).items()},
                    frozenset(attempted), last, due)


def test_serving_rules(puzzles: list[PuzzleFile]) -> None:
    a, b, c, *_ = puzzles
    keys = [p.key for p in puzzles]

    def pick(s: Standing, theme: str | None = None) -> tuple[str, bool] | None:
        served = next_puzzle(puzzles, s, theme=theme, seed=0)
        return None if served is None else (served.puzzle.key, served.review)

    ratings = {k: 1500.0 + 100 * i for i, k in enumerate(keys)}
    # new: the one nearest the learner's rating
    assert pick(_standing(1720.0, ratings)) == (keys[2], False)
    assert pick(_standing(1000.0, ratings)) == (keys[0], False)
    # never one attempted, nor the last seen even when due; a due one comes first
    assert pick(_standing(1500.0, ratings, attempted=(keys[0],))) == (keys[1], False)
    assert pick(_standing(1500.0, ratings, attempted=(c.key,), due=(c.key,))) == (c.key, True)
    assert pick(_standing(1500.0, ratings, attempted=(c.key,), last=c.key, due=(c.key,))) == (keys[0], False)
    # by theme: only that theme's puzzles (a and c are "ruffing")
    assert pick(_standing(1720.0, ratings), "ruffing") == (c.key, False)
    assert pick(_standing(1720.0, ratings, attempted=(a.key, c.key)), "ruffing") is None
    assert b.kind == "at-the-table" and b.themes == ("ducking",) and a.themes == ("ruffing",)


def test_export_carries_ratings_and_attempts_and_imports_them(
        tmp_path: Path, puzzles: list[PuzzleFile]) -> None:
    clock = Clock()
    with _history(tmp_path / "a.sqlite3", clock) as h:
        for n, p in enumerate(puzzles[:3]):
            record_attempt(h, _record(p), solved=n != 1, theme_shown=n == 2, given="x", seconds=3.5)
            clock.now += timedelta(minutes=2)
        data = json.loads(json.dumps(export_history(h)))
        mine = learner_rating(h)
        theirs = standing(h).puzzles
    assert data["version"] == 2 and len(data["attempts"]) == 3
    assert data["rating"]["rating"] == pytest.approx(mine.rating)
    with _history(tmp_path / "b.sqlite3", clock, learner="bob") as h2:
        assert import_history(h2, data, "ann.json") == 3
        assert import_history(h2, data, "ann.json") == 0, "importing twice changes nothing"
        got = learner_rating(h2)
        assert (got.rating, got.deviation) == (pytest.approx(mine.rating), pytest.approx(mine.deviation))
        assert {k: r.rating for k, r in standing(h2).puzzles.items()} == pytest.approx(
            {k: r.rating for k, r in theirs.items()})
        assert standing(h2, T0 + timedelta(hours=1)).due == (puzzles[1].key,), "the miss is a review item"


def _edited(data: dict[str, object], path: tuple[object, ...], value: object) -> dict[str, object]:
    out = json.loads(json.dumps(data))
    node = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return out


@pytest.mark.parametrize(("path", "value", "message"), [
    (("rating", "deviation"), 0, r"rating: a Glicko-2 rating's deviation and volatility are above 0"),
    (("rating", "volatility"), 2, r"rating: 'volatility' should be from 0 to 1, not 2"),
    (("puzzles", 0, "rating"), "1500", r"puzzles\[0\]: 'rating' should be int or float or null"),
    (("attempts", 0, "puzzle"), "nope", r"attempts\[0\]: puzzle 'nope' is not among the export's puzzles"),
    (("attempts", 0, "solved"), 1, r"attempts\[0\]: 'solved' should be bool, not 1"),
    (("attempts", 1, "uid"), None, r"attempts\[1\]: 'uid' should be str"),
])
def test_import_refuses_a_bad_rating_or_attempt_by_name(
        tmp_path: Path, puzzles: list[PuzzleFile], path: tuple[object, ...], value: object,
        message: str) -> None:
    clock = Clock()
    with _history(tmp_path / "a.sqlite3", clock) as h:
        for p in puzzles[:2]:
            record_attempt(h, _record(p), solved=False, theme_shown=False, given="x")
        data = export_history(h)
    bad = _edited(data, path, value)
    with _history(tmp_path / "b.sqlite3", clock) as h2:
        with pytest.raises(HistoryError, match=r"ann\.json: " + message):
            import_history(h2, bad, "ann.json")
        assert standing(h2).attempted == frozenset(), "nothing imported"


@pytest.mark.parametrize(("entries", "key", "what"),
                         [("puzzles", "key", "puzzle"), ("attempts", "uid", "attempt")])
def test_import_refuses_a_puzzle_or_attempt_listed_twice(
        tmp_path: Path, puzzles: list[PuzzleFile], entries: str, key: str, what: str) -> None:
    clock = Clock()
    with _history(tmp_path / "a.sqlite3", clock) as h:
        for p in puzzles[:2]:
            record_attempt(h, _record(p), solved=False, theme_shown=False, given="x")
        data = export_history(h)
    listed = data[entries]
    assert isinstance(listed, list) and len(listed) == 2
    bad = _edited(data, (entries, 1, key), listed[0][key])
    with _history(tmp_path / "b.sqlite3", clock) as h2:
        twice = rf"ann\.json: {entries}\[1\]: the {what} '.*' is listed twice"
        with pytest.raises(HistoryError, match=twice):
            import_history(h2, bad, "ann.json")
        assert standing(h2).attempted == frozenset(), "nothing imported"


def test_a_puzzle_file_is_solved_with_its_refutations(puzzles: list[PuzzleFile]) -> None:
    s = solve_puzzle(puzzles[0])
    assert s.answer.card in s.right
    wrong = [c for c in s.legal if c not in s.right]
    assert wrong, "a puzzle has a wrong card"
    line = s.refutation(wrong[0])
    assert line[0].card == wrong[0] and len(line) > 1
    n = len(s.position.seats)
    groups = [g.split() for g in s.refutation_words(wrong[0], symbols=False).split(" / ")]
    assert [len(g) for g in groups] == [n - len(s.position.trick)] + [n] * (len(groups) - 1), \
        "a trick at a time, the first finishing the trick in progress"
    assert [c for g in groups for c in g] == [str(p) for p in line]
    assert f"After {line[0].pretty()}" in s.note or any(
        f"After {s.plays[c].pretty()}" in s.note for c in wrong)


def test_a_folder_without_puzzles_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(PuzzleError, match="no puzzles here"):
        read_folder(tmp_path)
    (tmp_path / "a.yaml").write_text("title: x\n")
    with pytest.raises(PuzzleError, match=r"a\.yaml"):
        read_folder(tmp_path)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["puzzle", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_tutor_puzzle_wrong_shows_the_refutation_then_the_answer(
        tmp_path: Path, folder: Path, puzzles: list[PuzzleFile], capsys: pytest.CaptureFixture[str]) -> None:
    first = next_puzzle(puzzles, Standing(glicko.DEFAULT, {}, frozenset(), None, ()), theme="ruffing")
    assert first is not None
    s = solve_puzzle(first.puzzle)
    wrong = next(c for c in s.legal if c not in s.right)
    status, out, _ = _run(capsys, "--from", str(folder), "--db", str(tmp_path / "h.sqlite3"),
                          "--theme", "ruffing", "--answers", str(wrong), "--ascii")
    assert status == 0
    refutation = s.refutation_words(wrong, symbols=False)
    said = out.index(f"Not quite. After {wrong} the contractor's side takes {s.values[wrong]}: ")
    assert said < out.index(refutation[:40]) < out.index("The answer: ")
    assert "Theme: ruffing" in out and "counts for 50%" in out
    assert "Your rating: 1500 +/- 350 -> " in out and "the puzzle's: 1500 +/- 350 -> " in out
    assert "It comes back as a review" in out
    with History(tmp_path / "h.sqlite3", clock=lambda: T0 + timedelta(days=400)) as h:
        assert standing(h).due == (s.puzzle.key,)


def test_tutor_puzzle_at_the_table_shows_the_seats_view_only(
        tmp_path: Path, folder: Path, puzzles: list[PuzzleFile], capsys: pytest.CaptureFixture[str]) -> None:
    table = next(p for p in puzzles if p.kind == "at-the-table")
    s = solve_puzzle(table)
    status, out, _ = _run(capsys, "--from", str(folder), "--db", str(tmp_path / "h.sqlite3"),
                          "--theme", "ducking", "--answers", "q", "--ascii")
    assert status == 0
    assert f"{s.seat.word} holds:" in out
    assert "face up" not in out, "no other hand is shown at the table"
    assert "open after the answer" in out
    status, out, _ = _run(capsys, "--from", str(folder), "--db", str(tmp_path / "h2.sqlite3"),
                          "--theme", "ruffing", "--answers", "q", "--ascii")
    assert out.count("face up") == len(s.position.seats) - 1


def test_tutor_puzzle_says_when_the_folder_or_theme_is_missing(
        tmp_path: Path, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "--from", str(tmp_path / "none"))
    assert status == 2 and "no such folder of puzzles" in err
    status, _, err = _run(capsys, "--from", str(folder), "--theme", "squeeze")
    assert status == 2 and "has the theme 'squeeze'; the themes there: ducking (1), ruffing (2)" in err


def test_a_version_1_export_without_puzzles_still_imports(tmp_path: Path) -> None:
    old = {"format": "tutor-history", "version": 1, "learner": "ann", "deals": {}, "questions": [],
           "answers": []}
    with _history(tmp_path / "h.sqlite3", Clock()) as h:
        assert import_history(h, old, "old.json") == 0
        assert learner_rating(h) == glicko.DEFAULT
    missing = pytest.raises(HistoryError, match="'rating' is missing")
    with _history(tmp_path / "h.sqlite3", Clock()) as h, missing:
        import_history(h, {**old, "version": 2}, "new.json")


def test_an_at_the_table_question_does_not_say_what_only_open_hands_show(
        puzzles: list[PuzzleFile]) -> None:
    table = solve_puzzle(next(p for p in puzzles if p.kind == "at-the-table"))
    assert table.prompt.endswith(f"Which card is best, with what {table.seat.word} can see?")
    open_hands = solve_puzzle(next(p for p in puzzles if p.kind == "open-hands"))
    assert "can see" not in open_hands.prompt


def test_the_shipped_set_is_found_beside_the_hands_and_its_absence_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.teach.puzzles.reading import shipped_puzzles
    from tutor.views.terminal import puzzle

    assert shipped_puzzles() == Path(__file__).resolve().parent.parent / "puzzles"
    monkeypatch.setattr(puzzle, "shipped_puzzles", lambda: tmp_path / "puzzles")
    status, _, err = _run(capsys)
    assert status == 2 and err.strip().endswith(
        "puzzles: no such folder of puzzles (the shipped set; --from DIR reads another folder)")
