"""The hand viewer's data: every state of a replay, as the JSON block a lesson page carries.

The page's script (``templates/viewer.js``) only shows what is written here: which cards each
seat holds and has played, the trick with its led card and winner, the contract, tricks, score,
the engine's ruling and the author's note for each step. It decides nothing: hands are already
in the order the renderer draws them (trumps first once the contract is known), the question
"who wins?" is asked only where the engine closes a complete trick, and the winner is the
engine's. Card faces are drawn once each by ``templates/_cards.html`` (the notebook widget's
renderer) and put in the page for the script to copy.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from tutor.engine.cards import Card
from tutor.engine.decision import choice_pretty, choice_words
from tutor.engine.order import hand_key
from tutor.engine.play import Play, PlayContext
from tutor.engine.replay import Replay, State, StepKind, TrickRecord
from tutor.engine.scoring import signed
from tutor.engine.seats import Seat
from tutor.teach.asking import asked_in, choice_orders
from tutor.teach.decide import learner_seat, lines_after
from tutor.teach.seatview import seat_view
from tutor.views.shared.notes import paragraphs
from tutor.views.shared.render import Pictures, card_view

__all__ = ["expanded", "jump_points", "learner_seat", "viewer_data", "viewer_json"]

_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
#: An intro that seats the learner: "You are South, first to speak."
def jump_points(rp: Replay) -> list[dict[str, object]]:
    """The trick menu: the deal, the end of the auction, each trick's lead, the result."""
    points: list[dict[str, object]] = [{"label": "The deal", "step": 0}]
    for i, step in enumerate(rp.steps):
        if step.kind is StepKind.AUCTION:
            points.append({"label": "End of the auction", "step": i})
        elif step.kind is StepKind.CARD and step.position == 1:
            points.append({"label": f"Trick {step.trick}", "step": i, "trick": step.trick})
        elif step.kind is StepKind.RESULT:
            points.append({"label": "The result", "step": i})
    return points


class _Faces:
    """The codes of the cards a viewer shows, with each face drawn once.

    A hand changes only when its seat plays, and the replay shares an unchanged hand between
    states, so each hand's codes in drawing order are worked out only when the hand is a new
    one (a lesson has about sixty steps and a hand about twelve different states).
    """

    def __init__(self, draw: Pictures, context: PlayContext | None) -> None:
        self.draw = draw
        self.context = context
        self.faces: dict[str, Markup] = {}
        self._codes: dict[Card | Play, str] = {}
        self._last: dict[str, tuple[Sequence[Card], bool, list[str]]] = {}
        #: each card of a trick as the viewer shows it, by (trick, place, keyed by card)
        self.plays: dict[tuple[int, int, bool], dict[str, object]] = {}
        # each card's place in a hand, before and after the contract is known: it depends on
        # the card and the contract only (order.hand_key), so it is worked out once per card
        self._keys: dict[bool, tuple[dict[Card, tuple[int, int]], Callable[[Card], tuple[int, int]]]] = {
            False: ({}, hand_key(None)), True: ({}, hand_key(context))}

    def code(self, card: Card | Play) -> str:
        code = self._codes.get(card)
        if code is None:
            code = self._codes[card] = str(card_view(card)["code"])
            if code not in self.faces:
                self.faces[code] = self.draw.card(card)
        return code

    def hand(self, what: str, cards: Sequence[Card], contract_known: bool) -> list[str]:
        """The codes of ``cards`` as the renderer orders a hand (trumps first once bid)."""
        last = self._last.get(what)
        if last is not None and last[0] is cards and last[1] == contract_known:
            return last[2]
        keys, key = self._keys[contract_known]
        for c in cards:
            if c not in keys:
                keys[c] = key(c)
        code = self.code  # in drawing order, so that faces are drawn in the order they are first seen
        codes = [code(c) for c in sorted(cards, key=keys.__getitem__)]
        self._last[what] = (cards, contract_known, codes)
        return codes


