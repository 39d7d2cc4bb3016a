"""Hand files written: a :class:`~tutor.engine.hand.Hand` as canonical YAML (:func:`dumps`, :func:`dump`).

The reading half, with line numbers for every error, is :mod:`tutor.files.handfile`, which
also offers these two under its own name (shaped like the ``json`` module). What is written
reads back as the same hand: canonical card notation, keys in the spec's order, text as a
literal block where YAML keeps it exactly and as a JSON string where it would not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import yaml

from tutor.engine.decision import Choice, LessonDecision
from tutor.engine.hand import Hand, KittyClaim, NoteClaim
from tutor.engine.seats import Seat

__all__ = ["dump", "dumps"]

_CLOCKWISE = (Seat.N, Seat.NE, Seat.E, Seat.SE, Seat.S, Seat.SW, Seat.W, Seat.NW)

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
            kitty = hand.kitty_claims.get(key, ())
            if claim is None and not kitty:
                out.append(f"  {json.dumps(key)}: {_string(text, '  ')}")
                continue
            out.append(f"  {json.dumps(key)}:")
            out.append(f"    text: {_string(text, '    ')}")
            if claim is not None:
                out.extend(_claim_lines(claim))
            if kitty:
                out.append("    kitty:")
                out.extend(f"      - {_kitty_flow(k)}" for k in kitty)
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


def _claim_lines(claim: NoteClaim) -> list[str]:
    out = []
    if claim.best is not None:
        out.append(f"    best: {str(claim.best).lower()}")
    if claim.cost is not None:
        out.append(f"    cost: {claim.cost}")
    if claim.only:
        out.append("    only: true")
    if claim.make is not None:
        out.append(f"    make: {claim.make}")
    if claim.best_chance:
        out.append("    best_chance: true")
    return out


def _kitty_flow(claim: KittyClaim) -> str:
    """``{seat: S, brings: {suit: trumps, at_least: 1}, percent: 52}``"""
    if claim.suit is None:
        what = f"any_of: {_flow([str(c) for c in claim.any_of])}"
    else:
        what = f"suit: {claim.suit if claim.suit == 'trumps' else claim.suit.word}"
    return (f"{{seat: {claim.seat.value}, brings: {{{what}, at_least: {claim.at_least}}}, "
            f"percent: {claim.percent}}}")
