"""A computer player's reason as the learner's seat may read it while the hand is played.

Every computer call and card comes with its reason (:class:`~tutor.teach.players.decision.Decision`),
made from the computer's own cards: a bid counts them ("five trumps with the joker and ace"), a
card compares itself with the seat's other cards. At the table the learner could not know them,
so while the hand is played :func:`told` gives, for a seat whose cards the learner cannot see:

- for a call, what the call says in words, never its cards or counts ("East bids seven hearts:
  expects to take seven tricks with hearts as trumps, with partner's help"; a pass, that the
  hand is not worth a bid over the highest, or that partner's bid is the highest);
- for a discard, nothing (the cards go away face down, :mod:`~tutor.teach.players.seen`);
- for a card, its reason, less what tells of the seat's other cards: "the only legal card" while
  the seat holds others (it shows which suit it lacks), and the comparison with the next best
  card when the seat followed suit (it shows another card of that suit). A reason that still
  named a card the learner cannot see is held back whole.

The learner's own seat (played by the computer with ``--auto``) and the hands shown face up
are told in full. After the hand, with the whole deal shown, every reason is given in full
(:func:`in_full`).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from tutor.engine.auction import Bid, BidKind, Call, Declaration, Pass, run_auction
from tutor.engine.cards import Card
from tutor.engine.play import Play, effective_suit
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat, table
from tutor.teach.players.decision import Decision

__all__ = ["hidden_from", "in_full", "names_a_card", "told", "why_told"]

_NUMBERS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

#: The comparison a card reason ends with (:func:`~tutor.teach.players.cardwords.card_reason`):
#: in the averages, "; the next best card 7.2)"; otherwise "; the next best card only in 4",
#: "; no other card in any", "; another card …" up to the closing full stop.
_AVERAGE_COMPARED = re.compile(r"; the next best card \d+(?:\.\d+)?\)")
_COMPARED = re.compile(r"; (?:the next best card|no other card|another card) .*(?=\.$)")


def hidden_from(before: Replay, learner: Seat) -> frozenset[Card]:
    """The cards ``learner`` cannot see in ``before`` (the hand as it stood before a move): in
    the other seats' hands (not those shown face up), in the kitty unless the learner took it,
    and in another seat's discard (grand nullo: the partner sees the bidder's, which it picks
    up, and the bidder does not see the partner's)."""
    hand = before.hand
    state = before.states[-1] if len(before.states) else None
    seen: set[Card] = set(hand.hands.get(learner, ()))
    if state is not None:
        seen.update(state.hands.get(learner, ()))
        for cards in state.played.values():
            seen.update(cards)
        for seat in state.shown:
            seen.update(state.hands.get(seat, ()))
    seen.update(p.card for trick in hand.play for p in trick)
    contract = before.contract
    if contract is not None and learner == contract.declarer:  # took the kitty, put cards away
        seen.update(hand.kitty)
        seen.update(hand.discard or ())
    elif contract is not None and learner == _grand_nullo_partner(before):
        seen.update(hand.discard or ())  # picked up the bidder's discard, put its own away
        seen.update(hand.partner_discard or ())
    every = [*(c for cards in hand.hands.values() for c in cards), *hand.kitty]
    return frozenset(c for c in every if c not in seen)


def _grand_nullo_partner(rep: Replay) -> Seat | None:
    contract = rep.contract
    if contract is None or contract.bid.kind is not BidKind.GRAND_NULLO:
        return None
    return contract.declarer.partner


def names_a_card(text: str, cards: Collection[Card]) -> Card | None:
    """The first of ``cards`` that ``text`` names (``K♠``, ``KS``, ``the king of spades``)."""
    for card in cards:
        if any(re.search(rf"(?<![\w♠♥♦♣]){re.escape(name)}(?![\w♠♥♦♣])", text)
               for name in (card.pretty(), str(card), card.words())):
            return card
    return None


def told(before: Replay, seat: Seat, learner: Seat, decision: Decision[object]) -> str | None:
    """``decision``, made by the computer for ``seat`` in the hand ``before`` (as it stood
    before the move), as the learner at ``learner`` may read it now: a reason in the same
    "who does what: why" form, or None when nothing may be said (another seat's discard)."""
    state = before.states[-1] if len(before.states) else None
    if seat == learner or (state is not None and seat in state.shown):
        return decision.reason
    choice = decision.choice
    if isinstance(choice, (Bid, Pass, Declaration)):
        return _call_words(before, seat, choice)
    if isinstance(choice, Play):
        return _card_told(before, seat, learner, choice, decision.reason)
    return None  # a discard: face down


