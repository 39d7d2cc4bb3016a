"""The replay widget: step through a hand at the table, or play along as one seat.

State is four traitlets, set by the buttons as a browser would set them: ``step`` (the index of
the step shown), ``show`` (``"all"`` or the one seat whose hand is face up), ``play_as`` (``""``
or the seat the learner plays) and ``feedback`` (the last play-along verdict, as HTML).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets
import traitlets
from markupsafe import Markup

from tutor.engine.cards import Card
from tutor.engine.decision import choice_pretty, choice_words
from tutor.engine.facts import facts_at
from tutor.engine.replay import Replay, StepKind, build
from tutor.engine.scoring import signed
from tutor.engine.seats import Seat
from tutor.files.handfile import check
from tutor.teach.decide import Asking, LineAfter, Verdict, learner_seat, line_after
from tutor.teach.playalong import Pick, Turn, turn_at
from tutor.teach.seatview import SeatView, SeatViewError, seat_view
from tutor.views.shared import render
from tutor.views.shared.count import count_html
from tutor.views.shared.notes import paragraphs
from tutor.views.widgets._common import card_button, macros, style_widget
from tutor.views.widgets.analysis import AnalysisPanel

__all__ = ["ReplayWidget"]


_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class ReplayWidget(widgets.VBox):  # type: ignore[misc]
    """A hand at the table: four hands by seat, the trick in the middle, the ruling under it."""

    step = traitlets.Int(0).tag(sync=True)
    show = traitlets.Unicode("all").tag(sync=True)
    play_as = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    picks = traitlets.Int(0).tag(sync=True)
    matches = traitlets.Int(0).tag(sync=True)
    #: The count panel (each seat's trumps, the trumps still out, the best cards left) is open.
    count = traitlets.Bool(False).tag(sync=True)
    #: The lesson's decision is being asked (the widget stopped just before its step).
    deciding = traitlets.Bool(False).tag(sync=True)
    #: How the decision was answered: the choice's key (a, b, …), "shown" (Next without choosing)
    #: or "" (not yet).
    decided = traitlets.Unicode("").tag(sync=True)
    #: The wrong choices tried while the decision is asked (their keys, in order): each is told
    #: at once, and the learner tries again before the answer is shown.
    tried = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(
        self, replay: Replay, *, step: int = 0, show: str | None = None, play_as: str = "",
        **kwargs: Any,
    ) -> None:
        """``show``: ``"all"`` or one seat's hand face up; by default the seat the lesson's intro
        seats the learner in ("You are South"), else all hands."""
        self.replay = replay
        if show is None:
            seat = learner_seat(replay)
            show = seat.value if seat is not None else "all"
        self._asking: Asking | None = None
        #: With the answer shown: what happens after each wrong card tried, by its key.
        self.lines_after: dict[str, LineAfter] = {}
        self._last = len(replay.steps) - 1
        self._syncing = False
        self._counted: dict[int, bool] = {}  # turn index -> matched the table, for each turn counted
        self.header = widgets.HTML()
        self.table = widgets.HTML()
        self.ruling = widgets.HTML()
        self.history = widgets.HTML()
        self.feedback_html = widgets.HTML()
        self.feedback_html.add_class("tw-feedback-box")
        self.count_html = widgets.HTML()
        self.count_html.add_class("tutor-count")
        self.count_button = widgets.ToggleButton(
            value=False, description="Count", tooltip="each seat's trumps, the trumps still out, "
            "and the best cards left in each suit", icon="calculator", layout=widgets.Layout(width="auto"),
        )
        self.count_button.add_class("tutor-count-toggle")
        self.first_button = widgets.Button(description="|◀ First", tooltip="the deal")
        self.back_button = widgets.Button(description="◀ Back", tooltip="one step back")
        self.next_button = widgets.Button(description="Next ▶", tooltip="one step on", button_style="primary")
        self.last_button = widgets.Button(description="Last ▶|", tooltip="the end of the hand")
        for b, handler in (
            (self.first_button, lambda _b: self._go(0)),
            (self.back_button, lambda _b: self.back()),
            (self.next_button, lambda _b: self.next()),
            (self.last_button, lambda _b: self.goto(self._last)),
        ):
            b.on_click(handler)
            b.layout = widgets.Layout(width="auto")
        self.trick_picker = widgets.Dropdown(
            options=self._jump_options(), description="Go to",
            # wide enough for "End of the auction" after the label (14em cut it short)
            layout=widgets.Layout(width="auto", min_width="17em"),
            style={"description_width": "initial"},
        )
        self.trick_picker.observe(self._on_jump, "value")
        self.show_picker = widgets.Dropdown(
            options=[(f"All {_COUNTS[len(self._seats)]} hands", "all")]
            + [(f"{s.word}'s hand only", s.value) for s in self._seats],
            description="Show", layout=widgets.Layout(width="16em"),
        )
        self.play_picker = widgets.Dropdown(
            options=[("Just watch", "")] + [(f"Play as {s.word}", s.value) for s in self._active_seats()],
            description="Play along", layout=widgets.Layout(width="16em"),
        )
        self._decide_at = replay.decision_step()
        self.decision_html = widgets.HTML()
        self.decision_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.decision_row.add_class("tutor-decision")
        self.pick_label = widgets.HTML()
        self.pick_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.pick_row.add_class("tutor-pick")
        self._pick_turn: int | None = None
        self.analysis_panel = AnalysisPanel(replay)  # the Analysis toggle and Hint button
        controls = widgets.HBox(
            [self.first_button, self.back_button, self.next_button, self.last_button, self.trick_picker],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.take_over_button = widgets.Button(
            description="Take over from here", tooltip="play on from this step against the computer",
            layout=widgets.Layout(width="auto"))
        self.take_over_button.on_click(lambda _b: self.take_over())
        options = widgets.HBox([self.show_picker, self.play_picker, self.count_button,
                                self.take_over_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(
            [style_widget(), self.header, self.analysis_panel.par_html, self.table, controls, self.ruling,
             self.decision_html, self.decision_row, self.pick_label, self.pick_row, self.feedback_html,
             self.count_html, self.analysis_panel,
             self.history, options],
            **kwargs,
        )
        self.add_class("tutor-widget")
        self.add_class("tutor-replay")
        widgets.link((self.show_picker, "value"), (self, "show"))
        widgets.link((self.play_picker, "value"), (self, "play_as"))
        widgets.link((self.count_button, "value"), (self, "count"))
        self.observe(self._on_state, ["step", "show", "play_as", "count", "deciding"])
        self.observe(self._on_feedback, "feedback")
        self.set_trait("show", show)
        self.set_trait("play_as", play_as)
        self.set_trait("step", step)
        self._draw()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_file(cls, path: str | Path, **kwargs: Any) -> ReplayWidget:
        """A widget for a hand file; raises ``ValueError`` listing the file's problems."""
        result, problems = check(path)
        if result is None or problems:
            raise ValueError("\n".join(str(p) for p in problems))
        return cls(result, **kwargs)

    @classmethod
    def from_hand(cls, hand: Any, **kwargs: Any) -> ReplayWidget:
        return cls(build(hand), **kwargs)

    @property
    def _seats(self) -> tuple[Seat, ...]:
        return self.replay.table.seats

    def _active_seats(self) -> list[Seat]:
        out = self.replay.states[-1].out if self.replay.states else frozenset()
        return [s for s in self._seats if s not in out]

    def _jump_options(self) -> list[tuple[str, int]]:
        rp = self.replay
        options = [("The deal", 0)]
        for i, step in enumerate(rp.steps):
            if step.kind is StepKind.AUCTION:
                options.append(("End of the auction", i))
            elif step.kind is StepKind.CARD and step.position == 1:
                options.append((f"Trick {step.trick}", i))
            elif step.kind is StepKind.RESULT:
                options.append(("The result", i))
        return options

    # ------------------------------------------------------------------ validation

    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        value = int(proposal["value"])
        if not 0 <= value <= self._last:
            raise traitlets.TraitError(f"step {value} is outside this hand (0 to {self._last})")
        return value

    @traitlets.validate("show")
    def _valid_show(self, proposal: Any) -> str:
        value = str(proposal["value"])
        seats = tuple(s.value for s in self._seats)
        if value not in ("all", *seats):
            raise traitlets.TraitError(f"show must be 'all' or a seat ({', '.join(seats)}), not {value!r}")
        return value

    @traitlets.validate("play_as")
    def _valid_play_as(self, proposal: Any) -> str:
        value = str(proposal["value"])
        if value and value not in [s.value for s in self._active_seats()]:
            raise traitlets.TraitError(
                f"play_as must be '' or a seat that plays this hand "
                f"({', '.join(s.value for s in self._active_seats())}), not {value!r}"
            )
        return value

    # ------------------------------------------------------------------ actions

    def _go(self, index: int) -> None:
        self.deciding = False
        self.step = max(0, min(index, self._last))

    def _ask(self) -> None:
        """Stop before the decision's step and ask it, from the deciding seat's view."""
        decision = self.replay.hand.decision
        assert decision is not None
        self._asking = Asking(self.replay, decision)
        self.tried = []
        self.lines_after = {}
        self.deciding = True

    @property
    def seat_view(self) -> SeatView | None:
        """What the deciding seat knows, while the decision is asked (None otherwise)."""
        decision = self.replay.hand.decision
        if not self.deciding or decision is None:
            return None
        try:
            return seat_view(self.replay, decision)
        except SeatViewError:
            return None

    def next(self) -> None:
        """One step on; in play-along, stop where the learner must pick a card; stop before the
        lesson's decision and ask it (Next again shows the answer without choosing)."""
        if self.awaiting is not None:
            seat = self.awaiting.seat.word
            self.feedback = f'<div class="tw-feedback tw-prompt">Your turn, {seat}: pick a card below.</div>'
            return
        if self.deciding:
            self._answer("shown")
            return
        if self._decide_at is not None and self.step + 1 == self._decide_at and not self.decided:
            self._ask()
            return
        self._go(self.step + 1)

    def back(self) -> None:
        """One step back; while the decision is asked, back to the step before it."""
        if self.deciding:
            self.deciding = False
            return
        self._go(self.step - 1)

    def decide(self, key: str) -> bool:
        """Answer the lesson's decision with a choice's key (``a``, ``b``, …), in place: a right
        choice says so with the lesson's explanation and goes on to the step that shows what was
        done (the other hands open); a wrong one says so at once, with the solver's figures for
        it where the lesson states them, and the decision stays asked, to try again."""
        if not self.deciding or self._asking is None:
            raise ValueError("the widget is not asking a decision now: press Next to reach it")
        verdict = self._asking.answer(self._asking.index_of(key))
        if verdict.final:
            self._answer(key, verdict)
        else:
            self.tried = [*self.tried, key]
            lines = [verdict.figures] if verdict.figures else []
            lines.append("Try another choice, or press Next to see the answer.")
            self.feedback = _box("tw-refused tw-retry", verdict.head, lines)
            self._draw_decision()
        return verdict.right

    def _answer(self, key: str, verdict: Verdict | None = None) -> None:
        assert self._asking is not None and self._decide_at is not None
        if verdict is None:
            verdict = self._asking.reveal()
        self.decided = key
        self._go(self._decide_at)
        lines = paragraphs(verdict.explanation)
        if verdict.figures:
            lines.insert(0, verdict.figures)
        # With the answer shown, what happens after each wrong card tried (closed until opened).
        decision = self._asking.decision
        self.lines_after = {k: a for k in self._asking_keys_tried()
                            if (a := line_after(self.replay, decision, self._asking.index_of(k)))}
        after = "".join(str(macros("widget_table.html").line_after(a.lines()))
                        for a in self.lines_after.values())
        self.feedback = _box("tw-allowed" if verdict.right else "tw-shown", verdict.head, lines) + after

    def _asking_keys_tried(self) -> list[str]:
        assert self._asking is not None
        return [self._asking.keys[i] for i in self._asking.tried]

    @property
    def awaiting(self) -> Turn | None:
        """The learner's turn about to be played, when playing along and it is their card next."""
        if not self.play_as:
            return None
        turn = turn_at(self.replay, self.step + 1)
        if turn is None or turn.seat.value != self.play_as:
            return None
        return turn

    def pick(self, card: Card | str) -> Pick:
        """The learner plays ``card`` at their turn: refused with the engine's reason, or played."""
        turn = self.awaiting
        if turn is None:
            raise ValueError("it is not the learner's turn: there is no card to pick now")
        chosen = Card.parse(card) if isinstance(card, str) else card
        result = turn.pick(chosen)
        seat = turn.seat.word
        if not result.legal:
            self.feedback = _box("tw-refused", "Refused.", [result.refusal or ""])
            return result
        assert result.ruling is not None
        # Each turn counts once: going Back and picking again does not count the card again.
        first = turn.index not in self._counted
        if first:
            self._counted[turn.index] = result.same_as_played
            self.picks = len(self._counted)
            self.matches = sum(self._counted.values())
        lines = [f"You play {chosen.pretty()}: {result.ruling.text}"]
        if result.same_as_played:
            head = f"Allowed, and the same card {seat} played at the table."
        else:
            head = f"Allowed, but at the table {seat} played {turn.actual.pretty()}."
            lines.append(turn.ruling.text)
        again = "" if first else " (this turn was counted the first time you played it)"
        lines.append(f"Cards matched so far: {self.matches} of {self.picks}{again}.")
        verdict = self.analysis_panel.verdict(turn, chosen)
        if verdict:
            lines.insert(1, verdict)
        self.step = turn.index
        self.feedback = _box("tw-allowed", head, lines)
        return result

    #: What *Take over from here* runs: :func:`tutor.views.widgets.takeover.take_over`, which
    #: registers itself here (the practice table draws with this widget, so this module cannot
    #: import it without an import circle).
    taking_over: ClassVar[Callable[[ReplayWidget, int | None], Any] | None] = None

    def take_over(self, samples: int | None = None) -> Any:
        """Leave the recorded play at this step and play on against the computer (the practice
        table in place of this widget's contents, with *Back to the lesson*)."""
        if ReplayWidget.taking_over is None:
            raise RuntimeError("the practice table is not loaded: import tutor.views.widgets")
        return ReplayWidget.taking_over(self, samples)

    def load(self, replay: Replay, step: int | None = None) -> None:
        """Show another replay (a practice hand as it grows), at ``step`` (default: its last)."""
        self.replay = replay
        self._last = len(replay.steps) - 1
        self._decide_at = replay.decision_step()
        self._asking = None
        self.deciding = False
        self._syncing = True
        try:
            self.trick_picker.options = self._jump_options()
        finally:
            self._syncing = False
        index = self._last if step is None else step
        if index == self.step:
            self._draw()
        else:
            self.step = index

    # ------------------------------------------------------------------ drawing

    def _on_state(self, change: dict[str, Any]) -> None:
        if change["name"] == "play_as" and change["new"]:
            self.show = change["new"]
            return  # the change of ``show`` draws
        if change["name"] in ("step", "play_as"):
            self.feedback = ""
        self._draw()

    def _on_feedback(self, change: dict[str, Any]) -> None:
        self.feedback_html.value = change["new"]

    def _on_jump(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self.goto(int(change["new"]))

    def goto(self, index: int) -> None:
        """Jump to a step (Last, Go to); in play-along, a jump onto the learner's own card stops
        just before it, so the learner picks that card instead of seeing it played. A jump past
        the lesson's decision, not yet answered, stops before it and asks it."""
        if self._decide_at is not None and index >= self._decide_at and not self.decided:
            self._go(self._decide_at - 1)
            self._ask()
            return
        turn = turn_at(self.replay, index) if self.play_as and index > 0 else None
        if turn is not None and turn.seat.value == self.play_as:
            index -= 1
        self._go(index)

    def _draw(self) -> None:
        rp = self.replay
        index = self.step
        step = rp.steps[index]
        state = rp.states[index]
        at_end = index == self._last and rp.complete
        m = macros("widget_table.html")
        contract = state.contract
        self.header.value = str(m.header({
            "title": rp.hand.title,
            "rules": rp.rules.title,
            "dealer": rp.hand.dealer.word,
            # In words first: notation such as 8NT is never shown without them.
            "contract": f"{contract.bid.headline()} by {contract.declarer.word}" if contract else None,
            "declarer": contract.declarer.word if contract else None,
            "won": [{"side": side.word, "tricks": n} for side, n in state.tricks_won.items()],
            "score": ", ".join(
                f"{side.word} {signed(state.result.score[side])}" for side in state.result.sides
            ) if state.result else None,
        }))
        trick = state.current_trick
        trick_html: Markup | None = None
        if trick is not None:
            current = step.position - 1 if step.kind is StepKind.CARD and step.position else None
            trick_html = render.render_trick(trick, current=current)
        awaiting = self.awaiting
        # Once the contract is known, hands are drawn with trumps first (bowers and joker at the top).
        context = rp.context if state.contract is not None else None
        view = self.seat_view  # while the decision is asked: only what the deciding seat knows
        visible = self._visible(view, state.shown, at_end)
        seats = []
        for seat in self._seats:
            hidden = not visible(seat)
            seats.append({
                "seat": seat.value,
                "hand": render.render_hand(
                    seat, state.hands.get(seat, ()), played=state.played.get(seat, ()), hidden=hidden,
                    context=context,
                ) + (render.render_piles(seat, state.piles[seat]) if state.piles and seat in state.piles
                     else Markup("")),
                "out": seat in state.out,
                "declarer": contract is not None and seat == contract.declarer,
                "to_play": state.to_play == seat and not at_end,
            })
        calls: list[list[str]] = []
        call_seats: list[str] = []
        if rp.auction is not None and state.calls and trick is None:
            seating = rp.table
            order = seating.order_from(seating.next(rp.hand.dealer))
            call_seats = [s.word for s in order]
            row: list[str] = []
            for call in state.calls:
                row.append(call.pretty())
                if len(row) == len(order):
                    calls.append(row)
                    row = []
            if row:
                calls.append(row)
        kitty = discard = None
        if step.kind in (StepKind.KITTY, StepKind.DISCARD):
            shows_kitty = (view.seen_kitty if view is not None
                           else self.show in ("all", step.seat.value if step.seat else ""))
            if step.kind is StepKind.KITTY and shows_kitty:
                kitty = Markup("").join(render.render_card(c) for c in rp.hand.kitty)
            if step.kind is StepKind.DISCARD and shows_kitty and rp.hand.discard:
                discard = Markup("").join(render.render_card(c) for c in rp.hand.discard)
        self.table.value = str(m.table({
            "seats": seats, "trick": trick_html, "calls": calls, "call_seats": call_seats,
            "table_class": "" if rp.rules.players == 4 else f"table-{rp.table.players}",
            "kitty": kitty, "discard": discard,
        }))
        note = rp.hand.note(step.note_key) if step.note_key else None
        self.ruling.value = str(m.ruling({
            "number": index + 1, "total": self._last + 1, "kind": step.ruling.kind.label,
            "text": step.ruling.text, "note": note,
        }))
        earlier = [t for t in state.tricks if t.complete and t is not trick]
        self.history.value = str(m.history([
            {
                "number": t.number,
                "leader": t.leader.word,
                "cards": [render.render_card(p, state="winner" if i == t.winner_index else "")
                          for i, p in enumerate(t.plays)],
                "winner": t.winner.word if t.winner else "",
            }
            for t in earlier
        ]))
        self._syncing = True
        try:
            options = self.trick_picker.options
            self.trick_picker.value = max(
                (v for _label, v in options if v <= index), default=0
            )
        finally:
            self._syncing = False
        self.first_button.disabled = self.back_button.disabled = index == 0
        self.last_button.disabled = index == self._last
        self.next_button.disabled = index == self._last
        self._draw_pick(awaiting)
        self._draw_decision()
        # While the decision is asked, the learner's view is the deciding seat's: no other.
        self.show_picker.disabled = view is not None
        self.analysis_panel.update(index, awaiting, visible)
        self._draw_count(visible)

    def _visible(self, view: SeatView | None, shown: frozenset[Seat],
                 at_end: bool) -> Callable[[Seat], bool]:
        """Whose hand is face up: the deciding seat's view while it decides, else as ``show`` says
        (and every hand at the end, and the hands the rules lay open)."""
        if view is not None:
            return view.sees
        return lambda s: self.show in ("all", s.value) or at_end or s in shown

    def _draw_count(self, visible: Callable[[Seat], bool]) -> None:
        """The count panel, when open: drawn from :func:`tutor.engine.facts.facts_at`."""
        facts = facts_at(self.replay, self.step) if self.count else None
        if not self.count:
            self.count_html.value = ""
        elif facts is None:
            self.count_html.value = ('<div class="tw-count"><p>Nothing to count yet: the trumps are '
                                     'known once the auction is over.</p></div>')
        else:
            seen = {s for s in self._seats if visible(s)}
            self.count_html.value = str(count_html(
                facts, self._seats, None if len(seen) == len(self._seats) else seen))

    def _draw_decision(self) -> None:
        decision = self.replay.hand.decision
        if not self.deciding or decision is None or self._decide_at is None:
            self.decision_html.value = ""
            if self.decision_row.children:
                self.decision_row.children = ()
            return
        seat = self.replay.steps[self._decide_at].seat
        who = seat.word if seat is not None else "You"
        view = self.seat_view
        shown = (f"{who}'s hand and the hands the rules lay open are shown"
                 if view is not None and view.open_hands else f"Only {who}'s hand is shown")
        self.decision_html.value = str(macros("widget_table.html").feedback_box(
            "tw-prompt tw-decision", f"{who} to decide: {decision.question}",
            [f"{shown}: the rest opens after the answer. Choose below (a wrong choice can be "
             "tried again), or press Next to see the answer."]))
        buttons = []
        for i, choice in enumerate(decision.choices):
            key = "abcdefgh"[i]
            tried = key in self.tried
            b = widgets.Button(description=f"{key}) {choice_pretty(choice)}{' ✗' if tried else ''}",
                               tooltip=choice_words(choice) + (": tried, not this one" if tried else ""),
                               disabled=tried, layout=widgets.Layout(width="auto"))
            b.add_class("tutor-decision-choice")
            b.add_class(f"tutor-decision-{key}")
            if tried:
                b.add_class("tutor-decision-tried")
            b.on_click(lambda _b, k=key: self.decide(k))
            buttons.append(b)
        self.decision_row.children = tuple(buttons)

    @property
    def decision_buttons(self) -> dict[str, widgets.Button]:
        """The decision's choice buttons while it is asked, by key (a, b, …)."""
        return {str(b.description).split(")")[0]: b for b in self.decision_row.children}

    def _draw_pick(self, turn: Turn | None) -> None:
        if turn is None:
            self.pick_label.value = ""
            if self.pick_row.children:
                self.pick_row.children = ()
            self._pick_turn = None
            return
        self.pick_label.value = (
            f'<div class="tw-feedback tw-prompt">Your turn, {turn.seat.word}: which card do you play?</div>'
        )
        if self._pick_turn == turn.index:
            return
        self._pick_turn = turn.index
        buttons = []
        for card in render.sorted_hand(turn.hand, turn.ctx):
            b = card_button(card)
            b.on_click(lambda _b, c=card: self.pick(c))
            buttons.append(b)
        self.pick_row.children = tuple(buttons)

    @property
    def pick_buttons(self) -> dict[str, widgets.Button]:
        """The learner's card buttons at their turn, by card code."""
        return {_code(b): b for b in self.pick_row.children}

    def __repr__(self) -> str:
        # Short and free of model ids: notebooks compare this text output (nbval).
        return (
            f"ReplayWidget(hand={self.replay.hand.title!r}, step={self.step}, "
            f"steps={len(self.replay.steps)}, show={self.show!r}, play_as={self.play_as!r})"
        )

    @property
    def text(self) -> str:
        """Everything the widget shows now, as HTML (for tests and for a quick look)."""
        return "\n".join(
            w.value for w in (self.header, self.table, self.ruling, self.decision_html, self.pick_label,
                              self.feedback_html,
                              self.count_html, self.history)
        )


def _code(button: widgets.Button) -> str:
    for cls in button._dom_classes:
        if cls.startswith("tutor-card-") and cls != "tutor-card-button":
            return str(cls[len("tutor-card-"):])
    return ""


def _box(css: str, head: str, lines: list[str]) -> str:
    return str(macros("widget_table.html").feedback_box(css, head, lines))
