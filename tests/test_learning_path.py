"""The learning path: every lesson has a stage and a number, the index groups lessons by stage,
and previous/next walks the path, so that "First night" is lesson 1."""

from __future__ import annotations

from pathlib import Path

import html5lib
import pytest

from tutor.engine.hand import LEVELS
from tutor.files import handfile
from tutor.views.site.export import Site

ROOT = Path(__file__).parent.parent
HANDS = sorted((ROOT / "hands").glob("*.yaml"))


def path_of_lessons() -> list[tuple[str, str, int]]:
    out = []
    for path in HANDS:
        hand = handfile.load(path)
        assert hand.level is not None and hand.order is not None, f"{path.name}: no level or order"
        out.append((path.stem, hand.level, hand.order))
    return sorted(out, key=lambda t: t[2])


def test_every_lesson_has_a_place_and_the_numbers_run_from_one() -> None:
    lessons = path_of_lessons()
    orders = [order for _, _, order in lessons]
    # lessons written alongside others (issue 30) take orders from 150, until the path is
    # renumbered with them in place: the rest run from one, and those come after, in order
    placed = [o for o in orders if o < 150]
    assert placed == list(range(1, len(placed) + 1))
    assert orders[len(placed):] == sorted(set(orders[len(placed):]))
    assert lessons[0][0] == "first-night-seven-hearts"
    # the numbers follow the stages: no lesson comes before one of an earlier stage
    stages = [list(LEVELS).index(level) for _, level, _ in lessons]
    assert stages == sorted(stages)
    assert {level for _, level, _ in lessons} == set(LEVELS), "a stage with no lesson"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("path-site")
    assert Site([ROOT / "hands"], out).build().ok
    return out


def parse(path: Path) -> object:
    return html5lib.parse(path.read_bytes(), namespaceHTMLElements=False)


def text(el: object) -> str:
    return " ".join("".join(el.itertext()).split())  # type: ignore[attr-defined]


def test_the_index_groups_lessons_by_stage_in_path_order(site: Path) -> None:
    doc = parse(site / "index.html")
    groups = [s for s in doc.iter("section") if s.get("class") == "lesson-group"]  # type: ignore[attr-defined]
    assert [text(g.find("h3")) for g in groups] == list(LEVELS.values())
    lessons = path_of_lessons()
    listed = [a.get("href") for g in groups for h in g.iter("h4") for a in h.iter("a")]
    assert listed == [f"lessons/{name}.html" for name, _, _ in lessons]
    for g in groups:  # each group's numbers carry on from the one before
        first = next(name for name, _, _ in lessons if f"lessons/{name}.html" in
                     [a.get("href") for a in g.iter("a")])
        number = next(o for name, _, o in lessons if name == first)
        assert int(g.find("ol").get("start") or 1) == number


def test_previous_and_next_follow_the_path(site: Path) -> None:
    lessons = path_of_lessons()
    for i, (name, _, order) in enumerate(lessons):
        doc = parse(site / "lessons" / f"{name}.html")
        nav = next(n for n in doc.iter("nav") if n.get("class") == "lesson-nav")  # type: ignore[attr-defined]
        assert f"Lesson {i + 1} of {len(lessons)}" in text(nav)
        assert order < 150 or i + 1 == len(lessons) or lessons[i + 1][2] > order
        links = {a.get("rel"): a.get("href") for a in nav.iter("a") if a.get("rel")}
        assert links.get("prev") == (f"../lessons/{lessons[i - 1][0]}.html" if i else None)
        assert links.get("next") == (
            f"../lessons/{lessons[i + 1][0]}.html" if i + 1 < len(lessons) else None)
