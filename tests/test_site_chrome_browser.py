"""The lesson site's frame in real Chromium: the embed page at 600 x 450 (issue 29).

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
