"""The practice widget: play a hand by clicks against the computer, at the replay widget's table.

The table (hands, trick, ruling, earlier tricks) is drawn by a :class:`ReplayWidget` showing the
hand as it grows; under it the learner's controls for the phase: a call, the cards to put away,
the joker's suit (where the rules let the contractor holding it after the discard nominate it:
a button a suit, and *Keep it as the joker* unless keeping it loses the misère), or the cards in
hand (the legal ones marked; an illegal one is refused with the engine's
reason). The computer moves for the other seats at once: the log names each call and card once
(the engine's ruling), with the computer's reason under its moves. At the end come the short
summary of the review of the learner's decisions, the whole deal, *Retry from here* and *Show
what happens* for the learner's decisions (each marked one with its ``?``/``??``), and *New deal*
(:mod:`~tutor.views.widgets.practice_end`). State is two traitlets: ``seat`` (the learner's)
and ``message`` (the last verdict, as HTML).
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from tutor.engine.auction import (
    AuctionError,
    Bid,
    BidKind,
    Call,
    Declaration,
    Pass,
    Strain,
    parse_call,
    run_auction,
)
from tutor.engine.cards import Card, Suit, TutorError
from tutor.engine.play import Play
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.teach.handreview.table import summary_lines, table_review
from tutor.teach.handreview.value import Review
from tutor.teach.players import Budget, Game, GameError, Phase
from tutor.teach.players.retry import RetryError, find_decision, retry
from tutor.teach.players.seen import log_text, why_shown
from tutor.teach.players.told import in_full, why_told
from tutor.views.shared import render
from tutor.views.widgets._common import card_button, style_widget
from tutor.views.widgets.practice_end import HandEnd
from tutor.views.widgets.replay import ReplayWidget

__all__ = ["PracticeWidget"]


class PracticeWidget(widgets.VBox):  # type: ignore[misc]
    """One hand at the practice table: the learner at ``seat``, the computer at the others."""

    seat = traitlets.Unicode("S").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: Game, seat: Seat | str = "S", **kwargs: Any) -> None:
        self.game = game
        where = seat.value if isinstance(seat, Seat) else str(seat)
        if where not in [s.value for s in game.seats]:
            raise ValueError(f"seat {where!r} does not play at this table "
                             f"({', '.join(s.value for s in game.seats)})")
        self.view = ReplayWidget(game.replay, show=where)
        self.lines: list[str] = []
        self.reasons: list[str] = []  # the computer's reasons in full, for the end of the hand
        self.review: Review | str | None = None  # the finished hand's review (str: why none)
        self.prompt = widgets.HTML()
        self.card_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.card_row.add_class("tutor-pick")
        self.call_picker = widgets.Dropdown(description="Your call", layout=widgets.Layout(width="16em"))
        self.call_button = widgets.Button(description="Call", button_style="primary")
        self.call_button.add_class("tutor-call-button")
        self.call_button.on_click(lambda _b: self.call(str(self.call_picker.value)))
        self.discard_button = widgets.Button(description="Put away", button_style="primary")
        self.discard_button.add_class("tutor-discard-button")
        self.discard_button.on_click(lambda _b: self.discard(self._toggled()))
        # the contractor's joker: a suit each, or kept as the joker where the rules allow it
        self.nominate_buttons = {suit: _nominate_button(f"{suit.symbol} {suit.word}", suit.value)
                                 for suit in Suit}
        for suit, b in self.nominate_buttons.items():
            b.on_click(lambda _b, suit=suit: self.nominate(suit))
        self.keep_button = _nominate_button("Keep it as the joker", "keep")
        self.keep_button.on_click(lambda _b: self.nominate(None))
        self.action_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message_html = widgets.HTML()
        self.message_html.add_class("tw-feedback-box")
        self.log_html = widgets.HTML()
        self.log_html.add_class("tutor-practice-log")
        self.end = HandEnd(self.retry, self.new_deal)
        super().__init__(
            [style_widget(), self.view.header, self.view.table, self.view.ruling, self.prompt,
             self.card_row, self.action_row, self.message_html, self.end, self.log_html,
             self.view.history],
            **kwargs,
        )
        self.add_class("tutor-widget")
        self.add_class("tutor-practice")
        self.observe(lambda c: setattr(self.message_html, "value", c["new"]), "message")
        self.set_trait("seat", where)
        self.advance()

    @classmethod
    def new(cls, rules: str = "australian", seed: int = 0, seat: str = "S", *,
            samples: int | None = None, **kwargs: Any) -> PracticeWidget:
        """A new deal; ``samples`` fixes the layouts a computer card solves (reproducible)."""
        budget = Budget() if samples is None else Budget(None, samples, samples, samples)
        return cls(Game(rules, seed, budget=budget), seat, **kwargs)

    def retry(self, at: str) -> None:
        """Play on from the learner's decision ``at`` of the finished hand (``"4"``, ``"4.2"``,
        ``"discard"``, ``"call1"``): the hand as it stood then, the learner to move."""
        try:
            decision = find_decision(self.game.replay, self.learner, at)
            game = retry(self.game.replay, self.learner, decision, seed=self.game.seed,
                         budget=self.game.budget)
        except (RetryError, GameError) as err:
            self.message = _box("tw-refused", f"Cannot retry there: {escape(str(err))}")
            return
        self._restart(game, f"Retried from {decision.label}: the same deal, played as it was up "
                            f"to there, and your turn.")

    def new_deal(self) -> None:
        """The next deal (seed + 1), the learner at the same seat."""
        self._restart(Game(self.game.spec, self.game.seed + 1, budget=self.game.budget),
                      f"New deal ({self.game.seed + 1}).")

    def _restart(self, game: Game, said: str) -> None:
        self.game = game
        self.lines, self.reasons, self.review = [], [], None
        self.end.clear()
        self.view.show = self.seat
        self.message = _box("tw-allowed", escape(said))
        self.advance()

    @property
    def learner(self) -> Seat:
        return Seat.parse(self.seat)

    @property
    def over(self) -> bool:
        return self.game.to_act is None

    # ------------------------------------------------------------------ the learner's moves

    def call(self, text: str | Call) -> None:
        """The learner's call (``"7H"``, ``"pass"``, ``"misere"``)."""
        self._act(lambda: self.game.call(parse_call(text) if isinstance(text, str) else text))

    def discard(self, cards: list[Card] | str) -> None:
        """The learner, as contractor, puts these cards away."""
        chosen = [Card.parse(c) for c in cards.split()] if isinstance(cards, str) else cards
        self._act(lambda: self.game.discard(chosen))

    def play(self, card: Card | Play | str) -> None:
        """The learner plays a card (``"Jo:H"`` leads the joker naming hearts)."""
        chosen = Play.parse(card) if isinstance(card, str) else card if isinstance(card, Play) else Play(card)
        self._act(lambda: self.game.play(chosen))

    def nominate(self, suit: Suit | str | None) -> None:
        """The learner, contractor holding the joker after the discard, nominates its suit
        (``"H"``) or keeps it as the joker (None)."""
        if not self.nominating:
            self.message = _box("tw-refused", "There is no joker of yours to nominate now.")
            return
        chosen = Suit.parse(suit) if isinstance(suit, str) else suit
        try:
            ruling = self.game.nominate(chosen)
        except (GameError, TutorError) as err:
            self.message = _box("tw-refused", f"Refused: {escape(str(err))}")
            return
        self.message = _box("tw-allowed", escape(ruling.text))
        self._note([], ruling.text)
        self.advance()

    @property
    def nominating(self) -> bool:
        """Whether the learner, the contractor, is to nominate the joker now."""
        return self.game.nominating(self.learner)

    def _act(self, move: Any) -> None:
        if self.nominating:
            self.message = _box("tw-refused", escape("Nominate the joker's suit first."))
            return
        if self.game.to_act != self.learner:
            self.message = _box("tw-refused", "Not your turn.")
            return
        steps = len(self.game.replay.steps)
        try:
            ruling = move()
        except (GameError, TutorError) as err:
            self.message = _box("tw-refused", f"Refused: {escape(str(err))}")
            self._draw()
            return
        self.message = _box("tw-allowed", escape(ruling.text))
        if not self.game.hand.auction:  # thrown in: a new deal
            self.reasons = []
        # a nomination's ruling waits for the learner's answer
        self._note(self.game.shown_steps(self.game.replay.steps[steps:]), ruling.text)
        self.advance()

    # ------------------------------------------------------------------ the computer's moves

    def advance(self) -> None:
        """The computer moves until it is the learner's turn or the hand is over."""
        while not self.nominating and (turn := self.game.to_act) is not None and turn != self.learner:
            steps = len(self.game.replay.steps)
            before = self.game.replay
            decision, ruling = self.game.computer()
            new = self.game.replay.steps[steps:]
            if not self.game.hand.auction:  # thrown in: a new deal, whose reasons start afresh
                self.reasons = []
            else:
                card = bool(new) and new[0].kind is StepKind.CARD
                self.reasons.append(in_full(decision, new[0].trick if card else None))
            self._note(new, ruling.text, why_told(before, turn, self.learner, decision))
        self._draw()

    def _note(self, steps: Any, first: str, why: str = "") -> None:
        """The log's lines for one move: each step's ruling once, as the learner's seat may read
        it, and ``why`` (the computer's reason) under the first."""
        texts = [(log_text(s, self.learner), why_shown(s, self.learner)) for s in steps]
        for k, (t, shown) in enumerate(texts or [(first, True)]):
            self.lines.append(f'<span class="tw-ruling">{escape(t)}</span>')
            if k == 0 and why and shown:
                self.lines.append(f'<span class="tw-why">&nbsp;&nbsp;Why: {escape(why)}</span>')

    # ------------------------------------------------------------------ drawing

    def _draw(self) -> None:
        game = self.game
        steps = game.replay.steps
        if self.nominating:  # the table at the discard: the nomination's ruling waits for it
            at = max(i for i, s in enumerate(steps) if s.kind is not StepKind.NOMINATE)
            self.view.load(game.replay, at)
        else:
            self.view.load(game.replay)
        # the whole log, the latest at the bottom, in a box that scrolls
        self.log_html.value = ('<div style="max-height:18em;overflow-y:auto">'
                               + "<br>".join(self.lines) + "</div>")
        phase = game.phase
        held = game.held(self.learner) if phase is not Phase.OVER else ()
        if self.over:
            summary = escape(self._summary()).replace("\n", "<br>")
            self.prompt.value = f'<div class="tw-feedback tw-prompt tutor-hand-review">{summary}</div>'
            self.card_row.children, self.action_row.children = (), ()
            if not self.end.children:
                self.end.show(game.replay, self.learner, self.reasons, self.review)
            return
        word = self.learner.word
        if self.nominating:
            keep = (self.keep_button,) if game.may_keep_joker() else ()
            rule = game.nomination_rule()
            said = (f"You hold the joker, {word}: nominate the joker's suit"
                    f"{', or keep it as the joker' if keep else ''}? ({rule[:1].upper()}{rule[1:]}.)")
            self.prompt.value = f'<div class="tw-feedback tw-prompt">{escape(said)}</div>'
            order = render.sorted_hand(held, game.replay.context)
            self.card_row.children = tuple(card_button(c) for c in order)
            self.action_row.children = (*self.nominate_buttons.values(), *keep)
            return
        if game.to_act != self.learner:
            return
        if phase is Phase.AUCTION:
            self.prompt.value = f'<div class="tw-feedback tw-prompt">Your call, {word}.</div>'
            calls = self._legal_calls()
            self.call_picker.options = [(c.pretty(), str(c)) for c in calls]
            # pass first; answering partner's ace – no face, disagree (agree throws the hand in)
            if calls:
                self.call_picker.value = str(Pass() if Pass() in calls else calls[-1])
            self.card_row.children = tuple(card_button(c) for c in held)
            self.action_row.children = (self.call_picker, self.call_button)
        elif phase is Phase.DISCARD:
            n = game.rules.kitty_size
            said = (f"You won the auction, {word}: pick {n} cards to put away." if game.hand.discard is None
                    else f"Partner bid grand nullo and passed you {n} cards, {word}: pick {n} to put "
                         f"away.")
            self.prompt.value = f'<div class="tw-feedback tw-prompt">{escape(said)}</div>'
            # in the hand's order as the table draws it: trumps first, the kitty's cards among them
            order = render.sorted_hand(held, game.replay.context)
            self.card_row.children = tuple(card_button(c, toggle=True) for c in order)
            self.action_row.children = (self.discard_button,)
        else:
            pos = game.position()
            number = sum(1 for t in game.hand.play if len(t) == len(pos.seats)) + 1
            turn = len(game.replay.steps)  # marks this turn's buttons (a browser may lag a turn)
            self.prompt.value = (f'<div class="tw-feedback tw-prompt" data-turn="{turn}">Your card, '
                                 f'{word}, to trick {number}.</div>')
            legal = game.legal()
            buttons = []
            ctx = pos.ctx
            for card in render.sorted_hand(held, ctx):
                named = [p for p in legal if p.card == card and p.names is not None]
                for play in named or [Play(card)]:
                    b = card_button(card)
                    if play.names is not None:
                        b.description = f"{card.pretty()} as {play.names.symbol}"
                    b.add_class(f"tutor-turn-{turn}")
                    if any(p.card == card for p in legal):
                        b.add_class("tutor-legal")
                        b.button_style = "info"
                    b.on_click(lambda _b, p=play: self.play(p))
                    buttons.append(b)
            self.card_row.children = tuple(buttons)
            self.action_row.children = ()

    def _legal_calls(self) -> list[Call]:
        game = self.game
        hand = game.hand
        out: list[Call] = []
        # every call some table allows; the engine's auction keeps those these rules allow now
        # (West Seventh Street's answers to ace – no face, Seven No and grand nullo included)
        candidates: list[Call] = [Declaration("agree"), Declaration("disagree"), Pass()]
        candidates += [Bid.of(n, s) for n in range(6, 11) for s in Strain]
        candidates += [Bid(BidKind.TRICKS, n, Strain.NO_TRUMPS, informative=True) for n in (6, 7)]
        candidates += [Bid(BidKind.MISERE), Bid(BidKind.OPEN_MISERE), Bid(BidKind.GRAND_NULLO),
                       Declaration("ace-no-face")]
        for call in candidates:
            try:
                run_auction([*hand.auction, call], game.rules, hand.dealer, hands=hand.hands)
            except AuctionError:
                continue
            out.append(call.called(game.rules) if isinstance(call, Bid) else call)  # nullo
        return out

    def _toggled(self) -> list[Card]:
        return [Card.parse(_code(b)) for b in self.card_row.children
                if isinstance(b, widgets.ToggleButton) and b.value]

    def _summary(self) -> str:
        """The hand's result, then the short summary of the review of the learner's decisions
        (:func:`~tutor.teach.handreview.table.table_review`), a line each."""
        rep = self.game.replay
        text = rep.result.ruling.text if rep.result is not None else "The hand is over."
        review = self.review
        if review is None:
            review = self.review = table_review(rep, self.learner, seed=self.game.seed)
        return "\n".join([text, review] if isinstance(review, str) else [text, *summary_lines(review)])

    @property
    def buttons(self) -> dict[str, widgets.Button]:
        """The learner's card buttons now, by card code."""
        return {_code(b): b for b in self.card_row.children}

    @property
    def text(self) -> str:
        """Everything the widget shows now, as HTML (for tests)."""
        return "\n".join(w.value for w in (self.view.header, self.view.table, self.view.ruling,
                                            self.prompt, self.message_html, self.log_html))

    def __repr__(self) -> str:
        return (f"PracticeWidget(hand={self.game.hand.title!r}, seat={self.seat!r}, "
                f"phase={self.game.phase.value!r})")


def _code(button: widgets.Widget) -> str:
    for cls in button._dom_classes:
        if cls.startswith("tutor-card-") and cls != "tutor-card-button":
            return str(cls[len("tutor-card-"):])
    return ""


def _nominate_button(label: str, code: str) -> widgets.Button:
    button = widgets.Button(description=label, button_style="primary")
    button.add_class("tutor-nominate-button")
    button.add_class(f"tutor-nominate-{code}")
    return button


def _box(css: str, text: str) -> str:
    return f'<div class="tw-feedback {css}">{text}</div>'
