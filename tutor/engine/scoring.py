"""Scoring a hand, and the end of a game: pure functions of the contract, the tricks and the rules."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.auction import BidKind, Contract, contract_value
from tutor.engine.cards import TutorError
from tutor.engine.rules import RuleSet
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.seats import Side, table

__all__ = ["GameEnd", "HandScore", "TrickOrderNeeded", "game_end", "minus", "score_hand", "signed"]

#: How a side is named in a ruling: its own words ("North–South"), or a score sheet's names.
Words = Callable[[Side], str]


def _words(names: Mapping[Side, str] | None) -> Words:
    if not names:
        return _side_word
    return lambda s: names.get(s) or s.word


def _side_word(s: Side) -> str:
    return s.word


class TrickOrderNeeded(TutorError):
    """Two opponents passed the target in one hand and only the order of the tricks can say who was first."""


@dataclass(frozen=True)
class HandScore:
    """What one hand gives each side, whether the contract was made, and why."""

    contract: Contract
    tricks_won: Mapping[Side, int]
    score: Mapping[Side, int]
    made: bool
    ruling: Ruling
    team: tuple[Side, ...] = ()
    """Who shares the contract's score: the contractor's side, and a called partner's."""

    @property
    def sides(self) -> tuple[Side, ...]:
        """Every side that scores, in a fixed order (North–South before East–West)."""
        return tuple(s for s in Side if s in self.score)

    def to_json(self) -> dict[str, object]:
        return {
            "contract": self.contract.to_json(),
            "tricks_won": {s.value: self.tricks_won[s] for s in self.sides},
            "score": {s.value: self.score[s] for s in self.sides},
            "made": self.made,
            "ruling": self.ruling.to_json(),
        }


def minus(n: int) -> str:
    """A number of points as every sentence and score sheet prints it, with a true minus sign
    (U+2212), never a hyphen: ``−280``, ``0``, ``140``."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """Points won or lost in a hand, with their sign: ``+140``, ``0``, ``−280`` (true minus)."""
    return f"+{n}" if n > 0 else minus(n)


def _made(bid_tricks: int, taken: int, value: int, rules: RuleSet) -> tuple[int, Kind, str]:
    """What a made contract earns, its kind (a slam or not) and the sentence that explains any
    difference from the contract's value: overtricks pay nothing; all ten tricks follow ``slam``."""
    if taken < 10:
        extra = " Overtricks are worth nothing." if taken > bid_tricks else ""
        return value, Kind.CONTRACT_MADE, extra
    if rules.slam == "minimum250" and value < 250:
        why = f" Taking all ten tricks scores at least 250, more than the contract's {value}."
        return 250, Kind.SLAM, why
    if rules.slam == "minimum250":
        why = f" All ten tricks: the contract's {value} is already more than the slam's 250."
        return value, Kind.SLAM, why
    if rules.slam == "plus250":
        return value + 250, Kind.SLAM, (" Taking all ten tricks adds 250: that is tutor's own "
                                        "option, which no source gives.")
    choice = rules.choice("slam")
    if choice:
        return value, Kind.SLAM, f" Taking all ten tricks earns nothing extra: {choice}."
    return value, Kind.SLAM, " Taking all ten tricks earns nothing extra under these rules."


def _no_misere_defenders(rules: RuleSet) -> str:
    """Why the defenders score nothing on a misère: tutor's choice where the rules are silent."""
    choice = rules.choice("defenders_score_in_misere")
    if choice:
        return f" The defenders score nothing on a misère: {choice}."
    return " The defenders score nothing on a misère under these rules."


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def score_hand(
    contract: Contract,
    tricks_won: Mapping[Side, int],
    rules: RuleSet,
    *,
    forfeit: str | None = None,
    partner: Side | None = None,
    totals: Mapping[Side, int] | None = None,
    names: Mapping[Side, str] | None = None,
    bidder: str | None = None,
) -> HandScore:
    """Score a finished hand.

    ``tricks_won`` counts each side's tricks (in misère the contractor's partner takes none).
    ``forfeit`` is the reason a misère is lost whatever the tricks (the joker not nominated).
    Where each player scores on their own (three and five players), ``partner`` is the
    partner the contractor called (five-handed): the two share the contract's outcome.
    ``totals`` are the sides' scores before this hand, where known: with ``defenders_cap`` set,
    trick points cannot take a side's total above the cap.
    ``names`` words each side as a score sheet names it ("Ann", "Kim and Lee"), and ``bidder``
    who bid ("North"); by default the seats' and sides' own words.
    """
    w = _words(names)
    if contract.bid.is_all_passed:
        return _score_all_passed(contract, tricks_won, rules, totals, w)
    at = table(rules.players)
    side = at.side_of(contract.declarer)
    who = bidder or contract.declarer.word
    if not at.fixed_partners:
        scored = _score_alone(contract, tricks_won, rules, side, partner, forfeit, w, who)
    else:
        scored = _score_contract(contract, tricks_won, rules, forfeit, side, w, who)
    return _defenders_rule(scored, rules, totals, w, scored.team or (side,))


