"""The strategy course (issue 14): what each lesson's notes say about its deal, checked.

``tests/test_verify.py`` already has the solver verify every lesson's ``par:`` and the claims on
its notes (``best``, ``cost``, ``only``). This file checks the rest of what the notes state:

* **contracts compared** ("eight hearts makes; eight no-trumps goes one off"): the same deal
  analysed under each contract, with the contractor's best discard;
* **discards compared** ("keeping either club loses the misère"): each discard's value;
* **cards not played** ("trumping with the 10 would have let South make it"): the solver's value
  of the alternatives a note names, at the card it is on;
* **trump counts** ("one trump is out"): counted from the replay, at the trick the note is on;
* **scores** ("300 to North–South"): the engine's score for the hand.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from shipped_lessons import lesson, options_at

from tutor.engine.cards import Card, parse_card
from tutor.engine.hand import LEVELS
from tutor.engine.play import effective_suit, power
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat, Side
from tutor.files import handfile
from tutor.solve import Solver, apply, deal_of

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"

#: The course, in the order of the learning path.
COURSE = (
    "count-then-bid",
    "thirteen-trumps-in-hearts",
    "twelve-trumps-in-spades",
    "hearts-or-no-trumps",
    "partners-diamonds-or-your-hearts",
    "your-seven-hearts-stands",
    "auction-a-pass-not-final",
    "no-trumps-seven-with-the-joker",
    "no-trumps-long-suit-and-two-aces",
    "defence-partners-ace-of-clubs",
    "defence-partners-jack-of-clubs",
    "misere-which-three-to-put-away",
    "misere-nominate-the-joker",
    "misere-defence-on-souths-nine",
    "misere-defence-what-to-throw",
    "game-end-at-460",
    "defence-north-trumps-partners-club",
    "defence-joker-gone-left-bower-held",
    "game-end-win-on-defence",
    "no-trumps-what-to-bury",
    "game-end-deep-in-the-red",
    "kitty-odds-one-trick-not-two",
    "ten-level-nine-trumps-nine-or-ten",
    "competitive-their-trumps-let-them-play",
    "game-end-push-over-their-seven-hearts",
    "three-handed-two-against-one-west-has-the-trick",
    "five-handed-called-king-under-partners-joker",
    "misere-or-seven-hearts",
    "declarer-play-ruff-before-trumps",
    "three-handed-no-partner-count-the-kitty",
    "sacrifice-their-seven-spades-ends-the-game",
    "defence-over-trump-with-the-king",
    "no-trumps-defence-keep-three-winners",
    "open-misere-defence-under-the-lone-club",
    "declarer-play-cross-to-partners-void",
    "defence-partners-discard-asks-for-hearts",
    "no-trumps-defence-lead-into-the-void",
    "misere-bidding-no-room-for-the-kitty",
    "defence-left-bower-on-the-ace",
)
STRATEGY_TOPICS = {
    "bidding-judgement", "counting-trumps", "joker-play", "kitty-decision", "misere-defence",
    "suit-defence", "no-trump-technique", "game-end", "auction-variations",
    # the course, complete (issue 30)
    "competitive-bidding", "sacrifice", "kitty-odds", "signals", "no-trumps-defence",
    "declarer-play", "misere-bidding", "open-misere-defence",
}


def _text(name: str) -> str:
    return (HANDS / f"{name}.yaml").read_text("utf-8")


def _with(name: str, **keys: str) -> str:
    """The lesson's file with top-level keys replaced (``auction``, ``discard``, ``joker``) and
    the play, par and decision dropped, so that the same deal can be analysed under another contract."""
    lines = _text(name).splitlines()
    out: list[str] = []
    skipping = False
    for line in lines:
        key = line.split(":", 1)[0] if line and not line[0].isspace() else None
        if key is not None:
            skipping = key in ("play", "par", "notes", "decision")
            if key in keys:
                continue
        if not skipping:
            out.append(line)
    out += [f"{k}: {v}" for k, v in keys.items() if v]
    return "\n".join(out) + "\n"


def _best_discard_value(rp: Replay) -> int:
    """The contractor's side's tricks with best play, after the contractor's best discard."""
    solver = Solver()
    deal = deal_of(rp)
    start = deal.start
    i = start.seats.index(deal.declarer)
    hand = rp.hand
    assert hand.discard is not None
    pool = list(hand.hands[deal.declarer]) + list(hand.kitty)
    values = []
    for away in combinations(range(len(pool)), len(hand.discard)):
        kept = tuple(c for j, c in enumerate(pool) if j not in away)
        values.append(solver.value(replace(start, hands=(*start.hands[:i], kept, *start.hands[i + 1:]))))
    return min(values) if start.minimise else max(values)


# --- contracts compared ----------------------------------------------------------------------

