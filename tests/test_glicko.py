"""Glicko-2 as Glickman's paper computes it, and the properties a solve's update must have."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.teach.glicko import (
    SHOWN_THEME_DAMPING,
    Rating,
    damp,
    expected,
    solve,
    update,
)

ratings = st.builds(
    Rating,
    rating=st.floats(800, 2500),
    deviation=st.floats(30, 350),
    volatility=st.floats(0.03, 0.1),
)


def test_the_worked_example_of_glickmans_paper() -> None:
    """"Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won), 1550/100 (lost)
    and 1700/300 (lost), tau 0.5, gives 1464.06 / 151.52 / 0.05999."""
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


@pytest.mark.parametrize(("opponent", "e"), [
    # the paper's step 3: E for each of its three opponents
    (Rating(1400, 30), 0.639),
    (Rating(1550, 100), 0.432),
    (Rating(1700, 300), 0.303),
])
def test_expected_scores_of_the_example(opponent: Rating, e: float) -> None:
    assert expected(Rating(1500, 200), opponent) == pytest.approx(e, abs=0.001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.deviation == pytest.approx(173.7178 * ((200 / 173.7178) ** 2 + 0.06**2) ** 0.5)


@given(ratings, ratings)
def test_a_solve_raises_the_learner_and_lowers_the_puzzle(learner: Rating, puzzle: Rating) -> None:
    new_learner, new_puzzle = solve(learner, puzzle, True)
    assert new_learner.rating > learner.rating
    assert new_puzzle.rating < puzzle.rating


@given(ratings, ratings)
def test_a_miss_lowers_the_learner_and_raises_the_puzzle(learner: Rating, puzzle: Rating) -> None:
    new_learner, new_puzzle = solve(learner, puzzle, False)
    assert new_learner.rating < learner.rating
    assert new_puzzle.rating > puzzle.rating


unsure = st.builds(Rating, rating=st.floats(1300, 1700), deviation=st.floats(150, 350),
                   volatility=st.floats(0.03, 0.1))


@given(unsure, unsure, st.booleans())
def test_a_game_shrinks_an_unsure_deviation(learner: Rating, puzzle: Rating, solved: bool) -> None:
    """Where the deviation is well above the floor the volatility keeps it at (a new learner,
    a new puzzle) and the two are not far apart, one game shrinks it. (Not always: a surprise
    between sure ratings far apart raises the volatility, and the deviation with it.)"""
    new_learner, new_puzzle = solve(learner, puzzle, solved)
    assert new_learner.deviation < learner.deviation
    assert new_puzzle.deviation < puzzle.deviation


@given(ratings, ratings, st.booleans())
def test_the_puzzle_is_updated_as_the_learners_opponent(learner: Rating, puzzle: Rating,
                                                        solved: bool) -> None:
    """Symmetric: the puzzle's update is the learner's with the roles and the result swapped."""
    new_learner, new_puzzle = solve(learner, puzzle, solved)
    swapped_puzzle, swapped_learner = solve(puzzle, learner, not solved)
    assert new_learner == swapped_learner
    assert new_puzzle == swapped_puzzle


@given(ratings, ratings, st.booleans())
def test_a_shown_theme_damps_the_update(learner: Rating, puzzle: Rating, solved: bool) -> None:
    full_learner, full_puzzle = solve(learner, puzzle, solved)
    damped_learner, damped_puzzle = solve(learner, puzzle, solved, theme_shown=True)
    for before, full, damped in ((learner, full_learner, damped_learner),
                                 (puzzle, full_puzzle, damped_puzzle)):
        assert damped.rating - before.rating == pytest.approx(
            SHOWN_THEME_DAMPING * (full.rating - before.rating))
        assert damped.deviation - before.deviation == pytest.approx(
            SHOWN_THEME_DAMPING * (full.deviation - before.deviation))


@pytest.mark.parametrize(("call", "words"), [
    (lambda: Rating(1500, 0, 0.06), "positive deviation"),
    (lambda: Rating(float("nan"), 200, 0.06), "finite rating"),
    (lambda: update(Rating(), [(Rating(), 2.0)]), "between 0 (lost) and 1 (won)"),
    (lambda: damp(Rating(), Rating(), 1.5), "between 0 and 1"),
])
def test_bad_values_are_refused(call: object, words: str) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        call()
