"""Many layouts of one position in one call (Solver.options_batch): the same numbers as solving
each layout apart, in the compiled core and in the reference, and the early stop's promise."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from random_positions import layouts_of, random_positions

from tutor.engine.cards import PACKS, Card, Joker
from tutor.engine.hand import RulesSpec
from tutor.engine.play import Play, PlayContext
from tutor.engine.replay import build
from tutor.engine.seats import Seat
from tutor.files.handfile import load
from tutor.solve import FAST, Position, SolveError, Solver, apply, deal_of, moves
from tutor.solve.position import changed
from tutor.solve.singledummy import goal_of, single_dummy
from tutor.teach.players.inference import weighted_layouts

ENGINES = ["c", "python"]
KINDS = ("suit", "no-trumps", "misère")
SPECS = [RulesSpec("australian"), RulesSpec("american"), RulesSpec("avondale"), RulesSpec("three-handed"),
         RulesSpec("five-handed"), RulesSpec("six-handed"), RulesSpec("six-handed", {"pack": "63-homemade"})]


def _kind(pos: Position) -> str:
    return "misère" if pos.minimise else "no-trumps" if pos.ctx.trumps is None else "suit"


def _random_positions(left: int, seeds: range) -> list[tuple[Position, Sequence[Card]]]:
    """Positions with ``left`` tricks or fewer to go from random hands of every table, some in
    mid-trick, with the pack they were dealt from."""
    return random_positions(seeds, SPECS, lambda rng, n: rng.randrange(1, left + 1))


SMALL = _random_positions(3, range(1, 160))  # the reference's size
LARGER = _random_positions(6, range(200, 260))


def _identical(seed: int) -> tuple[Position, Sequence[Card]]:
    """A position of the home-made six-handed pack with both of some identical cards in play."""
    pack = PACKS["63-homemade"].cards
    twins = sorted({c for c in pack if pack.count(c) == 2}, key=str)
    rng = random.Random(seed)
    n, k = rng.choice(((4, 3), (5, 2), (6, 2), (3, 3)))
    dealt = [c for t in rng.sample(twins, 2) for c in (t, t)]
    dealt += rng.sample([c for c in pack if c not in dealt], n * k - len(dealt))
    rng.shuffle(dealt)
    kind = KINDS[seed % 3]
    trumps = None if kind != "suit" else rng.choice(dealt[:4]).suit  # type: ignore[attr-defined]
    ctx = PlayContext(trumps=trumps, joker_suit=trumps, misere=kind == "misère")
    team = tuple(i == 0 for i in range(n))
    seats = (Seat.N, Seat.NE, Seat.SE, Seat.S, Seat.SW, Seat.NW)[:n]
    pos = Position(seats, tuple(tuple(dealt[i * k:(i + 1) * k]) for i in range(n)), team, ctx,
                   leader=rng.randrange(n))
    for _ in range(rng.randrange(n)):
        pos = apply(pos, rng.choice(moves(pos)))
    return pos, pack


IDENTICAL = [_identical(seed) for seed in range(60)]


def test_the_positions_cover_what_they_should() -> None:
    positions = [p for p, _pack in SMALL + IDENTICAL]
    for kind in KINDS:
        assert sum(_kind(p) == kind for p in positions) >= 15, kind
    assert {len(p.seats) for p in positions} >= {3, 4, 5, 6}
    assert sum(bool(p.trick) for p in positions) >= 40
    assert sum(any(isinstance(c, Joker) for h in p.hands for c in h) for p in positions) >= 15
    held = [[c for h in p.hands for c in h] + [t.card for t in p.trick] for p, _pack in IDENTICAL]
    assert sum(len(set(cards)) < len(cards) for cards in held) >= 40


def _skip_without_core(engine: str) -> None:
    if engine == "c" and not FAST:
        pytest.skip("the compiled core is not built")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("which", ["random", "identical cards"])
def test_the_batch_gives_what_each_layout_solved_apart_gives(engine: str, which: str) -> None:
    _skip_without_core(engine)
    cases = SMALL if which == "random" else IDENTICAL
    for seed, (pos, pack) in enumerate(cases):
        if engine == "python" and seed % 2:  # the reference's time
            continue
        lays = layouts_of(pos, random.Random(seed), 6, pack=pack, spare=4)
        solver = Solver(engine)  # type: ignore[arg-type]
        assert solver.options_batch(lays) == [Solver(engine).options(lay) for lay in lays], pos  # type: ignore[arg-type]


@pytest.mark.skipif(not FAST, reason="the compiled core is not built")
def test_the_batch_agrees_on_longer_positions_with_one_solver_for_all() -> None:
    """Six tricks to go, 20 layouts each, one solver (its table kept across the positions)."""
    solver = Solver("c")
    for seed, (pos, pack) in enumerate(LARGER):
        lays = layouts_of(pos, random.Random(seed), 20, pack=pack, spare=4)
        assert solver.options_batch(lays) == [Solver("c").options(lay) for lay in lays], pos


def _weights(count: int, rng: random.Random) -> list[float]:
    return [rng.choice((0.5, 1.0, 1.0, 2.0, 3.0)) for _ in range(count)]


def _averages(pos: Position, lays: Sequence[Position], weights: Sequence[float],
              answers: Sequence[dict[Play, int]]) -> dict[Play, float]:
    """Each play's weighted average, in tricks the seat to move wants (more is better)."""
    me = pos.to_move
    more = pos.team[me] != pos.minimise
    total = sum(weights)
    return {p: sum(w * (a[p] if more else -a[p]) for w, a in zip(weights, answers, strict=True)) / total
            for p in answers[0]}


