"""What the notebooks invite a learner to try in play-along, on the shipped lesson hands, holds.

Each notebook's prose poses a question ("Can you keep the jack and throw a club?") and offers a
play-along widget to try it. These cases drive that widget as the browser would (the Go-to
menu, Next, a card button) and check the engine answers as the prose promises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.files import handfile
from tutor.views.widgets import ReplayWidget

HANDS = Path(__file__).parent.parent / "hands"

CASES = [
    # notebook, hand, seat, trick, Next presses to the seat's turn, card tried, verdict, and the
    # words of the engine's reason (fragments between | are each asserted)
    ("01", "first-night-seven-hearts.yaml", "W", 1, 0, "KD", "Refused.",
     "West must follow suit: hearts were led and West holds the 8 of hearts and the jack of "
     "diamonds (the jack of diamonds is a heart this hand), so cannot play the king of diamonds"),
    ("01", "first-night-seven-hearts.yaml", "W", 1, 0, "8H", "Allowed, and the same card",
     "West follows suit with the 8 of hearts."),
    ("02", "left-bower-follows-trumps.yaml", "E", 1, 2, "9C", "Refused.",
     "East must follow suit: hearts were led and East holds the jack of diamonds (the jack of "
     "diamonds is a heart this hand), so cannot play the 9 of clubs"),
    ("02", "left-bower-void-in-diamonds.yaml", "E", 3, 2, "JD", "Allowed, and the same card",
     "East has no diamonds: the jack of diamonds (the left bower) is a heart this hand"),
    ("02", "left-bower-void-in-diamonds.yaml", "E", 3, 2, "8C", "Allowed, but at the table",
     "East has no diamonds"),
    ("03", "joker-only-when-void.yaml", "N", 1, 0, "Jo", "Refused.",
     "North cannot play the joker: spades were led and North holds the 6 of spades;|"
     "the joker may be played only when void in the suit led"),
    ("03", "joker-only-when-void.yaml", "N", 2, 0, "Jo", "Allowed, and the same card",
     "North has no spades, so may play the joker|wins any trick it is played to"),
]


@pytest.mark.parametrize(
    ("notebook", "hand", "seat", "trick", "nexts", "card", "verdict", "words"), CASES,
    ids=[f"{c[0]}-{c[1].removesuffix('.yaml')}-{c[2]}-trick{c[3]}-{c[5]}" for c in CASES],
)
def test_the_play_along_a_notebook_offers(
    notebook: str, hand: str, seat: str, trick: int, nexts: int, card: str, verdict: str, words: str
) -> None:
    replay, problems = handfile.check(HANDS / hand)
    assert replay is not None and not problems
    w = ReplayWidget(replay, play_as=seat)
    w.trick_picker.value = replay.step_of_trick(trick)
    for _ in range(nexts):
        w.next_button.click()
    assert w.awaiting is not None and w.awaiting.seat.value == seat
    assert f"Your turn, {w.awaiting.seat.word}: which card do you play?" in w.pick_label.value
    w.pick_buttons[card].click()
    assert verdict in w.feedback_html.value
    for fragment in words.split("|"):
        assert fragment in w.feedback_html.value


def test_first_notebook_steps_to_the_left_bower_falling() -> None:
    # 01-getting-started drives its table to trick 2 and one step on: West's jack of diamonds.
    replay, _ = handfile.check(HANDS / "first-night-seven-hearts.yaml")
    assert replay is not None
    w = ReplayWidget(replay)
    w.step = replay.step_of_trick(2)
    w.next()
    assert replay.steps[w.step].play is not None and str(replay.steps[w.step].play) == "JD"
    assert "the left bower falls under the right bower" in w.ruling.value
