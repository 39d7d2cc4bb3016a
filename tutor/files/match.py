"""Match files: a whole game as YAML (the table, the rules, the hands in order), with a line for every error.

Shaped like :mod:`tutor.files.handfile`: :func:`load` and :func:`loads` return a :class:`Match`, and
every problem is a :class:`~tutor.files.handfile.FileProblem` printed as ``FILE:LINE: message``.
A hand is either a hand file (replayed, and its contract and tricks taken from the replay) or
a short entry such as ``{bid: 8H, by: EW, tricks: 7}``. Scoring the match under its rules, or
under other settings, is :func:`tutor.views.sheet.model.score_match`. The format is ``docs/match-format.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import yaml

from tutor.engine.auction import Bid, BidKind, Strain
from tutor.engine.cards import Joker, TutorError
from tutor.engine.hand import RulesSpec
from tutor.engine.replay import Replay
from tutor.engine.rules import RuleSet
from tutor.engine.seats import FOUR_SEATS, FOUR_SIDES, Seat, SeatError, Side
from tutor.files.guard import UnreadableFile, read_text
from tutor.files.handfile import check, compose
from tutor.files.numbers import found, whole_number
from tutor.files.problems import FileProblem, FileProblems
from tutor.files.reader import NOT_THIS_KIND, Reader, not_this_kind

__all__ = ["Match", "MatchFileError", "MatchHand", "Party", "load", "loads"]

_KEYS = ("title", "rules", "partnerships", "players", "hands", "summary")
_ENTRY_KEYS = ("bid", "by", "tricks", "order", "note", "file")
_SHORT = {Side.NS: "N/S", Side.EW: "E/W"}


class MatchFileError(FileProblems):
    """A match that cannot be read or scored; ``problems`` lists every problem with its line."""


@dataclass(frozen=True)
class Party:
    """Who keeps a score: a partnership (key ``NS`` or ``EW``) or, three-handed, one player."""

    key: str
    name: str
    short: str

    def to_json(self) -> dict[str, str]:
        return {"key": self.key, "name": self.name, "short": self.short}


@dataclass(frozen=True)
class MatchHand:
    """One hand of a match as written: the contract, who took how many tricks, and where it came from."""

    number: int
    line: int
    bid: Bid | None
    """``None`` when everyone passed and the hand was thrown in; the all-passed bid when it was
    played at no-trumps instead (setting all_pass), with every party's tricks."""
    contractor: str | None
    """The contractor's party key."""
    bidder: str | None
    """Words for who bid: a seat or player ("North"), else the partnership's name."""
    tricks: Mapping[str, int]
    """Every party's tricks, adding up to ten (empty when thrown in)."""
    order: tuple[str, ...] | None = None
    """The party that won each trick, in order, when known (always, for a hand file)."""
    joker_not_nominated: bool = False
    """A misère contractor played the joker without nominating its suit (known from a hand file)."""
    file: str | None = None
    replay: Replay | None = None
    note: str | None = None


@dataclass(frozen=True)
class Match:
    """A whole game as its match file holds it."""

    title: str
    path: str
    parties: tuple[Party, ...]
    rules_spec: RulesSpec
    hands: tuple[MatchHand, ...]
    rules_line: int = 1
    summary: str | None = None

    @property
    def three_handed(self) -> bool:
        return len(self.parties) == 3

    @property
    def rules(self) -> RuleSet:
        return self.rules_spec.resolve()

    def party(self, key: str) -> Party:
        for p in self.parties:
            if p.key == key:
                return p
        raise KeyError(key)