#: lesson -> (auction, joker or "", discard or "best", the contractor's side's tricks).
CONTRACTS = {
    "count-then-bid": [
        ("[7H, pass, pass, pass]", "", "[7C, 6C, 5D]", 7),   # seven hearts makes exactly
        ("[8H, pass, pass, pass]", "", "best", 7),           # eight: one off, whatever the discard
    ],
    "partners-diamonds-or-your-hearts": [
        ("[7D, pass, 8D, pass, pass]", "", "[6S, 8S, JC]", 10),   # the raise: all ten
        ("[7D, pass, 8H, pass, pass]", "", "best", 5),            # South's hearts: five
        ("[7D, pass, pass, pass]", "", "best", 10),               # North's seven diamonds: ten
    ],
    "your-seven-hearts-stands": [
        ("[7H, pass, pass, pass, 8H, pass, pass, pass]", "", "[5D, 6C, 6D]", 8),   # makes exactly
        ("[7H, pass, pass, pass, 9H, pass, pass, pass]", "", "best", 8),           # nine: one off
    ],
    "misere-nominate-the-joker": [
        ("[7D, misere, pass, pass, pass]", joker, "[9S, 8D, KC]", tricks)
        for joker, tricks in (("S", 0), ("H", 0), ("C", 0), ("D", 1))   # diamonds: forced to win
    ],
    "game-end-at-460": [
        ("[6S, pass, pass, pass]", "", "[6C, 8C, 9D]", 8),     # six spades makes
        ("[7S, pass, pass, pass]", "", "[6C, 8C, 9D]", 8),     # so would seven
        ("[8S, pass, pass, pass]", "", "[6C, 8C, 9D]", 8),     # and eight, the lesson's bid
        ("[7NT, pass, pass, pass]", "", "best", 5),            # seven no-trumps: five tricks
    ],
    "game-end-win-on-defence": [
        ("[pass, pass, pass, 7S]", "", "[10C, 5D, 4D]", 7),   # seven spades makes exactly
        ("[pass, pass, pass, 6S]", "", "best", 7),            # six: the same seven tricks
        ("[pass, pass, pass, 8S]", "", "best", 7),            # eight: one off, whatever the discard
    ],
    "game-end-deep-in-the-red": [
        ("[7D, pass, pass, pass]", "", "[7S, 8S, 4H]", 7),     # seven diamonds makes exactly
        ("[8D, pass, pass, pass]", "", "best", 7),             # eight: one off, whatever the discard
    ],
    "kitty-odds-one-trick-not-two": [
        ("[7H, pass, pass, pass]", "", "[QS, 6D, 7D]", 7),     # seven hearts makes exactly
        ("[8H, pass, pass, pass]", "", "best", 7),             # eight: one off, whatever the discard
    ],
    "three-handed-no-partner-count-the-kitty": [
        ("[7H, pass, pass]", "", "[10S, 8S, 7S]", 7),           # seven hearts makes exactly
        ("[8H, pass, pass]", "", "best", 7),                    # eight: one off, whatever the discard
    ],
    "sacrifice-their-seven-spades-ends-the-game": [
        ("[6S, 6C, 7S, pass, pass, 7C, pass]", "", "[9S, 10S, 8S]", 5),   # seven clubs: two off
        ("[6S, 6C, 7S, pass, pass, pass]", "", "best", 10),               # a pass: their slam
    ],
    "misere-or-seven-hearts": [
        ("[6C, 6H, 7C, misere, pass, pass, pass]", "", "[QC, JH, 9H]", 0),   # no trick
        ("[6C, 6H, 7C, 7H, pass, pass, pass]", "", "best", 7),               # exactly seven
    ],
    "misere-bidding-no-room-for-the-kitty": [
        # misère: at least four tricks whatever South puts away
        ("[pass, 6S, 6H, 7S, pass, misere, pass]", "", "best", 4),
        ("[pass, 6S, 6H, 7S, pass, pass]", "", "best", 10),          # seven spades: ten at best
        ("[pass, 6S, 6H, 7S, pass, pass]", "", "[6C, QC, 5D]", 9),   # nine after West's discard
    ],
    "hearts-or-no-trumps": [
        ("[8H, pass, pass, pass]", "", "best", 8),      # eight hearts makes
        ("[8NT, pass, pass, pass]", "", "best", 7),     # eight no-trumps goes one off
    ],
    "auction-a-pass-not-final": [
        ("[pass, 6D, pass, 7D, pass, pass, pass]", "", "best", 8),  # East–West make eight in diamonds
        ("[pass, 6D, pass, 7D, 8H, pass, pass, pass]", "", "[6D, 6C, 5C]", 10),
    ],
    "no-trumps-seven-with-the-joker": [
        ("[7NT, pass, pass, pass]", "", "[4D, 8D, 5S]", 8),   # the joker kept
        ("[7NT, pass, pass, pass]", "D", "[4D, 8D, 5S]", 8),
        ("[7NT, pass, pass, pass]", "H", "[4D, 8D, 5S]", 6),
        ("[7NT, pass, pass, pass]", "S", "[4D, 8D, 5S]", 4),
        ("[7NT, pass, pass, pass]", "C", "[4D, 8D, 5S]", 4),
    ],
}