def _trick(trick: TrickRecord, current: int | None, faces: _Faces) -> dict[str, object]:
    """A trick as far as played. Where a seat plays two cards (the two-handed game) the second
    has a place of its own (``slot`` ``N2``) and the trick is laid out for two (``table-2``),
    as the renderer draws it; the question then asks which card wins, keyed by card."""
    count = len(trick.plays)
    seats = trick.seats[:count]
    by_card = len(set(seats)) < count
    made = faces.plays
    plays: list[dict[str, object]] = []
    for i in range(count):
        # a card already in the trick looks the same at every later step: made once
        view = made.get((trick.number, i, by_card))
        if view is None:
            seat, code = seats[i].value, faces.code(trick.plays[i])
            slot = f"{seat}2" if seats[i] in seats[:i] else seat
            view = made[(trick.number, i, by_card)] = {
                "seat": seat, "card": code, "slot": slot, "key": code if by_card else seat}
        plays.append(view)
    return {
        "number": trick.number,
        "leader": trick.leader.value,
        "plays": plays,
        "layout": "table-2" if len(set(trick.seats)) == 2 and len(trick.seats) > 2 else "",
        "by_card": by_card,
        "current": current,
        "winner": trick.winner.value if trick.winner is not None else None,
        "winner_index": trick.winner_index,
    }


def _head(rp: Replay, state: State) -> dict[str, object]:
    contract = state.contract
    return {
        # in words, as the lesson page says it: "eight no-trumps by South", not 8NT
        "contract": f"{contract.bid.words()} by {contract.declarer.word}" if contract else None,
        "declarer": contract.declarer.value if contract else None,
        "won": [{"side": side.word, "tricks": n} for side, n in state.tricks_won.items()],
        "score": ", ".join(f"{side.word} {signed(state.result.score[side])}"
                           for side in state.result.sides) if state.result else None,
    }


def _moved(faces: _Faces, source: dict[str, object], sent: dict[str, list[str]],
           now: Mapping[Seat, Sequence[Card]], codes: Sequence[tuple[Seat, str, str]],
           known: bool) -> dict[str, list[str]]:
    """The seats whose cards (``now``: a state's hands or played cards) differ from those last
    ``sent``, which is brought up to date.

    A step lists only the hands that changed at it (most steps move one card), and the script
    carries the others over from the step before: the data stays a third of the size. Only the
    seats whose cards are a different object from the step before (``source``) are looked at.
    """
    out: dict[str, list[str]] = {}
    for seat, code, what in codes:
        cards = now.get(seat, ())
        if source.get(what) is cards:
            continue
        source[what] = cards
        drawn = faces.hand(what, cards, known)
        if sent.get(code) != drawn:
            out[code] = sent[code] = drawn
    return out


