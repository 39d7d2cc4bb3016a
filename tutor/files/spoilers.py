"""Nothing before a lesson's decision may give its answer away (``tutor check``).

A lesson that asks a decision (``decision:`` in ``docs/hand-format.md``) is read by a learner
in order: the title, the intro, then the notes of each step up to the question. None of them may
name the answer as the thing to do. The check is a reading of words, not of meaning, and errs on
the side of silence:

- a choice is *named* by the words a learner reads for it: a call in words (``seven hearts``)
  or on the table (``7♥``), a card (``the 9 of spades``, ``9♠``), a discard by every one of its
  cards, a suit for the joker (``hearts``, ``heart``, ``♥``);
- a choice named only as rejected (``not eight hearts``, ``instead of the ace``, ``rather
  than``, ``never``) counts against itself: ``seven hearts, not eight`` names the answer alone;
- a bid compared by its level alone (``seven hearts or eight?``) names the other bid too, and a
  title may name a bid by its strain alone (``raise the diamonds``);
- in the intro and the notes, which describe the hands, a card or a discard is named only where
  it is played or put away (``throws the ace of hearts``), not where it is held;
- a text gives the answer away when it names the answer and no other choice (the question
  itself names every choice; a text may name a choice, answer or not, as one of several).

The summary is not read: it states the point of the lesson, and the pages show it only with
the answer. What a title says in other words (``never trump partner's winner``) is left to the
author and the review.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tutor.engine.auction import Bid, Pass
from tutor.engine.cards import Card, Suit
from tutor.engine.decision import Choice, LessonDecision, choice_words
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.files.handfile import FileProblem, LoadedHand

__all__ = ["named_alone", "spoiler_problems", "texts_before"]

_NUMBER_WORDS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
#: Words just before a name that reject it: "not eight", "instead of the ace".
_REJECTED = re.compile(
    r"(?:\bnot|\bnever|\binstead of|\brather than|\bnor)\s+(?:(?:the|a|an|to|bid|play|lead|your|own)\s+)*$",
    re.IGNORECASE)


#: Words that make a named card something done, not only held: "throws the ace of hearts",
#: "trumps it with the 8 of hearts", "buries the 10 and the 8 of clubs" (not the noun: "with
#: hearts trumps the 7 of spades is...").
_DONE = re.compile(
    r"\b(?:plays?|played|playing|throws?|threw|thrown|throwing|leads?|led|leading|"
    # "trumps" after a suit ("with hearts trumps", "spades are trumps") is the noun
    r"(?<!hearts\s)(?<!spades\s)(?<!clubs\s)(?<!diamonds\s)(?<!are\s)(?<!as\s)(?<!no\s)(?<!no-)"
    r"trumps?|trumped|"
    r"trumping|ruffs?|ruffed|ruffing|discards?|discarded|bury|buries|buried|burying|puts? away|"
    r"ducks?|ducked|ducking|wins? with|won with|cash(?:es)?|cashed)\s+(?:[\w,]+\s+){0,3}$",
    re.IGNORECASE)


#: A sentence that puts a discard's cards away: "South buries the 10, the 8 and the king".
_PUT_AWAY = re.compile(r"\b(?:discards?|discarded|bury|buries|buried|burying|puts? away|put away|"
                       r"throws? away|threw away)\b", re.IGNORECASE)


def _pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w♠♣♦♥])" + re.escape(phrase) + r"(?![\w♠♣♦♥])", re.IGNORECASE)


def _card_names(card: Card) -> list[str]:
    words = card.words()
    return [words.removeprefix("the "), card.pretty()]


def _suit_names(suit: Suit) -> list[str]:
    return [suit.word, suit.word.removesuffix("s"), suit.symbol]


def _names(choice: Choice) -> list[list[str]]:
    """Each way of naming the choice: a list of phrases that must all be read (a discard's cards)."""
    if isinstance(choice, Pass):
        return [["pass"]]
    if isinstance(choice, Bid):
        return [[choice.words()], [choice.pretty()]]
    if isinstance(choice, Play):
        return [[name] for name in _card_names(choice.card)]
    if isinstance(choice, Suit):
        return [[name] for name in _suit_names(choice)]
    if isinstance(choice, tuple):
        return [[name for card in choice for name in _card_names(card)[:1]],
                [card.pretty() for card in choice]]
    return [[choice.words()]]


def _as_done(before: str, listed: bool) -> bool:
    """The words before a card name it as played (or, ``listed``, its sentence puts cards away)."""
    if _DONE.search(before[-50:]):
        return True
    return listed and _PUT_AWAY.search(re.split(r"[.;:!?]", before)[-1]) is not None


def _mentions(text: str, phrase: str, done: bool = False, listed: bool = False) -> tuple[bool, bool]:
    """Whether ``text`` names ``phrase``, and whether only as rejected; with ``done``, only where
    it is named as played (a card a hand merely holds is not named), or, ``listed`` (a discard's
    cards), anywhere in a sentence that puts cards away."""
    found = False
    for m in _pattern(phrase).finditer(text):
        if done and not _as_done(text[: m.start()], listed):
            continue
        found = True
        if not _REJECTED.search(text[max(0, m.start() - 30): m.start()]):
            return True, False
    return found, found


def _named(text: str, choice: Choice, others: Iterable[Choice], played: bool = False) -> str:
    """``yes``, ``rejected`` or ``no``: how ``text`` names ``choice``; with ``played``, a card or
    a discard counts only where it is named as played or put away."""
    rejected = False
    done = played and isinstance(choice, (Play, tuple))
    for phrases in _names(choice):
        seen = [_mentions(text, p, done, isinstance(choice, tuple)) for p in phrases]
        if all(found for found, _only in seen):
            if not any(only for _found, only in seen):
                return "yes"
            rejected = True
    if isinstance(choice, Bid) and choice.strain is not None:
        # compared by its level alone: "seven hearts or eight?"
        same = [o for o in others if isinstance(o, Bid) and o.strain == choice.strain]
        if same and any(_named(text, o, ()) != "no" for o in same):
            found, only = _mentions(text, _NUMBER_WORDS.get(choice.tricks, str(choice.tricks)))
            if found:
                return "rejected" if only else "yes"
        if not played and not same and any(isinstance(o, Bid) and o.strain is not None for o in others):
            # a title may name a bid by its strain when no other bid shares it: "raise the
            # diamonds, not your own hearts"
            found, only = _mentions(text, choice.strain.word)
            if found:
                return "rejected" if only else "yes"
    return "rejected" if rejected else "no"


def named_alone(text: str, decision: LessonDecision, *, played: bool = False) -> bool:
    """``text`` names the decision's answer, and no other choice but as rejected. With
    ``played`` (an intro or a note, which describe the hands), a card or a discard counts as
    named only as played or put away; a title names it by its name alone."""
    choices = decision.choices
    seen = [_named(text, c, [o for o in choices if o is not c], played) for c in choices]
    return seen[decision.answer] == "yes" and all(
        s != "yes" for i, s in enumerate(seen) if i != decision.answer)


def texts_before(rep: Replay) -> list[tuple[tuple[str, ...], str, str]]:
    """What a learner reads before the decision is asked: (where in the file, what, the text)."""
    hand = rep.hand
    at = rep.decision_step()
    out: list[tuple[tuple[str, ...], str, str]] = [(("title",), "the title", hand.title)]
    if at is None:
        return out
    seen: set[str] = set()
    for step in rep.steps[:at]:
        key = step.note_key
        if key and key not in seen and hand.note(key):
            seen.add(key)
            what = "the intro" if key == "intro" else f"note {key!r}"
            out.append((("notes", key), what, hand.note(key) or ""))
    return out


def spoiler_problems(loaded: LoadedHand, rep: Replay) -> list[FileProblem]:
    """The title, intro or an earlier note that names the decision's answer alone."""
    decision = rep.hand.decision
    if decision is None:
        return []
    out: list[FileProblem] = []
    answer = decision.right
    for where, what, text in texts_before(rep):
        if named_alone(" ".join(text.split()), decision, played=where != ("title",)):
            out.append(FileProblem(
                loaded.path, loaded.line_of(where),
                f"{what} gives the decision's answer away: it names {choice_words(answer)}, and no "
                "other choice except as rejected, before the question is asked; name the "
                "situation or ask the question",
                "decision"))
    return out
