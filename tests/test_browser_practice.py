"""The practice table in a real JupyterLab, in headless Chromium: a whole hand played by clicks,
what happens after a card (stepped) and *Retry from here*, and *Take over from here* in the
middle of a lesson, then *Back to the lesson*; the learner's nomination of the joker.

Reuses the JupyterLab server and helpers of ``test_browser_widget`` (a server of its own).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_browser_widget import _run_notebook, jupyter_lab, patient_expect

pytestmark = pytest.mark.browser

PRACTICE = "notebooks/06-practice.ipynb"

__all__ = ["jupyter_lab", "patient_expect"]  # fixtures, used by name


def test_a_hand_at_the_practice_table_and_a_take_over(
    jupyter_lab: str, page: Any, patient_expect: Any
) -> None:
    expect = patient_expect
    _run_notebook(page, expect, jupyter_lab, PRACTICE)
    table = page.locator(".tutor-practice").first
    expect(table.get_by_text("Your call, South.")).to_be_visible()
    prompt = table.locator(".tw-prompt").first
    for _ in range(60):  # at most a few calls and ten cards
        text = prompt.inner_text()
        if "Review of your decisions" in text or "The hand is over" in text:
            break
        if "Your call" in text:
            table.locator(".tutor-call-button").click()  # the first choice: pass
        else:
            assert "Your card" in text, text
            turn = prompt.get_attribute("data-turn")
            table.locator(f".tutor-legal.tutor-turn-{turn}").first.click()  # this turn's buttons
        expect(prompt).not_to_have_text(text)  # the next turn (or the end) is drawn
    # the review of South's decisions replaces the old double-dummy line (the same seeded hand
    # as test_practice_widget's: the pass marked ?, the 6♥ in trick 7 ?)
    expect(prompt).to_contain_text("Review of your decisions, South")
    expect(prompt).to_contain_text("Auction: South's pass ?:")
    expect(prompt).not_to_contain_text("Analysis:")
    expect(table.locator(".tutor-practice-log")).to_contain_text("Why: ")
    expect(table.locator(".tutor-whole-deal")).to_contain_text("The whole deal, as dealt")
    # the log told the other seats' calls in what they say, never the cards they counted; the
    # reasons in full come after the whole deal
    counted = re.compile(r"trumps with|side aces?,|counts to|the best count")
    expect(table.locator(".tw-why").filter(has_text=counted)).to_have_count(0)
    reasons = table.locator(".tutor-full-reasons")
    reasons.locator("summary").click()
    expect(reasons).to_contain_text("The computer's reasons in full")
    expect(reasons).to_contain_text("trick 10: ")

    # what happens after South's A♥ in trick 2 (it cost a trick: the same seeded hand as
    # test_practice_widget's), stepped card by card, then the line after the better card
    table.locator(".tutor-decision-picker select").select_option(label="trick 2: A♥")
    table.locator(".tutor-show-button").click()
    stepper = table.locator(".tutor-line-stepper")
    expect(stepper.locator(".tutor-line-caption")).to_contain_text("after your A♥ in trick 2")
    ruling = stepper.locator(".tw-ruling-text")
    expect(ruling).to_contain_text("South")
    before = ruling.inner_text()
    stepper.get_by_role("button", name="Next ▶").click()
    expect(ruling).not_to_have_text(before)  # one card on along the line
    stepper.get_by_role("button", name="After 8♥ instead").click()
    expect(stepper.locator(".tutor-line-caption")).to_contain_text("After 8♥ instead")
    expect(ruling).to_contain_text("8 of hearts")

    # a card the review marked: its mark in the list, and the line after the review's better card
    table.locator(".tutor-decision-picker select").select_option(label="trick 7: 6♥ ?")
    table.locator(".tutor-show-button").click()
    expect(stepper.locator(".tutor-line-caption")).to_contain_text("after your 6♥ in trick 7")
    stepper.get_by_role("button", name="After 9♣ instead").click()
    expect(stepper.locator(".tutor-line-caption")).to_contain_text("After 9♣ instead (the better "
                                                                   "card with what you could see")

    # retry from A♥: the same deal up to there, South to play to trick 2
    table.locator(".tutor-decision-picker select").select_option(label="trick 2: A♥")
    table.locator(".tutor-retry-button").click()
    expect(prompt).to_contain_text("Your card, South, to trick 2.")
    expect(table.locator(".tutor-line-stepper")).to_have_count(0)

    lesson = page.locator(".tutor-replay").last
    expect(lesson.locator(".tw-ruling-text")).to_be_visible()
    lesson.get_by_role("button", name="Take over from here").click()
    practice = lesson.locator(".tutor-practice")
    expect(practice).to_be_visible()
    expect(practice.locator(".tw-prompt").first).to_contain_text("Your card")
    practice.locator(".tutor-legal").first.click()
    lesson.get_by_role("button", name="Back to the lesson").click()
    expect(lesson.locator(".tutor-practice")).to_have_count(0)
    expect(lesson.get_by_role("button", name="Take over from here")).to_be_visible()


# Seed 20204 (Australian): South has bid misère and picks up the kitty holding the joker
# (tests/test_practice_nomination.py); one layout a computer card, and the count bids (the
# simulation would not bid this misère).
NOMINATING = """\
from tutor.teach.players import Budget, Game, Phase
from tutor.views.widgets import PracticeWidget
game = Game("australian", 20204, budget=Budget(None, 1, 1, 1, bids=0))
while game.phase is Phase.AUCTION:
    game.computer()
PracticeWidget(game, "S")
"""


def test_the_learner_nominates_the_joker_by_a_button(jupyter_lab: str, page: Any,
                                                     patient_expect: Any) -> None:
    expect = patient_expect
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                           "outputs": [], "source": NOMINATING}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                            "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    page.goto(f"{jupyter_lab}/lab")  # the notebook saved through Lab's own client (its XSRF token)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager")
    page.evaluate("nb => window.jupyterapp.serviceManager.contents.save('notebooks/nominate.ipynb', "
                  "{type: 'notebook', format: 'json', content: nb})", notebook)
    _run_notebook(page, expect, jupyter_lab, "notebooks/nominate.ipynb")
    table = page.locator(".tutor-practice").first
    prompt = table.locator(".tw-prompt").first
    expect(prompt).to_contain_text("pick 3 cards to put away")
    for card in ("5S", "10D", "4H"):
        table.locator(f".tutor-card-{card}").click()
    table.locator(".tutor-discard-button").click()
    expect(prompt).to_contain_text("You hold the joker, South: nominate the joker's suit?")
    expect(prompt).to_contain_text("a misère is lost if the joker is not nominated")
    expect(table.locator(".tutor-nominate-button")).to_have_count(4)  # no keeping it in misère
    table.locator(".tutor-nominate-H").click()
    expect(table.locator(".tutor-practice-log")).to_contain_text("South nominates the joker as a heart")
    expect(prompt).to_contain_text("Your card, South, to trick 1.")
