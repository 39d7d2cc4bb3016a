"""``tutor play``: one hand at the practice table in the terminal, the computer at the other seats.

The learner answers on standard input: a call (``7H``, ``pass``, ``mis``), the cards to put
away (``7C 9C 6D``), the joker's suit where the rules let the contractor nominate it (``h``, or
``none`` to keep it as the joker), a card (``AS``, or ``Jo:H`` to lead the joker naming hearts). Each
answer gets the engine's ruling, or its reason for refusing; each computer move says why in
one sentence, as far as the learner's seat could know it (:mod:`~tutor.teach.players.told`; the
kitty and another seat's discard face down). At the end come the whole deal, the computer's
reasons in full, the short summary of the review of the learner's decisions
(:func:`~tutor.teach.handreview.table.table_review`) and what happens after the costliest marked
card, with the review's better card, and an offer to retry from any decision of the learner's
(:mod:`~tutor.views.terminal.practice_end`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TextIO

from tutor.engine.auction import CallError, Declaration, parse_call
from tutor.engine.cards import Card, Joker, Suit, SuitedCard, TutorError
from tutor.engine.kitty import play_context
from tutor.engine.order import sorted_hand
from tutor.engine.play import Play, PlayContext, effective_suit
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.solve import SolveError
from tutor.teach.handreview.table import table_review, what_happens_after
from tutor.teach.handreview.value import Review
from tutor.teach.players import Game, GameError, Phase
from tutor.teach.players.cardplay import DEFAULT_BUDGET, Budget
from tutor.teach.players.retry import RetryError, decisions, find_decision, retry
from tutor.teach.players.seen import log_text, why_shown
from tutor.teach.players.told import in_full, why_told
from tutor.views.terminal.practice_end import end_of_hand, what_happens_text

__all__ = ["game_from_file", "play_in_terminal"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def _discard_example(hand: Sequence[Card], n: int, context: PlayContext | None) -> list[Card]:
    """How an answer to "put away N cards" is written, shown with N of the hand's lowest cards
    outside trumps (a trump, a bower or the joker only when too few others are left), so the
    example never suggests throwing the cards a hand keeps first."""
    def keeps(c: Card) -> bool:
        if isinstance(c, Joker):
            return True
        return context is not None and context.trumps is not None and \
            effective_suit(c, context) == context.trumps

    def rank(c: Card) -> int:
        return c.rank.order if isinstance(c, SuitedCard) else 99

    others = sorted((c for c in hand if not keeps(c)), key=rank)
    return [*others, *sorted((c for c in hand if keeps(c)), key=rank)][:n]


def _suit(answer: str) -> Suit:
    """The suit of a nomination's answer: a letter (``h``), a symbol or a word (``hearts``)."""
    try:
        return Suit.parse(answer[:1] if answer[:1].isalpha() else answer)
    except TutorError:
        raise GameError(f"{answer!r} is not a suit: answer s, h, d or c, or none to keep it as "
                        f"the joker") from None


