"""Hand files: YAML in, :class:`~tutor.engine.hand.Hand` out, and back, with line numbers for every error.

Shaped like the ``json`` module: :func:`load`, :func:`loads`, :func:`dump`, :func:`dumps`.
:func:`check` replays a file and reports every problem as ``FILE:LINE: message``.
The parts live in their own modules and are offered here under one name: the YAML nodes read
into a hand by :mod:`tutor.files.reader`, the problems as values in :mod:`tutor.files.problems`,
the writing in :mod:`tutor.files.handwrite`.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

import yaml

from tutor.engine.cards import TutorError
from tutor.engine.hand import Hand
from tutor.engine.replay import Replay, build
from tutor.files.decision import decision_problems
from tutor.files.guard import UnreadableFile, read_text, tree_problems
from tutor.files.handwrite import dump, dumps
from tutor.files.problems import FileProblem, HandFileError, LoadedHand
from tutor.files.reader import BOOL_TAG, INT_TAG, Reader

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
    "read",
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


def read(path: str | Path) -> str:
    """A hand file's text, read once through :func:`tutor.files.guard.read_text` (regular files
    of at most 256 kB); raise :class:`HandFileError` with the one line that says why not."""
    try:
        return read_text(path, "hand file")
    except UnreadableFile as err:
        raise HandFileError([FileProblem(str(path), 0, str(err), "file")]) from None


def load(fp: str | Path | IO[str]) -> Hand:
    """Read a hand from a path or an open text file."""
    if isinstance(fp, str | Path):
        return loads(read(fp), str(fp))
    return loads(fp.read(), getattr(fp, "name", "<stream>"))


def check(path: str | Path, text: str | None = None) -> tuple[Replay | None, list[FileProblem]]:
    """Load and replay one file; return the replay (if it loaded) and every problem found.

    ``text`` is the file's text when the caller has read it already (with :func:`read`)."""
    name = str(path)
    try:
        if text is None:
            text = read(path)
        loaded = load_with_lines(text, name)
    except HandFileError as err:
        return None, err.problems
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
            # past nine digits no hand plays it, and int() would refuse thousands of digits
            parts = [int(x) if len(x) <= 9 else 10**9 for x in key.split(".")]
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

