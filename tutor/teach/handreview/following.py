"""What follows a call: the auction continued by the computer bidder, the contract played, scored.

A call's value is what follows from it. :func:`follow` takes the calls so far with the call
judged, lets the computer bidder (:func:`~tutor.teach.players.bidding.choose_call`) make every
later call, the judged seat's own included, to the end of the auction, and plays the contract it
ends in: the contractor takes the kitty and puts away what the computer would
(:func:`~tutor.teach.players.discard.choose_discard`), at five players calls a partner by
:func:`called_card`, and the play is solved double-dummy. The result is scored for the judged
seat's side by one rule, the contract's value (:func:`~tutor.engine.auction.contract_value`):
+value when its side's contract is made, −value when set, −value when the other side's is made,
+value when set; a hand thrown in scores 0. The defenders' trick points are left out (they are
at most 10 a trick and do not change which call is better often enough to pay for the
bookkeeping of every preset's defenders' rule).

At five players each player scores on their own and the partner is called after the discard:
the judged seat shares the contract's score when it is the contractor or the called partner,
and is an opponent otherwise. The computer contractor calls the card :func:`called_card` names
(the best card it does not hold that the rules let it call); where the partner is named as a
player (``partner_call: seat``), it names the holder of that card, as if it had guessed right,
which favours the contractor: a stated judgement, not a fact of the deal. A misère is asked
only whether it is made (its score depends on nothing else): one zero-window search
(:meth:`~tutor.solve.Solver.at_least`), not the exact number of tricks, at every table size.
One the solver cannot settle within :data:`MISERE_BUDGET` positions (a five-handed misère the
contractor makes can take minutes to prove) is left out of the call's average, counted in its
words: neither made nor set, so the judgement leans neither way without saying so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.engine.auction import AuctionError, Bid, BidKind, Call, Pass, contract_value, run_auction
from tutor.engine.cards import Card, Joker, Suit, SuitedCard, without
from tutor.engine.hand import Hand
from tutor.engine.play import PlayContext, effective_suit, power
from tutor.engine.replay import build
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat, Side, table
from tutor.solve import Position, SolveError, Solver, deal_of
from tutor.teach.players.bidding import choose_call
from tutor.teach.players.discard import choose_discard

__all__ = ["MISERE_BUDGET", "Outcome", "Table", "called_card", "continued", "follow", "misere_shortcut"]

Hands = Mapping[Seat, Sequence[Card]]


@dataclass(frozen=True)
class Outcome:
    """What one call led to on one layout: the contract (``bid`` by ``declarer``; None: the
    hand was thrown in), the contractor's side's tricks double-dummy (a misère: 0 made, 1 set,
    one trick or more), whether it was made, and
    the points for the judged seat's side (None: the contract could not be played here, or
    ``unsettled``);
    ``partner``: five-handed, the contractor's called partner (None: alone, or another table)."""

    bid: Bid | None
    declarer: Seat | None
    tricks: int | None
    made: bool | None
    points: int | None
    partner: Seat | None = None
    #: a misère the solver could not settle within :data:`MISERE_BUDGET` (tricks, made and
    #: points None: the layout is left out of the call's average, and the words say so)
    unsettled: bool = False


def misere_shortcut(pos: Position) -> int | None:
    """An exact answer for a misère at its first card, where one is cheap (None: solve it).

    0: the contractor cannot be made to take a trick. It does not hold the joker, and in every
    suit each card it holds is lower than every card of that suit a defender holds (the joker
    apart). Then a suit a defender leads is led with a card above all of the contractor's; a suit
    the contractor cannot follow it throws a card on and cannot win (no trumps in misère); and
    if the contractor leads the first trick, it leads a suit a defender holds, who must follow
    above it. At least one (1): the contractor holds the joker as a wildcard that keeps its
    power, which wins the trick it is played to, and every card is played."""
    mine = [i for i, t in enumerate(pos.team) if t]
    if not pos.minimise or len(mine) != 1 or pos.trick or pos.won:
        return None
    me = mine[0]
    if any(isinstance(c, Joker) for c in pos.hands[me]):
        # a wildcard with its power wins the trick it goes to; nominated it is a card of its
        # suit, and under joker_loses_power it wins nothing once its holder has discarded:
        # either can be thrown away, so the solver decides
        return 1 if pos.ctx.wildcard and not pos.ctx.joker_loses_power else None
    ours: dict[Suit, int] = {}
    for c in pos.hands[me]:
        assert isinstance(c, SuitedCard)
        ours[c.suit] = max(ours.get(c.suit, 0), c.rank.order)
    theirs: dict[Suit, int] = {}
    for i, hand in enumerate(pos.hands):
        for c in hand:
            if i != me and isinstance(c, SuitedCard):
                theirs[c.suit] = min(theirs.get(c.suit, 99), c.rank.order)
    if any(s in theirs and high >= theirs[s] for s, high in ours.items()):
        return None
    if pos.leader == me and not any(s in theirs for s in ours):
        return None
    return 0


