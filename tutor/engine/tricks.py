"""The play of the tricks at tables of three to six players: every card judged, every trick won,
the open misère shown, the hand scored."""

from __future__ import annotations

import dataclasses

from tutor.engine import deal
from tutor.engine.auction import BidKind, Contract
from tutor.engine.builder import Builder, first_leader, seats_from
from tutor.engine.cards import Card, Suit
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
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.scoring import score_hand
from tutor.engine.seats import Seat, Side
from tutor.engine.steps import Step, StepKind, TrickRecord

__all__ = ["check_deal", "deal_text", "play"]

deal_text = deal.deal_text
check_deal = deal.check_deal


def play(b: Builder, contract: Contract, ctx: PlayContext) -> list[TrickRecord]:
    hand, rules = b.hand, b.rules
    out = b.now["out"]
    assert isinstance(out, frozenset)
    at = b.table
    active = [s for s in b.seats if s not in out]
    leader, lead_reason = first_leader(b, contract, active)
    shown_void: dict[Seat, set[Suit]] = {s: set() for s in b.seats}
    led_before: set[Suit] = set()  # the suits led so far (setting joker_lead not-yet-led)
    won: dict[Side, int] = dict.fromkeys(at.sides, 0)
    records: list[TrickRecord] = []
    n_tricks = len(hand.hands[b.seats[0]])
    called = hand.partner if isinstance(hand.partner, Card) else None
    reveal = called if (called is not None and b.partner is not None and b.now["partner"] is None) else None
    if len(hand.play) > n_tricks:
        b.problem(
            ("play", n_tricks), f"the hand has {len(hand.play)} tricks; there are only {n_tricks}", "play"
        )
    b.now["to_play"] = leader
    left = ctx.left_bower
    # The rulings remind the learner where the left bower belongs only while someone holds it.
    left_out = left is None or not any(left in b.holding[s] for s in active)
    for t, trick in enumerate(hand.play[:n_tricks]):
        number = t + 1
        seats = seats_from(at, leader, active)
        last_listed = t == len(hand.play) - 1
        if len(trick) > len(seats) or (len(trick) < len(seats) and not last_listed):
            b.problem(
                ("play", t),
                f"trick {number} has {len(trick)} cards; with {len(seats)} players each trick has "
                f"{len(seats)} (only the last trick written may stop early)",
                "play",
            )
            return records
        plays: list[Play] = []
        rulings: list[Ruling] = []
        led: Suit | None = None
        powerless: list[int] = []
        for c, play in enumerate(trick):
            seat = seats[c]
            try:
                ruling = judge_play(
                    seat, b.holding[seat], plays, play, ctx,
                    shown_void=shown_void[seat], left_bower_out=left_out, led_before=led_before,
                )
            except IllegalPlay as err:
                holder = next((s for s in active if play.card in b.holding[s]), None)
                if t == 0 and c == 0 and holder is not None and holder != seat:
                    # The wrong seat wrote the first card: say who must lead, and why.
                    b.problem(
                        ("play", t, c),
                        f"trick 1, card 1: the first card is {seat.word}'s, not {holder.word}'s: "
                        f"{lead_reason}; {play.card.words()} is in {holder.word}'s hand",
                        Kind.FIRST_LEAD.value,
                    )
                    return records
                b.problem(
                    ("play", t, c),
                    f"trick {number}, card {c + 1} ({seat.word} plays {play}): {err}",
                    err.rule.value,
                )
                return records
            if t == 0 and c == 0:
                ruling = dataclasses.replace(ruling, text=f"{lead_reason}. {ruling.text}")
            if ctx.joker_loses_power and joker_powerless(play.card, ctx, shown_void[seat]):
                powerless.append(c)
            if c == 0:
                led = led_suit([play], ctx)
                if led is not None:
                    led_before.add(led)
            elif led is not None and led not in shown_void[seat] and (
                effective_suit(play.card, ctx) is not led
            ):
                shown_void[seat].add(led)
                b.now["shown_void"] = {s: frozenset(v) for s, v in shown_void.items()}
            b.holding[seat].remove(play.card)
            b.played[seat].append(play.card)
            if play.card == left:
                left_out = not any(left in b.holding[s] for s in active)
            plays.append(play)
            rulings.append(ruling)
            record = TrickRecord(number, leader, seats, tuple(plays), tuple(rulings), led,
                                 powerless=tuple(powerless) if powerless else ())
            nxt = seats[c + 1] if c + 1 < len(seats) else None
            b.record(
                Step(StepKind.CARD, ruling, seat, number, c + 1, play, note_key=f"{number}.{c + 1}"),
                changed=seat,
                tricks=(*records, record),
                to_play=nxt,
            )
            if reveal is not None and play.card == reveal and seat == b.partner:
                reveal = None
                b.record(
                    Step(
                        StepKind.REVEAL,
                        Ruling(
                            Kind.PARTNER_REVEALED,
                            f"That is the called card, {play.card.words()}: {seat.word} is "
                            f"revealed as {contract.declarer.word}'s partner.",
                            (contract.declarer, seat),
                            (play.card,),
                        ),
                        seat,
                        number,
                        c + 1,
                    ),
                    changed=seat,
                    partner=seat,
                )
        if len(plays) < len(seats):
            return records
        index, win_ruling = trick_winner(seats, plays, ctx, powerless=powerless)
        winner = seats[index]
        if contract.bid.kind is BidKind.GRAND_NULLO and winner.side == contract.declarer.side and (
            won[winner.side] == 0
        ):
            win_ruling = dataclasses.replace(
                win_ruling,
                text=f"{win_ruling.text} That is a trick for {winner.side.word}, so the grand "
                f"nullo has failed.",
            )
        if contract.bid.is_misere and winner == contract.declarer and won[at.side_of(winner)] == 0:
            win_ruling = dataclasses.replace(
                win_ruling,
                text=f"{win_ruling.text} That is a trick for the contractor, so the "
                f"{contract.bid.words()} has failed.",
            )
        won[at.side_of(winner)] += 1
        record = TrickRecord(
            number, leader, seats, tuple(plays), tuple(rulings), led, winner, index, win_ruling,
            tuple(powerless),
        )
        records.append(record)
        leader = winner
        b.record(
            Step(StepKind.TRICK, win_ruling, winner, number, note_key=str(number)),
            changed=winner,
            tricks=tuple(records),
            tricks_won=dict(won),
            to_play=winner if number < n_tricks else None,
        )
        if number == 1 and contract.bid.kind is BidKind.OPEN_MISERE:
            already = b.now["shown"]  # six-handed: the partners' hands are face up already
            assert isinstance(already, frozenset)
            b.record(
                Step(
                    StepKind.SHOW,
                    Ruling(
                        Kind.OPEN_MISERE_SHOWN,
                        f"After the first trick {contract.declarer.word} lays their hand face up "
                        f"on the table: that is what makes the {rules.misere_word} open.",
                        (contract.declarer,),
                        tuple(b.holding[contract.declarer]),
                    ),
                    contract.declarer,
                ),
                shown=frozenset({contract.declarer}) | already,
            )
    if len(records) == n_tricks:
        forfeit = None
        if any(s.ruling.kind is Kind.MISERE_JOKER_NOT_NOMINATED for s in b.steps):
            forfeit = (
                f"the contractor kept the joker without nominating its suit, which loses a "
                f"{rules.misere_word} under these rules"
            )
        partner = at.side_of(b.partner) if b.partner is not None else None
        result = score_hand(contract, won, rules, forfeit=forfeit, partner=partner)
        b.record(Step(StepKind.RESULT, result.ruling, contract.declarer, note_key="outro"), result=result)
    return records
