"""How the lesson site looks where a learner reads it: headless Chromium on a desk and on a phone.

The sticky score never covers the deal; a score sheet reads on a phone without sideways
scrolling, totals first; print hides the way home and opens the rules; every tap target is at
least 44 px each way; suit symbols in text are in their colours; the header links to the
lessons and the topics; two-handed table piles show both cards of each pile, and "(dealer)"
goes on the dealer's hand, not on their table cards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tutor.views.site.export import Site

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parent.parent
PHONE = {"width": 375, "height": 740}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("layout-site")
    assert Site([ROOT / "hands"], out, matches=[ROOT / "matches"]).build().ok
    return out


def overlap(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    if a is None or b is None:
        return False
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("size", [PHONE, {"width": 1000, "height": 700}], ids=["phone", "desk"])
def test_the_score_bar_never_covers_the_deal(page: Page, site: Path, size: dict[str, int]) -> None:
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.goto((site / "lessons" / "first-night-seven-hearts.html").as_uri())
    score = page.locator("#quiz-score")
    assert score.is_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    assert page.locator(".trick-section .trick").count() > 0
    for y in range(0, height, 150):
        # Scrolled there, the boxes in one call (a round trip each made this test take most of a
        # minute): getBoundingClientRect, in the viewport as Playwright's bounding_box, and no
        # box (None) for an element not rendered, as bounding_box gives.
        boxes = page.evaluate(_BOXES, y)
        assert boxes["score"] is not None, y
        assert not overlap(boxes["score"], boxes["deal"]), y
        assert not overlap(boxes["score"], boxes["auction"]), y
        if size is PHONE:  # on a phone it stays in place: never over a trick either
            for trick in boxes["tricks"]:
                assert not overlap(boxes["score"], trick), y


_BOXES = """y => {
    window.scrollTo(0, y);
    const box = e => {
        if (!e || e.getClientRects().length === 0) return null;
        const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height};
    };
    return {score: box(document.querySelector("#quiz-score")),
            deal: box(document.querySelector("#deal")),
            auction: box(document.querySelector("#auction")),
            tricks: Array.from(document.querySelectorAll(".trick-section .trick"), box)};
}"""


def test_a_score_sheet_reads_on_a_phone_totals_first(page: Page, site: Path) -> None:
    page.set_viewport_size(PHONE)
    sheets = sorted((site / "scores").glob("*.html"))
    assert sheets
    for sheet in sheets:
        page.goto(sheet.as_uri())
        wide = page.evaluate("Math.max(...Array.from(document.querySelectorAll('body *'),"
                             " e => e.getBoundingClientRect().right))")
        assert wide <= PHONE["width"] + 0.5, f"{sheet.name}: something is {wide} px wide"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        standings = page.locator(".standings").bounding_box()
        table = page.locator(".score-table").bounding_box()
        assert standings is not None and table is not None and standings["y"] < table["y"]
        # each party's total is labelled with the party when the header row is not shown
        first_total = page.locator("td.total").first
        label = first_total.evaluate("e => getComputedStyle(e, '::before').content")
        assert "total" in label


def test_print_hides_the_breadcrumb_and_opens_the_rules(page: Page, site: Path) -> None:
    sheet = sorted((site / "scores").glob("*.html"))[0]
    page.goto(sheet.as_uri())
    rules = page.locator(".score-settings dl")
    assert not rules.is_visible()
    page.emulate_media(media="print")
    assert rules.is_visible()
    assert not page.locator(".breadcrumb").is_visible()
    topic = sorted((site / "topics").glob("*.html"))[0]
    page.goto(topic.as_uri())
    assert not page.locator(".breadcrumb").is_visible()


@pytest.mark.parametrize("name", ["index.html", "lessons/first-night-seven-hearts.html",
                                  "lessons/two-handed-table-cards.html"])
def test_tap_targets_are_at_least_44_px(page: Page, site: Path, name: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto((site / name).as_uri())
    small = page.evaluate("""() => Array.from(document.querySelectorAll(
        'button, summary, .lesson-nav a, .site-nav a, .contents a, a.tag, .breadcrumb a'))
        .filter(e => e.offsetParent !== null)
        .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
        .filter(([_, r]) => r.width < 44 || r.height < 44)
        .map(([t, r]) => t + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")
    assert not small, small


def test_suits_in_text_are_coloured(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / "first-night-seven-hearts.html").as_uri())
    # the contract is said in words ("seven hearts by South"); the auction's calls have the symbols
    assert page.locator(".lesson-facts .suit-red").count() == 0
    hearts = page.locator(".auction .call .suit-red").first
    assert hearts.inner_text() == "♥"
    red = hearts.evaluate("e => getComputedStyle(e).color")
    text = page.locator(".auction .ruling").first.evaluate("e => getComputedStyle(e).color")
    assert red != text and red.startswith("rgb(")