def continued(calls: Sequence[Call], hands: Hands, rules: RuleSet, dealer: Seat) -> tuple[Call, ...]:
    """``calls`` with every later call made by the computer bidder, to the end of the auction
    (a call the computer would make that the rules refuse is taken as a pass)."""
    out = list(calls)
    for _ in range(len(hands) * 12):  # every call raises the bid or passes: it ends long before
        auction = run_auction(out, rules, dealer)
        if auction.complete or auction.next_seat is None:
            break
        seat = auction.next_seat
        call = choose_call(seat, hands[seat], out, rules, dealer).choice
        try:
            run_auction([*out, call], rules, dealer)
        except AuctionError:
            call = Pass()
        out.append(call)
    return tuple(out)


def called_card(kept: Sequence[Card], bid: Bid, rules: RuleSet) -> Card | None:
    """Five-handed: the card the computer contractor, keeping ``kept``, calls for a partner, the
    strongest card in the contract it does not hold that the rules let it call (not the joker;
    not a bower, or no trump, as ``called_card`` says). None: there is none."""
    ctx = PlayContext.of(bid, None)
    trumps = ctx.trumps

    def allowed(card: Card) -> bool:
        if isinstance(card, Joker) or card in kept:
            return False
        assert isinstance(card, SuitedCard)
        bower = trumps is not None and card.rank.value == "J" and card.suit in (trumps, trumps.sister)
        if rules.called_card == "not-joker-or-bower" and bower:
            return False
        return not (rules.called_card == "not-trump" and trumps is not None
                    and (bower or card.suit is trumps))

    def strength(card: Card) -> tuple[int, int]:
        suit = effective_suit(card, ctx)
        is_trump = trumps is not None and suit is trumps
        return (1 if is_trump else 0, power(card, suit, ctx) if suit is not None else 0)

    choices = [c for c in rules.the_pack.cards if allowed(c)]
    return max(choices, key=strength) if choices else None


Partner = Card | Seat | Literal["alone"] | None


def exchange(hands: Hands, kitty: Sequence[Card], declarer: Seat, bid: Bid,
             rules: RuleSet) -> tuple[tuple[Card, ...] | None, Partner]:
    """What the computer contractor does between the auction and the play: the cards it puts
    away (:func:`~tutor.teach.players.discard.choose_discard`; None without a kitty) and, at
    five players outside misère, the partner it calls (:func:`called_card`: the card, or its
    holder where the partner is named as a seat, or ``"alone"`` where no one holds it and the
    rules do not let a contractor play secretly alone); None where no partner is called."""
    held = (*hands[declarer], *kitty)
    discard = choose_discard(declarer, held, bid, rules).choice if kitty else None
    if rules.players != 5 or bid.is_misere:
        return discard, None
    card = called_card(without(held, discard or ()), bid, rules)
    if card is None:
        return discard, "alone"
    holder = next((s for s, cs in hands.items() if card in cs and s != declarer), None)
    if rules.partner_call == "seat":
        return discard, holder if holder is not None else "alone"
    return discard, card if holder is not None or rules.secret_alone else "alone"