class _Table:
    def __init__(self, game: Game, seat: Seat, inp: TextIO, out: TextIO, auto: bool) -> None:
        self.game, self.seat, self.inp, self.out, self.auto = game, seat, inp, out, auto
        self.reasons: list[str] = []  # the computer's reasons in full, for the end of the hand
        self.review: Review | str = ""  # the review of the hand just ended (str: why none)

    def say(self, text: str) -> None:
        indent = " " * (len(text) - len(text.lstrip(" ")))
        wrapped = textwrap.fill(text.strip(), width=100, initial_indent=indent,
                                subsequent_indent=indent + "  ", break_on_hyphens=False)
        self.out.write(wrapped + "\n")

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        if not self.inp.isatty():  # answers from a file or pipe: echo them, as a terminal would
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def rulings_since(self, steps: int, why: str = "") -> None:
        """The rulings of the steps after ``steps``, each once; ``why`` under the first (the
        computer's reason for the move it names), as the learner's seat may read them. While
        the learner's nomination of the joker is still to come, its step waits for it."""
        rep = self.game.replay
        for k, step in enumerate(self.game.shown_steps(rep.steps[steps:] or rep.steps[-1:])):
            self.say("  " + log_text(step, self.seat))
            if k == 0 and why and why_shown(step, self.seat):
                self.say(f"      Why: {why}")

    def learner(self) -> bool:
        """The learner's move; False when the input has run out."""
        g = self.game
        phase = g.phase
        context = g.replay.context
        if context is None and g.replay.contract is not None:  # at the discard: play not begun yet
            context = play_context(g.replay.contract.bid, None, g.rules)
        held = sorted_hand(g.held(self.seat), context)
        self.say(f"Your cards: {_cards(held)}")
        picked_up = [c for c in held if c in g.hand.kitty] if phase is Phase.DISCARD else []
        if picked_up:
            self.say(f"  from the kitty: {_cards(picked_up)}")
        while True:
            if phase is Phase.AUCTION and g.hand.auction[-1:] == (Declaration("ace-no-face"),):
                prompt = "Partner declared ace – no face: agree (throw the hand in) or disagree: "
            elif phase is Phase.AUCTION:
                prompt = "Your call (e.g. 7H, 8NT, misere, pass): "
            elif phase is Phase.DISCARD:
                n = g.rules.kitty_size
                example = " ".join(str(c) for c in _discard_example(held, n, context))
                prompt = f"Put away {n} cards (e.g. {example}): "
            else:
                legal = " ".join(str(p) for p in g.legal())
                prompt = f"Your card ({legal}): "
            answer = self.ask(prompt)
            if answer is None:
                return False
            steps = len(g.replay.steps)
            try:
                if phase is Phase.AUCTION:
                    g.call(parse_call(answer))
                    if not g.hand.auction:  # thrown in: a new deal
                        self.reasons = []
                    self.rulings_since(steps)
                elif phase is Phase.DISCARD:
                    g.discard([Card.parse(t) for t in answer.replace(",", " ").split()])
                    self.rulings_since(steps)
                else:
                    g.play(Play.parse(answer))
                    self.rulings_since(steps)
                return True
            except (GameError, CallError, TutorError) as err:
                self.say(f"  Not allowed: {err}")

    def nominate(self) -> bool:
        """The learner, contractor holding the joker after the discard, nominates its suit or
        keeps it (:meth:`~tutor.teach.players.game.Game.nominate`); False when the input has
        run out."""
        g = self.game
        self.say(f"Your cards: {_cards(sorted_hand(g.held(self.seat), g.replay.context))}")
        self.say(f"  You hold the joker: {g.nomination_rule()}.")
        while True:
            answer = self.ask("Nominate the joker's suit (s/h/d/c, or none to keep it as the joker)? ")
            if answer is None:
                return False
            try:
                suit = None if answer.lower() in ("none", "keep") else _suit(answer)
                ruling = g.nominate(suit)
            except (GameError, TutorError) as err:
                self.say(f"  Not allowed: {err}")
                continue
            self.say(f"  {ruling.text}")
            return True

    def computer(self) -> None:
        """The computer's move, named once (the engine's ruling), then why it chose it, as far
        as the learner's seat may know it now (:func:`~tutor.teach.players.told.told`)."""
        g = self.game
        steps = len(g.replay.steps)
        before, seat = g.replay, g.to_act
        assert seat is not None
        decision, _ruling = g.computer()
        step = g.replay.steps[steps] if len(g.replay.steps) > steps else None
        if not g.hand.auction:  # thrown in: a new deal, whose reasons start afresh
            self.reasons = []
        else:
            trick = step.trick if step is not None and step.kind is StepKind.CARD else None
            self.reasons.append(in_full(decision, trick))
        self.rulings_since(steps, why=why_told(before, seat, self.seat, decision))

    def run(self) -> int:
        while True:
            g = self.game
            self.reasons = []
            self.say(f"{g.hand.title}: {g.rules.name} rules, you sit {self.seat.word}; "
                     f"{g.hand.dealer.word} deals.")
            while (turn := g.to_act) is not None:
                if not self.auto and g.nominating(self.seat):
                    if not self.nominate():
                        self.say("No more answers: the hand stops here.")
                        return 1
                elif turn == self.seat and not self.auto:
                    if not self.learner():
                        self.say("No more answers: the hand stops here.")
                        return 1
                else:
                    self.computer()
            self.review = table_review(g.replay, self.seat, seed=g.seed)
            for line in end_of_hand(g.replay, self.seat, self.reasons, self.review):
                self.say(line)
            if self.auto or not self.after_the_hand():
                return 0

    def after_the_hand(self) -> bool:
        """Offer to retry from one of the learner's decisions, or to show what happens after one
        of their cards; True when a retry is set up (the game is then the retried one)."""
        rep = self.game.replay
        mine = decisions(rep, self.seat)
        if not mine:
            return False
        joker = any(d.kind is StepKind.NOMINATE for d in mine)
        self.say("Retry from one of your decisions: a trick (4, or 4.2 for its second card), "
                 f"discard, {'joker for your nomination of its suit, ' if joker else ''}or call1 "
                 "for your first call; 'show 4' for what happens after your card in trick 4; "
                 "Enter to stop.")
        while True:
            answer = self.ask("Retry from: ")
            if answer is None:  # the input has run out: end the prompt's line
                self.out.write("\n")
            if not answer:
                return False
            try:
                if answer.lower().startswith("show"):
                    d = find_decision(rep, self.seat, answer[4:])
                    if d.kind is not StepKind.CARD:
                        raise RetryError("'show' follows a card: give a trick")
                    number = sum(1 for s in rep.steps[:d.step] if s.kind is StepKind.CARD)
                    for line in what_happens_text(what_happens_after(rep, number, self.review)):
                        self.say(line)
                    continue
                self.game = retry(rep, self.seat, answer, seed=self.game.seed,
                                  budget=self.game.budget)
                return True
            except (RetryError, SolveError) as err:
                self.say(f"  {err}")


def game_from_file(path: str, seat: Seat, at: str, *, seed: int = 0,
                   budget: Budget = DEFAULT_BUDGET) -> Game:
    """The game at ``seat``'s decision ``at`` (``4``, ``4.2``, ``discard``, ``joker``, ``call1``) of the hand
    file ``path``, to play on from there (``tutor play --from FILE --seat S --at AT``)."""
    from tutor.files.handfile import check

    rep, problems = check(path)
    if rep is None or problems:
        raise GameError("; ".join(str(p) for p in problems) or f"{path}: not a hand that replays")
    try:
        return retry(rep, seat, at, seed=seed, budget=budget)
    except RetryError as err:
        raise GameError(f"{path}: {err}") from None


def play_in_terminal(game: Game, seat: Seat, inp: TextIO, out: TextIO, *, auto: bool = False) -> int:
    """Play ``game`` with the learner at ``seat`` (``auto``: the computer plays it too)."""
    return _Table(game, seat, inp, out, auto).run()
