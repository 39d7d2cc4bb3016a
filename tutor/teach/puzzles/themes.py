"""A puzzle's themes, read from its position and its solution, never typed by hand.

:func:`themes` is a pure function of the position (who holds what, the trick so far, the
contract), the solution (the answer, the best line after it, the other cards), how many cards
were played before, and the preset. Each theme is a tag (a topic of docs/topics.md, where one
fits) with one detector, and what each detector looks for is said beside it in
:data:`THEME_RULES` (docs/puzzles.md prints the same table). A detector looks at what the cards
do, so it can miss a theme a human would name, or name one whose point is elsewhere; it never
names one the cards do not show.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.play import Play, effective_suit, led_suit, power
from tutor.solve import Position, apply

__all__ = ["THEME_RULES", "Solution", "themes"]


@dataclass(frozen=True)
class Solution:
    """What the solver found at a puzzle's position: ``answer`` (the only card), ``line`` (the
    best play after it, to the end of the hand, not the answer itself), ``wrong`` (one play for
    each other card, equal cards counted once) and ``index`` (the cards played before the
    position in the whole hand: 0 is the opening lead)."""

    answer: Play
    line: tuple[Play, ...]
    wrong: tuple[Play, ...]
    index: int


#: Each theme's tag and what its detector looks for, in the order tags are written.
THEME_RULES: dict[str, str] = {
    "opening-lead": "the answer is the first card of the hand",
    "drawing-trumps": "the contractor's side leads a trump while a defender still holds one",
    "counting-trumps": "a lead in a trump contract where the trumps out against the leader are "
                       "counted down: one left and the answer leads a trump to draw it, or none "
                       "left and the answer leads a side card where a wrong card is a trump",
    "left-bower": "the answer is the left bower, or follows a trick led with it",
    "joker-play": "the answer is the joker, or the joker is held and a wrong card is the joker",
    "keeping-the-joker": "the seat holds the joker, the answer is another card and playing the "
                         "joker instead is wrong",
    "joker-in-no-trumps": "the answer leads the wildcard joker, naming a suit",
    "joker-nomination": "the joker was nominated (no-trumps or misère) and the answer is the "
                        "joker or follows a trick it was played to",
    "joker-compulsory": "misère with the compulsory joker: the answer leads a suit the joker's "
                        "holder has none of, or plays to such a trick before the holder, so that "
                        "its joker must be played to the trick",
    "ruffing": "the answer trumps a trick led in another suit",
    "over-ruffing": "the answer trumps over a trump an opponent has already played to the trick",
    "unblocking": "the answer follows suit under partner's winning card with a higher card than "
                  "the seat needed to, a lower one of the suit being wrong",
    "ducking": "the answer follows suit and lets an opponent take the trick though the seat held "
               "a card of the suit that beat the trick so far, and that card is wrong",
    "throw-in": "with four tricks or fewer left the answer leads a card an opponent wins, and "
                "the seat's side wins the trick that opponent must lead to",
    "keeping-a-guard": "no-trumps: the answer discards, and a wrong card discards from a suit "
                       "where the seat holds exactly one more card than the others hold above "
                       "its best one (the guard the discard would bare)",
    "misere-ducking": "the misère contractor follows under the trick's winning card though it "
                      "holds a card of the suit above it",
    "misere-escaping": "the misère contractor leads or discards, and loses the trick",
    "misere-defence": "a defender's card against misère",
    "misere": "the contract is misère",
    "no-trumps": "the contract is no-trumps",
    "no-trumps-defence": "a defender's card against no-trumps",
    "suit-defence": "a defender's card against a suit contract",
    "declarer-play": "the contractor's side's card in a suit or no-trumps contract",
}


def _suit(card: Card, pos: Position) -> Suit | None:
    return effective_suit(card, pos.ctx)


def _is_trump(card: Card, pos: Position) -> bool:
    return pos.ctx.trumps is not None and _suit(card, pos) is pos.ctx.trumps


def _trick_taker(pos: Position, plays: tuple[Play, ...]) -> tuple[int, Position]:
    """The index of the seat that takes the trick in progress once ``plays`` (the answer first)
    finish it, and the position after it."""
    need = len(pos.seats) - len(pos.trick)
    after = pos
    for play in plays[:need]:
        after = apply(after, play)
    return after.leader, after


def _winning(pos: Position) -> tuple[int, int]:
    """The trick so far: the index of the seat whose card is winning it, and the card's power."""
    led = led_suit(pos.trick, pos.ctx)
    best, at = -1, 0
    for k, play in enumerate(pos.trick):
        lost = k in pos.powerless
        strength = power(play.card, led, pos.ctx, lost=lost)
        if strength > best:
            best, at = strength, k
    return (pos.leader + at) % len(pos.seats), best


