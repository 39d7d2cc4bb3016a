"""The shipped puzzles (puzzles/, made by scripts/make_puzzles.sh; docs/puzzles.md).

Every file is held to the format here; a fixed seeded sample of 100 is re-solved (the answer
the only winning card, double-dummy: all of them take over a minute of CPU, so
``TUTOR_ALL_PUZZLES=1`` re-solves every one, the slower run docs/puzzles.md names), and the
single-dummy claims of three at-the-table ones are verified (of all of them: ``tutor check
puzzles/``)."""

from __future__ import annotations

import functools
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.engine.hand import Hand
from tutor.engine.replay import build
from tutor.files import handfile
from tutor.files.verify import verify
from tutor.teach.lessoncheck import check_lesson
from tutor.teach.puzzles.themes import THEME_RULES

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
FILES = sorted(PUZZLES.rglob("*.yaml"))
NAME = re.compile(r"deal-(\d+)-(\d+)-(\d+)\.yaml")
#: Re-solved here: a fixed seeded 100, or every file with TUTOR_ALL_PUZZLES=1 (the slower run).
SAMPLE = FILES if os.environ.get("TUTOR_ALL_PUZZLES") else random.Random(28).sample(FILES, 100)
PRESETS = ("australian", "american", "avondale", "canadian", "new-zealand", "west-seventh-street")


@functools.cache
def _hand(path: Path) -> Hand:
    return handfile.loads(path.read_text("utf-8"))


def test_at_least_a_thousand_across_the_presets_misere_and_no_trumps() -> None:
    assert len(FILES) >= 1000
    assert {p.parent.name for p in FILES} == set(PRESETS)
    tags = [_hand(p).tags for p in FILES]
    for kind in ("open-hands", "at-the-table", "misere", "no-trumps"):
        assert sum(kind in t for t in tags) >= 20, kind


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_each_file_is_a_puzzle_in_the_documented_format(path: Path) -> None:
    hand = _hand(path)
    m = NAME.fullmatch(path.name)
    assert m is not None
    seed, trick, card = m.groups()
    key = f"{trick}.{card}"
    assert hand.title.startswith(f"Puzzle: Practice deal {seed}, card {key}")
    assert len(hand.play) == int(trick) and len(hand.play[-1]) == int(card), "the answer is the last card"
    assert list(hand.notes) == [key] and list(hand.claims) == [key]
    claim = hand.claims[key]
    assert claim.only
    assert hand.tags[0] == "puzzle" and hand.tags[-1] == path.parent.name == hand.rules_spec.preset
    kind, themes = hand.tags[1], hand.tags[2:-1]
    assert kind in ("open-hands", "at-the-table")
    assert set(themes) <= set(THEME_RULES) and list(themes) == [t for t in THEME_RULES if t in themes]
    assert (claim.best_chance and claim.make is not None) == (kind == "at-the-table")


@pytest.mark.parametrize("path", SAMPLE, ids=[f"{p.parent.name}/{p.name}" for p in SAMPLE])
def test_the_answer_is_the_only_winning_card_re_solved(path: Path) -> None:
    rep, problems = verify(str(path), path.read_text("utf-8"))  # only: true solved again
    assert rep is not None and problems == [], [str(x) for x in problems]


def test_a_few_at_the_table_claims_hold_single_dummy() -> None:
    table = [p for p in FILES if "at-the-table" in _hand(p).tags]
    for path in random.Random(28).sample(table, 3):
        _, problems = check_lesson(path, path.read_text("utf-8"))
        assert problems == [], [str(x) for x in problems]


#: One run of each part of scripts/make_puzzles.sh: the preset, the run's arguments as the
#: script gives them (every run adds --at-the-table), the seeds it tries, and the script's line.
PARTS = [
    ("american", (), range(100000, 100060), 'mine "$preset" --deals 60 --seed "$(base "$preset")"'),
    ("avondale", ("--contract", "no-trumps"), range(210000, 211000),
     'mine "$preset" --contract no-trumps --deals 1000 --seed $(($(base "$preset") + 10000))'),
    ("new-zealand", ("--contract", "misere"), range(320000, 321000),
     'mine "$preset" --contract misere --deals 1000 --seed $(($(base "$preset") + 20000))'),
    ("australian", ("--contract", "no-trumps", "--theme", "joker-nomination"), range(40000, 41000),
     'mine "$preset" --contract no-trumps --theme joker-nomination --deals 1000 --seed '
     '$(($(base "$preset") + 40000))'),
    ("australian", ("--contract", "misere", "--theme", "joker-compulsory"), range(30000, 40000),
     'mine "$preset" --contract misere --theme joker-compulsory --deals 10000 --seed '
     '$(($(base "$preset") + 30000))'),
]
PART_IDS = [f"{preset}-{'-'.join(args[1::2]) or 'played'}" for preset, args, _, _ in PARTS]