@pytest.mark.parametrize(
    ("name", "auction", "joker", "discard", "tricks"),
    [(n, *row) for n, rows in CONTRACTS.items() for row in rows],
    ids=lambda v: str(v),
)
def test_contracts_the_notes_compare(name: str, auction: str, joker: str, discard: str,
                                     tricks: int) -> None:
    if discard == "best":
        # any legal discard to build from; the value is taken over every discard
        declarer_cards = lesson(name).hand.kitty
        keys = {"auction": auction, "discard": "[" + ", ".join(map(str, declarer_cards)) + "]",
                "joker": joker}
        rp = lesson(name, _with(name, **keys))
        assert _best_discard_value(rp) == tricks
    else:
        rp = lesson(name, _with(name, auction=auction, discard=discard, joker=joker))
        assert Solver().value(deal_of(rp).start) == tricks


# --- discards compared -----------------------------------------------------------------------

#: lesson -> {discard: the contractor's side's tricks after it, with best play}.
DISCARDS = {
    "misere-which-three-to-put-away": {
        "[10C, 8C, KD]": 0,   # both clubs buried: the misère is safe
        "[10C, 8C, 9S]": 0,   # the king of diamonds kept instead: safe too
        "[10C, 9S, KD]": 1,   # the 8 of clubs kept: lost
        "[8C, 9S, KD]": 1,    # the 10 of clubs kept: lost
    },
    "no-trumps-what-to-bury": {
        "[4H, 9D, 8D]": 8,    # the king and 5 of clubs kept: eight no-trumps made
        "[4H, 5C, 8D]": 6,    # the three lowest cards, the king's guard among them: two off
        "[KC, 5C, 8D]": 5,    # a void in clubs: three off
    },
}


@pytest.mark.parametrize(
    ("name", "discard", "tricks"),
    [(n, d, v) for n, rows in DISCARDS.items() for d, v in rows.items()],
)
def test_discards_the_notes_compare(name: str, discard: str, tricks: int) -> None:
    rp = lesson(name, _with(name, discard=discard))
    assert Solver().value(deal_of(rp).start) == tricks


def test_with_the_kings_guard_buried_no_discard_makes_more_than_six() -> None:
    """"once the 5 of clubs is buried and the king kept, no choice of the other two cards makes
    more than six": every such discard, valued by the solver."""
    rp = lesson("no-trumps-what-to-bury")
    deal = deal_of(rp)
    start = deal.start
    i = start.seats.index(deal.declarer)
    pool = [*rp.hand.hands[deal.declarer], *rp.hand.kitty]
    five, king = parse_card("5C"), parse_card("KC")
    others = [c for c in pool if c not in (five, king)]
    solver = Solver()
    values = []
    for pair in combinations(others, 2):
        kept = tuple(c for c in pool if c not in (five, *pair))
        values.append(solver.value(replace(start, hands=(*start.hands[:i], kept, *start.hands[i + 1:]))))
    assert len(values) == 55 and max(values) == 6


# --- cards not played ------------------------------------------------------------------------

#: (lesson, card note) -> {a card the note says was not played: its value}.
ALTERNATIVES = {
    ("defence-partners-ace-of-clubs", "1.3"): {"10H": 7, "6H": 7, "JD": 7},   # trumping makes it
    ("thirteen-trumps-in-hearts", "1.2"): {"JD": 10},
    ("thirteen-trumps-in-hearts", "2.2"): {"JD": 10},
    ("thirteen-trumps-in-hearts", "5.4"): {"KS": 8, "AC": 8, "KC": 8},
    ("twelve-trumps-in-spades", "3.1"): {"10S": 9, "9S": 9},
    ("hearts-or-no-trumps", "1.4"): {"JD": 9},
    ("no-trumps-seven-with-the-joker", "1.1"): {"Jo:S": 4, "Jo:C": 4, "Jo:D": 4, "Jo:H": 6},
    ("no-trumps-long-suit-and-two-aces", "1.1"): {"AH": 6, "AC": 7},
    ("no-trumps-long-suit-and-two-aces", "1.4"): {"5S": 9},
    ("no-trumps-long-suit-and-two-aces", "5.3"): {"Jo": 4},
    # the 10 of clubs beats it as well; leads outside clubs let South make it
    ("defence-partners-jack-of-clubs", "1.1"): {"10C": 6, "JD": 10, "9H": 9, "AD": 7},
    ("defence-partners-jack-of-clubs", "1.3"): {"QS": 8, "QD": 8},              # a spade or a diamond
    ("misere-nominate-the-joker", "1.1"): {"Jo": 1},
    ("misere-nominate-the-joker", "9.3"): {"Jo": 2},
    ("your-seven-hearts-stands", "1.2"): {"JH": 9, "JD": 9},
    ("misere-defence-what-to-throw", "4.3"): {"QS": 0, "9S": 0},   # a spade thrown: misère made
    ("misere-defence-what-to-throw", "9.1"): {"8S": 0},
    # trumping partner's ace costs a trick, and so does throwing any heart
    ("partners-diamonds-or-your-hearts", "2.3"):
        {"KH": 9, "QH": 9, "10H": 9, "9H": 9, "7H": 9, "8D": 9},
    ("count-then-bid", "1.4"): {"JH": 8},
    ("misere-defence-on-souths-nine", "1.3"): {"KH": 0, "QH": 0, "JH": 0, "10H": 0},
    ("auction-a-pass-not-final", "1.1"): {"AH": 9, "KH": 9, "9H": 9},
    # trumping under North, or throwing a heart or a diamond: seven spades makes
    ("defence-north-trumps-partners-club", "1.4"):
        {"5S": 7, "4H": 7, "KH": 7, "JH": 7, "10H": 7, "7D": 7, "KD": 8},
    # no trump led: a second ruff
    ("defence-north-trumps-partners-club", "2.1"): {"KH": 7, "4H": 8, "KD": 8, "7D": 8},
    ("defence-joker-gone-left-bower-held", "3.1"): {"JD": 7, "7H": 7},      # either trump led: made
    ("defence-joker-gone-left-bower-held", "4.2"): {"JD": 7},               # the left bower under the right
    ("game-end-win-on-defence", "1.2"): {"QS": 8},   # the queen thrown under the right bower
    # any card but the ace of clubs gives North–South a ninth trick
    ("no-trumps-what-to-bury", "3.1"):
        {"JS": 9, "10S": 9, "5S": 9, "JD": 9, "8C": 9, "7C": 9, "6C": 9},
    ("no-trumps-what-to-bury", "3.4"): {"KC": 6},   # the king on the ace: two tricks lost
    # "the right bower led holds North–South to three tricks, and the ace of spades makes six"
    ("declarer-play-ruff-before-trumps", "1.1"): {"JH": 3, "AS": 6},
    # the joker on the ace, or the king under it: seven hearts makes
    ("defence-left-bower-on-the-ace", "5.4"): {"Jo": 7, "KH": 7, "JD": 6},
}


