"""The static site: lesson pages from hand files, drawn with Jinja templates.

One class, one verb::

    report = Site(["hands/"], "site/").build()

:class:`Site` runs the build's steps in order (see :mod:`tutor.views.site`): read and check the
sources (:mod:`~tutor.views.site.sources`), plan the pages (:mod:`~tutor.views.site.plan`), draw
them (:mod:`~tutor.views.site.templating`) and write them (:mod:`~tutor.views.site.outfolder`).
Every card, hand and trick is drawn by :mod:`tutor.views.shared.render` (the same pictures as the
widget), and every ruling shown is the one the engine made (:func:`tutor.engine.replay.build`);
the templates only lay things out. The build is deterministic (the same files give the same
bytes), writes only inside its output folder and never replaces or deletes a file it did not
write: what it wrote is listed with a hash of each file in ``.tutor-export``.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import jinja2

from tutor.files.handfile import FileProblem
from tutor.views.shared.render import Pictures, UnreadableTemplate
from tutor.views.site.analysed import AnalysisCache
from tutor.views.site.outfolder import MANIFEST, FolderError, publish
from tutor.views.site.plan import plan_pages
from tutor.views.site.puzzles import PuzzleError, PuzzleSection, puzzle_section
from tutor.views.site.sources import (
    Found,
    Lesson,
    hand_files,
    missing_source,
    read_lessons,
    read_score_sheets,
)
from tutor.views.site.templating import STATIC_FILES, Page, site_environment, site_files

__all__ = ["MANIFEST", "STATIC_FILES", "BuildReport", "ExportError", "Page", "Site", "hand_files"]

T = TypeVar("T")


@dataclass
class BuildReport:
    """What a build did: the files written (unchanged ones included), the files it removed, and
    every problem found."""

    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    """Pages an earlier build wrote that the site no longer has, kept because they changed since."""
    problems: list[FileProblem] = field(default_factory=list)
    lessons: int = 0
    skipped_files: list[str] = field(default_factory=list)
    """The hand and match files left out for their problems (which ``problems`` lists)."""

    @property
    def skipped(self) -> int:
        return len(self.skipped_files)

    @property
    def pages(self) -> int:
        return sum(1 for p in self.written if p.endswith(".html"))

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self, out: str | Path) -> str:
        """The build in one line: ``6 pages written to site (1 lesson; 1 file skipped …: a.yaml)``."""
        pages = _count(self.pages, "page")
        skipped = (f"{_count(self.skipped, 'file')} skipped for the problems above: "
                   f"{', '.join(self.skipped_files)}" if self.skipped_files else "no file skipped")
        if not self.written:
            return (f"{pages} written to {out}: no hand file could be read ({skipped}), so the "
                    f"folder was left as it was")
        return f"{pages} written to {out} ({_count(self.lessons, 'lesson')}; {skipped})"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class ExportError(ValueError):
    """The site cannot be written where it was asked to be."""


class Site:
    """A static site of lessons built from hand files.

    ``sources`` are hand files or folders of them; ``out`` is the output folder; ``templates``
    is a folder whose templates (and ``tutor.css``, ``quiz.js``) win over the shipped ones by
    name; ``extra_pages`` are further pages to draw (see :class:`Page`); ``matches`` are match
    files (or folders of them), each drawn as a score sheet page in ``scores/``; with ``embed``,
    each lesson also gets ``embed/NAME.html``, its hand viewer alone, to show in an ``<iframe>``;
    ``puzzles`` is a folder of puzzle files, served on ``puzzles/index.html`` (:mod:`.puzzles`).
    """

    def __init__(
        self,
        sources: Sequence[str | Path] | str | Path,
        out: str | Path,
        *,
        templates: str | Path | None = None,
        title: str = "Five Hundred lessons",
        extra_pages: Sequence[Page] = (),
        matches: Sequence[str | Path] | str | Path = (),
        embed: bool = False,
        analysis: bool = False,
        puzzles: str | Path | None = None,
    ) -> None:
        self.embed = embed
        #: A folder of puzzle files: the site gets a puzzles section (:mod:`.puzzles`).
        self.puzzles = None if puzzles is None else Path(puzzles)
        #: With ``analysis``, each lesson page shows the solver's analysis and best-card questions
        #: (:mod:`tutor.views.site.analysed`); ``analysed`` counts the hands the solver ran on.
        self.analysis = analysis
        self.analysed = 0
        # One path given as a string is one path, not a list of its characters.
        self.sources = [sources] if isinstance(sources, str | Path) else list(sources)
        self.matches = [matches] if isinstance(matches, str | Path) else list(matches)
        self.out = Path(out)
        self.title = title
        self.extra_pages = list(extra_pages)
        if templates is not None and not Path(templates).is_dir():
            raise ExportError(f"templates folder {str(templates)!r} does not exist")
        self.env: jinja2.Environment = site_environment(templates)
        self.pictures = Pictures(self.env)

    # the one verb -----------------------------------------------------------------------------

    def build(self, *, force: bool = False) -> BuildReport:
        """Check every hand file, skip the invalid ones, and write the whole site.

        Nothing is written when a source does not exist or when a file in the way is not one
        tutor wrote (:class:`ExportError` says which; ``force`` overwrites such files), nor
        when every hand file was skipped (the report says so). See
        :mod:`tutor.views.site.outfolder` for how the files are written, locked and removed.
        """
        if self.out.exists() and not self.out.is_dir():
            raise ExportError(f"{self.out} is not a folder")
        for kind, paths in (("hand file", self.sources), ("match file", self.matches)):
            why = missing_source(kind, paths)
            if why is not None:
                raise ExportError(why)
        try:
            with _fewer_collections():
                return self._build(force)
        except UnreadableTemplate as err:  # a pipe or device among the --templates, say
            raise ExportError(str(err)) from None
        except PuzzleError as err:  # --puzzles names no folder of puzzles, or a file in it is not one
            raise ExportError(f"--puzzles: {err}") from None

    def _build(self, force: bool) -> BuildReport:
        report = BuildReport()
        cache = AnalysisCache(self.out) if self.analysis else None
        lessons = self._lessons(report, cache)  # read, check, modelled (pages, analysed, viewer)
        report.lessons = len(lessons)
        sheets = _reported(read_score_sheets(self.matches, self.env), report)
        if not lessons and report.skipped_files:
            # Every hand file was bad: a site of no lessons would remove the pages already
            # there, as a typo in a source would (missing_source), so nothing is written.
            return report
        section = puzzle_section(self.puzzles, self.env) if self.puzzles is not None else PuzzleSection()
        extra = [*self.extra_pages, *sheets, *section.pages]
        pages = plan_pages(lessons, title=self.title, extra_pages=extra, embed=self.embed)
        files = site_files(self.env, pages, self.title, extra)
        files.update(section.files)
        try:
            done = publish(self.out, files, force=force)
        except FolderError as err:
            raise ExportError(str(err)) from None
        report.written.extend(files)
        report.removed.extend(done.removed)
        report.kept.extend(done.kept)
        if cache is not None:
            cache.save()
            self.analysed = cache.runs
        return report

    def _lessons(self, report: BuildReport, cache: AnalysisCache | None = None) -> list[Lesson]:
        return _reported(read_lessons(self.sources, self.pictures, cache), report)


def _reported(found: Found[T], report: BuildReport) -> list[T]:
    """The items found; the files left out, and their problems, go in the report."""
    report.problems.extend(found.problems)
    report.skipped_files.extend(found.skipped_files)
    return found.items


@contextlib.contextmanager
def _fewer_collections(at_least: int = 20_000) -> Iterator[None]:
    """Run the cycle collector less often while a site is built.

    A build keeps every lesson's page data until the pages are written, so nearly everything it
    allocates survives, and Python's default (a collection every 700 new objects, each older
    generation looked at again every tenth time) spends a tenth of the build walking objects
    that are all still in use. The threshold is put back afterwards.
    """
    old = gc.get_threshold()
    if old[0] == 0:  # the caller turned automatic collection off: leave it off
        yield
        return
    gc.set_threshold(max(old[0], at_least), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
