"""Hand files: YAML in, :class:`~tutor.engine.hand.Hand` out, and back, with line numbers for every error.

Shaped like the ``json`` module: :func:`load`, :func:`loads`, :func:`dump`, :func:`dumps`.
:func:`check` replays a file and reports every problem as ``FILE:LINE: message``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

import yaml

from tutor.engine.auction import Call, parse_call
from tutor.engine.cards import Card, Suit, TutorError, parse_card
from tutor.engine.decision import Choice, LessonDecision
from tutor.engine.hand import LEVELS, Hand, RulesSpec
from tutor.engine.piles import TablePiles
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.engine.rules import RulesError, preset
from tutor.engine.seats import Seat
from tutor.files.decision import DecisionReading, decision_problems, resolve_decision
from tutor.files.guard import UnreadableFile, read_text, tree_problems
from tutor.files.notes import NoteReading
from tutor.files.text import one_line

__all__ = [
    "BOOL_TAG",
    "INT_TAG",
    "FileProblem",
    "HandFileError",
    "LoadedHand",
    "Reader",
    "check",
    "compose",
    "dump",
    "dumps",
    "load",
    "load_with_lines",
    "loads",
]

try:  # the C parser is several times faster; fall back to pure Python where it is missing
    _BaseLoader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader = yaml.SafeLoader

_RESOLVED: dict[tuple[Any, str, Any], str] = {}


class _Loader(_BaseLoader):  # type: ignore[misc]
    """The safe loader, remembering how each plain scalar resolved.

    Resolving a tag (is ``no`` a boolean? is ``10`` an integer?) runs regular expressions in
    Python for every scalar; hand files repeat the same few hundred scalars (cards, calls),
    so remembering the answer makes ``tutor check`` markedly faster. Same answers as PyYAML.
    """

    def resolve(self, kind: Any, value: str, implicit: Any) -> str:
        key = (kind, value, implicit)
        tag = _RESOLVED.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_RESOLVED) < 50_000:
                _RESOLVED[key] = tag
        return tag

_STR_TAG = "tag:yaml.org,2002:str"
_KNOWN_CARDS: dict[str, Card] = {}  # canonical card text → card, filled as files are read
_KNOWN_PLAYS: dict[str, Play] = {}
BOOL_TAG = "tag:yaml.org,2002:bool"
INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_NULL_TAG = "tag:yaml.org,2002:null"
_KEYS = ("title", "rules", "dealer", "hands", "kitty", "auction", "discard", "joker", "play",
         "notes", "tags", "summary", "level", "order", "partner", "partner_discard", "grand_slam",
         "piles", "par", "decision")
#: Every player holds ten cards, so no hand has more than ten tricks (in every variant).
MAX_TRICKS = 10
#: Every seat clockwise from North: hands are written in this order (N, E, S, W at four).
_CLOCKWISE = (Seat.N, Seat.NE, Seat.E, Seat.SE, Seat.S, Seat.SW, Seat.W, Seat.NW)

Where = tuple[str | int, ...]


@dataclass(frozen=True)
class FileProblem:
    """One problem in one file, at one line."""

    path: str
    line: int
    message: str
    rule: str = ""

    def __str__(self) -> str:
        """``FILE:LINE: message`` (``FILE: message`` for the file as a whole, line 0), one line:
        control characters in the path or message are shown escaped, so that a file name holding
        a newline cannot forge a second ``FILE:LINE:`` line or a terminal escape."""
        where = f"{self.path}:{self.line}" if self.line > 0 else self.path
        return one_line(f"{where}: {self.message}")


class FileProblems(TutorError):
    """A file that cannot be read; ``problems`` lists every problem with its line, and the
    message is those problems, one ``FILE:LINE: message`` line each."""

    def __init__(self, problems: list[FileProblem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class HandFileError(FileProblems):
    """A hand file that cannot be read; ``problems`` lists every problem with its line."""


@dataclass(frozen=True)
class LoadedHand:
    """A hand and where each part of it stands in its file."""

    hand: Hand
    path: str
    lines: Mapping[Where, int]

    def line_of(self, where: Where) -> int:
        """The line of the most precise part of ``where`` that the file has."""
        for n in range(len(where), 0, -1):
            line = self.lines.get(where[:n])
            if line is not None:
                return line
        return 1


class Reader(NoteReading, DecisionReading):
    """Turns composed YAML nodes into a Hand, recording lines and problems as it goes.

    Match files read their hands' keys with a subclass (:mod:`tutor.files.match`)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lines: dict[Where, int] = {}
        self.problems: list[FileProblem] = []

    def fail(self, node: yaml.Node | None, message: str, rule: str = "hand file") -> None:
        line = node.start_mark.line + 1 if node is not None else 1
        self.problems.append(FileProblem(self.path, line, message, rule))

    def mark(self, where: Where, node: yaml.Node) -> None:
        self.lines[where] = node.start_mark.line + 1

    # scalars -------------------------------------------------------------------------------
    def text(self, node: yaml.Node, what: str) -> str | None:
        if not isinstance(node, yaml.ScalarNode):
            self.fail(node, f"{what} must be a single value, not a {_kind(node)}")
            return None
        if node.tag == _NULL_TAG and not node.style:
            self.fail(node, f"{what} is empty: write a value after the colon")
            return None
        if node.tag == BOOL_TAG and not node.style:
            self.fail(
                node,
                f"{what} is {node.value!r}, which YAML reads as a boolean ({_bool(node.value)}), "
                f"not as text: put it in quotes if you mean the word",
            )
            return None
        return str(node.value)

    def items(self, node: yaml.Node, what: str) -> list[yaml.Node] | None:
        """A list, or a string of items separated by spaces or commas (a long form)."""
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        if isinstance(node, yaml.ScalarNode) and node.tag != _NULL_TAG and node.value.strip():
            parts = [p for p in re.split(r"[\s,]+", node.value.strip()) if p]
            return [yaml.ScalarNode("tag:yaml.org,2002:str", p, node.start_mark, node.end_mark)
                    for p in parts]
        self.fail(node, f"{what} must be a list, like [10S, 6H, JD]")
        return None

    def card(self, node: yaml.Node, where: Where, what: str) -> Card | None:
        self.mark(where, node)
        raw = self.text(node, what)
        if raw is None:
            return None
        try:
            return Card.parse(raw)
        except TutorError as err:
            self.fail(node, f"{what}: {err}", "card notation")
            return None

    def cards(self, node: yaml.Node, where: Where, what: str) -> tuple[Card, ...] | None:
        self.mark(where, node)
        items = self.items(node, what)
        if items is None:
            return None
        out: list[Card | None] = []
        lines = self.lines
        for i, item in enumerate(items):
            if item.__class__ is yaml.ScalarNode and item.tag == _STR_TAG:
                known = _KNOWN_CARDS.get(item.value)  # the fast path: a card seen before
                if known is not None:
                    lines[(*where, i)] = item.start_mark.line + 1
                    out.append(known)
                    continue
            card = self.card(item, (*where, i), what)
            if card is not None and item.value == str(card) and len(_KNOWN_CARDS) < 10_000:
                _KNOWN_CARDS[item.value] = card
            out.append(card)
        if any(c is None for c in out):
            return None
        return tuple(c for c in out if c is not None)

    # the whole file ------------------------------------------------------------------------
    def hand(self, root: yaml.Node) -> Hand | None:
        if not isinstance(root, yaml.MappingNode):
            self.fail(root, "not a hand file: a hand file is a mapping of keys (title, rules, dealer, "
                      "hands, …)", NOT_THIS_KIND)
            return None
        wrong = not_this_kind(root, "hand file")
        if wrong is not None:
            self.fail(root, wrong, NOT_THIS_KIND)
            return None
        fields: dict[str, yaml.Node] = {}
        key_nodes: dict[str, yaml.Node] = {}
        for key_node, value_node in root.value:
            key = str(key_node.value)
            if key in fields:
                self.fail(key_node, f"key {key!r} appears twice")
                continue
            if key not in _KEYS:
                self.fail(key_node, f"unknown key {key!r}: the keys are {', '.join(_KEYS)}")
                continue
            fields[key] = value_node
            key_nodes[key] = key_node
            self.lines[(key,)] = key_node.start_mark.line + 1
        for key in ("title", "rules", "dealer", "hands", "kitty", "auction"):
            if key not in fields:
                self.fail(root, f"the hand has no {key!r}, which every hand file needs")
        if self.problems:
            return None
        title = self.text(fields["title"], "title")
        rules = self.rules(fields["rules"])
        dealer = self.seat(fields["dealer"], ("dealer",), "dealer")
        hands = self.hands(fields["hands"])
        kitty = self.cards(fields["kitty"], ("kitty",), "kitty card")
        auction = self.auction(fields["auction"])
        discard = self.cards(fields["discard"], ("discard",), "discard") if "discard" in fields else ()
        joker = self.suit(fields["joker"]) if "joker" in fields else None
        play = self.play(fields["play"]) if "play" in fields else ()
        notes, claims = self.notes(fields["notes"]) if "notes" in fields else ({}, {})
        par = self.par(fields["par"]) if "par" in fields else None
        tags = self.tags(fields["tags"]) if "tags" in fields else ()
        summary = self.text(fields["summary"], "summary") if "summary" in fields else None
        level = self.level(fields["level"]) if "level" in fields else None
        order = self.path_order(fields["order"]) if "order" in fields else None
        partner = self.partner(fields["partner"]) if "partner" in fields else None
        # Extensions for West Seventh Street: grand nullo's exchange and grand slam's card.
        partner_discard = (
            self.cards(fields["partner_discard"], ("partner_discard",), "partner's discard")
            if "partner_discard" in fields else None
        )
        given = (
            self.card(fields["grand_slam"], ("grand_slam",), "grand slam card")
            if "grand_slam" in fields else None
        )
        # Extension for the two-handed game: each player's piles of table cards.
        piles = self.piles(fields["piles"]) if "piles" in fields else None
        decision = self.decision(fields["decision"], key_nodes["decision"]) if "decision" in fields else None
        if self.problems:
            return None
        assert title is not None and rules is not None and dealer is not None
        assert hands is not None and kitty is not None and auction is not None
        assert play is not None and tags is not None
        hand = Hand(
            title=title,
            rules_spec=rules,
            dealer=dealer,
            hands=hands,
            kitty=kitty,
            auction=auction,
            discard=discard if "discard" in fields else None,
            joker=joker,
            play=play,
            notes=notes,
            tags=tags,
            summary=summary,
            level=level,
            order=order,
            partner=partner,
            partner_discard=partner_discard,
            grand_slam=given,
            piles=piles,
            par=par,
            claims=claims,
            decision=decision,
        )
        if decision is not None:
            resolved, where, message = resolve_decision(decision, hand)
            if resolved is None:
                self.problems.append(FileProblem(self.path, self.lines.get(where, self.lines[("decision",)]),
                                                 message, "decision"))
                return None
            hand = dataclasses.replace(hand, decision=resolved)
        return hand

    def rules(self, node: yaml.Node) -> RulesSpec | None:
        if isinstance(node, yaml.ScalarNode):
            name = self.text(node, "rules")
            if name is None:
                return None
            spec = RulesSpec(name)
        elif isinstance(node, yaml.MappingNode):
            name = None
            overrides: dict[str, object] = {}
            for key_node, value_node in node.value:
                key = str(key_node.value)
                if ("rules", key) in self.lines:
                    self.fail(key_node, f"rules: setting {key!r} appears twice", "rules")
                    continue
                self.mark(("rules", key), value_node)
                if key == "preset":
                    name = self.text(value_node, "rules preset")
                elif isinstance(value_node, yaml.ScalarNode):
                    overrides[key] = _setting_value(value_node)
                else:
                    self.fail(value_node, f"setting {key} must be a single value")
            if name is None:
                self.fail(node, "rules needs a preset: {preset: australian, …}")
                return None
            spec = RulesSpec(name, overrides)
        else:
            self.fail(node, "rules must be a preset name or a mapping with preset: and settings")
            return None
        try:
            base = preset(spec.preset)
        except RulesError as err:
            self.fail(node, str(err), "rules")
            return None
        ok = True
        if isinstance(node, yaml.MappingNode):
            # Each setting on its own, so that the line of the bad one is reported.
            for key_node, _value in node.value:
                key = str(key_node.value)
                if key == "preset" or key not in spec.overrides:
                    continue
                try:
                    base.with_settings({key: spec.overrides[key]})
                except RulesError as err:
                    self.fail(key_node, str(err), "rules")
                    ok = False
        return spec if ok else None

    def seat(self, node: yaml.Node, where: Where, what: str) -> Seat | None:
        self.mark(where, node)
        raw = self.text(node, what)
        if raw is None:
            return None
        try:
            return Seat.parse(raw)
        except TutorError as err:
            self.fail(node, f"{what}: {err}", "seats")
            return None

    def partner(self, node: yaml.Node) -> Card | Seat | Literal["alone"] | None:
        """Five-handed: ``alone``, a called card (``AH``) or a named player (``SE``)."""
        self.mark(("partner",), node)
        raw = self.text(node, "partner")
        if raw is None:
            return None
        if raw.strip().lower() == "alone":
            return "alone"
        try:
            return Seat.parse(raw)
        except TutorError:
            pass
        try:
            return parse_card(raw)
        except TutorError:
            self.fail(
                node,
                f"partner: cannot read {raw!r}: expected alone, a card to call (like AH) or a "
                f"seat (like SE)",
                "partner",
            )
            return None

    def suit(self, node: yaml.Node) -> Suit | None:
        self.mark(("joker",), node)
        raw = self.text(node, "joker")
        if raw is None:
            return None
        try:
            return Suit.parse(raw)
        except TutorError as err:
            self.fail(node, f"joker: {err}", "joker-nomination")
            return None

    def hands(self, node: yaml.Node) -> dict[Seat, tuple[Card, ...]] | None:
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, "hands must map each seat to its cards: {N: [...], E: [...], S: [...], W: [...]}")
            return None
        out: dict[Seat, tuple[Card, ...]] = {}
        for key_node, value_node in node.value:
            seat = self.seat(key_node, ("hands",), "hands")
            if seat is None:
                continue
            if seat in out:
                self.fail(key_node, f"hands has {seat.word} twice")
                continue
            cards = self.cards(value_node, ("hands", seat.value), f"{seat.word}'s card")
            if cards is not None:
                out[seat] = cards
        self.mark(("hands",), node)
        return out

    def piles(self, node: yaml.Node) -> dict[Seat, TablePiles] | None:
        """Two-handed: ``{N: {up: [five cards], down: [five cards]}, S: {...}}``; pile ``i`` is
        ``up[i]`` lying face up on ``down[i]``."""
        self.mark(("piles",), node)
        shape = "piles must map each seat to {up: [five cards], down: [five cards]}"
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, shape, "piles")
            return None
        out: dict[Seat, TablePiles] = {}
        for key_node, value_node in node.value:
            seat = self.seat(key_node, ("piles",), "piles")
            if seat is None:
                continue
            if seat in out:
                self.fail(key_node, f"piles has {seat.word} twice", "piles")
                continue
            self.mark(("piles", seat.value), key_node)
            if not isinstance(value_node, yaml.MappingNode):
                self.fail(value_node, shape, "piles")
                continue
            rows: dict[str, tuple[Card, ...] | None] = {}
            for row_key, row_node in value_node.value:
                name = str(row_key.value)
                if name not in ("up", "down") or name in rows:
                    self.fail(row_key, f"{seat.word}'s piles: {name!r} is not up or down, or "
                              f"appears twice: {shape}", "piles")
                    continue
                rows[name] = self.cards(row_node, ("piles", seat.value, name),
                                        f"{seat.word}'s {name} card")
            if set(rows) != {"up", "down"}:
                self.fail(value_node, f"{seat.word}'s piles need both up and down: {shape}", "piles")
                continue
            up, down = rows["up"], rows["down"]
            if up is not None and down is not None:
                out[seat] = TablePiles(up, down)
        return out

    def auction(self, node: yaml.Node) -> tuple[Call, ...] | None:
        self.mark(("auction",), node)
        items = self.items(node, "auction")
        if items is None:
            return None
        calls: list[Call] = []
        for i, item in enumerate(items):
            self.mark(("auction", i), item)
            raw = self.text(item, f"call {i + 1}")
            if raw is None:
                continue
            try:
                calls.append(parse_call(raw))
            except TutorError as err:
                self.fail(item, f"call {i + 1}: {err}", "bid notation")
        return tuple(calls)

    def play(self, node: yaml.Node) -> tuple[tuple[Play, ...], ...] | None:
        self.mark(("play",), node)
        if not isinstance(node, yaml.SequenceNode):
            self.fail(node, "play must be a list of tricks, each a list of cards in the order played")
            return None
        if len(node.value) > MAX_TRICKS:
            # Stop before reading: a hand holds ten tricks, and a file of thousands is a mistake.
            self.fail(node.value[MAX_TRICKS], f"play has {len(node.value)} tricks; a hand of Five "
                      f"Hundred has at most {MAX_TRICKS} (ten cards each)", "play")
            return None
        tricks: list[tuple[Play, ...]] = []
        for t, trick_node in enumerate(node.value):
            self.mark(("play", t), trick_node)
            items = self.items(trick_node, f"trick {t + 1}")
            if items is None:
                continue
            plays: list[Play] = []
            for c, item in enumerate(items):
                self.mark(("play", t, c), item)
                if item.__class__ is yaml.ScalarNode and item.tag == _STR_TAG:
                    known = _KNOWN_PLAYS.get(item.value)  # the fast path: a card seen before
                    if known is not None:
                        plays.append(known)
                        continue
                raw = self.text(item, f"trick {t + 1}, card {c + 1}")
                if raw is None:
                    continue
                try:
                    play = Play.parse(raw)
                    plays.append(play)
                    if raw == item.value and len(_KNOWN_PLAYS) < 10_000:
                        _KNOWN_PLAYS[raw] = play
                except TutorError as err:
                    self.fail(item, f"trick {t + 1}, card {c + 1}: {err}", "card notation")
            tricks.append(tuple(plays))
        return tuple(tricks)

    def level(self, node: yaml.Node) -> str | None:
        """The lesson's stage on the learning path: one of LEVELS (docs/hand-format.md)."""
        name = self.text(node, "level")
        if name is not None and name not in LEVELS:
            self.fail(node, f"level {name!r} is not a stage of the learning path: write one of "
                            f"{', '.join(LEVELS)}", "learning path")
            return None
        return name

    def path_order(self, node: yaml.Node) -> int | None:
        """The lesson's number along the learning path: a whole number from 1."""
        if not isinstance(node, yaml.ScalarNode) or node.tag != INT_TAG or node.style:
            self.fail(node, f"order must be a whole number from 1 (the lesson's place on the "
                            f"learning path), not {getattr(node, 'value', node)!r}", "learning path")
            return None
        value = int(node.value)
        if value < 1:
            self.fail(node, f"order must be a whole number from 1, not {value}", "learning path")
            return None
        return value

    def tags(self, node: yaml.Node) -> tuple[str, ...] | None:
        items = self.items(node, "tags")
        if items is None:
            return None
        out: list[str] = []
        for item in items:
            tag = self.text(item, "tag")
            if tag is not None and not tag.strip():
                self.fail(item, "a tag is empty: write a topic such as joker or misere", "tags")
            elif tag is not None:
                out.append(tag)
        return tuple(out)


