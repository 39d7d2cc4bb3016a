"""What the lesson-page templates are given: plain values and pictures, all from the engine.

Cards, hands and tricks are drawn here once, by :class:`~tutor.views.shared.render.Pictures` with
the site's Jinja environment (so a ``_cards.html`` given with ``--templates`` wins); rulings are the
engine's sentences as they are. Nothing here decides a rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from markupsafe import Markup

from tutor.engine.auction import Bid, Pass
from tutor.engine.decision import Choice, LessonDecision, choice_pretty, choice_words
from tutor.engine.play import Play
from tutor.engine.replay import Replay, StepKind, TrickRecord
from tutor.engine.scoring import signed
from tutor.engine.wording import setting_words
from tutor.teach.asking import asked_in, choice_orders
from tutor.teach.decide import lines_after
from tutor.teach.seatview import SeatView, seat_view
from tutor.views.shared.notes import paragraphs
from tutor.views.shared.render import Pictures

__all__ = ["lesson_summary", "lesson_view"]

_TABLE_STEPS = {
    StepKind.KITTY: "The kitty",
    StepKind.DISCARD: "The discards",
    StepKind.SIT_OUT: "Partner sits out",
    StepKind.NOMINATE: "The joker",
    StepKind.PARTNER: "The partner",
}


def _state(rp: Replay) -> str:
    if rp.result is not None:
        return "complete"
    if rp.auction is not None and rp.auction.thrown_in:
        return "thrown-in"
    return "partial"


def lesson_summary(rp: Replay) -> dict[str, object]:
    """A lesson's line in an index: title, summary, tags, contract and result."""
    hand = rp.hand
    contract = rp.contract
    state = _state(rp)
    if rp.result is not None and contract is not None:
        side = rp.table.side_of(contract.declarer)
        result = f"{'made' if rp.result.made else 'set'}, {side.word} {signed(rp.result.score[side])}"
    elif state == "thrown-in":
        result = "thrown in"
    elif rp.auction is not None and not rp.auction.complete:
        result = "partial: the auction is unfinished"
    else:
        result = f"partial: {len(rp.tricks)} of {len(hand.hands[rp.table.seats[0]])} tricks played"
    decision = hand.decision
    index = rp.decision_step()
    asks = ""
    if decision is not None and index is not None:
        seat = rp.steps[index].seat
        asks = f"{seat.word + ' to decide: ' if seat is not None else ''}{decision.question}"
    return {
        "title": hand.title,
        "summary": hand.summary or "",
        # A lesson that asks a decision: its summary, result (and for a call, its contract) state
        # the answer, so a list of lessons shows its question in their place.
        "asks": asks,
        "asks_kind": decision.kind if asks and decision is not None else "",
        "tags": list(hand.tags),
        # In words: "eight no-trumps by South", never the notation (8NT) a learner must decode.
        "contract": f"{contract.bid.words()} by {contract.declarer.word}" if contract else "none",
        "contract_words": f"{contract.declarer.word}, {contract.bid.words()}" if contract else "none",
        "result": result,
        "state": state,
    }


def _auction(rp: Replay, upto: int | None = None) -> dict[str, object]:
    """The auction as a table by seat; with ``upto``, only its first ``upto`` calls (the calls a
    seat has heard when it is asked to call) and no closing ruling."""
    seating = rp.table
    order = list(seating.order_from(seating.next(rp.hand.dealer)))
    rows: list[list[dict[str, object] | None]] = []
    column = len(order)
    auction = rp.auction
    if auction is not None:
        made = zip(auction.callers, auction.calls, auction.rulings, strict=False)
        for seat, call, ruling in list(made)[:upto]:
            at = order.index(seat)  # a seat skipped (it passed earlier) leaves its cell empty
            if at < column or not rows:
                rows.append([None] * len(order))
            rows[-1][at] = {
                "call": call.pretty(),
                "words": "pass" if isinstance(call, Pass) else call.words(),
                "ruling": ruling.text,
                "kind": ruling.kind.value,
            }
            column = at
    closing = next((s.ruling.text for s in rp.steps if s.kind is StepKind.AUCTION), None)
    if upto is not None:
        closing = None
    return {"seats": [{"code": s.value, "word": s.word} for s in order], "rows": rows, "closing": closing}


