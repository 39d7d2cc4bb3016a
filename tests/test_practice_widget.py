"""The practice widget played by clicks as a browser would, and *Take over from here* in a lesson."""

from __future__ import annotations

import random
import re
from html import escape
from pathlib import Path

import ipywidgets as widgets
import pytest

from tutor.engine.auction import Bid, BidKind
from tutor.engine.order import sorted_hand
from tutor.engine.play import Play
from tutor.engine.replay import build
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.files.handfile import load
from tutor.teach.handreview.table import BY_THE_REVIEW, summary_lines, table_review
from tutor.teach.handreview.value import Review
from tutor.teach.players import Budget, Game
from tutor.teach.players.retry import decisions
from tutor.views.widgets import PracticeWidget, ReplayWidget

HANDS = Path(__file__).parent.parent / "hands"


def click_through(w: PracticeWidget) -> int:
    """Answer every turn of the learner by clicking: pass, the first cards to put away, the
    first legal card. Returns the number of clicks."""
    clicks = 0
    while not w.over:
        assert clicks < 200
        if w.call_button in w.action_row.children:
            assert w.call_picker.value == "pass"  # offered first
            w.call_button.click()
        elif w.discard_button in w.action_row.children:
            toggles = [b for b in w.card_row.children if isinstance(b, widgets.ToggleButton)]
            for b in toggles[: w.game.rules.kitty_size]:
                b.value = True
            w.discard_button.click()
        else:
            legal = [b for b in w.card_row.children if "tutor-legal" in b._dom_classes]
            legal[0].click()
        clicks += 1
    return clicks


def test_a_whole_hand_by_clicks() -> None:
    w = PracticeWidget.new("australian", 1, "S", samples=2)
    assert "Your call, South" in w.prompt.value
    assert click_through(w) >= 10
    rep = build(w.game.hand)
    assert rep.complete and not rep.problems
    review = table_review(rep, Seat.S, seed=1)  # the widget reviews by its game's seed
    assert isinstance(review, Review) and review.costliest()
    for line in summary_lines(review):  # the review's summary, a line each
        assert escape(line) in w.prompt.value
    assert "Analysis:" not in w.prompt.value and "gave away" not in w.prompt.value
    assert any("South" in line for line in w.lines)


def test_an_illegal_card_is_refused_with_the_engines_reason() -> None:
    w = PracticeWidget.new("australian", 1, "S", samples=2)
    while w.call_button in w.action_row.children:
        w.call("pass")
    w.advance()
    illegal = [b for b in w.card_row.children if "tutor-legal" not in b._dom_classes]
    assert illegal  # South must follow suit: a card of another suit is refused
    if illegal:
        before = w.game.hand.play
        illegal[0].click()
        assert "Refused:" in w.message and w.game.hand.play == before


def test_take_over_from_the_middle_of_a_lesson_and_back() -> None:
    lesson = HANDS / "eight-hearts-set.yaml"
    replay = ReplayWidget.from_file(lesson)
    rep = replay.replay
    middle = rep.step_of_trick(5)
    replay.goto(middle)
    children = replay.children
    practice = replay.take_over(samples=2)
    assert isinstance(practice, PracticeWidget)
    assert replay.children[1] is practice
    recorded = load(lesson)
    cards_before = sum(1 for s in rep.steps[: middle + 1] if s.kind is StepKind.CARD)
    played = [p for t in practice.game.hand.play for p in t]
    assert played[:cards_before] == [p for t in recorded.play for p in t][:cards_before]
    click_through(practice)
    assert practice.game.replay.complete
    back = replay.children[0]
    assert isinstance(back, widgets.Button) and back.description == "Back to the lesson"
    back.click()
    assert replay.children == children and replay.step == middle


def test_the_call_picker_offers_what_these_rules_allow_now() -> None:
    # West Seventh Street, deal 488: North declared ace – no face, so South may only answer
    w = PracticeWidget.new("west-seventh-street", 488, "S", samples=1)
    assert [v for _label, v in w.call_picker.options] == ["agree", "disagree"]
    assert w.call_picker.value == "disagree"  # a careless click does not throw the hand in
    w.call_picker.value = "disagree"
    w.call_button.click()
    calls = [str(c) for c in w.game.hand.auction]
    assert calls[:2] == ["ace-no-face", "disagree"]
    offered = [v for _label, v in w.call_picker.options]
    assert "pass" in offered and "agree" not in offered and "ace-no-face" not in offered
    assert "misere" not in offered  # North–South disagreed: no nullo this hand
    # deal 3: South holds the joker, so Seven No and Inkle No are offered, and nullo by its name
    labels = [label for label, _v in PracticeWidget.new("west-seventh-street", 3, "S", samples=1)
              .call_picker.options]
    assert {"6No", "7No", "Nullo"} <= set(labels) and "Misère" not in labels


