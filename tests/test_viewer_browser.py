"""The hand viewer on lesson and embed pages, in a real headless Chromium, from file:// (offline).

Each test steps through lessons as a reader would (the buttons, the keys, the trick menu) and
checks every picture against the engine's own replay: the cards in each hand and already
played, the trick with its led card, and the winner only after the "who wins?" stop.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tutor.engine.replay import Replay, StepKind
from tutor.files.handfile import check
from tutor.teach.asking import asked_in, choice_orders
from tutor.views.shared.notes import paragraphs
from tutor.views.shared.render import render_card, sorted_hand
from tutor.views.sheet.words import signed
from tutor.views.site.export import Site
from tutor.views.site.viewer import learner_seat

HERE = Path(__file__).parent
HANDS = HERE / "export_hands"
LESSONS = HERE.parent / "hands"
#: Tables of two, three, five and six, besides the four-handed lessons in export_hands/.
OTHER_TABLES = ("two-handed-table-cards", "three-handed-alone-against-two", "five-handed-called-ace",
                "six-handed-misere-both-partners-out")
SCREENSHOTS = HERE.parent / "test-output" / "viewer"
DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.browser

SNAPSHOT = """root => {
  const seats = {};
  root.querySelectorAll('.tw-seat').forEach(s => {
    const code = [...s.classList].find(c => c.startsWith('tw-seat-')).slice(8);
    const hand = s.querySelector('.hand');
    const cards = hand.querySelector(':scope > .cards');
    seats[code] = {
      hand: [...cards.querySelectorAll('.card[data-card]')].map(c => c.dataset.card),
      backs: cards.querySelectorAll('.card.back').length,
      played: [...hand.querySelectorAll('.played-cards .card')].map(c => c.dataset.card),
      labels: [...cards.querySelectorAll('.card')].map(c => c.getAttribute('aria-label')),
      piles: [...s.querySelectorAll('.piles .pile > .card[data-card]')].map(c => c.dataset.card),
    };
  });
  const trick = root.querySelector('.tw-centre .trick');
  const one = sel => { const e = trick && trick.querySelector(sel); return e ? e : null; };
  return {
    step: +root.dataset.step, asking: +root.dataset.asking, seats,
    trick: trick && {
      plays: [...trick.querySelectorAll('.trick-card')].map(t =>
        [t.dataset.seat, t.querySelector('.card').dataset.card]),
      led: [...trick.querySelectorAll('.trick-card')].map(t =>
        t.classList.contains('led') && t.querySelector('.card.led') !== null &&
        t.querySelector('.led-mark') !== null && t.querySelector('.led-mark').textContent === 'led'),
      slots: [...trick.querySelectorAll('.trick-card')].map(t =>
        [...t.classList].find(c => c.startsWith('seat-')).slice(5)),
      winner: one('.trick-winner') && one('.trick-winner').textContent,
      winnerCard: one('.card.winner') && one('.card.winner').dataset.card,
    },
    text: root.querySelector('[data-part=text]').textContent,
    note: [...root.querySelectorAll('[data-part=note] p')].map(p => p.textContent),
    status: root.querySelector('[data-part=status]').textContent,
    head: root.querySelector('[data-part=head]').textContent,
    question: !root.querySelector('[data-part=question]').hidden,
    choices: [...root.querySelectorAll('.hv-choice')].map(b => b.dataset.seat),
    intro: document.getElementById('intro') !== null,
  };
}"""


@pytest.fixture(scope="module")
def viewer_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("viewer-site")
    sources = [HANDS, *(LESSONS / f"{name}.yaml" for name in OTHER_TABLES)]
    assert Site(sources, out, embed=True).build().ok
    return out


def replay_of(name: str) -> Replay:
    path = HANDS / f"{name}.yaml"
    result, problems = check(path if path.exists() else LESSONS / f"{name}.yaml")
    assert result is not None and not problems
    return result


class Offline:
    """Every request a page makes must be a file of the site; no errors in the console."""

    def __init__(self, page: Page, site: Path) -> None:
        self.problems: list[str] = []
        base = site.as_uri()
        page.on("console", lambda m: m.type in ("error", "warning") and self.problems.append(m.text))
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url}"))
        page.on("request", lambda r: r.url.startswith(base) or self.problems.append(f"outside: {r.url}"))


def snapshot(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.eval_on_selector("#viewer", SNAPSHOT)
    return result


def assert_matches_replay(shot: dict[str, Any], rp: Replay, *, show: str | None = None) -> None:
    """The picture of one step is the replay's state after that step; ``show`` is the seat whose
    hand alone is face up (by default the learner's, as the lesson opens: learner_seat)."""
    if show is None:
        you = learner_seat(rp)
        show = you.value if you is not None else "all"
    index = shot["step"]
    state = rp.states[index]
    step = rp.steps[index]
    where = f"step {index} ({step.kind.value})"
    context = rp.context if state.contract is not None else None
    last = index == len(rp.steps) - 1 and rp.complete
    assert set(shot["seats"]) == {s.value for s in rp.table.seats}, where
    for seat in rp.table.seats:
        got = shot["seats"][seat.value]
        held = state.hands.get(seat, ())
        face_up = show in ("all", seat.value) or seat in state.shown or last
        if face_up:
            assert got["hand"] == [str(c) for c in sorted_hand(held, context)], f"{where}: {seat.word}"
            assert got["backs"] == 0, where
            assert all(got["labels"]), f"{where}: every card has a text label"
        else:
            assert got["hand"] == [] and got["backs"] == len(held), f"{where}: {seat.word} hidden"
        assert sorted(got["played"]) == sorted(str(c) for c in state.played.get(seat, ())), where
        if state.piles and seat in state.piles:
            ups = [str(p.up) for p in state.piles[seat] if p.up is not None]
            assert got["piles"] == ups, f"{where}: {seat.word}'s table cards"
    trick = state.current_trick
    if trick is None:
        assert shot["trick"] is None, where
    else:
        plays = zip(trick.seats, trick.plays, strict=False)
        assert shot["trick"]["plays"] == [[s.value, str(p)] for s, p in plays], where
        assert shot["trick"]["led"] == [i == 0 for i in range(len(trick.plays))], f"{where}: the led card"
        seats = [s.value for s in trick.seats[: len(trick.plays)]]
        slots = [s if s not in seats[:i] else f"{s}2" for i, s in enumerate(seats)]
        assert shot["trick"]["slots"] == slots, f"{where}: no card drawn over another"
        if trick.winner is not None and trick.winner_index is not None:
            assert shot["trick"]["winner"] == f"{trick.winner.word} wins", where
            assert shot["trick"]["winnerCard"] == str(trick.plays[trick.winner_index]), where
        else:
            assert shot["trick"]["winner"] is None and shot["trick"]["winnerCard"] is None, where
    assert shot["text"] == step.ruling.text, where
    head = " ".join(shot["head"].split())
    for side, won in state.tricks_won.items():
        assert f"{side.word} {won}" in head, f"{where}: tricks"
    if state.result is not None:
        for side in state.result.sides:
            assert f"{side.word} {signed(state.result.score[side])}" in head, f"{where}: score"
    else:
        assert "Score: —" in head, where
    note = rp.hand.note(step.note_key) if step.note_key else None
    if index == 0 and shot["intro"]:
        note = None  # the lesson page prints its intro above the viewer, once
    assert shot["note"] == paragraphs(note), where
    assert shot["status"].endswith(step.ruling.text), f"{where}: the step is announced"
    assert not shot["question"], where


def open_lesson(page: Page, site: Path, name: str, hash_: str = "") -> Offline:
    watch = Offline(page, site)
    page.goto((site / "lessons" / f"{name}.html").as_uri() + hash_)
    page.wait_for_selector("#viewer:not([hidden])")
    return watch


def walk_by_clicks(page: Page, rp: Replay) -> tuple[int, int]:
    """Next to the end; at each "who wins?" answer right on odd tricks, press Next on even ones.

    Returns (tricks asked, tricks answered)."""
    asked = answered = 0
    last = len(rp.steps) - 1
    shot = snapshot(page)
    assert shot["step"] == 0
    assert_matches_replay(shot, rp)
    while shot["step"] < last:
        before = shot["step"]
        page.click("#viewer button[data-go=next]")
        shot = snapshot(page)
        if shot["asking"]:
            n = shot["asking"]
            asked += 1
            reveal = rp.steps[before + 1]
            assert reveal.kind is StepKind.TRICK and reveal.trick == n
            assert shot["step"] == before, "the stepper stops before showing the winner"
            trick_seats = rp.states[before + 1].current_trick.seats
            ask = "Which card wins" if len(set(trick_seats)) < len(trick_seats) else "Who wins"
            assert shot["question"] and f"{ask} trick {n}?" in shot["status"]
            assert shot["trick"]["winner"] is None and shot["trick"]["winnerCard"] is None
            trick = rp.states[before + 1].current_trick
            assert trick is not None and trick.winner is not None
            # round the table from the place tutor.teach.asking chose, as the page's quiz
            order = choice_orders(rp)[n]
            assert shot["choices"] == [trick.seats[i].value for i in order]
            if n % 2:
                page.locator("#viewer .hv-choice").nth(order.index(trick.winner_index or 0)).click()
                answered += 1
                assert page.inner_text("#viewer [data-part=feedback]") == "Right."
            else:
                page.click("#viewer button[data-go=next]")
            shot = snapshot(page)
            assert shot["step"] == before + 1
        else:
            assert shot["step"] == before + 1
        assert_matches_replay(shot, rp)
    assert page.is_disabled("#viewer button[data-go=next]")
    return asked, answered


LESSON_NAMES = ["01-no-trumps-notes", "02-misere", "03-open-misere", "04-joker-nominated", "05-partial",
                "06-thrown-in", *OTHER_TABLES]


@pytest.mark.parametrize("name", LESSON_NAMES)
def test_step_through_a_whole_lesson_by_clicks(page: Page, viewer_site: Path, name: str) -> None:
    page.set_viewport_size(DESKTOP)
    watch = open_lesson(page, viewer_site, name)
    rp = replay_of(name)
    asked, answered = walk_by_clicks(page, rp)
    assert asked == len(asked_in(rp))  # the tricks the page asks, no others
    if asked:  # the page's own quiz kept the score of the answers given in the viewer
        score = page.locator("#quiz-score")
        assert score.get_attribute("data-answered") == str(answered)
        assert score.get_attribute("data-right") == str(answered)
    assert not watch.problems, watch.problems


@pytest.mark.parametrize("name", ["01-no-trumps-notes", "six-handed-misere-both-partners-out"])
def test_step_through_by_clicks_at_phone_width(page: Page, viewer_site: Path, name: str) -> None:
    page.set_viewport_size(PHONE)
    watch = open_lesson(page, viewer_site, name)
    walk_by_clicks(page, replay_of(name))
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways at phone width: {width}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#viewer").screenshot(path=str(SCREENSHOTS / f"phone-{name}.png"))
    assert not watch.problems, watch.problems


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_step_through_by_keys(page: Page, viewer_site: Path, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    name = "04-joker-nominated"
    watch = open_lesson(page, viewer_site, name)
    rp = replay_of(name)
    last = len(rp.steps) - 1
    page.focus("#viewer .hv-table")
    shot = snapshot(page)
    while shot["step"] < last:
        before = shot["step"]
        page.keyboard.press("ArrowRight")
        shot = snapshot(page)
        if shot["asking"]:
            assert shot["step"] == before and shot["trick"]["winner"] is None
            page.keyboard.press("ArrowRight")  # the next press shows the winner
            shot = snapshot(page)
        assert shot["step"] == before + 1
        assert_matches_replay(shot, rp)
    page.keyboard.press("ArrowRight")  # nothing after the end
    assert snapshot(page)["step"] == last
    page.keyboard.press("Home")
    assert_matches_replay(shot := snapshot(page), rp)
    assert shot["step"] == 0
    page.keyboard.press("End")
    assert snapshot(page)["step"] == last
    page.keyboard.press("ArrowLeft")
    assert_matches_replay(shot := snapshot(page), rp)
    assert shot["step"] == last - 1
    assert page.evaluate("() => window.scrollY") >= 0
    assert not watch.problems, watch.problems


def test_trick_menu_show_one_seat_and_back(page: Page, viewer_site: Path) -> None:
    name = "01-no-trumps-notes"
    open_lesson(page, viewer_site, name)
    rp = replay_of(name)
    page.select_option("#viewer select[data-part=jump]", label="Trick 3")
    shot = snapshot(page)
    step = rp.steps[shot["step"]]
    assert step.kind is StepKind.CARD and step.trick == 3 and step.position == 1
    assert_matches_replay(shot, rp)
    page.select_option("#viewer select[data-part=show]", "S")
    assert_matches_replay(snapshot(page), rp, show="S")
    page.click("#viewer button[data-go=back]")  # back into trick 2's winner: no question going back
    shot = snapshot(page)
    assert rp.steps[shot["step"]].kind is StepKind.TRICK and not shot["asking"]
    assert_matches_replay(shot, rp, show="S")
    page.select_option("#viewer select[data-part=show]", "all")
    page.click("#viewer button[data-go=first]")
    assert snapshot(page)["step"] == 0
    assert page.is_disabled("#viewer button[data-go=back]")


def test_a_trick_answered_in_the_page_quiz_is_not_asked_again(page: Page, viewer_site: Path) -> None:
    open_lesson(page, viewer_site, "01-no-trumps-notes")
    page.locator("#quiz-1 .quiz-choice", has_text="West").click()  # a wrong answer, given below
    page.select_option("#viewer select[data-part=jump]", label="Trick 1")
    for _ in range(4):
        page.click("#viewer button[data-go=next]")
    shot = snapshot(page)
    assert not shot["asking"] and shot["trick"]["winner"] == "South wins"
    assert page.locator("#quiz-score").get_attribute("data-answered") == "1"


def test_a_wrong_answer_in_the_viewer_is_marked_and_scored(page: Page, viewer_site: Path) -> None:
    open_lesson(page, viewer_site, "01-no-trumps-notes")
    page.select_option("#viewer select[data-part=jump]", label="Trick 2")
    for _ in range(4):
        page.click("#viewer button[data-go=next]")
    assert snapshot(page)["asking"] == 2
    page.click("#viewer .hv-choice[data-seat=W]")
    assert page.inner_text("#viewer [data-part=feedback]") == "Not this one: East wins."
    assert "Not this one" in page.inner_text("#quiz-2 .quiz-feedback")
    score = page.locator("#quiz-score")
    assert score.get_attribute("data-answered") == "1" and score.get_attribute("data-right") == "0"


def test_hash_opens_at_a_trick_on_the_lesson_page(page: Page, viewer_site: Path) -> None:
    name = "01-no-trumps-notes"
    open_lesson(page, viewer_site, name, "#trick=5")
    rp = replay_of(name)
    shot = snapshot(page)
    step = rp.steps[shot["step"]]
    assert (step.kind, step.trick, step.position) == (StepKind.CARD, 5, 1)
    assert_matches_replay(shot, rp)
    assert page.input_value("#viewer select[data-part=jump]") == str(shot["step"])


def test_embed_page_opens_at_trick_5_and_fits_an_iframe(page: Page, viewer_site: Path) -> None:
    name = "01-no-trumps-notes"
    page.set_viewport_size({"width": 600, "height": 450})
    watch = Offline(page, viewer_site)
    page.goto((viewer_site / "embed" / f"{name}.html").as_uri() + "#trick=5")
    page.wait_for_selector("#viewer:not([hidden])")
    rp = replay_of(name)
    shot = snapshot(page)
    step = rp.steps[shot["step"]]
    assert (step.kind, step.trick, step.position) == (StepKind.CARD, 5, 1)
    assert_matches_replay(shot, rp)
    box = page.locator("#viewer [data-part=status]").bounding_box()
    assert box is not None and box["height"] <= 1, "the announcement is for screen readers only"
    link = page.locator(".hv-back a")
    assert link.get_attribute("href") == f"../lessons/{name}.html#trick=5"
    assert link.get_attribute("target") == "_top"
    page.keyboard.press("ArrowRight")  # keys work without focusing anything first
    assert snapshot(page)["step"] == shot["step"] + 1
    size = page.evaluate("() => [document.documentElement.scrollWidth, "
                         "document.documentElement.scrollHeight]")
    assert size[0] <= 600 and size[1] <= 450, f"the embed page needs {size}, more than 600 x 450"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "embed.png"))
    link.click()
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.url.endswith(f"lessons/{name}.html#trick=5")
    assert rp.steps[snapshot(page)["step"]].trick == 5
    assert not watch.problems, watch.problems