def _plays(trick: TrickRecord, notes: Mapping[str, str], draw: Pictures) -> list[dict[str, object]]:
    return [
        {
            "seat": seat.value,
            "seat_word": seat.word,
            "card": draw.card(play),  # unmarked: who won is the question
            "ruling": ruling.text,
            "kind": ruling.kind.value,
            "note": paragraphs(notes.get(f"{trick.number}.{i + 1}")),
        }
        for i, (seat, play, ruling) in enumerate(zip(trick.seats, trick.plays, trick.rulings, strict=False))
    ]


def _trick(trick: TrickRecord, notes: Mapping[str, str], draw: Pictures,
           order: tuple[int, ...] | None = None) -> dict[str, object]:
    """A trick as the page shows it: asked "who wins?" with its choices in ``order`` (indices
    of the plays; None: not asked, the trick is drawn with its winner and ruling)."""
    view: dict[str, object] = {
        "number": trick.number,
        "leader": trick.leader.word,
        "plays": _plays(trick, notes, draw),
        "note": paragraphs(notes.get(str(trick.number))),
        "after": [],
        "complete": trick.complete,
    }
    view["asked"] = trick.complete and order is not None
    if trick.complete:
        assert trick.winner is not None and trick.winner_index is not None and trick.ruling is not None
        unjudged = dataclasses.replace(trick, winner=None, winner_index=None, ruling=None)
        view["question"] = draw.trick(unjudged)
        seats = trick.seats[: len(trick.plays)]
        by_card = len(set(seats)) < len(seats)  # a seat plays two cards: ask which card wins
        view["by_card"] = by_card
        choices = [
            {"key": str(play) if by_card else seat.value, "seat_word": seat.word, "card": draw.card(play)}
            for seat, play in zip(seats, trick.plays, strict=False)
        ]
        view["choices"] = [choices[i] for i in order or ()]
        if order is None:
            view["diagram"] = draw.trick(trick)
        win = trick.plays[trick.winner_index]
        view["winner_key"] = str(win) if by_card else trick.winner.value
        view["winner_word"] = trick.winner.word
        view["winner_card"] = draw.card(trick.plays[trick.winner_index], state="winner")
        view["ruling"] = trick.ruling.text
    else:
        view["diagram"] = draw.trick(trick)
    return view


#: What a decision hides until it is answered: the deal (the deciding seat's hand is shown in its
#: place) and the sections from its place to the end; a card of the play also hides the kitty
#: from a seat that has not taken it (:func:`_hides`).
_HIDES = {"auction": ["deal", "auction", "kitty", "play", "result"],
          "discard": ["deal", "kitty", "play", "result"],
          "joker": ["deal", "kitty", "play", "result"], "play": ["deal", "play", "result"]}


def _hides(kind: str, seen: SeatView) -> list[str]:
    hides = list(_HIDES[kind])
    if kind == "play" and not seen.seen_kitty:
        hides.insert(1, "kitty")  # a defender never sees the kitty, the discards, or what declarer holds
    return hides


