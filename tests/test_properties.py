"""What must hold for every legal deal, checked over thousands of seeded random deals.

The deals come from :func:`tutor.engine.randomdeal.random_hand` (all three presets, competitive
auctions, misère and open misère, joker nominations, partial hands). They are built once
per module and shared by the properties below, then let go when the module is done (kept for
the whole session, their few hundred MB made the test process take a minute to exit).
"""

from __future__ import annotations

import gc
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import pytest

from tutor.engine.auction import BidKind
from tutor.engine.cards import Card, Suit
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.play import IllegalPlay, Play, PlayContext, effective_suit, judge_play, legal_plays, power
from tutor.engine.replay import Replay, StepKind, Walker, build
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.rulings import Kind
from tutor.engine.scoring import score_hand
from tutor.engine.seats import FOUR_SEATS, FOUR_SIDES, Seat, Side
from tutor.files import handfile

DEALS = 2000
#: The later presets and the variations as settings, each dealt VARIANT_DEALS times.
VARIANTS = (
    RulesSpec("west-seventh-street", {"raise_final_bid": True}),
    RulesSpec("australian", {"joker_loses_power": True, "joker_nomination_in_no_trumps": False}),
    RulesSpec("australian", {"joker_lead": "unless-void", "bid_after_pass": True,
                             "misere_any_time": False}),
    RulesSpec("australian", {"raise_final_bid": True, "open_misere_ranks_above": "9NT",
                             "defenders_score": "when-set"}),
    RulesSpec("australian", {"open_misere_ranks_above": "top", "open_misere_520": True,
                             "defenders_score": "winner-only", "defenders_cap": 490, "slam": "none"}),
    RulesSpec("american", {"all_pass": "no-trumps", "joker_loses_power": True}),
    RulesSpec("american", {"pack": "42", "kitty_size": 2}),
    RulesSpec("canadian", {"joker_lead": "unless-void", "misere": False}),
    # Barry Rigal's two-handed game has no misère; a table that lets the joker lose its power.
    RulesSpec("two-handed", {"misere": False, "joker_loses_power": True}),
)
VARIANT_DEALS = 200


@pytest.fixture(scope="module", autouse=True)
def _free_the_deals() -> Iterator[None]:
    """Drop the cached deals and replays once this module's tests are done."""
    yield
    deals.cache_clear()
    gc.collect()


@cache
def deals() -> tuple[tuple[Hand, Replay], ...]:
    from tutor.engine.randomdeal import random_hand

    out = []
    for seed in range(DEALS):
        # One deal in ten stops early: a partial hand (a lesson on the opening tricks).
        tricks = 10 if seed % 10 else seed % 7 + 1
        hand = random_hand(seed, tricks=tricks)
        out.append((hand, build(hand)))
    # Every table: three, five (a card called, a player named, secret alone) and six players
    # (the 63-card pack and the home-made one with identical cards).
    covered = {"australian", "avondale", "american"} | {spec.preset for spec in OTHER_TABLES}
    more = tuple(RulesSpec(name) for name in PRESET_NAMES if name not in covered)
    for i, spec in enumerate(OTHER_TABLES + more):
        for seed in range(OTHER_DEALS):
            tricks = 10 if seed % 10 else seed % 7 + 1
            hand = random_hand(10_000 * (i + 1) + seed, spec, tricks=tricks)
            out.append((hand, build(hand)))
    for v, spec in enumerate(VARIANTS):
        for seed in range(VARIANT_DEALS):
            tricks = 10 if seed % 10 else seed % 7 + 1
            hand = random_hand(100_000 * (v + 1) + seed, spec, tricks=tricks)
            out.append((hand, build(hand)))
    return tuple(out)


def _variant(spec: RulesSpec) -> str:
    return spec.preset + "".join(f" {k}={v}" for k, v in spec.overrides.items())


