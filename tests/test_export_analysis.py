"""tutor export --analysis: best cards, costs and par on lesson pages, cached by file content."""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tutor.views.site import analysed
from tutor.views.site.analysed import CACHE
from tutor.views.site.export import Site

HERE = Path(__file__).parent
LESSON = HERE / "export_hands" / "03-open-misere.yaml"
TWO_HANDED = HERE.parent / "hands" / "two-handed-table-cards.yaml"
GOLDEN = HERE / "golden" / "analysis" / "03-open-misere.html"
REGENERATE = "TUTOR_REGENERATE_GOLDEN"


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def analysed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("hands")
    shutil.copy(LESSON, src / LESSON.name)
    shutil.copy(TWO_HANDED, src / TWO_HANDED.name)
    out = tmp_path_factory.mktemp("analysed-site")
    site = Site([src], out, analysis=True)
    assert site.build().ok and site.analysed == 2
    return out


def test_golden_analysed_page(analysed_site: Path) -> None:
    got = (analysed_site / "lessons" / "03-open-misere.html").read_text("utf-8")
    if os.environ.get(REGENERATE) == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(got, "utf-8")
        pytest.skip(f"golden page rewritten: review `git diff {GOLDEN}` before committing")
    want = GOLDEN.read_text("utf-8")
    lines = difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "built", lineterm="")
    diff = "\n".join(lines)
    assert got == want, f"the analysed page differs (set {REGENERATE}=1 to rewrite):\n{diff}"


def test_analysis_is_collapsed_below_every_quiz_question(analysed_site: Path) -> None:
    text = (analysed_site / "lessons" / "03-open-misere.html").read_text("utf-8")
    at = text.index('<details class="analysis" id="analysis">')
    assert text.count('<details class="analysis"') == 1
    assert at > text.rindex('class="quiz-question"')
    # this copy of the open misère (an older version of the lesson) is worth 4 tricks to South
    assert "Double-dummy analysis: par 4 for South" in text
    assert "Par after the discard: with best play by everyone, all hands open, South takes 4." in text
    assert "cost a trick: the 9♦ kept South to 4." in text
    assert "cost 2 tricks: the A♣ gave South 4." in text


def test_best_card_questions_on_the_page(analysed_site: Path) -> None:
    text = (analysed_site / "lessons" / "03-open-misere.html").read_text("utf-8")
    assert 'id="best-1-1"' in text
    assert "Trick 1 of South open misère: South to play. Which card holds South to the fewest tricks?" in text
    assert "Which card forces South to take the most tricks?" in text


def test_two_handed_pages_have_no_analysis(analysed_site: Path) -> None:
    text = (analysed_site / "lessons" / "two-handed-table-cards.html").read_text("utf-8")
    assert 'class="analysis"' not in text and "best-card" not in text


def test_a_rebuild_of_an_unchanged_site_does_not_run_the_solver(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = tmp_path / "hands"
    src.mkdir()
    shutil.copy(LESSON, src / LESSON.name)
    out = tmp_path / "site"
    first = Site([src], out, analysis=True)
    assert first.build().ok and first.analysed == 1 and (out / CACHE).is_file()
    before = tree(out)

    def no_solver(*_a: object, **_k: object) -> object:
        raise AssertionError("the solver ran on an unchanged hand")

    monkeypatch.setattr(analysed, "analyse", no_solver)
    again = Site([src], out, analysis=True)
    assert again.build().ok and again.analysed == 0
    assert tree(out) == before
    # a changed file (a note edited) is analysed again
    monkeypatch.undo()
    path = src / LESSON.name
    path.write_text(path.read_text("utf-8").replace("tags:", "summary: changed\ntags:", 1), "utf-8")
    third = Site([src], out, analysis=True)
    assert third.build().ok and third.analysed == 1


def test_a_site_without_analysis_has_none(tmp_path: Path) -> None:
    site = Site([LESSON], tmp_path, analysis=False)
    assert site.build().ok and site.analysed == 0
    assert not (tmp_path / CACHE).exists()
    assert 'class="analysis"' not in (tmp_path / "lessons" / "03-open-misere.html").read_text("utf-8")


@pytest.mark.browser
def test_analysis_opens_in_chromium(page: Page, analysed_site: Path) -> None:
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto((analysed_site / "lessons" / "03-open-misere.html").as_uri())
    details = page.locator("details.analysis")
    par = details.locator(".par")
    assert details.is_visible() and not par.is_visible()
    details.locator("summary").click()
    assert par.is_visible() and "South takes 4" in par.inner_text()
    costly = details.locator("li.cost").first
    assert costly.is_visible() and "cost a trick: the 9♦ kept South to 4" in costly.inner_text()
    question = page.locator("#best-1-1")
    answer = question.locator(".answer")
    assert question.is_visible() and not answer.is_visible()
    question.locator("summary").click()
    assert answer.is_visible() and "Best:" in answer.inner_text()
    assert not problems, problems
