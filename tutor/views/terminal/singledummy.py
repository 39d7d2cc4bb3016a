"""``tutor analyse --seat S``: with what the seat could see, what each of its cards was worth.

Beside the double-dummy analysis (all hands open), each card the seat played is valued over
the layouts of the cards it could not see, weighted by the auction
(:mod:`tutor.teach.singledummy`): in words ("with what South could see, the 10♣ made the contract
in 71% of the layouts, the 5♠ in 38%; double-dummy the 5♠ was as good") and, with ``--json``,
as ``expected``, ``make`` and ``mark`` keys on the seat's records of ``plays``.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from tutor.engine.cards import Joker, TutorError
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.solve import Analysis, SolveError, deal_of
from tutor.solve.analysis import CardValue
from tutor.solve.singledummy import BAD, DOUBTFUL, CardEstimate, SingleDummy
from tutor.teach.handreview import Verdict
from tutor.teach.handreview.discard import judge_discard
from tutor.teach.singledummy import DEFAULT_LAYOUTS, analyse_seat, reason

__all__ = ["SingleDummyReport", "single_dummy_report"]


@dataclass(frozen=True)
class SingleDummyReport:
    """The single-dummy words and JSON keys for some seats' cards of one analysed hand."""

    text: str
    by_play: dict[int, SingleDummy]
    #: The contractor's discard ranked single-dummy, when the contractor was analysed.
    discard: Verdict | None = None

    def json(self, data: dict[str, object]) -> dict[str, object]:
        """``data`` (an :class:`~tutor.solve.Analysis`'s JSON) with ``expected``, ``make`` and
        ``mark`` on each record of ``plays`` that belongs to an analysed seat."""
        plays = data.get("plays")
        assert isinstance(plays, list)
        out = []
        for k, record in enumerate(plays):
            sd = self.by_play.get(k)
            if sd is not None:
                assert isinstance(record, dict)
                played = sd.of(Play.parse(str(record["card"])))
                record = {**record, **_keys(sd), "mark": played.mark}
            out.append(record)
        extra = {"single_dummy_discard": self.discard.to_json()} if self.discard is not None else {}
        return {**data, "plays": out, **extra}


def _keys(sd: SingleDummy) -> dict[str, object]:
    return sd.to_json()


def _seats(rep: Replay, which: str) -> tuple[Seat, ...]:
    playing = deal_of(rep).start.seats
    if which.strip().lower() == "all":
        return playing
    try:
        seat = Seat.parse(which)
    except TutorError as err:
        raise SolveError(f"--seat {which}: {err}") from None
    if seat not in playing:
        raise SolveError(f"--seat {which}: {seat.word} does not play in this hand (the seats "
                         f"playing are {', '.join(s.value for s in playing)})")
    return (seat,)


def single_dummy_report(rep: Replay, analysis: Analysis, which: str, *, layouts: int = DEFAULT_LAYOUTS,
                        seed: int = 0) -> SingleDummyReport:
    """Single-dummy analysis of every card ``which`` played (a seat, or ``all``), over at most
    ``layouts`` layouts of the unseen cards for each, dealt by ``seed``."""
    by_play: dict[int, SingleDummy] = {}
    for seat in _seats(rep, which):
        by_play.update(analyse_seat(rep, seat, most=layouts, seed=seed))
    lines = _wrap("Single-dummy: with what the player could see (the layouts of the unseen cards, "
                  f"at most {layouts} for each card, dealt by seed {seed}, weighted by the "
                  "auction); each percentage is of the layouts, each trick count the contractor's "
                  f"side's on average. A card is marked ? when it loses more than {DOUBTFUL:g} "
                  f"trick on average against the best card, ?? above {BAD:g}.", "", "")
    for k in sorted(by_play):
        sd = by_play[k]
        cv = analysis.plays[k]
        lines += _wrap(f"Trick {cv.trick}, {_sentence(sd, cv, rep, k, analysis)}", "  ", "    ")
    marked = [k for k in by_play if by_play[k].of(analysis.plays[k].play).mark]
    lines.append(f"{len(marked)} of {len(by_play)} card{'s' if len(by_play) != 1 else ''} marked "
                 f"single-dummy.")
    discard = None
    for seat in _seats(rep, which):
        discard = discard or judge_discard(rep, seat, layouts=layouts, seed=seed)[0]
    if discard is not None:
        lines += _discard_lines(discard)
    return SingleDummyReport("\n".join(lines) + "\n", by_play, discard)


