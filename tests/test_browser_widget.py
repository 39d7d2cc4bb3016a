"""The widgets in a real JupyterLab, in headless Chromium: step, play along, answer a quiz question.

JupyterLab runs on 127.0.0.1 without a token, serving a temporary copy of the notebooks (Lab
autosaves outputs into what it serves). Set ``TUTOR_SCREENSHOT=path.png`` to keep a picture of
the replay widget (the README's screenshot was taken that way), and ``TUTOR_SHEET_SCREENSHOT``
for the score-sheet widget, and ``TUTOR_PROGRESS_SCREENSHOT`` for the quiz with its progress chart.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.engine.seats import Seat
from tutor.teach.quiz import make_quiz

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parent.parent
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (scripts/test.sh installs it as root)",
                allow_module_level=True)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
NOTEBOOK = "notebooks/01-getting-started.ipynb"
SCORING = "notebooks/05-scoring.ipynb"
QUIZ = "notebooks/04-quiz-yourself.ipynb"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    # Playwright cannot download its own browser here: launch the system Chromium.
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def jupyter_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1, no token, no news pop-up, serving a copy of notebooks/ and their data."""
    root = tmp_path_factory.mktemp("lab")
    work = root / "work"
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    shutil.copytree(ROOT / "tests" / "data", work / "tests" / "data")
    for folder in ("hands", "matches"):
        shutil.copytree(ROOT / folder, work / folder)
    cfg = root / "cfg"
    (cfg / "labconfig").mkdir(parents=True)
    (cfg / "labconfig" / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    port = _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(cfg), JUPYTER_RUNTIME_DIR=str(root / "rt"),
               JUPYTER_PLATFORM_DIRS="1", XDG_DATA_HOME=str(root / "data"))  # quiz histories
    log = open(root / "server.log", "w")  # noqa: SIM115 - closed after the server stops
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.token=", "--ServerApp.password=", "--allow-root",
         f"--ServerApp.root_dir={work}", f"--LabApp.workspaces_dir={root / 'ws'}",
         "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.expose_app_in_browser=True"],
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    try:
        while True:
            try:
                urllib.request.urlopen(url + "/api/status", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "jupyter lab failed to start:\n" + (root / "server.log").read_text()
                    ) from None
                time.sleep(0.2)  # polling the server's start, not a timing assumption in a test
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