def _until(game: Game, seat: Seat) -> None:
    """The computer acts for every seat until it is ``seat``'s turn."""
    while game.to_act != seat:
        game.computer()


def test_grand_nullo_partner_is_asked_for_the_second_exchange() -> None:
    # West Seventh Street, deal 6: North bid nullo and South grand nullo over it; South has put
    # away five, and North, the learner, picks them up and puts five away
    # the count bids (North's nullo on this deal is the count's call; the simulation does not bid it)
    game = Game("west-seventh-street", 6, budget=Budget(seconds=None, early=1, middle=1, late=1, bids=0))
    _until(game, Seat.S)
    game.call(Bid(BidKind.GRAND_NULLO))
    _until(game, Seat.N)  # South's five are away: North's turn to exchange
    w = PracticeWidget(game, "N")
    assert "Partner bid grand nullo and passed you 5 cards, North: pick 5 to put away" in w.prompt.value
    toggles = [b for b in w.card_row.children if isinstance(b, widgets.ToggleButton)]
    assert len(toggles) == 15
    for b in toggles[:5]:
        b.value = True
    w.discard_button.click()
    assert game.hand.partner_discard is not None and len(game.hand.partner_discard) == 5
    assert game.phase.value in ("play", "over")


@pytest.mark.parametrize("rules", ["west-seventh-street", "australian", "avondale", "three-handed"])
def test_every_call_the_picker_offers_is_taken_and_the_hand_reaches_the_play(rules: str) -> None:
    """Whatever the learner picks from what is offered, the engine takes it, and the auction and
    the exchanges always end (random picks over many deals; the play is tested elsewhere)."""
    for seed in range(40):
        rng = random.Random(seed)
        w = PracticeWidget.new(rules, seed, "S", samples=1)
        for _turn in range(60):
            phase = w.game.phase.value
            if w.over or phase == "play":
                break
            assert w.game.to_act == w.learner  # the widget hands over only at the learner's turn
            if phase == "auction":
                offered = [value for _label, value in w.call_picker.options]
                assert offered, f"deal {seed}: nothing offered after {w.game.hand.auction}"
                w.call(rng.choice(offered))
            else:
                choice = w.game.decide().choice
                assert isinstance(choice, tuple)
                w.discard(list(choice))
            assert "tw-refused" not in w.message, f"deal {seed}: {w.message}"
        else:
            raise AssertionError(f"deal {seed}: the auction never ended")


def test_the_discard_picker_lists_the_hand_in_its_sorted_order() -> None:
    # the count bids (North's nullo on this deal is the count's call; the simulation does not bid it)
    game = Game("west-seventh-street", 6, budget=Budget(seconds=None, early=1, middle=1, late=1, bids=0))
    _until(game, Seat.S)
    game.call(Bid(BidKind.GRAND_NULLO))
    _until(game, Seat.N)  # North puts away five of its hand and the five South passed
    w = PracticeWidget(game, "N")
    offered = [next(c[len("tutor-card-"):] for c in b._dom_classes
                    if c.startswith("tutor-card-") and c != "tutor-card-button")
               for b in w.card_row.children if isinstance(b, widgets.ToggleButton)]
    held = [str(c) for c in game.held(Seat.N)]
    assert offered == [str(c) for c in sorted_hand(game.held(Seat.N), game.replay.context)]
    assert offered != held  # the deal's order, with the passed cards last, is not the hand's


def _finished(seed: int = 1) -> PracticeWidget:
    w = PracticeWidget.new("australian", seed, "S", samples=2)
    click_through(w)
    return w


def test_the_log_names_each_call_and_card_once_with_the_computers_why() -> None:
    w = _finished()
    log = "\n".join(w.lines)
    for step in w.game.replay.steps:
        if step.kind is StepKind.CARD:
            assert log.count(step.ruling.text) == 1, step.ruling.text
    assert not re.search(r"(North|East|South|West) plays [^ ]+:", log)  # no "West plays 5♠: …"
    assert "Why: " in log