@pytest.mark.parametrize(("name", "key"), sorted(ALTERNATIVES), ids=lambda v: str(v))
def test_the_cards_a_note_rejects_cost_what_it_says(name: str, key: str) -> None:
    options = options_at(lesson(name), key)
    for card, value in ALTERNATIVES[(name, key)].items():
        assert options[card] == value, f"{card}: {options[card]} (all: {options})"


# --- trump counts ----------------------------------------------------------------------------

def trumps_held(rp: Replay, after_trick: int) -> dict[Seat, list[Card]]:
    """Each seat's trumps (the joker and the left bower included) after a trick (0: after the
    discard, before the first card)."""
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    deal = deal_of(rp)
    pos = deal.start
    for play in deal.plays[: after_trick * len(pos.seats)]:
        pos = apply(pos, play)
    return {seat: [c for c in cards if effective_suit(c, ctx) is ctx.trumps]
            for seat, cards in zip(pos.seats, pos.hands, strict=True)}


#: (lesson, after trick (0: before the first card), the contractor's trumps, the others' trumps,
#: words the note at that place must contain).
COUNTS = [
    ("thirteen-trumps-in-hearts", 0, 6, 7, ("intro", "thirteen trumps", "hold six", "seven are out")),
    ("thirteen-trumps-in-hearts", 1, 5, 4, ("1", "Four are out")),
    ("thirteen-trumps-in-hearts", 2, 4, 1, ("2", "one trump is out")),
    ("thirteen-trumps-in-hearts", 4, 3, 0, ("4.2", "no trump is out")),
    ("twelve-trumps-in-spades", 0, 6, 6, ("intro", "twelve trumps", "hold six")),
    ("twelve-trumps-in-spades", 1, 5, 3, ("1", "Three are still out")),
    ("twelve-trumps-in-spades", 2, 4, 1, ("2", "One trump is still out")),
    ("twelve-trumps-in-spades", 3, 3, 0, ("3", "No trump is left outside South's hand")),
    ("hearts-or-no-trumps", 0, 7, 6, ("discard", "thirteen", "holds seven", "six are out")),
    ("hearts-or-no-trumps", 4, 4, 1, ("4.4", "eight of the thirteen", "the last trump out")),
    ("your-seven-hearts-stands", 0, 6, 7, ("discard", "a sixth trump")),
    ("game-end-at-460", 0, 6, 6, ("discard", "six trumps of the twelve")),
    ("game-end-deep-in-the-red", 0, 6, 7, ("discard", "six trumps of the thirteen")),
    ("defence-partners-ace-of-clubs", 0, 7, 6, ("intro", "so you hold three")),
    ("defence-north-trumps-partners-club", 0, 5, 7, ("intro", "twelve of them")),
    ("defence-joker-gone-left-bower-held", 0, 6, 7, ("intro", "so you hold three trumps")),
    ("defence-left-bower-on-the-ace", 4, 6, 6, ("intro", "so you hold three trumps")),
    ("kitty-odds-one-trick-not-two", 0, 6, 7, ("discard", "six of the thirteen trumps and seven are")),
    ("declarer-play-ruff-before-trumps", 0, 5, 8, ("intro", "Eight of the thirteen trumps are out")),
    ("game-end-win-on-defence", 0, 5, 7,
     ("discard", "five of the twelve trumps", "seven are in the other three hands")),
]


