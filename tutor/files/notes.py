"""Reading a hand file's ``notes:`` and ``par:``, including the claims the solver verifies.

A note is text, or a mapping with the text and what it claims about its card::

    notes:
      "2.1": West leads the 5 of spades.            # plain text, as always
      "2.2":
        text: East plays the 7, below the 9.
        best: true                                 # the card was a best card
      "4.3": {text: "The king cost a trick.", cost: 1}

``best: true`` (a best card), ``best: false`` (it cost tricks), ``cost: N`` (exactly N tricks
lost against best play) and ``only: true`` (the only best card among the legal plays) belong on
a card's note (``"3.2"``). ``tutor check`` verifies them, and ``par:``, with the solver
(:mod:`tutor.files.verify`). Chances are figures on notes too: ``make: 71`` and ``best_chance:
true`` on a card's note (single-dummy, verified by :mod:`tutor.teach.chancecheck`), and on the
intro, auction or discard note the kitty's odds, counted exactly::

      intro:
        text: South hopes for a trump from the kitty.
        kitty: {seat: S, brings: {suit: trumps, at_least: 1}, percent: 52}
"""

from __future__ import annotations

import re
from typing import Any, Literal

import yaml

from tutor.engine.cards import Card, Suit, TutorError
from tutor.engine.hand import KittyClaim, NoteClaim
from tutor.engine.seats import Seat
from tutor.files.numbers import found, whole_number

__all__ = ["CLAIM_KEYS", "KITTY_NOTES", "NOTE_KEY", "NoteReading"]

NOTE_KEY = re.compile(r"intro|auction|discard|partner|outro|[0-9]+|[0-9]+\.[0-9]+")  # ASCII digits
CLAIM_KEYS = ("best", "cost", "only", "make", "best_chance")
#: The notes a kitty claim may sit on: before anyone sees the kitty, or where it is taken.
KITTY_NOTES = ("intro", "auction", "discard")
_SUIT_WORDS = {suit.word: suit for suit in Suit}
_CARD_KEY = re.compile(r"[0-9]+\.[0-9]+")
_BOOL = "tag:yaml.org,2002:bool"


