"""Issue 29, a decision from one seat, on the lesson site: before the answer a decision lesson
shows only what the deciding seat could know (tutor.teach.seatview); the answer is given in
place, a wrong choice may be retried, and then the whole hand opens. A lesson that seats the
learner ("You are South") opens the viewer on that seat's hand, and prints its intro once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import html5lib
import pytest
from playwright.sync_api import Page, expect

from tutor.engine.decision import choice_code
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.files.handfile import check
from tutor.teach.seatview import seat_view
from tutor.views.site.export import Site

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
CALL = "count-then-bid"                    # South: seven hearts or eight; the kitty is K♦ 9♥ Q♠
DEFENCE = "defence-partners-ace-of-clubs"  # East, at trick 1: trump partner's ace or not
NO_DECISION = "first-night-seven-hearts"   # "You are South", and no decision
#: the unplayed cards of a seat in the viewer, face up
FACES = " .hand > .cards:not(.played-cards) .card[data-card]"
BACKS = " .hand > .cards:not(.played-cards) .card.back"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]


@cache
def _replay(name: str) -> Replay:
    rp, problems = check(HANDS / f"{name}.yaml")
    assert rp is not None and not problems
    return rp


def _decision_lessons() -> list[str]:
    return sorted(p.stem for p in HANDS.glob("*.yaml") if "\ndecision:" in p.read_text("utf-8"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("oneseat-site")
    names = {*_decision_lessons(), NO_DECISION}
    assert Site([HANDS / f"{n}.yaml" for n in sorted(names)], out).build().ok
    return out


def _drawn_before_the_answer(site: Path, name: str) -> list[str]:
    """The cards a reader sees on the page without opening the answer (the viewer's data block
    and face templates, drawn only by its script, left out)."""
    doc = html5lib.parse((site / "lessons" / f"{name}.html").read_bytes(), namespaceHTMLElements=False)
    out: list[str] = []

    def walk(e: object) -> None:
        tag, cls = e.tag, e.get("class")  # type: ignore[attr-defined]
        if tag in ("script", "template") or (tag == "details" and cls == "decision-answer"):
            return
        if e.get("data-card"):  # type: ignore[attr-defined]
            out.append(e.get("data-card"))  # type: ignore[attr-defined]
        for child in e:  # type: ignore[attr-defined]
            walk(child)

    walk(doc.find(".//article"))  # type: ignore[attr-defined]
    return out


def _codes(cards: object) -> set[str]:
    return {str(c) for c in cards}  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", _decision_lessons())
def test_a_decision_lesson_draws_only_what_the_deciding_seat_could_know(site: Path, name: str) -> None:
    rp = _replay(name)
    assert rp.hand.decision is not None
    seen = seat_view(rp, rp.hand.decision)
    knows = _codes(seen.hand) | _codes(seen.kitty) | _codes(seen.discard) | {
        str(p) for t in seen.tricks for p in t.plays} | _codes(seen.played)
    for cards in (*seen.open_hands.values(), *seen.table_cards.values()):
        knows |= _codes(cards)
    for choice in rp.hand.decision.choices:  # the cards offered are the seat's own
        knows |= set(choice_code(choice).split()) if rp.hand.decision.kind in ("play", "discard") else set()
    drawn = set(_drawn_before_the_answer(site, name))
    assert drawn <= knows, f"{name}: drawn before the answer, unknown to {seen.seat.word}: {drawn - knows}"
    assert _codes(seen.hand) <= drawn, f"{name}: {seen.seat.word}'s own hand is drawn"


def test_the_kitty_of_count_then_bid_is_not_drawn_before_the_answer(site: Path) -> None:
    drawn = _drawn_before_the_answer(site, CALL)
    assert not {"KD", "9H", "QS"} & set(drawn)
    assert sorted(drawn) == sorted(str(c) for c in _replay(CALL).hand.hands[Seat.S])


# --- in a real Chromium, at desktop and phone widths -------------------------------------------

KITTY = ["KD", "9H", "QS"]
NORTH = ["6S", "5S", "QH", "QC", "JC", "8C", "5C", "10D", "9D", "4D"]  # in count-then-bid
#: defence-partners-ace-of-clubs: West's and South's cards not yet played at East's decision
WEST = ["5S", "7H", "KC", "QC", "5C", "AD", "9D", "7D", "4D"]
SOUTH = ["Jo", "QS", "AH", "KH", "JH", "9H", "8H", "JC", "10C", "9C"]


def _visible(page: Page, code: str) -> int:
    return page.locator(f'article [data-card="{code}"]:visible').count()


def _open(page: Page, site: Path, name: str, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    page.goto((site / "lessons" / f"{name}.html").as_uri())
    page.wait_for_selector("#viewer:not([hidden])")


@pytest.mark.browser
@pytest.mark.parametrize("size", SIZES)
def test_count_then_bid_answer_in_place_retry_then_the_whole_hand(page: Page, site: Path,
                                                                   size: dict[str, int]) -> None:
    _open(page, site, CALL, size)
    box = page.locator("#decision")
    for code in KITTY + NORTH:
        assert _visible(page, code) == 0, f"{code} is visible before the answer"
    expect(box.locator("#seat-hand")).to_be_visible()
    expect(box.locator('#seat-hand [data-card="AH"]')).to_be_visible()
    # wrong: said at once, with the solver's figures, and a retry
    eight = box.locator('.decision-choice[data-key="b"]')
    eight.click()
    feedback = box.locator(".decision-feedback")
    expect(feedback).to_contain_text("Not this one: eight hearts.")
    expect(feedback).to_contain_text("gives North–South 7 tricks of the 8 it needs")
    expect(eight).to_be_disabled()
    expect(page.locator("#decision-answer")).not_to_have_attribute("open", "")
    for code in KITTY + NORTH:
        assert _visible(page, code) == 0, f"{code} is visible after a wrong choice"
    box.locator('.decision-choice[data-key="a"]').click()
    expect(feedback).to_have_text("Right.")
    expect(box.locator(".decision-verdict")).to_be_visible()
    expect(page.locator("#deal")).to_be_visible()
    for code in KITTY + NORTH:
        assert _visible(page, code) >= 1, f"{code} is not shown with the answer"
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


@pytest.mark.browser
@pytest.mark.parametrize("size", SIZES)
def test_a_defence_decision_hides_partner_and_declarer_until_shown(page: Page, site: Path,
                                                                    size: dict[str, int]) -> None:
    _open(page, site, DEFENCE, size)
    for code in WEST + SOUTH + ["4H", "5D", "6D"]:  # and the kitty, which East never sees
        assert _visible(page, code) == 0, f"{code} is visible before the answer"
    expect(page.locator("#kitty")).to_be_hidden()
    expect(page.locator('#seat-hand [data-card="JD"]')).to_be_visible()  # East's left bower
    expect(page.locator('.decision-trick [data-card="AC"]')).to_be_visible()  # the trick so far
    page.get_by_text("Decide first, then show the answer and the whole hand").click()
    expect(page.locator("#decision .decision-feedback")).to_have_text("Answer shown before choosing.")
    for code in WEST + SOUTH:
        assert _visible(page, code) >= 1, f"{code} is not shown with the answer"
    expect(page.locator("#kitty")).to_be_visible()


@pytest.mark.browser
@pytest.mark.parametrize("size", SIZES)
def test_the_viewer_at_the_decision_shows_the_deciding_seat_only(page: Page, site: Path,
                                                                  size: dict[str, int]) -> None:
    _open(page, site, DEFENCE, size)
    viewer = page.locator("#viewer")
    viewer.get_by_role("button", name="Last").click()  # stops at the decision and asks
    expect(viewer).to_have_attribute("data-asking", "decision")
    page.select_option("#viewer select[data-part=show]", "all")  # even so, one seat only
    for seat in ("N", "S", "W"):
        expect(viewer.locator(f".tw-seat-{seat}{FACES}")).to_have_count(0)
    expect(viewer.locator(".tw-seat-E" + FACES)).to_have_count(10)
    assert viewer.locator(".tw-centre .tw-kitty").count() == 0
    viewer.locator('.hv-choice[data-key="b"]').click()  # trump with the 6: wrong, try again
    expect(viewer).to_have_attribute("data-asking", "decision")
    expect(viewer.locator('[data-part="feedback"]')).to_contain_text("Not this one")
    expect(viewer.locator(".tw-seat-W" + FACES)).to_have_count(0)
    viewer.locator('.hv-choice[data-key="a"]').click()
    expect(viewer).not_to_have_attribute("data-asking", "decision")
    expect(viewer.locator('[data-part="feedback"]')).to_contain_text("Right")
    expect(viewer.locator(".tw-seat-W" + FACES)).to_have_count(9)


@pytest.mark.browser
@pytest.mark.parametrize("name", [CALL, NO_DECISION])
@pytest.mark.parametrize("size", SIZES)
def test_you_are_south_opens_on_south_and_the_intro_is_printed_once(
        page: Page, site: Path, name: str, size: dict[str, int]) -> None:
    _open(page, site, name, size)
    viewer = page.locator("#viewer")
    expect(viewer.locator("select[data-part=show]")).to_have_value("S")
    expect(viewer.locator(".tw-seat-S" + FACES)).to_have_count(10)
    for seat in ("N", "E", "W"):
        expect(viewer.locator(f".tw-seat-{seat}{FACES}")).to_have_count(0)
        expect(viewer.locator(f".tw-seat-{seat}{BACKS}")).to_have_count(10)
    intro = str(_replay(name).hand.note("intro")).split(".")[0]
    assert intro.startswith("You are South")
    expect(page.get_by_text(intro, exact=False)).to_have_count(1)
    expect(page.get_by_text(intro, exact=False)).to_be_visible()
