"""``tutor check`` as a whole: the file, the solver's verdicts, the single-dummy chances on cards'
notes (:mod:`tutor.teach.chancecheck`), and the computer bidder's count.

A lesson whose decision is a call is also held against the computer bidding player
(:func:`~tutor.teach.players.bidding.evaluation`): where the player counts the hand, its count
must agree with the answer. The answer's strain must be the player's best and its count must
reach the answer's level; a bid the lesson rejects because it fails must be beyond the player's
count; a rejected pass must be one the player would not make. A disagreement is reported at the
decision's line, naming the player's count, so that the author can see which of the two is
wrong. Where the player does not count the hand (partner holds the bid), nothing is compared.
"""

from __future__ import annotations

from pathlib import Path

from tutor.engine.auction import Bid, Call, Pass, run_auction
from tutor.engine.replay import Replay
from tutor.files.handfile import FileProblem, HandFileError, load_with_lines, read
from tutor.files.verify import verify
from tutor.solve import Solver
from tutor.teach.chancecheck import chance_problems
from tutor.teach.players.bidding import Estimate, choose_call, evaluation

__all__ = ["bidding_problems", "check_lesson"]

#: The rules of the problems verification finds in a file that replays (a refuted claim, a
#: decision given away); with only these, the chances on cards' notes are verified too.
_VERIFIED = frozenset({"solver", "decision", "kitty odds"})


def check_lesson(path: str | Path, text: str | None = None,
                 solver: Solver | None = None) -> tuple[Replay | None, list[FileProblem]]:
    """:func:`~tutor.files.verify.verify`, then the computer bidder's count of a call asked.

    The file is read once, through the guard, and its text handed on."""
    if text is None:
        try:
            text = read(path)
        except HandFileError as err:
            return None, err.problems
    rep, problems = verify(path, text, solver)
    if rep is None or any(p.rule not in _VERIFIED for p in problems):
        return rep, problems  # the file itself is wrong: nothing more to verify
    hand = rep.hand
    chances = any(c.make is not None or c.best_chance for c in hand.claims.values())
    asks_a_call = not problems and hand.decision is not None and hand.decision.kind == "auction"
    if not chances and not asks_a_call:
        return rep, problems
    try:
        lines = load_with_lines(text, str(path))
    except HandFileError:  # pragma: no cover - verify has read it
        return rep, problems
    out = problems + (chance_problems(lines, rep) if chances else [])
    if asks_a_call:
        line = lines.line_of(("decision", "answer"))
        out += [FileProblem(str(path), line, message, "computer bidder") for message in bidding_problems(rep)]
    return rep, out


def bidding_problems(rep: Replay) -> list[str]:
    """Where the computer bidding player's count disagrees with the decision's answer."""
    hand = rep.hand
    decision = hand.decision
    auction = rep.auction
    if decision is None or decision.kind != "auction" or decision.call is None or auction is None:
        return []
    k = decision.call
    seat = auction.callers[k]
    before = hand.auction[:k]
    rules = hand.rules
    over = before and run_auction(before, rules, hand.dealer).complete
    # A raise of the final bid (raise_final_bid): the player counts the hand as if it opened,
    # and would raise when its count reaches past the bid that stands.
    counts = evaluation(seat, hand.hands[seat], () if over else before, rules, hand.dealer)
    if counts is None:
        return []
    by_strain = {e.strain: e for e in counts}
    best = counts[0]
    if over:
        high = next(c for c in reversed(before) if isinstance(c, Bid))
        raise_to = int(best.tricks)
        chosen: Call = (Bid.of(raise_to, best.strain) if best.strain is not None
                        and best.strain == high.strain and raise_to > high.tricks else Pass())
    else:
        chosen = choose_call(seat, hand.hands[seat], before, rules, hand.dealer).choice
    who = f"the computer bidder ({seat.word})"
    out: list[str] = []
    for i, choice in enumerate(decision.choices):
        right = i == decision.answer
        if isinstance(choice, Pass):
            if right and not isinstance(chosen, Pass):
                out.append(f"decision: the answer is to pass, but {who} would bid {chosen.pretty()}: "
                           f"{_count(best)}")
            elif not right and isinstance(chosen, Pass):
                out.append(f"decision: the lesson rejects a pass, but {who} would pass: "
                           f"{_count(best)}")
            continue
        if not isinstance(choice, Bid) or choice.strain is None:
            continue  # misère and declarations: the player's count is not in tricks
        count = by_strain[choice.strain]
        reaches = int(count.tricks) >= choice.tricks
        if right and (choice.strain != best.strain or not reaches):
            out.append(f"decision: the answer is {choice.pretty()}, but {who} counts "
                       f"{_count(count)} and bids on its best count, {_count(best)}")
        elif not right and reaches and decision.tricks.get(i, -1) < choice.tricks:
            out.append(f"decision: the lesson says {choice.pretty()} fails, but {who} counts "
                       f"{_count(count)} and would bid it")
    return out


def _count(e: Estimate) -> str:
    name = e.strain.word if e.strain is not None else "misère"
    return f"{e.tricks:g} tricks in {name} ({e.words})"
