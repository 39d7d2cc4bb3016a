"""The static site: lesson pages from hand files, drawn with Jinja templates.

One class, one verb::

    report = Site(["hands/"], "site/").build()

Every card, hand and trick is drawn by :mod:`tutor.views.shared.render` (the same pictures as the widget),
and every ruling shown is the one the engine made (:func:`tutor.engine.replay.build`); the templates
only lay things out. The build is deterministic (the same files give the same bytes), writes
only inside its output folder and never replaces or deletes a file it did not write: what it
wrote is listed with a hash of each file in ``.tutor-export`` (:mod:`tutor.views.site.outfolder`).
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import jinja2

from tutor.engine.hand import LEVELS
from tutor.files.handfile import FileProblem, HandFileError, check, read
from tutor.files.text import one_line
from tutor.views.shared.render import Pictures, UnreadableTemplate, environment
from tutor.views.site.analysed import AnalysisCache, add_analysis, content_key
from tutor.views.site.outfolder import MANIFEST, FolderError, publish
from tutor.views.site.pages import lesson_summary, lesson_view
from tutor.views.site.viewer import viewer_data, viewer_json

__all__ = ["MANIFEST", "STATIC_FILES", "BuildReport", "Page", "Site", "hand_files"]

#: Files copied from the templates into the site as they are (after any ``--templates`` override).
STATIC_FILES = ("tutor.css", "quiz.js", "viewer.css", "viewer.js")


@dataclass(frozen=True)
class Page:
    """One page of the site: where it goes, the template that draws it, and what the template gets.

    This is also the hook for pages that are not lessons (a match's score sheet, say): pass
    them as ``Site(..., extra_pages=[Page("scores/club-night.html", "scoresheet.html",
    "Club night", {"match": ...})])``. Each template also gets ``root`` (the relative way back
    to the site's top, such as ``"../"``), ``site_title`` and ``extra_pages``.
    """

    path: str
    template: str
    title: str
    context: Mapping[str, object] = field(default_factory=dict)


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


@dataclass(frozen=True)
class _Lesson:
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


def hand_files(paths: Iterable[str | Path]) -> Iterator[tuple[Path, str]]:
    """Each hand file under ``paths`` (folders recursively, sorted) with a name for its page."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for p in sorted(q for q in path.rglob("*") if q.suffix in (".yaml", ".yml") and not q.is_dir()):
                yield p, p.relative_to(path).with_suffix("").as_posix()
        else:
            yield path, path.stem


def learning_path(lessons: Sequence[_Lesson]) -> list[_Lesson]:
    """The lessons in the order of the learning path: by stage (``level``), then ``order``;
    lessons without them after the rest, in the order given (by file name)."""
    stages = list(LEVELS)

    def key(item: tuple[int, _Lesson]) -> tuple[int, int, int]:
        i, lesson = item
        stage = stages.index(lesson.level) if lesson.level in stages else len(stages)
        return (stage, lesson.order if lesson.order is not None else 1 << 30, i)

    return [lesson for _, lesson in sorted(enumerate(lessons), key=key)]


def _stages(lessons: Sequence[_Lesson]) -> list[tuple[str | None, int, list[_Lesson]]]:
    """The lessons (already in path order) in runs of one stage: (level, index of the first, lessons)."""
    out: list[tuple[str | None, int, list[_Lesson]]] = []
    for i, lesson in enumerate(lessons):
        level = lesson.level if lesson.level in LEVELS else None
        if out and out[-1][0] == level:
            out[-1][2].append(lesson)
        else:
            out.append((level, i, [lesson]))
    return out


def slugify(text: str) -> str:
    """A file name from any text: lower case letters, digits and hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


def _unique(name: str, taken: set[str]) -> str:
    slug, n = name, 1
    while slug in taken:
        n += 1
        slug = f"{name}-{n}"
    taken.add(slug)
    return slug


def _mapping_first(
    getattr_: Callable[[Any, str], Any],
) -> Callable[[Any, str], Any]:
    """``x.name`` in a template looks in a plain dict's keys first, then its attributes.

    Every value the site's templates get is a plain dict, and Jinja's own order (attribute,
    then key) pays for a failed attribute lookup at each ``x.name``: this ordering halves the
    time spent drawing a page. Anything that is not a plain dict is looked up as before.
    """

    def lookup(obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return getattr_(obj, attribute)

    return lookup


class Site:
    """A static site of lessons built from hand files.

    ``sources`` are hand files or folders of them; ``out`` is the output folder; ``templates``
    is a folder whose templates (and ``tutor.css``, ``quiz.js``) win over the shipped ones by
    name; ``extra_pages`` are further pages to draw (see :class:`Page`); ``matches`` are match
    files (or folders of them), each drawn as a score sheet page in ``scores/``; with ``embed``,
    each lesson also gets ``embed/NAME.html``, its hand viewer alone, to show in an ``<iframe>``.
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
    ) -> None:
        self.embed = embed
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
        self._extra: list[Page] = list(self.extra_pages)
        if templates is not None and not Path(templates).is_dir():
            raise ExportError(f"templates folder {str(templates)!r} does not exist")
        self.env: jinja2.Environment = environment(templates)
        self.env.auto_reload = False  # a build is short: no need to stat every template at each use
        self.env.getattr = _mapping_first(self.env.getattr)  # type: ignore[method-assign,assignment]
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
        self._check_sources()
        try:
            with _fewer_collections():
                return self._build(force)
        except UnreadableTemplate as err:  # a pipe or device among the --templates, say
            raise ExportError(str(err)) from None

    def _build(self, force: bool) -> BuildReport:
        report = BuildReport()
        cache = AnalysisCache(self.out) if self.analysis else None
        lessons = self._lessons(report, cache)
        report.lessons = len(lessons)
        self._extra = [*self.extra_pages, *self._score_sheets(report)]
        if not lessons and report.skipped_files:
            # Every hand file was bad: a site of no lessons would remove the pages already
            # there, as a typo in a source would (_check_sources), so nothing is written.
            return report
        files: dict[str, bytes] = {}
        for page in self._pages(lessons):
            files[page.path] = self._render(page)
        for name in STATIC_FILES:
            files[name] = self._static(name)
        files["widget.css"] = self._widget_css()
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

    def _check_sources(self) -> None:
        """Stop before anything is written when a source is missing (a typo must not empty a site)."""
        for kind, paths in (("hand file", self.sources), ("match file", self.matches)):
            for raw in paths:
                path = Path(raw)
                if not path.exists():
                    raise ExportError(f"{one_line(str(raw))}: no such file or folder; nothing was "
                                      f"written (give the {kind}s or their folder)")
                if path.is_dir() and next(hand_files([path]), None) is None:
                    raise ExportError(f"{one_line(str(raw))}: the folder has no {kind}s (*.yaml); "
                                      f"nothing was written")

    # reading ----------------------------------------------------------------------------------

    def _lessons(self, report: BuildReport, cache: AnalysisCache | None = None) -> list[_Lesson]:
        lessons: list[_Lesson] = []
        taken: set[str] = set()
        for path, name in hand_files(self.sources):
            if not path.exists():
                report.problems.append(FileProblem(str(path), 1, "no such file", "file"))
                report.skipped_files.append(one_line(str(path)))
                continue
            try:
                text = read(path)  # once, through the guard; the cache key is made from it too
            except HandFileError as err:
                result, problems = None, err.problems
            else:
                result, problems = check(path, text)
            if result is None or problems:
                report.problems.extend(problems)
                report.skipped_files.append(one_line(str(path)))
                continue
            hand = result.hand
            view = lesson_view(result, self.pictures)
            if cache is not None:
                an = cache.analysis(result, content_key(text.encode("utf-8")))
                if an is not None:
                    view = add_analysis(view, result, an, self.pictures)
            lessons.append(_Lesson(str(path), _unique(slugify(name), taken), hand.title, hand.tags,
                                   lesson_summary(result), view,
                                   viewer_data(result, self.pictures), hand.level, hand.order))
        return learning_path(lessons)

    def _score_sheets(self, report: BuildReport) -> list[Page]:
        from tutor.engine.cards import TutorError
        from tutor.files.match import MatchFileError, load
        from tutor.views.sheet.html import render_score_sheet
        from tutor.views.sheet.model import score_match

        pages: list[Page] = []
        taken: set[str] = set()
        for path, name in hand_files(self.matches):
            try:
                sheet = score_match(load(path))
            except MatchFileError as err:
                report.problems.extend(err.problems)
                report.skipped_files.append(one_line(str(path)))
                continue
            except TutorError as err:
                report.problems.append(FileProblem(str(path), 1, str(err), "match file"))
                report.skipped_files.append(one_line(str(path)))
                continue
            slug = _unique(slugify(name), taken)
            pages.append(Page(f"scores/{slug}.html", "scoresheet.html", sheet.title,
                              {"sheet": render_score_sheet(sheet, env=self.env)}))
        return pages

    # planning ---------------------------------------------------------------------------------

    def _pages(self, lessons: Sequence[_Lesson]) -> list[Page]:
        tag_slugs: dict[str, str] = {}
        taken: set[str] = set()
        for tag in sorted({t for lesson in lessons for t in lesson.tags}):
            tag_slugs[tag] = _unique(slugify(tag), taken)
        topics = [
            {"tag": tag, "path": f"topics/{slug}.html",
             "count": sum(1 for lesson in lessons if tag in lesson.tags)}
            for tag, slug in tag_slugs.items()
        ]

        def rows(selected: Iterable[_Lesson]) -> list[dict[str, object]]:
            return [
                {"path": lesson.path, **lesson.summary,
                 "tag_links": [{"tag": t, "path": f"topics/{tag_slugs[t]}.html"}
                               for t in lesson.tags]}
                for lesson in selected
            ]

        groups = [
            {"heading": LEVELS.get(level, "More lessons") if level else "More lessons",
             "id": f"level-{level or 'more'}", "start": start + 1, "lessons": rows(chosen)}
            for level, start, chosen in _stages(lessons)
        ]
        if len(groups) == 1 and not lessons[0].level:  # no learning path: one plain list
            groups[0]["heading"] = ""
        pages = [Page("index.html", "index.html", self.title,
                      {"lessons": rows(lessons), "groups": groups, "topics": topics})]
        for topic in topics:
            tag = str(topic["tag"])
            chosen = [lesson for lesson in lessons if tag in lesson.tags]
            pages.append(Page(str(topic["path"]), "topic.html", f"Topic: {tag}",
                              {"tag": tag, "lessons": rows(chosen), "topics": topics}))
        for i, lesson in enumerate(lessons):
            data = viewer_json(lesson.viewer)
            prev = lessons[i - 1] if i > 0 else None
            nxt = lessons[i + 1] if i + 1 < len(lessons) else None
            pages.append(Page(lesson.path, "lesson.html", lesson.title, {
                "lesson": lesson.view,
                "tag_links": [{"tag": t, "path": f"topics/{tag_slugs[t]}.html"}
                              for t in lesson.tags],
                "prev": {"path": prev.path, "title": prev.title} if prev else None,
                "next": {"path": nxt.path, "title": nxt.title} if nxt else None,
                "number": i + 1,
                "count": len(lessons),
                "viewer": lesson.viewer,
                "viewer_json": data,
            }))
            if self.embed:
                pages.append(Page(lesson.embed_path, "embed.html", lesson.title, {
                    "viewer": lesson.viewer,
                    "viewer_json": data,
                    "lesson_path": lesson.path,
                }))
        pages.extend(self._extra)
        return pages

    # writing ----------------------------------------------------------------------------------

    def _render(self, page: Page) -> bytes:
        depth = len(PurePosixPath(page.path).parts) - 1
        context = {
            **page.context,
            "root": "../" * depth,
            "page_title": page.title,
            "site_title": self.title,
            "extra_pages": [{"path": p.path, "title": p.title} for p in self._extra],
        }
        text = self.env.get_template(page.template).render(context)
        return text.encode("utf-8")

    def _static(self, name: str) -> bytes:
        assert self.env.loader is not None
        source, _, _ = self.env.loader.get_source(self.env, name)
        return source.encode("utf-8")

    def _widget_css(self) -> bytes:
        """The notebook widget's stylesheet (``widget_style.html``) as a file, for the hand viewer."""
        text = self.env.get_template("widget_style.html").render()
        body = text.strip().removeprefix("<style>").removesuffix("</style>").strip("\n")
        head = "/* The notebook widget's stylesheet (widget_style.html), used by the hand viewer. */\n"
        return (head + body + "\n").encode("utf-8")


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
