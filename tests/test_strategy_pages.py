"""A strategy lesson's page stops at the decision its intro asks: the auction and the discards
(which answer it) open only on request; a rules lesson's page is laid out as before."""

from __future__ import annotations

from pathlib import Path

import html5lib
import pytest
from playwright.sync_api import Page, expect

from tutor.views.export import Site

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
STRATEGY = "misere-bury-the-lone-cards"   # asks for the three cards to bury
RULES = "eight-hearts-set"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("strategy-site")
    assert Site([HANDS / f"{STRATEGY}.yaml", HANDS / f"{RULES}.yaml"], out).build().ok
    return out


def _doc(site: Path, name: str) -> object:
    return html5lib.parse((site / "lessons" / f"{name}.html").read_bytes(), namespaceHTMLElements=False)


def test_the_strategy_page_hides_the_auction_and_discards_until_asked(site: Path) -> None:
    doc = _doc(site, STRATEGY)
    decisions = [d for d in doc.iter("details") if d.get("class") == "decision"]  # type: ignore[attr-defined]
    assert len(decisions) == 1 and decisions[0].get("open") is None
    inside = {s.get("id") for s in decisions[0].iter("section")}
    assert {"auction", "kitty"} <= inside
    text = " ".join("".join(decisions[0].itertext()).split())
    assert "Bury the 10 and the 8 of clubs" in text       # the answer is inside, not before
    page = " ".join("".join(doc.itertext()).split())  # type: ignore[attr-defined]
    assert page.index("Which three, and why?") < page.index("Bury the 10 and the 8 of clubs")


def test_a_rules_lesson_page_has_no_decision_to_hide(site: Path) -> None:
    doc = _doc(site, RULES)
    assert not [d for d in doc.iter("details") if d.get("class") == "decision"]  # type: ignore[attr-defined]


@pytest.mark.browser
def test_the_decision_opens_in_a_browser(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / f"{STRATEGY}.html").as_uri())
    discards = page.locator("#kitty")
    expect(discards).to_be_hidden()
    # The question shows in the page's introduction (and in the hand viewer at its first step).
    expect(page.get_by_role("note", name="Introduction").get_by_text("Which three, and why?")).to_be_visible()
    page.get_by_text("Decide first, then show the auction and the discards").click()
    expect(discards).to_be_visible()
    expect(page.get_by_text("Bury the 10 and the 8 of clubs", exact=False)).to_be_visible()
