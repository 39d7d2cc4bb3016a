"""A hand at the practice table: the deal, the auction, the discard and the play, judged by the engine.

:class:`Game` holds the hand as it grows (a :class:`~tutor.engine.hand.Hand` value) and asks the
engine about every call and card: an illegal one is refused with the engine's own reason
(:class:`GameError`), a legal one comes back with its ruling. :meth:`Game.computer` makes the
move of the seat to act with the computer players, and :meth:`Game.hand` is the hand as played,
ready to be saved as a hand file.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from enum import Enum

from tutor.engine.auction import Auction, AuctionError, Bid, BidKind, Call, Declaration, Pass, run_auction
from tutor.engine.cards import Card, Joker, Suit, TutorError
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.play import IllegalPlay, Play, judge_play, led_suit
from tutor.engine.replay import Replay, build
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.seats import Seat, table
from tutor.engine.steps import Step, StepKind
from tutor.solve import Position, apply, deal_of, moves
from tutor.teach.players.bidding import choose_call
from tutor.teach.players.cardplay import DEFAULT_BUDGET, Budget, choose_play
from tutor.teach.players.decision import Decision
from tutor.teach.players.discard import choose_discard
from tutor.teach.players.nomination import choose_nomination, may_nominate
from tutor.teach.players.simulate import choose_call_simulated

__all__ = ["Game", "GameError", "Phase"]

#: The wildcard's power lost (setting joker_loses_power), said where the joker is kept.
_POWER = ", unless its holder has already discarded on a suit led"

#: The tables the computer players sit at.
PLAYERS = (3, 4)


class GameError(TutorError):
    """A call or card the rules do not allow (the engine's reason), or a move out of turn."""


class Phase(Enum):
    AUCTION = "auction"
    DISCARD = "discard"
    PLAY = "play"
    OVER = "over"


class Game:
    """One hand at the practice table, dealt from ``seed`` (a thrown-in hand is dealt again)."""

    def __init__(self, rules: str | RulesSpec = "australian", seed: int = 0, *,
                 budget: Budget = DEFAULT_BUDGET, start: Hand | None = None) -> None:
        spec = rules if isinstance(rules, RulesSpec) else RulesSpec(rules)
        self.rules = spec.resolve()
        if self.rules.players not in PLAYERS:
            raise GameError(
                f"the computer players sit at three- and four-handed tables, not "
                f"{self.rules.players}-handed ({self.rules.name})")
        self.spec = spec
        self.seed = seed
        self.budget = budget
        self._rng = random.Random(seed)
        self.seats = table(self.rules.players).seats
        self.rulings: list[Ruling] = []
        #: The contractor has nominated the joker or chosen to keep it (see :meth:`nomination_due`).
        self._nominated = start is not None and (start.joker is not None or bool(start.play))
        if start is not None:
            self._hand = start
            self._rep = build(start)
            if self._rep.problems:
                raise GameError(self._rep.problems[0].message)
        else:
            self._deal()

    # -- the hand so far ---------------------------------------------------------------------

    def _deal(self) -> None:
        pack = list(self.rules.the_pack.cards)
        self._rng.shuffle(pack)
        per = (len(pack) - self.rules.kitty_size) // len(self.seats)
        hands = {s: tuple(pack[i * per:(i + 1) * per]) for i, s in enumerate(self.seats)}
        self._hand = Hand(
            title=f"Practice deal {self.seed}",
            rules_spec=self.spec,
            dealer=self._rng.choice(self.seats),
            hands=hands,
            kitty=tuple(pack[len(self.seats) * per:]),
            auction=(),
            tags=("practice",),
        )
        self._rep = build(self._hand)

    @property
    def hand(self) -> Hand:
        """The hand as played so far: a hand file's worth."""
        return self._hand

    @property
    def replay(self) -> Replay:
        """The engine's replay of the hand so far (after the auction; before it, the deal)."""
        return self._rep

    def auction(self) -> Auction:
        return run_auction(self._hand.auction, self.rules, self._hand.dealer, hands=self._hand.hands)

    @property
    def phase(self) -> Phase:
        auction = self.auction()
        if not auction.complete:
            return Phase.AUCTION
        contract = auction.contract
        if contract is None:
            return Phase.OVER
        if self._hand.discard is None and not contract.bid.is_all_passed:
            return Phase.DISCARD
        if self._second_exchange(contract.bid):
            return Phase.DISCARD
        return Phase.OVER if self._rep.complete else Phase.PLAY

    def _second_exchange(self, bid: Bid) -> bool:
        """Grand nullo after the bidder's discard: partner, who bid the nullo, picks up those
        cards and puts away as many (West Seventh Street)."""
        return bid.kind is BidKind.GRAND_NULLO and self._hand.partner_discard is None

    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is, or None when the hand is over."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self.auction().next_seat
        contract = self.auction().contract
        if phase is Phase.DISCARD and contract is not None:
            return contract.declarer if self._hand.discard is None else contract.declarer.partner
        if phase is Phase.PLAY:
            pos = self.position()
            return pos.seats[pos.to_move]
        return None

    def held(self, seat: Seat) -> tuple[Card, ...]:
        """What ``seat`` holds now (the contractor with the kitty while discarding; in grand
        nullo's second exchange, partner with the bidder's discards)."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return tuple(self._hand.hands[seat])
        if phase is Phase.DISCARD and seat == self.to_act:
            picked_up = self._hand.kitty if self._hand.discard is None else self._hand.discard
            return tuple(self._hand.hands[seat]) + picked_up
        return tuple(self._rep.states[-1].hands.get(seat, ()))  # as the replay stands

    def position(self) -> Position:
        """The solver's position now (the play phase)."""
        pos = deal_of(self._rep).start
        for trick in self._hand.play:  # the replay's tricks leave out one in progress
            for play in trick:
                pos = apply(pos, play)
        return pos

    def legal(self) -> list[Play]:
        """The legal plays of the seat to move (a led wildcard joker once per suit it may name),
        as the engine judges them (it also knows the suits led before, setting joker_lead)."""
        pos = self.position()
        me = pos.to_move
        led = [s for t in self._hand.play if t and (s := led_suit(t[:1], pos.ctx)) is not None]
        out = []
        for play in moves(pos):
            try:
                judge_play(pos.seats[me], pos.hands[me], pos.trick, play, pos.ctx,
                           shown_void=pos.shown_void[me], led_before=led[:-1] if pos.trick else led)
            except IllegalPlay:
                continue
            out.append(play)
        return out

    # -- moves ---------------------------------------------------------------------------------

    def call(self, call: Call) -> Ruling:
        """The seat to act makes ``call``; raise :class:`GameError` with the engine's reason."""
        if self.phase is not Phase.AUCTION:
            raise GameError("the auction is over")
        calls = (*self._hand.auction, call)
        try:
            auction = run_auction(calls, self.rules, self._hand.dealer, hands=self._hand.hands)
        except AuctionError as e:
            raise GameError(str(e)) from None
        self._set(replace(self._hand, auction=calls))
        ruling = auction.rulings[-1]
        if auction.complete and auction.contract is None:  # thrown in: deal again
            self.rulings.append(ruling)
            self._deal()
        return ruling

    def discard(self, cards: Sequence[Card]) -> Ruling:
        """The contractor puts ``cards`` away (in grand nullo then partner, from the bidder's)."""
        if self.phase is not Phase.DISCARD:
            raise GameError("there is no discard to make now")
        if self._hand.discard is not None:
            return self._try(replace(self._hand, partner_discard=tuple(cards)))
        contract = self.auction().contract
        waiting = contract is not None and self._second_exchange(contract.bid)
        return self._try(replace(self._hand, discard=tuple(cards)), waiting_for_partner=waiting)

    def nomination_due(self) -> bool:
        """Whether the contractor is to nominate the joker now: the discard made, no card played
        yet, the rules letting this contract nominate it (setting ``joker_nomination``, in
        no-trumps only with ``joker_nomination_in_no_trumps``), the contractor holding it, and
        no nomination made (:meth:`nominate`). The first card played without one keeps it."""
        if self._nominated or self._hand.joker is not None or self._hand.play:
            return False
        contract = self.auction().contract
        if contract is None or self.phase is not Phase.PLAY or not may_nominate(contract.bid, self.rules):
            return False
        return any(isinstance(c, Joker) for c in self.held(contract.declarer))

    def nominating(self, seat: Seat) -> bool:
        """Whether ``seat``, the contractor, is to nominate the joker now (:meth:`nomination_due`)."""
        contract = self.auction().contract
        return contract is not None and contract.declarer == seat and self.nomination_due()

    def shown_steps(self, steps: Sequence[Step]) -> list[Step]:
        """``steps`` as the table shows them now: while a nomination is due, without the
        nomination's step (a misère lost with the joker kept), whose ruling waits for it."""
        if not self.nomination_due():
            return list(steps)
        return [s for s in steps if s.kind is not StepKind.NOMINATE]

    def may_keep_joker(self) -> bool:
        """Whether keeping the joker un-nominated is within the rules here: not in a misère that
        the rules lose with the joker kept (setting ``misere_needs_joker_nominated``)."""
        contract = self.auction().contract
        return not (contract is not None and contract.bid.is_misere
                    and self.rules.misere_needs_joker_nominated)

    def nomination_rule(self) -> str:
        """What the choice of :meth:`nominate` means under these rules, in words."""
        contract = self.auction().contract
        if contract is not None and contract.bid.is_misere and self.rules.misere_needs_joker_nominated:
            return (f"under these rules a {self.rules.misere_word} is lost if the joker is not "
                    f"nominated; nominated, it is the highest card of its suit")
        return ("nominated, it is the highest card of that suit, following and followed as one; "
                "kept, it is the wildcard: it may be played only when you cannot follow the suit "
                f"led (it then wins the trick{_POWER if self.rules.joker_loses_power else ''}), "
                "or led naming a suit")

    def nominate(self, suit: Suit | None) -> Ruling:
        """The contractor, having discarded, nominates the joker as a card of ``suit`` (None:
        keeps it as the wildcard) before the first card is played; the engine's ruling (for a
        joker kept in no-trumps, which the engine records no step for, a sentence saying what
        the wildcard may do)."""
        if self.phase is not Phase.PLAY or self._hand.play:
            raise GameError("the joker is nominated after the discard, before the first card")
        if suit is not None:
            ruling = self._try(replace(self._hand, joker=suit))
            self._nominated = True
            return ruling
        contract = self.auction().contract
        assert contract is not None
        if not self.nomination_due():
            raise GameError(f"{contract.declarer.word} has no joker to nominate or keep now")
        self._nominated = True
        kept = [s for s in self._rep.steps if s.kind is StepKind.NOMINATE]
        if kept:  # a misère lost with the joker kept (misere_needs_joker_nominated)
            return kept[-1].ruling
        return Ruling(Kind.JOKER_ONLY_WHEN_VOID,
                      f"{contract.declarer.word} keeps the joker as the wildcard: it may be played "
                      f"only when its holder cannot follow the suit led (it then wins the trick"
                      f"{_POWER if self.rules.joker_loses_power else ''}), or led naming a suit.",
                      (contract.declarer,), (Joker(),))

    def play(self, play: Play) -> Ruling:
        """The seat to move plays ``play``."""
        if self.phase is not Phase.PLAY:
            raise GameError("no card is to be played now")
        tricks = [list(t) for t in self._hand.play]
        pos = self.position()
        if not pos.trick:
            tricks.append([])
        tricks[-1].append(play)
        return self._try(replace(self._hand, play=tuple(tuple(t) for t in tricks)))

    def _try(self, hand: Hand, *, waiting_for_partner: bool = False) -> Ruling:
        rep = build(hand)
        problems = rep.problems
        if waiting_for_partner:  # grand nullo: partner's five are still to come
            problems = tuple(p for p in problems if not (p.rule == "grand-nullo" and p.where == ("discard",)))
        if problems:
            raise GameError(problems[0].message)
        before = len(self._rep.steps)
        self._hand, self._rep = hand, rep
        new = rep.steps[before:]
        return new[0].ruling if new else rep.steps[-1].ruling

    def _set(self, hand: Hand) -> None:
        self._hand = hand
        self._rep = build(hand)

    def new_steps(self, since: int) -> list[Ruling]:
        """The rulings of the steps after step ``since`` (tricks won, the result)."""
        return [s.ruling for s in self._rep.steps[since:]]

    # -- the computer --------------------------------------------------------------------------

    def decide(self) -> Decision[object]:
        """What the computer would do for the seat to act (nothing is changed)."""
        seat = self.to_act
        if seat is None:
            raise GameError("the hand is over")
        phase = self.phase
        if phase is Phase.AUCTION:
            if self.budget.bid_layouts:
                d = choose_call_simulated(
                    self._hand, seat, layouts=self.budget.bid_layouts,
                    rng=random.Random(self.seed * 1000 + len(self._hand.auction)))
            else:
                d = choose_call(seat, self._hand.hands[seat], self._hand.auction, self.rules,
                                self._hand.dealer)
            return Decision(d.choice, d.reason)
        contract = self.auction().contract
        assert contract is not None
        if phase is Phase.DISCARD:
            dd = choose_discard(seat, self.held(seat), contract.bid, self.rules)
            return Decision(dd.choice, dd.reason)
        pos = self.position()
        me = pos.to_move
        shown = self._rep.states[-1].shown
        known = [i for i, s in enumerate(pos.seats) if s in shown and i != me]
        gone: list[Card] = [p.card for t in self._hand.play for p in t if p not in pos.trick]
        if contract.bid.kind is BidKind.GRAND_NULLO:
            # grand nullo: partner picked up the bidder's discards and may have kept some, so
            # the bidder does not know them out; partner knows its own five are
            if seat == contract.declarer.partner and self._hand.partner_discard:
                gone += self._hand.partner_discard
        elif seat == contract.declarer and self._hand.discard:
            gone += self._hand.discard
        dp = choose_play(pos, seat, contract.bid, pack=self.rules.the_pack.cards, known=known,
                         gone=gone, budget=self.budget,
                         rng=random.Random(self.seed * 1000 + len(self._rep.steps)),
                         allowed=self.legal())
        return Decision(dp.choice, dp.reason)

    def computer_nomination(self) -> Decision[Suit | None] | None:
        """What the computer would nominate for the contractor now (:mod:`~tutor.teach.players
        .nomination`: its joker nominated or kept as the wildcard) and why; None where no
        nomination is due (:meth:`nomination_due`)."""
        contract = self.auction().contract
        if contract is None or not self.nomination_due():
            return None
        chosen = choose_nomination(self.position(), contract.declarer, contract.bid, self.rules,
                                   pack=self.rules.the_pack.cards, gone=self._hand.discard or (),
                                   budget=self.budget, rng=random.Random(self.seed * 1000 + 1))
        return None if chosen is None else Decision(chosen[0], chosen[1])

    def _computer_nominates(self) -> str | None:
        """After the computer contractor's discard: its nomination made, and why; None where
        there is no choice."""
        chosen = self.computer_nomination()
        if chosen is None:
            return None
        self.nominate(chosen.choice)
        return chosen.reason

    def computer(self) -> tuple[Decision[object], Ruling]:
        """The computer acts for the seat to act: its decision and the engine's ruling."""
        d = self.decide()
        choice = d.choice
        if isinstance(choice, Play):
            return d, self.play(choice)
        if isinstance(choice, tuple):
            ruling = self.discard(choice)
            said = self._computer_nominates()
            return (d, ruling) if said is None else (Decision(choice, f"{d.reason} {said}"), ruling)
        assert isinstance(choice, (Bid, Pass, Declaration))
        return d, self.call(choice)
