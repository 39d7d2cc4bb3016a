"""The hand told in a terminal: every card with its ruling, every trick's winner, the result."""

from __future__ import annotations

import re
import textwrap

from tutor.engine.cards import Card, Joker, Suit, SuitedCard
from tutor.engine.facts import facts_at
from tutor.engine.replay import Replay, Step, StepKind
from tutor.engine.rulings import Ruling
from tutor.engine.scoring import signed
from tutor.engine.wording import setting_words
from tutor.views.shared.count import count_lines
from tutor.views.terminal.safe_text import display_width

__all__ = ["format_card", "format_hand", "format_replay"]

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def format_card(card: Card, *, symbols: bool = True) -> str:
    return card.pretty() if symbols else str(card)


def format_hand(cards: tuple[Card, ...], *, symbols: bool = True) -> str:
    """A hand grouped by suit, highest first: ``♠ A 10 5  ♥ J 4  Jo``."""
    parts: list[str] = []
    for suit in _SUIT_ORDER:
        ranks = sorted(
            (c for c in cards if isinstance(c, SuitedCard) and c.suit is suit),
            key=lambda c: -c.rank.order,
        )
        if ranks:
            label = suit.symbol if symbols else suit.value
            parts.append(label + " " + " ".join(c.rank.value for c in ranks))
    jokers = [c for c in cards if isinstance(c, Joker)]
    parts.extend(str(j) for j in jokers)
    return "  ".join(parts) if parts else "—"


def _prose(ruling: Ruling, symbols: bool) -> str:
    """The ruling's sentence with its own cards drawn as the hands are (``Q♥``, not ``QH``) when
    symbols are on, so that one notation is used on the page; only the ruling's cards change."""
    text = ruling.text
    if symbols:
        for card in dict.fromkeys(ruling.cards):
            if isinstance(card, SuitedCard):
                text = re.sub(rf"(?<![\w♠♥♦♣]){re.escape(str(card))}(?!\w)", card.pretty(), text)
    return text


def _wrap(text: str, indent: str) -> str:
    """Fill ``text`` after ``indent``; a marker in it ("→", "=") is not repeated on later lines."""
    rest = indent if indent.strip() == "»" else " " * len(indent)
    return textwrap.fill(text, width=96, initial_indent=indent, subsequent_indent=rest,
                         break_on_hyphens=False)


def _card_line(seat: str, shown: str, mark: str, text: str, width: int = 6) -> str:
    """``  East   9♣     East leads …``, continuation lines under the ruling's first word.

    The card is padded by the columns it takes, not its length: a wide glyph (the 🃏 emoji) is one
    character but two columns wide, and would push its ruling one column right."""
    pad = " " * max(0, 5 - display_width(shown))
    head = f"  {seat:<{width}} {shown}{pad}{mark} "
    return textwrap.fill(
        text, width=96, initial_indent=head, subsequent_indent=" " * display_width(head)
    ).rstrip()


def _count(rp: Replay, index: int, heading: str, symbols: bool) -> list[str]:
    """The count after step ``index`` (:mod:`tutor.engine.facts`), as an indented block."""
    facts = facts_at(rp, index)
    if facts is None:
        return []
    lines = count_lines(facts, rp.table.seats, symbols=symbols)
    return [f"  # {heading}", *(textwrap.fill(line, width=96, initial_indent="  # ",
                                              subsequent_indent="  #     ") for line in lines)]


