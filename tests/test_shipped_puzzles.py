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
import subprocess
import sys
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


def test_mining_two_deals_again_gives_the_same_files(tmp_path: Path) -> None:
    # American's first two deals (its seeds start at 100000: scripts/make_puzzles.sh)
    out = subprocess.run([sys.executable, "-m", "tutor", "puzzles", "mine", "--rules", "american",
                          "--at-the-table", "--deals", "2", "--seed", "100000", "-o", str(tmp_path)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    made = sorted(p.name for p in tmp_path.iterdir())
    shipped = sorted(p.name for p in (PUZZLES / "american").iterdir()
                     if (m := NAME.fullmatch(p.name)) and int(m.group(1)) in (100000, 100001))
    assert made and made == shipped
    for name in made:
        assert (tmp_path / name).read_bytes() == (PUZZLES / "american" / name).read_bytes(), name


def test_a_no_trumps_deal_is_bid_by_the_best_count() -> None:
    nt = [p for p in FILES if "no-trumps" in _hand(p).tags]
    hand = _hand(nt[0])
    contract = build(hand).contract
    assert contract is not None and contract.bid.is_no_trumps and not contract.bid.is_misere
    assert sum(str(c) != "pass" for c in hand.auction) == 1, "one bid, the others pass"
