"""The cards of a review: each card the seat played, judged single-dummy, double-dummy beside it.

A card's verdict is :func:`~tutor.teach.singledummy.analyse_position`'s (its mark by BEN's rule,
docs/analysis.md): with what the seat could see, the best card and each card's expected tricks
and make chance over the layouts; on the true layout, each card's double-dummy value. Where the
two disagree the words say so and why, naming the unseen card whose place decided it when one
card did (:func:`~tutor.teach.singledummy.reason`): "the A♠ lost on the actual cards, but it was
the right play: 69% against 38%".
"""

from __future__ import annotations

from collections.abc import Iterator

from tutor.engine.cards import Joker
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import deal_of
from tutor.solve.singledummy import CardEstimate, SingleDummy
from tutor.teach.handreview.value import Option, Verdict
from tutor.teach.singledummy import analyse_position, reason

__all__ = ["card_place", "judge_plays", "name", "the"]


def the(play: Play) -> str:
    """``the K♠``, ``the joker naming hearts``."""
    if isinstance(play.card, Joker):
        return play.card.words() + (f" naming {play.names.word}" if play.names else "")
    return f"the {play.pretty()}"


def card_place(rep: Replay, index: int) -> tuple[int, int]:
    """The trick (from 1) and the place in it (from 1) of the ``index``-th card of the hand."""
    left = index
    for t, trick in enumerate(rep.hand.play, 1):
        if left < len(trick):
            return t, left + 1
        left -= len(trick)
    raise IndexError(f"the hand has no card {index + 1}")


#: Rulings that say only that a card was led or followed suit: no rule worth naming.
_PLAIN = frozenset({Kind.LEAD, Kind.FIRST_LEAD, Kind.FOLLOW_SUIT})


def _ruling(rep: Replay, index: int) -> str:
    """The ruling on the card where a rule was involved (the left bower following trumps, the
    joker played when void), else nothing."""
    steps = [s for s in rep.steps if s.kind is StepKind.CARD]
    if index >= len(steps) or steps[index].ruling.kind in _PLAIN:
        return ""
    return steps[index].ruling.text


def name(play: Play) -> str:
    """``K♠``, ``joker naming hearts``: a card after a possessive (South's K♠)."""
    return the(play).removeprefix("the ")


def _option(e: CardEstimate) -> Option:
    return Option(str(e.play), e.play.pretty(), e.expected, e.make, e.double_dummy)


def _pc(p: float) -> str:
    return f"{round(100 * p)}%"


def _aim(sd: SingleDummy, e: CardEstimate) -> str:
    """The chance the seat's side wants: to make the contract, or to set (beat) it."""
    contractor = sd.wants_more != sd.minimise
    return _pc(e.make if contractor else 1 - e.make)


def _verb(sd: SingleDummy) -> str:
    contractor = sd.wants_more != sd.minimise
    what = "the misère" if sd.minimise else "the contract"
    return f"made {what}" if contractor else f"{'beat' if sd.minimise else 'set'} {what}"


def _because(rep: Replay, k: int, mine: Play, other: Play, *, worse: bool) -> str:
    why = reason(rep, k, mine, other, worse=worse)
    return f", because {why.holder.word} held {the(Play(why.card))}" if why is not None else ""


def words(rep: Replay, k: int, sd: SingleDummy, played: Play) -> str:
    """The verdict on one card in words: what it did with what the seat could see, the better
    card where there was one, and the actual cards where they tell another story, with why."""
    mine, best = sd.of(played), sd.best
    who = sd.seat.word
    if best.play == mine.play or not mine.mark:
        best = mine if not mine.mark else best
    text = (f"{who}'s {name(played)}{' ' + mine.mark if mine.mark else ''}: with what {who} could "
            f"see, it {_verb(sd)} in {_aim(sd, mine)} of the layouts ({mine.expected:.1f} tricks "
            f"to the contractor's side on average)")
    dd_mine, dd_best = mine.double_dummy, best.double_dummy
    if best is not mine:
        text += f"; {the(best.play)} {_aim(sd, best)} ({best.expected:.1f}): it was the better play"
        if dd_mine is not None and dd_best is not None:
            if dd_mine == dd_best:
                text += (f", though on the actual cards {the(played)} did as well ({dd_mine})"
                         + _because(rep, k, played, best.play, worse=True))
            elif (dd_mine > dd_best) == sd.wants_more:
                text += (f", though on the actual cards {the(played)} did better ({dd_mine} "
                         f"against {dd_best})" + _because(rep, k, played, best.play, worse=True))
            else:
                text += f", and on the actual cards too ({dd_best} against {dd_mine})"
        return text + "."
    # unmarked: was it beaten on the actual cards?
    values = {e.play: e.double_dummy for e in sd.cards if e.double_dummy is not None}
    if dd_mine is not None and values:
        top = max(values.values()) if sd.wants_more else min(values.values())
        if top != dd_mine:
            winner = next(e for e in sd.cards if e.double_dummy == top)
            if _aim(sd, mine) != _aim(sd, winner):
                odds = f"{_aim(sd, mine)} against {_aim(sd, winner)}"
            else:  # the same chance: the tricks tell them apart
                odds = f"{mine.expected:.1f} tricks on average against {winner.expected:.1f}"
            verdict = (f"{the(played)} was the right play: {odds}" if winner.mark else
                       f"with what {who} could see the two were about as good ({odds})")
            text += (f"; on the actual cards {the(winner.play)} would have done better ({top} "
                     f"against {dd_mine}), but {verdict}"
                     + _because(rep, k, played, winner.play, worse=False))
    return text + "."


def judge_plays(rep: Replay, seat: Seat, *, layouts: int, seed: int) -> Iterator[Verdict]:
    """A :class:`Verdict` for every card ``seat`` played, in order."""
    deal = deal_of(rep)
    for k, (pos, play) in enumerate(deal.positions()):
        if pos.seats[pos.to_move] != seat:
            continue
        sd = analyse_position(rep, k, most=layouts, seed=seed)
        mine = sd.of(play)
        trick, place = card_place(rep, k)
        yield Verdict(
            kind="play", place=f"{trick}.{place}", index=k, trick=trick, seat=seat,
            done=_option(mine), best=_option(sd.best if mine.mark else mine),
            options=tuple(_option(e) for e in sd.cards), mark=mine.mark, loss=mine.loss,
            words=words(rep, k, sd, play), note=sd.note, ruling=_ruling(rep, k),
        )