def _discard_lines(v: Verdict) -> list[str]:
    """The discard ranked single-dummy: the verdict, then the best few choices."""
    out = _wrap(f"The discard, single-dummy: {v.words}", "  ", "    ")
    top = ", ".join(f"{o.words} {_pc(o.make or 0.0)} ({(o.expected or 0.0):.1f})" for o in v.options[:3])
    out += _wrap(f"Best discards with what {v.seat.word} could see: {top} [{v.note}].", "    ", "      ")
    return out


#: The terminal's width that every report of tutor fits.
_COLUMNS = 100


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, _COLUMNS, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False)


def _the(play: Play) -> str:
    if isinstance(play.card, Joker):
        return play.card.words() + (f" naming {play.names.word}" if play.names else "")
    return f"the {play.pretty()}"


def _aim(sd: SingleDummy, e: CardEstimate) -> str:
    """``made the contract in 71%``, ``set the contract in 29%``, ``beat the misère in 40%``."""
    contractor = sd.wants_more != sd.minimise
    what = "the misère" if sd.minimise else "the contract"
    if contractor:
        return f"made {what} in {_pc(e.make)}"
    verb = "beat" if sd.minimise else "set"
    return f"{verb} {what} in {_pc(1 - e.make)}"


def _pc(p: float) -> str:
    return f"{round(100 * p)}%"


def _sentence(sd: SingleDummy, cv: CardValue, rep: Replay, k: int, analysis: Analysis) -> str:
    """One card's words: what it did over the layouts, the best card beside it when it lost
    against one, the double-dummy values on the true layout and, where double-dummy disagrees
    with single-dummy, the unseen card whose placement decided it (when one card did)."""
    play = cv.play
    mine = sd.of(play)
    who = sd.seat.word
    mark = f" {mine.mark}" if mine.mark else ""
    text = (f"{who}'s {play.pretty()}{mark}: with what {who} could see, it {_aim(sd, mine)} of the "
            f"layouts ({analysis.side_words} {mine.expected:.1f} tricks on average)")
    best = sd.best  # named beside it where the difference shows in the figures given
    if mine.loss < _SHOWN and round(100 * mine.make) == round(100 * best.make):
        best = mine
    if best is not mine:
        text += f", {_the(best.play)} in {_aim(sd, best).split(' in ')[-1]} ({best.expected:.1f})"
    if mine.double_dummy is not None and best.double_dummy is not None:
        if best is mine:
            text += f"; double-dummy it was worth {mine.double_dummy}"
            if cv.cost:  # single-dummy's best card, double-dummy another did better
                top = cv.best_plays()[0]
                text += f", {_the(top)} {cv.best}" + _because(rep, k, play, top, worse=False)
        elif mine.double_dummy == best.double_dummy:
            text += (f"; double-dummy {_the(mine.play)} was as good ({mine.double_dummy})"
                     + _because(rep, k, play, best.play, worse=True))
        else:
            better = (mine.double_dummy > best.double_dummy) == sd.wants_more
            text += (f"; double-dummy {_the(mine.play)} {'did better' if better else 'did worse'} "
                     f"({mine.double_dummy} against {best.double_dummy})")
            if better:
                text += _because(rep, k, play, best.play, worse=True)
    return text + f" [{sd.note}]."


def _because(rep: Replay, k: int, mine: Play, other: Play, *, worse: bool) -> str:
    """``, because West held the K♠`` (nothing when no single unseen card decided it)."""
    why = reason(rep, k, mine, other, worse=worse)
    return f", because {why.holder.word} held {_the(Play(why.card))}" if why is not None else ""


#: A difference in expected tricks too small to show at one decimal.
_SHOWN = 0.05
