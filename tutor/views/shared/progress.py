"""A learner's progress drawn: a table for the terminal, a bar chart (HTML) for the quiz widget.

The numbers come from :func:`tutor.teach.progress.progress`; this module only lays them out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from markupsafe import Markup

from tutor.teach.progress import TREND_WORDS, Progress
from tutor.views.shared import render

__all__ = ["format_progress", "progress_chart"]


def format_progress(p: Progress) -> str:
    """One line a topic: answered, right, due now and the trend, under a line for the whole."""
    lines = [
        f"{p.learner}: {p.answered} answered, {p.right} right, {p.due} due now",
    ]
    if not p.topics:
        lines.append("No answers yet: `tutor quiz` keeps each answer, "
                     "and `tutor quiz --review` asks what is due.")
        return "\n".join(lines) + "\n"
    width = max(len("topic"), *(len(t) for t in p.topics))
    lines.append(f"  {'topic':<{width}}  answered  right  due  trend")
    for topic, t in p.topics.items():
        lines.append(
            f"  {topic:<{width}}  {t.answered:>8}  {t.right:>5}  {t.due:>3}  {TREND_WORDS[t.trend]} {t.trend}"
        )
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=1)
def _chart_macro() -> Any:
    return render.environment().get_template("widget_progress.html").module.chart  # type: ignore[attr-defined]


def progress_chart(p: Progress) -> Markup:
    """The progress as a small HTML bar chart (the shared ``widget_progress.html`` template)."""
    most = max((t.answered for t in p.topics.values()), default=0)
    rows: list[dict[str, Any]] = []
    for topic, t in p.topics.items():
        wrong = t.answered - t.right
        rows.append({
            "topic": topic, "label": topic.replace("-", " "), "answered": t.answered, "right": t.right,
            "wrong": wrong, "due": t.due, "trend": t.trend, "arrow": TREND_WORDS[t.trend],
            "right_pct": round(100 * t.right / most, 1), "wrong_pct": round(100 * wrong / most, 1),
        })
    return Markup(_chart_macro()({
        "title": f"Progress of {p.learner}", "answered": p.answered, "right": p.right, "due": p.due,
        "rows": rows,
    }))
