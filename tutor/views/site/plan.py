"""The site's pages and how they link, from its lessons: the index (the lessons by stage of the
learning path), a page per topic, a page per lesson (and its embed), then any extra pages.

Each :class:`~tutor.views.site.templating.Page` says where it goes, which template draws it
and what that template gets; nothing is drawn here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine.hand import LEVELS
from tutor.teach.topics import topic_words
from tutor.views.site.sources import Lesson, slugify, unique
from tutor.views.site.templating import Page
from tutor.views.site.viewer import viewer_json

__all__ = ["plan_pages"]


def _stages(lessons: Sequence[Lesson]) -> list[tuple[str | None, int, list[Lesson]]]:
    """The lessons (already in path order) in runs of one stage: (level, index of the first, lessons)."""
    out: list[tuple[str | None, int, list[Lesson]]] = []
    for i, lesson in enumerate(lessons):
        level = lesson.level if lesson.level in LEVELS else None
        if out and out[-1][0] == level:
            out[-1][2].append(lesson)
        else:
            out.append((level, i, [lesson]))
    return out


def plan_pages(lessons: Sequence[Lesson], *, title: str, extra_pages: Sequence[Page] = (),
               embed: bool = False) -> list[Page]:
    """Every page of a site of ``lessons`` (in path order) titled ``title``; with ``embed``, each
    lesson's hand viewer alone as well (``embed/NAME.html``)."""
    tag_slugs: dict[str, str] = {}
    taken: set[str] = set()
    for tag in sorted({t for lesson in lessons for t in lesson.tags}):
        tag_slugs[tag] = unique(slugify(tag), taken)
    topics = [
        {"tag": tag, "words": topic_words(tag), "path": f"topics/{slug}.html",
         "count": sum(1 for lesson in lessons if tag in lesson.tags)}
        for tag, slug in tag_slugs.items()
    ]

    def rows(selected: Iterable[Lesson]) -> list[dict[str, object]]:
        return [
            {"path": lesson.path, **lesson.summary,
             "tag_links": [{"tag": t, "words": topic_words(t), "path": f"topics/{tag_slugs[t]}.html"}
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
    pages = [Page("index.html", "index.html", title,
                  {"lessons": rows(lessons), "groups": groups, "topics": topics})]
    for topic in topics:
        tag = str(topic["tag"])
        chosen = [lesson for lesson in lessons if tag in lesson.tags]
        words = str(topic["words"])
        pages.append(Page(str(topic["path"]), "topic.html", f"Topic: {words}",
                          {"tag": tag, "tag_words": words, "lessons": rows(chosen), "topics": topics}))
    for i, lesson in enumerate(lessons):
        data = viewer_json(lesson.viewer)
        prev = lessons[i - 1] if i > 0 else None
        nxt = lessons[i + 1] if i + 1 < len(lessons) else None
        pages.append(Page(lesson.path, "lesson.html", lesson.title, {
            "lesson": lesson.view,
            "tag_links": [{"tag": t, "words": topic_words(t), "path": f"topics/{tag_slugs[t]}.html"}
                          for t in lesson.tags],
            "prev": {"path": prev.path, "title": prev.title} if prev else None,
            "next": {"path": nxt.path, "title": nxt.title} if nxt else None,
            "number": i + 1,
            "count": len(lessons),
            "viewer": lesson.viewer,
            "viewer_json": data,
        }))
        if embed:
            pages.append(Page(lesson.embed_path, "embed.html", lesson.title, {
                "viewer": lesson.viewer,
                "viewer_json": data,
                "lesson_path": lesson.path,
            }))
    pages.extend(extra_pages)
    return pages
