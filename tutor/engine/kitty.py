"""After the auction: the kitty taken and put away, grand slam and grand nullo's exchanges,
partners sitting out, and the joker nominated. The result is the contract's :class:`PlayContext`."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tutor.engine.auction import Bid, BidKind, Contract
from tutor.engine.builder import Builder, count_word
from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.partner import call_partner
from tutor.engine.play import PlayContext, cards_in_words
from tutor.engine.rules import RuleSet
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.steps import Step, StepKind

__all__ = ["kitty_and_discard", "play_context"]

def kitty_and_discard(b: Builder, contract: Contract) -> PlayContext | None:
    """The steps between the auction and the first lead, in order; the contract's
    :class:`PlayContext`, or None when a step found a problem (recorded in ``b``)."""
    if contract.bid.is_all_passed:
        return _all_passed_context(b, contract)
    n = _take_kitty(b, contract)
    if b.hand.grand_slam is not None:
        if not _grand_slam(b, contract):
            return None
        n += 1
    elif b.hand.partner_discard is not None and contract.bid.kind is not BidKind.GRAND_NULLO:
        b.problem(
            ("partner_discard",),
            f"partner_discard is for grand nullo's exchange, and the contract is {contract.bid.words()}",
            "grand-nullo",
        )
        return None
    discard = _put_away(b, contract, n)
    if discard is None:
        return None
    if contract.bid.kind is BidKind.GRAND_NULLO and not _nullo_exchange(b, contract, discard):
        return None
    if not call_partner(b, contract):
        return None
    _sit_out(b, contract)
    if not _nominate_joker(b, contract):
        return None
    return play_context(contract.bid, b.hand.joker, b.rules)


def _take_kitty(b: Builder, contract: Contract) -> int:
    """The contractor picks up the kitty unseen; the number of cards to put away."""
    hand, rules = b.hand, b.rules
    who = contract.declarer
    kitty = list(hand.kitty)
    b.holding[who].extend(kitty)
    n = rules.kitty_size
    b.record(
        Step(
            StepKind.KITTY,
            Ruling(
                Kind.KITTY,
                f"{who.word} takes the {rules.kitty_word} ({cards_in_words(kitty)}) "
                f"without showing it: "
                f"{len(b.holding[who])} cards, so {n} must be put away.",
                (who,),
                tuple(kitty),
            ),
            who,
        ),
        kitty_taken=True,
    )
    return n


def _put_away(b: Builder, contract: Contract, n: int) -> list[Card] | None:
    """The contractor's ``n`` discards, face down; None when they are missing or not held."""
    hand = b.hand
    who = contract.declarer
    if hand.discard is None:
        b.problem(
            ("discard",), f"{who.word} won the auction, so the hand needs the {n} discards", "the kitty"
        )
        return None
    discard = list(hand.discard)
    if len(discard) != n:
        b.problem(
            ("discard",),
            f"{who.word} discards {len(discard)} cards; after taking the kitty the contractor "
            f"puts away exactly {n}",
            "the kitty",
        )
        return None
    for i, card in enumerate(discard):
        if card not in b.holding[who]:
            b.problem(
                ("discard", i),
                f"{who.word} discards {card} but holds only {', '.join(str(c) for c in b.holding[who])} "
                f"after taking the kitty: the discards must come from those cards",
                "the kitty",
            )
            return None
        b.holding[who].remove(card)
    b.record(
        Step(
            StepKind.DISCARD,
            Ruling(
                Kind.DISCARD,
                f"{who.word} puts away {cards_in_words(discard)} face down, "
                f"back to ten cards.",
                (who,),
                tuple(discard),
            ),
            who,
            note_key="discard",
        )
    )
    return discard


