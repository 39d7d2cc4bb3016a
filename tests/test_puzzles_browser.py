"""The site's puzzles section (``tutor export --puzzles DIR``) in a real headless Chromium, from disk.

A wrong card shows its refutation, then the answer; a right one moves the rating as Glicko-2
says (the page's arithmetic against :mod:`tutor.teach.glicko`); the rating kept in
``localStorage`` survives a reload; the JSON the page exports is what ``tutor history import``
reads, and gives the history the rating the page showed. No request leaves the site's files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tutor.cli import main
from tutor.engine.replay import build
from tutor.solve import deal_of
from tutor.teach import glicko
from tutor.teach.memory import History
from tutor.teach.puzzles.reading import read_folder
from tutor.teach.ratings import learner_rating, standing
from tutor.views.site.export import ExportError, Site
from tutor.views.terminal.puzzles import mine_deals

HERE = Path(__file__).parent

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("puzzles")
    mine_deals(3, 1, folder)
    tags = re.compile(r"(?m)^tags: \[puzzle, .*\]$")
    for path in sorted(folder.glob("*.yaml"))[2:]:  # themes set by hand, whatever the miner found
        path.write_text(tags.sub("tags: [puzzle, open-hands]", path.read_text()))
    first, second = sorted(folder.glob("*.yaml"))[:2]
    first.write_text(tags.sub("tags: [puzzle, open-hands, ruffing]", first.read_text()))
    second.write_text(tags.sub("tags: [puzzle, at-the-table, ducking]", second.read_text()))
    return folder


@pytest.fixture(scope="module")
def site(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("puzzle-site")
    assert Site([HERE / "export_hands"], out, puzzles=folder).build().ok
    return out


def _data(site: Path) -> dict[str, dict[str, object]]:
    text = (site / "puzzles" / "puzzles-data.js").read_text(encoding="utf-8")
    payload = json.loads(text.split("window.TUTOR_PUZZLES = ", 1)[1].rstrip().rstrip(";"))
    return {p["key"]: p for p in payload["puzzles"]}


def _answer(site: Path, p: dict[str, object]) -> dict[str, Any]:
    """The puzzle's answer file, which the page adds once it is answered."""
    text = (site / "puzzles" / str(p["answer"])).read_text(encoding="utf-8")
    body = text.split("window.TUTOR_PUZZLE_ANSWER(", 1)[1].rstrip().removesuffix(");")
    answer: dict[str, Any] = json.loads(body)
    return answer


def _open(page: Page, site: Path, requests: list[str], theme: str = "") -> dict[str, object]:
    page.on("request", lambda r: requests.append(r.url))
    page.goto((site / "puzzles" / "index.html").as_uri() + (f"#theme={theme}" if theme else ""))
    key = page.locator("#puzzles").get_attribute("data-key")
    assert key is not None
    return _data(site)[key]


def test_wrong_shows_the_refutation_then_the_answer(page: Page, site: Path) -> None:
    requests: list[str] = []
    p = _open(page, site, requests)
    a = _answer(site, p)
    right, legal = a["right"], p["legal"]
    assert isinstance(legal, list)
    wrong = next(c for c in legal if c not in right)
    page.locator(f'#pz-cards button[data-card="{wrong}"]').click()
    feedback = page.locator("#pz-feedback")
    refutation = feedback.locator('[data-part="refutation"]').inner_text()
    assert refutation.startswith("Not quite. After ") and str(a["refutations"][wrong]) in refutation
    texts = feedback.locator("p").all_inner_texts()
    assert texts.index(refutation) < texts.index(feedback.locator('[data-part="answer"]').inner_text())
    assert page.locator("#pz-table [data-seat]").count() == len(a["hands"])
    assert all(u.startswith("file://") for u in requests), "nothing loaded from elsewhere"