#: The rule named by a problem that says the file is not the kind of file it was given as.
NOT_THIS_KIND = "kind of file"
_MATCH_KEYS = frozenset({"title", "rules", "partnerships", "players", "hands", "summary"})


def not_this_kind(root: yaml.MappingNode, kind: Literal["hand file", "match file"]) -> str | None:
    """Why a mapping is not a ``kind`` at all (a match file given as a hand, say), or None.

    The message never quotes the file: a path that leads to some other file must not have its
    lines printed back as "unknown key" messages.
    """
    keys = {k.value for k, _v in root.value if isinstance(k, yaml.ScalarNode)}
    hands = next((v for k, v in root.value if getattr(k, "value", None) == "hands"), None)
    if kind == "hand file":
        looks_like_match = bool(keys & {"partnerships", "players"}) or isinstance(hands, yaml.SequenceNode)
        if looks_like_match and keys <= _MATCH_KEYS:
            return ("this is a match file (a list of hands), not a hand file: score it with "
                    "`tutor score FILE`")
        if not keys & set(_KEYS):
            return f"not a hand file: it has none of a hand file's keys ({', '.join(_KEYS[:6])}, …)"
        return None
    if keys & {"dealer", "kitty", "auction", "play"} and not keys & {"partnerships", "players"}:
        return ("this is a hand file (one deal), not a match file: replay it with "
                "`tutor replay FILE`, or list it in a match file's hands (docs/match-format.md)")
    if not keys & _MATCH_KEYS:
        return "not a match file: it has none of a match file's keys (" + ", ".join(sorted(_MATCH_KEYS)) + ")"
    return None


