"""The solver's bounded question: ``Solver.at_least(pos, t)`` is ``value(pos) >= t``, asked as
one zero-window search (the review's misère made-or-set), in both engines, the same answers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_positions import layouts_of, random_positions

from tutor.engine.hand import RulesSpec
from tutor.files.handfile import check
from tutor.solve import FAST, Position, SolveError, Solver
from tutor.teach.singledummy import layouts_at

needs_core = pytest.mark.skipif(not FAST, reason="the compiled core is not built")

#: Every table size, suit contracts and no-trumps, and the joker's rules that change who wins.
SPECS = [
    RulesSpec("australian"),
    RulesSpec("american"),
    RulesSpec("new-zealand"),
    RulesSpec("australian", {"joker_loses_power": True}),
    RulesSpec("australian", {"joker_lead": "unless-void"}),
    RulesSpec("australian", {"joker_compulsory_in_misere": True}),
    RulesSpec("three-handed"),
    RulesSpec("five-handed"),
    RulesSpec("six-handed"),
    RulesSpec("six-handed", {"pack": "63-homemade"}),
]

#: Short positions (the reference answers them in milliseconds): every preset and joker rule,
#: three to six hands, suit contracts, no-trumps and misère, some in mid-trick.
SHORT = [pos for pos, _ in random_positions(range(3000, 3240), SPECS,
                                            lambda rng, n: rng.choice((2, 3, 4)) if n <= 4 else 3)]
#: Misère only, longer, where the review asks it: at three, four and five hands, and six-handed
#: (where the contractor's partners sit out: one against three with the 63-card pack).
MISERE_BY_PRESET = {name: [pos for pos, _ in random_positions(
                        range(5000, 5080), [RulesSpec(name)], lambda rng, n: rng.choice((5, 6, 7)),
                        keep=lambda rep: rep.context is not None and rep.context.misere)]
                    for name in ("three-handed", "australian", "five-handed", "six-handed")}
LONG_MISERE = [pos for found in MISERE_BY_PRESET.values() for pos in found]


def test_the_samples_cover_what_they_should() -> None:
    assert len(SHORT) >= 150
    assert {len(p.seats) for p in SHORT} >= {3, 4, 5, 6}
    assert sum(p.minimise for p in SHORT) >= 30
    assert sum(p.ctx.trumps is not None for p in SHORT) >= 30
    assert sum(bool(p.trick) for p in SHORT) >= 50
    assert all(len(found) >= 6 for found in MISERE_BY_PRESET.values())
    assert {len(p.seats) for p in LONG_MISERE} == {3, 4, 5}


def _thresholds(pos: Position) -> range:
    """Every threshold worth asking, and one on either side of the possible."""
    return range(pos.won - 1, pos.won + pos.tricks_left + 2)


@needs_core
@pytest.mark.parametrize("engine", ["c", "python"])
def test_at_least_is_the_exact_value_against_every_threshold(engine: str) -> None:
    for pos in SHORT:
        exact = Solver("c").value(pos)
        solver = Solver(engine)  # one table across thresholds, as a caller keeps it
        for t in _thresholds(pos):
            assert solver.at_least(pos, t) == (exact >= t), (pos, t, exact)


@needs_core
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LONG_MISERE), st.integers(0, 2))
def test_a_misere_made_or_set_is_one_question_with_the_exact_answer(pos: Position, extra: int) -> None:
    """Longer misère positions (five to seven tricks to go): the core's one zero-window search
    says set exactly when the exact value is a trick or more, and so on up."""
    exact = Solver("c").value(pos)
    t = pos.won + 1 + extra
    assert Solver("c").at_least(pos, t) == (exact >= t)


@needs_core
def test_the_engines_agree_on_the_long_misere_positions_made_or_set() -> None:
    checked = 0
    for pos in LONG_MISERE:
        if pos.tricks_left > 5 or len(pos.seats) > 4:
            continue
        assert Solver("python").at_least(pos, pos.won + 1) == Solver("c").at_least(pos, pos.won + 1), pos
        checked += 1
    assert checked >= 8


@needs_core
def test_a_misere_set_costs_one_search_not_one_a_trick() -> None:
    """The point of asking: a misère the defenders beat by several tricks is settled by one
    search, where the exact value takes one more search for each trick. A count of positions
    (the same code always searches the same number), not a time."""
    beaten = [p for p in LONG_MISERE if Solver("c").value(p) - p.won >= 3]
    assert len(beaten) >= 5
    asked = exact = 0
    for pos in beaten:
        a, e = Solver("c"), Solver("c")
        assert a.at_least(pos, pos.won + 1)
        e.value(pos)
        asked += a.nodes
        exact += e.nodes
    assert asked < exact


@needs_core
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LONG_MISERE), st.integers(1, 3000))
def test_under_a_node_budget_the_answer_is_exact_or_none(pos: Position, budget: int) -> None:
    """A budget never changes an answer, it only withholds it: and the table the given-up
    search leaves behind holds only what it proved (the same solver's exact value after it is
    the fresh solver's)."""
    exact = Solver("c").value(pos)
    solver = Solver("c")
    got = solver.at_least_within(pos, pos.won + 1, budget)
    assert got is None or got == (exact >= pos.won + 1)
    assert solver.value(pos) == exact
    assert solver.at_least(pos, pos.won + 1) == (exact >= pos.won + 1)


@needs_core
def test_a_budget_too_small_gives_no_answer_and_a_large_one_the_answer() -> None:
    hard = [p for p in LONG_MISERE if _nodes_to_decide(p) > 50]
    assert len(hard) >= 5
    for pos in hard:
        assert Solver("c").at_least_within(pos, pos.won + 1, 10) is None
        assert Solver("c").at_least_within(pos, pos.won + 1, 10**9) == Solver("c").at_least(pos, pos.won + 1)
    with pytest.raises(SolveError, match="node budget"):
        Solver("c").at_least_within(hard[0], hard[0].won + 1, -1)


def _nodes_to_decide(pos: Position) -> int:
    solver = Solver("c")
    solver.at_least(pos, pos.won + 1)
    return solver.nodes


@needs_core
@pytest.mark.parametrize("cap", [0, 1, 2])
@pytest.mark.parametrize("engine", ["c", "python"])
def test_a_capped_batch_is_the_exact_batch_capped(engine: str, cap: int) -> None:
    """options_batch(cap=c): each play's value is min(exact, c) on every layout, in both
    engines; with the early stop both stop the same plays at the same layout."""
    checked = 0
    for pos in SHORT[::3]:
        if pos.tricks_left > 3:
            continue
        lays = layouts_of(pos, random.Random(len(pos.seats) * 100 + pos.tricks_left), 3)
        c = pos.won + cap
        exact = Solver("c").options_batch(lays)
        got = Solver(engine).options_batch(lays, cap=c)
        assert got == [{p: min(v, c) for p, v in row.items()} for row in exact], pos
        weights = [3.0, 2.0, 1.0][:len(lays)]
        assert Solver(engine).options_batch(lays, weights=weights, margin=0.6, cap=c) == \
            Solver("c").options_batch(lays, weights=weights, margin=0.6, cap=c)
        checked += 1
    assert checked >= 40


@needs_core
def test_a_misere_against_three_gets_a_table_large_enough() -> None:
    """The six-handed misère lesson's opening lead, single-dummy over its two heaviest layouts
    (the review's first card): in the 2^13 table misère had, 37 million positions (a billion
    over four layouts); in the 2^15 of five and six hands, 13 million. A count, not a time."""
    hands = Path(__file__).resolve().parent.parent / "hands"
    rep, _ = check(hands / "six-handed-misere-both-partners-out.yaml")
    assert rep is not None
    _pos, weighted = layouts_at(rep, 0, most=4, seed=0)
    heaviest = [lay for lay, _w in sorted(weighted, key=lambda s: -s[1])][:2]
    solver = Solver()
    rows = solver.options_batch(heaviest)
    assert all(min(row.values()) == 0 for row in rows)
    assert solver.nodes < 20_000_000
