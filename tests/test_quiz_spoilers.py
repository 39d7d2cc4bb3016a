"""The lesson pages never give a quiz answer away: every trick of every lesson in hands/.

Between a trick's heading and its "who wins?" question there is only the trick's number, the
picture of its cards (the led card marked, no winner) and the question, which names the seat
that led and no other. Rulings, notes and the next trick's heading (whose leader is this
trick's winner) come after the answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import html5lib
import pytest

from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.teach.asking import asked_in, choice_orders
from tutor.views.site.export import Site

ROOT = Path(__file__).parent.parent
HANDS = sorted((ROOT / "hands").glob("*.yaml"))
SEAT_WORDS = {s.word for s in Seat}


@pytest.fixture(scope="module")
def lesson_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lessons-site")
    report = Site([ROOT / "hands"], out).build()
    assert report.ok and report.lessons == len(HANDS)
    return out


def classes(el: object) -> list[str]:
    return (el.get("class") or "").split()  # type: ignore[attr-defined]


def text_before_question(el: object, stop: list[bool]) -> Iterator[str]:
    """The text of ``el`` in document order up to the question, leaving out the trick picture."""
    if "quiz-question" in classes(el):
        stop.append(True)
        return
    if "trick" in classes(el):
        pass
    elif el.text:  # type: ignore[attr-defined]
        yield el.text  # type: ignore[attr-defined]
    if "trick" not in classes(el):
        for child in el:  # type: ignore[attr-defined]
            yield from text_before_question(child, stop)
            if stop:
                return
    if el.tail:  # type: ignore[attr-defined]
        yield el.tail  # type: ignore[attr-defined]


def all_text(el: object) -> str:
    return " ".join("".join(el.itertext()).split())  # type: ignore[attr-defined]


def seats_named(text: str) -> set[str]:
    words = set(text.replace(".", " ").replace(",", " ").replace("'s", " ").split())
    return words & SEAT_WORDS


@pytest.mark.parametrize("path", HANDS, ids=[p.stem for p in HANDS])
def test_nothing_between_a_trick_and_its_question_names_the_winner(lesson_site: Path, path: Path) -> None:
    rp, problems = handfile.check(path)
    assert rp is not None and not problems
    doc = html5lib.parse((lesson_site / "lessons" / f"{path.stem}.html").read_bytes(),
                         namespaceHTMLElements=False)
    sections = {s.get("id"): s for s in doc.iter("section")}  # type: ignore[attr-defined]
    complete = [t for t in rp.tricks if t.complete]
    assert complete, "a lesson with no complete trick has no quiz"
    asked = asked_in(rp)  # a trick not asked (one seat wins too many) is shown with its winner
    assert asked, "every lesson with a complete trick asks of some"
    for trick in complete:
        assert trick.winner is not None and trick.winner_index is not None
        section = sections[f"trick-{trick.number}"]
        if trick.number not in asked:
            assert not [e for e in section.iter("p") if "quiz-question" in classes(e)], trick.number
            continue
        stop: list[bool] = []
        before = " ".join("".join(text_before_question(section, stop)).split())
        assert stop, f"trick {trick.number}: no question"
        assert before == f"Trick {trick.number}", (trick.number, before)
        assert "win" not in before.lower()
        picture = next(e for e in section.iter("div") if "trick" in classes(e))
        assert not [e for e in picture.iter() if "winner" in classes(e) or "trick-winner" in classes(e)]
        assert "wins" not in all_text(picture)
        led = [e for e in picture.iter("div") if "led" in classes(e)]
        assert len(led) == 1 and trick.leader.word in all_text(led[0]), trick.number
        question = next(e for e in section.iter("p") if "quiz-question" in classes(e))
        assert seats_named(all_text(question)) == {trick.leader.word}, all_text(question)
        # the per-card rulings and notes come after the answer
        quiz = next(e for e in section.iter("div") if "quiz" in classes(e))
        order = [e for e in section.iter() if e is quiz or "plays" in classes(e)]
        assert order[0] is quiz, f"trick {trick.number}: the rulings come before the question"


def test_two_cards_by_one_seat_are_asked_as_which_card_wins(lesson_site: Path) -> None:
    """The two-handed game: a seat plays two cards to each trick, so answers are cards, not seats."""
    path = ROOT / "hands" / "two-handed-table-cards.yaml"
    rp, _ = handfile.check(path)
    assert rp is not None
    doc = html5lib.parse((lesson_site / "lessons" / f"{path.stem}.html").read_bytes(),
                         namespaceHTMLElements=False)
    quizzes = [q for q in doc.iter("div") if q.get("data-winner")]  # type: ignore[attr-defined]
    asked, orders = asked_in(rp), choice_orders(rp)
    for quiz, trick in zip(quizzes, [t for t in rp.tricks if t.number in asked], strict=True):
        assert trick.winner_index is not None
        assert all_text(next(quiz.iter("p"))).startswith(f"Which card wins trick {trick.number}?")
        keys = [b.get("data-key") for b in quiz.iter("button")]
        # the four cards, round the table from the place the question's key chooses
        assert keys == [str(trick.plays[i]) for i in orders[trick.number]] and len(set(keys)) == 4
        assert quiz.get("data-winner") == str(trick.plays[trick.winner_index])