OTHER_DEALS = 150
OTHER_TABLES = (
    RulesSpec("three-handed"),
    RulesSpec("five-handed"),
    RulesSpec("five-handed", {"partner_call": "seat"}),
    RulesSpec("five-handed", {"secret_alone": True, "called_card": "not-trump"}),
    RulesSpec("six-handed"),
    RulesSpec("six-handed", {"pack": "63-homemade"}),
)


def test_random_deals_replay_without_problems() -> None:
    kinds: Counter[str] = Counter()
    for hand, rp in deals():
        assert rp.problems == (), (hand.title, rp.problems)
        assert rp.contract is not None
        kinds[rp.contract.bid.kind.value] += 1
        kinds[hand.rules_spec.preset] += 1
        kinds["spec: " + _variant(hand.rules_spec)] += 1
        kinds["complete" if rp.complete else "partial"] += 1
        kinds["grand-slam"] += rp.contract.grand_slam
        kinds["lost-power"] += sum(1 for t in rp.tricks if t.powerless)
        kinds["raised"] += sum(1 for s in rp.steps if "raises the final bid" in s.ruling.text)
        kinds["ace-no-face"] += sum(1 for c in hand.auction if str(c) == "ace-no-face")
        kinds["informative"] += sum(1 for c in hand.auction if str(c) in ("6No", "7No"))
    # The sample really covers what the properties are about.
    for kind in ("tricks", "misere", "open-misere", "australian", "avondale", "american", "partial"):
        assert kinds[kind] >= 40, kinds
    for spec in VARIANTS:
        assert kinds["spec: " + _variant(spec)] == VARIANT_DEALS
    for kind in ("grand-nullo", "all-passed", "grand-slam", "lost-power", "raised", "ace-no-face",
                 "informative"):
        assert kinds[kind] >= 3, kinds
    for name in ("three-handed", "five-handed", "six-handed", "two-handed"):
        assert kinds[name] >= OTHER_DEALS, kinds
    assert set(PRESET_NAMES) <= set(kinds), "every preset is in the random deals"


def test_cards_are_conserved_at_every_step() -> None:
    for hand, rp in deals():
        pack = dict(Counter(rp.rules.the_pack.cards))
        discarded: tuple[Card, ...] = ()
        put_away: tuple[Card, ...] = ()  # grand slam: partner's other nine cards
        for step, state in zip(rp.steps, rp.states, strict=True):
            kind = step.ruling.kind
            if step.kind is StepKind.DISCARD and kind is Kind.NULLO_EXCHANGE:
                discarded = hand.partner_discard or ()
            elif step.kind is StepKind.KITTY and kind is Kind.NULLO_EXCHANGE:
                discarded = ()  # partner has picked up the contractor's discards
            elif step.kind is StepKind.DISCARD:
                discarded = hand.discard or ()
            elif kind is Kind.GRAND_SLAM:
                assert step.seat is not None
                put_away = tuple(c for c in hand.hands[step.seat] if c != hand.grand_slam)
            seen: list[Card] = [*discarded, *put_away]
            for seat in rp.table.seats:
                seen += state.hands[seat]
                seen += state.played[seat]
                for pile in (state.piles or {}).get(seat, ()):  # the two-handed game's table cards
                    seen += (c for c in (pile.up, pile.down) if c is not None)
            if not state.kitty_taken:
                seen += hand.kitty
            # The same multiset, compared as plain dicts: every count here is positive, so this is
            # Counter's == (which Python 3.11 walks key by key in Python, most of this test's time).
            assert dict(Counter(seen)) == pack, (hand.title, step.kind, step.trick)


