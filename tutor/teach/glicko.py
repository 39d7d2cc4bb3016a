"""Glicko-2 ratings for learners and puzzles: a solve is a game between the two.

A pure implementation of Mark Glickman's Glicko-2 ("Example of the Glicko-2 system",
glicko.net/glicko/glicko2.pdf): a :class:`Rating` is a rating, a rating deviation (how unsure
the rating is) and a volatility (how much the rating is expected to swing). :func:`update`
rates one player over one rating period against the opponents' ratings at its start, with the
volatility found by the Illinois algorithm the paper gives (step 5). For puzzles each solve is
a rating period of one game (:func:`solve`): the learner wins if the answer was found, the
puzzle wins otherwise, and both are updated from the ratings before the game.

A puzzle served with its theme shown gives part of its answer away, so a solve then moves the
ratings by only :data:`SHOWN_THEME_DAMPING` of the full update (see :func:`damp`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "DEFAULT",
    "SCALE",
    "SHOWN_THEME_DAMPING",
    "TAU",
    "Rating",
    "damp",
    "expected",
    "solve",
    "update",
]

#: Glicko-2's internal scale: ``mu = (rating - 1500) / SCALE``, ``phi = deviation / SCALE``.
SCALE = 173.7178
#: The system constant: how much the volatility may change in a period (the paper's example
#: uses 0.5; Glickman suggests 0.3 to 1.2).
TAU = 0.5
#: The Illinois algorithm stops when the interval is this narrow (the paper's epsilon).
EPSILON = 0.000001
#: A solve of a puzzle whose theme was shown counts for this share of a full update: the theme
#: narrows the cards worth trying (a "ruffing" puzzle points at the trumps), so finding the
#: answer says about half as much about the learner, and failing it about half as much about
#: the puzzle.
SHOWN_THEME_DAMPING = 0.5


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating``, ``deviation`` (RD) and ``volatility``."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        if not (math.isfinite(self.rating) and self.deviation > 0 and self.volatility > 0):
            raise ValueError(
                f"a Glicko-2 rating needs a finite rating and a positive deviation and volatility, "
                f"not {self.rating}/{self.deviation}/{self.volatility}")

    @property
    def mu(self) -> float:
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


#: A new learner or puzzle: 1500, deviation 350, volatility 0.06 (the paper's defaults).
DEFAULT = Rating()


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (step 3's E)."""
    return _e(player.mu, opponent.mu, opponent.phi)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of f found by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games``: (opponent, score) with score
    1 for a win, 0 for a loss, 0.5 for a draw, the opponents as rated at the period's start.
    A period without games only widens the deviation (step 6 alone)."""
    for _, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a game's score is between 0 (lost) and 1 (won), not {score}")
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inv_v = 0.0
    gain = 0.0
    for opp, score in games:
        g = _g(opp.phi)
        e = _e(mu, opp.mu, opp.phi)
        inv_v += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / inv_v
    delta = v * gain
    new_sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Rating(new_mu * SCALE + 1500.0, new_phi * SCALE, new_sigma)


def damp(before: Rating, after: Rating, factor: float) -> Rating:
    """``after`` moved back toward ``before``: each of rating, deviation and volatility changes
    by ``factor`` (0 to 1) of the full update's change."""
    if not 0.0 <= factor <= 1.0:
        raise ValueError(f"a damping factor is between 0 and 1, not {factor}")
    return Rating(
        before.rating + factor * (after.rating - before.rating),
        before.deviation + factor * (after.deviation - before.deviation),
        before.volatility + factor * (after.volatility - before.volatility),
    )


def solve(learner: Rating, puzzle: Rating, solved: bool, *, theme_shown: bool = False,
          tau: float = TAU) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt, a rating period of one game:
    the learner scores 1 for the answer found and the puzzle 1 otherwise, each rated against
    the other's rating before the game; with ``theme_shown`` both updates are damped by
    :data:`SHOWN_THEME_DAMPING`."""
    score = 1.0 if solved else 0.0
    new_learner = update(learner, [(puzzle, score)], tau)
    new_puzzle = update(puzzle, [(learner, 1.0 - score)], tau)
    if theme_shown:
        new_learner = damp(learner, new_learner, SHOWN_THEME_DAMPING)
        new_puzzle = damp(puzzle, new_puzzle, SHOWN_THEME_DAMPING)
    return new_learner, new_puzzle