def format_replay(rp: Replay, *, symbols: bool = True, facts: bool = False) -> str:
    """The whole hand as text, trick by trick, with the author's notes.

    ``facts``: before each trick, the count (each seat's trumps, the trumps still out, the best
    cards left in each suit), so that a learner can check every count a note makes.
    """
    hand = rp.hand
    notes = hand.notes
    out: list[str] = [hand.title, "=" * display_width(hand.title),
                      f"Rules: {rp.rules.title} ({rp.rules.name})"]
    diff = rp.rules.differences()
    if diff:
        changed = "; ".join(setting_words(k, v) for k, v in diff.items())
        out.append(_wrap(f"Changed from these rules: {changed}", ""))
    out.append(f"Dealer: {hand.dealer.word}")
    out.append("")
    seats = rp.table.seats
    width = max(6, *(len(s.word) for s in seats))
    for seat in seats:
        out.append(f"  {seat.word:<{width}} {format_hand(hand.hands.get(seat, ()), symbols=symbols)}")
    out.append(f"  {'Kitty':<{width}} {' '.join(format_card(c, symbols=symbols) for c in hand.kitty)}")
    if hand.piles is not None:  # the two-handed game: five piles each, face up on face down
        for seat in seats:
            if seat in hand.piles:
                p = hand.piles[seat]
                piles = "  ".join(
                    f"{format_card(u, symbols=symbols)}/{format_card(d, symbols=symbols)}"
                    for u, d in zip(p.up, p.down, strict=False)
                )
                out.append(f"  {seat.word}'s table piles (face up/face down): {piles}")
    if "intro" in notes:
        out += ["", _wrap(notes["intro"], "  » ")]
    out.append("")
    out.append("Auction")
    for step in rp.steps:
        if step.kind is StepKind.CALL:
            out.append(_wrap(_prose(step.ruling, symbols), "  "))
        elif step.kind is StepKind.AUCTION:
            out.append(_wrap(_prose(step.ruling, symbols), "  = "))
    if "auction" in notes:
        out.append(_wrap(notes["auction"], "  » "))
    for step in rp.steps:
        if step.kind in (StepKind.KITTY, StepKind.DISCARD, StepKind.SIT_OUT, StepKind.NOMINATE):
            out.append(_wrap(_prose(step.ruling, symbols), "  "))
    if "discard" in notes:
        out.append(_wrap(notes["discard"], "  » "))
    for step in rp.steps:
        if step.kind is StepKind.PARTNER:
            out.append(_wrap(_prose(step.ruling, symbols), "  "))
    if "partner" in notes:
        out.append(_wrap(notes["partner"], "  » "))
    revealed = {(s.trick, s.position): s for s in rp.steps if s.kind is StepKind.REVEAL}
    # Steps between tricks (open misère's hand laid face up), by the trick they follow.
    shown_after: dict[int, list[Step]] = {}
    last_trick = 0
    for step in rp.steps:
        if step.kind is StepKind.TRICK and step.trick is not None:
            last_trick = step.trick
        elif step.kind in (StepKind.SHOW, StepKind.TURN):
            shown_after.setdefault(last_trick, []).append(step)
    if rp.tricks:
        out.append("")
        out.append("In each trick, * marks the card that wins it.")
    for trick in rp.tricks:
        out.append("")
        if facts:
            out += _count(rp, rp.step_of_trick(trick.number) - 1, f"Count before trick {trick.number}",
                          symbols)
        out.append(f"Trick {trick.number} ({trick.leader.word} leads)")
        for i, (seat, play, ruling) in enumerate(zip(trick.seats, trick.plays, trick.rulings, strict=False)):
            shown = play.pretty() if symbols else str(play)
            if trick.sources:  # the two-handed game: t marks a table card
                shown = f"{shown} t" if trick.sources[i] == "table" else shown
            mark = "*" if trick.winner_index == i else " "
            out.append(_card_line(seat.word, shown, mark, _prose(ruling, symbols), width))
            if (trick.number, i + 1) in revealed:
                shown_ruling = revealed[trick.number, i + 1].ruling
                out.append(_wrap(_prose(shown_ruling, symbols), " " * (width + 10)))
            key = f"{trick.number}.{i + 1}"
            if key in notes:
                out.append(_wrap(notes[key], "      » "))
        if trick.ruling is not None:
            out.append(_wrap(_prose(trick.ruling, symbols), "  → "))
        for step in shown_after.get(trick.number, ()):
            if step.kind is StepKind.TURN:
                out.append(_wrap(_prose(step.ruling, symbols), "  "))
                continue
            out.append(_wrap(f"{_prose(step.ruling, symbols)} "
                             f"{format_hand(step.ruling.cards, symbols=symbols)}",
                             "  "))
        if str(trick.number) in notes:
            out.append(_wrap(notes[str(trick.number)], "  » "))
    # A partial trick left open at the end of the file.
    last = rp.states[-1].current_trick if rp.states else None
    if last is not None and not last.complete and (not rp.tricks or last.number != rp.tricks[-1].number):
        out.append("")
        out.append(f"Trick {last.number} ({last.leader.word} leads), still being played")
        for seat, play, ruling in zip(last.seats, last.plays, last.rulings, strict=False):
            shown = play.pretty() if symbols else str(play)
            out.append(_card_line(seat.word, shown, " ", _prose(ruling, symbols), width))
    out.append("")
    won = rp.tricks_won()
    out.append("Tricks won: " + ", ".join(f"{s.word} {won[s]}" for s in won))
    if rp.result is not None:
        out.append(_wrap(_prose(rp.result.ruling, symbols), ""))
        out.append("Score: " + ", ".join(f"{s.word} {signed(rp.result.score[s])}" for s in rp.result.sides))
    elif rp.auction is not None and rp.auction.thrown_in:
        out.append("The hand was thrown in: no score.")
    elif rp.stopped is not None:
        out.append(_wrap(rp.stopped, ""))
    if "outro" in notes:
        out += ["", _wrap(notes["outro"], "» ")]
    return "\n".join(out) + "\n"
