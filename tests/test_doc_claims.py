"""What the README and docs/analysis.md say a lesson shows, held to what the lesson and the
solver really give: a lesson rewritten under its docs makes these fail.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tutor.engine.replay import Replay
from tutor.files.handfile import check
from tutor.solve import Analysis, analyse

ROOT = Path(__file__).resolve().parent.parent


def _text(name: str) -> str:
    return " ".join((ROOT / name).read_text("utf-8").split())


@cache
def _lesson(file: str) -> tuple[Replay, Analysis]:
    rep, problems = check(ROOT / "hands" / file)
    assert rep is not None and problems == [], problems
    return rep, analyse(rep)


def _readme_lessons() -> dict[str, str]:
    """The README's lesson tables: file name → the row's *teaches* cell."""
    readme = (ROOT / "README.md").read_text("utf-8")
    lessons = readme.split("\n## Lessons\n")[1].split("\n## ")[0]
    rows = {}
    for line in lessons.splitlines():
        if m := re.match(r"\| `([\w-]+\.yaml)` \| [^|]+ \| (.+) \|$", line):
            rows[m[1]] = m[2]
    return rows


# (lesson, the words of its README row that state its own contract's result, that result:
# "made", "set", or "slam" for all ten tricks)
RESULTS: list[tuple[str, str, str]] = [
    ("open-misere.yaml", "still cannot force a trick", "made"),
    ("eight-hearts-set.yaml", "a contract set", "set"),
    ("seven-spades-slam.yaml", "a slam on seven spades", "slam"),
    ("count-then-bid.yaml", "seven hearts, not eight", "made"),
    ("hearts-or-no-trumps.yaml", "eight hearts makes", "made"),
    ("game-end-at-460.yaml", "eight spades, what the hand is worth, makes", "made"),
    ("defence-north-trumps-partners-club.yaml", "sets the contract", "set"),
    ("game-end-win-on-defence.yaml", "bid the seven that wins if it makes", "made"),
    ("game-end-deep-in-the-red.yaml", "seven diamonds makes", "made"),
    ("sacrifice-their-seven-spades-ends-the-game.yaml", "seven clubs, two off", "set"),
    ("ten-level-nine-trumps-nine-or-ten.yaml", "nine hearts, which takes all ten", "slam"),
    ("competitive-their-trumps-let-them-play.yaml", "eight hearts two off", "set"),
    ("game-end-push-over-their-seven-hearts.yaml", "which makes and wins at 520", "made"),
    ("three-handed-two-against-one-west-has-the-trick.yaml", "six hearts is set", "set"),
    ("five-handed-called-king-under-partners-joker.yaml", "seven diamonds makes", "made"),
    ("defence-left-bower-on-the-ace.yaml", "seven hearts is set by one", "set"),
    ("misere-bidding-no-room-for-the-kitty.yaml", "seven spades makes", "made"),
    ("misere-or-seven-hearts.yaml", "misère, which South makes", "made"),
]

#: Rows whose result words are about a trick or a card, not the contract.
NOT_ABOUT_THE_CONTRACT = {
    "joker-only-when-void.yaml", "canadian-two-jokers.yaml", "misere-nominate-the-joker.yaml",
    "defence-partners-ace-of-clubs.yaml", "joker-loses-power-after-a-discard.yaml",
}
RESULT_WORDS = re.compile(r"\b(makes?|made|set(?! up)|sets|off|forces?|wins?|loses?|slam)\b")


@pytest.mark.parametrize(("file", "words", "result"), RESULTS)
def test_the_readme_states_each_lessons_result_as_its_par_gives_it(file: str, words: str,
                                                                   result: str) -> None:
    row = _readme_lessons()[file]
    assert words in row, f"README, {file}: {row!r}"
    rep, an = _lesson(file)
    assert rep.result is not None
    if an.minimise:  # misère: made when the contractor is held to no trick
        par_made = an.par == 0
    else:
        need = re.match(r"\d+", an.bid)
        assert need, an.bid
        par_made = an.par >= int(need[0])
    assert par_made == (result != "set"), f"{file}: par {an.par} for {an.bid}"
    assert rep.result.made == (result != "set"), f"{file}: as played, {rep.result.ruling.text}"
    if result == "slam":
        assert an.par == sum(rep.result.tricks_won.values())


def test_every_readme_row_that_states_a_result_is_checked() -> None:
    checked = {file for file, _words, _result in RESULTS} | NOT_ABOUT_THE_CONTRACT
    stating = {f for f, row in _readme_lessons().items() if RESULT_WORDS.search(row)}
    assert stating <= checked, f"add these rows to RESULTS: {sorted(stating - checked)}"


def test_docs_analysis_example_is_what_tutor_analyse_gives() -> None:
    doc = _text("docs/analysis.md")
    m = re.search(r"On `hands/([\w-]+\.yaml)` (nothing is marked|(\w+)'s (\S+) is marked)", doc,
                  re.IGNORECASE)
    assert m, "docs/analysis.md: the misère example"
    file = m[1]
    _rep, an = _lesson(file)
    said = doc[m.start():].split("## ")[0]
    if m[2] == "nothing is marked":
        assert [p for p in an.plays if p.cost] == []
    else:  # a card named as marked cost tricks
        costs = [p.cost for p in an.plays if p.seat.word == m[3] and p.play.pretty() == m[4]]
        assert costs and all(costs), f"{file}: {m[3]}'s {m[4]} cost {costs}"
    if par := re.search(r"\(par (\d+)\)", said):
        assert int(par[1]) == an.par
    for seat, card, value, tricks in re.findall(
            r"(\w+)'s (\S+) is valued (\d+) at tricks ([\d, and]+)", said):
        for trick in map(int, re.findall(r"\d+", tricks)):
            [play] = [p for p in an.plays if p.trick == trick and p.seat.word == seat]
            options = {q.pretty(): v for q, v in play.options.items()}
            assert options[card] == int(value), f"trick {trick}: {options}"
