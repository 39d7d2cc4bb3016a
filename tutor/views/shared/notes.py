"""An author's notes as the pages and the widgets show them."""

from __future__ import annotations

__all__ = ["paragraphs"]


def paragraphs(text: str | None) -> list[str]:
    """An author's note as paragraphs (a blank line starts a new one); escaping is the template's."""
    if not text:
        return []
    parts = [" ".join(line.strip() for line in block.splitlines()) for block in text.split("\n\n")]
    return [p for p in parts if p]