class Table:
    """One layout's hands and kitty, and the outcome of each contract played on it (memoised:
    several calls often lead to the same contract)."""

    def __init__(self, hand: Hand, seat: Seat, hands: Hands, kitty: tuple[Card, ...]) -> None:
        self.hand, self.seat, self.hands, self.kitty = hand, seat, dict(hands), kitty
        self._played: dict[tuple[str, Seat], tuple[int | None, Seat | None]] = {}

    def outcome(self, calls: Sequence[Call]) -> Outcome:
        """The outcome of the auction ``calls`` continued by the computer to its end."""
        hand = self.hand
        rules = hand.rules
        whole = continued(calls, self.hands, rules, hand.dealer)
        contract = run_auction(whole, rules, hand.dealer).contract
        if contract is None or contract.bid.is_all_passed:
            return Outcome(None, None, None, None, 0)
        key = (str(contract.bid), contract.declarer)
        if key not in self._played:
            self._played[key] = self._play(whole, contract.bid, contract.declarer)
        tricks, partner = self._played[key]
        if tricks is None:
            return Outcome(contract.bid, contract.declarer, None, None, None)
        if tricks == _UNSETTLED:
            return Outcome(contract.bid, contract.declarer, None, None, None, unsettled=True)
        bid = contract.bid
        made = tricks == 0 if bid.is_misere or bid.kind is BidKind.GRAND_NULLO else tricks >= bid.tricks
        ours = self._ours(contract.declarer, partner)
        value = contract_value(bid, rules)
        return Outcome(bid, contract.declarer, tricks, made, value if made == ours else -value, partner)

    def _ours(self, declarer: Seat, partner: Seat | None) -> bool:
        at = table(self.hand.rules.players)
        if not at.fixed_partners:
            return self.seat in (declarer, partner)
        side: Side = at.side_of(declarer)
        return at.side_of(self.seat) == side

    def _play(self, calls: tuple[Call, ...], bid: Bid, declarer: Seat) -> tuple[int | None, Seat | None]:
        """The contractor's side's tricks double-dummy (None: not playable here), and the
        called partner's seat at five players."""
        hand, rules = self.hand, self.hand.rules
        discard, partner = exchange(self.hands, self.kitty, declarer, bid, rules)
        hands = {s: tuple(cs) for s, cs in self.hands.items()}
        trial = dataclasses.replace(hand, hands=hands, kitty=self.kitty, auction=calls,
                                    discard=discard, play=(), joker=None, notes={}, claims={},
                                    kitty_claims={}, par=None, decision=None, summary=None,
                                    partner=partner if rules.players == 5 else hand.partner)
        for joker in (None, *Suit):
            rep = build(dataclasses.replace(trial, joker=joker) if joker else trial)
            if not rep.problems:
                start = deal_of(rep).start
                try:
                    return _tricks(start, bid), rep.partner
                except SolveError:
                    return None, None
        return None, None


#: The positions the solver may search to settle one misère's made or set (about two seconds
#: here). A misère the contractor makes must be proved against every defence, and one against
#: four at five players can take a hundred times that (two minutes); past the budget the layout
#: is left out of the call's average, neither made nor set, and the words count it. The six-
#: handed misère lesson, one against three with 63 cards, is settled in a quarter of it.
MISERE_BUDGET = 20_000_000

_UNSETTLED = -1


def _tricks(start: Position, bid: Bid) -> int:
    """The contractor's side's tricks double-dummy from ``start``; for a misère only made (0) or
    set (1: one trick or more, how many is not asked), which is all its score depends on: the
    one zero-window question :meth:`~tutor.solve.Solver.at_least_within`, after the exact
    :func:`misere_shortcut` where it answers; :data:`_UNSETTLED` past :data:`MISERE_BUDGET`."""
    if not bid.is_misere:
        return Solver().value(start)
    quick = misere_shortcut(start)
    if quick is not None:
        return min(quick, 1)
    taken = Solver().at_least_within(start, 1, MISERE_BUDGET)
    return _UNSETTLED if taken is None else int(taken)


def follow(hand: Hand, k: int, call: Call, layout: Table) -> Outcome:
    """The outcome on ``layout`` of ``call`` as call ``k`` of ``hand``'s auction, continued,
    scored for the layout's seat (:class:`Table`)."""
    before = list(hand.auction[:k])
    if not (isinstance(call, Pass) and before and run_auction(before, hand.rules, hand.dealer).complete):
        before.append(call)
    return layout.outcome(before)
