"""``tutor check`` with the solver: a hand file's ``par:`` and its notes' claims, verified.

:func:`verify` is :func:`tutor.files.handfile.check` plus, when the file states what best play
achieves (``par: 9``, or ``best: true`` / ``cost: 1`` / ``only: true`` on a card's note), a
double-dummy analysis that proves or refutes each statement, and the kitty claims counted
exactly (:mod:`tutor.files.verify_kitty`). A wrong one is a
:class:`~tutor.files.handfile.FileProblem` at its line, like any other problem. Files that state
nothing are not analysed, so checking them costs no more than before. The single-dummy chances
on cards' notes (``make:``, ``best_chance:``) need the auction-aware sampler, which sits above
this layer: :mod:`tutor.teach.chancecheck` verifies them (``tutor check`` runs both).
"""

from __future__ import annotations

from pathlib import Path

from tutor.engine.cards import Card
from tutor.engine.equals import equal_runs
from tutor.engine.hand import NoteClaim
from tutor.engine.replay import Replay
from tutor.engine.seats import agree
from tutor.files.handfile import FileProblem, HandFileError, LoadedHand, check, load_with_lines, read
from tutor.files.spoilers import spoiler_problems
from tutor.files.verify_decision import verify_decision
from tutor.files.verify_kitty import kitty_problems
from tutor.solve import Analysis, CardValue, Position, SolveError, Solver, analyse, deal_of
from tutor.solve.report import cost_sentence

__all__ = ["claim_problems", "verify"]


def verify(path: str | Path, text: str | None = None,
           solver: Solver | None = None) -> tuple[Replay | None, list[FileProblem]]:
    """Check a hand file and verify its par, note claims and decision with the solver.

    The file is read once, through the guard (:func:`tutor.files.handfile.read`), unless the
    caller gives its ``text``."""
    name = str(path)
    if text is None:
        try:
            text = read(path)
        except HandFileError as err:
            return None, err.problems
    rep, problems = check(name, text)
    hand = rep.hand if rep is not None else None
    if hand is None or problems or (hand.par is None and not hand.claims and hand.decision is None
                                    and not hand.kitty_claims):
        return rep, problems  # nothing to verify: no second read, no solver
    try:
        loaded = load_with_lines(text, name)
    except HandFileError:  # pragma: no cover - check() has read it already
        return rep, problems
    assert rep is not None
    solver = solver or Solver()
    return rep, (spoiler_problems(loaded, rep) + kitty_problems(loaded, rep)
                 + claim_problems(loaded, rep, solver) + verify_decision(loaded, rep, solver))


def claim_problems(loaded: LoadedHand, rep: Replay, solver: Solver | None = None) -> list[FileProblem]:
    """Every statement about best play in the file that the solver refutes."""
    hand = loaded.hand
    claims = {key: claim for key, claim in hand.claims.items() if claim.double_dummy}
    if hand.par is None and not claims:
        return []
    first = ("par",) if hand.par is not None else ("notes", next(iter(claims)))
    try:
        an = analyse(rep, solver=solver)
    except SolveError as err:
        return [FileProblem(loaded.path, loaded.line_of(first),
                            f"par and note claims are verified by the solver, but {err}", "solver")]
    out: list[FileProblem] = []
    if hand.par is not None and hand.par != an.par:
        out.append(FileProblem(
            loaded.path, loaded.line_of(("par",)),
            f"par is {hand.par}, but with best play by everyone after the discard "
            f"{agree(an.side_words, 'take')} "
            f"{an.par}", "solver",
        ))
    positions: list[Position] | None = None
    starts = [0]
    for trick in hand.play:
        starts.append(starts[-1] + len(trick))
    for key, claim in claims.items():
        t, c = (int(x) for x in key.split("."))
        index = starts[t - 1] + c - 1
        if index >= len(an.plays):  # tutor check has reported the note already
            continue
        runs: dict[Card, Card] = {}
        if claim.only:
            positions = positions or [pos for pos, _ in deal_of(rep).positions()]
            runs = _runs(positions[index])
        message = _refuted(claim, an.plays[index], an, runs)
        if message:
            out.append(FileProblem(loaded.path, loaded.line_of(("notes", key)),
                                   f"note {key!r}: {message}", "solver"))
    return out


def _runs(pos: Position) -> dict[Card, Card]:
    """The equal cards of the hand to move (each card to the top of its run)."""
    me = pos.to_move
    others = [c for i, h in enumerate(pos.hands) if i != me for c in h] + [p.card for p in pos.trick]
    return equal_runs(pos.hands[me], others, pos.ctx)


def _refuted(claim: NoteClaim, cv: CardValue, an: Analysis, runs: dict[Card, Card]) -> str | None:
    """Why the solver refutes this claim about this card, or None if it holds; ``runs`` holds
    the mover's equal cards (an equal card doing as well does not make ``only`` false)."""
    card = f"{cv.seat.word}'s {cv.play.pretty()}"
    if claim.best is True and cv.cost:
        return f"the note claims {card} was a best card, but {cost_sentence(cv, an.side_words)}"
    if claim.best is False and not cv.cost:
        return (f"the note claims {card} cost tricks, but it was a best card "
                f"({agree(an.side_words, 'take')} {cv.value} after it, the best there)")
    if claim.cost is not None and claim.cost != cv.cost:
        actual = "it was a best card" if not cv.cost else cost_sentence(cv, an.side_words)
        return f"the note claims {card} cost {claim.cost}, but {actual}"
    if claim.only:
        if cv.cost:
            return f"the note claims {card} was the only best card, but {cost_sentence(cv, an.side_words)}"
        mine = runs.get(cv.play.card, cv.play.card)
        others = [p.pretty() for p in cv.best_plays()
                  if p != cv.play and runs.get(p.card, p.card) != mine]
        if others:
            return (f"the note claims {card} was the only best card, but {', '.join(others)} "
                    f"did as well ({agree(an.side_words, 'take')} {cv.best} either way)")
    return None
