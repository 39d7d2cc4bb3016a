"""Reading a hand file's YAML nodes into a :class:`~tutor.engine.hand.Hand`, every problem
recorded with its line (:class:`Reader`), and the checks on the kind of file and its scalars
that match files share.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Literal

import yaml

from tutor.engine.auction import Call, parse_call
from tutor.engine.cards import Card, Suit, TutorError, parse_card
from tutor.engine.hand import LEVELS, Hand, RulesSpec
from tutor.engine.piles import TablePiles
from tutor.engine.play import Play
from tutor.engine.rules import RulesError, preset
from tutor.engine.seats import Seat
from tutor.files.decision import DecisionReading, resolve_decision
from tutor.files.notes import NoteReading
from tutor.files.numbers import found, whole_number
from tutor.files.problems import FileProblem, Where

__all__ = ["BOOL_TAG", "INT_TAG", "MAX_TRICKS", "NOT_THIS_KIND", "Reader", "not_this_kind"]

_STR_TAG = "tag:yaml.org,2002:str"
_KNOWN_CARDS: dict[str, Card] = {}  # canonical card text → card, filled as files are read
_KNOWN_PLAYS: dict[str, Play] = {}
_KNOWN_CALLS: dict[str, Call] = {}  # calls are frozen values too: one for each text read
BOOL_TAG = "tag:yaml.org,2002:bool"
INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_NULL_TAG = "tag:yaml.org,2002:null"
_KEYS = ("title", "rules", "dealer", "hands", "kitty", "auction", "discard", "joker", "play",
         "notes", "tags", "summary", "level", "order", "partner", "partner_discard", "grand_slam",
         "piles", "par", "decision")
#: Every player holds ten cards, so no hand has more than ten tricks (in every variant).
MAX_TRICKS = 10


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
        out: list[Card] = []
        bad = False
        lines = self.lines
        for i, item in enumerate(items):
            if item.__class__ is yaml.ScalarNode and item.tag == _STR_TAG:
                known = _KNOWN_CARDS.get(item.value)  # the fast path: a card seen before
                if known is not None:
                    lines[(*where, i)] = item.start_mark.line + 1
                    out.append(known)
                    continue
            card = self.card(item, (*where, i), what)
            if card is None:
                bad = True
                continue
            if item.value == str(card) and len(_KNOWN_CARDS) < 10_000:
                _KNOWN_CARDS[item.value] = card
            out.append(card)
        return None if bad else tuple(out)

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
        notes, claims, kitty_claims = self.notes(fields["notes"]) if "notes" in fields else ({}, {}, {})
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
            kitty_claims=kitty_claims,
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
                elif (isinstance(value_node, yaml.ScalarNode) and value_node.tag == INT_TAG
                      and not value_node.style and whole_number(value_node) is None):
                    self.fail(value_node, f"setting {key} must be a whole number written in plain "
                                          f"digits, not {found(value_node)}", "rules")
                elif isinstance(value_node, yaml.ScalarNode):
                    overrides[key] = _setting_value(value_node)
                else:
                    self.fail(value_node, f"setting {key} must be a single value, not {found(value_node)}")
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
        lines = self.lines
        for i, item in enumerate(items):
            lines[("auction", i)] = item.start_mark.line + 1
            if item.__class__ is yaml.ScalarNode and item.tag == _STR_TAG:
                known = _KNOWN_CALLS.get(item.value)  # the fast path: a call seen before
                if known is not None:
                    calls.append(known)
                    continue
            raw = self.text(item, f"call {i + 1}")
            if raw is None:
                continue
            try:
                call = parse_call(raw)
            except TutorError as err:
                self.fail(item, f"call {i + 1}: {err}", "bid notation")
                continue
            calls.append(call)
            if raw == item.value and len(_KNOWN_CALLS) < 10_000:
                _KNOWN_CALLS[raw] = call
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
        lines = self.lines
        for t, trick_node in enumerate(node.value):
            lines[("play", t)] = trick_node.start_mark.line + 1
            items = self.items(trick_node, f"trick {t + 1}")
            if items is None:
                continue
            plays: list[Play] = []
            for c, item in enumerate(items):
                lines[("play", t, c)] = item.start_mark.line + 1
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
        value = whole_number(node)
        if value is None:
            self.fail(node, f"order must be a whole number from 1 (the lesson's place on the "
                            f"learning path), not {found(node)}", "learning path")
            return None
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
    number = whole_number(node)
    return number if number is not None else str(node.value)
