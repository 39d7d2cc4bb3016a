"""Score sheets: a whole match scored hand by hand under its rules, or under any other settings.

:func:`score_match` turns a :class:`~tutor.files.match.Match` into a :class:`ScoreSheet`: one
:class:`SheetRow` a hand (contract, result, each party's points and running totals, the
ruling that explains the score), the end of the game and why, and the final standings.
Change a setting (``score_match(match, {"target": 300})``) and the whole game is scored
again from the first hand. :meth:`ScoreSheet.view` is plain data for templates
(``templates/_score_sheet.html``, drawn by :mod:`tutor.views.sheet.html`); the terminal's text
is :func:`tutor.views.sheet.text.format_sheet`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.engine.auction import Bid, BidKind, Contract, contract_value
from tutor.engine.rules import RulesError, RuleSet
from tutor.engine.rulings import Ruling
from tutor.engine.scoring import GameEnd, TrickOrderNeeded, game_end, score_hand
from tutor.engine.seats import Side, table
from tutor.files.handfile import FileProblem
from tutor.files.match import Match, MatchFileError, MatchHand, Party
from tutor.views.sheet.words import LABELS, QUIET, bid_text, num, setting_words, signed, value_words

__all__ = [
    "SCORING_SETTINGS",
    "MatchEnd",
    "ScoreSheet",
    "SheetRow",
    "Standing",
    "parse_setting",
    "score_match",
]

#: The settings a score sheet shows: Cardzo's eight, whether trick points can win (American),
#: and the later settings that change a hand's score or the end of the game.
SCORING_SETTINGS = (
    "target", "lose_at", "slam", "misere_value", "defender_trick_value",
    "defenders_score_in_misere", "misere_defenders_count", "three_handed", "lowest_bid",
    "win_on_defence", "defenders_cap", "defenders_score", "all_pass", "open_misere_520",
    "grand_nullo", "grand_slam",
)
# misere_needs_joker_nominated changes a score too, but it is a rule of play: a sheet applies it
# to hand files and refuses it for short entries when changed (see _needs_play).


@dataclass(frozen=True)
class MatchEnd:
    """The end of the game as a sheet shows it: :class:`~tutor.engine.scoring.GameEnd` by party key."""

    winners: tuple[str, ...]
    losers: tuple[str, ...]
    ruling: Ruling

    def to_json(self) -> dict[str, object]:
        return {"winners": list(self.winners), "losers": list(self.losers), "ruling": self.ruling.to_json()}

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
        return f"{self.contractor.short} bid {bid_text(self.bid, symbols)} ({self.value})"

    def result_text(self) -> str:
        """``took 8 tricks — made``, ``took 7 tricks — set``, ``thrown in``, or when everyone
        passed and the hand was played at no-trumps, each party's tricks."""
        if (self.bid is None or self.contractor is None) and self.tricks:
            return "played at no-trumps: " + ", ".join(f"{k} took {n}" for k, n in self.tricks.items())
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
        """Winners first, then highest total; equal totals share a rank unless the game's end
        put one of them ahead (both past 500, the contractor wins): winners and losers marked."""
        won = self.end.winners if self.end is not None else ()
        ordered = sorted(self.parties, key=lambda p: (p.key not in won, -self.totals[p.key]))
        out: list[Standing] = []
        for i, p in enumerate(ordered):
            winner = self.end is not None and p.key in self.end.winners
            tied = bool(out) and out[-1].total == self.totals[p.key] and out[-1].winner == winner
            rank = out[-1].rank if tied else i + 1
            loser = self.end is not None and p.key in self.end.losers
            out.append(Standing(p, self.totals[p.key], rank, winner, loser))
        return tuple(out)

    def status(self) -> str:
        """One sentence: when and why the game ended, or that it goes on."""
        if self.end is not None:
            return f"Finished after hand {self.finished_after}. {self.end.ruling.text}"
        return (f"Not finished: no one has won yet (play to {self.rules.target}, "
                f"lose at {num(self.rules.lose_at)}).")

    def settings(self) -> list[tuple[str, str]]:
        """The scoring settings in force, as (label, value) pairs for a reader."""
        return [(LABELS[name], setting_words(name, self.rules)) for name in SCORING_SETTINGS
                if name not in QUIET or getattr(self.rules, name) != QUIET[name]]

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
                "points": [signed(r.points[k]) if r.points is not None else "—" for k in keys],
                "totals": [num(r.totals[k]) if r.totals is not None else "—" for k in keys],
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
            "changed": [f"{LABELS.get(k, k)}: {value_words(k, b)} (the file: {value_words(k, a)})"
                        for k, (a, b) in self.changed.items()],
            "rows": rows,
            "finished": self.finished,
            "status": self.status(),
            "standings": [
                {"rank": s.rank, "name": s.party.name, "short": s.party.short, "total": num(s.total),
                 "winner": s.winner, "loser": s.loser}
                for s in self.standings
            ],
        }


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
    if rules.players != base.players:
        raise RulesError(
            f"setting players cannot be {rules.players} here: this match was played by "
            f"{'three players' if match.three_handed else 'two partnerships'}"
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
    if bid.kind is BidKind.GRAND_NULLO and not rules.grand_nullo:
        return "grand nullo may not be bid under these rules (setting grand_nullo off)"
    return None


def score_match(match: Match, overrides: Mapping[str, object] | None = None) -> ScoreSheet:
    """Score every hand of ``match`` in order, under its rules changed by ``overrides``.

    Each hand is scored by :func:`tutor.engine.scoring.score_hand` and the end of the game decided by
    :func:`tutor.engine.scoring.game_end`, the same rules a replayed hand is scored by, with each
    party's total before the hand (``defenders_cap`` needs it). Raises
    :class:`~tutor.engine.rules.RulesError` for an unknown setting or a value out of its range, and
    :class:`~tutor.files.match.MatchFileError` (``FILE:LINE: message``) for a hand that cannot be
    scored under these rules: a bid they do not allow; a setting that needs the play of the
    cards when the hand is a short entry; two opponents past the target with no trick order to
    say who was first.
    """
    rules, changed = _rules_for(match, overrides)
    at = _Table(match, rules)
    names = {p.key: p.name for p in match.parties}
    parties = {p.key: p for p in match.parties}
    totals = dict.fromkeys(names, 0)
    rows: list[SheetRow] = []
    problems: list[FileProblem] = []
    end: MatchEnd | None = None
    finished_after: int | None = None
    for hand in match.hands:
        contractor = parties[hand.contractor] if hand.contractor else None
        bid = hand.bid if hand.bid is not None and not hand.bid.is_all_passed else None
        value = contract_value(bid, rules) if bid else None
        bad = _bid_problem(bid, rules) if bid else None
        bad = bad or _needs_play(hand, rules, changed, list(names))
        if bad:
            problems.append(FileProblem(match.path, hand.line, f"hand {hand.number}: {bad}", "rules"))
            continue
        if end is not None:
            made = None
            if bid is not None and hand.contractor is not None:
                made = _would_make(bid, hand.tricks[hand.contractor])
            rows.append(SheetRow(
                hand.number, hand.line, bid, contractor if bid else None, hand.bidder, value,
                hand.tricks, made, None, None, None, None,
                f"Played after the game ended (after hand {finished_after}): not scored.",
                hand.note, hand.file,
            ))
            continue
        contract = at.contract(hand)
        if contract is None or (contract.bid.is_all_passed and rules.all_pass != "no-trumps"):
            rows.append(SheetRow(
                hand.number, hand.line, None, None, None, None, {}, None,
                dict.fromkeys(names, 0), dict(totals), None, None,
                "Everyone passed: the hand is thrown in and scores nothing.", hand.note, hand.file,
            ))
            continue
        forfeit = _FORFEIT if hand.joker_not_nominated and rules.misere_needs_joker_nominated else None
        scored = score_hand(
            contract, at.by_side(hand.tricks), at.rules, forfeit=forfeit,
            totals=at.by_side(totals), names=at.names, bidder=hand.bidder,
        )
        after = {k: totals[k] + scored.score[at.side[k]] for k in totals}
        order = tuple(at.side[k] for k in hand.order) if hand.order is not None else None
        try:
            finish = game_end(at.by_side(after), scored, at.rules, names=at.names, order=order)
        except TrickOrderNeeded as err:
            problems.append(FileProblem(
                match.path, hand.line,
                f"hand {hand.number}: {err}: add `order:` (who won each trick, in order)", "rules",
            ))
            continue
        totals = after
        note = None
        if finish is None and not rules.win_on_defence and bid is not None and hand.contractor:
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
            hand.number, hand.line, bid, contractor if bid else None, hand.bidder, value,
            hand.tricks, scored.made if bid else None,
            {k: scored.score[at.side[k]] for k in names}, dict(totals), scored.ruling,
            at.match_end(finish), note, hand.note, hand.file,
        ))
        if finish is not None:
            end = at.match_end(finish)
            finished_after = hand.number
    if problems:
        raise MatchFileError(problems)
    return ScoreSheet(match.title, match.parties, rules, changed, tuple(rows), totals, end, finished_after)