@pytest.fixture
def patient_expect() -> Iterator[Any]:
    """Playwright's ``expect`` with generous waits (a kernel starts slowly on a busy machine)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    yield expect
    expect.set_options(timeout=5_000)  # Playwright's default, for other browser tests


def _run_notebook(page: Any, expect: Any, lab: str, notebook: str, width: int = 1280) -> None:
    """Open one notebook in a workspace of its own and run all its cells."""
    page.set_default_timeout(60_000)
    page.set_viewport_size({"width": width, "height": 1000})
    # A fresh workspace: the default one would reopen the notebooks of earlier tests, and
    # "run all cells" would run whichever of them Lab made current.
    page.goto(f"{lab}/lab/workspaces/{Path(notebook).stem}/tree/{notebook}?reset")
    expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible()
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands")
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def test_replay_play_along_and_quiz_in_jupyterlab(jupyter_lab: str, page: Any, patient_expect: Any) -> None:
    expect = patient_expect
    _run_notebook(page, expect, jupyter_lab, NOTEBOOK)

    # Run All leaves the first table at the deal, with the opening question, South's hand face up
    # and the other three face down.
    deal = page.locator(".tutor-replay").first
    expect(deal.locator(".tw-note")).to_contain_text("You are South")
    expect(deal.locator(".card.back")).to_have_count(30)
    # the Go-to menu is wide enough for its longest entry ("End of the auction")
    room = deal.locator("select").first.evaluate("""s => {
        const c = document.createElement('canvas').getContext('2d');
        c.font = getComputedStyle(s).font;
        const longest = Math.max(...Array.from(s.options, o => c.measureText(o.text).width));
        return s.clientWidth - longest; }""")
    assert room >= 16, room  # the arrow and the padding need about that

    # The second table: the notebook stops it at South's right bower led in trick 2, West to
    # play (the question); Next shows West's jack of diamonds under it, with the author's note,
    # and Next again North's card and its ruling.
    replay = page.locator(".tutor-replay").nth(1)
    expect(replay.locator('.tw-centre .card.current[data-card="JH"]')).to_be_visible()
    replay.get_by_role("button", name="Next ▶").click()
    expect(replay.locator('.tw-centre .card.current[data-card="JD"]')).to_be_visible()
    expect(replay.locator(".tw-ruling-text")).to_have_text(
        "West follows suit with the jack of diamonds (the left bower): it is a heart this hand, "
        "not a diamond.")
    expect(replay.locator(".tw-note")).to_contain_text("the left bower falls under the right bower")
    shot = os.environ.get("TUTOR_SCREENSHOT")
    if shot:
        replay.screenshot(path=shot)
    replay.get_by_role("button", name="Next ▶").click()
    expect(replay.locator('.tw-centre .card.current[data-card="10H"]')).to_be_visible()
    expect(replay.locator(".tw-ruling-text")).to_have_text("North follows suit with the 10 of hearts.")

    # The count panel, closed until the learner opens it: the engine's count at this step.
    from tutor.engine.facts import facts_at
    from tutor.files import handfile
    from tutor.views.shared.count import trump_line

    rp, _problems = handfile.check(ROOT / "hands" / "first-night-seven-hearts.yaml")
    assert rp is not None
    facts = facts_at(rp, rp.step_of_trick(2) + 2)
    assert facts is not None
    expect(replay.locator(".tw-count")).to_have_count(0)
    replay.get_by_role("button", name="Count").click()
    expect(replay.locator(".tw-count-trumps")).to_have_text(trump_line(facts))
    south_trumps = " ".join(c.pretty() for c in facts.held[Seat.S])
    expect(replay.locator('.tw-count-seat[data-seat="S"]')).to_have_text(
        f"South {len(facts.held[Seat.S])}: {south_trumps}")
    expect(replay.locator('.tw-count-top[data-suit="H"]')).to_be_visible()
    replay.get_by_role("button", name="Count").click()
    expect(replay.locator(".tw-count")).to_have_count(0)

    # Play along as South (the second widget): after the kitty and the discard, Next waits for
    # South's opening lead; the joker is the card South led at the table.
    south = page.locator(".tutor-replay").nth(2)
    south.locator("select").first.select_option(label="End of the auction")
    for _ in range(2):  # the kitty, then the discard
        south.get_by_role("button", name="Next ▶").click()
    expect(south.get_by_text("Your turn, South: which card do you play?")).to_be_visible()
    south.locator(".tutor-pick").get_by_role("button", name="Jo", exact=True).click()
    expect(south.locator(".tw-allowed")).to_contain_text("the same card South played at the table")

    # Defend as West (the third): to the joker lead, try to keep the left bower with a diamond.
    west = page.locator(".tutor-replay").nth(3)
    west.locator("select").first.select_option(label="Trick 1")
    expect(west.get_by_text("Your turn, West: which card do you play?")).to_be_visible()
    west.locator(".tutor-pick").get_by_role("button", name="K♦").click()
    refusal = west.locator(".tw-refused")
    expect(refusal).to_contain_text("Refused.")
    expect(refusal).to_contain_text(
        "West must follow suit: hearts were led and West holds the 8 of hearts and the jack of "
        "diamonds (the jack of diamonds is a heart this hand), so cannot play the king of diamonds")
    west.locator(".tutor-pick").get_by_role("button", name="8♥").click()
    expect(west.locator(".tw-allowed")).to_contain_text("the same card West played at the table")
    expect(west.locator(".tw-note")).to_contain_text("keeps the jack of diamonds back")

    # The quiz: answer the first question (the same for the same seed) and read the feedback.
    first = make_quiz(seed=1, count=3)[0]
    assert not first.multiple
    right = next(c for c in first.choices if c.key in first.answer)
    quiz = page.locator(".tutor-quiz").first
    expect(quiz).to_contain_text(first.prompt)
    quiz.get_by_role("button", name=right.label).click()
    expect(quiz.locator(".tw-right")).to_contain_text("Right.")
    expect(quiz.locator(".tw-right")).to_contain_text(first.ruling.text)
    expect(quiz.locator(".tw-tally")).to_have_text("Tally: 1 of 1 right · 3 questions")


def test_score_sheet_recalculates_when_a_setting_changes(
    jupyter_lab: str, page: Any, patient_expect: Any
) -> None:
    expect = patient_expect
    _run_notebook(page, expect, jupyter_lab, SCORING)
    sheet = page.locator(".tutor-sheet").first
    totals = sheet.locator('tr.hand-row[data-hand="4"] td.total')
    expect(totals).to_have_text(["630", "−30"])
    expect(sheet.locator(".score-status")).to_contain_text("Finished after hand 4.")
    # Its own stylesheet reached the page: the negative total is drawn in red.
    expect(sheet.locator('tr.hand-row[data-hand="2"] td.total.negative')).to_have_css(
        "color", "rgb(163, 38, 27)")

    sheet.get_by_label("Defenders score during misère").check()
    expect(totals).to_have_text(["730", "−30"])
    expect(sheet.locator(".tw-sheet-compare.now")).to_have_text(
        "These settings: North–South 730, East–West −30; finished after hand 4, North–South won")
    shot = os.environ.get("TUTOR_SHEET_SCREENSHOT")
    if shot:
        sheet.screenshot(path=shot)
    sheet.get_by_role("button", name="The file's settings").click()
    expect(totals).to_have_text(["630", "−30"])


ANALYSIS_CELLS = [
    "from tutor.files import handfile\n"
    "from tutor.views.widgets import ReplayWidget\n"
    "rep, _ = handfile.check('../hands/joker-only-when-void.yaml')\n"
    "lead = next(i for i, s in enumerate(rep.steps) if s.play and s.trick == 3 and s.position == 1)",
    "ReplayWidget(rep, step=lead - 1)",
    "ReplayWidget(rep, play_as='N', step=lead - 1)",
]


def test_analysis_shows_values_and_names_a_mistake_in_jupyterlab(
    jupyter_lab: str, page: Any, patient_expect: Any
) -> None:
    expect = patient_expect
    # A notebook of the test's own, saved through Lab's contents service.
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "source": src, "outputs": [],
                           "execution_count": None} for src in ANALYSIS_CELLS],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    page.goto(f"{jupyter_lab}/lab/workspaces/analysis-save/tree/notebooks?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager")
    page.evaluate(
        "nb => window.jupyterapp.serviceManager.contents.save('notebooks/analysis-test.ipynb',"
        " {type: 'notebook', format: 'json', content: nb})", notebook)
    _run_notebook(page, expect, jupyter_lab, "notebooks/analysis-test.ipynb")

    # Watching: Analysis is off, then on: North's cards show their values, the 7♦ the best.
    watch = page.locator(".tutor-replay").first
    expect(watch.get_by_role("button", name="Analysis")).to_be_visible()
    expect(watch.locator(".tw-value")).to_have_count(0)
    watch.get_by_role("button", name="Analysis").click()
    best = watch.locator('.tw-value.best[data-card="7D"]')
    expect(best).to_be_visible()
    expect(best).to_contain_text("6")
    expect(watch.locator('.tw-value[data-card="AD"]')).to_contain_text("7")
    expect(watch.locator(".tw-par")).to_contain_text("Par from here: East–West take 6")

    # Playing along as North: the ace of diamonds is allowed, and named as a mistake.
    north = page.locator(".tutor-replay").nth(1)
    north.get_by_role("button", name="Analysis").click()
    expect(north.locator(".tw-par")).to_contain_text("Par from here: East–West take 6")  # analysed
    north.get_by_role("button", name="Hint").click()
    expect(north.locator(".tw-hint")).to_contain_text("You may play: Q♥, 10♥, 9♥, 6♥, J♣, A♦, Q♦, 7♦.")
    north.locator(".tutor-pick").get_by_role("button", name="A♦").click()
    expect(north.locator(".tw-allowed")).to_contain_text("Your A♦ cost a trick: the 7♦ kept East–West to 6.")
def test_quiz_with_a_history_draws_the_learners_progress(
    jupyter_lab: str, page: Any, patient_expect: Any, tmp_path: Path
) -> None:
    from tutor.teach.memory import History
    from tutor.teach.review import review_quiz

    expect = patient_expect
    _run_notebook(page, expect, jupyter_lab, QUIZ)
    # The notebook's last widget keeps a new history for "ann": its first question is the one a
    # review quiz with the same seed asks from an empty history.
    with History(tmp_path / "empty.sqlite3", learner="ann") as empty:
        first = review_quiz(empty, seed=11, count=3)[0]
    quiz = page.locator(".tutor-quiz", has=page.locator(".tw-progress"))
    expect(quiz).to_have_count(1)
    expect(quiz.locator(".tw-progress-head")).to_have_text("Progress of ann: 0 of 0 right · 0 due now")
    expect(quiz.locator(".tw-progress-empty")).to_be_visible()
    expect(quiz).to_contain_text(first.prompt)
    if first.multiple:  # no card marked: a wrong answer, since every player has a card to play
        quiz.get_by_role("button", name="Check").click()
    else:
        wrong = next(c for c in first.choices if c.key not in first.answer)
        quiz.get_by_role("button", name=wrong.label).click()
    expect(quiz.locator(".tw-wrong")).to_contain_text("Not quite")
    # The chart now has one bar a topic the question tests, all of it the one wrong answer.
    expect(quiz.locator(".tw-progress-head")).to_have_text("Progress of ann: 0 of 1 right · 0 due now")
    rows = quiz.locator(".tw-progress-row")
    expect(rows).to_have_count(len(first.topics))
    for topic in first.topics:
        row = quiz.locator(f'.tw-progress-row[data-topic="{topic}"]')
        expect(row.locator(".tw-counts")).to_have_text("0/1")
        bar, wrong_part = row.locator(".tw-bar").bounding_box(), row.locator(".tw-bar-wrong").bounding_box()
        assert bar is not None and wrong_part is not None
        assert wrong_part["width"] == pytest.approx(bar["width"], abs=1)
        expect(row.locator(".tw-bar-wrong")).to_have_css("background-color", "rgb(192, 22, 29)")
    shot = os.environ.get("TUTOR_PROGRESS_SCREENSHOT")
    if shot:
        quiz.screenshot(path=shot)


DECISION_CELLS = [
    "from tutor.views.widgets import ReplayWidget\n"
    "ReplayWidget.from_file('../hands/misere-defence-on-souths-nine.yaml', step=11, show='all')",
]


@pytest.mark.parametrize("width", [1280, 400], ids=["desktop", "phone"])
def test_the_replay_widget_asks_the_lessons_decision_in_jupyterlab(
    jupyter_lab: str, page: Any, patient_expect: Any, width: int
) -> None:
    """The decision from one seat: before the answer only East's hand is face up (though every
    hand was asked for), a wrong choice is told at once and tried again, the right one opens the
    other hands; at a desktop's width and a phone's."""
    expect = patient_expect
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "source": src, "outputs": [],
                           "execution_count": None} for src in DECISION_CELLS],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    name = f"decision-test-{width}"
    page.goto(f"{jupyter_lab}/lab/workspaces/{name}-save/tree/notebooks?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager")
    page.evaluate(
        f"nb => window.jupyterapp.serviceManager.contents.save('notebooks/{name}.ipynb',"
        " {type: 'notebook', format: 'json', content: nb})", notebook)
    _run_notebook(page, expect, jupyter_lab, f"notebooks/{name}.ipynb", width=width)

    # At West's 4 of hearts in trick 1, every hand is face up (show='all')...
    replay = page.locator(".tutor-replay").first
    expect(replay.locator('.tw-centre .card.current[data-card="4H"]')).to_be_visible()
    expect(replay.locator(".tw-seat-W .card.back")).to_have_count(0)
    # ... Last (and Go to) cannot jump past the question: it stops there and asks
    replay.get_by_role("button", name="Last ▶|").click()
    expect(replay.locator(".tw-decision")).to_contain_text("East to decide:")
    expect(replay.locator('.tw-centre .card.current[data-card="4H"]')).to_be_visible()
    replay.get_by_role("button", name="◀ Back").click()
    expect(replay.locator(".tw-decision")).to_have_count(0)
    replay.get_by_role("button", name="Next ▶").click()
    expect(replay.locator(".tw-decision")).to_contain_text(
        "East to decide: Which heart do you play on South's 9?")
    expect(replay.locator(".tw-decision")).to_contain_text("Only East's hand is shown")
    # only what East knows: its ten cards face up, West's nine and North's ten face down
    expect(replay.locator(".tw-seat-E .card:not(.back)")).to_have_count(10)
    expect(replay.locator(".tw-seat-W .card.back")).to_have_count(9)
    expect(replay.locator(".tw-seat-N .card.back")).to_have_count(10)
    # of West's cards only the one played is drawn (greyed), none still in the hand
    expect(replay.locator('.tw-seat-W [data-card]')).to_have_count(1)
    expect(replay.locator('.tw-seat-W .played-cards [data-card="4H"]')).to_be_visible()
    expect(replay.locator("select").nth(1)).to_be_disabled()  # Show: locked until the answer
    expect(replay.locator('.tw-centre .card[data-card="7H"]')).to_have_count(0)  # not played yet
    # a wrong choice: told at once, the answer kept back, the question still asked
    replay.get_by_role("button", name="c) K♥").click()
    verdict = replay.locator(".tw-retry")
    expect(verdict).to_contain_text("Not the king of hearts.")
    expect(verdict).not_to_contain_text("7 of hearts")
    expect(replay.locator(".tw-decision")).to_be_visible()
    expect(replay.locator(".tutor-decision-c")).to_be_disabled()
    expect(replay.locator(".tw-seat-W .card.back")).to_have_count(9)
    for button in (replay.locator(".tutor-decision-a"), replay.locator(".tw-decision")):
        found = button.bounding_box()  # within the page's width: nothing to scroll sideways for
        assert found is not None and found["x"] >= 0 and found["x"] + found["width"] <= width + 1, found
    # tried again, right: the explanation, and the other hands open
    replay.get_by_role("button", name="a) 7♥").click()
    right = replay.locator(".tw-allowed")
    expect(right).to_contain_text("Right: the 7 of hearts.")
    expect(right).to_contain_text("In misère the defenders win by losing")
    expect(replay.locator(".tw-decision")).to_have_count(0)
    expect(replay.locator('.tw-centre .card.current[data-card="7H"]')).to_be_visible()  # the replay goes on
    expect(replay.locator(".tw-seat-W .card.back")).to_have_count(0)
    expect(replay.locator("select").nth(1)).to_be_enabled()
    replay.get_by_role("button", name="Next ▶").click()
    expect(replay.locator(".tw-ruling-text")).to_contain_text("South")
