"""The review of a played hand as a value: each decision of one seat, judged, and a summary.

A :class:`Review` holds every decision one seat made in a hand (each call, the discard, each
card), in order, each as a :class:`Verdict`: what was done, the better choice with what the seat
could see (single-dummy, over layouts of the cards it could not see), the figures of each
option, the double-dummy value on the true layout beside them, the mark and the words. Every
front end shows the same value: the terminal (``tutor review``), ``--json``, a lesson written
from it, the quiz history's items.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tutor.engine.seats import Seat
from tutor.solve.singledummy import BAD, mark

__all__ = ["CALL_BAD", "CALL_DOUBTFUL", "Option", "Review", "Verdict", "choice_words", "ranked"]

#: A call is marked ``?`` when its expected score (the auction continued by the computer
#: bidder, the contract played double-dummy and scored for the seat's side: :mod:`.following`)
#: is more than this many points below the better call's: the value of the cheapest six bid,
#: 6♠ (40), so that a call is doubtful when it costs on average what the smallest contract is
#: worth...
CALL_DOUBTFUL = 40.0
#: ... and ``??`` more than this: the value of 6♥ (100), a whole ordinary contract lost on average.
CALL_BAD = 100.0

Kind = Literal["call", "discard", "nomination", "play"]


@dataclass(frozen=True)
class Option:
    """One choice at a decision: in notation (``KS``, ``7H``, ``pass``, ``10C 8C KD``) and in
    words; the contractor's side's tricks on average over the layouts (a call: the expected score
    in points for the seat's side, the auction continued after it), the chance the contract is
    made (a call: the contract the auction ended in), the double-dummy value on the true layout
    (a call: the score there, the true auction continued likewise; None: not known, or not
    asked)."""

    code: str
    words: str
    expected: float | None
    make: float | None
    double_dummy: int | None = None

    def to_json(self) -> dict[str, object]:
        return {"choice": self.code, "expected": _round(self.expected), "make": _round(self.make),
                "double_dummy": self.double_dummy}


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


@dataclass(frozen=True)
class Verdict:
    """One decision of the seat: ``kind`` (call, discard, nomination, play), where (``place``:
    ``auction``, ``discard``, ``joker`` or a card's ``"3.2"``; ``index``: the call's number in
    the auction from 0, or the card's in the hand), what was ``done`` and the ``best`` option
    single-dummy, every option judged (best first), the mark (None, ``?``, ``??``), the ``loss``
    the mark rests on (tricks for a card, the discard or the nomination, points of expected
    score for a call), the words, and what the figures rest on (``note``: the layouts);
    ``computer``: what the computer player would have done, in
    words, named as such; ``ruling``: the rule behind the step, in words."""

    kind: Kind
    place: str
    index: int
    trick: int | None
    seat: Seat
    done: Option
    best: Option
    options: tuple[Option, ...]
    mark: str | None
    loss: float
    words: str
    note: str = ""
    computer: str = ""
    ruling: str = ""

    @property
    def severity(self) -> float:
        """How far past the ``??`` line the loss lies (1: on it): what ranks decisions of
        different kinds against one another in the summary."""
        return self.loss / (CALL_BAD if self.kind == "call" else BAD)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "place": self.place, "trick": self.trick,
                                  "seat": self.seat.value}
        key = {"play": "card", "call": "call", "nomination": "joker"}.get(self.kind, "cards")
        out[key] = self.done.code
        out.update({
            "mark": self.mark,
            "best": self.best.code,
            "loss": round(self.loss, 3),
            "expected": {o.code: _round(o.expected) for o in self.options},
            "make": {o.code: _round(o.make) for o in self.options},
            "double_dummy": {o.code: o.double_dummy for o in self.options if o.double_dummy is not None},
            "words": self.words,
            "sample": self.note,
        })
        if self.computer:
            out["computer"] = self.computer
        if self.ruling:
            out["ruling"] = self.ruling
        return out


@dataclass(frozen=True)
class Review:
    """Every decision of ``seat`` in one hand, in order, judged over at most ``layouts`` layouts
    dealt by ``seed``; ``skipped``: the parts not judged, and why (in words); ``nomination``: the
    contractor's choice of the joker's suit, where the rules gave it one."""

    seat: Seat
    title: str
    layouts: int
    seed: int
    calls: tuple[Verdict, ...]
    discard: Verdict | None
    plays: tuple[Verdict, ...]
    skipped: tuple[str, ...] = ()
    nomination: Verdict | None = None

    @property
    def decisions(self) -> tuple[Verdict, ...]:
        """Every decision in the order it was made: the calls, the discard, the joker's
        nomination, the cards."""
        return (*self.calls, *((self.discard,) if self.discard else ()),
                *((self.nomination,) if self.nomination else ()), *self.plays)

    @property
    def marked(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.decisions if v.mark)

    def costliest(self, most: int = 3) -> tuple[Verdict, ...]:
        """The marked decisions that cost the most (``??`` before ``?``, then by
        :attr:`Verdict.severity`; the earlier first among equals), at most ``most``."""
        order = {id(v): i for i, v in enumerate(self.decisions)}
        ranked = sorted(self.marked, key=lambda v: (v.mark != "??", -v.severity, order[id(v)]))
        return tuple(ranked[:most])

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat.value,
            "title": self.title,
            "layouts": self.layouts,
            "seed": self.seed,
            "summary": [{"kind": v.kind, "place": v.place, "mark": v.mark, "words": v.words}
                        for v in self.costliest()],
            "calls": [v.to_json() for v in self.calls],
            "discard": self.discard.to_json() if self.discard else None,
            "nomination": self.nomination.to_json() if self.nomination else None,
            "plays": [v.to_json() for v in self.plays],
            "skipped": list(self.skipped),
        }


def _pc(p: float | None) -> str:
    return f"{round(100 * (p or 0.0))}%"


def choice_words(seat: Seat, what: str, done: Option, best: Option, m: str | None, *,
                 minimise: bool, better: str) -> str:
    """A choice before play judged in words (the discard, the joker's nomination): ``what`` the
    decision is ("discard"), the choice made and its make chance with what the seat could see
    (a choice with no ``expected`` figure was lost by rule, and is said so),
    the ``better`` one (its words in the sentence: "putting away 7♣ 8♣ 9♦") where it was marked,
    and the true layout's tricks beside them."""
    who = seat.word
    contract = "the misère" if minimise else "the contract"
    if done.expected is None:  # not played: lost by rule
        text = f"{who}'s {what}, {done.words}{' ' + m if m else ''}: by rule it lost {contract}"
    else:
        text = (f"{who}'s {what}, {done.words}{' ' + m if m else ''}: with what {who} could see, it "
                f"made {contract} in {_pc(done.make)} of the layouts ({done.expected:.1f} tricks "
                f"on average)")
    if best is not done:
        text += f"; {better} made it in {_pc(best.make)} ({(best.expected or 0):.1f})"
        if done.double_dummy is not None and best.double_dummy is not None:
            if done.double_dummy == best.double_dummy:
                text += f", though on the actual cards both took {done.double_dummy}"
            else:
                text += f"; on the actual cards {done.double_dummy} against {best.double_dummy}"
    elif done.double_dummy is not None:
        text += f"; on the actual cards it took {done.double_dummy}"
    return text + "."


@dataclass(frozen=True)
class Ranked:
    """Options ranked best first, the one chosen, the better one (the chosen unless marked),
    the loss in tricks against the best and BEN's mark on it."""

    options: tuple[Option, ...]
    done: Option
    best: Option
    loss: float
    mark: str | None


def ranked(judged: list[tuple[float, Option]], done: str) -> Ranked:
    """``judged`` (each option with its value for the seat: its expected tricks, negated where
    the seat wants fewer, as in misère) ranked best first, the highest value then the best make
    chance (the contract's, which the contractor judged wants); ``done``: the code of the option
    chosen, whose loss is the best value less its own."""
    order = sorted(judged, key=lambda vo: (-round(vo[0], 9), -(vo[1].make or 0.0)))
    options = tuple(o for _v, o in order)
    value, chosen = next((v, o) for v, o in order if o.code == done)
    loss = max(0.0, order[0][0] - value)
    m = mark(loss)
    return Ranked(options, chosen, options[0] if m else chosen, loss, m)
