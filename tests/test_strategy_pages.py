"""A lesson's page stops at its decision: the question with its choices, and under it, closed
until the learner answers, the answer, its explanation and the rest of the hand. Nothing before
the question gives the answer away; a lesson without a decision is laid out as before."""

from __future__ import annotations

from pathlib import Path

import html5lib
import pytest
from playwright.sync_api import Page, expect

from tutor.views.site.export import Site

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
DISCARD = "misere-which-three-to-put-away"      # which three cards to bury
CALL = "count-then-bid"     # seven hearts or eight
CARD = "misere-defence-what-to-throw"       # West's card at trick 8
RULES = "eight-hearts-set"
SITE_LESSONS = (DISCARD, CALL, CARD, RULES)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("strategy-site")
    assert Site([HANDS / f"{name}.yaml" for name in SITE_LESSONS], out).build().ok
    return out


def _doc(site: Path, name: str) -> object:
    return html5lib.parse((site / "lessons" / f"{name}.html").read_bytes(), namespaceHTMLElements=False)


def _text(element: object) -> str:
    """The words a reader sees: the viewer's data block and card templates left out."""
    def words(e: object) -> list[str]:
        out = [] if e.tag in ("script", "template") else [e.text or ""]  # type: ignore[attr-defined]
        for child in e:  # type: ignore[attr-defined]
            out += words(child)
            out.append(child.tail or "")
        return out
    return " ".join("".join(words(element)).split())


def _ids(element: object) -> set[str]:
    return {e.get("id") for e in element.iter() if e.get("id")}  # type: ignore[attr-defined]


#: (lesson, sections hidden under the answer, sections in view before the question,
#:  the answer's words, words that must not appear before the question)
PAGES = [
    (DISCARD, {"deal", "kitty", "play", "result"}, {"seat-hand", "auction"},
     "Bury the 10 and the 8 of clubs", ["Bury the 10", "misère made", "buries"]),
    (CALL, {"deal", "auction", "kitty", "play", "result"}, {"seat-hand"}, "Seven hearts. The joker",
     ["bids seven hearts", "seven hearts made", "7♥ by South"]),
    # West defends: the deal and the kitty (South's discards) wait for the answer
    (CARD, {"deal", "kitty", "play-rest", "trick-8", "result"}, {"seat-hand", "auction", "play", "trick-7"},
     "West throws the ace of hearts", ["West throws the ace of hearts", "the misère fails"]),
]


@pytest.mark.parametrize(("name", "hidden", "shown", "answer", "spoilers"), PAGES, ids=[p[0] for p in PAGES])
def test_the_page_asks_before_it_shows(site: Path, name: str, hidden: set[str], shown: set[str],
                                       answer: str, spoilers: list[str]) -> None:
    doc = _doc(site, name)
    (box,) = [s for s in doc.iter("section") if s.get("id") == "decision"]  # type: ignore[attr-defined]
    (details,) = [d for d in box.iter("details") if d.get("class") == "decision-answer"]
    assert details.get("open") is None
    assert hidden <= _ids(details)
    article = doc.find(".//article")  # type: ignore[attr-defined]
    before = _text(article)[: _text(article).index(_text(box)[:40])]
    assert not shown & _ids(details)
    assert shown <= _ids(article)
    for spoiler in spoilers:
        assert spoiler not in before, spoiler
    assert answer in _text(details)
    # the choices: buttons (hidden until the script runs), one of them the lesson's answer
    buttons = list(box.iter("button"))
    assert len(buttons) >= 2 and box.get("data-answer") in {b.get("data-key") for b in buttons}
    # the page's summary states the point: it is not shown above the question
    assert not [p for p in article.iter("p") if p.get("class") == "lead"]


def test_a_decision_in_the_play_draws_the_trick_so_far(site: Path) -> None:
    doc = _doc(site, CARD)
    (box,) = [s for s in doc.iter("section") if s.get("id") == "decision"]  # type: ignore[attr-defined]
    trick = next(d for d in box.iter("div") if d.get("class") == "decision-trick")
    cards = [c.get("data-card") for c in trick.iter("span") if c.get("data-card")]
    assert cards == ["8D", "6H"]  # East led the 8 of diamonds, South threw the 6 of hearts


def test_a_rules_lesson_page_has_no_decision(site: Path) -> None:
    doc = _doc(site, RULES)
    assert "decision" not in _ids(doc)
    assert [p for p in doc.iter("p") if p.get("class") == "lead"]  # type: ignore[attr-defined]


