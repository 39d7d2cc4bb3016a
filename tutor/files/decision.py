"""Reading a hand file's ``decision:``, the question a lesson asks before it shows the answer.

::

    decision:
      at: auction                 # auction, discard, joker, or a card of the play ("1.3")
      question: Seven hearts or eight?
      choices: [7H, 8H]           # calls; cards; for a discard, lists of cards; for joker, suits
      answer: 7H                  # what the hand goes on to do
      explanation: ...            # optional: the note at that place (auction, discard, "1.3")
      tricks: {7H: 7, 8H: 7}      # optional (auction, joker): each choice's tricks, best discard
      call: 5                     # optional (auction): which call, when the answer is called twice

The reader checks the shape and that the answer is what the hand does there;
:func:`decision_problems` checks the choices against the replay (legal calls, discards from the
contractor's hand and kitty); :mod:`tutor.files.verify_decision` verifies them with the solver.
"""

from __future__ import annotations

import yaml

from tutor.engine.auction import AuctionError, Call, Pass, parse_call, run_auction
from tutor.engine.cards import Card, Suit, TutorError
from tutor.engine.decision import (
    CARD_PLACE,
    PLACES,
    Choice,
    LessonDecision,
    choice_code,
    same_choice,
)
from tutor.engine.hand import Hand
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.files.numbers import found, whole_number

__all__ = ["DECISION_KEYS", "DecisionReading", "decision_problems", "resolve_decision"]

DECISION_KEYS = ("at", "question", "choices", "answer", "explanation", "tricks", "call")
_WHAT = {
    "auction": "a call (7H, pass)",
    "discard": "a list of the cards put away ([10C, 8C, KD])",
    "joker": "a suit (S, C, D, H)",
    "play": "a card (KS, Jo:H)",
}

Where = tuple[str | int, ...]