def _kind(node: yaml.Node) -> str:
    return "list" if isinstance(node, yaml.SequenceNode) else "mapping"


def _bool(value: str) -> str:
    return "true" if value.lower() in ("yes", "true", "on", "y") else "false"


def _setting_value(node: yaml.ScalarNode) -> object:
    if node.style:
        return str(node.value)
    if node.tag == BOOL_TAG:
        return _bool(node.value) == "true"
    if node.tag == INT_TAG:
        try:
            return int(node.value.replace("_", ""))
        except ValueError:
            return str(node.value)
    return str(node.value)


def compose(text: str, path: str, what: str) -> yaml.Node | list[FileProblem]:
    """The YAML node tree of a file (lines kept), or the problem that stops it being read.

    ``what`` names the kind of file for the message about an empty one ("hand file").
    """
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(err, "problem", None) or str(err)
        return [FileProblem(path, line, f"not valid YAML: {problem}", "YAML")]
    if root is None:
        return [FileProblem(path, 1, "the file is empty", what)]
    node: yaml.Node = root
    unsafe = tree_problems(node, aliases="&" in text)  # no anchor, no alias: nothing is shared
    if unsafe:
        return [FileProblem(path, line, message, "YAML") for line, message in unsafe]
    return node


def load_with_lines(text: str, path: str = "<string>") -> LoadedHand:
    """Read a hand file, keeping the line of each part; raise :class:`HandFileError`."""
    reader = Reader(path)
    root = compose(text, path, "hand file")
    if isinstance(root, list):
        raise HandFileError(root)
    hand = reader.hand(root)
    if hand is None or reader.problems:
        raise HandFileError(reader.problems)
    return LoadedHand(hand, path, reader.lines)