def _index_items(site: Path) -> dict[str, str]:
    """Each lesson's line in the index, by the lesson's file name: the words a reader sees."""
    doc = html5lib.parse((site / "index.html").read_bytes(), namespaceHTMLElements=False)
    items = [li for li in doc.iter("li") if li.get("class") == "lesson-item"]  # type: ignore[attr-defined]
    return {next(a for a in li.iter("a")).get("href").rsplit("/", 1)[-1].removesuffix(".html"): _text(li)
            for li in items}


#: (lesson, what its line in the index shows, what it must not show before the question)
INDEX = [
    (CALL, ["South to decide: Seven hearts (200) or eight (300)?", "Count your tricks, then bid"],
     ["seven hearts, not eight", "7♥ by South", "Seven hearts by South", "made", "Result"]),
    (DISCARD, ["South to decide: Which three cards do you put away?", "misère by South"],
     ["Burying both clubs", "made", "Result"]),
    (CARD, ["West to decide:", "misère by South"], ["beating the misère", "set", "Result"]),
    (RULES, ["Pushed to eight hearts", "Result", "eight hearts by West"], ["to decide", "8♥"]),
]


@pytest.mark.parametrize(("name", "shown", "hidden"), INDEX, ids=[i[0] for i in INDEX])
def test_the_index_asks_the_question_instead_of_the_summary(site: Path, name: str, shown: list[str],
                                                            hidden: list[str]) -> None:
    line = _index_items(site)[name]
    for words in shown:
        assert words in line, (words, line)
    for words in hidden:
        assert words not in line, (words, line)


def test_the_summary_is_shown_with_the_answer(site: Path) -> None:
    doc = _doc(site, CALL)
    (details,) = [d for d in doc.iter("details") if d.get("class") == "decision-answer"]  # type: ignore[attr-defined]
    assert "In short: South counts three sure tricks" in _text(details)


@pytest.mark.browser
def test_a_wrong_choice_says_so_and_may_be_retried_then_the_right_one_opens_the_rest(
        page: Page, site: Path) -> None:
    page.goto((site / "lessons" / f"{DISCARD}.html").as_uri())
    box = page.locator("#decision")
    expect(page.locator("#kitty")).to_be_hidden()
    expect(box.get_by_text("South to decide: Which three cards do you put away?")).to_be_visible()
    wrong = box.locator('.decision-choice[data-key="b"]')
    wrong.click()
    expect(box.locator(".decision-feedback")).to_contain_text("Not this one:")
    expect(box.locator(".decision-feedback")).to_contain_text("Try again, or show the answer below.")
    expect(wrong).to_be_disabled()
    expect(box.locator('.decision-choice[data-key="a"]')).to_be_enabled()  # a retry
    expect(page.locator("#decision-answer")).not_to_have_attribute("open", "")
    expect(page.locator("#kitty")).to_be_hidden()
    box.locator('.decision-choice[data-key="a"]').click()
    expect(box.locator(".decision-feedback")).to_have_text("Right.")
    expect(box.locator('.decision-choice[data-key="a"]')).to_have_class(
        "quiz-choice decision-choice chosen-right right-answer")
    expect(box.locator(".decision-choice").first).to_be_disabled()
    expect(box.locator(".decision-verdict")).to_contain_text("Bury the 10 and the 8 of clubs")
    expect(page.locator("#kitty")).to_be_visible()
    expect(page.locator("#trick-1")).to_be_visible()


@pytest.mark.browser
def test_opening_the_answer_first_is_not_an_answer(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / f"{CALL}.html").as_uri())
    box = page.locator("#decision")
    box.get_by_text("Decide first, then show the answer and the whole hand").click()
    expect(box.locator(".decision-feedback")).to_have_text("Answer shown before choosing.")
    expect(box.locator(".decision-choice").first).to_be_disabled()
    expect(page.locator("#auction")).to_be_visible()