class DecisionReading:
    """The part of the hand-file reader that reads ``decision:`` (a mixin, like the notes')."""

    lines: dict[Where, int]

    def fail(self, node: yaml.Node | None, message: str, rule: str = "hand file") -> None:
        raise NotImplementedError

    def mark(self, where: Where, node: yaml.Node) -> None:
        raise NotImplementedError

    def text(self, node: yaml.Node, what: str) -> str | None:
        raise NotImplementedError

    def cards(self, node: yaml.Node, where: Where, what: str) -> tuple[Card, ...] | None:
        raise NotImplementedError

    def decision(self, node: yaml.Node, key: yaml.Node) -> LessonDecision | None:
        """``decision:`` (``key`` is its key, where a problem with the whole is reported); the call
        it asks is found later (:func:`resolve_decision`)."""
        self.mark(("decision",), key)
        if not isinstance(node, yaml.MappingNode):
            self.fail(key, "decision must be a mapping: at:, question:, choices:, answer: and "
                            "optionally explanation:", "decision")
            return None
        fields: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            name = str(key_node.value)
            if name in fields:
                self.fail(key_node, f"decision: {name!r} appears twice", "decision")
                continue
            if name not in DECISION_KEYS:
                self.fail(key_node, f"decision: unknown key {name!r}: the keys are "
                                    f"{', '.join(DECISION_KEYS)}", "decision")
                continue
            fields[name] = value_node
            self.mark(("decision", name), value_node)
        missing = [k for k in ("at", "question", "choices", "answer") if k not in fields]
        if missing:
            self.fail(key, f"decision has no {', '.join(missing)}: a decision needs at:, "
                            f"question:, choices: and answer:", "decision")
            return None
        at = self._place(fields["at"])
        question = self.text(fields["question"], "decision: question")
        if at is None or question is None:
            return None
        kind = at if at in PLACES else "play"
        choices = self._choices(fields["choices"], kind)
        answer = self._choice(fields["answer"], kind, ("decision", "answer"), "decision: answer")
        explanation = (self.text(fields["explanation"], "decision: explanation")
                       if "explanation" in fields else None)
        if choices is None or answer is None:
            return None
        right = next((i for i, c in enumerate(choices) if same_choice(c, answer)), None)
        if right is None:
            self.fail(fields["answer"], f"decision: the answer {choice_code(answer)} is not among "
                                        f"the choices ({', '.join(choice_code(c) for c in choices)})",
                      "decision")
            return None
        tricks = self._tricks(fields["tricks"], kind, choices) if "tricks" in fields else {}
        call = self._call(fields["call"], kind) if "call" in fields else None
        if tricks is None or ("call" in fields and call is None):
            return None
        return LessonDecision(at, question, choices, right, explanation, call, tricks)

    def _place(self, node: yaml.Node) -> str | None:
        raw = node.value if isinstance(node, yaml.ScalarNode) else None  # 1.3 unquoted is read as written
        if raw is None or not (raw in PLACES or CARD_PLACE.fullmatch(str(raw))):
            self.fail(node, "decision: at: must be auction, discard, joker or a card of the play "
                            "(\"1.3\": trick 1, its third card)", "decision")
            return None
        return str(raw)

    def _choice(self, node: yaml.Node, kind: str, where: Where, what: str) -> Choice | None:
        self.mark(where, node)
        if kind == "discard":
            if not isinstance(node, yaml.SequenceNode):
                self.fail(node, f"{what} must be {_WHAT[kind]}", "decision")
                return None
            return self.cards(node, where, what)
        raw = self.text(node, what)
        if raw is None:
            return None
        try:
            if kind == "auction":
                return parse_call(raw)
            if kind == "joker":
                return Suit.parse(raw)
            return Play.parse(raw)
        except TutorError as err:
            self.fail(node, f"{what}: {err}: expected {_WHAT[kind]}", "decision")
            return None

    def _choices(self, node: yaml.Node, kind: str) -> tuple[Choice, ...] | None:
        if not isinstance(node, yaml.SequenceNode) or len(node.value) < 2:
            self.fail(node, f"decision: choices must be a list of at least two, each "
                            f"{_WHAT[kind]}", "decision")
            return None
        out: list[Choice] = []
        ok = True
        for i, item in enumerate(node.value):
            choice = self._choice(item, kind, ("decision", "choices", i), f"decision: choice {i + 1}")
            if choice is None:
                ok = False
                continue
            if any(same_choice(choice, c) for c in out):
                self.fail(item, f"decision: choice {i + 1}, {choice_code(choice)}, is offered twice",
                          "decision")
                ok = False
                continue
            out.append(choice)
        return tuple(out) if ok else None

    def _tricks(self, node: yaml.Node, kind: str, choices: tuple[Choice, ...]) -> dict[int, int] | None:
        if kind not in ("auction", "joker"):
            self.fail(node, "decision: tricks: states what each contract would make, so it belongs "
                            "to a decision in the auction or the joker's nomination; a card's or a "
                            "discard's worth is the solver's to rate", "decision")
            return None
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, "decision: tricks: must map choices to tricks, like {7H: 7, 8H: 7}",
                      "decision")
            return None
        out: dict[int, int] = {}
        for i, (key_node, value_node) in enumerate(node.value):
            choice = self._choice(key_node, kind, ("decision", "tricks", i), "decision: tricks")
            if choice is None:
                return None
            index = next((i for i, c in enumerate(choices) if same_choice(c, choice)), None)
            if index is None:
                self.fail(key_node, f"decision: tricks: {choice_code(choice)} is not among the choices",
                          "decision")
                return None
            tricks = whole_number(value_node)
            if tricks is None or not 0 <= tricks <= 10:
                self.fail(value_node, f"decision: tricks: {choice_code(choice)} must be a number of "
                                      f"tricks from 0 to 10, not "
                                      f"{found(value_node) if tricks is None else tricks}", "decision")
                return None
            out[index] = tricks
        return out

    def _call(self, node: yaml.Node, kind: str) -> int | None:
        if kind != "auction":
            self.fail(node, "decision: call: says which call is asked, so it belongs to a decision "
                            "in the auction", "decision")
            return None
        number = whole_number(node)
        if number is None or number < 1:
            self.fail(node, f"decision: call: must be the call's number in the auction, from 1, not "
                            f"{found(node) if number is None else number}", "decision")
            return None
        return number - 1


