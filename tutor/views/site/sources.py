"""What a site is built from: hand files read into lessons, match files into score sheet pages.

Each hand file is read once (through the guard) and checked; a good one becomes a
:class:`Lesson`, already turned into what its page shows: the page's model
(:func:`~tutor.views.site.pages.lesson_view`), with the solver's analysis added when asked
(:mod:`tutor.views.site.analysed`), and the hand viewer's data (:mod:`tutor.views.site.viewer`).
A file with problems is left out, and its problems kept to report; it never stops the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

import jinja2

from tutor.engine.cards import TutorError
from tutor.engine.hand import LEVELS
from tutor.files.handfile import FileProblem, HandFileError, check, read
from tutor.files.match import MatchFileError, load
from tutor.files.text import one_line
from tutor.views.shared.render import Pictures
from tutor.views.sheet.html import render_score_sheet
from tutor.views.sheet.model import score_match
from tutor.views.site.analysed import AnalysisCache, add_analysis, content_key
from tutor.views.site.pages import lesson_summary, lesson_view
from tutor.views.site.templating import Page
from tutor.views.site.viewer import viewer_data

__all__ = [
    "Found", "Lesson", "hand_files", "learning_path", "missing_source", "read_lessons",
    "read_score_sheets", "slugify", "unique",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Lesson:
    """A checked lesson, already turned into what its page shows (the replay itself is let go)."""

    source: str
    slug: str
    title: str
    tags: tuple[str, ...]
    summary: Mapping[str, object]
    view: Mapping[str, object]
    viewer: Mapping[str, object]
    level: str | None = None
    order: int | None = None

    @property
    def path(self) -> str:
        return f"lessons/{self.slug}.html"

    @property
    def embed_path(self) -> str:
        return f"embed/{self.slug}.html"


@dataclass
class Found(Generic[T]):
    """What reading one kind of source gave: the items, and the files left out with their problems."""

    items: list[T] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)
    skipped_files: list[str] = field(default_factory=list)

    def skip(self, path: Path, problems: Iterable[FileProblem]) -> None:
        self.problems.extend(problems)
        self.skipped_files.append(one_line(str(path)))


def hand_files(paths: Iterable[str | Path]) -> Iterator[tuple[Path, str]]:
    """Each hand file under ``paths`` (folders recursively, sorted) with a name for its page."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for p in sorted(q for q in path.rglob("*") if q.suffix in (".yaml", ".yml") and not q.is_dir()):
                yield p, p.relative_to(path).with_suffix("").as_posix()
        else:
            yield path, path.stem


def missing_source(kind: str, paths: Sequence[str | Path]) -> str | None:
    """Why a build must stop before it writes anything, or None: a source that does not exist, or
    a folder with no ``kind`` files in it (a typo must not empty a site)."""
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            return (f"{one_line(str(raw))}: no such file or folder; nothing was written "
                    f"(give the {kind}s or their folder)")
        if path.is_dir() and next(hand_files([path]), None) is None:
            return f"{one_line(str(raw))}: the folder has no {kind}s (*.yaml); nothing was written"
    return None


def slugify(text: str) -> str:
    """A file name from any text: lower case letters, digits and hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


def unique(name: str, taken: set[str]) -> str:
    """``name``, or ``name-2``, ``name-3`` … if it is taken; the one returned is taken from now on."""
    slug, n = name, 1
    while slug in taken:
        n += 1
        slug = f"{name}-{n}"
    taken.add(slug)
    return slug


def learning_path(lessons: Sequence[Lesson]) -> list[Lesson]:
    """The lessons in the order of the learning path: by stage (``level``), then ``order``;
    lessons without them after the rest, in the order given (by file name)."""
    stages = list(LEVELS)

    def key(item: tuple[int, Lesson]) -> tuple[int, int, int]:
        i, lesson = item
        stage = stages.index(lesson.level) if lesson.level in stages else len(stages)
        return (stage, lesson.order if lesson.order is not None else 1 << 30, i)

    return [lesson for _, lesson in sorted(enumerate(lessons), key=key)]


def read_lessons(sources: Sequence[str | Path], draw: Pictures,
                 cache: AnalysisCache | None = None) -> Found[Lesson]:
    """Every good hand file under ``sources`` as a lesson, in the order of the learning path;
    with a ``cache``, each page also shows the solver's analysis (from the cache or the solver)."""
    found: Found[Lesson] = Found()
    taken: set[str] = set()
    for path, name in hand_files(sources):
        if not path.exists():
            found.skip(path, [FileProblem(str(path), 1, "no such file", "file")])
            continue
        try:
            text = read(path)  # once, through the guard; the cache key is made from it too
        except HandFileError as err:
            result, problems = None, err.problems
        else:
            result, problems = check(path, text)
        if result is None or problems:
            found.skip(path, problems)
            continue
        hand = result.hand
        view = lesson_view(result, draw)
        if cache is not None:
            an = cache.analysis(result, content_key(text.encode("utf-8")))
            if an is not None:
                view = add_analysis(view, result, an, draw)
        found.items.append(Lesson(str(path), unique(slugify(name), taken), hand.title, hand.tags,
                                  lesson_summary(result), view, viewer_data(result, draw),
                                  hand.level, hand.order))
    found.items = learning_path(found.items)
    return found


def read_score_sheets(matches: Sequence[str | Path], env: jinja2.Environment) -> Found[Page]:
    """A score sheet page in ``scores/`` for each good match file under ``matches``."""
    found: Found[Page] = Found()
    taken: set[str] = set()
    for path, name in hand_files(matches):
        try:
            sheet = score_match(load(path))
        except MatchFileError as err:
            found.skip(path, err.problems)
            continue
        except TutorError as err:
            found.skip(path, [FileProblem(str(path), 1, str(err), "match file")])
            continue
        slug = unique(slugify(name), taken)
        found.items.append(Page(f"scores/{slug}.html", "scoresheet.html", sheet.title,
                                {"sheet": render_score_sheet(sheet, env=env)}))
    return found
