"""The end of a hand at the terminal's practice table: the whole deal, the computer's reasons in
full, what the learner's cards were worth, and what happens after a card (the line that punishes
it, the line after the better card), each as lines of text.

:func:`end_of_hand` makes the whole end-of-hand text in one place, so that the review can take
the analysis's place when it lands.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.hand import Hand
from tutor.engine.order import sorted_hand
from tutor.engine.play import PlayContext
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import Analysis, SolveError, analyse
from tutor.teach.players.aftermath import Line, WhatHappens, what_happens

__all__ = ["costliest", "end_of_hand", "line_text", "the_deal", "what_happens_text"]


def _cards(cards: object, context: PlayContext | None) -> str:
    return " ".join(c.pretty() for c in sorted_hand(cards, context))  # type: ignore[arg-type]


def the_deal(hand: Hand, context: PlayContext | None) -> list[str]:
    """The whole deal as dealt, every hand face up, then the kitty and the discard."""
    out = ["The whole deal, as dealt:"]
    out += [f"  {seat.word}: {_cards(cards, context)}" for seat, cards in hand.hands.items()]
    kitty = f"  Kitty: {_cards(hand.kitty, context)}"
    if hand.discard:
        kitty += f"; put away: {_cards(hand.discard, context)}"
    return [*out, kitty]


def costliest(analysis: Analysis, seat: Seat) -> int | None:
    """The index (among all cards played) of ``seat``'s card that cost most, or None."""
    mine = [(p.cost, -k, k) for k, p in enumerate(analysis.plays) if p.seat == seat and p.cost]
    return max(mine)[2] if mine else None


def line_text(line: Line) -> list[str]:
    """A line stepped card by card, a trick a line: who played what and who won it, from the
    trick of the line's first card (that card in brackets)."""
    rep = line.replay
    out: list[str] = []
    cards: list[str] = []
    trick = rep.steps[line.start].trick
    first = next(i for i, s in enumerate(rep.steps) if s.kind is StepKind.CARD and s.trick == trick)
    for i, step in enumerate(rep.steps[first:], first):
        if step.kind is StepKind.CARD and step.seat is not None and step.play is not None:
            card = f"{step.seat.word} {step.play.pretty()}"
            cards.append(f"[{card}]" if i == line.start else card)
        elif step.kind is StepKind.TRICK and cards:
            won = f": {step.seat.word} wins" if step.seat is not None else ""
            out.append(f"    trick {step.trick}: {', '.join(cards)}{won}")
            cards = []
    if rep.result is not None:
        out.append("    " + rep.result.ruling.text.split(". ")[0].rstrip(".") + ".")
    return out


def what_happens_text(what: WhatHappens) -> list[str]:
    """Both lines after a card: the one that punishes it, then the one after the better card."""
    played = what.played
    out = [f"What happens after your {played.card.pretty()} in trick {what.trick}, best play by "
           f"everyone after it with all hands open:", *line_text(played)]
    if what.better is not None:
        out += [f"And after {what.better.card.pretty()} instead ({what.best_by}):",
                *line_text(what.better)]
    return out


def end_of_hand(rep: Replay, seat: Seat, reasons: Sequence[str] = ()) -> list[str]:
    """The end of a practice hand: the whole deal, the computer's ``reasons`` in full (told
    during the hand only as far as the learner's seat could know them), then what ``seat``'s
    cards were worth with all hands open and what happens after the costliest of them."""
    out = the_deal(rep.hand, rep.context)
    if reasons:
        out += ["The computer's reasons in full, now that every hand is shown:",
                *(f"  {r}" for r in reasons)]
    try:
        result = analyse(rep)
    except SolveError as err:
        return [*out, f"No analysis: {err}"]
    mine = [p for p in result.plays if p.seat == seat]
    if not mine:
        return [*out, "You played no cards this hand (sitting out), so there is nothing to analyse."]
    out.append(f"Your cards, all hands open (par {result.par} for {result.side_words}):")
    for p in mine:
        best = " ".join(q.pretty() for q in p.best_plays())
        if p.cost:
            out.append(f"  trick {p.trick}: {p.play.pretty()} cost {p.cost} "
                       f"trick{'s' if p.cost > 1 else ''} (best: {best})")
        else:
            out.append(f"  trick {p.trick}: {p.play.pretty()} was a best card")
    worst = costliest(result, seat)
    if worst is not None:
        out += what_happens_text(what_happens(rep, worst))
    return out