def loads(text: str, path: str = "<string>") -> Hand:
    """Read a hand from YAML text."""
    return load_with_lines(text, path).hand


def load(fp: str | Path | IO[str]) -> Hand:
    """Read a hand from a path or an open text file."""
    if isinstance(fp, str | Path):
        try:
            text = read_text(fp, "hand file")
        except UnreadableFile as err:
            raise HandFileError([FileProblem(str(fp), 0, str(err), "file")]) from None
        return loads(text, str(fp))
    return loads(fp.read(), getattr(fp, "name", "<stream>"))


def check(path: str | Path, text: str | None = None) -> tuple[Replay | None, list[FileProblem]]:
    """Load and replay one file; return the replay (if it loaded) and every problem found."""
    name = str(path)
    try:
        if text is None:
            text = read_text(path, "hand file")
        loaded = load_with_lines(text, name)
    except HandFileError as err:
        return None, err.problems
    except UnreadableFile as err:
        return None, [FileProblem(name, 0, str(err), "file")]
    try:
        result = build(loaded.hand)
    except TutorError as err:
        return None, [FileProblem(name, 1, str(err), "rules")]
    problems = [
        FileProblem(name, loaded.line_of(p.where), p.message, p.rule) for p in result.problems
    ]
    problems += _note_problems(loaded, result)
    if not problems:
        problems += [FileProblem(name, loaded.line_of(where), message, "decision")
                     for where, message in decision_problems(result)]
    return result, problems


