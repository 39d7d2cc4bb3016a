"""Scoring for score sheets: a deal and the end of a game for any table, by *party*.

:mod:`tutor.scoring` scores a four-handed hand by Side. Score sheets also keep three-handed
games, where the contractor plays alone against two opponents who each score their own
tricks, so the functions here work on parties: a partnership ("NS", "EW") or a player,
named by a string key. For partnerships they agree with ``score_hand`` and ``game_end``
(tested); they add the American rules for three players (the first opponent to reach the
target, trick by trick) and finishes that happen together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .auction import Bid, BidKind, contract_value
from .cards import TutorError
from .rules import RuleSet
from .rulings import Kind, Ruling
from .seats import Seat

__all__ = ["DealScore", "MatchEnd", "TrickOrderNeeded", "deal_end", "score_deal"]


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


class TrickOrderNeeded(TutorError):
    """Two opponents passed the target in one deal and only the order of the tricks can say who was first."""


@dataclass(frozen=True)
class DealScore:
    """What one deal gives each party (a partnership, or a player in three-handed play)."""

    bid: Bid
    contractor: str
    tricks_won: Mapping[str, int]
    score: Mapping[str, int]
    made: bool
    ruling: Ruling

    def to_json(self) -> dict[str, object]:
        return {
            "bid": str(self.bid),
            "contractor": self.contractor,
            "tricks_won": dict(self.tricks_won),
            "score": dict(self.score),
            "made": self.made,
            "ruling": self.ruling.to_json(),
        }


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def score_deal(
    bid: Bid,
    contractor: str,
    tricks_won: Mapping[str, int],
    rules: RuleSet,
    *,
    names: Mapping[str, str] | None = None,
    bidder: str | None = None,
    forfeit: str | None = None,
    seats: tuple[Seat, ...] = (),
) -> DealScore:
    """Score one finished deal for every party.

    ``tricks_won`` maps every party to the tricks it took (they add up to ten); two parties
    are partnerships, three are players each on their own, and in three-handed play the
    contractor plays alone against the other two, who each score their own tricks.
    ``names`` gives each party's words ("North–South", "Ann"); ``bidder`` the words for who
    bid ("North"), by default the contractor's party; ``forfeit`` is the reason a misère is
    lost whatever the tricks.
    """
    parties = tuple(tricks_won)
    if contractor not in tricks_won:
        raise ValueError(f"the contractor {contractor!r} is not one of the parties {parties}")
    word = {p: (names or {}).get(p, p) for p in parties}
    plural = len(parties) == 2  # partnerships "score"; a player "scores"
    verb = "score" if plural else "scores"
    lose = "lose" if plural else "loses"
    others = [p for p in parties if p != contractor]
    value = contract_value(bid, rules)
    taken = tricks_won[contractor]
    who = bidder or word[contractor]
    cw = word[contractor]
    per = rules.defender_trick_value
    score = dict.fromkeys(parties, 0)
    if bid.kind is not BidKind.TRICKS:
        made = taken == 0 and forfeit is None
        score[contractor] = value if made else -value
        own = rules.misere_defenders_count == "their-tricks"
        for p in others:
            counted = tricks_won[p] if own else taken
            score[p] = per * counted if rules.defenders_score_in_misere else 0
        if rules.defenders_score_in_misere and own:
            parts = [f"{word[p]} {verb} {score[p]}" for p in others]
            d_text = f" {_and(parts)} ({per} for each trick they took)."
        elif rules.defenders_score_in_misere:
            d_text = (
                f" {_and([word[p] for p in others])} {verb if len(others) == 1 else 'each score'} "
                f"{per * taken} ({per} for each trick the contractor took)."
            )
        else:
            d_text = " The defenders score nothing on a misère (setting defenders_score_in_misere off)."
        if forfeit is not None:
            text = f"{who}'s {bid.words()} is lost: {forfeit}. {cw} {lose} {value}.{d_text}"
            kind = Kind.MISERE_JOKER_NOT_NOMINATED
        elif made:
            text = f"{who} took no tricks: {bid.words()} made, and {cw} {verb} {value}.{d_text}"
            kind = Kind.MISERE_MADE
        else:
            text = (
                f"{who} took {_tricks(taken)} in {bid.words()}, which must lose every trick: "
                f"{cw} {lose} {value}.{d_text}"
            )
            kind = Kind.MISERE_SET
        return DealScore(bid, contractor, dict(tricks_won), score, made, Ruling(kind, text, seats))
    made = taken >= bid.tricks
    parts = [f"{word[p]} {verb} {per * tricks_won[p]} for their "
             f"{_tricks(tricks_won[p])}" for p in others]
    defence = f" {_and(parts)} ({per} a trick)."
    if made:
        earned = value
        kind = Kind.CONTRACT_MADE
        extra = " Overtricks are worth nothing." if taken > bid.tricks else ""
        if taken == 10:
            kind = Kind.SLAM
            if rules.slam == "minimum250" and value < 250:
                earned = 250
                extra = f" Taking all ten tricks scores at least 250, more than the contract's {value}."
            elif rules.slam == "minimum250":
                extra = f" All ten tricks: the contract's {value} is already more than the slam's 250."
            elif rules.slam == "plus250":
                earned = value + 250
                extra = " Taking all ten tricks adds 250 (setting slam plus250)."
            else:
                extra = " Taking all ten tricks earns nothing extra here (setting slam none)."
        score[contractor] = earned
        took = "took" if who == cw else f"{cw} took"
        text = f"{who} bid {bid.words()} and {took} {taken}: contract made, {cw} {verb} {earned}.{extra}"
    else:
        score[contractor] = -value
        kind = Kind.CONTRACT_SET
        text = (
            f"{who} bid {bid.words()} but {'' if who == cw else cw + ' '}took only {taken}: set by "
            f"{bid.tricks - taken}, {cw} {lose} {value}."
        )
    for p in others:
        score[p] = per * tricks_won[p]
    return DealScore(bid, contractor, dict(tricks_won), score, made, Ruling(kind, text + defence, seats))


@dataclass(frozen=True)
class MatchEnd:
    """The game is over after a deal: who won and who lost (parties), and why."""

    winners: tuple[str, ...]
    losers: tuple[str, ...]
    ruling: Ruling

    def to_json(self) -> dict[str, object]:
        return {"winners": list(self.winners), "losers": list(self.losers), "ruling": self.ruling.to_json()}


def deal_end(
    before: Mapping[str, int],
    deal: DealScore,
    rules: RuleSet,
    *,
    names: Mapping[str, str] | None = None,
    order: Sequence[str] | None = None,
) -> MatchEnd | None:
    """Whether the game ends once ``deal`` is added to the totals ``before`` it, and why.

    The target wins only through a made contract, unless ``rules.win_on_defence`` (American):
    then the defenders' trick points count too, the contractor wins if both reach it in the
    same deal, and if two opponents pass it in one deal the first to reach it, trick by trick,
    wins. That needs ``order`` (who won each trick, in order); without it
    :class:`TrickOrderNeeded` is raised. Two opponents reaching it on the same trick both win.
    A party at or below ``rules.lose_at`` loses; with two partnerships the other one wins.
    """
    parties = tuple(before)
    word = {p: (names or {}).get(p, p) for p in parties}
    plural = len(parties) == 2
    totals = {p: before[p] + deal.score[p] for p in parties}
    target = rules.target
    c = deal.contractor
    reached = [p for p in parties if totals[p] >= target]
    opponents = [p for p in reached if p != c]
    winners: list[str] = []
    why = ""
    won_target = False
    if c in reached and deal.made:
        winners = [c]
        won_target = True
        why = f"{word[c]} reached {totals[c]} (the target is {target}) on a made contract"
        if rules.win_on_defence and opponents:
            why += (
                f"; {_and([word[p] for p in opponents])} reached the target on trick points in the "
                f"same deal, and the contractor wins"
            )
    elif rules.win_on_defence and opponents:
        won_target = True
        if len(opponents) == 1:
            winners = opponents
        else:
            winners = _first_to_reach(before, deal, rules, opponents, order, word)
        shown = _and([f"{word[p]} reached {totals[p]}" for p in winners])
        why = f"{shown} (the target is {target}) on trick points, which wins here (setting win_on_defence)"
        if len(opponents) > 1:
            later = [word[p] for p in opponents if p not in winners]
            if later:
                why += f"; {_and(later)} got there later in the deal"
            else:
                why += "; they reached it on the same trick, so both win"
    losers = [p for p in parties if totals[p] <= rules.lose_at and p not in winners]
    if not winners and not losers:
        return None
    for p in losers:
        fell = f"{word[p]} fell to {totals[p]} (lose at {rules.lose_at}): out the back door"
        why = f"{why}; {fell}" if why else fell
    if losers and not winners and plural and len(losers) == 1:
        winners = [p for p in parties if p not in losers]
        why += f", so {word[winners[0]]} win"
    elif losers and not winners:
        why += "; the rules name no winner, so the others are ranked by their totals"
    kind = Kind.GAME_WON if won_target else Kind.GAME_LOST
    return MatchEnd(tuple(winners), tuple(losers), Ruling(kind, f"Game over: {why}.", deal.ruling.seats))


def _first_to_reach(
    before: Mapping[str, int],
    deal: DealScore,
    rules: RuleSet,
    opponents: Sequence[str],
    order: Sequence[str] | None,
    word: Mapping[str, str],
) -> list[str]:
    names = _and([word[p] for p in opponents])
    if order is None:
        raise TrickOrderNeeded(
            f"{names} both passed the target in this deal; the first to reach it wins "
            f"(setting win_on_defence), so the order of the tricks is needed to say who"
        )
    per = rules.defender_trick_value
    running = {p: before[p] for p in opponents}
    for winner in order:
        if deal.bid.kind is BidKind.TRICKS:
            if winner in running:
                running[winner] += per
        elif not rules.defenders_score_in_misere:
            pass
        elif rules.misere_defenders_count == "their-tricks":
            if winner in running:
                running[winner] += per
        elif winner == deal.contractor:
            for p in running:
                running[p] += per
        first = [p for p in opponents if running[p] >= rules.target]
        if first:
            return first
    raise TrickOrderNeeded(f"the order of the tricks does not bring {names} to the target")
