"""The play of the tricks at tables of three to six players: every card judged, every trick won,
the open misère shown, the hand scored."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

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

__all__ = ["check_deal", "deal_text", "play", "record_result", "show_open_misere"]

deal_text = deal.deal_text
check_deal = deal.check_deal


@dataclass
class _Table:
    """What the play of the tricks keeps from one card to the next."""

    contract: Contract
    ctx: PlayContext
    active: list[Seat]
    leader: Seat
    lead_reason: str
    n_tricks: int
    won: dict[Side, int]
    shown_void: dict[Seat, set[Suit]] = field(default_factory=dict)
    #: The suits led so far (setting joker_lead not-yet-led).
    led_before: set[Suit] = field(default_factory=set)
    records: list[TrickRecord] = field(default_factory=list)
    #: The rulings remind the learner where the left bower belongs only while someone holds it.
    left_out: bool = True
    #: Five-handed: the called card, until its holder plays it and is revealed as partner.
    reveal: Card | None = None
    #: The left bower of this contract (None without trumps), asked about at every card.
    left: Card | None = None


def play(b: Builder, contract: Contract, ctx: PlayContext) -> list[TrickRecord]:
    """Replay the tricks written in the hand: each card judged, each trick won, the result."""
    table = _start(b, contract, ctx)
    hand = b.hand
    if len(hand.play) > table.n_tricks:
        b.problem(
            ("play", table.n_tricks),
            f"the hand has {len(hand.play)} tricks; there are only {table.n_tricks}",
            "play",
        )
    b.set_now(to_play=table.leader)
    for t, trick in enumerate(hand.play[: table.n_tricks]):
        if not _play_trick(b, table, t, trick):
            return table.records
    if len(table.records) == table.n_tricks:
        partner = b.table.side_of(b.partner) if b.partner is not None else None
        record_result(b, contract, table.won, partner=partner)
    return table.records


def _start(b: Builder, contract: Contract, ctx: PlayContext) -> _Table:
    """Who plays, who leads first and why, and where the left bower is."""
    out = b.now["out"]
    assert isinstance(out, frozenset)
    active = [s for s in b.seats if s not in out]
    leader, lead_reason = first_leader(b, contract, active)
    called = b.hand.partner if isinstance(b.hand.partner, Card) else None
    left = ctx.left_bower
    return _Table(
        contract, ctx, active, leader, lead_reason,
        n_tricks=len(b.hand.hands[b.seats[0]]),
        won=dict.fromkeys(b.table.sides, 0),
        shown_void={s: set() for s in b.seats},
        left_out=left is None or not any(left in b.holding[s] for s in active),
        reveal=called if (called is not None and b.partner is not None and b.now["partner"] is None)
        else None,
        left=left,
    )


def _play_trick(b: Builder, table: _Table, t: int, trick: tuple[Play, ...]) -> bool:
    """One trick: every card in turn, then its winner. False when the play stops here."""
    number = t + 1
    seats = seats_from(b.table, table.leader, table.active)
    last_listed = t == len(b.hand.play) - 1
    if len(trick) > len(seats) or (len(trick) < len(seats) and not last_listed):
        b.problem(
            ("play", t),
            f"trick {number} has {len(trick)} cards; with {len(seats)} players each trick has "
            f"{len(seats)} (only the last trick written may stop early)",
            "play",
        )
        return False
    current = TrickRecord(number, table.leader, seats, (), ())
    for c, card in enumerate(trick):
        played = _play_card(b, table, current, c, card)
        if played is None:
            return False
        current = played
    if len(current.plays) < len(seats):
        return False
    _close_trick(b, table, current)
    return True


def _play_card(b: Builder, table: _Table, trick: TrickRecord, c: int, play: Play) -> TrickRecord | None:
    """The ``c``-th card of the trick judged and recorded; the trick so far, or None if illegal."""
    ctx, t, seat = table.ctx, trick.number - 1, trick.seats[c]
    void = table.shown_void[seat]
    try:
        ruling = judge_play(
            seat, b.holding[seat], trick.plays, play, ctx,
            shown_void=void, left_bower_out=table.left_out, led_before=table.led_before,
        )
    except IllegalPlay as err:
        holder = next((s for s in table.active if play.card in b.holding[s]), None)
        if t == 0 and c == 0 and holder is not None and holder != seat:
            # The wrong seat wrote the first card: say who must lead, and why.
            b.problem(
                ("play", t, c),
                f"trick 1, card 1: the first card is {seat.word}'s, not {holder.word}'s: "
                f"{table.lead_reason}; {play.card.words()} is in {holder.word}'s hand",
                Kind.FIRST_LEAD.value,
            )
            return None
        b.problem(
            ("play", t, c),
            f"trick {trick.number}, card {c + 1} ({seat.word} plays {play}): {err}",
            err.rule.value,
        )
        return None
    card, number = play.card, trick.number
    if t == 0 and c == 0:
        ruling = dataclasses.replace(ruling, text=f"{table.lead_reason}. {ruling.text}")
    powerless = trick.powerless
    if ctx.joker_loses_power and joker_powerless(card, ctx, void):
        powerless = (*powerless, c)
    if c == 0:
        led = led_suit((play,), ctx)
        if led is not None:
            table.led_before.add(led)
    else:
        led = trick.led
        if led is not None and led not in void and effective_suit(card, ctx) is not led:
            void.add(led)
            b.set_now(shown_void={s: frozenset(v) for s, v in table.shown_void.items()})
    b.holding[seat].remove(card)
    b.played[seat].append(card)
    left = table.left
    if left is not None and ctx.is_left_bower(card):
        table.left_out = not any(left in b.holding[s] for s in table.active)
    # Made directly, not with dataclasses.replace: this runs for every card `tutor check` reads.
    seats = trick.seats
    record = TrickRecord(number, trick.leader, seats, (*trick.plays, play), (*trick.rulings, ruling), led,
                         powerless=powerless)
    b.record(
        Step(StepKind.CARD, ruling, seat, number, c + 1, play, note_key=f"{number}.{c + 1}"),
        changed=seat,
        tricks=(*table.records, record),
        to_play=seats[c + 1] if c + 1 < len(seats) else None,
    )
    if table.reveal is not None and play.card == table.reveal and seat == b.partner:
        table.reveal = None
        _reveal_partner(b, table.contract, seat, play.card, trick.number, c + 1)
    return record


def _reveal_partner(
    b: Builder, contract: Contract, seat: Seat, card: Card, number: int, position: int
) -> None:
    """Five-handed: the called card is played, and its holder is known as the partner."""
    b.record(
        Step(
            StepKind.REVEAL,
            Ruling(
                Kind.PARTNER_REVEALED,
                f"That is the called card, {card.words()}: {seat.word} is "
                f"revealed as {contract.declarer.word}'s partner.",
                (contract.declarer, seat),
                (card,),
            ),
            seat,
            number,
            position,
        ),
        changed=seat,
        partner=seat,
    )


def _close_trick(b: Builder, table: _Table, trick: TrickRecord) -> None:
    """The trick's winner, said with what it means for a misère or grand nullo; they lead next."""
    contract, at = table.contract, b.table
    index, win_ruling = trick_winner(trick.seats, trick.plays, table.ctx, powerless=trick.powerless)
    winner = trick.seats[index]
    if contract.bid.kind is BidKind.GRAND_NULLO and winner.side == contract.declarer.side and (
        table.won[winner.side] == 0
    ):
        win_ruling = dataclasses.replace(
            win_ruling,
            text=f"{win_ruling.text} That is a trick for {winner.side.word}, so the grand "
            f"nullo has failed.",
        )
    if contract.bid.is_misere and winner == contract.declarer and table.won[at.side_of(winner)] == 0:
        win_ruling = dataclasses.replace(
            win_ruling,
            text=f"{win_ruling.text} That is a trick for the contractor, so the "
            f"{contract.bid.words()} has failed.",
        )
    table.won[at.side_of(winner)] += 1
    record = TrickRecord(trick.number, trick.leader, trick.seats, trick.plays, trick.rulings, trick.led,
                         winner, index, win_ruling, trick.powerless, trick.sources)
    table.records.append(record)
    table.leader = winner
    b.record(
        Step(StepKind.TRICK, win_ruling, winner, trick.number, note_key=str(trick.number)),
        changed=winner,
        tricks=tuple(table.records),
        tricks_won=dict(table.won),
        to_play=winner if trick.number < table.n_tricks else None,
    )
    if trick.number == 1 and contract.bid.kind is BidKind.OPEN_MISERE:
        show_open_misere(b, contract)


