"""A lesson's decision asked in the terminal, from the deciding seat (``tutor replay``, the quiz).

:func:`seat_lines` draws what the deciding seat could know at that moment
(:func:`tutor.teach.seatview.seat_view`): its own hand, the calls so far, the cards played, the
kitty only once it took it, the hands the rules lay open. :func:`ask_decision` asks the
question under it, says at once whether the answer was right, allows one more try (or
``reveal``), then gives the lesson's explanation and, for each wrong card tried, what happens
after it (:func:`tutor.teach.decide.line_after`); ``tutor replay`` prints the whole deal after it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from tutor.engine.decision import choice_pretty, choice_words
from tutor.engine.hand import Hand
from tutor.engine.replay import Replay
from tutor.teach.decide import Asking, Verdict, line_after
from tutor.teach.quiz import Question
from tutor.teach.seatview import SeatView, SeatViewError, seat_view
from tutor.views.terminal.arguments import fill_columns
from tutor.views.terminal.replay import format_card, format_hand

__all__ = ["ask_decision", "deal_lines", "quiz_lines", "scripted_or_typed", "seat_lines"]

#: Wrong answers allowed before the answer is shown: the first, then one more try.
TRIES = 2


def seat_lines(hand: Hand, view: SeatView, *, symbols: bool = True) -> list[str]:
    """The table as the deciding seat sees it, one line a thing it knows, indented two spaces."""
    who = view.seat.word
    out = [f"  {who} holds: {format_hand(view.hand, symbols=symbols)}"]
    if view.kitty:
        out.append(f"  {who} took the kitty: "
                   + " ".join(format_card(c, symbols=symbols) for c in view.kitty))
    if view.discard:
        out.append(f"  {who} put away: " + " ".join(format_card(c, symbols=symbols) for c in view.discard))
    for seat, cards in view.open_hands.items():
        out.append(f"  {seat.word}'s hand, face up: {format_hand(cards, symbols=symbols)}")
    for seat, cards in view.table_cards.items():
        out.append(f"  {seat.word}'s face-up table cards: "
                   + " ".join(format_card(c, symbols=symbols) for c in cards))
    if view.calls:
        calls = ", ".join(f"{s.word} {c.pretty() if symbols else c}"
                          for s, c in zip(view.callers, view.calls, strict=False))
        out.append(fill_columns("  The auction so far: ", calls))
    if view.contract is not None:
        out.append(f"  Contract: {view.contract.bid.headline()} by {view.contract.declarer.word}")
    for trick in view.tricks:
        played = ", ".join(f"{s.word} {p.pretty() if symbols else p}"
                           for s, p in zip(trick.seats, trick.plays, strict=False))
        won = f"; {trick.winner.word} won" if trick.winner is not None else ""
        out.append(fill_columns(f"  Trick {trick.number}: ", played + won))
    hidden = [s.word for s in hand.hands if not view.sees(s) and s not in view.out]
    if hidden:
        names = [f"{w}'s" for w in hidden]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        listed += " hand" if len(names) == 1 else " hands"
        if not view.kitty and hand.kitty:
            listed += " and the kitty"
        out.append(fill_columns("  (", f"{listed[0].upper()}{listed[1:]} open after the answer.)"))
    return out


def deal_lines(hand: Hand, *, symbols: bool = True) -> list[str]:
    """Every hand as dealt and the kitty: what the answer opens."""
    width = max(6, *(len(s.word) for s in hand.hands))
    out = ["  The deal:"]
    out += [f"    {s.word:<{width}} {format_hand(cards, symbols=symbols)}" for s, cards in hand.hands.items()]
    if hand.kitty:
        out.append(f"    {'Kitty':<{width}} " + " ".join(format_card(c, symbols=symbols) for c in hand.kitty))
    return out


def quiz_lines(question: Question, *, answered: bool, symbols: bool = True) -> list[str]:
    """A quiz question's deal: before the answer the deciding seat's view (a lesson's decision),
    after it the whole deal; nothing for other questions."""
    if question.view is None or question.deal is None:
        return []
    if answered:
        return deal_lines(question.deal, symbols=symbols)
    return seat_lines(question.deal, question.view, symbols=symbols)


def _say(verdict: Verdict, write: Callable[[str], None], *, tries_left: bool) -> None:
    write(f"  {verdict.head}")
    if verdict.figures:
        write(fill_columns("  ", verdict.figures))
    if verdict.explanation:
        write(fill_columns("  Why: ", " ".join(verdict.explanation.split())))
    elif tries_left:
        write("  Try once more, or type reveal.")


def ask_decision(rp: Replay, read: Callable[[], str | None], write: Callable[[str], None], *,
                 symbols: bool = True, tries: int = TRIES) -> Verdict | None:
    """Ask the hand's decision from the deciding seat; ``read`` gives each typed line (None at
    the end of input: the answer is revealed). Returns the last verdict, or None when the hand
    asks no decision it reaches."""
    decision = rp.hand.decision
    if decision is None:
        return None
    try:
        view = seat_view(rp, decision)
    except SeatViewError:
        return None
    hand = rp.hand
    write(hand.title)
    write("=" * len(hand.title))
    write(f"Rules: {rp.rules.title} ({rp.rules.name})")
    write(f"Dealer: {hand.dealer.word}")
    intro = hand.note("intro")
    if intro:
        write("")
        write(textwrap.fill(" ".join(intro.split()), width=96, initial_indent="  » ",
                            subsequent_indent="    ", break_on_hyphens=False))
    write("")
    for line in seat_lines(hand, view, symbols=symbols):
        write(line)
    write("")
    write(fill_columns("", f"{view.seat.word} to decide: {decision.question}"))
    asking = Asking(rp, decision, tries=tries)
    for key, choice in zip(asking.keys, decision.choices, strict=True):
        shown = choice_pretty(choice) if symbols else choice_words(choice)
        write(f"    {key}) {shown}" + (f"  ({choice_words(choice)})" if symbols else ""))
    write("  Answer with a letter, or type reveal to see the answer.")
    while True:
        text = read()
        if text is None or text.strip().lower() == "reveal":
            if text is None:
                write("")
            verdict = asking.reveal()
        else:
            try:
                index = asking.parse(text)
            except ValueError as err:
                write(f"  {err}")
                continue
            verdict = asking.answer(index)
        _say(verdict, write, tries_left=not verdict.final)
        if verdict.final:
            for index in asking.tried:  # with the answer shown, the line after each wrong card
                after = line_after(rp, decision, index)
                if after is not None:
                    write("")
                    head, *tricks = after.lines(symbols=symbols)
                    write(fill_columns("  ", head))
                    for line in tricks:
                        write(fill_columns("    ", line))
            return verdict


def scripted_or_typed(answers: str | None) -> Callable[[], str | None]:
    """What ``ask_decision`` reads: the ``--answers`` given (each echoed after the prompt, as
    the quiz does), else lines typed at ``  > `` (None at the end of input)."""
    if answers is not None:
        queue = [a.strip() for a in answers.split(";")]

        def scripted() -> str | None:
            text = queue.pop(0) if queue else None
            if text is not None:
                print(f"  > {text}")
            return text

        return scripted

    def typed() -> str | None:
        try:
            return input("  > ")
        except EOFError:
            return None

    return typed