def _sit_out(b: Builder, contract: Contract) -> None:
    """In misère the contractor's partner (both partners at six) lays down their cards."""
    who, bid = contract.declarer, contract.bid
    out = b.table.partners(who) if bid.is_misere else ()
    if len(out) == 1:
        sitting_out = out[0]
        b.record(
            Step(
                StepKind.SIT_OUT,
                Ruling(
                    Kind.PARTNER_SITS_OUT,
                    f"In {bid.words()} {who.word} plays alone: {sitting_out.word} puts their "
                    f"cards face down and takes no part, so each trick has three cards.",
                    (sitting_out,),
                ),
                sitting_out,
            ),
            sitting_out=sitting_out,
            out=frozenset(out),
        )
    elif out:
        names = " and ".join(s.word for s in out)
        b.record(
            Step(
                StepKind.SIT_OUT,
                Ruling(
                    Kind.PARTNER_SITS_OUT,
                    f"In {bid.words()} {who.word} plays alone: both partners, {names}, lay their "
                    f"cards face up on the table and take no part, so each trick has "
                    f"{count_word(b.table.players - len(out))} cards.",
                    out,
                ),
                out[0],
            ),
            sitting_out=out[0],
            out=frozenset(out),
            shown=frozenset(out),  # "both of the contractor's partners reveal their hands"
        )


def _nominate_joker(b: Builder, contract: Contract) -> bool:
    """The contractor's joker nominated (no-trumps, misère), or kept in a misère that needs
    it nominated; False when the nomination breaks a rule."""
    hand, rules = b.hand, b.rules
    who, bid = contract.declarer, contract.bid
    nominated = hand.joker
    holds_joker = any(isinstance(c, Joker) for c in b.holding[who])
    if nominated is not None:
        if not bid.is_no_trumps:
            b.problem(
                ("joker",),
                f"the joker cannot be nominated in {bid.words()}: with a trump suit it is the "
                f"highest trump",
                "joker-nomination",
            )
            return False
        if rules.joker_nomination and not rules.joker_nomination_in_no_trumps and not bid.is_misere:
            b.problem(
                ("joker",),
                f"the joker cannot be nominated in {bid.words()} under these rules ({rules.name}): "
                f"it may be nominated only in {rules.misere_word} (setting "
                f"joker_nomination_in_no_trumps off)",
                "joker-nomination",
            )
            return False
        if not rules.joker_nomination:
            b.problem(
                ("joker",),
                f"the joker cannot be nominated under these rules ({rules.name}): in no-trumps "
                f"and {rules.misere_word} it is a card of its own (setting joker_nomination off)",
                "joker-nomination",
            )
            return False
        if not holds_joker:
            b.problem(
                ("joker",),
                f"{who.word} nominates the joker as a {nominated.singular} but does not hold it: "
                f"only its holder, the contractor, may nominate it",
                "joker-nomination",
            )
            return False
        b.record(
            Step(
                StepKind.NOMINATE,
                Ruling(
                    Kind.JOKER_NOMINATED,
                    f"{who.word} nominates the joker as a {nominated.singular}: it is the highest "
                    f"{nominated.singular} this hand: it counts as a {nominated.singular} when "
                    f"following suit, and when it is led the others must follow {nominated.word}.",
                    (who,),
                    (Joker(),),
                ),
                who,
            )
        )
    elif bid.is_misere and holds_joker and rules.misere_needs_joker_nominated:
        b.record(
            Step(
                StepKind.NOMINATE,
                Ruling(
                    Kind.MISERE_JOKER_NOT_NOMINATED,
                    f"{who.word} keeps the joker in {bid.words()} without nominating its suit: "
                    f"under these rules that loses the {rules.misere_word} whatever the tricks.",
                    (who,),
                    (Joker(),),
                ),
                who,
            )
        )
    return True




