"""``tutor check`` with the solver: a lesson's ``decision:``, verified.

* a card of the play: the answer is a best card, and every other choice costs tricks;
* the discard: the answer is among the best discards (as ``tutor analyse --kitty`` rates them),
  and every other choice does worse;
* the joker's nomination: the answer is a best suit to name, every other choice does worse;
* a call: each choice is played out as the contract it leads to (the call, then everyone
  passing), with the contractor's best discard. The answer's contract makes and every other
  choice's fails, unless ``tricks:`` says what a choice takes; then it must take exactly that.

Values are double-dummy (all hands open) and count the contractor's side's tricks, as the notes'
claims do (:mod:`tutor.files.verify`).
"""

from __future__ import annotations

import dataclasses
from itertools import accumulate

from tutor.engine.auction import AuctionError, Call, Contract, Pass, run_auction
from tutor.engine.cards import Suit
from tutor.engine.decision import LessonDecision, choice_pretty
from tutor.engine.hand import Hand
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.files.handfile import FileProblem, LoadedHand
from tutor.solve import SolveError, Solver, analyse, deal_of
from tutor.solve.analysis import wants_more

__all__ = ["best_tricks", "calls_after", "contract_after", "verify_decision"]


def verify_decision(loaded: LoadedHand, rep: Replay, solver: Solver | None = None) -> list[FileProblem]:
    """Every way the solver refutes the hand's decision (empty when it holds or there is none)."""
    decision = loaded.hand.decision
    if decision is None:
        return []
    solver = solver or Solver()

    def problem(where: tuple[str | int, ...], message: str) -> FileProblem:
        return FileProblem(loaded.path, loaded.line_of(("decision", *where)), f"decision: {message}",
                           "solver")

    try:
        if decision.kind == "play":
            found = _play(decision, rep, solver)
        elif decision.kind == "discard":
            found = _discard(decision, rep, solver)
        elif decision.kind == "joker":
            found = _joker(decision, rep, solver)
        else:
            found = _auction(decision, rep.hand, solver)
    except SolveError as err:
        return [problem(("at",), f"the decision is verified by the solver, but {err}")]
    return [problem(where, message) for where, message in found]


Found = list[tuple[tuple[str | int, ...], str]]


def _better(a: int, b: int, more: bool) -> bool:
    return a > b if more else a < b


def _play(decision: LessonDecision, rep: Replay, solver: Solver) -> Found:
    assert decision.card is not None
    t, c = decision.card
    index = [0, *accumulate(len(trick) for trick in rep.hand.play)][t - 1] + c - 1
    deal = deal_of(rep)
    pos, _played = next(p for k, p in enumerate(deal.positions()) if k == index)
    options = solver.options(pos)
    more = wants_more(pos, pos.to_move)
    best = max(options.values()) if more else min(options.values())
    seat = pos.seats[pos.to_move].word
    side = _side_words(rep)
    out: Found = []
    for i, choice in enumerate(decision.choices):
        assert isinstance(choice, Play)
        value = _option(options, choice)
        if value is None:
            out.append((("choices", i), f"choice {i + 1}, {choice.pretty()}, is not a card {seat} "
                                        f"may play there"))
            continue
        if i == decision.answer and value != best:
            out.append((("answer",), f"the answer, {seat}'s {choice.pretty()}, is not a best card: "
                                     f"{side} take {value} after it, and {_best_cards(options, best)} "
                                     f"{'gives' if more else 'holds'} them {'' if more else 'to '}{best}"))
        elif i != decision.answer and value == best:
            out.append((("choices", i), f"choice {i + 1}, {seat}'s {choice.pretty()}, is as good as "
                                        f"the answer ({side} take {best} either way): offer a card "
                                        f"that costs tricks"))
    return out


def _option(options: dict[Play, int], choice: Play) -> int | None:
    for play, value in options.items():
        if play.card == choice.card and (choice.names is None or play.names in (None, choice.names)):
            return value
    return None


def _best_cards(options: dict[Play, int], best: int) -> str:
    cards = list(dict.fromkeys(p.card.pretty() for p, v in options.items() if v == best))
    return " or ".join(cards)


def _discard(decision: LessonDecision, rep: Replay, solver: Solver) -> Found:
    an = analyse(rep, solver=solver, kitty=True)
    more = not an.minimise
    best = an.discards[0].value
    values = {tuple(sorted(map(str, d.cards))): d.value for d in an.discards}
    who = an.declarer.word
    out: Found = []
    for i, choice in enumerate(decision.choices):
        assert isinstance(choice, tuple)
        value = values[tuple(sorted(map(str, choice)))]
        if i == decision.answer and value != best:
            tops = ", ".join(" ".join(c.pretty() for c in d.cards) for d in an.discards if d.value == best)
            out.append((("answer",), f"the answer, putting away {choice_pretty(choice)}, is not among "
                                     f"the best discards: {an.side_words} take {value} after it, and "
                                     f"{best} after {tops}"))
        elif i != decision.answer and not _better(best, value, more):
            out.append((("choices", i), f"choice {i + 1}, putting away {choice_pretty(choice)}, is "
                                        f"among {who}'s best discards ({an.side_words} take {best}): "
                                        f"offer a discard that does worse"))
    return out


