"""The double-dummy solver against a brute-force minimax, and its two implementations together.

The brute force here is written apart from the solver: it asks ``judge_play`` about every
card (and every suit a led joker might name) and ``trick_winner`` about every trick, and
tries every line of play, so it shares nothing with the solver's move generation or search.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from random_positions import random_positions

from tutor.engine.cards import PACKS, Card, Joker, Suit, SuitedCard
from tutor.engine.hand import RulesSpec
from tutor.engine.play import (
    IllegalPlay,
    Play,
    PlayContext,
    effective_suit,
    joker_powerless,
    judge_play,
    led_suit,
    trick_winner,
)
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, replay
from tutor.engine.seats import Seat
from tutor.files.handfile import load
from tutor.solve import FAST, Position, SolveError, Solver, apply, deal_of, moves
from tutor.solve.core import Core

#: Rule sets for no-trumps with the joker and misère: the presets, and the joker's settings.
SPECS = [
    RulesSpec("australian"),
    RulesSpec("avondale"),
    RulesSpec("american"),
    RulesSpec("new-zealand"),
    RulesSpec("canadian"),
    RulesSpec("west-seventh-street"),
    RulesSpec("australian", {"joker_loses_power": True}),
    RulesSpec("australian", {"joker_lead": "unless-void"}),
    RulesSpec("australian", {"joker_compulsory_in_misere": True}),
    RulesSpec("three-handed"),
    RulesSpec("five-handed"),
    RulesSpec("six-handed"),
    # The home-made pack: the 2s, 3s and red 4s twice (of identical cards the first played wins).
    RulesSpec("six-handed", {"pack": "63-homemade"}),
]


def _judged(pos: Position) -> list[Play]:
    """Every play judge_play allows the seat to move (a led joker: unnamed and each suit)."""
    i = pos.to_move
    hand = pos.hands[i]
    seat = pos.seats[i]
    out = []
    for card in dict.fromkeys(hand):
        names: list[Suit | None] = [None]
        if not pos.trick and isinstance(card, Joker) and pos.ctx.wildcard:
            names += list(Suit)
        for name in names:
            play = Play(card, name)
            try:
                judge_play(seat, hand, pos.trick, play, pos.ctx, shown_void=pos.shown_void[i],
                           led_before=pos.led)
            except IllegalPlay:
                continue
            out.append(play)
    return out


def _after(pos: Position, play: Play) -> Position:
    """The position after ``play``, written out here with trick_winner (not the solver's apply)."""
    i, ctx = pos.to_move, pos.ctx
    hand = list(pos.hands[i])
    hand.remove(play.card)
    hands = list(pos.hands)
    hands[i] = tuple(hand)
    voids = list(pos.shown_void)
    powerless = list(pos.powerless)
    if joker_powerless(play.card, ctx, voids[i]):
        powerless.append(len(pos.trick))
    led_before = pos.led
    if pos.trick:
        led = led_suit(pos.trick, ctx)
        if led is not None and effective_suit(play.card, ctx) is not led:
            voids[i] = voids[i] | {led}
    elif (first := led_suit([play], ctx)) is not None:
        led_before = led_before | {first}  # the suits led so far (setting joker_lead not-yet-led)
    trick = (*pos.trick, play)
    n = len(pos.seats)
    if len(trick) < n:
        return _unchecked(pos, hands=tuple(hands), trick=trick, powerless=tuple(powerless),
                          shown_void=tuple(voids), led=led_before)
    order = tuple(pos.seats[(pos.leader + k) % n] for k in range(n))
    index, _ = trick_winner(order, trick, ctx, powerless=powerless)
    winner = (pos.leader + index) % n
    return _unchecked(pos, hands=tuple(hands), leader=winner, trick=(), powerless=(),
                      shown_void=tuple(voids), won=pos.won + pos.team[winner], led=led_before)


def _unchecked(pos: Position, **fields: object) -> Position:
    """``pos`` with ``fields`` changed, without ``Position``'s checks: the brute force starts from
    positions that were checked, and checking each of the hundreds of thousands it reaches from
    them took over 40% of its time. Written here rather than borrowed from the solver."""
    new = object.__new__(Position)
    new.__dict__.update(pos.__dict__, **fields)
    return new


@cache
def brute(pos: Position) -> int:
    """The contractor's side's tricks with best play, by trying every line."""
    if not pos.trick and not pos.hands[pos.leader]:
        return pos.won
    values = [brute(_after(pos, p)) for p in _judged(pos)]
    more = pos.team[pos.to_move] != pos.minimise
    return max(values) if more else min(values)


def _positions(seeds: range, left: tuple[int, ...], *, suit_contracts: bool) -> list[Position]:
    """Positions from random hands with ``left`` tricks or fewer to go, some in mid-trick."""
    def to_go(rng: random.Random, n: int) -> int:
        return rng.choice(left) if n <= 4 else min(3, rng.choice(left))  # brute force's time

    def kind(rep: Replay) -> bool:
        return rep.context is not None and (rep.context.trumps is not None) == suit_contracts

    return [pos for pos, _ in random_positions(seeds, SPECS, to_go, keep=kind)]


NO_TRUMPS = _positions(range(1, 700), (1, 2, 3, 3, 4), suit_contracts=False)
SUITS = _positions(range(1, 160), (2, 3), suit_contracts=True)


def test_the_samples_cover_what_they_should() -> None:
    assert len(NO_TRUMPS) >= 150
    assert sum(p.minimise for p in NO_TRUMPS) >= 40
    assert sum(p.ctx.joker_loses_power for p in NO_TRUMPS) >= 5
    assert sum(any(isinstance(c, Joker) for h in p.hands for c in h) for p in NO_TRUMPS) >= 40
    assert {len(p.seats) for p in NO_TRUMPS} >= {3, 4, 5, 6}
    # The Australian joker lead: a led joker names only a suit not yet led this hand.
    not_yet = [p for p in NO_TRUMPS if p.ctx.joker_lead == "not-yet-led" and p.led
               and any(isinstance(c, Joker) for h in p.hands for c in h)]
    assert len(not_yet) >= 10
    assert any(len(p.led) == 4 for p in not_yet)
    # The home-made pack's identical cards, both still to play or in the trick.
    assert sum(_identical_in_play(p) for p in NO_TRUMPS + SUITS) >= 10


def _identical_in_play(pos: Position) -> bool:
    cards = [c for h in pos.hands for c in h] + [p.card for p in pos.trick]
    return len(set(cards)) < len(cards)


_HOMEMADE = PACKS["63-homemade"].cards
_TWINS = sorted({c for c in _HOMEMADE if _HOMEMADE.count(c) == 2}, key=str)
_SINGLES = [c for c in _HOMEMADE if _HOMEMADE.count(c) == 1]
_LOW = [c for c in _SINGLES if isinstance(c, SuitedCard) and c.rank.value in "5 6 7 8"]
_SIX = (Seat.N, Seat.NE, Seat.SE, Seat.S, Seat.SW, Seat.NW)
KINDS = ("suit", "no-trumps", "misère")


def _with_identical_cards(seed: int, kind: str) -> Position:
    """A small position from the home-made pack with one to three pairs of identical cards
    dealt, half the other cards low ones of their suits (where the ties decide tricks), some
    cards played."""
    rng = random.Random(f"{seed}-{kind}")
    n = rng.choice((3, 4, 4, 5, 6))
    k = rng.choice((1, 2, 3) if n > 4 else (2, 3, 4))
    twins = rng.sample(_TWINS, min(rng.choice((1, 2, 3)), n * k // 2))
    dealt = [c for t in twins for c in (t, t)]
    suits = {t.suit for t in twins}  # type: ignore[attr-defined]
    near = [c for c in _LOW if c.suit in suits]
    dealt += rng.sample(near, min(len(near), (n * k - len(dealt)) // 2))
    dealt += rng.sample([c for c in _SINGLES if c not in dealt], n * k - len(dealt))
    rng.shuffle(dealt)
    hands = tuple(tuple(dealt[i * k:(i + 1) * k]) for i in range(n))
    if kind == "suit":
        # trumps: often the suit of a pair, where the top trump left may have a twin
        trumps = rng.choice([t.suit for t in twins])  # type: ignore[attr-defined]
        ctx = PlayContext(trumps=trumps, joker_suit=trumps)
    else:
        ctx = PlayContext(trumps=None, misere=kind == "misère")
    contractor = rng.randrange(n)
    team = tuple(i % 2 == contractor % 2 if n in (4, 6) and kind != "misère" else i == contractor
                 for i in range(n))
    pos = Position(_SIX[:n], hands, team, ctx, leader=rng.randrange(n), won=rng.randrange(3))
    for _ in range(rng.randrange(n)):
        pos = apply(pos, rng.choice(moves(pos)))
    return pos


IDENTICAL = [_with_identical_cards(seed, kind) for seed in range(250) for kind in KINDS]


def test_the_positions_with_identical_cards_have_them_in_play() -> None:
    for kind in KINDS:
        sample = [p for p in IDENTICAL if _kind(p) == kind]
        assert sum(_identical_in_play(p) for p in sample) >= 200, kind
        assert {len(p.seats) for p in sample} == {3, 4, 5, 6}
        assert sum(bool(p.trick) for p in sample) >= 100


def _kind(pos: Position) -> str:
    return "misère" if pos.minimise else "no-trumps" if pos.ctx.trumps is None else "suit"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("engine", ["c", "python"])
def test_identical_cards_agree_with_brute_force(engine: str, kind: str) -> None:
    """Of identical cards the first played wins: the core once took the second as the equal of
    a higher card of the same hand (no other card lay between them) and the highest trump for a
    sure trick when the other side held its twin."""
    if engine == "c" and not FAST:
        pytest.skip("the compiled core is not built")
    for pos in IDENTICAL:
        if _kind(pos) != kind:
            continue
        options = Solver(engine).options(pos)  # type: ignore[arg-type]
        assert options == {p: brute(_after(pos, p)) for p in options}, pos
        assert Solver(engine).value(pos) == brute(pos), pos  # type: ignore[arg-type]


#: Positions where identical cards decide: the hands (the contractor's first, then in the order
#: of play), the trumps ("-" no-trumps, "misère"), who leads, the tricks won so far, a lead and
#: the contractor's tricks after it, which are also the value of the position.
IDENTICAL_CASES = [
    # Six-handed misère, four hands in play: leading 4♦ (the other 4♦ falls under it), the
    # contractor must play 3♦, then 3♣ goes to the K♣ and the 4♠ takes the last.
    ("3D 4S KC / 2H 8C AH / 3C 4D 4H / 3H 4D QD", "misère", 2, 1, "4D", 3),
    ("3D 4S KC / 2H 8C AH / 3C 4D 4H / 3H 2D QD", "misère", 2, 1, "4D", 3),
    # The top trumps left are the two 2♦, one a side: neither is a sure trick. The Q♣ wins
    # the club lead and the contractor's 2♦, led, beats the other.
    ("2D QC / 6C 2D / 3C 3C", "D", 2, 0, "3C", 2),
    ("3D QC / 6C 2D / 3C 3C", "D", 2, 0, "3C", 2),
]


@pytest.mark.parametrize(("hands", "trumps", "leader", "won", "lead", "value"), IDENTICAL_CASES)
@pytest.mark.parametrize("engine", ["c", "python"])
def test_the_first_of_two_identical_cards_wins(
    engine: str, hands: str, trumps: str, leader: int, won: int, lead: str, value: int
) -> None:
    if engine == "c" and not FAST:
        pytest.skip("the compiled core is not built")
    held = tuple(tuple(Card.parse(c) for c in h.split()) for h in hands.split(" / "))
    suit = None if trumps in ("-", "misère") else Suit(trumps)
    ctx = PlayContext(trumps=suit, joker_suit=suit, misere=trumps == "misère")
    team = (True,) + (False,) * (len(held) - 1)
    pos = Position(_SIX[:len(held)], held, team, ctx, leader=leader, won=won)
    assert Solver(engine).options(pos)[Play.parse(lead)] == value  # type: ignore[arg-type]
    assert Solver(engine).value(pos) == value  # type: ignore[arg-type]
    assert brute(pos) == value


@pytest.mark.parametrize("engine", ["c", "python"])
def test_every_option_agrees_with_brute_force(engine: str) -> None:
    if engine == "c" and not FAST:
        pytest.skip("the compiled core is not built")
    for pos in NO_TRUMPS + SUITS:
        solver = Solver(engine)  # type: ignore[arg-type]
        judged = _judged(pos)
        options = solver.options(pos)
        # The solver's moves are judge_play's: every card, every suit a led joker may name.
        assert {p.card for p in options} == {p.card for p in judged}, pos
        assert set(options) <= set(judged), pos
        for play, value in options.items():
            assert value == brute(_after(pos, play)), (pos, play)
        assert solver.value(pos) == brute(pos), pos


def test_a_led_joker_names_each_suit_as_its_own_move() -> None:
    found = [p for p in NO_TRUMPS if any(m.names is not None for m in moves(p))]
    assert found
    for pos in found:
        named = [m for m in moves(pos) if m.names is not None and len(pos.hands[pos.to_move]) > 1]
        assert len({m.names for m in named}) == len(named)


def test_two_handed_is_out_of_scope() -> None:
    rep = replay(random_hand(3, RulesSpec("two-handed")))
    with pytest.raises(SolveError, match="two-handed game is out of scope"):
        deal_of(rep)


@pytest.mark.skipif(not FAST, reason="the compiled core is not built")
def test_reference_and_core_agree_on_random_positions() -> None:
    """Longer positions than brute force can take: five or six tricks to go, every table."""
    checked = 0
    for pos, _ in random_positions(range(2000, 2090), SPECS, lambda rng, n: rng.choice((4, 5))):
        c, py = Solver("c"), Solver("python")
        assert c.options(pos) == py.options(pos), pos
        checked += 1
    assert checked >= 80


@pytest.mark.skipif(not FAST, reason="the compiled core is not built")
def test_positions_with_the_same_lengths_do_not_crowd_each_other_out_of_the_table() -> None:
    """The six-handed misère lesson: thousands of its positions share their lengths and need
    nearly every card's owner. Kept only by their lengths, they pushed each other out of the
    table and the search visited 340 million positions instead of about 5 million. A count of
    positions, not a time: the same code always searches the same number."""
    lesson = Path(__file__).resolve().parent.parent / "hands" / "six-handed-misere-both-partners-out.yaml"
    deal = deal_of(replay(load(lesson)))
    core = Core()
    assert core.value(deal.start) == 0
    assert core.nodes < 20_000_000
    solver = Solver()  # with the table size it picks for a misère
    solver.options(deal.start)
    assert solver.nodes < 40_000_000