class _MatchReader(Reader):
    """Composed YAML nodes to a Match, with the hand-file reader's scalars, rules and line marks."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.base = Path(path).parent
        self.parties: list[Party] = []
        self.refs: dict[str, str] = {}  # what `by:` and `order:` may say (upper case) → party key
        self.seat_names: dict[Seat, str] = {}

    def fail(self, node: yaml.Node | None, message: str, rule: str = "match file") -> None:
        super().fail(node, message, rule)

    def match(self, root: yaml.Node) -> Match | None:
        if not isinstance(root, yaml.MappingNode):
            self.fail(root, "a match file is a mapping: title, partnerships or players, rules, hands")
            return None
        wrong = not_this_kind(root, "match file")
        if wrong is not None:
            self.fail(root, wrong, NOT_THIS_KIND)
            return None
        fields: dict[str, yaml.Node] = {}
        for key_node, value_node in root.value:
            key = str(key_node.value)
            if key in fields:
                self.fail(key_node, f"key {key!r} appears twice")
            elif key not in _KEYS:
                self.fail(key_node, f"unknown key {key!r}: the keys are {', '.join(_KEYS)}")
            else:
                fields[key] = value_node
                self.lines[(key,)] = key_node.start_mark.line + 1
        for key in ("rules", "hands"):
            if key not in fields:
                self.fail(root, f"the match has no {key!r}, which every match file needs")
        if "partnerships" in fields and "players" in fields:
            self.fail(fields["players"], "a match has partnerships or three players, not both")
        if self.problems:
            return None
        title = self.text(fields["title"], "title") if "title" in fields else Path(self.path).stem
        summary = self.text(fields["summary"], "summary") if "summary" in fields else None
        if "players" in fields:
            self.players(fields["players"])
        else:
            self.partnerships(fields.get("partnerships"))
        spec = self.rules(fields["rules"])
        if spec is not None:
            spec = self.table_rules(spec, fields["rules"])
        if self.problems or spec is None or title is None:
            return None
        hands = self.match_hands(fields["hands"], spec)
        if self.problems:
            return None
        return Match(title, self.path, tuple(self.parties), spec, tuple(hands),
                     self.lines[("rules",)], summary)

    # the table ------------------------------------------------------------------------------
    def partnerships(self, node: yaml.Node | None) -> None:
        names: dict[Side, str] = {}
        seen: set[str] = set()  # each player's name, so that nobody sits in two seats
        if node is not None:
            if not isinstance(node, yaml.MappingNode):
                self.fail(node, "partnerships maps NS and EW to names: {NS: [Ann, Bob], EW: The Smiths}")
                return
            for key_node, value_node in node.value:
                try:
                    side = Side.parse(str(key_node.value))
                except SeatError as err:
                    self.fail(key_node, f"partnerships: {err}")
                    continue
                if side in names:
                    self.fail(key_node, f"partnerships has {side.value} twice")
                    continue
                if isinstance(value_node, yaml.SequenceNode):
                    people = [self.text(n, f"{side.value} player") for n in value_node.value]
                    if len(people) != 2:
                        self.fail(value_node, f"{side.value} is two players, not {len(people)}")
                        continue
                    if any(p is None for p in people):
                        continue
                    twice = [p for p in people if p is not None and _norm(p) in seen]
                    if twice or (people[0] is not None and _norm(people[0]) == _norm(people[1] or "")):
                        self.fail(value_node, f"{(twice or people)[0]!r} plays in two seats: each "
                                              f"player sits in one partnership, in one seat")
                        continue
                    seen.update(_norm(p) for p in people if p is not None)
                    for seat, person in zip(side.seats, people, strict=True):
                        assert person is not None
                        self.seat_names[seat] = person
                        self.refs.setdefault(_norm(person), side.value)
                    names[side] = " & ".join(p for p in people if p)
                else:
                    text = self.text(value_node, f"{side.value}'s name")
                    if text is not None:
                        names[side] = text
        for side in FOUR_SIDES:
            self.parties.append(Party(side.value, names.get(side, side.word), _SHORT[side]))
            for ref in (side.value, side.value[::-1], f"{side.value[0]}/{side.value[1]}",
                        side.word):
                self.refs[_norm(ref)] = side.value
        for seat in FOUR_SEATS:
            self.refs[seat.value] = seat.side.value
            self.refs[_norm(seat.word)] = seat.side.value

    def players(self, node: yaml.Node) -> None:
        if not isinstance(node, yaml.SequenceNode) or len(node.value) != 3:
            self.fail(node, "players names the three players of a three-handed game: [Ann, Bob, Cat]")
            return
        for item in node.value:
            name = self.text(item, "player")
            if name is None:
                continue
            if _norm(name) in self.refs:
                self.fail(item, f"player {name!r} is named twice")
                continue
            self.parties.append(Party(name, name, name))
            self.refs[_norm(name)] = name

    def table_rules(self, spec: RulesSpec, node: yaml.Node) -> RulesSpec | None:
        """The rules say whether the game is three-handed; the table must agree."""
        three = len(self.parties) == 3
        players = spec.resolve().players
        if players not in (3, 4) or (players == 3 and not three):
            table = "three players" if three else "two partnerships (four players)"
            self.fail(_setting_node(node, "players"), f"the rules say players: {players}, but a match "
                      f"file scores {table}: {3 if three else 4} players", "rules")
            return None
        said = spec.overrides.get("three_handed")
        if said is None:
            said = spec.resolve().three_handed
            if three and not said:
                return RulesSpec(spec.preset, {**spec.overrides, "three_handed": True})
        if bool(said) != three:
            line_node = _setting_node(node, "three_handed")
            table = "three players" if three else "two partnerships"
            self.fail(line_node, f"the rules say three_handed {'on' if said else 'off'}, but the match "
                                 f"has {table}", "rules")
            return None
        return spec

    def ref(self, node: yaml.Node, what: str) -> str | None:
        raw = self.text(node, what)
        if raw is None:
            return None
        key = self.refs.get(_norm(raw))
        if key is None:
            shown = ", ".join(p.key for p in self.parties)
            extra = "" if len(self.parties) == 3 else " or a seat (N, E, S, W)"
            self.fail(node, f"{what} {raw!r} is not at this table: expected {shown}{extra}")
        return key

    # the hands ------------------------------------------------------------------------------
    def match_hands(self, node: yaml.Node, spec: RulesSpec) -> list[MatchHand]:
        if not isinstance(node, yaml.SequenceNode):
            self.fail(node, "hands must be a list, one hand an item: a hand file, or "
                            "{bid: 8H, by: EW, tricks: 7}")
            return []
        out: list[MatchHand] = []
        for i, item in enumerate(node.value):
            number = i + 1
            hand = None
            if isinstance(item, yaml.ScalarNode):
                path = self.text(item, f"hand {number}")
                if path is not None:
                    hand = self.hand_file(item, number, path, None, spec)
            elif isinstance(item, yaml.MappingNode):
                hand = self.entry(item, number, spec)
            else:
                self.fail(item, f"hand {number} must be a hand file's path or a mapping like "
                                f"{{bid: 8H, by: EW, tricks: 7}}")
            if hand is not None:
                out.append(hand)
        if not node.value:
            self.fail(node, "the match has no hands yet")
        return out

    def entry(self, node: yaml.MappingNode, number: int, spec: RulesSpec) -> MatchHand | None:
        fields: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in fields:
                self.fail(key_node, f"hand {number}: key {key!r} appears twice")
            elif key not in _ENTRY_KEYS:
                self.fail(key_node, f"hand {number}: unknown key {key!r}: a hand has "
                                    f"{', '.join(_ENTRY_KEYS)}")
            else:
                fields[key] = value_node
        line = node.start_mark.line + 1
        note = self.text(fields["note"], f"hand {number}'s note") if "note" in fields else None
        if "file" in fields:
            extra = [k for k in fields if k not in ("file", "note")]
            if extra:
                self.fail(node, f"hand {number} is a hand file; {', '.join(extra)} come from its replay")
                return None
            path = self.text(fields["file"], f"hand {number}'s file")
            return None if path is None else self.hand_file(fields["file"], number, path, note, spec)
        if "bid" not in fields:
            self.fail(node, f"hand {number} needs a bid (or `pass` if everyone passed), or a file")
            return None
        raw_bid = self.text(fields["bid"], f"hand {number}'s bid")
        if raw_bid is None:
            return None
        if raw_bid.strip().lower() in ("pass", "passed", "thrown-in", "thrown in"):
            extra = [k for k in fields if k not in ("bid", "note", "tricks", "order")]
            if extra:
                self.fail(node, f"hand {number} was thrown in (everyone passed), so it has no "
                                f"{', '.join(extra)}")
                return None
            if "tricks" not in fields and "order" not in fields:
                return MatchHand(number, line, None, None, None, {}, note=note)
            # Everyone passed and the hand was played at no-trumps (setting all_pass no-trumps).
            if "tricks" in fields and not isinstance(fields["tricks"], yaml.MappingNode):
                keys = ", ".join(f"{p.key}: 5" for p in self.parties)
                self.fail(fields["tricks"], f"hand {number}: everyone passed and there is no "
                                            f"contractor, so give each side's tricks, like {{{keys}}}")
                return None
            order = self.order(fields["order"], number) if "order" in fields else None
            tricks = self.tricks(fields.get("tricks"), node, number, "", order)
            if tricks is None:
                return None
            return MatchHand(number, line, Bid(BidKind.ALL_PASSED, strain=Strain.NO_TRUMPS), None,
                             None, tricks, order, note=note)
        try:
            bid = Bid.parse(raw_bid)
        except TutorError as err:
            self.fail(fields["bid"], f"hand {number}'s bid: {err}", "bid notation")
            return None
        for key in ("by", "tricks") if len(self.parties) == 2 else ("by",):
            if key not in fields:
                self.fail(node, f"hand {number} needs {key!r}")
        if "by" not in fields:
            return None
        by_raw = self.text(fields["by"], f"hand {number}'s by")
        contractor = self.ref(fields["by"], f"hand {number}'s by")
        if contractor is None or by_raw is None:
            return None
        bidder = self.bidder_words(by_raw, contractor)
        order = self.order(fields["order"], number) if "order" in fields else None
        tricks = self.tricks(fields.get("tricks"), node, number, contractor, order)
        if tricks is None:
            return None
        return MatchHand(number, line, bid, contractor, bidder, tricks, order, note=note)

    def bidder_words(self, raw: str, contractor: str) -> str:
        key = _norm(raw)
        if len(self.parties) == 3:
            return contractor
        for seat in FOUR_SEATS:
            if key in (seat.value, _norm(seat.word)):
                return self.seat_names.get(seat, seat.word)
        for name in self.seat_names.values():
            if key == _norm(name):
                return name
        return self.party_name(contractor)

    def party_name(self, key: str) -> str:
        return next(p.name for p in self.parties if p.key == key)

    def order(self, node: yaml.Node, number: int) -> tuple[str, ...] | None:
        items = self.items(node, f"hand {number}'s order")
        if items is None:
            return None
        out = [self.ref(item, f"hand {number}'s order: trick {i + 1}") for i, item in enumerate(items)]
        if any(o is None for o in out):
            return None
        if len(out) != 10:
            self.fail(node, f"hand {number}'s order names who won each of the ten tricks, "
                            f"not {len(out)}")
            return None
        return tuple(o for o in out if o is not None)

    def count(self, node: yaml.Node, what: str) -> int | None:
        n = whole_number(node)
        if n is None or not 0 <= n <= 10:
            self.fail(node, f"{what} must be a number of tricks from 0 to 10, not "
                            f"{found(node) if n is None else n}")
            return None
        return n

    def tricks(
        self,
        node: yaml.Node | None,
        entry: yaml.Node,
        number: int,
        contractor: str,
        order: tuple[str, ...] | None,
    ) -> dict[str, int] | None:
        keys = [p.key for p in self.parties]
        from_order = {k: order.count(k) for k in keys} if order is not None else None
        if node is None:
            if from_order is None:
                self.fail(entry, f"hand {number} needs tricks: each player's tricks, like "
                                 f"{{{', '.join(f'{k}: 3' for k in keys)}}}, or the order they were won")
            return from_order
        what = f"hand {number}'s tricks"
        out: dict[str, int] = {}
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                key = self.ref(key_node, f"{what}:")
                n = self.count(value_node, f"{what} for {key_node.value}")
                if key is None or n is None:
                    continue
                if key in out:
                    self.fail(key_node, f"{what} names {key} twice")
                out[key] = n
            missing = [k for k in keys if k not in out]
            if missing:
                self.fail(node, f"{what} must give every {'player' if len(keys) == 3 else 'side'}'s "
                                f"tricks; missing {', '.join(missing)}")
                return None
            if sum(out.values()) != 10:
                self.fail(node, f"{what} add up to {sum(out.values())}, not ten")
                return None
        elif len(keys) == 3:
            self.fail(node, f"{what}: in three-handed play each player scores their own tricks, so give "
                            f"them all, like {{{', '.join(f'{k}: 3' for k in keys)}}}")
            return None
        else:
            n = self.count(node, f"{what} (taken by the contractor's side)")
            if n is None:
                return None
            out = {k: n if k == contractor else 10 - n for k in keys}
        if from_order is not None and from_order != out:
            self.fail(node, f"{what} do not match the order the tricks were won in")
            return None
        return {k: out[k] for k in keys}

    def hand_file(
        self, node: yaml.Node, number: int, raw: str, note: str | None, spec: RulesSpec
    ) -> MatchHand | None:
        line = node.start_mark.line + 1
        if len(self.parties) == 3:
            self.fail(node, f"hand {number}: hand files are four-handed deals; a three-handed "
                            f"match gives each hand as {{bid: 7S, by: {self.parties[0].key}, tricks: …}}")
            return None
        path = Path(raw)
        if not path.is_absolute():
            path = self.base / path
        if not path.exists():
            self.fail(node, f"hand {number}: no such hand file {raw!r}")
            return None
        replay, problems = check(path)
        if any(p.rule in (NOT_THIS_KIND, "YAML", "file") for p in problems):
            # Said in one line, the file unquoted: a path may lead anywhere (../../etc/shadow).
            self.fail(node, f"hand {number}: {raw} is not a hand file that tutor can read "
                            f"({_reason(problems)})")
            return None
        if problems or replay is None:
            self.problems.extend(problems)
            self.fail(node, f"hand {number}: the hand file {raw} has the problems listed above")
            return None
        if replay.rules.name != spec.preset.strip().lower():
            self.fail(node, f"hand {number}: the hand file {raw} is played under {replay.rules.name} "
                            f"rules, but the match under {spec.preset}")
            return None
        if replay.rules.players != 4:
            self.fail(node, f"hand {number}: the hand file {raw} is a {replay.rules.players}-handed "
                            f"deal; a match's hand files are four-handed deals, so far")
            return None
        contract = replay.contract
        if replay.auction is not None and replay.auction.thrown_in:
            return MatchHand(number, line, None, None, None, {}, file=raw, replay=replay, note=note)
        if contract is None or replay.result is None:
            self.fail(node, f"hand {number}: the hand file {raw} does not play all ten tricks, so it "
                            f"has no score; give the hand as {{bid: …, by: …, tricks: …}} instead")
            return None
        won = replay.tricks_won()
        order = tuple(t.winner.side.value for t in replay.tricks if t.winner is not None)
        declarer = contract.declarer
        kept = contract.bid.is_misere and replay.hand.joker is None and any(
            seat == declarer and isinstance(play.card, Joker)
            for t in replay.tricks for seat, play in zip(t.seats, t.plays, strict=False)
        )
        return MatchHand(
            number, line, contract.bid, declarer.side.value,
            self.seat_names.get(declarer, declarer.word),
            {s.value: won[s] for s in FOUR_SIDES}, order, kept, raw, replay, note,
        )


def _setting_node(node: yaml.Node, name: str) -> yaml.Node:
    """The value of setting ``name`` in a rules mapping (for its line), else the rules node."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if str(k.value) == name:
                found: yaml.Node = v
                return found
    return node


