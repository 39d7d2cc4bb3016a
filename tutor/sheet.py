"""Score sheets: a whole match scored hand by hand under its rules, or under any other settings.

:func:`score_match` turns a :class:`~tutor.match.Match` into a :class:`ScoreSheet`: one
:class:`SheetRow` a hand (contract, result, each party's points and running totals, the
ruling that explains the score), the end of the game and why, and the final standings.
Change a setting (``score_match(match, {"target": 300})``) and the whole game is scored
again from the first hand. :meth:`ScoreSheet.view` is plain data for templates
(``templates/_score_sheet.html``, drawn by :mod:`tutor.sheet_render`); the terminal's text
is :func:`tutor.sheet_text.format_sheet`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .auction import Bid, BidKind, Strain, contract_value
from .handfile import FileProblem
from .match import Match, MatchFileError, Party
from .party_scoring import MatchEnd, TrickOrderNeeded, deal_end, score_deal
from .rules import RulesError, RuleSet
from .rulings import Ruling

__all__ = [
    "SCORING_SETTINGS",
    "ScoreSheet",
    "SheetRow",
    "Standing",
    "parse_setting",
    "score_match",
]

#: The settings a score sheet shows: Cardzo's eight, and whether trick points can win (American).
SCORING_SETTINGS = (
    "target", "lose_at", "slam", "misere_value", "defender_trick_value",
    "defenders_score_in_misere", "misere_defenders_count", "three_handed", "lowest_bid",
    "win_on_defence",
)

_FORFEIT = ("the contractor kept the joker without nominating its suit, which loses a misère "
            "(setting misere_needs_joker_nominated)")


@dataclass(frozen=True)
class SheetRow:
    """One hand on the sheet. ``points`` and ``totals`` are None for a hand after the end."""

    number: int
    line: int
    bid: Bid | None
    contractor: Party | None
    bidder: str | None
    value: int | None
    tricks: Mapping[str, int]
    made: bool | None
    points: Mapping[str, int] | None
    totals: Mapping[str, int] | None
    ruling: Ruling | None
    end: MatchEnd | None
    note: str | None
    remark: str | None
    file: str | None

    @property
    def scored(self) -> bool:
        return self.points is not None

    def contract_text(self, symbols: bool = True) -> str:
        """As the Cardzo sheet writes it: ``N/S bid 7♦ (180)``; ``all passed`` when thrown in."""
        if self.bid is None or self.contractor is None:
            return "all passed"
        return f"{self.contractor.short} bid {_bid_text(self.bid, symbols)} ({self.value})"

    def result_text(self) -> str:
        """``took 8 tricks — made``, ``took 7 tricks — set``, ``thrown in``."""
        if self.bid is None or self.contractor is None:
            return "thrown in"
        taken = self.tricks[self.contractor.key]
        trick = "trick" if taken == 1 else "tricks"
        return f"took {taken} {trick} — {'made' if self.made else 'set'}"

    def to_json(self) -> dict[str, object]:
        return {
            "hand": self.number,
            "bid": str(self.bid) if self.bid else None,
            "by": self.contractor.key if self.contractor else None,
            "bidder": self.bidder,
            "value": self.value,
            "contract": self.contract_text(),
            "result": self.result_text(),
            "tricks": dict(self.tricks),
            "made": self.made,
            "scored": self.scored,
            "points": dict(self.points) if self.points is not None else None,
            "totals": dict(self.totals) if self.totals is not None else None,
            "ruling": self.ruling.to_json() if self.ruling else None,
            "end": self.end.to_json() if self.end else None,
            "note": self.note,
            "remark": self.remark,
            "file": self.file,
        }


@dataclass(frozen=True)
class Standing:
    party: Party
    total: int
    rank: int
    winner: bool
    loser: bool


@dataclass(frozen=True)
class ScoreSheet:
    """A match scored: the rows, the totals, the end of the game and the standings."""

    title: str
    parties: tuple[Party, ...]
    rules: RuleSet
    changed: Mapping[str, tuple[object, object]]
    """Settings changed from the match file's: name → (the file's value, the value used)."""
    rows: tuple[SheetRow, ...]
    totals: Mapping[str, int]
    end: MatchEnd | None
    finished_after: int | None

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Highest total first; equal totals share a rank; winners and losers marked."""
        won = self.end.winners if self.end is not None else ()
        ordered = sorted(self.parties, key=lambda p: (-self.totals[p.key], p.key not in won))
        out: list[Standing] = []
        for i, p in enumerate(ordered):
            rank = out[-1].rank if out and out[-1].total == self.totals[p.key] else i + 1
            winner = self.end is not None and p.key in self.end.winners
            loser = self.end is not None and p.key in self.end.losers
            out.append(Standing(p, self.totals[p.key], rank, winner, loser))
        return tuple(out)

    def status(self) -> str:
        """One sentence: when and why the game ended, or that it goes on."""
        if self.end is not None:
            return f"Finished after hand {self.finished_after}. {self.end.ruling.text}"
        return (f"Not finished: no one has won yet (play to {self.rules.target}, "
                f"lose at {_num(self.rules.lose_at)}).")

    def settings(self) -> list[tuple[str, str]]:
        """The scoring settings in force, as (label, value) pairs for a reader."""
        return [(_LABELS[name], _setting_words(name, self.rules)) for name in SCORING_SETTINGS]

    def to_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "rules": {
                "preset": self.rules.name,
                "settings": {k: getattr(self.rules, k) for k in SCORING_SETTINGS},
                "changed": {k: {"file": a, "used": b} for k, (a, b) in self.changed.items()},
            },
            "parties": [p.to_json() for p in self.parties],
            "rows": [r.to_json() for r in self.rows],
            "totals": dict(self.totals),
            "finished": self.finished,
            "finished_after": self.finished_after,
            "end": self.end.to_json() if self.end else None,
            "status": self.status(),
            "standings": [
                {"party": s.party.key, "name": s.party.name, "total": s.total, "rank": s.rank,
                 "winner": s.winner, "loser": s.loser}
                for s in self.standings
            ],
        }

    def view(self, symbols: bool = True) -> dict[str, Any]:
        """Plain data for a template: every string ready to show (see ``_score_sheet.html``)."""
        keys = [p.key for p in self.parties]
        rows = []
        for r in self.rows:
            rows.append({
                "hand": r.number,
                "contract": r.contract_text(symbols),
                "result": r.result_text(),
                "made": r.made,
                "scored": r.scored,
                "points": [_signed(r.points[k]) if r.points is not None else "—" for k in keys],
                "totals": [_num(r.totals[k]) if r.totals is not None else "—" for k in keys],
                "negative": [r.totals is not None and r.totals[k] < 0 for k in keys],
                "why": r.ruling.text if r.ruling else "",
                "note": r.note or "",
                "remark": r.remark or "",
                "ends": r.end is not None,
            })
        return {
            "title": self.title,
            "preset": self.rules.name,
            "parties": [{"key": p.key, "name": p.name, "short": p.short} for p in self.parties],
            "settings": self.settings(),
            "changed": [f"{_LABELS.get(k, k)}: {_value_words(k, b)} (the file: {_value_words(k, a)})"
                        for k, (a, b) in self.changed.items()],
            "rows": rows,
            "finished": self.finished,
            "status": self.status(),
            "standings": [
                {"rank": s.rank, "name": s.party.name, "short": s.party.short, "total": _num(s.total),
                 "winner": s.winner, "loser": s.loser}
                for s in self.standings
            ],
        }