class _Table:
    """The match's parties as the scoring rules' sides: the partnerships NS and EW, or the three
    players (seated East, South, West) of a three-handed game."""

    def __init__(self, match: Match, rules: RuleSet) -> None:
        players = 3 if match.three_handed else 4
        self.rules = rules if rules.players == players else dataclasses.replace(rules, players=players)
        sides = table(players).sides
        if match.three_handed:
            self.side = {p.key: s for p, s in zip(match.parties, sides, strict=True)}
        else:
            self.side = {p.key: Side.parse(p.key) for p in match.parties}
        self.key = {s: k for k, s in self.side.items()}
        self.names = {self.side[p.key]: p.name for p in match.parties}

    def by_side(self, counts: Mapping[str, int]) -> dict[Side, int]:
        return {self.side[k]: n for k, n in counts.items()}

    def contract(self, hand: MatchHand) -> Contract | None:
        """The contract as played: the hand file's own (with its declarer and any grand slam),
        else the short entry's bid by its party's first seat (the bidder's words name who)."""
        if hand.replay is not None and hand.replay.contract is not None:
            return hand.replay.contract
        if hand.bid is None:
            return None
        if hand.bid.is_all_passed:  # no contractor: the seat only says where the hand began
            return Contract(hand.bid, table(self.rules.players).seats[0])
        assert hand.contractor is not None
        return Contract(hand.bid.called(self.rules), self.side[hand.contractor].seats[0])

    def match_end(self, end: GameEnd | None) -> MatchEnd | None:
        if end is None:
            return None
        return MatchEnd(tuple(self.key[s] for s in end.winners), tuple(self.key[s] for s in end.losers),
                        end.ruling)