def test_the_header_links_to_lessons_and_topics(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / "open-misere.html").as_uri())
    nav = page.locator(".site-nav")
    nav.get_by_role("link", name="Topics", exact=True).click()
    assert page.url.endswith("index.html#topics-heading")
    assert page.locator("#topics-heading").is_visible()
    page.go_back()
    nav.get_by_role("link", name="Lessons", exact=True).click()
    assert page.url.endswith("index.html#lessons-heading")


def test_two_handed_piles_show_both_cards_and_dealer_only_on_the_hand(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / "two-handed-table-cards.html").as_uri())
    piles = page.locator("#deal .pile")
    assert piles.count() == 10
    for media in ("screen", "print"):
        page.emulate_media(media=media)  # type: ignore[arg-type]
        for i in range(piles.count()):
            cards = piles.nth(i).locator(".card")
            assert cards.count() == 2
            up, down = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
            assert up is not None and down is not None and not overlap(up, down), (media, i)
    page.emulate_media(media="screen")
    after = page.evaluate("""() => Array.from(document.querySelectorAll('#deal .seat-name'))
        .map(e => [e.textContent, getComputedStyle(e, '::after').content])""")
    dealer_marks = [text for text, content in after if "dealer" in content]
    assert dealer_marks == ["South"], after


TALL_PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("lesson", ["first-night-seven-hearts", "hearts-or-no-trumps"])
def test_the_hand_viewer_fits_a_phones_screen(page: Page, site: Path, lesson: str) -> None:
    """At 390 x 844 the whole viewer (the facts, the table, the buttons, the question and the
    ruling) is at most the screen's height at every step, and none of it is cut off: the ruling
    and the note scroll in the room left. Before, it stood about 1,133 px tall, the buttons and
    the ruling below the fold."""
    page.set_viewport_size(TALL_PHONE)  # type: ignore[arg-type]
    page.goto((site / "lessons" / f"{lesson}.html").as_uri())
    viewer = page.locator("#viewer")
    nxt = viewer.locator("[data-go=next]")
    asked = False
    for step in range(80):
        box = viewer.bounding_box()
        assert box is not None
        assert box["height"] <= TALL_PHONE["height"] + 0.5, f"step {step}: {box['height']} px tall"
        assert box["width"] <= TALL_PHONE["width"], box
        for part in ("[data-part=head]", "[data-part=table]", ".hv-controls", "[data-part=ruling]"):
            inner = viewer.locator(part).bounding_box()
            assert inner is not None and inner["height"] > 0, (step, part)
            top, bottom = inner["y"], inner["y"] + inner["height"]
            assert box["y"] - 0.5 <= top and bottom <= box["y"] + box["height"] + 0.5, (step, part)
        question = viewer.locator("[data-part=question]")
        if question.is_visible():  # the decision: its question and every choice in view
            asked = True
            for choice in question.locator("button").all():
                cb = choice.bounding_box()
                assert cb is not None and cb["y"] + cb["height"] <= box["y"] + box["height"] + 0.5, step
            question.locator("button").first.click()
        ruling = viewer.locator("[data-part=ruling]")
        overflow = ruling.evaluate("e => getComputedStyle(e).overflowY")
        clipped = ruling.evaluate("e => e.scrollHeight > e.clientHeight + 1")
        assert not clipped or overflow in ("auto", "scroll"), f"step {step}: the ruling is cut off"
        if nxt.is_disabled():
            break
        nxt.click()
    assert nxt.is_disabled(), "the hand was stepped to its end"
    assert asked or lesson != "hearts-or-no-trumps", "the decision was asked on the way"