_LABELS = {
    "target": "Play to",
    "lose_at": "Lose at minus",
    "slam": "Taking all ten tricks",
    "misere_value": "Misère is worth",
    "defender_trick_value": "Defenders score per trick",
    "defenders_score_in_misere": "Defenders score during misère",
    "misere_defenders_count": "Defenders during misère count",
    "three_handed": "Three-handed play",
    "lowest_bid": "Lowest legal bid",
    "win_on_defence": "Defenders' trick points can win",
}
_SLAM_WORDS = {
    "minimum250": "at least 250",
    "none": "the contract value",
    "plus250": "the contract value + 250",
}


def _setting_words(name: str, rules: RuleSet) -> str:
    return _value_words(name, getattr(rules, name))


def _value_words(name: str, value: object) -> str:
    if name == "slam":
        return _SLAM_WORDS[str(value)]
    if name == "misere_defenders_count":
        return "their own tricks" if value == "their-tricks" else "the contractor's tricks"
    if name == "lowest_bid":
        return "six tricks" if value == 6 else "seven tricks"
    return _show(value)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return _num(value)
    return str(value)


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else _num(n)


def _bid_text(bid: Bid, symbols: bool) -> str:
    if bid.kind is not BidKind.TRICKS:
        return bid.pretty() if symbols else str(bid)
    if bid.strain is Strain.NO_TRUMPS:
        return f"{bid.tricks} no-trumps"
    return bid.pretty() if symbols else str(bid)


def _rules_for(
    match: Match, overrides: Mapping[str, object] | None
) -> tuple[RuleSet, dict[str, tuple[object, object]]]:
    base = match.rules
    if not overrides:
        return base, {}
    rules = base.with_settings(overrides)
    if rules.three_handed != base.three_handed:
        table = "three players" if match.three_handed else "two partnerships"
        raise RulesError(
            f"setting three_handed cannot be {'on' if rules.three_handed else 'off'} here: this match "
            f"was played by {table}"
        )
    changed = {k: (getattr(base, k), v) for k, v in rules.settings().items() if getattr(base, k) != v}
    return rules, changed