def _reason(problems: list[FileProblem]) -> str:
    """Why a hand path is not a hand file, in words that quote none of its content."""
    first = problems[0]
    if first.rule == "file":
        return first.message
    if first.rule == "YAML":
        return "it is not valid YAML" if first.message.startswith("not valid YAML") else first.message
    if first.rule == NOT_THIS_KIND and first.message.startswith("this is a match file"):
        return "it is a match file"
    return "it is not a mapping of a hand file's keys"


def _norm(text: str) -> str:
    """How `by:` and `order:` are matched: case, spaces and dashes do not matter."""
    return "".join(text.upper().replace("–", "-").split())


def loads(text: str, path: str = "<string>") -> Match:
    """Read a match from YAML text; hand files are found relative to ``path``'s folder."""
    reader = _MatchReader(path)
    root = compose(text, path, "match file")
    if isinstance(root, list):
        raise MatchFileError(root)
    match = reader.match(root)
    if match is None or reader.problems:
        raise MatchFileError(reader.problems)
    return match


def load(fp: str | Path | IO[str]) -> Match:
    """Read a match from a path or an open text file."""
    if isinstance(fp, str | Path):
        try:
            text = read_text(fp, "match file")
        except UnreadableFile as err:
            raise MatchFileError([FileProblem(str(fp), 0, str(err), "file")]) from None
        return loads(text, str(fp))
    return loads(fp.read(), getattr(fp, "name", "<stream>"))
