"""How the widgets draw a trick, checked in headless Chromium.

The widgets' pictures are HTML with their own stylesheet (``widget_style.html``); here that HTML
is laid out by a real browser, as JupyterLab would, and the boxes are measured. (The full
JupyterLab round trip is in test_browser_widget.py; this is the quick check of the drawing.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tutor.engine.replay import Replay
from tutor.files import handfile
from tutor.teach.quiz import QuestionKind
from tutor.views.widgets import QuizWidget, ReplayWidget
from tutor.views.widgets._common import style_html

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "tests" / "data" / "spec-example.yaml"
TWO = ROOT / "hands" / "two-handed-table-cards.yaml"


def replay(path: Path) -> Replay:
    rp, problems = handfile.check(path)
    assert rp is not None and not problems
    return rp


def show(page: Page, html: str) -> None:
    page.set_content(f'<!DOCTYPE html><html><body><div class="tutor-widget" style="width:56rem">'
                     f'{style_html()}{html}</div></body></html>')


def box(page: Page, selector: str) -> dict[str, Any]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


def apart(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)


def test_a_lone_lead_is_drawn_at_its_seat(page: Page) -> None:
    """South leads trick 2: with one card in the middle, it is drawn low (South), not at the top."""
    rp = replay(EXAMPLE)
    w = ReplayWidget(rp, step=rp.step_of_trick(2))
    show(page, w.table.value)
    trick = box(page, ".tw-centre .trick")
    lead = box(page, ".tw-centre .trick-card.seat-S")
    assert lead["y"] + lead["height"] / 2 > trick["y"] + trick["height"] * 2 / 3, (lead, trick)
    assert "led" in page.locator(".tw-centre .trick-card.led").inner_text()


def test_two_handed_trick_draws_all_four_cards_apart(page: Page) -> None:
    rp = replay(TWO)
    w = ReplayWidget(rp, step=rp.step_of_trick(1) + 3)
    show(page, w.table.value)
    cards = page.locator(".tw-centre .trick-card")
    assert cards.count() == 4
    boxes = [dict(cards.nth(i).bounding_box() or {}) for i in range(4)]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert apart(a, b), (a, b)
    assert page.locator(".tw-centre [data-card^=Jo]").is_visible()


def test_played_cards_stay_readable(page: Page) -> None:
    rp = replay(EXAMPLE)
    w = ReplayWidget(rp, step=rp.step_of_trick(3))
    show(page, w.table.value)
    played = page.locator(".card.played").first
    assert played.is_visible()
    style = played.evaluate("e => { const s = getComputedStyle(e);"
                            " return [s.opacity, s.textDecorationLine]; }")
    assert float(style[0]) == 1.0 and style[1] == "none", style


def test_quiz_widget_trick_marks_the_lead(page: Page) -> None:
    w = QuizWidget(seed=3, count=2, kinds=[QuestionKind.WHO_WINS])
    q = w.question
    assert q is not None and q.trick is not None
    show(page, w.question_html.value)
    led = page.locator(".trick-card.led")
    assert led.count() == 1 and q.trick.leader.word in led.inner_text() and "led" in led.inner_text()


def test_two_handed_piles_show_both_cards(page: Page) -> None:
    """Each table pile: the face-up card and the face-down one under it are both drawn whole."""
    rp = replay(TWO)
    w = ReplayWidget(rp)
    show(page, w.table.value)
    piles = page.locator(".pile")
    assert piles.count() == 10
    for i in range(10):
        cards = piles.nth(i).locator(".card")
        assert cards.count() == 2
        a, b = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
        assert a is not None and b is not None and apart(dict(a), dict(b)), i