def _bid_problem(bid: Bid, rules: RuleSet) -> str | None:
    if bid.kind is BidKind.TRICKS and bid.tricks < rules.lowest_bid:
        return (f"{bid.words()} is below the lowest bid of {rules.lowest_bid} tricks "
                f"(setting lowest_bid), so this game cannot be scored under it")
    if bid.kind is BidKind.MISERE and not rules.misere:
        return "misère may not be bid under these rules (setting misere off)"
    if bid.kind is BidKind.OPEN_MISERE and not rules.open_misere:
        return "open misère may not be bid under these rules (setting open_misere off)"
    return None


def score_match(match: Match, overrides: Mapping[str, object] | None = None) -> ScoreSheet:
    """Score every hand of ``match`` in order, under its rules changed by ``overrides``.

    Raises :class:`~tutor.rules.RulesError` for an unknown setting or a value out of its range,
    and :class:`~tutor.match.MatchFileError` (``FILE:LINE: message``) for a hand that cannot be
    scored under these rules (a bid they do not allow; two opponents past the target with no
    trick order to say who was first).
    """
    rules, changed = _rules_for(match, overrides)
    names = {p.key: p.name for p in match.parties}
    parties = {p.key: p for p in match.parties}
    totals = dict.fromkeys(names, 0)
    rows: list[SheetRow] = []
    problems: list[FileProblem] = []
    end: MatchEnd | None = None
    finished_after: int | None = None
    for hand in match.hands:
        contractor = parties[hand.contractor] if hand.contractor else None
        value = contract_value(hand.bid, rules) if hand.bid else None
        bad = _bid_problem(hand.bid, rules) if hand.bid else None
        if bad:
            problems.append(FileProblem(match.path, hand.line, f"hand {hand.number}: {bad}", "rules"))
            continue
        if end is not None:
            made = None
            if hand.bid is not None and hand.contractor is not None:
                made = _would_make(hand.bid, hand.tricks[hand.contractor])
            rows.append(SheetRow(
                hand.number, hand.line, hand.bid, contractor, hand.bidder, value, hand.tricks, made,
                None, None, None, None,
                f"Played after the game ended (after hand {finished_after}): not scored.",
                hand.note, hand.file,
            ))
            continue
        if hand.bid is None or hand.contractor is None:
            rows.append(SheetRow(
                hand.number, hand.line, None, None, None, None, {}, None,
                dict.fromkeys(names, 0), dict(totals), None, None,
                "Everyone passed: the hand is thrown in and scores nothing.", hand.note, hand.file,
            ))
            continue
        forfeit = _FORFEIT if hand.joker_not_nominated and rules.misere_needs_joker_nominated else None
        deal = score_deal(hand.bid, hand.contractor, hand.tricks, rules, names=names,
                          bidder=hand.bidder, forfeit=forfeit)
        try:
            finish = deal_end(totals, deal, rules, names=names, order=hand.order)
        except TrickOrderNeeded as err:
            problems.append(FileProblem(
                match.path, hand.line,
                f"hand {hand.number}: {err}: add `order:` (who won each trick, in order)", "rules",
            ))
            continue
        totals = {k: totals[k] + deal.score[k] for k in totals}
        note = None
        if finish is None and not rules.win_on_defence:
            past = [k for k in totals if totals[k] >= rules.target and k != hand.contractor]
            if past:
                who = " and ".join(names[k] for k in past)
                note = (f"{who} {'is' if len(past) == 1 and match.three_handed else 'are'} past "
                        f"{rules.target}, but only a made contract wins: the defenders cannot back "
                        f"into a win on trick points.")
            elif totals[hand.contractor] >= rules.target:
                note = (f"{names[hand.contractor]} stay past {rules.target}, but a set contract "
                        f"does not win: only a made one does.")
        rows.append(SheetRow(
            hand.number, hand.line, hand.bid, contractor, hand.bidder, value, hand.tricks, deal.made,
            dict(deal.score), dict(totals), deal.ruling, finish, note, hand.note, hand.file,
        ))
        if finish is not None:
            end = finish
            finished_after = hand.number
    if problems:
        raise MatchFileError(problems)
    return ScoreSheet(match.title, match.parties, rules, changed, tuple(rows), totals, end, finished_after)


def _would_make(bid: Bid, taken: int) -> bool:
    return taken == 0 if bid.kind is not BidKind.TRICKS else taken >= bid.tricks  # grand nullo too


def parse_setting(text: str) -> tuple[str, object]:
    """Read ``name=value`` as a command line gives it: on/off are booleans, -500 a number.

    Whether the value is allowed is for :meth:`~tutor.rules.RuleSet.with_settings` to say.
    """
    name, sep, raw = text.partition("=")
    if not sep or not name.strip() or not raw.strip():
        raise RulesError(f"{text!r} is not a setting: write name=value, like target=300 or slam=none")
    value = raw.strip()
    word = value.lower()
    if word in ("on", "true", "yes"):
        return name.strip(), True
    if word in ("off", "false", "no"):
        return name.strip(), False
    try:
        return name.strip(), int(value.replace("−", "-"))
    except ValueError:
        return name.strip(), value
