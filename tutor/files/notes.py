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
(:mod:`tutor.files.verify`).
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from tutor.engine.hand import NoteClaim
from tutor.files.numbers import found, whole_number

__all__ = ["CLAIM_KEYS", "NOTE_KEY", "NoteReading"]

NOTE_KEY = re.compile(r"intro|auction|discard|partner|outro|[0-9]+|[0-9]+\.[0-9]+")  # ASCII digits
CLAIM_KEYS = ("best", "cost", "only")
_CARD_KEY = re.compile(r"[0-9]+\.[0-9]+")
_BOOL = "tag:yaml.org,2002:bool"


class NoteReading:
    """The part of the hand-file reader that reads notes, claims and par (a mixin)."""

    lines: dict[tuple[str | int, ...], int]

    def fail(self, node: yaml.Node | None, message: str, rule: str = "hand file") -> None:
        raise NotImplementedError

    def mark(self, where: tuple[str | int, ...], node: yaml.Node) -> None:
        raise NotImplementedError

    def text(self, node: yaml.Node, what: str) -> str | None:
        raise NotImplementedError

    def notes(self, node: yaml.Node) -> tuple[dict[str, str], dict[str, NoteClaim]]:
        """The notes' texts by place, and the claims made on cards' notes."""
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, "notes must map a place (intro, auction, discard, 3, 3.2, outro) to text")
            return {}, {}
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
        return out, claims

    def _note_mapping(self, key: str, node: yaml.MappingNode) -> tuple[str | None, NoteClaim | None]:
        text: str | None = None
        found: dict[str, Any] = {}
        for k_node, v_node in node.value:
            k = str(k_node.value)
            self.mark(("notes", key, k), k_node)
            if k == "text":
                text = self.text(v_node, f"note {key}")
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
                                  f"{', '.join(CLAIM_KEYS)}")
        if text is None and not any(str(k.value) == "text" for k, _ in node.value):
            self.fail(node, f"note {key!r} has no text: write text: and the note")
        if not found:
            return text, None
        claim = NoteClaim(best=found.get("best"), cost=found.get("cost"), only=found.get("only", False))
        if claim.cost is not None and claim.best is not None and (claim.cost == 0) != claim.best:
            self.fail(node, f"note {key!r}: best: {str(claim.best).lower()} and cost: {claim.cost} "
                            f"contradict each other")
        if claim.only and (claim.best is False or (claim.cost or 0) > 0):
            self.fail(node, f"note {key!r}: only: true says the card was the only best card, "
                            f"so it cannot also have cost tricks")
        return text, claim

    def _claim_value(self, k: str, node: yaml.Node, key: str) -> bool | int | None:
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
        if k == "only" and not value:
            self.fail(node, f"note {key!r}: only: false says nothing; leave it out")
            return None
        return value

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