def show_open_misere(b: Builder, contract: Contract) -> None:
    """After the first trick of an open misère the contractor's hand is laid face up."""
    who = contract.declarer
    already = b.now["shown"]  # six-handed: the partners' hands are face up already
    assert isinstance(already, frozenset)
    b.record(
        Step(
            StepKind.SHOW,
            Ruling(
                Kind.OPEN_MISERE_SHOWN,
                f"After the first trick {who.word} lays their hand face up "
                f"on the table: that is what makes the {b.rules.misere_word} open.",
                (who,),
                tuple(b.holding[who]),
            ),
            who,
        ),
        shown=frozenset({who}) | already,
    )


def record_result(
    b: Builder, contract: Contract, won: dict[Side, int], *, partner: Side | None = None
) -> None:
    """The hand is over: its score, and a misère lost by a joker kept unnominated."""
    forfeit = None
    if any(s.ruling.kind is Kind.MISERE_JOKER_NOT_NOMINATED for s in b.steps):
        forfeit = (
            f"the contractor kept the joker without nominating its suit, which loses a "
            f"{b.rules.misere_word} under these rules"
        )
    result = score_hand(contract, won, b.rules, forfeit=forfeit, partner=partner)
    b.record(Step(StepKind.RESULT, result.ruling, contract.declarer, note_key="outro"), result=result)