@pytest.mark.parametrize(("margin", "fewest"), [(0.0, 30), (0.6, 5)])
def test_the_early_stop_leaves_out_only_cards_that_cannot_come_near_the_best(
    margin: float, fewest: int
) -> None:
    """A card stopped early falls short of the best by more than the margin over all the layouts;
    the cards not stopped have every layout's value unchanged; both engines stop the same cards
    at the same layout; and on these positions some cards are stopped (fewer solves)."""
    stopped = 0
    for seed, (pos, pack) in enumerate(SMALL):
        rng = random.Random(seed)
        lays = layouts_of(pos, rng, 12, pack=pack, spare=4)
        weights = _weights(len(lays), rng)
        full = Solver().options_batch(lays)
        early = Solver().options_batch(lays, weights=weights, margin=margin)
        if seed % 4 == 0:  # the reference's time
            assert Solver("python").options_batch(lays, weights=weights, margin=margin) == early, pos
        average = _averages(pos, lays, weights, full)
        best = max(average.values())
        for k, (all_plays, some) in enumerate(zip(full, early, strict=True)):
            assert set(some) <= set(all_plays)
            assert all(some[p] == all_plays[p] for p in some)
            for play in set(all_plays) - set(some):
                assert average[play] < best - margin, (pos, play)
                assert all(play not in later for later in early[k:])  # once stopped, stopped
            stopped += len(all_plays) - len(some)
        assert any(average[p] == best for p in early[-1])  # the best is never stopped
    assert stopped >= fewest


def test_the_early_stop_never_stops_the_card_to_keep() -> None:
    """The card played (``keep``) is valued on every layout, with the same values as without the
    early stop, even where it is the worst card; both engines agree on every row."""
    kept = 0
    for seed, (pos, pack) in enumerate(SMALL):
        rng = random.Random(seed)
        lays = layouts_of(pos, rng, 12, pack=pack, spare=4)
        weights = _weights(len(lays), rng)
        full = Solver().options_batch(lays)
        average = _averages(pos, lays, weights, full)
        worst = min(average, key=lambda p: average[p])
        if average[worst] >= max(average.values()):
            continue
        early = Solver().options_batch(lays, weights=weights, margin=0.0, keep=worst)
        assert [row[worst] for row in early] == [row[worst] for row in full], pos
        if seed % 4 == 0:  # the reference's time
            assert Solver("python").options_batch(lays, weights=weights, margin=0.0, keep=worst) == early, pos
        kept += any(len(row) < len(moves(pos)) for row in early)  # others were stopped around it
    assert kept >= 5


@pytest.mark.parametrize(("change", "words"), [
    ("won", "layout 1 is not a layout of the first one's position: its won differ"),
    ("mover", "holds other cards"),
])
@pytest.mark.parametrize("engine", ENGINES)
def test_layouts_of_another_position_are_refused(engine: str, change: str, words: str) -> None:
    _skip_without_core(engine)
    pos, pack = next((p, k) for p, k in SMALL if len(p.hands[p.to_move]) >= 2 and len(p.seats) == 4)
    lays = layouts_of(pos, random.Random(1), 3, pack=pack, spare=4)
    if change == "won":
        lays[1] = changed(lays[1], won=lays[1].won + 1)
    else:
        me, other = pos.to_move, (pos.to_move + 1) % 4
        hands = list(lays[1].hands)
        mine, theirs = list(hands[me]), list(hands[other])
        if len(theirs) < len(mine):  # played to the trick already: swap with one yet to play
            other = (pos.to_move + 3) % 4 if len(hands[(pos.to_move + 3) % 4]) == len(mine) else other
            theirs = list(hands[other])
        mine[0], theirs[0] = theirs[0], mine[0]
        hands[me], hands[other] = tuple(mine), tuple(theirs)
        lays[1] = changed(lays[1], hands=tuple(hands))
    with pytest.raises(SolveError, match=words):
        Solver(engine).options_batch(lays)  # type: ignore[arg-type]


def test_the_early_stop_needs_a_weight_per_layout() -> None:
    pos, pack = SMALL[0]
    lays = layouts_of(pos, random.Random(0), 3, pack=pack, spare=4)
    with pytest.raises(SolveError, match="one weight per layout"):
        Solver().options_batch(lays, weights=[1.0], margin=0.0)


@pytest.mark.parametrize(("name", "fewest"), [("defence-north-trumps-partners-club", 10),
                                              ("defence-partners-ace-of-clubs", 5)])
def test_single_dummy_with_the_early_stop_keeps_the_best_card_and_the_marks(name: str, fewest: int) -> None:
    """Every position of a lesson, 30 layouts: the early stop changes no mark and not the best
    card, the cards solved on every layout keep their numbers, and some cards are stopped."""
    rep = build(load(f"hands/{name}.yaml"))
    deal = deal_of(rep)
    goal = goal_of(rep)
    stopped = 0
    for k, (pos, _play) in enumerate(deal.positions()):
        if len(moves(pos)) < 2:
            continue
        w = weighted_layouts(pos, pos.to_move, None, pack=rep.rules.the_pack.cards,
                             gone=[p.card for p in deal.plays[:k]], rng=random.Random(k), most=30)
        full = single_dummy(pos, w, goal, early_stop=False)
        early = single_dummy(pos, w, goal)
        assert early.best == full.best
        assert {c.play: c.mark for c in early.cards} == {c.play: c.mark for c in full.cards}
        late = [c for c in early.cards if c != full.of(c.play)]
        assert all(c.mark == "??" for c in late)
        stopped += len(late)
    assert stopped >= fewest