@pytest.mark.parametrize(("name", "after", "mine", "theirs", "words"), COUNTS, ids=str)
def test_trump_counts_in_notes(name: str, after: int, mine: int, theirs: int,
                               words: tuple[str, ...]) -> None:
    rp = lesson(name)
    assert rp.contract is not None
    held = trumps_held(rp, after)
    declarer = rp.contract.declarer
    assert len(held[declarer]) == mine
    assert sum(len(v) for s, v in held.items() if s is not declarer) == theirs
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    total = 13 if ctx.trumps.value in "HD" else 12  # eleven red cards or ten black, bower, joker
    played = sum(1 for t in rp.tricks[:after] for p in t.plays if effective_suit(p.card, ctx) is ctx.trumps)
    assert mine + theirs + played == total
    place, *phrases = words
    note = " ".join(rp.hand.notes[place].split())
    for phrase in phrases:
        assert " ".join(phrase.split()) in note, f"note {place} no longer says {phrase!r}"


def test_east_holds_three_trumps_in_the_defence_lesson() -> None:
    rp = lesson("defence-partners-ace-of-clubs")
    assert len(trumps_held(rp, 0)[Seat.E]) == 3


def _trump_power(rp: Replay, card: str) -> int:
    """How high a card ranks as a trump (the engine's own order: joker, bowers, ace ...)."""
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    return power(parse_card(card), ctx.trumps, ctx)


def _won_by(rp: Replay, side: Side, after: int) -> int:
    return sum(1 for t in rp.tricks[:after] if t.winner is not None and rp.table.side_of(t.winner) is side)


def test_the_over_trump_lesson_east_trumps_over_a_small_trump_it_cannot_save() -> None:
    rp = lesson("defence-north-trumps-partners-club")
    first = rp.tricks[0]
    cards = {seat: str(play.card) for seat, play in zip(first.seats, first.plays, strict=True)}
    # South leads a club; North and East, both without clubs, trump it: North low, East over it
    assert cards == {Seat.S: "6C", Seat.W: "9C", Seat.N: "6S", Seat.E: "9S"}
    assert first.winner is Seat.E
    held = trumps_held(rp, 0)
    assert sorted(map(str, held[Seat.E])) == ["5S", "9S"]
    assert sorted(map(str, held[Seat.N])) == ["6S", "7S"]
    # "seven trumps above it are still out": every trump that ranks above the 9 of spades
    nine = _trump_power(rp, "9S")
    above = [c for s in held.values() for c in s if _trump_power(rp, str(c)) > nine]
    assert len(above) == 7
    # "North ... holds one trump more, the 7", and it falls to East's trump lead
    assert [str(c) for c in trumps_held(rp, 1)[Seat.N]] == ["7S"]
    second = rp.tricks[1]
    assert second.leader is Seat.E and str(second.plays[0].card) == "5S"
    assert "7S" in {str(p.card) for p in second.plays} and trumps_held(rp, 2)[Seat.N] == []
    # the queen over South's 10 is the third trick for East–West, the ace of clubs the fourth
    assert _won_by(rp, Side.EW, 5) == 2 and _won_by(rp, Side.EW, 6) == 3
    assert rp.tricks[5].winner is Seat.W and str(rp.tricks[5].plays[2].card) == "QS"
    assert _won_by(rp, Side.EW, 7) == 4
    # "South's joker, ace and king of spades take the last three tricks"
    assert [t.winner for t in rp.tricks[7:]] == [Seat.S] * 3
    assert {str(t.plays[t.winner_index or 0].card) for t in rp.tricks[7:]} == {"Jo", "AS", "KS"}


def test_the_left_bower_lesson_keeps_the_left_bower_until_the_right_has_gone() -> None:
    rp = lesson("defence-joker-gone-left-bower-held")
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    # the joker has gone before West's lead, and only the right bower (South's) ranks above
    # West's left bower among the trumps still out
    played = {str(p.card) for t in rp.tricks[:2] for p in t.plays}
    assert "Jo" in played
    held = trumps_held(rp, 2)
    left = _trump_power(rp, "JD")
    above = [(s, str(c)) for s, cards in held.items() for c in cards if _trump_power(rp, str(c)) > left]
    assert above == [(Seat.S, "JH")]
    assert sorted(map(str, held[Seat.W])) == ["7H", "JD"]
    assert rp.tricks[2].leader is Seat.W
    # South plays last to West's lead, and first before West when South leads
    assert rp.tricks[2].seats[-1] is Seat.S
    fourth = rp.tricks[3]
    assert fourth.seats[:2] == (Seat.S, Seat.W) and str(fourth.plays[0].card) == "JH"
    assert str(fourth.plays[1].card) == "7H"
    # afterwards the left bower is the best trump left, and takes the fourth defending trick
    after = trumps_held(rp, 4)
    assert max((_trump_power(rp, str(c)), s) for s, cards in after.items() for c in cards)[1] is Seat.W
    ninth = rp.tricks[8]
    assert ninth.winner is Seat.W and str(ninth.plays[ninth.winner_index or 0].card) == "JD"
    assert _won_by(rp, Side.EW, 9) == 4


# --- scores, and the course as a whole -------------------------------------------------------

