"""The exported site in a real headless Chromium: from disk and from a local server."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tutor.views.site.export import Site

HERE = Path(__file__).parent
HANDS = HERE / "export_hands"
MATCHES = HERE / "export_matches"
SCREENSHOTS = HERE.parent / "test-output" / "export"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def export_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browser-site")
    assert Site([HANDS], out, matches=[MATCHES]).build().ok
    return out


@pytest.fixture(scope="module")
def export_server(export_site: Path) -> Iterator[str]:
    """The site served by http.server on 127.0.0.1, on a free port."""
    handler = functools.partial(_QuietHandler, directory=str(export_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class Watch:
    """Everything a page did that it should not: console errors, failed or outside requests."""

    def __init__(self, page: Page, base: str) -> None:
        self.problems: list[str] = []
        self.requests: list[str] = []
        page.on("console", lambda m: m.type in ("error", "warning") and self.problems.append(
            f"console {m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url} {r.failure}"))
        page.on("response", lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status}: {r.url}"))
        page.on("request", self._request)
        self.base = base

    def _request(self, request: object) -> None:
        url: str = request.url  # type: ignore[attr-defined]
        self.requests.append(url)
        if not url.startswith(self.base):
            self.problems.append(f"outside request: {url}")


def site_pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


@pytest.mark.parametrize("how", ["file", "http"])
def test_every_page_loads_cleanly(page: Page, export_site: Path, export_server: str, how: str) -> None:
    base = export_site.as_uri() + "/" if how == "file" else export_server
    watch = Watch(page, base)
    names = site_pages(export_site)
    assert len(names) >= 10 and "scores/three-handed-american.html" in names
    for name in names:
        page.goto(base + name)
        page.wait_for_load_state("load")
        assert page.title(), name
        # every link on the page leads to a page of the site that exists
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            assert href.startswith(base), f"{name}: {href}"
            target = href[len(base):].split("#")[0]
            assert (export_site / target).is_file(), f"{name}: {href}"
    assert not watch.problems, watch.problems
    assert any(u.endswith("tutor.css") for u in watch.requests)
    assert any(u.endswith("quiz.js") for u in watch.requests)


def test_quiz_reveal_works_without_javascript(browser: Browser, export_site: Path) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((export_site / "lessons" / "01-no-trumps-notes.html").as_uri())
    quiz = page.locator("#quiz-1")
    assert not quiz.locator(".quiz-choices").is_visible()  # buttons need the script
    assert not page.locator("#quiz-score").is_visible()
    answer = quiz.locator("details .answer")
    assert not answer.is_visible()
    quiz.locator("summary").click()
    assert answer.is_visible()
    assert "South wins with the ace of clubs" in answer.inner_text()
    context.close()


def test_quiz_score_with_javascript(page: Page, export_site: Path) -> None:
    watch = Watch(page, export_site.as_uri())
    page.goto((export_site / "lessons" / "01-no-trumps-notes.html").as_uri())
    score = page.locator("#quiz-score")
    assert score.is_visible()
    assert "none yet" in score.inner_text()
    q1 = page.locator("#quiz-1")
    assert q1.get_attribute("data-winner") == "S"
    assert not q1.locator("details").evaluate("d => d.open")
    q1.locator("button[data-key=S]").click()  # right
    assert "Right" in q1.locator(".quiz-feedback").inner_text()
    assert q1.locator("details").evaluate("d => d.open")
    assert q1.locator("details .answer").is_visible()
    q2 = page.locator("#quiz-2")  # East wins trick 2
    q2.locator("button[data-key=W]").click()  # wrong
    assert "Not this one" in q2.locator(".quiz-feedback").inner_text()
    q2.locator("button[data-key=E]").click(force=True)  # disabled: a second answer does not count
    assert score.get_attribute("data-right") == "1"
    assert score.get_attribute("data-answered") == "2"
    assert "1 right out of 2 answered, of 10 tricks" in score.inner_text()
    # after answering, the chosen and the right answer are both marked
    assert "chosen-wrong" in (q2.locator("button[data-key=W]").get_attribute("class") or "")
    assert "right-answer" in (q2.locator("button[data-key=E]").get_attribute("class") or "")
    assert "wins" in q2.locator("button[data-key=E]").evaluate(
        "b => getComputedStyle(b, '::after').content")
    # opening the answer first gives it away: an answer after that is not scored
    q3 = page.locator("#quiz-3")
    q3.locator("summary").click()
    expect(q3.locator(".quiz-feedback")).to_contain_text("not scored")  # the toggle event is queued
    assert q3.locator("button").first.is_disabled()
    q3.locator(f"button[data-key={q3.get_attribute('data-winner')}]").click(force=True)
    assert score.get_attribute("data-answered") == "2" and score.get_attribute("data-right") == "1"
    assert score.get_attribute("data-shown") == "1"
    assert "not scored" in score.inner_text()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lesson.png"), full_page=True)
    assert (SCREENSHOTS / "lesson.png").stat().st_size > 10_000
    assert not watch.problems, watch.problems


def test_previous_and_next_links_walk_the_lessons(page: Page, export_site: Path) -> None:
    page.goto((export_site / "index.html").as_uri())
    page.locator(".lesson-title a").first.click()
    seen = [page.url.rsplit("/", 1)[-1]]
    while page.locator("a[rel=next]").count():
        page.locator("a[rel=next]").first.click()
        seen.append(page.url.rsplit("/", 1)[-1])
    assert seen == sorted(p.name for p in (export_site / "lessons").iterdir())
    page.locator("a[rel=prev]").first.click()
    assert page.url.endswith(seen[-2])


def test_print_stylesheet_prints_the_answers_not_the_buttons(page: Page, export_site: Path) -> None:
    page.goto((export_site / "lessons" / "01-no-trumps-notes.html").as_uri())
    printed = page.locator("#quiz-1 .print-only")
    assert not printed.is_visible()
    page.emulate_media(media="print")
    assert printed.is_visible() and "South wins" in printed.inner_text()
    assert not page.locator("#quiz-1 .quiz-choices").is_visible()
    assert not page.locator(".lesson-nav").first.is_visible()
    assert not page.locator("#quiz-score").is_visible()


def test_two_handed_tricks_draw_every_card_apart(page: Page, tmp_path: Path) -> None:
    """A seat plays two cards to each two-handed trick: both are drawn, none over another."""
    hand = HERE.parent / "hands" / "two-handed-table-cards.yaml"
    assert Site([hand], tmp_path).build().ok
    page.goto((tmp_path / "lessons" / "two-handed-table-cards.html").as_uri())
    cards = page.locator("#trick-1 .trick .trick-card")
    assert cards.count() == 4
    boxes = [cards.nth(i).bounding_box() for i in range(4)]
    for i, a in enumerate(boxes):
        assert a is not None and a["width"] > 0
        for b in boxes[i + 1:]:
            assert b is not None
            apart = (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                     or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)
            assert apart, (a, b)
    joker = page.locator("#trick-1 .trick [data-card^=Jo]")
    assert joker.is_visible()
    assert "led" in page.locator("#trick-1 .trick .trick-card.led").inner_text()