def test_the_end_shows_the_whole_deal_and_offers_each_decision_to_retry() -> None:
    w = _finished()
    rep = w.game.replay
    deal = w.end.deal_html.value
    for cards in rep.hand.hands.values():
        assert all(f'data-card="{c}"' in deal for c in cards)
    labels = [label for label, _ in w.end.picker.options]
    assert labels[0] == "call 1: Pass ?" and labels[-1].startswith("trick 10: ")  # marked by the review
    w.end.picker.value = "2.4"
    w.end.retry_button.click()
    assert w.game.to_act is Seat.S and "(retried from trick 2)" in w.game.hand.title
    assert [p for t in w.game.hand.play for p in t] == [
        s.play for s in rep.steps if s.kind is StepKind.CARD][:7]
    assert "Your card, South, to trick 2." in w.prompt.value and not w.end.children
    w.new_deal()
    assert w.game.seed == 2 and w.game.hand.title == "Practice deal 2"


def test_the_marked_decisions_carry_their_mark_in_the_list() -> None:
    w = _finished()
    review = table_review(w.game.replay, Seat.S, seed=1)
    assert isinstance(review, Review)
    labels = dict((at, label) for label, at in w.end.picker.options)
    assert labels["call1"] == "call 1: Pass ?" and labels["7.4"] == "trick 7: 6♥ ?"
    marked = {v.place: v.mark for v in review.plays if v.mark}
    for d in decisions(w.game.replay, Seat.S):
        if d.kind is StepKind.CARD:
            assert labels[d.at] == (f"{d.label} {marked[d.at]}" if d.at in marked else d.label)


def test_show_what_happens_after_a_marked_card_compares_with_the_reviews_better_card() -> None:
    w = _finished()
    review = table_review(w.game.replay, Seat.S, seed=1)
    assert isinstance(review, Review)
    [verdict] = [v for v in review.plays if v.place == "7.4"]
    assert verdict.mark == "?" and verdict.best.words == "9♣"
    what = w.end.what_happens("7.4")  # 6♥ did as well as 9♣ on the actual cards
    assert what is not None and what.better is not None and what.better.card == Play.parse("9C")
    w.end.line_toggle.value = "better"
    better = w.end.view
    assert better is not None and better.replay.steps[better.step].play == Play.parse("9C")
    assert f"After 9♣ instead ({BY_THE_REVIEW})" in w.end.stepper.children[1].value


def test_show_what_happens_steps_the_punishing_line_and_the_better_one() -> None:
    w = _finished()
    what = w.end.what_happens("2.4")  # A♥ cost a trick there
    assert what is not None and what.better is not None
    view = w.end.view
    assert view is not None and view.replay.steps[view.step].play == what.played.card
    assert view.show == "all" and "takes 7 tricks" in w.end.stepper.children[1].value
    while view.replay.steps[view.step + 1].kind is not StepKind.CARD:
        view.next_button.click()  # the trick won
    view.next_button.click()
    assert view.replay.steps[view.step].play == what.played.plays[1]  # the next card of the line
    w.end.line_toggle.value = "better"
    better = w.end.view
    assert better is not view and better is not None
    assert better.replay.steps[better.step].play == what.better.card
    assert "After 8♥ instead (the double-dummy best card)" in w.end.stepper.children[1].value


def test_show_what_happens_draws_the_line_once() -> None:
    """One view a click: a line drawn again and again under the click (the toggle's options and
    value each redrawing it) leaves a browser's next click on a view already replaced."""
    w = _finished()
    drawn: list[object] = []
    real = w.end._draw_line

    def count() -> None:
        drawn.append(w.end.line_toggle.value)
        real()

    w.end._draw_line = count  # type: ignore[method-assign]
    w.end.what_happens("7.4")
    w.end.what_happens("2.4")  # a second card: drawn once more, from the line after it
    assert drawn == ["played", "played"]
    w.end.line_toggle.value = "better"  # the learner's own choice still draws it
    assert drawn == ["played", "played", "better"]


def test_a_defender_reads_the_kitty_and_the_discard_face_down_in_the_log() -> None:
    w = PracticeWidget.new("australian", 1, "W", samples=2)
    w.call("pass")  # South wins the auction; the computer plays on to West's first card
    log = "\n".join(w.lines)
    hand = w.game.hand
    assert hand.discard is not None and "Your card, West" in w.prompt.value
    for card in (*hand.kitty, *hand.discard):
        assert card.words() not in log and card.pretty() not in log
    assert "South takes the kitty without showing it." in log