@pytest.mark.parametrize("name", COURSE)
def test_the_points_a_note_gives_are_the_engines_score(name: str) -> None:
    rp = lesson(name)
    assert rp.result is not None
    sides = {"North–South": Side.NS, "East–West": Side.EW}
    for place, note in rp.hand.notes.items():
        for points, side in re.findall(r"(\d+) to (North–South|East–West)", " ".join(note.split())):
            assert rp.result.score[sides[side]] == int(points), f"note {place}: {points} to {side}"
        for points, side in re.findall(r"(North–South|East–West) lose (\d+)", " ".join(note.split())):
            assert rp.result.score[sides[points]] == -int(side), f"note {place}"


def test_every_strategy_lesson_is_in_the_course_and_has_a_strategy_topic() -> None:
    found = {p.stem for p in HANDS.glob("*.yaml")
             if STRATEGY_TOPICS & set(handfile.load(p).tags)}
    assert found == set(COURSE)
    for name in COURSE:
        hand = handfile.load(HANDS / f"{name}.yaml")
        assert hand.tags[0] in STRATEGY_TOPICS, "a lesson's first tag is its teaching point"
        assert hand.par is not None, "every strategy lesson states its par"


def test_every_lesson_of_the_course_builds() -> None:
    for name in COURSE:
        assert build(handfile.load(HANDS / f"{name}.yaml")).complete


def test_the_game_end_lesson_is_the_last_hand_of_its_match() -> None:
    from tutor.files.match import load
    from tutor.views.sheet.model import score_match

    sheet = score_match(load(ROOT / "matches" / "strategy-game-end.yaml"))
    before = sheet.rows[-2].totals
    assert before is not None and dict(before) == {"NS": 460, "EW": 350}
    assert dict(sheet.totals) == {"NS": 700, "EW": 370}
    last = sheet.rows[-1]
    assert (last.contract_text(symbols=False), last.result_text()) == (
        "N/S bid 8S (240)", "took 8 tricks — made")
    intro = " ".join(handfile.load(HANDS / "game-end-at-460.yaml").notes["intro"].split())
    assert "North–South have 460, East–West 350" in intro


def test_the_win_on_defence_lesson_is_the_last_hand_of_its_match() -> None:
    from tutor.files.match import load
    from tutor.views.sheet.model import score_match

    sheet = score_match(load(ROOT / "matches" / "strategy-win-on-defence.yaml"))
    assert sheet.rules.win_on_defence
    before = sheet.rows[-2].totals
    assert before is not None and dict(before) == {"NS": 360, "EW": 470}
    assert all(r.totals is not None and max(r.totals.values()) < 500 for r in sheet.rows[:-1])
    assert dict(sheet.totals) == {"NS": 500, "EW": 500}
    assert sheet.end is not None and sheet.end.winners == ("NS",)
    assert sheet.finished_after == len(sheet.rows)
    assert "the contractor wins" in sheet.status()
    # level on 500, but the game's end puts North–South first: no shared first place
    assert [(s.party.key, s.rank, s.winner) for s in sheet.standings] == [
        ("NS", 1, True), ("EW", 2, False)]
    # the last hand is the lesson's own file, replayed
    last = sheet.rows[-1]
    assert (last.contract_text(symbols=False), last.result_text()) == (
        "N/S bid 7S (140)", "took 7 tricks — made")
    text = (ROOT / "matches" / "strategy-win-on-defence.yaml").read_text("utf-8")
    assert "- {file: ../hands/game-end-win-on-defence.yaml" in text.splitlines()[-1]
    intro = " ".join(handfile.load(HANDS / "game-end-win-on-defence.yaml").notes["intro"].split())
    assert "North–South have 360, East–West 470" in intro


def _game_end_after(bid: str, taken: int, rules_name: str = "american") -> tuple[dict[Side, int],
                                                                                 tuple[Side, ...]]:
    """The lesson's last hand scored with South's contract ``bid`` and North–South's ``taken``
    tricks, from the match's 360 to 470: the totals, and who wins (nobody: ())."""
    from tutor.engine.auction import Bid, Contract
    from tutor.engine.rules import preset
    from tutor.engine.scoring import game_end, score_hand

    rules = preset(rules_name)
    result = score_hand(Contract(Bid.parse(bid), Seat.S), {Side.NS: taken, Side.EW: 10 - taken}, rules)
    totals = {Side.NS: 360 + result.score[Side.NS], Side.EW: 470 + result.score[Side.EW]}
    end = game_end(totals, result, rules)
    return totals, (end.winners if end is not None else ())


def test_the_win_on_defence_lesson_what_each_bid_does_to_the_game() -> None:
    # the lesson as played: seven spades made with seven tricks; both reach 500, the contractor wins
    rp = lesson("game-end-win-on-defence")
    assert rp.result is not None and rp.contract is not None
    assert str(rp.contract.bid) == "7S" and rp.result.made
    assert dict(rp.result.score) == {Side.NS: 140, Side.EW: 30}
    assert _game_end_after("7S", 7) == ({Side.NS: 500, Side.EW: 500}, (Side.NS,))
    # six spades, made with the same seven tricks: North–South 400, East–West win on defence
    assert _game_end_after("6S", 7) == ({Side.NS: 400, Side.EW: 500}, (Side.EW,))
    # eight spades, one off: East–West win too
    assert _game_end_after("8S", 7) == ({Side.NS: 120, Side.EW: 500}, (Side.EW,))
    # "whenever seven spades fails, East–West have taken four tricks, enough against six spades"
    for taken in range(7):
        assert _game_end_after("7S", taken)[1] == (Side.EW,)
        assert _game_end_after("6S", taken)[1] == (Side.EW,)
    # Australian tables: trick points never win, so East–West at 500 on defence play on
    assert _game_end_after("6S", 7, "australian") == ({Side.NS: 400, Side.EW: 500}, ())
    # a pass: everyone has passed, and the hand is thrown in
    from tutor.engine.auction import Pass
    from tutor.files.verify_decision import contract_after

    assert contract_after(rp.hand, 3, Pass()) is None


