"""The computer's card play: many layouts, solved a batch at a time in the compiled core, with the
same values as one solve each."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tutor.engine.play import Play
from tutor.solve import Position, Solver
from tutor.teach.players import Budget, Game, Phase


def bid_and_discard(seed: int, budget: Budget) -> Game:
    game = Game("australian", seed, budget=budget)
    while game.phase in (Phase.AUCTION, Phase.DISCARD):
        game.computer()
    assert game.phase is Phase.PLAY
    return game


@pytest.mark.parametrize("seed", [3, 17])
def test_the_batches_decide_as_one_solve_a_layout(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first twelve cards of a hand, chosen with the layouts solved in batches and again with
    each layout solved on its own by a fresh solver: the same card and the same reason."""
    game = bid_and_discard(seed, Budget(seconds=None, early=12, middle=20, late=30))

    def one_each(self: Solver, layouts: Sequence[Position], **_kw: object) -> list[dict[Play, int]]:
        return [Solver().options(lay) for lay in layouts]

    for _ in range(12):
        d = game.decide()
        with monkeypatch.context() as m:
            m.setattr(Solver, "options_batch", one_each)
            again = game.decide()
        assert (again.choice, again.reason) == (d.choice, d.reason)
        assert isinstance(d.choice, Play)
        game.play(d.choice)


def test_every_layout_dealt_is_solved_once_in_growing_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bid_and_discard(17, Budget(seconds=None, early=30, middle=30, late=30))
    sizes: list[int] = []
    real = Solver.options_batch

    def spy(self: Solver, layouts: Sequence[Position], **kw: object) -> list[dict[Play, int]]:
        sizes.append(len(layouts))
        return real(self, layouts, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Solver, "options_batch", spy)
    game.decide()
    assert sizes == [8, 16, 6]  # 30 layouts: a first batch of 8, then twice as many each time


def test_the_default_budget_solves_many_layouts_from_the_first_trick() -> None:
    """64 layouts at the first tricks (8 before: the duplicate benchmark measured the gain,
    README), more as the hand goes on."""
    budget = Budget()
    assert budget.layouts(10) == 64
    assert budget.layouts(10) <= budget.layouts(5) <= budget.layouts(2)