def _seat(rp: Replay, seen: SeatView, draw: Pictures) -> dict[str, object]:
    """The table as the deciding seat sees it before the answer (:func:`seat_view`): its own hand
    then (in a suit's order only once the contract is known), the kitty and its discard once it
    took them, the hands the rules lay open, the two-handed game's face-up table cards, and for a
    call, the calls so far."""
    context = rp.context if seen.contract is not None else None
    return {
        "code": seen.seat.value,
        "word": seen.seat.word,
        "hand": draw.hand(seen.seat, seen.hand, context),
        "kitty": [draw.card(Play(c)) for c in seen.kitty],
        "discard": [draw.card(Play(c)) for c in seen.discard],
        "open": [{"word": s.word, "hand": draw.hand(s, cards, context)}
                 for s, cards in seen.open_hands.items()],
        "table_cards": [{"word": s.word, "cards": [draw.card(Play(c)) for c in cards]}
                        for s, cards in seen.table_cards.items() if cards],
        "calls": _auction(rp, len(seen.calls)) if seen.calls and seen.contract is None else None,
    }


def _why_not(rp: Replay, decision: LessonDecision, seen: SeatView) -> dict[str, str]:
    """For each choice the hand file gives the solver's tricks for (``tricks:``, verified by
    ``tutor check``), what it would take, in words: shown when that choice is made."""
    out: dict[str, str] = {}
    side = rp.table.side_of(seen.seat).word
    for i, tricks in decision.tricks.items():
        choice = decision.choices[i]
        needed = choice.tricks if isinstance(choice, Bid) and not choice.is_misere else None
        short = ""
        if needed is not None:
            short = f" of the {needed} it needs"
        out["abcdefgh"[i]] = (f"With {choice_words(choice)}, the solver (all hands open) gives "
                             f"{side} {tricks} {'trick' if tricks == 1 else 'tricks'}{short}.")
    return out


def _choice_face(choice: Choice, draw: Pictures) -> Markup:
    """A choice as the page shows it: cards drawn, a call or a suit with its words for readers."""
    if isinstance(choice, Play):
        return draw.card(choice)
    if isinstance(choice, tuple):
        return Markup("").join(draw.card(Play(c)) for c in choice)
    return Markup('<span aria-hidden="true">{}</span><span class="sr-only">{}</span>').format(
        choice_pretty(choice), choice_words(choice))


def _decision(rp: Replay, draw: Pictures) -> dict[str, object] | None:
    """The lesson's decision as the page asks it, or None. For a card of the play, the tricks
    before it stay in view (the question needs them) and the trick so far is drawn."""
    decision = rp.hand.decision
    index = rp.decision_step()
    if decision is None or index is None:
        return None
    step = rp.steps[index]
    keys = "abcdefgh"
    trick: Markup | None = None
    if decision.card is not None:
        t, c = decision.card
        state = rp.states[index - 1]
        current = state.current_trick
        if current is not None and current.number == t and c > 1:
            trick = draw.trick(dataclasses.replace(current, winner=None, winner_index=None, ruling=None))
    seen = seat_view(rp, decision)
    why = _why_not(rp, decision, seen)
    return {
        "kind": decision.kind,
        "seat": step.seat.word if step.seat is not None else "",
        # before the answer, the table as the deciding seat saw it (tutor.teach.seatview)
        "seen": _seat(rp, seen, draw),
        "question": decision.question,
        "choices": [{"key": keys[i], "face": _choice_face(c, draw), "words": choice_words(c),
                     "why": why.get(keys[i], "")}
                    for i, c in enumerate(decision.choices)],
        "answer_key": keys[decision.answer],
        "answer_face": _choice_face(decision.right, draw),
        "answer_words": choice_words(decision.right),
        "explanation": paragraphs(decision.explained_by(rp.hand.notes)),
        # the place's own note is shown with the answer; not again where the hand reaches it
        "note_shown": decision.explanation is None,
        "hides": _hides(decision.kind, seen),
        "trick": trick,
        "from_trick": decision.card[0] if decision.card is not None else 0,
        # with the answer: what happens after each wrong card (closed until opened)
        "after": [a.lines() for a in lines_after(rp, decision).values()],
    }


