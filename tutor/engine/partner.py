"""Five-handed play: the contractor plays alone or calls a partner, by a card or by a seat."""

from __future__ import annotations

from tutor.engine.auction import Contract
from tutor.engine.builder import Builder, count_word
from tutor.engine.cards import Card, Joker, Suit, SuitedCard
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.seats import Seat
from tutor.engine.steps import Step, StepKind

__all__ = ["call_partner"]

def _is_bower(card: Card, trumps: Suit | None) -> bool:
    return (
        trumps is not None and isinstance(card, SuitedCard) and card.rank.value == "J"
        and card.suit in (trumps, trumps.sister)
    )


def call_partner(b: Builder, contract: Contract) -> bool:
    """Five-handed: the contractor plays alone or calls a partner, by a card or by name.
    Record the step; report a problem and return False when the call breaks a rule."""
    hand, rules, who, bid = b.hand, b.rules, contract.declarer, contract.bid
    called = hand.partner
    if b.table.players != 5:
        if called is not None:
            b.problem(("partner",), f"only the five-handed game calls a partner; with "
                      f"{count_word(b.table.players)} players there is no partner: key", "partner")
            return False
        return True
    if bid.is_misere:
        if called is not None and called != "alone":
            b.problem(("partner",), f"{bid.words()} is always played alone in the five-handed "
                      f"game: there is no partner to call", "partner")
            return False
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PLAYS_ALONE,
            f"{bid.words().capitalize()} is always played alone: {who.word} against the other four, "
            f"who each score on their own.", (who,)), who, note_key="partner"))
        return True
    how = "a card to call" if rules.partner_call == "card" else "a player to name"
    if called is None:
        b.problem(("partner",), f"in the five-handed game {who.word} plays alone or calls a "
                  f"partner after the discard: the hand needs partner: alone, or {how}", "partner")
        return False
    if called == "alone":
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PLAYS_ALONE,
            f"{who.word} says so and plays alone, one against four, taking the whole score "
            f"for the contract or the whole loss.", (who,)), who, note_key="partner"))
        return True
    if isinstance(called, Seat):
        if rules.partner_call != "seat":
            b.problem(("partner",), f"{who.word} names {called.word} as partner, but under these "
                      f"rules the contractor calls a card, not a player (setting partner_call "
                      f"card)", "partner")
            return False
        if called not in b.table or called == who:
            b.problem(("partner",), f"{who.word} cannot name {called.word}: the partner is one of "
                      f"the other players ({', '.join(s.value for s in b.seats if s != who)})",
                      "partner")
            return False
        b.partner = called
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PARTNER_CALLED,
            f"{who.word} names {called.word} as partner (the American way): the two share the "
            f"contract, winning or losing together, against the other three.", (who, called)),
            who, note_key="partner"), partner=called)
        return True
    card = called
    if rules.partner_call != "card":
        b.problem(("partner",), f"{who.word} calls {card}, but under these rules the contractor "
                  f"names a player, not a card (setting partner_call seat)", "partner")
        return False
    trumps = bid.strain.suit if bid.strain is not None else None
    if card not in rules.the_pack:
        b.problem(("partner",), f"{who.word} calls {card}, which is not in the pack", "partner")
        return False
    if isinstance(card, Joker):
        b.problem(("partner",), f"{who.word} cannot call the joker: a partner is called by any "
                  f"other card", "partner")
        return False
    if rules.called_card == "not-joker-or-bower" and _is_bower(card, trumps):
        b.problem(("partner",), f"{who.word} cannot call {card}: with {trumps.word if trumps else ''} "
                  f"trumps it is a bower, and bowers may not be called (setting called_card)",
                  "partner")
        return False
    if rules.called_card == "not-trump" and trumps is not None and (
        _is_bower(card, trumps) or (isinstance(card, SuitedCard) and card.suit is trumps)
    ):
        b.problem(("partner",), f"{who.word} cannot call {card}: it is a trump, and under these "
                  f"rules no trump may be called (setting called_card not-trump)", "partner")
        return False
    holder = next((s for s in b.seats if s != who and card in b.holding[s]), None)
    if holder is None:
        if not rules.secret_alone:
            where = "holds" if card in b.holding[who] else "discarded"
            b.problem(("partner",), f"{who.word} calls {card} but {where} it: calling your own "
                      f"card to play alone secretly is not allowed here (setting secret_alone)",
                      "partner")
            return False
        where = "holds it" if card in b.holding[who] else "put it away in the discard"
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PLAYS_ALONE,
            f"{who.word} calls {card.words()} but {where}: {who.word} plays alone, secretly; the "
            f"others find out only when the card turns up (a variation these rules play).",
            (who,), (card,)),
            who, note_key="partner"))
        return True
    b.partner = holder
    if rules.partner_revealed == "at-once":
        b.record(Step(StepKind.PARTNER, Ruling(
            Kind.PARTNER_CALLED,
            f"{who.word} calls {card.words()}: {holder.word} holds it and says so at once, and "
            f"the two share the contract against the other three.", (who, holder), (card,)), who,
            note_key="partner"), partner=holder)
        return True
    b.record(Step(StepKind.PARTNER, Ruling(
        Kind.PARTNER_CALLED,
        f"{who.word} calls {card.words()}: whoever holds it is {who.word}'s partner this hand, "
        f"and stays silent until the card is played. The two share the contract against the "
        f"other three.", (who,), (card,)), who, note_key="partner"))
    return True