def why_told(before: Replay, seat: Seat, learner: Seat, decision: Decision[object]) -> str:
    """:func:`told` without its opening "East bids 7♥: ", for a log that has already named the
    call or card ("" when nothing may be said)."""
    said = told(before, seat, learner, decision)
    return Decision(decision.choice, said).why if said is not None else ""


def in_full(decision: Decision[object], trick: int | None = None) -> str:
    """A computer decision's whole reason for the end of the hand, with the trick of a card
    (``trick 3: West plays 10♣: …``)."""
    return f"trick {trick}: {decision.reason}" if trick is not None else decision.reason


# -- calls ---------------------------------------------------------------------------------


def _call_words(before: Replay, seat: Seat, call: Call) -> str:
    """What ``call`` tells the table, in words: the contract it offers to play, or what a pass
    or a declaration says (West Seventh Street's ace – no face says what the hand holds)."""
    hand = before.hand
    rules = hand.rules
    who = seat.word
    if isinstance(call, Declaration):
        return {
            "ace-no-face": f"{who} declares ace – no face: it tells the table its hand holds one "
                           f"ace and no king, queen, jack or joker, and proposes to throw the hand "
                           f"in; partner decides.",
            "agree": f"{who} agrees: partner's ace – no face stands, and the hand is thrown in.",
            "disagree": f"{who} disagrees: the hand is played on.",
        }.get(call.word, f"{who} calls {call.pretty()}.")
    partners = rules.players in (4, 6)
    if isinstance(call, Pass):
        auction = run_auction(hand.auction, rules, hand.dealer)
        high: Bid | None = None
        high_seat: Seat | None = None
        for c, caller in zip(auction.calls, auction.callers, strict=False):
            if isinstance(c, Bid):
                high, high_seat = c, caller
        if high is None or high_seat is None:
            return f"{who} passes: its hand is not worth a bid."
        if high_seat == seat:
            return f"{who} passes: its own {high.words()} is the highest bid."
        at = table(rules.players)
        if partners and at.side_of(high_seat) == at.side_of(seat):
            return f"{who} passes: partner's {high.words()} is the highest bid."
        return f"{who} passes: its hand is not worth a bid over {high.words()}."
    said = f"{who} bids {call.words()}"
    if call.kind is BidKind.TRICKS and call.strain is not None:
        n = _NUMBERS.get(call.tricks, str(call.tricks))
        trumps = ("with no trumps" if call.strain.suit is None
                  else f"with {call.strain.word} as trumps")
        helped = ", with partner's help" if partners else ", alone against the other two"
        return f"{said}: expects to take {n} tricks {trumps}{helped}."
    if call.kind is BidKind.GRAND_NULLO:
        return f"{said}: expects that neither partner takes a trick."
    if call.is_misere:
        alone = ", partner sitting out" if partners else ""
        face_up = (", with its hand face up on the table after the first trick"
                   if call.kind is BidKind.OPEN_MISERE else "")
        return f"{said}: expects to lose every trick{alone}{face_up}."
    return f"{said}."


# -- cards ---------------------------------------------------------------------------------


def _card_told(before: Replay, seat: Seat, learner: Seat, play: Play, reason: str) -> str:
    state = before.states[-1] if len(before.states) else None
    held = len(state.hands.get(seat, ())) if state is not None else 0
    head = f"{seat.word} plays {play.pretty()}"
    later = f"{head}: its reason would tell you of cards you cannot see, so it waits for the end of the hand."
    if reason.endswith(": the only legal card.") and held > 1:
        return later  # the seat lacks every other card it could have played: a suit it is out of
    trick = state.current_trick if state is not None else None
    ctx = before.context
    if trick is not None and trick.plays and not trick.complete and ctx is not None \
            and trick.led is not None and effective_suit(play.card, ctx) is trick.led:
        # followed suit: the comparison with another card would show one more of that suit
        reason = _COMPARED.sub("", _AVERAGE_COMPARED.sub(")", reason))
    hidden = hidden_from(before, learner) - {play.card}
    if names_a_card(reason, hidden) is not None:
        return later
    return reason
