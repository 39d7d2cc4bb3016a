"""The practice table in a real JupyterLab, in headless Chromium: a whole hand played by clicks,
and *Take over from here* in the middle of a lesson, then *Back to the lesson*.

Reuses the JupyterLab server and helpers of ``test_browser_widget`` (a server of its own).
"""

from __future__ import annotations

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
        if "Analysis:" in text or "The hand is over" in text:
            break
        if "Your call" in text:
            table.locator(".tutor-call-button").click()  # the first choice: pass
        else:
            assert "Your card" in text, text
            turn = prompt.get_attribute("data-turn")
            table.locator(f".tutor-legal.tutor-turn-{turn}").first.click()  # this turn's buttons
        expect(prompt).not_to_have_text(text)  # the next turn (or the end) is drawn
    expect(prompt).to_contain_text("Analysis:")
    expect(table.locator(".tutor-practice-log")).to_contain_text("West")

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
