"""The site's pages drawn: its Jinja environment, a :class:`Page` drawn to bytes, the static files.

The templates only lay out what they are given; every picture in it was already drawn by
:mod:`tutor.views.shared.render`. Nothing here reads a hand file or writes a file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import jinja2

from tutor.views.shared.render import environment

__all__ = ["STATIC_FILES", "Page", "site_environment", "site_files"]

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


def site_environment(templates: str | Path | None = None) -> jinja2.Environment:
    """The shared Jinja environment (templates in ``templates`` win), tuned for one build."""
    env = environment(templates)
    env.auto_reload = False  # a build is short: no need to stat every template at each use
    env.getattr = _mapping_first(env.getattr)  # type: ignore[method-assign,assignment]
    return env


def site_files(env: jinja2.Environment, pages: Sequence[Page], site_title: str,
               extra_pages: Sequence[Page]) -> dict[str, bytes]:
    """Every file of the site by its path: the pages in order, then the static files.

    ``extra_pages`` are listed on the home page, linked from every page's header (the templates'
    ``extra_pages``)."""
    links = [{"path": p.path, "title": p.title} for p in extra_pages]
    files: dict[str, bytes] = {}
    for page in pages:
        files[page.path] = _render(env, page, site_title, links)
    for name in STATIC_FILES:
        files[name] = _static(env, name)
    files["widget.css"] = _widget_css(env)
    return files


def _render(env: jinja2.Environment, page: Page, site_title: str,
            links: list[dict[str, str]]) -> bytes:
    depth = len(PurePosixPath(page.path).parts) - 1
    context = {
        **page.context,
        "root": "../" * depth,
        "page_title": page.title,
        "site_title": site_title,
        "extra_pages": links,
    }
    text = env.get_template(page.template).render(context)
    return text.encode("utf-8")


def _static(env: jinja2.Environment, name: str) -> bytes:
    assert env.loader is not None
    source, _, _ = env.loader.get_source(env, name)
    return source.encode("utf-8")


def _widget_css(env: jinja2.Environment) -> bytes:
    """The notebook widget's stylesheet (``widget_style.html``) as a file, for the hand viewer."""
    text = env.get_template("widget_style.html").render()
    body = text.strip().removeprefix("<style>").removesuffix("</style>").strip("\n")
    head = "/* The notebook widget's stylesheet (widget_style.html), used by the hand viewer. */\n"
    return (head + body + "\n").encode("utf-8")