def themes(pos: Position, sol: Solution, preset: str) -> tuple[str, ...]:
    """The themes of the puzzle at ``pos`` solved by ``sol``, in :data:`THEME_RULES` order, and
    the preset's name last."""
    ctx = pos.ctx
    me = pos.to_move
    hand = pos.hands[me]
    ours = pos.team[me]
    card = sol.answer.card
    wrong = [p.card for p in sol.wrong]
    leading = not pos.trick
    led = led_suit(pos.trick, ctx)
    suit = _suit(card, pos)
    follows = not leading and suit is led
    taker, after = _trick_taker(pos, (sol.answer, *sol.line))
    we_take = pos.team[taker] == ours
    others = [i for i in range(len(pos.seats)) if pos.team[i] != ours]
    found: set[str] = set()

    if sol.index == 0:
        found.add("opening-lead")
    if ctx.trumps is not None and leading:
        out_against = sum(1 for i in others for c in pos.hands[i] if _is_trump(c, pos))
        if ours and _is_trump(card, pos) and out_against:
            found.add("drawing-trumps")
        if (out_against == 1 and _is_trump(card, pos)) or (
                out_against == 0 and not _is_trump(card, pos) and any(_is_trump(c, pos) for c in wrong)):
            found.add("counting-trumps")
    if ctx.is_left_bower(card) or (pos.trick and ctx.is_left_bower(pos.trick[0].card)):
        found.add("left-bower")
    holds_joker = any(isinstance(c, Joker) for c in hand)
    if isinstance(card, Joker) or (holds_joker and any(isinstance(c, Joker) for c in wrong)):
        found.add("joker-play")
    if holds_joker and not isinstance(card, Joker) and any(isinstance(c, Joker) for c in wrong):
        found.add("keeping-the-joker")
    if isinstance(card, Joker) and leading and sol.answer.names is not None:
        found.add("joker-in-no-trumps")
    if ctx.trumps is None and ctx.joker_suit is not None and (
            isinstance(card, Joker) or any(isinstance(p.card, Joker) for p in pos.trick)):
        found.add("joker-nomination")
    trick_suit = suit if leading else led
    if ctx.misere and ctx.joker_compulsory and ctx.wildcard and trick_suit is not None:
        played = {(pos.leader + k) % len(pos.seats) for k in range(len(pos.trick))}
        for i in range(len(pos.seats)):
            held = pos.hands[i]
            if i != me and i not in played and any(isinstance(c, Joker) for c in held) and not any(
                    _suit(c, pos) is trick_suit for c in held):
                found.add("joker-compulsory")
    if not leading and ctx.trumps is not None and led is not ctx.trumps and _is_trump(card, pos):
        found.add("ruffing")
        if any(_is_trump(p.card, pos) and pos.team[(pos.leader + k) % len(pos.seats)] != ours
               for k, p in enumerate(pos.trick)):
            found.add("over-ruffing")
    if follows and not ctx.misere and pos.trick:
        winner, top = _winning(pos)
        mine = power(card, led, ctx)
        lower = [c for c in wrong if _suit(c, pos) is led and power(c, led, ctx) < mine]
        if taker != me and pos.team[taker] == ours and pos.team[winner] == ours and lower:
            found.add("unblocking")
        beaters = [c for c in wrong if _suit(c, pos) is led and power(c, led, ctx) > top]
        if not we_take and pos.team[winner] != ours and mine < top and beaters:
            found.add("ducking")
    if leading and not we_take and pos.tricks_left <= 4 and after.tricks_left:
        _, next_after = _trick_taker(after, sol.line[len(pos.seats) - 1:])
        if pos.team[next_after.leader] == ours:
            found.add("throw-in")
    if (ctx.trumps is None and not ctx.misere and not leading and led is not None and suit is not led
            and not isinstance(card, Joker)):
        rest = [c for i, h in enumerate(pos.hands) if i != me for c in h]
        for w in wrong:
            s = _suit(w, pos)
            if s is None or s is led:
                continue
            mine_s = [c for c in hand if _suit(c, pos) is s]
            best = max(power(c, s, ctx) for c in mine_s)
            above = sum(1 for c in rest if _suit(c, pos) is s and power(c, s, ctx) > best)
            if above >= 1 and len(mine_s) == above + 1:
                found.add("keeping-a-guard")
    if ctx.misere and ours:
        if follows and pos.trick:
            _, top = _winning(pos)
            if power(card, led, ctx) < top and any(
                    _suit(c, pos) is led and power(c, led, ctx) > top for c in hand):
                found.add("misere-ducking")
        if (leading or suit is not led) and taker != me:
            found.add("misere-escaping")
    if ctx.misere:
        found.add("misere")
        if not ours:
            found.add("misere-defence")
    elif ctx.trumps is None:
        found.add("no-trumps")
        found.add("declarer-play" if ours else "no-trumps-defence")
    else:
        found.add("declarer-play" if ours else "suit-defence")
    return (*(t for t in THEME_RULES if t in found), preset)