def test_every_trick_has_one_winner_holding_the_highest_power_card() -> None:
    for hand, rp in deals():
        ctx = rp.context
        assert ctx is not None
        for trick in rp.tricks:
            assert trick.complete
            powers = [power(p.card, trick.led, ctx, lost=i in trick.powerless)
                      for i, p in enumerate(trick.plays)]
            best = max(powers)
            # Only the home-made pack repeats a card; of identical cards the first played wins.
            assert powers.count(best) == 1 or rp.rules.pack == "63-homemade", (hand.title, trick.number)
            assert trick.winner_index == powers.index(best)
            assert trick.winner == trick.seats[powers.index(best)]
            assert trick.ruling is not None and trick.ruling.seats == (trick.winner,)
        # Each trick after the first is led by the winner of the one before.
        for before, after in zip(rp.tricks, rp.tricks[1:], strict=False):
            assert after.leader == before.winner


def test_the_first_leader_and_the_seats_at_play() -> None:
    for hand, rp in deals():
        if not rp.tricks:
            continue
        contract = rp.contract
        assert contract is not None
        at = rp.table
        alone = contract.bid.is_misere or contract.grand_slam
        out = at.partners(contract.declarer) if alone else ()
        if (rp.rules.first_leader == "contractor" or contract.bid.kind is BidKind.GRAND_NULLO
                or contract.bid.is_all_passed):
            assert rp.tricks[0].leader == contract.declarer
        else:
            leader = at.next(hand.dealer)
            if leader in out:
                leader = at.next(leader)
            assert rp.tricks[0].leader == leader
        if at.players == 2:  # two cards from each player: leader, opponent, leader, opponent
            for trick in rp.tricks:
                other = at.next(trick.leader)
                assert trick.seats == (trick.leader, other, trick.leader, other)
                assert sorted(trick.sources) == ["hand", "hand", "table", "table"]
                assert trick.sources[0] != trick.sources[2] and trick.sources[1] != trick.sources[3]
            for before, after in zip(rp.tricks, rp.tricks[1:], strict=False):
                assert after.sources[0] == before.sources[before.winner_index or 0]
            continue
        for trick in rp.tricks:
            assert len(trick.plays) == at.players - len(out)
            assert not set(out) & set(trick.seats)
            assert trick.seats == tuple(s for s in at.order_from(trick.leader) if s not in out)
        shows = [i for i, s in enumerate(rp.steps) if s.kind is StepKind.SHOW]
        if contract.bid.kind.value == "open-misere":
            assert len(shows) == 1
            assert rp.steps[shows[0] - 1].kind is StepKind.TRICK and rp.steps[shows[0] - 1].trick == 1
            # Six-handed: both partners' hands are face up already ("reveal their hands").
            partners = frozenset(out) if at.players == 6 else frozenset()
            assert rp.states[shows[0]].shown == frozenset({contract.declarer}) | partners
        else:
            assert shows == []


def judged_legal(hand: tuple[Card, ...], plays: tuple[Play, ...], ctx: PlayContext,
                 void: set[Suit]) -> list[Card]:
    """The cards judge_play allows (a led joker may name any suit)."""
    out = []
    for card in dict.fromkeys(hand):
        names: list[Suit | None] = [None]
        if not plays and card.is_joker:
            names += list(Suit)
        for name in names:
            try:
                judge_play(Seat.N, hand, plays, Play(card, name), ctx, shown_void=void)
            except IllegalPlay:
                continue
            out.append(card)
            break
    return out


def test_legal_plays_agrees_with_judge_play_and_is_never_empty() -> None:
    for _hand, rp in deals()[:600]:
        ctx = rp.context
        assert ctx is not None
        void: dict[Seat, set[Suit]] = {s: set() for s in FOUR_SEATS}
        for step, state in zip(rp.steps, rp.states, strict=True):
            trick = state.current_trick
            if step.kind is StepKind.CARD and trick is not None and len(trick.plays) > 1:
                led, last = trick.led, trick.plays[-1]
                if led is not None and effective_suit(last.card, ctx) is not led:
                    void[trick.seats[len(trick.plays) - 1]].add(led)
            # The replay keeps the same record as it builds (what play-along asks the engine with).
            assert state.shown_void == {s: frozenset(v) for s, v in void.items()}
            seat = state.to_play
            if seat is None or step.kind not in (StepKind.CARD, StepKind.TRICK, StepKind.SHOW):
                continue
            plays = trick.plays if trick is not None and not trick.complete else ()
            fast = legal_plays(state.hands[seat], plays, ctx, shown_void=void[seat])
            assert fast
            assert fast == judged_legal(state.hands[seat], plays, ctx, void[seat])


