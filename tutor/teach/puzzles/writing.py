"""A puzzle as a hand file: the play stops at the answer, which carries an ``only: true`` claim.

The hand is the deal the puzzle came from with its play cut after the answer card, the answer's
note saying what it does and what each wrong card comes to, and ``only: true`` on it, so that
``tutor check`` solves the position again and confirms the answer is the only best card (equal
cards counting as one).

An at-the-table puzzle's answer also carries ``make: N`` and ``best_chance: true``, which
``tutor check`` verifies single-dummy with the seat's view, and its note says what the seat
could see and the chances. The tags are ``[puzzle, KIND, THEMES...]``: KIND ``open-hands`` or
``at-the-table``, the themes as :func:`~tutor.teach.puzzles.themes.themes` reads them, the
preset's name last.
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


def _seen(p: Puzzle) -> str:
    """What the seat could see, in words."""
    kitty = ", the kitty it took and the cards it put away" if p.took_kitty else ""
    return f"seeing its own hand{kitty}, the calls and the cards played"


def _table_line(p: Puzzle, equal: str) -> str:
    ch = p.chances
    assert ch is not None
    verb = "makes" if ch.contractor else "sets"
    how = "every layout counted" if ch.exact else f"standard error {100 * ch.error:.1f} points"
    return (f"{p.seat.word} to play, {_seen(p)}: {p.answer.pretty()}{equal} {verb} the contract "
            f"in {100 * ch.chance:.0f}% of the layouts of the cards {p.seat.word} cannot see "
            f"({how}; {ch.note}), the next best card, {ch.runner.pretty()}, in "
            f"{100 * ch.runner_chance:.0f}%, {100 * (ch.chance - ch.runner_chance):.0f} points "
            f"fewer. With all hands open it is the only card that {_goal(p)}; the contractor's "
            f"side then takes {p.value}.")


def puzzle_note(p: Puzzle) -> str:
    """The answer's note: what it does (at the table: what the seat could see, and the
    chances), and each wrong card's best line."""
    equal = f" (or the equal {', '.join(c.pretty() for c in p.equal)})" if p.equal else ""
    if p.chances is not None:
        lines = [_table_line(p, equal)]
    else:
        lines = [f"{p.seat.word} to play, all hands open: {p.answer.pretty()}{equal} is the only "
                 f"card that {_goal(p)}; the contractor's side then takes {p.value}."]
    for r in p.wrong:
        lines.append(f"After {r.play.pretty()} the contractor's side takes {r.value}: {_line(r.line)}.")
    return "\n".join(lines) + "\n"


def _claim(p: Puzzle) -> NoteClaim:
    if p.chances is None:
        return NoteClaim(only=True)
    return NoteClaim(only=True, make=round(100 * p.chances.chance), best_chance=True)


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
        claims={p.key: _claim(p)},
        tags=("puzzle", p.view, *p.themes),
        summary=None,
        par=None,
        decision=None,
        level=None,
        order=None,
    )