def lesson_view(rp: Replay, draw: Pictures) -> dict[str, object]:
    """Everything a lesson page shows, in the order of the hand."""
    hand = rp.hand
    notes = hand.notes
    decision = _decision(rp, draw)
    if decision is not None and decision["note_shown"] and hand.decision is not None:
        # the note at the decision's place is its explanation, shown with the answer: not twice
        notes = {k: v for k, v in notes.items() if k != hand.decision.note_key()}
    deal = {
        seat.value: draw.hand(seat, hand.hands.get(seat, ()), rp.context) for seat in rp.table.seats
    }
    if hand.piles is not None:  # the two-handed game: the table piles under each hand
        for seat, dealt in hand.piles.items():
            if seat.value in deal:
                deal[seat.value] += draw.piles(seat, dealt.start(), show_down=True)
    table_steps: list[dict[str, object]] = []
    asked, orders = asked_in(rp), choice_orders(rp)
    tricks: list[dict[str, object]] = [
        _trick(t, notes, draw, orders[t.number] if t.number in asked else None) for t in rp.tricks]
    last_trick = 0
    declarer_hand: Markup | None = None
    for i, step in enumerate(rp.steps):
        if step.kind in _TABLE_STEPS:
            table_steps.append({
                "kind": step.kind.value,
                "heading": _TABLE_STEPS[step.kind],
                "ruling": step.ruling.text,
                "cards": [draw.card(Play(c)) for c in step.ruling.cards],
            })
            if step.kind is StepKind.DISCARD and step.seat is not None:
                declarer_hand = draw.hand(step.seat, rp.states[i].hands[step.seat], rp.context)
        elif step.kind is StepKind.TRICK and step.trick is not None:
            last_trick = step.trick
        elif step.kind is StepKind.REVEAL and step.trick is not None and step.trick <= len(tricks):
            revealed: list[dict[str, object]] = tricks[step.trick - 1]["after"]  # type: ignore[assignment]
            revealed.append({"ruling": step.ruling.text, "cards": []})
        elif step.kind in (StepKind.SHOW, StepKind.TURN) and last_trick:
            after: list[dict[str, object]] = tricks[last_trick - 1]["after"]  # type: ignore[assignment]
            after.append({"ruling": step.ruling.text,
                          "cards": [draw.card(Play(c)) for c in step.ruling.cards]})
    current = rp.states[-1].current_trick if rp.states else None
    if current is not None and not current.complete:
        tricks.append(_trick(current, notes, draw))
    won = rp.tricks_won()
    result = rp.result
    contract = rp.contract
    return {
        **lesson_summary(rp),
        "rules": {"name": rp.rules.name, "title": rp.rules.title,
                  "changed": [setting_words(k, v) for k, v in rp.rules.differences().items()]},
        "dealer": hand.dealer.word,
        # a lesson that asks a decision hides everything from that point on until it is answered
        "decision": decision,
        "first_caller": rp.table.next(hand.dealer).word,
        "intro": paragraphs(notes.get("intro")),
        "auction_note": paragraphs(notes.get("auction")),
        "discard_note": paragraphs(notes.get("discard")),
        "outro": paragraphs(notes.get("outro")),
        "deal": deal,
        "seat_words": {seat.value: seat.word for seat in rp.table.seats},
        "seat_order": [seat.value for seat in rp.table.seats],
        "table_class": "" if rp.rules.players == 4 else f"table-{rp.table.players}",
        "kitty": [draw.card(Play(c)) for c in hand.kitty],
        "auction": _auction(rp),
        "table_steps": table_steps,
        "declarer": contract.declarer.word if contract else None,
        "declarer_hand": declarer_hand,
        "tricks": tricks,
        "quiz_count": sum(1 for t in tricks if t["asked"]),
        "won": [{"side": side.word, "tricks": won[side]} for side in won],
        "result_ruling": result.ruling.text if result else None,
        "stopped": rp.stopped,
        "score": [{"side": side.word, "points": signed(result.score[side])} for side in won]
        if result else [],
    }