def _joker(decision: LessonDecision, rep: Replay, solver: Solver) -> Found:
    hand = rep.hand
    values: dict[Suit, int] = {}
    more = True
    for suit in Suit:
        named = build(dataclasses.replace(hand, joker=suit, play=(), notes={}, claims={}, par=None,
                                           decision=None))
        if named.problems:
            continue  # a suit this table does not let the joker be named in
        deal = deal_of(named)
        more = wants_more(deal.start, deal.start.seats.index(deal.declarer))
        values[suit] = solver.value(deal.start)
    best = max(values.values()) if more else min(values.values())
    side = _side_words(rep)
    out: Found = []
    for i, choice in enumerate(decision.choices):
        assert isinstance(choice, Suit)
        value = values.get(choice)
        if value is None:
            out.append((("choices", i), f"choice {i + 1}: the joker cannot be named as a "
                                        f"{choice.singular} here"))
            continue
        if i in decision.tricks and decision.tricks[i] != value:
            out.append((("tricks",), f"tricks: with the joker named as a {choice.singular}, {side} "
                                     f"take {value}, not {decision.tricks[i]}"))
        if i == decision.answer and value != best:
            tops = " or ".join(s.word for s, v in values.items() if v == best)
            out.append((("answer",), f"the answer, naming {choice.word}, is not the best nomination: "
                                     f"{side} take {value} with it, and {best} naming {tops}"))
        elif i != decision.answer and value == best:
            out.append((("choices", i), f"choice {i + 1}, naming {choice.word}, does as well as the "
                                        f"answer ({side} take {best}): offer a suit that does worse"))
    return out


def calls_after(hand: Hand, k: int, call: Call) -> tuple[Call, ...]:
    """The auction if call ``k`` were ``call`` and everyone passed after it (a pass where the
    auction is already over lets the final bid stand, as under raise_final_bid)."""
    rules = hand.rules
    calls: list[Call] = list(hand.auction[:k])
    if not (isinstance(call, Pass) and calls and run_auction(calls, rules, hand.dealer).complete):
        calls.append(call)
    for _ in range(len(hand.hands) * 3):
        if run_auction(calls, rules, hand.dealer).complete:
            break
        calls.append(Pass())
    return tuple(calls)


def contract_after(hand: Hand, k: int, call: Call) -> Contract | None:
    """The contract that :func:`calls_after` ends in (None: the hand is thrown in)."""
    return run_auction(calls_after(hand, k, call), hand.rules, hand.dealer).contract


def _auction(decision: LessonDecision, hand: Hand, solver: Solver) -> Found:
    assert decision.call is not None
    out: Found = []
    for i, choice in enumerate(decision.choices):
        assert isinstance(choice, Call)
        try:
            calls = calls_after(hand, decision.call, choice)
            contract = run_auction(calls, hand.rules, hand.dealer).contract
        except AuctionError as err:  # tutor check has reported it already
            out.append((("choices", i), f"choice {i + 1}, {choice}: {err}"))
            continue
        if contract is None:
            if i in decision.tricks:
                out.append((("tricks",), f"tricks: after {choice_pretty(choice)} the hand is thrown "
                                         f"in: no contract takes tricks"))
            continue
        tricks, _rep = best_tricks(hand, calls, contract, solver)
        bid = contract.bid
        makes = tricks == 0 if bid.is_misere else tricks >= bid.tricks
        said = (f"{choice_pretty(choice)} by {contract.declarer.word}" if choice == bid
                else f"pass ({bid.pretty()} by {contract.declarer.word})")
        how = f"{tricks} trick{'s' if tricks != 1 else ''} with best play after the best discard"
        if i in decision.tricks:
            if decision.tricks[i] != tricks:
                out.append((("tricks",), f"tricks: after {said} the contractor's side takes {how}, "
                                         f"not {decision.tricks[i]}"))
        elif isinstance(choice, Pass):
            continue  # a pass claims nothing unless tricks: says what the contract takes
        elif i == decision.answer and not makes:
            out.append((("answer",), f"the answer's contract, {said}, goes down: the contractor's "
                                     f"side takes {how}"))
        elif i != decision.answer and makes:
            out.append((("choices", i), f"choice {i + 1}, {said}, makes too: the contractor's side "
                                        f"takes {how}. Say so with tricks: {{{choice}: {tricks}}}, "
                                        f"or offer a bid that fails"))
    return out


def best_tricks(hand: Hand, calls: tuple[Call, ...], contract: Contract,
                solver: Solver) -> tuple[int, Replay]:
    """The contractor's side's tricks with best play after the contractor's best discard, as
    a call decision is verified, and the replay they were counted on."""
    pool = [*hand.hands[contract.declarer], *hand.kitty]
    size = len(hand.discard) if hand.discard is not None else len(hand.kitty)
    trial = dataclasses.replace(hand, auction=calls, discard=tuple(pool[:size]), play=(), joker=None,
                                notes={}, claims={}, par=None, decision=None)
    rep = build(trial)
    if rep.problems:
        raise SolveError(f"{contract.bid} by {contract.declarer.word} cannot be played out: "
                         f"{rep.problems[0].message}")
    return analyse(rep, solver=solver, kitty=True).discards[0].value, rep


def _side_words(rep: Replay) -> str:
    seats = deal_of(rep).contractors
    names = {s.value for s in seats}
    if names == {"N", "S"}:
        return "North–South"
    if names == {"E", "W"}:
        return "East–West"
    return " and ".join(s.word for s in seats)