def _grand_slam(b: Builder, contract: Contract) -> bool:
    """Grand slam (West Seventh Street): partner gives one card and sits out; six discards."""
    hand, rules = b.hand, b.rules
    who, given = contract.declarer, hand.grand_slam
    partner = who.partner
    if not rules.grand_slam:
        b.problem(("grand_slam",), f"these rules ({rules.name}) have no grand slam (setting "
                  f"grand_slam)", "grand-slam")
        return False
    if contract.bid.kind is not BidKind.TRICKS:
        b.problem(("grand_slam",), f"a grand slam may be declared only on a suit or no-trump "
                  f"contract, not on {contract.bid.words()}", "grand-slam")
        return False
    if given not in b.holding[partner]:
        b.problem(
            ("grand_slam",),
            f"{partner.word} gives {given} for the grand slam but holds only "
            f"{', '.join(str(c) for c in b.holding[partner])}",
            "grand-slam",
        )
        return False
    assert given is not None
    put_away = [c for c in b.holding[partner] if c != given]
    b.holding[partner] = []
    b.holding[who].append(given)
    slam = dataclasses.replace(contract, grand_slam=True)
    b.record(
        Step(
            StepKind.SIT_OUT,
            Ruling(
                Kind.GRAND_SLAM,
                f"{who.word} declares a grand slam: to take all ten tricks alone. {partner.word} "
                f"gives {who.word} {given.words()}, puts the other {len(put_away)} away face down "
                f"and takes no further part, so each trick has three cards. {who.word} now holds "
                f"{len(b.holding[who])} cards and must put away {len(b.holding[who]) - 10}.",
                (who, partner),
                (given,),
            ),
            partner,
        ),
        contract=slam,
        sitting_out=partner,
        out=frozenset({partner}),
    )
    return True


def _nullo_exchange(b: Builder, contract: Contract, discard: Sequence[Card]) -> bool:
    """Grand nullo: partner takes the contractor's five discards and puts away five."""
    hand = b.hand
    who = contract.declarer
    partner = who.partner
    b.holding[partner].extend(discard)
    b.record(
        Step(
            StepKind.KITTY,
            Ruling(
                Kind.NULLO_EXCHANGE,
                f"{partner.word}, who bid the nullo, picks up {who.word}'s "
                f"{count_word(len(discard))} discards: {len(b.holding[partner])} cards, so "
                f"{count_word(len(discard))} must be put away.",
                (partner,),
                tuple(discard),
            ),
            partner,
        )
    )
    theirs = hand.partner_discard
    if theirs is None or len(theirs) != len(discard):
        b.problem(
            ("partner_discard",) if theirs is not None else ("discard",),
            f"in grand nullo {partner.word} puts away exactly {count_word(len(discard))} cards after "
            f"taking {who.word}'s discards: write them as partner_discard",
            "grand-nullo",
        )
        return False
    for i, card in enumerate(theirs):
        if card not in b.holding[partner]:
            b.problem(
                ("partner_discard", i),
                f"{partner.word} puts away {card} but holds only "
                f"{', '.join(str(c) for c in b.holding[partner])}",
                "grand-nullo",
            )
            return False
        b.holding[partner].remove(card)
    b.record(
        Step(
            StepKind.DISCARD,
            Ruling(
                Kind.NULLO_EXCHANGE,
                f"{partner.word} puts away {cards_in_words(theirs)} face down, back to "
                f"ten cards. {who.word} leads, and neither partner may take a trick.",
                (partner,),
                tuple(theirs),
            ),
            partner,
        )
    )
    return True


def play_context(bid: Bid, nominated: Suit | None, rules: RuleSet) -> PlayContext:
    """What the contract means for the play: the one place that says it, for the replay and for
    random deals alike. Grand nullo is played as misère (both partners at the table)."""
    if bid.kind is BidKind.GRAND_NULLO:
        # Played like misère, both partners at the table; the rulings name it.
        bid = Bid(BidKind.MISERE, misere_word="grand nullo")
    ctx = PlayContext.of(
        bid,
        nominated,
        joker_compulsory=rules.joker_compulsory_in_misere,
        joker_loses_power=rules.joker_loses_power,
        joker_lead=rules.joker_lead,
    )
    choice = rules.choice("joker_lead")
    return dataclasses.replace(ctx, joker_lead_choice=choice) if choice else ctx


def _all_passed_context(b: Builder, contract: Contract) -> PlayContext | None:
    """Everyone passed and the hand is played at no-trumps (setting all_pass): no kitty taken."""
    for key, value in (("discard", b.hand.discard), ("joker", b.hand.joker)):
        if value:
            b.problem(
                (key,),
                f"everyone passed and the hand is played at no-trumps with no contractor: no one "
                f"takes the {b.rules.kitty_word}, so there is no {key}",
                "all-pass",
            )
            return None
    return play_context(contract.bid, None, b.rules)
