"""A puzzle's themes are read from its position and solution: hand-made positions of each theme,
and a position beside each where the theme must not be named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Card, Suit
from tutor.engine.play import Play, PlayContext
from tutor.engine.seats import Seat
from tutor.solve import Position, apply
from tutor.solve.line import best_line
from tutor.teach.puzzles.themes import THEME_RULES, Solution, themes
from tutor.teach.topics import TOPIC_WORDS

ROOT = Path(__file__).resolve().parent.parent
ORDER = "NESW"


def _themes(bid: str, hands: str, answer: str, wrong: str, *, trick: str = "", leader: str = "",
            contractor: str = "NS", nominated: str | None = None, compulsory: bool = False,
            index: int = 8) -> tuple[str, ...]:
    """The themes at the position where each seat (``N: AS KS; E: ...``, in any order; a misère
    table leaves the contractor's partner out) held its cards, ``trick`` was played to the
    trick so far from ``leader`` on (its cards are taken from the hands), and ``answer`` is the
    only card (``wrong`` the others)."""
    held = {s.strip()[0]: s.split(":")[1].split() for s in hands.split(";")}
    seats = [s for s in ORDER if s in held]
    played = [Play.parse(p) for p in trick.split()]
    first = leader or seats[0]
    for k, p in enumerate(played):
        held[seats[(seats.index(first) + k) % len(seats)]].remove(str(p.card))
    ctx = PlayContext.of(Bid.parse(bid), Suit.parse(nominated) if nominated else None,
                         joker_compulsory=compulsory)
    pos = Position(tuple(Seat(s) for s in seats), tuple(tuple(Card.parse(c) for c in held[s]) for s in seats),
                   tuple(s in contractor for s in seats), ctx, leader=seats.index(first),
                   trick=tuple(played))
    mine = pos.hands[pos.to_move]
    play = Play.parse(answer)
    assert play.card in mine
    line = best_line(apply(pos, play))
    return themes(pos, Solution(play, line, tuple(Play.parse(w) for w in wrong.split()), index), "australian")


# (theme, named?, the position and solution, why)
CASES = [
    ("opening-lead", True, dict(bid="7S", hands="N: AS AH; E: 6S 7H; S: 7C 8C; W: 8D 9D", answer="AS",
                                wrong="AH", index=0), "the first card of the hand"),
    ("opening-lead", False, dict(bid="7S", hands="N: AS AH; E: 6S 7H; S: 7C 8C; W: 8D 9D", answer="AS",
                                 wrong="AH", index=4), "a lead later in the hand"),
    ("drawing-trumps", True, dict(bid="7S", hands="N: AS AH; E: 6S 7H; S: 7C 8C; W: 8D 9D", answer="AS",
                                  wrong="AH"), "North leads a trump and East still holds one"),
    ("drawing-trumps", False, dict(bid="7S", hands="N: AS AH; E: 6H 7H; S: 7C 8C; W: 8D 9D", answer="AS",
                                   wrong="AH"), "no defender holds a trump"),
    ("drawing-trumps", False, dict(bid="7S", hands="N: AD AH; E: 6S 7S; S: 7C 8C; W: 8D 9D", answer="6S",
                                   wrong="7S", leader="E"), "a defender leads the trump"),
    ("counting-trumps", True, dict(bid="7S", hands="N: AS AH; E: 6H 7H; S: 7C 8C; W: 8D 9D", answer="AH",
                                   wrong="AS"), "the trumps against North are all gone: cash the ace"),
    ("counting-trumps", True, dict(bid="7S", hands="N: AS AH; E: 6S 7H; S: 7C 8C; W: 8D 9D", answer="AS",
                                   wrong="AH"), "one trump left out: lead a trump to draw it"),
    ("counting-trumps", False, dict(bid="7S", hands="N: AS AH; E: 6S 7S; S: 7C 8C; W: 8D 9D", answer="AH",
                                    wrong="AS"), "two trumps out: nothing counted down"),
    ("left-bower", True, dict(bid="7H", hands="N: 5H JD; E: 6H 7C; S: 8C 9C; W: 8D 9D", answer="JD",
                              wrong="5H"), "the jack of diamonds is a heart (a trump) in hearts"),
    ("left-bower", True, dict(bid="7H", hands="N: 5H AD; E: 6H 7C; S: 8C 9C; W: JD 9D", answer="5H",
                              wrong="AD", trick="JD", leader="W"), "following the left bower led"),
    ("left-bower", False, dict(bid="7S", hands="N: 5H JD; E: 6H 7C; S: 8C 9C; W: 8D 9D", answer="JD",
                               wrong="5H"), "in spades the jack of diamonds is a diamond"),
    ("joker-play", True, dict(bid="7S", hands="N: Jo AH; E: 6S 7H; S: 7C 8C; W: 8D 9D", answer="Jo",
                              wrong="AH"), "the answer is the joker"),
    ("keeping-the-joker", True, dict(bid="7NT", hands="N: Jo AH; E: 6S 7H; S: 7C 8C; W: 8D 9D",
                                     answer="AH", wrong="Jo:H"), "the joker held back for later"),
    ("keeping-the-joker", False, dict(bid="7S", hands="N: Jo AH; E: 6S 7H; S: 7C 8C; W: 8D 9D",
                                      answer="Jo", wrong="AH"), "the joker is the answer itself"),
    ("joker-in-no-trumps", True, dict(bid="7NT", hands="N: Jo AH; E: 6S 7H; S: 7C 8C; W: 8D 9D",
                                      answer="Jo:H", wrong="AH"), "led naming hearts"),
    ("joker-in-no-trumps", False, dict(bid="7S", hands="N: Jo AH; E: 6S 7H; S: 7C 8C; W: 8D 9D",
                                       answer="Jo", wrong="AH"), "in spades the joker is a trump"),
    ("joker-nomination", True, dict(bid="7NT", nominated="H", hands="N: Jo AS; E: 6H 7S; S: 7C 8C; W: 8D 9D",
                                    answer="Jo", wrong="AS"), "the joker nominated a heart"),
    ("joker-nomination", False, dict(bid="7NT", hands="N: Jo AS; E: 6H 7S; S: 7C 8C; W: 8D 9D",
                                     answer="Jo:H", wrong="AS"), "not nominated"),
    ("joker-compulsory", True, dict(bid="misere", compulsory=True, contractor="S",
                                    hands="E: 6C 7H; S: Jo 5H; W: 8D 9D", answer="6C", wrong="7H",
                                    leader="E"), "South has no club: its joker must go"),
    ("joker-compulsory", False, dict(bid="misere", compulsory=True, contractor="S",
                                     hands="E: 6C 7H; S: Jo 5C; W: 8D 9D", answer="6C", wrong="7H",
                                     leader="E"), "South follows with its club"),
    ("joker-compulsory", True, dict(bid="misere", compulsory=True, contractor="S",
                                    hands="E: 6C 7H; S: 10C 9C; W: Jo 9D", trick="6C", leader="E",
                                    answer="10C", wrong="9C"),
     "West, still to play, has no club: its joker must take the trick, so South's ten goes safely"),
    ("joker-compulsory", False, dict(bid="misere", compulsory=True, contractor="S",
                                     hands="E: 6C 7H; S: 10C 9C; W: Jo 8C", trick="6C", leader="E",
                                     answer="9C", wrong="10C"), "West follows with its club"),
    ("joker-compulsory", False, dict(bid="misere", compulsory=True, contractor="S",
                                     hands="W: 8C Jo; E: 6C 7H; S: 10C 9C", trick="8C 6C", leader="W",
                                     answer="9C", wrong="10C"),
     "West has played its last club to the trick: its joker is not played to this one"),
    ("joker-compulsory", False, dict(bid="misere", contractor="S",
                                     hands="E: 6C 7H; S: 10C 9C; W: Jo 9D", trick="6C", leader="E",
                                     answer="10C", wrong="9C"), "the joker is not compulsory here"),
    ("ruffing", True, dict(bid="7S", hands="N: 5S AD; E: 6H 7C; S: 8H 9C; W: 9H 9D", trick="9H", leader="W",
                           answer="5S", wrong="AD"), "North trumps the heart"),
    ("ruffing", False, dict(bid="7S", hands="N: 5S AH; E: 6H 7C; S: 8H 9C; W: 9H 9D", trick="9H", leader="W",
                            answer="AH", wrong="5S"), "North follows with a heart"),
    ("over-ruffing", True, dict(bid="7S", contractor="EW", hands="N: 6S 7H; E: 7S AD; S: 8H 9C; W: 9H 9D",
                                trick="9H 6S", leader="W", answer="7S", wrong="AD"),
     "East trumps over North's trump"),
    ("over-ruffing", False, dict(bid="7S", contractor="EW", hands="N: 6H 7H; E: 7S AD; S: 8H 9C; W: 9H 9D",
                                 trick="9H 6H", leader="W", answer="7S", wrong="AD"),
     "a ruff, but over no trump"),
    ("unblocking", True, dict(bid="7NT", hands="N: AH 5C; E: 6H 7C; S: KH 5H; W: 8D 9D", trick="AH 6H",
                              answer="KH", wrong="5H"), "South drops the king under North's ace"),
    ("unblocking", False, dict(bid="7NT", hands="N: AH 5C; E: 6H 7C; S: KH 5H; W: 8D 9D", trick="AH 6H",
                               answer="5H", wrong="KH"), "South plays its low heart"),
    ("ducking", True, dict(bid="7NT", hands="N: AH 5H; E: 6H 7C; S: 7H 9C; W: KH 9D", trick="KH", leader="W",
                           answer="5H", wrong="AH"), "North lets the king hold"),
    ("ducking", False, dict(bid="7NT", hands="N: AH 5H; E: 6H 7C; S: 7H 9C; W: KH 9D", trick="KH", leader="W",
                            answer="AH", wrong="5H"), "North takes the king"),
    ("throw-in", True, dict(bid="7NT", hands="N: 5C AH QH; E: AC KH 7H; S: 6D 7D 8D; W: 9D 10D JD",
                            answer="5C", wrong="AH"), "East wins the club and must lead into the ace-queen"),
    ("throw-in", False, dict(bid="7NT", hands="N: 5C AH QH; E: AC KH 7H; S: 6D 7D 8D; W: 9D 10D JD",
                             answer="AH", wrong="5C"), "North cashes its ace"),
    ("keeping-a-guard", True, dict(bid="7NT", hands="N: KH 5H 5C; E: AH 6H 7C; S: 6D 7D 8D; W: 9D 10D JD",
                                   trick="9D", leader="W", answer="5C", wrong="5H"),
     "North keeps the small heart that guards its king"),
    ("keeping-a-guard", False, dict(bid="7NT", hands="N: KH 5H 6H; E: AH 7H 7C; S: 6D 7D 8D; W: 9D 10D JD",
                                    trick="9D", leader="W", answer="6H", wrong="KH"),
     "three hearts: a heart away still leaves the king guarded"),
    ("keeping-a-guard", False, dict(bid="7S", hands="N: KH 5H 5C; E: AH 6H 7C; S: 6D 7D 8D; W: 9D 10D JD",
                                    trick="9D", leader="W", answer="5C", wrong="5H"), "not no-trumps"),
    ("misere-ducking", True, dict(bid="misere", contractor="S", hands="E: 9H 6C; S: 10H 5H; W: 7H 9D",
                                  trick="9H", leader="E", answer="5H", wrong="10H"),
     "South ducks under the nine though it holds the ten"),
    ("misere-ducking", False, dict(bid="misere", contractor="S", hands="E: 9H 6C; S: 6H 5H; W: 7H 9D",
                                   trick="9H", leader="E", answer="6H", wrong="5H"),
     "no heart of South's beats the nine"),
    ("misere-escaping", True, dict(bid="misere", contractor="S", hands="E: 6C 7C; S: 5C 10H; W: 9H 9C",
                                   answer="5C", wrong="10H", leader="S"), "South leads a club and loses it"),
    ("misere-escaping", False, dict(bid="misere", contractor="S", hands="E: 9H 6C; S: 10H 5H; W: 7H 9D",
                                    trick="9H", leader="E", answer="5H", wrong="10H"), "South follows suit"),
    ("misere-defence", True, dict(bid="misere", contractor="S", hands="E: 6C 7H; S: 10H 5H; W: 9H 9D",
                                  answer="9H", wrong="9D", leader="W"), "West defends the misère"),
    ("misere-defence", False, dict(bid="misere", contractor="S", hands="E: 9H 6C; S: 10H 5H; W: 7H 9D",
                                   trick="9H", leader="E", answer="5H", wrong="10H"), "South's card"),
    ("no-trumps-defence", True, dict(bid="7NT", hands="N: AH 5H; E: 6H 7C; S: 7H 9C; W: KH 9D",
                                     answer="KH", wrong="9D", leader="W"), "West defends no-trumps"),
    ("suit-defence", True, dict(bid="7S", hands="N: AH 5H; E: 6H 7C; S: 7H 9C; W: KH 9D",
                                answer="KH", wrong="9D", leader="W"), "West defends spades"),
    ("declarer-play", True, dict(bid="7S", hands="N: AS AH; E: 6S 7H; S: 7C 8C; W: 8D 9D", answer="AS",
                                 wrong="AH"), "North plays for the contract"),
    ("declarer-play", False, dict(bid="misere", contractor="S", hands="E: 9H 6C; S: 10H 5H; W: 7H 9D",
                                  trick="9H", leader="E", answer="5H", wrong="10H"),
     "misère has its own themes"),
]


@pytest.mark.parametrize(("theme", "named", "case", "why"), CASES, ids=[f"{c[0]}-{c[1]}-{i}" for i, c in
                                                                       enumerate(CASES)])
def test_a_theme_is_detected_only_where_the_cards_show_it(theme: str, named: bool, case: dict[str, object],
                                                          why: str) -> None:
    got = _themes(**case)  # type: ignore[arg-type]
    assert (theme in got) == named, (why, got)
    assert got[-1] == "australian", "the preset is the last theme"


def test_every_theme_has_a_case_of_each_kind() -> None:
    named = {c[0] for c in CASES if c[1]}
    assert named >= set(THEME_RULES) - {"misere", "no-trumps"}


def test_every_theme_is_a_topic_with_words() -> None:
    lines = (ROOT / "docs" / "topics.md").read_text("utf-8").splitlines()
    listed = {m.group(1) for line in lines if (m := re.match(r"^\| `([a-z-]+)` \|", line))}
    presets = {"australian", "american", "avondale", "canadian", "new-zealand", "west-seventh-street"}
    assert set(THEME_RULES) | presets <= listed
    assert set(THEME_RULES) | presets <= set(TOPIC_WORDS)