def test_the_win_on_defence_lesson_east_wests_three_tricks() -> None:
    rp = lesson("game-end-win-on-defence")
    held = trumps_held(rp, 0)
    # the joker and the left bower are out against South's five trumps
    assert sorted(map(str, held[Seat.S])) == ["10S", "6S", "AS", "JS", "KS"]
    assert [str(c) for c in held[Seat.E]] == ["JC"]
    assert "Jo" in map(str, held[Seat.W])
    # East's only trump, the left bower, falls under the right bower at trick 1
    first = rp.tricks[0]
    assert [str(p.card) for p in first.plays] == ["JS", "5S", "8S", "JC"] and first.winner is Seat.S
    # East–West's tricks: the king of diamonds, the queen of spades trumping a heart, the joker
    theirs = [(t.number, str(t.plays[t.winner_index or 0].card)) for t in rp.tricks
              if t.winner is not None and rp.table.side_of(t.winner) is Side.EW]
    assert theirs == [(4, "KD"), (7, "QS"), (8, "Jo")]
    assert str(rp.tricks[6].plays[0].card) == "QH"
    assert all(t.winner is not None and rp.table.side_of(t.winner) is Side.NS for t in rp.tricks[8:])
BACK_DOOR = ROOT / "matches" / "strategy-back-door.yaml"
LESSON_ENTRY = '{file: ../hands/game-end-deep-in-the-red.yaml, note: "the lesson hand"}'


def test_the_back_door_lesson_is_the_last_hand_of_its_match() -> None:
    from tutor.files.match import load
    from tutor.views.sheet.model import score_match

    sheet = score_match(load(BACK_DOOR))
    before = sheet.rows[-2].totals
    assert before is not None and dict(before) == {"NS": -300, "EW": 290}
    assert (sheet.rows[-1].file or "").endswith("game-end-deep-in-the-red.yaml")
    assert dict(sheet.totals) == {"NS": -120, "EW": 320}
    assert sheet.end is None, "the lesson's bid keeps North–South in the game"
    intro = " ".join(handfile.load(HANDS / "game-end-deep-in-the-red.yaml").notes["intro"].split())
    assert "North–South stand at −300, East–West at 290" in intro


def test_the_bid_the_back_door_lesson_rejects_loses_the_game_when_it_fails() -> None:
    """Each bid the decision offers, scored as the last hand of the match with the tricks the
    solver gives it (the decision's ``tricks:``, which ``tutor check`` verifies): the answer
    keeps North–South in the game, the other puts them out the back door at −580."""
    from tutor.files.match import loads
    from tutor.views.sheet.model import score_match

    decision = handfile.load(HANDS / "game-end-deep-in-the-red.yaml").decision
    assert decision is not None and decision.kind == "auction"
    text = BACK_DOOR.read_text("utf-8")
    assert text.count(LESSON_ENTRY) == 1
    outcomes = {}
    for i, choice in enumerate(decision.choices):
        entry = f"{{bid: {choice}, by: NS, tricks: {decision.tricks[i]}}}"
        sheet = score_match(loads(text.replace(LESSON_ENTRY, entry), str(BACK_DOOR)))
        outcomes[str(choice)] = (sheet.totals["NS"], sheet.end)
    total, end = outcomes.pop(str(decision.right))
    assert total == -120 and end is None
    [(bid, (total, end))] = outcomes.items()
    assert bid == "8D" and total == -580
    assert end is not None and end.losers == ("NS",) and end.winners == ("EW",)
    assert "out the back door" in end.ruling.text
    # "seven diamonds one off would cost 180 and leave them at −480, still playing"
    sheet = score_match(loads(text.replace(LESSON_ENTRY, "{bid: 7D, by: NS, tricks: 6}"), str(BACK_DOOR)))
    assert sheet.totals["NS"] == -480 and sheet.end is None


def test_the_defenders_hold_six_diamonds_against_the_misere() -> None:
    rp = lesson("misere-nominate-the-joker")
    held = rp.hand.hands
    diamonds = [c for s in (Seat.E, Seat.W) for c in held[s] if str(c).endswith("D")]
    assert len(diamonds) == 6
    assert [str(c) for c in held[Seat.S] if str(c).endswith("D")] == ["4D"]


def test_wests_hearts_are_all_higher_than_souths_and_easts_four_is_the_lowest() -> None:
    rp = lesson("misere-defence-what-to-throw")
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]

    def hearts(seat: Seat) -> list[int]:
        return [order.index(str(c)[:-1]) for c in rp.hand.hands[seat] if str(c).endswith("H")]

    assert max(hearts(Seat.W)) < min(hearts(Seat.S))        # higher rank, lower index
    assert hearts(Seat.E) and max(hearts(Seat.E)) == order.index("4")


