"""What a hand or match file may cost to read: a size limit, regular files only, and a YAML tree
whose aliases stay small.

A hand file is a few kB and a match file not much more, so anything far larger is a mistake
(or an attack) and is refused before it is read; so is anything that is not a regular file
(a FIFO, ``/dev/zero``, a folder), which would otherwise be read forever. After composing, the
node tree is checked once, in time linear in the file, before anything formats a node: every
mapping key must be a single value, and aliases (``*name``) may not expand past
:data:`MAX_VALUES` values or refer to themselves (the "billion laughs" file).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import yaml

__all__ = ["MAX_BYTES", "MAX_VALUES", "UnreadableFile", "read_text", "tree_problems"]

#: The largest hand or match file read: 256 kB (a hand file is 1–3 kB).
MAX_BYTES = 256 * 1024
#: The most values a file may hold once its aliases are expanded.
MAX_VALUES = 100_000


class UnreadableFile(ValueError):
    """A file refused before it was read; the message says why, in words for the user."""


def read_text(path: str | Path, what: str = "hand file", *, limit: int = MAX_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes (:data:`MAX_BYTES`), as UTF-8.

    One ``stat`` and one read. Raises :class:`UnreadableFile` (with a one-line reason) for a
    missing file, a folder, a FIFO, a device or anything else that is not a regular file, a
    file over the limit, a file that cannot be opened and one that is not UTF-8 text. Every
    file tutor reads (hand, match and history files) comes through here.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise UnreadableFile("no such file") from None
    except OSError as err:
        raise UnreadableFile(f"cannot read it: {err.strerror or err}") from None
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile(f"this is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile(f"not a regular file (a pipe, device or socket), so not a {what}")
    if info.st_size > limit:
        raise UnreadableFile(_too_big(info.st_size, what, limit))
    try:
        # O_NONBLOCK: should the path have been swapped for a FIFO since the stat, opening it
        # must not wait for a writer; reading stops one byte past the limit whatever st_size said.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fp:
            if not stat.S_ISREG(os.fstat(fp.fileno()).st_mode):
                raise UnreadableFile(f"not a regular file, so not a {what}")
            data = fp.read(limit + 1)
    except OSError as err:
        raise UnreadableFile(f"cannot read it: {err.strerror or err}") from None
    if len(data) > limit:
        raise UnreadableFile(_too_big(len(data), what, limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UnreadableFile(f"not UTF-8 text (byte {err.start + 1}), so not a {what}") from None


def _too_big(size: int, what: str, limit: int) -> str:
    most = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} kB"
    why = ", and one deal takes a few kB" if what in ("hand file", "match file") else ""
    return f"the file is {size:,} bytes; a {what} may be at most {most} ({limit:,} bytes){why}"


def tree_problems(root: yaml.Node, *, aliases: bool = True) -> list[tuple[int, str]]:
    """Each ``(line, message)`` that stops the tree being read safely; empty when it is fine.

    Visits each distinct node once (aliases share nodes), so it is fast even for a file whose
    aliases would expand to billions of values. ``aliases=False`` says the text has no anchor
    (no ``&``), so no node is shared: then only the keys are checked, on the collections alone
    (``tutor check`` composes a thousand files a second, and this keeps the check cheap).
    """
    if not aliases:
        return _key_problems(root)
    problems: list[tuple[int, str]] = []
    sizes: dict[int, int] = {}  # id(node) -> its size with aliases expanded, capped
    open_: set[int] = set()  # nodes whose size is being worked out (a cycle comes back to one)
    cycle = False
    # An explicit stack, not recursion: a file of 10,000 nested brackets must not overflow.
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            total = 1
            for child in _children(node):
                total += sizes.get(id(child), 1)
                if total > MAX_VALUES:
                    break
            sizes[key] = min(total, MAX_VALUES + 1)
            continue
        if key in sizes:
            continue
        if key in open_:
            cycle = True
            sizes[key] = 1
            continue
        open_.add(key)
        stack.append((node, True))
        if isinstance(node, yaml.MappingNode):
            for k, _v in node.value:
                if not isinstance(k, yaml.ScalarNode):
                    problems.append((k.start_mark.line + 1, "a key must be a single value such as a "
                                     "word or a number, not a list or a mapping"))
        for child in _children(node):
            if id(child) in open_:
                cycle = True
            elif id(child) not in sizes:
                stack.append((child, False))
    line = root.start_mark.line + 1
    if cycle:
        problems.append((line, "an alias (*name) refers to the value it is part of, which would "
                               "never end; write the value out instead"))
    if sizes.get(id(root), 1) > MAX_VALUES:
        problems.append((line, f"the aliases (*name) in this file expand to more than "
                               f"{MAX_VALUES:,} values; a hand or match file needs a few hundred"))
    return problems


def _key_problems(root: yaml.Node) -> list[tuple[int, str]]:
    """The non-scalar mapping keys of a tree without shared nodes (no aliases)."""
    problems: list[tuple[int, str]] = []
    scalar = yaml.ScalarNode
    stack = [root]
    while stack:
        node = stack.pop()
        if node.__class__ is yaml.MappingNode:
            for k, v in node.value:
                if k.__class__ is not scalar:
                    problems.append((k.start_mark.line + 1, "a key must be a single value such as a "
                                     "word or a number, not a list or a mapping"))
                    stack.append(k)
                if v.__class__ is not scalar:
                    stack.append(v)
        elif node.__class__ is yaml.SequenceNode:
            stack.extend(n for n in node.value if n.__class__ is not scalar)
    return problems


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []
