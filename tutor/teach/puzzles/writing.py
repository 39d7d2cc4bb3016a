"""A puzzle as a hand file: the play stops at the answer, which carries an ``only: true`` claim.

The hand is the deal the puzzle came from with its play cut after the answer card, the answer's
note saying what it does and what each wrong card comes to, and ``only: true`` on it, so that
``tutor check`` solves the position again and confirms the answer is the only best card (equal
cards counting as one).
"""

from __future__ import annotations

from dataclasses import replace

from tutor.engine.hand import Hand, NoteClaim
from tutor.engine.play import Play
from tutor.teach.puzzles.mine import Puzzle

__all__ = ["puzzle_hand", "puzzle_note"]


def _goal(p: Puzzle) -> str:
    if p.kind == "score":
        return ("keeps the most tricks for the contractor's side" if p.contractor
                else "keeps the contractor's side to the fewest tricks")
    if p.contractor:
        return f"keeps {p.contract} made"
    return f"sets {p.contract}"


def _line(plays: tuple[Play, ...]) -> str:
    return " ".join(play.pretty() for play in plays)


def puzzle_note(p: Puzzle) -> str:
    """The answer's note: what it does, and each wrong card's best line."""
    equal = f" (or the equal {', '.join(c.pretty() for c in p.equal)})" if p.equal else ""
    lines = [f"{p.seat.word} to play, all hands open: {p.answer.pretty()}{equal} is the only card "
             f"that {_goal(p)}; the contractor's side then takes {p.value}."]
    for r in p.wrong:
        lines.append(f"After {r.play.pretty()} the contractor's side takes {r.value}: {_line(r.line)}.")
    return "\n".join(lines) + "\n"


def puzzle_hand(p: Puzzle) -> Hand:
    """The puzzle's hand file: the deal, its play cut after the answer, the claim on it."""
    n = len(p.position.seats)
    plays = [*[play for trick in p.hand.play for play in trick][:p.index], p.answer]
    tricks = tuple(tuple(plays[i:i + n]) for i in range(0, len(plays), n))
    return replace(
        p.hand,
        title=f"Puzzle: {p.hand.title}, card {p.key}",
        play=tricks,
        notes={p.key: puzzle_note(p)},
        claims={p.key: NoteClaim(only=True)},
        tags=("puzzle", "open-hands"),
        summary=None,
        par=None,
        decision=None,
        level=None,
        order=None,
    )
