"""``tutor puzzles mine``: seeded deals played by the computer, their puzzles as hand files.

Deal ``S``, ``S+1``, ... ``S+N-1`` are each bid and played out by the computer players
(:func:`tutor.teach.puzzles.computer_deal`, no clock, so the same seed gives the same hand),
mined for open-hands puzzles (:func:`tutor.teach.puzzles.mine_hand`, duplicates dropped across
the whole run), and each puzzle is written as ``deal-SEED-TRICK-CARD.yaml`` in the folder:
the same arguments write the same files, byte for byte.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from tutor.engine.replay import build
from tutor.files.handwrite import dumps
from tutor.files.writeguard import write_output
from tutor.solve import Solver
from tutor.teach.puzzles import DEFAULT_CAP, Counts, Puzzle, computer_deal, mine_hand, puzzle_hand

__all__ = ["Mined", "file_name", "mine_deals", "summary"]


@dataclass
class Mined:
    """What a run found: the files written and the counts of every filter."""

    files: list[Path] = field(default_factory=list)
    counts: Counts = field(default_factory=Counts)
    deals: int = 0


def file_name(seed: int, p: Puzzle) -> str:
    return f"deal-{seed}-{p.trick}-{p.card}.yaml"


def mine_deals(deals: int, seed: int, out: Path, *, rules: str = "australian",
               cap: int = DEFAULT_CAP) -> Mined:
    """Play and mine ``deals`` deals from ``seed`` on, writing each puzzle's hand file in
    ``out`` (made if missing; a file of the same name is written over)."""
    if deals < 1:
        raise ValueError(f"--deals is how many deals to play, at least 1, not {deals}")
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} is not a folder: the puzzles are written as files in one")
    out.mkdir(parents=True, exist_ok=True)
    mined = Mined()
    seen: set[Hashable] = set()
    for s in range(seed, seed + deals):
        hand = computer_deal(s, rules)
        puzzles, counts = mine_hand(build(hand), solver=Solver(), cap=cap, seen=seen)
        mined.counts.add(counts)
        mined.deals += 1
        for p in puzzles:
            path = out / file_name(s, p)
            write_output(path, dumps(puzzle_hand(p)).encode("utf-8"), pipes=False)
            mined.files.append(path)
    return mined


def summary(mined: Mined, out: Path, stream: TextIO) -> None:
    """What each filter dropped, and what was written."""
    c = mined.counts
    print(f"{mined.deals} deals, {c.positions} positions: {c.forced} with one card to play, "
          f"{c.level} where every card comes to the same, {c.several} where more than one card "
          f"does the best, {c.decided} misère positions already decided, {c.duplicate} "
          f"duplicates, {c.capped} over the cap for a deal; {c.kept} puzzles written to {out}",
          file=stream)
