"""``tutor puzzles mine``: seeded deals played by the computer, their puzzles as hand files.

Deal ``S``, ``S+1``, ... ``S+N-1`` are each bid and played out by the computer players
(:func:`tutor.teach.puzzles.computer_deal`, no clock, so the same seed gives the same hand),
mined for open-hands puzzles (:func:`tutor.teach.puzzles.mine_hand`, duplicates dropped across
the whole run), and each puzzle is written as ``deal-SEED-TRICK-CARD.yaml`` in the folder:
the same arguments write the same files, byte for byte, whatever ``jobs``.

With ``jobs`` above 1 the deals are played and mined in that many processes, each deal alone
(its own duplicates dropped and its cap applied), and the results are taken in seed order: a
puzzle whose position an earlier deal already gave (up to equal cards) is dropped there, so
one process or several write the same files.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from tutor.engine.replay import build
from tutor.files.handwrite import dumps
from tutor.files.writeguard import write_output
from tutor.solve import Solver
from tutor.teach.puzzles import (
    CONTRACTS,
    DEFAULT_CAP,
    THEME_RULES,
    Counts,
    Puzzle,
    computer_deal,
    contract_deal,
    mine_hand,
    position_key,
    puzzle_hand,
)

__all__ = ["Mined", "file_name", "mine_deals", "summary"]


@dataclass
class Mined:
    """What a run found: the files written and the counts of every filter."""

    files: list[Path] = field(default_factory=list)
    counts: Counts = field(default_factory=Counts)
    deals: int = 0
    #: Seeds that gave no deal in the contract asked for.
    skipped: int = 0


def file_name(seed: int, p: Puzzle) -> str:
    return f"deal-{seed}-{p.trick}-{p.card}.yaml"


@dataclass(frozen=True)
class _Found:
    name: str
    text: str
    key: Hashable
    view: str


_Job = tuple[int, str, int, bool, str | None, str | None]


def _one(job: _Job) -> tuple[list[_Found], Counts] | None:
    """One deal played and mined on its own (a process's work); None where the seed gives no
    deal in the contract asked for."""
    seed, rules, cap, table, contract, theme = job
    hand = computer_deal(seed, rules) if contract is None else contract_deal(seed, contract, rules)
    if hand is None:
        return None
    puzzles, counts = mine_hand(build(hand), solver=Solver(), cap=cap, at_the_table=table, theme=theme)
    return [_Found(file_name(seed, p), dumps(puzzle_hand(p)), position_key(p.position),
                   p.view)
            for p in puzzles], counts


def _results(jobs: list[_Job], processes: int) -> Iterator[tuple[list[_Found], Counts] | None]:
    if processes <= 1:
        yield from map(_one, jobs)
        return
    with ProcessPoolExecutor(max_workers=processes) as pool:
        yield from pool.map(_one, jobs)


def _take(results: Iterable[tuple[list[_Found], Counts] | None], out: Path, mined: Mined,
          seen: set[Hashable]) -> None:
    """Each deal's puzzles in seed order, written unless an earlier deal gave the position."""
    for result in results:
        if result is None:
            mined.skipped += 1
            continue
        found, counts = result
        for f in found:
            if f.key in seen:
                counts.duplicate += 1
                counts.kept -= 1
                counts.at_the_table -= f.view == "at-the-table"
                continue
            seen.add(f.key)
            path = out / f.name
            write_output(path, f.text.encode("utf-8"), pipes=False)
            mined.files.append(path)
        mined.counts.add(counts)
        mined.deals += 1


def mine_deals(deals: int, seed: int, out: Path, *, rules: str = "australian",
               cap: int = DEFAULT_CAP, at_the_table: bool = False, jobs: int = 1,
               contract: str | None = None, theme: str | None = None) -> Mined:
    """Play and mine ``deals`` deals from ``seed`` on, writing each puzzle's hand file in
    ``out`` (made if missing; a file of the same name is written over). ``at_the_table``: look
    for at-the-table puzzles too; ``jobs``: processes to mine in; ``contract``: only deals
    played in it (:func:`~tutor.teach.puzzles.contract_deal`: ``deals`` seeds are tried);
    ``theme``: only puzzles with this theme (:data:`~tutor.teach.puzzles.THEME_RULES`)."""
    if contract is not None and contract not in CONTRACTS:
        raise ValueError(f"--contract is one of {', '.join(CONTRACTS)}, not {contract!r}")
    if theme is not None and theme not in THEME_RULES:
        raise ValueError(f"--theme is one of {', '.join(THEME_RULES)}, not {theme!r}")
    if deals < 1:
        raise ValueError(f"--deals is how many deals to play, at least 1, not {deals}")
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} is not a folder: the puzzles are written as files in one")
    out.mkdir(parents=True, exist_ok=True)
    mined = Mined()
    work: list[_Job] = [(s, rules, cap, at_the_table, contract, theme) for s in range(seed, seed + deals)]
    _take(_results(work, jobs), out, mined, set())
    return mined


def summary(mined: Mined, out: Path, stream: TextIO) -> None:
    """What each filter dropped, and what was written."""
    c = mined.counts
    skipped = f" ({mined.skipped} more seeds gave no deal in the contract)" if mined.skipped else ""
    other = f"{c.other_theme} without the theme asked for, " if c.other_theme else ""
    print(f"{mined.deals} deals{skipped}, {c.positions} positions: {c.forced} with one card to play, "
          f"{c.level} where every card comes to the same, {c.several} where more than one card "
          f"does the best, {c.decided} misère positions already decided, {c.duplicate} "
          f"duplicates, {other}{c.capped} over the cap for a deal; {c.kept} puzzles written to {out}",
          file=stream)
    if c.tried:
        print(f"{c.at_the_table} of them at the table: of {c.tried} valued with the seat's view, "
              f"{c.at_the_table} had the answer ahead of every other card by the margin", file=stream)
