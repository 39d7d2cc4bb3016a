"""The lesson site's frame in real Chromium: the header, the skip link, the embed page (issue 29).

On a phone (390 x 844) the header is one row (it was seven links, five of them score sheets, in
five rows, about 300 px, above the title), the lesson's title is in the first screen, the page
and the viewer fit the width, and a skip link is the first Tab stop and takes the focus to the
hand viewer (29 Tab presses reached it). A desk (1280 x 800) keeps the same one row.

The embed of a lesson, in an iframe of about 600 x 450, shows the ruling of every step without
cutting it off at the frame's foot: the ruling sits in the space the table and the controls
leave, and scrolls there when long. The two-handed lesson's taller table (each player's table
piles) used to push it out of the frame; the four-handed one fitted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tutor.views.site.export import Site

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parent.parent
EMBED = {"width": 600, "height": 450}
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
LESSON = "first-night-seven-hearts"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("chrome-site")
    assert Site([ROOT / "hands"], out, matches=[ROOT / "matches"], embed=True).build().ok
    return out


RULING = """() => {
  const root = document.querySelector('#viewer');
  const box = root.querySelector('[data-part=ruling]');
  const r = box.getBoundingClientRect();
  return {step: +root.dataset.step, asking: root.dataset.asking, top: r.top, bottom: r.bottom,
          scrolls: getComputedStyle(box).overflowY === 'auto', inner: box.scrollHeight > box.clientHeight,
          text: box.querySelector('[data-part=text]').textContent};
}"""


@pytest.mark.parametrize("name", ["two-handed-table-cards", "first-night-seven-hearts"],
                         ids=["two-handed", "four-handed"])
def test_the_embed_shows_every_rulings_in_its_frame(page: Page, site: Path, name: str) -> None:
    page.set_viewport_size(EMBED)  # type: ignore[arg-type]
    page.goto((site / "embed" / f"{name}.html").as_uri())
    page.wait_for_selector("#viewer:not([hidden])")
    seen = 0
    while True:
        shot = page.evaluate(RULING)
        if shot["asking"] == "0":  # a question may push the page to scroll; a ruling may not
            seen += 1
            where = f"step {shot['step']}: {shot['text'][:60]}"
            assert shot["text"], where
            assert shot["top"] >= 0 and shot["bottom"] <= EMBED["height"] + 0.5, where
            # a ruling longer than its box scrolls inside it, never past the frame unseen
            assert not shot["inner"] or shot["scrolls"], where
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= EMBED["width"], where
        if page.is_disabled("#viewer button[data-go=next]"):
            break
        page.click("#viewer button[data-go=next]")
    assert seen > 40


@pytest.mark.parametrize("size", [PHONE, DESK], ids=["phone", "desk"])
def test_the_header_is_one_row_and_the_title_in_the_first_screen(page: Page, site: Path,
                                                                  size: dict[str, int]) -> None:
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.goto((site / "lessons" / f"{LESSON}.html").as_uri())
    page.wait_for_selector("#viewer:not([hidden])")
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 60, header
    tops = {round(b["y"]) for a in page.locator(".site-nav a").all() if (b := a.bounding_box())}
    assert len(tops) == 1, f"the header's links are on {len(tops)} rows"
    assert page.locator(".site-nav a").count() <= 4
    title = page.locator("h1").bounding_box()
    assert title is not None and title["y"] + min(title["height"], 40) <= size["height"], title
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert sizes[0] <= sizes[1], f"the page scrolls sideways: {sizes}"
    viewer = page.locator("#viewer").bounding_box()
    assert viewer is not None and viewer["x"] >= 0 and viewer["x"] + viewer["width"] <= size["width"]


def test_the_index_lists_what_the_headers_more_link_names(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / f"{LESSON}.html").as_uri())
    page.click(".site-nav a:text-is('More')")
    assert page.url.endswith("index.html#more-heading")
    assert page.locator("#more-heading ~ ul a[href^='scores/']").count() >= 1


@pytest.mark.parametrize("size", [PHONE, DESK], ids=["phone", "desk"])
def test_the_skip_link_is_the_first_tab_stop_and_reaches_the_viewer(page: Page, site: Path,
                                                                     size: dict[str, int]) -> None:
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.goto((site / "lessons" / f"{LESSON}.html").as_uri())
    page.wait_for_selector("#viewer:not([hidden])")
    page.keyboard.press("Tab")
    first = page.evaluate("() => [document.activeElement.className, document.activeElement.textContent]")
    assert first[0] == "skip-link", first
    skip = page.locator(".skip-link").bounding_box()
    assert skip is not None and skip["x"] >= 0 and skip["y"] >= 0, "the skip link shows when focused"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "viewer"
    page.keyboard.press("Tab")  # the next stop is inside the viewer
    assert page.evaluate("() => document.getElementById('viewer').contains(document.activeElement)")
