"""Small pieces of the command line kept out of ``tutor/cli.py``: argument types, the quiz's
fresh seed and the version line."""

from __future__ import annotations

import argparse
import secrets
import sys
import textwrap
from importlib import metadata

__all__ = ["WIDTH", "announce_seed", "fill_columns", "fresh_seed", "positive", "version"]

#: Terminal output fits this many columns.
WIDTH = 100


def fill_columns(head: str, text: str) -> str:
    """``head`` then ``text`` wrapped within :data:`WIDTH` columns, later lines under the text."""
    return textwrap.fill(text, width=WIDTH, initial_indent=head, subsequent_indent=" " * len(head),
                         break_on_hyphens=False)


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1 (``--count 0`` is refused)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def fresh_seed(seed: int | None, *, announce: bool = True) -> int:
    """``seed``, or a new one each run, printed to stderr (unless ``announce`` is False: then
    :func:`announce_seed` says it later) so that the same quiz can be asked again."""
    if seed is not None:
        return seed
    chosen = secrets.randbelow(1_000_000)
    if announce:
        announce_seed(chosen)
    return chosen


def announce_seed(seed: int) -> None:
    """Say on stderr which seed asks these questions again."""
    print(f"quiz seed {seed} (--seed {seed} asks these questions again)", file=sys.stderr)


def version() -> str:
    """``tutor X.Y.Z`` from the installed package's metadata."""
    try:
        number = metadata.version("tutor")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree
        number = "unknown"
    return f"tutor {number}"