def _note_problems(loaded: LoadedHand, result: Replay) -> list[FileProblem]:
    out: list[FileProblem] = []
    written = loaded.hand.play
    for key in loaded.hand.notes:
        if key[0].isdigit():
            parts = [int(x) for x in key.split(".")]
            t = parts[0]
            ok = 1 <= t <= len(written) and (len(parts) == 1 or 1 <= parts[1] <= len(written[t - 1]))
            if not ok:
                out.append(FileProblem(
                    loaded.path,
                    loaded.line_of(("notes", key)),
                    f"note {key!r} is for a card or trick that the hand does not play",
                    "notes",
                ))
    del result
    return out


# writing ------------------------------------------------------------------------------------


#: What a literal block (``|``) cannot hold as it is: control characters other than newline and
#: tab, carriage returns, and the Unicode line breaks that YAML reads as new lines.
_NOT_IN_A_BLOCK = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


def _string(s: str, indent: str) -> str:
    if ("\n" in s and not s.startswith((" ", "\t")) and not re.search(r"[ \t]\n|[ \t]$", s)
            and not _NOT_IN_A_BLOCK.search(s)):
        body = s[:-1] if s.endswith("\n") else s
        chomp = "" if s.endswith("\n") and not s.endswith("\n\n") else "-"
        if s.endswith("\n\n"):
            return json.dumps(s, ensure_ascii=False)
        lines = "\n".join(f"{indent}  {line}" if line else "" for line in body.split("\n"))
        return f"|{chomp}\n{lines}"
    return json.dumps(s, ensure_ascii=False)


