"""The README's quiz transcript is what `tutor quiz` and `tutor progress` print.

The transcript (the ``console`` block after "A quiz that remembers") is run as written: each
``$ tutor …`` line is the command, each ``  > …`` line the learner's answer, and ``…`` stands for
lines left out. The answers to the questions the README leaves out are given here. The review is
asked eleven minutes after the first quiz, as the README's comment says ("ten minutes or more
later"): the first quiz's answers are kept with a clock eleven minutes behind.
"""

from __future__ import annotations

import io
import itertools
import re
import shlex
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.teach.memory import History

README = Path(__file__).resolve().parent.parent / "README.md"

#: Every answer typed in each command of the transcript, those the README leaves out included.
ANSWERS = {
    "quiz --seed 5": ["S", "QD JD", "b"],
    "quiz --review": ["W", "QD JD Jo", "E"],
}


def _transcript() -> list[tuple[list[str], list[str]]]:
    """(argv, shown output lines) for each command of the README's quiz transcript."""
    text = README.read_text(encoding="utf-8")
    start = text.index("```console\n$ tutor quiz --seed 5", text.index("## A quiz that remembers"))
    block = text[start:text.index("```\n", start + 3)].splitlines()[1:]
    runs: list[tuple[list[str], list[str]]] = []
    for line in block:
        if line.startswith("$ tutor "):
            command = line[len("$ tutor "):].split("#")[0]
            runs.append((shlex.split(command), []))
        else:
            runs[-1][1].append(line)
    return runs


def _echoed(out: str, answers: list[str]) -> list[str]:
    """The output as a terminal shows it: each prompt ``  > `` followed by what was typed."""
    typed = iter(answers)
    return re.sub(r"^  > ", lambda _m: f"  > {next(typed)}\n", out, flags=re.M).splitlines()


def _shown_in(shown: list[str], real: list[str]) -> str | None:
    """Why ``shown`` (with ``…`` for any run of lines) is not ``real``; None when it is."""
    i = 0
    for k, line in enumerate(shown):
        if line == "…":
            continue
        if k > 0 and shown[k - 1] == "…":
            while i < len(real) and real[i] != line:
                i += 1
        if i >= len(real) or real[i] != line:
            found = real[i] if i < len(real) else "(the end)"
            return f"README line {line!r} not printed here; tutor printed {found!r}"
        i += 1
    if shown and shown[-1] != "…" and i != len(real):
        return f"tutor printed more after the README's last line: {real[i]!r}"
    return None


def test_the_readme_quiz_transcript_is_what_tutor_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = _transcript()
    assert [argv[0] for argv, _ in runs] == ["quiz", "quiz", "progress"]
    db = str(tmp_path / "history.sqlite3")
    real_now = datetime.now(UTC)
    defaults = History.__init__.__kwdefaults__
    assert defaults is not None and "clock" in defaults
    for number, (argv, shown) in enumerate(runs):
        key = next((k for k in ANSWERS if " ".join(argv).startswith(k)), None)
        answers = ANSWERS[key] if key else []
        # The first quiz happened eleven minutes before the review and the progress report; the
        # clock ticks a second each time it is read, as answers a few seconds apart would.
        ticks = itertools.count()
        start = real_now - timedelta(minutes=11) if number == 0 else real_now
        monkeypatch.setitem(defaults, "clock",
                            lambda start=start, ticks=ticks: start + timedelta(seconds=next(ticks)))
        monkeypatch.setattr("sys.stdin", io.StringIO("".join(a + "\n" for a in answers)))
        status = main([*argv, "--db", db])
        out = capsys.readouterr().out
        assert status == 0, (argv, out)
        problem = _shown_in(shown, _echoed(out, answers))
        assert problem is None, f"tutor {' '.join(argv)}: {problem}"