def test_embed_page_in_an_iframe(page: Page, viewer_site: Path) -> None:
    host = viewer_site / "host.html"
    host.write_text('<!DOCTYPE html><html lang="en"><title>host</title>'
                    '<iframe src="embed/02-misere.html#trick=2" width="600" height="450" '
                    'title="Five Hundred: a hand"></iframe></html>')
    page.goto(host.as_uri())
    frame = page.frame_locator("iframe")
    frame.locator("#viewer:not([hidden])").wait_for()
    assert "Trick 2" in frame.locator("#viewer select[data-part=jump] option:checked").inner_text()
    host.unlink()


def test_without_javascript_and_in_print_the_viewer_is_not_there(browser: Browser, viewer_site: Path) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((viewer_site / "lessons" / "01-no-trumps-notes.html").as_uri())
    assert not page.locator("#viewer").is_visible()
    assert page.locator("#deal").is_visible() and page.locator("#trick-1").is_visible()
    context.close()
    page = browser.new_page()
    page.goto((viewer_site / "lessons" / "01-no-trumps-notes.html").as_uri())
    page.wait_for_selector("#viewer:not([hidden])")
    page.emulate_media(media="print")
    assert not page.locator("#viewer").is_visible()
    assert page.locator("#trick-1").is_visible()
    page.close()


def serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture
def axe_page(page: Page) -> Iterator[Page]:
    page.set_viewport_size(DESKTOP)
    yield page


def test_accessibility_of_the_lesson_page_with_the_viewer(axe_page: Page, viewer_site: Path) -> None:
    page = axe_page
    open_lesson(page, viewer_site, "01-no-trumps-notes", "#trick=1")
    for _ in range(3):
        page.click("#viewer button[data-go=next]")  # the last card of trick 1
    page.click("#viewer button[data-go=next]")  # the question
    assert snapshot(page)["asking"] == 1
    assert serious(page) == []
    page.click("#viewer .hv-choice[data-seat=S]")
    page.select_option("#viewer select[data-part=show]", "N")
    assert serious(page) == []


def test_accessibility_of_the_embed_page(axe_page: Page, viewer_site: Path) -> None:
    page = axe_page
    page.goto((viewer_site / "embed" / "five-handed-called-ace.html").as_uri() + "#trick=3")
    page.wait_for_selector("#viewer:not([hidden])")
    assert serious(page) == []


def test_cards_are_the_widgets_own_pictures(page: Page, viewer_site: Path) -> None:
    """Every card face in the viewer is the one _cards.html draws for the notebook widget."""
    name = "04-joker-nominated"
    open_lesson(page, viewer_site, name, "#trick=1")
    rp = replay_of(name)
    shot = snapshot(page)
    faces = page.eval_on_selector_all(
        "#viewer .tw-seat .hand > .cards:not(.played-cards) .card[data-card]",
        "els => els.map(e => [e.dataset.card, e.outerHTML])")
    assert faces
    held = {str(c): c for hand in rp.states[shot["step"]].hands.values() for c in hand}
    for code, html in faces:
        assert html == str(render_card(held[code])).strip(), code