def _score_all_passed(
    contract: Contract, tricks_won: Mapping[Side, int], rules: RuleSet,
    totals: Mapping[Side, int] | None, w: Words,
) -> HandScore:
    per = rules.defender_trick_value
    sides = tuple(s for s in Side if s in tricks_won)
    score = {s: per * tricks_won[s] for s in sides}
    parts = [f"{w(s)} score{'s' if s.alone else ''} {score[s]} for {_tricks(tricks_won[s])}"
             for s in sides]
    text = (
        f"No one bid, so there was no contract: under these rules the hand is played at "
        f"no-trumps and each side scores {per} a trick. {'; '.join(parts)}."
    )
    capped, note = _cap(score, sides, rules, totals, w)
    ruling = Ruling(Kind.ALL_PASSED_NO_TRUMPS, text + note, (contract.declarer,))
    return HandScore(contract, dict(tricks_won), capped, False, ruling)


def _cap(
    score: Mapping[Side, int], trick_sides: Sequence[Side], rules: RuleSet,
    totals: Mapping[Side, int] | None, w: Words,
) -> tuple[dict[Side, int], str]:
    """Trick points limited by ``defenders_cap``: a side's total cannot pass the cap on them."""
    out = dict(score)
    cap = rules.defenders_cap
    if cap is False or totals is None:
        return out, ""
    notes = []
    for s in trick_sides:
        room = max(0, int(cap) - totals[s])
        if out[s] > room:
            out[s] = room
            notes.append(
                f" {w(s)} had {totals[s]}, and under these rules trick points cannot take a "
                f"side past {cap}, so they score {room}."
            )
    return out, "".join(notes)


def _defenders_rule(
    scored: HandScore, rules: RuleSet, totals: Mapping[Side, int] | None, w: Words,
    team: tuple[Side, ...],
) -> HandScore:
    """The Australian variations on the defenders' trick points (all off by default): the
    contractor's team against everyone else, at any table."""
    if rules.defenders_score == "always" and (rules.defenders_cap is False or totals is None):
        return scored
    others = tuple(s for s in scored.sides if s not in team)
    score = dict(scored.score)
    text = scored.ruling.text
    plural = len(others) > 1 or not others[0].alone
    scoring = [s for s in others if score[s]]
    if scored.made and rules.defenders_score != "always" and scoring:
        text += (
            f" But the contract was made, and under these rules "
            f"{_and([w(s) for s in others])} then score{'' if plural else 's'} nothing for "
            f"their tricks."
        )
        for s in others:
            score[s] = 0
    if not scored.made and rules.defenders_score == "winner-only" and any(score[s] for s in team):
        one = len(team) == 1 and team[0].alone
        text += (
            f" Under these rules only the side that won the hand scores, so "
            f"{_and([w(s) for s in team])} lose{'s' if one else ''} nothing."
        )
        for s in team:
            score[s] = 0
    score, note = _cap(score, others, rules, totals, w)
    ruling = dataclasses.replace(scored.ruling, text=text + note)
    return dataclasses.replace(scored, score=score, ruling=ruling)