@pytest.mark.browser
def test_the_hand_viewer_stops_at_the_decision_and_asks(page: Page, site: Path) -> None:
    page.goto((site / "lessons" / f"{CALL}.html").as_uri())
    viewer = page.locator("#viewer")
    expect(viewer).to_be_visible()
    viewer.get_by_role("button", name="Next").click()  # from the deal: South's call is the decision
    expect(viewer).to_have_attribute("data-asking", "decision")
    expect(viewer).to_have_attribute("data-step", "0")
    expect(viewer.locator("#viewer-question-text")).to_contain_text(
        "South to decide: Seven hearts (200) or eight (300)?")
    expect(viewer.locator(".tw-ruling-text")).not_to_contain_text("bids")  # the call is not shown yet
    viewer.locator('.hv-choice[data-key="a"]').click()
    expect(viewer).to_have_attribute("data-step", "1")
    feedback = viewer.locator('[data-part="feedback"]')
    expect(feedback).to_contain_text("Right: seven hearts.")
    expect(feedback).to_contain_text("Both bowers, the jacks of hearts and diamonds, are out")
    expect(viewer.locator(".tw-ruling-text")).to_contain_text("South bids seven hearts")
    # the page's question is answered the same way, and the rest of the hand is open
    expect(page.locator("#decision .decision-feedback")).to_have_text("Right.")
    expect(page.locator("#auction")).to_be_visible()
    # back at the deal, Next does not ask again
    viewer.get_by_role("button", name="First").click()
    viewer.get_by_role("button", name="Next").click()
    expect(viewer).to_have_attribute("data-step", "1")


def _decide_at(name: str) -> int:
    from tutor.files.handfile import check
    rp, _problems = check(HANDS / f"{name}.yaml")
    assert rp is not None
    at = rp.decision_step()
    assert at is not None
    return at


def _jump_value(page: Page, label: str) -> str:
    option = page.locator(f'#viewer select[data-part=jump] option:text-is("{label}")')
    return str(option.get_attribute("value"))


#: (lesson, how the learner tries to get past the decision, the step the viewer then stands on:
#:  None for the step before the decision's, asking it; else the step reached without asking)
JUMPS = [
    (CALL, "last", None),
    (CALL, "end key", None),
    (CALL, "go to: The result", None),
    (CALL, "#trick=3", None),
    (CARD, "last", None),
    (CARD, "#trick=9", None),
    (CARD, "go to: Trick 10", None),
    (CARD, "#trick=8", "trick 8"),     # trick 8 starts before the decision (its 3rd card): no question
    (DISCARD, "go to: Trick 1", None),
    (DISCARD, "#trick=1", None),
]


@pytest.mark.browser
@pytest.mark.parametrize(("name", "how", "reached"), JUMPS, ids=[f"{j[0]}-{j[1]}" for j in JUMPS])
def test_the_viewer_cannot_jump_past_an_unanswered_decision(page: Page, site: Path, name: str, how: str,
                                                            reached: str | None) -> None:
    at = _decide_at(name)
    hash_ = how if how.startswith("#") else ""
    page.goto((site / "lessons" / f"{name}.html").as_uri() + hash_)
    viewer = page.locator("#viewer")
    expect(viewer).to_be_visible()
    if how == "last":
        viewer.get_by_role("button", name="Last").click()
    elif how == "end key":
        viewer.get_by_role("button", name="Next").focus()
        page.keyboard.press("End")
    elif how.startswith("go to: "):
        page.select_option("#viewer select[data-part=jump]", _jump_value(page, how.removeprefix("go to: ")))
    if reached is None:
        expect(viewer).to_have_attribute("data-asking", "decision")
        expect(viewer).to_have_attribute("data-step", str(at - 1))
        expect(viewer.locator("#viewer-question-text")).to_contain_text("to decide:")
        expect(page.locator("#decision-answer")).not_to_have_attribute("open", "")
        # answered, the same jump goes all the way
        viewer.locator('.hv-choice[data-key="a"]').click()
        expect(viewer).to_have_attribute("data-asking", "0")
        viewer.get_by_role("button", name="Last").click()
        expect(viewer).not_to_have_attribute("data-step", str(at - 1))
        expect(viewer).to_have_attribute("data-asking", "0")
    else:
        expect(viewer).not_to_have_attribute("data-asking", "decision")
        step = int(str(viewer.get_attribute("data-step")))
        assert step < at


@pytest.mark.browser
def test_without_javascript_the_answer_still_opens(browser: object, site: Path) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto((site / "lessons" / f"{DISCARD}.html").as_uri())
    expect(page.locator(".decision-choices")).to_be_hidden()
    expect(page.locator("#kitty")).to_be_hidden()
    page.get_by_text("Decide first, then show the answer and the whole hand").click()
    expect(page.locator("#kitty")).to_be_visible()
    expect(page.locator(".decision-verdict")).to_contain_text("Bury the 10 and the 8 of clubs")
    context.close()