def test_each_stage_teaches_its_rules_before_the_course_asks_its_decisions() -> None:
    """The course is no stage of its own (issue 30): each lesson of it sits in the stage of its
    topics, after the lessons of that stage that teach a rule."""
    path = sorted((handfile.load(p) for p in HANDS.glob("*.yaml")), key=lambda h: h.order or 0)
    course = [h for h in path if h.decision is not None]
    assert {h.title for h in course} == {handfile.load(HANDS / f"{n}.yaml").title for n in COURSE}
    for stage in LEVELS:
        kinds = [h.decision is not None for h in path if h.level == stage]
        assert kinds == sorted(kinds), f"stage {stage}: a rules lesson after a decision"
    assert len(COURSE) >= 16


# --- hands described in words ----------------------------------------------------------------

_RANK = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "10": "10", "9": "9", "8": "8", "7": "7",
         "6": "6", "5": "5", "4": "4"}
_GROUP = re.compile(r"((?:(?:the )?(?:ace|king|queen|jack|10|9|8|7|6|5|4)(?:,? (?:and )?)?)+) "
                    r"of (spades|hearts|diamonds|clubs)")


def cards_named(text: str) -> list[str]:
    """The cards a sentence names: "the ace, jack and 9 of hearts" -> AH, JH, 9H; "the joker" -> Jo."""
    out = ["Jo"] if "the joker" in text else []
    for ranks, suit in _GROUP.findall(text):
        for word in re.findall(r"ace|king|queen|jack|10|9|8|7|6|5|4", ranks):
            out.append(_RANK[word] + suit[0].upper())
    return out


#: (lesson, note, seat, the words that start and end the description of the seat's cards, and
#: whether it names all ten card by card; otherwise ("five spades to the ace and king") every card
#: it does name must be the seat's).
DESCRIBED = [
    ("count-then-bid", "intro", Seat.S, "You hold", "Count before", True),
    ("your-seven-hearts-stands", "intro", Seat.S, "with the joker", "You bid", True),
    ("game-end-at-460", "intro", Seat.S, "first to speak", "Six spades would score", True),
    ("game-end-deep-in-the-red", "intro", Seat.S, "first to speak", "Seven diamonds", True),
    ("misere-nominate-the-joker", "intro", Seat.S, "holding the joker", "In Australian", True),
    ("misere-defence-what-to-throw", "intro", Seat.W, "You hold", "As at the table", True),
    ("hearts-or-no-trumps", "intro", Seat.S, "You hold", "Eight no-trumps", False),
    ("partners-diamonds-or-your-hearts", "intro", Seat.S, "You hold", "Your hearts", False),
    ("auction-a-pass-not-final", "intro", Seat.S, "with the joker", "This table", False),
    ("no-trumps-seven-with-the-joker", "intro", Seat.S, "with the joker", "The kitty", False),
    ("misere-defence-on-souths-nine", "intro", Seat.E, "You hold", "Think about", True),
    ("defence-partners-ace-of-clubs", "intro", Seat.E, "You hold", "Count your", True),
    ("thirteen-trumps-in-hearts", "intro", Seat.S, "You hold", "so seven", False),
    ("twelve-trumps-in-spades", "intro", Seat.S, "You hold", "How many", False),
    ("defence-north-trumps-partners-club", "intro", Seat.E, "You hold", "Spades are trumps", True),
    ("defence-joker-gone-left-bower-held", "intro", Seat.W, "You hold", "With hearts trumps", True),
    ("game-end-win-on-defence", "intro", Seat.S, "last to speak", "Count the hand", True),
    ("no-trumps-what-to-bury", "intro", Seat.S, "You hold", "You open", True),
    ("kitty-odds-one-trick-not-two", "intro", Seat.S, "You hold", "In hearts", True),
    ("misere-or-seven-hearts", "intro", Seat.S, "You hold", "Seven hearts would", True),
    ("three-handed-no-partner-count-the-kitty", "intro", Seat.S, "You hold", "In hearts", True),
    ("sacrifice-their-seven-spades-ends-the-game", "intro", Seat.S, "You hold", "East opened", True),
    ("defence-left-bower-on-the-ace", "intro", Seat.N, "You hold", "In hearts", True),
    ("misere-bidding-no-room-for-the-kitty", "intro", Seat.S, "You hold", "Seven cards of 9", True),
]


@pytest.mark.parametrize(("name", "place", "seat", "start", "end", "whole"), DESCRIBED, ids=str)
def test_a_hand_described_in_words_is_the_hand_dealt(name: str, place: str, seat: Seat, start: str,
                                                     end: str, whole: bool) -> None:
    rp = lesson(name)
    note = " ".join(rp.hand.notes[place].split())
    text = note[note.index(start):note.index(end)]
    named = cards_named(text)
    held = [str(c) for c in rp.hand.hands[seat]]
    assert named, text
    if whole:
        assert sorted(named) == sorted(held), text
    else:
        assert set(named) <= set(held), text