def _seed(path: Path) -> int:
    m = NAME.fullmatch(path.name)
    assert m is not None, path
    return int(m.group(1))


def _first_seed(preset: str, seeds: range) -> int:
    """The part's first deal that gave a shipped puzzle: no deal before it in the run kept a
    position, so mined alone it writes what the whole run wrote for it."""
    return min(s for p in (PUZZLES / preset).iterdir() if (s := _seed(p)) in seeds)


@pytest.fixture(scope="module")
def remined(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], tuple[Path, int]]:
    """A part's first deal with puzzles mined again as the script mines it, in a temp dir (each
    part once a run)."""
    done: dict[str, tuple[Path, int]] = {}

    def remine(name: str) -> tuple[Path, int]:
        if name not in done:
            preset, args, seeds, _ = PARTS[PART_IDS.index(name)]
            folder = tmp_path_factory.mktemp(name)
            seed = _first_seed(preset, seeds)
            run = subprocess.run([sys.executable, "-m", "tutor", "puzzles", "mine", "--rules", preset,
                                  "--at-the-table", "--jobs", "1", "-o", str(folder), *args,
                                  "--deals", "1", "--seed", str(seed)],
                                 capture_output=True, text=True, check=False)
            assert run.returncode == 0, run.stderr
            done[name] = (folder, seed)
        return done[name]
    return remine


def _differences(made: Path, shipped: Path, seed: int) -> list[str]:
    """How the files mined again differ from the shipped ones of the same deal (none: the same
    names, byte for byte)."""
    mine = sorted(p.name for p in made.iterdir())
    theirs = sorted(p.name for p in shipped.iterdir() if _seed(p) == seed)
    out = [] if mine == theirs else [f"mined {mine}, shipped {theirs}"]
    out += [f"{n} differs" for n in sorted(set(mine) & set(theirs))
            if (made / n).read_bytes() != (shipped / n).read_bytes()]
    return out


def test_each_part_of_the_script_is_the_run_the_test_mines_again() -> None:
    script = (ROOT / "scripts" / "make_puzzles.sh").read_text("utf-8")
    assert 'mine() {' in script and '--at-the-table --jobs "$JOBS"' in script
    for _, _, _, line in PARTS:
        assert line in script, line


@pytest.mark.parametrize("part", PART_IDS)
def test_mining_a_deal_of_each_part_again_gives_the_shipped_files_byte_for_byte(
        part: str, remined: Callable[[str], tuple[Path, int]]) -> None:
    folder, seed = remined(part)
    preset = PARTS[PART_IDS.index(part)][0]
    assert any(folder.iterdir())
    assert _differences(folder, PUZZLES / preset, seed) == []


def test_a_shipped_file_changed_or_missing_is_caught(remined: Callable[[str], tuple[Path, int]],
                                                     tmp_path: Path) -> None:
    folder, seed = remined(PART_IDS[0])
    copy = tmp_path / "shipped"
    copy.mkdir()
    for p in (PUZZLES / "american").iterdir():
        if _seed(p) == seed:
            shutil.copy(p, copy / p.name)
    first = sorted(copy.iterdir())[0]
    first.write_bytes(first.read_bytes().replace(b"the contractor's side", b"the contractors side", 1))
    assert _differences(folder, copy, seed) == [f"{first.name} differs"]
    first.unlink()
    assert _differences(folder, copy, seed) == [
        f"mined {sorted(p.name for p in folder.iterdir())}, shipped {sorted(p.name for p in copy.iterdir())}"]


def test_a_no_trumps_deal_is_bid_by_the_best_count() -> None:
    nt = [p for p in FILES if "no-trumps" in _hand(p).tags]
    hand = _hand(nt[0])
    contract = build(hand).contract
    assert contract is not None and contract.bid.is_no_trumps and not contract.bid.is_misere
    assert sum(str(c) != "pass" for c in hand.auction) == 1, "one bid, the others pass"
