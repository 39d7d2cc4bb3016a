"""The replay widget's Analysis toggle and Hint button, driven as a browser would drive them."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tutor.engine.replay import Replay
from tutor.views.widgets import ReplayWidget
from tutor.views.widgets import analysis as panel_module

HANDS = Path(__file__).resolve().parent.parent / "hands"
HAND = HANDS / "joker-only-when-void.yaml"


def lead_of(rep: Replay, trick: int) -> int:
    return next(i for i, s in enumerate(rep.steps)
                if s.play is not None and s.trick == trick and s.position == 1)


def card_of(rep: Replay, trick: int, seat: str) -> int:
    return next(i for i, s in enumerate(rep.steps)
                if s.play is not None and s.trick == trick and s.seat is not None and s.seat.value == seat)


def test_analysis_is_off_by_default_and_shows_values_when_on() -> None:
    w = ReplayWidget.from_file(HAND)
    w.step = lead_of(w.replay, 3) - 1
    panel = w.analysis_panel
    assert not panel.toggle.value and panel.card_values == {} and "tw-value" not in panel.values_html.value
    panel.toggle.value = True
    assert panel.wait()
    values = panel.card_values
    assert values == {"QH": 9, "10H": 9, "9H": 9, "6H": 9, "JC": 9, "AD": 7, "QD": 7, "7D": 6}
    assert 'class="tw-value best" data-card="7D" data-value="6"' in panel.values_html.value
    assert "Par from here: East–West take 6" in panel.par_html.value


def test_stepping_never_waits_for_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real = panel_module.step_values

    def slow(rep: Replay) -> object:
        assert release.wait(60)
        return real(rep)

    monkeypatch.setattr(panel_module, "step_values", slow)
    w = ReplayWidget.from_file(HAND)
    w.analysis_panel.toggle.value = True  # starts the analysis, which is now held back
    for _ in range(5):
        w.next()  # returns at once: the solver has not answered
    assert "analysing..." in w.analysis_panel.values_html.value
    assert "analysing..." in w.analysis_panel.par_html.value
    release.set()
    assert w.analysis_panel.wait(60)
    assert "analysing..." not in w.analysis_panel.values_html.value
    assert "Par from here" in w.analysis_panel.par_html.value


def test_a_play_along_mistake_is_named_with_its_cost() -> None:
    rep = ReplayWidget.from_file(HAND).replay
    w = ReplayWidget(rep, play_as="N", step=lead_of(rep, 3) - 1)
    w.analysis_panel.toggle.value = True
    w.analysis_panel.wait()
    # at the learner's own turn, its cards' values stay hidden until the pick
    assert w.awaiting is not None and w.analysis_panel.card_values == {}
    w.pick("AD")
    assert "Your A♦ cost a trick: the 7♦ kept East–West to 6." in w.feedback
    w.goto(lead_of(rep, 3) - 1)
    w.pick("7D")
    assert "Your 7♦ was a best card" in w.feedback


def test_without_analysis_play_along_says_nothing_of_values() -> None:
    rep = ReplayWidget.from_file(HAND).replay
    w = ReplayWidget(rep, play_as="N", step=lead_of(rep, 3) - 1)
    w.pick("AD")
    assert "cost" not in w.feedback and "best card" not in w.feedback


def test_hint_first_the_legal_cards_then_the_best() -> None:
    rep = ReplayWidget.from_file(HAND).replay
    w = ReplayWidget(rep, play_as="N", step=card_of(rep, 2, "N") - 1)
    assert not w.analysis_panel.hint_button.disabled
    w.analysis_panel.hint_button.click()
    first = w.analysis_panel.hint_html.value
    assert "You may play:" in first and "The best" not in first
    w.analysis_panel.hint_button.click()
    w.analysis_panel.wait()
    w.analysis_panel.hint()  # redraw now that the analysis is in
    assert "The best: " in w.analysis_panel.hint_html.value
    w.pick("QH")  # a new turn starts without a hint
    assert w.analysis_panel.hint_html.value == ""


def test_hidden_hands_show_values_only_for_the_seat_in_view() -> None:
    rep = ReplayWidget.from_file(HAND).replay
    w = ReplayWidget(rep, show="S", step=lead_of(rep, 3) - 1)  # North leads; South's hand is shown
    w.analysis_panel.toggle.value = True
    w.analysis_panel.wait()
    assert w.analysis_panel.card_values == {}
    assert "North's hand is face down: its values are hidden." in w.analysis_panel.values_html.value
    w.show = "N"
    assert w.analysis_panel.card_values["7D"] == 6


def test_two_handed_hands_say_analysis_is_out_of_scope() -> None:
    w = ReplayWidget.from_file(HANDS / "two-handed-table-cards.yaml")
    w.analysis_panel.toggle.value = True
    w.analysis_panel.wait()
    assert "two-handed game is out of scope" in w.analysis_panel.values_html.value


@pytest.mark.parametrize(("show", "seat", "says"), [
    # the player to move face down: the hint says why it shows nothing
    ("S", "W", "West's hand is face down: show it (Show: all hands) to get a hint."),
    ("N", "E", "East's hand is face down: show it (Show: all hands) to get a hint."),
    # face up (just watching): the hint is about the player to move
    ("all", "W", "West may play: "),
    ("W", "W", "West may play: "),
])
def test_hint_while_watching_names_the_player_to_move(show: str, seat: str, says: str) -> None:
    rep = ReplayWidget.from_file(HAND).replay
    w = ReplayWidget(rep, show=show, step=card_of(rep, 2, seat) - 1)
    assert not w.analysis_panel.hint_button.disabled
    w.analysis_panel.hint_button.click()
    assert says in w.analysis_panel.hint_html.value.replace("&#x27;", "'")