def _score_contract(
    contract: Contract, tricks_won: Mapping[Side, int], rules: RuleSet, forfeit: str | None,
    side: Side, w: Words, who: str,
) -> HandScore:
    other = side.other
    bid = contract.bid
    value = contract_value(bid, rules)
    taken = tricks_won[side]
    against = tricks_won[other]
    per = rules.defender_trick_value
    score = {side: 0, other: 0}
    if bid.kind is not BidKind.TRICKS:
        made = taken == 0 and forfeit is None
        score[side] = value if made else -value
        counted, whose = (
            (against, "they took") if rules.misere_defenders_count == "their-tricks"
            else (taken, "the bidders took" if bid.kind is BidKind.GRAND_NULLO
                  else "the contractor took")
        )
        defenders = per * counted if rules.defenders_score_in_misere else 0
        score[other] = defenders
        if not rules.defenders_score_in_misere:
            d_text = _no_misere_defenders(rules)
        elif counted:
            d_text = f" {w(other)} score {defenders} ({per} for each trick {whose})."
        else:
            d_text = f" {w(other)} score nothing ({per} for each trick {whose}, and there were none)."
        if forfeit is not None:
            text = f"{who}'s {bid.words()} is lost: {forfeit}. {w(side)} lose {value}.{d_text}"
            kind = Kind.MISERE_JOKER_NOT_NOMINATED
        elif made and bid.kind is BidKind.GRAND_NULLO:
            text = (f"Neither {who} nor partner took a trick: grand nullo made, and {w(side)} "
                    f"score {value}.{d_text}")
            kind = Kind.MISERE_MADE
        elif made:
            text = f"{who} took no tricks: {bid.words()} made, and {w(side)} score {value}.{d_text}"
            kind = Kind.MISERE_MADE
        else:
            text = (
                f"{who} took {_tricks(taken)} in {bid.words()}, which must lose every trick: "
                f"{w(side)} lose {value}.{d_text}"
            )
            kind = Kind.MISERE_SET
        return HandScore(contract, dict(tricks_won), score, made, Ruling(kind, text, (contract.declarer,)))
    if contract.grand_slam:
        return _score_grand_slam(contract, tricks_won, rules, w, who)
    made = taken >= bid.tricks
    if against:
        defence = f" {w(other)} score {per * against} for their {_tricks(against)} ({per} a trick)."
    else:
        defence = f" {w(other)} took no tricks, so score nothing."
    if made:
        earned, kind, extra = _made(bid.tricks, taken, value, rules)
        score[side] = earned
        text = (
            f"{who} bid {bid.words()} and {_they(who, w(side))}took {taken}: contract made, "
            f"{w(side)} score {earned}.{extra}"
        )
    else:
        score[side] = -value
        kind = Kind.CONTRACT_SET
        text = (
            f"{who} bid {bid.words()} but {_they(who, w(side))}took only {taken}: set by "
            f"{bid.tricks - taken}, {w(side)} lose {value}."
        )
    score[other] = per * against
    return HandScore(
        contract, dict(tricks_won), score, made, Ruling(kind, text + defence, (contract.declarer,)),
        (side,),
    )


#: West Seventh Street grand slam: "500 points for a trump suit, 520 for No Trump"; failing, the
#: contractor's team "loses 500 points".
GRAND_SLAM_SUIT, GRAND_SLAM_NO_TRUMPS, GRAND_SLAM_LOSS = 500, 520, 500


def _score_grand_slam(
    contract: Contract, tricks_won: Mapping[Side, int], rules: RuleSet, w: Words, who: str
) -> HandScore:
    side = table(rules.players).side_of(contract.declarer)
    other = side.other
    taken, against = tricks_won[side], tricks_won[other]
    per = rules.defender_trick_value
    value = GRAND_SLAM_NO_TRUMPS if contract.bid.is_no_trumps else GRAND_SLAM_SUIT
    made = taken == 10
    score = {side: value if made else -GRAND_SLAM_LOSS, other: per * against}
    if made:
        text = (f"{who} took all ten tricks alone: the grand slam is made, and {w(side)} score "
                f"{value} ({GRAND_SLAM_SUIT} in a suit, {GRAND_SLAM_NO_TRUMPS} in no-trumps).")
        kind = Kind.SLAM
    else:
        text = (f"{who} declared a grand slam but took only {taken} of the ten tricks: "
                f"{w(side)} lose {GRAND_SLAM_LOSS}, and {w(other)} score {per * against} "
                f"({per} for each of their {_tricks(against)}).")
        kind = Kind.CONTRACT_SET
    return HandScore(contract, dict(tricks_won), score, made, Ruling(kind, text, (contract.declarer,)))


