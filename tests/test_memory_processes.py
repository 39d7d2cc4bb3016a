"""The history file under real processes: one killed mid-answer, two answering at once.

No sleeps: each child says where it is on its stdout (a pipe) and waits on its stdin, so the test
kills it, or starts both, at a known point.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from tutor.teach import schedule
from tutor.teach.memory import History

KILLED_MID_ANSWER = r"""
import json, os, sys
from tutor.teach.memory import History
from tutor.teach.quiz import make_quiz

path = sys.argv[1]
questions = make_quiz(seed=5, count=3)
history = History(path, learner="ann")
history.record(questions[0], correct=True)
history.record(questions[1], correct=False)
wal = os.path.getsize(path + "-wal")
# A one-page cache: the third answer's rows spill into the WAL before its COMMIT, so the kill
# lands with uncommitted pages on disk, not only in memory.
history.connection.execute("PRAGMA cache_size = 1")

def trace(sql):
    if sql.strip().upper() == "COMMIT":
        print(json.dumps({"wal_committed": wal}), flush=True)
        sys.stdin.readline()  # wait here, mid-answer, to be killed

history.connection.set_trace_callback(trace)
history.record(questions[2], correct=True)
print("committed", flush=True)
"""

ANSWERING = r"""
import sys
from tutor.teach.memory import History
from tutor.teach.quiz import make_quiz

path, me, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
questions = make_quiz(seed=5, count=3)
history = History(path, learner="ann")
print("ready", flush=True)
sys.stdin.readline()  # both start together
for n in range(count):
    history.record(questions[n % 3], correct=(n + me) % 2 == 0, given=[f"p{me}-{n}"])
print("done", flush=True)
"""


def _child(code: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code, *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_process_killed_mid_answer_leaves_a_valid_file_without_that_answer(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    child = _child(KILLED_MID_ANSWER, str(path))
    assert child.stdout is not None and child.stderr is not None
    line = child.stdout.readline()
    assert line, child.stderr.read()
    wal_committed = json.loads(line)["wal_committed"]
    # The third answer is written but not committed: pages of it are in the WAL already.
    assert os.path.getsize(f"{path}-wal") > wal_committed
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL
    child.stdout.close()
    child.stderr.close()
    assert child.stdin is not None
    child.stdin.close()

    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert db.execute("SELECT count(*) FROM answers").fetchone() == (2,)
    assert db.execute("SELECT count(*) FROM cards").fetchone() == (2,)
    assert db.execute("SELECT count(*) FROM questions").fetchone() == (2,)
    db.close()
    with History(path, learner="ann") as history:
        assert [a.correct for a, _q in history.answers()] == [True, False]
        # And the file takes the next answer as usual.
        from tutor.teach.quiz import make_quiz

        history.record(make_quiz(seed=5, count=3)[2], correct=True)
        assert len(history.answers()) == 3


def test_two_processes_answering_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History(path, learner="ann").close()  # the file exists before either starts
    count = 30
    children = [_child(ANSWERING, str(path), str(me), str(count)) for me in (0, 1)]
    for child in children:
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline() == "ready\n", child.stderr.read()
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:
        out, err = child.communicate()
        assert (child.returncode, out, err) == (0, "done\n", "")

    with History(path, learner="ann") as history:
        answers = history.answers()
        assert len(answers) == 2 * count
        given = sorted(a.given[0] for a, _q in answers)
        assert given == sorted(f"p{me}-{n}" for me in (0, 1) for n in range(count))
        # Each question's schedule is the one its answers give in the order they were stored:
        # no answer of one process was scheduled over the other's (no lost update).
        for key in {q.key for _a, q in answers}:
            mine = [(a.at, a.correct) for a, q in answers if q.key == key]
            expected = schedule.replay_answers(mine)
            assert expected is not None
            row = history.connection.execute(
                "SELECT state FROM cards WHERE question = ?", (key,)).fetchone()
            stored = schedule.card_from_json(row[0])
            assert (stored.stability, stored.difficulty, stored.due) == (
                expected.stability, expected.difficulty, expected.due)
        # Answers are stored in the order they happened: each one's time is read inside its lock.
        rows = history.connection.execute("SELECT answered_at FROM answers ORDER BY id")
        stored_order = [at for (at,) in rows]
        assert stored_order == sorted(stored_order) and len(set(stored_order)) == len(stored_order)
