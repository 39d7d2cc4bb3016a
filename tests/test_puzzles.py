"""Open-hands puzzles mined from play (issue 28): one card alone keeps the result."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Hashable
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.engine.replay import Replay, build
from tutor.files import handfile
from tutor.files.handwrite import dumps
from tutor.files.verify import verify
from tutor.solve import apply
from tutor.teach.lessoncheck import check_lesson
from tutor.teach.puzzles import Counts, Puzzle, computer_deal, mine_hand, puzzle_hand, puzzle_note
from tutor.teach.puzzles.table import MARGIN_POINTS
from tutor.views.terminal.puzzles import mine_deals

HANDS = Path(__file__).resolve().parent.parent / "hands"


def _replay(name: str) -> Replay:
    return build(handfile.loads((HANDS / name).read_text("utf-8")))


def _mined(name: str) -> dict[str, Puzzle]:
    puzzles, _ = mine_hand(_replay(name), cap=99)
    return {p.key: p for p in puzzles}


def _made(value: int, p: Puzzle) -> bool:
    return value == 0 if p.minimise else value >= p.need


# Cards the lessons' authors call the only one that does it (their notes say so, `only: true`):
@pytest.mark.parametrize(("lesson", "key", "seat", "answer", "contractor"), [
    # East over-trumps North's 6 of spades with the 9: the only card that sets seven spades
    ("defence-north-trumps-partners-club.yaml", "1.4", "E", "9S", False),
    # East then leads the 5 of spades, its last trump, to draw North's 7
    ("defence-north-trumps-partners-club.yaml", "2.1", "E", "5S", False),
    # East trumps the 10 of clubs with the queen of hearts
    ("defence-partners-jack-of-clubs.yaml", "3.3", "E", "QH", False),
])
def test_a_lessons_only_card_is_mined(lesson: str, key: str, seat: str, answer: str,
                                      contractor: bool) -> None:
    p = _mined(lesson)[key]
    assert (p.seat.value, str(p.answer), p.kind, p.contractor) == (seat, answer, "contract", contractor)
    assert _made(p.value, p) == contractor
    assert p.wrong and all(_made(r.value, p) != contractor for r in p.wrong)


@pytest.mark.parametrize(("lesson", "key", "why"), [
    ("open-misere.yaml", "8.2", "the 5 of hearts, the 5 of clubs and the 4 of diamonds all lose it"),
    ("open-misere.yaml", "10.1", "one card left"),
    ("open-misere.yaml", "6.2", "the queen and the 5 of clubs are equal: one card to play"),
    ("seven-spades-slam.yaml", "1.1", "every card comes to the same"),
])
def test_not_a_puzzle(lesson: str, key: str, why: str) -> None:
    assert key not in _mined(lesson), why


def test_each_refutation_is_the_best_line_after_the_wrong_card() -> None:
    for p in _mined("defence-north-trumps-partners-club.yaml").values():
        for r in p.wrong:
            assert r.line[0] == r.play
            pos = p.position
            for play in r.line:
                pos = apply(pos, play)
            assert pos.tricks_left == 0 and pos.won == r.value


def test_counts_account_for_every_position() -> None:
    _, c = mine_hand(_replay("defence-north-trumps-partners-club.yaml"), cap=1)
    assert c.kept == 1 and c.capped >= 1
    assert c.positions == c.forced + c.level + c.several + c.decided + c.duplicate + c.capped + c.kept


def test_a_position_mined_before_is_a_duplicate() -> None:
    seen: set[Hashable] = set()
    first, _ = mine_hand(_replay("defence-partners-jack-of-clubs.yaml"), cap=99, seen=seen)
    again, counts = mine_hand(_replay("defence-partners-jack-of-clubs.yaml"), cap=99, seen=seen)
    assert first and not again
    assert counts.duplicate == len(first)


@pytest.fixture(scope="module")
def deal_puzzles() -> list[Puzzle]:
    out: list[Puzzle] = []
    for seed in range(4):
        puzzles, _ = mine_hand(build(computer_deal(seed)))
        out.extend(puzzles)
    return out


def test_the_computer_deals_are_the_same_for_a_seed() -> None:
    assert dumps(computer_deal(3)) == dumps(computer_deal(3))


def test_every_puzzle_file_stops_at_its_answer_and_passes_tutor_check(deal_puzzles: list[Puzzle]) -> None:
    assert len(deal_puzzles) >= 4
    for p in deal_puzzles:
        hand = puzzle_hand(p)
        plays = [play for trick in hand.play for play in trick]
        assert len(plays) == p.index + 1 and plays[-1] == p.answer
        assert hand.claims[p.key].only
        rep, problems = verify(f"{p.key}.yaml", dumps(hand))
        assert rep is not None and problems == [], [str(x) for x in problems]


def test_a_wrong_card_as_the_answer_is_refuted_by_tutor_check(deal_puzzles: list[Puzzle]) -> None:
    for p in deal_puzzles:
        wrong = p.wrong[0].play
        bad = replace(p, answer=wrong)
        _, problems = verify("bad.yaml", dumps(puzzle_hand(bad)))
        assert [x.rule for x in problems] == ["solver"]
        assert "was the only best card, but" in problems[0].message


def _run(out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", "puzzles", "mine", "--deals", "3", "--seed",
                           "5", "-o", str(out)], capture_output=True, text=True, check=False)


def test_tutor_puzzles_mine_writes_the_same_folder_twice_and_each_file_checks(tmp_path: Path) -> None:
    one, two = _run(tmp_path / "one"), _run(tmp_path / "two")
    assert one.returncode == two.returncode == 0, one.stderr
    assert one.stdout.replace(str(tmp_path / "one"), str(tmp_path / "two")) == two.stdout
    files = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert files and files == sorted(p.name for p in (tmp_path / "two").iterdir())
    for name in files:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    check = subprocess.run([sys.executable, "-m", "tutor", "check", str(tmp_path / "one")],
                           capture_output=True, text=True, check=False)
    assert check.returncode == 0, check.stdout
    assert f"{len(files)} files checked, 0 with problems" in check.stdout + check.stderr
    assert f"{len(files)} puzzles written" in one.stdout


def test_tutor_puzzles_mine_refuses_a_file_as_the_folder(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x", "utf-8")
    out = _run(tmp_path / "f")
    assert out.returncode == 2
    assert out.stderr.strip() == (f"tutor puzzles mine: {tmp_path / 'f'} is not a folder: the "
                                  f"puzzles are written as files in one")



@pytest.fixture(scope="module")
def table_deal() -> tuple[list[Puzzle], Counts]:
    # deal 4: East, who took the kitty in seven hearts, has one card that makes it with what it sees
    return mine_hand(build(computer_deal(4)), at_the_table=True)


def test_an_at_the_table_puzzle_carries_its_chance_and_passes_tutor_check(
        table_deal: tuple[list[Puzzle], Counts]) -> None:
    puzzles, counts = table_deal
    table = [p for p in puzzles if p.view == "at-the-table"]
    assert [p.key for p in table] == ["7.2"] and counts.at_the_table == 1
    p = table[0]
    assert p.chances is not None and p.kind == "contract"
    assert p.chances.chance - p.chances.runner_chance >= MARGIN_POINTS / 100
    hand = puzzle_hand(p)
    claim = hand.claims[p.key]
    assert claim.only and claim.best_chance and claim.make == round(100 * p.chances.chance)
    assert hand.tags[:2] == ("puzzle", "at-the-table") and hand.tags[-1] == "australian"
    note = hand.notes[p.key]
    assert note.startswith("East to play, seeing its own hand, the kitty it took and the cards it put away")
    assert f"in {round(100 * p.chances.chance)}% of the layouts" in note
    _, problems = check_lesson("table.yaml", dumps(hand))
    assert problems == [], [str(x) for x in problems]


def test_a_puzzle_not_clear_at_the_table_stays_open_hands() -> None:
    # deal 6, card 1.3: South's card alone makes it double-dummy, but with what South sees it
    # leads the king of clubs by 22 points (46% to 24%), not two standard errors of the
    # difference (one is 11.9 points) on the 100 layouts
    puzzles, counts = mine_hand(build(computer_deal(6)), at_the_table=True, cap=99)
    assert (counts.tried, counts.at_the_table) == (1, 0)
    assert [p.key for p in puzzles if p.kind == "contract"] == ["1.3"]
    for p in puzzles:
        if p.view == "open-hands":
            hand = puzzle_hand(p)
            assert hand.tags[:2] == ("puzzle", "open-hands") and p.chances is None
            assert not hand.claims[p.key].best_chance and hand.claims[p.key].make is None


def test_a_wrong_best_chance_is_refuted_single_dummy(table_deal: tuple[list[Puzzle], Counts]) -> None:
    p = next(p for p in table_deal[0] if p.view == "at-the-table")
    assert p.chances is not None
    bad = replace(p, answer=next(r.play for r in p.wrong if r.play.card == p.chances.runner.card))
    _, problems = check_lesson("bad.yaml", dumps(puzzle_hand(bad)))
    assert "solver" in [x.rule for x in problems]


def test_the_files_are_the_same_mined_in_one_process_or_two(tmp_path: Path) -> None:
    one = mine_deals(3, 4, tmp_path / "one", at_the_table=True, jobs=1)
    two = mine_deals(3, 4, tmp_path / "two", at_the_table=True, jobs=2)
    assert [p.name for p in one.files] == [p.name for p in two.files] and one.files
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one.files, two.files, strict=True))
    assert one.counts == two.counts


def test_a_position_an_earlier_deal_gave_is_dropped_across_processes(tmp_path: Path) -> None:
    # the same seed mined twice over is the same deal: every puzzle of the second is a duplicate
    from tutor.views.terminal import puzzles as view

    result = view._one((4, "australian", 3, False, None, None))
    assert result is not None and result[0]
    found, counts = result
    within = counts.duplicate
    mined = view.Mined()
    view._take([(found, counts), (list(found), replace(counts))], tmp_path, mined, set())
    assert len(mined.files) == len(found) and mined.counts.kept == len(found)
    assert mined.counts.duplicate == 2 * within + len(found)


def test_under_the_cap_a_puzzle_of_technique_comes_before_an_earlier_plain_one() -> None:
    from tutor.teach.puzzles.mine import PLAIN_THEMES

    passed_over = 0
    for seed in (5, 6):
        rep = build(computer_deal(seed))
        every, _ = mine_hand(rep, cap=99)
        one, counts = mine_hand(rep, cap=1)
        technique = [p for p in every if set(p.themes[:-1]) - PLAIN_THEMES]
        assert [p.key for p in one] == [(technique or every)[0].key]
        assert counts.capped == len(every) - 1
        passed_over += one[0].key != every[0].key
    assert passed_over, "a deal whose earliest puzzle is a plain one"


def test_tutor_puzzles_mine_refuses_a_theme_it_does_not_know(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "tutor", "puzzles", "mine", "--deals", "1",
                          "--theme", "squeeze", "-o", str(tmp_path)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 2
    assert out.stderr.startswith("tutor puzzles mine: --theme is one of opening-lead, ")
    assert "not 'squeeze'" in out.stderr


def test_a_run_for_one_theme_keeps_only_the_puzzles_with_it() -> None:
    rep = _replay("misere-defence-what-to-throw.yaml")
    every, _ = mine_hand(rep, cap=99)
    theme = next(t for p in every for t in p.themes if not all(t in q.themes for q in every))
    themed, c = mine_hand(rep, cap=99, theme=theme)
    assert themed and [p.key for p in themed] == [p.key for p in every if theme in p.themes]
    assert c.other_theme == len(every) - len(themed)
    assert c.positions == (c.forced + c.level + c.several + c.decided + c.duplicate + c.other_theme
                           + c.capped + c.kept)


@pytest.mark.parametrize(("hand", "words"), [
    ("misere-partner-sits-out.yaml", "misère by South"),
    ("open-misere.yaml", "open misère by South"),
    ("defence-north-trumps-partners-club.yaml", "sets 7♠ by South"),
])
def test_a_puzzle_note_names_the_contract_as_the_table_says_it(hand: str, words: str) -> None:
    notes = [puzzle_note(p) for p in _mined(hand).values() if p.kind == "contract"]
    assert notes and all(words in n and "misere" not in n for n in notes), notes


def test_an_american_nullo_puzzle_says_nullo() -> None:
    from tutor.teach.puzzles import contract_deal

    hand = contract_deal(120002, "misere", "american")  # a deal of the shipped set
    assert hand is not None
    puzzles, _ = mine_hand(build(hand))
    notes = [puzzle_note(p) for p in puzzles if p.kind == "contract"]
    assert notes and all("nullo by" in n and "misere" not in n for n in notes), notes