def _needs_play(
    hand: MatchHand, rules: RuleSet, changed: Mapping[str, object], hand_keys: list[str]
) -> str | None:
    """A setting this hand cannot be scored under without the play of its cards, or None."""
    played = hand.replay is not None
    if hand.bid is None and rules.all_pass == "no-trumps":
        if played:
            return ("everyone passed and the hand was thrown in, but under setting all_pass "
                    "no-trumps it would have been played at no-trumps, each side scoring its "
                    "tricks: its tricks are not known, so it cannot be scored under that setting")
        return ("everyone passed, and under setting all_pass no-trumps the hand is played at "
                "no-trumps with each side scoring its tricks: this entry does not say who took "
                "how many, so it cannot be scored (give them, like `tricks: {"
                + ", ".join(f"{k}: 5" for k in hand_keys) + "}`, or the hand file that plays it)")
    if (hand.replay is not None and hand.replay.contract is not None
            and hand.replay.contract.grand_slam and not rules.grand_slam):
        return ("the contractor declared a grand slam, which these rules do not allow (setting "
                "grand_slam off), so the hand cannot be scored under them")
    if (not played and hand.bid is not None and hand.bid.kind is not BidKind.TRICKS
            and "misere_needs_joker_nominated" in changed and rules.misere_needs_joker_nominated):
        return ("setting misere_needs_joker_nominated on loses a misère whose contractor kept the "
                "joker without nominating its suit, and only the play of the cards can show that: "
                "this short entry cannot be scored under it (give the hand file)")
    return None


def _would_make(bid: Bid, taken: int) -> bool:
    return taken == 0 if bid.kind is not BidKind.TRICKS else taken >= bid.tricks  # grand nullo too


def parse_setting(text: str) -> tuple[str, object]:
    """Read ``name=value`` as a command line gives it: on/off are booleans, -500 a number.

    Whether the value is allowed is for :meth:`~tutor.engine.rules.RuleSet.with_settings` to say.
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
