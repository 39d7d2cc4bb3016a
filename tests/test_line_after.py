"""A wrong card at a lesson's decision can show what happens after it: the best line on the true
layout after that card (tutor.solve.line.best_line), trick by trick, once the answer is shown
(it opens the hidden hands, so never while the learner may still try again); in `tutor replay`'s
prompt, the notebook widget, the lesson page and the hand viewer.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tutor.engine.replay import Replay
from tutor.files.handfile import check
from tutor.solve import deal_of
from tutor.solve.line import best_line
from tutor.solve.position import apply
from tutor.teach.decide import line_after, lines_after
from tutor.views.site.export import Site
from tutor.views.terminal.decide import ask_decision
from tutor.views.widgets import ReplayWidget

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
THROW = "misere-defence-what-to-throw"     # West at 8.3: a♥ (right), b Q♠, c 9♠
RUFF = "defence-partners-ace-of-clubs"     # East at 1.3: a 7♠ (right), b 6♥, c 10♥, d J♦


@cache
def _replay(name: str) -> Replay:
    rp, problems = check(HANDS / f"{name}.yaml")
    assert rp is not None and not problems, problems
    return rp


@pytest.mark.parametrize(("name", "index", "first", "won", "made", "end"), [
    # a spade thrown: the 4 of hearts is led later through West's ace, and South escapes
    (THROW, 1, "Trick 8: East 8♦, South 6♥, West Q♠ (your card); East wins", 0, True,
     "In all South takes no trick, so the misère makes."),
    (THROW, 2, "Trick 8: East 8♦, South 6♥, West 9♠ (your card)", 0, True, "the misère makes"),
    # trumping partner's ace: seven hearts makes
    (RUFF, 1, "Trick 1: West A♣, North 6♣, East 6♥ (your card), South J♣; East wins", 7, True,
     "In all North–South take 7 tricks, so seven hearts makes."),
])
def test_the_line_after_a_wrong_card_is_the_solvers_best_line(name: str, index: int, first: str,
                                                             won: int, made: bool, end: str) -> None:
    rp = _replay(name)
    decision = rp.hand.decision
    assert decision is not None and decision.card is not None
    after = line_after(rp, decision, index)
    assert after is not None and after.choice == decision.choices[index]
    lines = after.lines()
    assert lines[0].startswith(f"What happens after {decision.choices[index].pretty()}")
    assert lines[1].startswith(first) and end in lines[-1]
    assert (after.won, after.made) == (won, made)
    # the cards after the choice are best_line's from the position after it, to the last trick
    deal = deal_of(rp)
    trick, place = decision.card
    pos = deal.start
    for play in deal.plays[:(trick - 1) * len(pos.seats) + place - 1]:
        pos = apply(pos, play)
    played = [p for t in after.tricks for _s, p in t.plays][place - 1:]
    assert played == [after.choice, *best_line(apply(pos, after.choice))]
    assert after.tricks[-1].number == 10 and after.tricks[-1].winner is not None


@pytest.mark.parametrize(("name", "index"), [
    (THROW, 0),                    # the right card: nothing to punish
    ("count-then-bid", 1),         # a call: no card to play on from
    ("hearts-or-no-trumps", 1),
])
def test_no_line_for_the_right_card_or_a_call(name: str, index: int) -> None:
    rp = _replay(name)
    assert rp.hand.decision is not None
    assert line_after(rp, rp.hand.decision, index) is None


def test_every_wrong_card_has_a_line() -> None:
    rp = _replay(RUFF)
    assert rp.hand.decision is not None
    assert sorted(lines_after(rp, rp.hand.decision)) == [1, 2, 3]


def _terminal(name: str, answers: list[str]) -> list[str]:
    out: list[str] = []
    queue = list(answers)
    ask_decision(_replay(name), lambda: queue.pop(0) if queue else None, out.append, tries=2)
    return out


def test_the_terminal_shows_the_line_after_the_answer_only() -> None:
    out = _terminal(THROW, ["b", "reveal"])
    text = "\n".join(out)
    shown = next(i for i, line in enumerate(out) if "The answer: the ace of hearts" in line)
    line = next(i for i, s in enumerate(out) if "What happens after Q♠" in s)
    assert line > shown, text
    assert "Trick 8: East 8♦, South 6♥, West Q♠ (your card); East wins" in text
    assert "Trick 10: West A♥, East 4♥, South 8♥; West wins" in text
    assert "In all South takes no trick, so the misère makes." in text
    # before the answer (the wrong card told, a try left) nothing of the hidden hands
    assert "4♥" not in "\n".join(out[:shown])


def test_the_terminal_shows_no_line_for_a_right_first_answer() -> None:
    assert not any("What happens after" in s for s in _terminal(THROW, ["a"]))


def test_the_widget_offers_the_line_once_the_answer_is_shown() -> None:
    w = ReplayWidget(_replay(THROW))
    while not w.deciding:
        w.next()
    w.decide("b")  # wrong, a try left: nothing of the hidden hands yet
    assert w.lines_after == {} and "tw-line-after" not in w.feedback
    w.next()  # the answer shown
    assert list(w.lines_after) == ["b"]
    assert '<details class="tw-line-after">' in w.feedback  # closed until opened
    assert "What happens after Q♠" in w.feedback and "West A♥, East 4♥, South 8♥" in w.feedback
    right = ReplayWidget(_replay(THROW))
    while not right.deciding:
        right.next()
    right.decide("a")
    assert right.lines_after == {} and "tw-line-after" not in right.feedback


# --- the site, in Chromium ---------------------------------------------------------------------

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("line-after-site")
    assert Site([HANDS / f"{THROW}.yaml"], out).build().ok
    return out


@pytest.mark.browser
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_viewer_shows_the_line_only_after_a_wrong_answer(page: Page, site: Path,
                                                             size: dict[str, int]) -> None:
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.goto((site / "lessons" / f"{THROW}.html").as_uri())
    viewer = page.locator("#viewer")
    viewer.get_by_role("button", name="Last").click()  # stops at the decision and asks
    expect(viewer).to_have_attribute("data-asking", "decision")
    expect(viewer.locator(".tw-line-after")).to_have_count(0)
    viewer.locator('.hv-choice[data-key="b"]').click()  # the queen of spades: wrong, try again
    expect(viewer.locator('[data-part="feedback"]')).to_contain_text("Not this one")
    expect(viewer.locator(".tw-line-after")).to_have_count(0)  # East's hand is still hidden
    viewer.get_by_role("button", name="Next").click()  # the answer shown
    line = viewer.locator(".tw-line-after")
    expect(line).to_have_count(1)
    expect(line.locator("summary")).to_contain_text("What happens after Q♠")
    expect(line.locator(".tw-line-tricks li").first).not_to_be_visible()  # closed until opened
    line.locator("summary").click()
    expect(line.locator(".tw-line-tricks li")).to_have_count(3)
    expect(line.locator(".tw-line-tricks li").last).to_have_text(
        "Trick 10: West A♥, East 4♥, South 8♥; West wins")
    expect(line.locator(".tw-line-end")).to_have_text("In all South takes no trick, so the misère makes.")
    # the viewer still fits a phone's screen with the line open
    box = viewer.bounding_box()
    assert box is not None and (size is DESKTOP or box["height"] <= PHONE["height"] + 0.5), box


@pytest.mark.browser
def test_the_viewer_shows_no_line_after_a_right_answer(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / f"{THROW}.html").as_uri())
    viewer = page.locator("#viewer")
    viewer.get_by_role("button", name="Last").click()
    viewer.locator('.hv-choice[data-key="a"]').click()
    expect(viewer.locator('[data-part="feedback"]')).to_contain_text("Right")
    expect(viewer.locator(".tw-line-after")).to_have_count(0)


@pytest.mark.browser
def test_the_page_keeps_the_lines_inside_the_answer(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / f"{THROW}.html").as_uri())
    lines = page.locator("#decision-answer .tw-line-after")
    expect(lines).to_have_count(2)  # the queen and the 9 of spades
    expect(lines.first).not_to_be_visible()  # the answer is closed
    page.locator('#decision .decision-choice[data-key="b"]').click()  # wrong: still closed
    expect(lines.first).not_to_be_visible()
    page.locator('#decision .decision-choice[data-key="a"]').click()  # right: the answer opens
    expect(lines.first).to_be_visible()
    expect(lines.first.locator("summary")).to_contain_text("What happens after Q♠")
