"""The site's "who wins?" quiz cannot be gamed: the answer's place says nothing, and a lesson
where one seat wins most tricks asks fewer of those (tutor.teach.asking).

Over the shipped lessons, in the order played the first button was right in 267 of 420
questions (the leader wins most tricks), and one seat won 8 or more tricks in 19 lessons.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.replay import Replay
from tutor.files.handfile import check
from tutor.teach.asking import FEWEST, asked_tricks, choice_order
from tutor.views.shared.render import Pictures, environment
from tutor.views.site.pages import lesson_view

HANDS = sorted((Path(__file__).parent.parent / "hands").glob("*.yaml"))


@cache
def view(path: Path) -> tuple[Replay, dict[str, object]]:
    rp, problems = check(path)
    assert rp is not None and not problems, problems
    return rp, lesson_view(rp, Pictures(environment()))


def asked(path: Path) -> list[dict[str, object]]:
    _, v = view(path)
    tricks: list[dict[str, object]] = v["tricks"]  # type: ignore[assignment]
    return [t for t in tricks if t.get("asked", t["complete"])]  # before: every complete trick


def test_the_right_answers_place_is_spread_over_the_buttons() -> None:
    places: Counter[int] = Counter()
    for path in HANDS:
        for t in asked(path):
            keys = [c["key"] for c in t["choices"]]  # type: ignore[attr-defined]
            if len(keys) == 4:
                places[keys.index(t["winner_key"])] += 1
    total = sum(places.values())
    # Expected 25% each; with the 184 four-choice questions asked one standard deviation is
    # 3.2 points, so over 35% (three of them) would mean the place gives the answer away.
    # (In the order played the first place was right in 64% of them.)
    assert total > 150, total
    assert max(places.values()) <= 0.35 * total, places


@pytest.mark.parametrize("path", HANDS, ids=[p.stem for p in HANDS])
def test_no_seat_answers_most_of_a_lessons_questions(path: Path) -> None:
    answers = Counter(str(t["winner_key"]) for t in asked(path))
    assert answers, "every lesson asks some question"
    (_, most), = answers.most_common(1)
    others = sum(answers.values()) - most
    # The most frequent answer is right at most half the time, or at most FEWEST times.
    assert most <= max(FEWEST, others), answers


@pytest.mark.parametrize("path", HANDS, ids=[p.stem for p in HANDS])
def test_a_trick_not_asked_is_shown_with_its_winner(path: Path) -> None:
    _, v = view(path)
    tricks: list[dict[str, object]] = v["tricks"]  # type: ignore[assignment]
    for t in tricks:
        if t["complete"] and not t["asked"]:
            assert "diagram" in t and t["winner_word"] and t["ruling"]
    assert v["quiz_count"] == len(asked(path))


@pytest.mark.parametrize(("answers", "asked"), [
    ({}, set()),
    ({1: "N", 2: "E", 3: "S", 4: "W"}, {1, 2, 3, 4}),
    ({1: "S", 2: "S", 3: "N", 4: "N"}, {1, 2, 3, 4}),        # a tie: neither answers over half
    ({1: "S", 2: "S", 3: "S", 4: "N", 5: "S"}, {1, 2, 4}),   # at least FEWEST of South's
    ({1: "S", 2: "S", 3: "S"}, {1, 2}),                      # South takes every trick
    ({1: "S", 2: "N", 3: "S", 4: "E", 5: "S", 6: "W", 7: "S"}, {1, 2, 3, 4, 5, 6}),
])
def test_asked_tricks(answers: dict[int, str], asked: set[int]) -> None:
    assert asked_tricks(answers) == asked


def test_the_lowest_rank_is_kept() -> None:
    assert asked_tricks({1: "S", 2: "S", 3: "S", 4: "S"}, {1: 2, 2: 2, 3: 1, 4: 0}) == {3, 4}


@given(st.dictionaries(st.integers(1, 13), st.sampled_from("NESW"), max_size=13))
def test_the_most_frequent_answer_is_capped(answers: dict[int, str]) -> None:
    kept = asked_tricks(answers)
    assert kept <= set(answers)
    counts = Counter(answers[t] for t in kept)
    if counts:
        most = max(counts.values())
        assert most <= max(FEWEST, len(kept) - most)
    assert set(answers.values()) == set(counts)  # every answer is still asked


@given(st.text(max_size=20), st.integers(1, 6))
def test_choice_order_is_a_rotation_of_the_order_played(key: str, count: int) -> None:
    order = choice_order(key, count)
    assert sorted(order) == list(range(count))
    assert all((b - a) % count == 1 for a, b in pairwise(order))
    assert order == choice_order(key, count)
