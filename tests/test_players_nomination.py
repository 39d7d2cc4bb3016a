"""The computer contractor's joker: nominated or kept as the wildcard, where the rules allow it
(tutor/teach/players/nomination.py)."""

from __future__ import annotations

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.hand import RulesSpec
from tutor.engine.rulings import Kind
from tutor.engine.steps import StepKind
from tutor.teach.players import Game, GameError, Phase
from tutor.teach.players.nomination import choose_nomination, may_nominate
from tutor.teach.puzzles.deals import MINING_BUDGET, _no_trumps_bid


@pytest.mark.parametrize(("rules", "bid", "allowed", "why"), [
    ("australian", "7NT", True, "joker_nomination, and in no-trumps too"),
    ("australian", "misere", True, "misère: the joker may be nominated"),
    ("australian", "open-misere", True, "open misère as misère"),
    ("australian", "7S", False, "with a trump suit the joker is the highest trump"),
    ("new-zealand", "8NT", True, "based on the Australian rules"),
    ("avondale", "7NT", False, "joker_nomination off"),
    ("american", "7NT", False, "the joker is always a standalone suit"),
    (RulesSpec("australian", {"joker_nomination_in_no_trumps": False}), "7NT", False,
     "joker_nomination_in_no_trumps off"),
    (RulesSpec("australian", {"joker_nomination_in_no_trumps": False}), "misere", True,
     "misère still"),
])
def test_the_rules_decide_whether_the_joker_may_be_nominated(rules: str | RulesSpec, bid: str,
                                                             allowed: bool, why: str) -> None:
    spec = rules if isinstance(rules, RulesSpec) else RulesSpec(rules)
    assert may_nominate(Bid.parse(bid), spec.resolve()) is allowed, why


def _no_trumps(seed: int) -> Game:
    game = Game("australian", seed, budget=MINING_BUDGET)
    assert _no_trumps_bid(game)
    return game


# Seeds of Australian deals set in no-trumps (the mining's auction), the contractor holding the
# joker after its discard: the choice is the one the layouts solved favour.
@pytest.mark.parametrize(("seed", "suit"), [(10142, Suit.CLUBS), (10152, None)])
def test_the_computer_contractor_nominates_the_joker_or_keeps_it_and_says_why(seed: int,
                                                                           suit: Suit | None) -> None:
    game = _no_trumps(seed)
    decision, _ = game.computer()  # the contractor's discard, then the nomination
    assert game.phase is Phase.PLAY and not game.hand.play
    contract = game.auction().contract
    assert contract is not None
    assert any(isinstance(c, Joker) for c in game.held(contract.declarer))
    assert game.hand.joker is suit
    said = decision.reason.split(": ", 1)[1]
    if suit is None:
        assert "keeps the joker as the wildcard: solved with all hands open over 4 layouts" in said
        assert not any(s.kind is StepKind.NOMINATE for s in game.replay.steps)
    else:
        assert f"nominates the joker as a {suit.singular}: solved with all hands open" in said
        steps = [s for s in game.replay.steps if s.kind is StepKind.NOMINATE]
        assert [s.ruling.kind for s in steps] == [Kind.JOKER_NOMINATED]


def test_a_contractor_without_the_joker_has_nothing_to_nominate() -> None:
    game = _no_trumps(10142)
    game.computer()
    contract = game.auction().contract
    assert contract is not None
    defender = next(s for s in game.seats if s not in (contract.declarer, contract.declarer.partner))
    pos = game.position()
    assert choose_nomination(pos, defender, contract.bid, game.rules, pack=game.rules.the_pack.cards) is None


def test_the_joker_kept_in_a_misere_that_needs_it_nominated_is_given_a_suit() -> None:
    # Seed 20204: South bids misère holding the joker; here it keeps it (the computer would put
    # it away), and under misere_needs_joker_nominated keeping it as the wildcard would lose.
    game = Game("australian", 20204, budget=MINING_BUDGET)
    while game.phase is Phase.AUCTION:
        game.computer()
    contract = game.auction().contract
    assert contract is not None and contract.bid.is_misere
    held = game.held(contract.declarer)
    assert Card.parse("Jo") in held
    game.discard([c for c in held if not isinstance(c, Joker)][:game.rules.kitty_size])
    chosen = choose_nomination(game.position(), contract.declarer, contract.bid, game.rules,
                               pack=game.rules.the_pack.cards, budget=MINING_BUDGET)
    assert chosen is not None and chosen[0] is not None


def test_the_joker_is_nominated_only_before_the_first_card() -> None:
    game = _no_trumps(10152)
    game.computer()
    game.computer()  # the opening lead
    with pytest.raises(GameError, match="before the first card"):
        game.nominate(Suit.HEARTS)
