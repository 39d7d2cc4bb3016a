"""The learning path: every lesson has a stage and a number, the index groups lessons by stage,
and previous/next walks the path, so that "First night" is lesson 1."""

from __future__ import annotations

from pathlib import Path

import html5lib
import pytest

from tutor.engine.hand import LEVELS
from tutor.files import handfile
from tutor.teach.path import Place, place
from tutor.teach.topics import TOPIC_STAGES, TOPIC_WORDS, stage_of
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
    assert [order for _, _, order in lessons] == list(range(1, len(HANDS) + 1))
    assert lessons[0][0] == "first-night-seven-hearts"
    # the numbers follow the stages: no lesson comes before one of an earlier stage
    stages = [list(LEVELS).index(level) for _, level, _ in lessons]
    assert stages == sorted(stages)
    assert {level for _, level, _ in lessons} == set(LEVELS), "a stage with no lesson"


#: The teacher's order (issue 30): the rules, trumps and bowers, the joker, (the bidding), defence,
#: then no-trumps and misère, (the other tables), and the end of a game last.
TEACHERS_ORDER = ["start", "trumps", "joker", "bidding", "defence", "no-trumps", "misere", "tables",
                  "game-end"]


def test_the_stages_come_in_the_teachers_order() -> None:
    assert list(LEVELS) == TEACHERS_ORDER
    assert set(TOPIC_STAGES.values()) == set(LEVELS)       # every stage has its topics
    assert set(TOPIC_STAGES) == set(TOPIC_WORDS) - {"joker"}  # every topic has a stage


@pytest.mark.parametrize(("tags", "stage"), [
    (["opening-lead", "drawing-trumps"], "start"),
    (["left-bower", "follow-suit"], "trumps"),
    (["declarer-play", "drawing-trumps"], "trumps"),
    (["joker-in-no-trumps", "no-trumps"], "joker"),
    (["competitive-bidding", "bidding-judgement"], "bidding"),
    (["signals", "suit-defence"], "defence"),
    (["joker-play", "no-trumps"], "no-trumps"),
    (["kitty-decision", "kitty", "misere"], "misere"),         # a misère lesson, whatever its point
    (["kitty-odds", "three-handed"], "tables"),                # a lesson of another table
    (["new-zealand", "misere"], "tables"),                     # the table before misère
    (["sacrifice", "competitive-bidding", "game-end"], "game-end"),  # the end of a game, last
    (["game-end", "five-handed"], "game-end"),
    (["not-a-topic"], None),
])
def test_a_lessons_stage_follows_from_its_topics(tags: list[str], stage: str | None) -> None:
    assert stage_of(tags) == stage


def test_within_a_stage_the_rules_come_first_then_the_decisions_in_their_order() -> None:
    placed = place([
        Place("late-rule", ("left-bower",), False, 90), Place("bid", ("bidding-judgement",), True, 5),
        Place("ask", ("counting-trumps",), True, 3), Place("rule", ("right-bower",), False, 40),
        Place("first", ("bidding",), False, 7), Place("new", ("declarer-play",), True, 120),
    ])
    assert [(p.name, p.stage, p.order) for p in placed] == [
        ("first", "start", 1), ("rule", "trumps", 2), ("late-rule", "trumps", 3), ("ask", "trumps", 4),
        ("new", "trumps", 5), ("bid", "bidding", 6)]
    with pytest.raises(ValueError, match="odd: its first tag, 'made-up', is not a topic"):
        place([Place("odd", ("made-up",), False, 1)])


def test_every_lesson_is_where_the_rule_places_it() -> None:
    """`scripts/place_lessons.py --write` leaves the hand files as they are."""
    hands = {p.stem: handfile.load(p) for p in HANDS}
    placed = place([Place(name, h.tags, h.decision is not None, h.order) for name, h in hands.items()])
    for p in placed:
        assert (hands[p.name].level, hands[p.name].order) == (p.stage, p.order), p.name


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
        assert f"Lesson {order} of {len(lessons)}" in text(nav)
        links = {a.get("rel"): a.get("href") for a in nav.iter("a") if a.get("rel")}
        assert links.get("prev") == (f"../lessons/{lessons[i - 1][0]}.html" if i else None)
        assert links.get("next") == (
            f"../lessons/{lessons[i + 1][0]}.html" if i + 1 < len(lessons) else None)