def resolve_decision(decision: LessonDecision, hand: Hand) -> tuple[LessonDecision | None, Where, str]:
    """The decision with the call it asks found, or why the answer is not what the hand does.

    The answer is what the hand goes on to do: the call at that point of the auction, the
    discard, the joker's suit, the card played. Returns ``(decision, (), "")`` when it is.
    """
    right = decision.right
    where: Where = ("decision", "answer")
    if decision.kind == "auction":
        assert isinstance(right, Call)
        if decision.call is not None:
            k = decision.call
            if k >= len(hand.auction):
                return None, ("decision", "call"), (f"decision: call: {k + 1}, but the auction has "
                                                     f"{len(hand.auction)} calls")
            if not same_choice(hand.auction[k], right):
                return None, where, (f"decision: the answer is {right}, but call {k + 1} of the "
                                     f"auction is {hand.auction[k]}: the answer is what the hand does")
            return decision, (), ""
        found = [i for i, c in enumerate(hand.auction) if same_choice(c, right)]
        if not found:
            return None, where, (f"decision: the answer {right} is not called in the auction: the "
                                 f"answer is what the hand goes on to do")
        if len(found) > 1:
            return None, where, (f"decision: {right} is called {len(found)} times in the auction "
                                 f"(calls {', '.join(str(i + 1) for i in found)}): say which with "
                                 f"call: N")
        return LessonDecision(decision.at, decision.question, decision.choices, decision.answer,
                              decision.explanation, found[0], decision.tricks), (), ""
    if decision.kind == "discard":
        if hand.discard is None or not same_choice(hand.discard, right):
            done = " ".join(map(str, hand.discard)) if hand.discard else "nothing"
            return None, where, (f"decision: the answer puts away {choice_code(right)}, but the "
                                 f"hand's discard is {done}: the answer is what the hand does")
        return decision, (), ""
    if decision.kind == "joker":
        if hand.joker != right:
            done = hand.joker.word if hand.joker else "no suit"
            return None, where, (f"decision: the answer names {choice_code(right)}, but the hand's "
                                 f"joker: is {done}: the answer is what the hand does")
        return decision, (), ""
    assert isinstance(right, Play) and decision.card is not None
    t, c = decision.card
    if not (1 <= t <= len(hand.play) and 1 <= c <= len(hand.play[t - 1])):
        return None, ("decision", "at"), (f"decision: at: {decision.at} is a card that the hand "
                                          f"does not play")
    played = hand.play[t - 1][c - 1]
    if played.card != right.card or (right.names is not None and right.names != played.names):
        return None, where, (f"decision: the answer is {right}, but card {decision.at} of the play "
                             f"is {played}: the answer is what the hand does")
    return decision, (), ""


def decision_problems(rep: Replay) -> list[tuple[Where, str]]:
    """What is wrong with the decision's choices in the replayed hand: a call that could not be
    made at that point, a discard the contractor could not make, a step the hand never reaches."""
    hand = rep.hand
    decision = hand.decision
    if decision is None:
        return []
    out: list[tuple[Where, str]] = []
    if rep.decision_step() is None:
        return [(("decision", "at"), f"decision: at: {decision.at}: the hand never gets there")]
    if decision.kind == "auction":
        assert decision.call is not None
        before = hand.auction[: decision.call]
        for i, choice in enumerate(decision.choices):
            assert isinstance(choice, Call)
            problem = _call_problem(hand, before, choice)
            if problem:
                out.append((("decision", "choices", i), f"decision: choice {i + 1}, {choice}: {problem}"))
    elif decision.kind == "discard":
        contract = rep.contract
        assert contract is not None and hand.discard is not None
        pool = [*hand.hands[contract.declarer], *hand.kitty]
        for i, choice in enumerate(decision.choices):
            assert isinstance(choice, tuple)
            wrong = [str(c) for c in choice if c not in pool]
            if len(choice) != len(hand.discard) or len(set(choice)) != len(choice) or wrong:
                why = (f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not in "
                       f"{contract.declarer.word}'s hand or the kitty" if wrong else
                       f"a discard is {len(hand.discard)} different cards")
                out.append((("decision", "choices", i),
                            f"decision: choice {i + 1}, {choice_code(choice)}: {why}"))
    return out


def _call_problem(hand: Hand, before: tuple[Call, ...], choice: Call) -> str:
    """Why this call could not be made after ``before`` ("" when it could)."""
    rules = hand.rules
    try:
        if isinstance(choice, Pass) and run_auction(before, rules, hand.dealer, hands=hand.hands).complete:
            return ""  # the contractor may let the final bid stand (raise_final_bid)
        run_auction([*before, choice], rules, hand.dealer, hands=hand.hands)
    except AuctionError as err:
        return str(err)
    return ""