def test_the_score_follows_from_the_tricks() -> None:
    for _hand, rp in deals():
        if rp.result is None:
            assert not rp.complete
            continue
        won = rp.tricks_won()
        assert sum(won.values()) == 10
        contract = rp.contract
        assert contract is not None
        at = rp.table
        if contract.bid.is_misere:
            assert won[at.side_of(contract.declarer)] == sum(
                1 for t in rp.tricks if t.winner == contract.declarer
            )
        partner = at.side_of(rp.partner) if rp.partner is not None else None
        again = score_hand(contract, won, rp.rules, forfeit="x" if rp.result.ruling.kind.value ==
                           "misere-joker-not-nominated" else None, partner=partner)
        assert dict(again.score) == dict(rp.result.score)
        # Each side's tricks are the tricks its players won; the contract's score is shared.
        for side, n in won.items():
            assert n == sum(1 for t in rp.tricks if t.winner in side.seats)
        for side in rp.result.team:
            assert rp.result.score[side] == rp.result.score[rp.result.team[0]]


def test_every_step_has_a_ruling_in_plain_words() -> None:
    for _hand, rp in deals():
        for step in rp.steps:
            text = step.ruling.text
            assert text and text[0].isupper() and text.endswith("."), text
            assert "None" not in text and "  " not in text, text
            if step.kind is StepKind.CARD:
                assert step.play is not None and step.seat is not None
                assert step.ruling.seats[0] == step.seat
        json.dumps(rp.to_json())


def test_walking_forwards_then_back_returns_the_same_state() -> None:
    rng = random.Random(7)
    for _hand, rp in deals()[:300]:
        walker = Walker(rp)
        path = [walker.index]
        for _ in range(40):
            moved = walker.next() if rng.random() < 0.6 else walker.back()
            assert moved or walker.index in (0, len(rp) - 1)
            path.append(walker.index)
            assert walker.state is rp.states[walker.index]
        while walker.back():
            pass
        assert walker.index == 0 and walker.state == rp.states[0]
        walker.last()
        assert walker.state == rp.states[-1]


def test_the_state_at_a_step_is_what_replaying_that_far_gives() -> None:
    """The stored state after card k equals replaying a hand cut after card k from scratch."""
    rng = random.Random(11)
    for hand, rp in deals()[:300]:
        cards = [s for s in range(len(rp.steps)) if rp.steps[s].kind is StepKind.CARD]
        if not cards:
            continue
        index = rng.choice(cards)
        step = rp.steps[index]
        assert step.trick is not None and step.position is not None
        cut = replace(
            hand,
            play=(*hand.play[: step.trick - 1], hand.play[step.trick - 1][: step.position]),
        )
        partial = build(cut)
        assert partial.problems == ()
        last_card = max(i for i, s in enumerate(partial.steps) if s.kind is StepKind.CARD)
        mine, theirs = rp.states[index], partial.states[last_card]
        assert mine.hands == theirs.hands
        assert mine.played == theirs.played
        assert mine.tricks == theirs.tricks
        assert mine.tricks_won == theirs.tricks_won


def test_dump_then_load_gives_the_same_hand() -> None:
    for hand, _rp in deals():
        text = handfile.dumps(hand)
        assert handfile.loads(text) == hand


@pytest.mark.parametrize("side", FOUR_SIDES)
def test_sides_are_partners(side: Side) -> None:
    a, b = side.seats
    assert a.partner == b and b.partner == a and a.side is side
