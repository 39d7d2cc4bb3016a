"""Whole numbers in tutor's files: plain decimal digits, and what was found instead, in words.

YAML 1.1 reads many spellings as numbers: ``0x10`` (hexadecimal, 16), ``010`` (octal, 8),
``0b11`` (binary), ``1_000``, ``1:30`` (base 60, 90), ``.inf``, and digits without end. A
hand file's ``order``, ``par``, ``cost`` and the like are small counts, so tutor takes only a
number written in plain digits (``7``, ``-1``) and says of anything else what YAML made of
it, so that the message can say what was expected and what was found.
"""

from __future__ import annotations

import re

import yaml

__all__ = ["found", "whole_number"]

_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
# Up to nine digits: every count in a file is far smaller, and int() is never asked to read
# thousands of digits (which Python refuses).
_PLAIN = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,8})")


def whole_number(node: yaml.Node) -> int | None:
    """The number a plain scalar writes in decimal digits (``7``, ``-1``); None for anything else
    (say what with :func:`found`)."""
    if (node.__class__ is yaml.ScalarNode and not node.style and node.tag == _INT
            and _PLAIN.fullmatch(node.value)):
        return int(node.value)
    return None


def found(node: yaml.Node) -> str:
    """What a node that is not a plain whole number holds, for "must be …, not FOUND"."""
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if not isinstance(node, yaml.ScalarNode):
        return "a mapping"
    value = str(node.value)
    shown = value if len(value) <= 24 else value[:20] + "…"
    if node.style:
        return f"the text {shown!r} (in quotes)"
    if node.tag == _NULL:
        return "nothing" if not value.strip() else f"{shown} (which YAML reads as nothing)"
    if node.tag == _BOOL:
        return f"{shown} (which YAML reads as a boolean)"
    if node.tag == _FLOAT:
        lower = value.lower()
        what = ("infinity" if "inf" in lower else "not a number" if "nan" in lower
                else "a number with a fraction or an exponent")
        return f"{shown} (which YAML reads as {what})"
    if node.tag == _INT:
        digits = value.lstrip("+-")
        if digits[:2].lower() == "0x":
            return f"{shown} (which YAML reads as a hexadecimal number)"
        if digits[:2].lower() == "0b":
            return f"{shown} (which YAML reads as a binary number)"
        if ":" in digits:
            return f"{shown} (which YAML reads as a base-60 number, like a time)"
        if "_" in digits:
            return f"{shown} (write the digits without underscores)"
        if digits.startswith("0"):
            return f"{shown} (which YAML reads as an octal number: write it without the leading zero)"
        return f"a number of {len(digits)} digits"
    return repr(shown)