def viewer_data(rp: Replay, draw: Pictures) -> dict[str, Any]:
    """Everything the viewer shows, step by step, from the replay's own states.

    ``hands`` and ``played`` of a step name only the seats whose cards changed at that step
    (every seat at the first step): see :func:`expanded` for the whole table at each step.
    """
    faces = _Faces(draw, rp.context)
    seats = rp.table.seats
    codes = [(s, s.value) for s in seats]
    hand_codes = [(s, c, f"hand {c}") for s, c in codes]
    played_codes = [(s, c, f"played {c}") for s, c in codes]
    last = len(rp.steps) - 1
    heads: list[dict[str, object]] = []
    steps: list[dict[str, object]] = []
    order = rp.table.order_from(rp.table.next(rp.hand.dealer))
    hands: dict[str, list[str]] = {}
    played: dict[str, list[str]] = {}
    decide_at = rp.decision_step()
    asked, orders = asked_in(rp), choice_orders(rp)  # the page's questions, asked alike
    # Most steps move one card and leave the head and the trick as they were: the replay shares
    # what did not change between states, so a seat's cards, the head and the trick are worked
    # out again only when the state holds a different object (or the contract became known).
    source: dict[str, object] = {}
    head_of: tuple[object, ...] = ()
    trick_of: tuple[object, ...] = ()
    trick_view: dict[str, object] | None = None
    was_known = False
    for index, (step, state) in enumerate(zip(rp.steps, rp.states, strict=True)):
        at_end = index == last and rp.complete
        known = state.contract is not None
        if known != was_known:
            source.clear()  # trumps come first in every hand once the contract is known
            was_known = known
        head_key = (state.contract, state.tricks_won, state.result)
        if not head_of or any(a is not b for a, b in zip(head_key, head_of, strict=True)):
            head_of = head_key
            head = _head(rp, state)
            if not heads or heads[-1] != head:
                heads.append(head)
        trick = state.current_trick
        current = step.position - 1 if step.kind is StepKind.CARD and step.position else None
        if trick is None:
            trick_view = None
        elif not trick_of or trick_of[0] is not trick or trick_of[1] != current:
            trick_of = (trick, current)
            trick_view = _trick(trick, current, faces)
        view: dict[str, object] = {
            # what the engine ruled, in the engine's words ("following suit"): never the kind's slug
            "label": step.ruling.kind.label,
            "step": step.kind.value,
            "text": step.ruling.text,
            "note": paragraphs(rp.hand.note(step.note_key) if step.note_key else None),
            "head": len(heads) - 1,
            "hands": _moved(faces, source, hands, state.hands, hand_codes, known),
            "played": _moved(faces, source, played, state.played, played_codes, known),
            "open": [c for s, c in codes if at_end or s in state.shown],
            "out": [c for s, c in codes if s in state.out] if state.out else [],
            "to_play": state.to_play.value if state.to_play and not at_end else None,
            "trick": trick_view,
        }
        if step.kind is StepKind.TRICK and trick is not None and trick.complete and trick.number in asked:
            view["ask"] = trick.number  # the stepper asks "who wins?" before this step
            view["ask_order"] = list(orders[trick.number])  # the choices, as indices of the plays
        if index == decide_at:
            view["decide"] = True  # the stepper asks the lesson's decision before this step
        if rp.auction is not None and state.calls and trick is None:
            view["calls"] = [call.pretty() for call in state.calls]
        if step.kind is StepKind.KITTY:
            view["kitty"] = [faces.code(c) for c in rp.hand.kitty]
        if step.kind is StepKind.DISCARD and rp.hand.discard:
            view["discard"] = [faces.code(c) for c in rp.hand.discard]
        if step.kind in (StepKind.KITTY, StepKind.DISCARD) and step.seat is not None:
            view["kitty_seat"] = step.seat.value
        if state.piles:
            view["piles"] = {
                s.value: [{"up": faces.code(p.up) if p.up is not None else None,
                           "down": p.down is not None} for p in piles if not p.empty]
                for s, piles in state.piles.items()
            }
        steps.append(view)
    return {
        "title": rp.hand.title,
        "rules": rp.rules.title,
        "dealer": rp.hand.dealer.word,
        "seats": [{"code": s.value, "word": s.word} for s in seats],
        "all_hands": f"All {_COUNTS[len(seats)]} hands",
        "table_class": "" if rp.rules.players == 4 else f"table-{rp.table.players}",
        "call_seats": [s.word for s in order],
        "you_are": you.value if (you := learner_seat(rp)) is not None else None,
        "jumps": jump_points(rp),
        "heads": heads,
        "steps": steps,
        "decision": _decision(rp, faces, decide_at),
        "faces": faces.faces,
    }


def _decision(rp: Replay, faces: _Faces, at: int | None) -> dict[str, object] | None:
    """The lesson's decision as the viewer asks it: the question, each choice (cards drawn by
    their faces, a call or a suit as text), the answer's key and the explanation."""
    decision = rp.hand.decision
    if decision is None or at is None:
        return None
    step = rp.steps[at]
    seen = seat_view(rp, decision)
    choices = []
    for i, choice in enumerate(decision.choices):
        cards = [choice] if isinstance(choice, Play) else list(choice) if isinstance(choice, tuple) else []
        choices.append({"key": "abcdefgh"[i], "cards": [faces.code(c) for c in cards],
                        "text": "" if cards else choice_pretty(choice), "words": choice_words(choice)})
    return {
        "step": at,
        "seat": step.seat.word if step.seat is not None else "",
        # until it is answered, only this seat's hand and the hands the rules open are face up
        "seat_code": seen.seat.value,
        "open": [s.value for s in seen.open_hands],
        "question": decision.question,
        "choices": choices,
        "answer": "abcdefgh"[decision.answer],
        "answer_words": choice_words(decision.right),
        "explanation": paragraphs(decision.explained_by(rp.hand.notes)),
        # what happens after each wrong card, shown once the answer is: the heading, a line a
        # trick, the end (written at export, since the site is static)
        "after": {"abcdefgh"[i]: a.lines() for i, a in lines_after(rp, decision).items()},
    }


def expanded(steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The steps with every seat's ``hands`` and ``played`` filled in, as the script reads them."""
    hands: dict[str, list[str]] = {}
    played: dict[str, list[str]] = {}
    out = []
    for step in steps:
        hands = {**hands, **step["hands"]}
        played = {**played, **step["played"]}
        out.append({**step, "hands": hands, "played": played})
    return out


def viewer_json(data: Mapping[str, Any]) -> Markup:
    """The data as JSON safe inside ``<script type="application/json">`` (no ``</``, no ``<!--``)."""
    plain = {k: v for k, v in data.items() if k != "faces"}
    text = json.dumps(plain, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
