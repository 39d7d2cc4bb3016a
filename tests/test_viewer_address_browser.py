"""The hand viewer in words and at an address (issue 29, the site), in a real headless Chromium.

The step line says what the engine ruled in words ("following suit"), never a ruling's kind;
the head says the contract in words. ``#trick=N`` (or ``#step=K``) opens that step with the
viewer in view, stepping keeps the address on the step shown (a copied address opens it again),
and an address that names no step says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page
from test_viewer_browser import HANDS, LESSONS, Offline, replay_of, snapshot

from tutor.engine.replay import Replay, StepKind
from tutor.engine.rulings import Kind
from tutor.views.site.export import Site

pytestmark = pytest.mark.browser

#: Lessons of every kind of step: trick play, misère, a decision, the two-handed table.
NAMES = ("01-no-trumps-notes", "02-misere", "04-joker-nominated", "joker-led-in-no-trumps",
         "hearts-or-no-trumps", "two-handed-table-cards")
#: A ruling kind as code names it: upper or lower case words joined by dashes.
SLUG = re.compile(r"\b(?:[A-Z]+(?:-[A-Z]+)+|[a-z]+(?:-[a-z]+){1,})\b")
#: A contract in notation: 8NT, 7♥.
CODE = re.compile(r"\b\d{1,2}\s*(NT|No|[SHDC♠♥♦♣])(?!\w)")
SHORT = {"width": 1200, "height": 600}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("address-site")
    sources = [HANDS, *(LESSONS / f"{name}.yaml" for name in NAMES if not (HANDS / f"{name}.yaml").exists())]
    assert Site(sources, out, embed=True).build().ok
    return out


def address_of(rp: Replay, at: int) -> str:
    """A step's address: #trick=N at a trick's first card, #step=K (as the step line counts) else."""
    step = rp.steps[at]
    return f"#trick={step.trick}" if step.kind is StepKind.CARD and step.position == 1 else f"#step={at + 1}"


def lesson_uri(site: Path, name: str, hash_: str = "") -> str:
    return (site / "lessons" / f"{name}.html").as_uri() + hash_


def open_at(page: Page, site: Path, name: str, hash_: str = "") -> Offline:
    watch = Offline(page, site)
    page.goto("about:blank")  # a new document each time, not a change of fragment
    page.goto(lesson_uri(site, name, hash_))
    page.wait_for_selector("#viewer:not([hidden])")
    return watch


def step_line(page: Page) -> str:
    return page.inner_text("#viewer [data-part=kind]")


def viewer_top(page: Page) -> float:
    top: float = page.eval_on_selector("#viewer", "v => v.getBoundingClientRect().top")
    return top


def assert_viewer_in_view(page: Page) -> None:
    """The viewer's heading is at the top of the window, below the page's sticky bar (if any)."""
    top = viewer_top(page)
    assert 0 <= top < 80, f"the viewer is {top}px from the top of the window"
    covered = page.eval_on_selector("#viewer-heading", """h => {
      const r = h.getBoundingClientRect();
      return !h.contains(document.elementFromPoint(r.left + 5, r.top + r.height / 2));
    }""")
    assert not covered, "the viewer's heading is under something"


@pytest.mark.parametrize("name", NAMES)
def test_the_step_line_says_each_ruling_in_words(page: Page, site: Path, name: str) -> None:
    watch = open_at(page, site, name)
    rp = replay_of(name)
    slugs = {k.value for k in Kind if "-" in k.value}
    last = len(rp.steps) - 1
    seen = 0
    while True:
        shot = snapshot(page)
        line = step_line(page)
        # the words of the ruling, as the engine labels its kind, and never the kind's name
        words = " ".join(line.split())
        assert not SLUG.search(words.replace("no-trumps", "no trumps")), f"step {shot['step']}: {words!r}"
        assert not any(s in words.lower() for s in slugs), words
        if not shot["asking"] and "decision" not in words.lower():
            step = rp.steps[shot["step"]]
            assert words.lower().endswith(step.ruling.kind.label.lower()), (words, step.ruling.kind)
            seen += 1
        head = " ".join(page.inner_text("#viewer [data-part=head]").split())
        assert not CODE.search(head), f"step {shot['step']}: the contract in notation: {head!r}"
        if shot["step"] >= last and not shot["asking"]:
            break
        page.click("#viewer button[data-go=next]")
    assert seen >= len(rp.steps) - 1
    if rp.contract is not None:
        assert f"Contract: {rp.contract.bid.words()} by {rp.contract.declarer.word}" in head
    assert not watch.problems, watch.problems


def test_trick_3_in_the_address_opens_it_with_the_viewer_in_view(page: Page, site: Path) -> None:
    page.set_viewport_size(SHORT)
    name = "01-no-trumps-notes"
    open_at(page, site, name)
    assert viewer_top(page) > 150, "opened without an address, the page starts at its top"
    open_at(page, site, name, "#trick=3")
    rp = replay_of(name)
    step = rp.steps[snapshot(page)["step"]]
    assert (step.kind, step.trick, step.position) == (StepKind.CARD, 3, 1)
    assert_viewer_in_view(page)
    assert page.is_hidden("#viewer [data-part=address]")


@pytest.mark.parametrize("name", ["01-no-trumps-notes", "02-misere"])
def test_stepping_keeps_the_address_on_the_step_shown(page: Page, site: Path, name: str) -> None:
    rp = replay_of(name)
    open_at(page, site, name)
    assert page.evaluate("location.hash") == "", "opening the page adds no address"
    hashes = []
    for _ in range(12):
        page.click("#viewer button[data-go=next]")
        shot = snapshot(page)
        hashes.append((page.evaluate("location.hash"), shot["step"]))
    assert len({h for h, _ in hashes}) > 3, hashes
    for hash_, at in hashes:
        assert hash_ == address_of(rp, at)
    assert page.evaluate("history.length") <= 3, "stepping adds nothing to the history"
    # a copied address opens the same step, also after the end of the auction
    for hash_, at in hashes[::3]:
        open_at(page, site, name, hash_)
        assert snapshot(page)["step"] == at, hash_
    page.focus("#viewer .hv-table")  # keys move the address too
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    at = snapshot(page)["step"]
    assert at == len(rp.steps) - 2
    assert page.evaluate("location.hash") == address_of(rp, at)


@pytest.mark.parametrize(("hash_", "says"), [
    ("#trick=99", "trick 99"),
    ("#trick=x", "trick=x"),
    ("#trick=0", "trick 0"),
    ("#step=999", "step 999"),
])
def test_an_address_that_names_no_step_says_so(page: Page, site: Path, hash_: str, says: str) -> None:
    page.set_viewport_size(SHORT)
    watch = open_at(page, site, "01-no-trumps-notes", hash_)
    notice = page.locator("#viewer [data-part=address]")
    assert notice.is_visible()
    text = notice.inner_text()
    assert says in text and "Showing the deal" in text, text
    assert snapshot(page)["step"] == 0
    assert_viewer_in_view(page)  # and what it says
    page.click("#viewer button[data-go=next]")
    assert notice.is_hidden(), "the notice goes with the first move"
    assert not watch.problems, watch.problems


def test_the_pages_own_anchors_are_no_address_of_the_viewer(page: Page, site: Path) -> None:
    open_at(page, site, "01-no-trumps-notes", "#trick-3")
    assert page.is_hidden("#viewer [data-part=address]")
    assert snapshot(page)["step"] == 0