def _flow(items: Iterator[str] | list[str] | tuple[str, ...]) -> str:
    return "[" + ", ".join(items) + "]"


def dumps(hand: Hand) -> str:
    """The hand as canonical YAML: canonical notation, keys in the spec's order."""
    out: list[str] = [f"title: {_string(hand.title, '')}"]
    spec = hand.rules_spec
    if spec.overrides:
        settings = ", ".join(f"{k}: {_yaml_scalar(v)}" for k, v in spec.overrides.items())
        out.append(f"rules: {{preset: {spec.preset}, {settings}}}")
    else:
        out.append(f"rules: {spec.preset}")
    out.append(f"dealer: {hand.dealer.value}")
    out.append("hands:")
    for seat in _CLOCKWISE:
        if seat in hand.hands:
            out.append(f"  {seat.value}: {_flow([str(c) for c in hand.hands[seat]])}")
    out.append(f"kitty: {_flow([str(c) for c in hand.kitty])}")
    out.append(f"auction: {_flow([str(c) for c in hand.auction])}")
    if hand.discard is not None:
        out.append(f"discard: {_flow([str(c) for c in hand.discard])}")
    if hand.partner is not None:
        out.append(f"partner: {hand.partner}")
    if hand.joker is not None:
        out.append(f"joker: {hand.joker.value}")
    if hand.play:
        out.append("play:")
        out.extend(f"  - {_flow([str(p) for p in trick])}" for trick in hand.play)
    if hand.notes:
        out.append("notes:")
        for key, text in hand.notes.items():
            claim = hand.claims.get(key)
            if claim is None:
                out.append(f"  {json.dumps(key)}: {_string(text, '  ')}")
                continue
            out.append(f"  {json.dumps(key)}:")
            out.append(f"    text: {_string(text, '    ')}")
            if claim.best is not None:
                out.append(f"    best: {str(claim.best).lower()}")
            if claim.cost is not None:
                out.append(f"    cost: {claim.cost}")
            if claim.only:
                out.append("    only: true")
    if hand.par is not None:
        out.append(f"par: {hand.par}")
    if hand.tags:
        out.append(f"tags: {_flow([_tag(t) for t in hand.tags])}")
    if hand.summary is not None:
        out.append(f"summary: {_string(hand.summary, '')}")
    if hand.level is not None:
        out.append(f"level: {hand.level}")
    if hand.order is not None:
        out.append(f"order: {hand.order}")
    if hand.partner_discard is not None:
        out.append(f"partner_discard: {_flow([str(c) for c in hand.partner_discard])}")
    if hand.grand_slam is not None:
        out.append(f"grand_slam: {hand.grand_slam}")
    if hand.decision is not None:
        out.extend(_decision_lines(hand.decision))
    if hand.piles is not None:
        out.append("piles:")
        for seat in _CLOCKWISE:
            if seat in hand.piles:
                p = hand.piles[seat]
                out.append(f"  {seat.value}:")
                out.append(f"    up: {_flow([str(c) for c in p.up])}")
                out.append(f"    down: {_flow([str(c) for c in p.down])}")
    return "\n".join(out) + "\n"