def _they(who: str, side: str) -> str:
    """``North–South `` after "North bid …", nothing when the bidder is named by the side."""
    return "" if who == side else side + " "


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _score_alone(
    contract: Contract,
    tricks_won: Mapping[Side, int],
    rules: RuleSet,
    side: Side,
    partner: Side | None,
    forfeit: str | None,
    w: Words,
    who: str,
) -> HandScore:
    """Each player scores on their own: the contractor (with a called partner, both) against
    the others, who each score their own tricks."""
    team = (side,) if partner is None or partner is side else (side, partner)
    others = [s for s in Side if s in tricks_won and s not in team]
    bid = contract.bid
    value = contract_value(bid, rules)
    taken = sum(tricks_won[s] for s in team)
    tw = _and([w(s) for s in team])
    verb, lose = ("each score", "each lose") if len(team) > 1 else ("scores", "loses")
    per = rules.defender_trick_value
    score = dict.fromkeys(tricks_won, 0)
    seats = tuple(seat for s in team for seat in s.seats)
    if bid.kind is not BidKind.TRICKS:
        made = taken == 0 and forfeit is None
        for s in team:
            score[s] = value if made else -value
        own = rules.misere_defenders_count == "their-tricks"
        for s in others:
            counted = tricks_won[s] if own else taken
            score[s] = per * counted if rules.defenders_score_in_misere else 0
        if not rules.defenders_score_in_misere:
            d_text = _no_misere_defenders(rules)
        elif own:
            parts = [f"{w(s)} scores {score[s]}" for s in others]
            d_text = f" {_and(parts)} ({per} for each trick they took)."
        else:
            d_text = (
                f" {_and([w(s) for s in others])} each score {per * taken} ({per} for each "
                f"trick the contractor took)."
            )
        if forfeit is not None:
            text = f"{who}'s {bid.words()} is lost: {forfeit}. {tw} {lose} {value}.{d_text}"
            kind = Kind.MISERE_JOKER_NOT_NOMINATED
        elif made:
            text = f"{who} took no tricks: {bid.words()} made, and {tw} {verb} {value}.{d_text}"
            kind = Kind.MISERE_MADE
        else:
            text = (
                f"{who} took {_tricks(taken)} in {bid.words()}, which must lose every trick: "
                f"{tw} {lose} {value}.{d_text}"
            )
            kind = Kind.MISERE_SET
        return HandScore(contract, dict(tricks_won), score, made, Ruling(kind, text, seats), team)
    made = taken >= bid.tricks
    parts = [
        f"{w(s)} scores {per * tricks_won[s]} for their {_tricks(tricks_won[s])}"
        if tricks_won[s] else f"{w(s)} took no tricks"
        for s in others
    ]
    defence = f" {_and(parts)} ({per} a trick)."
    if made:
        earned, kind, extra = _made(bid.tricks, taken, value, rules)
        for s in team:
            score[s] = earned
        took = "took" if len(team) == 1 else f"{tw} took"
        text = (
            f"{who} bid {bid.words()} and {took} {taken}: contract made, {tw} {verb} "
            f"{earned}.{extra}"
        )
    else:
        for s in team:
            score[s] = -value
        kind = Kind.CONTRACT_SET
        text = (
            f"{who} bid {bid.words()} but {'' if len(team) == 1 else tw + ' '}took only {taken}: set by "
            f"{bid.tricks - taken}, "
            f"{tw} {lose} {value}."
        )
    for s in others:
        score[s] = per * tricks_won[s]
    return HandScore(contract, dict(tricks_won), score, made, Ruling(kind, text + defence, seats), team)


@dataclass(frozen=True)
class GameEnd:
    """The game is over: who won (if anyone) and who lost (if anyone), and why."""

    winners: tuple[Side, ...]
    losers: tuple[Side, ...]
    ruling: Ruling