def test_right_moves_the_rating_as_glicko2_says_and_the_export_imports(
        page: Page, site: Path, tmp_path: Path) -> None:
    p = _open(page, site, [])
    right = _answer(site, p)["right"]
    page.locator(f'#pz-cards button[data-card="{right[0]}"]').click()
    page.locator('#pz-feedback [data-part="rating"]').wait_for()
    shown = float(page.locator("#puzzles").get_attribute("data-rating") or "nan")
    want, _ = glicko.solve(glicko.DEFAULT, glicko.DEFAULT, True)
    assert shown == pytest.approx(want.rating, abs=1e-6) and shown > 1500
    assert page.locator("#pz-rating").inner_text() == f"{want.rating:.0f} ± {want.deviation:.0f}"
    page.reload()
    assert float(page.locator("#puzzles").get_attribute("data-rating") or "nan") == pytest.approx(shown)
    assert page.locator("#puzzles").get_attribute("data-key") != p["key"], "not the one just seen"
    with page.expect_download() as info:
        page.locator("#pz-export").click()
    exported = tmp_path / "site.json"
    info.value.save_as(exported)
    db = tmp_path / "h.sqlite3"
    assert main(["history", "import", str(exported), "--db", str(db)]) == 0
    with History(db) as history:
        assert learner_rating(history).rating == pytest.approx(shown, abs=1e-6)
        assert standing(history).attempted == {p["key"]}


def _hidden(folder: Path, key: object) -> list[str]:
    """The cards the seat to play cannot see at the puzzle's position: the other hands', read
    from the puzzle file itself."""
    (puzzle,) = [p for p in read_folder(folder) if p.key == key]
    *_, (pos, _) = deal_of(build(puzzle.hand)).positions()
    return [str(c) for i, h in enumerate(pos.hands) if i != pos.to_move for c in h]


def _pretty(code: str) -> str:
    """A suited card as the page writes it: ``KC`` -> ``K♣``."""
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def test_an_at_the_table_puzzle_holds_no_hidden_card_until_the_answer_then_opens_the_hands(
        page: Page, site: Path, folder: Path) -> None:
    requests: list[str] = []
    p = _open(page, site, requests, theme="ducking")
    assert p["kind"] == "at-the-table"
    hidden = _hidden(folder, p["key"])
    assert len(hidden) >= 10, "the other hands' cards, at the position"
    held = [c for c in hidden if c != "Jo"]  # the joker's word could be anyone's
    # the page as the browser holds it, and this puzzle's data, before the answer
    html = page.content()
    question = page.evaluate("key => window.TUTOR_PUZZLES.puzzles.find(p => p.key === key)", p["key"])
    assert question == p
    words = json.dumps(question, ensure_ascii=False)
    for card in hidden:
        assert f'"{card}"' not in words, card
        assert f'data-card="{card}"' not in html, card
    for card in held:
        assert _pretty(card) not in page.locator("#puzzles").inner_text(), card
    assert not any("/answers/" in u for u in requests), "the answer is not loaded before the answer"
    assert {"right", "values", "refutations", "note"}.isdisjoint(question)
    assert page.locator("#pz-table [data-seat]").all_inner_texts() == [
        page.locator(f'#pz-table [data-seat="{p["seat"]}"]').inner_text()]
    assert "hands open after the answer" in page.locator("#pz-table").inner_text()
    assert "Which card is best, with what" in page.locator("#pz-prompt").inner_text()
    a = _answer(site, p)
    legal = p["legal"]
    assert isinstance(legal, list)
    wrong = next(c for c in legal if c not in a["right"])
    page.locator(f'#pz-cards button[data-card="{wrong}"]').click()
    refutation = page.locator('#pz-feedback [data-part="refutation"]').inner_text()
    assert str(a["refutations"][wrong]) in refutation
    assert any(u.startswith("file://") and u.endswith(str(p["answer"])) for u in requests)
    assert page.locator("#pz-table [data-seat]").count() == len(a["hands"])
    assert all(f'data-card="{c}"' in page.content() for c in hidden), "every hand open now"
    assert "counts for 50%" in page.locator('#pz-feedback [data-part="rating"]').inner_text()


def test_a_puzzles_folder_that_is_not_one_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match=r"--puzzles: .*no puzzles here"):
        Site([HERE / "export_hands"], tmp_path / "out", puzzles=tmp_path).build()