def _decision_lines(d: LessonDecision) -> list[str]:
    def code(choice: Choice) -> str:
        return _flow([str(c) for c in choice]) if isinstance(choice, tuple) else str(choice)

    lines = ["decision:", f"  at: {json.dumps(d.at)}", f"  question: {_string(d.question, '  ')}",
             f"  choices: {_flow([code(c) for c in d.choices])}", f"  answer: {code(d.right)}"]
    if d.explanation is not None:
        lines.append(f"  explanation: {_string(d.explanation, '  ')}")
    if d.tricks:
        lines.append("  tricks: {" + ", ".join(f"{code(d.choices[i])}: {n}" for i, n in d.tricks.items())
                     + "}")
    if d.call is not None:
        lines.append(f"  call: {d.call + 1}")
    return lines


def _tag(tag: str) -> str:
    """A tag bare when YAML reads it back as the same text (``kitty``), else quoted (``"no"``)."""
    if re.fullmatch(r"[A-Za-z][\w-]*", tag) and yaml.safe_load(tag) == tag:
        return tag
    return json.dumps(tag, ensure_ascii=False)


def _yaml_scalar(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))


def dump(hand: Hand, fp: str | Path | IO[str]) -> None:
    """Write a hand as canonical YAML to a path or an open text file."""
    text = dumps(hand)
    if isinstance(fp, str | Path):
        Path(fp).write_text(text, "utf-8")
    else:
        fp.write(text)