def game_end(
    totals: Mapping[Side, int],
    hand: HandScore,
    rules: RuleSet,
    *,
    names: Mapping[Side, str] | None = None,
    order: Sequence[Side] | None = None,
) -> GameEnd | None:
    """Whether the game ends once ``hand`` is added to give ``totals``, and why.

    The target wins only through a made contract, unless ``rules.win_on_defence`` (American):
    then the defenders' trick points count too, and the contractor wins if both reach it in the
    same hand. Where players score on their own and two opponents pass the target in one hand,
    the first to reach it, trick by trick, wins: that needs ``order`` (the side that won each
    trick, in order), else :class:`TrickOrderNeeded` is raised; two reaching it on the same trick
    both win. A side at or below ``rules.lose_at`` loses; with two partnerships or teams, the
    other one then wins. ``names`` words the sides as in :func:`score_hand`.
    """
    w = _words(names)
    at = table(rules.players)
    sides = tuple(s for s in Side if s in totals)
    target = rules.target
    reached = [s for s in sides if totals[s] >= target]
    winners: list[Side] = []
    why = ""
    won_target = False
    if hand.contract.bid.is_all_passed:
        # No contract (setting all_pass): only trick points, which win only where they may.
        if rules.win_on_defence and reached:
            best = max(totals[s] for s in reached)
            winners = [s for s in reached if totals[s] == best]
            won_target = True
            why = (f"{_and([f'{w(s)} reached {totals[s]}' for s in winners])} (the target is "
                   f"{target}) on trick points, which wins under these rules")
    else:
        team = hand.team or (at.side_of(hand.contract.declarer),)
        opponents = [s for s in reached if s not in team]
        mine = [s for s in team if s in reached] if hand.made else []
        if mine:
            winners, won_target = mine, True
            why = (f"{_and([f'{w(s)} reached {totals[s]}' for s in mine])} (the target is "
                   f"{target}) on a made contract")
            if len(mine) > 1:
                why += ", so both win"
            if rules.win_on_defence and opponents:
                why += (f"; {_and([w(s) for s in opponents])} reached the target on trick points in "
                        f"the same hand, and the contractor wins")
        elif rules.win_on_defence and opponents:
            won_target = True
            winners = opponents if len(opponents) == 1 else _first_to_reach(
                totals, hand, rules, opponents, order, w)
            why = (f"{_and([f'{w(s)} reached {totals[s]}' for s in winners])} (the target is "
                   f"{target}) on trick points, which wins under these rules")
            if len(opponents) > 1:
                later = [w(s) for s in opponents if s not in winners]
                why += (f"; {_and(later)} got there later in the hand" if later
                        else "; they reached it on the same trick, so both win")
    losers = [s for s in sides if totals[s] <= rules.lose_at and s not in winners]
    if not winners and not losers:
        return None
    for s in losers:
        fell = f"{w(s)} fell to {minus(totals[s])} (lose at {minus(rules.lose_at)}): out the back door"
        why = f"{why}; {fell}" if why else fell
    if losers and not winners and len(sides) == 2 and len(losers) == 1:
        winners = [s for s in sides if s not in losers]
        why += f", so {w(winners[0])} win{'s' if winners[0].alone else ''}"
    elif losers and not winners:
        why += "; the rules name no winner, so the others are ranked by their totals"
    kind = Kind.GAME_WON if won_target else Kind.GAME_LOST
    return GameEnd(tuple(winners), tuple(losers), Ruling(kind, f"Game over: {why}.", hand.ruling.seats))


def _first_to_reach(
    totals: Mapping[Side, int],
    hand: HandScore,
    rules: RuleSet,
    opponents: Sequence[Side],
    order: Sequence[Side] | None,
    w: Words,
) -> list[Side]:
    """The opponents who reached the target first, replaying the hand's trick points trick by
    trick (each never more than the hand gave them, so caps and settings hold)."""
    names = _and([w(s) for s in opponents])
    if order is None:
        raise TrickOrderNeeded(
            f"{names} both passed the target in this hand; the first to reach it wins "
            f"(a side may win on trick points under these rules), so the order of the tricks is "
            f"needed to say who"
        )
    per = rules.defender_trick_value
    team = hand.team or (table(rules.players).side_of(hand.contract.declarer),)
    bid = hand.contract.bid
    counted = dict.fromkeys(opponents, 0)
    for winner in order:
        for s in opponents:
            if bid.kind is BidKind.TRICKS or rules.misere_defenders_count == "their-tricks":
                counted[s] += winner is s
            else:
                counted[s] += winner in team
        first = [s for s in opponents
                 if totals[s] - hand.score[s] + min(per * counted[s], hand.score[s]) >= rules.target]
        if first:
            return first
    raise TrickOrderNeeded(f"the order of the tricks does not bring {names} to the target")
