"""Why an answer about legal cards is right or wrong, in a few lines a learner will read.

The reasons are the engine's own rulings and refusals (:meth:`~tutor.teach.playalong.Turn.judge`);
this module only chooses which to show: one a broken rule, the telling card (the joker, a bower)
when all is right, and the cards in the order the hand is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine.cards import Card, Joker
from tutor.engine.play import IllegalPlay
from tutor.teach.playalong import Turn

__all__ = ["legal_reasons"]


def legal_reasons(
    turn: Turn, offered: Sequence[tuple[str, Card]], answer: frozenset[str], picked: frozenset[str]
) -> list[str]:
    """Why an answer to "which cards may this player play?" is right or wrong, short, with the
    cards in the order they are ``offered`` (key and card; ``answer`` holds the legal keys).

    A card marked that may not be played: the engine's reason for the first, and the others
    that break the same rule named after it. Playable cards left out: named in one line, with
    the ruling for the telling one. A right answer: the ruling for the telling card (the
    joker or a bower when the hand holds one, else a card that may not be played).
    """
    order = [key for key, _ in offered]
    by_key = dict(offered)
    out: list[str] = []
    unknown = sorted(picked - set(order))
    out += [f"{key} is not one of {turn.seat.word}'s cards." for key in unknown]
    wrong = [k for k in order if k in picked - answer]
    by_rule: dict[object, list[Card]] = {}
    for key in wrong:
        card = by_key[key]
        try:
            turn.judge(card)
        except IllegalPlay as err:
            by_rule.setdefault(err.rule, []).append(card)
    for cards in by_rule.values():
        out.append(_verdict(turn, cards[0]))
        if len(cards) > 1:
            out.append(f"The same goes for {_and(c.pretty() for c in cards[1:])}.")
    missed = [by_key[k] for k in order if k in answer - picked]
    if missed:
        out.append(f"Playable too: {_and(c.pretty() for c in missed)}. "
                   + _verdict(turn, _telling(turn, missed)))
    if not out:
        cards = [card for _, card in offered]
        illegal = [card for key, card in offered if key not in answer]
        out.append(_verdict(turn, _telling(turn, cards, illegal[0] if illegal else None)))
    return out


def _and(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _telling(turn: Turn, cards: Sequence[Card], fallback: Card | None = None) -> Card:
    """The card whose ruling teaches most: the joker, then a bower, else ``fallback`` or the first."""
    ctx = turn.ctx
    for wanted in (lambda c: isinstance(c, Joker), ctx.is_right_bower, ctx.is_left_bower):
        hit = next((c for c in cards if wanted(c)), None)
        if hit is not None:
            return hit
    return fallback if fallback is not None else cards[0]


def _verdict(turn: Turn, card: Card) -> str:
    try:
        return turn.judge(card).text
    except IllegalPlay as err:
        return f"Not {card}: {err}."