class NoteReading:
    """The part of the hand-file reader that reads notes, claims and par (a mixin)."""

    lines: dict[tuple[str | int, ...], int]
    kitty_claims: dict[str, tuple[KittyClaim, ...]]

    def fail(self, node: yaml.Node | None, message: str, rule: str = "hand file") -> None:
        raise NotImplementedError

    def mark(self, where: tuple[str | int, ...], node: yaml.Node) -> None:
        raise NotImplementedError

    def text(self, node: yaml.Node, what: str) -> str | None:
        raise NotImplementedError

    def notes(self, node: yaml.Node) -> tuple[dict[str, str], dict[str, NoteClaim],
                                              dict[str, tuple[KittyClaim, ...]]]:
        """The notes' texts by place, the claims made on cards' notes, and the kitty claims."""
        self.kitty_claims = {}
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, "notes must map a place (intro, auction, discard, 3, 3.2, outro) to text")
            return {}, {}, {}
        out: dict[str, str] = {}
        claims: dict[str, NoteClaim] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in out or key in claims:
                self.fail(key_node, f"note {key!r} appears twice: write both in one note", "notes")
                continue
            self.mark(("notes", key), key_node)
            if not NOTE_KEY.fullmatch(key):
                self.fail(
                    key_node,
                    f"note {key!r}: a note belongs to intro, auction, discard, a trick (\"3\"), "
                    f"a card (\"3.2\") or outro",
                )
                continue
            if isinstance(value_node, yaml.MappingNode):
                text, claim = self._note_mapping(key, value_node)
                if claim is not None:
                    claims[key] = claim
            else:
                text = self.text(value_node, f"note {key}")
            if text is not None:
                out[key] = text
        return out, claims, self.kitty_claims

    def _note_mapping(self, key: str, node: yaml.MappingNode) -> tuple[str | None, NoteClaim | None]:
        text: str | None = None
        found: dict[str, Any] = {}
        for k_node, v_node in node.value:
            k = str(k_node.value)
            self.mark(("notes", key, k), k_node)
            if k == "text":
                text = self.text(v_node, f"note {key}")
            elif k == "kitty":
                if key not in KITTY_NOTES:
                    self.fail(k_node, f"note {key!r}: kitty: is a claim about the kitty's odds, so it "
                                      f"belongs on the {', '.join(KITTY_NOTES[:-1])} or "
                                      f"{KITTY_NOTES[-1]} note, before the kitty is seen")
                    continue
                kitty = self._kitty_claims(key, v_node)
                if kitty:
                    self.kitty_claims[key] = kitty
            elif k in CLAIM_KEYS:
                if not _CARD_KEY.fullmatch(key):
                    self.fail(k_node, f"note {key!r}: {k}: is a claim about one card, so it belongs "
                                      f"on a card's note (\"3.2\")")
                    continue
                value = self._claim_value(k, v_node, key)
                if value is not None:
                    found[k] = value
            else:
                self.fail(k_node, f"note {key!r}: unknown key {k!r}: a note has text and may claim "
                                  f"{', '.join(CLAIM_KEYS)} (on a card's note) or kitty (on the "
                                  f"{', '.join(KITTY_NOTES)} note)")
        if text is None and not any(str(k.value) == "text" for k, _ in node.value):
            self.fail(node, f"note {key!r} has no text: write text: and the note")
        if not found:
            return text, None
        claim = NoteClaim(best=found.get("best"), cost=found.get("cost"), only=found.get("only", False),
                          make=found.get("make"), best_chance=found.get("best_chance", False))
        if claim.cost is not None and claim.best is not None and (claim.cost == 0) != claim.best:
            self.fail(node, f"note {key!r}: best: {str(claim.best).lower()} and cost: {claim.cost} "
                            f"contradict each other")
        if claim.only and (claim.best is False or (claim.cost or 0) > 0):
            self.fail(node, f"note {key!r}: only: true says the card was the only best card, "
                            f"so it cannot also have cost tricks")
        return text, claim

    def _claim_value(self, k: str, node: yaml.Node, key: str) -> bool | int | None:
        if k == "make":
            return self._percent(node, f"note {key!r}: make:", "the percent of the layouts in which "
                                 "the card makes the contract (for a defender: sets it)")
        if k == "cost":
            cost = whole_number(node)
            if cost is None or cost < 0:
                self.fail(node, f"note {key!r}: cost: must be a number of tricks (0 or more), "
                                f"not {found(node) if cost is None else cost}")
                return None
            return cost
        if not isinstance(node, yaml.ScalarNode) or node.style:
            self.fail(node, f"note {key!r}: {k}: must be true or false")
            return None
        if node.tag != _BOOL:
            self.fail(node, f"note {key!r}: {k}: must be true or false, not {node.value!r}")
            return None
        value = node.value.lower() in ("yes", "true", "on", "y")
        if k in ("only", "best_chance") and not value:
            self.fail(node, f"note {key!r}: {k}: false says nothing; leave it out")
            return None
        return value

    def _percent(self, node: yaml.Node, what: str, meaning: str) -> int | None:
        value = whole_number(node)
        if value is None or not 0 <= value <= 100:
            self.fail(node, f"{what} must be a whole percent from 0 to 100 ({meaning}), not "
                            f"{found(node) if value is None else value}")
            return None
        return value

    def _kitty_claims(self, key: str, node: yaml.Node) -> tuple[KittyClaim, ...]:
        """``kitty:``: one claim (a mapping) or a list of them."""
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        out = []
        for i, item in enumerate(items):
            self.mark(("notes", key, "kitty", i), item)
            claim = self._kitty_claim(key, item)
            if claim is not None:
                out.append(claim)
        return tuple(out)

    def _kitty_claim(self, key: str, node: yaml.Node) -> KittyClaim | None:
        shape = ("kitty: {seat: S, brings: {suit: trumps, at_least: 1}, percent: 52} (or brings: "
                 "{any_of: [Jo, JH]})")
        what = f"note {key!r}: kitty"
        fields = self._mapping(node, what, shape, ("seat", "brings", "percent"))
        if fields is None:
            return None
        seat = self._seat(fields["seat"], what)
        percent = self._percent(fields["percent"], f"{what}: percent:",
                                "the chance the kitty brings the cards, counted exactly")
        brings = self._mapping(fields["brings"], f"{what}: brings", shape, (), ("suit", "any_of", "at_least"))
        if seat is None or percent is None or brings is None:
            return None
        if ("suit" in brings) == ("any_of" in brings):
            self.fail(fields["brings"], f"{what}: brings: names either a suit or any_of: a list "
                                        f"of cards, one of the two")
            return None
        at_least = 1
        if "at_least" in brings:
            least = brings["at_least"]
            number = whole_number(least)
            if number is None or number < 1:
                self.fail(least, f"{what}: at_least: must be a number of cards from 1, "
                                 f"not {found(least) if number is None else number}")
                return None
            at_least = number
        if "suit" in brings:
            suit = self._suit(brings["suit"], what)
            return None if suit is None else KittyClaim(seat, percent, at_least, suit=suit)
        cards = self._card_list(brings["any_of"], what)
        return None if cards is None else KittyClaim(seat, percent, at_least, any_of=cards)

    def _mapping(self, node: yaml.Node, what: str, shape: str, required: tuple[str, ...],
                 optional: tuple[str, ...] = ()) -> dict[str, yaml.Node] | None:
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, f"{what} must be a mapping: {shape}")
            return None
        fields: dict[str, yaml.Node] = {}
        for k_node, v_node in node.value:
            k = str(k_node.value)
            if k not in required + optional or k in fields:
                self.fail(k_node, f"{what}: {k!r} is unknown or appears twice: {shape}")
                return None
            fields[k] = v_node
        missing = [k for k in required if k not in fields]
        if missing:
            self.fail(node, f"{what} has no {', '.join(missing)}: {shape}")
            return None
        return fields

    def _seat(self, node: yaml.Node, what: str) -> Seat | None:
        raw = self.text(node, f"{what}: seat")
        if raw is None:
            return None
        try:
            return Seat.parse(raw)
        except TutorError as err:
            self.fail(node, f"{what}: seat: {err}")
            return None

    def _suit(self, node: yaml.Node, what: str) -> Suit | Literal["trumps"] | None:
        raw = self.text(node, f"{what}: suit")
        if raw is None:
            return None
        word = raw.strip().lower()
        if word == "trumps":
            return "trumps"
        if word in _SUIT_WORDS:
            return _SUIT_WORDS[word]
        try:
            return Suit.parse(raw)
        except TutorError:
            self.fail(node, f"{what}: suit: {raw!r} is not a suit: write trumps, spades, clubs, "
                            f"diamonds or hearts")
            return None

    def _card_list(self, node: yaml.Node, what: str) -> tuple[Card, ...] | None:
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            self.fail(node, f"{what}: any_of: must be a list of cards, like [Jo, JH, JD]")
            return None
        out = []
        for item in node.value:
            raw = self.text(item, f"{what}: any_of card")
            if raw is None:
                return None
            try:
                out.append(Card.parse(raw))
            except TutorError as err:
                self.fail(item, f"{what}: any_of: {err}", "card notation")
                return None
        return tuple(out)

    def par(self, node: yaml.Node) -> int | None:
        """``par:``, the contractor's side's tricks with best play after the discard."""
        self.mark(("par",), node)
        value = whole_number(node)
        if value is None:
            self.fail(node, f"par must be a number of tricks (the contractor's side's, with best "
                            f"play by everyone after the discard), not {found(node)}")
            return None
        if not 0 <= value <= 10:
            self.fail(node, f"par {value} is not a number of tricks from 0 to 10")
            return None
        return value
